"""Seed the Shuup 3.1 shop of sites/real/holdout31 ("The Mad Tea Party Shop") through Django's ORM.

Run by `setup` (after `migrate`), with DJANGO_SETTINGS_MODULE=settings and the password of
alice (and of the staff account `admin`) in WEBAGENT_REAL_PASSWORD; nothing here writes it down.
The numbers the capture script uses (product ids, order ids) are those of a fresh database.
"""

from __future__ import annotations

import datetime
import os
from decimal import Decimal

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db.transaction import atomic  # noqa: E402
from django.utils import timezone, translation  # noqa: E402
from shuup import configuration  # noqa: E402
from shuup.core.models import (  # noqa: E402
    Category,
    CategoryStatus,
    CustomCarrier,
    CustomPaymentProcessor,
    FixedCostBehaviorComponent,
    MutableAddress,
    OrderLineType,
    OrderStatus,
    PersonContact,
    Product,
    ProductType,
    SalesUnit,
    Shop,
    ShopProduct,
    ShopProductVisibility,
    Supplier,
    SupplierModule,
    TaxClass,
)
from shuup.core.order_creator import OrderCreator, OrderSource  # noqa: E402
from shuup.simple_cms.models import Page  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
translation.activate("en")
User = get_user_model()
NOW = timezone.now()

CATEGORIES = [
    ("teas", "Teas", "Loose-leaf teas for every hour of the day (it is always six o'clock)."),
    ("teaware", "Teapots and cups", "Pots, cups and the odd dormouse-sized saucer."),
    ("cakes", "Cakes and biscuits", "Things labelled EAT ME, baked fresh on an unbirthday."),
    ("hats", "Hats", "In this style 10/6. Hand-made in the Hatter's workshop."),
]

# sku, name, category, price (GBP, tax included), short description, description
PRODUCTS = [
    (
        "TEA-EARL",
        "Earl Grey, loose leaf",
        "teas",
        "6.50",
        "Black tea with bergamot, 100 g.",
        "A classic black tea scented with oil of bergamot. Brew for three to four minutes. "
        "Keeps the Hatter awake through the longest tea party.",
    ),
    (
        "TEA-DARJ",
        "Darjeeling first flush",
        "teas",
        "9.80",
        "A light, flowery black tea, 100 g.",
        "Picked in the spring on the slopes of the Himalaya. Muscatel, bright, "
        "and best without milk.",
    ),
    (
        "TEA-ASSAM",
        "Assam breakfast",
        "teas",
        "5.20",
        "A strong, malty black tea, 250 g.",
        "Bold enough for milk and sugar, and for waking a sleepy dormouse.",
    ),
    (
        "TEA-GREEN",
        "Sencha green tea",
        "teas",
        "7.40",
        "A grassy Japanese green tea, 100 g.",
        "Steamed green tea from Shizuoka. Use water below boiling and steep for one minute.",
    ),
    (
        "TEA-CHAI",
        "Masala chai",
        "teas",
        "6.90",
        "Black tea with cardamom, ginger and cinnamon, 150 g.",
        "Simmer with milk and sugar. A warming cup for a cold afternoon by the riverbank.",
    ),
    (
        "POT-BROWN",
        "Brown Betty teapot",
        "teaware",
        "24.00",
        "A six-cup earthenware teapot.",
        "Red clay with a brown Rockingham glaze that keeps the tea hot. Holds six cups.",
    ),
    (
        "POT-DORM",
        "Dormouse teapot",
        "teaware",
        "32.00",
        "A teapot big enough for a dormouse to sleep in.",
        "Porcelain, with a lid that fits snugly. Dormouse not included.",
    ),
    (
        "CUP-SET",
        "Porcelain cup and saucer",
        "teaware",
        "12.50",
        "Bone china, with a gold rim.",
        "A single cup and saucer, dishwasher safe. Move one place on when you want a clean cup.",
    ),
    (
        "CAKE-EATME",
        "EAT ME cakes, box of six",
        "cakes",
        "8.00",
        "Six small cakes marked in currants.",
        "Each cake is beautifully marked with the words EAT ME in currants. Effects may vary.",
    ),
    (
        "CAKE-TARTS",
        "Jam tarts, box of twelve",
        "cakes",
        "6.00",
        "The Queen of Hearts' own recipe.",
        "Made on a summer day. Please do not steal them.",
    ),
    (
        "CAKE-BUTTER",
        "Bread-and-butter",
        "cakes",
        "3.50",
        "Thin slices, for tea.",
        "The best butter, though some crumbs may have got in as well.",
    ),
    (
        "HAT-TOPPER",
        "Top hat 10/6",
        "hats",
        "45.00",
        "A tall silk top hat, size 10/6.",
        "The Hatter's own design. The price ticket is part of the style.",
    ),
]

ADDRESS = dict(  # noqa: C408
    name="Alice Liddell",
    street="7 Cheshire Lane",
    city="Oxford",
    postal_code="OX1 1DP",
    country="GB",
    email="alice@wonderland.example",
    phone="01865 000 042",
)


def user(username: str, first: str, last: str, email: str, password: str | None, **flags) -> User:
    u = User.objects.create(
        username=username, first_name=first, last_name=last, email=email, **flags
    )
    if password:
        u.set_password(password)
    else:
        u.set_unusable_password()
    u.save()
    return u


def person(u: User, shop: Shop, address: dict) -> PersonContact:
    contact = PersonContact.objects.create(
        user=u, first_name=u.first_name, last_name=u.last_name, email=u.email
    )
    contact.shops.add(shop)
    billing = MutableAddress.from_data(address)
    billing.save()
    shipping = MutableAddress.from_data(address)
    shipping.save()
    contact.default_billing_address = billing
    contact.default_shipping_address = shipping
    contact.save()
    return contact


def order(shop, contact, lines, payment, shipping, days_ago, comment=""):  # noqa: PLR0917
    source = OrderSource(shop)
    source.customer = contact
    source.orderer = contact
    source.creator = contact.user
    source.billing_address = contact.default_billing_address.to_immutable()
    source.shipping_address = contact.default_shipping_address.to_immutable()
    source.payment_method = payment
    source.shipping_method = shipping
    source.customer_comment = comment
    source.status = OrderStatus.objects.get_default_initial()
    source.order_date = NOW - datetime.timedelta(days=days_ago)
    supplier = Supplier.objects.get(identifier="default")
    for product, quantity in lines:
        sp = product.get_shop_instance(shop)
        source.add_line(
            type=OrderLineType.PRODUCT,
            product=product,
            supplier=supplier,
            quantity=quantity,
            base_unit_price=sp.default_price,
            sku=product.sku,
            text=product.name,
        )
    return OrderCreator().create_order(source)


@atomic
def main() -> None:
    call_command("shuup_init")
    shop = Shop.objects.get(identifier="default")
    shop.name = shop.public_name = "The Mad Tea Party Shop"
    shop.currency = "GBP"
    shop.prices_include_tax = True
    shop.contact_address = None
    shop.save()
    configuration.set(shop, "setup_wizard_complete", True)
    configuration.set(None, "setup_wizard_complete", True)

    tax_class = TaxClass.objects.create(identifier="standard", name="Standard")
    supplier = Supplier.objects.get(identifier="default")
    supplier.name = "The Mad Hatter's Workshop"
    supplier.stock_managed = False
    supplier.save()
    # the simple supplier module ships orders (stock is not counted)
    supplier.supplier_modules.add(
        SupplierModule.objects.get_or_create(module_identifier="simple_supplier")[0]
    )
    ptype = ProductType.objects.get(identifier="default")
    unit = SalesUnit.objects.get(identifier="pcs")

    # staff and customers
    admin = user(
        "admin",
        "Queen",
        "of Hearts",
        "queen@wonderland.example",
        PASSWORD,
        is_staff=True,
        is_superuser=True,
    )
    shop.staff_members.add(admin)
    alice = person(user("alice", "Alice", "Liddell", ADDRESS["email"], PASSWORD), shop, ADDRESS)
    hatter = person(
        user("hatter", "Mad", "Hatter", "hatter@wonderland.example", None),
        shop,
        dict(ADDRESS, name="Mad Hatter", street="1 Tea Table", email="hatter@wonderland.example"),
    )
    person(
        user("rabbit", "White", "Rabbit", "rabbit@wonderland.example", None),
        shop,
        dict(
            ADDRESS,
            name="White Rabbit",
            street="The Rabbit Hole",
            email="rabbit@wonderland.example",
        ),
    )

    # payment and shipping
    payment_processor = CustomPaymentProcessor.objects.create(
        identifier="manual", name="Manual payment"
    )
    carrier = CustomCarrier.objects.create(identifier="post", name="Wonderland Post")
    bank = payment_processor.create_service(
        None,
        identifier="bank",
        shop=shop,
        enabled=True,
        name="Bank transfer",
        tax_class=tax_class,
        description="Pay by bank transfer; the details come with the order confirmation.",
    )
    cash = payment_processor.create_service(
        None,
        identifier="cash",
        shop=shop,
        enabled=True,
        name="Cash on delivery",
        tax_class=tax_class,
        description="Pay the White Rabbit when he brings the parcel.",
    )
    cash.behavior_components.add(
        FixedCostBehaviorComponent.objects.create(price_value=Decimal("1.00"))
    )
    post = carrier.create_service(
        None,
        identifier="post",
        shop=shop,
        enabled=True,
        name="Wonderland Post",
        tax_class=tax_class,
        description="Delivered in two to three days.",
    )
    post.behavior_components.add(
        FixedCostBehaviorComponent.objects.create(price_value=Decimal("3.50"))
    )
    carrier.create_service(
        None,
        identifier="pickup",
        shop=shop,
        enabled=True,
        name="Collect at the tea table",
        tax_class=tax_class,
        description="Collect it yourself, any time (it is always tea time).",
    )

    # catalogue
    categories = {}
    for ordering, (ident, name, description) in enumerate(CATEGORIES):
        cat = Category.objects.create(
            identifier=ident,
            name=name,
            description=description,
            status=CategoryStatus.VISIBLE,
            ordering=ordering,
        )
        cat.shops.add(shop)
        categories[ident] = cat
    products = {}
    for sku, name, cat, price, short, description in PRODUCTS:
        product = Product.objects.create(
            sku=sku,
            name=name,
            description=description,
            short_description=short,
            type=ptype,
            tax_class=tax_class,
            sales_unit=unit,
            net_weight=250,
            gross_weight=300,
        )
        sp = ShopProduct.objects.create(
            product=product,
            shop=shop,
            default_price_value=Decimal(price),
            visibility=ShopProductVisibility.ALWAYS_VISIBLE,
            primary_category=categories[cat],
        )
        sp.suppliers.add(supplier)
        sp.categories.add(categories[cat])
        products[sku] = product
    call_command("reindex_product_catalog")

    # pages of the shop
    for title, url, content in [
        (
            "About us",
            "about-us",
            "<p>The Mad Tea Party Shop sells the teas, cakes and hats of the Mad Hatter's table. "
            "We have been open since it was always six o'clock.</p>"
            "<p>Everything is packed by the March Hare and delivered by the White Rabbit, who is "
            "usually late.</p>",
        ),
        (
            "Delivery and returns",
            "delivery",
            "<p>Orders are sent by Wonderland Post in two to three days for &pound;3.50, "
            "or you may collect them at the tea table for free.</p>"
            "<p>Unwanted items may be returned within "
            "thirty days, unless they have been eaten.</p>",
        ),
    ]:
        Page.objects.create(
            shop=shop,
            title=title,
            url=url,
            content=content,
            available_from=NOW,
            visible_in_menu=True,
        )

    # past orders
    p = products
    first = order(
        shop,
        alice,
        [(p["TEA-EARL"], 2), (p["CUP-SET"], 1)],
        bank,
        post,
        40,
        "Please wrap the cup well.",
    )
    first.create_shipment_of_all_products(supplier=supplier)
    first.create_payment(first.taxful_total_price)
    first.change_status(next_status=OrderStatus.objects.get_default_complete(), user=admin)
    order(
        shop, alice, [(p["CAKE-EATME"], 1), (p["TEA-DARJ"], 1), (p["POT-DORM"], 1)], cash, post, 3
    )
    order(shop, hatter, [(p["HAT-TOPPER"], 3)], bank, post, 10)
    print(
        "seeded:",
        Product.objects.count(),
        "products,",
        Category.objects.count(),
        "categories,",
        PersonContact.objects.count(),
        "customers",
    )


main()
