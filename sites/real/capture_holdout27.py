"""Capture the labelled HOLDOUT page corpus of sites/real/holdout27/pages from Kallithea 0.7.0.

The twenty-seventh holdout app (Kallithea 0.7.0, PyPI `kallithea`, a Mercurial and Git
repository hosting app on SQLite, served by `gearbox serve` with waitress, seeded by
`sites/real/holdout27/setup` with Wonderland users, a user group, two repository groups, six
repositories with commits, branches and tags pushed over HTTP, a changeset comment, a pull
request with comments and a gist) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, with the app freshly set up and running:

    sites/real/holdout27/setup
    sites/real/holdout27/start 8109 &
    .venv/bin/python sites/real/capture_holdout27.py              # or: --kallithea URL

Two browser sessions. A visitor (public access is on, as Kallithea is installed by default): the
home page of repositories and groups, a group, repository summaries with a rendered readme
(reStructuredText, Markdown) and an empty repository, the changelog (page 1 of 100, a page 2 of
10 and a page 2 past the end, which Kallithea answers with a server error), the file browser,
two files, a raw file, an annotation, a changeset, the pull requests and a pull request, the
gists and a gist, the About page, the public journal, followers, forks, the search form and
results (all repositories, one repository), a private repository and an admin page (both
answered by the sign-in form), two missing pages, the sign-in page, a failed sign-in, a sign-in
refused for its stale form token, registration (the form, a failed and a successful one), the
password reset (form, sent). Then alice, signed in (Kallithea's administrator): the home page,
her journal, her account pages, her pull requests; searches (file contents, commit messages,
file names, no match, an empty term); a pull request, the new pull request form, a comparison of
branches, a repository's settings, permissions and fork form, statistics, a file's history, a
private repository; the admin pages (repositories, groups, users, a user, user groups and
members, default permissions, settings, hooks, system info, a group's settings, the new user,
group, gist and repository forms); what comes after creating a repository and a group, saving a
user and her profile, a wrong current password, creating a gist, deleting the repository she
made (and its Advanced settings page with the delete button); a missing repository, file and
changeset, a form sent with a stale token; and last, signing out. Each page is read through the
project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response), and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The labels
below were decided by hand, one page at a time, from what each page is for; the classifier and
the site profiles were not consulted.

Capturing changes the app (a user registered, a password reset asked for, a repository created
and deleted, a repository group created, a user and alice's profile saved, a gist created): run
`setup` again (with the server stopped) before a re-capture, as user, gist and pull request
numbers are those of a fresh seed and a second registration or group of the same name fails.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import click, guarded, steps, submit, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout27" / "pages"
PORTS = {"kallithea": 8109}

# numbers of a fresh seed (sites/real/holdout27/seed.py)
HATTER = 3  # the user id of the Mad Hatter
STAFF = 1  # the user group tea-party-staff
PR = "/wonderland/tea-party/pull-request/1/_/clocks"
GIST = 1
TEA = "/wonderland/tea-party"
GLASS = "/looking-glass"
CROQUET = "/wonderland/croquet"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=700, **kwargs)


def fill(selector: str, value: str) -> Any:
    return lambda page: page.fill(selector, value)


def sign_in(password: str) -> Any:
    def run(page: Page) -> None:
        page.fill("#username", capturing.USER)
        page.fill("#password", password)
        submit(page, "#sign_in")

    return run


def send(selector: str) -> Any:
    return lambda page: submit(page, selector)


def stale_token(page: Page) -> None:
    """Make the form's hidden anti-forgery token stale, as after a server restart."""
    page.eval_on_selector_all(
        "input[name=_session_csrf_secret_token]", "els => els.forEach(e => e.value = '1234')"
    )


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "kallithea", base, signed_in=False)
    c = guarded(out)
    # browsing
    c("home", "listing",
      "the front page for a visitor ('Repositories'): a filterable table of the two repository "
      "groups and the two top-level public repositories (type, name, description, last change, "
      "tip, owner, feed)", url="/", then=wait(500))
    c("group", "listing",
      "the repository group 'wonderland': the same table of the three public repositories in it",
      url="/wonderland", then=wait(500))
    c("summary-readme-rst", "detail",
      "the summary of the repository wonderland/tea-party: clone URL, description, owner, "
      "followers, forks, the latest changes, then its README.rst rendered (headings, paragraphs, "
      "a list)", url=TEA, also=("article",))
    c("summary-readme-md", "detail",
      "the summary of the repository looking-glass: its facts, the latest changes and its "
      "README.md rendered below", url=GLASS, also=("article",))
    c("summary-empty", "detail",
      "the summary of the empty repository rabbit-hole: 'There are no changesets yet', its facts "
      "and a 'Quick Start' of commands to push a first commit", url="/rabbit-hole")
    c("changelog", "listing",
      "the changelog of looking-glass: 'showing 30 out of 30 revisions', a table of changesets "
      "(author, hash, age, message, tags, branch) with a branch filter", url=f"{GLASS}/changelog")
    c("changelog-page-past-end", "error",
      "the changelog's page 2 asked for while all 30 revisions fit on page 1 (100 a page): "
      "Kallithea fails with '500 Internal Server Error', a bare error page",
      url=f"{GLASS}/changelog?page=2")
    c("changelog-page-2", "listing",
      "the changelog shown 10 revisions a page, page 2: ten changesets with links to the other "
      "pages", url=f"{GLASS}/changelog?size=10&page=2")
    c("files-root", "listing",
      "the file browser at the root of wonderland/croquet: a branch filter and a table of the "
      "files (name, size, last revision, last modified, author)", url=f"{CROQUET}/files/tip/")
    c("file", "detail",
      "one file, flamingo.py: its location, revision, size and type, the last commit, links to "
      "annotate, show raw, download, history, then its source with line numbers",
      url=f"{CROQUET}/files/tip/flamingo.py", also=("other",))
    c("file-markdown", "detail",
      "one text file, rules.md, shown the same way as source (not rendered): a numbered list of "
      "rules in Markdown below the file's facts and actions",
      url=f"{CROQUET}/files/tip/rules.md", also=("article",))
    c("annotate", "other",
      "the annotation of teapot.py (hg blame): each line of the file beside the changeset that "
      "last changed it", url=f"{TEA}/annotate/tip/teapot.py", also=("detail",))
    c("changeset", "detail",
      "one changeset of tea-party: its hash, status, author, date, message, parents and children, "
      "the file changed with its diff, and a comment on it", url=f"{TEA}/changeset/tip",
      also=("other",))
    c("pull-requests", "listing",
      "'Pull Requests to wonderland/tea-party': a table of the open pull requests (one: vote, "
      "title, owner, age, from, to)", url=f"{TEA}/pull-request")
    c("pull-request", "detail",
      "pull request #1 'Mend the Hatter's watch': description, status, origin and target, "
      "owner, reviewers, its two commits, the diff and the comments", url=PR)
    c("gists", "listing", "'Public Gists - 1': the list of public gists (one entry)",
      url="/_admin/gists")
    c("gist", "detail",
      "one gist, 'Twinkle, twinkle, little bat': its owner, expiry, file and text",
      url=f"/_admin/gists/{GIST}")
    c("raw-poem", "article",
      "'Show as Raw' of poems/jabberwocky.txt: the browser shows the file itself, two stanzas "
      "of Jabberwocky as plain text, no page around it",
      url=f"{GLASS}/raw/tip/poems/jabberwocky.txt", also=("other",))
    c("about", "article",
      "'About Kallithea' (the footer's copyright link, /about): a heading, paragraphs on the "
      "project and its licence, and a long list of copyright lines", url="/about")
    c("public-journal", "listing",
      "the public journal (/_admin/public_journal): the feed of actions on repositories that "
      "were added to it, here none", url="/_admin/public_journal")
    c("followers", "listing",
      "the followers of tea-party: one follower (hatter) and since when", url=f"{TEA}/followers")
    c("forks", "listing",
      "the forks of tea-party: one fork (wonderland/tea-party-alice) with its owner, description "
      "and a 'Compare Fork' link", url=f"{TEA}/forks")
    # searching
    c("search", "search",
      "'Search in All Repositories': a search term box, a 'Search in' choice (file contents, "
      "commit messages, file names) and a Search button, nothing else", url="/_admin/search")
    c("search-results", "search_results",
      "a search of file contents for 'tea': '6 results', each a repository and file with the "
      "matching text, the form above with the query", url="/_admin/search?q=tea&type=content")
    c("repo-search-results", "search_results",
      "a search of the commit messages of looking-glass for 'queen': '3 results', each a "
      "changeset with its date, author and message", url=f"{GLASS}/search?q=queen&type=commit")
    # refused, missing
    c("private-repo", "login",
      "the private repository wonderland/queens-court asked for by a visitor: redirected to the "
      "sign-in form, with 'You need to be signed in to view this page' above it",
      url="/wonderland/queens-court")
    c("admin-users", "login",
      "the admin list of users asked for by a visitor: redirected to the sign-in form",
      url="/_admin/users")
    c("missing-page", "error",
      "an address that is no repository (/wonderland/mirror): '404 Not Found', 'The resource "
      "could not be found', a bare error page", url="/wonderland/mirror")
    c("missing-gist", "error", "a gist that does not exist (/_admin/gists/99): the same 404 page",
      url="/_admin/gists/99")
    # signing in, registering
    c("login", "login",
      "'Log In': username, password, 'Stay logged in', links to reset the password and to sign "
      "up, a 'Sign In' button", url="/_admin/login")
    c("login-failed", "login",
      "a wrong password for alice: the same form with 'Invalid username or password' under the "
      "password box", url="/_admin/login", then=sign_in("not-the-password"), also=("error",))
    c("login-no-token", "error",
      "the sign-in form sent with a stale anti-forgery token (as after the server restarted): "
      "'403 Forbidden', 'You don't have permission to view this page'", url="/_admin/login",
      then=steps(stale_token, sign_in("not-the-password")))
    c("register", "form",
      "'Sign Up': username, password twice, first and last name, e-mail, a 'Sign Up' button and "
      "a note that an administrator must activate the account", url="/_admin/register")
    c("register-failed", "form",
      "the sign-up form sent with two different passwords: the form again, filled in, with "
      "'Passwords do not match' under both boxes", also=("error",),
      url="/_admin/register", then=steps(
          fill("#username", "cheshire"), fill("#password", "grin-without-a-cat-5"),
          fill("#password_confirmation", "a-cat-without-a-grin-5"),
          fill("#firstname", "Cheshire"), fill("#lastname", "Cat"),
          fill("#email", "cheshire@wonderland.example"), send("#sign_up")))
    c("registered", "login",
      "after signing up: the sign-in form, with 'You have successfully registered with "
      "Kallithea' above it", also=("confirmation",),
      url="/_admin/register", then=steps(
          fill("#username", "cheshire"), fill("#password", "grin-without-a-cat-5"),
          fill("#password_confirmation", "grin-without-a-cat-5"),
          fill("#firstname", "Cheshire"), fill("#lastname", "Cat"),
          fill("#email", "cheshire@wonderland.example"), send("#sign_up")))
    c("password-reset", "form",
      "'Reset Your Password': an e-mail address box and 'Send Password Reset Email'",
      url="/_admin/password_reset")
    c("password-reset-sent", "form",
      "after 'Send Password Reset Email' for the Hatter's address: 'A password reset "
      "confirmation code has been sent' above a new form (the code from the e-mail, a new "
      "password twice, 'Confirm')", also=("confirmation",),
      url="/_admin/password_reset", then=steps(
        fill("#email", "hatter@wonderland.example"), send("#send")))
    out.close()
    return out.written


# -- what alice is shown, signed in (called by alice below) ------------------------------------
def her_pages(c: Any) -> None:
    # her pages
    c("home-signed-in", "listing",
      "the front page signed in: the table of groups and top-level repositories with follow "
      "toggles, and 'Add Repository' and 'Add Repository Group' links", url="/", then=wait(500))
    c("journal", "listing",
      "her 'Journal': a filter box and the actions on the repositories she watches, by day "
      "(follows, pushes with their changesets)", url="/_admin/journal")
    c("my-account", "form",
      "'My Account', Profile tab: username, first and last name, e-mail, 'Save'",
      url="/_admin/my_account")
    c("my-account-password", "form",
      "'Change Your Account Password': current password, new password twice, 'Save'",
      url="/_admin/my_account/password")
    c("my-account-repos", "listing",
      "'Repositories You Own': a table of her two repositories with Edit and Delete buttons",
      url="/_admin/my_account/repos", then=wait(500))
    c("my-account-api-keys", "form",
      "'API Keys': her built-in key in a table, and a 'New API key' form (description, "
      "lifetime, Add)", url="/_admin/my_account/api_keys", also=("listing",))
    c("my-pull-requests", "listing",
      "'My Pull Requests': the pull requests she created (one), those needing her review and "
      "those she takes part in ('No entries')", url="/my_pullrequests")


def searching(c: Any) -> None:
    # searching
    c("search-content", "search_results",
      "a search of file contents for 'hedgehog': the results, each a file with the matching "
      "lines", url="/_admin/search?q=hedgehog&type=content")
    c("search-commits", "search_results",
      "a search of commit messages for 'butter': the matching changesets",
      url="/_admin/search?q=butter&type=commit")
    c("search-paths", "search_results",
      "a search of file names for 'square*': '7 results', the chess square files of "
      "looking-glass", url="/_admin/search?q=square%2A&type=path")
    c("search-no-results", "search_results",
      "a search of commit messages for 'bandersnatch': the form with the query and '0 results' "
      "and nothing else", url="/_admin/search?q=bandersnatch&type=commit")
    c("search-empty", "search",
      "a search sent with an empty term: only the search form again, no results line",
      url="/_admin/search?q=&type=content")


def repository(c: Any) -> None:
    # a repository
    c("pull-request-signed-in", "detail",
      "pull request #1 seen by its owner: its facts, reviewers to edit, commits, diff and "
      "comments, and a comment box with vote, close and delete choices", url=PR)
    c("pull-request-new", "form",
      "'New Pull Request' on tea-party: title, description, the origin and target repository "
      "and branch, the commits to send, 'Create Pull Request'",
      url=f"{TEA}/pull-request/new", then=wait(800))
    c("compare", "other",
      "'Compare Revisions' of the branches default and clocks: the two refs, 'Showing 2 "
      "commits' and the diff of the files changed",
      url=f"{TEA}/compare/branch@default...branch@clocks?other_repo=wonderland/tea-party",
      also=("listing",))
    c("repo-settings", "form",
      "the settings of tea-party: name, permanent URL, remote repository, group, landing "
      "revision, owner, description, private, statistics, downloads, 'Save'",
      url=f"{TEA}/settings", also=("detail",))
    c("repo-permissions", "form",
      "the permissions of tea-party: None/Read/Write/Admin radio buttons for each user and "
      "group, 'Add another member', 'Save'", url=f"{TEA}/settings/permissions")
    c("repo-fork", "form",
      "'Fork repository wonderland/tea-party': the fork's name, group, type, description, "
      "privacy, 'Fork this Repository'", url=f"{TEA}/fork")
    c("statistics", "other",
      "the statistics page of looking-glass: 'Statistics are disabled for this repository', "
      "an 'Enable' link and empty charts (activity, commits by author)",
      url=f"{GLASS}/statistics", then=wait(800))
    c("file-history", "listing",
      "the changelog of one file (notes.md): the changesets that changed it",
      url=f"{GLASS}/changelog/tip/notes.md")
    c("private-repo-signed-in", "detail",
      "the summary of the private repository wonderland/queens-court: its facts and its one "
      "changeset", url="/wonderland/queens-court")


def administration(c: Any) -> None:
    # administration
    c("admin-repos", "listing",
      "'Repositories Administration': a filterable table of all six repositories with Edit and "
      "Delete buttons, 'Add Repository'", url="/_admin/repos", then=wait(500))
    c("admin-repo-groups", "listing",
      "'Repository Groups Administration': the table of the two groups (name, description, "
      "repositories, owner, actions)", url="/_admin/repo_groups", then=wait(500))
    c("admin-users-signed-in", "listing",
      "'Users Administration': the table of users (username, first and last name, last "
      "login, active, admin, auth type) with Edit and Delete buttons",
      url="/_admin/users", then=wait(500))
    c("admin-user-edit", "form",
      "the user hatter's settings, Profile tab: username, e-mail, new password, names, active "
      "and admin boxes, 'Save'", url=f"/_admin/users/{HATTER}/edit", also=("detail",))
    c("admin-user-groups", "listing",
      "'User Groups Administration': the table of user groups (one: tea-party-staff)",
      url="/_admin/user_groups", then=wait(500))
    c("admin-user-group-members", "listing",
      "the 'Show Members' tab of the user group tea-party-staff: the list of its three members",
      url=f"/_admin/user_groups/{STAFF}/edit/members")
    c("admin-permissions", "form",
      "'Default Permissions': anonymous access, the default rights on repositories, groups and "
      "user groups, who may create what, registration, 'Save'", url="/_admin/permissions")
    c("admin-settings", "form",
      "'Settings Administration', VCS tab: hooks, extensions, the location of repositories, "
      "'Save Settings'", url="/_admin/settings")
    c("admin-settings-hooks", "form",
      "the Hooks tab of the settings: the built-in Mercurial hooks and a form to add a custom "
      "one", url="/_admin/settings/hooks")
    c("admin-settings-system", "other",
      "the System Info tab of the settings: Kallithea, Python, platform and Git versions, then a "
      "table of the Python packages installed", url="/_admin/settings/system",
      also=("detail",))
    c("repo-group-edit", "form",
      "the settings of the repository group wonderland: name, description, parent group, "
      "'Save'", url="/_admin/repo_groups/wonderland/edit", also=("detail",))
    c("admin-user-new", "form",
      "'Add user': username, password twice, names, e-mail, active, 'Save'",
      url="/_admin/users/new")
    c("admin-repo-group-new", "form",
      "'Add Repository Group': name, description, parent group, 'Save'",
      url="/_admin/repo_groups/new")
    c("gist-new", "form",
      "'New Gist': description, lifetime, file name, a code editor, 'Create Public Gist' and "
      "'Create Private Gist'", url="/_admin/gists/new")
    c("repo-new", "form",
      "'Add Repository': name, clone from a remote, description, group, type, landing revision, "
      "private, 'Add'", url="/_admin/create_repository")


def after_actions(c: Any) -> None:
    # after actions
    c("repo-created", "detail",
      "the new repository mock-turtle right after 'Add': 'Created repository mock-turtle' and "
      "'There are no changesets yet' above its summary and Quick Start",
      also=("confirmation",), url="/_admin/create_repository", then=steps(
          fill("#repo_name", "mock-turtle"),
          fill("#repo_description", "The Mock Turtle's story, and the Lobster Quadrille"),
          send("#add"), wait(1500)))
    c("repo-group-created", "listing",
      "the new repository group tulgey-wood right after 'Save': 'Created repository group "
      "tulgey-wood' above the group's page, an empty table of its repositories ('No data "
      "available in table') and links to add some", also=("confirmation",),
      url="/_admin/repo_groups/new", then=steps(
        fill("#group_name", "tulgey-wood"),
        fill("#group_description", "Where the Jabberwock came whiffling through"),
        send("#save")))
    c("user-saved", "form",
      "the user hatter after 'Save' with a new last name: 'User updated successfully' above the "
      "same form", also=("confirmation", "detail"), url=f"/_admin/users/{HATTER}/edit",
      then=steps(fill("#lastname", "Hatter (mad)"), send("#save")))
    c("my-account-saved", "form",
      "her profile after 'Save' with a new last name: 'Your account was updated successfully' "
      "above the same form", also=("confirmation",), url="/_admin/my_account",
      then=steps(fill("#lastname", "Liddell of Oxford"), send("#save")))
    c("password-wrong-current", "form",
      "the password form sent with a wrong current password: the form again with 'Invalid old "
      "password' under it", also=("error",), url="/_admin/my_account/password", then=steps(
          fill("#current_password", "not-the-password"),
          fill("#new_password", "through-the-glass-8"),
          fill("#new_password_confirmation", "through-the-glass-8"), send("#save")))
    c("gist-created", "detail",
      "the new gist 'The Lobster Quadrille' right after 'Create Public Gist': its page (owner, "
      "'created just now', the file and its text, Edit and Delete), with no message",
      url="/_admin/gists/new", then=steps(
          fill("#description", "The Lobster Quadrille"),
          fill("#filename", "quadrille.txt"),
          lambda p: p.locator(".CodeMirror").first.click(),
          lambda p: p.keyboard.type("Will you, won't you, will you, won't you, will you join "
                                    "the dance?", delay=5),
          send("#public")))
    c("repo-delete-page", "form",
      "the Advanced settings of mock-turtle: set as a fork of another repository, add to the "
      "public journal, and 'Delete this Repository' (asked again in a dialog)",
      url="/mock-turtle/settings/advanced")
    c("repo-deleted", "listing",
      "after 'Delete this Repository' (the dialog accepted): 'Deleted repository mock-turtle' "
      "above the admin table of repositories", also=("confirmation",),
      url="/mock-turtle/settings/advanced",
      then=click("form[action$='/mock-turtle/delete'] button[type=submit]"))


def missing_refused(c: Any) -> None:
    # missing, refused
    c("missing-repo", "error",
      "a repository that does not exist (/wonderland/jabberwock): '404 Not Found'",
      url="/wonderland/jabberwock")
    c("missing-file", "error",
      "a file that does not exist in looking-glass: 'There is no file nor directory at the "
      "given path' above '404 Not Found'", url=f"{GLASS}/files/tip/poems/walrus.txt")
    c("missing-changeset", "error",
      "a changeset that does not exist (deadbeef): 'Such revision does not exist for this "
      "repository' above '404 Not Found'", url=f"{GLASS}/changeset/deadbeef")
    c("stale-token", "error",
      "her profile form sent with a stale anti-forgery token: '403 Forbidden', 'You don't have "
      "permission to view this page'", url="/_admin/my_account",
      then=steps(stale_token, send("#save")))


# -- alice, signed in -----------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "kallithea", base, signed_in=True)
    out.goto("/_admin/login")
    sign_in(capturing.PASSWORD)(out.page)
    c = guarded(out)

    her_pages(c)
    searching(c)
    repository(c)
    administration(c)
    after_actions(c)
    missing_refused(c)

    out.signed_in = False
    c("logged-out", "listing",
      "after 'Log Out' (/_admin/logout): the visitor's front page, the table of public "
      "repositories, with no message", url="/_admin/logout", then=wait(500))
    out.close()
    return out.written


# fmt: on


def kallithea(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"kallithea": kallithea}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
