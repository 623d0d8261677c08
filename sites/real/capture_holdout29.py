"""Capture the labelled HOLDOUT page corpus of sites/real/holdout29/pages from ikiwiki.

The twenty-ninth holdout app (ikiwiki 3.20200202.3, Debian's `ikiwiki`, a wiki compiler with its
CGI for signing in, editing, comments and search, the "Wonderland Wiki": 25 pages of
Wonderland content in git with a blog of six posts, tags, comments, a discussion page, by
several authors; page history and diffs shown by gitweb 2.39.5 (Debian's `gitweb`, ikiwiki's
`historyurl` and `diffurl`), search by Xapian omega 1.4.22; all served by lighttpd 1.4.69,
set up and seeded by `sites/real/holdout29/setup`) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, with the app freshly set
up and running:

    sites/real/holdout29/setup
    sites/real/holdout29/start 8111 &
    .venv/bin/python sites/real/capture_holdout29.py       # or: --ikiwiki URL --gitweb URL

Three browser sessions. A visitor on the wiki: the front page, pages to read (prose, lists,
tables, a discussion page, a page with a link to a page not yet written, ikiwiki's own help
page), index pages (people, the site map, tags, a tag, broken links, the blog and its archive),
recent changes with their diffs, a page's source, the blog's RSS feed, the search (its form
alone, results, a second page of results, no match), missing pages (ikiwiki's 404 handler, a
`goto` to no page, an unknown CGI action), and what a visitor gets for the edit, create,
comment and preferences links (the sign-in form), the sign-in form itself, a failed sign-in,
the registration form. Then alice, signed in: the page after signing in, her preferences (and
saved), the edit form of a page (with a preview, a diff, saved), creating the page a broken
link points to (form, created), a locked page's edit link (refused), the blog's new-post form
(and the post made), the comment form (preview, posted), the remove and rename forms of a page
(and the page removed), the comment moderation page (only for the admin), recent changes after
her edits, a search, a missing page; and last, signing out. Then a visitor on gitweb (the
wiki's history and diffs): its project list, the wiki's summary, shortlog, log, a page's
history, a commit, a commit's diff, a diff of one file (the `diffurl` of recent changes), a
file's text, the tree, the heads, a commit search (matches, none), its help, an unknown project
and an unknown commit. Each page is read through the project's own browser
launcher (`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP
status of the main document (the last navigation response), and written in exactly the format
of sites/real/pages (see sites/real/pages/README.md). The labels below were decided by hand,
one page at a time, from what each page is for; the classifier and the site profiles were not
consulted.

Capturing changes the app (edits a page, creates two, posts a comment, removes a page, saves
preferences): run `setup` again, with the server stopped, before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import click, guarded, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout29" / "pages"
PORTS = {"ikiwiki": 8111, "gitweb": 8111}
CGI = "/ikiwiki.cgi"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=300, **kwargs)


def sign_in(password: str) -> Any:
    def run(page: Page) -> None:
        page.fill("#name", capturing.USER)
        page.fill("#password", password)
        submit(page, "#signin_submit")

    return run


def fill(selector: str, value: str) -> Any:
    return lambda page: page.fill(selector, value)


def button(value: str) -> Any:
    """A capture step: press the submit button called `value` and wait for the page."""
    return lambda page: submit(page, f"input[type=submit][value='{value}']")


def search(query: str) -> Any:
    """Type a query into the search box of the wiki's header and send it."""

    def run(page: Page) -> None:
        page.fill("#searchbox", query)
        with page.expect_navigation(wait_until="load"):
            page.press("#searchbox", "Enter")

    return run


# fmt: off
# -- a visitor on the wiki ------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "ikiwiki", base, signed_in=False)
    c = guarded(out)
    c("home", "article",
      "the front page, 'Welcome to the Wonderland Wiki': a paragraph, 'Where to start' (a list of "
      "links to the main pages), 'How to help' (a numbered list), the sidebar of links",
      url="/", also=("other",))
    c("about", "article",
      "'About this wiki': three short paragraphs on who started the wiki and why",
      url="/about/")
    c("page-table", "article",
      "'The Mad Tea Party': paragraphs, a list of guests, a table of the menu, riddles, links to "
      "other pages, with Edit, History, Source and Discussion links above",
      url="/tea-party/")
    c("page-directive-table", "article",
      "'Croquet': paragraphs, a table of equipment (the table directive), a list of penalties",
      url="/croquet/")
    c("page-locked", "article",
      "'The Queen's Laws', a locked page: a numbered list of four laws and one line",
      url="/rules/laws/")
    c("page-person", "article",
      "the page of one person, 'The Cheshire Cat': two paragraphs and a quotation, its tag",
      url="/people/cheshire-cat/")
    c("page-recipe", "article",
      "'The Queen's Jam Tarts': a paragraph, a table of ingredients, a numbered method",
      url="/recipes/jam-tarts/")
    c("page-broken-link", "article",
      "'The Pool of Tears': two paragraphs, one with a link to a page not yet written "
      "(shown as '?Looking-Glass House')", url="/places/pool-of-tears/")
    c("discussion", "article",
      "the discussion page of the tea party: two signed remarks, one quoting the other",
      url="/tea-party/discussion/")
    c("help-searching", "article",
      "ikiwiki's own help page on searching (/ikiwiki/searching/), reached from the search "
      "page's Help link: paragraphs on how to write a query", url="/ikiwiki/searching/")
    c("people", "listing",
      "'People of Wonderland': a line and a map (a nested list of links) of the people's pages",
      url="/people/")
    c("sitemap", "listing",
      "'Site map': a line and a nested list of links to every page of the wiki",
      url="/sitemap/")
    c("tags", "listing",
      "'Tags': a line and a tag cloud, the tags as links of sizes by how many pages have them",
      url="/tags/")
    c("tag", "listing",
      "the tag 'court' (/tags/court/): 'Pages tagged court:' and the list of those pages",
      url="/tags/court/")
    c("brokenlinks", "listing",
      "'Broken links': a list of the links to pages not yet written, each with the pages "
      "linking there", url="/brokenlinks/")
    c("blog", "listing",
      "'Wonderland News', the blog: a line, a box to add a new post, the four newest posts shown "
      "whole, each with its date, tags and comment count, RSS and Atom links",
      url="/blog/", also=("article",))
    c("blog-archive", "listing",
      "'Blog archive': the list of every post as a link with its date, newest first",
      url="/blog/archive/")
    c("blog-post-comments", "article",
      "a blog post, 'The tarts are missing': its text and a list, its tags, then two comments "
      "below it and an 'Add a comment' link", url="/blog/posts/stolen-tarts/")
    c("recentchanges", "listing",
      "'RecentChanges': the last 30 changes, each with the page, who, when, the message and "
      "its diff", url="/recentchanges/", also=("other",))
    c("source", "other",
      "a page's source ('Source' link, do=getsource): the Markdown text of the tea party page "
      "as plain text, no title", url=f"{CGI}?do=getsource&page=tea-party", also=("article",))
    c("feed-rss", "other",
      "the blog's RSS feed (/blog/index.rss) as the browser shows it: the XML of the posts as "
      "one run of text, no title",
      url="/blog/index.rss", also=("listing",))
    # search
    c("search-empty", "search",
      "the search page with no query (/ikiwiki.cgi?P=): omega's search box, 'Matching any / "
      "all words', 'Searching 84 documents', nothing else", url=f"{CGI}?P=")
    c("search-results", "search_results",
      "a search for 'tea' typed in the header's search box: the query in a box, '1-10 of "
      "exactly 16 matches', a table of the pages found with an extract of each",
      url="/", then=search("tea"))
    c("search-results-page-2", "search_results",
      "'Next' on the results of a search for 'the': '11-20 of exactly 66 matches', ten more "
      "pages found with extracts, the page buttons",
      url=f"{CGI}?P=the", then=button("Next"))
    c("search-no-results", "search_results",
      "a search for 'jabberwocky': the query in the box and 'No documents match your query'",
      url="/", then=search("jabberwocky"))
    # missing
    c("missing-page", "error",
      "an address that is no page of the wiki (/looking-glass/): ikiwiki's 404 handler, 'The "
      "page ?looking-glass does not exist.' (the '?' a link to create it), titled 'missing page'",
      url="/looking-glass/")
    c("missing-post", "error",
      "a blog post that does not exist (/blog/posts/the-trial/): the same 404 page",
      url="/blog/posts/the-trial/")
    c("goto-missing", "error",
      "a 'goto' link to no page (/ikiwiki.cgi?do=goto&page=jabberwock): 'The page jabberwock "
      "does not exist.'", url=f"{CGI}?do=goto&page=jabberwock")
    c("cgi-unknown-action", "error",
      "the CGI asked for an action it does not know (do=bogus): 'Error: unknown do parameter'",
      url=f"{CGI}?do=bogus")
    # what a visitor gets for the links that need an account
    c("edit-as-visitor", "login",
      "a visitor's 'Edit' link of the tea party: the sign-in form (name, password, Login, "
      "Register, Reset Password)", url="/tea-party/", then=click("a[href*='do=edit']"))
    c("create-as-visitor", "login",
      "a visitor following the link to a page not yet written: the sign-in form",
      url="/places/pool-of-tears/", then=click("a[href*='looking-glass-house']"))
    c("comment-as-visitor", "login",
      "a visitor's 'Add a comment' link on a blog post: the sign-in form",
      url="/blog/posts/stolen-tarts/", then=click("a[href*='do=comment']"))
    c("prefs-as-visitor", "login",
      "a visitor's 'Preferences' link: the sign-in form",
      url="/", then=click("a[href*='do=prefs']"))
    c("signin", "login",
      "the sign-in page (do=signin): name and password fields with Login, Register and Reset "
      "Password buttons", url=f"{CGI}?do=signin")
    c("signin-failed", "login",
      "a wrong password for alice: the sign-in form again, '1 error(s) were encountered' above "
      "it and 'Invalid entry' at the password field",
      url=f"{CGI}?do=signin", then=sign_in("not-the-password"), also=("error",))
    c("register", "form",
      "'Register' pressed on the empty sign-in form: the registration form (name, password, "
      "confirm password, e-mail, 'Create Account')",
      url=f"{CGI}?do=signin", then=button("Register"))
    out.close()
    return out.written


# -- alice, signed in -----------------------------------------------------------------------------
def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "ikiwiki", base, signed_in=True)
    c = guarded(out)
    c("signed-in", "form",
      "what signing in from the tea party's Edit link leads to: the edit form of that page",
      url="/tea-party/", then=steps(click("a[href*='do=edit']"), sign_in(capturing.PASSWORD)))
    c("prefs", "form",
      "'Preferences' of alice: a link to create her user page, her name (fixed), new password "
      "and confirm fields, e-mail, 'Save Preferences', 'Logout' and 'Cancel'",
      url=f"{CGI}?do=prefs")
    c("prefs-saved", "form",
      "the preferences after 'Save Preferences' with a new e-mail address: 'Preferences saved.' "
      "above the same form", also=("confirmation",), url=f"{CGI}?do=prefs",
      then=steps(fill("#email", "alice.liddell@wonderland.example"),
                 button("Save Preferences")))
    # editing
    c("edit", "form",
      "'editing tea-party': a big text box with the page's Markdown, an optional comment, "
      "Save Page, Preview, Diff and Cancel, a link to formatting help",
      url=f"{CGI}?do=edit&page=tea-party")
    c("edit-preview", "form",
      "'Preview' of an edit: the same form with the page as it would look shown below it",
      url=f"{CGI}?do=edit&page=tea-party", also=("article",),
      then=steps(lambda p: p.fill("#editcontent", p.input_value("#editcontent") +
                                  "\n## Seating\n\nEveryone moves down one place when the cups "
                                  "are dirty.\n"),
                 button("Preview")))
    c("edit-diff", "form",
      "'Diff' of an edit: the same form with the changes to the page's text shown as a diff",
      url=f"{CGI}?do=edit&page=tea-party", also=("other",),
      then=steps(lambda p: p.fill("#editcontent", p.input_value("#editcontent") +
                                  "\n## Seating\n\nEveryone moves down one place.\n"),
                 button("Diff")))
    c("edit-saved", "article",
      "the tea party page right after 'Save Page' with a new section: the page as it now is "
      "(its address ends in ?updated), no message", url=f"{CGI}?do=edit&page=tea-party",
      then=steps(lambda p: p.fill("#editcontent", p.input_value("#editcontent") +
                                  "\n## Seating\n\nEveryone moves down one place when the cups "
                                  "are dirty; the Hatter gets the clean cup.\n"),
                 fill("#editmessage", "Seating"),
                 button("Save Page")))
    c("create", "form",
      "the link to the page not yet written followed by alice: 'creating looking-glass-house', "
      "where to put it, the format, an empty text box, Save Page, Preview",
      url="/places/pool-of-tears/", then=click("a[href*='looking-glass-house']"))
    c("created", "article",
      "the new page 'Looking-Glass House' right after saving it: its heading and paragraph, no "
      "message",
      url="/places/pool-of-tears/",
      then=steps(click("a[href*='looking-glass-house']"),
                 fill("#editcontent", "# Looking-Glass House\n\nThe house on the other side "
                      "of the mirror, where everything is the wrong way round.\n"),
                 button("Save Page")))
    c("remove", "form",
      "'Remove' pressed on the edit form of the page just made: 'confirm removal of "
      "looking-glass-house' as title, and only the Remove and Cancel buttons",
      then=steps(click("a[href*='do=edit']"), button("Remove")))
    c("removed", "article",
      "after 'Remove' on the confirmation page: ikiwiki goes to the wiki's front page, with no "
      "word of the removal (the front page's text and lists)", also=("other",),
      then=button("Remove"))
    c("edit-locked", "error",
      "the Edit link of the locked front page: 'Error: index is locked and cannot be edited'",
      url=f"{CGI}?do=edit&page=index")
    c("rename", "form",
      "'Rename' pressed on the edit form of the about page: 'rename about', the new name, the "
      "page type, Rename and Cancel", url=f"{CGI}?do=edit&page=about", then=button("Rename"))
    # blog and comments
    c("blog-new-post", "form",
      "a new blog post titled 'Hatter on trial' from the blog's box: 'creating hatter on trial' "
      "with its text box, Save Page, Preview",
      url="/blog/", then=steps(fill("input[name=title]", "Hatter on trial"),
                               button("Edit")))
    c("blog-post-made", "article",
      "the new post right after saving it: its text, its tags, an 'Add a comment' link, no "
      "message", url="/blog/",
      then=steps(fill("input[name=title]", "The Hatter on trial"), button("Edit"),
                 fill("#editcontent", "The Hatter was called as the first witness today. He "
                      "came in with a teacup in one hand and a piece of bread-and-butter in "
                      "the other.\n\n[[!tag court tea]]\n"),
                 button("Save Page")))
    c("comment", "form",
      "'Add a comment' on a blog post (do=comment, 'commenting on stolen-tarts'): a subject, a "
      "comment box, Post comment, Preview, Cancel",
      url=f"{CGI}?do=comment&page=blog/posts/stolen-tarts")
    c("comment-preview", "form",
      "'Preview' of a comment: the filled form, then the comment as it would look",
      url=f"{CGI}?do=comment&page=blog/posts/stolen-tarts",
      then=steps(fill("input[name=subject]", "The jury"),
                 fill("#editcontent", "The jury wrote down all three dates and added them up."),
                 button("Preview")))
    c("comment-posted", "article",
      "the blog post after 'Post comment': the post and its comments, the new one last, no "
      "message", url=f"{CGI}?do=comment&page=blog/posts/stolen-tarts",
      then=steps(fill("input[name=subject]", "The jury"),
                 fill("#editcontent", "The jury wrote down all three dates and added them up."),
                 button("Post comment")))
    c("commentmoderation-refused", "error",
      "the comment moderation page (do=commentmoderation), for the wiki's admin only: the "
      "error alice is given", url=f"{CGI}?do=commentmoderation")
    # lists after the changes
    c("recentchanges-after", "listing",
      "RecentChanges after her edits: her web changes first (the page, alice, 'web', the time, "
      "diff and revert links, the message), then the older changes",
      url="/recentchanges/", also=("other",))
    c("search-signed-in", "search_results",
      "a search for 'croquet' by alice: the matching pages with extracts",
      url="/", then=search("croquet"))
    c("missing-page-signed-in", "error",
      "a missing page asked for by alice (/treacle-well/): the 404 page with a link to create it",
      url="/treacle-well/")
    c("page-signed-in", "article",
      "a page read by alice (the rabbit hole): a heading and three paragraphs, with the Edit, "
      "RecentChanges, History, Source, Preferences links", url="/places/rabbit-hole/")
    # signing out
    out.signed_in = False
    c("signed-out", "article",
      "after 'Logout' on the preferences page: the wiki's front page, with no word of signing "
      "out", url=f"{CGI}?do=prefs", then=button("Logout"), also=("other",))
    out.close()
    return out.written


# -- a visitor on gitweb, the wiki's history -------------------------------------------------------
def gitweb(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "gitweb", base, signed_in=False)
    c = guarded(out)
    project = "/gitweb/?p=wiki.git"
    c("history-from-wiki", "listing",
      "the History link of the wiki's tea party page: gitweb's history of tea-party.mdwn, a "
      "table of the commits that changed it (date, author, message, links to each version and "
      "diff)", url="/tea-party/", then=click("a[href*='a=history']"))
    c("projects", "listing",
      "gitweb's front page: a project search box and the table of projects (one: wiki.git with "
      "its description, owner, last change and links)", url="/gitweb/")
    c("summary", "listing",
      "the summary of wiki.git: description, owner, last change, then a table of the last "
      "commits (shortlog) and of the branch heads", url=project, also=("detail",))
    c("shortlog", "listing",
      "the shortlog of wiki.git: a table of every commit (date, author, message)",
      url=f"{project};a=shortlog")
    c("log", "listing",
      "the log of wiki.git: each commit with its author, date and whole message",
      url=f"{project};a=log")
    c("commit", "detail",
      "one commit (HEAD, alice's comment 'The jury' made through the wiki): author, committer, "
      "its ids, the message, the file it added", url=f"{project};a=commit;h=HEAD")
    c("commitdiff", "other",
      "the diff of one commit (a=commitdiff of HEAD): its message, then the lines it added "
      "(the comment file)", url=f"{project};a=commitdiff;h=HEAD", also=("detail",))
    c("diff-from-recentchanges", "other",
      "the 'diff' link of the newest change in the wiki's RecentChanges (ikiwiki's diffurl): "
      "gitweb's blobdiff of one file, the comment alice added, as added lines",
      url="/recentchanges/",
      then=click("a[href*='a=blobdiff']"))
    c("blob", "other",
      "a page's text at HEAD (a=blob of croquet.mdwn): the Markdown, with numbered lines",
      url=f"{project};a=blob;f=croquet.mdwn;hb=HEAD", also=("article",))
    c("tree", "listing",
      "the tree of wiki.git at HEAD: a table of the files and folders with their modes and "
      "links", url=f"{project};a=tree")
    c("search-commits", "search_results",
      "gitweb's search for 'post' in commit messages: the matching commits with the word "
      "highlighted", url=f"{project};a=search;h=HEAD;st=commit;s=post")
    c("search-no-results", "search_results",
      "a gitweb search for 'jabberwocky': no commit matches",
      url=f"{project};a=search;h=HEAD;st=commit;s=jabberwocky")
    c("search-help", "article",
      "gitweb's help on searching (the '?' next to the search box): headings and paragraphs on "
      "the kinds of search", url=f"{project};a=search_help")
    c("heads", "listing",
      "the heads of wiki.git (a=heads): a table of its branches (one, master) with their last "
      "change and links", url=f"{project};a=heads")
    c("unknown-project", "error",
      "a project that does not exist (?p=looking-glass.git): gitweb's '404 - No such project'",
      url="/gitweb/?p=looking-glass.git")
    c("unknown-commit", "error",
      "a commit id that does not exist: gitweb's error page",
      url=f"{project};a=commit;h=0123456789abcdef0123456789abcdef01234567")
    out.close()
    return out.written


# fmt: on


APPS = {
    "ikiwiki": lambda browser, base: visitor(browser, base) + alice(browser, base),
    "gitweb": gitweb,
}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
