"""Rows of the seed, one frozen dataclass per table; field names are the column names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class CategoryRow:
    id: int
    parent_id: int | None
    name: str
    url_key: str
    url_path: str
    position: int
    description: str


@dataclass(frozen=True, slots=True)
class AttributeRow:
    id: int
    code: str
    label: str


@dataclass(frozen=True, slots=True)
class AttributeOptionRow:
    id: int
    attribute_id: int
    label: str
    position: int


@dataclass(frozen=True, slots=True)
class ProductRow:
    id: int
    sku: str
    name: str
    url_key: str
    category_id: int
    position: int
    price: int
    special_price: int | None
    qty: int
    brand: str
    color: str | None
    short_description: str
    description: str
    featured: int
    created_at: str


@dataclass(frozen=True, slots=True)
class ProductAttributeRow:
    product_id: int
    position: int
    label: str
    value: str


@dataclass(frozen=True, slots=True)
class ProductOptionRow:
    product_id: int
    attribute_id: int
    option_id: int


@dataclass(frozen=True, slots=True)
class RegionRow:
    id: int
    country_id: str
    code: str
    name: str


@dataclass(frozen=True, slots=True)
class CustomerRow:
    id: int
    email: str
    firstname: str
    lastname: str
    password_hash: str
    default_billing: int | None
    default_shipping: int | None
    created_at: str


@dataclass(frozen=True, slots=True)
class AddressRow:
    id: int
    customer_id: int
    firstname: str
    lastname: str
    company: str
    street1: str
    street2: str
    city: str
    region_id: int | None
    region: str
    postcode: str
    country_id: str
    telephone: str


@dataclass(frozen=True, slots=True)
class ReviewRow:
    id: int
    product_id: int
    customer_id: int | None
    nickname: str
    title: str
    detail: str
    rating: int
    status: str
    created_at: str


@dataclass(frozen=True, slots=True)
class OrderRow:
    id: int
    customer_id: int
    status: str
    created_at: str
    total_qty: int
    subtotal: int
    shipping_amount: int
    grand_total: int
    shipping_method: str
    shipping_description: str
    payment_method: str
    payment_title: str


@dataclass(frozen=True, slots=True)
class OrderAddressRow:
    order_id: int
    kind: str
    firstname: str
    lastname: str
    company: str
    street1: str
    street2: str
    city: str
    region: str
    postcode: str
    country_id: str
    telephone: str


@dataclass(frozen=True, slots=True)
class OrderItemRow:
    id: int
    order_id: int
    product_id: int
    name: str
    sku: str
    options: str
    price: int
    qty: int
    row_total: int


@dataclass(frozen=True, slots=True)
class WishlistRow:
    id: int
    customer_id: int
    product_id: int
    added_at: str


@dataclass(frozen=True, slots=True)
class SubscriberRow:
    id: int
    email: str
    customer_id: int | None
    subscribed: int
    changed_at: str
