"""Capture the labelled HOLDOUT page corpus of sites/real/holdout25/pages from Ghost.

The twenty-fifth holdout app (Ghost 5.130.4, the publishing platform, in its development mode
on SQLite with its default theme Source, the "Wonderland Gazette": 14 public posts and one for
members only in four tags by three writers, a draft, three static pages, five members, seeded by
`sites/real/holdout25/setup`) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, with the app running:

    sites/real/holdout25/setup
    sites/real/holdout25/start 8107 &
    .venv/bin/python sites/real/capture_holdout25.py              # or: --ghost URL

Two browser sessions. A visitor: the blog's home and later index pages, posts (short, long with
a table, with code), a post for members only, tag and author pages, static pages, the search
overlay (empty, results, no match), the members' sign-up and sign-in overlays (Portal) and a
sign-up that cannot send its e-mail, the RSS feed and the sitemap as the browser shows them,
missing pages, the Admin API refusing a visitor, Ghost Admin's sign-in page, a failed sign-in.
Then `alice`, signed in to Ghost Admin: the dashboard, the posts and pages lists, a post in the
editor, a new post, the publishing flow to its end, a saved post, tags (list, one tag, a new
one saved, its deletion asked and done), members, settings, staff, a missing admin page, the
blog as a signed-in writer sees it, a draft's preview, and signing out. Each page is read
through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response),
and written in exactly the format of sites/real/pages (see sites/real/pages/README.md). Ghost
Admin and the overlays are drawn by scripts: each capture waits for its content first. The
labels below were decided by hand, one page at a time, from what each page is for; the
classifier and the site profiles were not consulted.

Capturing changes the app (publishes a post, edits another, adds and deletes a tag): run
`setup` again before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout25" / "pages"
PORTS = {"ghost": 8107}
EMAIL = "alice@wonderland.example"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=1500, **kwargs)


def frame_text(text: str) -> Any:
    """Wait until an overlay's iframe (search, Portal) shows `text`."""

    def run(p: Page) -> None:
        p.frame_locator("iframe").last.get_by_text(text).first.wait_for(timeout=15000)

    return run


def open_search(query: str | None, expect: str | None = None) -> Any:
    """Open the search overlay with the header's search button; type a query, as a person
    does (the results come as one types)."""

    def run(p: Page) -> None:
        p.locator("button[data-ghost-search]:visible").first.click()
        box = p.frame_locator("iframe").last.get_by_placeholder("Search posts, tags and authors")
        box.wait_for(timeout=15000)
        if query:
            box.press_sequentially(query, delay=60)
            p.wait_for_timeout(2000)
            if expect:
                frame_text(expect)(p)

    return run


def sign_in(password: str, expect: str) -> Any:
    """Fill Ghost Admin's sign-in form and send it; wait for `expect` (a URL part or text)."""

    def run(p: Page) -> None:
        p.get_by_label("Email address").fill(EMAIL)
        p.get_by_label("Password").fill(password)
        p.get_by_role("button", name="Sign in").click()
        if expect.startswith("#"):
            p.wait_for_url(f"**{expect}*", timeout=20000)
        else:
            p.get_by_text(expect).first.wait_for(timeout=15000)
        p.wait_for_timeout(1500)

    return run


def text(value: str) -> str:
    """A `ready` selector: an element showing this text."""
    return f"text={value}"


# fmt: off
# -- a visitor --------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "ghost", base, signed_in=False)
    c = guarded(out)
    c("home", "listing",
      "the blog's front page (theme Source): the site's description with an e-mail box to "
      "subscribe, then 'Latest', the posts as cards (title, excerpt, author, date), 'See "
      "all'",
      url="/", ready=".gh-card")
    c("index-page-2", "listing",
      "/page/2/: 'The Wonderland Gazette (Page 2)', the posts as cards with title, excerpt,"
      " author and date",
      url="/page/2/", ready=".gh-card")
    c("post-short", "article",
      "a short post ('Down the Rabbit-Hole'): title, author, date, four paragraphs, then "
      "'Read more' cards of other posts",
      url="/down-the-rabbit-hole/")
    c("post-long-table", "article",
      "a long post ('How to Run a Caucus-Race: a Field Guide'): headed sections with a "
      "bullet list, a numbered list and a table of results",
      url="/how-to-run-a-caucus-race-a-field-guide/")
    c("post-code", "article",
      "a post with a table of bottles and a block of Python code ('Labelling DRINK ME "
      "Bottles')",
      url="/labelling-drink-me-bottles/")
    c("post-recipe", "article",
      "a recipe post ('The Queen's Jam Tarts'): a table of ingredients, a numbered method",
      url="/the-queens-jam-tarts/")
    c("post-members-only", "article",
      "a post for members only, read by a visitor: its title, author and excerpt, then "
      "'This post is for subscribers only' with a subscribe button and 'Already have an "
      "account? Sign in', then other posts: the text is withheld",
      url="/members-notes-the-croquet-ground-at-night/", also=("error",))
    c("tag", "listing",
      "the tag 'Croquet' (/tag/croquet/): its name and description as heading, its posts as"
      " cards",
      url="/tag/croquet/")
    c("tag-adventures", "listing",
      "the tag 'Adventures': its heading and description, its posts as cards",
      url="/tag/adventures/")
    c("author", "listing",
      "the White Rabbit's author page: his name as heading, his posts as cards",
      url="/author/white-rabbit/")
    c("author-alice", "listing",
      "Alice Liddell's author page: her name, her location (Oxford), her posts as cards",
      url="/author/alice/")
    c("page-about", "article",
      "the static page 'About': a heading, two paragraphs and a list of the three writers",
      url="/about/")
    c("page-contact", "article",
      "the static page 'Contact': where to send letters (a postal address), an e-mail "
      "address, office hours; no form",
      url="/contact/")
    c("page-tea-schedule", "article",
      "the static page 'Tea Schedule': a sentence, a table of the week's teas (day, host, "
      "guests, seats, cakes), a closing sentence",
      url="/tea-schedule/", also=("listing",))
    c("search-open", "search",
      "the search overlay opened with the header's search button: over the home page, an "
      "iframe with only an empty box 'Search posts, tags and authors'",
      url="/", then=open_search(None))
    c("search-results", "search_results",
      "'tarts' typed into the search overlay: under the box, 'Posts' with two matches, each"
      " a title and an excerpt (the home page behind)",
      url="/",
      then=open_search("tarts", "Who Stole the Tarts?"))
    c("search-tag", "search_results",
      "'croq' typed into the search overlay: a 'Tags' section with 'Croquet', then 'Posts' "
      "with the matching posts and their excerpts",
      url="/",
      then=open_search("croq", "Croquet"))
    c("search-no-results", "search_results",
      "'jabberwocky' typed into the search overlay: the box with the query and 'No matches "
      "found'",
      url="/",
      then=open_search("jabberwocky"))
    # Portal's addresses differ from the page's only after '#': load them afresh
    out.page.goto("about:blank")
    c("portal-signup", "form",
      "the members' sign-up overlay (Portal, /#/portal/signup) over the home page: the "
      "site's name, Name and Email fields, 'Sign up', 'Already a member? Sign in'",
      url="/#/portal/signup", then=frame_text("Sign up"))
    out.page.goto("about:blank")
    c("portal-signin", "login",
      "the members' sign-in overlay (/#/portal/signin): 'Sign in', one Email field and "
      "'Continue' (Ghost e-mails a sign-in link: no password), 'Don't have an account? Sign"
      " up'",
      url="/#/portal/signin", then=frame_text("Continue"), also=("form",))
    out.page.goto("about:blank")
    c("portal-signup-failed", "form",
      "the sign-up overlay after 'Sign up' with a name and e-mail: the mail cannot be sent "
      "here, the button now says 'Retry', the fields keep their values; no other message in"
      " the page's tree",
      url="/#/portal/signup", then=portal_signup, also=("error",))
    out.page.goto("about:blank")
    c("portal-account", "login",
      "/#/portal/account for a visitor who is not a member: Portal shows its sign-in "
      "overlay, an Email field and 'Continue'",
      url="/#/portal/account", then=frame_text("Continue"), also=("form",))
    c("rss", "other",
      "the RSS feed (/rss/, 'RSS' in the footer) opened in the browser: no title, the "
      "feed's raw XML as one block of text (channel and items)",
      url="/rss/", also=("listing",))
    c("sitemap", "listing",
      "/sitemap.xml styled by Ghost's XSL: 'XML Sitemap' (under Chromium's notice that XSLT"
      " is going away), a table of the sitemaps of posts, pages, tags and authors",
      url="/sitemap.xml")
    c("sitemap-posts", "listing",
      "/sitemap-posts.xml styled: 'XML Sitemap', a table of every post's address and last "
      "change",
      url="/sitemap-posts.xml")
    c("missing-post", "error",
      "a post that does not exist (/the-jabberwock/): '404', 'Page not found' and a link "
      "back to the home page (HTTP 404)",
      url="/the-jabberwock/")
    c("missing-tag", "error",
      "a tag no post has (/tag/jabberwocky/): the theme's 404 page, 'Page not found'",
      url="/tag/jabberwocky/")
    c("index-past-last", "error",
      "a page of the index past the last (/page/9/): '404', 'Page not found.'",
      url="/page/9/")
    c("draft-address", "error",
      "the address the draft would have once published: not there, the 404 page",
      url="/the-queens-speech-not-ready/")
    c("admin-api-refused", "error",
      "the Admin API asked by a visitor (/ghost/api/admin/posts/): HTTP 403 and the raw "
      "JSON 'Authorization failed', 'Unable to determine the authenticated user'",
      url="/ghost/api/admin/posts/")
    c("admin-signin", "login",
      "Ghost Admin (/ghost/) for a visitor: the site's name, 'Email address' and 'Password'"
      " fields, 'Forgot?', 'Sign in'",
      url="/ghost/", ready="input[name=identification]")
    c("admin-posts-signed-out", "login",
      "an admin address (/ghost/#/posts) asked by a visitor: Ghost Admin shows its sign-in "
      "form instead, nothing said",
      url="/ghost/#/posts",
      ready="input[name=identification]")
    c("admin-signin-failed", "login",
      "a sign-in with a wrong password: the same form, the fields filled, the button now "
      "'Retry' and under it 'Your password is incorrect.'",
      url="/ghost/",
      ready="input[name=identification]",
      then=sign_in("not-" + capturing.PASSWORD, "password is incorrect"), also=("error",))
    out.close()
    return out.written


def portal_signup(p: Page) -> None:
    frame = p.frame_locator("iframe").last
    frame.get_by_label("Name").fill("Bill the Lizard")
    frame.get_by_label("Email").fill("bill.lizard@wonderland.example")
    frame.get_by_role("button", name="Sign up").click()
    p.wait_for_timeout(5000)


# -- alice, signed in to Ghost Admin ------------------------------------------------------------
def signed_in(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "ghost", base, signed_in=True)
    c = guarded(out)
    c("admin-signin-then-dashboard", "listing",
      "the page right after signing in: the Admin dashboard ('Dashboard', members chart, "
      "top sources, engagement, recent posts as rows, links to Ghost's news)",
      url="/ghost/",
      ready="input[name=identification]", then=sign_in(capturing.PASSWORD, "#/dashboard"),
      also=("other",))
    ids = api_ids(out.page, base)
    c("dashboard", "listing",
      "Ghost Admin's dashboard: side menu, 'Dashboard' with members counts and a chart, top"
      " sources, engagement figures, 'Recent posts' as rows with their sends and open "
      "rates, cards of Ghost's own news",
      url="/ghost/#/dashboard", also=("other",))
    c("posts", "listing",
      "Ghost Admin's posts list: filters (all posts, access, authors, tags, order), then "
      "every post as a row with its title, author, status and date",
      url="/ghost/#/posts", ready=text("Who Stole the Tarts?"))
    c("posts-drafts", "listing",
      "the posts list filtered to drafts: 'Drafts', the filters, one row (the draft)",
      url="/ghost/#/posts?type=draft",
      ready=text("The Queen's Speech"))
    c("pages", "listing",
      "Ghost Admin's pages list: filters, the three static pages as rows with status",
      url="/ghost/#/pages", ready=text("Tea Schedule"))
    c("editor-post", "form",
      "a published post in Ghost's editor: 'Published', 'Update' (disabled) and "
      "'Unpublish', the title field and the rich text with its headings and table, a word "
      "count, 'Settings'",
      url=f"/ghost/#/editor/post/{ids['the-rules-of-royal-croquet']}",
      ready=text("Penalties"), also=("detail",))
    c("editor-draft", "form",
      "the draft in the editor: 'Draft - Saved', 'Preview', 'Publish', the title and the "
      "text",
      url=f"/ghost/#/editor/post/{ids['the-queens-speech-not-ready']}",
      ready=text("Notes for the speech"))
    c("editor-settings", "form",
      "a post in the editor with its settings panel open: Post URL, publish date and time, "
      "tags, access, excerpt, authors, 'Feature this post', more panels, 'Delete post'",
      url=f"/ghost/#/editor/post/{ids['pig-and-pepper']}", ready=text("too much pepper"),
      then=open_post_settings, also=("detail",))
    out.page.goto("about:blank")
    c("editor-updated", "form",
      "a post's title changed and 'Update' clicked in the editor: the button now reads "
      "'Updated' and a notice 'Post updated' appears; the editor is still the page",
      url=f"/ghost/#/editor/post/{ids['pig-and-pepper']}", ready=text("too much pepper"),
      then=update_post, also=("confirmation",))
    out.page.goto("about:blank")
    c("editor-new", "form",
      "a new post: 'New', an empty title field with the cursor in it, the empty text, '0 "
      "words'",
      url="/ghost/#/editor/post")
    out.page.goto("about:blank")
    c("publish-flow", "form",
      "'Publish' clicked for a new post: the full-screen publish step 'Ready, set, publish."
      " Share it with the world.', options (publish, not sent as newsletter, right now) and"
      " 'Continue, final review'",
      url="/ghost/#/editor/post", then=publish(False))
    out.page.goto("about:blank")
    c("published", "confirmation",
      "the end of the publish flow: over the posts list (/ghost/#/posts), 'Boom! It's out "
      "there. That's 16 posts published.', the new post as a card with share links and "
      "'Copy link'",
      url="/ghost/#/editor/post", then=publish(True), also=("listing",))
    out.page.goto("about:blank")  # close the publish flow
    c("editor-page", "form",
      "a static page ('Tea Schedule') in the editor: 'Published', 'Update', the page title "
      "and its text with the table",
      url=f"/ghost/#/editor/page/{ids['tea-schedule']}",
      ready=text("Move down one place"))
    c("tags", "listing",
      "Ghost Admin's tags: 'Public tags' and 'Internal tags' switch, each tag a row (name, "
      "slug, posts count, 'Edit tag'), 'New tag'",
      url="/ghost/#/tags", ready=text("Workshop"))
    c("tag-edit", "form",
      "a tag's edit page (/ghost/#/tags/croquet): name, colour, slug, description, image, "
      "meta data, X and Facebook cards, code injection, 'Save', 'Delete tag'",
      url="/ghost/#/tags/croquet", ready="input[name=name]", also=("detail",))
    c("tag-new", "form",
      "'New tag': the same form, empty, with 'Save'",
      url="/ghost/#/tags/new", ready="input[name=name]")
    c("tag-saved", "form",
      "a new tag 'Tea Parties' saved: the address turns to /ghost/#/tags/tea-parties, the "
      "heading to the tag's name, the form keeps the values, 'Delete tag' is now there; no "
      "message",
      url="/ghost/#/tags/new", ready="input[name=name]",
      then=save_tag, also=("detail",))
    c("tag-delete-confirm", "form",
      "'Delete tag' clicked: a modal 'Are you sure you want to delete this tag?', 'You're "
      "about to delete \"Tea Parties\". This is permanent!', 'Cancel' and 'Delete'",
      url="/ghost/#/tags/tea-parties",
      ready="input[name=name]", then=ask_delete_tag)
    c("tag-deleted", "listing",
      "after 'Delete' in the modal: back on the tags list, the tag gone, no message",
      then=delete_tag)
    c("missing-tag-admin", "error",
      "the edit address of a tag that does not exist (/ghost/#/tags/jabberwocky): Ghost "
      "Admin's side menu and '404', 'Page not found' (HTTP 200: the admin's own page)",
      url="/ghost/#/tags/jabberwocky")
    c("members", "listing",
      "Ghost Admin's members: a search box, filter, export, the five members as rows (name,"
      " e-mail, status, created, last seen)",
      url="/ghost/#/members", ready=text("The Dormouse"))
    c("member", "form",
      "one member (Bill the Lizard): 'Edit member', his card (signed-up date, engagement), "
      "Name, Email, Labels, Note fields, newsletters, 'Save', a menu to delete",
      url=f"/ghost/#/members/{ids['member']}", ready=text("Bill the Lizard"), also=("detail",))
    c("settings", "form",
      "Ghost Admin's settings (/ghost/#/settings): a side list of sections, then General "
      "settings as blocks of fields (title & description, timezone, language, meta data, "
      "social accounts, ...) each with 'Edit'",
      url="/ghost/#/settings", ready=text("Title & description"))
    c("settings-staff", "form",
      "/ghost/#/settings/staff: the same long settings page as /settings (the staff block, "
      "the owner and a tab list of roles with 'Invite people', is one block among the "
      "others)",
      url="/ghost/#/settings/staff",
      ready=text("Alice Liddell"), also=("listing",))
    c("staff-profile", "form",
      "a staff user's profile (the White Rabbit) as a modal over the settings: picture, "
      "e-mail, role, Full name, Slug, Location, Website, Bio, social links, 'Save', 'Close'",
      url="/ghost/#/settings/staff/white-rabbit",
      ready=text("Full name"), also=("detail",))
    c("admin-missing", "error",
      "an admin address that does not exist (/ghost/#/jabberwocky): the side menu and "
      "'404', 'Page not found'",
      url="/ghost/#/jabberwocky")
    c("editor-missing-post", "error",
      "the editor address of a post that does not exist: Ghost Admin's '404', 'Page not "
      "found'",
      url="/ghost/#/editor/post/000000000000000000000000")
    c("home-signed-in", "listing",
      "the blog's front page seen while signed in to Ghost Admin: the same as a visitor's "
      "(the admin session is not a member's), posts as cards",
      url="/", ready=".gh-card")
    c("post-signed-in", "article",
      "a post ('The Rules of Royal Croquet') seen while signed in to Ghost Admin: text, a "
      "table of penalties and a list under headings",
      url="/the-rules-of-royal-croquet/")
    c("draft-preview", "article",
      "the draft's preview address (/p/<uuid>/): the post page as any other, title, author "
      "and a short paragraph, then other posts",
      url=f"/p/{ids['draft-uuid']}/")
    out.signed_in = False  # the page shown right after signing out
    c("signed-out", "login",
      "/ghost/#/signout: alice is signed out and Ghost Admin shows its sign-in form again, "
      "with no message",
      url="/ghost/#/signout", ready="input[name=identification]")
    out.close()
    return out.written
# fmt: on


def api_ids(page: Page, base: str) -> dict[str, str]:
    """The ids the admin's addresses use, read from the Admin API with alice's session."""
    ids: dict[str, str] = {}
    headers = {"Origin": base}
    for kind in ("posts", "pages"):
        r = page.request.get(
            f"{base}/ghost/api/admin/{kind}/?limit=all&fields=id,slug,uuid&filter=status:[draft,published]",
            headers=headers,
        )
        for item in r.json()[kind]:
            ids[item["slug"]] = item["id"]
            if item["slug"] == "the-queens-speech-not-ready":
                ids["draft-uuid"] = item["uuid"]
    r = page.request.get(
        f"{base}/ghost/api/admin/members/?filter=email:'bill@wonderland.example'", headers=headers
    )
    ids["member"] = r.json()["members"][0]["id"]
    return ids


def open_post_settings(p: Page) -> None:
    p.get_by_role("button", name="Settings").first.click()
    p.wait_for_timeout(1500)


def update_post(p: Page) -> None:
    title = p.locator("textarea[placeholder='Post title']").first
    title.click()
    title.press("End")
    title.press_sequentially(" (revised)", delay=40)
    p.get_by_role("button", name="Update").first.click()
    p.get_by_text("Updated").first.wait_for(timeout=15000)


def publish(to_the_end: bool) -> Any:
    def run(p: Page) -> None:
        title = p.locator("textarea[placeholder='Post title']").first
        title.wait_for(timeout=15000)
        title.fill("Notes from the Croquet Ground")
        title.press("Enter")
        p.keyboard.type("The flamingos were in fine form this afternoon.", delay=20)
        p.wait_for_timeout(2500)
        p.get_by_role("button", name="Publish").first.click()
        p.get_by_text("Continue, final review").first.wait_for(timeout=15000)
        if to_the_end:
            p.locator("button", has_text="Continue, final review").first.click(timeout=15000)
            p.locator("button", has_text="Publish post, right now").last.click(timeout=15000)
            p.get_by_text("Boom").first.wait_for(timeout=20000)

    return run


def save_tag(p: Page) -> None:
    p.locator("input[name=name]").fill("Tea Parties")
    p.locator("textarea[name=description]").fill("Every day at six o'clock.")
    p.get_by_role("button", name="Save").first.click()
    p.wait_for_url("**/tags/tea-parties", timeout=15000)
    p.wait_for_timeout(1500)


def ask_delete_tag(p: Page) -> None:
    p.get_by_role("button", name="Delete tag").first.click()
    p.get_by_text("Are you sure").first.wait_for(timeout=15000)


def delete_tag(p: Page) -> None:
    p.locator(".modal-footer button.gh-btn-red, .modal-content button.gh-btn-red").first.click()
    p.wait_for_url("**/#/tags", timeout=15000)
    p.wait_for_timeout(1500)


def ghost(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + signed_in(browser, base)


APPS = {"ghost": ghost}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
