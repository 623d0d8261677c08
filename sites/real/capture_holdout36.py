"""Capture the labelled HOLDOUT page corpus of sites/real/holdout36/pages from Buildbot.

The thirty-sixth holdout app (Buildbot 4.3.0, the continuous-integration framework from PyPI
`buildbot` with its React web UI `buildbot-www` and the waterfall, console and grid view plugins,
one master on SQLite and one local worker "dormouse", the web UI's UserPasswordAuth with alice
as its one user and administrator, seeded by `sites/real/holdout36/setup` with two projects,
four builders: tea-party-quick (passes), croquet-tests (fails: the hedgehog wandered off),
mock-turtle-docs (passes) and looking-glass-nightly (never run), three changes sent with
`buildbot sendchange` and nine builds, three of them failed) was never used to tune the
page-state classifier; its pages measure it honestly. Run by hand, not by tests, with the app
freshly set up and running:

    sites/real/holdout36/setup
    sites/real/holdout36/start 8118 &
    .venv/bin/python sites/real/capture_holdout36.py              # or: --buildbot URL

Buildbot's UserPasswordAuth signs in with HTTP authentication: the "Login" link of the user
menu goes to /auth/login, which the browser answers with its own dialog (no page of its own),
and sets a session cookie. alice's session sends her credentials once, on that request (as a
browser does once the dialog is answered), and is signed in by the cookie from then on; a
visitor and a wrong password get the server's 401 "Unauthorized". Each page is read through
the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document, and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). Buildbot's pages are drawn by React (hash
routes): each capture loads the page afresh and waits for the page's own content first. The
labels were decided by hand, one page at a time, from what each page is for; the classifier and
the site profiles were not consulted.

Capturing changes the app (builds forced and rebuilt): run `setup` again before a re-capture.
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded, steps, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout36" / "pages"
PORTS = {"buildbot": 8118}
APP = "buildbot"

# builder ids of a fresh seed (builders are numbered by name order of their first sight)
NIGHTLY, CROQUET, DOCS, QUICK = 1, 2, 3, 4
HOME = "text=recent builds"
BUILDS_TABLE = "text=Started At"
BUILD = "text=Build steps"


class SlowSession(capturing.Session):
    """Every page loaded afresh (a dialog of the one-page app would survive a hash route
    change), then its own content waited for."""

    def goto(self, url: str, ready: str | None = None) -> None:
        self.page.goto("about:blank")
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=30000)


def Session(browser: Any, base: str, *, signed_in: bool) -> SlowSession:
    out = SlowSession(browser, APP, base, signed_in=signed_in, pages=PAGES, settle_ms=1500)
    out.page.set_default_timeout(30000)
    return out


def sign_in(out: SlowSession, password: str) -> None:
    """What the browser does once its HTTP authentication dialog is answered: the credentials
    sent on /auth/login, which sets the session cookie and sends back to the home page."""
    token = base64.b64encode(f"alice:{password}".encode()).decode()
    out.tab.context.set_extra_http_headers({"Authorization": "Basic " + token})
    out.page.goto(out.base + "/auth/login?redirect=/", wait_until="load")
    out.tab.context.set_extra_http_headers({})


def button(name: str, exact: bool = True) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("button", name=name, exact=exact).first.click()


def tab(name: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("tab", name=name).first.click()


def text(value: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_text(value).first.wait_for()


def fill(name: str, value: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.get_by_role("textbox", name=name).first.fill(value)
        page.wait_for_timeout(1500)

    return run


# fmt: off
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, base, signed_in=False)
    c = guarded(out)
    c("home", "listing",
      "'Welcome to buildbot' for a visitor: '0 builds running currently', '9 recent builds' "
      "grouped by builder, each a linked build with its result", also=("other",),
      url="/#/", ready=HOME)
    c("user-menu", "listing",
      "the 'Anonymous' button of the top bar opened over the home page: a menu with one link, "
      "'Login'; the page is still the home page's recent builds", also=("other",),
      url="/#/", ready=HOME, then=steps(button("Anonymous"), wait(800)))
    c("builders", "listing",
      "'Builders' for a visitor: the four builders as a table (name, recent builds, workers, "
      "tags) with a search box and tag filters", url="/#/builders", ready="text=croquet-tests")
    c("builder", "listing",
      "the builder croquet-tests: its description and 'Builds:' as a table (number, started "
      "at, duration, revision, owners, worker, status), three failures", also=("detail",),
      url=f"/#/builders/{CROQUET}", ready=BUILDS_TABLE)
    c("builder-never-run", "detail",
      "the builder looking-glass-nightly, never run: its description, 'Builds requests: None', "
      "'Builds: None'", also=("listing",), url=f"/#/builders/{NIGHTLY}",
      ready="text=Nightly chess game")
    c("build-failed", "detail",
      "build 3 of croquet-tests, a failure: Previous/Next, tabs, its steps with their results "
      "(run tests failed) and Rebuild", url=f"/#/builders/{CROQUET}/builds/3", ready=BUILD)
    c("build-passed", "detail",
      "build 2 of mock-turtle-docs, a success: its four steps, each with its time",
      url=f"/#/builders/{DOCS}/builds/2", ready=BUILD)
    c("build-properties", "detail",
      "the 'Build Properties' tab of a build: a table of its properties (name, value, source)",
      url=f"/#/builders/{CROQUET}/builds/3", ready=BUILD,
      then=steps(tab("Build Properties"), wait(1000)))
    c("step-log", "other",
      "the stdio log of the failed step 'run tests': a search box and the log's lines "
      "(AssertionError: the hedgehog wandered off)", also=("detail",),
      url=f"/#/builders/{CROQUET}/builds/3/steps/2/logs/stdio", ready="text=hedgehog")
    c("step-log-search", "search_results",
      "'hedgehog' typed into the log's 'Search log' box: the log with the matches marked "
      "and a count of them", also=("other",),
      url=f"/#/builders/{CROQUET}/builds/3/steps/2/logs/stdio", ready="text=hedgehog",
      then=fill("Search log", "hedgehog"))
    c("workers", "listing",
      "'Workers': a table of the one worker (state, master, name, recent builds, admin, host, "
      "version), a search box", url="/#/workers", ready="text=dormouse")
    c("worker", "detail",
      "the worker dormouse: its row (admin, host, version) and its builds as a table",
      also=("listing",), url="/#/workers/1", ready=BUILDS_TABLE)
    c("changes", "listing",
      "'Last Changes': '3 changes', each an author's avatar, its comment and a 'See builds' "
      "link", url="/#/changes", ready="text=3 changes")
    c("change", "detail",
      "change 1: its comment, a table of its facts (author, date, repository, branch, "
      "revision, files) and the builds it started", url="/#/changes/1",
      ready="text=Mad Hatter")
    c("pending", "listing",
      "'Pending Buildrequests:' with nothing waiting: 'None'", also=("other",),
      url="/#/pendingbuildrequests", then=wait(3000))
    c("masters", "listing",
      "'Build Masters': a table of the one master (active, name, recent builds, workers, "
      "last active)", url="/#/masters", ready="text=Last Active")
    c("schedulers", "listing",
      "'Schedulers': a table of the three schedulers (enabled box, name, master)",
      url="/#/schedulers", ready="text=on-main")
    c("about", "article",
      "'About this buildbot running for Wonderland CI': the versions of Python, Buildbot, "
      "Twisted, the web UI's configuration and the API's endpoints, to read", also=("other",),
      url="/#/about", ready="text=Buildbot version")
    c("waterfall", "other",
      "the Waterfall View: builds of every builder drawn as boxes on a time axis",
      also=("listing",), url="/#/waterfall", then=wait(3000))
    c("console", "other",
      "the Console View: the changes as rows against the builders as columns, each cell a "
      "build's result", also=("listing",), url="/#/console", then=wait(3000))
    c("grid", "other",
      "the Grid View: the builders as rows against the changes as columns, each cell a "
      "build's result, branch and tag filters", also=("listing",), url="/#/grid",
      then=wait(3000))
    c("projects", "listing",
      "'Projects': the two projects, a search box", url="/#/projects",
      ready="text=looking-glass")
    c("project", "detail",
      "the project tea-party: its description and its builders as a table with a search box",
      also=("listing",), url="/#/projects/1", ready="text=croquet-tests")
    c("settings", "form",
      "'Settings': the web UI's preferences (links, home page, builders page, build tables, "
      "waterfall...) as text boxes, drop-downs and checkboxes", url="/#/settings",
      ready="text=Max recent builds")
    c("builders-search", "search_results",
      "'tea' typed into 'Search for builders': the builders table narrowed to "
      "tea-party-quick", url="/#/builders", ready="text=croquet-tests",
      then=fill("Search for builders", "tea"))
    c("builders-search-none", "search_results",
      "'jabberwock' typed into 'Search for builders': the table's headers and no row",
      url="/#/builders", ready="text=croquet-tests",
      then=fill("Search for builders", "jabberwock"))
    c("builders-tag", "search_results",
      "the builders filtered by the tag 'croquet' (/#/builders?tags=croquet): the one "
      "builder with that tag", also=("listing",), url="/#/builders?tags=croquet",
      ready="text=croquet-tests")
    c("workers-search-none", "search_results",
      "'cheshire' typed into 'Search for workers': the workers table with no row",
      url="/#/workers", ready="text=dormouse", then=fill("Search for workers", "cheshire"))
    c("force-dialog-visitor", "form",
      "'force' on the builder page for a visitor: the 'Force a build' dialog (reason, "
      "priority, branch, project, repository, revision, teacup; Cancel / Start build)",
      url=f"/#/builders/{DOCS}", ready=BUILDS_TABLE,
      then=steps(button("force"), text("Start build")))
    c("force-refused", "error",
      "'Start build' pressed by a visitor: the dialog stays, with the refusal \"you need to "
      "have role 'admins'\" above its fields", also=("form",), url=f"/#/builders/{DOCS}", ready=BUILDS_TABLE,
      then=steps(button("force"), text("Start build"), button("Start build"), wait(2500)))

    # -- missing and refused
    c("route-missing", "error",
      "an address the UI does not know (/#/teapot): '404', 'Page Not Found', 'Make sure the "
      "address is correct'", url="/#/teapot", ready="text=Page Not Found")
    c("builder-missing", "other",
      "a builder that does not exist (/#/builders/99): only 'Loading...', still there after "
      "five seconds; nothing says it is missing", also=("error",), url="/#/builders/99",
      then=wait(5000))
    c("build-missing", "listing",
      "a build that does not exist (/#/builders/2/builds/99): the UI goes back to the "
      "builder's page (its builds table), saying nothing", also=("detail", "error"),
      url=f"/#/builders/{CROQUET}/builds/99", then=wait(4000))
    c("worker-missing", "other",
      "a worker that does not exist (/#/workers/99): the worker table's headers with no row "
      "and 'Builds: None'; nothing says it is missing", also=("error", "detail"),
      url="/#/workers/99", then=wait(4000))
    c("change-missing", "other",
      "a change that does not exist (/#/changes/99): 'Loading...' twice, still there after "
      "five seconds", also=("error",), url="/#/changes/99", then=wait(5000))
    c("master-missing", "error",
      "/#/masters/1, a route the UI does not have: 'Page Not Found'", url="/#/masters/1",
      ready="text=Page Not Found")
    c("server-missing", "error",
      "an address the server does not know (/teapot): HTTP 404, 'No Such Resource', 'File "
      "not found.'", url="/teapot")
    c("api-missing", "error",
      "a missing builder asked of the REST API (/api/v2/builders/99): HTTP 404 and its "
      "one-line error", url="/api/v2/builders/99")
    c("api-builders", "other",
      "the REST API's builders asked in the browser: the builders as JSON",
      also=("listing",), url="/api/v2/builders")
    c("login-no-credentials", "error",
      "the 'Login' link followed with the browser's sign-in dialog dismissed "
      "(/auth/login): HTTP 401, one word, 'Unauthorized'", also=("login",),
      url="/auth/login?redirect=/")
    out.close()

    wrong = Session(browser, base, signed_in=False)
    c = guarded(wrong)
    c("wrong-password", "error",
      "alice with a wrong password in the sign-in dialog: HTTP 401, 'Unauthorized'",
      also=("login",), then=lambda page: sign_in(wrong, "not-the-password"))
    wrong.close()
    return out.written + wrong.written


def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, base, signed_in=True)
    c = guarded(out)
    c("signed-in", "listing",
      "the home page right after signing in (/auth/login sends back to /#/): the recent "
      "builds, and 'alice' in the top bar instead of 'Anonymous'; nothing else says so",
      also=("confirmation",), then=steps(lambda page: sign_in(out, capturing.PASSWORD),
                                         text("recent builds")))
    c("user-menu-alice", "listing",
      "alice's menu opened over the home page: her name and e-mail, a 'Logout' link",
      also=("other",), url="/#/", ready=HOME, then=steps(button("alice"), wait(800)))
    c("home-alice", "listing",
      "the home page for alice: builds running, the recent builds grouped by builder",
      also=("other",), url="/#/", ready=HOME)
    c("builders-alice", "listing",
      "'Builders' for alice: the four builders as a table", url="/#/builders",
      ready="text=croquet-tests")
    c("builder-alice", "listing",
      "the builder tea-party-quick for alice: description, its builds as a table, the "
      "'force' button", also=("detail",), url=f"/#/builders/{QUICK}", ready=BUILDS_TABLE)
    c("force-dialog", "form",
      "'force' on mock-turtle-docs for alice: the 'Force a build' dialog (Reason, priority, "
      "Branch, Project, Repository, Revision, Teacup; Cancel / Start build)",
      url=f"/#/builders/{DOCS}", ready=BUILDS_TABLE,
      then=steps(button("force"), text("Start build")))
    c("forced", "detail",
      "'Start build' pressed with the reason 'Lobster Quadrille': the UI opens the new "
      "build's page as it runs", also=("confirmation",), url=f"/#/builders/{DOCS}",
      ready=BUILDS_TABLE,
      then=steps(button("force"), text("Start build"), fill("Reason:", "Lobster Quadrille"),
                 button("Start build"), wait(5000)))
    c("build-alice", "detail",
      "build 3 of croquet-tests for alice: steps, Rebuild", url=f"/#/builders/{CROQUET}/builds/3",
      ready=BUILD)
    c("build-steps-expanded", "detail",
      "the failed build with every step's logs expanded: each step with its log lines",
      url=f"/#/builders/{CROQUET}/builds/3", ready=BUILD,
      then=steps(lambda p: p.get_by_title("Expand all step logs").first.click(), wait(2000)))
    c("build-changes", "detail",
      "the 'Changes' tab of a build: the change that started it (author, comment, revision)",
      url=f"/#/builders/{CROQUET}/builds/2", ready=BUILD, then=steps(tab("Changes"), wait(1000)))
    c("build-responsible", "detail",
      "the 'Responsible Users' tab of a build: the author of its change (the March Hare)",
      also=("listing",), url=f"/#/builders/{CROQUET}/builds/2", ready=BUILD,
      then=steps(tab("Responsible Users"), wait(1000)))
    c("build-worker", "detail",
      "the 'Worker: dormouse' tab of a build: the worker's information as a table",
      url=f"/#/builders/{CROQUET}/builds/2", ready=BUILD,
      then=steps(tab("Worker: dormouse"), wait(1000)))
    c("build-debug", "other",
      "the 'Debug' tab of a build: its buildrequest and buildset as raw tables",
      also=("detail",), url=f"/#/builders/{CROQUET}/builds/2", ready=BUILD,
      then=steps(tab("Debug"), wait(1000)))
    c("rebuilt", "detail",
      "'Rebuild' pressed on tea-party-quick's build 4: the UI opens the new build, 5, as it "
      "runs", also=("confirmation",), url=f"/#/builders/{QUICK}/builds/4", ready=BUILD,
      then=steps(button("Rebuild"), wait(5000)))
    c("buildrequest", "detail",
      "build request 1: tabs for its build, its properties and Debug, the build's steps",
      url="/#/buildrequests/1", ready="text=properties")
    c("worker-actions", "form",
      "'Actions...' on the worker's page: a dialog 'Worker actions for dormouse', a Reason "
      "box and Cancel / Graceful Shutdown / Force Shutdown / Pause / Unpause", url="/#/workers/1", ready=BUILDS_TABLE,
      then=steps(button("Actions..."), wait(1200)))
    c("schedulers-alice", "listing",
      "'Schedulers' for alice: the three schedulers with their 'Enabled' boxes",
      also=("form",), url="/#/schedulers", ready="text=on-main")
    c("workers-search", "search_results",
      "'dorm' typed into 'Search for workers': the table with dormouse",
      url="/#/workers", ready="text=dormouse", then=fill("Search for workers", "dorm"))
    c("projects-search-none", "search_results",
      "'chess' typed into 'Search for projects': the projects list empty",
      url="/#/projects", ready="text=looking-glass", then=fill("Search for projects", "chess"))
    c("project-looking-glass", "detail",
      "the project looking-glass: its description and its one builder as a table",
      also=("listing",), url="/#/projects/2", ready="text=looking-glass-nightly")
    c("about-alice", "article",
      "'About' for alice: versions, configuration, API endpoints", also=("other",),
      url="/#/about", ready="text=Buildbot version")
    c("build-missing-alice", "other",
      "a build of a builder that does not exist (/#/builders/42/builds/1): a build page's "
      "frame with nothing in it (empty tabs, 'Worker: (loading ...)') after five seconds; "
      "nothing says it is missing", also=("error", "detail"), url="/#/builders/42/builds/1",
      then=wait(5000))
    c("signed-out", "listing",
      "'Logout' from alice's menu (/auth/logout sends back to /#/): the home page for a "
      "visitor again, 'Anonymous' in the top bar; nothing says she signed out",
      also=("confirmation",), url="/#/", ready=HOME,
      then=steps(lambda p: setattr(out, "signed_in", False),  # shown signed out
                 button("alice"), lambda p: p.get_by_role("link", name="Logout").click(),
                 lambda p: p.wait_for_url("**/#/**"), text("recent builds"), wait(1500)))
    out.close()
    return out.written


# fmt: on


def buildbot(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {APP: buildbot}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
