"""Capture the labelled HOLDOUT page corpus of sites/real/holdout24/pages from a Pelican blog.

The twenty-fourth holdout app (a static blog made with Pelican 4.12 and Markdown, the
"Wonderland Gazette": 18 articles in four categories by three authors, two drafts, three static
pages, built by `sites/real/holdout24/setup` twice, with Pelican's default theme `notmyidea` at
the root and the published Reflex theme under /reflex/, with a Pagefind site search, served by
`python -m http.server`) was never used to tune the page-state classifier; its pages measure
it honestly. Run by hand, not by tests, with the app running:

    sites/real/holdout24/setup
    sites/real/holdout24/start 8106 &
    .venv/bin/python sites/real/capture_holdout24.py              # or: --pelican URL

One browser session, a visitor (a static blog has no accounts): with notmyidea, the index and
its later pages, articles (short, long with headings and lists, with a table, with code), a
draft's own page that nothing links to, category, tag and author pages (first and later pages),
the archives and the archives of a year and a month, the categories, tags and authors index
pages, the static pages (About, Contact with an address, a page with a table), the search page
(empty, a query in its address, a query typed, no match), the Atom and RSS feeds as the browser
shows them, directory listings of the server, and missing pages (an article, the published
address of a draft, a tag, a page of the index past the last); then the same content with
Reflex (index and a later page, articles, a category, a tag, the archives, the tags and authors
index pages, static pages, a missing page). Each page is read through the project's own browser
launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP
status of the main document (the last navigation response), and written in exactly the format
of sites/real/pages (see sites/real/pages/README.md). The search page draws its results with
a script: those captures wait for them first. The labels below were decided by hand, one page
at a time, from what each page is for; the classifier and the site profiles were not consulted.

Capturing changes nothing (the site is static), so a re-capture needs no new `setup`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout24" / "pages"
PORTS = {"pelican": 8106}

# what the search page's script draws, to wait for before capturing
SEARCH_BOX = ".pagefind-ui__search-input"
RESULTS = ".pagefind-ui__result, .pagefind-ui__message"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=500, **kwargs)


def type_search(query: str) -> Any:
    """Type a query into the search page's box, as a person does; the results come as one
    types."""

    def run(p: Page) -> None:
        p.click(SEARCH_BOX)
        p.keyboard.type(query, delay=60)
        p.wait_for_selector(RESULTS, timeout=15000)
        p.wait_for_timeout(1000)

    return run


# fmt: off
# -- notmyidea, Pelican's default theme, at the root ----------------------------------------------
def notmyidea(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pelican", base, signed_in=False)
    c = guarded(out)
    c("home", "listing",
      "the blog's front page: the newest article shown whole at the top (title, date, author, "
      "category, tags, its text), then 'Other articles', the next three with their summaries "
      "and 'read more', and 'Page 1 / 5' with a link to the next page",
      url="/", also=("article",))
    c("index-page-2", "listing",
      "the second page of the index (/index2.html): four articles, each with its title, date, "
      "author, category, tags, summary and 'read more', links to the previous and next pages",
      url="/index2.html")
    c("index-last-page", "listing",
      "the last page of the index (/index5.html, 'Page 5 / 5'): the two oldest articles with "
      "their summaries, a link back to the previous page", url="/index5.html")
    c("article-short", "article",
      "a short article ('Down the Rabbit-Hole'): its title, date, author, category and tags, "
      "then four paragraphs of text", url="/posts/down-the-rabbit-hole.html")
    c("article-long-table", "article",
      "a long article ('How to Run a Caucus-Race: a Field Guide'): an introduction, headed "
      "sections with a bullet list, a numbered list and a table of results",
      url="/posts/caucus-race-field-guide.html")
    c("article-code", "article",
      "an article with a block of Python code between paragraphs and a short list ('Keeping "
      "Time: a Watch Two Days Wrong')", url="/posts/keeping-time.html")
    c("article-table-code", "article",
      "a long article ('Labelling DRINK ME Bottles with Python'): a table of bottles, a Python "
      "program, a shell command, a numbered list of rules, under headings",
      url="/posts/labelling-drink-me-bottles.html")
    c("article-recipe", "article",
      "a recipe article ('The Queen's Jam Tarts'): a table of ingredients, a numbered method, "
      "a paragraph on serving", url="/posts/the-queens-jam-tarts.html")
    c("draft", "article",
      "a draft ('The Queen's Speech (not ready)'): Pelican writes it under /drafts/, linked "
      "from nowhere; the page is the article page as any other, a short paragraph of notes",
      url="/drafts/the-queens-speech.html")
    c("category", "listing",
      "the 'Adventures' category (/category/adventures.html, the title says so; no heading "
      "does): its newest article shown whole, then 'Other articles' with summaries, 'Page 1 / 2'",
      url="/category/adventures.html", also=("article",))
    c("category-page-2", "listing",
      "the second page of the 'Adventures' category: the three oldest articles with their "
      "summaries and 'read more'", url="/category/adventures2.html")
    c("category-small", "listing",
      "the 'Workshop' category: its three articles, the newest whole and two under 'Other "
      "articles' with summaries",
      url="/category/workshop.html", also=("article",))
    c("tag", "listing",
      "the tag 'tea' (/tag/tea.html, named only in the title): the newer of its two articles "
      "whole, the other under 'Other articles' with its summary", url="/tag/tea.html",
      also=("article",))
    c("tag-single", "listing",
      "the tag 'python', which only one article has: the page is that one article shown whole "
      "(table, code, list), with nothing but the title ('... - python') to say it is a tag "
      "page", url="/tag/python.html",
      also=("article",))
    c("author", "listing",
      "the Mad Hatter's author page (/author/the-mad-hatter.html, named only in the title): "
      "his newest article whole (a long one), then 'Other articles' with summaries, 'Page 1 / 2'",
      url="/author/the-mad-hatter.html", also=("article",))
    c("author-page-2", "listing",
      "the second page of Alice Liddell's articles: the oldest ones with their summaries",
      url="/author/alice-liddell2.html")
    c("archives", "listing",
      "'Archives for The Wonderland Gazette': every article as a line, date and linked title",
      url="/archives.html")
    c("archives-year", "listing",
      "the archive of the year 2026 (/archives/2026/): 'Archives for 2026', the year's "
      "articles as dated links", url="/archives/2026/")
    c("archives-month", "listing",
      "the archive of March 2026 (/archives/2026/03/): 'Archives for March 2026', the five "
      "articles of that month as dated links", url="/archives/2026/03/")
    c("categories", "listing",
      "'Categories for The Wonderland Gazette': the four categories as links with their "
      "number of articles",
      url="/categories.html")
    c("tags", "listing",
      "'Tags for The Wonderland Gazette': every tag as a link with its number of articles",
      url="/tags.html")
    c("authors", "listing",
      "'Authors on The Wonderland Gazette': the three authors as links with their number "
      "of articles", url="/authors.html")
    c("about", "article",
      "the static page 'About': paragraphs on the blog and a list of its three writers",
      url="/pages/about.html")
    c("contact", "article",
      "the static page 'Contact': where to send letters (a postal address over four lines), "
      "an e-mail address, office hours, a paragraph of advice; no form",
      url="/pages/contact.html")
    c("tea-schedule", "article",
      "the static page 'Tea Schedule': a sentence, a table of the week's teas (day, host, "
      "guests, seats, cakes), a closing paragraph", url="/pages/tea-schedule.html",
      also=("listing",))
    c("search", "search",
      "the site's search page (/search.html, in the menu): a heading 'Search' and an empty "
      "search box drawn by Pagefind's script, nothing else", url="/search.html",
      ready=SEARCH_BOX)
    c("search-results", "search_results",
      "/search.html?q=tarts: the box holds 'tarts', '3 results for tarts', each match a "
      "linked title and a snippet with the word marked", url="/search.html?q=tarts",
      ready=RESULTS)
    c("search-typed", "search_results",
      "'croquet' typed into the empty search box: the results appear as one types, '3 "
      "results for croquet', each a linked title and a snippet with the word marked",
      url="/search.html", ready=SEARCH_BOX, then=type_search("croquet"))
    c("search-no-results", "search_results",
      "'jabberwocky' searched: the box with the query and 'No results for jabberwocky'",
      url="/search.html?q=jabberwocky", ready=RESULTS)
    c("feed-atom", "other",
      "the site's Atom feed (/feeds/all.atom.xml, 'atom feed' in the side bar) opened in the "
      "browser: 'This XML file does not appear to have any style information', the document "
      "tree of the feed and its entries", url="/feeds/all.atom.xml", also=("listing",))
    c("feed-rss", "other",
      "the RSS feed (/feeds/all.rss.xml): the same XML tree view of the channel and its items",
      url="/feeds/all.rss.xml", also=("listing",))
    c("directory-posts", "listing",
      "/posts/, a folder with no index.html: the server's 'Directory listing for /posts/', the "
      "article files as links", url="/posts/")
    c("directory-theme", "listing",
      "/theme/: the server's 'Directory listing for /theme/', two folders (css/, fonts/)",
      url="/theme/")
    c("missing-article", "error",
      "an article that does not exist (/posts/jabberwocky.html): the server's 'Error "
      "response', 'Error code: 404', 'Message: File not found.' (HTTP 404)",
      url="/posts/jabberwocky.html")
    c("draft-unpublished", "error",
      "the address the draft would have once published (/posts/the-queens-speech.html): not "
      "there, the same 404 'Error response' page", url="/posts/the-queens-speech.html")
    c("missing-tag", "error",
      "a tag no article has (/tag/jabberwocky.html): the 404 'Error response' page",
      url="/tag/jabberwocky.html")
    c("index-past-last", "error",
      "a page of the index past the last (/index9.html): the 404 'Error response' page",
      url="/index9.html")
    out.close()
    return out.written


# -- the same content with the Reflex theme, under /reflex/ ---------------------------------------
def reflex(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "pelican", base, signed_in=False)
    c = guarded(out)
    c("reflex-home", "listing",
      "the Reflex build's front page (/reflex/): a side bar (picture, site name, the static "
      "pages and links), a menu, the four newest articles each with its date, category, tags, "
      "summary and 'Continue reading', 'Older Posts'", url="/reflex/")
    c("reflex-index-page-2", "listing",
      "the second page of the Reflex index: four more articles with summaries, 'Newer Posts' "
      "and 'Older Posts'", url="/reflex/index2.html")
    c("reflex-article-code", "article",
      "an article in Reflex ('Labelling DRINK ME Bottles with Python'): its heading, date and "
      "category, a table, code blocks, a numbered list under headings, its tags below",
      url="/reflex/posts/labelling-drink-me-bottles.html")
    c("reflex-article-long", "article",
      "'The Rules of Royal Croquet' in Reflex: headed sections, lists and a table of penalties",
      url="/reflex/posts/rules-of-royal-croquet.html")
    c("reflex-category", "listing",
      "the 'Kitchen' category in Reflex (named only in the title): its four articles, each "
      "with date, category, tags, summary and 'Continue reading'",
      url="/reflex/category/kitchen.html")
    c("reflex-tag", "listing",
      "the tag 'queen' in Reflex (named only in the title): its four articles with summaries",
      url="/reflex/tag/queen.html")
    c("reflex-author", "listing",
      "the White Rabbit's articles in Reflex (title 'Posts by The White Rabbit:'): four "
      "articles with summaries, 'Older Posts'", url="/reflex/author/the-white-rabbit.html")
    c("reflex-archives", "listing",
      "'Archives' in Reflex: every article as a dated link", url="/reflex/archives.html")
    c("reflex-categories", "listing",
      "'Categories' in Reflex: the four categories as links with their number of articles",
      url="/reflex/categories.html")
    c("reflex-tags", "listing",
      "'Tags' in Reflex: every tag as a link with its number of articles",
      url="/reflex/tags.html")
    c("reflex-contact", "article",
      "the 'Contact' page in Reflex: the postal address, e-mail, office hours, a paragraph",
      url="/reflex/pages/contact.html")
    c("reflex-tea-schedule", "article",
      "the 'Tea Schedule' page in Reflex: a sentence, the table of teas, a paragraph",
      url="/reflex/pages/tea-schedule.html", also=("listing",))
    c("reflex-missing", "error",
      "a missing article under /reflex/ (/reflex/posts/alices-evidence.html, a draft's would-be "
      "address): the server's 404 'Error response' page", url="/reflex/posts/alices-evidence.html")
    out.close()
    return out.written


# fmt: on


def pelican(browser: Any, base: str) -> list[Path]:
    return notmyidea(browser, base) + reflex(browser, base)


APPS = {"pelican": pelican}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
