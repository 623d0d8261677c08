"""Capture the labelled HOLDOUT page corpus of sites/real/holdout15/pages from Mezzanine.

The fifteenth holdout app (Mezzanine 6.1.1 on Django 4.2, a content management platform and blog
engine: "The Wonderland Gazette" made by `sites/real/holdout15/setup` from Mezzanine's own project
scaffold) was never used to tune the page-state classifier; its pages measure it honestly. Run by
hand, not by tests, after a fresh `sites/real/holdout15/setup` with the site running:

    sites/real/holdout15/setup
    sites/real/holdout15/start 8097 &
    .venv/bin/python sites/real/capture_holdout15.py              # or: --mezzanine URL

Two browser sessions: a visitor (the public site: pages, blog, search, forms, comments, sign-up,
sign-in and password reset) and alice, the site's editor and superuser, signed in through the
site's own /accounts/login/ (her account and profile, comments, then Mezzanine's admin: the
dashboard, the page tree, blog posts, form entries, comments and settings). Each page is read
through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response), and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The labels
below were decided by hand, one page at a time, from what each page is for; the classifier and
the site profiles were not consulted. The agent's password is redacted.

Capturing changes the site: a visitor sends the contact form, comments on a post and signs up;
alice comments, updates her profile, writes, edits and deletes a blog post and saves a setting,
so run `setup` again (and restart the server) before a re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, click, click_link, steps, submit
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout15" / "pages"
PORTS = {"mezzanine": 8097}

FLAMINGOS = "/blog/queen-cancels-croquet-after-flamingo-strike/"
HATTER_RIDDLE = "/blog/why-is-a-raven-like-a-writing-desk/"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- steps ----------------------------------------------------------------------------------------
def sign_in(user: str = "alice", password: str = PASSWORD, form: str = "form[method=post]") -> Any:
    def run(p: Page) -> None:
        p.fill(f"{form} input[name=username]", user)
        p.fill(f"{form} input[name=password]", password)
        submit(p, f"{form} input[type=submit]")

    return run


def search(words: str, kind: str | None = None) -> Any:
    """Type into the search box of the top bar (optionally choosing what to search) and press
    Enter."""

    def run(p: Page) -> None:
        if kind:
            p.select_option("form[role=search] select[name=type]", label=kind)
        p.fill("form[role=search] input[name=q]", words)
        with p.expect_navigation(wait_until="load"):
            p.press("form[role=search] input[name=q]", "Enter")

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
    boxes and press `button`. `novalidate` turns the browser's own checks of required fields
    off first, so the server's answer to a form sent incomplete is seen."""

    def run(p: Page) -> None:
        for selector, label in (selects or {}).items():
            p.select_option(selector, label=label)
        for selector, text in fields.items():
            p.fill(selector, text)
        for selector in checks:
            p.check(selector)
        if novalidate:
            p.evaluate("() => document.querySelectorAll('form').forEach(f => f.noValidate = true)")
        submit(p, button)

    return run


def settle(ms: int) -> Any:
    def run(p: Page) -> None:
        p.wait_for_timeout(ms)

    return run


def rich_text(html: str) -> Any:
    """Put text into the admin's TinyMCE editor of the content field."""

    def run(p: Page) -> None:
        p.wait_for_function("() => window.tinymce && tinymce.get('id_content')", timeout=15000)
        p.evaluate("(html) => tinymce.get('id_content').setContent(html)", html)

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "mezzanine", base, signed_in=False)
    c = out.capture
    c("home", "article",
      "the front page, a page of the page tree at '/': heading 'Home', 'Welcome to the Wonderland "
      "Gazette' and three paragraphs with links to the blog, gallery and contact form, the page "
      "tree in a side menu and 'Log in or Sign up'", url="/", also=("other",))
    c("about", "article",
      "'About the Gazette' from the top menu: a page of two paragraphs about the newspaper",
      then=click_link("About the Gazette"))
    c("about-writers", "article",
      "'Our writers', a child page of About (from the side menu): a sentence, a bulleted list of "
      "the three writers and what they cover, a closing line", then=click_link("Our writers"))
    c("visiting", "article",
      "'Visiting Wonderland': a page of three sections (Getting here, Where to stay, What to "
      "see) with paragraphs and a list", url="/visiting/")
    c("blog", "listing",
      "'Blog' from the top menu: the five newest posts, each a linked title, author, "
      "categories, age, first paragraph, tags, 'read more' and comment count, a pager "
      "('Page 1 of 3'), and a sidebar of recent posts, archive months, categories and tags",
      url="/", then=click_link("Blog"))
    c("blog-page-2", "listing",
      "the pager's '2': the next five posts in the same form", then=click_link("2"))
    c("blog-post", "article",
      "'Who stole the tarts?' clicked on that page: the post's heading, author and age, its "
      "paragraphs, tags, a 'Rate' form, share links, the two comments (each with Reply and Rate) "
      "and a 'New Comment' form", then=click_link("Who stole the tarts?"))
    c("blog-post-no-comments", "article",
      "another post (the Lobster Quadrille): its text, tags, rating form, share links, previous "
      "and next links and the 'New Comment' form, no comment yet",
      url="/blog/the-lobster-quadrille-comes-to-the-beach/")
    c("blog-category", "listing",
      "the category 'Croquet' clicked under a post: 'Viewing posts for the category Croquet' and "
      "its two posts in the blog's list form", url=FLAMINGOS, then=click_link("Croquet"))
    c("blog-tag", "listing",
      "the tag 'flamingos' clicked under a post: 'Viewing posts tagged flamingos' and its one "
      "post in the list form, with the blog's sidebar", url=FLAMINGOS,
      then=click_link("flamingos"))
    c("blog-month", "listing",
      "'April' from the sidebar's archive: 'Viewing posts from April, 2025' and that month's "
      "four posts", url="/blog/", then=click_link("April"))
    c("search-hits", "search_results",
      "'tea' typed into the top bar's search box and sent with Enter: 'Search Results', "
      "'Showing 1 to 10 of 10 results in Everything matching your query: tea' and a numbered "
      "list of pages and posts, each with a snippet and 'read more'", url="/", then=search("tea"))
    c("search-posts", "search_results",
      "'croquet' searched with 'Blog posts' chosen in the box's menu: 'Showing 1 to 3 of 3 "
      "results in Blog posts matching your query: croquet' and the three posts",
      then=search("croquet", "Blog posts"))
    c("search-no-hits", "search_results",
      "a search for 'snark boojum' in Everything: 'Search Results' and only 'No results were "
      "found in Everything matching your query: snark boojum'",
      then=search("snark boojum", "Everything"))
    c("search-empty", "search_results",
      "/search/ with no query: 'Search Results' and 'No results were found in Everything "
      "matching your query:' (nothing after the colon)", url="/search/")
    c("contact", "form",
      "'Contact us' from the top menu: a line of text, then a form of name, e-mail, subject "
      "(a select), message and a newsletter checkbox, and Send", url="/",
      then=click_link("Contact us"))
    c("contact-invalid", "form",
      "the contact form sent empty: 'Please correct the errors below.' over the same form, "
      "'This field is required.' under each required field",
      then=fill({}, "form.mezzanine-form input[type=submit]", novalidate=True),
      also=("error",))
    c("contact-sent", "confirmation",
      "the contact form filled in and sent: the page now holds only the heading 'Contact us' "
      "and 'Thank you! Your message has reached the editor, who will answer within a week.'",
      then=fill({"#id_field_1": "Mock Turtle", "#id_field_2": "mock.turtle@wonderland.test",
                 "#id_field_4": "The Lobster Quadrille was a great success. Please print the "
                                "words of the song next week."},
                "form.mezzanine-form input[type=submit]",
                selects={"#id_field_3": "Letter to the editor"}))
    c("rsvp", "form",
      "'Tea party RSVP': a line of text and a form of name, e-mail, 'Are you coming?' radios, "
      "number of guests, a date of arrival (month, day, year selects) and Reply", url="/rsvp/")
    c("gallery", "listing",
      "'Pictures from the garden', a gallery page: a line of text and six image thumbnails, "
      "each a link named by its caption", url="/gallery/")
    c("comment-posted", "article",
      "a visitor's comment sent from the 'New Comment' form of 'Why is a raven like a "
      "writing-desk?' (name, e-mail, comment): the post again with the new comment at the end "
      "of its comments (#comment-10), no message", url=HATTER_RIDDLE,
      then=fill({"form#comment [name=name]": "Dodo",
                 "form#comment [name=email]": "dodo@wonderland.test",
                 "form#comment [name=comment]": "Everybody has won, and all must have prizes."},
                "form#comment input[type=submit]"))
    c("profile", "detail",
      "a user's public profile (/users/bob/, the link on a post's author): the heading 'bob' and "
      "his full name, nothing else", url="/users/bob/", also=("other",))
    c("login", "login",
      "'Log in' from the side panel: 'Username or email address', 'Password', 'Log in', and "
      "links to sign up and to reset the password", url="/",
      then=click("a[href^='/accounts/login/']"))
    c("login-failed", "login",
      "the sign-in sent with a wrong password: the same form under 'Invalid username/email and "
      "password'", then=sign_in("alice", "not-the-password"), also=("error",))
    c("account-update-signed-out", "login",
      "'Update profile' (/accounts/update/) asked for by a visitor: redirected to the sign-in "
      "form (?next=/accounts/update/)", url="/accounts/update/")
    c("password-reset", "form",
      "'reset your password' from the sign-in form: 'Password Reset', one box for a username or "
      "e-mail address, a button and a line saying a link will be e-mailed",
      url="/accounts/login/", then=click("a[href*='password/reset']"))
    c("password-reset-sent", "form",
      "the reset form sent for carol: the same form again (her name still in the box) under a "
      "message 'A verification email has been sent with a link for resetting your password.'",
      then=fill({"input[name=username]": "carol"}, "form[method=post] input[type=submit]"),
      also=("confirmation",))
    c("signup", "form",
      "'Sign up': first and last name, e-mail, username, password twice, 'Sign up'",
      url="/accounts/signup/")
    c("signup-invalid", "form",
      "the sign-up form sent with two different passwords: 'Please correct the errors below.' "
      "over the filled form, 'Passwords do not match' under the password",
      then=fill({"#id_first_name": "Bill", "#id_last_name": "Lizard",
                 "#id_email": "bill@wonderland.test", "#id_username": "bill",
                 "#id_password1": "Chimney-Sweep-7", "#id_password2": "Chimney-Sweep-8"},
                "form[method=post] input[type=submit]"), also=("error",))
    c("signup-done", "article",
      "the sign-up form sent right: the new user bill is signed in and lands on the front page "
      "(its welcome text) under 'Successfully signed up', 'Logged in as: bill' in the side "
      "panel (signed in, but not as alice)",
      then=fill({"#id_password1": "Chimney-Sweep-7", "#id_password2": "Chimney-Sweep-7"},
                "form[method=post] input[type=submit]"), also=("confirmation",))
    out.close()
    written = out.written
    out = Session(browser, "mezzanine", base, signed_in=False)
    c = out.capture
    c("draft-post-not-found", "error",
      "a draft post's address asked for by a visitor: 'Page not found' (HTTP 404), 'The page "
      "you requested does not exist.', inside the site's menus",
      url="/blog/draft-plans-for-the-autumn-issue/")
    c("not-found", "error",
      "an address that does not exist (/nosuch/): the same 'Page not found' page (HTTP 404)",
      url="/nosuch/")
    c("admin-login", "login",
      "the admin (/admin/) asked for by a visitor: redirected to the admin's own sign-in "
      "(username or e-mail, password, an Admin / Site interface choice, 'Forgot password?')",
      url="/admin/")
    out.close()
    return written + out.written


# -- alice, the editor ----------------------------------------------------------------------------
def editor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "mezzanine", base, signed_in=True)
    out.goto("/accounts/login/")
    c = out.capture
    c("home-after-sign-in", "article",
      "right after signing in on the site's form: the front page's welcome text under "
      "'Successfully logged in', 'Logged in as: alice', 'Update profile' and 'Log out' in the "
      "side panel", then=sign_in(), also=("confirmation",))
    c("account-update", "form",
      "'Update profile' from the side panel: 'Update Profile', alice's first and last name, "
      "e-mail, username and two empty password boxes, 'Update Profile'",
      then=click("a[href^='/accounts/update/']"))
    c("account-updated", "detail",
      "the profile form sent with a new last name: alice's public profile (heading 'alice', "
      "her new full name, an 'Update profile' link) under 'Profile updated'",
      then=fill({"#id_last_name": "Pleasance Liddell"}, "form[method=post] input[type=submit]"),
      also=("confirmation",))
    c("draft-post", "article",
      "the draft post (not public) seen by alice: the post's page as for any post, its one "
      "paragraph, tags, rating and comment forms", url="/blog/draft-plans-for-the-autumn-issue/")
    c("admin-dashboard", "listing",
      "the admin's 'Dashboard' (/admin/): a menu bar, a 'Quick Blog' form (title, content, "
      "Save Draft), tables of the Content, Site and Users sections with Add / Change links, "
      "'Recent Actions' and the five latest comments", url="/admin/", also=("other",))
    c("admin-pages", "listing",
      "'Pages' from the admin menu: the page tree (Blog, Home, About with its children, "
      "Visiting Wonderland, Contact us, Tea party RSVP, the gallery), each a link with an "
      "'Add ...' menu of page types", then=lambda p: (click_link("Pages")(p),
                                                      p.wait_for_timeout(800)))
    c("admin-page-edit", "form",
      "'Visiting Wonderland' clicked in the tree: 'Change Rich text page', title, status, "
      "publish and expiry dates, the content in a rich-text editor, then meta data, menus and "
      "Save buttons", then=click_link("Visiting Wonderland"), also=("detail",))
    c("admin-form-edit", "form",
      "the 'Contact us' page in the admin: 'Change Form', title, status, dates, content, the "
      "button text, the response text, e-mail settings and the form's fields as an inline table",
      url="/admin/pages/page/", then=steps(settle(800), click_link("Contact us")),
      also=("detail",))
    c("admin-form-entries-filter", "form",
      "the contact form's 'View entries' button: 'View Entries', a table of the form's fields "
      "with an Include checkbox and a 'Filter by' select each, and 'Back to form', 'View "
      "entries' and 'Export CSV' buttons; no entry is shown yet",
      then=click_link("View entries"), also=("search",))
    c("admin-form-entries", "listing",
      "that page's 'View entries' pressed: the same choices, then a table of the entries sent "
      "(the Mock Turtle's message) with a delete checkbox each",
      then=click("input[type=submit][value='View entries']"))
    c("admin-blog-posts", "listing",
      "'Blog posts' from the admin menu: 'Select Blog post to change', 'Add Blog post', an "
      "actions menu and a table of the fifteen posts (title, author, a draft / published "
      "switch, 'View on site'), with search and filters at the side",
      url="/admin/", then=click_link("Blog posts"))
    c("admin-blog-search", "search_results",
      "'tea' typed into the changelist's search box: the same table cut down to the five "
      "matching posts, the box holding 'tea' and '15 total' to go back",
      then=lambda p: (p.fill("#searchbar", "tea"),
                      click("#changelist-search input[type=submit]")(p)),
      also=("listing",))
    c("admin-blog-add", "form",
      "'Add Blog post': title, status, dates, the content's rich-text editor, categories, "
      "featured image, related posts, comments allowed, meta data and Save buttons",
      url="/admin/blog/blogpost/", then=steps(click_link("Add Blog post"), settle(800)))
    c("admin-blog-added", "listing",
      "the new post saved: the post table (now 16, the new post first) under 'The Blog post "
      "“A grin without a cat” was added successfully.'",
      then=steps(rich_text("<p>The Cheshire Cat has been seen grinning without a cat.</p>"),
                 fill({"#id_title": "A grin without a cat"}, "input[name=_save]")),
      also=("confirmation",))
    c("admin-blog-edit", "form",
      "the new post clicked in the table: 'Change Blog post', the same form filled in, with "
      "History, 'View on site' and Delete", then=steps(click_link("A grin without a cat"),
                                                       settle(800)),
      also=("detail",))
    c("admin-blog-delete", "form",
      "'Delete' on that form: 'Are you sure?', the post that will be deleted, 'Yes, I'm sure' "
      "and Cancel", then=click("a.deletelink, a[href$='/delete/']"))
    c("admin-blog-deleted", "listing",
      "the deletion confirmed: the post table again under 'The Blog post “A grin without a "
      "cat” was deleted successfully.'", then=click("input[type=submit]"),
      also=("confirmation",))
    c("admin-comments", "listing",
      "'Comments' from the admin menu: a table of the comments (user, comment, date, public, "
      "removed) with approve / remove actions", url="/admin/",
      then=click_link("Comments"))
    c("admin-settings", "form",
      "'Settings' from the admin menu: 'Change Settings', the site's editable settings in "
      "sections (Comments, Site, ...) with their help texts and Save",
      url="/admin/", then=click_link("Settings"))
    c("admin-settings-saved", "form",
      "the settings saved with a new tagline: the same form under 'Settings were successfully "
      "updated.'",
      then=fill({"#id_SITE_TAGLINE": "All the news from down the rabbit-hole, every week"},
                "input[type=submit]"), also=("confirmation",))
    c("admin-not-found", "listing",
      "a blog post that does not exist in the admin (/admin/blog/blogpost/999/change/): "
      "redirected to the dashboard under 'Blog post with ID “999” doesn’t exist. Perhaps it was "
      "deleted?'", url="/admin/blog/blogpost/999/change/", also=("error",))
    out.signed_in = False
    c("logged-out", "article",
      "'Log out' in the side panel: the front page's welcome text under 'Successfully logged "
      "out', 'Log in or Sign up' again", url="/", then=click("a[href^='/accounts/logout/']"), also=("confirmation",))
    out.close()
    return out.written


# fmt: on


def mezzanine(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + editor(browser, base)


APPS = {"mezzanine": mezzanine}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
