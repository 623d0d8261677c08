#!/usr/bin/env python3
"""Seed the Kallithea of sites/real/holdout27 (run by its `setup`, on a fresh database, with the
server running): Wonderland users, a user group, two repository groups, five repositories
(Mercurial and Git) with commits pushed over HTTP as a person would, a comment on a changeset,
a pull request with comments, a gist. Everything goes through Kallithea's own interfaces: its
JSON-RPC API (with alice's API key, read from the database), its web forms (signed in as
alice) and `hg push` / `git push` to its repository URLs.

    seed.py BASE_URL DATABASE WORKDIR        (the password of alice in $WEBAGENT_REAL_PASSWORD)

The password is given to the clients on their command lines and in memory only: it is written
nowhere (the clones are made with plain URLs, the credentials only on `push`).
"""

from __future__ import annotations

import html
import http.cookiejar
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

BASE, DATABASE, WORK = sys.argv[1].rstrip("/"), sys.argv[2], Path(sys.argv[3])
PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]
HG = str(Path(sys.executable).with_name("hg"))

PEOPLE = {
    "alice": "Alice Liddell <alice@wonderland.example>",
    "hatter": "The Mad Hatter <hatter@wonderland.example>",
    "rabbit": "The White Rabbit <rabbit@wonderland.example>",
    "queen": "The Queen of Hearts <queen@wonderland.example>",
    "dormouse": "The Dormouse <dormouse@wonderland.example>",
}

# -- the web: a signed-in browser of sorts, and the JSON-RPC API -------------------------------
jar = http.cookiejar.CookieJar()
web = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def get(path: str) -> str:
    with web.open(BASE + path) as r:
        return r.read().decode()


def token(page: str) -> str:
    m = re.search(r'name="_session_csrf_secret_token"[^>]*value="([^"]+)"', page) or re.search(
        r'var _session_csrf_secret_token = \("([^"]+)"\)', page
    )
    if not m:
        sys.exit("seed: no CSRF token on the page")
    return m.group(1)


def post(path: str, data: dict[str, str], page: str, xhr: bool = False) -> str:
    """Send a form as the page's own form (or its script, when `xhr`) would."""
    fields = {**data, "_session_csrf_secret_token": token(page)}
    body = urllib.parse.urlencode(fields).encode()
    headers = {"X-Partial-XHR": "true", "X-Requested-With": "XMLHttpRequest"} if xhr else {}
    with web.open(urllib.request.Request(BASE + path, body, headers)) as r:
        return r.read().decode()


def api_key() -> str:
    with sqlite3.connect(DATABASE) as db:
        return db.execute("SELECT api_key FROM users WHERE username = 'alice'").fetchone()[0]


KEY = api_key()


def api(method: str, **args: object) -> object:
    body = json.dumps({"id": 1, "api_key": KEY, "method": method, "args": args}).encode()
    request = urllib.request.Request(
        BASE + "/_admin/api", body, {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as r:
        answer = json.loads(r.read())
    if answer.get("error"):
        sys.exit(f"seed: {method}: {answer['error']}")
    return answer["result"]


def push_url(repo: str) -> str:
    host = BASE.split("://", 1)[1]
    return f"http://alice:{urllib.parse.quote(PASSWORD, safe='')}@{host}/{repo}"


# -- local working copies -----------------------------------------------------------------------
def run(*cmd: str, cwd: Path, env: dict[str, str] | None = None) -> None:
    out = subprocess.run(
        cmd, cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True, check=False
    )
    if out.returncode:
        shown = " ".join(c.replace(PASSWORD, "<redacted>") for c in cmd)
        sys.exit(f"seed: {shown} failed:\n{out.stdout}{out.stderr}".replace(PASSWORD, "<redacted>"))


def write(root: Path, files: dict[str, str | None]) -> None:
    for name, text in files.items():
        path = root / name
        if text is None:
            path.unlink()
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


class Hg:
    def __init__(self, name: str) -> None:
        self.name, self.dir = name, WORK / name.replace("/", "__")
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        run(HG, "init", cwd=self.dir)

    def commit(self, who: str, date: str, message: str, files: dict[str, str | None]) -> None:
        write(self.dir, files)
        run(HG, "addremove", "-q", cwd=self.dir)
        run(HG, "commit", "-u", PEOPLE[who], "-d", f"{date} +0000", "-m", message, cwd=self.dir)

    def branch(self, name: str) -> None:
        run(HG, "branch", name, cwd=self.dir)

    def update(self, rev: str) -> None:
        run(HG, "update", "-q", rev, cwd=self.dir)

    def tag(self, who: str, date: str, name: str) -> None:
        run(HG, "tag", "-u", PEOPLE[who], "-d", f"{date} +0000", name, cwd=self.dir)

    def push(self) -> None:
        run(HG, "push", "-q", "--new-branch", push_url(self.name), cwd=self.dir)


class Git:
    def __init__(self, name: str) -> None:
        self.name, self.dir = name, WORK / name.replace("/", "__")
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir.mkdir(parents=True)
        run("git", "init", "-q", "-b", "master", cwd=self.dir)

    def commit(self, who: str, date: str, message: str, files: dict[str, str | None]) -> None:
        write(self.dir, files)
        run("git", "add", "-A", cwd=self.dir)
        name, email = PEOPLE[who][:-1].split(" <")
        stamp = f"{date} +0000"
        run(
            "git",
            "-c",
            f"user.name={name}",
            "-c",
            f"user.email={email}",
            "commit",
            "-q",
            "-m",
            message,
            cwd=self.dir,
            env={"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp},
        )

    def branch(self, name: str) -> None:
        run("git", "checkout", "-q", "-b", name, cwd=self.dir)

    def update(self, rev: str) -> None:
        run("git", "checkout", "-q", rev, cwd=self.dir)

    def tag(self, who: str, date: str, name: str) -> None:
        run("git", "tag", name, cwd=self.dir)

    def push(self) -> None:
        run("git", "push", "-q", push_url(self.name), "--all", cwd=self.dir)
        run("git", "push", "-q", push_url(self.name), "--tags", cwd=self.dir)


# -- content ------------------------------------------------------------------------------------
TEA_README = """\
The Endless Tea Party
=====================

Everything needed to keep the tea party at the March Hare's house going: the table plan,
the teapot (with its Dormouse), the clocks that always say six o'clock, and the riddles.

It is always six o'clock now, so it is always tea-time, and we have no time to wash the
things between whiles. We move round the table instead.

Getting started
---------------

1. Find a clean cup. If there is none, move down one place.
2. Ask for more tea. You cannot take *less*: it is very easy to take *more* than nothing.
3. Answer a riddle, or better, ask one that has no answer.

Files
-----

``table.py``
    the seating plan and the rule for moving round
``teapot.py``
    the teapot and what lives in it
``riddles.txt``
    riddles, with answers where known

Contributing
------------

Open a pull request against ``default``. The Hatter reviews everything, usually at six.
"""

TABLE_PY = '''\
"""The seating plan of the tea party: a large table set out under a tree."""

PLACES = ["March Hare", "Dormouse", "Hatter", "Alice", "empty", "empty", "empty"]


def move_round(places: list[str]) -> list[str]:
    """Everybody moves one place on: the only way to get a clean cup."""
    return places[1:] + places[:1]


def no_room(places: list[str]) -> bool:
    """The March Hare and the Hatter cry 'No room!' whenever someone comes."""
    return places.count("empty") < 1
'''

TEAPOT_PY = '''\
"""The teapot, and the Dormouse who sleeps in it."""


class Teapot:
    def __init__(self) -> None:
        self.tea = 0
        self.dormouse = True

    def pour(self, cups: int = 1) -> int:
        """Pour tea; there is never less than nothing."""
        self.tea = max(self.tea - cups, 0)
        return cups

    def wake(self) -> str:
        """Pinch the Dormouse on both sides."""
        return "Twinkle, twinkle, little bat!"
'''

RIDDLES = """\
Why is a raven like a writing-desk?
    (no answer known)

What is it that is always late and never sorry?
    The White Rabbit.
"""

CLOCK_PY = '''\
"""The Hatter's watch: it tells the day of the month, and doesn't tell what o'clock it is."""

DAYS_WRONG = 2


def day_of_month(real_day: int) -> int:
    return real_day - DAYS_WRONG


def oil(watch: str, butter: str = "the best butter") -> str:
    """Butter got into the works: it was the BEST butter."""
    return f"{watch} oiled with {butter} (and crumbs)"
'''

CROQUET_README = """\
# Royal Croquet

The rules, the ground and the equipment of the Queen's croquet games. The ground is
all ridges and furrows; the balls are live hedgehogs, the mallets live flamingos, and the
soldiers double themselves up to make the arches.

## Playing

- All players play at once, without waiting for turns.
- Quarrel and fight for the hedgehogs.
- The Queen goes stamping about and shouting "Off with his head!" about once a minute.

## Layout

| file | what |
| --- | --- |
| `rules.md` | the rules, as far as there are any |
| `flamingo.py` | holding a flamingo so that it keeps its neck straight |
| `ground.txt` | the state of the lawn |

## Who to ask

The Queen of Hearts owns this repository. Ask the King if she is busy.
"""

RULES = """\
# Rules

1. The Queen always wins.
2. A hedgehog that has crawled away may be fetched by any player.
3. Arches (soldiers) may wander off to do other things; the game goes on.
4. A player whose head is ordered off is to be kept in custody until the end of the game.
"""

FLAMINGO_PY = '''\
"""Holding a flamingo under the arm, its legs hanging down, so that it can be used as a mallet."""


def straighten(neck: int) -> int:
    """The flamingo twists its neck round to look up at the player: set it straight again."""
    return 0


def hit(hedgehog: str, flamingo_neck: int = 0) -> str:
    if flamingo_neck:
        return f"{hedgehog} unrolled and crawled away"
    return f"{hedgehog} rolled through the arch"
'''

GLASS_README = """\
# Through the Looking-Glass

Notes on the house on the other side of the mirror, written down as they are found. Everything
there goes the other way: the books are printed backwards, the chessmen walk about, and one has
to run as fast as one can to stay in the same place.

## What is where

- `poems/` — the poems found in the house, starting with *Jabberwocky* (hold it up to a glass)
- `chess/` — the board of the country, square by square
- `notes.md` — the running notes

## How to read the poems

Hold them up to the looking-glass and the words will all go the right way again.
"""

JABBERWOCKY = """\
'Twas brillig, and the slithy toves
  Did gyre and gimble in the wabe:
All mimsy were the borogoves,
  And the mome raths outgrabe.

"Beware the Jabberwock, my son!
  The jaws that bite, the claws that catch!
Beware the Jubjub bird, and shun
  The frumious Bandersnatch!"
"""

CHESS_SQUARES = [
    "Second square: the Red Queen runs, and you stay in the same place.",
    "Third square: by railway, in a carriage full of insects.",
    "Fourth square: Tweedledum and Tweedledee, and the sleeping Red King.",
    "Fifth square: the White Queen's shop, and the sheep who knits.",
    "Sixth square: Humpty Dumpty on the wall, and un-birthday presents.",
    "Seventh square: the Lion and the Unicorn fighting for the crown.",
    "Eighth square: Alice is a Queen.",
]


def seed_tea_party() -> str:
    r = Hg("wonderland/tea-party")
    r.commit(
        "hatter",
        "2026-03-02 16:00:00",
        "Lay the table under the tree",
        {"table.py": TABLE_PY, "README.rst": TEA_README},
    )
    r.commit(
        "dormouse", "2026-03-02 16:05:00", "Add the teapot (I live here)", {"teapot.py": TEAPOT_PY}
    )
    r.commit(
        "hatter",
        "2026-03-03 18:00:00",
        "Start a list of riddles",
        {"riddles.txt": RIDDLES.split("\n\n", maxsplit=1)[0] + "\n"},
    )
    r.commit(
        "alice",
        "2026-03-04 18:10:00",
        "Add the answer about the White Rabbit",
        {"riddles.txt": RIDDLES},
    )
    r.commit(
        "hatter",
        "2026-03-05 18:00:00",
        "Move round: the cups are all used",
        {"table.py": TABLE_PY.replace('"Alice", "empty"', '"Alice", "empty", "empty"')},
    )
    r.tag("hatter", "2026-03-05 18:01:00", "six-o-clock")
    r.commit(
        "alice",
        "2026-03-06 18:30:00",
        "Never take less than nothing: pour() keeps tea >= 0",
        {"teapot.py": TEAPOT_PY.replace("Pour tea; there", "Pour tea (Alice's fix); there")},
    )
    r.branch("clocks")
    r.commit(
        "hatter",
        "2026-03-07 18:00:00",
        "Add the watch that tells the day of the month",
        {"clock.py": CLOCK_PY},
    )
    r.commit(
        "hatter",
        "2026-03-08 18:00:00",
        "Oil the watch with the best butter",
        {"clock.py": CLOCK_PY.replace("DAYS_WRONG = 2", "DAYS_WRONG = 2  # dip it in tea")},
    )
    r.update("default")
    r.commit(
        "dormouse",
        "2026-03-09 18:00:00",
        "Tell the story of the treacle-well",
        {
            "treacle-well.txt": "Once upon a time there were three little sisters, and their "
            "names were Elsie, Lacie, and Tillie; and they lived at the bottom of a well.\n"
        },
    )
    r.push()
    return "wonderland/tea-party"


def seed_croquet() -> None:
    r = Git("wonderland/croquet")
    r.commit(
        "queen",
        "2026-02-10 10:00:00",
        "Lay out the croquet ground",
        {"README.md": CROQUET_README, "ground.txt": "ridges and furrows\n"},
    )
    r.commit("queen", "2026-02-10 10:30:00", "Write down the rules", {"rules.md": RULES})
    r.commit(
        "alice",
        "2026-02-11 11:00:00",
        "Add a way to hold the flamingo",
        {"flamingo.py": FLAMINGO_PY},
    )
    r.commit(
        "rabbit",
        "2026-02-12 09:00:00",
        "Note that the soldiers wander off",
        {"ground.txt": "ridges and furrows\nsoldiers: doubled up as arches, when present\n"},
    )
    r.tag("queen", "", "v1.0")
    r.branch("hedgehogs")
    r.commit(
        "alice",
        "2026-02-13 12:00:00",
        "Fetch hedgehogs that crawl away",
        {
            "hedgehog.py": 'def fetch(hedgehog: str) -> str:\n    return f"{hedgehog} fetched '
            'back from the other side of the ground"\n'
        },
    )
    r.update("master")
    r.commit(
        "queen",
        "2026-02-14 15:00:00",
        "Rule 1 stands",
        {"rules.md": RULES + "\n(Rule 1 applies to every other rule.)\n"},
    )
    r.push()


def seed_looking_glass() -> None:
    r = Hg("looking-glass")
    r.commit(
        "alice",
        "2026-01-05 10:00:00",
        "Step through the glass",
        {"README.md": GLASS_README, "notes.md": "# Notes\n\nThe fire in the grate is alive.\n"},
    )
    r.commit(
        "alice",
        "2026-01-05 10:20:00",
        "Copy out Jabberwocky (backwards at first)",
        {"poems/jabberwocky.txt": JABBERWOCKY[::-1]},
    )
    r.commit(
        "alice",
        "2026-01-05 10:40:00",
        "Hold Jabberwocky up to the glass",
        {"poems/jabberwocky.txt": JABBERWOCKY},
    )
    notes = "# Notes\n\nThe fire in the grate is alive.\n"
    day = 6
    for i, square in enumerate(CHESS_SQUARES):
        r.commit(
            "alice",
            f"2026-01-{day:02d} 11:00:00",
            f"Reach the {square.split(':')[0].lower()}",
            {f"chess/square-{i + 2}.md": f"# {square.split(':')[0]}\n\n{square.split(': ')[1]}\n"},
        )
        notes += f"- {square}\n"
        r.commit(
            "alice",
            f"2026-01-{day:02d} 15:00:00",
            f"Notes after the {i + 2}th square".replace("2th", "2nd").replace("3th", "3rd"),
            {"notes.md": notes},
        )
        day += 1
    for n, line in enumerate(
        [
            "The garden of live flowers: the Tiger-lily talks.",
            "The Rose says that Alice's petals are untidy.",
            "The Red Queen: 'Speak in French when you can't think of the English for a thing.'",
            "Looking-glass milk may not be good to drink.",
            "The Gnat makes jokes, and sighs them away.",
            "The wood where things have no names: Alice forgets her own.",
            "The fawn walks with her until they leave the wood.",
            "Tweedledum's rattle is spoilt.",
            "Jam to-morrow and jam yesterday, but never jam to-day.",
            "The White Queen screams before she pricks her finger.",
            "It's a poor sort of memory that only works backwards.",
            "Humpty Dumpty explains 'slithy' and 'mimsy' (portmanteau words).",
        ]
    ):
        notes += f"- {line}\n"
        r.commit(
            "dormouse" if n == 3 else "alice",
            f"2026-01-{day + n:02d} 09:30:00",
            f"Note: {line.split(':')[0].split('.')[0][:50]}",
            {"notes.md": notes},
        )
    r.tag("alice", "2026-01-30 12:00:00", "queen-alice")
    r.push()


def seed_queens_court() -> None:
    r = Hg("wonderland/queens-court")
    r.commit(
        "queen",
        "2026-02-20 09:00:00",
        "The trial: who stole the tarts",
        {
            "trial.md": "# The trial\n\nThe Knave of Hearts, he stole the tarts, all on a "
            "summer day.\n\nSentence first, verdict afterwards.\n"
        },
    )
    r.push()


def main() -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    # people
    for name, (first, last, active) in {
        "hatter": ("Mad", "Hatter", True),
        "rabbit": ("White", "Rabbit", True),
        "queen": ("Queen", "of Hearts", True),
        "dormouse": ("Dormouse", "Asleep", False),
    }.items():
        api(
            "create_user",
            username=name,
            email=f"{name}@wonderland.example",
            password=f"{name}-in-wonderland-7",
            firstname=first,
            lastname=last,
            active=active,
        )
    api("update_user", userid="alice", firstname="Alice", lastname="Liddell")
    api(
        "create_user_group",
        group_name="tea-party-staff",
        description="The Hatter, the March Hare's helpers and Alice",
    )
    for name in ("alice", "hatter", "rabbit"):
        api("add_user_to_user_group", usergroupid="tea-party-staff", userid=name)
    # groups and repositories
    api(
        "create_repo_group",
        group_name="wonderland",
        description="Everything that happens down the rabbit-hole",
    )
    api(
        "create_repo_group",
        group_name="looking-glass-house",
        description="The house on the other side of the mirror (nothing here yet)",
    )
    for name, kind, owner, description, private in [
        (
            "wonderland/tea-party",
            "hg",
            "hatter",
            "The endless tea party: the table plan, the teapot and the riddles",
            False,
        ),
        (
            "wonderland/croquet",
            "git",
            "queen",
            "The Queen's croquet ground: rules, flamingos and hedgehogs",
            False,
        ),
        (
            "looking-glass",
            "hg",
            "alice",
            "Notes from the other side of the mirror: poems, chess squares, looking-glass things",
            False,
        ),
        ("rabbit-hole", "git", "rabbit", "A very deep well (empty: nothing pushed yet)", False),
        (
            "wonderland/queens-court",
            "hg",
            "queen",
            "The trial of the Knave of Hearts (private)",
            True,
        ),
    ]:
        api(
            "create_repo",
            repo_name=name,
            repo_type=kind,
            owner=owner,
            description=description,
            private=private,
        )
    api(
        "grant_user_permission",
        repoid="wonderland/tea-party",
        userid="hatter",
        perm="repository.admin",
    )
    api(
        "grant_user_group_permission",
        repoid="wonderland/tea-party",
        usergroupid="tea-party-staff",
        perm="repository.write",
    )
    seed_looking_glass()
    seed_croquet()
    tea = seed_tea_party()
    seed_queens_court()
    api(
        "fork_repo",
        repoid="wonderland/tea-party",
        fork_name="wonderland/tea-party-alice",
        owner="alice",
        description="Alice's copy of the tea party, to try things out",
    )

    # signed in as alice on the web: a comment on a changeset, a pull request
    page = get("/_admin/login")
    post("/_admin/login", {"username": "alice", "password": PASSWORD}, page)
    page = get(f"/{tea}/changelog")
    if "Sign Out" not in page and "Log Out" not in page and "logout" not in page.lower():
        sys.exit("seed: signing in as alice failed")
    tip = api("get_repo", repoid=tea)["last_changeset"]["raw_id"]
    post(
        f"/{tea}/changeset-comment/{tip}",
        {
            "text": "Elsie, Lacie and Tillie: what did they live on? Treacle, I suppose.",
            "f_path": "",
            "line": "",
        },
        page,
        xhr=True,
    )
    page = get(f"/{tea}/pull-request/new?rev_start=&branch=clocks")
    org = [html.unescape(v) for v in re.findall(r'<option value="([^"]*clocks[^"]*)"', page)]
    other = [html.unescape(v) for v in re.findall(r'<option value="(branch:default:[^"]*)"', page)]
    if not org or not other:
        sys.exit("seed: no 'clocks' or 'default' branch on the new pull request page")
    post(
        f"/{tea}/pull-request/new",
        {
            "org_repo": tea,
            "org_ref": org[0],
            "other_repo": tea,
            "other_ref": other[0],
            "pullrequest_title": "Mend the Hatter's watch",
            "pullrequest_desc": (
                "The Hatter's watch is two days wrong: it tells the day of the month. Here it "
                "is, oiled with the best butter (opened by Alice for the Hatter, who has no "
                "time: it is always six o'clock)."
            ),
        },
        page,
    )
    with sqlite3.connect(DATABASE) as db:
        pr = db.execute("SELECT max(pull_request_id) FROM pull_requests").fetchone()[0]
    if not pr:
        sys.exit("seed: the pull request was not made")
    api(
        "comment_pullrequest",
        pull_request_id=pr,
        comment_msg="Butter got into the works, though. Was it the best butter?",
    )
    api(
        "comment_pullrequest",
        pull_request_id=pr,
        comment_msg="It WAS the best butter.",
        status="under_review",
    )
    # a gist
    api(
        "create_gist",
        description="Twinkle, twinkle, little bat",
        files={
            "twinkle.txt": {
                "content": "Twinkle, twinkle, little bat!\nHow I wonder what you're at!\n"
                "Up above the world you fly,\nLike a tea-tray in the sky.\n"
            }
        },
    )
    print(
        "seeded: 5 users, 1 user group, 2 repository groups, 6 repositories, "
        f"pull request #{pr}, 1 gist"
    )


if __name__ == "__main__":
    main()
