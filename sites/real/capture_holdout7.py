"""Capture the labelled HOLDOUT page corpus of sites/real/holdout7/pages from Redmine.

The seventh holdout app (Redmine 5.0.4 from Debian bookworm, packages `redmine` and
`redmine-sqlite`, run with the Rails server over SQLite; a "Wonderland Redmine" of three
projects, `sites/real/holdout7/`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, after `sites/real/holdout7/setup` with Redmine
running:

    sites/real/holdout7/setup
    sites/real/holdout7/start 8090 &
    .venv/bin/python sites/real/capture_holdout7.py              # or: --redmine URL

Redmine renders every page on the server (a little script for menus and toggles), so no
capture waits for anything but the page's load. Each page is read through the project's own
browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the
HTTP status of the main document (the last navigation response), and written in exactly the
format of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by
hand, one page at a time, from what each page is for; the classifier and the site profiles
were not consulted. The agent's password is redacted from everything written.

Capturing changes Redmine (an issue is created, one is updated and one deleted, a wiki page is
saved, a news item gets a comment, a lost-password token is made), so run
`sites/real/holdout7/setup` (and restart Redmine) before a re-capture. Dates are relative to
the day of the setup, so "3 days ago" and the calendar's month differ from one capture to the
next.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, redact, submit  # noqa: F401
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout7" / "pages"
PORTS = {"redmine": 8090}
TEA = "/projects/tea-party"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps on the pages ------------------------------------------------------------------------
def sign_in(p: Page, user: str = USER, password: str = PASSWORD) -> None:
    """Fill and send Redmine's sign-in form (the page must show it)."""
    p.fill("#username", user)
    p.fill("#password", password)
    submit(p, "#login-submit")


def failed_sign_in(p: Page) -> None:
    sign_in(p, USER, "not-the-password")


def lost_password(p: Page) -> None:
    p.fill("#mail", "alice@wonderland.example")
    submit(p, "#content input[type=submit]")


def new_issue(p: Page) -> None:
    p.select_option("#issue_tracker_id", label="Bug")
    p.fill("#issue_subject", "Cheshire Cat's grin left behind on the table")
    p.fill("#issue_description", "The cat vanished, the grin stayed. It frightens the Dormouse.")
    p.select_option("#issue_priority_id", label="High")
    submit(p, "#issue-form input[name=commit]")


def update_issue(p: Page) -> None:
    p.select_option("#issue_status_id", label="In Progress")
    p.fill(
        "#issue_notes", "Found the Dormouse in the sugar basin this time. Moving him to a cushion."
    )
    submit(p, "#issue-form input[name=commit]")


def save_wiki(p: Page) -> None:
    text = p.input_value("#content_text")
    p.fill(
        "#content_text",
        text + "\nh2. Have you guessed the riddle yet?\n\nNo, I give it up. What's the answer?\n",
    )
    p.fill("#content_comments", "Alice gives up")
    submit(p, "#wiki_form input[name=commit]")


def comment_news(p: Page) -> None:
    p.click("text=Add a comment")
    p.fill("#comment_comments", "It's the stupidest tea-party I ever was at in all my life!")
    submit(p, "#add_comment_form input[type=submit]")


def delete_issue(p: Page) -> None:
    """Open the issue's "..." menu and choose Delete (its "Are you sure?" is accepted)."""
    p.click("#content > .contextual .drdn-trigger")
    with p.expect_navigation(wait_until="load"):
        p.click("#content > .contextual a.icon-del")


def save_account(p: Page) -> None:
    submit(p, "#my_account_form input[name=commit]")


# -- Redmine -----------------------------------------------------------------------------------
def redmine(browser: Any, base: str) -> list[Path]:  # noqa: PLR0915 (one page a step)
    out = Session(browser, "redmine", base, signed_in=False)
    c = out.capture
    c(
        "home",
        "article",
        "the welcome page for a visitor: 'Home', a 'Welcome to Wonderland' heading with a "
        "paragraph and two bullet points, and a 'Latest news' box of two news summaries",
        url="/",
        also=("other",),
    )
    c(
        "projects",
        "listing",
        "the projects list for a visitor: the public projects as boxes, each a link with its "
        "description, and filters above",
        url="/projects",
    )
    c(
        "project-overview",
        "detail",
        "the Mad Tea Party's overview: its description and homepage, an issue-tracking box of "
        "open/closed counts per tracker, spent time, members by role and the latest news",
        url=TEA,
        also=("other",),
    )
    c(
        "issues",
        "listing",
        "the project's issue list for a visitor: filter and options boxes, then a table of the "
        "open issues (tracker, status, priority, subject, assignee, updated)",
        url=f"{TEA}/issues",
    )
    c(
        "calendar",
        "other",
        "the project's Calendar: filters, then this month as a grid of weeks with the issues that "
        "start or end on each day",
        url=f"{TEA}/issues/calendar",
        also=("listing",),
    )
    c(
        "gantt",
        "other",
        "the project's Gantt chart: filters, then the versions and issues as rows beside a chart "
        "of bars over the months",
        url=f"{TEA}/issues/gantt",
    )
    c(
        "issues-filtered-sorted",
        "listing",
        "the issue list filtered to all Bugs of any status and sorted by priority, descending: "
        "the filter rows and a table of the 5 bugs",
        url=f"{TEA}/issues?set_filter=1&f[]=status_id&op[status_id]=*&f[]=tracker_id"
        "&op[tracker_id]==&v[tracker_id][]=1&sort=priority:desc,id",
    )
    c(
        "issue",
        "detail",
        "Bug #1 'Teapot leaks onto the tablecloth': its attributes (status, priority, assignee, "
        "dates, % done, times), description, related issue and the history of 5 journal notes "
        "with their changes",
        url="/issues/1",
    )
    c(
        "spent-time",
        "listing",
        "the project's Spent time page: filters, 'Total time' and a table of 6 time entries "
        "(date, user, activity, issue, comment, hours)",
        url=f"{TEA}/time_entries",
    )
    c(
        "wiki-start",
        "article",
        "the wiki start page 'Tea Party Handbook': headings, paragraphs and a list of links to "
        "the other pages, with the wiki sidebar and 'Updated by ... 4 revisions'",
        url=f"{TEA}/wiki",
    )
    c(
        "wiki-table",
        "article",
        "the wiki page 'Seating Plan': a heading, a paragraph and a table of five seats",
        url=f"{TEA}/wiki/Seating_Plan",
    )
    c(
        "wiki-index",
        "listing",
        "the wiki's 'Index by title': the tree of the 5 page titles as links",
        url=f"{TEA}/wiki/index",
    )
    c(
        "wiki-history",
        "listing",
        "the start page's History: a table of its 4 versions (date, author, comment) with "
        "radio buttons and a 'View differences' button",
        url=f"{TEA}/wiki/Wiki/history",
    )
    c(
        "wiki-diff",
        "other",
        "the differences between versions 2 and 4 of the start page: the page's text with the "
        "words removed and added marked",
        url=f"{TEA}/wiki/Wiki/diff?version=4&version_from=2",
        also=("article",),
    )
    c(
        "roadmap",
        "listing",
        "the project's Roadmap: the two open versions, each with its due date, description, a "
        "progress bar, issue counts and its (Feature) issues",
        url=f"{TEA}/roadmap",
    )
    c(
        "version",
        "detail",
        "version 1.0 Unbirthday's page: due date, description, progress bar, issue counts, "
        "estimated and spent time and the list of its issues",
        url="/versions/2",
    )
    c(
        "activity",
        "listing",
        "the project's Activity: the last 10 days of changes grouped by day (issues, notes, wiki "
        "edits, news, messages, time spent), each a link with a short text",
        url=f"{TEA}/activity",
    )
    c(
        "news-list",
        "listing",
        "the project's News: the two news items with their summary, author and date, and the "
        "comment count",
        url=f"{TEA}/news",
        also=("article",),
    )
    c(
        "news-item",
        "article",
        "the news item 'Table laid for the unbirthday party': its summary, text and the one "
        "comment below it",
        url="/news/1",
        also=("detail",),
    )
    c(
        "forums",
        "listing",
        "the project's Forums: a table of the two boards with their topic and message counts and "
        "last message",
        url=f"{TEA}/boards",
    )
    c(
        "board",
        "listing",
        "the 'General' board: a table of its two topics (subject, author, created, replies, last "
        "message)",
        url=f"{TEA}/boards/1",
    )
    c(
        "topic",
        "article",
        "the forum topic 'Where should the Dormouse sit?': the first message and its two replies",
        url="/boards/1/topics/1",
        also=("detail",),
    )
    c(
        "search",
        "search",
        "the Search page with no query: a search box, scope, checkboxes of what to search "
        "(issues, news, wiki pages, messages, projects...) and options",
        url="/search",
    )
    c(
        "search-hits",
        "search_results",
        "search for 'teapot': the search form again, counts per kind and 'Results (6)', a list "
        "of the matching project, issues, wiki page and message with excerpts",
        url="/search?q=teapot",
    )
    c(
        "search-no-hits",
        "search_results",
        "search for 'jabberwock': the search form again and 'Results (0)' over an empty list",
        url="/search?q=jabberwock",
    )
    c(
        "user-profile",
        "detail",
        "the Mad Hatter's user page: his facts, issue counts, his projects and roles and his "
        "recent activity by day",
        url="/users/6",
    )
    c(
        "login",
        "login",
        "the sign-in page: Login and Password fields, 'Lost password' link and a Login button",
        url="/login",
    )
    c(
        "login-failed",
        "login",
        "the sign-in form sent with a wrong password: the form again with 'Invalid user or "
        "password' above it",
        url="/login",
        then=failed_sign_in,
        also=("error",),
    )
    c(
        "lost-password",
        "form",
        "the 'Lost password' page: one Email field and a Submit button",
        url="/account/lost_password",
    )
    c(
        "lost-password-sent",
        "confirmation",
        "the lost-password form sent: the sign-in page with 'An email with instructions to "
        "choose a new password has been sent to you.'",
        url="/account/lost_password",
        then=lost_password,
        also=("login",),
    )
    c(
        "register",
        "form",
        "the 'Register' page: login, password, confirmation, first and last name, email and "
        "language fields and a Submit button",
        url="/account/register",
    )
    c(
        "issue-missing",
        "error",
        "an issue that does not exist (/issues/999): '404' and 'The page you were trying to "
        "access doesn't exist or has been removed.' with a Back link (HTTP 404)",
        url="/issues/999",
    )
    c(
        "route-missing",
        "error",
        "an unknown URL (/no-such-page): Redmine's static 404 page, only 'Page not found' and "
        "'The page you were trying to access doesn't exist or has been removed.' (HTTP 404)",
        url="/no-such-page",
    )
    c(
        "private-project-signed-out",
        "login",
        "the private project asked for by a visitor: Redmine redirects to the sign-in page "
        "(back_url kept), which says nothing about why",
        url="/projects/croquet-ground",
        also=("error",),
    )
    c(
        "archived-project-signed-out",
        "error",
        "the archived project asked for by a visitor: '403' and 'The project you're trying to "
        "access has been archived.' (HTTP 403)",
        url="/projects/rabbit-hole",
    )
    out.close()

    into = Session(browser, "redmine", base, signed_in=True)
    c = into.capture
    c(
        "my-page-after-login",
        "listing",
        "right after signing in: 'My page' with its blocks of issues assigned to alice and "
        "issues she reported, as tables",
        url="/login",
        then=sign_in,
    )
    c(
        "project-overview-private",
        "detail",
        "the private Queen's Croquet Ground's overview for alice: description, issue counts "
        "per tracker, members, latest news",
        url="/projects/croquet-ground",
        also=("other",),
    )
    c(
        "new-issue",
        "form",
        "the New issue form: tracker, subject, description editor, status, priority, assignee, "
        "category, version, dates, times, files, watchers, Create buttons",
        url=f"{TEA}/issues/new",
    )
    c(
        "issue-created",
        "detail",
        "the new issue sent: the page of Bug #16 with the flash 'Issue #16 created.' above it",
        then=new_issue,
        also=("confirmation",),
    )
    c(
        "issue-edit",
        "form",
        "Bug #3's Edit page: the issue's properties as fields, a Notes box, a Log time section "
        "and a Submit button",
        url="/issues/3/edit",
    )
    c(
        "issue-updated",
        "detail",
        "the edit sent: Bug #3's page with 'Successful update.' above it and the new note at the "
        "end of its history",
        then=update_issue,
        also=("confirmation",),
    )
    c(
        "wiki-edit",
        "form",
        "the wiki page 'Riddles' in its edit form: the text in a textile editor with a toolbar, "
        "a Comment field, files, Save and Preview",
        url=f"{TEA}/wiki/Riddles/edit",
    )
    c(
        "wiki-saved",
        "article",
        "the Riddles page right after saving the edit: the page with its new section, no message",
        then=save_wiki,
    )
    c(
        "news-commented",
        "article",
        "a comment added to the news item: the item with its two comments",
        url="/news/1",
        then=comment_news,
        also=("confirmation", "detail"),
    )
    c(
        "issue-deleted",
        "listing",
        "Feature #12 deleted from its '...' menu (the 'Are you sure?' accepted): the project's "
        "issue list with 'Successful deletion.' above it",
        url="/issues/12",
        then=delete_issue,
        also=("confirmation",),
    )
    c(
        "my-account",
        "form",
        "'My account': alice's first and last name, email, language, notification and "
        "preference fields, a Save button; a sidebar with her login and API links",
        url="/my/account",
    )
    c(
        "my-account-saved",
        "form",
        "'My account' saved: the same form with 'Account was successfully updated.' above it",
        then=save_account,
        also=("confirmation",),
    )
    c(
        "change-password",
        "form",
        "'Change password': current password, new password and confirmation fields, Apply",
        url="/my/password",
    )
    c(
        "admin",
        "listing",
        "the Administration page: a list of the admin sections (projects, users, groups, roles, "
        "trackers, statuses, workflow, settings...) as links with icons",
        url="/admin",
    )
    c(
        "admin-users",
        "listing",
        "Administration > Users: a filter form and a table of the 5 users (login, names, email, "
        "admin, created, last connection)",
        url="/users",
    )
    c(
        "admin-settings",
        "form",
        "Administration > Settings, General tab: application title, welcome text, attachment "
        "size, host name and more fields, a Save button, tabs for the other sections",
        url="/settings",
    )
    c(
        "archived-project-signed-in",
        "error",
        "the archived project asked for by alice (an admin): '403' and 'The project you're "
        "trying to access has been archived.' (HTTP 403)",
        url="/projects/rabbit-hole",
    )

    def log_out(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.click("a.logout")
        into.signed_in = False

    c(
        "logged-out",
        "article",
        "after 'Sign out': the visitor's welcome page (welcome text and latest news), no message",
        url="/",
        then=log_out,
        also=("other",),
    )
    into.close()
    return out.written + into.written


APPS = {"redmine": redmine}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
