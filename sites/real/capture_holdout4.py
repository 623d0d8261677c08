"""Capture the labelled HOLDOUT page corpus of sites/real/holdout4/pages from Fossil.

The fourth holdout app (the Fossil SCM web UI, Fossil 2.21 from Debian, serving one small
"Wonderland Tea Party" repository of ours: code, wiki, tickets, a technote, a forum;
`sites/real/holdout4/`) was never used to tune the page-state classifier; its pages measure
it honestly. Run by hand, not by tests, after `sites/real/holdout4/setup` with Fossil running:

    sites/real/holdout4/setup
    sites/real/holdout4/start 8087 &
    .venv/bin/python sites/real/capture_holdout4.py              # or: --fossil URL

Fossil draws its pages on the server (HTML with a little script), so most captures only load
a URL; the wiki editor is a script-drawn page (the capture waits for its text area) and the
annotate page passes through a script "Verification" page first (the capture waits for the
annotation). Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The agent's password is redacted from everything written.

Nothing here changes the repository: the visitor's wiki save is refused by Fossil ("Write
permissions required"), alice's change-password form is sent with a wrong old password, and
no form of alice's is submitted; only the sign-ins are recorded in Fossil's access log. Ages
("2.72 years") are relative to the machine's clock and differ from one capture to the next.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, redact, submit  # noqa: F401
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout4" / "pages"
PORTS = {"fossil": 8087}

# fixed ids of the seed (tickets: sha1 of the title; check-ins, wiki versions and forum
# posts: hashes of their content, dates and users, the same after every setup)
TICKET_CLOCK = "038be0b40c"  # "Clock always says six o'clock": Closed, four comments
TICKET_DORMOUSE = "37cc7684bc"  # "Dormouse falls asleep in the teapot": Open, no comment
CHECKIN_CLOCK_FIX = "585fb82e63"  # dormouse's "Fix the clock stuck at six o'clock"
GUEST_LIST_V2 = "340edf2de2"  # the second version of the wiki page "Guest List"
FORUM_WATCH = "5a061f7f54"  # first post of the thread "Where is the Hatter's watch?"
TECHNOTE = "9fad9f261c"  # "teaparty 0.1.0 released"

EDITOR = "textarea"  # the wiki editor's text area, drawn by script


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=400, **kwargs)


def sign_in(p: Page, user: str = USER, password: str = PASSWORD) -> None:
    """Fill and send Fossil's /login form."""
    p.fill("#u", user)
    p.fill("#p", password)
    submit(p, "input[name=in]")


def wiki_save_refused(p: Page) -> None:
    """A visitor adds a line in the wiki editor and presses Save: Fossil refuses."""
    box = p.locator(EDITOR).first
    box.fill(box.input_value() + "\nMore tea, please.\n")
    p.get_by_role("button", name="Save", exact=True).click()
    p.wait_for_selector("text=Write permissions required", timeout=10000)


def wrong_old_password(p: Page) -> None:
    p.fill("input[name=p]", "not-the-password")
    p.fill("input[name=n1]", "looking-glass-7")
    p.fill("input[name=n2]", "looking-glass-7")
    submit(p, "input[value='Change Password']")


# -- Fossil ----------------------------------------------------------------------------------
def fossil(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    out = Session(browser, "fossil", base, signed_in=False)
    c = out.capture
    c(
        "home",
        "article",
        "the repository's home page for a visitor: the wiki page 'Wonderland Tea Party', a "
        "heading, three paragraphs about the project and a list of links to other wiki pages",
        url="/home",
    )
    c(
        "timeline",
        "listing",
        "the timeline: '7 check-ins', one row per check-in by day and time with its comment, "
        "hash, user and branch, under view/type/max controls",
        url="/timeline",
    )
    c(
        "wiki-index",
        "listing",
        "'Available Wiki Pages': a sortable table of the six pages with their age and number of "
        "versions, each a link",
        url="/wcontent",
    )
    c(
        "wiki-guest-list",
        "article",
        "the wiki page 'Guest List': a heading, a paragraph, a table of five guests and a "
        "closing sentence with a link",
        url="/wiki?name=Guest+List",
    )
    c(
        "wiki-seating-plan",
        "article",
        "the wiki page 'Seating Plan': a heading and four paragraphs of prose with links",
        url="/wiki?name=Seating+Plan",
    )
    c(
        "wiki-history",
        "listing",
        "'History of Guest List': a table of the page's two versions (age, hash, user, a diff "
        "link each)",
        url="/whistory?name=Guest+List",
    )
    c(
        "wiki-diff",
        "other",
        "'Changes to Guest List' between two dates: a side-by-side diff of the page's source "
        "with the added table row marked",
        url=f"/wdiff?id={GUEST_LIST_V2}",
    )
    c(
        "wiki-missing",
        "error",
        "a wiki page that does not exist (/wiki?name=Jabberwocky): only 'Empty Page' under "
        "Help/History links, HTTP 200",
        url="/wiki?name=Jabberwocky",
        also=("other",),
    )
    c(
        "wiki-search",
        "search",
        "'Wiki Search': one text box and a 'Search Wiki' button, nothing else",
        url="/wikisrch",
    )
    c(
        "wiki-editor-visitor",
        "form",
        "the wiki editor opened by a visitor on 'Recipes': tabs, mime type, Save buttons and "
        "the page's source in a text area (Fossil shows the editor, then refuses the save)",
        url="/wikiedit?name=Recipes",
        ready=EDITOR,
    )
    c(
        "wiki-save-refused",
        "form",
        "the visitor's Save in the wiki editor: the same editor with the status line "
        "'Exception: Error: Write permissions required.'",
        then=wiki_save_refused,
        also=("error",),
    )
    c(
        "ticket-reports",
        "listing",
        "'Ticket Main Menu': 'Choose a report format from the following list:' and the two "
        "report links (All Tickets, Open Tickets)",
        url="/reportlist",
    )
    c(
        "ticket-report-all",
        "listing",
        "the 'All Tickets' report: a colour key and a sortable table of the 8 tickets (hash "
        "link, time, type, status, subsystem, title)",
        url="/rptview?rn=1",
    )
    c(
        "ticket",
        "detail",
        "one ticket, 'Clock always says six o'clock' (Closed, Fixed), for a visitor: its fields "
        "in a table and 'User Comments': four dated comments",
        url=f"/tktview/{TICKET_CLOCK}",
    )
    c(
        "ticket-history",
        "listing",
        "'Artifacts Associated With Ticket 038be0b40c': the ticket's four changes, each with "
        "its artifact, user, date and the fields it set",
        url=f"/tkthistory/{TICKET_CLOCK}",
        also=("detail",),
    )
    c(
        "ticket-missing",
        "error",
        "a ticket hash that does not exist (/tktview/deadbeef00): the ticket table with every "
        "field empty and 'Ticket Hash: Deleted', no other message, HTTP 200",
        url="/tktview/deadbeef00",
        also=("detail",),
    )
    c(
        "ticket-new-visitor",
        "login",
        "/tktnew asked for by a visitor: redirected to the sign-in form with 'Login as a named "
        "user to access page tktnew.' above it",
        url="/tktnew",
        also=("error",),
    )
    c(
        "files",
        "listing",
        "the file browser at the latest check-in: links to the folders docs, src, tests and "
        "the files LICENSE, README.md, then the rendered README below",
        url="/dir?ci=tip",
    )
    c(
        "file",
        "detail",
        "one file, src/teaparty/clock.py at the latest check-in: its actions (Annotate, Blame, "
        "Download, ...) and its source code",
        url="/file?name=src/teaparty/clock.py&ci=tip",
        also=("other",),
    )
    c(
        "file-history",
        "listing",
        "'History for src/teaparty/clock.py': the two check-ins that changed the file, in "
        "timeline form",
        url="/finfo?name=src/teaparty/clock.py",
    )
    c(
        "annotate",
        "other",
        "'Origin for each line in src/teaparty/clock.py': every source line prefixed with the "
        "check-in and date that last changed it",
        url="/annotate?filename=src/teaparty/clock.py&checkin=tip",
        ready="text=Origin for each line",
    )
    c(
        "checkin",
        "detail",
        "one check-in, 'Fix the clock stuck at six o'clock': overview table (comment, "
        "downloads, timelines, user, date, ...) and the diffs of the two files it changed",
        url=f"/info/{CHECKIN_CLOCK_FIX}",
        also=("other",),
    )
    c(
        "vdiff",
        "other",
        "'Difference From release-0.1 To trunk': the check-ins in between and the diffs of "
        "every changed file",
        url="/vdiff?from=release-0.1&to=trunk",
    )
    c(
        "file-missing",
        "error",
        "a file that is not in the repository (/file?name=nosuch.py): title 'No such file' and "
        "\"File 'nosuch.py' does not exist in this repository.\", HTTP 200",
        url="/file?name=nosuch.py&ci=tip",
    )
    c(
        "object-missing",
        "error",
        "an unknown hash (/info/ffffffffff): title 'No Such Object' and 'No such object: "
        "ffffffffff', HTTP 200",
        url="/info/ffffffffff",
    )
    c(
        "page-missing",
        "error",
        "an unknown URL (/nosuchpage): a bare 'Not Found' heading and 'Page not found: "
        "nosuchpage', no site header, HTTP 404",
        url="/nosuchpage",
    )
    c(
        "search",
        "search",
        "the site search page: a text box, a 'what to search' drop-down (All, Check-ins, Docs, "
        "Tickets, Wiki, Tech Notes, Forum) and a Search button, nothing else",
        url="/search",
    )
    c(
        "search-hits",
        "search_results",
        "a search for 'clock': the query in the box and a list of matches (a ticket, a wiki "
        "page, check-ins, documents) with highlighted excerpts",
        url="/search?s=clock",
    )
    c(
        "search-no-hits",
        "search_results",
        "a search for 'jabberwock': the query in the box and 'No matches for: jabberwock'",
        url="/search?s=jabberwock",
    )
    c(
        "branches",
        "listing",
        "'Branches': a sortable table of the two branches (trunk, croquet) with last change, "
        "number of check-ins, status",
        url="/brlist",
    )
    c(
        "forum",
        "listing",
        "the forum: a search box and 'Most recent threads', a table of the two threads with "
        "age and number of posts",
        url="/forum",
    )
    c(
        "forum-thread",
        "detail",
        "one forum thread, 'Where is the Hatter's watch?': its three posts, each with author, "
        "date and a paragraph, one under the other",
        url=f"/forumpost/{FORUM_WATCH}",
        also=("article",),
    )
    c(
        "technote",
        "article",
        "the technote 'teaparty 0.1.0 released': a paragraph, a bulleted list and a closing "
        "paragraph, with Context/Detail links",
        url=f"/technote/{TECHNOTE}",
    )
    c(
        "statistics",
        "detail",
        "'Repository Statistics': a two-column table of facts about the repository (size, "
        "artifacts, check-ins, files, wiki pages, tickets, forum posts, age, ...)",
        url="/stat",
        also=("other",),
    )
    c(
        "login",
        "login",
        "the sign-in page: User ID and Password fields, 'Remember me?' and a Login button, then "
        "the note on signing in as 'anonymous' with a captcha password",
        url="/login",
    )
    c(
        "login-failed",
        "login",
        "the sign-in form sent with a wrong password: the same form under 'You entered an "
        "unknown user or an incorrect password.'",
        then=lambda p: sign_in(p, USER, "not-the-password"),
        also=("error",),
    )
    c(
        "setup-visitor",
        "login",
        "the administration page (/setup) asked for by a visitor: redirected to the sign-in "
        "form with 'Login as a named user to access page setup.'",
        url="/setup",
        also=("error",),
    )
    out.close()

    into = Session(browser, "fossil", base, signed_in=True)
    into.goto("/login")
    sign_in(into.page)
    c = into.capture
    c(
        "home-signed-in",
        "article",
        "the home page right after alice signs in (the sign-in form leads here): the same wiki "
        "prose, with 'Logout' in the header",
    )
    c(
        "ticket-signed-in",
        "detail",
        "the ticket 'Dormouse falls asleep in the teapot' (Open) for alice: its fields, the "
        "one comment, and actions Attach, Edit, History, New Ticket",
        url=f"/tktview/{TICKET_DORMOUSE}",
    )
    c(
        "ticket-new",
        "form",
        "'Enter A New Ticket': summary, type, version, severity, e-mail, description fields and "
        "Preview/Submit buttons",
        url="/tktnew",
    )
    c(
        "ticket-edit",
        "form",
        "'Edit Ticket' for 'Clock always says six o'clock': title, status, type, severity, "
        "priority, resolution... as fields filled with the ticket's values, a comment box, Submit",
        url=f"/tktedit/{TICKET_CLOCK}",
        also=("detail",),
    )
    c(
        "wiki-editor",
        "form",
        "the wiki editor for alice on 'Recipes': tabs (Editor, Preview, Diff), mime type, Save "
        "buttons and the page's source in a text area",
        url="/wikiedit?name=Recipes",
        ready=EDITOR,
    )
    c(
        "forum-new",
        "form",
        "'New Thread': From alice, a title box, markup drop-down, a content area, Preview and "
        "Submit buttons, options",
        url="/forumnew",
    )
    c(
        "setup",
        "listing",
        "'Server Administration' for alice: a table of links to every setup page (Users, "
        "Security-Audit, Timeline, Search, Skins, ...) each with a one-line description",
        url="/setup",
    )
    c(
        "setup-users",
        "listing",
        "'User List': a table of the repository's users and categories with capabilities, "
        "info and last change, each a link to edit",
        url="/setup_ulist",
    )
    c(
        "setup-user-edit",
        "form",
        "'Edit User alice': login, contact info, capability check-boxes, password and an Apply "
        "button, filled with alice's values",
        url="/setup_uedit?id=6",
        also=("detail",),
    )
    c(
        "setup-skin",
        "form",
        "'Customize Skin': numbered steps of explanation, each with its controls (draft "
        "drop-down, editors box, initialise/edit/publish buttons)",
        url="/setup_skin",
        also=("article",),
    )
    c(
        "setup-refused",
        "error",
        "a setup page alice's rights do not reach (/setup_access): Fossil's account page with "
        "'Use a different login with greater privilege than alice to access setup_access.' on "
        "top, a Logout button and the change-password form",
        url="/setup_access",
        also=("form",),
    )
    c(
        "admin-log",
        "error",
        "the admin log (/admin_log): 'Bad Request', HTTP 400, the page's only content a "
        "'Database error: not authorized: {CREATE TABLE repository.admin_log ...}'",
        url="/admin_log",
    )
    c(
        "account",
        "form",
        "/login while signed in: 'Currently logged in as alice.' with a Logout button, a link "
        "to her forum posts and the 'Change Password for user alice' form",
        url="/login",
    )
    c(
        "change-password-failed",
        "form",
        "the change-password form sent with a wrong old password: Fossil's refusal above the "
        "form shown again",
        then=wrong_old_password,
        also=("error",),
    )

    def log_out(p: Page) -> None:
        submit(p, "input[name=out]")
        into.signed_in = False

    c(
        "logged-out",
        "article",
        "after the Logout button: the visitor's home page (the wiki prose, 'Login' in the "
        "header), no message",
        url="/login",
        then=log_out,
    )
    into.close()
    return out.written + into.written


APPS = {"fossil": fossil}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
