"""Capture the labelled page corpus of sites/real/pages from the three running real apps.

Run by hand, not by tests, after `sites/real/setup` (a fresh setup gives the same pages) and
with the apps started on their usual ports:

    sites/real/start mediawiki 8081 &
    sites/real/start roundup 8082 &
    sites/real/start django 8083 &
    .venv/bin/python sites/real/capture.py                 # all three apps
    .venv/bin/python sites/real/capture.py roundup django  # some of them

Each page is read through the project's own browser launcher (`webagent.browser.launch`,
1280x720 viewport) as `tab.snapshot()`, the raw aria snapshot the page-state classifier
reads, with the HTTP status of the main document. The labels below were decided by hand,
one page at a time, from what each page is for (see sites/real/pages/README.md); the
classifier was not consulted. The agent's password is redacted from everything written.

Some steps change the apps (a wiki page is saved and deleted, a book is added, changed and
deleted, an issue gets a message), so run `sites/real/setup` first for a clean re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, redact, submit  # noqa: F401
from playwright.sync_api import Page


HERE = Path(__file__).resolve().parent
PAGES = HERE / "pages"
PORTS = {"mediawiki": 8081, "roundup": 8082, "django": 8083}


def Session(*args: Any, **kwargs: Any) -> capturing.Session:  # noqa: N802
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- MediaWiki --------------------------------------------------------------------------------
def mediawiki(browser: Any, base: str) -> list[Path]:
    w = f"{base}/index.php"
    out = Session(browser, "mediawiki", signed_in=False)
    c = out.capture
    c(
        "main-page",
        "article",
        "the wiki's main page: a welcome text in sections with links to the articles",
        url=f"{w}/Main_Page",
        also=("other",),
    )
    c(
        "article-tea",
        "article",
        "an encyclopedia article with sections, a list and a sortable table",
        url=f"{w}/Tea",
    )
    c(
        "article-redirected",
        "article",
        "reached through a redirect (Chai), the Masala chai article with a 'Redirected from' note",
        url=f"{w}/Chai",
    )
    c(
        "category",
        "listing",
        "a category page: one line of text and the list of pages in the category",
        url=f"{w}/Category:Tea_types",
    )
    c(
        "all-pages",
        "listing",
        "Special:AllPages, an index of every page title as links",
        url=f"{w}/Special:AllPages",
    )
    c(
        "recent-changes",
        "listing",
        "Special:RecentChanges, a list of the latest edits with filters above it",
        url=f"{w}/Special:RecentChanges",
    )
    c(
        "history",
        "listing",
        "the revision history of one page: a list of its revisions",
        url=f"{w}?title=Green_tea&action=history",
    )
    c(
        "diff",
        "other",
        "a diff between two revisions, with the current text of the page below it",
        url=f"{w}?title=Green_tea&diff=cur&oldid=prev",
        also=("article",),
    )
    c(
        "search-form",
        "search",
        "Special:Search with no query: a search box and a button, nothing else",
        url=f"{w}/Special:Search",
    )
    c(
        "search-hits",
        "search_results",
        "full-text search results for 'oxidised': the query and a list of matching pages",
        url=f"{w}?title=Special:Search&search=oxidised&fulltext=1",
    )
    c(
        "search-no-hits",
        "search_results",
        "a full-text search that matched nothing: 'There were no results matching the query'",
        url=f"{w}?title=Special:Search&search=zebrafish+quantum&fulltext=1",
    )
    c(
        "missing-article",
        "error",
        "a page that does not exist: 'There is currently no text in this page' (HTTP 404)",
        url=f"{w}/Rooibos",
    )
    c(
        "no-such-special-page",
        "error",
        "'No such special page': an invalid special page name (HTTP 404)",
        url=f"{w}/Special:Nonexistent",
    )
    c(
        "permission-error-block",
        "error",
        "Special:Block when not signed in: a permission error saying who may block users",
        url=f"{w}/Special:Block",
    )
    c(
        "login-required-watchlist",
        "login",
        "Special:EditWatchlist when not signed in: redirected to the sign-in form, topped by 'Please log in to view or edit items on your watchlist'",
        url=f"{w}/Special:EditWatchlist",
    )
    c(
        "login",
        "login",
        "Special:UserLogin: the username/password form",
        url=f"{w}/Special:UserLogin",
    )
    c(
        "login-failed",
        "login",
        "the sign-in form shown again with 'Incorrect username or password entered'",
        url=f"{w}/Special:UserLogin",
        then=lambda p: (
            p.fill("#wpName1", USER),
            p.fill("#wpPassword1", "not-the-password"),
            submit(p, "#wpLoginAttempt"),
        ),
    )
    c(
        "create-account",
        "form",
        "Special:CreateAccount: a registration form (username, password, confirm)",
        url=f"{w}/Special:CreateAccount",
    )
    c(
        "edit-anonymous",
        "form",
        "editing a page when not signed in: the wikitext editor with an 'you are not logged in' warning",
        url=f"{w}?title=Oolong&action=edit",
    )
    c(
        "purge-confirm",
        "form",
        "action=purge: 'Clear the cache of this page?' with an OK button",
        url=f"{w}?title=Tea&action=purge",
    )
    c(
        "special-pages",
        "listing",
        "Special:SpecialPages, an index of all special pages grouped by section",
        url=f"{w}/Special:SpecialPages",
    )
    c(
        "page-info",
        "detail",
        "action=info: a table of facts about one page (length, ID, creator, edits)",
        url=f"{w}?title=Assam&action=info",
        also=("listing",),
    )
    c(
        "user-list",
        "listing",
        "Special:ListUsers, a list of the wiki's accounts and groups",
        url=f"{w}/Special:ListUsers",
    )
    out.close()

    into = Session(browser, "mediawiki", signed_in=True)
    into.goto(f"{w}/Special:UserLogin")
    into.page.fill("#wpName1", USER)
    into.page.fill("#wpPassword1", PASSWORD)
    submit(into.page, "#wpLoginAttempt")
    c = into.capture
    c(
        "article-signed-in",
        "article",
        "an article read while signed in (more tabs and personal links, same text)",
        url=f"{w}/Darjeeling",
    )
    c(
        "edit",
        "form",
        "the wikitext editor for an existing page: a big textarea, summary and Save button",
        url=f"{w}?title=Green_tea&action=edit",
    )
    c(
        "preferences",
        "form",
        "Special:Preferences: tabs of account settings with a Save button",
        url=f"{w}/Special:Preferences",
    )
    c(
        "change-password",
        "form",
        "Special:ChangeCredentials: the form to change one's password",
        url=f"{w}/Special:ChangeCredentials/MediaWiki%5CAuth%5CPasswordAuthenticationRequest",
    )
    c(
        "move-page",
        "form",
        "Special:MovePage: a form to rename a page (new title, reason)",
        url=f"{w}/Special:MovePage/Teapot",
    )
    c(
        "watchlist",
        "listing",
        "Special:Watchlist: recent changes to the pages one watches",
        url=f"{w}/Special:Watchlist",
    )
    c(
        "contributions",
        "listing",
        "Special:Contributions/Bob: a list of one user's edits",
        url=f"{w}/Special:Contributions/Bob",
    )

    def save_sandbox(p: Page) -> None:
        p.fill(
            "#wpTextbox1",
            "Scratch page for trying out edits.\n\n== Notes ==\nSaved by the corpus capture.",
        )
        p.fill("#wpSummary", "try an edit")
        submit(p, "#wpSave")

    c(
        "saved-edit",
        "article",
        "the page right after saving an edit: its new text, with MediaWiki's bubble 'The page "
        "has been created.' after the footer (a status outside main): the page keeps what it "
        "shows, the message also makes it a confirmation (labelled first as if the bubble were "
        "not in the snapshot; it is)",
        url=f"{w}?title=Sandbox&action=edit",
        then=save_sandbox,
        also=("confirmation",),
    )

    def create_page(p: Page) -> None:
        p.fill("#wpTextbox1", "Tea at six, every day.")
        p.fill("#wpSummary", "new page")
        submit(p, "#wpSave")

    c(
        "created-page",
        "article",
        "a new page right after it was created: its heading and one line of text, with the "
        "bubble 'The page has been created.' on top (a status outside main): the page keeps "
        "what it shows, the message also makes it a confirmation",
        url=f"{w}?title=Mad_Tea_Party&action=edit",
        then=create_page,
        also=("confirmation",),
    )

    def edit_page(p: Page) -> None:
        p.fill("#wpTextbox1", "Tea at six, every day, and never a clean cup.")
        p.fill("#wpSummary", "a second line")
        submit(p, "#wpSave")

    c(
        "edited-page",
        "article",
        "an existing page right after an edit was saved: its heading and one line of text, "
        "with the bubble 'Your edit was saved.' on top (a status outside main): the page keeps "
        "what it shows, the message also makes it a confirmation",
        url=f"{w}?title=Mad_Tea_Party&action=edit",
        then=edit_page,
        also=("confirmation",),
    )
    c(
        "delete-confirm",
        "form",
        "action=delete: 'are you sure' form with a reason and a Delete page button",
        url=f"{w}?title=Sandbox&action=delete",
    )
    c(
        "deleted",
        "confirmation",
        "'Action complete: Sandbox has been deleted'",
        then=lambda p: submit(p, "#wpConfirmB"),
    )
    c(
        "logout-confirm",
        "form",
        "Special:UserLogout: 'Do you want to log out?' with a Log out button",
        url=f"{w}/Special:UserLogout",
    )

    def log_out(p: Page) -> None:
        submit(p, "#content form button[type=submit], #content form input[type=submit]")
        into.signed_in = False

    c("logged-out", "confirmation", "'You are now logged out' after signing out", then=log_out)
    into.close()
    return out.written + into.written


# -- Roundup ----------------------------------------------------------------------------------
def roundup(browser: Any, base: str) -> list[Path]:
    t = f"{base}/demo/"
    out = Session(browser, "roundup", signed_in=False)
    c = out.capture
    c(
        "home-anonymous",
        "listing",
        "the tracker's home page for a visitor: the issue index, with a sign-in form in the sidebar",
        url=t,
    )
    c(
        "issue",
        "detail",
        "one issue read by a visitor: title, priority, status, assignee, messages and history",
        url=f"{t}issue3",
    )
    c(
        "message",
        "detail",
        "one message's own page: author, date, recipients and its text",
        url=f"{t}msg7",
    )
    c(
        "missing-issue",
        "error",
        "'There is no issue with id 999' (HTTP 404) inside the tracker's frame",
        url=f"{t}issue999",
    )
    c(
        "search-form",
        "search",
        "the issue search page: a form of criteria (text, status, assignee...) and a Search button",
        url=f"{t}issue?@template=search",
        also=("form",),
    )
    c(
        "search-hits",
        "search_results",
        "the issue index for the full-text search 'backup': the matching issues",
        url=f"{t}issue?@columns=id,activity,title,creator,assignedto,status&@sort=activity&@group=priority"
        "&@search_text=backup",
        also=("listing",),
    )
    c(
        "search-no-hits",
        "search_results",
        "the issue index for a full-text search that matched nothing ('There are no issues')",
        url=f"{t}issue?@columns=id,activity,title,creator,assignedto,status&@sort=activity&@group=priority"
        "&@search_text=zebrafish",
        also=("listing",),
    )
    c(
        "register",
        "form",
        "user?@template=register: the new-account form",
        url=f"{t}user?@template=register",
    )
    c(
        "forgotten",
        "form",
        "user?@template=forgotten: forms to get a password reset by name or e-mail",
        url=f"{t}user?@template=forgotten",
    )

    def request_reset(p: Page) -> None:
        p.fill("input[name=username]", "carol")
        submit(p, "form:has(input[name=username]) input[type=submit]")

    c(
        "reset-requested",
        "confirmation",
        "after asking for a password reset: the form page topped by 'Email sent to carol@example.org'",
        url=f"{t}user?@template=forgotten",
        then=request_reset,
        also=("form",),
    )

    def register(p: Page) -> None:
        p.fill("input[name=realname]", "Dina Cheshire")
        p.fill("input[name=username]", "dina")
        p.fill("input[name=password]", "grin-and-vanish-9")
        p.fill("input[name='@confirm@password']", "grin-and-vanish-9")
        p.fill("input[name=address]", "dina@example.org")
        p.wait_for_timeout(5000)  # Roundup refuses registrations sent too fast (anti-bot delay)
        submit(p, "input[type=submit][value=Register]")

    c(
        "registration-sent",
        "confirmation",
        "'Registration in progress': you will shortly receive an email to confirm your registration",
        url=f"{t}user?@template=register",
        then=register,
    )
    c(
        "new-issue-anonymous",
        "other",
        "a visitor's New Issue page: the form's labels with no fields and no submit button (visitors may not create issues), and nothing says why",
        url=f"{t}issue?@template=item",
        also=("form",),
    )
    c(
        "user-list-anonymous",
        "error",
        "the user list asked for by a visitor: refused, the main area only says 'Please login with your username and password' (the sign-in form is in the sidebar)",
        url=f"{t}user",
        also=("login",),
    )

    def bad_login(p: Page) -> None:
        p.fill("input[name=__login_name]", USER)
        p.fill("input[name=__login_password]", "not-the-password")
        submit(p, "form:has(input[name=__login_name]) input[type=submit]")

    c(
        "login-failed",
        "listing",
        "a failed sign-in from the sidebar: the issue index again with 'Invalid login' above it",
        url=t,
        then=bad_login,
        also=("error",),
    )
    out.close()

    into = Session(browser, "roundup", signed_in=True)
    into.goto(t)
    into.page.fill("input[name=__login_name]", USER)
    into.page.fill("input[name=__login_password]", PASSWORD)
    submit(into.page, "form:has(input[name=__login_name]) input[type=submit]")
    c = into.capture
    c(
        "home-signed-in",
        "listing",
        "the home page signed in: the issue index grouped by priority",
        url=t,
    )
    c(
        "issue-index-all",
        "listing",
        "'Show All': a table of every issue with status, assignee and activity",
        url=f"{t}issue?@sort=-activity&@group=priority&@filter=status&@columns=id,activity,title,creator,assignedto,status"
        "&status=-1,1,2,3,4,5,6,7&@pagesize=50&@startwith=0",
    )
    c(
        "issue-edit",
        "form",
        "one issue signed in: its fields as an editable form, a change note box, messages and history",
        url=f"{t}issue1",
        also=("detail",),
    )
    c(
        "new-issue",
        "form",
        "issue?@template=item: the new-issue form (title, priority, status, assignee, message)",
        url=f"{t}issue?@template=item",
    )

    def add_note(p: Page) -> None:
        p.fill(
            "textarea[name='@note']",
            "Checked again on the test server: still happens with two spaces.",
        )
        submit(p, "input[type=submit][value='Submit Changes']")

    c(
        "issue-saved",
        "form",
        "an issue after adding a note: the issue form topped by 'msg 26 created, issue 1 messages edited ok'",
        url=f"{t}issue1",
        then=add_note,
        also=("detail", "confirmation"),
    )
    c(
        "user-list",
        "listing",
        "the user index: a table of accounts with names, e-mail and roles",
        url=f"{t}user",
    )
    c(
        "user-page",
        "form",
        "another user's own page (bob) for an admin: their details as an editable form",
        url=f"{t}user4",
        also=("detail",),
    )
    c(
        "your-details",
        "form",
        "'Your Details': one's own account settings (name, e-mail, password, timezone)",
        url=f"{t}user3",
        also=("detail",),
    )
    c(
        "class-list",
        "listing",
        "the admin's class list: every class of the tracker with its properties",
        url=f"{t}home?@template=classlist",
    )
    c(
        "keyword-index",
        "listing",
        "the keyword index: an editable table of the tracker's keywords",
        url=f"{t}keyword",
        also=("form",),
    )
    c(
        "search-signed-in",
        "search",
        "the issue search form, signed in",
        url=f"{t}issue?@template=search",
        also=("form",),
    )

    def log_out(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.click("a[href*='@action=logout']")
        into.signed_in = False

    c(
        "logged-out",
        "listing",
        "after signing out: the visitor's home page again (issue index, sign-in form in the sidebar), no message",
        url=t,
        then=log_out,
    )
    into.close()
    return out.written + into.written


# -- Django admin -----------------------------------------------------------------------------
def django(browser: Any, base: str) -> list[Path]:
    a = f"{base}/admin/"
    out = Session(browser, "django", signed_in=False)
    c = out.capture
    c("login", "login", "the admin's sign-in page, reached from /admin/ by redirect", url=a)

    def bad_login(p: Page) -> None:
        p.fill("#id_username", USER)
        p.fill("#id_password", "not-the-password")
        submit(p, "input[type=submit]")

    c(
        "login-failed",
        "login",
        "the sign-in page again with 'Please enter the correct username and password'",
        url=f"{a}login/",
        then=bad_login,
    )
    c(
        "not-found",
        "error",
        "Django's production 404 page (DEBUG off): 'Not Found'",
        url=f"{base}/catalogue/",
    )

    def csrf_failure(p: Page) -> None:
        p.context.clear_cookies()
        p.fill("#id_username", USER)
        p.fill("#id_password", "not-the-password")
        submit(p, "input[type=submit]")

    c(
        "csrf-forbidden",
        "error",
        "'403 Forbidden: CSRF verification failed': a login post without its cookie",
        url=f"{a}login/",
        then=csrf_failure,
    )
    c(
        "admin-url-signed-out",
        "login",
        "an admin page asked for while signed out: redirected to the sign-in page",
        url=f"{a}library/book/",
    )
    out.close()

    into = Session(browser, "django", signed_in=True)
    into.goto(f"{a}login/")
    into.page.fill("#id_username", USER)
    into.page.fill("#id_password", PASSWORD)
    submit(into.page, "input[type=submit]")
    c = into.capture
    c(
        "index",
        "listing",
        "the admin index: the apps and their models as links, and a Recent actions box",
        url=a,
        also=("other",),
    )
    c(
        "app-index",
        "listing",
        "the Library app's index: its three models with Add/Change links",
        url=f"{a}library/",
    )
    c(
        "book-changelist",
        "listing",
        "the book changelist: a table of books with filters and a search box",
        url=f"{a}library/book/",
    )
    c(
        "book-changelist-filtered",
        "listing",
        "the book changelist filtered to genre Mystery",
        url=f"{a}library/book/?genre__exact=mystery",
    )
    c(
        "book-search-hits",
        "search_results",
        "the book changelist searched for 'Wells': matching rows and '5 results'",
        url=f"{a}library/book/?q=Wells",
        also=("listing",),
    )
    c(
        "book-search-no-hits",
        "search_results",
        "the book changelist searched for a word nothing matches: '0 results'",
        url=f"{a}library/book/?q=zebrafish",
        also=("listing",),
    )
    c(
        "book-change",
        "form",
        "one book's change page: its fields as a form with Save/Delete",
        url=f"{a}library/book/1/change/",
        also=("detail",),
    )
    c(
        "author-change",
        "form",
        "one author's change page with an inline table of their books",
        url=f"{a}library/author/3/change/",
        also=("detail",),
    )
    c(
        "loan-changelist",
        "listing",
        "the loans changelist with a date drill-down and filters",
        url=f"{a}library/loan/",
    )
    c(
        "user-changelist",
        "listing",
        "the users changelist of django.contrib.auth",
        url=f"{a}auth/user/",
    )
    c(
        "user-change",
        "form",
        "one user's change page: personal info, permissions and dates",
        url=f"{a}auth/user/2/change/",
        also=("detail",),
    )
    c(
        "password-change",
        "form",
        "'Password change': old password and the new one twice",
        url=f"{a}password_change/",
    )
    c(
        "missing-object",
        "listing",
        "a change page for a book that does not exist: redirected to the admin index with a warning",
        url=f"{a}library/book/999/change/",
        also=("error",),
    )
    c(
        "admin-not-found",
        "error",
        "an unknown admin URL while signed in: Django's production 404 page",
        url=f"{a}library/magazine/",
    )
    c(
        "book-add",
        "form",
        "the Add book form (title, ISBN, year, author, genre, in stock)",
        url=f"{a}library/book/add/",
    )

    def add_book(p: Page) -> None:
        p.fill("#id_title", "The Wind in the Willows")
        p.fill("#id_isbn", "978-0-14-136709-0")
        p.fill("#id_year", "1908")
        p.select_option("#id_author", label="Lewis Carroll")
        p.select_option("#id_genre", "fantasy")
        submit(p, "input[name=_save]")

    c(
        "book-added",
        "listing",
        "after adding a book: the changelist with 'The book ... was added successfully'",
        then=add_book,
        also=("confirmation",),
    )
    into.goto(f"{a}library/book/?q=Willows")
    new_book = into.page.locator("#result_list tbody th a").first.get_attribute("href") or ""
    change = f"{base}{new_book.split('?')[0]}"

    def change_year(p: Page) -> None:
        p.fill("#id_year", "1909")
        submit(p, "input[name=_continue]")

    c(
        "book-changed",
        "form",
        "'Save and continue editing': the change form again with 'was changed successfully'",
        url=change,
        then=change_year,
        also=("detail", "confirmation"),
    )
    c(
        "book-history",
        "listing",
        "a book's change history: a table of who changed what and when",
        url=change.replace("/change/", "/history/"),
    )
    c(
        "delete-confirm",
        "form",
        "'Are you sure?': what deleting the book would remove, with a Yes, I'm sure button",
        url=change.replace("/change/", "/delete/"),
    )
    c(
        "book-deleted",
        "listing",
        "after deleting: the changelist with 'The book ... was deleted successfully'",
        then=lambda p: submit(p, "input[type=submit]"),
        also=("confirmation",),
    )
    c(
        "bulk-delete-confirm",
        "form",
        "the changelist action 'Delete selected books' asking to confirm for two rows",
        url=f"{a}library/book/",
        then=lambda p: (
            p.check("#result_list tbody tr:nth-child(1) input.action-select"),
            p.check("#result_list tbody tr:nth-child(2) input.action-select"),
            p.select_option("select[name=action]", "delete_selected"),
            submit(p, "button[name=index]"),
        ),
    )

    def log_out(p: Page) -> None:
        submit(p, "#logout-form button")
        into.signed_in = False

    c(
        "logged-out",
        "confirmation",
        "'Logged out: Thanks for spending some quality time with the web site today'",
        url=a,
        then=log_out,
    )
    into.close()
    return out.written + into.written


APPS = {"mediawiki": mediawiki, "roundup": roundup, "django": django}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
