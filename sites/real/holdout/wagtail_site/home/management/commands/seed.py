"""Seed the Wonderland Tea House: users, images, documents and pages (run on a fresh DB)."""

import datetime
import io
import os
import secrets

from django.contrib.auth.models import Group
from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.core.files.images import ImageFile
from django.core.management.base import BaseCommand
from PIL import Image as PILImage, ImageDraw
from wagtail.documents.models import Document
from wagtail.images.models import Image
from wagtail.models import Page, PageViewRestriction, Site

from blog.models import BlogIndexPage, BlogPage
from home.models import ContactFormField, ContactPage, HomePage, StandardPage, Supplier


def png(color, label):
    im = PILImage.new("RGB", (640, 400), color)
    ImageDraw.Draw(im).text((20, 20), label, fill="white")
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


def paras(*texts):
    return "".join(f"<p>{t}</p>" for t in texts)


POSTS = [
    (
        "How to brew the perfect pot of Darjeeling",
        datetime.date(2024, 3, 2),
        "Alice",
        "Three minutes, water just off the boil, and a warmed pot: our house method.",
        [
            "Darjeeling is a delicate black tea from the foothills of the Himalayas, and it "
            "rewards a little care. Warm the pot first with a splash of hot water, then pour it away.",
            "Use one level teaspoon of leaves per cup and one for the pot. The water should be "
            "just off the boil, around 90 degrees, because boiling water flattens the muscatel flavour.",
            "Steep for three minutes, no longer. Pour the whole pot at once so the leaves do not "
            "go on brewing, and serve without milk.",
        ],
    ),
    (
        "A short history of the Mad Hatter's tea party",
        datetime.date(2024, 4, 18),
        "Bob",
        "Why it is always six o'clock at our tea house, and where the tradition comes from.",
        [
            "In Lewis Carroll's story the Hatter quarrelled with Time, and ever since it has "
            "been six o'clock, always tea-time, with no time to wash the things between whiles.",
            "We borrowed the idea for our opening hours: the kettle is on from six in the "
            "morning, and there is always a clean cup at the end of the table.",
            "The party's famous riddle, why is a raven like a writing-desk, has no answer. "
            "Guests who find one get a free scone.",
        ],
    ),
    (
        "Matcha: whisking without lumps",
        datetime.date(2024, 5, 9),
        "Alice",
        "Sift the powder, use cooler water and whisk in a zigzag.",
        [
            "Matcha is a powdered green tea. Because the whole leaf is drunk, lumps are "
            "unpleasant: sift two scoops of powder into the bowl first.",
            "Add a little water at 80 degrees and make a paste, then add the rest. Whisk "
            "briskly in a W or M shape rather than in circles until a fine foam forms.",
        ],
    ),
    (
        "Our new oolong from Taiwan",
        datetime.date(2024, 6, 21),
        "Carol",
        "A high-mountain oolong joins the menu this summer.",
        [
            "Oolong sits between green and black tea: the leaves are partly oxidised, rolled "
            "and roasted. Our new tea comes from a small garden at 1,600 metres.",
            "It can be steeped five or six times. Each infusion tastes a little different, "
            "from orchid and butter at first to stone fruit later on.",
        ],
    ),
    (
        "Scones, jam and the cream question",
        datetime.date(2024, 7, 30),
        "Bob",
        "Cream first or jam first? We asked our guests.",
        [
            "Every summer the same argument breaks out at the long table: should the clotted "
            "cream go on the scone before the jam, or after it?",
            "We counted for a month. Jam first won by a small margin, but the Dormouse slept "
            "through the vote, so the matter remains open.",
        ],
    ),
]


class Command(BaseCommand):
    help = "Seed users, images, documents and pages of the Wonderland Tea House"

    def handle(self, *args, **options):
        User = get_user_model()
        password = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
        alice = User.objects.create_superuser(
            "alice", "alice@wonderland.test", password, first_name="Alice", last_name="Liddell"
        )
        bob = User.objects.create_user(
            "bob", "bob@wonderland.test", secrets.token_hex(12), first_name="Bob", last_name="Hatter"
        )
        bob.groups.add(Group.objects.get(name="Editors"))
        carol = User.objects.create_user(
            "carol", "carol@wonderland.test", secrets.token_hex(12), first_name="Carol", last_name="March"
        )
        carol.groups.add(Group.objects.get(name="Moderators"))

        images = {}
        for key, title, color in [
            ("pot", "Teapot on the long table", "#7a4e2d"),
            ("garden", "Tea garden in Darjeeling", "#2f6b3a"),
            ("matcha", "Bowl of matcha", "#6b8e23"),
            ("scones", "Scones with jam and cream", "#b5651d"),
        ]:
            img = Image(title=title, uploaded_by_user=alice)
            img.file = ImageFile(io.BytesIO(png(color, title)), name=f"{key}.png")
            img.save()
            images[key] = img
        images["scones"].tags.add("food")
        images["pot"].tags.add("tea")
        for title, name, content in [
            ("Tea menu (printable)", "tea-menu.txt", "Wonderland Tea House - tea menu\nDarjeeling 3.50\nAssam 3.00\nMatcha 4.50\n"),
            ("Price list 2024", "prices-2024.csv", "item,price\nDarjeeling,3.50\nAssam,3.00\nMatcha,4.50\nScone,2.50\n"),
            ("Allergen information", "allergens.txt", "Our scones contain wheat, milk and eggs.\n"),
        ]:
            doc = Document(title=title, uploaded_by_user=alice)
            doc.file = ContentFile(content.encode(), name=name)
            doc.save()

        root = Page.get_first_root_node()
        # The core migrations create a "Welcome to your new Wagtail site!" page: replace it.
        for old in root.get_children():
            old.delete()
        root = Page.get_first_root_node()

        def publish(page, user=alice):
            page.save_revision(user=user).publish(user=user)
            return page

        home = root.add_child(
            instance=HomePage(
                title="Welcome to the Wonderland Tea House",
                slug="home",
                intro=paras("Teas from everywhere, served at one very long table."),
                body=paras(
                    "We are a small tea house with a large menu: black, green and oolong teas, "
                    "matcha whisked to order and scones baked every morning.",
                    "Read <a href=\"/blog/\">our blog</a> for brewing tips, see the "
                    "<a href=\"/tea-menu/\">tea menu</a> or <a href=\"/contact/\">get in touch</a>.",
                ),
            )
        )
        publish(home)
        Site.objects.all().delete()
        Site.objects.create(
            hostname="localhost", port=80, root_page=home, is_default_site=True,
            site_name="Wonderland Tea House",
        )

        about = home.add_child(
            instance=StandardPage(
                title="About us",
                slug="about",
                show_in_menus=True,
                intro="A tea house that has been open at six o'clock for as long as anyone remembers.",
                body=[
                    ("paragraph", paras(
                        "The Wonderland Tea House was founded by a hatter, a hare and a very "
                        "sleepy dormouse who could not agree on anything except tea.",
                        "Today we serve more than thirty teas from India, China, Japan, Taiwan "
                        "and Sri Lanka, all bought directly from the gardens.")),
                    ("heading", "Our people"),
                    ("paragraph", paras(
                        "Alice runs the tea house and writes most of the blog. Bob bakes. "
                        "Carol buys the teas and travels to the gardens every spring.")),
                    ("image", images["pot"]),
                ],
            )
        )
        publish(about)

        menu = home.add_child(
            instance=StandardPage(
                title="Tea menu",
                slug="tea-menu",
                show_in_menus=True,
                intro="What we pour, where it comes from and what it costs.",
                body=[
                    ("paragraph", paras("All teas are served by the pot, for one or for two.")),
                    ("table", {
                        "data": [
                            ["Tea", "Type", "Origin", "Pot for one", "Pot for two"],
                            ["Darjeeling first flush", "Black", "India", "3.50", "6.00"],
                            ["Assam", "Black", "India", "3.00", "5.50"],
                            ["Sencha", "Green", "Japan", "3.50", "6.00"],
                            ["Matcha (whisked)", "Green", "Japan", "4.50", "8.00"],
                            ["High-mountain oolong", "Oolong", "Taiwan", "4.00", "7.00"],
                            ["Earl Grey", "Flavoured black", "Blend", "3.00", "5.50"],
                        ],
                        "first_row_is_table_header": True,
                        "first_col_is_header": False,
                        "table_caption": "Teas and prices (pounds)",
                    }),
                    ("heading", "Something to eat"),
                    ("paragraph", paras(
                        "Scones with jam and clotted cream, 2.50. Treacle tart, 3.00. "
                        "Bread and butter, 1.50.")),
                ],
            )
        )
        publish(menu)

        blog = home.add_child(
            instance=BlogIndexPage(
                title="Blog",
                slug="blog",
                show_in_menus=True,
                intro=paras("News from the tea house, brewing tips and the occasional riddle."),
            )
        )
        publish(blog)
        users = {"Alice": alice, "Bob": bob, "Carol": carol}
        feed = [images["garden"], None, images["matcha"], None, images["scones"]]
        for (title, date, author, intro, body), image in zip(POSTS, feed):
            post = blog.add_child(
                instance=BlogPage(
                    title=title,
                    slug=title.lower().replace("'", "").replace(":", "").replace(",", "").replace(" ", "-"),
                    date=date,
                    author=author,
                    intro=intro,
                    body=paras(*body),
                    feed_image=image,
                )
            )
            publish(post, users[author] if users[author].is_superuser else alice)
        # A second revision of one post (by bob), so its history has two entries.
        post = BlogPage.objects.get(slug="matcha-whisking-without-lumps")
        post.body += paras("Clean the whisk in warm water straight away and let it dry on a stand.")
        post.save_revision(user=bob).publish(user=alice)
        # A draft that was never published.
        draft = blog.add_child(
            instance=BlogPage(
                title="Autumn menu preview",
                slug="autumn-menu-preview",
                date=datetime.date(2024, 9, 1),
                author="Carol",
                intro="Roasted teas and pumpkin scones are coming.",
                body=paras("Draft: list the autumn teas here."),
                live=False,
            )
        )
        draft.save_revision(user=alice)

        visit = home.add_child(
            instance=StandardPage(
                title="Visit us",
                slug="visit",
                show_in_menus=True,
                intro="Find the tea house and know when we are open.",
                body=[
                    ("paragraph", paras(
                        "We are at 7 Rabbit Hole Lane, behind the croquet lawn. Follow the "
                        "white rabbit signs from the station; it is a five-minute walk.",
                        "There is no parking, but the Cheshire Cat will happily point you to "
                        "the nearest car park, or in several directions at once.")),
                    ("heading", "Opening hours"),
                    ("paragraph", paras(
                        "Every day from six o'clock in the morning to six o'clock in the "
                        "evening. Groups of more than eight, please book ahead.")),
                ],
            )
        )
        publish(visit)

        contact = home.add_child(
            instance=ContactPage(
                title="Contact us",
                slug="contact",
                show_in_menus=True,
                intro=paras("Questions, bookings for groups or praise for the scones: write to us."),
                thank_you_text=paras("Thank you for your message. We will answer within two days."),
            )
        )
        for order, (label, ftype, required) in enumerate(
            [("Your name", "singleline", True), ("Your email", "email", True),
             ("Subject", "singleline", False), ("Message", "multiline", True)]
        ):
            ContactFormField.objects.create(
                page=contact, sort_order=order, label=label, field_type=ftype, required=required
            )
        publish(contact)

        members = home.add_child(
            instance=StandardPage(
                title="Members' corner",
                slug="members",
                show_in_menus=True,
                intro="Tasting notes and discounts for members of the tea club.",
                body=[("paragraph", paras("Members get a free pot on their birthday."))],
            )
        )
        publish(members)
        PageViewRestriction.objects.create(page=members, restriction_type=PageViewRestriction.LOGIN)

        for name, country, region, since, teas, website in [
            ("Glenburn Estate", "India", "Darjeeling", 2012, "Darjeeling first and second flush", "https://glenburn.example"),
            ("Halmari Gardens", "India", "Assam", 2014, "Assam, golden tips", ""),
            ("Uji Matcha Cooperative", "Japan", "Kyoto", 2016, "Ceremonial matcha, sencha", "https://uji-coop.example"),
            ("Alishan Mountain Tea", "Taiwan", "Chiayi", 2024, "High-mountain oolong", ""),
            ("Bergamot & Sons", "United Kingdom", "London", 2010, "Earl Grey blend", ""),
        ]:
            Supplier.objects.create(name=name, country=country, region=region, since=since,
                                    teas=teas, website=website)

        self.stdout.write(
            f"seeded {Page.objects.count() - 1} pages, {Image.objects.count()} images, "
            f"{Document.objects.count()} documents, {Supplier.objects.count()} suppliers, "
            "users alice (superuser), bob, carol"
        )
