"""Capture the labelled HOLDOUT page corpus of sites/real/holdout20/pages from Askbot.

The twentieth holdout app (Askbot 0.13.0 on Django 5.2, a question-and-answer forum: eight
Wonderland questions with their answers, comments and votes, made by
`sites/real/holdout20/setup`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after a fresh `sites/real/holdout20/setup` with
the app running:

    sites/real/holdout20/setup
    sites/real/holdout20/start 8102 &
    .venv/bin/python sites/real/capture_holdout20.py              # or: --askbot URL

Two browser sessions: a visitor (the question list, a question, tags, users, badges, search
with and without matches, the help pages, feedback, the sign-in page empty and failed, sign-up,
errors), then alice (an ordinary member, not an administrator): her home, asking a question
(empty, sent incomplete, sent), editing it, answering, editing an answer, revisions, closing and
reopening a question, her profile and its tabs, editing her profile, e-mail subscriptions,
searches, pages refused to her, errors, and signing out. Each page is read through the project's
own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with
the HTTP status of the main document (the last navigation response), and written in exactly the
format of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by
hand, one page at a time, from what each page is for; the classifier and the site profiles were
not consulted. The agent's password is redacted.

Capturing changes the app (alice asks a question, edits it, answers one, closes and reopens a
question, edits her profile), so run `setup` again before a re-capture.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, click, guarded, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout20" / "pages"
PORTS = {"askbot": 8102}


click_link = partial(capturing.click_link, within="main")
"""Links are looked for in the page's content (main), not its menus."""


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def fill(
    fields: dict[str, str],
    button: str,
    *,
    selects: dict[str, str] | None = None,
    novalidate: bool = False,
) -> Any:
    """Fill a form's fields (CSS selector -> text), choose options (selector -> label) and
    press `button` (a CSS selector)."""

    def run(p: Page) -> None:
        for selector, label in (selects or {}).items():
            p.select_option(selector, label=label)
        for selector, text in fields.items():
            p.fill(selector, text)
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        submit(p, button)

    return run


def login(username: str, password: str) -> Any:
    return fill(
        {"#id_username": username, "#id_password": password}, "input[name=login_with_password]"
    )


def search(query: str) -> Any:
    """Type a query into the search box at the top of every page and press Enter."""

    def run(p: Page) -> None:
        box = p.get_by_role("textbox", name="Type your question or search").first
        box.fill(query)
        with p.expect_navigation(wait_until="load"):
            box.press("Enter")

    return run


def press(name: str, navigate: bool = True) -> Any:
    """Click a button in main by its name; wait for the page it leads to, or (when it only
    runs the page's scripts) a moment."""

    def run(p: Page) -> None:
        button = p.locator("main").get_by_role("button", name=name).first
        if navigate:
            with p.expect_navigation(wait_until="load"):
                button.click()
        else:
            button.click()
            p.wait_for_timeout(1000)

    return run


def type_in(boxes: dict[str, str]) -> Any:
    """Fill text boxes of main by their accessible names."""

    def run(p: Page) -> None:
        for name, text in boxes.items():
            p.locator("main").get_by_role("textbox", name=name).first.fill(text)

    return run


def fill_area(areas: dict[str, str]) -> Any:
    """Fill the first visible element matching each CSS selector."""

    def run(p: Page) -> None:
        for selector, text in areas.items():
            p.locator(selector + ":visible").first.fill(text)

    return run


def click_js(selector: str) -> Any:
    """Click something that only runs the page's scripts (an inline editor) and wait."""

    def run(p: Page) -> None:
        p.locator(selector).first.click()
        p.wait_for_timeout(1500)

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "askbot", base, signed_in=False)
    c = guarded(out)
    c("home", "listing",
      "the start page (/ redirects to /questions/): '8 questions', sort links, then the questions "
      "as rows (views, answers, votes, date, author, title link, tags), a side bar of "
      "contributors and tags", url="/")
    c("unanswered", "listing",
      "the UNANSWERED tab: '7 questions' (those with no accepted answer) as the same rows",
      url="/questions/scope:unanswered/sort:answers-asc/page:1/")
    c("question", "detail",
      "one question ('Why is a raven like a writing-desk?'): votes, tags, its text, asker, "
      "comments, then its two answers with their votes and comments, question tools and stats",
      url="/question/1/")
    c("question-accepted", "detail",
      "alice's question about the fifteen-inch door with its two answers, one of them accepted",
      url="/question/6/")
    c("tags", "listing",
      "'Tags': every tag as a link with its number of questions, sort by name or popularity",
      url="/tags/")
    c("tag-questions", "listing",
      "the questions tagged tea-party: '2 questions', the tag shown as a filter, the two rows",
      url="/questions/tags:tea-party/")
    c("users", "listing",
      "'Users': the members as avatars with karma and badges, sort links", url="/users/")
    c("user-profile", "detail",
      "the Hatter's profile (overview tab): a table of facts (real name, member since, last "
      "seen, votes), his questions, answers, tags and badges", url="/users/2/hatter/")
    c("badges", "listing",
      "'Badges': a short paragraph, then a table of every badge (name, times awarded, what it is "
      "for)", url="/badges/")
    c("badge", "detail",
      "one badge's page ('Associate Editor'): what it is awarded for and 'Nobody yet received "
      "this badge.'; the side bar explains gold, silver and bronze",
      url="/badges/", then=click("main a[href*='/badges/']"), also=("article",))
    c("search-results", "search_results",
      "'butter' typed in the search box at the top: '1 question' and its row (URL "
      ".../query:butter/), the query kept in the box", url="/questions/", then=search("butter"))
    c("search-no-results", "search_results",
      "'jabberwocky' searched: '0 questions', 'Oops, looks like there is nothing here yet!' and "
      "a link to start over", then=search("jabberwocky"))
    c("about", "article",
      "'About Wonderland Q&A': three paragraphs about the site", url="/about/")
    c("faq", "article",
      "'Frequently Asked Questions (FAQ)': headed paragraphs about questions, answers, karma "
      "and moderation, a karma table", url="/faq/")
    c("help", "article",
      "'Help': how questions, answers and comments work, how to search, paragraphs and lists",
      url="/help/")
    c("privacy", "other",
      "'Privacy policy': the heading alone, no text under it (the policy was never written)",
      url="/privacy/", also=("article",))
    c("feedback", "form",
      "'Give us your feedback!': name, e-mail, a box for no e-mail, the message, Send Feedback "
      "and Cancel", url="/feedback/")
    c("question-not-found", "error",
      "a question id that does not exist (/question/999/): 'Page not found' and its possible "
      "reasons (HTTP 404)", url="/question/999/")
    c("not-found", "error",
      "an address that does not exist (/nosuch/): the same 'Page not found' (HTTP 404)",
      url="/nosuch/")
    c("settings-signed-out", "error",
      "the site settings (/settings/) asked for by a visitor: redirected to /accounts/login/, "
      "which does not exist: 'Page not found' (HTTP 404)", url="/settings/")
    c("ask-signed-out", "form",
      "'Ask Your Question' for a visitor: 'you will be asked to sign in or register after "
      "making your post', title, details editor, tags, two boxes, Ask Your Question",
      url="/questions/ask/")
    c("revisions", "listing",
      "'Revision history' of the raven question: its one revision (number, author, date, the "
      "title and text)", url="/questions/1/revisions/", also=("detail",))
    c("signin", "login",
      "'Click any of the icons below to sign in': buttons for OpenID providers, then 'or enter "
      "your Wonderland Q&A user name and password' (user name, password, Sign in), account "
      "recovery by e-mail", url="/account/signin/")
    c("signin-failed", "login",
      "alice with a wrong password: the same page with 'Login failed, please try again' above "
      "the boxes", then=login(USER, "not-the-password"), also=("error",))
    c("recover-sent", "confirmation",
      "'Recover account' sent for alice's e-mail address: 'Confirm email address', 'Validation "
      "email sent. Please find it and follow the enclosed link.', and a box for the code with "
      "Continue",
      url="/account/signin/",
      then=steps(type_in({"Enter your email": "alice@wonderland.example.org"}),
                 press("Recover account")), also=("form",))
    c("signup", "form",
      "'Create login name and password': screen name, e-mail, password twice, Signup",
      url="/account/signup/")
    c("feedback-sent", "listing",
      "the feedback form sent: the question list, with 'Thanks for the feedback!' in a bar at "
      "the top of the page (outside main)",
      url="/feedback/",
      then=steps(fill_area({"main textarea": "The croquet rules question needs an answer from "
                                            "the Queen herself."}),
                 fill_area({"main input[name=email]": "dodo@wonderland.example.org"}),
                 press("Send Feedback")), also=("confirmation",))
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "askbot", base, signed_in=True)
    c = guarded(out)
    out.goto("/account/signin/")
    login(USER, PASSWORD)(out.page)
    c("home-signed-in", "listing",
      "the start page for alice (/questions/): the eight questions as rows, her name and "
      "karma at the top", url="/")
    c("ask", "form",
      "'Ask Your Question': title, details (a Markdown editor with a toolbar and preview), "
      "tags, community wiki and anonymous boxes, Ask Your Question; Markdown help at the side",
      url="/questions/ask/")
    c("ask-short-title", "form",
      "the question sent with a three-letter title: the same form, the page's script says "
      "'enter > 10 characters' under the title (no request sent)",
      then=steps(type_in({"Please enter your question": "Key"}),
                 press("Ask Your Question", navigate=False)),
      also=("error",))
    c("asked", "detail",
      "the question sent complete: its own page ('Where can I find a little golden key?'), 0 "
      "votes, its tags and text, 'Be the first one to answer this question!'",
      url="/questions/ask/",
      then=steps(type_in({"Please enter your question": "Where can I find a little golden key?",
                          "Add details below": "I left it on the glass table, and now I have "
                          "shrunk and cannot reach it. Has anyone seen a small golden key near "
                          "the hall of doors?",
                          "Tags": "keys doors"}),
                 press("Ask Your Question")))
    c("my-question-edit", "form",
      "'edit' under that question: the text becomes an editor in place (toolbar, text box, "
      "preview, save, cancel, minor edit box), the rest of the question page around it",
      then=click_js("main .with-edit-icon.js-edit"), also=("detail",))
    c("answer-form", "detail",
      "another member's question (the White Rabbit's) with its one answer, 'Your Answer' and "
      "'Add Answer' below", url="/question/10/")
    c("answer-editor", "detail",
      "'Add Answer' clicked: an answer editor opens at the foot of the same question page",
      then=click_js("main >> text=Add Answer"), also=("form",))
    c("answered", "detail",
      "the answer sent: the question page again, now '2 Answers' with alice's",
      then=steps(fill_area({"main textarea": "Down the long passage, past the hall of doors; "
                                             "mind the pool of tears."}),
                 press("Post Your Answer")))
    c("profile", "detail",
      "alice's own profile (overview tab): sign out and manage logins links, tabs, a table "
      "of facts (real name, e-mail, member since, votes), her questions and answers",
      url="/users/1/alice/")
    c("profile-notifications", "listing",
      "the 'notifications' tab of her profile: 'mark seen | delete', then the comments and "
      "answers on her posts, grouped by question, each with a check box",
      then=click_link("notifications"))
    c("profile-karma", "listing",
      "the 'karma' tab: 'Your karma change log.', one line per change (points, the question "
      "it came from, date)",
      url="/users/1/alice/", then=click_link("karma"), also=("other",))
    c("profile-activity", "listing",
      "the 'activity' tab: what she did, as rows of date, kind and post",
      url="/users/1/alice/", then=click_link("activity"))
    c("profile-votes", "listing",
      "the 'votes' tab: the posts she voted on", url="/users/1/alice/",
      then=click_link("votes"))
    c("profile-edit", "form",
      "'alice - edit profile': picture, screen name, e-mail, real name, website, city, country, "
      "birthday, about, Update and Cancel", url="/users/1/edit/")
    c("profile-saved", "detail",
      "the profile form sent with a city: back on her profile's overview (now 'Oxford'), with "
      "no message",
      then=steps(fill({"#id_city": "Oxford"}, "main input[type=submit][name=save], "
                      "main input[type=submit]")))
    c("subscriptions", "form",
      "the 'email alerts' tab of her profile: a table of radio buttons (instantly, daily, "
      "weekly, never) for each kind of update, tag choices, Save",
      url="/users/1/alice/subscriptions/")
    c("subscriptions-saved", "form",
      "that form sent with 'never' for questions asked by her: the same form, 'changes saved' "
      "above its button",
      then=steps(click_js("main table tr:has(th:has-text('Asked by me')) td:last-child input"),
                 click("main input[type=submit]")),
      also=("confirmation",))
    c("search-signed-in", "search_results",
      "'size' searched by alice: '2 questions' and their rows", url="/questions/",
      then=search("size"))
    c("answer-edit", "form",
      "'Edit Answer [back]' for alice's answer to the raven question: a revision selector, "
      "the Markdown editor with her text, a summary of the edit, Save edit and Cancel",
      url="/s/answers/2/edit/")
    c("answer-edited", "detail",
      "the edit saved: the raven question's page, scrolled to her changed answer",
      then=steps(fill_area({"main textarea": "I give it up. I don't think it has an answer at "
                                             "all, and it is a waste of time asking riddles "
                                             "that have no answers. (Edited: the Hatter "
                                             "agrees.)"}), press("Save edit")))
    c("answer-revisions", "listing",
      "'Revision history' of that answer: revision 2 (updated just now) and revision 1",
      url="/answers/2/revisions/")
    c("reopen-not-closed", "error",
      "'reopen' asked for a question that is not closed (/questions/reopen/6): 'Sorry, "
      "something went wrong.' (HTTP 500)", url="/questions/reopen/6")
    c("close", "form",
      "'Close question' for her door question: its title, a list of reasons, 'OK to close' and "
      "Cancel", url="/questions/close/6")
    c("closed", "detail",
      "the question closed: its page with '[closed]' after the title, 'Closed for the "
      "following reason ...' and a reopen link", then=press("OK to close"))
    c("reopen", "form",
      "'Reopen question': title, closed by, close reason, when, then 'Reopen question' and "
      "Cancel: an 'are you sure' page", url="/questions/reopen/6")
    c("reopened", "detail",
      "the question reopened: its page again, without '[closed]'",
      then=click("main input[type=submit], main button[type=submit], main button"))
    c("settings-refused", "error",
      "the site settings (/settings/) asked for by alice, who is not an administrator: "
      "redirected to the missing /accounts/login/, 'Page not found' (HTTP 404)",
      url="/settings/")
    c("question-not-found-signed-in", "error",
      "a question id that does not exist, for alice: 'Page not found' (HTTP 404)",
      url="/question/12345/")
    c("moderation-refused", "error",
      "the moderation queue (/moderation-queue/), for moderators only: 'Page not found' (HTTP "
      "404)", url="/moderation-queue/")
    c("admin-refused", "login",
      "Django's admin (/admin/) for alice: its 'Log in' page, 'You are authenticated as alice, "
      "but are not authorized to access this page. Would you like to login to a different "
      "account?', user name, password, Log in", url="/admin/", also=("error",))
    out.signed_in = False
    c("signed-out", "listing",
      "'sign out' (/account/signout/): back on the question list for a visitor, with no "
      "message", url="/account/signout/")
    out.close()
    return out.written


# fmt: on


def askbot(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"askbot": askbot}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
