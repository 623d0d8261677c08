"""Capture the labelled HOLDOUT page corpus of sites/real/holdout2/pages from Adminer.

The second holdout app (Adminer 4.8.1 from Debian over a small SQLite "Wonderland Shop"
database, `sites/real/holdout2/`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after `sites/real/holdout2/setup` (a fresh
setup gives the same pages) with Adminer running:

    sites/real/holdout2/setup
    sites/real/holdout2/start 8085 &
    .venv/bin/python sites/real/capture_holdout2.py              # or: --adminer URL

Each page is read through the project's own browser launcher (`webagent.browser.launch`,
1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the main document, and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The
labels below were decided by hand, one page at a time, from what each page is for; the
classifier and the site profiles were not consulted. The agent's password is redacted from
everything written.

Some steps change the database (a customer is inserted, edited and deleted, an UPDATE is
run), so run `sites/real/holdout2/setup` first for a clean re-capture.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import capturing
from capturing import PASSWORD, USER, redact, submit  # noqa: F401
from playwright.sync_api import Page


HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout2" / "pages"
PORTS = {"adminer": 8085}
REAL_HOME = Path(os.environ.get("WEBAGENT_REAL_HOME", Path.home() / ".cache/webagent/real"))
SHOP = str(REAL_HOME / "adminer" / "shop.sqlite")  # the database written by setup


def sign_in(page: Page, user: str = USER, password: str = PASSWORD, db: str = "") -> None:
    """Adminer's login form (System is preselected as SQLite 3 by our index.php)."""
    page.select_option("select[name='auth[driver]']", "sqlite")
    page.fill("input[name='auth[username]']", user)
    page.fill("input[name='auth[password]']", password)
    page.fill("input[name='auth[db]']", db)
    submit(page, "form input[type=submit][value=Login]")


def Session(*args: Any, **kwargs: Any) -> capturing.Session:  # noqa: N802
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- Adminer ----------------------------------------------------------------------------------
def adminer(browser: Any, base: str) -> list[Path]:
    server = f"{base}/?sqlite=&username={USER}"
    db = f"{server}&db={quote(SHOP, safe='')}"

    def q(**params: str) -> str:
        return f"{db}&{urlencode(params)}"

    def where(table: str, *conds: tuple[str, str, str]) -> str:
        params = {"select": table}
        for i, (col, op, val) in enumerate(conds):
            params |= {f"where[{i}][col]": col, f"where[{i}][op]": op, f"where[{i}][val]": val}
        return q(**params)

    out = Session(browser, "adminer", signed_in=False)
    c = out.capture
    c(
        "login",
        "login",
        "Adminer's start page for a visitor: 'Login' with system, username, password and database fields",
        url=f"{base}/",
    )
    c(
        "login-failed",
        "login",
        "the login form shown again (HTTP 403) with 'Invalid credentials.' above it",
        then=lambda p: sign_in(p, USER, "not-the-password"),
    )
    c(
        "signed-out-deep-link",
        "login",
        "a table's data asked for without a session: Adminer answers with its login form (HTTP 403)",
        url=q(select="customers"),
    )
    c(
        "not-found",
        "error",
        "an unknown URL: the PHP server's bare 'Not Found' page (HTTP 404)",
        url=f"{base}/orders.php",
    )
    out.close()

    into = Session(browser, "adminer", signed_in=True)
    into.goto(f"{base}/")
    sign_in(into.page)
    c = into.capture
    c(
        "server",
        "listing",
        "after signing in: 'Select database', a table of the server's databases (the one shop file) with links",
        url=server,
    )
    c(
        "database",
        "listing",
        "the database overview: 'Tables and views', a table of the four tables and one view, a search box",
        url=db,
    )
    c(
        "table-structure",
        "detail",
        "'Table: orders': its columns and types, indexes and foreign keys, with links to select, alter, new item",
        url=q(table="orders"),
    )
    c(
        "view-structure",
        "detail",
        "'View: order_totals': the view's columns and types, with links to select data and alter the view",
        url=q(table="order_totals"),
    )
    c(
        "alter-view",
        "form",
        "'Alter view: order_totals': the view's name and its SELECT statement in an editor, with Save / Drop",
        url=q(view="order_totals"),
        also=("detail",),
    )
    c(
        "select-customers",
        "listing",
        "'Select: customers': the select/search/sort controls and a table of the 20 customers",
        url=q(select="customers"),
    )
    c(
        "select-products-sorted",
        "listing",
        "'Select: products' sorted by price, highest first: a table of the 20 products",
        url=q(select="products", **{"order[0]": "price", "desc[0]": "1"}),
    )
    c(
        "select-view",
        "listing",
        "'Select: order_totals': the rows of the view (order, customer, product, quantity, total, status)",
        url=q(select="order_totals"),
    )
    c(
        "select-filtered",
        "search_results",
        "customers searched for city LIKE %Rabbit%: the condition in the search fields and the 3 matching rows",
        url=where("customers", ("city", "LIKE %%", "Rabbit")),
        also=("listing",),
    )
    c(
        "select-any-column",
        "search_results",
        "orders searched in any column for 'shipped': the query in the search box and the matching rows",
        url=where("orders", ("", "=", "shipped")),
        also=("listing",),
    )
    c(
        "select-no-rows",
        "search_results",
        "orders searched for status = 'lost': the condition and 'No rows.'",
        url=where("orders", ("status", "=", "lost")),
    )
    c(
        "edit-row",
        "form",
        "'Edit: customers': one customer's fields as a form (function and value per column) with Save / Delete",
        url=q(edit="customers", **{"where[id]": "5"}),
        also=("detail",),
    )
    c(
        "insert-form",
        "form",
        "'Insert: orders': an empty new-item form (customer, product, quantity, status, date) with Save",
        url=q(edit="orders"),
    )

    def fill_customer(p: Page, email: str) -> None:
        p.fill("input[name='fields[name]'], textarea[name='fields[name]']", "Two of Spades")
        p.fill("input[name='fields[email]'], textarea[name='fields[email]']", email)
        p.fill("input[name='fields[city]'], textarea[name='fields[city]']", "Rose Garden")
        p.fill("input[name='fields[joined]'], textarea[name='fields[joined]']", "2024-09-01")

    c(
        "insert-duplicate",
        "form",
        "a new customer saved with an email already taken: the insert form again with 'UNIQUE constraint failed'",
        url=q(edit="customers"),
        then=lambda p: (
            fill_customer(p, "cat@wonderland.test"),
            submit(p, "input[type=submit][value=Save]"),
        ),
        also=("error",),
    )
    c(
        "inserted",
        "listing",
        "a new customer saved: the customers table with 'Item 21 has been inserted.' above it",
        url=q(edit="customers"),
        then=lambda p: (
            fill_customer(p, "two@wonderland.test"),
            submit(p, "input[type=submit][value=Save]"),
        ),
        also=("confirmation",),
    )

    def rename(p: Page) -> None:
        p.fill("input[name='fields[city]'], textarea[name='fields[city]']", "Queen's Garden")
        submit(p, "input[type=submit][value=Save]")

    c(
        "updated",
        "listing",
        "the new customer's city changed and saved: the customers table with 'Item has been updated.'",
        url=q(edit="customers", **{"where[id]": "21"}),
        then=rename,
        also=("confirmation",),
    )
    c(
        "deleted",
        "listing",
        "the new customer deleted from its edit form: the customers table with 'Item has been deleted.'",
        url=q(edit="customers", **{"where[id]": "21"}),
        then=lambda p: submit(p, "input[type=submit][value=Delete]"),
        also=("confirmation",),
    )
    c(
        "sql-command",
        "form",
        "'SQL command': an empty query editor with Execute, a row limit and options, and a history link",
        url=q(sql=""),
    )
    c(
        "sql-results",
        "listing",
        "a SELECT run in 'SQL command': the query, a table of the 5 categories with their product counts, the editor again",
        url=q(
            sql="SELECT c.name, count(p.id) AS products FROM categories c "
            "LEFT JOIN products p ON p.category_id = c.id GROUP BY c.id ORDER BY c.name;"
        ),
        then=lambda p: submit(p, "input[type=submit][value=Execute]"),
        also=("search_results", "form"),
    )
    c(
        "sql-update",
        "confirmation",
        "an UPDATE run in 'SQL command': 'Query executed OK, 3 rows affected.' above the editor",
        url=q(sql="UPDATE products SET stock = stock + 10 WHERE stock < 5;"),
        then=lambda p: submit(p, "input[type=submit][value=Execute]"),
        also=("form",),
    )
    c(
        "sql-error",
        "error",
        "a query on a missing table run in 'SQL command': 'Error in query (1): no such table: invoices' above the editor",
        url=q(sql="SELECT * FROM invoices WHERE paid = 0;"),
        then=lambda p: submit(p, "input[type=submit][value=Execute]"),
        also=("form",),
    )
    c(
        "sql-history",
        "form",
        "'Edit all' of the SQL history: the query editor filled with the session's queries, and the History list below",
        url=q(sql="", history="all"),
        also=("listing",),
    )
    c(
        "import",
        "form",
        "'Import': upload SQL files or run a file from the server, with Execute",
        url=q(**{"import": ""}),
    )
    c(
        "export",
        "form",
        "'Export': output, format, tables and data options and a checklist of tables, with Export",
        url=q(dump=""),
    )
    c(
        "export-output",
        "other",
        "the export shown in the browser: a plain-text SQL dump (CREATE TABLE and INSERT statements)",
        then=lambda p: submit(p, "input[type=submit][value=Export]"),
    )

    def search_tables(text: str) -> Callable[[Page], None]:
        def run(p: Page) -> None:
            p.fill("input[name=query]", text)
            submit(p, "input[type=submit][name=search]")

        return run

    c(
        "search-tables",
        "search_results",
        "'Search data in tables' for 'Hatter': the query, a list of the three tables with matches as links, then the table list",
        url=db,
        then=search_tables("Hatter"),
        also=("listing",),
    )
    c(
        "search-tables-no-hits",
        "search_results",
        "'Search data in tables' for 'Jabberwock': the query and 'No tables.' above the database's table list",
        url=db,
        then=search_tables("Jabberwock"),
        also=("listing",),
    )
    c(
        "alter-table",
        "form",
        "'Alter table: products': the table's name and a grid of its columns (name, type, null, default) with Save",
        url=q(create="products"),
        also=("detail",),
    )
    c(
        "create-table",
        "form",
        "'Create table': an empty table name and one empty column row, with Save",
        url=q(create=""),
    )
    c(
        "alter-indexes",
        "form",
        "'Indexes: orders': a grid of the table's indexes (type, columns) to change, with Save",
        url=q(indexes="orders"),
    )
    c(
        "foreign-key",
        "form",
        "'Foreign key: orders': the target table and source/target column pairs of one foreign key, with Save",
        url=q(foreign="orders", name="0"),
        also=("detail",),
    )
    c(
        "create-database",
        "form",
        "'Create database': a database (file) name field and Save",
        url=f"{server}&database=",
    )
    c(
        "schema",
        "other",
        "'Database schema': a diagram of the tables as boxes of columns with their foreign-key links",
        url=q(schema=""),
    )
    c(
        "variables",
        "listing",
        "'Variables': a table of the SQLite pragmas and their values",
        url=f"{server}&variables=",
        also=("detail",),
    )

    def stale_token(p: Page) -> None:
        p.locator("input[name=token]").first.evaluate("e => { e.value = '12345:67890'; }")
        p.fill("input[name='fields[city]'], textarea[name='fields[city]']", "Grinning Wood")
        submit(p, "input[type=submit][value=Save]")

    c(
        "csrf-invalid",
        "form",
        "a row edit sent with a stale CSRF token: the edit form again with 'Invalid CSRF token. Send the form again.'",
        url=q(edit="customers", **{"where[id]": "5"}),
        then=stale_token,
        also=("error", "detail"),
    )
    c(
        "status",
        "listing",
        "'Status' of the server: a table of SQLite compile options",
        url=f"{server}&status=",
        also=("detail",),
    )
    c(
        "unknown-table",
        "error",
        "data of a table that does not exist: 'Select: nosuch' and only 'Unable to select the table:'",
        url=q(select="nosuch"),
    )
    c(
        "unknown-table-structure",
        "other",
        "the structure of a table that does not exist: 'Table: nosuch' with empty Indexes / Foreign keys / Triggers and no message",
        url=q(table="nosuch"),
        also=("error", "detail"),
    )
    c(
        "unknown-database",
        "error",
        "a database file that does not exist: 'Database: /tmp/nosuch.sqlite' and 'Invalid database.'",
        url=f"{server}&db={quote('/tmp/nosuch.sqlite', safe='')}",
    )

    def log_out(p: Page) -> None:
        submit(p, "input[type=submit][name=logout]")
        into.signed_in = False

    c(
        "logged-out",
        "login",
        "after Logout: the login form topped by 'Logout successful.'",
        url=db,
        then=log_out,
        also=("confirmation",),
    )
    into.close()
    return out.written + into.written


APPS = {"adminer": adminer}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
