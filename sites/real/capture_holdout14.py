"""Capture the labelled HOLDOUT page corpus of sites/real/holdout14/pages from Calibre-Web.

The fourteenth holdout app (Calibre-Web 0.6.27, a web app for browsing, reading and managing an
e-book library kept in a Calibre database: the "Wonderland Library" of 16 books made by
`sites/real/holdout14/setup`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after a fresh `sites/real/holdout14/setup` with
Calibre-Web running:

    sites/real/holdout14/setup
    sites/real/holdout14/start 8096 &
    .venv/bin/python sites/real/capture_holdout14.py              # or: --calibreweb URL

Two browser sessions: a visitor (Calibre-Web's "Guest": guest browsing is on, so the catalogue
can be read signed out) and alice, the admin, signed in through Calibre-Web's own /login. Each
page is read through the project's own browser launcher (`webagent.browser.launch`, 1280x720
viewport) as `tab.snapshot()`, with the HTTP status of the main document (the last navigation
response), and written in exactly the format of sites/real/pages (see
sites/real/pages/README.md). The labels below were decided by hand, one page at a time, from
what each page is for; the classifier and the site profiles were not consulted. The agent's
password is redacted.

Capturing changes the library: alice edits a book's metadata, deletes a book, makes a shelf,
adds a user and saves her profile, so run `setup` again (and restart the server) before a
re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, click, click_link, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout14" / "pages"
PORTS = {"calibreweb": 8096}


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def sign_in(user: str = "alice", password: str = PASSWORD) -> Any:
    def run(p: Page) -> None:
        p.fill("#username", user)
        p.fill("#password", password)
        submit(p, "button[name=submit]")

    return run


def search(words: str) -> Any:
    """Type into the search box of the top bar and press Enter."""

    def run(p: Page) -> None:
        p.fill("#query", words)
        with p.expect_navigation(wait_until="load"):
            p.press("#query", "Enter")

    return run


def fill(fields: dict[str, str], button: str) -> Any:
    """Fill a form's fields (CSS selector -> text) and press `button`."""

    def run(p: Page) -> None:
        for selector, text in fields.items():
            p.fill(selector, text)
        submit(p, button)

    return run


def settle(ms: int) -> Any:
    def run(p: Page) -> None:
        p.wait_for_timeout(ms)

    return run


def open_book_dialog(href: str) -> Any:
    """A book's cover in the grid opens the book's details in a dialog (loaded by a script)."""

    def run(p: Page) -> None:
        p.locator(f'a[href="{href}"]').first.click()
        p.wait_for_selector("#bookDetailsModal .modal-body h2", state="visible", timeout=10000)
        p.wait_for_timeout(500)

    return run


def delete_book_dialog(p: Page) -> None:
    """'Delete Book' on the edit page opens a confirmation dialog (a Bootstrap modal)."""
    p.click("#delete")
    p.wait_for_selector("#delete_confirm", state="visible")
    p.wait_for_timeout(400)


def confirm_delete(p: Page) -> None:
    """The dialog's Delete posts the deletion by a script, which then moves the page on."""
    p.click("#delete_confirm")
    p.wait_for_url(lambda url: "/admin/book/" not in url, timeout=15000)
    p.wait_for_load_state("load")


# fmt: off
# -- a visitor (Calibre-Web's Guest) ------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "calibreweb", base, signed_in=False)
    c = out.capture
    c("home", "listing",
      "the front page for a visitor ('Guest' in the top bar): the sidebar of browse sections and "
      "shelves, then 'Books', a grid of covers with title, author, series and rating, sort "
      "buttons and paging", url="/")
    c("books-page-2", "listing",
      "the second page of the book grid, from the pager's '2' link",
      then=click('a[href="/page/2"]'))
    c("book-dialog", "detail",
      "'Alice's Adventures in Wonderland' clicked on that second page: the book's details open "
      "in a 'Book Details' dialog over the grid (cover, Download button, title, author, rating, "
      "series, language, ISBN, tags, publisher, date, description)",
      then=open_book_dialog("/book/1"), also=("listing",))
    c("book", "detail",
      "the same book's own page (/book/1): cover, Download button, title, author, rating, "
      "'Book 1 of Alice', language, ISBN, tags, publisher, date and the description (the Guest "
      "may not read in the browser)", url="/book/1")
    c("book-in-series", "detail",
      "'The Marvelous Land of Oz': the same kind of page, 'Book 2 of Oz' under the author",
      url="/book/6")
    c("authors", "listing",
      "'Authors' from the sidebar: an alphabet bar and the list of the ten authors, each with "
      "its number of books", url="/", then=click('a[href="/author?data=author"]'))
    c("author", "listing",
      "one author's page (Lewis Carroll, clicked from the list): 'Author: Lewis Carroll', sort "
      "buttons and his four books as a grid", then=click_link("Lewis Carroll"))
    c("series-list", "listing",
      "'Series' from the sidebar: the three series (Alice, Oz, Psammead)", url="/",
      then=click('a[href="/series?data=series"]'))
    c("series", "listing",
      "one series (Oz): its three books in order as a grid", url="/series/stored/2")
    c("categories", "listing",
      "'Categories' from the sidebar: the ten tags with their numbers of books", url="/",
      then=click('a[href="/category?data=category"]'))
    c("category", "listing",
      "one category (Poetry, clicked from the list): its book", then=click_link("Poetry"))
    c("languages", "listing",
      "'Languages' from the sidebar: English, French, German with counts", url="/",
      then=click('a[href="/language?data=language"]'))
    c("top-rated", "listing",
      "'Top Rated Books' from the sidebar: a grid of the books rated highest",
      url="/", then=click('a[href="/rated/stored"]'))
    c("search-hits", "search_results",
      "'alice' typed into the top bar's search box: '3 Results for: alice', sort buttons and a "
      "grid of the three matching books", url="/", then=search("alice"))
    c("search-no-hits", "search_results",
      "a search for 'jabberwock': 'No Results Found', 'Search Term: jabberwock' and nothing else",
      then=search("jabberwock"))
    c("advanced-search", "search",
      "'Advanced Search' from the top bar: a long form of criteria (title, author, publisher, "
      "dates, read status, tags, series, shelves, languages, formats, rating, description)",
      url="/", then=click('a[href="/advsearch"]'), also=("form",))
    c("advanced-search-results", "search_results",
      "the advanced search sent with 'Oz' as the title: '3 Results for: oz' and a grid of the "
      "three Oz books",
      then=fill({"#title": "Oz"}, "#adv_submit"))
    c("shelf-public", "listing",
      "a public shelf, 'Tea-time reading' (from the sidebar): its four books as a grid",
      url="/", then=click('a[href="/shelf/1"]'))
    c("read-forbidden", "error",
      "'Read in Browser' of an EPUB asked for by the Guest, who may download but not view "
      "books (/read/1/epub): Calibre-Web's error page, HTTP 403", url="/read/1/epub")
    c("login", "login",
      "'Login' from the top bar's user menu: username, password, 'Remember Me' and a Login "
      "button", url="/login")
    c("login-failed", "login",
      "the sign-in sent with a wrong password: the same form under an error 'Wrong Username or "
      "Password'", then=sign_in("alice", "not-the-password"), also=("error",))
    c("admin-signed-out", "login",
      "the admin page asked for by a visitor: redirected to the sign-in form "
      "(/login?next=/admin/view)", url="/admin/view")
    c("book-not-found", "listing",
      "a book that does not exist (/book/999): redirected to the front page's book grid under "
      "'Oops! Selected book is unavailable. File does not exist or is not accessible'",
      url="/book/999", also=("error",))
    c("not-found", "error",
      "an address that does not exist (/nosuch): Calibre-Web's bare error page, 'Error 404', "
      "'Not Found', 'Return to Home'",
      url="/nosuch")
    out.close()
    return out.written


# -- alice, the admin ---------------------------------------------------------------------------
def admin(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "calibreweb", base, signed_in=True)
    out.goto("/login")
    c = out.capture
    c("home-after-sign-in", "listing",
      "right after signing in: the front page's book grid under \"You are now logged in as: "
      "'alice'\"", then=sign_in(), also=("confirmation",))
    c("book-signed-in", "detail",
      "a book's page for alice: the facts and description plus Download, Read in Browser, "
      "'Read' and 'Archived' toggles, 'Add to shelf' and 'Edit Metadata'", url="/book/2")
    c("book-edit", "form",
      "'Edit Metadata' of 'Through the Looking-Glass': a form of title, authors, tags, series, "
      "index, date, publisher, languages, rating, description editor, identifiers, cover, with "
      "'Fetch Metadata', Save, Cancel and 'Delete Book'", then=click('a[href="/admin/book/2"]'),
      also=("detail",))
    c("book-edit-saved", "detail",
      "the metadata form saved with a new title: the book's page under a 'Metadata "
      "successfully updated' message", then=fill(
          {"#title": "Through the Looking-Glass, and What Alice Found There"}, "#submit"),
      also=("confirmation",))
    c("book-delete-dialog", "form",
      "'Delete Book' pressed on the edit page of 'The Annotated Tea Party': a dialog 'Are you "
      "really sure?', 'This book will be permanently erased ...', Delete and Cancel, over the "
      "edit form",
      url="/admin/book/16", then=delete_book_dialog, also=("other",))
    c("book-deleted", "listing",
      "the deletion confirmed: the front page's book grid under 'Book Successfully Deleted'",
      then=confirm_delete, also=("confirmation",))
    c("read-book", "other",
      "'Read in Browser' of an EPUB (/read/1/epub): the e-book reader, the book's first "
      "chapter in a reading pane with next/previous and reader settings",
      url="/read/1/epub", then=settle(1500), also=("article",))
    c("stats", "other",
      "'About' (/stats): the library's statistics (books, authors, categories, series) and a "
      "table of the program and library versions", url="/stats", also=("listing",))
    c("read-books", "listing",
      "'Read Books' from the sidebar: a grid of the three books alice marked read",
      url="/", then=click('a[href="/read/stored"]'))
    c("archived-books", "listing",
      "'Archived Books': no archived book, the heading over an empty grid",
      url="/archived/stored")
    c("books-table", "listing",
      "'Books List' (/table): a table of all books (title, sort, authors, series, tags, "
      "publisher, date, language ...) with select boxes, editable cells and merge/delete buttons",
      url="/", then=lambda p: (click('a[href="/table?data="]')(p), p.wait_for_timeout(1000)))
    c("shelf-private", "listing",
      "alice's own shelf 'Alice's favourites': its three books, 'Download', 'Edit Shelf "
      "Properties', 'Arrange books manually' and sort buttons", url="/shelf/2")
    c("shelf-order", "form",
      "'Arrange books manually' of the public shelf: 'Change order of Shelf', 'Drag to "
      "Rearrange Order', the shelf's books as draggable rows, Save and Back",
      url="/shelf/order/1", also=("listing",))
    c("shelf-create", "form",
      "'Create a Shelf' from the sidebar: a title box, 'Share with everyone' checkbox, Save",
      url="/", then=click('a[href="/shelf/create"]'))
    c("shelf-created", "listing",
      "the new shelf saved: its page (no books yet) under 'Shelf Croquet and flamingos created'",
      then=fill({"#title": "Croquet and flamingos"}, "#submit"), also=("confirmation",))
    c("shelf-edit", "form",
      "'Edit Shelf Properties' of the new shelf: its title, the public checkbox, Save and a "
      "'Delete this Shelf' button", then=click("#edit_shelf"))
    c("profile", "form",
      "alice's profile (/me): username, e-mail, password, Kindle e-mail, language settings and "
      "checkboxes of the sidebar sections to show, Save", url="/me")
    c("profile-saved", "form",
      "the profile saved: the same form under 'Success! Profile Updated'",
      then=lambda p: (p.fill("#kindle_mail", "alice@kindle.test"),
                      click("#user_submit")(p)),
      also=("confirmation",))
    c("tasks", "listing",
      "'Tasks' from the top bar: a table of background tasks (user, task, status, progress, "
      "run time ...) with the one row 'No matching records found'", url="/tasks")
    c("admin", "listing",
      "the 'Admin' page: a table of the users with their roles and 'Add New User', then "
      "summaries of the e-mail server, the configuration and the scheduled tasks with buttons "
      "to edit each, and Administration buttons", url="/", then=click('a[href="/admin/view"]'),
      also=("other",))
    c("user-edit", "form",
      "editing user bob from the admin page: username, e-mail, password, language settings, "
      "sidebar checkboxes, role checkboxes, Save and 'Delete User'",
      then=click('a[href="/admin/user/4"]'), also=("detail",))
    c("user-new", "form",
      "'Add New User': the same form, empty", url="/admin/user/new")
    c("user-new-invalid", "form",
      "the new-user form saved with no username or e-mail: the form again under 'Oops! Please "
      "complete all fields.'", then=click("#user_submit"), also=("error",))
    c("user-created", "form",
      "the new-user form filled (dinah) and saved: a fresh, empty 'Add New User' form under "
      "\"User 'dinah' created\"", url="/admin/user/new",
      then=lambda p: (p.fill("#name", "dinah"), p.fill("#email", "dinah@wonderland.test"),
                      p.fill("#password", "Cheshire-Cat-99"), click("#user_submit")(p)),
      also=("confirmation",))
    c("users-table", "listing",
      "'Edit Users' (/admin/usertable): a table of all users with editable cells, role "
      "checkboxes and bulk-edit controls", url="/admin/usertable", then=settle(1000))
    c("config-basic", "form",
      "'Basic Configuration': a form whose five sections (Server, Logfile, Feature "
      "Configuration, External binaries, Security Settings) are collapsed links, and Save; no "
      "field shows until a section is opened",
      url="/admin/config")
    c("config-ui", "form",
      "'UI Configuration': three collapsed sections (View Configuration, Default Settings and "
      "Default Visibilities for New Users), Save and Cancel", url="/admin/viewconfig")
    c("config-database", "form",
      "'Database Configuration': the location of the Calibre library (a path with a folder "
      "chooser button), 'Separate Book Files from Library', Save and Cancel",
      url="/admin/dbconfig")
    c("config-mail", "form",
      "'E-mail server settings': SMTP host, port, encryption, login, password, from-address, "
      "size limit, with Save and 'Save and Send Test E-mail'", url="/admin/mailsettings")
    c("logfile", "other",
      "'Logfile Viewer': radio buttons to pick the Calibre-Web or access log and the log's lines "
      "shown below", url="/admin/logfile", then=settle(1000), also=("listing",))
    out.signed_in = False
    c("logged-out", "listing",
      "after 'Logout' in the top bar: the front page's book grid as the Guest sees it (guest "
      "browsing is on), with no message", url="/", then=click('a[href^="/logout"]'))
    out.close()
    return out.written


# fmt: on


def calibreweb(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + admin(browser, base)


APPS = {"calibreweb": calibreweb}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
