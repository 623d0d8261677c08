"""Capture the labelled HOLDOUT page corpus of sites/real/holdout28/pages from a Gitit wiki.

The twenty-eighth holdout app (Gitit 0.15.1.0, Debian's `gitit`, a wiki kept in a git
repository, with its own web server and its default templates, seeded by
`sites/real/holdout28/setup` through its own web forms with three users and 17 Wonderland pages
in Markdown: characters, events, places, a folder of recipes, tables, lists, categories, a
discussion page, an uploaded picture, several edits of some pages) was never used to tune the
page-state classifier; its pages measure it honestly. Run by hand, not by tests, with the app
freshly set up and running:

    sites/real/holdout28/setup
    sites/real/holdout28/start 8110 &
    .venv/bin/python sites/real/capture_holdout28.py              # or: --gitit URL

Two browser sessions. A visitor: the front page, articles (short, with tables, with lists and
headings, with a picture, in a folder), Gitit's own help and user's guide, a discussion page, a
printable page, an old revision; the index of all pages and of a folder, the categories and a
category (and one that has no page), recent activity (all and one user's), a page's history (and
its first page of two), the history of a page that does not exist; diffs; searches (a word, no
match, nothing typed, typed in the sidebar), the "Go" box (to a page, and to a search); a missing
page, a missing revision, a missing diff, a server error; the sign-in page, a failed sign-in, the
edit, upload and delete links followed by a visitor; the registration form and its errors, the
password-reset form, what it says after sending mail and for an unknown user; a page's raw
source, the Atom feed, the uploaded picture, a random page. Then alice, signed in (she signs in
from the form the edit link leads to, and lands on that edit form): the front page, a page and
its history, the edit form with its preview, a missing page, creating it (form, saved page),
an edit saved, an edit conflict, the revert form, deleting a page (the "are you sure?" page, what
comes after, the deleted page), a locked page and a page that may not be deleted, the upload
form, an upload refused and one done, the uploaded file, a search, a category, the page Gitit's
scripts ask who is signed in; and last, signing out (with the link, and, signed in again, by
typing the sign-out address). Each page is read through the project's
own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with
the HTTP status of the main document (the last navigation response), and written in exactly the
format of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by
hand, one page at a time, from what each page is for; the classifier and the site profiles were
not consulted.

Capturing changes the app (a page created and deleted, a page edited, another edited twice in a
conflict, a file uploaded, a password-reset mail attempted): run `setup` again, with the server
stopped, before a re-capture.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import capturing
from capturing import click, click_link, guarded, steps, submit, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout28" / "pages"
PORTS = {"gitit": 8110}
CONTENT = "#content"  # the page's own column (not the sidebar, not the tabs)


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=400, **kwargs)


def wiki(name: str) -> str:
    return "/" + quote(name)


def revisions(out: capturing.Session, name: str) -> list[str]:
    """The revisions of a page, newest first, read from its history (their ids change with
    each seed)."""
    html = out.page.request.get(out.base + "/_history" + wiki(name)).text()
    return list(dict.fromkeys(re.findall(r"revision=([0-9a-f]{40})", html)))


def sign_in(password: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.fill("#username", capturing.USER)
        page.fill("#password", password)
        submit(page, "#login")

    return run


def fill(selector: str, value: str) -> Callable[[Page], None]:
    return lambda page: page.fill(selector, value)


def sidebar(box: str, button: str, text: str) -> Callable[[Page], None]:
    """Type into the sidebar's search or "Go" box and press its button."""
    return steps(fill(box, text), lambda p: submit(p, button))


def register(username: str, password: str, again: str) -> Callable[[Page], None]:
    return steps(fill("#username", username), fill("#password", password),
                 fill("#password2", again), lambda p: submit(p, "#register"))


def edit_in_the_meantime(out: capturing.Session, name: str, text: str) -> Callable[[Page], None]:
    """Someone else saves the page while alice's edit form is open (a request of the same
    session, as another tab would): her Save then meets a conflict."""

    def run(page: Page) -> None:
        html = page.request.get(out.base + "/_edit" + wiki(name)).text()
        sha1 = re.search(r'name="sha1"[^>]*value="([0-9a-f]*)"', html).group(1)
        page.request.post(out.base + wiki(name), max_redirects=0, form={
            "editedText": text, "logMsg": "A shorter description", "sha1": sha1,
            "update": "Save"})

    return run


JABBERWOCKY = """---
format: Markdown
categories: Wonderland
...

A poem found in a looking-glass book, which Alice read by holding it up to a mirror.

## First verse

    'Twas brillig, and the slithy toves
    Did gyre and gimble in the wabe;

## Creatures

- the Jabberwock, with eyes of flame
- the Jubjub bird
- the frumious Bandersnatch
"""

STORY = """The Dormouse's story, as told at the tea party

Once upon a time there were three little sisters, Elsie, Lacie and Tillie, and they lived at
the bottom of a well. It was a treacle-well. They were learning to draw, and they drew all
manner of things that begin with an M: mouse-traps, the moon, memory and muchness.
"""


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def reading(c: Any, tea: list[str]) -> None:
    c("home", "article",
      "the front page (/ shows 'Front Page'): a paragraph on what the wiki collects, then lists "
      "of links to the characters, events, places and recipes, with view/edit/history/discuss "
      "tabs", url="/", also=("listing",))
    c("article-tea-party", "article",
      "the page 'Tea Party': a table of contents, a paragraph, a list of guests, a seating "
      "table, a paragraph on what was served, its category at the foot",
      url=wiki("Tea Party"))
    c("article-hatter", "article",
      "'The Mad Hatter': paragraphs on why he is always at tea, a riddle, a table of his hats "
      "and their prices", url=wiki("The Mad Hatter"))
    c("article-alice", "article",
      "'Alice Liddell', reached from the front page's link: sections on her appearance, a list "
      "of friends with links, a 'See also'",
      url="/", then=click_link("Alice Liddell", within=CONTENT))
    c("article-picture", "article",
      "'Palace Garden': a paragraph, a picture (a map of the garden, uploaded to the wiki) and "
      "a line linking to the croquet match", url=wiki("Palace Garden"))
    c("article-recipe", "article",
      "a page in the Recipes folder ('Recipes/Jam Tarts'): a rhyme, a list of ingredients and "
      "a numbered method", url=wiki("Recipes/Jam Tarts"))
    c("help", "article",
      "Gitit's own 'Help' page: a table of contents and long sections on navigating, editing, "
      "page metadata, uploading and Markdown", url="/Help")
    c("users-guide", "article",
      "'Gitit User's Guide' (Gitit's README as a page): a long manual with headings, lists, "
      "code blocks and options", url=wiki("Gitit User\u2019s Guide"))
    c("discussion", "article",
      "the discussion page of 'Tea Party' (the 'discuss' tab, /@Tea Party): two short "
      "signed paragraphs by hatter and alice",
      url=wiki("Tea Party"), then=click_link("discuss"))
    c("printable", "article",
      "'Printable version' of 'Tea Party' (?printable): the page's text alone, without the "
      "sidebar and the tabs", url=wiki("Tea Party") + "?printable")
    c("old-revision", "article",
      "the first revision of 'Tea Party', opened from its history: 'Revision <id> (click the "
      "page title to view the current version)', then that revision's short text",
      url="/_history" + wiki("Tea Party"),
      then=click(f"a[href$='revision={tea[-1]}']" if tea else "a[href*='revision=']:last-of-type"))
    c("random", "article",
      "'Random page' in the sidebar: a redirect to one of the wiki's pages, shown as usual "
      "(which page it is changes from run to run)",
      url="/", then=click_link("Random page"))
    c("raw-source", "other",
      "'Raw page source' of 'Tea Party' (/_showraw): the page's Markdown as plain text, its "
      "metadata block first", also=("article",), url="/_showraw" + wiki("Tea Party"))
    c("feed", "other",
      "the wiki's Atom feed (/_feed/) as the browser shows it: one long line of XML, no title",
      url="/_feed/")
    c("picture", "other",
      "the uploaded picture itself (/garden-map.png): the browser's view of a PNG image",
      url="/garden-map.png")


def lists(c: Any, tea: list[str]) -> None:
    c("index", "listing",
      "'All pages' (/_index, heading 'Contents'): the list of every page of the wiki, the "
      "Recipes folder among them", url="/", then=click_link("All pages"))
    c("index-folder", "listing",
      "the 'Recipes/' folder opened from the index: a breadcrumb and its three pages",
      url="/_index", then=click_link("Recipes", within=CONTENT))
    c("categories", "listing",
      "'Categories' (/_categories): the list of the wiki's six categories as links",
      url="/", then=click_link("Categories"))
    c("category", "listing",
      "'Category: Characters' (from the categories list): the five pages of that category",
      url="/_categories", then=click_link("Characters", within=CONTENT))
    c("category-empty", "listing",
      "'Category: Croquet', a category no page has (typed in the address): the heading, an "
      "empty list and a link back to the categories; nothing says it does not exist",
      url="/_category/Croquet", also=("error",))
    c("activity", "listing",
      "'Recent activity' (/_activity): 'Recent changes by all users', a list of the wiki's "
      "changes, each with its time, user, description and the page (linking to the diff)",
      url="/", then=click_link("Recent activity"))
    c("activity-user", "listing",
      "recent activity of one user (hatter, from a user link in the list): 'Recent changes "
      "by hatter' and his five changes", url="/_activity",
      then=click("a[href='/_activity?forUser=hatter']"))
    c("history", "listing",
      "the 'history' tab of 'Tea Party': 'Changes to Tea Party', its four revisions, each with "
      "time, user and description linking to that revision",
      url=wiki("Tea Party"), then=click_link("history"))
    c("history-paged", "listing",
      "the history of 'Tea Party' limited to two revisions (?limit=2): the two newest and a "
      "'Show more...' link", url="/_history" + wiki("Tea Party") + "?limit=2")
    c("history-missing-page", "listing",
      "the history of a page that does not exist (/_history/Jabberwock): the heading 'Changes "
      "to Jabberwock', the tabs and no revision at all, with nothing to say why",
      url="/_history/Jabberwock", also=("error",))
    if len(tea) >= 4:
        c("diff", "other",
          "a diff between the first and the last revision of 'Tea Party' (/_diff?from=&to=): "
          "'Changes from <id> to <id>' and the page's Markdown source with insertions and "
          "deletions marked", url=f"/_diff{wiki('Tea Party')}?from={tea[-1]}&to={tea[0]}")
    c("diff-activity", "other",
      "a change opened from 'Recent activity' (the page's name links to /_diff?to=): the "
      "revision it replaced as heading and the Markdown source with what was added marked",
      url="/_activity", then=click(f"{CONTENT} a[href^='/_diff/Riddles']"))


def searching(c: Any) -> None:
    c("search-results", "search_results",
      "a search for 'tea' (/_search?patterns=tea): 'Search results', '5 matches found for "
      "tea', the pages with their number of matching lines and '[show matches]'",
      url="/_search?patterns=tea")
    c("search-typed", "search_results",
      "'flamingo' typed into the sidebar's search box and sent: the matches found",
      url="/", then=sidebar("#patterns", "#search", "flamingo"))
    c("search-no-results", "search_results",
      "a search for 'jabberwocky': '0 matches found for jabberwocky' and nothing else",
      url="/_search?patterns=jabberwocky")
    c("search-empty", "search_results",
      "the sidebar's Search button pressed with nothing typed: '0 matches found for' with no "
      "query", url="/", then=sidebar("#patterns", "#search", ""))
    c("go-page", "article",
      "'riddles' typed into the sidebar's 'Go' box: the page 'Riddles' (a table of riddles), "
      "as Gitit goes to the page of that name",
      url="/", then=sidebar("#gotopage", "#go", "riddles"))
    c("go-search", "search_results",
      "'hatter' typed into the 'Go' box, no page of that exact name: Gitit shows the search "
      "results for it instead", url="/", then=sidebar("#gotopage", "#go", "hatter"))


def missing(c: Any) -> None:
    c("missing-page", "error",
      "a page that does not exist (/Jabberwock, HTTP 404): 'Create Jabberwock?', 'There is no "
      "page named ...' and links to create it or search for its name", url="/Jabberwock")
    c("missing-revision", "error",
      "'Tea Party' asked for at a revision that does not exist (HTTP 404): the same 'Create Tea "
      "Party?' page as for a missing page, though the page exists",
      url=wiki("Tea Party") + "?revision=0123456789abcdef0123456789abcdef01234567")
    c("missing-diff", "error",
      "a diff to a revision that does not exist: the web server's bare 404 page ('Happstack "
      "7.7.2', 'Your file is not found')",
      url="/_diff" + wiki("Tea Party") + "?to=0123456789abcdef0123456789abcdef01234567")
    c("server-error", "error",
      "the index of a folder that does not exist (/_index/Wardrobe): the web server's bare 500 "
      "page ('Internal server error', 'The error was \"NotFound\"')", url="/_index/Wardrobe")


def accounts(c: Any) -> None:
    c("login", "login",
      "'Login' from the top of any page: Username, Password, a Login button, links to get an "
      "account or a new password", url="/", then=click_link("Login / Get an account"))
    c("login-failed", "login",
      "a wrong password for alice: the sign-in form again with 'Invalid username or password.' "
      "above it", also=("error",), url="/_login", then=sign_in("not-the-password-1"))
    c("deep-link-edit", "login",
      "the 'edit' tab of 'Tea Party' followed by a visitor: redirected to the sign-in form, the "
      "edit page kept as destination", url=wiki("Tea Party"), then=click_link("edit"))
    c("deep-link-upload", "login",
      "'Upload a file' in the sidebar followed by a visitor: the sign-in form",
      url="/", then=click_link("Upload a file"))
    c("deep-link-delete", "login",
      "'Delete this page' on 'Riddles' followed by a visitor: the sign-in form",
      url=wiki("Riddles"), then=click_link("Delete this page"))
    c("register", "form",
      "'Register for an account' (from the sign-in page's 'click here to get one'): username, "
      "email, password, confirmation, Register", url="/_login",
      then=click_link("click here to get one."))
    c("register-mismatch", "form",
      "registering with two different passwords: the same form with 'Password does not match "
      "confirmation.' above it", also=("error",),
      url="/_register", then=register("dodo", "caucus-race-3", "caucus-race-4"))
    c("register-taken", "form",
      "registering the name 'hatter', already taken: the form with 'Sorry, that username is "
      "already taken.'", also=("error",),
      url="/_register", then=register("hatter", "caucus-race-3", "caucus-race-3"))
    c("reset-password", "form",
      "'Reset your password' (from the sign-in page's 'click here to get a new one'): a "
      "Username box and a 'Reset Password' button", url="/_login",
      then=click_link("click here to get a new one."))
    c("reset-password-sent", "confirmation",
      "the password reset asked for hatter: 'Resetting your password', 'An email has been sent "
      "to ... Please click on the enclosed link'",
      url="/_resetPassword", then=steps(fill("#username", "hatter"),
                                       lambda p: submit(p, "input#resetPassword")))
    c("reset-password-unknown", "form",
      "the password reset asked for a user who does not exist: Gitit answers with the "
      "registration form titled 'Register for an account' and 'Unknown user. Please re-register "
      "or press the Back button to try again.'", also=("error",),
      url="/_resetPassword", then=steps(fill("#username", "bandersnatch"),
                                       lambda p: submit(p, "input#resetPassword")))


def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "gitit", base, signed_in=False)
    c = guarded(out)
    out.goto("/")
    tea = revisions(out, "Tea Party")
    reading(c, tea)
    lists(c, tea)
    searching(c)
    missing(c)
    accounts(c)
    out.close()
    return out.written


# -- alice, signed in -----------------------------------------------------------------------------
def editing(c: Any, out: capturing.Session) -> None:
    c("edit-preview", "form",
      "the edit form of 'Rabbit Hole' after pressing 'Preview': the Markdown text box, the "
      "description, Save/Discard/Preview, and the rendered preview below",
      url=wiki("Rabbit Hole"), then=steps(click_link("edit"), lambda p: p.click("#previewButton"),
                                          wait(1500)))
    c("missing-page-signed-in", "error",
      "a page that does not exist, for alice (/Jabberwocky, HTTP 404): 'Create Jabberwocky?' "
      "with links to create it or search for it", url="/Jabberwocky")
    c("new-page", "form",
      "'Create the page' followed from there: 'Editing Jabberwocky', an empty text box, a "
      "description of changes, Save, Discard, Preview",
      url="/Jabberwocky", then=click_link("Create the page 'Jabberwocky'"))
    c("created-page", "article",
      "the new page right after Save: Gitit shows the page as saved (table of contents, "
      "headings, a verse, a list), with no message",
      url="/_edit/Jabberwocky", then=steps(
          fill("#editedText", JABBERWOCKY), fill("#logMsg", "The poem from the looking-glass"),
          lambda p: submit(p, "#update")))
    c("saved-edit", "article",
      "'Riddles' after adding a row and pressing Save: the page with its table of three "
      "riddles, no message", url="/_edit/Riddles", then=steps(
          lambda p: p.fill("#editedText", p.input_value("#editedText").rstrip() +
                           "\n| Why does a cat grin? | Alice | nobody knows |\n"),
          fill("#logMsg", "The Cheshire riddle"), lambda p: submit(p, "#update")))
    c("edit-conflict", "form",
      "Save of 'Cheshire Cat' after someone else saved it meanwhile: 'Editing Cheshire Cat' "
      "with 'The page has been edited since you checked it out... Please resolve conflicts and "
      "Save.' and the text with conflict markers", also=("error",),
      url="/_edit" + wiki("Cheshire Cat"), then=steps(
          edit_in_the_meantime(out, "Cheshire Cat", "---\nformat: Markdown\ncategories: "
                               "Characters\n...\n\nA grin without a cat.\n"),
          lambda p: p.fill("#editedText", p.input_value("#editedText").rstrip() +
                           "\n\nHe vanishes slowly, beginning with the end of the tail.\n"),
          fill("#logMsg", "How he vanishes"), lambda p: submit(p, "#update")))
    c("revert-form", "form",
      "'revert' on the first revision of 'Tea Party' (from its history): the edit form with "
      "that revision's text and 'Revert to <id>' as description, under 'Revision <id>'",
      url="/_history" + wiki("Tea Party"), then=steps(
          click("ul.history li:last-child a[href*='revision=']"), click_link("revert")))
    c("delete-confirm", "form",
      "'Delete this page' on 'Jabberwocky': 'Delete Jabberwocky?', 'Are you sure you want to "
      "delete this page?', 'Yes, delete it!' and 'No, keep it!'",
      url="/Jabberwocky", then=click_link("Delete this page"))
    c("deleted", "article",
      "after 'Yes, delete it!': Gitit goes to the front page, with no message saying the page "
      "was deleted", also=("listing",),
      url="/_delete/Jabberwocky", then=click("input[value='Yes, delete it!']"))
    c("deleted-page", "error",
      "the deleted page's address again: 'Create Jabberwocky?' (HTTP 404)", url="/Jabberwocky")
    c("locked-page", "article",
      "the 'edit' link of 'Help', which may not be edited (no-edit): the Help page shown with "
      "'Page is locked.' above it", also=("error",), url="/_edit/Help")
    c("undeletable-page", "article",
      "'Delete this page' on the front page, which may not be deleted: the front page with "
      "'Page cannot be deleted.' above it", also=("error",),
      url=wiki("Front Page"), then=click_link("Delete this page"))


def uploading(c: Any, story: Path) -> None:
    c("upload", "form",
      "'Upload a file': a file chooser, the name on the wiki, 'Overwrite existing file', a "
      "description, Upload", url="/", then=click_link("Upload a file"))
    c("upload-refused", "form",
      "Upload with a file but no description: the same form with 'Description cannot be "
      "empty.' above it", also=("error",),
      url="/_upload", then=steps(lambda p: p.set_input_files("#file", str(story)),
                                 fill("#wikiname", "dormouse-story.txt"),
                                 lambda p: submit(p, "#upload")))
    c("uploaded", "confirmation",
      "a file uploaded: 'Upload successful', 'Uploaded 315 bytes', 'To link to this resource "
      "from a page, use: [link label](/dormouse-story.txt)'",
      url="/_upload", then=steps(lambda p: p.set_input_files("#file", str(story)),
                                 fill("#wikiname", "dormouse-story.txt"),
                                 fill("#logMsg", "The Dormouse's story, as told"),
                                 lambda p: submit(p, "#upload")))
    c("uploaded-file", "other",
      "the uploaded text file (/dormouse-story.txt): Gitit shows it as source code in its "
      "layout, the file name as heading, numbered lines of text, 'view' and 'history' tabs",
      also=("article",), url="/dormouse-story.txt")


def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "gitit", base, signed_in=False)
    c = guarded(out)
    # alice follows the edit tab, signs in on the form it leads to, and lands on the edit form
    out.goto(wiki("Tea Party"))
    click_link("edit")(out.page)
    out.signed_in = True
    c("signed-in-edit", "form",
      "where signing in from the edit link leads: 'Editing Tea Party', the page's Markdown in "
      "a big text box, 'Description of changes', Save, Discard, Preview",
      then=sign_in(capturing.PASSWORD))
    c("home-signed-in", "article",
      "the front page for alice: the same text and lists of links, 'Logout alice' at the top",
      url="/", also=("listing",))
    c("article-signed-in", "article",
      "'Caucus Race' for alice: a paragraph, numbered rules, a table of results and a quote",
      url=wiki("Caucus Race"))
    c("history-signed-in", "listing",
      "the history of 'Caucus Race' for alice: its two revisions by alice",
      url=wiki("Caucus Race"), then=click_link("history"))
    editing(c, out)
    with tempfile.TemporaryDirectory() as tmp:
        story = Path(tmp) / "dormouse-story.txt"
        story.write_text(STORY)
        uploading(c, story)
    c("search-signed-in", "search_results",
      "a search for 'grin' by alice: the matching pages (the Cheshire Cat among them)",
      url="/", then=sidebar("#patterns", "#search", "grin"))
    c("category-signed-in", "listing",
      "'Category: Events' for alice (from the link at the foot of 'Tea Party'): its three "
      "pages", url=wiki("Tea Party"), then=click_link("Events", within=CONTENT))
    c("whoami", "other",
      "/_user, which Gitit's scripts ask who is signed in: the bare text 'alice'",
      url="/_user")

    # signing out
    out.signed_in = False
    c("logged-out", "article",
      "'Logout alice' at the top of the front page: Gitit goes back to the page it came from "
      "(the front page, now for a visitor, 'Login / Get an account' at the top), with no "
      "message", url="/", also=("listing",), then=click_link("Logout alice"))
    # signed in again, then signing out by the address /_logout typed (no page to go back to)
    out.goto("/_login")
    sign_in(capturing.PASSWORD)(out.page)
    c("logged-out-typed", "confirmation",
      "/_logout typed in the address bar while signed in: a bare page with only 'You have been "
      "logged out.' (HTTP 303 with no address to go on to, as there is no referring page)",
      url="/_logout")
    out.close()
    return out.written


# fmt: on


def gitit(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"gitit": gitit}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
