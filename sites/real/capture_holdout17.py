"""Capture the labelled HOLDOUT page corpus of sites/real/holdout17/pages from django CMS.

The seventeenth holdout app (django CMS 5.1.3 on Django 5.2, with djangocms-text and
djangocms-admin-style, in a minimal project made by `sites/real/holdout17/setup`: a small
Wonderland newspaper site of pages) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after a fresh `sites/real/holdout17/setup` with
the app running:

    sites/real/holdout17/setup
    sites/real/holdout17/start 8099 &
    .venv/bin/python sites/real/capture_holdout17.py              # or: --djangocms URL

Two browser sessions: a visitor (the public pages the CMS renders, a page for signed-in users
only, the admin's sign-in, failed sign-ins, errors) and alice, a staff member in the group
"Editors" (pages and their contents: yes; users and groups: view only), signed in through the
admin's sign-in form: the admin index, the page tree and its search, the users and their search,
the CMS's editing views (edit mode, structure mode, the text editor, the creation wizard), page
settings, a new page, a deletion, errors, the password form, then signing out. Each page is read
through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response), and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The labels
below were decided by hand, one page at a time, from what each page is for; the classifier and
the site profiles were not consulted. The agent's password is redacted.

Capturing changes the app (alice adds a page, renames one, deletes another), so run `setup`
again (and restart the server) before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout17" / "pages"
PORTS = {"djangocms": 8099}

TREE = "[role=treeitem]"  # the page tree is drawn by a script


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def fill(
    fields: dict[str, str],
    button: str,
    *,
    novalidate: bool = False,
    selects: dict[str, str] | None = None,
) -> Any:
    """Fill a form's fields (CSS selector -> text), choose options, press `button`.
    `novalidate` turns the browser's own checks of required fields off first."""

    def run(p: Page) -> None:
        for selector, label in (selects or {}).items():
            p.select_option(selector, label=label)
        for selector, text in fields.items():
            p.fill(selector, text)
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        submit(p, button)

    return run


def sign_in(user: str = USER, password: str = PASSWORD) -> Any:
    return fill({"#id_username": user, "#id_password": password}, "#login-form input[type=submit]")


def press_enter(selector: str, text: str) -> Any:
    """Type into a box and press Enter, as a user searching does."""

    def run(p: Page) -> None:
        p.fill(selector, text)
        with p.expect_navigation(wait_until="load"):
            p.press(selector, "Enter")

    return run


def wait_for(selector: str) -> Any:
    def run(p: Page) -> None:
        p.wait_for_selector(selector, timeout=15000)

    return run


def click_button(name: str) -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("button", name=name, exact=True).first.click()

    return run


def log_out(p: Page) -> None:
    """The admin's 'Log out' button sits in a header menu that stays hidden here (the admin
    style's menu); its form is sent as the button would send it."""
    with p.expect_navigation(wait_until="load"):
        p.locator("#logout-form").evaluate("f => f.requestSubmit()")


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "djangocms", base, signed_in=False)
    c = out.capture
    c("home", "article",
      "the front page: 'The Wonderland Gazette', an intro paragraph, 'This week' and a paragraph of "
      "news, a line of links to the news, characters and places, under the site's menu",
      url="/", also=("other",))
    c("about", "article",
      "'About the Gazette': a heading, paragraphs of prose and an 'Editorial policy' section",
      url="/about-the-gazette/")
    c("news", "listing",
      "the 'News' section page: one line of intro, then a list of links to its three stories "
      "(repeated in the 'In this section' sidebar)", url="/news/", also=("article",))
    c("news-story", "article",
      "one news story, 'Tarts stolen from the royal kitchen': heading and two paragraphs",
      url="/news/tarts-stolen/")
    c("characters", "listing",
      "the 'Characters' section page: one sentence in the main area ('Each character has a page of "
      "their own'), the four character pages linked in the 'In this section' sidebar",
      url="/characters/", also=("article",))
    c("character", "article",
      "one character's page, 'The Cheshire Cat': a heading and a paragraph of prose",
      url="/characters/cheshire-cat/", also=("detail",))
    c("place", "article", "a place's page, 'The Rabbit-Hole': a heading and a paragraph",
      url="/places/rabbit-hole/")
    c("contact", "article",
      "'Contact': a heading and a paragraph saying where to write (no form)", url="/contact/")
    c("hidden-page", "article",
      "'Unfinished draft', a page left out of the menu, opened by its address: heading and a "
      "paragraph", url="/draft/")
    c("not-found", "error",
      "a missing page: Django's bare 'Not Found', 'The requested resource was not found on this "
      "server.' (404)", url="/news/jabberwocky/")
    c("members-only", "login",
      "'Members' notices' (for signed-in users only) opened by a visitor: redirected to the admin's "
      "sign-in form (username, password, Log in), no message", url="/notices/")
    c("toolbar-on", "article",
      "the front page opened with ?toolbar_on: the CMS's toolbar across the top is a small "
      "username/password/Login form, the page's own text below it", url="/?toolbar_on",
      also=("login",))
    c("toolbar-login-failed", "article",
      "a wrong password sent from the toolbar's sign-in: back on the front page "
      "(?cms_toolbar_login_error=1) with no toolbar and no visible message, just the page's text",
      then=lambda p: (
          p.fill("input[name=username]", USER), p.fill("input[name=password]", "painted-roses"),
          submit(p, ".cms-toolbar button, .cms-toolbar input[type=submit]")), also=("error",))
    c("admin-signin", "login",
      "/admin/ for a visitor: redirected to 'Log in', the admin's username/password form",
      url="/admin/")
    c("admin-signin-failed", "login",
      "a wrong password: the sign-in form again under 'Please enter the correct username and "
      "password for a staff account.'", then=sign_in(password="painted-roses"), also=("error",))
    c("admin-signin-empty", "login",
      "the sign-in form sent empty: 'Please correct the errors below.', 'This field is required.' "
      "under both boxes", url="/admin/login/",
      then=fill({}, "#login-form input[type=submit]", novalidate=True), also=("error",))
    c("csrf-failure", "error",
      "signing in with the cookies cleared: 'Forbidden (403)', 'CSRF verification failed. Request "
      "aborted.' and why (403)", url="/admin/login/", then=lambda p: (
          p.context.clear_cookies(), sign_in()(p)))
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "djangocms", base, signed_in=True)
    c = out.capture
    out.goto("/admin/login/?next=/admin/")
    c("admin-index", "listing",
      "signed in: 'Site administration', tables of the sections (Groups, Users, Page contents) "
      "with View/Add/Change links, and 'Recent actions: None available'", then=sign_in())
    c("app-index", "listing",
      "'django CMS administration': the app's table of models (only 'Page contents', with Add and "
      "Change links)", url="/admin/cms/")
    c("page-tree", "listing",
      "'Page Tree (The Wonderland Gazette)': a search box, 'New Page', and the tree of the site's "
      "pages (Home, About, News, ...) with their actions", url="/admin/cms/pagecontent/",
      then=wait_for(TREE))
    c("page-tree-search", "search_results",
      "'tarts' typed into the page tree's Search box: the tree cut down to the one matching page, "
      "the query in the box and a 'reset filter' link",
      then=steps(press_enter("input[name=q]", "tarts"), wait_for(TREE)), also=("listing",))
    c("page-tree-search-none", "search_results",
      "'jabberwock' searched in the page tree: no tree, only 'There is no page around yet. Add page "
      "now.', the query in the box and 'reset filter'",
      then=press_enter("input[name=q]", "jabberwock"), also=("listing",))
    c("users", "listing",
      "'Select user to view': a search box, filters and the table of the five users",
      url="/admin/auth/user/")
    c("users-search", "search_results",
      "'hatter' searched in the users: '1 result (5 total)' and a one-row table",
      then=press_enter("#searchbar", "hatter"), also=("listing",))
    c("users-search-none", "search_results",
      "'walrus' searched in the users: '0 results (5 total)', '0 users'",
      then=press_enter("#searchbar", "walrus"))
    c("user-view", "detail",
      "one user, 'View user' hatter (alice may view users, not change them): the fields shown as "
      "plain text, a History link", url="/admin/auth/user/3/change/")
    c("user-add-forbidden", "error",
      "'Add user' without the permission: Django's bare '403 Forbidden' (403)",
      url="/admin/auth/user/add/")
    c("user-bad-id", "listing",
      "a user's address with an id that does not exist: redirected to the 'Site administration' "
      "index under 'User with ID \u201ccarpenter\u201d doesn't exist. Perhaps it was deleted?'",
      url="/admin/auth/user/carpenter/change/", also=("error",))
    c("groups", "listing", "'Select group to view': a search box and a one-row table (Editors)",
      url="/admin/auth/group/")
    c("group-view", "detail",
      "one group, 'View group' Editors: its name and permissions as plain text, a Close link",
      url="/admin/auth/group/1/change/")
    c("home-toolbar", "article",
      "the front page signed in: the CMS toolbar on top (site, Page and Help menus, Create, Edit, "
      "Preview), then the page's own text", url="/", also=("other",))
    c("edit-mode", "form",
      "a news story in the CMS's edit mode (toolbar's Edit): the page as visitors see it, but its "
      "text is an editable box under an editing toolbar", also=("article",),
      url="/admin/cms/placeholder/object/3/edit/5/?language=en")
    c("structure-mode", "other",
      "the same story in structure mode: the toolbar and a board of the page's placeholder "
      "'Content' with its one Text plugin ('Tarts stolen from...')", also=("listing",),
      url="/admin/cms/placeholder/object/3/structure/5/?language=en")
    c("text-editor", "form",
      "'Change text': the text plugin's rich-text editor (a formatting toolbar over the story's "
      "text), Save and Delete", url="/admin/cms/placeholder/edit-plugin/5/")
    c("page-settings", "form",
      "'Change page content' for the story: Title, Slug, Template, Page title, Description and URL "
      "options, filled in, Save buttons", url="/admin/cms/pagecontent/5/change/", also=("detail",))
    c("page-settings-saved", "listing",
      "the title changed and saved: back on the page tree under 'The page content \u201cThe Knave "
      "of Hearts stands trial (en)\u201d was changed successfully.'",
      then=fill({"#id_title": "The Knave of Hearts stands trial"}, "input[name=_save]"),
      also=("confirmation",))
    c("page-history", "listing",
      "the story's 'Change history': only 'This object doesn't have a change history. It "
      "probably wasn't added via this admin site.'", url="/admin/cms/pagecontent/5/history/",
      also=("other",))
    c("advanced-settings", "form",
      "'Advanced Settings' of the story: Login required, Id, Attached menu, Application, Save",
      url="/admin/cms/page/5/advanced-settings/")
    c("new-page", "form",
      "'New page': empty Title, Slug, Menu title, Page title, Description boxes and Save buttons",
      url="/admin/cms/pagecontent/add/?language=en&site=1")
    c("new-page-invalid", "form",
      "the new page sent empty: 'Please correct the errors below.', 'This field is required.' "
      "under Title and Slug", then=fill({}, "input[name=_save]", novalidate=True),
      also=("error",))
    c("new-page-saved", "listing",
      "a title typed and saved: the page tree under 'The page content \u201cThe Mock Turtle's "
      "story (en)\u201d was added successfully.'",
      then=fill({"#id_title": "The Mock Turtle's story"}, "input[name=_save]"),
      also=("confirmation",))
    c("new-page-public", "other",
      "the new page on the site: the menu, an empty main area (no content added yet), the empty "
      "'In this section' sidebar and the footer", url="/the-mock-turtles-story/",
      also=("article",))
    c("wizard", "form",
      "the toolbar's 'Create' wizard opened as a page: 'Create', a choice of 'New page' or 'New "
      "sub page', Next", url="/admin/cms/placeholder/cms_wizard/create/?page=3&language=en")
    c("wizard-page", "form",
      "the wizard's second step, 'Create New page': Title, Slug, a rich-text Content editor, "
      "Create and Back", then=click_button("Next"))
    c("wizard-saved", "other",
      "the wizard's Create pressed: a bare page with only a 'Redirecting...' link to the new "
      "page's edit view (meant for the wizard's dialog), no title",
      then=steps(lambda p: p.get_by_label("Title:").fill("The Lobster Quadrille"),
                 click_button("Create")), also=("confirmation",))
    c("delete-page", "form",
      "deleting 'Unfinished draft': 'Are you sure you want to delete the page ...? All of the "
      "following related items will be deleted', 'Yes, I'm sure' / 'No, take me back'",
      url="/admin/cms/page/17/delete/")
    c("page-deleted", "listing",
      "deletion confirmed: the page tree under 'The page \u201cUnfinished draft\u201d was "
      "deleted successfully.'", then=click_button("Yes, I'm sure"), also=("confirmation",))
    c("delete-plugin", "form",
      "the text plugin's Delete link: 'Are you sure you want to delete the Text \"Tarts stolen "
      "from...\"? All of the following related items will be deleted', 'Yes, I'm sure' (not pressed)", url="/admin/cms/placeholder/delete-plugin/5/")
    c("admin-not-found", "error",
      "a page content id that does not exist: Django's bare 'Not Found' (404)",
      url="/admin/cms/pagecontent/999/change/")
    c("user-settings", "form",
      "'Change user setting' for alice: a Language select and Save", url="/admin/cms/usersettings/")
    c("password-change", "form",
      "'Password change': old password, new password twice, 'Change my password'",
      url="/admin/password_change/")
    c("password-change-wrong", "form",
      "sent with a wrong old password: 'Please correct the error below.', 'Your old password was "
      "entered incorrectly.' above the form",
      then=fill({"#id_old_password": "painted-roses", "#id_new_password1": "Tweedledum-and-dee-7",
                 "#id_new_password2": "Tweedledum-and-dee-7"}, "input[type=submit]"),
      also=("error",))
    c("members-only-signed-in", "article",
      "'Members' notices' signed in: the toolbar, a heading and a paragraph for the staff",
      url="/notices/")
    out.goto("/admin/")
    out.signed_in = False
    c("logged-out", "confirmation",
      "'Log out' from the admin: 'Logged out', 'Thanks for spending some quality time with the web "
      "site today.', 'Log in again'", then=log_out)
    c("after-logout-admin", "login",
      "the page tree asked for after signing out: redirected to the empty admin sign-in form",
      url="/admin/cms/pagecontent/")
    out.close()
    return out.written


# fmt: on


def djangocms(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"djangocms": djangocms}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
