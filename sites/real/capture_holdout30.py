"""Capture the labelled HOLDOUT page corpus of sites/real/holdout30/pages from wger 2.1.

The thirtieth holdout app (wger 2.1, PyPI `wger`, a Django 3.2 fitness and nutrition manager,
unmodified, on SQLite, served by Django's `runserver --insecure` with DEBUG off, seeded by
`sites/real/holdout30/setup` with the exercise and ingredient databases wger ships and alice's
workouts, schedule, logged sessions, nutrition plans and diary, weight entries and measurements)
was never used to tune the page-state classifier; its pages measure it honestly. Run by hand,
not by tests, with the app freshly set up and running:

    sites/real/holdout30/setup
    sites/real/holdout30/start 8112 &
    .venv/bin/python sites/real/capture_holdout30.py              # or: --wger URL

Two browser sessions. A visitor: the features page (where / leads), the sign-in page, a failed
sign-in, the registration form, the password reset form and what comes after sending it, the
about, imprint, terms of service and REST API pages, links to the BMI calculator, to a workout
and to the user list (the sign-in page, or an empty 403), the feedback form, the ingredient list
(first and a later page), an ingredient, the ingredient search (typed, no match), a missing
page; then what wger does for a visitor who opens a page of one's own (it makes a temporary
guest account): the dashboard, the workouts; and "Try it now" (a server error here). Then alice, signed in: the dashboard; workouts (the
list, a workout, a small one, an empty one, the log of a workout, the calendar and a day of it,
schedules and a schedule, public templates); the forms to edit a workout, add a day, add a set,
log a session and a day, copy a workout, edit a schedule; a new workout (made by opening
"add"), a workout saved, the deletion page of a
workout and what comes after it; nutrition (plans, a plan, an empty plan, the diary and a day
of it, the forms for a meal, a meal item, a plan, a diary entry, a plan's deletion page and
after it); ingredients; the calories calculator; body weight (overview, add, added, edit, the
deletion page and after it, CSV import); preferences (and saved), feedback, changing the
password, the API key page; a missing workout, another user's
workout, the user list she may not see, a missing page; and last, signing out. Each page is
read through the project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport)
as `tab.snapshot()`, with the HTTP status of the main document (the last navigation response),
and written in exactly the format of sites/real/pages (see sites/real/pages/README.md). The
labels below were decided by hand, one page at a time, from what each page is for; the
classifier and the site profiles were not consulted.

Capturing changes the app (creates a workout and a weight entry, edits a workout, a weight
entry and the preferences, deletes a workout, a plan and a weight entry, makes guest
accounts): run `setup` again before a
re-capture, as the numbers below are those of a fresh seed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import capturing
from capturing import click, guarded, steps, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout30" / "pages"
PORTS = {"wger": 8112}

# numbers of a fresh seed (sites/real/holdout30/seed.py)
STRENGTH, GROWING, LATE, HATTERS = 1, 2, 3, 4  # workouts (the last is the Mad Hatter's)
PUSH_DAY = 1  # the first day of "Croquet strength"
PLAN, EMPTY_PLAN = 1, 2  # nutrition plans "Eat me, drink me" and "Unbirthday feast"
BREAKFAST = 1  # the first meal of the plan
SCHEDULE = 1
WEIGHT = 12  # alice's newest weight entry
BUTTER = 2  # the ingredient "Butter, salted"
SESSION_DAY = "2026/11/13"  # a day alice logged a session (two weeks before 2026-11-27)
DIARY_DAY = "2026-11-26"


def Session(*args: Any, **kwargs: Any) -> capturing.Session:
    return capturing.Session(*args, pages=PAGES, settle_ms=600, **kwargs)


def sign_in(password: str) -> Any:
    def run(page: Page) -> None:
        page.fill("input[name=username]", capturing.USER)
        page.fill("input[name=password]", password)
        press("Login")(page)

    return run


def press(button: str) -> Any:
    """Click the button called `button` and wait for the page it leads to."""

    def run(p: Page) -> None:
        with p.expect_navigation(wait_until="load"):
            p.get_by_role("button", name=button, exact=True).first.click()

    return run


def fill(selector: str, value: str) -> Any:
    return lambda page: page.fill(selector, value)


def type_search(query: str) -> Any:
    """Type into the ingredient search box, as a person does: suggestions come as one types."""

    def run(p: Page) -> None:
        p.click("#ingredient-search")
        p.keyboard.type(query, delay=80)
        p.wait_for_timeout(2000)

    return run


def press_enter(p: Page) -> None:
    with p.expect_navigation(wait_until="load"):
        p.keyboard.press("Enter")


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "wger", base, signed_in=False)
    c = guarded(out)
    c("features", "other",
      "the visitor's front page (/ leads to /en/software/features): a banner 'Welcome to wger' "
      "with 'Try it now', 'Register' and 'Login', then 'Your advantages' and 'Features' in "
      "short blurbs", url="/", also=("article",))
    c("login", "login",
      "'Login': Username and Password fields and a Login button, with links to register and "
      "to reset the password", url="/en/user/login")
    c("login-failed", "login",
      "a wrong password for alice: the same form again with an error saying the username and "
      "password do not match", also=("error",),
      url="/en/user/login", then=sign_in("not-the-password"))
    c("registration", "form",
      "'Register': username, email, password twice and a Register button",
      url="/en/user/registration")
    c("password-reset", "form",
      "'Password reset': one Email field and a Save button", url="/en/user/password/reset/")
    c("password-reset-sent", "confirmation",
      "after sending the reset form: the page says an email with instructions has been sent",
      url="/en/user/password/reset/", then=steps(
          fill("input[name=email]", "alice@wonderland.example"),
          press("Save")))
    c("about-us", "article",
      "'About us': paragraphs on who makes wger and links for the source code, problems and "
      "translations", url="/en/software/about-us")
    c("imprint", "article", "the imprint: a heading and paragraphs of text", url="/en/imprint")
    c("terms-of-service", "article",
      "the terms of service: headed paragraphs of text", url="/en/software/terms-of-service")
    c("api-docs", "article",
      "'REST API': a long page of documentation with headings, paragraphs and code examples",
      url="/en/software/api")
    c("bmi-deep-link", "login",
      "the BMI calculator (/en/nutrition/calculator/bmi/) opened by a visitor: wger answers "
      "with its sign-in page, the calculator's address kept to go on to",
      url="/en/nutrition/calculator/bmi/")
    c("workout-deep-link", "error",
      "a link to alice's workout (/en/workout/1/view) opened by a visitor: HTTP 403 and an "
      "empty page (no title, no text)",
      url=f"/en/workout/{STRENGTH}/view")
    c("ingredients", "listing",
      "'Ingredient overview': a paginated list of ingredient names as links, with a search box "
      "in the side bar", url="/en/nutrition/ingredient/overview/")
    c("ingredients-page-3", "listing",
      "the third page of the ingredient list", url="/en/nutrition/ingredient/overview/?page=3")
    c("ingredient", "detail",
      "one ingredient ('Butter, salted'): its nutritional values per 100 g, a small form to "
      "work them out for an amount, its license", url=f"/en/nutrition/ingredient/{BUTTER}/view/")
    c("ingredient-search-typed", "search_results",
      "the ingredient list with 'chees' typed into its search box: the many matching "
      "ingredients drop down as suggestions (the word in bold in each)", also=("listing",),
      url="/en/nutrition/ingredient/overview/", then=type_search("chees"))
    c("ingredient-search-none", "listing",
      "'jabberwocky' typed into the search box: no suggestion drops down and nothing says so; "
      "the page is the ingredient list with the word in the box", also=("search_results",),
      url="/en/nutrition/ingredient/overview/", then=type_search("jabberwocky"))
    c("page-missing", "error",
      "an address that is no page of wger (/en/wonderland): wger's 'Page not found' page",
      url="/en/wonderland")
    c("user-list-deep-link", "login",
      "the list of users (/en/user/list), for managers only, opened by a visitor: the sign-in "
      "page", url="/en/user/list")
    c("feedback", "form",
      "'Feedback': a comment box (and contact) with a Send button, for a visitor",
      url="/en/feedback")
    # a page of one's own makes a temporary guest account for the visitor
    c("guest-dashboard", "listing",
      "the dashboard opened by a visitor: wger makes a temporary guest account, says so at "
      "the top, and shows the empty boxes for workout, nutrition plan and weight",
      url="/en/dashboard", also=("other",))
    c("guest-workouts", "listing",
      "'Your workouts' for the guest: no workout yet, a button to add one",
      url="/en/workout/overview")
    out.close()
    written = out.written

    out = Session(browser, "wger", base, signed_in=False)
    c = guarded(out)
    c("try-it-now", "error",
      "'Try it now' on the front page (/en/user/demo-entries, which should make a guest account "
      "with demo entries): HTTP 500, wger's page saying an error occurred",
      url="/en/software/features", then=click("a[href='/en/user/demo-entries']"))
    out.close()
    return written + out.written


# -- alice, signed in -----------------------------------------------------------------------------
def training(c: Any) -> None:
    c("dashboard", "listing",
      "the dashboard after signing in: boxes for the current workout (its days and exercises), "
      "the nutrition plan, the weight chart and the calendar, each with links",
      url="/en/dashboard", also=("other",))
    c("workouts", "listing",
      "'Your workouts': alice's three workouts as a list of links with their dates",
      url="/en/workout/overview")
    c("workout", "detail",
      "the workout 'Croquet strength': its description, its three days with their exercises, "
      "sets and repetitions, the muscles trained, options to edit, copy, log",
      url=f"/en/workout/{STRENGTH}/view")
    c("workout-small", "detail",
      "the workout 'Growing and shrinking': one day of two exercises",
      url=f"/en/workout/{GROWING}/view")
    c("workout-empty", "detail",
      "the workout 'Running late' with no days yet: its name, description and a button to add "
      "a training day", url=f"/en/workout/{LATE}/view")
    c("workout-log", "listing",
      "'Weight log for workout': for each day and exercise, the logged sets by date with a "
      "small chart", url=f"/en/workout/log/{STRENGTH}/view", also=("detail",))
    c("calendar", "listing",
      "'Calendar': the month with the days alice trained marked, and the list of sessions",
      url="/en/workout/calendar", also=("other",))
    c("calendar-day", "detail",
      "a day of the calendar: the session of that day (impression, times, notes) and the "
      "logged sets", url=f"/en/workout/calendar/alice/{SESSION_DAY}")
    c("schedules", "listing",
      "'Your schedules': the list of alice's schedules (one)",
      url="/en/workout/schedule/overview")
    c("schedule", "detail",
      "the schedule 'Winter in Wonderland': its steps (a workout for some weeks each) with "
      "their days and exercises", url=f"/en/workout/schedule/{SCHEDULE}/view")
    c("public-templates", "listing",
      "'Public templates': the list of workouts shared as templates (none here)",
      url="/en/workout/template/public")
    c("workout-edit", "form",
      "the form to edit a workout: name and description, Save",
      url=f"/en/workout/{STRENGTH}/edit")
    c("day-add", "form",
      "the form to add a training day to a workout: a description and the days of the week",
      url=f"/en/workout/day/{LATE}/day/add")
    c("set-add", "form",
      "the form to add a set to a day: an exercise search box, the number of sets and the "
      "repetitions", url=f"/en/workout/set/day/{PUSH_DAY}/set/add")
    c("session-add", "form",
      "the form to log a session of a day: impression, notes, start and finish times, and the "
      "sets done", url=f"/en/workout/session/{STRENGTH}/add/2026-11-27")
    c("day-log", "form",
      "the form to log the sets of a training day: date, and for each exercise the "
      "repetitions and weight of every set", url=f"/en/workout/day/{PUSH_DAY}/log/add")
    c("workout-added", "detail",
      "what 'Add workout' leads to: wger makes a new empty workout at once and shows its page "
      "(no days yet, a button to add one)", url="/en/workout/add", also=("form",))
    c("workout-saved", "detail",
      "the workout's page after saving its edit form with a new description: no message, the "
      "new description shown",
      url=f"/en/workout/{STRENGTH}/edit", then=steps(
          fill("textarea[name=description]", "Three days a week to swing a flamingo straight "
               "and hit the hedgehog."),
          press("Save")))
    c("workout-copy", "form",
      "the form to copy a workout: the name of the copy, Save", url=f"/en/workout/{STRENGTH}/copy")
    c("schedule-edit", "form",
      "the form to edit a schedule: name, start date, active, loop", also=("detail",),
      url=f"/en/workout/schedule/{SCHEDULE}/edit")
    c("workout-delete", "form",
      "'Delete Running late?': 'Are you sure you want to delete this? This action cannot be "
      "undone.' and a 'Yes, delete' button", url=f"/en/workout/{LATE}/delete")
    c("workout-deleted", "listing",
      "after 'Yes, delete': 'Successfully deleted' above 'Your workouts', the deleted one gone",
      url=f"/en/workout/{LATE}/delete", then=press("Yes, delete"),
      also=("confirmation",))


def nutrition(c: Any) -> None:
    c("plans", "listing",
      "'Your nutrition plans': alice's two plans as a list of links with their dates",
      url="/en/nutrition/overview/")
    c("plan", "detail",
      "the plan 'Eat me, drink me': its meals with their times and ingredients and amounts, "
      "the nutritional values in a table, the diary, options",
      url=f"/en/nutrition/{PLAN}/view/")
    c("plan-empty", "detail",
      "the plan 'Unbirthday feast' with no meal yet: its name and a button to add a meal",
      url=f"/en/nutrition/{EMPTY_PLAN}/view/")
    c("diary", "listing",
      "the nutrition diary of a plan: the days with logged food and their energy, by date",
      url=f"/en/nutrition/diary/{PLAN}")
    c("diary-day", "detail",
      "one day of the nutrition diary: the food logged that day with amounts and a table of "
      "nutritional values", url=f"/en/nutrition/diary/{PLAN}/{DIARY_DAY}", also=("listing",))
    c("plan-edit", "form",
      "the form to edit a plan: description and whether it has a goal in calories",
      url=f"/en/nutrition/{PLAN}/edit/")
    c("meal-add", "form",
      "the form to add a meal to a plan: its name and time",
      url=f"/en/nutrition/meal/{PLAN}/meal/add/")
    c("meal-item-add", "form",
      "the form to add an ingredient to a meal: an ingredient search box, amount and unit",
      url=f"/en/nutrition/meal/item/{BREAKFAST}/item/add/")
    c("plan-delete", "form",
      "'Delete Unbirthday feast?': are you sure, and a 'Yes, delete' button",
      url=f"/en/nutrition/{EMPTY_PLAN}/delete/")
    c("diary-add", "form",
      "the form to log food in the diary: an ingredient search box, amount, unit, date and time",
      url=f"/en/nutrition/diary/plan/{PLAN}/add")
    c("plan-deleted", "listing",
      "after 'Yes, delete' on a plan: 'Successfully deleted' above 'Your nutrition plans', "
      "one plan left",
      url=f"/en/nutrition/{EMPTY_PLAN}/delete/", then=press("Yes, delete"),
      also=("confirmation",))
    c("ingredients-signed-in", "listing",
      "the ingredient list for alice: ingredient names as links, a search box, 'Add ingredient'",
      url="/en/nutrition/ingredient/overview/")
    c("calories-calculator", "form",
      "'Daily calories calculator': age, height, gender, weight, then sleep, work, sport and "
      "free time, a total and buttons to calculate and save it",
      url="/en/nutrition/calculator/calories/")


def body(c: Any) -> None:
    c("weight", "listing",
      "'Weight overview', the page of alice's weight entries: its chart and table are drawn "
      "by wger's React script, which draws nothing here; left are the heading, Options, Add", url="/en/weight/overview",
      also=("other",), then=wait(1500))
    c("weight-add", "form",
      "'Add weight entry': Date and Weight, Save", url="/en/weight/add/")
    c("weight-added", "listing",
      "after saving a new weight entry: back on the weight overview (heading, Options, Add; "
      "no message)",
      url="/en/weight/add/", then=steps(
          fill("input[name=date]", "2026-11-28"), fill("input[name=weight]", "48.5"),
          press("Save")), also=("other",))
    c("weight-edit", "form",
      "the form to edit a weight entry: its date and weight, Save",
      url=f"/en/weight/{WEIGHT}/edit/", also=("detail",))
    c("weight-delete", "form",
      "the deletion page of a weight entry: are you sure, and a 'Yes, delete' button",
      url=f"/en/weight/{WEIGHT}/delete/")
    c("weight-deleted", "listing",
      "after 'Yes, delete' on a weight entry: 'Successfully deleted.' above the weight "
      "overview (heading, Options, Add)",
      url=f"/en/weight/{WEIGHT}/delete/", then=press("Yes, delete"),
      also=("confirmation", "other"))
    c("weight-import", "form",
      "'Import weight entries': a text area to paste CSV into and the date format",
      url="/en/weight/import-csv/")


def account(c: Any) -> None:
    c("preferences", "form",
      "'Preferences': email, names, date of birth, reminders, units, language and more, with "
      "Save", url="/en/user/preferences")
    c("preferences-saved", "form",
      "preferences after Save: 'Settings successfully updated' above the same form",
      url="/en/user/preferences", then=steps(
          fill("input[name=first_name]", "Alice Pleasance"),
          press("Save")), also=("confirmation",))
    c("feedback-signed-in", "form",
      "'Feedback' for alice: a comment box and a Send button", url="/en/feedback")
    c("password-change", "form",
      "the form to change one's password: the old one and the new one twice",
      url="/en/user/password/change")
    c("api-key", "other",
      "'API key': the user's key for the REST API and a button to make a new one",
      url="/en/user/api-key", also=("detail",))
    c("workout-missing", "error",
      "a workout that does not exist (/en/workout/99/view): wger's 'Page not found'",
      url="/en/workout/99/view")
    c("workout-denied", "error",
      "the Mad Hatter's workout opened by alice: HTTP 403 with an empty page",
      url=f"/en/workout/{HATTERS}/view")
    c("category-list-denied", "error",
      "the admin list of exercise categories, which alice may not manage: wger's 'Forbidden!'",
      url="/en/exercise/category/list")
    c("page-missing-signed-in", "error",
      "an address that is no page of wger, signed in: 'Page not found'", url="/en/nosuch")


def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, "wger", base, signed_in=True)
    out.goto("/en/user/login")
    sign_in(capturing.PASSWORD)(out.page)
    c = guarded(out)
    training(c)
    nutrition(c)
    body(c)
    account(c)
    out.signed_in = False
    c("logged-out", "login",
      "after 'Logout' (/en/user/logout): wger sends to the sign-in page",
      url="/en/user/logout")
    out.close()
    return out.written


# fmt: on


def wger(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {"wger": wger}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
