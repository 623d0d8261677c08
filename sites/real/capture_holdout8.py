"""Capture the labelled HOLDOUT page corpus of sites/real/holdout8/pages from a Sphinx site.

The eighth holdout app (the "Teapot" manual of ours, sites/real/holdout8/docs/, built with
Sphinx 9.0.4 and the Furo 2025.12.19 theme and served statically by Python's http.server)
was never used to tune the page-state classifier; its pages measure it honestly. Run by
hand, not by tests, after `sites/real/holdout8/setup` with the site being served:

    sites/real/holdout8/setup
    sites/real/holdout8/start 8091 &
    .venv/bin/python sites/real/capture_holdout8.py              # or: --sphinxdocs URL

A Sphinx site is static HTML: there are no accounts, so every page is captured signed out.
Its search page (search.html) draws its results with JavaScript from searchindex.js after
the page has loaded, so a search capture waits for the summary line the script writes
("Search finished, ..." or "Your search did not match any documents ..."). The missing pages
are http.server's own 404 answers; the view-source pages are the plain-text reST sources
under _sources/ that Furo's "View this page" icon links to; directories without an
index.html are shown as http.server's directory listings. Each page is read through the
project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation
response), and written in exactly the format of sites/real/pages (see
sites/real/pages/README.md). The labels below were decided by hand, one page at a time,
from what each page is for; the classifier and the site profiles were not consulted.

Nothing here changes the site, so a re-capture needs no reset. The browser's HTTP cache is
bypassed (every request is routed), so a page opened twice is fetched afresh and reports
its real status (200 or 404), never a revalidated 304.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout8" / "pages"
PORTS = {"sphinxdocs": 8091}

# what shows that searchtools.js has finished drawing the results
SEARCH_DONE = (
    "() => { const s = document.querySelector('#search-results p.search-summary');"
    " return !!s && /Search finished|did not match/.test(s.textContent); }"
)


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    session = capturing.Session(*args, pages=PAGES, settle_ms=500, **kwargs)
    # routing every request turns Chromium's HTTP cache off: no 304 for a page seen before
    session.page.route("**/*", lambda route: route.continue_())
    return session


# -- steps on the loaded pages --------------------------------------------------------------------
def search_done(p: Page) -> None:
    """Wait for the search page's script to draw its results or its "no match" line."""
    p.wait_for_function(SEARCH_DONE, timeout=15000)


def sidebar_search(text: str) -> Callable[[Page], None]:
    """Type a query into the sidebar's search box of the current page, press Enter, and wait
    for the results on search.html."""

    def run(p: Page) -> None:
        box = p.get_by_role("search").get_by_role("textbox", name="Search")
        box.fill(text)
        with p.expect_navigation(wait_until="load"):
            box.press("Enter")
        search_done(p)

    return run


def open_result(name: str) -> Callable[[Page], None]:
    """Click one link of the drawn search results."""

    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.locator("#search-results ul.search").get_by_role("link", name=name).first.click()

    return run


def view_source(p: Page) -> None:
    """Click Furo's "View this page" (eye) icon at the top of the content."""
    with p.expect_navigation(wait_until="load"):
        p.locator("a[title='View this page']").first.click()


def follow(name: str) -> Callable[[Page], None]:
    """Click a link of the page's main content by its text."""

    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.locator("main, body").first.get_by_role("link", name=name, exact=True).first.click()

    return run


# -- the Teapot manual ----------------------------------------------------------------------------
def sphinxdocs(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "sphinxdocs", base, signed_in=False)
    c = out.capture

    # reading pages
    c(
        "home",
        "article",
        "the manual's front page: a heading, two paragraphs on what Teapot does, a console "
        "example, a paragraph pointing to the tutorial/how-tos/reference, then the table of "
        "contents (captioned lists of every page and section) and three index links",
        url="/",
        also=("listing",),
    )
    c(
        "tutorial",
        "article",
        "the 'Getting started' tutorial: a long page of sections (installing, "
        "describing the party, checking, brewing, planning, running) in paragraphs and code "
        "blocks, with a local table of contents at the top",
        url="/tutorial/getting-started.html",
    )
    c(
        "tutorial-anchor",
        "article",
        "the same tutorial opened at its 'Brewing your first pot' section by a #fragment: the "
        "whole long page of prose and code is there, only scrolled",
        url="/tutorial/getting-started.html#brewing-your-first-pot",
    )
    c(
        "howto-index",
        "listing",
        "the 'How-to guides' section page: one sentence, then a list of links to the five guides",
        url="/howto/index.html",
    )
    c(
        "howto-several-kettles",
        "article",
        "a how-to guide ('Use several kettles'): a numbered list of steps with TOML and console "
        "code, a tip box and a see-also line",
        url="/howto/several-kettles.html",
    )
    c(
        "howto-notifications",
        "article",
        "a how-to guide ('Get notified when a kettle must go on'): three short sections of "
        "paragraphs and code, and a small table of environment variables",
        url="/howto/notifications.html",
    )
    c(
        "howto-move-down",
        "article",
        "a how-to guide ('Handle running out of clean cups'): the error message, then two "
        "sections of explanation with console/Python code and a note",
        url="/howto/move-down.html",
    )
    c(
        "howto-import-guests",
        "article",
        "a short how-to guide ('Import a guest list from a spreadsheet'): three paragraphs and "
        "two code blocks",
        url="/howto/import-guests.html",
    )
    c(
        "howto-upgrade",
        "article",
        "a how-to guide ('Upgrade from Teapot 1.x'): a command, a bullet list of what changed "
        "and a 'Deprecated since version 2.0' note",
        url="/howto/upgrade.html",
    )
    c(
        "reference-index",
        "listing",
        "the 'Reference' section page: one sentence, then the table of contents of the "
        "reference (command line, party file and Python API pages with their sections) as "
        "nested links",
        url="/reference/index.html",
    )
    c(
        "reference-cli",
        "article",
        "the command-line reference: tables of commands, options and exit codes, and console "
        "and shell code blocks between short paragraphs; a page to read and look things up in",
        url="/reference/cli.html",
    )
    c(
        "reference-configuration",
        "article",
        "the party-file reference: four tables of keys (type, default, meaning) with short "
        "paragraphs, and a complete numbered TOML example",
        url="/reference/configuration.html",
    )
    c(
        "reference-configuration-anchor",
        "article",
        "the party-file reference opened at its 'Guests' table by a #fragment: the same page "
        "of tables and text, scrolled",
        url="/reference/configuration.html#guests",
    )
    c(
        "api-index",
        "article",
        "the 'Python API' page: the teapot package's docstring (two paragraphs and an import "
        "line) and a table of contents of the three submodule pages with their members",
        url="/reference/api/index.html",
        also=("listing",),
    )
    c(
        "api-kettle",
        "article",
        "the autodoc page of the teapot.kettle module: its docstring, then each data, function "
        "and class with its signature, parameters, return value, exceptions and [source] link",
        url="/reference/api/kettle.html",
        also=("detail",),
    )
    c(
        "api-schedule",
        "article",
        "the autodoc page of the teapot.schedule module: the classes Guest, Party, Slot and "
        "Schedule and the function plan, each with signature and documented parameters",
        url="/reference/api/schedule.html",
        also=("detail",),
    )
    c(
        "api-class-anchor",
        "article",
        "the teapot.schedule API page opened at the Party class by its #fragment "
        "(#teapot.schedule.Party): the whole module page, scrolled to that class",
        url="/reference/api/schedule.html#teapot.schedule.Party",
        also=("detail",),
    )
    c(
        "api-errors",
        "article",
        "the autodoc page of the teapot.errors module: a short docstring and four exception "
        "classes, each with its bases and a sentence or two",
        url="/reference/api/errors.html",
        also=("detail",),
    )
    c(
        "safety-admonitions",
        "article",
        "'Safety notes': one paragraph and a column of admonition boxes (Danger, Warning, "
        "Caution, Attention, Important, Note, Tip, Hint, Error, a titled one) and version "
        "notes; the Error box is a documentation box, not an error of the site",
        url="/safety.html",
    )
    c(
        "faq",
        "article",
        "the FAQ: a local list of the questions, then each question as a heading with a "
        "paragraph or two of answer",
        url="/faq.html",
    )
    c(
        "faq-anchor",
        "article",
        "the FAQ opened at one answer by its #fragment (#faq-command-not-found), as the "
        "tutorial links to it: the same page of questions and answers",
        url="/faq.html#faq-command-not-found",
    )
    c(
        "glossary",
        "article",
        "the glossary: a definition list of 12 sorted terms (blend, caddy, kettle, ...), each "
        "with a sentence or two that link to other terms and pages",
        url="/glossary.html",
        also=("listing",),
    )
    c(
        "glossary-term-anchor",
        "article",
        "the glossary opened at one term ('steep time') by its #term- fragment, as a :term: "
        "link leads there: the same list of definitions",
        url="/glossary.html#term-steep-time",
        also=("listing",),
    )
    c(
        "changelog",
        "article",
        "the changelog: a section per release (2.3.0 back to 1.0.0) with Added / Changed / "
        "Fixed sub-headings and bullet lists of changes; release notes to read",
        url="/changelog.html",
        also=("listing",),
    )

    # indices
    c(
        "genindex",
        "listing",
        "the general index ('Index'): a bar of letter links, then for each letter two columns "
        "of index entries (functions, classes, methods, terms, modules), each linking to its place",
        url="/genindex.html",
    )
    c(
        "genindex-letter-anchor",
        "listing",
        "the general index opened at the letter S by its #fragment, as the letter bar links "
        "it: the same alphabetical index of entries",
        url="/genindex.html#S",
    )
    c(
        "py-modindex",
        "listing",
        "the 'Python Module Index': a letter link and a table of the four modules (teapot and "
        "its three submodules), each a link",
        url="/py-modindex.html",
    )
    c(
        "module-code-index",
        "listing",
        "viewcode's 'Overview: module code': 'All modules for which code is available' and a "
        "list of three module links",
        url="/_modules/index.html",
    )
    c(
        "module-source",
        "other",
        "viewcode's 'Source code for teapot.kettle': the module's Python source, highlighted, "
        "with a [docs] link beside each function and class; a code view, not prose",
        url="/_modules/teapot/kettle.html",
        also=("article",),
    )
    c(
        "module-source-from-api",
        "other",
        "the [source] link of the Party class on the API page followed: the highlighted source "
        "of teapot.schedule opened at that class",
        url="/reference/api/schedule.html",
        then=lambda p: (
            p.wait_for_selector("#teapot\\.schedule\\.Party"),
            follow_source(p, "teapot.schedule.Party"),
        ),
        also=("article",),
    )

    # search
    c(
        "search-empty",
        "search",
        "search.html opened with no query: the page's main area is empty; what it offers is the "
        "sidebar's search box (beside the site's navigation)",
        url="/search.html",
        also=("other",),
    )
    c(
        "search-hits",
        "search_results",
        "search.html?q=kettle once the script has run: 'Search Results', 'Search finished, "
        "found 32 pages matching the search query.' and a list of result links with excerpts",
        url="/search.html?q=kettle",
        then=search_done,
    )
    c(
        "search-one-hit",
        "search_results",
        "search.html?q=bread-knife: 'Search Results', a summary line and the only matching "
        "page (Safety notes) with its excerpt",
        url="/search.html?q=bread-knife",
        then=search_done,
    )
    c(
        "search-api-object",
        "search_results",
        "a search for an API name (move_down): the matching Python method first, then pages "
        "that mention it, each a link with its excerpt",
        url="/search.html?q=move_down",
        then=search_done,
    )
    c(
        "search-no-hits",
        "search_results",
        "search.html?q=jabberwock: 'Search Results' and 'Your search did not match any "
        "documents. Please make sure that all words are spelled correctly ...', no list",
        url="/search.html?q=jabberwock",
        then=search_done,
    )
    c(
        "search-from-sidebar",
        "search_results",
        "'steep time' typed into the sidebar's search box on the FAQ page and sent with Enter: "
        "search.html with the query in the box and the list of matching pages",
        url="/faq.html",
        then=sidebar_search("steep time"),
    )
    c(
        "search-result-opened",
        "article",
        "the result 'Use several kettles' clicked in the results for 'kettle': the how-to "
        "guide itself (its matches highlighted), paragraphs and code",
        url="/search.html?q=kettle",
        then=lambda p: (search_done(p), open_result("Use several kettles")(p)),
    )

    # view source, directories, errors
    c(
        "view-source",
        "other",
        "Furo's 'View this page' icon clicked on the FAQ: _sources/faq.rst.txt, the page's "
        "reStructuredText source shown by the browser as plain text (no title, no links)",
        url="/faq.html",
        then=view_source,
        also=("article",),
    )
    c(
        "view-source-api",
        "other",
        "the 'View this page' source of the teapot.kettle API page: a few lines of reST (a "
        "title and an automodule directive with two options) as plain text",
        url="/reference/api/kettle.html",
        then=view_source,
    )
    c(
        "directory-listing-static",
        "listing",
        "/_static/, a folder without index.html: http.server's 'Directory listing for "
        "/_static/', a bulleted list of the theme's CSS, JS and image files as links",
        url="/_static/",
    )
    c(
        "directory-listing-sources",
        "listing",
        "/_sources (no trailing slash), redirected by http.server to /_sources/: its "
        "'Directory listing' of the page sources and sub-folders as links",
        url="/_sources",
    )
    c(
        "not-found",
        "error",
        "a page that does not exist (/tea-party.html): http.server's 'Error response' page, "
        "'Error code: 404', 'Message: File not found.' (HTTP 404)",
        url="/tea-party.html",
    )
    c(
        "not-found-howto",
        "error",
        "a how-to that does not exist (/howto/brew-coffee.html): the same bare 404 "
        "'Error response' of http.server",
        url="/howto/brew-coffee.html",
    )
    c(
        "not-found-old-url",
        "error",
        "a Read-the-Docs-style address that this site does not have (/en/latest/index.html): "
        "http.server's 404 'Error response'",
        url="/en/latest/index.html",
    )
    out.close()
    return out.written


def follow_source(p: Page, target: str) -> None:
    """Click the [source] link of one documented object on an API page."""
    # the link itself has no width (its [source] label floats right): click the label
    link = p.locator(f"dt[id='{target}'] span.viewcode-link")
    with p.expect_navigation(wait_until="load"):
        link.first.click()


APPS = {"sphinxdocs": sphinxdocs}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
