"""Seed Review Board for sites/real/holdout22: users, groups, a git repository, review requests,
reviews, comments and replies.

Run by `setup` with Review Board's venv, on a freshly installed site:

    venv/bin/python seed.py SITE_DIR REPO_DIR

It makes the git repository REPO_DIR (five commits) with the `git` command, then everything
else through Review Board's own web API (Django's test client against the site's URLs, signed
in as the member who acts), so each review request, diff, review, comment and reply is made as
the app makes it; only users, groups and the repository entry are made with the models, as an
administrator does in the admin pages.

- alice (Alice Liddell, alice@wonderland.example.org, password from WEBAGENT_REAL_PASSWORD), an
  ordinary member; six other members (the Hatter, the March Hare, the Dormouse, the White
  Rabbit, the Cheshire Cat, the Duchess) and an administrator, `queen` (the Queen of Hearts,
  made by `rb-site install`; no usable password is kept).
- groups: tea-party, croquet, kitchen (public) and privy-council (invite-only, without alice).
- the git repository "wonderland" (a small Python project, five commits).
- ten review requests: published and pending, submitted, discarded, alice's own unpublished
  draft, one without a repository (a text file attached) and one for the invite-only group; with
  reviews, "Ship It!"s, diff comments with open issues, general comments and replies.
- uploads/door-sign.diff beside the repository: a diff for the capture to upload.
"""

import os
import subprocess
import sys
import textwrap

SITE, REPO = sys.argv[1], sys.argv[2]
os.environ["REVIEWBOARD_SITEDIR"] = SITE
os.environ.setdefault("VIRTUAL_ENV", os.path.join(SITE, "venv"))
sys.path.insert(0, os.path.join(SITE, "conf"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "reviewboard.settings")

import django  # noqa: E402

django.setup()

from reviewboard import initialize  # noqa: E402

initialize()

from django.contrib.auth.models import User  # noqa: E402
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.test import Client  # noqa: E402
from djblets.siteconfig.models import SiteConfiguration  # noqa: E402
from reviewboard.diffviewer.models import FileDiff  # noqa: E402
from reviewboard.reviews.models import Group, Review, ReviewRequest  # noqa: E402
from reviewboard.scmtools.models import Repository, Tool  # noqa: E402

PASSWORD = os.environ["WEBAGENT_REAL_PASSWORD"]  # set by `setup` (default: capturing.py's)
MAIL = "wonderland.example.org"

# -- site settings ---------------------------------------------------------------------------------
siteconfig = SiteConfiguration.objects.get_current()
siteconfig.set("search_enable", True)  # the search page and the search box of the header
siteconfig.set("search_on_the_fly_indexing", True)
siteconfig.set("avatars_enabled", False)  # no gravatar.com (the machine has no internet)
siteconfig.set("auth_enable_registration", True)
siteconfig.set("mail_send_review_mail", False)
siteconfig.set("site_domain_method", "http")
siteconfig.save()


# -- users and groups ------------------------------------------------------------------------------
def member(username, first, last):
    user = User.objects.create_user(username=username, email=f"{username}@{MAIL}")
    if username == "alice":
        user.set_password(PASSWORD)
    else:
        user.set_unusable_password()
    user.first_name, user.last_name = first, last
    user.save()
    return user


alice = member("alice", "Alice", "Liddell")
hatter = member("hatter", "The", "Hatter")
hare = member("marchhare", "March", "Hare")
dormouse = member("dormouse", "The", "Dormouse")
rabbit = member("whiterabbit", "White", "Rabbit")
cat = member("cheshirecat", "Cheshire", "Cat")
duchess = member("duchess", "The", "Duchess")
queen = User.objects.get(username="queen")  # the administrator made by rb-site install
queen.first_name, queen.last_name = "Queen", "of Hearts"
queen.set_unusable_password()
queen.save()


def group(name, display, members, invite_only=False):
    g = Group.objects.create(
        name=name, display_name=display, mailing_list=f"{name}@{MAIL}", invite_only=invite_only
    )
    g.users.add(*members)
    return g


group("tea-party", "The Mad Tea-Party", [alice, hatter, hare, dormouse])
group("croquet", "The Queen's Croquet-Ground", [alice, queen, cat, rabbit])
group("kitchen", "The Duchess's Kitchen", [duchess, cat, alice])
group("privy-council", "The Privy Council", [queen, rabbit], invite_only=True)


# -- the git repository ----------------------------------------------------------------------------
def git(*args, author=None):
    name, email = author or ("The Hatter", f"hatter@{MAIL}")
    env = dict(os.environ, GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email,
               GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email)  # fmt: skip
    return subprocess.run(
        ["git", "-C", REPO, *args], check=True, capture_output=True, text=True, env=env
    ).stdout


def write(path, text):
    full = os.path.join(REPO, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(textwrap.dedent(text).lstrip("\n"))


def commit(message, author, files):
    for path, text in files.items():
        write(path, text)
    git("add", "-A")
    git("commit", "-q", "-m", message, author=author)


os.makedirs(REPO, exist_ok=True)
git("init", "-q", "-b", "main")
commit("Start the Wonderland project", ("Alice Liddell", f"alice@{MAIL}"), {
    "README.md": """
        # Wonderland

        Small programs for the inhabitants of Wonderland: the tea-party's clock and seating,
        the hall of doors, the croquet-ground and the Duchess's kitchen.

        Run the tests with `python -m unittest`.
        """,
})  # fmt: skip
commit("Add the tea-party's watch and table", ("The Hatter", f"hatter@{MAIL}"), {
    "teaparty/__init__.py": "",
    "teaparty/clock.py": '''
        """The Hatter's watch, which tells the day of the month."""

        import datetime


        class Watch:
            def __init__(self, owner):
                self.owner = owner
                self.buttered = False

            def reading(self, now=None):
                """What the watch says: the day of the month."""
                now = now or datetime.datetime.now()
                return now.day

            def butter(self, quality="best"):
                self.buttered = True
                return quality


        def is_tea_time(now=None):
            now = now or datetime.datetime.now()
            return now.hour == 18
        ''',
    "teaparty/table.py": '''
        """The long table under the tree, with places set for many."""

        PLACES = 12


        class Table:
            def __init__(self, guests):
                self.guests = list(guests)
                self.clean = [True] * PLACES

            def move_round(self):
                """Everybody moves one place on; the cups stay dirty."""
                self.guests = self.guests[1:] + self.guests[:1]
                self.clean = [False] * PLACES
                return self.guests

            def has_room(self):
                return len(self.guests) < PLACES
        ''',
})  # fmt: skip
commit("Add the hall of doors and the little golden key", ("Alice Liddell", f"alice@{MAIL}"), {
    "hall/__init__.py": "",
    "hall/doors.py": '''
        """The long, low hall lit by a row of lamps, with doors all round it."""


        class Door:
            def __init__(self, name, height_inches, locked=True):
                self.name = name
                self.height_inches = height_inches
                self.locked = locked

            def unlock(self, key):
                if key == "little golden key":
                    self.locked = False
                return not self.locked

            def fits(self, height_inches):
                return height_inches <= self.height_inches


        GARDEN_DOOR = Door("garden", 15)
        ''',
})  # fmt: skip
commit("Add the croquet-ground", ("The Queen of Hearts", f"queen@{MAIL}"), {
    "croquet/__init__.py": "",
    "croquet/game.py": '''
        """The Queen's croquet: live hedgehogs for balls, flamingos for mallets."""


        class Game:
            def __init__(self, players):
                self.players = list(players)
                self.turn = 0
                self.sentences = []

            def play(self, player):
                # Everybody plays at once, without waiting for turns.
                self.turn += 1
                return f"{player} hits a hedgehog"

            def sentence(self, player):
                self.sentences.append(player)
                return "Off with their head!"
        ''',
})  # fmt: skip
commit("Add the Duchess's soup", ("The Duchess", f"duchess@{MAIL}"), {
    "kitchen/__init__.py": "",
    "kitchen/soup.py": '''
        """The soup in the Duchess's kitchen."""

        PEPPER_SPOONS = 12


        def make_soup(pepper=PEPPER_SPOONS):
            """There is never too much pepper, says the cook."""
            return {"water": 3, "pepper": pepper}


        def sneezes(soup):
            return soup["pepper"] * 2
        ''',
})  # fmt: skip


def change_diff(edits):
    """A git diff of `edits` (path -> [(old, new)]) against the last commit; the work tree is
    restored afterwards."""
    for path, pairs in edits.items():
        full = os.path.join(REPO, path)
        text = ""
        if os.path.exists(full):
            with open(full) as f:
                text = f.read()
        for old, new in pairs:
            assert old in text, (path, old)
            text = text.replace(old, new, 1)
        with open(full, "w") as f:
            f.write(text)
    git("add", "-A")
    diff = git("diff", "--cached", "--full-index")
    git("reset", "-q", "--hard")
    return diff.encode()


tool = Tool.objects.get(name="Git")
repository = Repository.objects.create(
    name="wonderland", path=os.path.join(REPO, ".git"), tool=tool, public=True
)


# -- the web API, as each member -------------------------------------------------------------------
class As:
    def __init__(self, user):
        self.client = Client(HTTP_HOST="127.0.0.1")
        self.client.force_login(user)

    def call(self, method, path, data=None, expect=(200, 201)):
        path = "/api/" + path.lstrip("/")
        if method == "post":
            response = self.client.post(path, data or {})
        elif method == "put":
            from urllib.parse import urlencode

            response = self.client.put(
                path, urlencode(data or {}, doseq=True),
                content_type="application/x-www-form-urlencoded",
            )  # fmt: skip
        else:
            response = self.client.get(path, data or {})
        if response.status_code not in expect:
            raise RuntimeError(f"{method} {path}: {response.status_code} {response.content[:500]}")
        return response.json()


def review_request(
    who, summary, description, *, diff=None, testing="", groups=(), people=(), publish=True,
    attachment=None, with_repository=True,
):  # fmt: skip
    api = As(who)
    data = {"repository": repository.pk} if with_repository else {}
    rr = api.call("post", "review-requests/", data)["review_request"]
    rid = rr["id"]
    if diff:
        upload = SimpleUploadedFile("changes.diff", diff, content_type="text/x-patch")
        api.call("post", f"review-requests/{rid}/diffs/", {"path": upload})
    if attachment:
        name, text, caption = attachment
        upload = SimpleUploadedFile(name, text.encode(), content_type="text/plain")
        api.call("post", f"review-requests/{rid}/draft/file-attachments/",
                 {"path": upload, "caption": caption})  # fmt: skip
    fields = {
        "summary": summary,
        "description": textwrap.dedent(description).strip(),
        "testing_done": textwrap.dedent(testing).strip(),
        "target_groups": ",".join(groups),
        "target_people": ",".join(people),
    }
    if publish:
        fields["public"] = 1
    api.call("put", f"review-requests/{rid}/draft/", fields)
    return rid


def filediff(rid, path):
    return FileDiff.objects.get(
        diffset__history__review_request__pk=rid, dest_file=path
    ).pk  # fmt: skip


def review(
    who, rid, body, *, ship_it=False, comments=(), general=(), body_bottom="", publish=True
):  # fmt: skip
    """comments: (path, first_line, num_lines, text, issue); general: (text, issue)."""
    api = As(who)
    rv = api.call("post", f"review-requests/{rid}/reviews/",
                  {"body_top": body, "body_bottom": body_bottom,
                   "ship_it": int(ship_it)})["review"]  # fmt: skip
    vid = rv["id"]
    for path, first, num, text, issue in comments:
        api.call("post", f"review-requests/{rid}/reviews/{vid}/diff-comments/",
                 {"filediff_id": filediff(rid, path), "first_line": first, "num_lines": num,
                  "text": text, "issue_opened": int(issue)})  # fmt: skip
    for text, issue in general:
        api.call("post", f"review-requests/{rid}/reviews/{vid}/general-comments/",
                 {"text": text, "issue_opened": int(issue)})  # fmt: skip
    if publish:
        api.call("put", f"review-requests/{rid}/reviews/{vid}/", {"public": 1})
    return vid


def reply(who, rid, vid, body="", to_comments=()):
    """to_comments: (kind, text) for each comment of the review, in order, kind 'diff' or
    'general'."""
    api = As(who)
    rp = api.call("post", f"review-requests/{rid}/reviews/{vid}/replies/",
                  {"body_top": body})["reply"]  # fmt: skip
    pid = rp["id"]
    diff_comments = api.call("get", f"review-requests/{rid}/reviews/{vid}/diff-comments/")
    general_comments = api.call("get", f"review-requests/{rid}/reviews/{vid}/general-comments/")
    listed = {"diff": [c["id"] for c in diff_comments["diff_comments"]],
              "general": [c["id"] for c in general_comments["general_comments"]]}  # fmt: skip
    for kind, index, text in to_comments:
        resource = "diff-comments" if kind == "diff" else "general-comments"
        api.call("post", f"review-requests/{rid}/reviews/{vid}/replies/{pid}/{resource}/",
                 {"reply_to_id": listed[kind][index], "text": text})  # fmt: skip
    api.call("put", f"review-requests/{rid}/reviews/{vid}/replies/{pid}/", {"public": 1})


def close(who, rid, status, text):
    As(who).call("put", f"review-requests/{rid}/",
                 {"status": status, "close_description": text})  # fmt: skip


# 1. The Hatter: stop the clock at six (alice reviews; he replies). Pending.
r1 = review_request(hatter, "Stop the clock at six o'clock",
    """
    Time won't do a thing I ask since the March, so it is always six o'clock now: always
    tea-time. This makes `is_tea_time()` say so whatever the hour, and the watch keep the
    hour it stopped at.

    No time to wash the things between whiles.
    """,
    testing="Ran `python -m unittest` at six o'clock. And at six o'clock again.",
    groups=["tea-party"], people=["alice"],
    diff=change_diff({"teaparty/clock.py": [
        ("    def __init__(self, owner):\n        self.owner = owner\n",
         "    STOPPED_AT = 18\n\n    def __init__(self, owner):\n        self.owner = owner\n"),
        ("def is_tea_time(now=None):\n    now = now or datetime.datetime.now()\n"
         "    return now.hour == 18\n",
         "def is_tea_time(now=None):\n    # It's always six o'clock now.\n    return True\n"),
    ]}))  # fmt: skip
v = review(alice, r1, "I think you might do something better with the time than wasting it "
           "in asking riddles that have no answers.",
           comments=[("teaparty/clock.py", 23, 3,
                      "If it is always tea-time, when do you wash the things? This makes "
                      "`now` unused as well.", True),
                     ("teaparty/clock.py", 7, 1, "Why 18 and not six?", False)])  # fmt: skip
reply(hatter, r1, v, "Your hair wants cutting.",
      [("diff", 0, "We keep moving round. Fixed the unused argument in my head."),
       ("diff", 1, "Eighteen is six o'clock for a watch that tells the day.")])  # fmt: skip
review(hare, r1, "Have some wine. Ship it.", ship_it=True)
review(dormouse, r1, "Twinkle, twinkle, little bat. Looks fine to me, I suppose.",
       general=[("Please don't wake me for the next one.", False)])  # fmt: skip

# 2. alice: a size check before the little door (the Cheshire Cat and the Dormouse review).
r2 = review_request(alice, "Check the visitor's size before opening the little door",
    """
    The garden door is only fifteen inches high, and people keep getting stuck in it after
    the DRINK ME bottle. `Door.fits()` now says how much too tall someone is, and the door
    will not unlock for a visitor who does not fit.
    """,
    testing="Tried it at nine feet high and at ten inches high.",
    groups=["tea-party"], people=["hatter", "cheshirecat"],
    diff=change_diff({"hall/doors.py": [
        ("    def unlock(self, key):\n        if key == \"little golden key\":\n",
         "    def unlock(self, key, height_inches=None):\n"
         "        if height_inches is not None and not self.fits(height_inches):\n"
         "            return False\n"
         "        if key == \"little golden key\":\n"),
        ("    def fits(self, height_inches):\n        return height_inches <= self.height_inches\n",
         "    def fits(self, height_inches):\n        return height_inches <= self.height_inches\n"
         "\n    def too_tall_by(self, height_inches):\n"
         "        return max(0, height_inches - self.height_inches)\n"),
    ]}))  # fmt: skip
v = review(cat, r2, "We're all mad here. Mostly fine, but mind the key.",
           comments=[("hall/doors.py", 11, 2,
                      "What if she has left the key on the glass table? Say why it refused.",
                      True)],
           body_bottom="It's a good deal easier if you just vanish.")  # fmt: skip
reply(alice, r2, v, "", [("diff", 0, "Good point: it will say 'too tall' in the next diff.")])
review(dormouse, r2, "Ship it, and let me sleep.", ship_it=True)

# 3. alice: her own draft, never published.
review_request(alice, "Label the DRINK ME bottle with a warning",
    """
    The bottle should say whether it is poison, and how much one shrinks. A draft: the
    wording of the label is not settled yet.
    """,
    people=["whiterabbit"], publish=False,
    diff=change_diff({"hall/doors.py": [
        ('GARDEN_DOOR = Door("garden", 15)\n',
         'GARDEN_DOOR = Door("garden", 15)\n\nBOTTLE_LABEL = "DRINK ME (not marked poison)"\n'),
    ]}))  # fmt: skip

# 4. The White Rabbit: the watch tells the hour. Reviewed, shipped and submitted.
r4 = review_request(rabbit, "Make the watch tell the hour, not the day of the month",
    """
    Oh my ears and whiskers, how late it's getting! A watch that tells the day of the month
    is no use to anyone who is late. `Watch.reading()` now returns the hour.
    """,
    testing="Compared it with my own watch at the Duchess's door.",
    groups=["tea-party", "croquet"], people=["alice"],
    diff=change_diff({"teaparty/clock.py": [
        ('        """What the watch says: the day of the month."""\n'
         "        now = now or datetime.datetime.now()\n        return now.day\n",
         '        """What the watch says: the hour."""\n'
         "        now = now or datetime.datetime.now()\n        return now.hour\n"),
    ]}))  # fmt: skip
review(alice, r4, "What a funny watch it was. This one is much better. Ship it!", ship_it=True)
review(hatter, r4, "It was the best butter, you know. Fine.", ship_it=True)
close(rabbit, r4, "submitted", "Pushed to main as 5f1e2d3. I'm late!")

# 5. The March Hare: butter in the works. Discarded.
r5 = review_request(hare, "Use the best butter in the watch",
    """
    The watch is two days wrong. Butter the works, with the best butter, and dip it in the
    tea afterwards.
    """,
    groups=["tea-party"],
    diff=change_diff({"teaparty/clock.py": [
        ('    def butter(self, quality="best"):\n',
         '    def butter(self, quality="best", crumbs=True):\n'
         "        # Some crumbs must have got in as well.\n"),
    ]}))  # fmt: skip
review(hatter, r5, "I told you butter wouldn't suit the works!",
       general=[("You shouldn't have put it in with the bread-knife.", True)])  # fmt: skip
close(hare, r5, "discarded", "It was the best butter. Dropped.")

# 6. The Cheshire Cat: vanish slowly. Asks alice and the croquet group; no review yet.
review_request(cat, "Vanish slowly, beginning with the end of the tail",
    """
    People find it giddy when I keep appearing and vanishing so suddenly. The game now says
    where the cat is, fading out from the tail and ending with the grin, which remains some
    time after the rest of it has gone.
    """,
    testing="Appeared to the King, who did not like the look of it at all.",
    groups=["croquet"], people=["alice"],
    diff=change_diff({"croquet/game.py": [
        ("    def sentence(self, player):\n",
         "    def cat_visible(self, step):\n"
         '        """The cat vanishes slowly; the grin goes last."""\n'
         '        parts = ["tail", "body", "head", "ears", "grin"]\n'
         "        return parts[min(step, len(parts) - 1):]\n\n"
         "    def sentence(self, player):\n"),
    ]}))  # fmt: skip

# 7. The Duchess: more pepper (no repository; a recipe attached). Reviewed.
r7 = review_request(duchess, "Put more pepper in the soup", """
    The cook says there is never too much pepper. The recipe attached doubles it. And the
    moral of that is: take care of the sense, and the sounds will take care of themselves.
    """,
    groups=["kitchen"], people=["alice", "cheshirecat"], with_repository=False,
    attachment=("recipe.txt", "Duchess's soup\n\nwater: 3 pints\npepper: 24 spoons\n"
                "sneezes: many\n", "The new recipe"))  # fmt: skip
v = review(alice, r7, "There's certainly too much pepper in that soup!",
           general=[("A pinch is plenty; the baby keeps sneezing.", True),
                    ("Could the cook stop throwing the saucepans?", False)])  # fmt: skip
reply(duchess, r7, v, "Pig! Everything's got a moral, if only you can find it.")

# 8. The Dormouse: the treacle well, for alice. Pending, one review.
r8 = review_request(dormouse, "Tell the story of the three little sisters in the treacle well",
    """
    Once upon a time there were three little sisters, and their names were Elsie, Lacie and
    Tillie; and they lived at the bottom of a well. This adds the story to the tea-party's
    table, to be told when everybody moves round.
    """,
    groups=["tea-party"], people=["alice"],
    diff=change_diff({"teaparty/table.py": [
        ('        self.clean = [False] * PLACES\n        return self.guests\n',
         '        self.clean = [False] * PLACES\n'
         '        self.story = "Elsie, Lacie and Tillie lived at the bottom of a well."\n'
         "        return self.guests\n"),
    ]}))  # fmt: skip
review(hare, r8, "What did they live on?",
       comments=[("teaparty/table.py", 14, 1, "They lived on treacle. Say so.", True)])  # fmt: skip

# 9. alice: tidy the croquet-ground. Shipped and submitted.
r9 = review_request(alice, "Keep a list of the players the Queen has sentenced",
    """
    The Queen sentences a player about once a minute, and the soldiers have to know whom to
    take away. `Game.sentence()` already remembers them; this adds `Game.sentenced()`.
    """,
    testing="Played a whole game; the list was very long by the end.",
    groups=["croquet"], people=["queen"],
    diff=change_diff({"croquet/game.py": [
        ('        return "Off with their head!"\n',
         '        return "Off with their head!"\n\n'
         "    def sentenced(self):\n        return list(self.sentences)\n"),
    ]}))  # fmt: skip
review(queen, r9, "Off with... oh, very well. Ship it.", ship_it=True)
close(alice, r9, "submitted", "Submitted to main. The King pardoned everybody afterwards.")

# 10. The White Rabbit: for the invite-only privy council (alice may not see it).
review_request(rabbit, "The order of the trial of the Knave of Hearts",
    """
    Herald's duties at the trial: blow the trumpet three times, then read the accusation.
    Sentence first, verdict afterwards.
    """,
    groups=["privy-council"], people=["queen"], with_repository=False)  # fmt: skip

# A diff alice has ready on her machine, for the capture to upload as a new review request.
UPLOADS = os.path.join(os.path.dirname(os.path.dirname(REPO)), "uploads")
os.makedirs(UPLOADS, exist_ok=True)
with open(os.path.join(UPLOADS, "door-sign.diff"), "wb") as f:
    f.write(change_diff({"hall/doors.py": [
        ('GARDEN_DOOR = Door("garden", 15)\n',
         'GARDEN_DOOR = Door("garden", 15)\nGARDEN_DOOR.sign = "PLEASE KNOCK"\n'),
    ]}))  # fmt: skip

# alice watches (stars) the Hatter's review request.
As(alice).call("post", "users/alice/watched/review-requests/", {"object_id": r1})

print(
    f"seeded: {User.objects.count()} users, {Group.objects.count()} groups, "
    f"{ReviewRequest.objects.count()} review requests, {Review.objects.count()} reviews and replies"
)
