"""Capture the labelled HOLDOUT page corpus of sites/real/holdout5/pages from sqlite-web.

The fifth holdout app (sqlite-web 0.8.2 from PyPI, a Flask web UI to browse and edit a SQLite
database, over a small "Wonderland Lending Library" database of ours, `sites/real/holdout5/`)
was never used to tune the page-state classifier; its pages measure it honestly. Run by hand,
not by tests, after `sites/real/holdout5/setup` with sqlite-web running:

    sites/real/holdout5/setup
    sites/real/holdout5/start 8088 &
    .venv/bin/python sites/real/capture_holdout5.py              # or: --sqlite_web URL

sqlite-web renders every page on the server (Bootstrap, a little jQuery), so each page is read
once the document has loaded. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The password (sqlite-web has no user names: one password guards the whole UI) is
redacted from everything written.

Capturing changes the database and puts it back: it inserts book 31, edits and deletes it,
runs an UPDATE that sets a column to its own value, and creates a table `wishlist`, imports
three rows into it and drops it. Run `setup` (and restart the app) before a re-capture anyway,
so that the row ids and the sizes and dates on the index page come out the same.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout5" / "pages"
PORTS = {"sqlite_web": 8088}

NEW_BOOK = "WzMxXQ=="  # sqlite-web's row key of books.id 31 (base64 of the JSON "[31]")
BOOK_1 = "WzFd"  # books.id 1
NO_BOOK = "Wzk5OV0="  # books.id 999, which does not exist
WISHLIST_CSV = (
    b"title,wanted_by,note\n"
    b"The Annotated Alice,Alice Liddell,for the reading room\n"
    b"Jabberwocky and Other Poems,Humpty Dumpty,he will explain every word\n"
    b"A Treatise on Treacle Wells,Dormouse,\n"
)


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps on the pages -------------------------------------------------------------------------
def sign_in(password: str = PASSWORD) -> Callable[[Page], None]:
    def run(p: Page) -> None:
        p.fill("#id_password", password)
        submit(p, "form button[type=submit]:has-text('Login')")

    return run


def filter_tables(text: str) -> Callable[[Page], None]:
    """Type into the sidebar's 'table name...' box (it hides the tables that do not match)."""

    def run(p: Page) -> None:
        p.locator("#table-search").press_sequentially(text)
        p.wait_for_timeout(300)

    return run


def run_sql(sql: str, button: str = "Execute") -> Callable[[Page], None]:
    """Type `sql` into the query page's editor and press one of its buttons."""

    def run(p: Page) -> None:
        p.fill("#query-form textarea[name=sql]", sql)
        submit(p, f"#query-form button:text-is('{button}')")

    return run


def fill_form(values: dict[str, str], button: str) -> Callable[[Page], None]:
    """Fill the fields of a row form (by column name) and press `button`; a field is only
    sent when the check box before it is ticked (the edit form starts with none ticked)."""

    def run(p: Page) -> None:
        for name, value in values.items():
            p.check(f"input[name=chk_{name}]")
            p.fill(f"#id_{name}", value)
        submit(p, f"#content form button[type=submit]:text-is('{button}')")

    return run


def press(button: str) -> Callable[[Page], None]:
    def run(p: Page) -> None:
        submit(p, f"#content form button[type=submit]:text-is('{button}')")

    return run


def create_table(name: str) -> Callable[[Page], None]:
    """The navbar's '+ Table' drop-down: name a new table and create it."""

    def run(p: Page) -> None:
        p.click("#createTableButton")
        p.fill("input[name=table_name]", name)
        submit(p, ".create-table-menu button:text-is('Create')")

    return run


def import_file(name: str, data: bytes, mime: str) -> Callable[[Page], None]:
    def run(p: Page) -> None:
        p.set_input_files("#id_file", files=[{"name": name, "mimeType": mime, "buffer": data}])
        submit(p, "#content form button[type=submit]:text-is('Import')")

    return run


def uncheck_all_and_export(p: Page) -> None:
    for box in p.locator("input[name=columns]").all():
        box.uncheck()
    submit(p, "#content form button[type=submit]:text-is('Export')")


# -- sqlite-web -----------------------------------------------------------------------------------
def sqlite_web(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    out = Session(browser, "sqlite_web", base, signed_in=False)
    c = out.capture
    c(
        "login",
        "login",
        "the sign-in page: 'Login', one Password field and a Login button (sqlite-web has no "
        "user names), nothing else but the brand link",
        url="/login/",
    )
    c(
        "login-required",
        "login",
        "a table's content URL asked for by a visitor: redirected to the sign-in form with 'You "
        "must log-in to view the database browser.' above it",
        url="/books/content/",
    )
    c(
        "login-failed",
        "login",
        "the sign-in form sent with a wrong password: the same form with 'The password you "
        "entered is incorrect.' above it",
        url="/login/",
        then=sign_in("not-the-password"),
        also=("error",),
    )
    out.close()

    into = Session(browser, "sqlite_web", base, signed_in=True)
    into.goto("/login/")
    sign_in()(into.page)
    c = into.capture
    # the database and its tables
    c(
        "index",
        "detail",
        "the database's home page: a table of facts about library.db (file name, size, SQLite "
        "version, created, modified, '6 tables · 5 indexes · 1 views · 1 triggers'), a Download "
        "link and a query box, beside the sidebar's list of the 6 tables",
        url="/",
        also=("listing", "other"),
    )
    c(
        "index-filter-hits",
        "detail",
        "'loa' typed in the sidebar's 'table name...' box on the database page: the sidebar list "
        "narrows to loans and open_loans; the database facts and query box are unchanged",
        url="/",
        then=filter_tables("loa"),
        also=("search_results", "listing"),
    )
    c(
        "index-filter-no-hits",
        "detail",
        "'jabberwock' typed in the sidebar's table filter: the table list goes empty (no "
        "message); the database facts and query box are unchanged",
        url="/",
        then=filter_tables("jabberwock"),
        also=("search_results",),
    )
    c(
        "books-structure",
        "detail",
        "the books table's Structure tab: its CREATE TABLE statement, a table of its columns "
        "(type, null, primary key, Rename | Drop), its foreign key and indexes, with the tabs "
        "Content / Query / Insert / Import / Export / Drop",
        url="/books/",
    )
    c(
        "loans-structure",
        "detail",
        "the loans table's Structure tab: SQL, columns, two foreign keys, three indexes and a "
        "trigger, each with its actions",
        url="/loans/",
    )
    c(
        "view-structure",
        "detail",
        "the open_loans view's Structure tab: its CREATE VIEW statement and its five columns "
        "with their types (tabs Content / Query / Export / Drop)",
        url="/open_loans/",
    )
    c(
        "books-content",
        "listing",
        "books' Content tab: a table of the first 20 of 30 rows with sortable column headers, "
        "author_id values as links, View / Edit / Delete icons per row, Bulk Delete and a pager "
        "'Page 1 / 2'",
        url="/books/content/",
    )
    c(
        "loans-content-page-2",
        "listing",
        "page 2 of loans' Content tab: rows 21-40 of 60 with the pager 'Page 2 / 3'",
        url="/loans/content/?page=2",
    )
    c(
        "loans-content-sorted",
        "listing",
        "loans' Content tab sorted by loaned_on, newest first (the column header marked ▲): "
        "rows 60 down to 41",
        url="/loans/content/?ordering=-4",
    )
    c(
        "view-content",
        "listing",
        "the open_loans view's Content tab: the 7 loans not yet returned (title, member, dates), "
        "no edit actions",
        url="/open_loans/content/",
    )
    c(
        "book-row",
        "detail",
        "one row's page, 'Row 1 from books': a two-column table of its fields (author_id a "
        "link to the author) with Edit, Delete and Back",
        url=f"/books/row/{BOOK_1}/",
    )
    c(
        "book-row-missing",
        "listing",
        "a row that does not exist (books.id 999): sent back to books' content table with "
        "'Could not fetch row with primary-key 999.' above it",
        url=f"/books/row/{NO_BOOK}/",
        also=("error",),
    )
    # a row inserted, edited and deleted again
    c(
        "insert-form",
        "form",
        "books' Insert tab: 'Insert row into books', a field per column with a check box to "
        "include it and its type (copies left out: it has a default), Insert and Cancel",
        url="/books/insert/",
    )
    new_book = {"title": "The Annotated Alice", "published": "1960", "genre": "Annotated edition",
                "isbn": "978-0-393-04847-6"}  # fmt: skip
    c(
        "insert-failed",
        "form",
        "the insert form sent with author_id 99, an author that does not exist: the filled form "
        "again with 'Insert failed: FOREIGN KEY constraint failed' above it",
        url="/books/insert/",
        then=fill_form({**new_book, "author_id": "99"}, "Insert"),
        also=("error",),
    )
    c(
        "inserted",
        "listing",
        "the insert sent with a real author: the last page of books' content table (the new "
        "row 31 at the bottom) with 'Successfully inserted record (31).' above it",
        url="/books/insert/",
        then=fill_form({**new_book, "author_id": "1"}, "Insert"),
        also=("confirmation",),
    )
    c(
        "edit-form",
        "form",
        "a row's edit page, 'Update row 31 in books': every column's current value in a field "
        "(each disabled until its check box is ticked), Update and Cancel",
        url=f"/books/update/{NEW_BOOK}/",
        also=("detail",),
    )
    c(
        "edit-invalid",
        "form",
        "the edit form sent with copies 'a great many': the form again with 'One or more errors "
        "prevented the row being updated.' above it and 'Value is not a number.' under the field",
        url=f"/books/update/{NEW_BOOK}/",
        then=fill_form({"copies": "a great many"}, "Update"),
        also=("error",),
    )
    c(
        "updated",
        "listing",
        "the edit saved: back to page 2 of books' content table with 'Successfully updated 1 "
        "record.' above it",
        url=f"/books/update/{NEW_BOOK}/",
        then=fill_form({"copies": "2"}, "Update"),
        also=("confirmation",),
    )
    c(
        "delete-confirm",
        "form",
        "'Delete row 31 from books': the row's fields and a Delete button with Cancel, an "
        "are-you-sure page",
        url=f"/books/delete/{NEW_BOOK}/",
    )
    c(
        "deleted",
        "listing",
        "the deletion confirmed: page 2 of books' content table with 'Successfully deleted 1 "
        "record.' above it",
        then=press("Delete"),
        also=("confirmation",),
    )
    # the query pages
    c(
        "query-empty",
        "form",
        "the Query page: an empty SQL editor with Execute, JSON, CSV, Explain, SQL Help and "
        "Bookmarks buttons, beside the sidebar's table list",
        url="/query/",
    )
    c(
        "query-results",
        "listing",
        "a SELECT joining books and authors run on the Query page: the editor with the query, "
        "then 'Results (1-30)', a table of 30 rows with sortable headers and a pager",
        url="/query/",
        then=run_sql(
            "SELECT books.title, authors.name AS author, books.published\n"
            "FROM books JOIN authors ON authors.id = books.author_id\n"
            "ORDER BY books.published"
        ),
        also=("search_results", "form"),
    )
    c(
        "query-error",
        "error",
        "a SELECT from a table that does not exist: the editor with the query and 'no such "
        "table: borrowers' under it, no results",
        url="/query/",
        then=run_sql("SELECT * FROM borrowers WHERE name = 'Alice Liddell'"),
        also=("form",),
    )
    c(
        "query-no-rows",
        "search_results",
        "a SELECT looking for books whose title contains 'Jabberwock': the editor with the query "
        "and 'Empty result set.' under it",
        url="/query/",
        then=run_sql("SELECT * FROM books WHERE title LIKE '%Jabberwock%'"),
        also=("form",),
    )
    c(
        "query-update",
        "confirmation",
        "an UPDATE run on the Query page: the editor with the statement and 'Rows modified: 1' "
        "under it",
        url="/query/",
        then=run_sql("UPDATE books SET copies = copies WHERE id = 1"),
        also=("form",),
    )
    c(
        "query-script",
        "listing",
        "two SELECTs run at once: each statement echoed with its own small result table (the "
        "book count; open loans per member)",
        url="/query/",
        then=run_sql(
            "SELECT count(*) AS books FROM books;\n"
            "SELECT member, count(*) AS open_loans FROM open_loans GROUP BY member;"
        ),
        also=("form",),
    )
    c(
        "query-explain",
        "other",
        "Explain pressed for a SELECT: the editor and a one-row table of SQLite's query plan "
        "(id, parent, notused, detail 'SEARCH loans USING INDEX ...')",
        url="/query/",
        then=run_sql("SELECT * FROM loans WHERE member_id = 3", "Explain"),
        also=("form",),
    )
    c(
        "query-write-not-run",
        "form",
        "a DELETE given in the Query page's URL is not run: the editor holds it with 'Press "
        "Execute to run this statement.' above it",
        url="/query/?sql=DELETE+FROM+loans",
    )
    c(
        "table-query",
        "form",
        "books' Query tab: the table's CREATE statement and the SQL editor pre-filled with "
        "'SELECT * FROM \"books\"', not yet run",
        url="/books/query/",
    )
    c(
        "table-query-hits",
        "search_results",
        "books' Query tab run with WHERE genre = 'Fantasy': the query, 'Results (1-6)' and a "
        "table of the 6 matching books with View / Edit / Delete",
        url="/books/query/",
        then=run_sql("SELECT * FROM \"books\" WHERE genre = 'Fantasy'"),
        also=("listing", "form"),
    )
    c(
        "table-query-no-hits",
        "search_results",
        "members' Query tab run with WHERE name LIKE '%Jabberwock%': the query and 'Empty "
        "result set.'",
        url="/members/query/",
        then=run_sql("SELECT * FROM \"members\" WHERE name LIKE '%Jabberwock%'"),
        also=("form",),
    )
    c(
        "foreign-key-link",
        "search_results",
        "a book_id link followed from loans' content: books' Query tab run with WHERE \"id\" = 3, "
        "'Results (1-1)', the one book's row",
        url="/loans/content/",
        then=lambda p: submit(p, "td a[title='books.id']"),
        also=("detail", "listing"),
    )
    # schema changes (the forms only) and the drop confirmation
    c(
        "add-column",
        "form",
        "members' '+ Add column' page: column name and type fields, Add column and Cancel, and "
        "the current schema under it",
        url="/members/add-column/",
    )
    c(
        "rename-column",
        "form",
        "members' Rename column page: a column drop-down (joined chosen), a 'Rename to' field "
        "and a Rename column button",
        url="/members/rename-column/?rename=joined",
    )
    c(
        "drop-trigger",
        "form",
        "loans' Drop Trigger page: a drop-down with loans_default_due chosen and a red Drop "
        "trigger button with Cancel",
        url="/loans/drop-trigger/?name=loans_default_due",
    )
    c(
        "drop-table",
        "form",
        "books' Drop tab: 'Are you sure you want to drop books and all associated data? This "
        "action cannot be undone.' with Drop table and Cancel",
        url="/books/drop/",
    )
    # import and export
    c(
        "import",
        "form",
        "reviews' Import tab: an input-file field (JSON or CSV), a 'Create columns for "
        "unrecognized keys?' choice, Import and Cancel",
        url="/reviews/import/",
    )
    c(
        "import-no-file",
        "form",
        "the import form sent without a file: the form again with 'Please select an import "
        "file.' above it",
        url="/reviews/import/",
        then=press("Import"),
        also=("error",),
    )
    c(
        "export",
        "form",
        "authors' Export tab: a check box per column (all ticked), a JSON / CSV choice, Export "
        "and Cancel",
        url="/authors/export/",
    )
    c(
        "export-no-columns",
        "form",
        "the export form sent with every column unticked: the form again with 'Please select "
        "one or more columns to export.' above it",
        url="/authors/export/",
        then=uncheck_all_and_export,
        also=("error",),
    )
    # a new table: created, filled from a CSV file, dropped
    c(
        "created-table-import",
        "form",
        "the navbar's '+ Table' used to create 'wishlist': the new table's Import page (file "
        "field, options, Import), with no word about the creation",
        url="/",
        then=create_table("wishlist"),
    )
    c(
        "imported",
        "listing",
        "a CSV of three rows imported into wishlist: its content table (id, title, wanted_by, "
        "note) with 'Successfully imported 3 objects from wishlist.csv.' above it",
        then=import_file("wishlist.csv", WISHLIST_CSV, "text/csv"),
        also=("confirmation",),
    )
    c(
        "dropped",
        "detail",
        "wishlist dropped from its Drop tab: the database page (facts, query box, the table "
        "list without wishlist) with 'table \"wishlist\" dropped successfully.' above it",
        url="/wishlist/drop/",
        then=press("Drop table"),
        also=("confirmation", "listing"),
    )
    # another database
    c(
        "load-database",
        "form",
        "'Add Database...' from the database drop-down: 'Load a Sqlite Database from "
        "File-System', a path field, Load and Cancel",
        url="/load/",
    )
    c(
        "load-database-failed",
        "form",
        "the load form sent with a path that does not exist: the form again with 'Error: File "
        '"/srv/wonderland/tea-party.db" not found.\' above it',
        url="/load/",
        then=lambda p: (
            p.fill("input[name=filename]", "/srv/wonderland/tea-party.db"),
            submit(p, "button[value=filesystem]"),
        ),
        also=("error",),
    )
    # errors
    c(
        "missing-table",
        "error",
        "a table that does not exist (/jabberwock/): '404 · Not Found', the usual 'The requested "
        "URL was not found on the server...' and a Home button (HTTP 404)",
        url="/jabberwock/",
    )
    c(
        "unknown-url",
        "error",
        "a URL no route matches (/books/content/page/2/): the same '404 · Not Found' page "
        "(HTTP 404)",
        url="/books/content/page/2/",
    )

    def log_out(p: Page) -> None:
        p.goto(into.base + "/")
        with p.expect_navigation(wait_until="load"):
            p.click("#sidebar a:text-is('Log-out')")
        into.signed_in = False

    c(
        "logged-out",
        "login",
        "after Log-out: the plain sign-in form (Password, Login), no message",
        then=log_out,
    )
    into.close()
    return out.written + into.written


APPS = {"sqlite_web": sqlite_web}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
