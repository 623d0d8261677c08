"""Capture the labelled HOLDOUT page corpus of sites/real/holdout26/pages from Request Tracker 5.

The twenty-sixth holdout app (Request Tracker 5.0.3, Debian's `request-tracker5` on SQLite,
served by its own `rt-server`, seeded by `sites/real/holdout26/setup` with Wonderland users, a
staff group, three queues and 17 tickets with replies and comments in several statuses) was
never used to tune the page-state classifier; its pages measure it honestly. Run by hand, not
by tests, with the app freshly set up and running:

    sites/real/holdout26/setup
    sites/real/holdout26/start 8108 &
    .venv/bin/python sites/real/capture_holdout26.py              # or: --rt URL

Two browser sessions. A visitor: the sign-in page, a failed sign-in, a deep link to a ticket and
to the self-service pages (both answered by the sign-in form), the REST 2 API asked without
credentials. Then alice, signed in (a privileged user of the two support queues who may
administer users and queues, with no right on the third queue's tickets and no SuperUser):
"RT at a glance", a queue's tickets, the simple search (its form, a query, no match), the query
builder (empty and with a query), results, bulk update and chart of a search; tickets (short and
long history, resolved, the history page), the reply, comment and resolve forms, the modify
pages (basics, people, dates, links, "jumbo"), the create form; what comes after creating a
ticket, replying, saving changes, taking a ticket; a missing ticket, a ticket she may not see,
RT's cross-site request forgery warning (a create link opened with no referrer), a missing page;
a user's summary, her preferences (and saving them), dashboards, the admin pages (index, users,
a user, a new user, a user's history, queues, a queue, its group rights, groups, a page only a
SuperUser may see, a user saved); the self-service interface (open tickets, a ticket, the create
form, closed tickets); and last, signing out. Each page is read through the project's own
browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the
HTTP status of the main document (the last navigation response), and written in exactly the
format of sites/real/pages (see sites/real/pages/README.md). The signed-in pages are opened with
the app's own address as referrer, as when a person follows RT's links (RT warns of a
cross-site request forgery when some are opened from nowhere). The labels below were decided by
hand, one page at a time, from what each page is for; the classifier and the site profiles were
not consulted.

Capturing changes the app (creates a ticket, adds a reply, changes a ticket's priority and
owner, saves preferences and a user): run `setup` again before a re-capture, as ticket and user
numbers are those of a fresh seed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded, steps
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout26" / "pages"
PORTS = {"rt": 8108}

# numbers of a fresh seed (sites/real/holdout26/seed.pl)
TEA, CROQUET = 3, 4  # queues: Tea Party Support, Croquet Grounds (Queen's Court is 5)
HATTER = 29  # the user id of the Mad Hatter
EDITOR = "iframe.cke_wysiwyg_frame"  # the rich-text message box (CKEditor)


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=600, **kwargs)


def opener(base: str) -> Callable[..., Callable[[Page], None]]:
    """A capture step opening a path of the app as a link of the app does (with the app's
    address as referrer), then doing `then` on the page it leads to."""

    def go(path: str, then: Callable[[Page], object] | None = None) -> Callable[[Page], None]:
        def run(page: Page) -> None:
            page.goto(base + path, referer=base + "/", wait_until="load")
            if then is not None:
                then(page)

        return run

    return go


def sign_in(password: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.fill("input[name=user]", capturing.USER)
        page.fill("input[name=pass]", password)
        capturing.submit(page, "#login input[type=submit]")

    return run


def write_message(text: str) -> Callable[[Page], None]:
    """Type a message into the rich-text box of a create or update form."""

    def run(page: Page) -> None:
        page.wait_for_selector(EDITOR, timeout=15000)
        page.frame_locator(EDITOR).locator("body").click()
        page.keyboard.type(text, delay=10)

    return run


def fill(selector: str, value: str) -> Callable[[Page], None]:
    return lambda page: page.fill(selector, value)


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "rt", base, signed_in=False)
    c = guarded(out)
    c("login", "login",
      "RT's front page for a visitor (/NoAuth/Login.html, redirected from /): the logo, a "
      "'Login' box with Username, Password and a Login button, RT's version and copyright "
      "below", url="/")
    c("login-failed", "login",
      "a wrong password for alice: the same sign-in box, with 'Your username or password is "
      "incorrect' above it", also=("error",),
      url="/", then=sign_in("not-the-password"))
    c("deep-link-ticket", "login",
      "a link to a ticket (/Ticket/Display.html?id=2) followed by a visitor: redirected to the "
      "sign-in box, the ticket's address kept to go on to after signing in",
      url="/Ticket/Display.html?id=2")
    c("deep-link-selfservice", "login",
      "the self-service interface (/SelfService/) asked for by a visitor: the same sign-in box",
      url="/SelfService/")
    c("deep-link-rest", "login",
      "RT's REST 2 API asked for the ticket list by a visitor's browser (/REST/2.0/tickets): "
      "redirected to / and its sign-in box", url="/REST/2.0/tickets")
    out.close()
    return out.written


def searches(c: Any, go: Any) -> None:
    # home, queues, searches
    c("home", "listing",
      "'RT at a glance', the home page after signing in: boxes of tickets ('10 highest "
      "priority tickets I own', '10 newest unowned tickets', 'Bookmarked Tickets'), a "
      "'Quick ticket creation' form, the 'Queue list' with counts by status, reminders",
      then=go("/"), also=("other",))
    c("queue-active", "listing",
      "the queue 'Tea Party Support' opened from the home page's queue list: 'Found 5 tickets', "
      "a table of tickets (id, subject, status, queue, owner, priority, requestor, dates)",
      then=go("/Search/Results.html?Query=Queue%20%3D%20'Tea%20Party%20Support'%20AND%20"
              "Status%20%3D%20'__Active__'"), also=("search_results",))
    c("queue-all", "listing",
      "every ticket of the queue 'Croquet Grounds', resolved and rejected ones too: 'Found 7 "
      "tickets' and their table", also=("search_results",),
      then=go("/Search/Results.html?Query=Queue%20%3D%20'Croquet%20Grounds'"))
    c("search-simple", "search",
      "'Search for tickets' (/Search/Simple.html): one search box with a Search button and a "
      "long help text on how to search (by id, queue, owner, status, words)",
      then=go("/Search/Simple.html"))
    c("search-simple-owner", "search_results",
      "a simple search for 'owner:alice': 'Found 3 tickets' as heading, the query in the search "
      "box, the table of her tickets", then=go("/Search/Simple.html?q=owner%3Aalice"))
    c("search-simple-word", "search_results",
      "a simple search for a word, 'lawn': 'Found 2 tickets' and the table of the two tickets "
      "whose subject has it", then=go("/Search/Simple.html?q=lawn"))
    c("search-no-results", "search_results",
      "a simple search for 'jabberwocky': the results page with 'Found 0 tickets' as heading, "
      "the query in the search box, no table, only a page-refresh chooser",
      then=go("/Search/Simple.html?q=jabberwocky"))
    c("query-builder", "search",
      "the Query Builder (/Search/Build.html): criteria to add (subject, queue, status, owner, "
      "dates, priority...), the current query, sorting and display columns, 'Add these terms "
      "and Search'", also=("form",), then=go("/Search/Build.html"))
    c("query-builder-query", "search",
      "the Query Builder with a query loaded (open tickets of Croquet Grounds): the same "
      "criteria and the two clauses in the 'Query' box", also=("form",),
      then=go("/Search/Build.html?Query=Status%20%3D%20'open'%20AND%20Queue%20%3D%20"
              "'Croquet%20Grounds'"))
    c("search-results-priority", "search_results",
      "the results of a built query (priority above 50, newest first): 'Found 5 tickets', the "
      "table, links to edit the search, bulk update, chart, feeds and spreadsheet",
      then=go("/Search/Results.html?Query=Priority%20%3E%2050&OrderBy=Created&Order=DESC"))
    c("search-bulk", "form",
      "'Bulk ticket update' of a search: the tickets with a check box each, then fields to "
      "change for all (owner, queue, status, people, dates, links, a message) and 'Update'",
      then=go("/Search/Bulk.html?Query=Status%20%3D%20'new'"))
    c("search-chart", "other",
      "a chart of a search (/Search/Chart.html, tickets by status): a bar chart picture and a "
      "table of counts, with settings to group and redraw it",
      then=go("/Search/Chart.html?Query=Status%20!%3D%20'deleted'&PrimaryGroupBy=Status"))


def tickets(c: Any, go: Any) -> None:
    # tickets
    c("ticket-short", "detail",
      "ticket #5 'Riddle with no answer' (new, no owner): its basics, people, dates, links, the "
      "menus of actions (Reply, Comment, Take, Resolve...) and a history of one message",
      then=go("/Ticket/Display.html?id=5"))
    c("ticket-long", "detail",
      "ticket #2 'Watch is two days wrong': the ticket's boxes, then a long history of replies, "
      "comments and status changes by several people", then=go("/Ticket/Display.html?id=2"))
    c("ticket-resolved", "detail",
      "a resolved ticket (#13 'White roses planted by mistake'): its boxes and history, the "
      "Queen's reply among them", then=go("/Ticket/Display.html?id=13"))
    c("ticket-history", "listing",
      "the 'History' tab of ticket #2 (/Ticket/History.html): only the ticket's transactions, "
      "each with who, when, what, and the text of replies and comments",
      then=go("/Ticket/History.html?id=2"), also=("detail",))
    c("ticket-reply", "form",
      "'Update ticket #1' to reply (Action=Respond): status, owner, worked time, subject, "
      "recipients, a rich-text message box, attachments, 'Update Ticket'",
      then=go("/Ticket/Update.html?id=1&Action=Respond"))
    c("ticket-comment", "form",
      "the same update form to comment (Action=Comment): 'Comment (Not sent to requestors)'",
      then=go("/Ticket/Update.html?id=1&Action=Comment"))
    c("ticket-resolve", "form",
      "the update form opened by 'Resolve' on ticket #10: status set to resolved, a message box, "
      "'Update Ticket'",
      then=go("/Ticket/Update.html?id=10&Action=Comment&DefaultStatus=resolved"))
    c("ticket-modify-basics", "form",
      "'Modify ticket #1' (the Basics tab): subject, status, queue, priorities, time fields, "
      "'Save Changes'", also=("detail",), then=go("/Ticket/Modify.html?id=1"))
    c("ticket-modify-people", "form",
      "the People tab of ticket #1: add new watchers (find people or groups), the current "
      "requestors, Cc and AdminCc with boxes to remove them, owner, 'Save Changes'",
      then=go("/Ticket/ModifyPeople.html?id=1"))
    c("ticket-modify-dates", "form",
      "the Dates tab of ticket #1: starts, started, last contact, due, with date pickers",
      then=go("/Ticket/ModifyDates.html?id=1"))
    c("ticket-modify-links", "form",
      "the Links tab of ticket #1: current links (none) and fields to add Depends on, Parents, "
      "Children, Refers to...", then=go("/Ticket/ModifyLinks.html?id=1"))
    c("ticket-modify-all", "form",
      "'Jumbo' (/Ticket/ModifyAll.html): every field of ticket #1 on one long form, a message "
      "box, 'Save Changes'", then=go("/Ticket/ModifyAll.html?id=1"))
    c("ticket-create", "form",
      "'Create a new ticket in Tea Party Support': requestors, Cc, subject, a rich-text "
      "message box, attachments, status, owner, priority, dates, links, 'Create'",
      then=go(f"/Ticket/Create.html?Queue={TEA}"))
    c("ticket-created", "detail",
      "the new ticket's page right after 'Create': the message 'Ticket 18 created in queue "
      "'Tea Party Support'' above the ticket's boxes and its history",
      also=("confirmation",),
      then=go(f"/Ticket/Create.html?Queue={TEA}", steps(
          fill("input[name=Subject]", "The Caterpillar wants a hookah stand"),
          write_message("Please find a mushroom-sized stand for the hookah."),
          lambda p: capturing.submit(p, "input[name=SubmitTicket]"))))
    c("ticket-replied", "detail",
      "ticket #1 after sending a reply: 'Correspondence added' (and the message the requestor "
      "was sent) above the ticket, the reply last in its history", also=("confirmation",),
      then=go("/Ticket/Update.html?id=1&Action=Respond", steps(
          write_message("There is room at the end of the table, next to the Dormouse."),
          lambda p: capturing.submit(p, "input[name=SubmitTicket]"))))
    c("ticket-modified", "form",
      "the Basics tab after 'Save Changes' with a new priority: 'Ticket 1: Priority changed "
      "from 50 to 65' above the same form", also=("confirmation",),
      then=go("/Ticket/Modify.html?id=1", steps(
          lambda p: p.select_option("select[name=Priority]", label="High", force=True),
          lambda p: capturing.submit(p, "input[name=SubmitTicket]"))))
    c("ticket-taken", "detail",
      "'Take' on ticket #7: the ticket's page with 'Owner changed from Nobody to alice' at the "
      "top", also=("confirmation",), then=go("/Ticket/Display.html?Action=Take&id=7"))
    c("ticket-missing", "error",
      "a ticket that does not exist (/Ticket/Display.html?id=999): RT's error page",
      then=go("/Ticket/Display.html?id=999"))
    c("ticket-denied", "error",
      "a ticket of the Queen's Court, where alice has no right (/Ticket/Display.html?id=16): "
      "RT's 'Permission Denied' page", then=go("/Ticket/Display.html?id=16"))
    c("csrf-warning", "error",
      "a link to the create form opened with no referrer (as from an e-mail): RT's 'Possible "
      "cross-site request forgery' page, explaining the risk, with a link to go on anyway (an "
      "'are you sure?' of sorts)",
      url=f"/Ticket/Create.html?Queue={CROQUET}", also=("form",))
    c("page-missing", "error",
      "an address that is no page of RT (/Wonderland/Mirror.html): RT's not-found page",
      then=go("/Wonderland/Mirror.html"))
    c("user-summary", "detail",
      "the Mad Hatter's user summary (/User/Summary.html): his user information, his active "
      "and inactive tickets, a quick ticket creation box",
      then=go(f"/User/Summary.html?id={HATTER}"))

    c("rest-ticket", "other",
      "ticket #1 asked of the REST 2 API in the browser (/REST/2.0/ticket/1): the raw JSON "
      "record (status, requestors, owner, subject, dates, hyperlinks) as one line of text",
      then=go("/REST/2.0/ticket/1"), also=("detail",))


def account(c: Any, go: Any) -> None:
    # preferences, dashboards
    c("prefs-about-me", "form",
      "'About me' (/Prefs/AboutMe.html): her identity, password change, location, phone "
      "numbers, signature, 'Save Preferences'", then=go("/Prefs/AboutMe.html"))
    c("prefs-settings", "form",
      "'Preferences' (/Prefs/Other.html): her settings (language, date format, rich text, "
      "ticket display, mail...), each with its default, 'Save Changes'",
      then=go("/Prefs/Other.html"))
    c("prefs-saved", "form",
      "the preferences after 'Save Changes' with a date format chosen: a message of what "
      "changed above the same form", also=("confirmation",),
      then=go("/Prefs/Other.html", lambda p: capturing.submit(p, "input[name=Update]")))
    c("prefs-rt-at-a-glance", "form",
      "'Customize RT at a glance' (/Prefs/MyRT.html): a 'Set Homepage' table of dashboards to "
      "choose from and 'Rows per box' with a Save button",
      then=go("/Prefs/MyRT.html"))
    c("dashboard-new", "form",
      "'Create a new dashboard': a name and who may see it ('My dashboards'), 'Create'",
      then=go("/Dashboards/Modify.html?Create=1"))
    c("dashboard-created", "form",
      "the new dashboard 'Tea time' right after 'Create': 'Saved dashboard Tea time' above its "
      "Basics form (name, privacy, 'Save Changes')", also=("confirmation",),
      then=go("/Dashboards/Modify.html?Create=1", steps(
          fill("input[name=Name]", "Tea time"),
          lambda p: capturing.submit(p, "#body input[type=submit], #body button[type=submit]"))))
    c("dashboards", "listing",
      "'Dashboards' (/Dashboards/index.html): a table of her dashboards (the one just made)",
      then=go("/Dashboards/index.html"))


def admin(c: Any, go: Any) -> None:
    # admin
    c("admin-index", "listing",
      "the 'Admin' page: links to Users, Groups, Queues, Custom Fields, Scrips... each with a "
      "line saying what it is for", then=go("/Admin/"))
    c("admin-users", "listing",
      "'Select a user' (/Admin/Users/): a search box for users and the table of privileged "
      "users (id, name, real name, e-mail, status)", then=go("/Admin/Users/"))
    c("admin-user-edit", "form",
      "'Modify the user hatter': identity, access control (enabled, privileged), location, "
      "phone numbers, comments, signature, 'Save Changes'", also=("detail",),
      then=go(f"/Admin/Users/Modify.html?id={HATTER}"))
    c("admin-user-new", "form",
      "'Create a new user': the same fields, empty, and 'Create'",
      then=go("/Admin/Users/Modify.html?Create=1"))
    c("admin-user-history", "listing",
      "the History tab of the user hatter: the changes made to the user (created, password "
      "set, group memberships)", then=go(f"/Admin/Users/History.html?id={HATTER}"))
    c("admin-user-saved", "form",
      "the user hatter after 'Save Changes' with a new city: 'City changed from ...' above the "
      "same form", also=("confirmation", "detail"),
      then=go(f"/Admin/Users/Modify.html?id={HATTER}", steps(
          fill("input[name=City]", "Tea Table"),
          lambda p: capturing.submit(p, "form[name=UserModify] input[type=submit]"))))
    c("admin-queues", "listing",
      "'Admin queues' (/Admin/Queues/): the table of queues (id, name, description, addresses, "
      "lifecycle, status)", then=go("/Admin/Queues/"))
    c("admin-queue-edit", "form",
      "'Configuration for queue Tea Party Support': name, description, lifecycle, addresses, "
      "sign and encrypt options, 'Save Changes'", also=("detail",),
      then=go(f"/Admin/Queues/Modify.html?id={TEA}"))
    c("admin-queue-rights", "form",
      "the group rights of the queue Tea Party Support: groups and roles down the side, the "
      "rights of the chosen one as check boxes by category, 'Save Changes'",
      then=go(f"/Admin/Queues/GroupRights.html?id={TEA}"))
    c("admin-groups", "listing",
      "'Select a group' (/Admin/Groups/): a search box and the table of user-defined groups",
      then=go("/Admin/Groups/"))
    c("admin-denied", "error",
      "the System Configuration page (/Admin/Tools/Configuration.html), which needs the "
      "SuperUser right alice lacks: RT's 'Permission Denied'",
      then=go("/Admin/Tools/Configuration.html"))


def selfservice_pages(c: Any, go: Any) -> None:
    # self-service
    c("selfservice", "listing",
      "the self-service interface (/SelfService/): 'Open tickets', the tickets alice requested, "
      "with a box to go to a ticket by number", then=go("/SelfService/"))
    c("selfservice-ticket", "detail",
      "a ticket in the self-service interface (/SelfService/Display.html?id=1): its basics and "
      "the history of replies, a Reply link", then=go("/SelfService/Display.html?id=1"))
    c("selfservice-create", "form",
      "'Create a ticket' in the self-service interface: requestors, Cc, subject, a message box, "
      "attachments, 'Create'", then=go(f"/SelfService/Create.html?Queue={CROQUET}"))
    c("selfservice-closed", "listing",
      "'Closed tickets' in the self-service interface: the resolved and rejected tickets alice "
      "requested", then=go("/SelfService/Closed.html"))


# -- alice, signed in -----------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "rt", base, signed_in=True)
    out.goto("/")
    sign_in(capturing.PASSWORD)(out.page)
    go = opener(base)
    c = guarded(out)

    searches(c, go)
    tickets(c, go)
    account(c, go)
    admin(c, go)
    selfservice_pages(c, go)

    # signing out
    out.signed_in = False
    c("logged-out", "login",
      "after 'Logout' (/NoAuth/Logout.html): no message at all, the title and heading "
      "'Login' and the same sign-in box as for any visitor",
      then=go("/NoAuth/Logout.html"))
    out.close()
    return out.written


# fmt: on


def rt(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"rt": rt}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
