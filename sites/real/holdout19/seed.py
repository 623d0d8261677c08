"""Seed Spirit for sites/real/holdout19: a small Wonderland forum.

Run by `setup` with Spirit's venv from the project directory, DJANGO_SETTINGS_MODULE set, on a
freshly migrated database. Rows are made through Spirit's own models, with each post's HTML
rendered by Spirit's own Markdown renderer (as its comment form does):

- alice (password from WEBAGENT_REAL_PASSWORD), a verified ordinary member (not a moderator or
  administrator); five more members (hatter, march_hare, dormouse, cheshire, white_rabbit) and
  the forum's administrator queen.
- Categories "Tea Parties", "Croquet Ground", "Riddles" (with a subcategory "Unanswered
  Riddles") and "Announcements" (closed), beside Spirit's own "Uncategorized" and "Private".
- Nine topics with two to four posts each (alice started two of them), one pinned topic, and a
  private topic between alice and the hatter.
"""

from __future__ import annotations

import datetime as dt
import os

import django

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.utils import timezone  # noqa: E402
from spirit.category.models import Category  # noqa: E402
from spirit.comment.models import Comment  # noqa: E402
from spirit.core.conf import settings  # noqa: E402
from spirit.core.utils.markdown import Markdown  # noqa: E402
from spirit.topic.models import Topic  # noqa: E402
from spirit.topic.private.models import TopicPrivate  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]  # set by `setup` (default: capturing.py's)
MAIL = "wonderland.example.org"
User = get_user_model()

NOW = timezone.now()


def member(username: str, password: str, location: str, **flags: bool) -> User:
    user = User.objects.create_user(
        username=username, email=f"{username}@{MAIL}", password=password
    )
    st = user.st
    st.is_verified = True
    st.location = location
    for key, value in flags.items():
        setattr(st, key, value)
    st.save()
    return user


alice = member("alice", PASSWORD, "Oxford")
others = "a-rather-long-seed-password-" + os.urandom(6).hex()
hatter = member("hatter", others, "The tea table")
hare = member("march_hare", others, "The March Hare's house")
dormouse = member("dormouse", others, "A teapot")
cat = member("cheshire", others, "Up a tree")
rabbit = member("white_rabbit", others, "The Duchess's house")
queen = member("queen", others, "The palace", is_administrator=True, is_moderator=True)
queen.is_staff = True
queen.save()

uncategorized = Category.objects.get(pk=2)
uncategorized.description = "Anything that fits nowhere else"
uncategorized.save()
tea = Category.objects.create(
    title="Tea Parties",
    description="Invitations, seating and the proper time for tea",
    color="#1aafd0",
)
croquet = Category.objects.create(
    title="Croquet Ground",
    description="Rules, flamingos and the Queen's tournaments",
    color="#d0301a",
)
riddles = Category.objects.create(title="Riddles", description="Riddles with and without answers")
unanswered = Category.objects.create(
    title="Unanswered Riddles", description="Riddles nobody has solved yet", parent=riddles
)
news = Category.objects.create(
    title="Announcements", description="Notices from the Court", is_closed=True, color="#8a1ad0"
)

md = Markdown()
hours = iter(range(400, 0, -7))


def topic(category: Category, title: str, posts: list[tuple[User, str]], **flags: bool) -> Topic:
    start = NOW - dt.timedelta(hours=next(hours))
    t = Topic.objects.create(
        user=posts[0][0], category=category, title=title, date=start, last_active=start, **flags
    )
    for i, (user, text) in enumerate(posts):
        when = start + dt.timedelta(hours=3 * i, minutes=11 * i)
        Comment.objects.create(
            user=user, topic=t, comment=text, comment_html=md.render(text), date=when
        )
        t.last_active = when
        st = user.st
        st.comment_count += 1
        if i == 0:
            st.topic_count += 1
        st.save()
    t.comment_count = len(posts)
    t.view_count = 3 * len(posts) + 5
    t.save()
    return t


topic(
    news,
    "Rules of the Court: read before posting",
    [
        (
            queen,
            "Welcome to the Wonderland forum.\n\n1. Be civil.\n2. No painting roses red "
            "without permission.\n3. Anyone who breaks these rules will be dealt with at once.",
        ),
        (rabbit, "Noted, Your Majesty. I shall post nothing late."),
    ],
    is_globally_pinned=True,
    is_pinned=True,
)
topic(
    tea,
    "Why is a raven like a writing-desk?",
    [
        (
            hatter,
            "I asked this at the last tea party and nobody had the faintest idea. Suggestions "
            "welcome, **answers** even more so.",
        ),
        (
            alice,
            "I believe I can guess that. Although, when I think about it, I am not sure I can.",
        ),
        (hare, "Then you should say what you mean."),
        (dormouse, "Twinkle, twinkle, little bat... sorry, I nodded off. What was the question?"),
    ],
)
topic(
    tea,
    "It is always six o'clock: a schedule for tea",
    [
        (
            hatter,
            "Time has stopped at six o'clock since I quarrelled with him, so it is always "
            "tea-time. Here is the rota of seats:\n\n- Monday: move one place on\n- Tuesday: "
            "move one place on\n- Every other day: the same",
        ),
        (hare, "I propose we also move the butter. The best butter."),
        (alice, "Wouldn't it be simpler to wash the cups?"),
    ],
)
topic(
    tea,
    "Treacle well recipes",
    [
        (
            dormouse,
            "Three sisters lived at the bottom of a well and drew treacle. Does anyone have "
            "a recipe that uses treacle from a well rather than a tin?",
        ),
        (alice, "They couldn't have done that, you know: they'd have been ill."),
    ],
)
topic(
    croquet,
    "Flamingo mallets keep turning round",
    [
        (
            alice,
            "Every time I am about to hit the hedgehog, my flamingo twists its neck round and "
            "looks up at me. Any advice on holding one properly?",
        ),
        (
            cat,
            "Tuck its body under your arm, with its legs hanging down. It will still look at "
            "you, but more politely.",
        ),
        (rabbit, "And do mind the Queen's turn. She does not like to wait."),
    ],
)
topic(
    croquet,
    "Tournament results: the Queen wins again",
    [
        (queen, "The Queen's Croquet Tournament is over. The Queen won every match."),
        (cat, "How remarkable. Did anyone else play?"),
        (queen, "Off with his head!"),
    ],
    is_pinned=True,
)
topic(
    riddles,
    "What is the use of a book without pictures?",
    [
        (
            alice,
            "Or without conversations? I have been reading my sister's book over her shoulder "
            "and I cannot see the point of it.",
        ),
        (cat, "The point depends a good deal on where you want to get to."),
    ],
)
topic(
    unanswered,
    "Which way ought I to go from here?",
    [
        (
            cat,
            "A visitor asked me this. It depends a good deal on where you want to get to. "
            "Has anyone a better answer?",
        ),
        (hare, "In that direction lives a Hatter; in that direction lives a March Hare."),
    ],
)
topic(
    uncategorized,
    "Lost: a pair of white kid gloves and a fan",
    [
        (
            rabbit,
            "Oh my ears and whiskers! I have lost my **white kid gloves** and my fan, "
            "somewhere near the pool of tears. A reward is offered.",
        ),
        (dormouse, "I saw a fan by the pool, but it made me shrink so I left it there."),
    ],
)

private = Category.objects.get(pk=settings.ST_TOPIC_PRIVATE_CATEGORY_PK)
secret = topic(
    private,
    "Seating at Thursday's tea",
    [
        (
            hatter,
            "Alice, between you and me: would you sit next to the Dormouse on Thursday? "
            "He keeps falling into the teapot.",
        ),
        (alice, "Of course, as long as nobody pours tea on his nose again."),
    ],
)
for user in (hatter, alice):
    TopicPrivate.objects.create(user=user, topic=secret)

print(
    "users:",
    User.objects.count(),
    "| categories:",
    Category.objects.count(),
    "| topics:",
    Topic.objects.count(),
    "| posts:",
    Comment.objects.count(),
)
