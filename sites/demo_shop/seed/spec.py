"""The seed's vocabulary, read from `catalog.toml` and `people.toml` and validated.

The generator is code and these files are data: names, brands, review phrases and the fixed
facts tasks depend on (Emma's ids, her addresses, the order number range).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

HERE = Path(__file__).parent


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AttributeSpec(_Spec):
    """A configurable attribute (colour 93, size 144) and its options `[id, label]`."""

    id: int
    label: str
    options: tuple[tuple[int, str], ...]


class ItemSpec(_Spec):
    """A kind of product, written `Name|features|brands|packs|low-high` in the TOML.

    Every part after the name is optional (`;` between values); an empty part means the
    leaf's own list, so item-specific words only where the leaf's would not fit.
    """

    name: str
    features: tuple[str, ...] = ()
    brands: tuple[str, ...] = ()
    packs: tuple[str, ...] = ()
    price: tuple[float, float] | None = None

    @classmethod
    def parse(cls, text: str) -> ItemSpec:
        name, *rest = (part.strip() for part in text.split("|"))
        rest += [""] * (4 - len(rest))
        features, brands, packs = (tuple(v for v in p.split(";") if v) for p in rest[:3])
        price = None
        if rest[3]:
            low, high = rest[3].split("-")
            price = (float(low), float(high))
        return cls(name=name, features=features, brands=brands, packs=packs, price=price)


class LeafSpec(_Spec):
    """A leaf category and the words its products are made of."""

    path: tuple[str, ...]
    count: int
    brands: tuple[str, ...]
    items: tuple[ItemSpec, ...]
    features: tuple[str, ...]
    pattern: str
    price: tuple[float, float]
    weight: tuple[float, float]  # ounces
    good: tuple[str, ...]
    bad: tuple[str, ...]
    colors: tuple[str, ...] = ()
    materials: tuple[str, ...] = ()
    pack: tuple[str, ...] = ()
    models: bool = False
    options: str = ""  # "", "color", "size", "size+color"
    sizes: str = ""  # a key of CatalogSpec.sizes

    @field_validator("items", mode="before")
    @classmethod
    def _parse_items(cls, value: object) -> object:
        if isinstance(value, list | tuple):
            return tuple(ItemSpec.parse(v) if isinstance(v, str) else v for v in value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> LeafSpec:
        if "{color}" in self.pattern and not self.colors:
            raise ValueError(f"{self.path}: the pattern names a color but there are none")
        if "{pack}" in self.pattern and not self.pack and not all(i.packs for i in self.items):
            raise ValueError(f"{self.path}: the pattern names a pack some items lack")
        if "size" in self.options and not self.sizes:
            raise ValueError(f"{self.path}: a size option needs a size set")
        return self

    @property
    def option_codes(self) -> tuple[str, ...]:
        """The configurable attributes, size first (as Luma shows them)."""
        return tuple(code for code in ("size", "color") if code in self.options.split("+"))


class CatalogSpec(_Spec):
    """Everything `catalog.toml` holds."""

    attributes: dict[str, AttributeSpec]
    sizes: dict[str, tuple[str, ...]]
    top: dict[str, str]  # top-level category name -> description
    leaf: tuple[LeafSpec, ...]


class AddressSpec(_Spec):
    id: int
    street1: str
    street2: str
    city: str
    region: str
    postcode: str
    telephone: str
    company: str = ""


class EmmaSpec(_Spec):
    """The signed-in customer of every task."""

    id: int
    email: str
    password: str
    firstname: str
    lastname: str
    created_at: str
    nickname: str
    wishlist: int
    reviews: int
    orders: int
    first_order: int
    first_order_date: str
    last_order_date: str
    address: tuple[AddressSpec, ...]


class OthersSpec(_Spec):
    first_order: int
    regions: tuple[str, ...]
    cities: tuple[str, ...]
    streets: tuple[str, ...]
    names: tuple[tuple[str, str], ...]


class ReviewWords(_Spec):
    nicknames: tuple[str, ...]
    titles_5: tuple[str, ...]
    titles_4: tuple[str, ...]
    titles_3: tuple[str, ...]
    titles_2: tuple[str, ...]
    titles_1: tuple[str, ...]
    open_good: tuple[str, ...]
    open_mixed: tuple[str, ...]
    open_bad: tuple[str, ...]
    close_good: tuple[str, ...]
    close_mixed: tuple[str, ...]
    close_bad: tuple[str, ...]
    generic_bad: tuple[str, ...]

    def titles(self, rating: int) -> tuple[str, ...]:
        return {
            5: self.titles_5,
            4: self.titles_4,
            3: self.titles_3,
            2: self.titles_2,
            1: self.titles_1,
        }[rating]


class PlantedSpec(_Spec):
    """Reviews that must exist so retrieval tasks have a known answer."""

    category: str  # the leaf category's name; the fact goes on its first product
    fact: str
    reviewers: tuple[str, ...]
    ratings: tuple[int, ...]


class PeopleSpec(_Spec):
    """Everything `people.toml` holds."""

    emma: EmmaSpec
    others: OthersSpec
    reviews: ReviewWords
    planted: tuple[PlantedSpec, ...] = ()


def load_catalog(path: Path = HERE / "catalog.toml") -> CatalogSpec:
    return CatalogSpec.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))


def load_people(path: Path = HERE / "people.toml") -> PeopleSpec:
    return PeopleSpec.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
