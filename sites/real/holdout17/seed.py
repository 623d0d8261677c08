"""Seed django CMS for sites/real/holdout17: users and a small Wonderland site of pages.

Run by `setup` with django CMS's venv, from the project directory (DJANGO_SETTINGS_MODULE is
wonderland.settings). It goes through Django's ORM and django CMS's own Python API
(`cms.api.create_page`, `add_plugin`), so every row is made as the CMS makes it.

- Users: `alice` (the agent's password from WEBAGENT_REAL_PASSWORD; staff, in the group
  "Editors", which may add, change and delete pages, their contents and plugins, and view (not
  change) users), `queen` (superuser, random password), `hatter` and `dormouse` (staff, random
  passwords) and `rabbit` (not staff).
- Pages (template "Page with a sidebar menu" unless said): Home (full width), About the Gazette,
  News with three news pages under it, Characters with four character pages under it, Places with
  two, Contact, "Members' notices" (for signed-in users only) and "Unfinished draft" (not in the
  menu). Each has one or more text plugins.
"""

from __future__ import annotations

import os
import secrets

import django

django.setup()

from django.contrib.auth.models import Group, Permission, User  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from django.db import transaction  # noqa: E402

from cms.api import add_plugin, create_page  # noqa: E402

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")

Site.objects.filter(pk=1).update(domain="127.0.0.1", name="The Wonderland Gazette")

# -- users ---------------------------------------------------------------------------------------
queen = User.objects.create_superuser("queen", "queen@wonderland.example.org", secrets.token_urlsafe(16),
                                      first_name="Queen", last_name="of Hearts")
editors = Group.objects.create(name="Editors")
codenames = [
    f"{action}_{model}"
    for model in ("page", "pagecontent", "placeholder", "text", "staticplaceholder", "pageurl")
    for action in ("add", "change", "delete", "view")
] + ["view_user", "use_structure", "view_group"]
editors.permissions.set(Permission.objects.filter(codename__in=codenames))
alice = User.objects.create_user("alice", "alice@wonderland.example.org", PASSWORD,
                                 first_name="Alice", last_name="Liddell", is_staff=True)
alice.groups.add(editors)
for name, first, last, staff in [("hatter", "Mad", "Hatter", True), ("dormouse", "The", "Dormouse", True),
                                 ("rabbit", "White", "Rabbit", False)]:
    u = User.objects.create_user(name, f"{name}@wonderland.example.org", secrets.token_urlsafe(16),
                                 first_name=first, last_name=last, is_staff=staff)
    if staff:
        u.groups.add(editors)


# -- pages ---------------------------------------------------------------------------------------
def page(title, paragraphs, *, parent=None, template="page.html", menu=True, slug=None, by=queen,
         description=None):
    p = create_page(title, template, "en", parent=parent, in_navigation=menu, slug=slug,
                    created_by=by, meta_description=description)
    content = p.get_admin_content("en")
    placeholder = content.rescan_placeholders()["content"]
    html = "".join(paragraphs)
    add_plugin(placeholder, "TextPlugin", "en", body=html)
    return p


home = page("Home", [
    "<h1>The Wonderland Gazette</h1>",
    "<p>News, notices and portraits from the far side of the rabbit-hole, published whenever the "
    "Queen is in a good mood (which is to say, rarely).</p>",
    "<h2>This week</h2>",
    "<p>The Mad Tea-Party enters its three hundredth consecutive hour; the Queen's croquet "
    "tournament is postponed after the flamingos walked out; and the Duchess's cook denies "
    "everything about the pepper.</p>",
    "<p>Read the <a href=\"/news/\">latest news</a>, meet the <a href=\"/characters/\">characters</a> "
    "or find your way around the <a href=\"/places/\">places</a> of Wonderland.</p>",
], template="fullwidth.html", slug="home")
with transaction.atomic():
    home.set_as_homepage(queen)
page("About the Gazette", [
    "<h1>About the Gazette</h1>",
    "<p>The Wonderland Gazette was founded by the White Rabbit, who was always late with it, and "
    "is now edited by Alice, who is usually on time but frequently the wrong size.</p>",
    "<p>It is printed on playing cards, one article per card, and delivered by the Gryphon. "
    "Letters to the editor may be left with the Caterpillar, who will ask who you are.</p>",
    "<h2>Editorial policy</h2>",
    "<p>We print nothing that is not true, except on Thursdays. Corrections are made by "
    "painting the roses red.</p>",
])
news = page("News", [
    "<h1>News</h1>",
    "<p>The latest from Wonderland, newest first. Pages for each story are listed in the menu.</p>",
    "<ul><li><a href=\"/news/croquet-postponed/\">Croquet tournament postponed</a></li>"
    "<li><a href=\"/news/tarts-stolen/\">Tarts stolen from the royal kitchen</a></li>"
    "<li><a href=\"/news/tea-party-record/\">Tea-party sets a new record</a></li></ul>",
])
page("Croquet tournament postponed", [
    "<h1>Croquet tournament postponed</h1>",
    "<p><em>By our sports correspondent, the Dodo.</em></p>",
    "<p>The Queen's annual croquet tournament was postponed on Tuesday after the flamingos, used "
    "as mallets, walked off the ground in protest at their working conditions. The hedgehogs "
    "who serve as balls expressed solidarity by rolling away.</p>",
    "<p>Her Majesty ordered the beheading of the entire tournament committee, a sentence the "
    "King quietly pardoned before lunch.</p>",
], parent=news, slug="croquet-postponed")
page("Tarts stolen from the royal kitchen", [
    "<h1>Tarts stolen from the royal kitchen</h1>",
    "<p>A plate of tarts made by the Queen of Hearts on a summer's day was taken from the royal "
    "kitchen. The Knave of Hearts has been arrested and will stand trial before the King.</p>",
    "<p>Witnesses include the Hatter, the Duchess's cook and a certain Alice, who is reported to "
    "have grown considerably during the proceedings.</p>",
], parent=news, slug="tarts-stolen")
page("Tea-party sets a new record", [
    "<h1>Tea-party sets a new record</h1>",
    "<p>The tea-party at the March Hare's house has now gone on without a break since the Hatter "
    "quarrelled with Time. The table has been moved round so often that every cup is dirty.</p>",
], parent=news, slug="tea-party-record")
characters = page("Characters", [
    "<h1>Characters</h1>",
    "<p>Who is who in Wonderland. Each character has a page of their own.</p>",
])
for title, slug, text in [
    ("Alice", "alice", "A curious girl who followed a White Rabbit down a rabbit-hole and has been "
     "changing size ever since. Editor of this Gazette."),
    ("The Cheshire Cat", "cheshire-cat", "A grinning cat that appears and vanishes at will, "
     "sometimes leaving only the grin. Gives directions that are correct but unhelpful."),
    ("The Mad Hatter", "hatter", "A hatter stuck at six o'clock, and therefore at tea-time, for "
     "ever. Asks riddles that have no answers."),
    ("The Queen of Hearts", "queen-of-hearts", "The ruler of Wonderland, fond of croquet and of "
     "ordering executions, which are seldom carried out."),
]:
    page(title, [f"<h1>{title}</h1>", f"<p>{text}</p>"], parent=characters, slug=slug)
places = page("Places", ["<h1>Places</h1>", "<p>Where things happen in Wonderland.</p>"])
page("The Rabbit-Hole", [
    "<h1>The Rabbit-Hole</h1>",
    "<p>A very deep well lined with cupboards and book-shelves, maps and pictures hung upon pegs. "
    "The fall is long enough to wonder what will happen next.</p>",
], parent=places, slug="rabbit-hole")
page("The Queen's Croquet-Ground", [
    "<h1>The Queen's Croquet-Ground</h1>",
    "<p>All ridges and furrows. The rose-tree at its entrance bears white roses, painted red by "
    "three anxious gardeners.</p>",
], parent=places, slug="croquet-ground")
page("Contact", [
    "<h1>Contact</h1>",
    "<p>Write to the Gazette care of the White Rabbit's house, or leave a note with the "
    "Caterpillar on the mushroom. We read all letters, eventually.</p>",
])
notices = page("Members' notices", [
    "<h1>Members' notices</h1>",
    "<p>For the Gazette's staff only: the printing press (a very large pack of cards) will be "
    "reshuffled on Friday. Please do not leave tarts in the newsroom.</p>",
], slug="notices")
notices.login_required = True
notices.save()
page("Unfinished draft", [
    "<h1>Unfinished draft</h1>",
    "<p>Notes for a piece on the Mock Turtle's schooling: Reeling, Writhing, and the different "
    "branches of Arithmetic.</p>",
], menu=False, slug="draft", by=alice)
print("seeded:", User.objects.count(), "users,", __import__("cms.models", fromlist=["Page"]).Page.objects.count(), "pages")
