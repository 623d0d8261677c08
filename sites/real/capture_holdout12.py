"""Capture the labelled HOLDOUT page corpus of sites/real/holdout12/pages from Mercurial's hgweb.

The twelfth holdout app (Mercurial 7.2.4's web interface, hgweb, served by `hg serve --web-conf`
over a collection of three seeded repositories, default style "paper", a few pages in the
"gitweb" and "monoblue" styles) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, with the collection running:

    sites/real/holdout12/setup
    sites/real/holdout12/start 8095 &
    .venv/bin/python sites/real/capture_holdout12.py              # or: --hgweb URL

One browser session, signed out (hgweb has no sign-in). Each page is read through the project's
own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with
the HTTP status of the main document (the last navigation response), and written in exactly
the format of sites/real/pages (see sites/real/pages/README.md). The labels below were decided
by hand, one page at a time, from what each page is for; the classifier and the site profiles
were not consulted.

hgweb only reads the repositories, so a capture changes nothing and needs no `setup` before a
re-capture. `setup` makes the same changesets (same hashes) each time; the "age" columns
("20 months ago") depend on the day of the capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout12" / "pages"
PORTS = {"hgweb": 8095}

T = "/teapot"  # the main repository: 22 changesets, branches default and stable
BREW = "src/teapot/brew.py"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def click_link(name: str) -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("link", name=name, exact=True).first.click()

    return run


def click(selector: str) -> Any:
    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.click(selector)

    return run


def search(words: str) -> Any:
    """Type into the revision search box every hgweb page has, and press Enter."""

    def run(p: Page) -> None:
        p.fill("input[name=rev]", words)
        with p.expect_navigation(wait_until="load"):
            p.press("input[name=rev]", "Enter")

    return run


# -- the paper style (the default) ----------------------------------------------------------------
# fmt: off
def paper(out: capturing.Session) -> None:
    c = out.capture
    c("index", "listing",
      "the collection's front page, 'Mercurial repositories index': a table of the three "
      "repositories (name, description, contact, last modified, zip/gz and feed links)", url="/")
    c("index-sorted", "listing",
      "the same repository table after clicking the 'Last modified' column header "
      "(?sort=lastchange)", then=click_link("Last modified"))
    c("repo-home", "listing",
      "a repository's home (/teapot/, paper has no summary page): its 'log', a table of all 22 "
      "changesets (age, author, description with branch/tag/bookmark names), the search box and "
      "menu", url=f"{T}/")
    c("shortlog-paged", "listing",
      "the log ten changesets a page (?revcount=10): the first ten rows, with less/more and "
      "'(0) -10 tip' paging links", url=f"{T}/shortlog?revcount=10")
    c("shortlog-older", "listing",
      "the next page of the log after clicking '-10': changesets 11 down to 2, same table and "
      "paging links", then=click_link("-10"))
    c("changelog", "listing",
      "the changelog (/log): in paper the same table of changesets (age, author, description) "
      "as the shortlog, ten a page with '(0) -10 tip' links", url=f"{T}/log")
    c("graph", "listing",
      "the revision graph: a drawn graph of the two branches and the merge beside a list of "
      "changesets (description, age, author), with paging links", url=f"{T}/graph",
      also=("other",))
    c("changeset", "detail",
      "one changeset (18, 'Brewing: detect stewed tea'): its description, a table of author, "
      "date, parents, children, files and diffstat, then its diff",
      url=f"{T}/rev/18", also=("other",))
    c("changeset-merge", "detail",
      "the merge changeset clicked from the log: description, author, date, two parents (one "
      "'current diff', one 'diff' link), two children, a diffstat and the diff",
      url=f"{T}/shortlog",
      then=click_link("Merge the stable branch (0.1.1 fixes) into default"), also=("other",))
    c("changeset-rename", "detail",
      "the changeset that renamed docs/usage.txt to docs/guide.txt: its facts table (files "
      "guide.txt, usage.txt) and a diff adding the one and deleting the other",
      url=f"{T}/rev/11", also=("other",))
    c("changeset-raw", "other",
      "'raw' of a changeset (/raw-rev/18): the bare text/plain patch (# HG changeset patch, "
      "headers, the diff) with no page around it", url=f"{T}/raw-rev/18")
    c("files-root", "listing",
      "the file browser at the root of the default branch: a table of folders (docs, src/teapot, "
      "tests) and files (.hgtags, README.md, setup.py) with size and permissions",
      url=f"{T}/file/default/")
    c("files-folder", "listing",
      "the file browser in src/teapot (clicked from the root): a table of the package's five "
      "Python files with sizes and permissions",
      then=click(f'a[href="{T}/file/default/src/teapot"]'))
    c("file-source", "detail",
      "a Python file at a revision (brew.py, clicked from the folder): the changeset's "
      "description, author/date/parents/children table, then the numbered source lines",
      then=click(f'a[href="{T}/file/default/{BREW}"]'), also=("other",))
    c("file-readme", "detail",
      "README.md viewed in the file viewer: the changeset's facts, then the README's lines "
      "(heading, a paragraph, install and licence sections) as numbered source",
      url=f"{T}/file/default/README.md", also=("article",))
    c("file-old-revision", "detail",
      "a file that was later removed (cups.py) viewed at the revision that added it: facts "
      "table and its three source lines", url=f"{T}/file/12/src/teapot/cups.py",
      also=("other",))
    c("file-annotate", "other",
      "annotate (blame) of brew.py: the changeset's facts, whitespace checkboxes, then a table "
      "giving each source line with the revision that last changed it",
      url=f"{T}/annotate/default/{BREW}", also=("detail",))
    c("file-log", "listing",
      "brew.py's file log (revisions): a table of the changesets that changed the file (age, "
      "author, description) with paging", url=f"{T}/log/default/{BREW}")
    c("file-log-removed", "listing",
      "the file log of cups.py, which was added and then removed: a table of its one changeset",
      url=f"{T}/log/12/src/teapot/cups.py")
    c("file-diff", "other",
      "the diff of brew.py in changeset 18: the changeset's facts, then the file's unified diff "
      "(five lines added)", url=f"{T}/diff/18/{BREW}", also=("detail",))
    c("file-comparison", "other",
      "the side-by-side comparison of brew.py between revisions 17 and 18: two columns of "
      "numbered lines with the inserted ones marked", url=f"{T}/comparison/18/{BREW}",
      also=("detail",))
    c("tags", "listing",
      "the tags page: a table of tip, v0.2, v0.1.1 and v0.1, each with its changeset's node",
      url=f"{T}/tags")
    c("branches", "listing",
      "the branches page: a table of the two branches (stable, default) with each head's node",
      url=f"{T}/branches")
    c("bookmarks", "listing",
      "the bookmarks page: a table of the two bookmarks (@ and scones) with their nodes",
      url=f"{T}/bookmarks")
    c("search-keyword", "search_results",
      "'pour' typed into the search box: \"searching for 'pour'\", 'Assuming literal keyword "
      "search.', and a table of the four matching changesets", url=f"{T}/shortlog",
      then=search("pour"))
    c("search-no-hits", "search_results",
      "a keyword search for 'jabberwock': the 'searching for' heading and an empty changeset "
      "table (column headers only, no 'no results' text)", then=search("jabberwock"))
    c("search-revset", "search_results",
      "a revset search, author(carol): 'Assuming revset expression search' with a link to use "
      "keyword search instead, and the table of Carol's changesets", then=search("author(carol)"))
    c("error-revision", "error",
      "a changeset that does not exist (/rev/deadbeef): heading 'error', 'An error occurred while "
      "processing your request: unknown revision' (HTTP 404)", url=f"{T}/rev/deadbeef")
    c("error-file", "error",
      "a file that does not exist (/file/tip/nosuch.py): 'error', '... not found in manifest' "
      "(HTTP 404)", url=f"{T}/file/tip/nosuch.py")
    c("error-repo", "error",
      "an unknown repository (/nosuch/): 'Mercurial repository not found', 'The specified "
      "repository \"nosuch\" is unknown, sorry' and a link back to the list (HTTP 404)",
      url="/nosuch/")
    c("help-index", "listing",
      "the help index (/help, from the menu's 'help' link): tables of topics and of commands, "
      "each a link with a one-line summary", url=f"{T}/shortlog", then=click_link("help"))
    c("help-topic", "article",
      "the help topic 'Specifying Revisions' (/help/revsets): headings, paragraphs and "
      "definition lists of documentation", url=f"{T}/help/revsets")
    c("help-command", "article",
      "help for the command 'hg serve': its synopsis, description paragraphs and a table of "
      "options", url=f"{T}/help/serve")
    c("help-unknown", "error",
      "an unknown help topic (/help/nosuchtopic): 'error', 'An error occurred while processing "
      "your request: Not Found' (HTTP 404)", url=f"{T}/help/nosuchtopic")
    c("recipes-home", "listing",
      "the second repository, recipes, opened from the index: its log table of four changesets",
      url="/", then=click_link("recipes"))
    c("recipes-file", "detail",
      "a recipe text file (cakes/eat-me-cake.txt) in the file viewer: the changeset's facts and "
      "the recipe's three lines", url="/recipes/file/tip/cakes/eat-me-cake.txt",
      also=("article",))
    c("croquet-files", "listing",
      "the file browser of the third repository, croquet: a one-row table (RULES.md)",
      url="/croquet/file/tip/")


# -- other styles (chosen with ?style=) -----------------------------------------------------------
def styles(out: capturing.Session) -> None:
    c = out.capture
    c("gitweb-index", "listing",
      "the repositories index in the gitweb style: a table of the three repositories (name, "
      "description, contact, last modified) with zip/gz and RSS/Atom links", url="/?style=gitweb")
    c("gitweb-summary", "listing",
      "gitweb's repository summary: description/owner/last-change facts, then tables of recent "
      "changes, tags, bookmarks and branches under linked headings",
      url=f"{T}/summary?style=gitweb", also=("detail", "other"))
    c("gitweb-shortlog", "listing",
      "gitweb's shortlog: a table of changesets (age, author, description, changeset/files "
      "links) with paging", url=f"{T}/shortlog?style=gitweb")
    c("gitweb-changeset", "detail",
      "gitweb's page of the merge changeset: its title, a table of author, date, changeset, two "
      "parents and two children, the description, then the diff", url=f"{T}/rev/15?style=gitweb",
      also=("other",))
    c("gitweb-files", "listing",
      "gitweb's file tree of src/teapot: a table of files with permissions, sizes and "
      "file/revisions/annotate links", url=f"{T}/file/default/src/teapot/?style=gitweb")
    c("gitweb-search", "search_results",
      "'pour' searched from gitweb's search box: 'searching for pour' and the four matching "
      "changesets, each with author, date and description", url=f"{T}/summary?style=gitweb",
      then=search("pour"))
    c("gitweb-error", "error",
      "gitweb's page for an unknown revision: the menu, then 'An error occurred while "
      "processing your request unknown revision' (HTTP 404)", url=f"{T}/rev/deadbeef?style=gitweb")
    c("monoblue-summary", "listing",
      "the monoblue style's 'Mercurial Repository Overview': name, description, owner, last "
      "change, then tables of changes, tags, bookmarks and branches",
      url=f"{T}/summary?style=monoblue", also=("detail", "other"))
    c("monoblue-file", "detail",
      "monoblue's view of brew.py: the changeset's description and facts, then the numbered "
      "source lines", url=f"{T}/file/default/{BREW}?style=monoblue", also=("other",))
    c("monoblue-search-no-hits", "search_results",
      "monoblue after a search for 'jabberwock': heading 'searching for jabberwock' and no "
      "changesets under it", url=f"{T}/log?rev=jabberwock&style=monoblue")


# fmt: on


def hgweb(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "hgweb", base, signed_in=False)
    paper(out)
    styles(out)
    out.close()
    return out.written


APPS = {"hgweb": hgweb}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
