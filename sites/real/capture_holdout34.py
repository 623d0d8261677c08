"""Capture the labelled HOLDOUT page corpus of sites/real/holdout34/pages from Label Studio.

The thirty-fourth holdout app (Label Studio 1.23.2, the data-labelling app from PyPI
`label-studio`, Django with a React front end, on SQLite, served by its own `label-studio
start`, seeded by `sites/real/holdout34/setup` with three Wonderland projects: "Tea Party
Sentiment", 24 quotes to classify, 14 annotated (10 by alice, 4 by the Mad Hatter) and one
skipped; "Looking-Glass Names", 14 sentences for named entities, 5 annotated; "Croquet Ground
Survey", no tasks yet; and a second user, the Mad Hatter) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, with the app freshly set
up and running:

    sites/real/holdout34/setup
    sites/real/holdout34/start 8116 &
    .venv/bin/python sites/real/capture_holdout34.py              # or: --labelstudio URL

Three browser sessions. A visitor: the sign-in page, a deep link (answered by the sign-in
form), a failed sign-in, the sign-up form and a refused sign-up, Django's admin sign-in and a
failed one, a missing page, the REST API asked without signing in, the version and health
pages. Then alice, the administrator, signed in: the home page, the projects, each project's
tasks (the Data Manager), an empty project, tasks opened in the labelling editor (annotated or
not, text classification and named entities), the label stream with its instructions and after
submitting, a missing task, the filters (open, with matches, with none), the import and export
dialogs, deleting a task (the "are you sure?" dialog and after), creating a project (its two
steps and after), every settings page of a project (general, saved, labelling interface and
its templates, annotation, model and its dialog, predictions, cloud storage and its wizard,
webhooks and the new-webhook form, the danger zone), deleting a project (the dialog and
after), missing and bad project ids, the organization (members, a member, the invitation
dialog, the token settings), the old people page, Models, her account pages, Django's admin
(index, users, a user), the REST API in the browser, and last signing out and opening the
invitation link. Then the Mad Hatter, a plain member: his home page, a task he annotated and
Django's admin, which refuses him. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the
main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). Label Studio's pages are drawn by React: each
capture waits for the page's own content first. The labels below were decided by hand, one
page at a time, from what each page is for; the classifier and the site profiles were not
consulted.

Capturing changes the app (annotates a task, deletes a task and a project, creates a project,
saves settings): run `setup` again before a re-capture, as ids are those of a fresh seed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded, steps, submit, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout34" / "pages"
PORTS = {"labelstudio": 8116}
APP = "labelstudio"

ALICE = "alice@wonderland.example"
HATTER = "hatter@wonderland.example"  # same password as alice (so it is redacted too)

# what Label Studio draws, to wait for before capturing
SIGN_IN = "input[name=password]"
HOME = "text=Label Studio Version"  # the foot of the home page
DM_TASKS = "text=Submitted annotations"  # the Data Manager's counters
FILTER_BOX = ".lsf-filterLine__column input.lsf-input-dm"
SETTINGS = "a[href$='/settings/danger-zone']"  # the settings side menu
ACCOUNT = "a[href='/user/account/membership-info']"  # the account side menu


class SlowSession(capturing.Session):
    """A session that waits longer: Label Studio's React pages are slow on a busy machine. A
    capture step may ask for the next page to be read at once (`quick`), for a message that
    goes away after a moment ("Saved!")."""

    quick = False

    def goto(self, url: str, ready: str | None = None) -> None:
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=30000)

    def settle(self) -> None:
        if self.quick:
            self.quick = False
            self.page.wait_for_timeout(200)
        else:
            super().settle()


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    out = SlowSession(*args, pages=PAGES, settle_ms=1200, **kwargs)
    out.page.set_default_timeout(30000)
    return out


def sign_in(email: str, password: str) -> Callable[[Page], None]:
    """The sign-in form filled and sent (Label Studio's own page, or Django's admin one)."""

    def run(page: Page) -> None:
        page.wait_for_selector(SIGN_IN)
        page.fill("input[name=email], input[name=username]", email)
        page.fill("input[name=password]", password)
        submit(page, "button[type=submit], input[type=submit]")

    return run


def button(name: str, last: bool = False) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        found = page.get_by_role("button", name=name, exact=True)
        (found.last if last else found.first).click()

    return run


def text(value: str) -> Callable[[Page], None]:
    """Wait for a text to be drawn."""
    return lambda page: page.get_by_text(value).first.wait_for()


def select_task(n: int) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("checkbox", name=f"Select Task {n}").click()


def filter_for(query: str) -> Callable[[Page], None]:
    """Type into the (first) filter line of the open Filters box: text contains QUERY."""

    def run(page: Page) -> None:
        page.locator(FILTER_BOX).first.fill(query)
        page.wait_for_timeout(2500)

    return run


def close_instructions(page: Page) -> None:
    close = page.get_by_role("button", name="Close modal")
    if close.count():
        close.first.click()
        page.wait_for_timeout(500)


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, APP, base, signed_in=False)
    c = guarded(out)
    c("login", "login",
      "Label Studio's sign-in page (/user/login/): 'Log in' with Email Address and Password, "
      "'Keep me logged in', a Log In button, 'Don't have an account? Sign up', a tip beside it",
      url="/user/login/", ready=SIGN_IN)
    c("login-deep-link", "login",
      "a project's tasks asked for by a visitor (/projects/1/data): sent to the same sign-in "
      "form, the address kept to go on to (?next=/projects/1/data/)",
      url="/projects/1/data", ready=SIGN_IN)
    c("login-failed", "login",
      "a wrong password for alice: the sign-in form again, her e-mail kept, 'The email and "
      "password you entered don't match.'", also=("error",),
      url="/user/login/", ready=SIGN_IN, then=sign_in(ALICE, "not-the-password"))
    c("signup", "form",
      "'Sign Up' (/user/signup/): Email Address, Password, 'How did you hear about Label "
      "Studio?', a newsletter box and 'Create Account'; 'Already have an account? Log in'",
      url="/user/signup/", ready=SIGN_IN, also=("login",))
    c("signup-failed", "form",
      "the sign-up form sent with alice's address and a three-letter password: the form again "
      "with 'User with this email already exists' and 'Please enter a password 8-128 "
      "characters in length.'", also=("error",),
      url="/user/signup/", ready=SIGN_IN, then=steps(
          lambda p: p.fill("input[name=email]", ALICE),
          lambda p: p.fill("input[name=password]", "abc"),
          lambda p: submit(p, "button[type=submit]")))
    c("admin-login", "login",
      "Django's administration asked for by a visitor (/admin/): 'Django administration', "
      "Email address, Password, Log in (/admin/login/?next=/admin/)",
      url="/admin/", ready=SIGN_IN)
    c("admin-login-failed", "login",
      "a wrong password on Django's admin sign-in: the form again with 'Please enter the "
      "correct email address and password for a staff account'", also=("error",),
      url="/admin/login/", ready=SIGN_IN, then=sign_in(ALICE, "not-the-password"))
    c("not-found-visitor", "error",
      "an address that is no page (/teapot/): HTTP 404, a big '404', 'Uh oh, this page "
      "doesn't exist.', 'Go Back' and 'Go to Home'", url="/teapot/")
    c("api-unauthorized", "error",
      "the REST API's projects asked for in the browser by a visitor (/api/projects/): HTTP "
      "401, one line of JSON 'Authentication credentials were not provided.'",
      url="/api/projects/")
    c("version", "other",
      "the version page (/version/): Label Studio's release and its packages' versions as JSON, "
      "no title", url="/version/")
    c("health", "other",
      "the health check (/health/): one line of JSON, {\"status\": \"UP\"}", url="/health/")
    out.close()
    return out.written


# -- alice, signed in -----------------------------------------------------------------------------
def projects(c: Any) -> None:
    c("home", "listing",
      "the home page after signing in (/): 'Welcome', 'Let's get you started.', Create Project "
      "and Invite Members buttons, 'Recent Projects' (the three projects with how many of their "
      "tasks are done) and a list of resources (documentation, API, release notes...)",
      url="/", ready=HOME, also=("other",))
    c("projects", "listing",
      "'Projects' (/projects/): the three projects as cards (name, tasks done of all, "
      "annotations, skipped, description, date, owner), a Create button",
      url="/projects/", ready="text=Looking-Glass Names")
    c("project-tasks", "listing",
      "the Data Manager of 'Tea Party Sentiment' (/projects/1/data): 'Tasks: 24 / 24', "
      "'Submitted annotations: 14', the table of tasks (id, date, counts, annotators, the "
      "quote), Actions, Columns, Filters, Label All Tasks, Import, Export",
      url="/projects/1/data", ready="text=Have some wine")
    c("project-tasks-names", "listing",
      "the Data Manager of 'Looking-Glass Names': its 14 sentences as a table of tasks",
      url="/projects/2/data", ready="text=Humpty Dumpty sat")
    c("project-empty", "listing",
      "the Data Manager of 'Croquet Ground Survey', which has no tasks: 'Tasks: 0 / 0', the "
      "toolbar, and in place of the table 'Import data to get your project started' with "
      "Connect Cloud Storage and Import buttons", also=("other",),
      url="/projects/3/data", ready="text=Import data to get your project started")


def labelling(c: Any) -> None:
    c("task-annotated", "form",
      "a task that alice annotated, opened from the table (/projects/1/data?task=1): the list "
      "of tasks narrowed to a column, then the labelling editor: 'How does the speaker feel?', "
      "the quote, Positive ticked, three stars, an Update button, her annotation's tab, the "
      "Info/History and Regions panels", also=("detail",),
      url="/projects/1/data?task=1", ready="button:has-text('Update')")
    c("task-new", "form",
      "a task nobody has annotated (task 16): the same editor with nothing chosen yet, the "
      "choices and stars empty, a Submit button", url="/projects/1/data?task=16",
      ready="button:has-text('Submit')")
    c("task-names-annotated", "form",
      "an annotated sentence of 'Looking-Glass Names' (task 25): the labels Person, Place, "
      "Creature, Object above the sentence with its marked names, the three regions listed "
      "in the Regions panel, Update", also=("detail",),
      url="/projects/2/data?task=25", ready="button:has-text('Update')")
    c("task-names-new", "form",
      "a sentence not yet annotated (task 32): the four labels and the plain sentence, no "
      "regions, Submit", url="/projects/2/data?task=32", ready="button:has-text('Submit')")
    c("label-stream", "form",
      "'Label All Tasks' (/projects/1/data?labeling=1): the editor on the first task left "
      "(#16, '1 of 1'), Skip and Submit, and over it a 'Labeling Instructions' dialog with the "
      "project's instructions (shown before labelling)", also=("other",),
      url="/projects/1/data?labeling=1", ready="button:has-text('Skip')")
    c("annotation-submitted", "form",
      "Positive chosen and Submit: the label stream goes on to the next task (an empty "
      "editor, Skip/Submit) and a notice 'Annotation saved successfully'",
      also=("confirmation",),
      url="/projects/1/data?labeling=1", ready="button:has-text('Skip')",
      then=steps(wait(1000), close_instructions,
                 lambda p: p.get_by_text("Positive").first.click(),
                 button("Submit current annotation"),
                 text("Annotation saved successfully")))
    c("task-missing", "listing",
      "a task that does not exist (/projects/1/data?task=9999): the project's table of tasks "
      "with a notice 'The task you are trying to access does not exist or is no longer "
      "available.'", also=("error",),
      url="/projects/1/data?task=9999", ready="text=does not exist or is no longer available")


def data_manager(c: Any) -> None:
    c("filters-open", "listing",
      "the Filters button of 'Looking-Glass Names': a box 'No filters applied' with Add Filter "
      "over the table of tasks", also=("search",),
      url="/projects/2/data", ready="text=Humpty Dumpty sat",
      then=steps(button("Filters"), text("No filters applied")))
    c("filter-matches", "search_results",
      "a filter added (Where text contains 'Queen'): the table narrowed to the three sentences "
      "naming a Queen, the filter box still open with the query",
      then=steps(button("Add Filter"), lambda p: p.wait_for_selector(FILTER_BOX),
                 filter_for("Queen")))
    c("filter-no-matches", "search_results",
      "the filter changed to 'bandersnatch': no task matches, 'No tasks found', 'Try adjusting "
      "or clearing the filters to see more results', Clear Filters",
      then=steps(filter_for("bandersnatch"), text("No tasks found")))
    c("tasks-filter-cleared", "listing",
      "'Clear Filters': the whole table of the project's tasks again",
      then=steps(button("Clear Filters"), text("Humpty Dumpty sat"), wait(1000)))
    c("import", "form",
      "Import (/projects/1/data/import): a dialog 'Import Data' over the tasks: a Dataset URL "
      "box with Add URL, Upload Files, a drop zone with the file types it takes, Cancel and "
      "Import", url="/projects/1/data/import", ready="text=Import Data")
    c("export", "form",
      "Export (/projects/1/data/export): a dialog listing the export formats to choose one of "
      "(JSON, CSV, TSV, COCO, YOLO...), each with a line on what it makes, and an Export button",
      url="/projects/1/data/export", ready="button:has-text('Export')", also=("listing",))
    c("delete-tasks-confirm", "form",
      "a task ticked, Actions, Delete Tasks: a dialog 'Delete selected tasks?', 'You are about "
      "to delete the selected tasks. This can't be undone.', Cancel / Delete Tasks",
      url="/projects/2/data", ready="text=Haigha and Hatta",
      then=steps(select_task(38), button("Tasks Actions"),
                 lambda p: p.get_by_text("Delete Tasks").first.click(),
                 text("Delete selected tasks?")))
    c("tasks-deleted", "listing",
      "'Delete Tasks' in that dialog: the table of tasks again, without the last sentence, "
      "with no message about the deletion",
      then=steps(button("Delete Tasks", last=True), wait(2500)))


def create_project(c: Any) -> None:
    c("create-project", "form",
      "Create on the projects page: 'Create Project', steps Project Name / Data Import / "
      "Labeling Setup, the Project Name (typed: 'Caucus-Race Results') and Description boxes, "
      "a Workspace choice (Enterprise), Cancel and Save",
      url="/projects/", ready="text=Looking-Glass Names",
      then=steps(button("Create new project"), text("Labeling Setup"),
                 lambda p: p.get_by_label("Project Name").fill("Caucus-Race Results")))
    c("create-project-labeling", "form",
      "the 'Labeling Setup' step of the same dialog: the labelling templates to start from, by "
      "kind (Computer Vision, NLP, Audio...) with a Custom template button", also=("listing",),
      then=steps(lambda p: p.get_by_text("Labeling Setup").first.click(),
                 text("Custom template")))
    c("project-created", "listing",
      "Save: the new project's own Data Manager ('Caucus-Race Results' in the header), with "
      "no tasks: 'Import data to get your project started'; nothing says it was created",
      also=("other",),
      then=steps(button("Save"), text("Import data to get your project started")))


def project_settings(c: Any, out: capturing.Session) -> None:
    s = "/projects/1/settings"
    c("settings-general", "form",
      "the project's settings (/projects/1/settings/): a side menu (General, Labeling "
      "Interface, Annotation, Model, Predictions, Cloud Storage, Webhooks, Danger Zone) and "
      "'General Settings': name, description, colour, task sampling, Save",
      url=s + "/", ready="text=General Settings")
    c("settings-saved", "form",
      "the description changed and Save: the same form with 'Saved!' beside the button",
      also=("confirmation",), url=s + "/", ready="text=General Settings",
      then=steps(lambda p: p.get_by_label("Description").fill(
          "How does each speaker at the Mad Tea-Party feel? Pick one mood per quote."),
                 button("Save general settings"), text("Saved!"),
                 lambda p: setattr(out, "quick", True)))
    c("settings-labeling", "form",
      "'Labeling Interface': the data field, the choices (Positive, Negative, Neutral) to add "
      "to, a Save button, and a live preview of the editor", url=s + "/labeling",
      ready="text=Configure data")
    c("settings-templates", "listing",
      "'Browse Templates' on the Labeling Interface: the template gallery (by kind, then cards: "
      "Semantic Segmentation with Polygons, Object Detection with Bounding Boxes...) to choose "
      "one", also=("form",), url=s + "/labeling", ready="text=Configure data",
      then=steps(button("Browse templates"), text("Custom template")))
    c("settings-annotation", "form",
      "'Annotation' settings: Labeling Instructions (a box with the HTML text, 'Show before "
      "labeling'), Prelabeling (use predictions, no model to choose), Save",
      url=s + "/annotation", ready="text=Labeling Instructions")
    c("settings-model", "listing",
      "'Model' settings with no model: 'Let's connect your first model', a paragraph on what "
      "models do, a Connect Model button", also=("other",),
      url=s + "/ml", ready="text=Let's connect your first model")
    c("settings-model-connect", "form",
      "Connect Model: a dialog with Name, Backend URL, the authentication method, extra "
      "params, 'Interactive preannotations' and 'Validate and Save'",
      url=s + "/ml", ready="text=Let's connect your first model",
      then=steps(button("Add machine learning model"), text("Validate and Save")))
    c("settings-predictions", "listing",
      "'Predictions' settings with none: 'No predictions uploaded yet' and a paragraph on "
      "uploading them", also=("other",),
      url=s + "/predictions", ready="text=No predictions uploaded yet")
    c("settings-storage", "listing",
      "'Cloud Storage' settings with none: 'Add your first cloud storage', the providers' "
      "logos, Add Source Storage and Add Target Storage", also=("other",),
      url=s + "/storage", ready="text=Add your first cloud storage")
    c("settings-storage-add", "form",
      "Add Source Storage: a wizard (Choose Provider, Configure Connection, Import Settings & "
      "Preview, Review & Confirm), its first step 'Choose your cloud storage provider' with "
      "the providers as buttons, Previous / Next",
      url=s + "/storage", ready="text=Add your first cloud storage",
      then=steps(button("Add Source Storage"), text("Choose your cloud storage provider")))
    c("settings-webhooks", "listing",
      "'Webhooks' settings with none: 'Add your first webhook', a paragraph, an Add Webhook "
      "button", also=("other",), url=s + "/webhooks", ready="text=Add your first webhook")
    c("settings-webhook-new", "form",
      "Add Webhook: 'Webhooks / New Webhook', Payload URL, Is Active, Headers, Send payload, "
      "Send for all actions, Cancel and Add Webhook",
      url=s + "/webhooks", ready="text=Add your first webhook",
      then=steps(button("Add Webhook"), text("Payload URL")))
    c("settings-danger-zone", "other",
      "'Danger Zone': three sections, each a heading, a line and one button: Reset Cache, Drop "
      "All Tabs, Delete Project", also=("form",),
      url=s + "/danger-zone", ready="button:has-text('Delete Project')")
    c("delete-project-confirm", "form",
      "Delete Project for 'Croquet Ground Survey': a dialog 'You are about to delete the "
      "project Croquet Ground Survey. This action cannot be undone.', 'To proceed, type "
      "\"delete\" in the field below', Cancel and a Delete Project button not yet enabled",
      url="/projects/3/settings/danger-zone", ready="button:has-text('Delete Project')",
      then=steps(button("Delete Project"), text("This action cannot be undone")))
    c("project-deleted", "listing",
      "'delete' typed and Delete Project: back to the projects, one fewer, and a notice "
      "'Project deleted successfully'", also=("confirmation",),
      then=steps(lambda p: p.get_by_role("textbox").last.fill("delete"),
                 button("Delete Project", last=True),
                 text("Project deleted successfully")))


def errors(c: Any) -> None:
    c("project-missing", "error",
      "a project that does not exist (/projects/999/data): only the header, and a notice "
      "'Runtime error: No Project matches the given query.'",
      url="/projects/999/data", ready="text=No Project matches the given query")
    c("project-settings-missing", "error",
      "the settings of a project that does not exist (/projects/999/settings/): 'Runtime "
      "error', \"TypeError: Cannot read properties of null (reading 'id')\", Ask on Slack, Go "
      "Back, Reload", url="/projects/999/settings/", ready="text=Runtime error")
    c("project-bad-id", "error",
      "a project id that is not a number (/projects/abc/data): HTTP 404, '404', 'Uh oh, this "
      "page doesn't exist.', Go Back / Go to Home", url="/projects/abc/data")
    c("not-found", "error",
      "an address that is no page, signed in (/teapot/): the same 404 page",
      url="/teapot/")


def organization(c: Any, invite: list[str]) -> None:
    def remember_invite(page: Page) -> None:
        # the link is filled in once the organization's token has come: wait for it
        link = page.wait_for_function(
            "() => [...document.querySelectorAll('input, textarea')].map(e => e.value)"
            ".find(v => v.includes('/user/signup/?token='))")
        invite.append(link.json_value())

    c("organization", "listing",
      "'Organization' (/organization/): the members as a table (e-mail, name, last activity), "
      "API Tokens Settings and Add Members buttons", url="/organization/",
      ready="text=hatter@wonderland.example")
    c("organization-member", "detail",
      "a member clicked in that table: a panel with the Mad Hatter's name and e-mail, "
      "'Contributed to: Tea Party Sentiment', his last activity, beside the table",
      also=("listing",), url="/organization/", ready="text=hatter@wonderland.example",
      then=steps(lambda p: p.get_by_text(HATTER).first.click(), text("Contributed to")))
    c("organization-invite", "other",
      "Add Members: a dialog 'Invite members' with the invitation link in a box, a line "
      "('People that you invite have full access to all of your projects'), Reset Link and "
      "Copy link", also=("form",), url="/organization/", ready="text=hatter@wonderland.example",
      then=steps(button("Invite new member"), text("Invite members"), remember_invite))
    c("organization-tokens", "form",
      "API Tokens Settings: a dialog with two switches (Personal Access Tokens, Legacy Tokens) "
      "and Save Changes", url="/organization/", ready="text=hatter@wonderland.example",
      then=steps(button("Show API token settings"), text("Save Changes")))
    c("people-legacy", "other",
      "the old people page (/people/): an empty heading, 'Loading users...', 'No users found "
      ":(' and a table and a panel showing their template's raw placeholders "
      "({{user.initials}}, {{selected.name}}...)", also=("listing", "error"),
      url="/people/", ready="text=Created Projects", then=wait(1500))
    c("models", "other",
      "Models (/models/): 'Create a Model', 'Build a high quality model to auto-label your "
      "data using LLMs', a Create a Model button, nothing else", also=("listing",),
      url="/models/", ready="text=Create a Model")


def account(c: Any) -> None:
    c("account", "form",
      "'My Account' (/user/account/, Personal Info): a side menu, her avatar with Upload "
      "Image, First Name, Last Name, E-mail, Phone and Save", also=("detail",),
      url="/user/account/", ready=ACCOUNT)
    c("account-saved", "form",
      "a phone number typed and Save: the same form with the number, and no message",
      url="/user/account/", ready=ACCOUNT,
      then=steps(lambda p: p.get_by_label("Phone").fill("+44 1865 270000"),
                 button("Save"), wait(1500)))
    c("account-hotkeys", "form",
      "'Hotkeys' (Beta): the keyboard shortcuts of the editor, grouped, each an action, a line "
      "and its keys to change, and a Save button", also=("listing",),
      url="/user/account/hotkeys", ready="text=Select All and Annotate")
    c("account-email", "form",
      "'Email Preferences': one switch, 'Subscribe to HumanSignal news and tips from Heidi'",
      url="/user/account/email-preferences", ready="text=Subscribe to HumanSignal news")
    c("account-membership", "detail",
      "'Membership Info': her user id, registration date, annotations submitted, projects "
      "contributed to, organization, role (Owner), organization id and owner",
      url="/user/account/membership-info", ready="text=Registration date")


def admin_and_api(c: Any) -> None:
    c("admin", "listing",
      "Django's administration (/admin/): 'Site administration', the apps' models as tables "
      "of links (Annotations, Predictions, Tasks, Users...) with Add and Change, recent "
      "actions", url="/admin/", ready="text=Site administration")
    c("admin-users", "listing",
      "'Select user to change' (/admin/users/user/): the two users as a table (e-mail, "
      "username, names, staff status...), a search box, filters by staff, superuser, active",
      url="/admin/users/user/", ready="text=2 users")
    c("admin-user", "form",
      "'Change user' for the Mad Hatter (/admin/users/user/2/change/): his fields as a form "
      "(e-mail, password hash, names, permissions, dates) with Save, Save and add another, "
      "Save and continue editing, Delete", also=("detail",),
      url="/admin/users/user/2/change/", ready="text=Change user")
    c("api-projects", "other",
      "the REST API's projects asked in the browser (/api/projects/): one line of JSON, the "
      "projects with their fields, no title", also=("listing",), url="/api/projects/")
    c("api-project", "other",
      "one project asked of the REST API (/api/projects/1/): its fields, label config included, "
      "as one line of JSON", also=("detail",), url="/api/projects/1/")
    c("api-project-missing", "error",
      "a project that does not exist asked of the REST API (/api/projects/999/): HTTP 404, "
      "JSON 'No Project matches the given query.'", url="/api/projects/999/")


def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, APP, base, signed_in=True)
    out.goto("/user/login/")
    sign_in(ALICE, capturing.PASSWORD)(out.page)
    c = guarded(out)

    projects(c)
    labelling(c)
    data_manager(c)
    create_project(c)
    project_settings(c, out)
    errors(c)
    invite: list[str] = []
    organization(c, invite)
    account(c)
    admin_and_api(c)

    # signing out, then the invitation link as a visitor
    out.signed_in = False
    c("logged-out", "login",
      "after signing out (/logout): the sign-in form again (/user/login/), with nothing said "
      "about signing out", url="/logout", ready=SIGN_IN)
    if invite:
        c("signup-invite", "form",
          "the invitation link opened signed out (/user/signup/?token=...): the same 'Sign Up' "
          "form, the token kept in its address", url=invite[0], ready=SIGN_IN,
          also=("login",))
    out.close()
    return out.written


# -- the Mad Hatter, a plain member ---------------------------------------------------------------
def hatter(browser: Any, base: str) -> list[Path]:
    out = Session(browser, APP, base, signed_in=True)
    out.goto("/user/login/")
    sign_in(HATTER, capturing.PASSWORD)(out.page)
    c = guarded(out)
    c("hatter-home", "listing",
      "the Mad Hatter signed in, his home page: 'Welcome', Create Project / Invite Members, "
      "the recent projects, resources", also=("other",), url="/", ready=HOME)
    c("hatter-task", "form",
      "a task he annotated (task 12) in the editor: the quote, Positive ticked, five stars, "
      "Update", also=("detail",), url="/projects/1/data?task=12",
      ready="button:has-text('Update')")
    c("hatter-admin-refused", "login",
      "Django's administration asked for by the Mad Hatter, who is no staff (/admin/): its "
      "sign-in form with 'You are authenticated as hatter@wonderland.example, but are not "
      "authorized to access this page. Would you like to login to a different account?'",
      also=("error",), url="/admin/", ready=SIGN_IN)
    out.close()
    return out.written


# fmt: on


def labelstudio(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base) + hatter(browser, base)


APPS = {APP: labelstudio}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
