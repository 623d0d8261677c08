"""Browsing: the home page, category pages, search results, product pictures.

`/<url-key>.html` is a category when the path is a category's, else a product; anything
else under the catch-all is a 404.
"""

from __future__ import annotations

from typing import NoReturn

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..images import product_svg
from ..store.catalog import (
    Category,
    all_products,
    featured_products,
    product_by_id,
    product_by_url_key,
    products_in,
)
from ..store.listing import ListingPage, build_listing, parse_listing
from ..store.search import relevance
from ..urls import with_params
from .context import category_tree, db
from .product import product_page

bp = Blueprint("catalog", __name__)
SEARCH_PATH = "/catalogsearch/result/index/"


@bp.get("/")
def home() -> ResponseReturnValue:
    return render_template("home.html", featured=featured_products(db()))


@bp.get("/catalogsearch/result/")
@bp.get("/catalogsearch/result/index/")
def search() -> ResponseReturnValue:
    query = request.args.get("q", "").strip()
    tree = category_tree()
    products = all_products(db())

    def category_name(category_id: int) -> str:
        found = tree.get(category_id)
        return found.name if found else ""

    scores = relevance(products, query, category_name) if query else {}
    matched = [p for p in products if p.id in scores]
    listing = build_listing(
        matched, parse_listing(request.args, search=True), tree, relevance=scores
    )
    return _listing_page("search.html", listing, SEARCH_PATH, query=query)


@bp.get("/<path:page>")
def page(page: str) -> ResponseReturnValue:
    if not page.endswith(".html"):
        _not_found_or_wrong_method()
    key = page.removesuffix(".html")
    category = category_tree().by_path(key)
    if category is not None:
        return _category_page(category)
    if "/" not in key:
        product = product_by_url_key(db(), key)
        if product is not None:
            return product_page(product)
    _not_found_or_wrong_method()


def _not_found_or_wrong_method() -> NoReturn:
    """404, unless the path is a form's target that only takes POST (then 405, as it
    would be without this catch-all route)."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    try:
        endpoint, _ = adapter.match(method="POST")
    except HTTPException:
        abort(404)
    if endpoint != request.endpoint:
        raise MethodNotAllowed(valid_methods=["POST"])
    abort(404)


@bp.get("/media/catalog/product/<int:product_id>.svg")
def product_image(product_id: int) -> ResponseReturnValue:
    product = product_by_id(db(), product_id)
    if product is None:
        abort(404)
    response = Response(product_svg(product.id, product.name), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "public, max-age=86400"
    return response


def _category_page(category: Category) -> ResponseReturnValue:
    tree = category_tree()
    products = products_in(db(), tree.subtree_ids(category.id))
    listing = build_listing(products, parse_listing(request.args), tree, category_id=category.id)
    return _listing_page(
        "category.html",
        listing,
        request.path,
        category=category,
        crumbs=tree.ancestors(category.id)[:-1],
    )


def _listing_page(template: str, listing: ListingPage, path: str, **context: object) -> str:
    params = dict(request.args.items())

    def link(**changes: str | None) -> str:
        """This listing with `changes`; changing anything but the page goes to page 1."""
        if "p" not in changes:
            changes["p"] = None
        return with_params(path, params, **changes)

    def kept(*dropped: str) -> list[tuple[str, str]]:
        """The parameters a toolbar form must carry along (all but its own and the page)."""
        return [(k, v) for k, v in params.items() if k not in (*dropped, "p")]

    return render_template(template, listing=listing, link=link, kept=kept, path=path, **context)
