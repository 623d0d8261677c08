"""Capture the labelled HOLDOUT page corpus of sites/real/holdout32/pages from Directus.

The thirty-second holdout app (Directus 12.4.0, the headless CMS from npm `directus`, with its
Data Studio admin app, on SQLite, served by `directus start` on Node.js 22, seeded by
`sites/real/holdout32/setup` with the "Wonderland Library": three collections, authors, books
and loans, with 5 authors, 26 books and 7 loans, a folder with two files, a second user in a
restricted role, an invited user, public read access to books and authors, and public
registration) was never used to tune the page-state classifier; its pages measure it
honestly. Run by hand, not by tests, with the app freshly set up and running:

    sites/real/holdout32/setup
    sites/real/holdout32/start 8114 &
    .venv/bin/python sites/real/capture_holdout32.py              # or: --directus URL

Three browser sessions. A visitor: the sign-in page, a deep link to a collection (answered by
the sign-in form), a failed sign-in, the forgotten-password form and what follows it, the
registration form, a reset link and an invitation link with a bad token, and the REST API asked
in the browser (a collection, an item, a collection the public may not read, a missing
route, the server's info). Then alice, the administrator, signed in: the collections (the
first collection the Content module opens, books and its second page, loans), an item of each
(shown as the editable form), the create form, what follows saving a new book, saving a change
and deleting a book (and the "are you sure?" dialog before it), searches (a match, no match),
a missing item, collection and page, the file library, a file, the upload page, the users
(list, a user, her own profile, the invited users, the create form), Insights and Flows with
nothing in them, the activity log and one of its entries, the settings (data model, a
collection's fields, the project settings, appearance, roles, a role, policies), and last,
signing out. Then the Mad Hatter, a signed-in volunteer who may only read books and authors: a
book he may read but not change, and the loans and settings he may not open. Each page is read
through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response), and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The Data
Studio is a single-page app that draws every page with scripts: each capture waits for the
page's content first. The labels below were decided by hand, one page at a time, from what each
page is for; the classifier and the site profiles were not consulted.

Capturing changes the app (registers a user, creates, changes and deletes books): run `setup`
again before a re-capture, as item numbers are those of a fresh seed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded, steps, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout32" / "pages"
PORTS = {"directus": 8114}

ALICE = "alice@wonderland.example.com"  # Directus refuses `.example` addresses (not a real TLD)
HATTER = "hatter@wonderland.example.com"  # same password as alice (so it is redacted too)

# what the Data Studio draws, to wait for before capturing
SIGN_IN = "input[type=password]"
TABLE = "main table tbody tr"
FORM = "main .v-form .field"
TITLE = "header h1"
EMPTY = "main .v-info"


class SlowSession(capturing.Session):
    """A session that waits longer: the Data Studio is slow to draw on a busy machine."""

    def goto(self, url: str, ready: str | None = None) -> None:
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=45000)


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    out = SlowSession(*args, pages=PAGES, settle_ms=1200, **kwargs)
    out.page.set_default_timeout(45000)
    return out


def sign_in(email: str, password: str, expect_failure: bool = False) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.wait_for_selector(SIGN_IN, timeout=15000)
        page.fill("input[type=email]", email)
        page.fill("input[type=password]", password)
        page.get_by_role("button", name="Sign In").click(no_wait_after=True)
        if expect_failure:
            page.get_by_text("Wrong username or password").wait_for(timeout=15000)
        else:
            # the Data Studio goes on to the user's last page, or to the content
            page.wait_for_url(lambda url: "/login" not in url, timeout=20000)
            page.wait_for_selector("main", timeout=15000)
            page.wait_for_timeout(2000)
            # an administrator's first visit asks "Have a license key?" in a dialog over every
            # page: answered once, as a person does ("I'm using Core plan", Save)
            core = page.get_by_role("radio", name="I'm using Core plan")
            if core.count():
                page.get_by_text("I'm using Core plan").first.click(no_wait_after=True)
                page.wait_for_timeout(500)
                save = page.get_by_role("button", name="Save", exact=True).last
                (save if save.is_enabled() else page.get_by_role("button", name="Skip")).click(
                    no_wait_after=True)
                page.wait_for_timeout(1500)

    return run


def fill(selector: str, value: str) -> Callable[[Page], None]:
    return lambda page: page.fill(selector, value)


def field(name: str, value: str) -> Callable[[Page], None]:
    """Type into the text box of a field of an item form (by the field's name)."""
    return lambda page: page.locator(f"main .field[data-field={name}]").locator(
        "input, textarea").first.fill(value)


def click_button(name: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("button", name=name, exact=True).first.click(
        no_wait_after=True)


def search(query: str) -> Callable[[Page], None]:
    """Open the header's search box and type a query, as a person does; the table follows."""

    def run(page: Page) -> None:
        page.locator("header .search-input .icon-search").first.click(no_wait_after=True)
        page.locator("header input.search-input-field").first.fill(query)
        page.wait_for_timeout(2500)

    return run


def api(page: Page, base: str, path: str) -> Any:
    """Ask the REST API, with the session's cookie, for the ids of a fresh seed."""
    return page.request.get(base + path).json()["data"]


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "directus", base, signed_in=False)
    c = guarded(out)
    c("login", "login",
      "the Data Studio for a visitor (/admin, sent on to /admin/login): the project's name, "
      "'Sign In' with Email and Password, 'Forgot Password', 'Sign up now', 'Not Authenticated'",
      url="/admin", ready=SIGN_IN)
    c("login-deep-link", "login",
      "a link to the books collection followed by a visitor: the same sign-in form, the "
      "address kept to go on to (/admin/login?redirect=/content/books)",
      url="/admin/content/books", ready=SIGN_IN)
    c("login-failed", "login",
      "a wrong password for alice: the same sign-in form with a notice that the e-mail or "
      "password is wrong", also=("error",),
      url="/admin/login", then=sign_in(ALICE, "not-the-password", expect_failure=True))
    c("reset-password", "form",
      "'Reset Password' (Forgot Password): one Email box and a Reset button, a link back to "
      "sign in", url="/admin/reset-password", ready="input[type=email]", also=("login",))
    c("reset-password-sent", "confirmation",
      "the reset form after sending an address: a notice that a reset link is on its way if "
      "the address is known", url="/admin/reset-password", ready="input[type=email]",
      then=steps(fill("input[type=email]", "dormouse@wonderland.example.com"),
                 click_button("Reset"), wait(2500)), also=("form",))
    c("reset-password-bad-token", "other",
      "a reset link with a token that is not valid (/admin/reset-password?token=...): the "
      "project's name and the 'Reset Password' heading, no form and no message",
      url="/admin/reset-password?token=not-a-token", then=wait(2500), also=("error", "form"))
    c("register", "form",
      "'Register' (Sign up now): Email and Password boxes, a Register button, 'Already have an "
      "account? Sign In'", url="/admin/register", ready="input[type=email]")
    c("accept-invite-bad-token", "other",
      "an invitation link with a token that is not valid (/admin/accept-invite?token=...): "
      "titled 'Create Account', but the Data Studio draws nothing at all, no form, no message",
      url="/admin/accept-invite?token=not-a-token", then=wait(3000), also=("error",))
    c("shared-missing", "login",
      "a share link that does not exist (/admin/shared/...): sent to the sign-in form",
      url="/admin/shared/not-a-share", ready=SIGN_IN, also=("error",))
    c("api-books", "other",
      "the REST API's books collection asked in the browser (/items/books, readable by the "
      "public): one line of JSON, the books' fields, no title", url="/items/books",
      also=("listing",))
    c("api-book", "other",
      "one book asked of the REST API (/items/books/2): its fields as one line of JSON",
      url="/items/books/2", also=("detail",))
    c("api-search", "other",
      "the REST API's search (/items/books?search=goblin): the two matching books as JSON",
      url="/items/books?search=goblin", also=("search_results",))
    c("api-loans-forbidden", "error",
      "the loans collection asked of the REST API by a visitor (/items/loans): HTTP 403, JSON "
      "'You don't have permission to access collection \"loans\" or it does not exist'",
      url="/items/loans")
    c("api-missing-route", "error",
      "an address that is no route of the API (/wonderland): HTTP 404, JSON \"Route "
      "/wonderland doesn't exist\"", url="/wonderland")
    c("api-server-info", "other",
      "the server's public info (/server/info): the project's name, colours, public note and "
      "registration settings as JSON", url="/server/info")
    out.close()
    return out.written


def content(c: Any, base: str, out: capturing.Session) -> None:
    c("content-home", "listing",
      "the Content module (/admin/content), which opens the first collection, Authors: its "
      "table of five authors (name, born, country), the collections in the side navigation",
      url="/admin/content", ready=TABLE, then=wait(800))
    c("books", "listing",
      "the Books collection: '1-25 of 26 Items', a search box, 'Create', and the table of books "
      "(title, author, year, genre, status)", url="/admin/content/books", ready=TABLE)
    c("books-page-2", "listing",
      "the second page of Books (the pager below the table): the one remaining book",
      url="/admin/content/books", ready=TABLE,
      then=steps(lambda p: p.locator(".v-pagination button").filter(has_text="2").first.click(no_wait_after=True),
                 wait(2000)))
    c("loans", "listing",
      "the Loans collection: seven loans (book, borrower, dates, returned)",
      url="/admin/content/loans", ready=TABLE)
    c("book", "form",
      "one book (/admin/content/books/3, 'Books: The Hunting of the Snark'): every field as an "
      "editable form (title, author, year, genre, status, pages, ISBN, summary, cover), Save "
      "and delete buttons, the revisions in the side bar", url="/admin/content/books/3",
      ready=FORM, also=("detail",))
    c("book-with-cover", "form",
      "the book 'Through the Looking-Glass' with its cover picture among the editable fields",
      url="/admin/content/books/2", ready=FORM, also=("detail",))
    c("author", "form",
      "one author (Lewis Carroll) as an editable form: name, born, country, biography",
      url="/admin/content/authors/1", ready=FORM, also=("detail",))
    c("loan", "form",
      "one loan as an editable form: the book, the borrower, the dates, 'returned', notes",
      url="/admin/content/loans/6", ready=FORM, also=("detail",))
    c("book-new", "form",
      "'Creating Item in Books' (Create): the empty fields of a book and a Save button",
      url="/admin/content/books/+", ready=FORM)
    c("book-created", "listing",
      "a new book saved ('The Mouse's Long Tale'): the Data Studio goes back to the Books table "
      "(the page it was last on, '26-27 of 27 Items'), a notice 'Item Created' below it",
      also=("confirmation",),
      url="/admin/content/books/+", ready=FORM,
      then=steps(field("title", "The Mouse's Long Tale"), field("year", "1865"),
                 click_button("Save"), wait(1500)))
    c("book-saved", "form",
      "a book's page count changed and saved with 'Save and Stay' (More options): the same "
      "book's form again, a notice 'Item Updated' below it", also=("confirmation", "detail"),
      url="/admin/content/books/5", ready=FORM,
      then=steps(field("pages", "301"), click_button("More options"), wait(500),
                 lambda p: p.get_by_text("Save and Stay").first.click(no_wait_after=True), wait(1500)))
    c("book-delete-confirm", "form",
      "the delete button of a book: a dialog 'Are you sure you want to delete this item? This "
      "action can not be undone.' with Cancel and Delete", url="/admin/content/books/26",
      ready=FORM, then=steps(lambda p: p.locator("header").get_by_role("button", name="delete")
                              .first.click(no_wait_after=True), wait(1000)))
    c("book-deleted", "listing",
      "'Delete' in that dialog: back to the Books table (on its second page, now '26-26 of 26 "
      "Items'), with no message about the deletion",
      then=steps(lambda p: p.get_by_role("button", name="Delete", exact=True).last.click(
          no_wait_after=True), wait(2500)))
    c("search-books", "search_results",
      "'goblin' typed in the Books collection's search box: the table narrowed to the two "
      "matching books, '2 Items'", url="/admin/content/books", ready=TABLE,
      then=search("goblin"))
    c("search-no-results", "search_results",
      "'jabberwocky' searched in Books: no item matches, the table replaced by 'No Results' and "
      "the query still in the search box", url="/admin/content/books", ready=TABLE,
      then=search("jabberwocky"))
    c("item-missing", "error",
      "a book that does not exist (/admin/content/books/999): 'Page Not Found', 'The page you "
      "are looking for doesn't seem to exist.'", url="/admin/content/books/999", ready=TITLE,
      then=wait(1000))
    c("collection-missing", "error",
      "a collection that does not exist (/admin/content/teapots): the same 'Page Not Found'",
      url="/admin/content/teapots", ready=TITLE, then=wait(1000))
    c("page-missing", "error",
      "an address that is no page of the Data Studio (/admin/looking-glass): 'Page Not Found'",
      url="/admin/looking-glass", ready=TITLE, then=wait(1000))


def files_users(c: Any, base: str, out: capturing.Session) -> None:
    files = api(out.page, base, "/files?fields=id,title&sort=title")
    alice_id = api(out.page, base, "/users/me?fields=id")["id"]
    users = {u["email"]: u["id"] for u in api(out.page, base, "/users?fields=id,email")}
    c("files", "listing",
      "the File Library: its two files as cards (a cover picture and a text file), a search "
      "box, 'Upload File', the folder 'Covers' in the side navigation", url="/admin/files",
      ready="main .card", then=wait(800))
    c("file", "form",
      "one file ('Borrowing rules'): its preview and its fields as an editable form (title, "
      "description, tags, location, folder), the file's facts in the side bar",
      url=f"/admin/files/{files[0]['id']}", ready=FORM, also=("detail",))
    c("file-upload", "form",
      "'Upload File' (/admin/files/+): a drop zone to choose a file, the new file's fields",
      url="/admin/files/+", ready="main", then=wait(1500))
    c("users", "listing",
      "'Active Users': a table of the users (avatar, first and last name, e-mail, role)",
      url="/admin/users", ready=TABLE)
    c("users-invited", "listing",
      "'Invited Users' (/admin/users?status=invited... the side navigation's Invited): the "
      "White Rabbit, invited and not yet signed up",
      url="/admin/users", ready=TABLE,
      then=steps(lambda p: p.get_by_role("link", name="Invited Users").first.click(no_wait_after=True),
                 wait(2000)))
    c("user", "form",
      "the Mad Hatter's user page: his name, e-mail, role, title and the other fields as an "
      "editable form", url=f"/admin/users/{users[HATTER]}", ready=FORM, also=("detail",))
    c("user-me", "form",
      "alice's own profile (the avatar's link): her fields as an editable form, the theme "
      "and language preferences", url=f"/admin/users/{alice_id}", ready=FORM,
      also=("detail",))
    c("user-new", "form",
      "'Creating New User': the empty fields of a user (names, e-mail, password, role...)",
      url="/admin/users/+", ready=FORM)


def settings(c: Any, base: str, out: capturing.Session) -> None:
    c("insights-empty", "listing",
      "Insights, the index of dashboards, with none: 'No Dashboards', 'You don't have any "
      "Dashboards yet.', a 'Create Dashboard' button", url="/admin/insights", ready=EMPTY,
      also=("other",))
    c("flows-empty", "listing",
      "Flows, the index of automations, with none: 'No Flows', 'You don't have any Flows yet.', "
      "'Create Flow'", url="/admin/flows", ready=EMPTY, also=("other",))
    c("activity", "listing",
      "the activity log (/admin/activity): a table of what was done (created, updated, "
      "signed in), by whom, when", url="/admin/activity", ready=TABLE)
    c("data-model", "listing",
      "Settings (/admin/settings opens the Data Model): the collections as a list of links "
      "with their notes, 'Create'", url="/admin/settings", ready="main a[href*=data-model]",
      then=wait(800))
    c("data-model-books", "form",
      "the Books collection's settings: its fields as a list to add to, reorder and open, then "
      "the collection's own settings as a form", url="/admin/settings/data-model/books",
      ready="main", then=wait(2000), also=("listing",))
    c("settings-project", "form",
      "'Settings' of the project (/admin/settings/project): name, descriptor, URL, colour, "
      "logo, public page, registration... as a form with Save",
      url="/admin/settings/project", ready=FORM)
    c("settings-appearance", "form",
      "'Appearance' settings: default theme, colours and custom CSS as a form",
      url="/admin/settings/appearance", ready=FORM)
    c("roles", "listing",
      "'User Roles': a table of the roles (Administrator, Volunteer) with their users count",
      url="/admin/settings/roles", ready=TABLE)
    c("policies", "listing",
      "'Access Policies': a table of the policies (Administrator, Library volunteer, Public)",
      url="/admin/settings/policies", ready=TABLE)
    c("role", "form",
      "the Volunteer role: its name, icon, description, its policies and users, as a form",
      url="/admin/settings/roles", ready=TABLE,
      then=steps(lambda p: p.locator(TABLE).filter(has_text="Volunteer").first.click(no_wait_after=True),
                 lambda p: p.wait_for_selector(FORM, timeout=15000), wait(1500)),
      also=("detail",))


# -- alice, signed in -----------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "directus", base, signed_in=True)
    out.goto("/admin/login")
    sign_in(ALICE, capturing.PASSWORD)(out.page)
    c = guarded(out)

    content(c, base, out)
    files_users(c, base, out)
    settings(c, base, out)

    # signing out
    out.signed_in = False
    c("logged-out", "login",
      "after 'Sign Out' (/admin/logout): the sign-in form again, with a notice that she was "
      "signed out", also=("confirmation",), url="/admin/logout", ready=SIGN_IN,
      then=wait(1000))
    out.close()
    return out.written


# -- the Mad Hatter, a volunteer who may only read books and authors -------------------------------
def hatter(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "directus", base, signed_in=True)
    out.goto("/admin/login")
    sign_in(HATTER, capturing.PASSWORD)(out.page)
    c = guarded(out)
    c("volunteer-books", "listing",
      "the Mad Hatter, a volunteer, signed in: the Books table with no 'Create' (he may only "
      "read), Authors and Books in the side navigation and no Loans",
      url="/admin/content/books", ready=TABLE)
    c("volunteer-book", "detail",
      "a book opened by the volunteer: the same fields as alice's form, all read-only, no Save "
      "or delete", url="/admin/content/books/1", ready=FORM, also=("form",))
    c("volunteer-loans-refused", "error",
      "the Loans collection opened by the volunteer, who may not read it "
      "(/admin/content/loans)", url="/admin/content/loans", ready=TITLE, then=wait(1500))
    c("volunteer-settings-refused", "error",
      "the project settings opened by the volunteer, who is no administrator "
      "(/admin/settings/project)", url="/admin/settings/project", ready="main",
      then=wait(1500))
    out.close()
    return out.written


# fmt: on


def directus(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base) + hatter(browser, base)


APPS = {"directus": directus}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
