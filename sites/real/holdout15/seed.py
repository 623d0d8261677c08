"""Seed the Mezzanine site of sites/real/holdout15 as "The Wonderland Gazette".

Run by `setup` with Mezzanine's venv, after `manage.py createdb`:

    $DIR/venv/bin/python seed.py $DIR/project

Makes the users (alice: superuser, password from WEBAGENT_REAL_PASSWORD, default the agent's;
bob: staff; carol and dinah: site accounts; all but alice get random passwords), the
site's title and tagline, a page tree (the home page at "/", About with two children, Visiting
Wonderland, a Contact form, an RSVP form, a picture gallery), five blog categories, fifteen blog
posts (one a draft) with keywords and threaded comments. `createdb --noinput --nodata` makes no
account of its own; an `admin` user, if one exists, gets a random password.
"""

from __future__ import annotations

import os
import secrets
import sys
from datetime import datetime, timedelta
from pathlib import Path

PROJECT = Path(sys.argv[1]).resolve()
sys.path.insert(0, str(PROJECT))
os.chdir(PROJECT)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sites.models import Site  # noqa: E402
from django.utils import timezone  # noqa: E402
from mezzanine.blog.models import BlogCategory, BlogPost  # noqa: E402
from mezzanine.conf.models import Setting  # noqa: E402
from mezzanine.core.models import CONTENT_STATUS_DRAFT  # noqa: E402
from mezzanine.forms import fields  # noqa: E402
from mezzanine.forms.models import Field, Form  # noqa: E402
from mezzanine.galleries.models import Gallery, GalleryImage  # noqa: E402
from mezzanine.generic.models import AssignedKeyword, Keyword, ThreadedComment  # noqa: E402
from mezzanine.pages.models import RichTextPage  # noqa: E402
from PIL import Image, ImageDraw  # noqa: E402

PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD", "wonderland-42")
TZ = timezone.get_current_timezone()


def when(day: str, hour: int = 9) -> datetime:
    return timezone.make_aware(datetime.fromisoformat(day) + timedelta(hours=hour), TZ)


def p(*paragraphs: str) -> str:
    return "".join(f"<p>{x}</p>" for x in paragraphs)


# -- site and users -------------------------------------------------------------------------
site = Site.objects.get_current()
site.domain, site.name = "127.0.0.1", "The Wonderland Gazette"
site.save()
for name, value in {
    "SITE_TITLE": "The Wonderland Gazette",
    "SITE_TAGLINE": "All the news from down the rabbit-hole",
    "COMMENTS_ACCOUNT_REQUIRED": "False",
    "BLOG_POST_PER_PAGE": "5",
}.items():
    Setting.objects.update_or_create(name=name, site=site, defaults={"value": value})

for admin in User.objects.filter(username="admin"):
    admin.set_password(secrets.token_urlsafe(16))
    admin.save()


def user(name: str, first: str, last: str, *, staff: bool = False, superuser: bool = False):
    u, _ = User.objects.get_or_create(username=name)
    u.first_name, u.last_name, u.email = first, last, f"{name}@wonderland.test"
    u.is_staff, u.is_superuser = staff or superuser, superuser
    u.set_password(PASSWORD if name == "alice" else secrets.token_urlsafe(16))
    u.save()
    return u


alice = user("alice", "Alice", "Liddell", superuser=True)
bob = user("bob", "Bob", "Hatter", staff=True)
carol = user("carol", "Carol", "Hare")
dinah = user("dinah", "Dinah", "Cat")

# -- pages ----------------------------------------------------------------------------------
home = RichTextPage.objects.create(
    title="Home", slug="/", in_menus=[], login_required=False,
    content="<h2>Welcome to the Wonderland Gazette</h2>" + p(
        "The Gazette is the newspaper of everyone who has ever fallen down the rabbit-hole. "
        "We report on the Queen's croquet matches, the Mad Tea-Party that never ends, the "
        "weather in the Tulgey Wood and the comings and goings of the White Rabbit.",
        "Read the latest stories on <a href='/blog/'>the blog</a>, look at the pictures from "
        "<a href='/gallery/'>the garden</a>, or <a href='/contact/'>write to us</a> with news "
        "of your own. Letters to the editor are printed every week.",
        "The Gazette is written by volunteers. If you would like to write for us, sign up for "
        "an account and tell the editor what you would like to cover.",
    ),
)
about = RichTextPage.objects.create(
    title="About the Gazette", slug="about",
    content=p(
        "The Wonderland Gazette was founded by the Duchess's cook in the year the Queen "
        "lost her temper over the tarts. It has appeared every week since, except for the "
        "week it was painted red by mistake.",
        "Our editor is Alice Liddell. The Gazette takes no advertising except from the Mad "
        "Hatter, who pays in hats.",
    ),
)
RichTextPage.objects.create(
    title="Our writers", slug="about/writers", parent=about,
    content="<p>The Gazette is written by:</p><ul>"
    "<li><strong>Alice Liddell</strong>, editor: news, the Queen's court and letters.</li>"
    "<li><strong>Bob Hatter</strong>: tea, hats and the March Hare's house.</li>"
    "<li><strong>Carol Hare</strong>: croquet, gardens and the weather.</li></ul>"
    "<p>Guest writers are welcome: see <a href='/contact/'>Contact us</a>.</p>",
)
RichTextPage.objects.create(
    title="History", slug="about/history", parent=about,
    content="<h2>The early years</h2>" + p(
        "The first issue was a single sheet, printed on the back of a playing card.",
        "In its second year the Gazette moved into the March Hare's house, where the press "
        "still stands next to the tea-table.",
    ) + "<h2>The great ink flood</h2>" + p(
        "In the third year the Caterpillar's hookah set fire to the ink store. The Gazette "
        "was printed in tea for a month.",
    ),
)
RichTextPage.objects.create(
    title="Visiting Wonderland", slug="visiting",
    content="<h2>Getting here</h2>" + p(
        "Most visitors arrive by falling down the rabbit-hole. Others come through the "
        "looking-glass over the drawing-room mantelpiece.",
    ) + "<h2>Where to stay</h2>" + p(
        "The White Rabbit's house has two spare rooms. Do not eat anything you find on the "
        "mantelpiece: it may change your size.",
    ) + "<h2>What to see</h2><ul><li>The Queen's croquet ground</li>"
    "<li>The Mad Tea-Party (every day at six o'clock)</li><li>The Mock Turtle's beach</li>"
    "</ul>",
)
contact = Form.objects.create(
    title="Contact us", slug="contact", button_text="Send",
    content="<p>Send news, letters to the editor or complaints about the croquet results. "
    "We answer within a week.</p>",
    response="<p>Thank you! Your message has reached the editor, who will answer within a "
    "week.</p>",
    send_email=False,
)
for i, (label, kind, required, extra) in enumerate([
    ("Your name", fields.TEXT, True, {}),
    ("E-mail", fields.EMAIL, True, {}),
    ("Subject", fields.SELECT, True,
     {"choices": "News, Letter to the editor, Complaint, Something else"}),
    ("Message", fields.TEXTAREA, True, {}),
    ("Send me the weekly newsletter", fields.CHECKBOX, False, {}),
]):
    Field.objects.create(form=contact, label=label, field_type=kind, required=required,
                         _order=i, **extra)
rsvp = Form.objects.create(
    title="Tea party RSVP", slug="rsvp", button_text="Reply",
    content="<p>The Gazette's summer tea-party is on the lawn of the March Hare's house. "
    "Tell us whether you are coming.</p>",
    response="<p>Thank you for your reply. See you at six o'clock!</p>",
    send_email=False,
)
for i, (label, kind, required, extra) in enumerate([
    ("Name", fields.TEXT, True, {}),
    ("E-mail", fields.EMAIL, True, {}),
    ("Are you coming?", fields.RADIO_MULTIPLE, True, {"choices": "Yes, No, Maybe"}),
    ("Number of guests", fields.NUMBER, False, {}),
    ("Date of arrival", fields.DATE, False, {}),
]):
    Field.objects.create(form=rsvp, label=label, field_type=kind, required=required,
                         _order=i, **extra)

gallery = Gallery.objects.create(
    title="Pictures from the garden", slug="gallery",
    content="<p>Photographs from the Queen's garden, taken by Carol Hare this spring.</p>",
)
media = Path(settings.MEDIA_ROOT) / "galleries" / "garden"
media.mkdir(parents=True, exist_ok=True)
for i, (name, colour, caption) in enumerate([
    ("roses", (200, 30, 40), "The white roses, painted red"),
    ("croquet", (40, 140, 60), "The croquet ground before a match"),
    ("flamingo", (240, 120, 150), "A flamingo waiting to be a mallet"),
    ("hedgehog", (120, 90, 60), "A hedgehog on its way to the ground"),
    ("fountain", (70, 130, 200), "The fountain in the lovely garden"),
    ("door", (90, 60, 30), "The little door behind the curtain"),
]):
    image = Image.new("RGB", (480, 320), colour)
    ImageDraw.Draw(image).text((20, 20), caption, fill=(255, 255, 255))
    image.save(media / f"{name}.png")
    GalleryImage.objects.create(gallery=gallery, file=f"galleries/garden/{name}.png",
                                description=caption, _order=i)

# -- blog -----------------------------------------------------------------------------------
categories = {t: BlogCategory.objects.create(title=t)
              for t in ["News", "Tea", "Croquet", "Reviews", "Letters"]}
keywords: dict[str, Keyword] = {}

POSTS = [
    ("2025-03-03", alice, "Queen cancels croquet after flamingo strike", ["News", "Croquet"],
     ["croquet", "queen", "flamingos"],
     ["The flamingos of the royal croquet ground refused to play on Tuesday, and the Queen "
      "cancelled the spring tournament.",
      "A spokesman for the flamingos said they had not been asked whether they wished to be "
      "mallets. The hedgehogs have promised to stand with them.",
      "The Queen ordered everyone's head off, but nobody was executed."]),
    ("2025-03-10", bob, "Why is a raven like a writing-desk?", ["Letters"],
     ["riddles", "hatter"],
     ["Readers keep writing to ask for the answer to the Hatter's riddle. The Hatter says he "
      "hasn't the slightest idea.",
      "The best answers sent so far: 'because Poe wrote on both'; 'because there is a B in "
      "both'; 'because neither is ever approached without caws'."]),
    ("2025-03-17", bob, "The perfect cup of tea at six o'clock", ["Tea"],
     ["tea", "hatter", "recipes"],
     ["At the March Hare's house it is always six o'clock, so it is always tea-time. Here is "
      "how the Hatter makes his tea.",
      "Warm the pot. Use one spoon of tea for each person and one for the pot. Never put the "
      "Dormouse in the teapot, whatever the March Hare says."]),
    ("2025-03-24", carol, "Spring comes to the Queen's garden", ["News"],
     ["garden", "roses"],
     ["The roses are out in the Queen's garden. The gardeners report that this year's were "
      "planted white by mistake and have been painted red.",
      "Visitors are asked not to touch the roses: the paint is still wet."]),
    ("2025-03-31", alice, "Review: the Mock Turtle's lessons", ["Reviews"],
     ["school", "mock turtle"],
     ["The Mock Turtle teaches Reeling and Writhing, and the different branches of "
      "Arithmetic: Ambition, Distraction, Uglification and Derision.",
      "The lessons lessen from day to day, which is why they are called lessons. Four "
      "stars out of five."]),
    ("2025-04-07", carol, "Croquet results: the Knave of Hearts wins again", ["Croquet"],
     ["croquet", "knave"],
     ["The Knave of Hearts won Saturday's match, with the Duchess second. The Queen did not "
      "play, being busy with a trial.",
      "The hedgehogs kept unrolling themselves and crawling away, so the match lasted four "
      "hours."]),
    ("2025-04-14", alice, "Who stole the tarts?", ["News"],
     ["trial", "tarts", "queen"],
     ["The trial of the Knave of Hearts opened on Monday. He is accused of stealing the "
      "tarts the Queen made, all on a summer day.",
      "The White Rabbit read the accusation. The jury wrote down the dates and added them up."]),
    ("2025-04-21", bob, "Treacle, and other things from the well", ["Tea"],
     ["treacle", "dormouse", "recipes"],
     ["The Dormouse tells of three sisters who lived at the bottom of a treacle-well. We "
      "tried treacle in our tea, with mixed results.",
      "Treacle tea is sweet, sticky and hard to pour. Not recommended."]),
    ("2025-04-28", carol, "Weather: a shower of playing cards", ["News"],
     ["weather", "cards"],
     ["On Thursday afternoon a whole pack of cards rose up into the air and came flying down "
      "on the croquet ground. Nobody was hurt.",
      "Forecast for the week: fine, with a chance of grinning cats in the evening."]),
    ("2025-05-05", alice, "Review: Jabberwocky, read aloud", ["Reviews"],
     ["poetry", "looking-glass"],
     ["'Twas brillig, and the slithy toves did gyre and gimble in the wabe. Humpty Dumpty's "
      "explanation of the poem is the best we have heard.",
      "A brillig evening of poetry. Five stars."]),
    ("2025-05-12", bob, "A new hat for the Duchess", ["Reviews"],
     ["hatter", "hats"],
     ["The Hatter has made the Duchess a hat of pepper-coloured felt, with a small kitchen on "
      "the brim. Price: ten shillings and sixpence.",
      "The Duchess sneezed when she put it on, which the Hatter says is a sign of quality."]),
    ("2025-05-19", carol, "The Caterpillar takes questions", ["Letters"],
     ["caterpillar", "advice"],
     ["Our agony column this week is answered by the Caterpillar, from the top of his "
      "mushroom.",
      "'Who are you?' he asks every reader. One side of the mushroom will make you taller, "
      "and the other side will make you shorter."]),
    ("2025-05-26", alice, "The Lobster Quadrille comes to the beach", ["News"],
     ["dance", "mock turtle", "beach"],
     ["The Gryphon and the Mock Turtle will dance the Lobster Quadrille on the beach next "
      "Saturday. Lobsters are to be thrown as far out to sea as possible.",
      "Will you, won't you, will you, won't you, will you join the dance?"]),
    ("2025-06-02", bob, "Tea shortage at the March Hare's house", ["Tea", "News"],
     ["tea", "shortage"],
     ["The March Hare's house has run out of clean cups. The party moves one place round the "
      "table each time, and the cups are never washed.",
      "The Gazette has offered to lend its own cups."]),
    ("2025-06-09", alice, "Draft: plans for the autumn issue", ["News"],
     ["plans"],
     ["Ideas for the autumn issue: the Cheshire Cat's disappearing act, a guide to the "
      "Tulgey Wood, the White Knight's inventions."]),
]
posts = []
for day, author, title, cats, words, text in POSTS:
    post = BlogPost.objects.create(
        title=title, user=author, content=p(*text), publish_date=when(day),
        status=CONTENT_STATUS_DRAFT if title.startswith("Draft") else 2,
    )
    post.categories.set([categories[c] for c in cats])
    for word in words:
        kw = keywords.get(word) or Keyword.objects.create(title=word)
        keywords[word] = kw
        post.keywords.add(AssignedKeyword(keyword=kw), bulk=False)
    posts.append(post)
BlogPost.objects.filter(pk__in=[x.pk for x in posts]).update(created=when("2025-03-01"))

COMMENTS = [
    (0, carol, "The hedgehogs are right. Nobody asked them either.", None),
    (0, bob, "The Queen will find new flamingos by Friday, you'll see.", 0),
    (0, dinah, "Flamingos taste of mustard, in any case.", None),
    (1, alice, "I think I can guess that.", None),
    (1, carol, "Have you guessed the riddle yet?", 3),
    (2, alice, "It is always six o'clock now. Time won't do a thing the Hatter asks.", None),
    (6, bob, "Give your evidence, and don't be nervous.", None),
    (6, carol, "Sentence first, verdict afterwards!", None),
    (9, carol, "Beware the Jabberwock, my son!", None),
]
made: list[ThreadedComment] = []
for i, (post_i, author, text, reply_to) in enumerate(COMMENTS):
    made.append(ThreadedComment.objects.create(
        content_object=posts[post_i], site=site, user=author,
        user_name=author.get_full_name(), user_email=author.email, comment=text,
        submit_date=when(POSTS[post_i][0], 12 + i), is_public=True,
        replied_to=made[reply_to] if reply_to is not None else None,
        by_author=author == posts[post_i].user,
    ))
for post in posts:
    post.comments_count = post.comments.count()
    post.save(update_fields=["comments_count"])

print(f"users {User.objects.count()}, pages {RichTextPage.objects.count()} + 2 forms + 1 "
      f"gallery, posts {BlogPost.objects.count()}, comments {ThreadedComment.objects.count()}")
