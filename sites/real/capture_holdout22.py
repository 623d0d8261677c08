"""Capture the labelled HOLDOUT page corpus of sites/real/holdout22/pages from Review Board.

The twenty-second holdout app (Review Board 8.1 on Django 4.2, a code-review tool: a git
repository of Wonderland programs, ten review requests in every state with reviews, diff
comments and replies, made by `sites/real/holdout22/setup`) was never used to tune the
page-state classifier; its pages measure it honestly. Run by hand, not by tests, after a fresh
`sites/real/holdout22/setup` with the app running:

    sites/real/holdout22/setup
    sites/real/holdout22/start 8104 &
    .venv/bin/python sites/real/capture_holdout22.py              # or: --reviewboard URL

Two browser sessions: a visitor (all review requests, review requests pending, completed,
discarded and without a repository, a diff, a text attachment, users, a user's review requests
and reviews, groups and a group, searches with and without matches and the empty search, the
sign-in page empty and failed, registration empty and failed, password recovery and its result,
pages refused to a visitor, errors), then alice (an ordinary member, not an administrator): her
dashboard and its views, a review request to review, the review dialog and the published
review, a reply box and the published reply, a diff with a comment box, a new review request
(the empty form, a file that is not a diff, the draft made from a diff, editing its fields,
publishing it), her own unpublished draft, discarding it (the "are you sure" dialog and the
result), closing one as completed, her page, a search, her account settings (the form, saved,
another tab), reports, pages refused to her, errors, and signing out. Each page is read through
the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response),
and written in exactly the format of sites/real/pages (see sites/real/pages/README.md). Many
Review Board pages are drawn by scripts: each capture waits for its content first. The labels
below were decided by hand, one page at a time, from what each page is for; the classifier and
the site profiles were not consulted. The agent's password is redacted.

Capturing changes the app (alice reviews, replies, creates and publishes a review request,
discards her draft, closes another, saves her profile), so run `setup` again before a
re-capture. The diff alice uploads is the one `setup` leaves in
$WEBAGENT_REAL_HOME/reviewboard/uploads/door-sign.diff.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, guarded, steps, submit, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout22" / "pages"
PORTS = {"reviewboard": 8104}
REAL_HOME = Path(os.environ.get("WEBAGENT_REAL_HOME", Path.home() / ".cache/webagent/real"))
UPLOAD = REAL_HOME / "reviewboard" / "uploads" / "door-sign.diff"

# what a page's scripts draw, to wait for before capturing
GRID = ".datagrid-body"
REQUEST = ".rb-c-review-request__fields"
REVIEWS = ".review-request-page-entry"
DIFF = "table.sidebyside tbody tr th"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=800, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def login(username: str, password: str) -> Any:
    def run(p: Page) -> None:
        p.fill("#id_username", username)
        p.fill("#id_password", password)
        submit(p, "main input[type=submit], main button[type=submit]")

    return run


def fill(fields: dict[str, str], button: str = "main input[type=submit], main button[type=submit]"):
    """Fill a form's fields (CSS selector -> text) and press `button` (a CSS selector)."""

    def run(p: Page) -> None:
        for selector, text in fields.items():
            p.fill(selector, text)
        submit(p, button)

    return run


def search(query: str) -> Any:
    """Type a query into the search box at the top of every page and press Enter."""

    def run(p: Page) -> None:
        box = p.get_by_role("searchbox", name="Search").first
        box.fill(query)
        with p.expect_navigation(wait_until="load"):
            box.press("Enter")

    return run


def press(name: str, navigate: bool = False, exact: bool = True, wait_ms: int = 1500) -> Any:
    """Click a button by its name; wait for the page it leads to (`navigate`), or a moment
    while the page's scripts redraw it."""

    def run(p: Page) -> None:
        button = p.get_by_role("button", name=name, exact=exact).locator("visible=true").first
        if navigate:
            with p.expect_navigation(wait_until="load", timeout=20000):
                button.click()
        else:
            button.click()
        p.wait_for_timeout(wait_ms)

    return run


def type_text(text: str) -> Any:
    """Type into whatever has the focus (the page's inline editors are CodeMirror boxes)."""

    def run(p: Page) -> None:
        p.keyboard.type(text)
        p.wait_for_timeout(300)

    return run


def menu_pick(menu: str, item: str, navigate: bool = False) -> Any:
    """Open a hover menu (CSS selector of its label) with the mouse and click one of its items
    by text, as a person does (the menus open on hover, under the page's fixed banner)."""

    def run(p: Page) -> None:
        p.evaluate("() => window.scrollTo(0, 0)")
        box = p.locator(menu).first.bounding_box()
        assert box, menu
        p.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        p.wait_for_timeout(800)
        entry = p.get_by_text(item, exact=True).locator("visible=true").first.bounding_box()
        assert entry, item
        p.mouse.move(entry["x"] + 5, entry["y"] + entry["height"] / 2)
        p.wait_for_timeout(300)
        if navigate:
            with p.expect_navigation(wait_until="load", timeout=20000):
                p.mouse.click(entry["x"] + 5, entry["y"] + entry["height"] / 2)
        else:
            p.mouse.click(entry["x"] + 5, entry["y"] + entry["height"] / 2)
        p.wait_for_timeout(2000)

    return run


def review_menu(p: Page) -> None:
    """The 'Review' menu of the banner, 'Create a new review' (or 'Edit your review')."""
    p.hover("#action-unified-banner-review-menu > a")
    p.wait_for_timeout(800)
    p.locator(
        "#action-unified-banner-create-review:visible, #action-unified-banner-edit-review:visible"
    ).first.click()
    p.wait_for_timeout(2000)


def upload(name: str, data: bytes, navigate: bool = False) -> Any:
    """Choose the 'wonderland' repository of the new review request page and give its file
    chooser a file."""

    def run(p: Page) -> None:
        p.locator("main, body").get_by_text("wonderland", exact=True).first.click()
        p.wait_for_timeout(800)
        chooser = p.locator("input[type=file]").first
        files = [{"name": name, "mimeType": "text/x-patch", "buffer": data}]
        if navigate:
            with p.expect_navigation(wait_until="load", timeout=30000):
                chooser.set_input_files(files=files)
            p.wait_for_selector(REQUEST, timeout=15000)
        else:
            chooser.set_input_files(files=files)
            p.wait_for_timeout(2000)

    return run


def comment_on_line(text: str, code: str) -> Any:
    """Click the new line number of the diff row holding `code`: a comment box opens."""

    def run(p: Page) -> None:
        p.locator(f"table.sidebyside tbody tr:has-text({code!r}) th").last.click()
        p.wait_for_timeout(1500)
        p.keyboard.type(text)
        p.wait_for_timeout(300)

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "reviewboard", base, signed_in=False)
    c = guarded(out)
    c("home", "listing",
      "the start page for a visitor (/ redirects to /r/): 'All Review Requests', a table of "
      "the review requests (ship-it and issue counts, summary with a Completed / Discarded "
      "label, owner, posted, last updated), 'Hide closed'", url="/", ready=GRID)
    c("review-request", "detail",
      "one review request ('Stop the clock at six o'clock'): summary, number, owner, "
      "repository, reviewers, description, testing done, the table of open issues, then the "
      "reviews with their diff excerpts, comments and replies", url="/r/1/", ready=REVIEWS)
    c("review-request-completed", "detail",
      "a review request closed as completed by its owner: 'This change has been marked as "
      "completed.' with the closing note at the top, then the request and its two Ship It! "
      "reviews", url="/r/4/", ready=REVIEWS)
    c("review-request-discarded", "detail",
      "a discarded review request: 'This change has been discarded.' and the reason, then the "
      "request and its one review", url="/r/5/", ready=REVIEWS)
    c("review-request-attachment", "detail",
      "a review request without a repository ('Put more pepper in the soup'): its fields, "
      "the thumbnail of an attached text file, general comments and a reply", url="/r/7/",
      ready=REVIEWS)
    c("diff", "other",
      "the diff viewer of the first review request: the request's header and fields above, "
      "'Diff Revision 1 (Latest)', the file list, then the file side by side, old and new "
      "lines numbered", url="/r/1/diff/1/", ready=DIFF, also=("detail",))
    c("file-attachment", "other",
      "the review page of the attached text file ('The new recipe'): its lines numbered in a "
      "table, to be commented on", url="/r/7/file/1/", ready="main table", also=("detail",))
    c("users", "listing",
      "'All users': a table of the members (username, full name (hidden from visitors), "
      "open review requests), 'Show inactive'",
      url="/users/", ready=GRID)
    c("user", "listing",
      "the Hatter's page (/users/hatter/): 'Review Requests' and 'Reviews' tabs, the table of "
      "his review requests; his username and groups in the side bar", url="/users/hatter/",
      ready=GRID)
    c("user-reviews", "listing",
      "the 'Reviews' tab of the Hatter's page: the reviews he wrote, one row each (review "
      "request, ship it, date)", url="/users/hatter/reviews/", ready=GRID)
    c("groups", "listing",
      "'All groups': a table of the public review groups (group ID, name, open review "
      "requests)", url="/groups/", ready=GRID)
    c("group", "listing",
      "the tea-party group's page: 'Review requests for The Mad Tea-Party', the table of the "
      "review requests sent to it", url="/groups/tea-party/", ready=GRID)
    c("search-results", "search_results",
      "'watch' typed in the search box at the top: '3 results for watch', tabs for all "
      "results / review requests / users, each match with its summary as a heading, a "
      "snippet and its date", url="/r/", ready=GRID, then=search("watch"))
    c("search-users-broken", "error",
      "the 'Users' tab of a search for 'hatter', asked for by a visitor: the search fails, "
      "'Something broke! (Error 500)', 'a bug in Review Board or a server configuration "
      "error' (HTTP 500)", url="/search/?q=hatter&model_filter=users")
    c("search-no-results", "search_results",
      "'jabberwocky' searched: the same tabs, 'No review requests matching your query: "
      "jabberwocky'", url="/r/", ready=GRID, then=search("jabberwocky"))
    c("search-empty", "listing",
      "the search box sent empty: Review Board has no search page of its own, /search/ "
      "without a query goes back to 'All Review Requests'", url="/groups/", ready=GRID,
      then=steps(search(""), wait(500)))
    c("login", "login",
      "'Log in to Review Board': username, password, Log in, links to create an account and "
      "to recover a password", url="/account/login/")
    c("login-failed", "login",
      "alice with a wrong password: the same form with 'Please enter a correct username and "
      "password...' above it", then=login(USER, "not-the-password"), also=("error",))
    c("register", "form",
      "'Register an account': username, password twice, e-mail, first and last name, "
      "Register", url="/account/register/")
    c("register-failed", "form",
      "the registration sent with two different passwords: the same form, 'Passwords must "
      "match' under the second one",
      then=fill({"#id_username": "dodo", "#id_password1": "caucus-race-1",
                 "#id_password2": "caucus-race-2", "#id_email": "dodo@wonderland.example.org",
                 "#id_first_name": "The", "#id_last_name": "Dodo"}),
      also=("error",))
    c("recover", "form",
      "'Recover Password': 'Forget your password? ... just enter your e-mail address', one "
      "box and Recover", url="/account/recover/")
    c("recover-sent", "confirmation",
      "the recovery sent for alice's address: 'Password Reset Successful', 'Check your "
      "e-mail...', '(You can probably close this tab now.)'",
      then=fill({"#id_email": "alice@wonderland.example.org"}))
    c("dashboard-signed-out", "login",
      "the dashboard asked for by a visitor: redirected to the sign-in form "
      "(/account/login/?next=/dashboard/), with no message", url="/dashboard/")
    c("private-request", "error",
      "a review request sent only to an invite-only group, asked for by a visitor: 'You "
      "don't have access to this review request.' and why (HTTP 403)", url="/r/10/")
    c("not-found", "error",
      "a review request number that does not exist (/r/999/): 'The page you were looking for "
      "does not exist.', a hint to log in (HTTP 404)", url="/r/999/")
    c("user-not-found", "error",
      "a user that does not exist (/users/nobody/): the same 404 page", url="/users/nobody/")
    c("admin-signed-out", "login",
      "the administration (/admin/) for a visitor: redirected to its 'Log in to Review Board' "
      "form", url="/admin/")
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "reviewboard", base, signed_in=True)
    c = guarded(out)
    out.goto("/account/login/")
    login(USER, PASSWORD)(out.page)
    c("dashboard", "listing",
      "alice's dashboard (/ leads to /dashboard/): a side bar of views with counts (incoming, "
      "outgoing, starred, her groups) and the table of open review requests to and from her",
      url="/", ready=GRID)
    c("dashboard-outgoing", "listing",
      "the dashboard's 'Outgoing / Open' view: her own open review requests (a draft and a "
      "pending one)",
      url="/dashboard/?view=outgoing", ready=GRID)
    c("dashboard-to-me", "listing",
      "the dashboard's 'To Me' view: the review requests that name her as a reviewer",
      url="/dashboard/?view=to-me", ready=GRID)
    c("dashboard-starred", "listing",
      "the dashboard's 'Starred' view: the one review request she watches",
      url="/dashboard/?view=starred", ready=GRID)
    c("dashboard-group", "listing",
      "the dashboard's view of the tea-party group: the review requests sent to it",
      url="/dashboard/?view=to-group&group=tea-party", ready=GRID)
    c("to-review", "detail",
      "a review request that asks alice to review it (the Cheshire Cat's), with no review yet: "
      "the Review menu in the bar above, its fields, description and testing done",
      url="/r/6/", ready=REQUEST)
    c("review-dialog", "form",
      "Review > Create a new review: a dialog over the page, 'Review for: Vanish slowly...', "
      "tips, a Ship It box (ticked), the header text typed, Add General Comment, Publish "
      "Review, Discard Review, Close",
      then=steps(review_menu, type_text("We're all mad here. The grin should stay a little "
                                        "longer than the rest."),
                 lambda p: p.get_by_role("checkbox", name="Ship It").check()),
      also=("detail",))
    c("review-published", "detail",
      "the review published: the review request again, her review ('Ship it!') at the foot, "
      "with no message",
      then=steps(press("Save the field"), press("Publish Review", navigate=True)),
      ready=REVIEWS)
    c("reply-box", "detail",
      "'Reply' under the March Hare's review of the treacle-well request: a reply box opens "
      "inside the review (text typed, Save, Cancel, Markdown), the rest of the page around it",
      url="/r/8/", ready=REVIEWS,
      then=steps(wait(2500),
                 lambda p: p.locator("main").get_by_role("link", name="Reply").first.click(),
                 wait(1500), type_text("Treacle, said the Dormouse, after thinking a minute "
                                       "or two.")),
      also=("form",))
    c("reply-published", "detail",
      "the reply saved, then published from the bar ('Replying to March Hare's review', "
      "Publish): the page again, her reply under the review",
      then=steps(press("Save the field"), press("Publish", navigate=True)), ready=REVIEWS)
    c("diff-signed-in", "other",
      "the diff of the treacle-well request for alice: the request's fields, then the file "
      "side by side", url="/r/8/diff/1/", ready=DIFF, also=("detail",))
    c("diff-comment", "form",
      "a new line number clicked in that diff: a 'Your comment' box opens by the line (text "
      "typed, Open an Issue, Require Verification, Markdown, Save, Cancel)",
      then=comment_on_line("Three sisters is a lot for one well.", "self.story"),
      also=("other",))
    c("new", "form",
      "'New Review Request': a list of repositories on the left (None - File attachments only, "
      "wonderland), 'Create from a local change', a Select button or drag a diff file",
      url="/r/new/", ready="main")
    c("new-not-a-diff", "form",
      "the wonderland repository chosen and a text file given instead of a diff: 'The "
      "specified diff file could not be parsed. Line 0: This does not appear to be a git "
      "diff', Start Over",
      then=upload("notes.txt", b"Remember to knock before going into the garden.\n"),
      also=("error",))
    c("new-draft", "form",
      "a real diff given: a new review request is made (/r/11/), a draft with every field "
      "empty: 'This review request is a draft', Publish, Discard; Summary, Description, "
      "Testing Done and Reviewers to fill in (required ones starred)",
      url="/r/new/", ready="main", then=upload("door-sign.diff", UPLOAD.read_bytes(),
                                               navigate=True),
      also=("detail",))
    c("new-describing", "form",
      "the summary typed and saved, the description's editor open with its text typed "
      "(toolbar, Save, Cancel, Markdown)",
      then=steps(press("Edit the Summary field", wait_ms=600),
                 type_text("Put a PLEASE KNOCK sign on the garden door"),
                 lambda p: p.keyboard.press("Enter"), wait(1200),
                 press("Edit the Description field", wait_ms=800),
                 type_text("Visitors keep walking straight into the garden door. A sign asks "
                           "them to knock first.")),
      also=("detail",))
    c("new-published", "detail",
      "the description saved, the Hatter named as reviewer, and Publish: the review request "
      "published, no draft bar, no message",
      then=steps(press("Save Description", wait_ms=1200),
                 press("Edit the People field", wait_ms=800), type_text("hatter"), wait(800),
                 press("Save People", wait_ms=1500), press("Publish", navigate=True)),
      ready=REQUEST)
    c("my-draft", "detail",
      "alice's own unpublished review request ('Label the DRINK ME bottle...'): 'This review "
      "request is a draft', Publish, Discard, its fields with pencils to edit them",
      url="/r/3/", ready=REQUEST, also=("form",))
    c("discard-confirm", "form",
      "Discard in the draft bar: a dialog 'Are you sure you want to discard this review "
      "request?', what it does, Cancel and 'Discard the review request'",
      then=press("Discard"), also=("detail",))
    c("discarded", "detail",
      "the draft discarded: the review request with 'This change has been discarded.' and "
      "Reopen for Review at the top",
      then=steps(press("Discard the review request", wait_ms=2500)),
      also=("confirmation",))
    c("closed-completed", "detail",
      "Close > Completed on her pending review request about the little door (no question "
      "asked): 'This change has been marked as completed.', Reopen for Review, a box for a "
      "note, then the request", url="/r/2/", ready=REVIEWS,
      then=steps(wait(2500), menu_pick("#action-review-request-close-menu > a", "Completed")),
      also=("confirmation",))
    c("my-page", "listing",
      "alice's own page (/users/alice/): her name, e-mail, dates and groups in the side bar, "
      "'Review Requests' and 'Reviews' tabs, the table of her review requests",
      url="/users/alice/", ready=GRID)
    c("search-signed-in", "search_results",
      "'pepper' searched by alice: '1 result for pepper' and the Duchess's review request",
      url="/dashboard/", ready=GRID, then=search("pepper"))
    c("preferences", "form",
      "'My Account' (/account/preferences/): tabs (Profile, Settings, Appearance, Groups, "
      "Authentication, OAuth2 Applications), the Profile form: first and last name, e-mail, "
      "keep profile private, Save Profile", url="/account/preferences/", ready="#form_profile")
    c("preferences-saved", "form",
      "the profile saved with a new first name: the same page with 'Your profile has been "
      "saved.' above the form",
      then=fill({"#form_profile input[name=first_name]": "Alice P."},
                "#form_profile button[type=submit], #form_profile input[type=submit]"),
      also=("confirmation",))
    c("preferences-settings", "form",
      "the Settings tab of 'My Account': time zone, syntax highlighting, open an issue by "
      "default, e-mail and notification choices, Save",
      url="/account/preferences/#settings", ready="#form_settings")
    c("reports", "listing",
      "'Reports': the standard reports (time to first feedback, time to close, review "
      "request and code review statistics, relationships), each a link with a sentence",
      url="/reports/")
    c("report", "other",
      "'Review Request Statistics': a bar with Select People (its chooser open), a report "
      "period and dates, an empty table asking to select people, 'About this report'",
      url="/reports/review-request-stats/", also=("form",))
    c("private-request-signed-in", "error",
      "the invite-only group's review request for alice, who is not in the group: 'You don't "
      "have access to this review request.' (HTTP 403)", url="/r/10/")
    c("admin-refused", "login",
      "the administration (/admin/) for alice, who is not an administrator: redirected to its "
      "'Log in to Review Board' form, with no message", url="/admin/", also=("error",))
    c("group-not-found", "error",
      "a group that does not exist (/groups/nosuch/): 'The page you were looking for does "
      "not exist.' (HTTP 404)", url="/groups/nosuch/")
    out.signed_in = False
    c("logged-out", "confirmation",
      "signing out (/account/logout/): 'Logged out', 'You have successfully logged out of "
      "Review Board. See you next time!'", url="/account/logout/")
    out.close()
    return out.written


# fmt: on


def reviewboard(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"reviewboard": reviewboard}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
