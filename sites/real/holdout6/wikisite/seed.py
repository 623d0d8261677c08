"""Seed the holdout6 django-wiki with the "Wonderland Field Guide": run by ../setup on an empty,
freshly migrated database (python seed.py, from this folder, with the venv's python).

Users: queen (superuser, owner of the root and of the restricted pages), alice (an ordinary
user, password from WEBAGENT_REAL_PASSWORD, default wonderland-42) and hatter (an ordinary
user). Articles: the root and 14 below it in a small hierarchy, with paragraphs, headings, a
table, wiki links between them, an image and an attachment; the Mad Hatter's page has five
revisions (history and diffs); "Royal Decrees" is read-only for everyone but the queen, "The
Queen's Secret Garden" is unreadable for everyone but her, and "Looking-Glass House" is
deleted.
"""

import io
import os
from datetime import UTC, datetime, timedelta

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wikisite.settings")
django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from django.core.files.base import ContentFile  # noqa: E402
from PIL import Image as PILImage  # noqa: E402
from PIL import ImageDraw  # noqa: E402
from wiki.models import Article, ArticleRevision, URLPath  # noqa: E402
from wiki.plugins.attachments.models import Attachment, AttachmentRevision  # noqa: E402
from wiki.plugins.images.models import Image, ImageRevision  # noqa: E402

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
# revisions are dated 7 hours apart from about two weeks before the setup
START = (datetime.now(UTC) - timedelta(days=14)).replace(minute=0, second=0, microsecond=0)
clock = iter(START + timedelta(hours=7 * i) for i in range(1000))


def dated(revision: ArticleRevision) -> None:
    """Give a revision its own past date (auto_now fields cannot be set on save)."""
    when = next(clock)
    ArticleRevision.objects.filter(pk=revision.pk).update(created=when, modified=when)


site = Site.objects.get_current()
site.domain, site.name = "127.0.0.1", "Wonderland Field Guide"
site.save()

queen = User.objects.create_superuser("queen", "queen@wonderland.example", "off-with-their-heads")
alice = User.objects.create_user(
    "alice", "alice@wonderland.example", PASSWORD, first_name="Alice", last_name="Liddell"
)
hatter = User.objects.create_user("hatter", "hatter@wonderland.example", "ten-and-sixpence")


def page(parent, slug, title, content, *, user=queen, message="New page", **article):
    path = URLPath.create_urlpath(
        parent,
        slug,
        title=title,
        content=content,
        user=user,
        user_message=message,
        article_kwargs={"owner": user, **article},
    )
    dated(path.article.current_revision)
    return path


def revise(path, content, user, message, *, title=None, deleted=False):
    """Add a revision to the page at `path`, as the wiki's edit (or delete) view does."""
    article = path.article
    revision = ArticleRevision()
    revision.inherit_predecessor(article)
    revision.content, revision.user, revision.user_message = content, user, message
    revision.title = title or revision.title
    revision.deleted = deleted
    article.add_revision(revision)
    dated(revision)
    return revision


# -- the root -------------------------------------------------------------------------------------
root = URLPath.create_root(
    site=site,
    title="Wonderland Field Guide",
    content="""\
Welcome to the **Wonderland Field Guide**, a small wiki kept by the residents of Wonderland
for travellers who have fallen down the rabbit hole and would like to find their way about.

## Where to start

* [Places of Wonderland](/places/): the rabbit hole, the tea party, the croquet ground.
* [Characters](/characters/): who is who, and whom to avoid before breakfast.
* [Poems and Songs](/poems/): verses recited, sung or misremembered along the way.
* [Royal Decrees](/royal-decrees/): the rules of the realm, kept by the Queen.

## House rules

Anyone may read this guide. To change a page, sign in first; every change is kept in the
page's history, so nothing is ever truly lost (except, occasionally, one's head).

> "Begin at the beginning," the King said, very gravely, "and go on till you come to the
> end: then stop."
""",
    user=queen,
    user_message="Founded the guide",
)
root.article.owner = queen
root.article.save()
dated(root.article.current_revision)

# -- places ---------------------------------------------------------------------------------------
places = page(
    root,
    "places",
    "Places of Wonderland",
    """\
Wonderland is larger on the inside than it looks from the riverbank. These pages describe the
places a traveller is most likely to pass through.

## Places

| Place | Reached by | Danger |
| --- | --- | --- |
| [The Rabbit Hole](/places/rabbit-hole/) | falling | low |
| [The Mad Tea Party](/places/tea-party/) | walking east | moderate (riddles) |
| [The Queen's Croquet Ground](/places/croquet-ground/) | a small door | high |

See also the [Characters](/characters/) you may meet there.
""",
)

page(
    places,
    "rabbit-hole",
    "The Rabbit Hole",
    """\
The rabbit hole went straight on like a tunnel for some way, and then dipped suddenly down,
so suddenly that there is no time to think about stopping oneself.

## The fall

The walls are lined with cupboards and book-shelves; here and there are maps and pictures hung
upon pegs. Travellers report that the fall lasts long enough to wonder whether one will fall
right *through* the earth.

## At the bottom

A long, low hall lit by a row of lamps, with doors all round it, all locked. A little
three-legged table of solid glass holds a tiny golden key and, later, a bottle labelled
**DRINK ME**. The [White Rabbit](/characters/white-rabbit/) is often seen hurrying through.
""",
)

tea_party = page(
    places,
    "tea-party",
    "The Mad Tea Party",
    """\
A table set out under a tree in front of the March Hare's house, where it is always six
o'clock and therefore always tea-time.

## Guests

| Guest | Seat | Known for |
| --- | --- | --- |
| [The Mad Hatter](/characters/mad-hatter/) | head of the table | riddles without answers |
| The March Hare | beside the Hatter | offering wine that is not there |
| The Dormouse | between them, asleep | treacle-well stories |
| Alice | an arm-chair at one end | asking why |

## Etiquette

There is plenty of room, but the guests will cry "No room! No room!" all the same. Move one
place on whenever clean cups are wanted. Do not ask why a raven is like a writing-desk unless
you have a great deal of time.

The menu is attached to this page (see *Attachments*).
""",
    user=alice,
)

page(
    places,
    "croquet-ground",
    "The Queen's Croquet Ground",
    """\
The Queen's croquet ground is the most dangerous lawn in Wonderland: the balls are live
hedgehogs, the mallets live flamingoes, and the soldiers double themselves up to make the
arches.

## Rules of play

1. Players all play at once, without waiting for turns.
2. Quarrelling is constant; the [Queen of Hearts](/characters/queen-of-hearts/) settles every
   dispute the same way.
3. A hedgehog that wanders off is not a lost ball.

## Scoring

Nobody has ever finished a game, so scoring is a matter of opinion (the Queen's).
""",
)

looking_glass = page(
    places,
    "looking-glass-house",
    "Looking-Glass House",
    """\
The house on the other side of the drawing-room mirror, where everything goes the other way.
""",
    user=alice,
    message="A start",
)

# -- characters -----------------------------------------------------------------------------------
characters = page(
    root,
    "characters",
    "Characters",
    """\
The people (and animals, and playing cards) of Wonderland, in order of appearance.

* [The White Rabbit](/characters/white-rabbit/): always late.
* [The Cheshire Cat](/characters/cheshire-cat/): always grinning.
* [The Mad Hatter](/characters/mad-hatter/): always at tea.
* [The Queen of Hearts](/characters/queen-of-hearts/): always furious.
""",
)

page(
    characters,
    "white-rabbit",
    "The White Rabbit",
    """\
A white rabbit with pink eyes, a waistcoat-pocket and a watch to take out of it. He is the
reason most travellers arrive in Wonderland at all.

## Habits

He hurries. He mutters "Oh dear! Oh dear! I shall be too late!" He drops his white kid gloves
and his fan, and sends whoever is nearest to fetch fresh ones from his house.

## Position

Herald to the King and Queen of Hearts: he reads the accusation at the trial of the Knave.
""",
    user=alice,
)

cat = page(characters, "cheshire-cat", "The Cheshire Cat", "Placeholder", user=alice)
picture = PILImage.new("RGB", (240, 160), (120, 60, 160))
drawing = ImageDraw.Draw(picture)
drawing.arc((50, 30, 190, 140), start=20, end=160, fill=(255, 230, 80), width=8)
drawing.ellipse((80, 50, 100, 70), fill=(255, 230, 80))
drawing.ellipse((140, 50, 160, 70), fill=(255, 230, 80))
png = io.BytesIO()
picture.save(png, "PNG")
image = Image(article=cat.article)
image.add_revision(
    ImageRevision(image=ContentFile(png.getvalue(), name="cheshire-grin.png"), user=alice),
    save=True,
)
when = next(clock)
ImageRevision.objects.filter(pk=image.current_revision.pk).update(created=when, modified=when)
Image.objects.filter(pk=image.pk).update(created=when)
revise(
    cat,
    f"""\
[image:{image.id} align:right]

A large cat with a grin that stretches from ear to ear, who lives in the Duchess's kitchen
and, when it pleases him, in the trees of the wood.

## Vanishing

The Cat can vanish quite slowly, beginning with the end of the tail and ending with the grin,
which remains some time after the rest has gone. The Queen once ordered his execution, but
nobody could agree whether a head without a body can be cut off.

## Directions

Asked which way to go, he answers that it depends a good deal on where you want to get to. He
points the way to the [Mad Hatter](/characters/mad-hatter/) and the March Hare alike.
""",
    alice,
    "Added the picture and the text",
)

hatter_page = page(
    characters,
    "mad-hatter",
    "The Mad Hatter",
    """\
A hatter who goes to tea.
""",
    user=hatter,
    message="New page",
)
revise(
    hatter_page,
    """\
A hatter who is always at tea, because it is always six o'clock.

## Riddles

He asks why a raven is like a writing-desk.
""",
    hatter,
    "Riddles",
)
revise(
    hatter_page,
    """\
A hatter who is always at tea, because it is always six o'clock since he quarrelled with Time.

## Riddles

He asks why a raven is like a writing-desk, and admits he hasn't the slightest idea.

## At the tea party

He hosts the [Mad Tea Party](/places/tea-party/) with the March Hare and the Dormouse.
""",
    alice,
    "Quarrel with Time; link to the tea party",
)
revise(
    hatter_page,
    """\
A hatter who is always at tea, because it is always six o'clock since he quarrelled with Time
at the Queen's great concert.

## Riddles

He asks why a raven is like a writing-desk, and admits he hasn't the slightest idea.

## At the tea party

He hosts the [Mad Tea Party](/places/tea-party/) with the March Hare and the Dormouse, and
keeps a watch that tells the day of the month but not the hour.

## At the trial

Called as the first witness at the trial of the Knave of Hearts, he arrives with a teacup in
one hand and a piece of bread-and-butter in the other.
""",
    queen,
    "The trial",
    title="The Hatter",
)
revise(
    hatter_page,
    """\
A hatter who is always at tea, because it is always six o'clock since he quarrelled with Time
at the Queen's great concert, where he sang "Twinkle, twinkle, little bat".

## Riddles

He asks why a raven is like a writing-desk, and admits he hasn't the slightest idea.

## At the tea party

He hosts the [Mad Tea Party](/places/tea-party/) with the March Hare and the Dormouse, and
keeps a watch that tells the day of the month but not the hour. He puts butter in it (the
*best* butter).

## At the trial

Called as the first witness at the trial of the Knave of Hearts, he arrives with a teacup in
one hand and a piece of bread-and-butter in the other.
""",
    alice,
    "The watch, the concert; back to the old title",
    title="The Mad Hatter",
)

page(
    characters,
    "queen-of-hearts",
    "The Queen of Hearts",
    """\
The ruler of Wonderland, a playing card of a most violent temper. Her one way of settling all
difficulties, great or small, is "Off with his head!" (the King quietly pardons everyone
afterwards).

## Pastimes

* Croquet on her [croquet ground](/places/croquet-ground/).
* Trials, with sentence first and verdict afterwards.
* Issuing [Royal Decrees](/royal-decrees/).
""",
)

# -- poems ----------------------------------------------------------------------------------------
poems = page(
    root,
    "poems",
    "Poems and Songs",
    """\
Verses heard in Wonderland and beyond the looking-glass.

* [Jabberwocky](/poems/jabberwocky/)
""",
    user=alice,
)

page(
    poems,
    "jabberwocky",
    "Jabberwocky",
    """\
'Twas brillig, and the slithy toves
Did gyre and gimble in the wabe:
All mimsy were the borogoves,
And the mome raths outgrabe.

## Glossary

| Word | Meaning (according to Humpty Dumpty) |
| --- | --- |
| brillig | four o'clock in the afternoon |
| slithy | lithe and slimy |
| toves | something like badgers, lizards and corkscrews |
| mimsy | flimsy and miserable |

## About the poem

Found by Alice in a looking-glass book, written backwards, and read by holding it up to a
mirror. She thought it very pretty, but rather hard to understand.
""",
    user=alice,
)

# -- pages of the Queen's that others may not change or see ---------------------------------------
page(
    root,
    "royal-decrees",
    "Royal Decrees",
    """\
By order of Her Majesty the Queen of Hearts. These decrees may be read by all and changed by
none but the Queen.

## Rule Forty-two

All persons more than a mile high to leave the court.

## On roses

All roses in the royal gardens shall be red. Gardeners found painting white roses red are to
be dealt with at once.
""",
    other_write=False,
    group_write=False,
)

page(
    root,
    "secret-garden",
    "The Queen's Secret Garden",
    """\
Her Majesty's private notes on the garden beyond the little door. Not for the eyes of
gardeners, cards or visitors.
""",
    other_read=False,
    other_write=False,
    group_read=False,
    group_write=False,
)

# -- an attachment, a deleted page ----------------------------------------------------------------
attachment = Attachment.objects.create(
    article=tea_party.article, original_filename="tea-party-menu.txt"
)
attachment.articles.add(tea_party.article)
menu = AttachmentRevision(
    attachment=attachment,
    user=alice,
    description="The menu of the Mad Tea Party (tea, bread-and-butter, no wine)",
    file=ContentFile(
        b"MAD TEA PARTY - MENU\n\n"
        b"Tea (always)\nBread-and-butter\nTreacle\nWine (there isn't any)\n",
        name="tea-party-menu.txt",
    ),
)
menu.save()
when = next(clock)
AttachmentRevision.objects.filter(pk=menu.pk).update(created=when, modified=when)
Attachment.objects.filter(pk=attachment.pk).update(created=when)
revise(
    tea_party,
    tea_party.article.current_revision.content.replace(
        "(see *Attachments*).", f"(see *Attachments*): [attachment:{attachment.id}]."
    ),
    alice,
    "Link to the menu",
)

revise(
    looking_glass,
    looking_glass.article.current_revision.content,
    alice,
    "Belongs in another book",
    deleted=True,
)

# the articles' own dates follow their revisions'
for article in Article.objects.all():
    dates = article.articlerevision_set.order_by("created").values_list("created", flat=True)
    Article.objects.filter(pk=article.pk).update(created=dates.first(), modified=dates.last())

print(f"  users: {', '.join(User.objects.order_by('username').values_list('username', flat=True))}")
for path in URLPath.objects.order_by("tree_id", "lft"):
    rev = path.article.current_revision
    print(
        f"  /{path.path:<28} {rev.title} (revision {rev.revision_number}"
        f"{', deleted' if rev.deleted else ''})"
    )
