"""Capture the labelled HOLDOUT page corpus of sites/real/holdout18/pages from pretalx.

The eighteenth holdout app (pretalx 2025.2.2 on Django 5.2, a conference call-for-papers and
schedule system: two Wonderland events made by `sites/real/holdout18/setup`) was never used to
tune the page-state classifier; its pages measure it honestly. Run by hand, not by tests, after a
fresh `sites/real/holdout18/setup` with the app running:

    sites/real/holdout18/setup
    sites/real/holdout18/start 8100 &
    .venv/bin/python sites/real/capture_holdout18.py              # or: --pretalx URL

Three browser sessions: a visitor (the public event pages, schedule, sessions, speakers, the
call for papers, the speaker and organiser sign-in forms, errors), then alice in the organiser
backend (/orga/: her events, the event dashboard, proposals and their search, a proposal's
page and two of its tabs, a new proposal, deleting one, speakers and their search, reviews,
e-mails, settings, rooms (adding and deleting one), the schedule's release form, history, her
account, errors, sign-out), then a new speaker (Bill the Lizard, not alice) going through the
call for papers' submission wizard. Each page is read through the project's own browser
launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP
status of the main document (the last navigation response), and written in exactly the format
of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted. The agent's password is redacted.

Capturing changes the app (alice adds and deletes a proposal, adds and deletes a room and saves
the settings; a new speaker account is made and submits a proposal), so run `setup` again before
a re-capture.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout18" / "pages"
PORTS = {"pretalx": 8100}

ALICE = "alice@wonderland.example.org"
EVENT = "/orga/event/teaparty"


click_link = partial(capturing.click_link, within="main")
"""Links are looked for in the page's content (main), not its menus."""


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def follow(selector: str) -> Any:
    """Follow the first link matching a CSS selector by its address (for a small icon link
    that the pointer cannot reach in a script, e.g. covered by a tooltip)."""

    def run(p: Page) -> None:
        href = p.locator(selector).first.get_attribute("href")
        p.goto(href if "://" in href else p.url.split("/orga/")[0] + href, wait_until="load")

    return run


def click_tab(name: str) -> Any:
    """Click one of a page's tabs (links drawn as tabs) and wait for what it shows."""

    def run(p: Page) -> None:
        p.locator("main").get_by_role("tab", name=name, exact=True).first.click()
        p.wait_for_load_state("load")
        p.wait_for_timeout(1000)

    return run


def click_button(name: str, exact: bool = False, within: str = "main") -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.locator(within).get_by_role("button", name=name, exact=exact).first.click()

    return run


def fill(
    fields: dict[str, str],
    button: str,
    *,
    selects: dict[str, str] | None = None,
    checks: tuple[str, ...] = (),
    novalidate: bool = False,
) -> Any:
    """Fill a form's fields (CSS selector -> text), choose options (selector -> label), tick
    boxes and press `button` (a CSS selector). `novalidate` turns the browser's own checks of
    required fields off first, so the server's answer to a form sent incomplete is seen."""

    def run(p: Page) -> None:
        for selector, label in (selects or {}).items():  # often hidden behind a widget
            p.evaluate(
                """([sel, label]) => { const s = document.querySelector(sel);
                   const o = [...s.options].find(o => o.text.trim().startsWith(label));
                   s.value = o.value; s.dispatchEvent(new Event('change', {bubbles: true})); }""",
                [selector, label],
            )
        for selector, text in fields.items():
            p.fill(selector, text)
        for selector in checks:
            p.check(selector)
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        submit(p, button)

    return run


def orga_login(email: str, password: str) -> Any:
    return fill({"#id_login_email": email, "#id_login_password": password}, "#auth-form button")


def event_login(email: str, password: str) -> Any:
    return fill(
        {"main input[name=login_email]": email, "main input[name=login_password]": password},
        "main button:has-text('Log in')",
    )


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretalx", base, signed_in=False)
    c = out.capture
    c("home", "listing",
      "the instance's start page, 'Events': 'No events are currently ongoing.', then 'Upcoming "
      "events', a list of the two events as links", url="/")
    c("event-home", "article",
      "an event's front page (/teaparty/): 'Welcome to the Mad Tea-Party Conference!', two "
      "paragraphs of text, then three buttons (your proposals, schedule, CfP)", url="/teaparty/",
      also=("other",))
    c("cfp", "article",
      "the call for papers (/teaparty/cfp): its headline, paragraphs and a list of the tracks, "
      "'Submissions close on 2027-01-15 ...', and a 'Submit a proposal' button",
      url="/teaparty/cfp")
    c("schedule", "listing",
      "the public schedule (/teaparty/schedule/): a day per tab, the sessions of each day as a "
      "timetable of links (time, length, title, speaker, abstract, track, room), a Filter "
      "button", url="/teaparty/schedule/", ready="main a[href*='/talk/']", also=("other",))
    c("sessions", "listing",
      "'Sessions' (/teaparty/talk/): the seven scheduled sessions as a list of links under "
      "their days and times", url="/teaparty/talk/", ready="main a[href*='/talk/']")
    c("session", "detail",
      "one session's page ('Why Is a Raven Like a Writing-Desk?'): time, room, track, abstract "
      "and description, its speaker with a short biography, export links",
      then=click_link("Why Is a Raven Like a Writing-Desk?", exact=False))
    c("speakers", "listing",
      "'Speakers' (/teaparty/speaker/): the eight speakers as cards (name, biography, their "
      "sessions), each a link", url="/teaparty/speaker/")
    c("speaker", "detail",
      "one speaker's page (the Hatter): name, biography and the list of his two sessions",
      then=click_link("The Hatter", exact=False))
    c("session-not-found", "error",
      "a session code that does not exist (/teaparty/talk/ZZZZZZ/): pretalx's 'Page not found' "
      "page (HTTP 404)", url="/teaparty/talk/ZZZZZZ/")
    c("not-found", "error",
      "an address that does not exist (/nosuch/): 'Page not found' (HTTP 404)", url="/nosuch/")
    c("other-event-schedule", "other",
      "that event's schedule, not released (/croquet/schedule/ redirects to /croquet/featured/): "
      "'Our schedule is not live yet.' and a paragraph, nothing else",
      url="/croquet/schedule/", also=("error", "article"))
    c("speaker-login", "login",
      "the event's sign-in page (/teaparty/login/): 'Welcome back!', 'I already have an "
      "account' (e-mail, password, Log in, Reset password) beside 'I need a new account' (name, "
      "e-mail, password twice, Register)", url="/teaparty/login/", also=("form",))
    c("speaker-login-failed", "login",
      "a wrong password sent from that page: the same two forms with an error above them",
      then=event_login(ALICE, "not-the-password"), also=("error",))
    c("orga-signed-out", "login",
      "the organiser backend (/orga/event/) asked for by a visitor: redirected to 'Sign in' "
      "(e-mail address, password, Log in, Reset password)", url="/orga/event/")
    c("orga-login-failed", "login",
      "alice's address with a wrong password: the same sign-in form with an error",
      then=orga_login(ALICE, "not-the-password"), also=("error",))
    c("orga-reset", "form",
      "'Reset password' of the backend (/orga/reset/): one e-mail box and a button",
      url="/orga/reset/")
    c("orga-reset-sent", "login",
      "the reset asked for alice's address: back on 'Sign in' (the e-mail and password form) "
      "under 'If we know a user by this email address ... we will send you an email ...'",
      then=fill({"main input[name=login_email], input[name=login_email]": ALICE},
                "form[method=post] button"), also=("confirmation",))
    c("csrf-failure", "error",
      "the backend's sign-in form sent after its cookies were lost (the page left open too "
      "long): pretalx's 'Verification failed.', 'We could not verify that this request really "
      "was sent by you ...', 'HTTP 403: CSRF'",
      url="/orga/login/", then=steps(
          lambda p: p.context.clear_cookies(),
          orga_login(ALICE, "not-the-password")))
    out.close()
    return out.written


# -- alice in the organiser backend ---------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretalx", base, signed_in=True)
    c = out.capture
    out.signed_in = False
    c("orga-login", "login",
      "the backend's 'Sign in' page (/orga/login/): the pretalx logo, e-mail address, "
      "password, Log in and Reset password, nothing else", url="/orga/login/")
    out.signed_in = True
    c("events", "listing",
      "signed in: 'Your upcoming events', the event alice organises as a card link, a search "
      "box above it, the backend's menu", then=orga_login(ALICE, PASSWORD))
    c("event-dashboard", "other",
      "the event's dashboard (/orga/event/teaparty/): tiles of figures (days until the event, "
      "sessions, speakers, reviews, sent e-mails, each a link) and the latest history entries",
      url=f"{EVENT}/", also=("listing",))
    c("proposals", "listing",
      "'14 sessions' (/orga/event/teaparty/submissions/): a search form (text, types, states, "
      "tracks) above the table of the proposals (title, speakers, track, type, state, featured, "
      "edit and delete)", url=f"{EVENT}/submissions/")
    c("proposals-search", "search_results",
      "'raven' typed into the search box and Search pressed: '1 session', the box keeping "
      "'raven' and the table with the one proposal that matches",
      then=fill({"main input[name=q]": "raven"}, "main button:has-text('Search')"),
      also=("listing",))
    c("proposals-search-none", "search_results",
      "a search for 'jabberwock': '0 sessions', the search form and no proposal",
      then=fill({"main input[name=q]": "jabberwock"}, "main button:has-text('Search')"),
      also=("listing",))
    c("proposal", "form",
      "a proposal's page in the backend (the raven riddle): its title and state menu, tabs "
      "(Content, Speakers, Reviews, Comments, History) and the Content tab as an edit form "
      "(title, room, times, type, track, abstract ..., Save)", url=f"{EVENT}/submissions/",
      then=click_link("Why Is a Raven Like a Writing-Desk?"), also=("detail",))
    c("proposal-speakers", "detail",
      "the proposal's Speakers tab: an 'Add speaker' form (e-mail, name), then its one "
      "speaker, the Hatter, with biography, his other proposals and Send email / Edit / Remove",
      then=click_tab("Speakers"), also=("form", "listing"))
    c("proposal-review", "form",
      "the Reviews tab of a proposal alice has not reviewed yet ('Everything's Got a Moral'): "
      "a request for a fair review, the proposal's facts (title, type, track, abstract, "
      "description, biography), then the review form (score as radio buttons, text, Save)",
      url=f"{EVENT}/submissions/", then=steps(
          click_link("Everything's Got a Moral"), click_tab("Reviews")), also=("detail",))
    c("proposal-new", "form",
      "'Add new session or proposal' (/submissions/new): 'Create proposal' (title, state), "
      "'Speaker' (e-mail, name), 'Proposal' (session type, track, abstract, description, notes, "
      "internal notes, duration, image), Save",
      url=f"{EVENT}/submissions/new")
    c("proposal-new-invalid", "form",
      "that form sent empty: the same form with 'This field is required.' under the title and "
      "abstract", then=fill({}, "main button:has-text('Save')", novalidate=True),
      also=("error",))
    c("proposal-created", "form",
      "that form sent complete (a talk with no speaker yet): the new proposal's own page in the "
      "backend, its Content tab as an edit form, with no message about the creation",
      then=fill({"main input[name=title]": "Up the Chimney and Out Again",
                 "main textarea[name=abstract]": "A lizard's view of chimneys."},
                "main button:has-text('Save')",
                selects={"main select[name=submission_type]": "Talk"}), also=("detail",))
    c("proposal-delete", "form",
      "the trash-can link on that proposal's row of the proposal table: an 'are you sure' page "
      "('“Up the Chimney and Out Again”', 'submitted → deleted', 'Please confirm that you really "
      "want to change the state of this proposal.', a 'pending' box, 'Do it' and 'Back')",
      url=f"{EVENT}/submissions/",
      then=follow("main tr:has-text('Up the Chimney') a[href*='/delete']"))
    c("proposal-deleted", "listing",
      "'Do it' pressed: back on the proposal table, '14 sessions' again without the deleted "
      "one; no message says so", then=click_button("Do it"))
    c("proposal-not-found", "error",
      "a proposal code that does not exist (/submissions/ZZZZZZ/): 'Page not found' (HTTP "
      "404)", url=f"{EVENT}/submissions/ZZZZZZ/")
    c("orga-speakers", "listing",
      "'10 submitters' (/speakers/): a search form and the table of speakers (name, e-mail, "
      "proposals, accepted, ...)", url=f"{EVENT}/speakers/")
    c("orga-speakers-search", "search_results",
      "'hatter' searched for in the speakers' table: '1 submitter', the box keeping 'hatter' "
      "and the one matching row",
      then=fill({"main input[name=q]": "hatter"}, "main button:has-text('Search')"),
      also=("listing",))
    c("orga-speaker", "form",
      "one speaker's page in the backend (the Dormouse): name, '(1 proposal)', his proposal as a "
      "link, then his profile as an edit form (name, e-mail, picture, biography, internal "
      "notes) and his e-mails", url=f"{EVENT}/speakers/", then=click_link("The Dormouse"),
      also=("detail",))
    c("reviews", "listing",
      "'Reviews' (/reviews/): '5 proposals are waiting for your review.' with links to start, "
      "a filter form and a table of the proposals with their scores",
      url=f"{EVENT}/reviews/")
    c("mail-compose", "listing",
      "'Send emails' (/mails/compose): two big links to choose whom to write to, 'Sessions, "
      "proposals, speakers' and 'Reviewers and team members', each with a line of text",
      url=f"{EVENT}/mails/compose", also=("other",))
    c("mail-compose-sessions", "form",
      "'Sessions, proposals, speakers' chosen: 'Email editor', tabs Recipients and Content, the "
      "recipients' filters (states, types, tracks, proposals, speakers ...) and the message",
      then=click_link("Sessions, proposals, speakers", exact=False))
    c("mail-templates", "listing",
      "'Email templates' (/mails/templates/): a table of the e-mails pretalx sends (template "
      "name as a link, subject: 'Your proposal: {submission_title}', 'New schedule!' ...) and "
      "'New custom template'",
      url=f"{EVENT}/mails/templates/")
    c("mail-outbox", "listing",
      "the outbox (/mails/outbox/): '10 pending mails', a search form, 'Send all' and 'Discard "
      "all', and the table of the e-mails (subject, to, proposals, template)",
      url=f"{EVENT}/mails/outbox/")
    c("settings", "form",
      "the event's settings (/settings/): tabs and the general form (name, slug, dates, "
      "e-mail, locale, texts, colours ...), Save", url=f"{EVENT}/settings/")
    c("settings-saved", "form",
      "'Save' pressed with nothing changed: the same settings form under 'Your changes have "
      "been saved.'",
      then=click_button("Save"), also=("confirmation",))
    c("rooms", "listing",
      "'Rooms' (/schedule/rooms/): the two rooms with capacity and actions",
      url=f"{EVENT}/schedule/rooms/")
    c("room-created", "listing",
      "'New room' (/schedule/rooms/new/) filled with 'Treacle Well' and saved: the rooms "
      "table, now three rows, under 'Your changes have been saved.'",
      url=f"{EVENT}/schedule/rooms/new/",
      then=fill({"main input[name='name_0'], main input[name='name']": "Treacle Well"},
                "main button:has-text('Save')"), also=("confirmation",))
    c("room-delete", "form",
      "that room's delete link: 'Confirm deletion', 'Room “Treacle Well”', 'Please make sure "
      "that this is the item you want to delete. This action cannot be undone!', Delete, Back",
      then=follow("main tr:has-text('Treacle Well') a[href*='/delete']"))
    c("room-deleted", "listing",
      "Delete pressed: the rooms table, two rows again, under 'The item has been deleted.'",
      then=click_button("Delete"), also=("confirmation",))
    c("schedule-release", "form",
      "'Release new schedule' (/schedule/release): a version box ('v1.1'), a note on the "
      "previous release, a comment for the public changelog, 'Notify speakers of changes', "
      "Release and Back", url=f"{EVENT}/schedule/release")
    c("history", "listing",
      "'Event History' (/history/): a long log of what happened (proposals added, accepted, "
      "rejected, the schedule released), one line each", url=f"{EVENT}/history/")
    c("account", "form",
      "alice's 'User settings' (/orga/me): name and language with Save, e-mail and password "
      "with Save, 'Create new token' for the API", url="/orga/me")
    c("other-event-refused", "error",
      "the backend of the other organiser's event (/orga/event/croquet/), which alice may not "
      "see: 'Page not found' (HTTP 404)", url="/orga/event/croquet/")
    out.signed_in = False
    c("logged-out", "login",
      "'Log out' in the top bar: back on the backend's 'Sign in' form, with no message",
      url=f"{EVENT}/", then=click_button("Log out", within="nav, header, body"))
    out.close()
    return out.written


# -- a new speaker through the call for papers ----------------------------------------------------
def speaker(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pretalx", base, signed_in=False)
    c = out.capture
    c("submit-info", "form",
      "'Submit a proposal': step 1 of 4 (General, Account, Profile, Done!), 'Hey, nice to meet "
      "you!', title, session type, abstract, description, notes, image, co-speaker, Continue "
      "or save as draft", url="/teaparty/cfp", then=click_link("Submit a proposal"))
    c("submit-info-invalid", "form",
      "that step sent with nothing filled in: the same form with 'This field is required.' "
      "under the title and abstract",
      then=fill({}, "main button:has-text('Continue')", novalidate=True), also=("error",))
    c("submit-account", "login",
      "step 1 sent complete: step 2 'Account', to log in with an existing account or register "
      "a new one (the event's two sign-in forms)",
      then=fill({"main input[name=title]": "How Doth the Little Crocodile",
                 "main textarea[name=abstract]": "Improving his shining tail, with examples."},
                "main button:has-text('Continue')"), also=("form",))
    c("submit-profile", "form",
      "a new account registered for Bill the Lizard: step 3 'Profile', 'Tell us something "
      "about yourself!' (name, biography, profile picture) and 'Submit proposal! »'",
      then=fill({"main input[name=register_name]": "Bill the Lizard",
                 "main input[name=register_email]": "bill.lizard@wonderland.example.org",
                 "main input[name=register_password]": "Chimney-sweep-77",
                 "main input[name=register_password_repeat]": "Chimney-sweep-77"},
                "main button:has-text('Continue')"))
    c("submit-done", "listing",
      "the profile sent with a biography: 'Your proposals', a table with the new proposal "
      "(submitted), under \"Congratulations, you've submitted your proposal! ...\"",
      then=fill({"main textarea[name=biography]": "A lizard of all work, often sent down "
                 "chimneys."}, "main button:has-text('Submit proposal')"),
      also=("confirmation",))
    out.close()
    return out.written


# fmt: on


def pretalx(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base) + speaker(browser, base)


APPS = {"pretalx": pretalx}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
