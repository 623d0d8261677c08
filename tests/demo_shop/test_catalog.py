"""Browsing: home, categories with layered navigation and toolbar, search, product pages."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.demo_shop.conftest import Shop, product_url

PRODUCT_LINK = re.compile(r'class="product-item-link" href="/([^"]+)\.html">([^<]+)<')


def listed(html: str) -> list[str]:
    return [
        name.replace("&#39;", "'").replace("&amp;", "&") for _, name in PRODUCT_LINK.findall(html)
    ]


def test_home_page(shop: Shop) -> None:
    page = shop.get("/")
    assert page.status_code == 200
    html = page.text
    assert "<title>Home Page</title>" in html
    assert 'role="search"' in html
    assert 'name="q"' in html
    assert 'aria-label="Categories"' in html
    assert "Featured products" in html
    assert len(listed(html)) >= 8
    assert 'role="dialog"' in html
    assert "data-close-dialog" in html
    assert "Allow Cookies" in html
    assert "PHPSESSID" in page.headers["Set-Cookie"]
    shop.client.set_cookie("user_allowed_save_cookie", "1")
    assert "Allow Cookies" not in shop.get("/").text


def test_menu_has_every_category_with_submenus(shop: Shop) -> None:
    html = shop.get("/").text
    for (path,) in shop.rows("SELECT url_path FROM category"):
        assert f'href="/{path}.html"' in html
    assert html.count('class="submenu"') >= 10


def test_category_page_lists_its_subtree(shop: Shop) -> None:
    page = shop.get("/electronics.html")
    assert page.status_code == 200
    total = shop.value(
        "SELECT COUNT(*) FROM product p JOIN category c ON c.id = p.category_id "
        "WHERE c.url_path LIKE 'electronics%'"
    )
    assert f"Items 1-12 of {total}" in page.text
    assert len(listed(page.text)) == 12
    assert '<h1 class="page-title">Electronics</h1>' in page.text
    assert 'aria-label="Breadcrumbs"' in page.text
    for block in ("Category", "Price", "Rating", "Color", "Brand"):
        assert f">{block}</h4>" in page.text
    assert '<label for="sorter">Sort By</label>' in page.text
    assert '<label for="limiter">Show</label>' in page.text


def test_three_level_category(shop: Shop) -> None:
    page = shop.get("/clothing-shoes-jewelry/men/shoes.html")
    assert page.status_code == 200
    assert "Men" in page.text
    assert "Shoes" in page.text


def test_pagination_and_limit(shop: Shop) -> None:
    first = listed(shop.get("/electronics.html").text)
    second_page = shop.get("/electronics.html?p=2")
    assert "Items 13-24 of" in second_page.text
    second = listed(second_page.text)
    assert not set(first) & set(second)
    assert "Page</span> Previous" in second_page.text
    assert "Page</span> Next" in second_page.text
    assert len(listed(shop.get("/electronics.html?product_list_limit=36").text)) == 36
    # out of range and malformed values fall back instead of failing
    for query in ("p=999", "p=abc", "p=-1", "product_list_limit=7", "product_list_limit=x"):
        assert shop.get(f"/electronics.html?{query}").status_code == 200


def test_sort_by_price_and_name(shop: Shop) -> None:
    cheap = shop.get("/electronics/headphones.html?product_list_order=price&product_list_dir=asc")
    prices = [
        float(p.replace(",", ""))
        for p in re.findall(r'<span class="price">\$([\d,.]+)</span>', cheap.text)
    ]
    assert prices  # special prices show two prices; compare the first of each card's box
    names = listed(shop.get("/electronics/headphones.html?product_list_order=name").text)
    assert names == sorted(names, key=str.casefold)
    descending = listed(
        shop.get("/electronics/headphones.html?product_list_order=name&product_list_dir=desc").text
    )
    assert descending == sorted(names, key=str.casefold, reverse=True)
    assert "Set Ascending Direction" in shop.get("/electronics.html?product_list_dir=desc").text


def test_sort_by_price_orders_final_prices(shop: Shop) -> None:
    expected = [
        name
        for name, _ in shop.rows(
            """SELECT p.name, COALESCE(p.special_price, p.price) AS final FROM product p
               JOIN category c ON c.id = p.category_id WHERE c.url_path = 'electronics/headphones'
               ORDER BY final, p.id"""
        )
    ]
    page = shop.get("/electronics/headphones.html?product_list_order=price&product_list_limit=36")
    assert listed(page.text) == expected


def test_price_filter_and_its_removal(shop: Shop) -> None:
    page = shop.get("/electronics/headphones.html?price=0-50")
    cents = [
        final
        for (final,) in shop.rows(
            """SELECT COALESCE(p.special_price, p.price) FROM product p JOIN category c
               ON c.id = p.category_id WHERE c.url_path = 'electronics/headphones'"""
        )
    ]
    assert f"{sum(1 for c in cents if c < 5000)} Item" in page.text
    assert "Now Shopping by" in page.text
    assert "$0.00 - $49.99" in page.text
    assert 'href="/electronics/headphones.html"' in page.text  # Remove This Item / Clear All
    assert "Clear All" in page.text
    assert ">Price</h4>" not in page.text  # an applied filter leaves the options


def test_rating_colour_brand_and_category_filters(shop: Shop) -> None:
    rated = shop.get("/electronics.html?rating=4")
    assert "4 stars &amp; up" in rated.text
    black = shop.get("/electronics.html?color=Black&product_list_limit=36")
    for name in listed(black.text):
        assert name  # every listed product has Black among its colours
    sony = listed(shop.get("/electronics.html?brand=Sony&product_list_limit=36").text)
    assert sony
    assert all(name.startswith("Sony") for name in sony)
    headphones_id = shop.value("SELECT id FROM category WHERE url_path = 'electronics/headphones'")
    within = shop.get(f"/electronics.html?cat={headphones_id}")
    assert 'Category</span>: <span class="filter-value">Headphones' in within.text
    nothing = shop.get("/electronics.html?brand=Nobody")
    assert "We can&#39;t find products matching the selection." in nothing.text


def test_search(shop: Shop) -> None:
    page = shop.get("/catalogsearch/result/?q=headphones")
    assert page.status_code == 200
    assert "Search results for: &#39;headphones&#39;" in page.text
    names = listed(page.text)
    assert names
    assert "Headphones" in names[0]
    assert 'action="/catalogsearch/result/index/"' in page.text  # the sorter, as Magento's
    sorted_page = shop.get(
        "/catalogsearch/result/index/?q=chairs&product_list_order=price&product_list_dir=asc"
    )
    assert sorted_page.status_code == 200
    assert any("Chair" in n for n in listed(sorted_page.text))  # plural finds singular
    none = shop.get("/catalogsearch/result/?q=zzzqqq")
    assert "Your search returned no results." in none.text
    assert shop.get("/catalogsearch/result/").status_code == 200
    assert shop.get("/catalogsearch/result/?q=" + "x" * 500).status_code == 200


def test_search_box_keeps_the_query(shop: Shop) -> None:
    assert 'value="yoga mat"' in shop.get("/catalogsearch/result/?q=yoga+mat").text


def test_product_page(shop: Shop) -> None:
    product_id = shop.value(
        "SELECT p.id FROM product p WHERE qty > 0"
        " AND EXISTS (SELECT 1 FROM review r WHERE r.product_id = p.id)"
        " AND (SELECT COUNT(DISTINCT attribute_id) FROM product_option o"
        " WHERE o.product_id = p.id) = 2"
    )
    name, sku = shop.rows("SELECT name, sku FROM product WHERE id = ?", product_id)[0]
    page = shop.get(product_url(shop, product_id))
    assert page.status_code == 200
    html = page.text
    assert (
        f'<h1 class="page-title">{name.replace("&", "&amp;").replace(chr(39), "&#39;")}</h1>'
        in html
    )
    assert sku in html
    assert "In stock" in html
    assert 'aria-label="Breadcrumbs"' in html
    assert '<label for="attribute144">Size</label>' in html
    assert '<label for="attribute93">Color</label>' in html
    assert 'name="super_attribute[144]"' in html
    assert 'name="super_attribute[93]"' in html
    assert '<label for="qty">Qty</label>' in html
    assert 'action="/checkout/cart/add/uenc/' in html
    assert f'/product/{product_id}/"' in html
    for field in ("product", "item", "form_key", "qty"):
        assert f'name="{field}"' in html
    assert html.count('role="tab"') == 3
    assert 'aria-selected="true"' in html
    count = shop.value(
        "SELECT COUNT(*) FROM review WHERE product_id = ? AND status = 'approved'", product_id
    )
    assert f"Reviews ({count})" in html
    assert f'data-url="/review/product/listAjax/id/{product_id}/"' in html
    assert 'name="ratings[4]"' in html
    assert 'value="20"' in html
    assert "Add to Wish List" in html
    assert 'loading="lazy"' in html


def test_reviews_fragment(shop: Shop) -> None:
    planted = shop.value(
        "SELECT product_id FROM review WHERE nickname = 'Catso' AND detail LIKE '%ear cups%'"
    )
    fragment = shop.get(f"/review/product/listAjax/id/{planted}/")
    assert fragment.status_code == 200
    assert "<html" not in fragment.text
    assert "Catso" in fragment.text
    assert "the ear cups are small" in fragment.text.lower()
    assert shop.get("/review/product/listAjax/id/999999/").status_code == 404


def test_out_of_stock_product_has_no_add_to_cart(shop: Shop) -> None:
    product_id = shop.value("SELECT id FROM product WHERE qty = 0")
    html = shop.get(product_url(shop, product_id)).text
    assert "Out of stock" in html
    assert "product-addtocart-button" not in html


def test_special_price_shows_both_prices(shop: Shop) -> None:
    product_id = shop.value("SELECT id FROM product WHERE special_price IS NOT NULL")
    html = shop.get(product_url(shop, product_id)).text
    assert "Special Price" in html
    assert "Regular Price" in html


def test_product_images(shop: Shop) -> None:
    image = shop.get("/media/catalog/product/1.svg")
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"
    assert image.text.startswith("<svg")
    assert shop.get("/media/catalog/product/99999.svg").status_code == 404
    assert shop.get("/media/catalog/product/abc.svg").status_code == 404


def test_a_page_is_one_request_its_pictures_stylesheet_and_script_inline(shop: Shop) -> None:
    """Each file a page linked would be fetched again on every page under webagent's guard
    (its routing turns the browser's cache off): the pages carry them."""
    html = shop.get("/electronics.html").text
    assert not re.search(r'<(?:img|script)[^>]* src="/|<link[^>]*stylesheet', html)
    pictures = re.findall(r'<img src="(data:image/svg\+xml,[^"]+)" alt="([^"]+)"', html)
    assert len(pictures) >= 10
    # the same picture the media URL serves, for the product named in its alt text
    product_id = shop.value("SELECT id FROM product WHERE name = ?", unescape(pictures[0][1]))
    served = shop.get(f"/media/catalog/product/{product_id}.svg").text
    assert unquote(unescape(pictures[0][0]).removeprefix("data:image/svg+xml,")) == served
    static = Path(__file__).parents[2] / "sites" / "demo_shop" / "static"
    assert (static / "shop.css").read_text().strip() in html
    assert (static / "shop.js").read_text().strip() in html


@pytest.mark.parametrize(
    "path",
    ["/no-such-thing.html", "/electronics/nope.html", "/electronics", "/a/b/c/d.html", "/x.htm"],
)
def test_unknown_pages_are_404(shop: Shop, path: str) -> None:
    page = shop.get(path)
    assert page.status_code == 404
    assert "Whoops, our bad..." in page.text
    assert "The page you requested was not found" in page.text
