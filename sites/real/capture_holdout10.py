"""Capture the labelled HOLDOUT page corpus of sites/real/holdout10/pages from a MoinMoin 2 wiki.

The tenth holdout app (MoinMoin 2.0.0b5, PyPI `moin`, the "Wonderland Wiki" seeded by
`sites/real/holdout10/setup`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after a fresh `sites/real/holdout10/setup`
with the wiki running:

    sites/real/holdout10/setup
    sites/real/holdout10/start 8093 &
    .venv/bin/python sites/real/capture_holdout10.py              # or: --moin URL

Two browser sessions: a visitor, and alice (the wiki's superuser) signed in through Moin's
login form, who edits, previews and saves a page, creates one, deletes one, changes her
settings and finally logs out. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand,
one page at a time, from what each page is for; the classifier and the site profiles were
not consulted. The agent's password is redacted.

Capturing changes the wiki (an edit of "Tea Times", a new page "Caterpillar", the deletion
of "Rabbit Hole", alice's settings), so run `setup` again before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout10" / "pages"
PORTS = {"moin": 8093}

PARTY = "/Mad%20Tea%20Party"  # three revisions: alice, bob, alice
TIMES = "/Tea%20Times"  # the page alice edits (a table)


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def sign_in(p: Page, name: str = "alice", password: str = PASSWORD) -> None:
    """Fill and send Moin's login form (/+login)."""
    p.fill("input[name=login_username]", name)
    p.fill("input[name=login_password]", password)
    submit(p, "form[name=login] input[type=submit]")


def search(query: str) -> Any:
    """Type a query into the search box of the header and send it."""

    def run(p: Page) -> None:
        p.fill("#moin-searchform input[name=q]", query)
        submit(p, "#moin-search-submit")

    return run


def register_mismatch(p: Page) -> None:
    p.fill("input[name=register_username]", "hatter")
    p.fill("input[name=register_password1]", "Twinkle-twinkle-bat-1")
    p.fill("input[name=register_password2]", "Twinkle-twinkle-bat-2")
    p.fill("input[name=register_email]", "hatter@wonderland.test")
    submit(p, "form[name=register] input[type=submit]")


def lost_password(p: Page) -> None:
    p.fill("input[name=lostpass_username]", "alice")
    submit(p, "form[name=lostpass] input[type=submit]")


def click_link(name: str, *, last: bool = False) -> Any:
    def run(p: Page) -> None:
        links = p.get_by_role("link", name=name, exact=True)
        with p.expect_navigation(wait_until="load"):
            (links.last if last else links.first).click()

    return run


def press(name: str) -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("button", name=name, exact=True).first.click()

    return run


def oldest_revision(p: Page) -> None:
    """On an item's history, open the oldest revision (the last row's 'show' link)."""
    with p.expect_navigation(wait_until="load"):
        p.locator("a[href^='/+show/+']").last.click()


def tab(name: str) -> Any:
    """Open one tab of the user settings (drawn by script, no navigation)."""

    def run(p: Page) -> None:
        p.get_by_role("link", name=name, exact=True).first.click()
        p.wait_for_timeout(300)

    return run


def edit_tea_times(p: Page) -> None:
    text = p.input_value("textarea").rstrip()
    p.fill("textarea", text + "\r\n * The Dormouse takes it cold.\r\n")
    p.fill("input[name=comment]", "The Dormouse's tea")
    press("Preview")(p)


def new_page_text(p: Page) -> None:
    p.fill(
        "textarea",
        "= Caterpillar =\r\n\r\nThe '''Caterpillar''' sits on a mushroom smoking a hookah and asks "
        "[[Alice]]: \"Who are YOU?\"\r\n\r\n== Advice ==\r\n\r\nOne side of the mushroom makes you "
        "grow taller, the other side makes you grow shorter.\r\n",
    )
    p.fill("input[name=comment]", "New page about the Caterpillar")
    p.get_by_role("textbox", name="Tags").fill("Characters")


def delete_with_comment(p: Page) -> None:
    p.fill("input[name=delete_item_comment]", "Merged into Alice")
    press("OK")(p)


def save_personal(p: Page) -> None:
    p.get_by_role("textbox", name="Display-Name").fill("Alice Pleasance Liddell")
    submit(p, "#usersettings_personal input[type=submit]")


# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "moin", base, signed_in=False)
    c = out.capture
    c("home", "article",
      "the front page 'Welcome to the Wonderland Wiki' (/ goes to /Home): an introductory "
      "paragraph, then headed lists of links to the articles, characters and places",
      url="/", also=("listing",))
    c("article-alice", "article",
      "the article 'Alice': a heading, an opening paragraph and sections (Appearance, In "
      "Wonderland as a numbered list, Character) of prose with links", url="/Alice")
    c("article-mad-tea-party", "article",
      "the article 'Mad Tea Party' (rev 3): four sections of prose with links",
      url=PARTY)
    c("article-croquet-table", "article",
      "the article 'Croquet': paragraphs, an Equipment table (croquet / Wonderland / trouble) "
      "and a Rules section", url="/Croquet")
    c("article-tea-times", "article",
      "the page 'Tea Times': one sentence, a table of guests and their tea (guest, tea, milk, "
      "sugar, time) and a short list of notes", url=TIMES)
    c("subitem-rules", "article",
      "the sub-item 'Croquet/Rules': a heading and a numbered list of five rules",
      url="/Croquet/Rules")
    c("image-item", "other",
      "the item 'Croquet/flamingo.png', a picture: the item's view menu, the image alone and "
      "the footer line 'rev 1, modified ... by Alice Liddell, tags: Croquet'",
      url="/Croquet/flamingo.png", also=("detail",))
    c("csv-item", "listing",
      "the item 'Croquet/Scores.csv', a CSV file shown as a sortable table of three players "
      "(Player, Hoops, Beheadings ordered) and nothing else", url="/Croquet/Scores.csv",
      also=("other",))
    c("history", "listing",
      "'History of Mad Tea Party': a table of its three revisions (rev, timestamp, size, diff "
      "radio buttons, editor, comment, actions) with a Diff button", url="/+history" + PARTY)
    c("old-revision", "article",
      "revision 1 of 'Mad Tea Party' opened from its history: the old text of the article "
      "(two sections) with revision navigation", then=oldest_revision)
    c("diff", "other",
      "the Diff button of the history (rev 2 against rev 3): 'Diff for Mad Tea Party', two "
      "revision headers (editor, time, comment) and the changed lines side by side",
      url="/+history" + PARTY, then=press("Diff"))
    c("global-history", "listing",
      "'Global History' (recent changes): a table of the latest changes by day (content type, "
      "item, time, history link, editor, comment) with diff links and an RSS feed link",
      url="/+history")
    c("index", "listing",
      "'Global Index': toolbar (select all, download, delete, filter, namespace, New Item), "
      "initial letters, then a sortable table of the 17 items (name, size, revisions, editor, "
      "modified)", url="/+index/")
    c("subitems", "listing",
      "'Index of subitems Croquet': the same index toolbar and a table of Croquet's three "
      "sub-items (Rules, flamingo.png, Scores.csv)", url="/+index/Croquet")
    c("tags", "listing",
      "'Global Tags': a list of the five tags as links", url="/+tags")
    c("tagged-items", "listing",
      "'Items tagged with Tea', 'Total: 5', a list of five article links", url="/+tags/Tea")
    c("search-form", "search",
      "the search page asked for without a query: 'Search', a search box, a note on how it "
      "searches, links to docs and 'More Search Options'", url="/+search")
    c("search-hits", "search_results",
      "the header search for 'treacle': the search page with the query, the Whoosh query, "
      "'5 items found.' and the hits (name, matched terms, revision, tags, content excerpt)",
      url="/Home", then=search("treacle"))
    c("search-no-hits", "search_results",
      "the header search for 'jabberwock': the query, '0 items found.' and a link 'Create new "
      "page \"jabberwock\"'", url="/Home", then=search("jabberwock"))
    c("markup", "other",
      "'Syntax highlighting of Croquet' (the Markup view): the page's raw Moin wiki source as "
      "one block of text", url="/+highlight/Croquet", also=("article",))
    c("meta", "detail",
      "'Metadata of Croquet': a Key / Value table of the item's facts (action, address, "
      "comment, content type, item id, links, revision, size, tags, editor...)",
      url="/+meta/Croquet")
    c("sitemap", "listing",
      "'SiteMap of Home': nested lists of the pages Home links to, and what those link to",
      url="/+sitemap/Home")
    c("wanted-items", "listing",
      "'Wanted Items', 'Total: 5': a table of missing items and the items that refer to them",
      url="/+wanteds")
    c("user-menu", "listing",
      "the 'User' menu for a visitor: 'User Menu' with headed lists of links (documentation, "
      "reports such as Wanted Items and Orphaned Items, namespaces)", url="/+admin/user")
    c("missing-page", "error",
      "a page that does not exist, asked for by a visitor: 'Item not found or access denied', "
      "'Item Jabberwocky does not exist or you do not have permission to access it.' (HTTP 404)",
      url="/Jabberwocky")
    c("protected-page", "error",
      "the page 'Queen's Orders' (its ACL lets only alice read it) asked for by a visitor: "
      "'Item not found or access denied' (HTTP 403)", url="/Queen%27s%20Orders")
    c("edit-refused", "error",
      "the editor of 'Alice' asked for by a visitor (visitors may only read): 'Item not found "
      "or access denied' (HTTP 403)", url="/+modify/Alice")
    c("login", "login",
      "the Login page: a line with 'create one now' and 'Forgot your password?' links, then "
      "'Moin login' with Username, Password and Log in", url="/+login")
    c("login-failed", "login",
      "Log in sent with a wrong password: 'Invalid username or password.' above the same form",
      url="/+login", then=lambda p: sign_in(p, "alice", "not-the-password"), also=("error",))
    c("register", "form",
      "'Create Account': username, password twice, e-mail and Register", url="/+register")
    c("register-failed", "form",
      "Create Account sent with two different passwords: 'The passwords do not match.' at the "
      "top of the form, the username and e-mail kept", url="/+register",
      then=register_mismatch, also=("error",))
    c("lost-password", "form",
      "'Lost Password': 'you only need to fill out one form field', Name, E-Mail and Recover "
      "password", url="/+lostpass")
    c("lost-password-sent", "confirmation",
      "after Recover password: a blank page with two messages, 'Contact administrator: cannot "
      "send password recovery e-mail because mail configuration is incomplete.' and 'If this "
      "account exists, you will be notified.'", url="/+lostpass", then=lost_password,
      also=("error",))
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    into = Session(browser, "moin", base, signed_in=True)
    into.goto("/+login")
    c = into.capture
    c("login-welcome", "article",
      "right after logging in (back to /Home): 'You are logged in.' above the front page's "
      "welcome text and lists of links", then=sign_in, also=("confirmation", "listing"))
    c("edit", "form",
      "'Modifying Tea Times': the editor (OK / Preview / Cancel, a textarea with the wiki "
      "source, upload, Comment, ACL, Names, Summary, Tags)", url="/+modify" + TIMES)
    c("preview", "form",
      "Preview of the edit: the same editor form with the comment filled in, followed by a "
      "diff of the change and the rendered page", then=edit_tea_times, also=("other",))
    c("saved", "article",
      "after OK: the updated 'Tea Times' page (its table and notes with the new line), no "
      "message", then=press("OK"))
    c("create-missing", "other",
      "a page that does not exist, asked for by alice: 'Create new item named Caterpillar', "
      "'Please select the contenttype...', a table of links to the content types (MoinMoin, "
      "Creole, Markdown... Plain Text, CSV... images) (HTTP 404)", url="/Caterpillar",
      also=("form",))
    c("create-editor", "form",
      "after choosing MoinMoin: 'Modifying Caterpillar', the editor with an empty textarea, "
      "Comment, ACL, Names, Summary and Tags", then=click_link("MoinMoin"))
    new_page_text(into.page)
    c("create-saved", "article",
      "after OK: the new page 'Caterpillar', a heading, a paragraph and an 'Advice' section",
      then=press("OK"))
    c("my-changes", "listing",
      "'My Changes': a table of alice's revisions across the wiki (diff link, name, timestamp, "
      "size, rev, comment)", url="/+mychanges")
    c("new-item-dialog", "listing",
      "the Global Index after 'New Item': an 'Item name' box with Create and an upload area "
      "opened above the index table of items", url="/+index/",
      then=lambda p: (p.get_by_text("New Item", exact=True).first.click(), p.wait_for_timeout(300)),
      also=("form",))
    c("delete", "form",
      "'Delete Rabbit Hole': a Comment field and OK, then 'Meta data of item to be deleted' "
      "as a table (an are-you-sure page)", url="/+delete/Rabbit%20Hole")
    c("deleted", "other",
      "after OK on the deletion: 'The item \"Rabbit Hole\" was deleted.' above what a missing "
      "name shows, 'Create new item named Rabbit Hole' and its table of content types (HTTP 404)",
      then=delete_with_comment, also=("confirmation", "form"))
    c("trash", "listing",
      "the admin 'Trash': a table of deleted items (Rabbit Hole with its old name, editor, "
      "time, comment)", url="/+admin/trash")
    c("settings", "form",
      "'User Settings' (the Appearance tab): tab links, then theme radio buttons, CSS file, "
      "editor rows... and Save", url="/+usersettings")
    c("settings-personal", "form",
      "User Settings, 'Personal' tab: usernames, display name, timezone, locale, e-mail and "
      "Save", url="/+usersettings", then=tab("Personal"))
    c("settings-saved", "form",
      "Personal settings sent with a new display name: 'Your changes have been saved.' above "
      "the User Settings tabs and form", then=save_personal, also=("confirmation",))
    c("users", "listing",
      "the admin 'Users' page: a sortable table of the two accounts (name, display name, "
      "e-mail, action buttons, groups, subscriptions)", url="/+admin/userbrowser")
    c("server-error", "error",
      "/+new opened directly (Moin only implements its POST): Werkzeug's bare 'Internal "
      "Server Error' page (HTTP 500)", url="/+new")

    def log_out(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("link", name="Logout").first.click()
        into.signed_in = False

    into.goto("/Home")
    c("logged-out", "article",
      "after Logout: 'You are logged out.' above the visitor's front page (welcome text and "
      "lists of links)", then=log_out, also=("confirmation", "listing"))
    into.close()
    return into.written


def moin(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"moin": moin}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
