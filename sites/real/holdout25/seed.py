# ruff: noqa: E501  (the seeded prose)
"""Seed a fresh Ghost (sites/real/holdout25) with the "Wonderland Gazette": run by `setup`
against a Ghost that has just started on an empty SQLite database.

    python3 seed.py http://127.0.0.1:PORT path/to/ghost-local.db

Through Ghost's own Admin API (signed in with a staff session, as Ghost Admin does): the site's
setup (the owner `alice`, Alice Liddell), the site's title, description and navigation, four
tags, three static pages, published posts (one for members only), a draft, a few members. The
two other writers (the White Rabbit, the Mad Hatter) are staff users with the Author role
written straight into the database, as Ghost invites staff only by e-mail. Standard library
only. The password is the agent's (WEBAGENT_REAL_PASSWORD, else capturing.PASSWORD's default).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import secrets
import sqlite3
import sys
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta

BASE = sys.argv[1].rstrip("/")
DB = sys.argv[2]
API = BASE + "/ghost/api/admin"


def default_password() -> str:
    """The agent's password as sites/real/capturing.py sets it (read, not imported: this runs
    outside the project's venv)."""
    import ast
    from pathlib import Path

    src = (Path(__file__).resolve().parent.parent / "capturing.py").read_text()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "PASSWORD":
            return node.value.args[1].value
    sys.exit("seed: no PASSWORD in sites/real/capturing.py")


PASSWORD = os.environ.get("WEBAGENT_REAL_PASSWORD") or default_password()
EMAIL = "alice@wonderland.example"

jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def call(method: str, path: str, body: object = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(API + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    req.add_header("Origin", BASE)
    req.add_header("Accept-Version", "v5.0")
    try:
        with opener.open(req, timeout=60) as resp:
            text = resp.read().decode()
    except urllib.error.HTTPError as e:
        sys.exit(f"seed: {method} {path}: {e.code} {e.read().decode()[:500]}")
    try:
        return json.loads(text)
    except ValueError:  # POST /session/ answers "Created"
        return {}


def wait_ready() -> None:
    for _ in range(240):
        try:
            with urllib.request.urlopen(API + "/site/", timeout=5) as resp:
                if resp.status == 200:
                    return
        except Exception:
            pass
        time.sleep(1)
    sys.exit("seed: Ghost did not answer in 4 minutes")


def object_id() -> str:
    return f"{int(time.time()):08x}" + secrets.token_hex(8)


def p(*paras: str) -> str:
    return "".join(f"<p>{x}</p>" for x in paras)


def ul(*items: str) -> str:
    return "<ul>" + "".join(f"<li>{x}</li>" for x in items) + "</ul>"


def ol(*items: str) -> str:
    return "<ol>" + "".join(f"<li>{x}</li>" for x in items) + "</ol>"


def table(head: list[str], *rows: list[str]) -> str:
    h = "".join(f"<th>{x}</th>" for x in head)
    b = "".join("<tr>" + "".join(f"<td>{x}</td>" for x in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{b}</tbody></table>"


# -- the site ---------------------------------------------------------------------------------
wait_ready()
if call("GET", "/authentication/setup/")["setup"][0]["status"]:
    sys.exit("seed: this Ghost is already set up: setup seeds only a fresh database")
call(
    "POST",
    "/authentication/setup/",
    {
        "setup": [
            {
                "name": "Alice Liddell",
                "email": EMAIL,
                "password": PASSWORD,
                "blogTitle": "The Wonderland Gazette",
            }
        ]
    },
)
call("POST", "/session/", {"username": EMAIL, "password": PASSWORD})
me = call("GET", "/users/me/")["users"][0]
call(
    "PUT",
    f"/users/{me['id']}/",
    {
        "users": [
            {
                "slug": "alice",
                "bio": "Editor of the Gazette. Fell down a rabbit-hole once and has been "
                "reporting from the bottom of it ever since.",
                "location": "Oxford",
            }
        ]
    },
)
call(
    "PUT",
    "/settings/",
    {
        "settings": [
            {"key": "title", "value": "The Wonderland Gazette"},
            {"key": "description", "value": "News from down the rabbit-hole"},
            {
                "key": "navigation",
                "value": json.dumps(
                    [
                        {"label": "Home", "url": "/"},
                        {"label": "About", "url": "/about/"},
                        {"label": "Tea Schedule", "url": "/tea-schedule/"},
                        {"label": "Croquet", "url": "/tag/croquet/"},
                    ]
                ),
            },
            {
                "key": "secondary_navigation",
                "value": json.dumps(
                    [{"label": "Contact", "url": "/contact/"}, {"label": "RSS", "url": "/rss/"}]
                ),
            },
        ]
    },
)

# -- Ghost's own sample content (a "Coming soon" post, an "About this site" page): removed ----
for kind in ("posts", "pages"):
    for item in call("GET", f"/{kind}/?limit=all&fields=id,slug")[kind]:
        call("DELETE", f"/{kind}/{item['id']}/")

# -- two more writers, with the Author role (Ghost adds staff only by e-mailed invitation) ------
db = sqlite3.connect(DB, timeout=30)
author_role = db.execute("select id from roles where name = 'Author'").fetchone()[0]
now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S")
writers = {}
for name, slug, bio in [
    ("The White Rabbit", "white-rabbit", "Herald to the Queen of Hearts. Always late."),
    ("The Mad Hatter", "mad-hatter", "Milliner, tea-party host, keeper of a watch two days wrong."),
]:
    uid = object_id()
    db.execute(
        "insert into users (id, name, slug, password, email, bio, status, visibility, "
        "created_at, created_by, updated_at, updated_by) values (?,?,?,?,?,?,?,?,?,?,?,?)",
        (
            uid,
            name,
            slug,
            "$2a$10$" + secrets.token_hex(26)[:53],
            f"{slug}@wonderland.example",
            bio,
            "active",
            "public",
            now,
            me["id"],
            now,
            me["id"],
        ),
    )
    db.execute(
        "insert into roles_users (id, role_id, user_id) values (?,?,?)",
        (object_id(), author_role, uid),
    )
    writers[slug] = uid
db.commit()
db.close()
writers["alice"] = me["id"]

# -- tags ------------------------------------------------------------------------------------
for name, desc in [
    ("Adventures", "Dispatches from the far side of the looking-glass."),
    ("Kitchen", "Recipes, tarts and the occasional pepper incident."),
    ("Croquet", "Flamingos, hedgehogs and the Queen's rules."),
    ("Workshop", "Clocks, bottles and other things that need mending."),
]:
    call("POST", "/tags/", {"tags": [{"name": name, "description": desc}]})

# -- posts -----------------------------------------------------------------------------------
START = datetime(2026, 1, 8, 9, 30, tzinfo=UTC)
POSTS = [
    (
        "Down the Rabbit-Hole",
        "alice",
        ["Adventures"],
        p(
            "It began, as these things do, with a rabbit in a waistcoat who checked his watch and "
            "muttered that he would be late.",
            "Curiosity won. The hole went straight on like a tunnel for some way, and then dipped "
            "suddenly down, so suddenly that there was no moment to think about stopping.",
            "The fall was long enough to read the labels on the cupboards along the walls: "
            "ORANGE MARMALADE, to great disappointment, was empty.",
            "Then came the heap of sticks and dry leaves, and the fall was over.",
        ),
    ),
    (
        "The Pool of Tears",
        "alice",
        ["Adventures"],
        p(
            "Having grown to nine feet high and then wept about it, our correspondent found herself "
            "swimming in the result.",
            "A Mouse, a Duck, a Dodo, a Lory and an Eaglet were already in the pool. None of them had "
            "brought towels.",
        ),
    ),
    (
        "How to Run a Caucus-Race: a Field Guide",
        "white-rabbit",
        ["Adventures", "Croquet"],
        p("The Dodo's method of drying a wet party is the caucus-race. Here is how to hold one.")
        + "<h2>The course</h2>"
        + p("Mark out a race-course in a sort of circle. The exact shape does not matter.")
        + ul(
            "Place the party along the course, here and there.",
            "There is no 'One, two, three, and away': begin running when you like.",
            "Leave off when you like.",
        )
        + "<h2>Deciding the winner</h2>"
        + ol(
            "Wait about half an hour, until everyone is dry.",
            "Call out 'The race is over!'",
            "Declare that everybody has won.",
            "Ask who is to give the prizes.",
        )
        + "<h2>Results of the last race</h2>"
        + table(
            ["Runner", "Laps", "Dry?", "Prize"],
            ["Dodo", "3", "yes", "a thimble"],
            ["Mouse", "2", "mostly", "a comfit"],
            ["Lory", "4", "yes", "a comfit"],
            ["Alice", "2", "yes", "her own thimble"],
        )
        + p("Everybody has won, and all must have prizes."),
    ),
    (
        "Advice from a Caterpillar",
        "mad-hatter",
        ["Adventures"],
        p(
            "The Caterpillar and our reporter looked at each other for some time in silence.",
            "'Who are YOU?' it asked. The question was hard to answer, having changed size so many "
            "times since the morning.",
            "Advice received: keep your temper; one side of the mushroom makes you taller, the other "
            "side makes you shorter.",
        ),
    ),
    (
        "The Queen's Jam Tarts",
        "mad-hatter",
        ["Kitchen"],
        p(
            "The Queen of Hearts made some tarts, all on a summer day. This is her recipe, recovered "
            "at the trial."
        )
        + "<h2>Ingredients</h2>"
        + table(
            ["Ingredient", "Amount"],
            ["Plain flour", "225 g"],
            ["Cold butter", "110 g"],
            ["Strawberry jam", "1 jar"],
            ["A pinch of salt", "1 pinch"],
        )
        + "<h2>Method</h2>"
        + ol(
            "Rub the butter into the flour and salt.",
            "Add cold water until it forms a dough.",
            "Roll out, cut rounds and line a tart tin.",
            "Fill with jam and bake for 15 minutes.",
            "Keep away from Knaves.",
        )
        + p("Serve on a summer day."),
    ),
    (
        "Pig and Pepper",
        "white-rabbit",
        ["Kitchen"],
        p(
            "The Duchess's kitchen was full of smoke from one end to the other; the cook was "
            "leaning over the fire, stirring a large cauldron which seemed to be full of soup.",
            "There was certainly too much pepper in that soup. Our advice: half the pepper, and no "
            "throwing of saucepans.",
        ),
    ),
    (
        "Treacle Well Soup",
        "alice",
        ["Kitchen"],
        p(
            "The Dormouse told of three sisters who lived at the bottom of a treacle well and drew "
            "treacle. This soup is not made of treacle.",
            "Simmer carrots, leeks and a bay leaf for forty minutes, season, and serve while the "
            "Dormouse is awake.",
        ),
    ),
    (
        "The Rules of Royal Croquet",
        "white-rabbit",
        ["Croquet"],
        p(
            "Her Majesty's croquet is played with live flamingos for mallets and hedgehogs for "
            "balls. The soldiers double themselves up to make the arches."
        )
        + "<h2>Penalties</h2>"
        + table(
            ["Offence", "Penalty"],
            ["Playing out of turn", "Off with their head"],
            ["Hedgehog wanders off", "Fetch it"],
            ["Flamingo looks up", "Start again"],
            ["Winning against the Queen", "Off with their head"],
        )
        + "<h2>Etiquette</h2>"
        + ul(
            "Never argue with the Queen.",
            "Keep your flamingo under your arm.",
            "Arches may walk away: wait for them.",
        ),
    ),
    (
        "Flamingo Care for Beginners",
        "mad-hatter",
        ["Croquet"],
        p(
            "A flamingo mallet that twists round to look you in the face is not a good mallet.",
            "Tuck its body under your arm, with its legs hanging down, and keep its neck "
            "straightened out.",
        ),
    ),
    (
        "Keeping Time: a Watch Two Days Wrong",
        "mad-hatter",
        ["Workshop"],
        p("The Hatter's watch tells the day of the month, not the hour. Here is how we checked it.")
        + "<pre><code>import datetime\n\nwatch = datetime.date.today() - datetime.timedelta(days=2)\n"
        "print('The watch says', watch)</code></pre>"
        + p("Butter was put in the works. It was the best butter."),
    ),
    (
        "Labelling DRINK ME Bottles",
        "white-rabbit",
        ["Workshop"],
        p("It is wise to look first and see whether a bottle is marked 'poison' or not.")
        + table(
            ["Bottle", "Label", "Effect"],
            ["Small glass bottle", "DRINK ME", "shrinks"],
            ["Cake in a glass box", "EAT ME", "grows"],
            ["Unlabelled", "none", "unknown"],
        )
        + "<pre><code>for bottle in shelf:\n    if 'poison' not in bottle.label:\n"
        "        bottle.label = 'DRINK ME'</code></pre>",
    ),
    (
        "Mending the Mock Turtle's Shell",
        "alice",
        ["Workshop"],
        p(
            "The Mock Turtle sighed deeply and drew the back of one flapper across his eyes.",
            "A crack along the third plate was filled with beeswax and polished with the Gryphon's "
            "help.",
        ),
    ),
    (
        "Who Stole the Tarts?",
        "alice",
        ["Adventures", "Kitchen"],
        p(
            "The King and Queen of Hearts were seated on their throne when our correspondent "
            "arrived, with a great crowd assembled about them.",
            "The Knave of Hearts stood before them, in chains. In the very middle of the court was "
            "a table, with a large dish of tarts upon it.",
            "Verdict first, evidence afterwards, said the Queen. The Gazette objects.",
        ),
    ),
    (
        "The Lobster Quadrille",
        "white-rabbit",
        ["Adventures"],
        p(
            "First form into a line along the sea-shore; advance twice; change lobsters; retire in "
            "same order.",
            "Then throw the lobsters as far out to sea as you can, and swim after them.",
        ),
    ),
]
for i, (title, author, tags, html) in enumerate(POSTS):
    call(
        "POST",
        "/posts/?source=html",
        {
            "posts": [
                {
                    "title": title,
                    "html": html,
                    "status": "published",
                    "published_at": (START + timedelta(days=9 * i)).isoformat(),
                    "authors": [{"id": writers[author]}],
                    "tags": [{"name": t} for t in tags],
                    "featured": title == "The Rules of Royal Croquet",
                }
            ]
        },
    )
call(
    "POST",
    "/posts/?source=html",
    {
        "posts": [
            {
                "title": "Members' Notes: the Croquet Ground at Night",
                "status": "published",
                "published_at": (START + timedelta(days=9 * len(POSTS))).isoformat(),
                "visibility": "members",
                "authors": [{"id": writers["white-rabbit"]}],
                "tags": [{"name": "Croquet"}],
                "custom_excerpt": "What the hedgehogs do after dark, for members of the Gazette.",
                "html": p(
                    "What the hedgehogs do after dark is a matter for members only.",
                    "They curl up under the arches and dream of being balls no longer.",
                ),
            }
        ]
    },
)
call(
    "POST",
    "/posts/?source=html",
    {
        "posts": [
            {
                "title": "The Queen's Speech (not ready)",
                "status": "draft",
                "authors": [{"id": writers["alice"]}],
                "tags": [{"name": "Adventures"}],
                "html": p("Notes for the speech: off with their heads; tarts; croquet at three."),
            }
        ]
    },
)

# -- static pages ----------------------------------------------------------------------------
call(
    "POST",
    "/pages/?source=html",
    {
        "pages": [
            {
                "title": "About",
                "status": "published",
                "html": p(
                    "The Wonderland Gazette reports on everything that happens down the rabbit-hole, "
                    "from tea-parties to trials.",
                    "It is written by three correspondents:",
                )
                + ul(
                    "Alice Liddell, editor",
                    "The White Rabbit, court reporter",
                    "The Mad Hatter, kitchen and workshop",
                ),
            }
        ]
    },
)
call(
    "POST",
    "/pages/?source=html",
    {
        "pages": [
            {
                "title": "Contact",
                "status": "published",
                "html": p(
                    "Letters to the editor may be sent to:",
                    "The Wonderland Gazette<br>The Rabbit-Hole<br>Under the Hedge<br>Oxford",
                    "E-mail: editor@wonderland.example. The office is open from half past four to six, "
                    "tea-time, every day.",
                ),
            }
        ]
    },
)
call(
    "POST",
    "/pages/?source=html",
    {
        "pages": [
            {
                "title": "Tea Schedule",
                "status": "published",
                "html": p("The tea-party is held every day at six o'clock. This week:")
                + table(
                    ["Day", "Host", "Guests", "Seats", "Cakes"],
                    ["Monday", "The Mad Hatter", "March Hare, Dormouse", "3", "none"],
                    [
                        "Tuesday",
                        "The March Hare",
                        "Hatter, Dormouse, Alice",
                        "4",
                        "bread-and-butter",
                    ],
                    ["Wednesday", "The Duchess", "the Cook, the baby", "3", "pepper cake"],
                    ["Thursday", "The Queen", "the whole court", "52", "jam tarts"],
                )
                + p("Move down one place when the cups are dirty."),
            }
        ]
    },
)

# -- a few members -----------------------------------------------------------------------------
for name, email in [
    ("Bill the Lizard", "bill"),
    ("The Dormouse", "dormouse"),
    ("The Cheshire Cat", "cheshire"),
    ("The Gryphon", "gryphon"),
    ("The March Hare", "march-hare"),
]:
    call(
        "POST",
        "/members/",
        {
            "members": [
                {
                    "name": name,
                    "email": f"{email}@wonderland.example",
                    "note": "Subscribed at the tea-party.",
                }
            ]
        },
    )
print("seeded:", len(POSTS) + 1, "published posts, 1 draft, 3 pages, 4 tags, 3 staff, 5 members")
