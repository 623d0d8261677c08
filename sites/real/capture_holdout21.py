"""Capture the labelled HOLDOUT page corpus of sites/real/holdout21/pages from Plone.

The twenty-first holdout app (Plone 6.2.2, Classic UI, a content management system on Zope with
its own object database: the Wonderland Gazette, with stories, guides, news, events and a
collection, made by `sites/real/holdout21/setup`) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, after a fresh
`sites/real/holdout21/setup` with the app running:

    sites/real/holdout21/setup
    sites/real/holdout21/start 8103 &
    .venv/bin/python sites/real/capture_holdout21.py              # or: --plone URL

Two browser sessions: a visitor (the front page, folders of stories, guides and news, pages, a news
item, the event listing and an event, past events, a collection, search with and without matches,
the search form, a keyword's items, the site map, an author's page, the accessibility page, the
contact form empty, sent incomplete and sent, the sign-in dialog, the sign-in page empty and
failed, the password-help form and its result, registration empty, refused and done, a missing
page, a private item), then alice (a member who is Contributor and Editor of the Guides folder
only): signing in, her dashboard, her personal information (and saving it), preferences and
password forms, the Guides folder and its "Contents" view, adding a page (empty form, sent without
a title, saved), editing it and saving, its history and a comparison of two versions, the
publishing-process form, submitting the page for publication, sharing (form and saved), deleting a
page ("are you sure" and the result), a search, her author page, pages refused to her (site setup,
the Queen's private page, editing a story), a missing page, and signing out. Each page is read
through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response), and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The labels
below were decided by hand, one page at a time, from what each page is for; the classifier and the
site profiles were not consulted. The agent's password is redacted.

Capturing changes the app (a visitor registers and sends the contact form; alice saves her
personal information, adds, edits and submits a page, shares the Guides folder and deletes her
draft), so run `setup` again before a re-capture.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, click, guarded, steps, submit, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout21" / "pages"
PORTS = {"plone": 8103}


click_link = partial(capturing.click_link, within="#portal-column-content")
"""Links are looked for in the page's content (#portal-column-content), not its menus."""


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def follow(selector: str) -> Any:
    """Open the address of the first link matching a CSS selector (a link of a drop-down menu
    of Plone's toolbar, which only shows when its menu is open)."""

    def run(p: Page) -> None:
        href = p.locator(selector).first.get_attribute("href")
        assert href, selector
        p.goto(href, wait_until="load")

    return run


def fill(fields: dict[str, str], button: str | None = None) -> Any:
    """Fill a form's fields (CSS selector -> text) and press `button` (a CSS selector), if
    given."""

    def run(p: Page) -> None:
        for selector, text in fields.items():
            p.fill(selector, text)
        if button:
            submit(p, button)

    return run


def rich_text(html: str) -> Any:
    """Put `html` into the page's TinyMCE editor (the page text)."""

    def run(p: Page) -> None:
        p.wait_for_function("() => window.tinymce && tinymce.activeEditor", timeout=15000)
        p.evaluate(
            "html => { const ed = tinymce.activeEditor; ed.setContent(html); ed.save(); }", html
        )

    return run


def login(username: str, password: str) -> Any:
    return fill({"#__ac_name": username, "#__ac_password": password}, "#buttons-login")


def search(query: str) -> Any:
    """Type a query into the search box at the top of every page and press Enter."""

    def run(p: Page) -> None:
        box = p.locator("#searchGadget")
        box.fill(query)
        with p.expect_navigation(wait_until="load"):
            box.press("Enter")

    return run


def press(name: str, navigate: bool = True) -> Any:
    """Click a button of the page's content by its name; wait for the page it leads to, or
    (when it only runs the page's scripts) a moment."""

    def run(p: Page) -> None:
        button = p.locator("#content").get_by_role("button", name=name, exact=True).first
        if navigate:
            with p.expect_navigation(wait_until="load"):
                button.click()
        else:
            button.click()
            p.wait_for_timeout(1500)

    return run


def ready(selector: str) -> Any:
    """Wait for content the page's scripts draw."""

    def run(p: Page) -> None:
        p.wait_for_selector(selector, timeout=15000)

    return run


MINE = "/guides/swimming-in-the-pool-of-tears"  # the page alice adds


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "plone", base, signed_in=False)
    c = guarded(out)
    c("home", "article",
      "the front page: the site's title and description, 'Welcome to the Wonderland Gazette' "
      "and three paragraphs of prose with links to the sections; the navigation bar (each "
      "section with a drop-down list of its items) and an 'Upcoming Events' box at the side",
      url="/", also=("other",))
    c("stories", "listing",
      "the Stories folder: its title and description, then its six chapters, each a title link "
      "with author, date and summary", url="/stories")
    c("story", "article",
      "one chapter ('A Mad Tea-Party'): title, summary, four paragraphs, its keyword",
      url="/stories/a-mad-tea-party")
    c("guide", "article",
      "a guide ('Croquet with Flamingos'): title, summary, three headed sections of text",
      url="/guides/croquet-with-flamingos")
    c("about", "article",
      "'About the Gazette': title, summary and three paragraphs", url="/about")
    c("news", "listing",
      "the News folder (summary view): four news items, each a heading link with author, date, "
      "summary and 'Read More…'", url="/news")
    c("news-item", "article",
      "a news item ('Tarts Stolen from the Royal Kitchen'): title, summary, two paragraphs",
      url="/news/tarts-stolen")
    c("events", "listing",
      "the Events folder (event listing): 'Future events', links to past events and iCal, then "
      "three events, each with its date, time, place and summary", url="/events")
    c("event", "detail",
      "one event ('Royal Croquet Tournament'): when, where, contact, 'Add event to calendar', "
      "then its text", url="/events/croquet-tournament")
    c("past-events", "listing",
      "'Previous events…' from the events box: 'Past events' with links to upcoming ones and "
      "iCal, and nothing under them (no event is over yet), no message",
      url="/event_listing?mode=past", also=("other",))
    c("collection", "listing",
      "the collection 'What's New': the news items and events, newest first, each a heading "
      "link with author, date and summary", url="/whats-new")
    c("court", "listing",
      "the folder 'The Court' for a visitor: its one published page as a title link with "
      "author, date and summary (the Queen's private page is not shown)", url="/court")
    c("search-results", "search_results",
      "'croquet' typed in the search box at the top: 'Search results for croquet', '4 items "
      "matching your search terms', filters and sort links, the four matches",
      url="/", then=search("croquet"))
    c("search-no-results", "search_results",
      "'jabberwocky' searched: 'Search results for jabberwocky', '0 items matching your search "
      "terms.', 'No results were found.'", then=search("jabberwocky"))
    c("search-form", "search",
      "'Advanced Search…' under the search box: the search page with an empty box, 'Search "
      "results', '0 items matching your search terms', filters and 'No results were found.' "
      "(nothing was asked yet)", url="/", then=click_link("Advanced Search…", within="#portal-top"),
      also=("search_results",))
    c("keyword", "search_results",
      "the keyword 'story' clicked under a chapter: the search page listing the six items "
      "filed under it", url="/stories/the-pool-of-tears", then=click_link("story"))
    c("sitemap", "listing",
      "'Site map': every section as a link with its items nested under it",
      url="/", then=click_link("Site Map", within="#portal-footer-wrapper"))
    c("author", "detail",
      "the Hatter's author page (his name in a byline clicked): portrait, location, 'Log in to "
      "send feedback', a table of the latest content he wrote, a link to all of it",
      url="/author/hatter", also=("listing",))
    c("accessibility", "article",
      "'Accessibility' from the footer: paragraphs about the site's accessibility",
      url="/", then=click_link("Accessibility", within="#portal-footer-wrapper"))
    c("contact", "form",
      "the contact form (/contact-info, 'Contact' in the footer): 'Contact form', name, e-mail, "
      "subject, message, Send", url="/contact-info")
    c("contact-incomplete", "form",
      "the contact form sent with only a name: 'There were some errors.' at the top and "
      "'Required input is missing.' under the e-mail and subject",
      then=fill({"#form-widgets-sender_fullname": "The Dodo"}, "#form-buttons-send"),
      also=("error",))
    c("contact-sent", "confirmation",
      "the contact form sent complete: 'A mail has now been sent to the site administrator...' "
      "at the top, and 'Thank you for your feedback' where the form was",
      then=fill({"#form-widgets-sender_from_address": "dodo@wonderland.example.org",
                 "#form-widgets-subject": "A caucus-race",
                 "#form-widgets-message": "Everybody has won, and all must have prizes. "
                                          "Could the Gazette report on it?"},
                "#form-buttons-send"))
    c("login-overlay", "login",
      "'Log in' clicked at the top of the front page: a 'Log in' dialog over the page (login "
      "name, password, Log in, links to help and to sign up, Close)",
      url="/", then=steps(lambda p: p.locator("#portal-top").get_by_role(
          "link", name="Log in", exact=True).click(), ready("[role=dialog] #__ac_name"),
          wait(1000)))
    c("login", "login",
      "the sign-in page (/login): 'Log in', login name, password, Log in, links to help and to "
      "sign up", url="/login")
    c("login-failed", "login",
      "alice with a wrong password: the same form with 'Login failed. Both login name and "
      "password are case sensitive...' at the top", then=login(USER, "not-the-password"),
      also=("error",))
    c("login-help", "form",
      "'Get help' under the sign-in form: 'Need Help?', a box for the user name with 'Reset "
      "your password', a box for the e-mail with 'Get your username'",
      then=click_link("Get help"))
    c("password-reset-sent", "form",
      "alice's user name sent for a password reset: the same page with 'An email has been "
      "sent with instructions on how to reset your password.' at the top",
      then=fill({"#form-widgets-reset_password": USER}, "#form-buttons-reset"),
      also=("confirmation",))
    c("register", "form",
      "the registration page (/@@register, 'Register' at the top): 'Registration form', full "
      "name, e-mail, user name, password twice, Register", url="/@@register")
    c("register-mismatch", "form",
      "the registration sent with two different passwords: 'There were errors.' and "
      "'Passwords do not match.' under both password boxes",
      then=fill({"#form-widgets-fullname": "The Dodo",
                 "#form-widgets-email": "dodo@wonderland.example.org",
                 "#form-widgets-username": "dodo",
                 "#form-widgets-password": "caucus-race-1",
                 "#form-widgets-password_ctl": "caucus-race-2"}, "#form-buttons-register"),
      also=("error",))
    c("registered", "confirmation",
      "the registration sent right: 'Welcome!', 'You have been registered.', 'Click the button "
      "to log in immediately.' and a Log in button",
      then=fill({"#form-widgets-password": "caucus-race-1",
                 "#form-widgets-password_ctl": "caucus-race-1"}, "#form-buttons-register"))
    c("not-found", "error",
      "an address that does not exist (/nosuch): 'This page does not seem to exist…' with an "
      "apology (HTTP 404)", url="/nosuch")
    c("private-item", "login",
      "the Queen's private page asked for by a visitor: redirected to the 'Log in' form (with "
      "the page to come back to), no message", url="/court/secret-plans")
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "plone", base, signed_in=True)
    c = guarded(out)
    out.goto("/login")
    c("logged-in", "article",
      "signed in from the 'Log in' form: the front page again, 'Welcome! You are now logged "
      "in.' at the top, the editing toolbar at the side",
      then=login(USER, PASSWORD), also=("confirmation", "other"))
    c("dashboard", "listing",
      "'Dashboard' in her menu: 'Alice Liddell's dashboard', a box of the four news items and a "
      "box of recent changes, each a list of links", url="/dashboard")
    c("personal-information", "form",
      "'Preferences', tab 'Personal Information': full name, e-mail, home page, biography, "
      "location, portrait, Save and Cancel", url="/@@personal-information")
    c("personal-information-saved", "form",
      "that form sent with a biography: the same form with 'Changes saved.' at the top",
      then=fill({"#form-widgets-description": "I knew who I was when I got up this morning, "
                                              "but I have changed several times since."},
                "#form-buttons-save"),
      also=("confirmation",))
    c("personal-preferences", "form",
      "tab 'Personal Preferences': the editor to use, the language (a long list), time zone, "
      "Save", then=click_link("Personal Preferences"))
    c("change-password", "form",
      "tab 'Password': current password, new password twice, 'Change Password'",
      then=click_link("Password"))
    c("guides", "listing",
      "the Guides folder, where she may add and edit: the toolbar (Contents, Edit, View, Add "
      "new…, State, Actions, Display, History, Sharing), then its four pages as title links with "
      "author, date and summary", url="/guides")
    c("contents", "listing",
      "'Contents' in the toolbar: the folder's items as a table (title, last modified, "
      "publication date, review state, actions), check boxes, buttons to cut, copy, delete, "
      "rename, a filter box", url="/guides/folder_contents", ready="#content table tbody tr")
    c("add-page", "form",
      "'Add new…' > 'Page' in Guides: 'Add Page', tabs, title, summary, a rich-text editor, "
      "change note, Save and Cancel", url="/guides",
      then=steps(follow("a[href$='++add++Document']"), ready("#form-buttons-save")))
    c("add-page-no-title", "form",
      "Save pressed with only a summary: the page's script says 'Please fill out this field.' "
      "under the title and greys out Save (no request sent)",
      then=steps(rich_text(""),
                 fill({"#form-widgets-IDublinCore-description": "Lessons learned in the pool."}),
                 lambda p: p.click("#form-buttons-save"), wait(1500)),
      also=("error",))
    c("page-created", "article",
      "the page sent with a title and text: its own page ('Swimming in the Pool of Tears') with "
      "'Item created' at the top, her name in the byline, the two paragraphs",
      url="/guides/++add++Document",
      then=steps(fill({"#form-widgets-IDublinCore-title": "Swimming in the Pool of Tears",
                       "#form-widgets-IDublinCore-description": "Lessons learned in the pool."}),
                 rich_text("<p>Keep your chin up: the water is salt, and it is deeper than it "
                           "looks.</p><p>Mind the Mouse, and do not mention cats or dogs to "
                           "it.</p><p>The Dodo will organise a race to get everybody dry.</p>"),
                 lambda p: submit(p, "#form-buttons-save")),
      also=("confirmation",))
    c("edit-page", "form",
      "'Edit' in the toolbar: 'Edit Page' with her title, summary and text filled in, change "
      "note, Save and Cancel", url=MINE + "/edit", ready="#form-buttons-save")
    c("page-saved", "article",
      "the edit saved with a new summary and a change note: the page with 'Changes saved' at "
      "the top",
      then=steps(wait(1000),
                 fill({"#form-widgets-IDublinCore-description":
                       "Lessons learned in the pool of tears, by one who wept it.",
                       "#form-widgets-IVersionable-changeNote": "A better summary"},
                      "#form-buttons-save")),
      also=("confirmation",))
    c("history", "listing",
      "'History' in the toolbar: a table of the page's versions and events (edited with its "
      "change note, initial version, created), with View, Compare and Revert",
      url=MINE + "/@@historyview")
    c("compare", "other",
      "'Compare' in that history: two revision selectors, a legend, and each changed field "
      "(the summary) with the deleted and inserted text", also=("article",),
      then=click("a[title='Compare with previous revision']"))
    c("publishing-process", "form",
      "'State' > 'Advanced...': 'Publishing process', the affected item, publishing and "
      "expiration dates, comments, 'Change State' (no change / submit for publication), Save",
      url=MINE, then=follow("a[href$='/content_status_history']"))
    c("submitted", "article",
      "'State' > 'Submit for publication' on her page: the page again with 'Item state "
      "changed.' at the top, its state now 'Pending review'",
      url=MINE, then=follow("a[href*='workflow_action=submit']"), also=("confirmation",))
    c("sharing", "form",
      "'Sharing' for the Guides folder: 'Sharing for Guides', a box to search for a user or "
      "group, a table of who can edit and view (check boxes), inherit permissions, Save",
      url="/guides/@@sharing")
    c("sharing-saved", "form",
      "the Hatter searched for, 'Can view' ticked for him, Save: the same form with 'Changes "
      "saved' at the top and his row kept",
      then=steps(lambda p: p.locator("#content").get_by_role(
                     "textbox", name="Search for user or group").fill("hatter"),
                 press("Search", navigate=False),
                 lambda p: p.locator("#content tr", has_text="The Hatter (hatter)")
                 .locator("input[type=checkbox]").nth(1).check(),
                 press("Save")),
      also=("confirmation",))
    c("delete-confirm", "form",
      "'Actions' > 'Delete' on her private draft 'Things to Remember': 'Do you really want to "
      "delete this item?', its title, Delete and Cancel",
      url="/guides/things-to-remember", then=follow("a[href*='/delete_confirmation']"))
    c("deleted", "listing",
      "Delete pressed: the Guides folder with 'Things to Remember has been deleted.' at the top",
      then=press("Delete"), also=("confirmation",))
    c("search-signed-in", "search_results",
      "'tea' searched by alice: 'Search results for tea', the number of matches, the matches",
      url="/", then=search("tea"))
    c("author-alice", "detail",
      "her author page (her name in a byline): portrait, location, biography, a table of the "
      "latest content she wrote", url="/author/alice", also=("listing",))
    c("site-setup-refused", "error",
      "the site setup (/@@overview-controlpanel), for administrators only: 'Insufficient "
      "Privileges', 'You do not have sufficient privileges to view this page...'",
      url="/@@overview-controlpanel")
    c("private-item-refused", "error",
      "the Queen's private page (/court/secret-plans): the same 'Insufficient Privileges' page",
      url="/court/secret-plans")
    c("edit-refused", "error",
      "the edit form of a chapter she may not edit (/stories/a-mad-tea-party/edit): "
      "'Insufficient Privileges'", url="/stories/a-mad-tea-party/edit")
    c("not-found-signed-in", "error",
      "a page that does not exist, for alice (/guides/no-such-guide): 'This page does not seem "
      "to exist…', an apology, 'You might have been looking for…' and three links (HTTP 404; "
      "the page shows no toolbar nor her name)", url="/guides/no-such-guide")
    out.signed_in = False
    c("logged-out", "article",
      "'Log out' in her menu: the front page for a visitor, with 'You are now logged out.' at "
      "the top", url="/", then=steps(
          lambda p: p.goto(p.locator("a[href$='/logout']").first.get_attribute("href") or "",
                           wait_until="load")),
      also=("confirmation", "other"))
    out.close()
    return out.written


# fmt: on


def plone(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"plone": plone}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
