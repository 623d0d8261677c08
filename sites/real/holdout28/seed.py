#!/usr/bin/env python3
"""Seed the Gitit wiki of sites/real/holdout28 (run by its `setup`, against a fresh wiki served
on a private port): through Gitit's own web forms, as a person would, it registers three users
(alice, hatter, rabbit), writes 17 Wonderland pages in Markdown (headings, lists, tables, wiki
links, categories, a folder of recipes, a discussion page), edits some of them several times
(for histories and diffs) and uploads a picture. The password of alice comes from
$WEBAGENT_REAL_PASSWORD; it is written nowhere.

    WEBAGENT_REAL_PASSWORD=... seed.py http://127.0.0.1:PORT

Standard library only.
"""

from __future__ import annotations

import http.cookiejar
import os
import re
import struct
import sys
import urllib.parse
import urllib.request
import uuid
import zlib

BASE = sys.argv[1].rstrip("/")
PASSWORDS = {
    "alice": os.environ["WEBAGENT_REAL_PASSWORD"],
    "hatter": "tea-time-forever-6",
    "rabbit": "pocket-watch-1865",
}


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # keep 303s as answers: they are successes
        return None


class User:
    def __init__(self, name: str) -> None:
        self.name = name
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def request(
        self, path: str, data: bytes | None = None, headers: dict | None = None
    ) -> tuple[int, str]:
        req = urllib.request.Request(BASE + path, data=data, headers=headers or {})
        try:
            with self.opener.open(req) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors="replace")

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, str]:
        return self.request(path, urllib.parse.urlencode(fields).encode())

    def register(self, email: str) -> None:
        pw = PASSWORDS[self.name]
        status, _ = self.post("/_register", {
            "username": self.name, "email": email, "full_name_1": "", "password": pw,
            "password2": pw, "destination": "", "register": "Register"})
        if status != 303:
            sys.exit(f"seed: registering {self.name} failed ({status})")

    def login(self) -> None:
        status, _ = self.post("/_login", {
            "username": self.name, "password": PASSWORDS[self.name], "destination": "/",
            "login": "Login"})
        if status != 303:
            sys.exit(f"seed: signing in {self.name} failed ({status})")

    def save(self, page: str, text: str, message: str) -> None:
        path = "/" + urllib.parse.quote(page)
        status, form = self.request("/_edit" + path)
        sha1 = re.search(r'name="sha1"[^>]*value="([0-9a-f]*)"', form)
        fields = {"editedText": text.strip() + "\n", "logMsg": message, "update": "Save"}
        if sha1:
            fields["sha1"] = sha1.group(1)
        status, body = self.post(path, fields)
        if status != 303:
            sys.exit(f"seed: {self.name} saving {page!r} failed ({status}): {body[:300]}")
        print(f"  {self.name}: {page} ({message})")

    def upload(self, name: str, content: bytes, message: str) -> None:
        boundary = uuid.uuid4().hex
        parts = []
        for key, value in (("wikiname", name), ("logMsg", message), ("upload", "Upload")):
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n'
                         f"{value}\r\n".encode())
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
                     f'filename="{name}"\r\nContent-Type: image/png\r\n\r\n'.encode()
                     + content + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        status, body = self.request("/_upload", b"".join(parts), {
            "Content-Type": f"multipart/form-data; boundary={boundary}"})
        if status != 200 or "Uploaded" not in body:
            sys.exit(f"seed: uploading {name} failed ({status}): {body[:300]}")
        print(f"  {self.name}: uploaded {name}")


def png(width: int, height: int) -> bytes:
    """A small picture: a map of the Queen's garden in flat colours (lawn, paths, rose beds)."""
    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            if abs(x - width // 2) < 4 or abs(y - height // 2) < 4:
                rgb = (222, 200, 150)  # paths
            elif (x // 20 + y // 20) % 5 == 0:
                rgb = (200, 30, 40)  # red roses
            elif (x // 20 + y // 20) % 7 == 0:
                rgb = (245, 245, 245)  # white roses (to be painted)
            else:
                rgb = (60, 150, 60)  # lawn
            row += bytes(rgb)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def page(categories: str, body: str) -> str:
    """A page's text: its metadata (categories), then the body (Gitit shows the page's name as
    its title, so a first line `# Name` in the body is left out)."""
    body = re.sub(r"\A\s*# [^\n]*\n", "", body)
    return f"---\nformat: Markdown\ncategories: {categories}\n...\n\n{body.strip()}\n"


FRONT_1 = """
This wiki collects what is known about Wonderland: its people, its places, its events and
its kitchen. Anyone may read it; sign in to edit.

- [Characters](/_category/Characters): [Alice Liddell](), [The Mad Hatter](), [The White Rabbit]()
- [Events](/_category/Events): the [Tea Party](), the [Caucus Race](), the [Croquet Match]()
- [Places](/_category/Places): the [Rabbit Hole](), the [Palace Garden]()
"""

FRONT_2 = FRONT_1 + """
- Recipes: [Jam Tarts](Recipes/Jam Tarts), [Treacle Tart](Recipes/Treacle Tart),
  [Mock Turtle Soup](Recipes/Mock Turtle Soup)

New here? Read the [Wiki Conventions]() first, then the [Timeline]() of the adventures.
"""

ALICE = page("Characters", """
# Alice Liddell

Alice is a curious girl of seven and a half who followed a White Rabbit down a rabbit-hole
one hot afternoon. She is polite, stubborn and fond of reasoning things out, though the
reasoning rarely works in Wonderland.

## Appearance

Her size changes often. After drinking from the bottle labelled DRINK ME she was ten inches
high; after the cake marked EAT ME she opened out "like the largest telescope that ever was".

## Friends and acquaintances

- [The White Rabbit](), whom she followed
- [The Mad Hatter]() and the March Hare, at the [Tea Party]()
- [Cheshire Cat](), who explained that everyone there is mad
- [The Queen of Hearts](), who wanted her head cut off

## See also

The [Timeline]() of her adventures, and the [Caucus Race]() she ran to get dry.
""")

RABBIT = page("Characters", """
# The White Rabbit

A white rabbit with pink eyes, a waistcoat and a pocket watch, always late. He is the herald
of the court of the [Queen of Hearts](The Queen of Hearts) and reads the accusation at the
trial of the Knave.

## Habits

1. Looking at his watch.
2. Saying "Oh dear! Oh dear! I shall be too late!"
3. Dropping his white kid gloves and his fan.

His house, with a brass plate reading W. RABBIT, is where [Alice](Alice Liddell) grew too big
for the room.
""")

HATTER = page("Characters", """
# The Mad Hatter

A hatter who is always at tea, because Time stopped the clocks at six o'clock after the
Queen said he was "murdering the time". He keeps the [Tea Party]() going with the March Hare
and the Dormouse, moving round the table as the cups get used.

## Known riddles

- "Why is a raven like a writing-desk?" (no answer known; see [Riddles]())

## Hats

| Hat | Price | Note |
|-----|------:|------|
| Top hat | 10/6 | the one he wears, price tag still on |
| Bowler | 8/- | for travelling |
| Straw boater | 5/- | for tea in summer |
""")

QUEEN = page("Characters", """
# The Queen of Hearts

The Queen of Hearts rules Wonderland with a single remedy for every difficulty: "Off with
their heads!" Nobody is ever actually executed; the King quietly pardons them all.

She holds the [Croquet Match]() in the [Palace Garden]() and presides, with the King, over
the trial of the Knave of Hearts, who stole her tarts (see [Jam Tarts](Recipes/Jam Tarts)).
""")

CAT = page("Characters", """
# Cheshire Cat

A cat with a broad grin who appears and vanishes at will, sometimes leaving only the grin.
He gives [Alice](Alice Liddell) directions: "That depends a good deal on where you want to
get to."

> "We're all mad here. I'm mad. You're mad."
""")

TEA_1 = page("Events", """
# Tea Party

A mad tea party at the March Hare's house, under a tree.

## Guests

- The March Hare
- [The Mad Hatter]()
- The Dormouse, asleep
""")

TEA_2 = page("Events", """
# Tea Party

A mad tea party held every afternoon at the March Hare's house, under a tree, at a large
table set for many, though only three sit at one corner of it.

## Guests

- The March Hare, the host
- [The Mad Hatter]()
- The Dormouse, asleep between them, used as a cushion
- [Alice](Alice Liddell), uninvited ("No room! No room!")

## What was served

Tea, bread and butter. There was no wine, although it was offered.
""")

TEA_3 = TEA_2.replace("## What was served", """## Seating plan

| Seat | Guest | Cup |
|------|-------|-----|
| 1 | The March Hare | clean |
| 2 | The Dormouse | spilt |
| 3 | The Mad Hatter | clean |
| 4 | Alice | none offered |

## What was served""")

TEA_4 = TEA_3.replace("Tea, bread and butter.", "Tea, bread and butter, and treacle (see "
                      "[Treacle Tart](Recipes/Treacle Tart)) from the Dormouse's story.")

TEA_TALK = """
Should we add the Dormouse's story about the three sisters in the treacle well? -- hatter

Yes, but on its own page, and linked from here. -- alice
"""

CAUCUS_1 = page("Events", """
# Caucus Race

A race run by the creatures that fell into the pool of tears, to get dry. The Dodo marked
out a course "in a sort of circle", and everyone began and stopped when they liked.

## Rules

1. Mark out a course, in a sort of circle ("the exact shape doesn't matter").
2. Place the party along the course, here and there.
3. Begin when you like, leave off when you like.
""")

CAUCUS_2 = CAUCUS_1 + """
## Results

| Runner | Laps | Prize |
|--------|-----:|-------|
| The Dodo | ? | a thimble (Alice's own) |
| The Mouse | ? | a comfit |
| The Lory | ? | a comfit |
| Alice | ? | her own thimble, presented back to her |

"Everybody has won, and all must have prizes."
"""

CROQUET = page("Events", """
# Croquet Match

The Queen's croquet match, played in the [Palace Garden]() with live flamingos for mallets
and hedgehogs for balls, the soldiers doubling up to make the arches.

## Equipment

| Item | Used as | Trouble |
|------|---------|---------|
| Flamingo | mallet | twists round to look at the player |
| Hedgehog | ball | unrolls and crawls away |
| Soldier | hoop | walks off to other parts of the ground |

## Rules

There are none, or at least nobody attends to them.
""")

HOLE = page("Places", """
# Rabbit Hole

The rabbit-hole went straight on like a tunnel for some way, then dipped suddenly down, so
suddenly that [Alice](Alice Liddell) had no moment to think about stopping herself.

## What lines the walls

- cupboards and bookshelves
- maps and pictures hung upon pegs
- a jar labelled ORANGE MARMALADE, empty

At the bottom: a long low hall with doors all round, and a little three-legged table with a
tiny golden key.
""")

GARDEN = page("Places", """
# Palace Garden

The loveliest garden you ever saw, reached through a little door fifteen inches high. The
gardeners (Two, Five and Seven) paint the white roses red, as a white rose tree was planted
by mistake.

![Map of the garden](/garden-map.png)

The [Croquet Match]() is played on its lawn.
""")

TARTS = page("Recipes", """
# Jam Tarts

The Queen of Hearts, she made some tarts, all on a summer day.

## Ingredients

- 225 g shortcrust pastry
- 12 teaspoons of strawberry jam
- a little milk

## Method

1. Roll the pastry thin and cut twelve rounds.
2. Press them into a tart tin and spoon in the jam.
3. Bake for 15 minutes at 200 °C; keep them away from the Knave.
""")

TREACLE = page("Recipes", """
# Treacle Tart

As eaten, according to the Dormouse, by three little sisters who lived at the bottom of a
well.

1. Line a tin with pastry.
2. Mix golden syrup, breadcrumbs and lemon; pour it in.
3. Bake 30 minutes.
""")

SOUP = page("Recipes", """
# Mock Turtle Soup

"Beautiful Soup, so rich and green, waiting in a hot tureen!" Sung by the Mock Turtle.

- a calf's head
- stock, herbs and a glass of sherry
- forcemeat balls
""")

RIDDLES = page("Wonderland", """
# Riddles

| Riddle | Asked by | Answer |
|--------|----------|--------|
| Why is a raven like a writing-desk? | [The Mad Hatter]() | none |
| What is the use of a book without pictures? | [Alice](Alice Liddell) | none |
""")

RIDDLES_2 = RIDDLES.replace("| none |\n", "| none |\n", 1).rstrip() + """
| Who stole the tarts? | the King | the Knave of Hearts |
"""

TIMELINE = page("Wonderland", """
# Timeline

| Chapter | Event | Page |
|--------:|-------|------|
| 1 | Down the rabbit-hole | [Rabbit Hole]() |
| 2 | The pool of tears | |
| 3 | A caucus-race and a long tale | [Caucus Race]() |
| 4 | The Rabbit sends in a little Bill | [The White Rabbit]() |
| 6 | Pig and pepper | [Cheshire Cat]() |
| 7 | A mad tea-party | [Tea Party]() |
| 8 | The Queen's croquet-ground | [Croquet Match]() |
| 11 | Who stole the tarts? | [Jam Tarts](Recipes/Jam Tarts) |
""")

CONVENTIONS = page("Wonderland Help", """
# Wiki Conventions

How we write pages on this wiki.

## Names

- A character's page is named as the book names them: [The Mad Hatter](), not "Hatter".
- Recipes live in the `Recipes/` folder.

## Categories

Give each page one of: Characters, Events, Places, Recipes, Wonderland.

## Edits

Say what you changed in the description of changes; see [Help]() for the markup.
""")


def main() -> None:
    alice, hatter, rabbit = User("alice"), User("hatter"), User("rabbit")
    for user in (alice, hatter, rabbit):
        user.register(f"{user.name}@wonderland.example")  # registering signs in
    print("registered alice, hatter, rabbit")

    alice.save("Front Page", FRONT_1, "A front page for Wonderland")
    alice.save("Alice Liddell", ALICE, "Who Alice is")
    rabbit.save("The White Rabbit", RABBIT, "The Rabbit's page")
    hatter.save("The Mad Hatter", HATTER, "The Hatter, his riddle and his hats")
    rabbit.save("The Queen of Hearts", QUEEN, "Her Majesty")
    alice.save("Cheshire Cat", CAT, "The Cat and his grin")
    hatter.save("Tea Party", TEA_1, "Start a page on the tea party")
    alice.save("Tea Party", TEA_2, "Who was there and what was served")
    rabbit.save("Tea Party", TEA_3, "Seating plan")
    hatter.save("Tea Party", TEA_4, "Treacle, from the Dormouse's story")
    hatter.save("@Tea Party", TEA_TALK, "The Dormouse's story?")
    alice.save("Caucus Race", CAUCUS_1, "The race and its rules")
    alice.save("Caucus Race", CAUCUS_2, "Results: everybody has won")
    rabbit.save("Croquet Match", CROQUET, "The Queen's croquet")
    alice.save("Rabbit Hole", HOLE, "The rabbit-hole")
    rabbit.upload("garden-map.png", png(240, 160), "A map of the Queen's garden")
    rabbit.save("Palace Garden", GARDEN, "The garden, with its map")
    rabbit.save("Recipes/Jam Tarts", TARTS, "The Queen's tarts")
    hatter.save("Recipes/Treacle Tart", TREACLE, "Treacle tart")
    rabbit.save("Recipes/Mock Turtle Soup", SOUP, "Beautiful soup")
    hatter.save("Riddles", RIDDLES, "Riddles asked so far")
    rabbit.save("Riddles", RIDDLES_2, "The tarts")
    rabbit.save("Timeline", TIMELINE, "Chapters and their pages")
    alice.save("Wiki Conventions", CONVENTIONS, "How we write pages")
    alice.save("Front Page", FRONT_2, "Recipes, conventions and the timeline")
    print("seeded")


if __name__ == "__main__":
    main()
