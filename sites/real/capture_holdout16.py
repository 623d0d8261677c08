"""Capture the labelled HOLDOUT page corpus of sites/real/holdout16/pages from I Hate Money.

The sixteenth holdout app (I Hate Money 7.2.1 on Flask 3.1, a web app for sharing expenses within
a group: three Wonderland projects made by `sites/real/holdout16/setup`) was never used to tune
the page-state classifier; its pages measure it honestly. Run by hand, not by tests, after a fresh
`sites/real/holdout16/setup` with the app running:

    sites/real/holdout16/setup
    sites/real/holdout16/start 8098 &
    .venv/bin/python sites/real/capture_holdout16.py              # or: --ihatemoney URL

I Hate Money has no user accounts: a project is entered with its identifier and private code, and
the admin dashboard with the admin password. Here the project `teaparty` ("The Mad Tea-Party")
has the agent's password as its private code, and so has the dashboard: alice "signed in" means
inside that project (or the dashboard). Two browser sessions: a visitor (the front page, entering
a project, creating one, the password reminder, the dashboard's password, errors) and alice
inside `teaparty` (bills, participants, settling, statistics, history, settings, invitations),
then the dashboard. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the
main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The agent's password is redacted.

Capturing changes the app: a visitor creates a project; alice adds, edits and deletes bills,
adds and edits a participant, settles a debt and saves the project's settings, so run `setup`
again (and restart the server) before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, click, click_link, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout16" / "pages"
PORTS = {"ihatemoney": 8098}

AUTH_FORM = "form:has(input#id)"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def enter_project(project: str = "teaparty", code: str = PASSWORD) -> Any:
    """The 'Log in to an existing project' form: identifier and private code."""

    def run(p: Page) -> None:
        p.fill(f"{AUTH_FORM} input#id", project)
        p.fill(f"{AUTH_FORM} input#password", code)
        submit(p, f"{AUTH_FORM} button[type=submit]")

    return run


def fill(
    fields: dict[str, str],
    button: str,
    *,
    selects: dict[str, str] | None = None,
    unchecks: tuple[str, ...] = (),
    novalidate: bool = False,
) -> Any:
    """Fill a form's fields (CSS selector -> text), choose options (selector -> label), untick
    boxes and press `button`. `novalidate` turns the browser's own checks of required fields
    off first, so the server's answer to a form sent incomplete is seen."""

    def run(p: Page) -> None:
        for selector, label in (selects or {}).items():
            p.select_option(selector, label=label)
        for selector, text in fields.items():
            p.fill(selector, text)
        for selector in unchecks:
            p.uncheck(selector)
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        submit(p, button)

    return run


def settle(ms: int) -> Any:
    def run(p: Page) -> None:
        p.wait_for_timeout(ms)

    return run


def bill_row(what: str) -> str:
    return f"tr:has(td:text-is('{what}'))"


def delete_bill(what: str) -> Any:
    """A bill's 'delete' button asks first: pressed once it turns into a confirm button in
    place, pressed again it deletes."""

    def run(p: Page) -> None:
        row = p.locator(bill_row(what))
        row.get_by_role("button").first.click()
        p.wait_for_timeout(400)
        with p.expect_navigation(wait_until="load"):
            row.get_by_role("button").first.click()

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "ihatemoney", base, signed_in=False)
    c = out.capture
    c("home", "form",
      "the front page: 'Manage your shared expenses, easily', then two forms side by side, 'Log "
      "in to an existing project' (identifier, private code, Log in, a reminder link) and "
      "'Create a new project' (name, private code, e-mail, Create)", url="/", also=("login",))
    c("authenticate", "login",
      "/authenticate, 'Authentication': the project identifier and private code and a submit "
      "button, 'Can't remember the password?'", url="/authenticate")
    c("authenticate-failed", "login",
      "the project's code entered wrong: the same form under 'Private code: This private code "
      "is not the right one. Only 2 attempts left.'",
      then=enter_project("teaparty", "not-the-password"), also=("error",))
    c("authenticate-too-many", "error",
      "three more wrong codes within the minute: 'Authentication' and only 'Too many failed "
      "login attempts. Please retry after ...' in place of the form", then=steps(
          enter_project("teaparty", "still-not-it"), enter_project("teaparty", "nor-this"),
          enter_project("teaparty", "nor-that")))
    c("project-signed-out", "login",
      "a project's address (/teaparty/) asked for by a visitor: redirected to the "
      "'Authentication' form with the identifier filled in", url="/teaparty/")
    c("create", "form",
      "/create, 'Create a new project': identifier, name, private code, e-mail, default "
      "currency, a submit button", url="/create")
    c("create-invalid", "form",
      "the creation form sent with only a name: the same form under 'Email: This field is "
      "required.' and 'Private code: This field is required.'",
      then=fill({"#name": "Caucus race"}, "form:has(#contact_email) button[type=submit]",
                novalidate=True), also=("error",))
    c("password-reminder", "form",
      "'can't remember your password?': 'Password reminder', one box for the project "
      "identifier and a button", url="/password-reminder")
    c("password-reminder-sent", "confirmation",
      "the reminder sent for 'croquet': 'Password reminder', 'A link to reset your password has "
      "been sent to you, please check your emails.' and 'Return to home page'",
      then=fill({"#id": "croquet"}, "form button[type=submit]"))
    c("reset-password-bad-token", "error",
      "a password-reset link with a token that is not valid (/reset-password?token=nonsense): "
      "the reset page with only a red 'Invalid token'", url="/reset-password?token=nonsense")
    c("mobile", "other",
      "/mobile (linked in the footer): 'Download Mobile Application', 'Get it on' and three "
      "store badges", url="/mobile")
    c("dashboard-signed-out", "login",
      "the admin dashboard (/dashboard) asked for by a visitor: redirected to 'Authentication' "
      "with one 'Admin password' box", url="/dashboard")
    c("dashboard-failed", "login",
      "the admin password entered wrong: the same box under 'This admin password is not the "
      "right one. Only 2 attempts left.'",
      then=fill({"#admin_password": "not-the-password"}, "form button[type=submit]"),
      also=("error",))
    c("not-found", "error",
      "an address that does not exist (/static/nosuch.css): 'Sorry, we were unable to find the "
      "page you've asked for.' and a link back to the main page (HTTP 404)",
      url="/static/nosuch.css")
    c("create-done", "listing",
      "the creation form sent complete: the visitor is now inside the new project 'Caucus "
      "race' (not alice's), its bill page under 'A reminder email has just been sent to you', "
      "empty: 'No bills', 'Nothing to list yet. Add the first participant'", url="/create",
      then=fill({"#name": "Caucus race", "#id": "caucus", "#password": "Dodo-prizes-1",
                 "#contact_email": "dodo@wonderland.example.org"},
                "form:has(#contact_email) button[type=submit]"), also=("confirmation",))
    c("settle-empty", "listing",
      "'Settle' in that new, empty project: the table of who pays whom with its column headers "
      "and no row", then=click_link("Settle"))
    c("statistics-empty", "other",
      "'Statistics' in the empty project: the per-participant table and the 'Expenses by "
      "month' table, both only column headers", then=click_link("Statistics"), also=("listing",))
    out.close()
    return out.written


# -- alice, inside the project 'teaparty' ---------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "ihatemoney", base, signed_in=True)
    out.page.wait_for_timeout(61_000)  # the visitor's failed sign-ins: 3 a minute are allowed
    out.goto("/authenticate")
    c = out.capture
    c("bills", "listing",
      "right after entering the project: the menu (Bills, Settle, Statistics), a sidebar of "
      "participants with their balances and an 'Add participant' box, and the table of the 16 "
      "bills (when, who paid, for what, for whom, how much, edit / delete)",
      then=enter_project())
    c("bills-filters", "listing",
      "'Show filters' pressed: a filter form (search in 'For what?', payer, start and end "
      "dates, amount min and max, Filter, Clear filters) opens above the same table",
      then=lambda p: (p.get_by_role("button", name="Toggle filters").click(),
                      p.wait_for_timeout(500)), also=("search",))
    c("bills-search", "search_results",
      "'tea' typed into the filters' Search box and Filter pressed: the bill table cut down to "
      "the three bills whose 'For what?' holds 'tea' (the box keeps 'tea'; no count is shown)",
      then=fill({"#search": "tea"}, "#filterCollapse button[type=submit]"),
      also=("listing",))
    c("bills-search-none", "search_results",
      "a filter search for 'jabberwock': the table's headers with no row under them and the "
      "sidebar; no 'no results' text",
      url="/teaparty/?search=jabberwock", also=("listing",))
    c("bill-add", "form",
      "'Add a new bill': a dialog 'Add a bill' over the bill table (when, what, who paid, how "
      "much, for whom as checkboxes, more options, Submit and 'Submit and add a new one')",
      url="/teaparty/", then=lambda p: (
          p.get_by_role("link", name="Add a new bill").click(), p.wait_for_timeout(800)),
      also=("listing",))
    c("bill-add-page", "form",
      "the same form at its own address (/teaparty/add): 'Add a bill' as a page",
      url="/teaparty/add")
    c("bill-add-invalid", "form",
      "that form sent empty: the same form under 'What?: This field is required.', 'Who paid?: "
      "...' and 'How much?: ...'",
      then=fill({"#what": "", "#amount": ""}, "form.form-horizontal input[name=submit]",
                novalidate=True), also=("error",))
    c("bill-added", "listing",
      "the form sent complete: the bill table with the new bill first, under 'The bill has "
      "been added'", url="/teaparty/add", then=fill(
          {"#what": "Mushrooms (one side of each)", "#amount": "4.20"},
          "form.form-horizontal input[name=submit]", selects={"#payer": "Alice"}),
      also=("confirmation",))
    c("bill-edit", "form",
      "'edit' on that bill: 'Edit this bill', the same fields filled in, Submit",
      then=click(f"{bill_row('Mushrooms (one side of each)')} a[href*='/edit/']"),
      also=("detail",))
    c("bill-edited", "listing",
      "the edit sent with a new amount: the bill table under 'The bill has been modified'",
      then=fill({"#amount": "5.40"}, "form.form-horizontal input[name=submit]"),
      also=("confirmation",))
    c("bill-deleted", "listing",
      "'delete' on that bill, then its confirm button: the bill table without it under 'The "
      "bill has been deleted'", then=delete_bill("Mushrooms (one side of each)"),
      also=("confirmation",))
    c("bill-reimbursement-edit", "form",
      "'edit' on the reimbursement 'Hatter pays back the March Hare': 'Edit this bill' with "
      "its type 'Reimbursement' among the options", url="/teaparty/",
      then=click(f"{bill_row('Hatter pays back the March Hare')} a[href*='/edit/']"),
      also=("detail",))
    c("bill-not-found", "error",
      "a bill that does not exist (/teaparty/edit/999): 'Sorry, we were unable to find the "
      "page you've asked for.' (HTTP 404)", url="/teaparty/edit/999")
    c("method-not-allowed", "error",
      "the project's deletion address opened as a page (/teaparty/delete, which only takes a "
      "form's POST): Flask's bare 'Method Not Allowed' page (HTTP 405)",
      url="/teaparty/delete")
    c("member-added", "listing",
      "'Gryphon' typed into the sidebar's 'Add participant' box and Add: the bill table under "
      "'Gryphon has been added', the Gryphon in the sidebar", url="/teaparty/",
      then=fill({"#add-member-form #name": "Gryphon"}, "#add-member-form button[type=submit]"),
      also=("confirmation",))
    c("member-edit", "form",
      "a participant's edit (/teaparty/members/1/edit, the sidebar's edit button shown on "
      "hover): 'Edit this participant', name and weight, Save and Cancel",
      url="/teaparty/members/1/edit", also=("detail",))
    c("member-edited", "listing",
      "the participant saved with weight 1.5: the bill table under \"Participant 'Alice' has "
      "been modified\"", then=fill({"#weight": "1.5"}, "form.form-horizontal button[type=submit]"),
      also=("confirmation",))
    c("settle", "listing",
      "'Settle' from the menu: a table of who pays whom how much to settle every debt, a "
      "'Register settlement' button on each row", url="/teaparty/", then=click_link("Settle"))
    c("settle-failed", "error",
      "'Register settlement' on the first row: Flask's bare 'Internal Server Error' page (HTTP "
      "500; the app fails converting the amount's currency without its exchange-rate service)",
      then=click("form[action$='/settle'] button"))
    c("statistics", "other",
      "'Statistics' from the menu: a table per participant of paid, expenses, direct transfers "
      "and received, then 'Expenses by month' as a table of period and amount",
      url="/teaparty/", then=click_link("Statistics"), also=("listing",))
    c("history", "listing",
      "the project's history (/teaparty/history, from the settings menu): 'Clear Project "
      "History' and a table of time and event ('Participant Alice: weight changed from 1.0 to "
      "1.5', bills added, modified, deleted ...)", url="/teaparty/history")
    c("invite", "form",
      "'Invite people': four ways to invite (an invitation link, a QR code, e-mail addresses "
      "with 'Send the invitations', the identifier and code)", url="/teaparty/",
      then=click_link("Invite people"), also=("other",))
    c("invite-invalid", "form",
      "'Send the invitations' pressed with the box left empty (typing did not reach it): the "
      "same page with 'People to notify: The email is not valid'",
      then=lambda p: submit(p, "form.invites button"), also=("other", "error"))
    c("settings", "form",
      "the project's settings (/teaparty/edit): 'Edit project' (name, new private code, "
      "e-mail, history on, default currency, current private code, Edit the project), then "
      "'Delete project' and 'Import JSON' forms", url="/teaparty/edit")
    c("settings-invalid", "form",
      "the settings sent with a bad e-mail address: the same forms under 'Email: Invalid email "
      "address.'", then=fill({"#edit-project #contact_email": "not an address",
                              "#edit-project #current_password": PASSWORD},
                             "#edit-project button"), also=("error",))
    c("settings-saved", "form",
      "the settings sent with a new name: the 'Edit project' page again, the new name in its "
      "box, under 'Project settings have been changed successfully.'",
      url="/teaparty/edit", then=fill(
          {"#edit-project #name": "The Mad Tea-Party (every day at six)",
           "#edit-project #current_password": PASSWORD}, "#edit-project button"),
      also=("confirmation",))
    c("bills-french", "listing",
      "'Français' from the language menu: the project's bill page in French (Factures, Régler, "
      "Statistiques, the table's headers and buttons)", url="/teaparty/", then=lambda p: (
          p.get_by_role("button", name="English").click(), click("a[href='/lang/fr']")(p)))
    out.goto("/lang/en")
    out.signed_in = False
    c("logged-out", "form",
      "'Logout' from the project's menu: back on the front page (the two forms, to log in to a "
      "project or create one), no message", url="/teaparty/", then=lambda p: (
          p.locator("#navbarToggler .dropdown-toggle").last.click(),
          click("form[action='/exit'] input[type=submit]")(p)), also=("login",))
    out.close()
    written = out.written
    out = Session(browser, "ihatemoney", base, signed_in=True)
    c = out.capture
    out.goto("/dashboard")
    c("dashboard", "listing",
      "the admin password entered: the 'Dashboard', a table of the projects (name, number of "
      "participants and bills, newest bill, actions)",
      then=fill({"#admin_password": PASSWORD}, "form button[type=submit]"))
    out.close()
    return written + out.written


# fmt: on


def ihatemoney(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"ihatemoney": ihatemoney}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
