"""Capture the labelled HOLDOUT page corpus of sites/real/holdout11/pages from a machina forum.

The eleventh holdout app (django-machina 1.3.1 on Django 5.2, a forum engine: the "Wonderland
Tea Party Forum" project of `sites/real/holdout11/forum`) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, after a fresh
`sites/real/holdout11/setup` with the forum running:

    sites/real/holdout11/setup
    sites/real/holdout11/start 8094 &
    .venv/bin/python sites/real/capture_holdout11.py              # or: --machina URL

Three browser sessions: a visitor, the member alice (signed in through Django's sign-in view
that the project wires in at /accounts/login/) and the moderator queen (a superuser). Each page
is read through the project's own browser launcher (`webagent.browser.launch`, 1280x720
viewport) as `tab.snapshot()`, with the HTTP status of the main document (the last navigation
response), and written in exactly the format of sites/real/pages (see
sites/real/pages/README.md). The labels below were decided by hand, one page at a time, from
what each page is for; the classifier and the site profiles were not consulted. The agent's
password is redacted.

Capturing changes the forum: alice starts a topic, replies, edits and deletes a reply, votes
in the poll, subscribes to a topic and marks the forums read, so run `setup` again (and restart
the server) before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout11" / "pages"
PORTS = {"machina": 8094}

F = "/forum/forum"
TEAS = F + "/teas-infusions-2/"
CAKES = F + "/cakes-tarts-biscuits-3/"
COURT = F + "/court-announcements-7/"
UNBIRTHDAY = TEAS + "topic/which-tea-goes-best-with-an-unbirthday-1/"  # 20 posts: two pages
SIX = TEAS + "topic/is-it-always-six-oclock-2/"
POLL = TEAS + "topic/poll-the-official-tea-of-the-party-4/"
TARTS = CAKES + "topic/who-stole-the-tarts-6/"  # locked
RAVEN = F + "/riddles-without-answers-4/topic/why-is-a-raven-like-a-writing-desk-8/"
RULES = COURT + "topic/forum-rules-read-before-posting-12/"  # an announcement
HATTER = "/forum/member/profile/2/"  # user ids: alice 1, hatter 2, march_hare 3, ...


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def sign_in(p: Page, user: str = "alice", password: str = PASSWORD) -> None:
    """Fill and send our /accounts/login/ form (Django's LoginView)."""
    p.fill("#id_username", user)
    p.fill("#id_password", password)
    submit(p, "#main_container button[type=submit]")


def sign_out(p: Page) -> None:
    """Django 5's LogoutView takes a POST only and machina's templates have no sign-out button:
    post a form with the CSRF cookie, as a sign-out button would."""
    with p.expect_navigation(wait_until="load"):
        p.evaluate(
            """() => {
              const f = document.createElement('form');
              f.method = 'post'; f.action = '/accounts/logout/';
              const t = document.createElement('input');
              t.type = 'hidden'; t.name = 'csrfmiddlewaretoken';
              t.value = document.cookie.split('; ').find(c => c.startsWith('csrftoken='))
                .split('=')[1];
              f.appendChild(t); document.body.appendChild(f); f.submit();
            }"""
        )


def write(p: Page, text: str, *, replace: bool = False) -> None:
    """Type a message into machina's Markdown editor (a CodeMirror over the textarea)."""
    p.click(".CodeMirror")
    if replace:
        p.keyboard.press("Control+A")
    p.keyboard.type(text)


def post_form(subject: str | None, text: str, button: str, *, replace: bool = False) -> Any:
    def run(p: Page) -> None:
        if subject is not None:
            p.fill("#id_subject", subject)
        write(p, text, replace=replace)
        submit(p, f"#main_container input[type=submit][value={button}]")

    return run


def press(selector: str) -> Any:
    def run(p: Page) -> None:
        submit(p, selector)

    return run


def sure(p: Page) -> None:
    """Press machina's "Yes, I'm sure" on a confirmation page."""
    submit(p, "#main_container button.btn-warning")


def search(q: str) -> Any:
    def run(p: Page) -> None:
        p.fill("nav input[name=q]", q)
        submit(p, "nav button[type=submit]")

    return run


def vote(p: Page) -> None:
    p.check("input[name=options] >> nth=1")  # Assam
    submit(p, "#main_container form[action*='/vote/'] input[type=submit]")


# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "machina", base, signed_in=False)
    c = out.capture
    c("index", "listing",
      "the board index (/ redirects to /forum/): two categories, each a table of its forums "
      "(name, description, topics, posts, last post by/on), and board statistics",
      url="/")
    c("category", "listing",
      "the category 'The Tea Table': a table of its three forums with counts and last posts",
      url=F + "/the-tea-table-1/")
    c("forum", "listing",
      "the forum 'Teas & Infusions': a table of its four topics (subject, starter and date, "
      "replies, views, last post)", url=TEAS)
    c("topic", "detail",
      "a topic ('Is it always six o'clock?') read by a visitor: the subject, then its four "
      "posts, each with its author's name, post count, date and text",
      url=SIX, also=("article",))
    c("topic-long", "detail",
      "page 1 of a 20-post topic: the first 15 posts with authors and dates, a pager (1, 2) "
      "above and below", url=UNBIRTHDAY, also=("article",))
    c("topic-long-page-2", "detail",
      "page 2 of the long topic: its last 5 posts and the pager", url=UNBIRTHDAY + "?page=2",
      also=("article",))
    c("topic-poll", "detail",
      "the poll topic for a visitor: the poll's question with a percentage bar per option and "
      "'Total votes: 4' above the three posts", url=POLL, also=("article",))
    c("topic-locked", "detail",
      "the locked topic ('Who stole the tarts?') for a visitor: its four posts with authors "
      "and dates; nothing on the page says it is locked", url=TARTS, also=("article",))
    c("topic-announcement", "article",
      "an announcement topic of one post: the forum rules, a heading and a numbered list from "
      "the Queen", url=RULES, also=("detail",))
    c("profile", "detail",
      "a member's profile ('hatter profile'): statistics (15 posts, 2 topics) and his recent "
      "posts, each a link to the post with its date and text", url=HATTER, also=("listing",))
    c("user-posts", "listing",
      "'hatter's posts': '15 posts found', then his posts one after the other, each with its "
      "author box, date and text", url=HATTER + "posts/")
    c("search", "search",
      "the 'Advanced search' page: a form of keywords, 'only in topic subjects', poster name "
      "and a forum list, and a Search button", url="/forum/search/")
    c("search-hits", "search_results",
      "the header search for 'flamingo': 'Your search has returned 5 results' and a Results "
      "table of the matching posts (topic, author, date, an excerpt), a 'New search' link",
      url="/forum/", then=search("flamingo"))
    c("search-no-hits", "search_results",
      "the header search for 'jabberwock': 'Your search has returned 0 results' and a Results "
      "table saying 'No results.'",
      url="/forum/", then=search("jabberwock"))
    c("login", "login",
      "the sign-in page: 'Sign in', Username and Password fields and a Sign in button",
      url="/accounts/login/")
    c("login-failed", "login",
      "sign-in sent with a wrong password: the same form (username kept) under 'Please enter "
      "a correct username and password...'", url="/accounts/login/",
      then=lambda p: sign_in(p, "alice", "not-the-password"), also=("error",))
    c("new-topic-signed-out", "login",
      "'New topic' asked for by a visitor: redirected to the sign-in page (?next=...topic/"
      "create/), which says nothing about why", url=TEAS + "topic/create/")
    c("topic-not-found", "error",
      "a topic that does not exist: Django's bare 'Not Found' page (HTTP 404)",
      url=TEAS + "topic/nosuch-999/")
    out.close()
    return out.written


# -- alice ----------------------------------------------------------------------------------------
def member(browser: Any, base: str) -> list[Path]:
    into = Session(browser, "machina", base, signed_in=True)
    into.goto("/accounts/login/")
    c = into.capture
    c("index-signed-in", "listing",
      "right after signing in (LOGIN_REDIRECT_URL /forum/, no message): the board index with "
      "Subscriptions / View my posts / Mark forums read / View unread topics links above the "
      "tables of forums", then=sign_in)
    c("forum-signed-in", "listing",
      "the 'Teas & Infusions' forum signed in: a 'New topic' button and the table of its "
      "topics", url=TEAS)
    c("topic-signed-in", "detail",
      "a topic alice follows ('Why is a raven like a writing-desk?'): 'Post reply' and "
      "'Unsubscribe' buttons, the six posts, alice's own with Edit / Delete buttons",
      url=RAVEN, also=("article",))
    c("topic-poll-vote", "detail",
      "the poll topic for alice, who has not voted: 'You may select 1 option', a radio button "
      "per tea, Submit and 'View results', then the posts", url=POLL, also=("form",))
    c("poll-voted", "detail",
      "after voting: the poll topic again under 'Your vote has been cast.', the poll now shown "
      "as percentage bars",
      then=vote, also=("confirmation",))
    c("topic-create", "form",
      "'Post a new topic' in Teas & Infusions: Subject, a Markdown editor for the message, "
      "Options / Poll / Attachments tabs (topic type, signature), Preview and Submit",
      url=TEAS + "topic/create/")
    c("topic-create-empty", "form",
      "'Post a new topic' sent empty: the same form with 'This field is required.' under "
      "Subject and Message (no message on top)",
      then=lambda p: submit(p, "#main_container input[type=submit][value=Submit]"))
    c("topic-preview", "form",
      "Preview of a new topic: 'Preview: <subject>' and the rendered message on top, the "
      "filled 'Post a new topic' form below it", url=TEAS + "topic/create/",
      then=post_form("Cheshire Cat tea: does it vanish?",
                     "Whenever I pour tea for the **Cheshire Cat** the cup is empty before I "
                     "put the pot down. Is it the tea, or the Cat?", "Preview"))
    c("topic-created", "detail",
      "after Submit: the new topic's page (alice's one post with Edit / Delete, Post reply, "
      "Subscribe) under 'This message has been posted successfully.'",
      then=lambda p: submit(p, "#main_container input[type=submit][value=Submit]"),
      also=("confirmation",))
    topic = into.page.url.split("?")[0].split("#")[0]
    c("reply-form", "form",
      "'Post a reply' to the new topic: the subject filled, the Markdown editor, Preview and "
      "Submit, and a review of the topic's last posts below", url=topic + "post/create/")
    c("reply-preview", "form",
      "Preview of a reply: the rendered reply above the filled reply form and the topic review",
      then=post_form(None, "The Cat says it only drinks the grin of the tea.", "Preview"))
    c("reply-created", "detail",
      "after sending the reply: the topic's page (?post=N#N) with both posts under 'This "
      "message has been posted successfully.'",
      then=lambda p: submit(p, "#main_container input[type=submit][value=Submit]"),
      also=("confirmation",))
    into.goto(topic)
    edit = into.page.locator("a[title=Edit]").last.get_attribute("href") or ""
    delete = into.page.locator("a[title=Delete]").last.get_attribute("href") or ""
    c("post-edit", "form",
      "'Edit post' of alice's reply: the subject and the message in the editor, an 'Update "
      "reason' field, Preview and Submit", url=edit)
    c("post-edited", "detail",
      "after saving the edit: the topic's page under 'This message has been edited "
      "successfully.', 'Last edited by: alice ... edited 1 time in total' under the reply",
      then=post_form(None, "The Cat says it only drinks the grin of the tea. (Edited: and "
                     "the saucer.)", "Submit", replace=True),
      also=("confirmation",))
    c("post-delete", "form",
      "'Delete post': 'Are you sure you want to delete this post?', a 'Yes, I'm sure' button "
      "and 'No, take me back'", url=delete)
    c("post-deleted", "detail",
      "after 'Yes, I'm sure': back on the topic, now its first post only, under 'This message "
      "has been deleted successfully.'", then=sure, also=("confirmation",))
    c("post-edit-forbidden", "error",
      "the edit URL of hatter's post asked for by alice: Django's bare '403 Forbidden' heading "
      "and nothing else (HTTP 403)",
      url=SIX + "22/post/update/")
    c("new-topic-forbidden", "error",
      "'New topic' in Court Announcements, where members may not start topics: Django's bare "
      "'403 Forbidden' (HTTP 403)", url=COURT + "topic/create/")
    c("subscribe", "form",
      "'Subscribe to topic': 'Would you like to subscribe to this topic?', 'Yes, I'm sure' and "
      "'No, take me back'", url="/forum/member/topic/2/subscribe/")
    c("subscribed", "detail",
      "after 'Yes, I'm sure': the topic's page under 'You subscribed to this topic "
      "successfully.', now with an Unsubscribe button", then=sure, also=("confirmation",))
    c("subscriptions", "listing",
      "'Topics that you are subscribed to': '4 topics found' and a table of them (subject, "
      "starter, replies, views, last post)", url="/forum/member/subscriptions/")
    c("unread-topics", "listing",
      "'View unread topics': '10 unread topics found' and a table of them (subject, starter, "
      "replies, views, last post)",
      url="/forum/tracking/unread-topics/")
    c("mark-forums-read", "form",
      "'Mark forums read': 'Are you sure you want to mark forums read?', 'Yes, I'm sure' and "
      "'No, take me back'", url="/forum/tracking/mark/forums/")
    c("forums-marked-read", "listing",
      "after 'Yes, I'm sure': the board index under 'Forums have been marked read.'",
      then=sure, also=("confirmation",))
    c("unread-topics-none", "listing",
      "'View unread topics' once every forum is marked read: the table's column headers and "
      "'There are no unread topics.'", url="/forum/tracking/unread-topics/", also=("other",))
    c("profile-own", "detail",
      "alice's own profile: an 'Edit profile' link, statistics (posts, topics) and her recent "
      "posts with dates and text", url="/forum/member/profile/1/", also=("listing",))
    c("my-posts", "listing",
      "'View my posts' ('My messages'): '19 posts found', a pager and alice's posts one after "
      "the other with date and text",
      url="/forum/member/profile/1/posts/")
    c("profile-edit", "form",
      "'Edit forum profile': an avatar file field, the signature in a Markdown editor and "
      "Submit",
      url="/forum/member/profile/edit/")
    c("post-not-found", "error",
      "the edit page of a post that does not exist, asked for by alice: Django's bare 'Not "
      "Found' page (HTTP 404)",
      url=SIX + "9999/post/update/")

    def log_out(p: Page) -> None:
        sign_out(p)
        into.signed_in = False

    c("logged-out", "confirmation",
      "after signing out (POST /accounts/logout/): 'You have been signed out' with links back "
      "to the forum and to sign in", url="/forum/", then=log_out)
    into.close()
    return into.written


# -- queen (moderator) ----------------------------------------------------------------------------
def moderator(browser: Any, base: str) -> list[Path]:
    into = Session(browser, "machina", base, signed_in=True)
    into.goto("/accounts/login/")
    sign_in(into.page, "queen")
    c = into.capture
    c("topic-moderator", "detail",
      "a topic seen by the moderator: a 'Moderation queue' link, an icon-only moderation menu "
      "button beside Post reply / Subscribe, Edit and Delete on every post", url=SIX,
      also=("article",))
    c("topic-move", "form",
      "'Move topic': a 'Select a destination forum' menu, a 'Lock topic' checkbox, 'Yes, I'm "
      "sure' and 'No, take me back'", url="/forum/moderation/topic/is-it-always-six-oclock-2/move/")
    c("moderation-queue", "listing",
      "'Moderation queue': '1 posts found' and a table of the posts awaiting approval (subject, "
      "author, date, topic, forum), here dormouse's one reply", url="/forum/moderation/queue/")
    c("queued-post", "detail",
      "one post of the moderation queue: Disapprove / Approve, 'New post', the post (author, "
      "date, text) and a review of its topic's posts",
      then=lambda p: submit(p, "a.post-name-link[href*='/moderation/queue/']"))
    into.close()
    return into.written


def machina(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + member(browser, base) + moderator(browser, base)


APPS = {"machina": machina}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
