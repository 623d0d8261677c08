"""Product listings: layered navigation, sorting and pages, as Magento's toolbar does them.

Pure: takes the products of a category (or of a search) and the query string, returns the
page to show with its filters. Unknown or malformed parameters fall back to the defaults,
as Magento ignores them, so a listing URL never fails.

Parameters: `price=10-20` (from <= price < to; either side may be empty), `rating=4` (four
stars and up), `color=Black`, `brand=Sony`, `cat=<category id>`, `product_list_order=
position|name|price|relevance`, `product_list_dir=asc|desc`, `product_list_limit=12|24|36`,
`p=<page>`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .catalog import CategoryTree, Product

LIMITS = (12, 24, 36)
ORDERS = {"position": "Position", "name": "Product Name", "price": "Price"}
FILTER_PARAMS = ("cat", "price", "rating", "color", "brand")
_PRICE = re.compile(r"^(\d+(?:\.\d+)?)?-(\d+(?:\.\d+)?)?$")


@dataclass(frozen=True, slots=True)
class ListingRequest:
    """The toolbar's and the filters' state, read leniently from the query string."""

    order: str
    direction: str
    limit: int
    page: int
    price: tuple[int | None, int | None] | None = None  # cents
    rating: int | None = None
    color: str | None = None
    brand: str | None = None
    category_id: int | None = None


@dataclass(frozen=True, slots=True)
class FilterOption:
    label: str
    value: str
    count: int


@dataclass(frozen=True, slots=True)
class Facet:
    """One block of the layered navigation ("Price", "Rating", ...)."""

    code: str
    label: str
    options: tuple[FilterOption, ...]


@dataclass(frozen=True, slots=True)
class ActiveFilter:
    code: str
    label: str
    value_label: str


@dataclass(frozen=True, slots=True)
class ListingPage:
    products: tuple[Product, ...]
    total: int
    page: int
    pages: int
    first: int  # 1-based position of the first product shown (0 when none)
    last: int
    facets: tuple[Facet, ...]
    active: tuple[ActiveFilter, ...]
    request: ListingRequest


def parse_listing(args: Mapping[str, str], *, search: bool = False) -> ListingRequest:
    orders = {*ORDERS, "relevance"} if search else set(ORDERS)
    default_order = "relevance" if search else "position"
    order = args.get("product_list_order", default_order)
    order = order if order in orders else default_order
    default_direction = "desc" if order == "relevance" else "asc"
    direction = args.get("product_list_dir", default_direction)
    direction = direction if direction in ("asc", "desc") else default_direction
    limit = _int(args.get("product_list_limit"))
    page = _int(args.get("p"))
    rating = _int(args.get("rating"))
    return ListingRequest(
        order=order,
        direction=direction,
        limit=limit if limit in LIMITS else LIMITS[0],
        page=page if page is not None and page > 0 else 1,
        price=_price_range(args.get("price", "")),
        rating=rating if rating is not None and 1 <= rating <= 5 else None,
        color=args.get("color") or None,
        brand=args.get("brand") or None,
        category_id=_int(args.get("cat")),
    )


def build_listing(
    products: list[Product],
    request: ListingRequest,
    tree: CategoryTree,
    *,
    category_id: int | None = None,
    relevance: Mapping[int, float] | None = None,
) -> ListingPage:
    """Filter, count facets, sort and cut one page. `category_id`: the page's category."""
    active: list[ActiveFilter] = []
    kept = products
    if request.category_id is not None and tree.get(request.category_id):
        chosen = tree.subtree_ids(request.category_id)
        kept = [p for p in kept if p.category_id in chosen]
        category = tree.get(request.category_id)
        active.append(ActiveFilter("cat", "Category", category.name if category else ""))
    if request.price is not None:
        low, high = request.price
        kept = [p for p in kept if _in_range(p.final_price, low, high)]
        active.append(ActiveFilter("price", "Price", price_label(low, high)))
    if request.rating is not None:
        kept = [p for p in kept if p.review_count and p.rating_percent >= request.rating * 20]
        active.append(ActiveFilter("rating", "Rating", rating_label(request.rating)))
    if request.color is not None:
        color = request.color.casefold()
        kept = [p for p in kept if color in (c.casefold() for c in p.colors)]
        active.append(ActiveFilter("color", "Color", request.color))
    if request.brand is not None:
        brand = request.brand.casefold()
        kept = [p for p in kept if p.brand.casefold() == brand]
        active.append(ActiveFilter("brand", "Brand", request.brand))
    facets = _facets(kept, request, tree, category_id)
    key = _sort_key(request.order, relevance)
    ordered = sorted(kept, key=key, reverse=request.direction == "desc")
    total = len(ordered)
    pages = max(1, math.ceil(total / request.limit))
    page = min(request.page, pages)
    start = (page - 1) * request.limit
    shown = tuple(ordered[start : start + request.limit])
    return ListingPage(
        products=shown,
        total=total,
        page=page,
        pages=pages,
        first=start + 1 if shown else 0,
        last=start + len(shown),
        facets=facets,
        active=tuple(active),
        request=request,
    )


def price_label(low: int | None, high: int | None) -> str:
    if high is None:
        return f"{_dollars(low or 0)} and above"
    return f"{_dollars(low or 0)} - {_dollars(high - 1)}"


def rating_label(stars: int) -> str:
    if stars == 5:
        return "5 stars"
    return f"{stars} {'star' if stars == 1 else 'stars'} & up"


def _facets(
    products: list[Product],
    request: ListingRequest,
    tree: CategoryTree,
    category_id: int | None,
) -> tuple[Facet, ...]:
    """Magento shows a filter only until it is applied, and only values that match."""
    facets: list[Facet] = []
    if request.category_id is None:
        children = tree.children(category_id) if category_id is not None else tree.roots
        counts = []
        for child in children:
            ids = tree.subtree_ids(child.id)
            count = sum(1 for p in products if p.category_id in ids)
            if count:
                counts.append(FilterOption(child.name, str(child.id), count))
        if counts:
            facets.append(Facet("cat", "Category", tuple(counts)))
    if request.price is None and products:
        facets.append(Facet("price", "Price", _price_options(products)))
    if request.rating is None:
        options = []
        for stars in (4, 3, 2, 1):
            count = sum(1 for p in products if p.review_count and p.rating_percent >= stars * 20)
            if count:
                options.append(FilterOption(rating_label(stars), str(stars), count))
        if options:
            facets.append(Facet("rating", "Rating", tuple(options)))
    if request.color is None:
        colors = Counter(c for p in products for c in p.colors)
        if colors:
            options = [FilterOption(c, c, n) for c, n in sorted(colors.items())]
            facets.append(Facet("color", "Color", tuple(options)))
    if request.brand is None:
        brands = Counter(p.brand for p in products)
        if brands:
            options = [FilterOption(b, b, n) for b, n in sorted(brands.items())]
            facets.append(Facet("brand", "Brand", tuple(options)))
    return tuple(facets)


def _price_options(products: list[Product]) -> tuple[FilterOption, ...]:
    """Ranges of a round step (10, 100, 1000 dollars) chosen from the highest price."""
    highest = max(p.final_price for p in products) // 100
    step = max(10, 10 ** (len(str(highest)) - 1))
    buckets = Counter(p.final_price // (step * 100) for p in products)
    last = max(buckets)
    options = []
    for bucket in sorted(buckets):
        low = bucket * step
        if bucket == last and bucket > 0 and len(buckets) > 1:
            options.append(FilterOption(price_label(low * 100, None), f"{low}-", buckets[bucket]))
        else:
            high = low + step
            label = price_label(low * 100, high * 100)
            options.append(FilterOption(label, f"{low}-{high}", buckets[bucket]))
    return tuple(options)


def _sort_key(
    order: str, relevance: Mapping[int, float] | None
) -> Callable[[Product], tuple[object, ...]]:
    if order == "name":
        return lambda p: (p.name.casefold(), p.id)
    if order == "price":
        return lambda p: (p.final_price, p.id)
    if order == "relevance" and relevance is not None:
        scores = relevance
        return lambda p: (scores.get(p.id, 0.0), -p.id)
    return lambda p: (p.id,)


def _in_range(price: int, low: int | None, high: int | None) -> bool:
    return (low is None or price >= low) and (high is None or price < high)


def _price_range(text: str) -> tuple[int | None, int | None] | None:
    match = _PRICE.match(text.strip())
    if not match or not any(match.groups()):
        return None
    low, high = (None if g is None else round(float(g) * 100) for g in match.groups())
    return low, high


def _dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def _int(text: str | None) -> int | None:
    if text is None or not text.strip().isdigit():
        return None
    return int(text.strip())
