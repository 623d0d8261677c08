"""Capture the labelled HOLDOUT page corpus of sites/real/holdout6/pages from django-wiki.

The sixth holdout app (django-wiki 0.13.0, PyPI package `wiki`, on Django 5.2 in a minimal
project of ours, `sites/real/holdout6/wikisite/`, serving a small "Wonderland Field Guide"
over SQLite) was never used to tune the page-state classifier; its pages measure it honestly.
Run by hand, not by tests, after `sites/real/holdout6/setup` with the wiki running:

    sites/real/holdout6/setup
    sites/real/holdout6/start 8089 &
    .venv/bin/python sites/real/capture_holdout6.py              # or: --djangowiki URL

The wiki renders its pages on the server (Bootstrap 4 and a little jQuery): a revision's diff
in the history is fetched by script when its row is clicked, and previews (of an edit, of an
old revision) open in a modal dialog holding an iframe, so those captures click and wait for
the content. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The agent's password is redacted from everything written.

Capturing changes the wiki (alice saves an edit of the Mad Hatter's page, creates the page
"The Tulgey Wood" and deletes it again), so reset it with setup before a re-capture.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout6" / "pages"
PORTS = {"djangowiki": 8089}

LOGIN = "/_accounts/login/"
SEND = "button[name=save_changes]"  # the submit button of the wiki's forms


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps on the pages ---------------------------------------------------------------------------
def sign_in(password: str) -> Callable[[Page], None]:
    def run(p: Page) -> None:
        p.fill("#id_username", USER)
        p.fill("#id_password", password)
        submit(p, SEND)

    return run


def show_diff(revision: int) -> Callable[[Page], None]:
    """Click one revision's row of a history page: its diff is fetched and shown under it."""

    def run(p: Page) -> None:
        p.click(f"a[href='#collapse{revision}']")
        p.wait_for_selector(f"#collapse{revision} .diff-container tbody tr", state="visible")
        p.wait_for_timeout(600)  # the collapse animation

    return run


def preview_revision(revision: int) -> Callable[[Page], None]:
    """Click a history row's 'Preview this revision': a modal with the old text in an iframe."""

    def run(p: Page) -> None:
        row = p.locator(f"a[href='#collapse{revision}']").locator("xpath=..")
        row.get_by_role("button", name="Preview this revision").click()
        p.wait_for_selector("#previewModal iframe", state="visible")
        p.frame_locator("#previewModal iframe").locator("h1, p").first.wait_for(timeout=10000)
        p.wait_for_timeout(600)

    return run


def preview_edit(p: Page) -> None:
    """Change the text in the edit form and press Preview: a modal with the rendered text."""
    box = p.locator("#id_content")
    box.fill(box.input_value() + "\n\n## Hats\n\nIn this style 10/6.\n")
    p.get_by_role("button", name="Preview").click()
    p.wait_for_selector("#previewModal iframe", state="visible")
    p.frame_locator("#previewModal iframe").locator("text=In this style").wait_for(timeout=10000)
    p.wait_for_timeout(600)


def save_edit(p: Page) -> None:
    box = p.locator("#id_content")
    box.fill(box.input_value() + "\n\n## Hats\n\nIn this style 10/6.\n")
    p.fill("#id_summary", "The price ticket in his hat")
    submit(p, "#id_save")


def create_page(p: Page) -> None:
    p.fill("#id_title", "The Tulgey Wood")
    p.fill("#id_slug", "tulgey-wood")
    p.fill("#id_content", "A dark wood where the Jabberwock came whiffling through.\n")
    p.fill("#id_summary", "New page")
    submit(p, SEND)


# -- django-wiki ----------------------------------------------------------------------------------
def djangowiki(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    out = Session(browser, "djangowiki", base, signed_in=False)
    c = out.capture
    c(
        "root",
        "article",
        "the wiki's root article 'Wonderland Field Guide' for a visitor: an intro paragraph, "
        "'Where to start' with links to the sections, house rules and a quotation",
        url="/",
    )
    c(
        "section-characters",
        "article",
        "the section article 'Characters': one sentence and a bulleted list of links to the four "
        "character pages below it",
        url="/characters/",
        also=("listing",),
    )
    c(
        "article-tea-party",
        "article",
        "a nested article, 'The Mad Tea Party' (places/tea-party): paragraphs, a table of guests, "
        "an 'Etiquette' section and a link to its attached menu",
        url="/places/tea-party/",
    )
    c(
        "article-cheshire-cat",
        "article",
        "'The Cheshire Cat' (characters/cheshire-cat): a picture beside the text, two sections of "
        "prose",
        url="/characters/cheshire-cat/",
    )
    c(
        "article-jabberwocky",
        "article",
        "'Jabberwocky' (poems/jabberwocky): the verse, a glossary table and a paragraph about "
        "the poem",
        url="/poems/jabberwocky/",
    )
    c(
        "directory-root",
        "listing",
        "the root's 'Add article / Filter' directory (/_dir/): 'There are 4 articles in this "
        "level', a table of title, slug and last modified",
        url="/_dir/",
    )
    c(
        "directory-places",
        "listing",
        "the directory of 'Places of Wonderland' (/places/_dir/): a table of the 3 articles below "
        "it",
        url="/places/_dir/",
    )
    c(
        "search-empty",
        "search_results",
        "the search page opened with no query (/_search/, the wiki has no separate search form "
        "page): 'Search results for:' with an empty box, 'Your search returned 0 results.' and "
        "'There are no articles in this level'",
        url="/_search/",
        also=("search",),
    )
    c(
        "search-hits",
        "search_results",
        "search for 'rabbit' in the whole wiki: 'Your search returned 5 results.' and a table of "
        "matching articles with excerpts and dates",
        url="/_search/?q=rabbit",
    )
    c(
        "search-no-hits",
        "search_results",
        "search for 'bandersnatch': 'Your search returned 0 results.' and 'There are no articles "
        "in this level' in the table",
        url="/_search/?q=bandersnatch",
    )
    c(
        "search-in-section",
        "search_results",
        "search for 'tea' within the 'Characters' section (/characters/_search/?q=tea): the "
        "matching articles below it",
        url="/characters/_search/?q=tea",
    )
    c(
        "history",
        "listing",
        "the Mad Hatter's 'Changes' (history): 5 revisions, each with date, number, author, "
        "summary and a 'Preview this revision' button",
        url="/characters/mad-hatter/_history/",
    )
    c(
        "history-diff",
        "listing",
        "the history with revision #4's row clicked open: its auto log ('New title: The Hatter') "
        "and a table of the lines it changed under that row, the other revisions around it",
        url="/characters/mad-hatter/_history/",
        then=show_diff(4),
        also=("other",),
    )
    c(
        "history-preview-revision",
        "article",
        "'Preview this revision' of revision #2 in the history: a modal dialog 'Previewing "
        "revision: ... (#2) by hatter' with the article as it was (a heading, two short "
        "paragraphs), 'Back to history view', over the history",
        url="/characters/mad-hatter/_history/",
        then=preview_revision(2),
        also=("other",),
    )
    c(
        "diff-json",
        "other",
        "a revision's diff URL opened in the browser (/_revision/diff/N/): one line of raw JSON "
        '({"diff": [...]}, the changed lines the history fetches), no title',
        url="/_revision/diff/14/",
    )
    c(
        "source",
        "other",
        "'View Source' of the Mad Hatter's page for a visitor: the article's markdown in a "
        "read-only code block, with the article's tabs",
        url="/characters/mad-hatter/_source/",
        also=("article",),
    )
    c(
        "attachments",
        "listing",
        "the tea party's Attachments tab for a visitor: how to refer to a file, and a table for "
        "its one file (name, age, description, markdown tag, uploader, size, file history link)",
        url="/places/tea-party/_plugin/attachments/",
        also=("detail",),
    )
    c(
        "attachment-history",
        "listing",
        "'History of \"tea-party-menu.txt\"' under the tea party's tabs: a table of the "
        "attachment's revisions (one: date, user, description, size, Download) and Go back",
        url="/places/tea-party/_plugin/attachments/history/2/",
    )
    c(
        "images",
        "listing",
        "the Cheshire Cat's Images page: how to refer to an image, 'Back to edit page' and a "
        "table of its one image (thumbnail, markdown tag, uploader, size) with its history",
        url="/characters/cheshire-cat/_plugin/images/",
        also=("detail",),
    )
    c(
        "edit-signed-out",
        "login",
        "the Edit URL of an article asked for by a visitor: redirected to 'Please log in' "
        "(username, password, 'Log me in...') with next=…/_edit/",
        url="/characters/mad-hatter/_edit/",
    )
    c(
        "create-signed-out",
        "login",
        "a missing article under an existing one (/places/dodo/) asked for by a visitor: the wiki "
        "offers to create it, which a visitor may not, so the sign-in form",
        url="/places/dodo/",
    )
    c(
        "restricted-signed-out",
        "login",
        "'The Queen's Secret Garden', unreadable for others, asked for by a visitor: the sign-in "
        "form, nothing saying the page exists or is refused",
        url="/secret-garden/",
        also=("error",),
    )
    c(
        "deleted-signed-out",
        "login",
        "the deleted article 'Looking-Glass House' asked for by a visitor: redirected to its "
        "'deleted' page, which needs a sign-in: the sign-in form",
        url="/places/looking-glass-house/",
        also=("error",),
    )
    c(
        "not-found-ancestors",
        "error",
        "an article whose parent does not exist either (/nosuch/deeper/): 'Not found', 'This "
        "article was not found, and neither was its parent article.' and a Start page link "
        "(HTTP 404)",
        url="/nosuch/deeper/",
    )
    c(
        "not-found-id",
        "error",
        "an article id that does not exist (/12345/): Django's bare 'Not Found' page, 'The "
        "requested resource was not found on this server.' (HTTP 404)",
        url="/12345/",
    )
    c(
        "login",
        "login",
        "the wiki's 'Please log in' page: username and password fields, 'Log me in...' and a "
        "sign-up link",
        url=LOGIN,
    )
    c(
        "login-failed",
        "login",
        "the sign-in sent with a wrong password: the form again with 'Please enter a correct "
        "username and password...'",
        url=LOGIN,
        then=sign_in("not-the-password"),
        also=("error",),
    )
    c(
        "sign-up",
        "form",
        "'Sign up': username, email, password and password confirmation fields and 'Sign me up...'",
        url="/_accounts/sign-up/",
    )

    def bad_sign_up(p: Page) -> None:
        p.fill("#id_username", "alice")
        p.fill("#id_email", "another-alice@wonderland.example")
        p.fill("#id_password1", "looking-glass-7")
        p.fill("#id_password2", "looking-glass-8")
        submit(p, SEND)

    c(
        "sign-up-failed",
        "form",
        "the sign-up form sent with a username already taken and passwords that differ: the "
        "form again with 'A user with that username already exists.' and 'The two password "
        "fields didn't match.'",
        url="/_accounts/sign-up/",
        then=bad_sign_up,
        also=("error",),
    )
    out.close()

    into = Session(browser, "djangowiki", base, signed_in=True)
    c = into.capture
    c(
        "signed-in",
        "article",
        "right after signing in: the root article with 'You are now logged in! Have fun!' above "
        "it and alice's menu in the header",
        url=LOGIN + "?next=/",
        then=sign_in(PASSWORD),
        also=("confirmation",),
    )
    c(
        "article-signed-in",
        "article",
        "'The White Rabbit' read by alice: two sections of prose; the tabs now include Edit and "
        "Settings",
        url="/characters/white-rabbit/",
    )
    c(
        "edit",
        "form",
        "'Edit: The Mad Hatter': title, a markdown editor with its toolbar, a summary, Preview "
        "and Save buttons, and a sidebar of images, macros, help and links",
        url="/characters/mad-hatter/_edit/",
    )
    c(
        "edit-preview",
        "article",
        "Preview pressed in the edit form: a modal dialog over the form with the article as it "
        "would be saved (headings, paragraphs, the new 'Hats' section), 'Back to editor' and "
        "'Save changes'",
        url="/characters/mad-hatter/_edit/",
        then=preview_edit,
        also=("form", "other"),
    )
    c(
        "edit-saved",
        "article",
        "the edit saved: the Mad Hatter's article with its new section and 'A new revision of "
        "the article was successfully added.' above it",
        url="/characters/mad-hatter/_edit/",
        then=save_edit,
        also=("confirmation",),
    )
    c(
        "history-signed-in",
        "listing",
        "the Mad Hatter's history for alice: 6 revisions with radio buttons and 'Switch to "
        "selected version' / 'Merge selected with current...' at the bottom",
        url="/characters/mad-hatter/_history/",
    )
    c(
        "history-diff-signed-in",
        "listing",
        "alice's history with the newest revision's row clicked open: the table of the lines her "
        "edit added under it, the 5 older revisions and the merge / switch buttons below",
        url="/characters/mad-hatter/_history/",
        then=show_diff(6),
        also=("other",),
    )
    c(
        "create",
        "form",
        "'Add new article' under 'Places of Wonderland': title, slug, contents editor, summary "
        "and a 'Create article' button",
        url="/places/_create/",
    )
    c(
        "create-missing",
        "form",
        "a missing article (/characters/dodo/) asked for by alice: the 'Add new article' form "
        "with the slug 'dodo' filled in",
        url="/characters/dodo/",
    )
    c(
        "created",
        "article",
        "the new article 'The Tulgey Wood' right after creating it, with 'New article ... "
        "created.' above its one sentence",
        url="/places/_create/",
        then=create_page,
        also=("confirmation",),
    )
    c(
        "delete",
        "form",
        "'Delete \"The Tulgey Wood\"': 'You are deleting an article. Please confirm.', a 'Yes, "
        "I am sure' checkbox, Go back and 'Delete article'",
        url="/places/tulgey-wood/_delete/",
    )

    def confirm_delete(p: Page) -> None:
        p.check("#id_confirm")
        submit(p, "button:has-text('Delete article')")

    c(
        "deleted-confirmed",
        "article",
        "after deleting The Tulgey Wood: the parent article 'Places of Wonderland' (text, a "
        "table of places) with 'The article ... is now marked as deleted! Thanks ...' above it",
        url="/places/tulgey-wood/_delete/",
        then=confirm_delete,
        also=("confirmation",),
    )
    c(
        "deleted",
        "error",
        "the deleted article 'Looking-Glass House' asked for by alice: 'Article deleted', 'The "
        "article you were looking for has been deleted.' and a Restore link (HTTP 200)",
        url="/places/looking-glass-house/",
    )
    c(
        "move",
        "form",
        "'Move: The White Rabbit': a destination (a link that opens a picker of articles), the "
        "slug, a 'Redirect pages' checkbox, a warning about links, Go back and 'Move article'",
        url="/characters/white-rabbit/_move/",
    )
    c(
        "settings-permissions",
        "form",
        "Settings of alice's own article 'Jabberwocky': the permissions form (owner, group, read "
        "and write rights) and the notifications form",
        url="/poems/jabberwocky/_settings/",
    )
    c(
        "settings-notifications",
        "form",
        "Settings of the Mad Hatter's page (not alice's): only the notifications form (how often, "
        "when edited, emails) and Save changes",
        url="/characters/mad-hatter/_settings/",
    )
    c(
        "attachments-signed-in",
        "listing",
        "the tea party's Attachments tab for alice: the table of its one file with Replace / "
        "Delete links, and closed 'Upload new file' / 'Search and add file' sections",
        url="/places/tea-party/_plugin/attachments/",
        also=("detail",),
    )
    c(
        "refused-edit",
        "error",
        "Edit of 'Royal Decrees', which only the Queen may change, asked for by alice: "
        "'Permission Denied', 'Sorry, you don't have permission to access this page.' (HTTP 403)",
        url="/royal-decrees/_edit/",
    )
    c(
        "refused-read",
        "error",
        "'The Queen's Secret Garden' asked for by alice: 'Permission Denied' and a 'Back to "
        "article' link (HTTP 403)",
        url="/secret-garden/",
    )
    c(
        "global-history",
        "listing",
        "'Global history': 'List of N changes in the wiki.' and a table of revisions (article, "
        "message, user, date, links)",
        url="/_plugin/globalhistory/",
    )
    c(
        "account-settings",
        "form",
        "alice's 'Account Settings': email address, new password, confirm password and 'Update'",
        url="/_accounts/settings/",
    )
    c(
        "notification-settings",
        "form",
        "'Your notification settings': interval, subscriptions to remove, email digests and Save "
        "changes",
        url="/_plugin/notifications/",
    )
    c(
        "search-signed-in",
        "search_results",
        "alice's search for 'queen': the matching articles (the secret garden not among them)",
        url="/_search/?q=queen",
    )

    def log_out(p: Page) -> None:
        p.goto(base + "/_accounts/logout/", wait_until="load")
        into.signed_in = False

    c(
        "logged-out",
        "article",
        "after signing out: the root article for a visitor with 'You are no longer logged in. Bye "
        "bye!' above it",
        then=log_out,
        also=("confirmation",),
    )
    into.close()
    return out.written + into.written


APPS = {"djangowiki": djangowiki}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
