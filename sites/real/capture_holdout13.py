"""Capture the labelled HOLDOUT page corpus of sites/real/holdout13/pages from django-helpdesk.

The thirteenth holdout app (django-helpdesk 2.6.1 on Django 5.2, a support-desk ticket tracker
with a public side for customers and a staff side: the "Wonderland Helpdesk" project of
`sites/real/holdout13/helpdesk`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after a fresh `sites/real/holdout13/setup` with
the helpdesk running:

    sites/real/holdout13/setup
    sites/real/holdout13/start 8095 &
    .venv/bin/python sites/real/capture_holdout13.py              # or: --helpdesk URL

Two browser sessions: a visitor (the public side: knowledge base, submitting and looking up a
ticket, sign-in and password reset) and the staff member alice (signed in through helpdesk's own
/login/). Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The agent's password is redacted.

Capturing changes the helpdesk: a visitor submits a ticket, alice submits, edits, comments on
and deletes tickets, adds a CC and an ignored address and saves her settings, so run `setup`
again (and restart the server) before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, click, click_link, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout13" / "pages"
PORTS = {"helpdesk": 8095}

HATTER = "hatter@wonderland.test"  # submitter of ticket 1 (it-1, secret key teaparty01)
PUBLIC_1 = f"/view/?ticket=it-1&email={HATTER}&key=teaparty01"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def sign_in(user: str = "alice", password: str = PASSWORD) -> Any:
    def run(p: Page) -> None:
        p.fill("input[name=username]", user)
        p.fill("input[name=password]", password)
        submit(p, "form[role=form] button[type=submit]")

    return run


def press(selector: str) -> Any:
    def run(p: Page) -> None:
        submit(p, selector)

    return run


def search(words: str) -> Any:
    """Type into the search box of the staff pages' top bar and press Enter."""

    def run(p: Page) -> None:
        p.fill("#search_query", words)
        with p.expect_navigation(wait_until="load"):
            p.press("#search_query", "Enter")
        p.wait_for_timeout(800)  # the ticket table is drawn by DataTables

    return run


def fill(
    fields: dict[str, str],
    button: str,
    *,
    selects: dict[str, str] | None = None,
    novalidate: bool = False,
) -> Any:
    """Fill a form's fields (CSS selector -> text), choose options (selector -> label) and press
    `button`. `novalidate` turns the browser's own checks of required fields off first, so the
    server's answer to a form sent incomplete is seen."""

    def run(p: Page) -> None:
        for selector, label in (selects or {}).items():
            p.select_option(selector, label=label)
        for selector, text in fields.items():
            p.fill(selector, text)
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        submit(p, button)

    return run


def wait_table(p: Page) -> None:
    p.wait_for_timeout(800)  # DataTables fills the ticket table after the load


def open_kb_item(title: str) -> Any:
    def run(p: Page) -> None:
        p.get_by_role("button", name=title).click()
        p.wait_for_timeout(600)

    return run


def log_out(p: Page) -> None:
    """The user menu in the top bar (the button with alice's first name), then its Logout."""
    p.get_by_role("button", name="Alice").click()
    with p.expect_navigation(wait_until="load"):
        p.get_by_role("button", name="Logout").click()


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "helpdesk", base, signed_in=False)
    c = out.capture
    c("home", "form",
      "the public front page: knowledge-base categories with 'View articles' links, then the "
      "'Submit a Ticket' form (queue, summary, description, priority, e-mail ...) and a "
      "'View a Ticket' lookup box", url="/", also=("other",))
    c("kb-index", "listing",
      "'Knowledge Base' from the sidebar: the three categories, each with its description and a "
      "'View articles' link", then=click('a[href="/kb/"]'))
    c("kb-category", "listing",
      "a knowledge-base category ('Tea and the tea party', clicked from the index): its "
      "description and its three questions as collapsed buttons", then=click('a[href="/kb/tea/"]'))
    c("kb-item-open", "listing",
      "the same category after clicking one question: still the list of three questions, that "
      "one opened to show its answer (a heading and a paragraph)",
      then=open_kb_item("Why is it always six o'clock?"), also=("article",))
    c("kb-item-link", "listing",
      "a knowledge-base item's own address (?kbitem=4, its 'absolute URL'): not a page of its "
      "own but its category's list of questions with this one opened to its answer",
      url="/kb/computers/?kbitem=4", also=("article",))
    c("submit-ticket", "form",
      "'New Ticket' from the sidebar: 'Submit a Ticket', the form of queue, summary, "
      "description, priority, due date, attachment, e-mail and location",
      url="/", then=click('a[href="/tickets/submit/"]'))
    c("submit-ticket-invalid", "form",
      "the ticket form sent without its required fields: 'There are errors in the form.' above "
      "the same form, 'This field is required.' under queue, summary, description and e-mail",
      then=fill({}, "form[role=form] button[type=submit]", novalidate=True))
    c("submit-ticket-done", "detail",
      "after submitting a ticket: the public view of the new ticket (a table of title, queue, "
      "submitted on, e-mail, priority, description; 'Ticket Opened Via Web'; a comment box), "
      "with no 'thank you' or 'submitted' message",
      url="/tickets/submit/",
      then=fill({"#id_title": "Umbrella stand has been eaten by the Gryphon",
                 "#id_body": "The umbrella stand by the front door is gone; only a few "
                             "chewed ribs are left. Please order a new one.",
                 "#id_submitter_email": "mock.turtle@wonderland.test"},
                "form[role=form] button[type=submit]", selects={"#id_queue": "Facilities"}))
    c("view-ticket-form", "form",
      "/view/, 'View a Ticket': two boxes (ticket, your e-mail address) and a 'View Ticket' "
      "button", url="/view/", also=("search",))
    c("view-ticket-not-found", "form",
      "'View a Ticket' sent with a ticket number and an e-mail but no secret key: the same "
      "empty lookup form again, with no message at all (the view's 'Invalid ticket ID' text is "
      "not shown)", then=fill({"input[name=ticket]": "it-1",
                                                      "input[name=email]": HATTER},
                                                     "input[type=submit][value='View Ticket']"))
    c("view-ticket", "detail",
      "the public view of ticket it-1 (the link a submitter is e-mailed, with its key): a table "
      "of title, status, queue, dates, e-mail, priority and description, the public follow-ups "
      "and a comment box", url=PUBLIC_1)
    c("login", "login",
      "'Log In' from the top bar: 'Log in to your account', username, password, 'Remember me', "
      "'Forgot password?'", url="/", then=click('a[href^="/login/"]'))
    c("login-failed", "login",
      "the sign-in sent with a wrong password: the same form under 'Your username and password "
      "didn't match. Please try again.'", then=sign_in("alice", "not-the-password"),
      also=("error",))
    c("staff-page-signed-out", "login",
      "the staff dashboard asked for by a visitor: redirected to the sign-in form "
      "(/login/?next=/dashboard/)", url="/dashboard/")
    c("password-reset", "form",
      "'Forgot password?' from the sign-in form: a page with one e-mail box and a button to "
      "send a reset link", url="/login/", then=click_link("Forgot password?"))
    c("password-reset-sent", "confirmation",
      "after sending the reset form: the page saying the reset instructions have been e-mailed",
      then=fill({"#id_email": "alice@wonderland.test"}, "form button[type=submit]"))
    c("not-found", "error",
      "an address that does not exist (/nosuch/): Django's bare 'Not Found' page (HTTP 404)",
      url="/nosuch/")
    c("kb-category-not-found", "error",
      "a knowledge-base category that does not exist (/kb/nosuch/): 'Not Found' (HTTP 404)",
      url="/kb/nosuch/")
    c("api-forbidden", "error",
      "the ticket API asked for by a visitor (/api/tickets/): REST framework's browsable page "
      "'Ticket List', HTTP 403, 'Authentication credentials were not provided.'",
      url="/api/tickets/")
    out.close()
    return out.written


# -- alice, staff -------------------------------------------------------------------------------
def staff(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "helpdesk", base, signed_in=True)
    out.goto("/login/")
    c = out.capture
    c("tickets-after-sign-in", "listing",
      "right after signing in (alice's setting 'show ticket list on login'): 'Tickets', a table "
      "of the 15 open tickets (ticket, status, created, owner, submitter ...) with Actions, "
      "Filters, Queries and Columns buttons and paging",
      then=lambda p: (sign_in()(p), wait_table(p)))
    c("dashboard", "listing",
      "the 'Helpdesk Dashboard': counts of tickets by age with 'View Tickets' links, then tables "
      "of the tickets submitted by alice, assigned to her and unassigned (with Take buttons)",
      then=click('a[href="/dashboard/"]'), also=("other",))
    c("tickets-queue", "listing",
      "the ticket list filtered to the Tea Supplies queue (?queue=2): the same table with that "
      "queue's six tickets", url="/tickets/?queue=2", then=wait_table)
    c("saved-query", "listing",
      "the saved query 'My open tickets' from the sidebar's Saved Queries: the ticket table "
      "run with that query", url="/tickets/?saved_query=1", then=wait_table)
    c("search-hits", "search_results",
      "'printer' typed into the top bar's search box: the ticket table cut down to the one open "
      "printer ticket, 'Showing 1 to 1 of 1 entry' (the query is not repeated on the page)",
      url="/dashboard/", then=search("printer"), also=("listing",))
    c("search-no-hits", "search_results",
      "a search for 'jabberwock': the ticket table with the one row 'No Tickets Match Your "
      "Selection', 'Showing 0 to 0 of 0 entries'", then=search("jabberwock"), also=("listing",))
    c("ticket", "detail",
      "ticket 1 opened from the list: title, description, due date, priority, status, owner "
      "(a select), submitter, queue, resolves / depends on, attachments, then the 'Follow ups' "
      "tab (the 'Respond' tab is closed)",
      url="/tickets/", then=lambda p: (wait_table(p), click_link(
          "1. Printer in the Long Hall prints only blank pages")(p)))
    c("ticket-respond", "form",
      "ticket 2 with its 'Respond' tab clicked: the response form (pre-set reply, comment, new "
      "status radios, public checkbox, time spent, other fields, attachment, Save) in place of "
      "the follow-ups, below the ticket's facts", url="/tickets/2/",
      then=lambda p: (p.get_by_role("tab", name="Respond").click(), p.wait_for_timeout(400)),
      also=("detail",))
    c("ticket-comment-added", "detail",
      "after writing a comment in that form and pressing Save: the ticket page again with the "
      "new follow-up in its list, no message",
      then=fill({"#commentBox": "Reset the password; please try signing in again."},
                "#ticket-respond-form button[type=submit]"))
    c("ticket-edit", "form",
      "'Edit' on ticket 2: a form of title, queue, submitter e-mail, description, priority, "
      "due date, secret key, KB item, merged-to and location", url="/tickets/2/edit/",
      also=("detail",))
    c("ticket-edit-saved", "detail",
      "the edit form saved with a new title: back on the ticket's page under the new title, no "
      "message", then=fill({"#id_title": "Cannot sign in to the croquet booking system after "
                                         "the clocks changed"},
                           "form:has(#id_title) input[type=submit]"))
    c("followup-edit", "form",
      "editing a follow-up of ticket 1 (/followup_edit/1/): the ticket's facts on top, then "
      "'Edit FollowUp', a form of reassign, title, comment, public, new status, time spent",
      url="/tickets/1/followup_edit/1/", also=("detail",))
    c("ticket-new", "form",
      "'New Ticket' for staff: 'Submit a Ticket' with queue, summary, description, priority, "
      "due date, owner ('Case owner'), attachment, e-mail and location",
      url="/tickets/", then=click('a[href="/tickets/submit/"]'))
    c("ticket-created", "detail",
      "the staff ticket form sent: the new ticket's page (facts, description, follow-ups), no "
      "message",
      then=fill({"#id_title": "Looking-glass in the drawing room shows the wrong room",
                 "#id_body": "The looking-glass over the mantelpiece shows a different room "
                             "from the one it hangs in."},
                "form:has(#id_title) button[type=submit]", selects={"#id_queue": "Facilities"}))
    new_ticket = out.page.url.split("?")[0].rstrip("/")
    c("ticket-delete", "form",
      "'Delete' on the new ticket: 'Delete Ticket', are you sure, with the button 'Yes I "
      "Understand - Delete It Anyway' and a link back", url=new_ticket + "/delete/")
    c("ticket-deleted", "listing",
      "after confirming the deletion: the ticket list (table of open tickets), with no word "
      "about the deletion",
      then=lambda p: (press("form[action='./'] button[type=submit]")(p), wait_table(p)))
    c("ticket-cc", "listing",
      "ticket 1's 'Ticket CC Settings': who is e-mailed on updates, an 'Add an Email or "
      "Helpdesk User' button and the CC table (headers only: nobody yet)", url="/tickets/1/cc/")
    c("ticket-cc-add", "form",
      "adding a CC to ticket 1: user or e-mail address and can view / can update checkboxes",
      url="/tickets/1/cc/add/")
    c("ticket-dependency-add", "form",
      "adding a dependency to ticket 1: a select of the ticket it depends on and a button",
      url="/tickets/1/dependency/add/")
    c("tickets-merge", "form",
      "'Merge Tickets' for tickets 1 and 7 (the duplicate printer ticket): a list box of "
      "tickets to merge, then a table of the two tickets' fields with a radio per field, "
      "'Validate'", url="/tickets/merge?tickets=1&tickets=7")
    c("ticket-not-found", "error",
      "a ticket that does not exist (/tickets/999/): 'Not Found' (HTTP 404)",
      url="/tickets/999/")
    c("my-tickets", "listing",
      "'My Tickets' from the sidebar: a table of the tickets alice submitted herself, 'Hide "
      "Closed Tickets', paging", url="/",
      then=click('a[href="/tickets/my-tickets/"]'))
    c("kanban", "listing",
      "the 'Kanban Board': a column per status (Open 6 ...) with a card per ticket (queue, "
      "#number and title, owner, due date)",
      url="/kanban/", also=("other",))
    c("reports", "listing",
      "'Reports & Statistics' from the sidebar: counts of tickets by age, days-to-close and "
      "customers figures, a table of open/resolved/closed counts per queue (links), 'Create new "
      "report'", url="/dashboard/", then=click('a[href="/reports/"]'), also=("other",))
    c("report-output", "other",
      "one report, 'User by Queue': a chart, then a table of ticket counts per user and queue",
      url="/reports/userqueue/", also=("listing",))
    c("user-settings", "form",
      "'Change the settings of your profile': checkboxes and selects of alice's helpdesk "
      "preferences and a Save button", url="/settings/")
    c("user-settings-saved", "listing",
      "the settings form saved (tickets per page 10): helpdesk goes to the dashboard (ticket "
      "counts, tables of tickets), no message",
      then=fill({}, "form[action='./'] input[type=submit]", selects={"#id_tickets_per_page":
                                                                    "10"}),
      also=("other",))
    c("system-settings", "listing",
      "'Change System Settings': a list of links to maintenance pages (ignored e-mails, "
      "checklists, queues, pre-set replies, KB categories and items, e-mail templates, users)",
      url="/system_settings/")
    c("email-ignore", "listing",
      "'Ignored E-Mail Addresses': a table of the addresses whose mail is ignored (one) with "
      "delete links and an add link", url="/ignore/")
    c("email-ignore-add", "form",
      "'Add Ignored E-Mail Address': name, address, queues and keep-in-mailbox fields",
      url="/ignore/add/")
    c("email-ignore-added", "listing",
      "the ignore form sent: back on the table of ignored addresses, now two, no message",
      then=fill({"#id_name": "Bandersnatch", "#id_email_address": "bandersnatch@tulgey-wood.test"},
                "form[method=post]:has(#id_name) [type=submit]"))
    c("checklist-templates", "form",
      "'Manage checklist templates' (none yet): the 'Create new checklist template' form, a name "
      "and a table of task rows to fill, '+ Add task', Save",
      url="/checklist-templates/", also=("listing",))
    c("help-context", "article",
      "'Contextual Reference': headings, paragraphs and lists explaining the ticket and queue "
      "fields usable in comments and e-mail templates", url="/help/context/")
    c("password-change", "form",
      "'Change Password' from the user menu: old password, new password, confirmation",
      url="/password_change/")
    c("password-change-done", "confirmation",
      "the password form sent (the same password again): 'Success!', 'Your password has been "
      "changed successfully.', 'Go back home'",
      then=fill({"#id_old_password": PASSWORD, "#id_new_password1": PASSWORD,
                 "#id_new_password2": PASSWORD}, "form:has(#id_old_password) [type=submit]"))
    out.signed_in = False
    c("logged-out", "confirmation",
      "after Logout from the user menu: 'Logout successful' with 'Log In' and 'Take me home' "
      "links",
      url="/dashboard/", then=log_out)
    out.close()
    return out.written


# fmt: on


def helpdesk(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + staff(browser, base)


APPS = {"helpdesk": helpdesk}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
