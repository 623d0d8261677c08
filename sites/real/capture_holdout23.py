"""Capture the labelled HOLDOUT page corpus of sites/real/holdout23/pages from Kiwi TCMS.

The twenty-third holdout app (Kiwi TCMS 12.4 on Django 4.2, a test case management system with
a PatternFly UI: a Wonderland product with versions and builds, two test plans, ten test cases,
two test runs with passed and failed executions, two bugs, tags, made by
`sites/real/holdout23/setup`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after a fresh `sites/real/holdout23/setup` with
the app running:

    sites/real/holdout23/setup
    sites/real/holdout23/start 8105 &
    .venv/bin/python sites/real/capture_holdout23.py              # or: --kiwitcms URL

Two browser sessions: a visitor (the sign-in page empty and failed, the dashboard and a test
run refused (both the sign-in page), registration empty and failed, password reset and its
result, the administration's own sign-in page, a missing page), then alice (an ordinary tester,
not an administrator): her dashboard, the searches of test plans, cases, runs and bugs (the page
as it opens, with matches, with none, reached from a link), a test plan, a case, a run with its
executions, a bug, her profile (the form and saved), new plan / case / run / bug forms (empty,
sent incomplete, saved), editing a plan and a case, the "are you sure" page of deleting a case
and its result, the administration index and pages refused to her, telemetry, missing items,
and signing out. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the
main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). Kiwi TCMS draws its tables and many fields
with scripts (DataTables filled by JSON-RPC): each capture waits for its content first. The
labels below were decided by hand, one page at a time, from what each page is for; the
classifier and the site profiles were not consulted. The agent's password is redacted.

The CAPTCHA of registration and password reset is answered from the app's own database
(`captcha_captchastore`, where django-simple-captcha keeps each challenge's answer), as a person
reads the picture. Capturing changes the app (alice makes a plan, a case, a run and a bug, edits
a plan and a case, deletes a case, saves her profile), so run `setup` again before a re-capture.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, guarded, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout23" / "pages"
PORTS = {"kiwitcms": 8105}
REAL_HOME = Path(os.environ.get("WEBAGENT_REAL_HOME", Path.home() / ".cache/webagent/real"))
DB = REAL_HOME / "kiwitcms" / "data" / "kiwi.db"

# what a page's scripts draw, to wait for before capturing
RESULTS = "#resultsTable tbody tr"
SAVE = "button[type=submit]"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=1000, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def login(username: str, password: str) -> Any:
    def run(p: Page) -> None:
        p.fill("input[name=username]", username)
        p.fill("input[name=password]", password)
        submit(p, "form [type=submit]")

    return run


def type_in(fields: dict[str, str]) -> Any:
    """Fill a form's fields (CSS selector -> text) without sending it."""

    def run(p: Page) -> None:
        for selector, text in fields.items():
            p.fill(selector, text)

    return run


def fill(fields: dict[str, str], button: str = SAVE) -> Any:
    """Fill a form's fields (CSS selector -> text) and press `button` (a CSS selector)."""

    def run(p: Page) -> None:
        type_in(fields)(p)
        submit(p, button)

    return run


def captcha(p: Page) -> None:
    """Answer the CAPTCHA: its answer, kept by the app under the challenge's key."""
    key = p.input_value("input[name=captcha_0]")
    with sqlite3.connect(DB) as db:
        (answer,) = db.execute(
            "SELECT response FROM captcha_captchastore WHERE hashkey = ?", (key,)
        ).fetchone()
    p.fill("input[name=captcha_1]", answer)


def search(fields: dict[str, str]) -> Any:
    """Type criteria into a search page's form and press its Search button: the table below
    is drawn again by the page's script."""

    def run(p: Page) -> None:
        type_in(fields)(p)
        p.click("#btn_search")
        p.wait_for_timeout(2000)

    return run


def choose(select: str, text: str) -> Any:
    """Pick an option of a <select> by its text (the page draws its own menu over it)."""

    def run(p: Page) -> None:
        p.eval_on_selector(
            select,
            "(el, text) => { for (const o of el.options) if (o.text.trim() === text) "
            "el.value = o.value; el.dispatchEvent(new Event('change', {bubbles: true})) }",
            text,
        )
        p.wait_for_timeout(500)

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "kiwitcms", base, signed_in=False)
    c = guarded(out)
    c("login", "login",
      "'Welcome to Kiwi TCMS' sign-in page: username, password, Log in, links to register "
      "and to reset a password", url="/accounts/login/")
    c("login-failed", "login",
      "alice with a wrong password: the same form with 'Please enter a correct username and "
      "password...' above it", then=login(USER, "not-the-password"), also=("error",))
    c("dashboard-signed-out", "login",
      "the dashboard (/) asked for by a visitor: redirected to the sign-in page "
      "(/accounts/login/?next=/), no message", url="/")
    c("run-signed-out", "login",
      "a test run (/runs/1/) asked for by a visitor: redirected to the sign-in page, no "
      "message", url="/runs/1/")
    c("register", "form",
      "'Register': username, password twice, e-mail, a CAPTCHA picture and its box, Register",
      url="/accounts/register/")
    c("register-failed", "form",
      "the registration sent with two different passwords: the same form, the password rules "
      "listed and 'The two password fields didn't match.' under the second one",
      then=steps(type_in({"input[name=username]": "dodo",
                          "input[name=password1]": "caucus-race-1",
                          "input[name=password2]": "caucus-race-2",
                          "input[name=email]": "dodo@wonderland.example.org"}),
                 captcha, lambda p: submit(p, "form [type=submit]")),
      also=("error",))
    c("password-reset", "form",
      "'Password reset': one e-mail box, a CAPTCHA, Password reset",
      url="/accounts/passwordreset/")
    c("password-reset-sent", "confirmation",
      "the reset asked for alice's address: /accounts/passwordreset/done/, 'Password reset "
      "sent', we've e-mailed you instructions",
      then=steps(type_in({"input[name=email]": "alice@wonderland.example.org"}), captcha,
                 lambda p: submit(p, "form [type=submit]")))
    c("admin-signed-out", "login",
      "the administration (/admin/) for a visitor: redirected to its own Grappelli sign-in "
      "form (/admin/login/)", url="/admin/")
    c("not-found", "error",
      "a page that does not exist (/no-such-page/): Kiwi TCMS's 404 page (HTTP 404)",
      url="/no-such-page/")
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "kiwitcms", base, signed_in=True)
    c = guarded(out)
    out.goto("/accounts/login/")
    login(USER, PASSWORD)(out.page)
    c("dashboard", "listing",
      "alice's dashboard (/): 'Test executions' (the runs assigned to her, with progress), "
      "'Your Test plans' (a table of plans with product, type, executions), counts and SEE "
      "ALL links", url="/", ready="table")
    # searches
    c("plans-search", "search",
      "'Search Test Plans' as it opens: a form of criteria (name, dates, active, product, "
      "version, type, author, default tester, tag), Search, and below it the table of every "
      "active plan", url="/plan/search/", ready=RESULTS, also=("search_results", "listing"))
    c("plans-search-results", "search_results",
      "'tea' typed as the plan's name and Search: the form kept, the table narrowed to "
      "'Tea-time regression'", then=search({"#id_name": "tea"}), also=("search",))
    c("plans-search-none", "search_results",
      "a plan name that matches nothing ('jabberwock'): the form kept, the table says 'No "
      "records found'", url="/plan/search/", ready=RESULTS,
      then=search({"#id_name": "jabberwock"}), also=("search",))
    c("cases-search", "search",
      "'Search Test Cases' as it opens: the criteria (summary, dates, product, plan, "
      "priority, status, category, component, author, text, tag, run) and the table of all "
      "cases below", url="/cases/search/", ready=RESULTS, also=("search_results", "listing"))
    c("cases-search-results", "search_results",
      "'chime' typed as the summary and Search: the cases about chimes",
      then=search({"#id_summary": "chime"}), also=("search",))
    c("runs-search", "search",
      "'Search Test Runs' as it opens: criteria (summary, plan, tag, product, version, build, "
      "manager, default tester, a Running switch that is on, dates) and below them the table "
      "of the runs still running (one)",
      url="/runs/search/", ready=RESULTS, also=("search_results", "listing"))
    c("runs-search-from-link", "search_results",
      "the Product link of a test run's page (/runs/search/?product=1): the run search with "
      "the product chosen, the running runs of that product",
      url="/runs/search/?product=1", ready=RESULTS, also=("search",))
    c("bugs-search", "search",
      "'Search Bugs' as it opens: criteria (summary, severity, dates, product, version, "
      "build, reporter, assignee, open or closed) and below them the table of the open bugs",
      url="/bugs/search/", ready=RESULTS, also=("search_results", "listing"))
    c("bugs-search-none", "search_results",
      "a bug summary that matches nothing ('jabberwock'): 'No records found' under the form",
      then=search({"#id_summary": "jabberwock"}), also=("search",))
    # items
    c("plan", "detail",
      "test plan TP-1 (/plan/1/ redirects to its slug): its document (scope, exit "
      "criteria), author, product, version, type, reference link, tags, then its test cases "
      "with their status and the actions on it", url="/plan/1/", ready="#testcases-list, main")
    c("plan-regression", "detail",
      "test plan TP-2 'Tea-time regression' by the White Rabbit: its text, facts and its "
      "cases", url="/plan/2/", ready="#testcases-list, main")
    c("case", "detail",
      "test case TC-1 'The hands move backwards': author, tester, product, category, status, "
      "priority, durations, steps and expected results, notes, parameters, its executions, "
      "bugs, test plans, comments", url="/case/1/", ready="main, body")
    c("case-disabled", "detail",
      "a DISABLED test case (TC-9 'Striking thirteen'): the same page for it",
      url="/case/9/", ready="main, body")
    c("run", "detail",
      "test run TR-1 (finished): plan, product, version, build, manager, tester, dates, notes, "
      "the progress bar and the list of its executions, passed, failed, blocked, waived",
      url="/runs/1/", ready=".test-execution-element, main")
    c("run-in-progress", "detail",
      "test run TR-2, under way: the same page, some executions passed or failed, two IDLE",
      url="/runs/2/", ready=".test-execution-element, main")
    c("bug", "detail",
      "bug BUG-1 'Twelfth chime is late' (open): severity, reporter, assignee, product, "
      "version, build, tags, attachments, the execution it was found in, comments, a comment "
      "box", url="/bugs/1/", ready="main, body")
    c("bug-closed", "detail",
      "bug BUG-2 (closed): the same page, its comments say it was fixed", url="/bugs/2/",
      ready="main, body")
    c("telemetry", "other",
      "TELEMETRY > Testing > Breakdown: filters (product, version, build, plan, dates) and "
      "charts of the executions", url="/telemetry/testing/breakdown/", ready="main, body",
      also=("form",))
    # profile
    c("profile", "form",
      "her profile (/accounts/alice/profile/ redirects to the admin's 'Change user'): "
      "username, password hash, first and last name, e-mail, permissions, groups, Delete, "
      "Save", url="/accounts/alice/profile/", also=("detail",))
    c("profile-saved", "form",
      "'Save and continue editing' with a new first name: the same form with 'The user ... "
      "was changed successfully. You may edit it again below.' above it",
      then=fill({"input[name=first_name]": "Alice P."}, "input[name=_continue], "
                "button[name=_continue]"), also=("confirmation",))
    c("profile-other-refused", "error",
      "another tester's profile (/accounts/hatter/profile/): the admin's change page answers "
      "a bare '403 Forbidden' (HTTP 403)", url="/accounts/hatter/profile/")
    making(c)
    out.signed_in = False
    c("logged-out", "login",
      "signing out (/accounts/logout/): back on the sign-in page (/accounts/login/), no "
      "message", url="/accounts/logout/")
    out.close()
    return out.written


def making(c: Any) -> None:
    """alice makes, edits and deletes things, then looks at the administration and errors."""
    # new test plan
    c("plan-new", "form",
      "'Create new TestPlan': name, product, version, type, parent ID, reference link, the "
      "document editor, notification choices, Active, Save", url="/plan/new/",
      ready="#id_name")
    c("plan-new-incomplete", "form",
      "the plan sent with a name but a parent ID that does not exist (999): the same form, "
      "an error about the parent", then=fill({"#id_name": "Mock Turtle soup tests",
                                            "#id_parent": "999"}),
      also=("error",))
    c("plan-saved", "detail",
      "the plan saved (parent ID emptied): the new plan's page, TP-3, with no case yet",
      url="/plan/new/", ready="#id_name",
      then=fill({"#id_name": "Mock Turtle soup tests", "#id_parent": ""}))
    c("plan-edit", "form",
      "'Edit' of that plan (/plan/3/edit/): the same form, its values filled in, Save",
      url="/plan/3/edit/", ready="#id_name", also=("detail",))
    c("plan-edited", "detail",
      "the plan's name changed and saved: the plan's page again, its new name, no message",
      then=fill({"#id_name": "Mock Turtle soup tests (beautiful soup)"}))
    # new test case
    c("case-new", "form",
      "'New Test Case': summary, default tester, product, category, status, priority, "
      "automated, template, setup and testing durations, the text editor, script, arguments, "
      "requirement, reference link, notes, Save", url="/cases/new/", ready="#id_summary")
    c("case-new-incomplete", "form",
      "the case sent with a default tester who does not exist ('jabberwock'): the same form, "
      "'Unknown user: \"jabberwock\"' under the field",
      then=fill({"#id_summary": "The cuckoo comes out at noon",
                 "#id_default_tester": "jabberwock"}),
      also=("error",))
    c("case-saved", "detail",
      "the case saved (the tester emptied): the new test case's page, TC-11, PROPOSED",
      url="/cases/new/", ready="#id_summary",
      then=fill({"#id_summary": "The cuckoo comes out at noon", "#id_default_tester": ""}))
    c("case-edit", "form",
      "'Edit' of test case TC-2 (/case/2/edit/): its fields filled in, the text editor, Save",
      url="/case/2/edit/", ready="#id_summary", also=("detail",))
    c("case-edited", "detail",
      "its summary changed and saved: the test case's page again, new summary, no message",
      then=fill({"#id_summary": "The clock chimes on the hour, every hour"}))
    # new test run
    c("run-new", "form",
      "'New Test Run' from the menu (/runs/new/): summary, manager, default tester, product, "
      "test plan, build, planned start and stop, notes, Save; no plan chosen",
      url="/runs/new/", ready="#id_summary")
    c("run-new-from-plan", "form",
      "'Create TestRun' from plan TP-2 (/runs/from-plan/2/): the form with the plan and its "
      "cases to include listed below", url="/runs/from-plan/2/", ready="#id_summary")
    c("run-new-incomplete", "form",
      "the run sent with a summary, a manager who does not exist ('jabberwock') and no build: "
      "the same form, 'Unknown user' and 'This field is required.' under the fields",
      then=fill({"#id_summary": "Tea-time regression, second try",
                 "#id_manager": "jabberwock"}),
      also=("error",))
    c("run-saved", "detail",
      "the run saved with alice as manager and a build: the new run's page, TR-3, its "
      "executions IDLE, no message", url="/runs/from-plan/2/", ready="#id_summary",
      then=steps(choose("#id_build", "2.0.0-beta"),
                 fill({"#id_summary": "Tea-time regression, second try",
                       "#id_manager": "alice"})))
    # new bug
    c("bug-new", "form",
      "'New Bug': summary, severity, product, version, build, assignee, the text editor, "
      "Save", url="/bugs/new/", ready="#id_summary")
    c("bug-new-incomplete", "form",
      "the bug sent with an assignee who does not exist ('jabberwock'): the same form, "
      "'Unknown user: \"jabberwock\"' under the field",
      then=fill({"#id_summary": "The cuckoo is one minute early",
                 "#id_assignee": "jabberwock"}),
      also=("error",))
    c("bug-saved", "detail",
      "the bug saved with the assignee left empty: the new bug's page, BUG-3, open, given "
      "an assignee by the app, no message", url="/bugs/new/",
      ready="#id_summary",
      then=fill({"#id_summary": "The cuckoo is one minute early", "#id_assignee": ""}))
    # deleting a test case
    c("case-delete-confirm", "form",
      "the admin's delete page of test case TC-10: 'Are you sure?', 'Are you sure you want "
      "to delete the test case ...? All of the following related items will be deleted', "
      "Cancel, 'Yes, I'm sure'", url="/admin/testcases/testcase/10/delete/")
    c("case-deleted", "listing",
      "'Yes, I'm sure': the admin's list of test cases with 'The test case ... was deleted "
      "successfully.' above it", then=lambda p: submit(p, "input[type=submit], "
                                                          "button[type=submit]"),
      also=("confirmation",))
    # administration
    c("admin", "listing",
      "the administration (/admin/, Grappelli): the models she may manage, grouped (Bugs, "
      "Management, Testcases, Testplans, Testruns...), each with Add / Change links",
      url="/admin/")
    c("admin-products", "listing",
      "ADMIN > Products: the table of products with a search box and filters",
      url="/admin/management/product/")
    c("admin-version-add", "form",
      "ADMIN > Versions > Add: value and product, Save, 'Save and add another'",
      url="/admin/management/version/add/")
    c("admin-users-refused", "error",
      "ADMIN > Users (/admin/auth/user/), not hers to see: a bare '403 Forbidden' (HTTP "
      "403)", url="/admin/auth/user/")
    c("admin-site-refused", "error",
      "the site's domain settings (/admin/sites/site/): '403 Forbidden' (HTTP 403)",
      url="/admin/sites/site/")
    c("case-not-found", "error",
      "a test case that does not exist (/case/999/): the 404 page (HTTP 404)",
      url="/case/999/")
    c("run-not-found", "error",
      "a test run that does not exist (/runs/999/): the 404 page (HTTP 404)",
      url="/runs/999/")


# fmt: on


def kiwitcms(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"kiwitcms": kiwitcms}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
