"""Capture the labelled HOLDOUT page corpus of sites/real/holdout/pages from the Wagtail site.

The holdout app (a small Wagtail site, `sites/real/holdout/wagtail_site/`) was never used to
tune the page-state classifier; its pages measure it honestly. Run by hand, not by tests,
after `sites/real/holdout/setup` (a fresh setup gives the same pages) with the site running:

    sites/real/holdout/setup
    sites/real/holdout/start 8084 &
    .venv/bin/python sites/real/capture_holdout.py              # or: --wagtail URL

Each page is read through the project's own browser launcher (`webagent.browser.launch`,
1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the main document, and
written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The
labels below were decided by hand, one page at a time, from what each page is for; the
classifier and the site profiles were not consulted. The agent's password is redacted from
everything written.

Some steps change the site (a contact message is sent, a page is created, published and
deleted), so run `sites/real/holdout/setup` first for a clean re-capture.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import PASSWORD, USER, redact, submit  # noqa: F401
from playwright.sync_api import Page


HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout" / "pages"
PORTS = {"wagtail": 8084}

# Page ids of a fresh `setup` (the seed creates them in this order).
HOME, TEA_MENU, BLOG, DARJEELING, MATCHA, CONTACT = 3, 5, 6, 7, 9, 14
MATCHA_REVISIONS = (7, 10)  # the two revisions of the matcha post (alice's, then bob's)


def submit_hidden(page: Page, selector: str) -> None:
    """Submit a form through a button hidden in a closed dropdown (e.g. Wagtail's Publish)."""
    with page.expect_navigation(wait_until="load"):
        page.locator(selector).first.evaluate("b => b.form.requestSubmit(b)")


def sign_in(page: Page, user: str = USER, password: str = PASSWORD) -> None:
    page.fill("#id_username", user)
    page.fill("#id_password", password)
    submit(page, "form button[type=submit]")


def Session(*args: Any, **kwargs: Any) -> capturing.Session:  # noqa: N802
    return capturing.Session(*args, pages=PAGES, **kwargs)


# -- Wagtail ----------------------------------------------------------------------------------
def wagtail(browser: Any, base: str) -> list[Path]:
    a = f"{base}/admin/"
    out = Session(browser, "wagtail", signed_in=False)
    c = out.capture
    c(
        "home",
        "article",
        "the site's home page: a heading and two short paragraphs of welcome text with links",
        url=f"{base}/",
        also=("other",),
    )
    c(
        "about",
        "article",
        "'About us': a content page of paragraphs under a heading, with a sub-heading and an image",
        url=f"{base}/about/",
    )
    c(
        "tea-menu",
        "article",
        "'Tea menu': a content page with a paragraph, a table of teas and prices, and more text",
        url=f"{base}/tea-menu/",
    )
    c(
        "blog-index",
        "listing",
        "the blog index: a list of posts, each a linked title with date, author and one-line intro",
        url=f"{base}/blog/",
    )
    c(
        "blog-post",
        "article",
        "a blog post: title, date and author, an image and paragraphs of text",
        url=f"{base}/blog/how-to-brew-the-perfect-pot-of-darjeeling/",
    )
    c(
        "blog-post-plain",
        "article",
        "a blog post without an image: title, byline and paragraphs",
        url=f"{base}/blog/a-short-history-of-the-mad-hatters-tea-party/",
    )
    c(
        "search-form",
        "search",
        "the public search page with no query: a heading, a search box and a button, nothing else",
        url=f"{base}/search/",
    )
    c(
        "search-hits",
        "search_results",
        "the public search for 'oolong': the query in the box and a list of three matching pages",
        url=f"{base}/search/?query=oolong",
    )
    c(
        "search-no-hits",
        "search_results",
        "a public search that matched nothing: the query in the box and 'No results found'",
        url=f"{base}/search/?query=zebrafish",
    )
    c(
        "not-found",
        "error",
        "an unknown URL: the site's 'Page not found' page (HTTP 404)",
        url=f"{base}/rooibos/",
    )
    c(
        "draft-not-found",
        "error",
        "the URL of a draft that was never published: 'Page not found' for a visitor (HTTP 404)",
        url=f"{base}/blog/autumn-menu-preview/",
    )
    c(
        "contact-form",
        "form",
        "'Contact us': a short text and a form (name, email, subject, message) with a Send button",
        url=f"{base}/contact/",
    )
    c(
        "contact-form-invalid",
        "form",
        "the contact form sent without the required fields: shown again with 'This field is required'",
        then=lambda p: (
            p.fill("#id_subject", "Group booking"),
            p.evaluate("document.querySelector('form[method=POST]').noValidate = true"),
            submit(p, "main input[type=submit]"),
        ),
    )
    c(
        "contact-sent",
        "confirmation",
        "after sending the contact form: the page title and 'Thank you for your message'",
        url=f"{base}/contact/",
        then=lambda p: (
            p.fill("#id_your_name", "Dora Mouse"),
            p.fill("#id_your_email", "dora@wonderland.test"),
            p.fill("#id_subject", "Group booking"),
            p.fill("#id_message", "Can we book the long table for twelve on Saturday?"),
            submit(p, "main input[type=submit]"),
        ),
    )
    c(
        "members-login",
        "login",
        "a members-only page asked for by a visitor: redirected to the front-end sign-in form",
        url=f"{base}/members/",
    )
    c(
        "admin-signed-out",
        "login",
        "the admin asked for by a visitor: redirected to the admin's sign-in form",
        url=f"{a}pages/",
    )
    c(
        "login",
        "login",
        "the Wagtail admin sign-in page: username, password, remember me and Sign in",
        url=f"{a}login/",
    )
    c(
        "login-failed",
        "login",
        "the sign-in form shown again with 'Your username and password didn't match'",
        url=f"{a}login/",
        then=lambda p: sign_in(p, USER, "not-the-password"),
    )
    c(
        "password-reset",
        "form",
        "'Reset your password': one email field and a Reset password button",
        url=f"{a}password_reset/",
    )
    c(
        "password-reset-sent",
        "confirmation",
        "after asking for a reset: 'Check your email' (a reset link has been sent)",
        then=lambda p: (
            p.fill("#id_email", "alice@wonderland.test"),
            submit(p, "main form button[type=submit], main form input[type=submit]"),
        ),
    )

    def stale_csrf(p: Page) -> None:
        p.context.clear_cookies()
        p.fill("#id_username", USER)
        p.fill("#id_password", "not-the-password")
        submit(p, "form button[type=submit]")

    c(
        "csrf-forbidden",
        "error",
        "signing in after the CSRF cookie was lost: 'Forbidden (403) CSRF verification failed'",
        url=f"{a}login/",
        then=stale_csrf,
    )
    out.close()

    into = Session(browser, "wagtail", signed_in=True)
    into.goto(f"{a}login/")
    sign_in(into.page)
    c = into.capture
    c(
        "dashboard",
        "listing",
        "the admin dashboard: a site summary of links (pages, images, documents), a search box and account links",
        url=a,
        also=("other",),
    )
    c(
        "explorer-root",
        "listing",
        "the page explorer at the site root: a table with the one home page",
        url=f"{a}pages/",
    )
    c(
        "explorer-home",
        "listing",
        "the page explorer of the home page: a table of its child pages with status and type",
        url=f"{a}pages/{HOME}/",
    )
    c(
        "explorer-blog",
        "listing",
        "the page explorer of the blog: a table of posts (one a draft) with updated, type, status",
        url=f"{a}pages/{BLOG}/",
    )
    c(
        "page-edit",
        "form",
        "editing a blog post: title, date, author, intro, rich-text body, image chooser; Save draft / Publish",
        url=f"{a}pages/{DARJEELING}/edit/",
        also=("detail",),
    )
    c(
        "page-edit-streamfield",
        "form",
        "editing the tea menu: title, intro and a StreamField of paragraph, table and heading blocks",
        url=f"{a}pages/{TEA_MENU}/edit/",
        also=("detail",),
    )
    c(
        "revisions-compare",
        "other",
        "'Compare' two revisions of a post: a table of the fields that changed with the text before and after",
        url=f"{a}pages/{MATCHA}/revisions/compare/{MATCHA_REVISIONS[0]}...{MATCHA_REVISIONS[1]}/",
    )
    c(
        "page-history",
        "listing",
        "a page's history: a table of its revisions and actions (created, published, edited) by whom and when",
        url=f"{a}pages/{MATCHA}/history/",
    )
    c(
        "choose-page-type",
        "listing",
        "'Create a page in ...': 'Choose which type of page you'd like to create' and a list of page types as links",
        url=f"{a}pages/{HOME}/add_subpage/",
        also=("other", "form"),
    )
    c(
        "page-add",
        "form",
        "the empty create form of a new standard page (title, intro, body blocks) with Save draft",
        url=f"{a}pages/add/home/standardpage/{HOME}/",
    )

    c(
        "page-add-invalid",
        "form",
        "the create form sent with no title: 'The page could not be created due to validation errors' above the form",
        then=lambda p: submit_hidden(p, "button[name=action-publish]"),
    )

    def publish_new(p: Page) -> None:
        p.fill("#id_title", "Garden party")
        # The slug field sits in the (hidden) Promote tab.
        p.locator("#id_slug").evaluate("e => { e.value = 'garden-party'; }")
        p.fill("#id_intro", "Tea on the lawn every Sunday in August.")
        submit_hidden(p, "button[name=action-publish]")

    c(
        "page-published",
        "listing",
        "after publishing a new page: the home page's explorer table with \"Page 'Garden party' created and published\"",
        then=publish_new,
        also=("confirmation",),
    )
    into.goto(f"{a}pages/{HOME}/")
    edit = into.page.get_by_role("link", name="Garden party", exact=True).first.get_attribute(
        "href"
    )
    new_edit = f"{base}{edit}"

    def save_draft(p: Page) -> None:
        p.fill("#id_intro", "Tea on the lawn every Sunday in August, weather permitting.")
        submit(p, "button.action-save")

    c(
        "page-draft-saved",
        "form",
        "'Save draft' on the new page: its edit form again topped by \"Page 'Garden party' has been updated\"",
        url=new_edit,
        then=save_draft,
        also=("detail", "confirmation"),
    )
    c(
        "delete-confirm",
        "form",
        "'Delete Garden party': 'Are you sure you want to delete this page?' with a Yes, delete it button",
        url=new_edit.replace("/edit/", "/delete/"),
    )
    c(
        "page-deleted",
        "listing",
        "after deleting: the home page's explorer table with \"Page 'Garden party' deleted\"",
        then=lambda p: submit(p, "main form button[type=submit], main form input[type=submit]"),
        also=("confirmation",),
    )
    c(
        "unpublish-confirm",
        "form",
        "'Unpublish' a post: 'Are you sure you want to unpublish this page?' with a Yes, unpublish it button",
        url=f"{a}pages/{MATCHA}/unpublish/",
    )
    c(
        "admin-search-hits",
        "search_results",
        "the admin page search for 'tea': the query and a table of matching pages",
        url=f"{a}pages/search/?q=tea",
        also=("listing",),
    )
    c(
        "admin-search-no-hits",
        "search_results",
        "the admin page search for 'zebrafish': 'Sorry, no pages match'",
        url=f"{a}pages/search/?q=zebrafish",
    )
    c(
        "images",
        "listing",
        "the image library: a grid of the four images with titles, a search box and filters",
        url=f"{a}images/",
    )
    c(
        "image-edit",
        "form",
        "one image's edit page: title, collection, tags, focal point, file facts, Save / Delete",
        url=f"{a}images/1/",
        also=("detail",),
    )
    c(
        "image-upload",
        "form",
        "'Add images': a drop zone / file chooser to upload images into a collection",
        url=f"{a}images/multiple/add/",
    )
    c(
        "documents",
        "listing",
        "the document library: a table of the three documents with collection and date",
        url=f"{a}documents/",
    )
    c(
        "forms",
        "listing",
        "'Forms': a table of the pages that have form submissions (Contact us)",
        url=f"{a}forms/",
    )
    c(
        "form-submissions",
        "listing",
        "'Form data: Contact us': a table of the submissions of the contact form (the one sent above)",
        url=f"{a}forms/submissions/{CONTACT}/",
    )
    c(
        "suppliers",
        "listing",
        "the Suppliers snippet listing: a table of five suppliers with country, region and year",
        url=f"{a}snippets/home/supplier/",
    )
    c(
        "supplier-search",
        "search_results",
        "the Suppliers listing searched for 'matcha': the query in the search box and the one matching row",
        url=f"{a}snippets/home/supplier/?q=matcha",
        also=("listing",),
    )
    c(
        "supplier-inspect",
        "detail",
        "'Inspect: Glenburn Estate': one supplier's fields as a read-only list of terms and values, with Actions",
        url=f"{a}snippets/home/supplier/inspect/1/",
    )
    c(
        "supplier-edit",
        "form",
        "one supplier's edit form (name, country, region, year, teas, website) with Save",
        url=f"{a}snippets/home/supplier/edit/1/",
        also=("detail",),
    )
    c(
        "users",
        "listing",
        "the users listing: a table of alice, bob and carol with status, access level and last login",
        url=f"{a}users/",
    )
    c(
        "user-edit",
        "form",
        "one user's edit page: account details and roles tabs, with Save",
        url=f"{a}users/edit/2/",
        also=("detail",),
    )
    c(
        "account",
        "form",
        "'Account': the signed-in user's name, email, avatar, password and preferences form",
        url=f"{a}account/",
    )
    c(
        "site-history",
        "listing",
        "'Site history' report: a table of every action (published, created, edited) on pages",
        url=f"{a}reports/site-history/",
    )
    c(
        "redirects-empty",
        "listing",
        "the Redirects listing with none yet: 'No redirects have been created' and an Add redirect button",
        url=f"{a}redirects/",
    )
    c(
        "admin-not-found",
        "error",
        "the edit page of a page that does not exist: the admin's 'Error 404' page",
        url=f"{a}pages/999/edit/",
    )
    c(
        "members-page",
        "article",
        "the members-only page read while signed in: a heading, an intro and one paragraph",
        url=f"{base}/members/",
    )

    def log_out(p: Page) -> None:
        p.get_by_role("button", name="Alice").click()
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("button", name="Log out").click()
        into.signed_in = False

    c(
        "logged-out",
        "login",
        "after signing out: the admin sign-in form topped by 'You have been successfully logged out'",
        url=a,
        then=log_out,
        also=("confirmation",),
    )
    into.close()
    return out.written + into.written


APPS = {"wagtail": wagtail}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
