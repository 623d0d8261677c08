"""Capture the labelled HOLDOUT page corpus of sites/real/holdout3/pages from Verdaccio.

The third holdout app (Verdaccio 6.8.0 from the npm registry, serving an offline "Wonderland
Packages" registry of nine small packages of ours, `sites/real/holdout3/`) was never used to
tune the page-state classifier; its pages measure it honestly. Run by hand, not by tests,
after `sites/real/holdout3/setup` with Verdaccio running:

    sites/real/holdout3/setup
    sites/real/holdout3/start 8086 &
    .venv/bin/python sites/real/capture_holdout3.py              # or: --verdaccio URL

Verdaccio's web UI is a single-page React app: every page is the same HTML shell (HTTP 200,
even for "not found"), rendered by script, and its sign-in form, settings and about boxes are
dialogs over the current page. So each capture waits for a selector of the rendered content
before the snapshot. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The agent's password is redacted from everything written.

Nothing here changes the registry (the change-password form is sent with a wrong old
password, which Verdaccio refuses), so a re-capture needs no reset; relative times
("Published 3 minutes ago") differ from one capture to the next.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, redact, submit  # noqa: F401
from playwright.sync_api import Page


HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout3" / "pages"
PORTS = {"verdaccio": 8086}

# what shows that the single-page app has rendered its content
LISTED = "a[href='/-/web/detail/cheshire-grin']"  # a package of the home page's list
PACKAGE = "[role=tablist] >> text=Readme"  # a package page's tabs
NOT_FOUND = "text=Sorry, we couldn't find it"
DIALOG = "[role=dialog]"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:  # noqa: N802
    return capturing.Session(*args, pages=PAGES, settle_ms=700, **kwargs)


# -- steps on the rendered pages ----------------------------------------------------------------
def tab(name: str) -> Callable[[Page], None]:
    """Open one tab of a package page (the URL does not change)."""

    def run(p: Page) -> None:
        p.get_by_role("tab", name=name).click()
        p.wait_for_selector(f"[role=tab][aria-selected=true] >> text={name}")

    return run


def search(text: str) -> Callable[[Page], None]:
    """Type into the header's 'Search Packages' box and wait for its suggestions."""

    def run(p: Page) -> None:
        p.get_by_role("combobox", name="Search Packages").fill(text)
        p.locator("[role=listbox] [role=option]").or_(
            p.get_by_text("No results found")
        ).first.wait_for(timeout=10000)

    return run


def header_button(index: int) -> Callable[[Page], None]:
    """Click a header icon button (0: settings, 1: info) and wait for its dialog."""

    def run(p: Page) -> None:
        # the first visible header button is the search box's "Open" arrow
        p.locator("header button:visible").nth(index + 1).click()
        p.wait_for_selector(DIALOG)

    return run


def open_login(p: Page) -> None:
    p.get_by_role("button", name="Login").click()
    p.wait_for_selector(f"{DIALOG} >> text=Username")


def sign_in(p: Page, user: str = USER, password: str = PASSWORD) -> None:
    """Fill and send the sign-in dialog."""
    p.get_by_role("textbox", name="Username").fill(user)
    p.get_by_role("textbox", name="Password").fill(password)
    p.locator(f"{DIALOG} button:has-text('Login')").click()


def failed_sign_in(p: Page) -> None:
    open_login(p)
    sign_in(p, USER, "not-the-password")
    p.wait_for_selector("[role=alert]")


# -- Verdaccio ------------------------------------------------------------------------------------
def verdaccio(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    out = Session(browser, "verdaccio", base, signed_in=False)
    c = out.capture
    c(
        "home",
        "listing",
        "the registry's home page for a visitor: a list of the 8 public packages, each a link with "
        "its description, keywords, author, version and date",
        url="/",
        ready=LISTED,
    )
    c(
        "package-readme",
        "detail",
        "tea-party-scheduler's page, Readme tab: its README (paragraphs, a table) and a side panel "
        "with the latest version, install commands, Node.js range, license, keywords, author",
        url="/-/web/detail/tea-party-scheduler",
        ready=PACKAGE,
        also=("article",),
    )
    c(
        "package-dependencies",
        "detail",
        "tea-party-scheduler's Dependencies tab: its dependencies and devDependencies as buttons, "
        "beside the package's side panel",
        then=tab("Dependencies"),
    )
    c(
        "package-versions",
        "listing",
        "tea-party-scheduler's Versions tab: 'Current Tags (1)' and 'Version History (4)', a list "
        "of version links with dates and a semver filter box, beside the package's side panel",
        then=tab("Versions"),
        also=("detail",),
    )
    c(
        "package-uplinks",
        "detail",
        "tea-party-scheduler's Uplinks tab: only 'tea-party-scheduler has no uplinks.' beside the "
        "package's side panel",
        then=tab("Uplinks"),
    )
    c(
        "package-no-dependencies",
        "detail",
        "pocket-watch's Dependencies tab: the package has none, beside its side panel",
        url="/-/web/detail/pocket-watch",
        ready=PACKAGE,
        then=tab("Dependencies"),
    )
    c(
        "package-peer-dependencies",
        "detail",
        "cheshire-grin's Dependencies tab: one peerDependency, beside the package's side panel",
        url="/-/web/detail/cheshire-grin",
        ready=PACKAGE,
        then=tab("Dependencies"),
    )
    c(
        "package-versions-tags",
        "listing",
        "rabbit-hole's Versions tab: two dist-tags (latest, next) and the history of 4 "
        "versions as links",
        url="/-/web/detail/rabbit-hole",
        ready=PACKAGE,
        then=tab("Versions"),
        also=("detail",),
    )
    c(
        "package-version",
        "detail",
        "one version's page, rabbit-hole 1.0.0: the README and the side panel with install "
        "commands for that version",
        url="/-/web/detail/rabbit-hole/v/1.0.0",
        ready=PACKAGE,
        also=("article",),
    )
    c(
        "package-version-missing",
        "detail",
        "a version that was never published (rabbit-hole 9.9.9): Verdaccio silently shows the "
        "package's latest version page, no message",
        url="/-/web/detail/rabbit-hole/v/9.9.9",
        ready=PACKAGE,
        also=("article", "error"),
    )
    c(
        "scoped-package",
        "detail",
        "the scoped package @wonderland/croquet, Readme tab: README with a scoring table and the "
        "side panel",
        url="/-/web/detail/@wonderland/croquet",
        ready=PACKAGE,
        also=("article",),
    )
    c(
        "package-manifest",
        "other",
        "the 'View manifest' dialog over looking-glass's page: the package's raw JSON manifest as "
        "a collapsible tree",
        url="/-/web/detail/looking-glass",
        ready=PACKAGE,
        then=lambda p: (
            p.get_by_role("button", name="View manifest").click(),
            p.wait_for_selector(f"{DIALOG} >> text=Manifest of"),
        ),
        also=("detail",),
    )
    c(
        "search-hits",
        "search_results",
        "'time' typed in the header's Search Packages box: a drop-down of the 3 matching packages "
        "(name, description, version) over the home page's list",
        url="/",
        ready=LISTED,
        then=search("time"),
        also=("listing",),
    )
    c(
        "search-one-hit",
        "search_results",
        "'rabbit' typed in the Search Packages box: a drop-down with the one match, rabbit-hole, "
        "over the home page's list",
        url="/",
        ready=LISTED,
        then=search("rabbit"),
        also=("listing",),
    )
    c(
        "search-no-hits",
        "search_results",
        "'jabberwock' typed in the Search Packages box: 'No results found' under it, over the home "
        "page's list",
        url="/",
        ready=LISTED,
        then=search("jabberwock"),
        also=("listing",),
    )
    c(
        "package-not-found",
        "error",
        "a package that does not exist (/-/web/detail/nosuch): only \"Sorry, we couldn't find "
        "it...\" and a 'Go to the home page' button (the shell is served with HTTP 200)",
        url="/-/web/detail/nosuch",
        ready=NOT_FOUND,
    )
    c(
        "route-not-found",
        "error",
        'an unknown route of the web UI (/-/web/nonsense): "Sorry, we couldn\'t find it..." and '
        "'Go to the home page'",
        url="/-/web/nonsense",
        ready=NOT_FOUND,
    )
    c(
        "private-package-signed-out",
        "error",
        "the private package @wonderland/secret-garden asked for by a visitor: 'Sorry, you need "
        "credentials access to see this page.' and 'Go to the home page'",
        url="/-/web/detail/@wonderland/secret-garden",
        ready="text=you need credentials",
    )
    c(
        "registry-api-not-found",
        "error",
        "a registry API URL for a package that does not exist (/nosuch-page): the browser shows "
        'the JSON answer {"error": "no such package available"} (HTTP 404)',
        url="/nosuch-page",
    )
    c(
        "registry-api-unauthorized",
        "error",
        "the private package's registry metadata asked for without a token: the JSON answer "
        '{"error": "authorization required to access package ..."} (HTTP 401)',
        url="/@wonderland%2fsecret-garden",
    )
    c(
        "settings-dialog",
        "other",
        "the settings (gear) button's 'Configuration' dialog over the home page: tabs Package "
        "Managers / Translations, npm, yarn and pnpm set-up sections to expand, a 'Learn more' "
        "link",
        url="/",
        ready=LISTED,
        then=header_button(0),
        also=("article",),
    )
    c(
        "info-dialog",
        "article",
        "the info (i) button's dialog over the home page: an 'about' text on Verdaccio and lists "
        "of useful links, with About / License tabs",
        url="/",
        ready=LISTED,
        then=header_button(1),
        also=("other",),
    )
    c(
        "login-dialog",
        "login",
        "the Login button's dialog over the home page: Username and Password fields and a Login "
        "button",
        url="/",
        ready=LISTED,
        then=open_login,
    )
    c(
        "login-failed",
        "login",
        "the sign-in dialog sent with a wrong password: the form again with the alert 'Invalid "
        "username or password'",
        url="/",
        ready=LISTED,
        then=failed_sign_in,
        also=("error",),
    )
    c(
        "change-password-signed-out",
        "form",
        "the change-password page (linked from the sign-in dialog): username, old, new and "
        "confirm password fields and a submit button, labelled with raw i18n keys "
        "('security.changePassword.username')",
        url="/-/web/change-password",
        ready="input",
    )
    out.close()

    into = Session(browser, "verdaccio", base, signed_in=True)
    into.goto("/", LISTED)
    open_login(into.page)
    sign_in(into.page)
    into.page.wait_for_selector(f"{DIALOG} >> text=Username", state="detached")
    c = into.capture
    c(
        "home-signed-in",
        "listing",
        "the home page signed in as alice: the list of all 9 packages, the private "
        "@wonderland/secret-garden among them",
        url="/",
        ready="a[href='/-/web/detail/@wonderland/secret-garden']",
    )
    c(
        "private-package",
        "detail",
        "@wonderland/secret-garden's page for alice: its README (a short text, a table of exports) "
        "and the side panel",
        url="/-/web/detail/@wonderland/secret-garden",
        ready=PACKAGE,
        also=("article",),
    )
    c(
        "cli-package-readme",
        "detail",
        "mad-hatter-cli's page signed in, Readme tab: a short README with a table of commands and "
        "the side panel with install commands and author",
        url="/-/web/detail/mad-hatter-cli",
        ready=PACKAGE,
        also=("article",),
    )
    c(
        "cli-package-dependencies",
        "detail",
        "mad-hatter-cli's Dependencies tab signed in: two dependencies as buttons, beside the "
        "side panel",
        then=tab("Dependencies"),
    )
    c(
        "search-hits-signed-in",
        "search_results",
        "'wonderland' typed in the Search Packages box by alice: a drop-down with both "
        "@wonderland packages (the private one too) over the home page's list",
        url="/",
        ready=LISTED,
        then=search("wonderland"),
        also=("listing",),
    )
    c(
        "user-menu",
        "listing",
        "the account button's menu ('Hi alice', 'Logout') open over the signed-in home page's list",
        url="/",
        ready=LISTED,
        then=lambda p: (
            p.locator("header button:visible").last.click(),
            p.wait_for_selector("[role=menuitem] >> text=Logout"),
        ),
        also=("other",),
    )
    c(
        "change-password",
        "form",
        "the change-password page for alice: username, old, new and confirm password fields and "
        "a submit button (labels are raw i18n keys)",
        url="/-/web/change-password",
        ready="input",
    )

    def wrong_old_password(p: Page) -> None:
        boxes = p.locator("main input, form input, input").all()
        values = [USER, "not-the-password", "looking-glass-7", "looking-glass-7"]
        for box, value in zip(boxes, values, strict=False):
            box.fill(value)
        p.locator("button:has-text('security.changePassword.submit')").click()
        p.wait_for_timeout(1500)

    c(
        "change-password-failed",
        "form",
        "the change-password form sent with a wrong old password: the form again with the "
        "server's refusal",
        url="/-/web/change-password",
        ready="input",
        then=wrong_old_password,
        also=("error",),
    )

    def log_out(p: Page) -> None:
        p.locator("header button:visible").last.click()
        p.get_by_role("menuitem", name="Logout").click()
        p.get_by_role("button", name="Login").wait_for()
        into.signed_in = False

    c(
        "logged-out",
        "listing",
        "after Logout: the visitor's home page (the 8 public packages) with the Login button, "
        "no message",
        url="/",
        ready=LISTED,
        then=log_out,
    )
    into.close()
    return out.written + into.written


APPS = {"verdaccio": verdaccio}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
