"""Capture the labelled HOLDOUT page corpus of sites/real/holdout39/pages from cgit.

The thirty-ninth holdout app (cgit 1.2.3, Debian's `cgit` 1.2.3+git20221219.50.91f2590+git2.39.1-1,
a CGI web front end for git repositories, "Wonderland git": five repositories in two sections,
seeded with `git` by several authors over three weeks, with branches, annotated and light tags,
READMEs in Markdown, reStructuredText and plain text shown as about pages through Debian's
about-formatting filter, an empty repository; the commit graph, file and line counts in the
log, the log search, stats, snapshots and the index search on; served by lighttpd 1.4.69, set
up and seeded by `sites/real/holdout39/setup`) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, with the app running:

    sites/real/holdout39/setup
    sites/real/holdout39/start 8121 &
    .venv/bin/python sites/real/capture_holdout39.py              # or: --cgit URL

One browser session, a visitor (cgit has no accounts): the index (sorted two ways), its search
(typed in the box, an owner's link, no match), repository summaries (a long one, short ones, the
empty one), about pages (Markdown, reStructuredText, plain text), logs (first, second and last
page, a branch, a path, with whole messages, the empty repository's, past the end), the log
search (messages with and without matches, by author, by committer, a range), trees (the root,
a folder, at a tag, another repository), files (with syntax highlighting, Markdown source, plain
text, blame), plain (raw) files, commits (a merge, a plain one, one reached from the log), diffs
(a commit's, between two tags, one file's, side by side, stat only), a patch, the refs (all,
branches only, tags only), tags' pages (annotated, light, another repository's), stats (by week,
by month, another repository), and what goes wrong (a missing repository, path, raw file,
commit, branch and tag, an unknown page of a repository, a bad stats period, lighttpd's own 404
for an address outside cgit). Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of
the main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted.

Capturing changes nothing (cgit only reads the repositories), so a re-capture needs no new
`setup`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import click, click_link, guarded, steps
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout39" / "pages"
PORTS = {"cgit": 8121}
TEA = "/cgit/wonderland/tea-party"
CROQUET = "/cgit/wonderland/croquet"
LAWS = "/cgit/wonderland/queens-laws"
WATCH = "/cgit/tools/pocket-watch"
HOLE = "/cgit/tools/rabbit-hole"
CONTENT = "div.content"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=300, **kwargs)


def index_search(query: str) -> Any:
    """Type a query into the index's search box and press its 'search' button."""

    def run(page: Page) -> None:
        page.fill("input[name=q]", query)
        with page.expect_navigation(wait_until="load"):
            page.click("input[type=submit][value=search]")

    return run


def log_search(kind: str, query: str) -> Any:
    """Choose what to search in a repository's header (log msg, author, committer, range), type
    a query and press 'search'."""

    def run(page: Page) -> None:
        page.select_option("select[name=qt]", kind)
        page.fill("input[name=q]", query)
        with page.expect_navigation(wait_until="load"):
            page.click("input[type=submit][value=search]")

    return run


# fmt: off
def cgit(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "cgit", base, signed_in=False)
    c = guarded(out)
    # -- the index and its search ------------------------------------------------------------------
    c("index", "listing",
      "cgit's front page, 'Wonderland git': a search box and the table of the five repositories "
      "in two sections (Tools, Wonderland), each with its description, owner, idle time and "
      "summary/log/tree links", url="/")
    c("index-by-owner", "listing",
      "the index sorted by the 'Owner' column header (?s=owner): the same table of repositories, "
      "no sections", url="/cgit/?s=owner")
    c("index-search", "search_results",
      "'queen' typed in the index's search box: the index filtered to the repositories matching "
      "it (the croquet rules and the Queen's laws)", url="/cgit/", then=index_search("queen"))
    c("index-search-owner", "search_results",
      "an owner's name clicked in the index (?q=White+Rabbit): the index filtered to that owner's "
      "two repositories, the query in the search box", url="/cgit/",
      then=click("a[href='/cgit/?q=White+Rabbit']"), also=("listing",))
    c("index-search-none", "search_results",
      "'jabberwock' typed in the index's search box: 'No repositories found' under the header, "
      "the query still in the box (status 404)", url="/cgit/", then=index_search("jabberwock"),
      also=("error",))
    # -- summaries ---------------------------------------------------------------------------------
    c("summary", "listing",
      "the summary of wonderland/tea-party: a table of its branches, of its tags with download "
      "links, of its last six commits, and its clone address", url=f"{TEA}/", also=("detail",))
    c("summary-croquet", "listing",
      "the summary of wonderland/croquet: one branch, one tag with snapshots, four commits",
      url=f"{CROQUET}/", also=("detail",))
    c("summary-pocket-watch", "listing",
      "the summary of tools/pocket-watch, reached from the index's 'summary' link: two branches, "
      "a tag, its commits", url="/cgit/",
      then=click(f"a.button[href='{WATCH}/']"), also=("detail",))
    c("summary-empty", "other",
      "the summary of tools/rabbit-hole, an empty repository: 'Repository seems to be empty' and "
      "an empty clone section, nothing else", url=f"{HOLE}/", also=("error", "listing"))
    # -- about pages -------------------------------------------------------------------------------
    c("about-markdown", "article",
      "the 'about' tab of the tea party: its README.md rendered (heading, a paragraph, a list of "
      "files, numbered rules)", url=f"{TEA}/about/")
    c("about-rst", "article",
      "the 'about' tab of croquet: its README.rst rendered by docutils (title, sections, a list, "
      "a note)", url=f"{CROQUET}/", then=click_link("about", within="table.tabs"))
    c("about-plain", "article",
      "the 'about' tab of the Queen's laws: its plain-text README, the numbered laws",
      url=f"{LAWS}/about/")
    c("about-pocket-watch", "article",
      "the 'about' tab of pocket-watch: its README.md (a paragraph, a shell block, a known bug)",
      url=f"{WATCH}/about/")
    # -- logs --------------------------------------------------------------------------------------
    c("log", "listing",
      "the log of the tea party: the commit graph beside a table of ten commits (message with "
      "branch and tag labels, author, age, files, lines), a [next] link",
      url=f"{TEA}/log/")
    c("log-page-2", "listing",
      "'[next]' below the log: commits 11 to 20, with [prev] and [next]",
      url=f"{TEA}/log/", then=click_link("[next]", within=CONTENT))
    c("log-last-page", "listing",
      "the last page of the log (?ofs=20): the nine oldest commits, only [prev]",
      url=f"{TEA}/log/?ofs=20")
    c("log-branch", "listing",
      "the log of the branch seating-plan, chosen in the header's branch menu: its commits",
      url=f"{TEA}/log/?h=seating-plan")
    c("log-path", "listing",
      "the log of one folder (riddles/, from the tree's 'log' link): the four commits that "
      "touched it", url=f"{TEA}/log/riddles")
    c("log-expanded", "listing",
      "'Expand' on the log (?showmsg=1): the same commits with their whole messages",
      url=f"{TEA}/log/", then=click_link("Expand", within=CONTENT))
    c("log-croquet", "listing",
      "the log of croquet: its four commits, with a tag label on one", url=f"{CROQUET}/log/")
    c("log-empty-repo", "other",
      "the log of the empty repository: 'Repository seems to be empty' and nothing else",
      url=f"{HOLE}/log/", also=("error", "listing"))
    c("log-past-end", "listing",
      "the log asked for an offset past the last commit (?ofs=1000): the column headers with no "
      "rows and a [prev] link", url=f"{TEA}/log/?ofs=1000", also=("error",))
    # -- the log search ----------------------------------------------------------------------------
    c("log-search", "search_results",
      "'riddle' searched in the log messages from the repository's header: the three commits "
      "whose messages have it, the query in the box", url=f"{TEA}/",
      then=log_search("grep", "riddle"))
    c("log-search-none", "search_results",
      "'jabberwock' searched in the log messages: the log's column headers and no commits",
      url=f"{TEA}/", then=log_search("grep", "jabberwock"))
    c("log-search-author", "search_results",
      "a search by author 'Alice': her eight commits", url=f"{TEA}/",
      then=log_search("author", "Alice"))
    c("log-search-committer", "search_results",
      "a search by committer 'Rabbit' in pocket-watch: the White Rabbit's commits",
      url=f"{WATCH}/", then=log_search("committer", "Rabbit"))
    c("log-search-range", "search_results",
      "a 'range' search v1.0..v1.1: the commits between the two tags, with the graph",
      url=f"{TEA}/", then=log_search("range", "v1.0..v1.1"), also=("listing",))
    # -- trees and files ---------------------------------------------------------------------------
    c("tree", "listing",
      "the tree of the tea party at master: a table of its files and folders (mode, name, size, "
      "log/stats/plain links)", url=f"{TEA}/tree/")
    c("tree-folder", "listing",
      "the folder riddles/ in the tree: its four files", url=f"{TEA}/tree/",
      then=click_link("riddles", within=CONTENT))
    c("tree-at-tag", "listing",
      "the tree at the tag v0.9 (?id=v0.9): the files as they were then",
      url=f"{TEA}/tree/?id=v0.9")
    c("tree-pocket-watch", "listing",
      "the tree of pocket-watch: five files", url=f"{WATCH}/tree/")
    c("blob-python", "other",
      "a file in the tree (seating.py): its path, blob id, plain and blame links, then the "
      "Python source with line numbers and syntax colours", url=f"{TEA}/tree/",
      then=click_link("seating.py", within=CONTENT), also=("article",))
    c("blob-markdown", "other",
      "README.md in the tree: the Markdown source with line numbers (not rendered)",
      url=f"{TEA}/tree/README.md", also=("article",))
    c("blob-text", "other",
      "guests.txt in the tree: six lines of plain text with line numbers",
      url=f"{TEA}/tree/guests.txt", also=("article",))
    c("blob-c", "other",
      "watch.c in pocket-watch's tree: C source with line numbers and colours",
      url=f"{WATCH}/tree/watch.c", also=("article",))
    c("plain-markdown", "other",
      "the 'plain' link of menu.md: the raw file as the browser shows it, no cgit page around it",
      url=f"{TEA}/plain/menu.md", also=("article",))
    c("plain-c", "other",
      "the raw watch.c (plain/): C source as plain text", url=f"{WATCH}/plain/watch.c",
      also=("article",))
    c("blame", "other",
      "'blame' of seating.py: each line with the commit and author that last changed it",
      url=f"{TEA}/blame/seating.py", also=("listing",))
    # -- commits, diffs, patches -------------------------------------------------------------------
    c("commit-merge", "detail",
      "the 'commit' tab (HEAD, a merge): author, committer, commit, tree and both parents, the "
      "message, then the diffstat and diff against the first parent",
      url=f"{TEA}/commit/", also=("other",))
    c("commit-from-log", "detail",
      "a commit clicked in the log ('Seat Alice too'): its facts, message, diffstat and the "
      "one-line diff", url=f"{TEA}/log/?ofs=20",
      then=click_link("Seat Alice too", within=CONTENT), also=("other",))
    c("commit-croquet", "detail",
      "a commit of croquet (master): author, committer, message 'A note on winning', its diff",
      url=f"{CROQUET}/commit/?id=master", also=("other",))
    c("commit-pocket-watch", "detail",
      "the first commit of pocket-watch (the root commit, three files added)",
      url=f"{WATCH}/commit/?id=v2.0~2", also=("other",))
    c("diff", "other",
      "the 'diff' tab (HEAD against its parent): diff options, the diffstat, then the changed "
      "lines", url=f"{TEA}/diff/", also=("detail",))
    c("diff-tags", "other",
      "the diff between the tags v1.0 and v1.1 (?id=v1.1&id2=v1.0): a diffstat of five files "
      "and their changes", url=f"{TEA}/diff/?id=v1.1&id2=v1.0")
    c("diff-one-file", "other",
      "the diff of one file (seating.py) between v1.0 and v1.1", url=f"{TEA}/diff/seating.py"
      "?id=v1.1&id2=v1.0")
    c("diff-side-by-side", "other",
      "'ssdiff' chosen in the diff options: the diff between the tags side by side",
      url=f"{TEA}/diff/?id=v1.1&id2=v1.0&dt=2&ss=1")
    c("diff-stat-only", "other",
      "'stat only' chosen in the diff options: only the diffstat of the five files",
      url=f"{TEA}/diff/?id=v1.1&id2=v1.0&dt=2", also=("listing",))
    c("patch", "other",
      "the 'patch' link of a commit: the commit as an e-mail patch (From, Date, Subject, the "
      "diff) in plain text", url=f"{TEA}/patch/?id=master~3")
    # -- refs and tags -----------------------------------------------------------------------------
    c("refs", "listing",
      "the 'refs' tab: the table of the three branches and the table of the four tags with "
      "snapshot links", url=f"{TEA}/refs/")
    c("refs-heads", "listing",
      "the branches alone (refs/heads): the table of the three branches with their last commits",
      url=f"{TEA}/refs/heads")
    c("refs-tags", "listing",
      "the tags alone (refs/tags): the four tags with their downloads, authors and ages",
      url=f"{TEA}/refs/tags")
    c("tag", "detail",
      "the page of the annotated tag v1.0: its name and id, date, tagger, the tagged commit, "
      "downloads, its message", url=f"{TEA}/refs/tags", then=click_link("v1.0", within=CONTENT))
    c("tag-light", "detail",
      "the page of the lightweight tag v1.0-rc: its name, the tagged commit, downloads",
      url=f"{TEA}/tag/?h=v1.0-rc")
    c("tag-croquet", "detail",
      "the page of croquet's annotated tag tournament-2026", url=f"{CROQUET}/tag/?h=tournament-2026")
    # -- stats -------------------------------------------------------------------------------------
    c("stats", "other",
      "the 'stats' tab: period and author-count options, then a table of commits per author per "
      "week with totals", url=f"{TEA}/stats/", also=("listing",))
    c("stats-month", "other",
      "stats by month (period 'month' chosen): commits per author in November 2026",
      url=f"{TEA}/stats/?period=m", also=("listing",))
    c("stats-pocket-watch", "other",
      "the stats of pocket-watch by quarter: one author's commits", url=f"{WATCH}/stats/?period=q",
      also=("listing",))
    # -- what goes wrong ---------------------------------------------------------------------------
    c("missing-repo", "error",
      "a repository that does not exist (/cgit/looking-glass/): 'No repositories found' under the "
      "index's header (status 404)", url="/cgit/looking-glass/")
    c("missing-path", "error",
      "a path not in the tree (tree/nope.txt): 'path: root/nope.txt' and 'Path not found'",
      url=f"{TEA}/tree/nope.txt")
    c("missing-plain", "error",
      "a raw file that does not exist (plain/nope.txt): 'Not found'", url=f"{TEA}/plain/nope.txt")
    c("missing-commit", "error",
      "a commit id that is in no repository: 'Bad commit reference: 0123...'",
      url=f"{TEA}/commit/?id=0123456789abcdef0123456789abcdef01234567")
    c("bad-object-id", "error",
      "a malformed commit id (?id=deadbeef): 'Bad object id: deadbeef' (status 400)",
      url=f"{TEA}/commit/?id=deadbeef")
    c("missing-branch", "error",
      "the log of a branch that does not exist (?h=nope): 'Invalid branch: nope'",
      url=f"{TEA}/log/?h=nope")
    c("missing-tag", "error",
      "the page of a tag that does not exist (tag/?h=v9.9): 'Invalid branch: v9.9'",
      url=f"{TEA}/tag/?h=v9.9")
    c("unknown-page", "error",
      "an unknown page of a repository (/bogus/): 'Invalid request' under the repository's tabs",
      url=f"{TEA}/bogus/")
    c("bad-stats-period", "error",
      "the stats with a bad period parameter (?period=x): 'Unknown statistics type: x'",
      url=f"{TEA}/stats/?period=x")
    c("server-404", "error",
      "an address outside cgit (/looking-glass/house.html): lighttpd's own bare '404 Not Found'",
      url="/looking-glass/house.html")
    out.close()
    return out.written


# fmt: on


APPS = {"cgit": cgit}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
