"""Capture the labelled HOLDOUT page corpus of sites/real/holdout19/pages from Spirit.

The nineteenth holdout app (Spirit 0.14.3, `django-spirit` on Django 5.2, a forum: a small
Wonderland forum made by `sites/real/holdout19/setup`) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, after a fresh
`sites/real/holdout19/setup` with the app running:

    sites/real/holdout19/setup
    sites/real/holdout19/start 8101 &
    .venv/bin/python sites/real/capture_holdout19.py              # or: --spirit URL

Two browser sessions: a visitor (the latest topics, categories, a topic, the sign-in form and a
wrong password, pages that need a sign-in, registering a new member, password reset, errors),
then alice (signing in, search with and without matches, a topic, replying, editing her post and
its history, profiles, a new topic (incomplete, then published), editing a topic's title, liking
a post and taking the like back, reporting a post, private topics, preferences, password and
e-mail forms, notifications, unread topics, errors, signing out).
Each page is read through the project's own browser launcher (`webagent.browser.launch`,
1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the main document (the last
navigation response), and written in exactly the format of sites/real/pages (see
sites/real/pages/README.md). The labels below were decided by hand, one page at a time, from
what each page is for; the classifier and the site profiles were not consulted. The agent's
password is redacted.

Capturing changes the app (alice replies, edits a post, publishes a topic, likes and unlikes a
post, leaves a private topic and saves her preferences; a new member registers), so run
`setup` again, and restart the server (Spirit keeps its sign-in rate limits in memory), before
a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, click_link, steps
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout19" / "pages"
PORTS = {"spirit": 8101}


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def follow(name: str) -> Any:
    """Open the first link of that name by its address (a link that the page's script turns
    into a background request when clicked, e.g. like/unlike)."""

    def run(p: Page) -> None:
        href = p.get_by_role("link", name=name, exact=False).first.get_attribute("href")
        base = "/".join(p.url.split("/")[:3])  # scheme://host:port
        p.goto(href if "://" in href else base + href, wait_until="load")

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
        for selector, label in (selects or {}).items():
            p.select_option(selector, label=label)
        for selector, text in fields.items():
            p.locator(f"{selector} >> visible=true").first.fill(text)
        for selector in checks:
            p.locator(f"{selector} >> visible=true").first.check()
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        with p.expect_navigation(wait_until="load"):  # the header's search form is hidden
            p.locator(f"{button} >> visible=true").first.click()

    return run


def login(username: str, password: str) -> Any:
    return fill({"#id_username": username, "#id_password": password}, "input[value=Login]")


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "spirit", base, signed_in=False)
    c = out.capture
    c("home", "listing",
      "the forum's start page for a visitor, 'Latest active topics': a 'Log in' link, an 'All "
      "Categories' menu, 'Create Topic', then the topics as rows (title link, category link, "
      "post count, date) and 'Page 1 of 1'", url="/")
    c("category", "listing",
      "one category ('Tea Parties', /category/3/tea-parties/): the same rows of topic links, "
      "only that category's three topics", url="/category/3/")
    c("category-with-subcategory", "listing",
      "the 'Riddles' category: its topics as rows, the subcategory's topic among them",
      url="/category/5/")
    c("topic", "detail",
      "one topic read by a visitor ('Why is a raven like a writing-desk?'): breadcrumb, the "
      "title, then four posts, each an author, a paragraph and its actions (report, share, "
      "like, quote, reply)", url="/topic/2/", also=("article",))
    c("profile-signed-out", "login",
      "a member's profile (/user/2/) asked for by a visitor: redirected to the sign-in form",
      url="/user/2/")
    c("category-closed", "listing",
      "the closed 'Announcements' category: one pinned topic as a row of links",
      url="/category/7/")
    c("login", "login",
      "the sign-in page (/user/login/): 'Login', username and password, a Login button, links "
      "to create an account, reset the password, resend the activation e-mail",
      url="/user/login/")
    c("login-failed", "login",
      "alice's name with a wrong password: the same form with an error message above it",
      then=login("alice", "not-the-password"), also=("error",))
    c("search-signed-out", "login",
      "the search page (/search/) asked for by a visitor: redirected to the sign-in form",
      url="/search/")
    c("publish-signed-out", "login",
      "'Create Topic' followed by a visitor: redirected to the sign-in form (next=/topic/publish/)",
      url="/", then=click_link("Create Topic"))
    c("register", "form",
      "'Register' (/user/register/): username, e-mail twice, password and a Register button",
      url="/user/register/")
    c("register-invalid", "form",
      "the registration sent with an e-mail address repeated wrongly and a name that is taken: "
      "the same form with error messages",
      then=fill({"#id_username": "alice", "#id_email": "bill@wonderland.example.org",
                 "#id_email2": "bil@wonderland.example.org", "#id_password": "lizard-ladder-77"},
                "input[value=Register]"), also=("error",))
    c("register-done", "login",
      "a new member registered (Bill the Lizard): back on the sign-in form, with 'We have "
      "sent you an email to bill@... so you can activate your account!' in the header",
      then=fill({"#id_username": "bill", "#id_email": "bill@wonderland.example.org",
                 "#id_email2": "bill@wonderland.example.org", "#id_password": "lizard-ladder-77"},
                "input[value=Register]"), also=("confirmation",))
    c("password-reset", "form",
      "'I don't know my password' (/user/password-reset/): one e-mail box and a button",
      url="/user/password-reset/")
    c("password-reset-sent", "confirmation",
      "the reset asked for alice's address: a page saying the instructions were e-mailed",
      then=fill({"#id_email": "alice@wonderland.example.org"}, "input[type=submit]"))
    c("resend-activation", "form",
      "'Resend activation email' (/user/resend-activation/): one e-mail box and a button",
      url="/user/resend-activation/")
    c("csrf-failure", "error",
      "the sign-in form sent after the browser's cookies were cleared: Django's bare 'Forbidden "
      "(403)' page, 'CSRF verification failed. Request aborted.' and two paragraphs why",
      url="/user/login/",
      then=steps(lambda p: p.context.clear_cookies(), login("alice", "not-the-password")))
    c("topic-not-found", "error",
      "a topic number that does not exist (/topic/999/): 'Error 404: what you are looking for "
      "is gone... :(' and nothing else", url="/topic/999/")
    c("not-found", "error",
      "an address that does not exist (/nosuch/): the same 404 page", url="/nosuch/")
    c("bad-id", "error",
      "a user number that is not a number (/user/abc/): the 404 page", url="/user/abc/")
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "spirit", base, signed_in=True)
    c = out.capture
    out.goto("/user/login/")
    c("signed-in", "form",
      "alice signed in from the sign-in form: Spirit lands on her 'Preferences' form (name, "
      "avatar, location, time zone, notifications, Save), with no message",
      then=login("alice", PASSWORD))
    c("home-signed-in", "listing",
      "the start page for alice: latest active topics as rows of links, her name and two "
      "icon links in the header", url="/")
    c("search", "search",
      "'Search' (/search/): a search box, 'Filter by' category check boxes and a Search button",
      url="/search/")
    c("search-results", "search_results",
      "a search for 'raven': 'Results' and the one matching topic as a row of links",
      then=fill({"#id_q": "raven"}, "input[value=Search]"),
      also=("listing",))
    c("search-filtered", "search_results",
      "a search for 'tea' limited to the 'Tea Parties' category: 'Results' and the matching "
      "topics", url="/search/",
      then=fill({"#id_q": "tea"}, "input[value=Search]",
                checks=("label:has-text('Tea Parties') input",)), also=("listing",))
    c("search-no-results", "search_results",
      "a search for 'jabberwock': 'Results' and 'There are no search results.'", url="/search/",
      then=fill({"#id_q": "jabberwock"}, "input[value=Search]"))
    c("topic-signed-in", "detail",
      "a topic read by alice ('It is always six o'clock'): the posts with their actions (edit "
      "on hers), 'Notify Me' and a reply box with Publish under them",
      url="/topic/3/", also=("article",))
    c("reply-posted", "detail",
      "a reply written in the topic's box and published: the topic again, her new post last; "
      "no message", then=fill({"#id_comment": "Clean cups would be a great improvement, "
                                             "whatever the time is."}, "input[value=Publish]"),
      also=("article",))
    c("comment-edit", "form",
      "'edit' on her post (/comment/9/update/): 'Edit comment', the post's text in a box "
      "with its toolbar and a Publish button",
      url="/comment/9/update/")
    c("comment-edited", "detail",
      "the edit saved: back on the topic, her post changed; no message",
      then=fill({"#id_comment": "Wouldn't it be simpler to wash the cups? I only ask."},
                "input[type=submit]"), also=("article",))
    c("comment-history", "listing",
      "the edited post's history (/comment/history/9/): 'Comment history', its two versions "
      "one under the other (the added words marked), 'Page 1 of 1'",
      url="/comment/history/9/", also=("other",))
    c("publish", "form",
      "'Create Topic' (/topic/publish/): title, category, a comment box with its toolbar, "
      "Publish", url="/topic/publish/")
    c("publish-invalid", "form",
      "the new topic sent empty: the same form with 'This field is required.' errors",
      then=fill({}, "input[value=Publish]", novalidate=True), also=("error",))
    c("publish-done", "detail",
      "a new topic published in 'Croquet Ground': the new topic's page with its one post; no "
      "message",
      then=fill({"#id_title": "Hedgehogs wandering off the ground",
                 "#id_comment": "Half my hedgehogs uncurl and walk away in the middle of a game. "
                                "Is that allowed by the rules?"},
                "input[value=Publish]", selects={"#id_category": "Croquet Ground"}),
      also=("article",))
    c("topic-edit", "form",
      "editing the title of her topic 'Flamingo mallets keep turning round' "
      "(/topic/update/5/): 'Update topic', one Title box and an Update button",
      url="/topic/update/5/")
    c("like", "form",
      "'like' on the hatter's post (/comment/like/3/create/): only the heading 'Like "
      "hatter's comment' and a Like button, an 'are you sure' page", url="/comment/like/3/create/")
    c("liked", "detail",
      "the like sent: back on the topic, the post now 'remove like (1)'; no message",
      then=fill({}, "input[value=Like]"), also=("article",))
    c("unlike", "form",
      "'remove like (1)' followed by its address (/comment/like/1/delete/): only the heading "
      "'Remove hatter's comment like' and a 'Remove like' button, an 'are you sure' page",
      then=follow("remove like (1)"))
    c("unliked", "detail",
      "'Remove like' pressed: back on the topic, the post at 'like (0)' again; no message",
      then=fill({}, "input[type=submit]"), also=("article",))
    c("report", "form",
      "'report' on a post (/comment/flag/16/create/): 'Reporting cheshire's comment', a "
      "Reason list, a Body box and a Report button", url="/comment/flag/16/create/")
    c("profile", "detail",
      "a member's profile (the hatter, /user/2/hatter/): name, joined and seen, 'Private "
      "Message', tabs Comments/Topics/Likes, then his posts, each under its topic's link",
      url="/user/2/", also=("listing",))
    c("profile-topics", "listing",
      "the profile's 'Topics' tab: the same header, then the topics he started as rows of links",
      then=click_link("Topics"), also=("detail",))
    c("profile-own", "detail",
      "alice's own profile (/user/1/): her name, joined and seen, a Preferences link, tabs "
      "Comments/Topics/Likes, then her posts, each under its topic's link",
      url="/user/1/", also=("listing",))
    c("profile-likes", "listing",
      "her profile's 'Likes' tab: the posts she liked",
      then=click_link("Likes"), also=("detail",))
    c("preferences", "form",
      "'Preferences' (/user/): e-mail and password links, then first and last name, avatar, "
      "location, time zone (a long list), notifications and an Update button", url="/user/")
    c("preferences-saved", "form",
      "the preferences saved unchanged except the location: the same form, with a message "
      "that the profile was updated",
      then=fill({"#id_location": "Oxford, by the river"}, "input[type=submit]"),
      also=("confirmation",))
    c("password-change", "form",
      "'Change password' (/user/password-change/): old password, new one twice, a button",
      url="/user/password-change/")
    c("password-change-invalid", "form",
      "the password form sent with a wrong old password and new ones that differ: the same "
      "form with error messages",
      then=fill({"#id_old_password": "not-the-password", "#id_new_password1": "tea-at-six-o-clock",
                 "#id_new_password2": "tea-at-seven-o-clock"}, "input[type=submit]"),
      also=("error",))
    c("email-change", "form",
      "'Email change' (/user/email-change/): new address and password, 'Change my email'",
      url="/user/email-change/")
    c("menu", "listing",
      "the user menu page (/user/menu/): 'Menu' and a list of five links (Profile, Topics, "
      "Unread topics, Private topics, Log out)", url="/user/menu/")
    c("notifications", "listing",
      "'Notifications' (/topic/notification/): a 'Mark All As Read' button and 'There are no "
      "notifications, yet'", url="/topic/notification/", also=("other",))
    c("unread", "listing",
      "'Unread topics replies' (/topic/unread/): the heading and 'There are no topics here, yet'",
      url="/topic/unread/", also=("other",))
    c("private-topics", "listing",
      "'Private topics' (/topic/private/): 'Create private topic' and her one private topic as "
      "a row of links", url="/topic/private/")
    c("private-topic", "detail",
      "the private topic with the hatter: 'Participants' and 'Leave topic' links, its two "
      "posts with their actions, 'Notify Me' and a reply box",
      url="/topic/private/10/", also=("article",))
    c("private-publish", "form",
      "'Create private topic': title, the members to invite, a comment box, Publish",
      url="/topic/private/publish/")
    c("private-leave", "form",
      "'Leave topic' (/topic/private/remove/2/): only the heading 'Removing alice's from "
      "Seating at Thursday's tea' and a Remove button, an 'are you sure' page",
      url="/topic/private/remove/2/")
    c("private-left", "listing",
      "after Remove: back on her private topics, now 'There are no topics here, yet'; no "
      "message", then=fill({}, "input[value=Remove]"), also=("other",))
    c("admin-forbidden", "error",
      "the forum's administration (/st/admin/) asked for by alice, not an administrator: "
      "'Error 403: You do not have sufficient permissions to access this page. :(' (HTTP 403)",
      url="/st/admin/")
    c("moderate-forbidden", "error",
      "a moderator's action (deleting topic 5, /topic/moderate/delete/5/) asked for by alice: "
      "the 403 page", url="/topic/moderate/delete/5/")
    c("private-not-found", "error",
      "a private topic that is not hers (/topic/private/99/): the 404 page",
      url="/topic/private/99/")
    c("logout", "form",
      "'Log out' (/user/logout/): only 'Are you sure you want to log out?' and a Log out button",
      url="/user/logout/")
    out.signed_in = False
    c("logged-out", "listing",
      "after logging out: the visitor's start page of latest topics, 'Log in' in the header",
      then=fill({}, "input[type=submit]"))
    out.close()
    return out.written


# fmt: on
def spirit(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.splitlines()[0], {"spirit": spirit}, PORTS, PAGES))
