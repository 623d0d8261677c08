"""Categories and products generated from `catalog.toml`: names, SKUs, prices, stock, options.

Products are named like marketplace titles ("Sony WH-4821 Wireless Over-Ear Headphones with
Built-in Mic, 40H Playtime, Black"). Everything depends only on the spec and the `Random`
handed in, so two builds are identical.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from datetime import date, timedelta
from random import Random

from .rows import (
    AttributeOptionRow,
    AttributeRow,
    CategoryRow,
    ProductAttributeRow,
    ProductOptionRow,
    ProductRow,
)
from .spec import CatalogSpec, ItemSpec, LeafSpec

FIRST_CATEGORY_ID = 3  # Magento's root categories are 1 and 2
SPECIAL_PRICE_SHARE = 0.15
OUT_OF_STOCK_SHARE = 0.07


@dataclass
class Catalog:
    """The generated catalogue, as rows ready to insert."""

    categories: list[CategoryRow] = field(default_factory=list)
    attributes: list[AttributeRow] = field(default_factory=list)
    attribute_options: list[AttributeOptionRow] = field(default_factory=list)
    products: list[ProductRow] = field(default_factory=list)
    product_attributes: list[ProductAttributeRow] = field(default_factory=list)
    product_options: list[ProductOptionRow] = field(default_factory=list)
    leaf_of: dict[int, LeafSpec] = field(default_factory=dict)  # product id -> its leaf
    url_keys: set[str] = field(default_factory=set)
    skus: set[str] = field(default_factory=set)

    def option_id(self, code: str, label: str) -> int:
        attribute = next(a for a in self.attributes if a.code == code)
        return next(
            o.id
            for o in self.attribute_options
            if o.attribute_id == attribute.id and o.label == label
        )

    def top_category(self, category_id: int) -> int:
        """The top-level ancestor of a category."""
        parents = {c.id: c.parent_id for c in self.categories}
        while (parent := parents[category_id]) is not None:
            category_id = parent
        return category_id

    def effective_price(self, product: ProductRow) -> int:
        return product.special_price if product.special_price is not None else product.price


def slugify(text: str) -> str:
    """Magento's URL key: lower case, every run of other characters one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def build_catalog(spec: CatalogSpec, rng: Random) -> Catalog:
    catalog = Catalog()
    _add_attributes(spec, catalog)
    leaf_ids = _add_categories(spec, catalog)
    for leaf, category_id in zip(spec.leaf, leaf_ids, strict=True):
        offset = rng.randrange(len(leaf.items))  # every kind of item, from a random one on
        for position in range(leaf.count):
            item = leaf.items[(position + offset) % len(leaf.items)]
            _add_product(
                catalog,
                rng,
                spec=spec,
                leaf=leaf,
                item=item,
                category_id=category_id,
                position=position,
            )
    return catalog


def _add_attributes(spec: CatalogSpec, catalog: Catalog) -> None:
    for code, attribute in spec.attributes.items():
        catalog.attributes.append(AttributeRow(attribute.id, code, attribute.label))
        for position, (option_id, label) in enumerate(attribute.options):
            catalog.attribute_options.append(
                AttributeOptionRow(option_id, attribute.id, label, position)
            )


def _add_categories(spec: CatalogSpec, catalog: Catalog) -> list[int]:
    """Create the tree (intermediate levels implied by the leaves); return each leaf's id."""
    by_path: dict[tuple[str, ...], int] = {}
    for name, description in spec.top.items():
        _category(catalog, by_path, (name,), description)
    leaf_ids: list[int] = []
    for leaf in spec.leaf:
        if leaf.path[:1] not in by_path:
            raise ValueError(f"leaf {leaf.path} is under an unknown top category")
        for depth in range(2, len(leaf.path) + 1):
            path = leaf.path[:depth]
            if path not in by_path:
                names = ", ".join(item.name for item in leaf.items[:3])
                text = f"Shop {path[-1].lower()} in {path[0]}: {names}."
                _category(catalog, by_path, path, text)
        leaf_ids.append(by_path[leaf.path])
    return leaf_ids


def _category(
    catalog: Catalog, by_path: dict[tuple[str, ...], int], path: tuple[str, ...], text: str
) -> None:
    category_id = FIRST_CATEGORY_ID + len(catalog.categories)
    parent = by_path.get(path[:-1]) if len(path) > 1 else None
    siblings = sum(1 for c in catalog.categories if c.parent_id == parent)
    url_path = "/".join(slugify(part) for part in path)
    catalog.categories.append(
        CategoryRow(category_id, parent, path[-1], slugify(path[-1]), url_path, siblings, text)
    )
    by_path[path] = category_id


def _add_product(
    catalog: Catalog,
    rng: Random,
    *,
    spec: CatalogSpec,
    leaf: LeafSpec,
    item: ItemSpec,
    category_id: int,
    position: int,
) -> None:
    product_id = len(catalog.products) + 1
    brand = rng.choice(item.brands or leaf.brands)
    features = item.features or leaf.features
    feature, feature2 = rng.sample(features, 2) if len(features) > 1 else (features[0],) * 2
    simple_color = rng.choice(leaf.colors) if leaf.colors and "color" not in leaf.options else None
    model = _model_number(rng)
    packs = item.packs or leaf.pack
    name = leaf.pattern.format(
        brand=brand,
        model=model,
        item=item.name,
        feature=feature,
        feature2=feature2,
        color=simple_color or "",
        pack=rng.choice(packs) if packs else "",
    )
    name = re.sub(r"\s+", " ", name).strip(" ,")
    url_key = slugify(name)
    while url_key in catalog.url_keys:
        url_key = f"{url_key}-{product_id}"
    catalog.url_keys.add(url_key)
    sku = _sku(rng, catalog.skus)
    price = _price(rng, *(item.price or leaf.price))
    special = _discount(price) if rng.random() < SPECIAL_PRICE_SHARE else None
    qty = 0 if rng.random() < OUT_OF_STOCK_SHARE else rng.randrange(5, 200)
    created = date(2019, 1, 1) + timedelta(days=rng.randrange(0, 1300))
    material = rng.choice(leaf.materials) if leaf.materials else None
    catalog.products.append(
        ProductRow(
            id=product_id,
            sku=sku,
            name=name,
            url_key=url_key,
            category_id=category_id,
            position=position,
            price=price,
            special_price=special,
            qty=qty,
            brand=brand,
            color=simple_color,
            short_description=f"{item.name} by {brand}: {feature.lower()}, {feature2.lower()}.",
            description=_description(
                rng,
                leaf,
                brand=brand,
                item=item.name,
                features=(feature, feature2),
                material=material,
            ),
            featured=0,
            created_at=created.isoformat(),
        )
    )
    catalog.leaf_of[product_id] = leaf
    attributes = [("Brand", brand)]
    if leaf.models:
        attributes.append(("Model Number", model))
    if simple_color:
        attributes.append(("Color", simple_color))
    if material:
        attributes.append(("Material", material))
    attributes.append(("Product Dimensions", _dimensions(rng, leaf)))
    attributes.append(("Item Weight", _weight(rng, *leaf.weight)))
    attributes.append(("Manufacturer", brand))
    attributes.append(("Date First Available", f"{created:%B} {created.day}, {created.year}"))
    for index, (label, value) in enumerate(attributes):
        catalog.product_attributes.append(ProductAttributeRow(product_id, index, label, value))
    _add_options(spec, leaf, product_id, catalog, rng)


def _add_options(
    spec: CatalogSpec, leaf: LeafSpec, product_id: int, catalog: Catalog, rng: Random
) -> None:
    for code in leaf.option_codes:
        attribute_id = spec.attributes[code].id
        if code == "color":
            labels = rng.sample(leaf.colors, min(len(leaf.colors), rng.randrange(2, 5)))
        else:
            sizes = spec.sizes[leaf.sizes]
            length = rng.randrange(min(3, len(sizes)), len(sizes) + 1)
            start = rng.randrange(0, len(sizes) - length + 1)
            labels = list(sizes[start : start + length])
        for label in labels:
            catalog.product_options.append(
                ProductOptionRow(product_id, attribute_id, catalog.option_id(code, label))
            )


def _model_number(rng: Random) -> str:
    letters = "".join(rng.choices(string.ascii_uppercase, k=2))
    digits = rng.randrange(100, 9999)
    return rng.choice([f"{letters}-{digits}", f"{letters}{digits}", f"{letters}{digits}X"])


def _sku(rng: Random, used: set[str]) -> str:
    """ASIN-like SKUs, as WebArena's catalogue (imported from Amazon) has."""
    while True:
        sku = "B0" + "".join(rng.choices(string.ascii_uppercase + string.digits, k=8))
        if sku not in used:
            used.add(sku)
            return sku


def _price(rng: Random, low: float, high: float) -> int:
    """A price between low and high (log-uniform), ending in .99, .49, .95 or .00."""
    value = low * (high / low) ** rng.random()
    dollars = max(1, int(value))
    cents = rng.choice([99, 99, 99, 49, 95, 0])
    return dollars * 100 + cents


def _discount(price: int) -> int:
    """A special price about 20% off, ending in .99."""
    off = price * 8 // 10
    return max(99, off - off % 100 - 1)


def _dimensions(rng: Random, leaf: LeafSpec) -> str:
    scale = max(1.0, leaf.weight[1] / 20) ** 0.5
    sides = sorted((round(rng.uniform(1.5, 9.0) * scale, 1) for _ in range(3)), reverse=True)
    return " x ".join(f"{side:g}" for side in sides) + " inches"


def _weight(rng: Random, low: float, high: float) -> str:
    ounces = round(rng.uniform(low, high), 1)
    if ounces < 16:
        return f"{ounces:g} ounces"
    return f"{round(ounces / 16, 2):g} pounds"


def _description(
    rng: Random,
    leaf: LeafSpec,
    *,
    brand: str,
    item: str,
    features: tuple[str, str],
    material: str | None,
) -> str:
    """Three short paragraphs, separated by blank lines."""
    feature, feature2 = features
    noun = item.lower()
    first = rng.choice(
        [
            f"The {brand} {noun} is designed for everyday use: {feature.lower()} and "
            f"{feature2.lower()}.",
            f"Meet the {noun} from {brand}. {feature} and {feature2.lower()}, it is built to "
            "last and easy to love.",
            f"{brand} brings you a {noun} that is {feature.lower()} and "
            f"{feature2.lower()} without the premium price.",
        ]
    )
    middle = f"Made of {material.lower()}. " if material else ""
    middle += rng.choice(
        [
            f"Customers tell us {leaf.good[0]}.",
            f"Reviewers love that {leaf.good[-1]}.",
            "Backed by a 1-year limited warranty.",
        ]
    )
    last = rng.choice(
        [
            "What's in the box: the product and a quick start guide.",
            "Ships in recyclable packaging.",
            f"Part of the {leaf.path[-1]} collection at One Stop Market.",
        ]
    )
    return f"{first}\n\n{middle}\n\n{last}"
