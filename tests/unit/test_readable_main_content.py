"""Finding a page's main content: on realistic pages (a shop, documentation, a blog) and on
small ones built to show each rule."""

from __future__ import annotations

from bs4 import BeautifulSoup

from tests.unit.test_readable import page
from webagent.readable import html_to_markdown, html_to_text, main_content


def soup(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "lxml")


# Main content on realistic pages


MAGENTO_PRODUCT = """\
# Joust Duffle Bag

Rating:

60%

[3 Reviews](http://shop.example.test/joust-duffle-bag.html#reviews) \
[Add Your Review](http://shop.example.test/joust-duffle-bag.html#review-form)

$34.00

In stock

**SKU**

24-MB01

Qty

[input: Qty = 1]

[button: Add to Cart]

Add to Wish List Add to Compare

![Joust Duffle Bag](http://shop.example.test/media/catalog/product/m/b/mb01-blue-0.jpg)

[Details](http://shop.example.test/#description)

The sporty Joust Duffle Bag can't be beat - not in the gym, not on the luggage carousel, not \
anywhere. Big enough to haul a basketball or soccer ball and some sneakers with plenty of room \
to spare, it's ideal for athletes with places to go.

- Dual top handles.
- Adjustable shoulder strap.
- Full-length zipper.
- L 29" x W 13" x H 11".

[More Information](http://shop.example.test/#additional)

More Information

| Activity | Gym, Hiking, Trail, Urban |
| --- | --- |
| Material | Nylon, Polyester |
| Strap/Handle | Adjustable, Double, Shoulder |
"""


def test_magento_product_page_keeps_the_product_and_drops_the_shop_around_it() -> None:
    html = page("magento_product.html")

    assert html_to_markdown(html, "http://shop.example.test/joust-duffle-bag.html") == (
        MAGENTO_PRODUCT
    )
    assert main_content(soup(html)).get("id") == "maincontent"


def test_magento_column_main_is_found_without_a_main_element() -> None:
    html = page("magento_product.html").replace("<main ", "<div ").replace("</main>", "</div>")

    root = main_content(soup(html))

    assert root.name == "div"
    assert root.get("id") == "maincontent"
    html = html.replace('id="maincontent" ', "")
    assert main_content(soup(html)).get("class") == ["column", "main"]


SPHINX_JSON = """\
# [`json`](https://docs.python.org/3/library/json.html#module-json) — JSON encoder and decoder

**Source code:** [Lib/json/__init__.py](https://github.com/python/cpython/tree/3.12/Lib/json/__init__.py)

---

[JSON (JavaScript Object Notation)](https://json.org), specified by \
[**RFC 7159**](https://datatracker.ietf.org/doc/html/rfc7159.html), is a lightweight data \
interchange format inspired by [JavaScript](https://en.wikipedia.org/wiki/JavaScript) object \
literal syntax.

Warning

Be cautious when parsing JSON data from untrusted sources.

Encoding basic Python object hierarchies:

```
>>> import json
>>> json.dumps(['foo', {'bar': ('baz', None, 1.0, 2)}])
'["foo", {"bar": ["baz", null, 1.0, 2]}]'
```

## Basic Usage

json.dumps(*obj*, *, *indent=None*):
Serialize *obj* to a JSON formatted [`str`](https://docs.python.org/3/library/stdtypes.html#str) \
using this [conversion table](https://docs.python.org/3/library/json.html#py-to-json-table).

If *indent* is a non-negative integer or string, then JSON array elements and object members \
will be pretty-printed with that indent level.

| Python | JSON |
| --- | --- |
| dict | object |
| list, tuple | array |
"""


def test_sphinx_page_keeps_the_document_body_without_permalink_signs() -> None:
    html = page("sphinx_json.html")

    assert html_to_markdown(html, "https://docs.python.org/3/library/json.html") == SPHINX_JSON


def test_sphinx_div_body_is_the_main_content_even_without_a_role() -> None:
    html = page("sphinx_json.html").replace(' role="main"', "")

    root = main_content(soup(html))

    assert (root.name, root.get("class")) == ("div", ["body"])
    assert html_to_markdown(html).startswith("# [`json`](#module-json) — JSON encoder")


BLOG_ARTICLE = """\
# Why we moved our cron jobs to systemd timers

Posted on March 2, 2024 by [Maria Lopez](https://notebook.example.org/author/maria/)

For years our servers ran a `crontab` with forty-odd lines. It worked, until the day a backup \
job silently failed for **three weeks**.

## What timers give you

- Logs in the journal, next to everything else.
- Missed runs catch up after a reboot (`Persistent=true`).

A minimal timer looks like this:

```
[Timer]
OnCalendar=daily
Persistent=true
```

> Anything that runs unattended should fail loudly.

Read the \
[systemd.timer manual](https://www.freedesktop.org/software/systemd/man/systemd.timer.html) \
for the rest.
"""


def test_blog_article_without_site_header_navigation_sidebar_or_footer() -> None:
    html = page("blog_article.html")

    markdown = html_to_markdown(html, "https://notebook.example.org/2024/03/systemd-timers/")

    assert markdown == BLOG_ARTICLE
    assert main_content(soup(html)).name == "article"


def test_blog_without_article_element_still_keeps_the_title() -> None:
    html = page("blog_article.html").replace("<article", "<div").replace("</article>", "</div>")

    text = html_to_text(html)

    assert text.startswith("Why we moved our cron jobs to systemd timers\n\nPosted on March 2")
    assert "The Ops Notebook" not in text
    assert "About me" not in text
    assert "Posted in" not in text


def test_whole_body_keeps_navigation_and_footers_but_not_scripts() -> None:
    markdown = html_to_markdown(page("blog_article.html"), main_only=False)

    assert markdown.startswith("[Skip to content](#primary)\n\n[The Ops Notebook](/)\n")
    assert "- [Home](/)\n- [Archive](/archive/)\n- [About](/about/)" in markdown
    assert "## About me" in markdown
    assert markdown.endswith("© 2024 The Ops Notebook · Proudly powered by WordPress\n")
    assert "gtag" not in markdown
    assert "cookies" not in markdown


def test_densest_block_wins_over_link_lists_when_nothing_is_marked_up() -> None:
    links = "".join(f'<li><a href="/c{i}">Category number {i}</a></li>' for i in range(40))
    html = (
        f'<body><div class="top"><ul>{links}</ul></div>'
        '<div class="wrap"><div class="story"><h1>Rain</h1><p>It rained all day long, and the '
        "river rose over its banks by the evening.</p><p>Nobody was hurt.</p></div>"
        '<div class="promo"><p>Buy now!</p></div></div></body>'
    )

    assert main_content(soup(html)).get("class") == ["story"]
    assert html_to_markdown(html) == (
        "# Rain\n\nIt rained all day long, and the river rose over its banks by the evening.\n\n"
        "Nobody was hurt.\n"
    )


def test_several_similar_articles_keep_their_common_container() -> None:
    articles = "".join(
        f"<article><h2>Post {i}</h2><p>Text of post {i}.</p></article>" for i in (1, 2)
    )
    html = f'<body><div id="content">{articles}</div><div id="ads">Ads</div></body>'

    assert main_content(soup(html)).get("id") == "content"
    assert html_to_text(html) == "Post 1\n\nText of post 1.\n\nPost 2\n\nText of post 2.\n"


def test_main_content_skips_hidden_landmarks_and_script_text() -> None:
    html = (
        "<body><main hidden><p>Old layout</p></main><script>" + "var x = 1;" * 500 + "</script>"
        '<div class="shell"><div id="story"><p>' + "A sentence of news. " * 20 + "</p></div>"
        '<div class="rail"><p>Short promo.</p></div></div></body>'
    )

    assert main_content(soup(html)).get("id") == "story"


def test_custom_elements_count_as_containers() -> None:
    html = (
        "<body><app-root><site-menu><a href='/'>Home</a></site-menu><post-body><p>"
        + "Words worth reading. " * 10
        + "</p></post-body></app-root></body>"
    )

    assert main_content(soup(html)).name == "post-body"


def test_empty_main_element_is_not_taken_for_the_content() -> None:
    html = "<body><main></main><div><p>" + "Real text here. " * 10 + "</p></div></body>"

    assert html_to_text(html) == ("Real text here. " * 10).strip() + "\n"


def test_main_content_of_a_document_without_body_is_the_soup() -> None:
    parsed = soup("")

    assert main_content(parsed) is parsed
