"""Customers, addresses, orders, wish list, newsletter and Emma's own reviews.

Emma Lopez (customer 27) has orders 148-189 spread over 2022 and 2023; orders 1-147 belong
to other customers (so she can be shown a 404 for them). Every order's totals add up:
subtotal = sum of price x qty, shipping = Flat Rate $5.00 per item, grand total = both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from random import Random

from ..options import encode_options
from ..passwords import hash_password
from .catalog import Catalog
from .rows import (
    AddressRow,
    CustomerRow,
    OrderAddressRow,
    OrderItemRow,
    OrderRow,
    ProductRow,
    RegionRow,
    ReviewRow,
    SubscriberRow,
    WishlistRow,
)
from .spec import EmmaSpec, OthersSpec, PeopleSpec, ReviewWords

FLAT_RATE_PER_ITEM = 500
OTHERS_FROM = date(2022, 1, 5)
OTHERS_UNTIL = date(2023, 6, 10)
_OTHER_STATUSES = ("complete", "complete", "complete", "complete", "canceled", "processing")


@dataclass
class Sales:
    customers: list[CustomerRow] = field(default_factory=list)
    addresses: list[AddressRow] = field(default_factory=list)
    orders: list[OrderRow] = field(default_factory=list)
    order_addresses: list[OrderAddressRow] = field(default_factory=list)
    order_items: list[OrderItemRow] = field(default_factory=list)
    wishlist: list[WishlistRow] = field(default_factory=list)
    subscribers: list[SubscriberRow] = field(default_factory=list)
    reviews: list[ReviewRow] = field(default_factory=list)


def build_sales(
    catalog: Catalog,
    people: PeopleSpec,
    rng: Random,
    *,
    regions: list[RegionRow],
    first_review_id: int,
) -> Sales:
    """Everything about customers; review ids continue from `first_review_id`."""
    emma, others, words = people.emma, people.others, people.reviews
    sales = Sales()
    region_id = {r.name: r.id for r in regions if r.country_id == "US"}
    _add_other_customers(sales, others, region_id, rng)
    _add_emma(sales, emma, region_id)
    _add_other_orders(sales, catalog, others, rng)
    _add_emma_orders(sales, catalog, emma, rng)
    _add_wishlist(sales, catalog, emma, rng)
    _add_emma_reviews(sales, catalog, rng, emma=emma, words=words, first_id=first_review_id)
    for customer in sales.customers[:6]:
        sales.subscribers.append(
            SubscriberRow(len(sales.subscribers) + 1, customer.email, customer.id, 1, "2022-06-01")
        )
    return sales


def _add_other_customers(
    sales: Sales, others: OthersSpec, region_id: dict[str, int], rng: Random
) -> None:
    for index, (first, last) in enumerate(others.names):
        customer_id = index + 1
        email = f"{first.lower()}.{last.lower()}@example.com"
        sales.customers.append(
            CustomerRow(
                customer_id,
                email,
                first,
                last,
                hash_password("Password.123", email),
                customer_id,
                customer_id,
                "2021-11-20 09:00:00",
            )
        )
        place = index % len(others.cities)
        region = others.regions[place]
        sales.addresses.append(
            AddressRow(
                id=customer_id,
                customer_id=customer_id,
                firstname=first,
                lastname=last,
                company="",
                street1=f"{rng.randrange(10, 9999)} {rng.choice(others.streets)}",
                street2="",
                city=others.cities[place],
                region_id=region_id[region],
                region=region,
                postcode=f"{rng.randrange(10000, 99999)}",
                country_id="US",
                telephone=f"555{rng.randrange(1000000, 9999999)}",
            )
        )


def _add_emma(sales: Sales, emma: EmmaSpec, region_id: dict[str, int]) -> None:
    default = emma.address[0].id
    sales.customers.append(
        CustomerRow(
            emma.id,
            emma.email,
            emma.firstname,
            emma.lastname,
            hash_password(emma.password, emma.email),
            default,
            default,
            emma.created_at,
        )
    )
    for address in emma.address:
        sales.addresses.append(
            AddressRow(
                id=address.id,
                customer_id=emma.id,
                firstname=emma.firstname,
                lastname=emma.lastname,
                company=address.company,
                street1=address.street1,
                street2=address.street2,
                city=address.city,
                region_id=region_id[address.region],
                region=address.region,
                postcode=address.postcode,
                country_id="US",
                telephone=address.telephone,
            )
        )


def _add_other_orders(sales: Sales, catalog: Catalog, others: OthersSpec, rng: Random) -> None:
    days = (OTHERS_UNTIL - OTHERS_FROM).days
    count = 147 - others.first_order + 1
    moments = sorted(
        _moment(rng, OTHERS_FROM + timedelta(rng.randrange(days))) for _ in range(count)
    )
    for offset, moment in enumerate(moments):
        customer_id = rng.randrange(1, len(others.names) + 1)
        status = rng.choice(_OTHER_STATUSES)
        _add_order(
            sales,
            catalog,
            rng,
            order_id=others.first_order + offset,
            customer_id=customer_id,
            shipping_address_id=customer_id,
            status=status,
            created_at=moment,
        )


def _add_emma_orders(sales: Sales, catalog: Catalog, emma: EmmaSpec, rng: Random) -> None:
    first = date.fromisoformat(emma.first_order_date)
    last = date.fromisoformat(emma.last_order_date)
    middle = rng.sample(range(1, (last - first).days), emma.orders - 2)
    days = [first, *sorted(first + timedelta(d) for d in middle), last]
    statuses = _emma_statuses(emma.orders, rng)
    other_address = emma.address[1].id
    for index, (day, status) in enumerate(zip(days, statuses, strict=True)):
        shipping = other_address if rng.random() < 0.2 else emma.address[0].id
        _add_order(
            sales,
            catalog,
            rng,
            order_id=emma.first_order + index,
            customer_id=emma.id,
            shipping_address_id=shipping,
            status=status,
            created_at=_moment(rng, day),
        )


def _emma_statuses(count: int, rng: Random) -> list[str]:
    """Mostly complete; the newest pending, one processing, eight canceled, two closed."""
    statuses = ["complete"] * count
    statuses[-1] = "pending"
    statuses[-4] = "processing"
    older = rng.sample(range(count - 5), 10)
    for index in older[:8]:
        statuses[index] = "canceled"
    for index in older[8:]:
        statuses[index] = "closed"
    return statuses


def _moment(rng: Random, day: date) -> str:
    moment = datetime(day.year, day.month, day.day, rng.randrange(8, 22), rng.randrange(60))
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _add_order(
    sales: Sales,
    catalog: Catalog,
    rng: Random,
    *,
    order_id: int,
    customer_id: int,
    shipping_address_id: int,
    status: str,
    created_at: str,
) -> None:
    lines = rng.choices((1, 2, 3, 4), weights=(45, 30, 15, 10))[0]
    products = rng.sample(catalog.products, lines)
    subtotal = 0
    total_qty = 0
    for product in products:
        qty = rng.choices((1, 2, 3), weights=(70, 20, 10))[0]
        price = catalog.effective_price(product)
        sales.order_items.append(
            OrderItemRow(
                id=len(sales.order_items) + 1,
                order_id=order_id,
                product_id=product.id,
                name=product.name,
                sku=product.sku,
                options=encode_options(_choose_options(catalog, product, rng)),
                price=price,
                qty=qty,
                row_total=price * qty,
            )
        )
        subtotal += price * qty
        total_qty += qty
    shipping_amount = FLAT_RATE_PER_ITEM * total_qty
    sales.orders.append(
        OrderRow(
            id=order_id,
            customer_id=customer_id,
            status=status,
            created_at=created_at,
            total_qty=total_qty,
            subtotal=subtotal,
            shipping_amount=shipping_amount,
            grand_total=subtotal + shipping_amount,
            shipping_method="flatrate_flatrate",
            shipping_description="Flat Rate - Fixed",
            payment_method="checkmo",
            payment_title="Check / Money order",
        )
    )
    customer = next(c for c in sales.customers if c.id == customer_id)
    for kind, address_id in (
        ("shipping", shipping_address_id),
        ("billing", customer.default_billing),
    ):
        address = next(a for a in sales.addresses if a.id == address_id)
        sales.order_addresses.append(
            OrderAddressRow(
                order_id,
                kind,
                address.firstname,
                address.lastname,
                address.company,
                address.street1,
                address.street2,
                address.city,
                address.region,
                address.postcode,
                address.country_id,
                address.telephone,
            )
        )


def _choose_options(catalog: Catalog, product: ProductRow, rng: Random) -> list[tuple[int, int]]:
    by_attribute: dict[int, list[int]] = {}
    for option in catalog.product_options:
        if option.product_id == product.id:
            by_attribute.setdefault(option.attribute_id, []).append(option.option_id)
    return [(attribute, rng.choice(options)) for attribute, options in sorted(by_attribute.items())]


def _add_wishlist(sales: Sales, catalog: Catalog, emma: EmmaSpec, rng: Random) -> None:
    in_stock = [p for p in catalog.products if p.qty > 0]
    chosen: list[ProductRow] = []
    for product in rng.sample(in_stock, len(in_stock)):
        top = catalog.top_category(product.category_id)
        if all(catalog.top_category(c.category_id) != top for c in chosen):
            chosen.append(product)
        if len(chosen) == emma.wishlist:
            break
    for index, product in enumerate(chosen):
        added = f"2023-0{index + 2}-1{index} 19:3{index}:00"
        sales.wishlist.append(WishlistRow(index + 1, emma.id, product.id, added))


def _add_emma_reviews(
    sales: Sales,
    catalog: Catalog,
    rng: Random,
    *,
    emma: EmmaSpec,
    words: ReviewWords,
    first_id: int,
) -> None:
    complete = [o for o in sales.orders if o.customer_id == emma.id and o.status == "complete"]
    reviewed: set[int] = set()
    for order in rng.sample(complete, len(complete)):
        item = next(i for i in sales.order_items if i.order_id == order.id)
        if item.product_id in reviewed:
            continue
        reviewed.add(item.product_id)
        leaf = catalog.leaf_of[item.product_id]
        rating = rng.choice((3, 4, 5, 5))
        fact = rng.choice(leaf.good if rating > 3 else leaf.bad)
        closings = words.close_good if rating > 3 else words.close_mixed
        when = datetime.fromisoformat(order.created_at) + timedelta(days=rng.randrange(7, 30))
        sales.reviews.append(
            ReviewRow(
                id=first_id + len(sales.reviews),
                product_id=item.product_id,
                customer_id=emma.id,
                nickname=emma.nickname,
                title=rng.choice(words.titles(rating)),
                detail=f"{fact[0].upper()}{fact[1:]}. {rng.choice(closings)}",
                rating=rating,
                status="approved",
                created_at=when.strftime("%Y-%m-%d %H:%M:%S"),
            )
        )
        if len(sales.reviews) == emma.reviews:
            break
