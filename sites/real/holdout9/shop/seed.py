"""Seed the "Wonderland Provisions" shop (run by ../setup on a freshly migrated database):
nested categories, 26 products of one product class with prices, stock and pictures from one
partner, a site offer and a voucher, an "About" page, the customer alice (an address, a wish
list, one past order) and the staff user dinah. Passwords from WEBAGENT_REAL_PASSWORD."""

import datetime as dt
import os
import sys
import warnings
from decimal import Decimal as D
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wonderland.settings")
# treebeard's add_root/add_child deprecations, haystack's "update is not implemented"
warnings.simplefilter("ignore")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.contrib.flatpages.models import FlatPage  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from django.core.files.base import ContentFile  # noqa: E402
from django.utils import timezone  # noqa: E402
from oscar.apps.catalogue.reviews.models import ProductReview  # noqa: E402
from oscar.apps.order.models import Order  # noqa: E402
from oscar.core.loading import get_class, get_model  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
Category = get_model("catalogue", "Category")
Product = get_model("catalogue", "Product")
ProductClass = get_model("catalogue", "ProductClass")
ProductCategory = get_model("catalogue", "ProductCategory")
ProductImage = get_model("catalogue", "ProductImage")
Partner = get_model("partner", "Partner")
StockRecord = get_model("partner", "StockRecord")
Country = get_model("address", "Country")
UserAddress = get_model("address", "UserAddress")
ShippingAddress = get_model("order", "ShippingAddress")
Basket = get_model("basket", "Basket")
Range = get_model("offer", "Range")
Condition = get_model("offer", "Condition")
Benefit = get_model("offer", "Benefit")
ConditionalOffer = get_model("offer", "ConditionalOffer")
Voucher = get_model("voucher", "Voucher")
WishList = get_model("wishlists", "WishList")
Selector = get_class("partner.strategy", "Selector")
OrderCreator = get_class("order.utils", "OrderCreator")
OrderTotalCalculator = get_class("checkout.calculators", "OrderTotalCalculator")
Standard = get_class("shipping.repository", "Standard")

site = Site.objects.get(pk=1)
site.domain, site.name = "127.0.0.1", "Wonderland Provisions"
site.save()

for code3, code2, num, name, order in [
    ("GBR", "GB", "826", "United Kingdom", 1),
    ("IRL", "IE", "372", "Ireland", 2),
    ("FRA", "FR", "250", "France", 3),
]:
    Country.objects.create(iso_3166_1_a2=code2, iso_3166_1_a3=code3, iso_3166_1_numeric=num,
                           name=name, printable_name=name, display_order=order,
                           is_shipping_country=True)

# -- catalogue -------------------------------------------------------------------------------
party = Category.add_root(name="Tea Party", description="Everything for a very merry unbirthday.")
teas = party.add_child(name="Teas", description="Loose-leaf teas, blended by the Hatter.")
cakes = party.add_child(name="Cakes & Biscuits", description="Some make you larger, some smaller.")
curios = Category.add_root(name="Curiosities", description="Curiouser and curiouser.")
clocks = curios.add_child(name="Clocks & Watches", description="Always six o'clock somewhere.")
games = Category.add_root(name="Croquet & Games", description="Lawn games, royal rules.")
for c in (party, teas, cakes, curios, clocks, games):
    c.refresh_from_db()

provisions = ProductClass.objects.create(name="Provisions", requires_shipping=True,
                                         track_stock=True)
partner = Partner.objects.create(name="The Mad Hatter & Co.")

PRODUCTS = [  # (category, title, price, stock, description)
    (teas, "Unbirthday Breakfast Tea", "6.50", 40,
     "A brisk black blend for the 364 days a year that are not your birthday."),
    (teas, "Mad Hatter's Earl Grey", "7.25", 25,
     "Bergamot and cornflower, best poured at six o'clock precisely."),
    (teas, "Dormouse Chamomile", "5.95", 30,
     "A gentle infusion for those who keep nodding off in the teapot."),
    (teas, "March Hare Mint", "5.50", 18, "Sharp peppermint leaves, picked at full moon in March."),
    (teas, "Treacle Well Rooibos", "6.10", 12, "Red bush tea with a spoonful of golden treacle."),
    (teas, "Caterpillar's Smoky Lapsang", "8.40", 9,
     "Pine-smoked leaves; said to clear the head for hard questions."),
    (teas, "Queen's Rose Darjeeling", "9.80", 15,
     "First-flush Darjeeling with red rose petals (painted, of course)."),
    (cakes, "Eat Me Fruit Cake", "12.00", 10,
     "A rich currant cake spelled out in currants. Makes you larger; mind your head."),
    (cakes, "Jam Tarts of the Queen of Hearts", "8.75", 24,
     "A dozen strawberry tarts, baked on a summer's day. Please do not steal."),
    (cakes, "Treacle Tart", "9.20", 6, "Golden syrup and breadcrumbs in shortcrust."),
    (cakes, "Bread-and-Butter-Fly Biscuits", "4.60", 35,
     "Butter biscuits shaped like the famous insect, with a sugar-lump head."),
    (cakes, "Rocking-Horse-Fly Shortbread", "4.95", 28, "All-butter shortbread, rocking gently."),
    (cakes, "Mock Turtle Soup Crackers", "3.80", 50, "Savoury crackers for beautiful soup."),
    (clocks, "White Rabbit Pocket Watch", "49.00", 5,
     "A silver-plated pocket watch. Runs exactly two days slow, so you will always be late."),
    (clocks, "Mad Hatter's Butter Clock", "35.50", 3,
     "Tells the day of the month but not the hour. Best butter included."),
    (clocks, "Six O'Clock Mantel Clock", "64.00", 2, "Stuck at tea-time, for ever."),
    (curios, "Drink Me Bottle", "14.50", 20,
     "A glass bottle with a paper label. Tastes of cherry tart, custard and hot buttered toast."),
    (curios, "Looking-Glass Hand Mirror", "22.00", 7, "Shows the room the other way about."),
    (curios, "Cheshire Cat Grin Night Light", "18.75", 11,
     "A glowing grin that stays when the rest of the cat has gone."),
    (curios, "Golden Key", "11.00", 14, "Opens a very small door, fifteen inches high."),
    (curios, "Caterpillar Hookah Vase", "27.30", 4, "A blue glass vase for mushrooms and flowers."),
    (curios, "Tweedle Twin Bookends", "31.00", 8, "Contrariwise: a pair that never agrees."),
    (games, "Flamingo Croquet Mallet", "24.50", 12, "Pink, long-necked and only slightly wilful."),
    (games, "Hedgehog Croquet Balls (set of 4)", "16.00", 9,
     "Roll when hit. Occasionally unroll and walk away."),
    (games, "Playing-Card Soldier Hoops", "19.90", 10, "Nine hoops that stand up straight."),
    (games, "Caucus-Race Starter Pistol", "7.70", 0,
     "Everybody has won, and all must have prizes. Out of stock until the race ends."),
]
COLOURS = ["#b84a62", "#3d6b8c", "#6b8c3d", "#8c6b3d", "#5d3d8c", "#3d8c7a"]

products = []
for i, (category, title, price, stock, description) in enumerate(PRODUCTS, 1):
    p = Product.objects.create(title=title, product_class=provisions, upc=f"WL{i:04d}",
                               description=f"<p>{description}</p>", structure="standalone",
                               rating=None)
    ProductCategory.objects.create(product=p, category=category)
    StockRecord.objects.create(product=p, partner=partner, partner_sku=f"HAT-{i:03d}",
                               price_currency="GBP", price=D(price), num_in_stock=stock)
    picture = Image.new("RGB", (400, 400), COLOURS[i % len(COLOURS)])
    ImageDraw.Draw(picture).text((20, 190), title, fill="white")
    data = BytesIO()
    picture.save(data, "PNG")
    image = ProductImage(product=p, caption=title, display_order=0)
    image.original.save(f"wl{i:04d}.png", ContentFile(data.getvalue()), save=True)
    products.append(p)
print(f"  {len(products)} products in {Category.objects.count()} categories")

# -- offers ----------------------------------------------------------------------------------
tea_range = Range.objects.create(name="All our teas", is_public=True)
tea_range.included_categories.add(teas)
ConditionalOffer.objects.create(
    name="Unbirthday Tea Sale", offer_type=ConditionalOffer.SITE,
    description="10% off every tea, every day that is not your birthday.",
    condition=Condition.objects.create(range=tea_range, type=Condition.COUNT, value=1),
    benefit=Benefit.objects.create(range=tea_range, type=Benefit.PERCENTAGE, value=10))
everything = Range.objects.create(name="Everything", includes_all_products=True)
voucher_offer = ConditionalOffer.objects.create(
    name="Curiouser voucher", offer_type=ConditionalOffer.VOUCHER,
    condition=Condition.objects.create(range=everything, type=Condition.VALUE, value=D("10.00")),
    benefit=Benefit.objects.create(range=everything, type=Benefit.FIXED, value=D("5.00")))
now = timezone.now()
voucher = Voucher.objects.create(name="Curiouser and curiouser", code="CURIOUSER",
                                 usage=Voucher.MULTI_USE, start_datetime=now - dt.timedelta(days=30),
                                 end_datetime=now + dt.timedelta(days=3650))
voucher.offers.add(voucher_offer)

about = FlatPage.objects.create(url="/about/", title="About Wonderland Provisions", content=(
    "<p>Wonderland Provisions has supplied tea parties, croquet grounds and curious households "
    "since 1865. Our teas are blended by the Hatter himself, our cakes are baked in the "
    "Duchess's kitchen (with rather less pepper), and every clock is guaranteed to say "
    "six o'clock.</p><p>Orders are packed by the Dormouse and delivered by the White Rabbit, "
    "who is never as late as he fears. Questions? Write to shop@wonderland.test.</p>"))
about.sites.add(site)

# -- people ----------------------------------------------------------------------------------
alice = User.objects.create_user("alice", "alice@wonderland.test", PASSWORD,
                                 first_name="Alice", last_name="Liddell")
User.objects.create_superuser("dinah", "dinah@wonderland.test", PASSWORD,
                              first_name="Dinah", last_name="Cat")
gb = Country.objects.get(iso_3166_1_a2="GB")
home = dict(title="Miss", first_name="Alice", last_name="Liddell", line1="7 Rabbit Hole Lane",
            line4="Oxford", postcode="OX1 1DP", country=gb, phone_number="+441865000042")
UserAddress.objects.create(user=alice, is_default_for_shipping=True,
                           is_default_for_billing=True, **home)
UserAddress.objects.create(user=alice, title="Miss", first_name="Alice", last_name="Liddell",
                           line1="The Looking-Glass House", line2="2 Chessboard Row",
                           line4="Daresbury", postcode="WA4 4AB", country=gb)
wishes = WishList.objects.create(owner=alice, name="Unbirthday wishes")
for p in (products[13], products[18], products[7]):
    wishes.add(p)

for p, user, score, title, body in [
    (products[1], alice, 5, "Perfect at six o'clock", "Strong, fragrant and never runs out."),
    (products[1], None, 3, "Rather too much bergamot", "The Dormouse fell asleep in it."),
]:
    ProductReview.objects.create(product=p, user=user, name="" if user else "Dormouse",
                                 email="" if user else "dormouse@wonderland.test", score=score,
                                 title=title, body=body, status=ProductReview.APPROVED)
for p in Product.objects.all():
    p.update_rating()

# alice's past order: two teas and a pocket watch, dispatched
basket = Basket.objects.create(owner=alice)
basket.strategy = Selector().strategy(user=alice)
basket.add_product(products[0], 2)
basket.add_product(products[1], 1)
basket.add_product(products[13], 1)
shipping = Standard()
charge = shipping.calculate(basket)
order = OrderCreator().place_order(
    basket=basket, total=OrderTotalCalculator().calculate(basket, charge), user=alice,
    shipping_method=shipping, shipping_charge=charge, order_number="100042",
    shipping_address=ShippingAddress.objects.create(**home), status="Dispatched")
basket.set_as_submitted()
placed = now.replace(year=now.year - 1, month=3, day=14, hour=16, minute=0)
Order.objects.filter(pk=order.pk).update(date_placed=placed)
order.lines.update(status="Dispatched")
print(f"  users {', '.join(User.objects.values_list('username', flat=True))}; "
      f"order {order.number} {order.total_incl_tax} {order.currency}")
