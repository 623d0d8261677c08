"""Capture the labelled HOLDOUT page corpus of sites/real/holdout35/pages from MLflow.

The thirty-fifth holdout app (MLflow 3.17.2, PyPI `mlflow[auth]`, its tracking server and React
UI with the basic-auth app, on SQLite, seeded by `sites/real/holdout35/setup` with three
Wonderland experiments: "Tea Party Classifier", four runs with params, stepped metrics, tags and
artifacts, one of them deleted; "Croquet Ball Trajectories", three runs; "Looking-Glass Chess",
none; and a registered model "tea-party-classifier" with two versions) was never used to tune
the page-state classifier; its pages measure it honestly. Run by hand, not by tests, with the
app freshly set up and running:

    sites/real/holdout35/setup
    sites/real/holdout35/start 8117 &
    .venv/bin/python sites/real/capture_holdout35.py              # or: --mlflow URL

MLflow's basic-auth app signs in with HTTP basic authentication (the browser's own dialog, no
page of its own): alice's session sends her credentials in an Authorization header on every
request, as a browser does once the dialog is answered. A visitor (no credentials) and a wrong
password get the server's 401 text. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the
main document, and written in exactly the format of sites/real/pages (see
sites/real/pages/README.md). MLflow's pages are drawn by React: each capture waits for the
page's own content first. The labels were decided by hand, one page at a time, from what each
page is for; the classifier and the site profiles were not consulted.

Capturing changes the app (an experiment and a model created, a tag added): run `setup` again
before a re-capture.
"""

from __future__ import annotations

import base64
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import capturing
from capturing import guarded, steps, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout35" / "pages"
PORTS = {"mlflow": 8117}
APP = "mlflow"
ML = "workflowType=machine_learning"


class SlowSession(capturing.Session):
    def goto(self, url: str, ready: str | None = None) -> None:
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=30000)


def Session(browser: Any, base: str, *, user: str | None, password: str = "") -> SlowSession:
    out = SlowSession(browser, APP, base, signed_in=user is not None, pages=PAGES,
                      settle_ms=1500)
    out.page.set_default_timeout(30000)
    if user is not None:
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        out.tab.context.set_extra_http_headers({"Authorization": "Basic " + token})
    return out


def button(name: str, last: bool = False) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        found = page.get_by_role("button", name=name, exact=True)
        (found.last if last else found.first).click()

    return run


def text(value: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_text(value).first.wait_for()


def menuitem(name: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_role("menuitem", name=name).first.click()


def fill(placeholder_or_label: str, value: str, enter: bool = False) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        box = page.get_by_role("textbox", name=placeholder_or_label).first
        box.fill(value)
        if enter:
            box.press("Enter")
        page.wait_for_timeout(2000)

    return run


def close_assistant(page: Page) -> None:
    close = page.locator("button:has-text('New Chat') ~ button[aria-label='Close'], "
                         "button[aria-label='Close']")
    if close.count():
        close.first.click()
        page.wait_for_timeout(500)


def runs_json(*ids: str) -> str:
    return quote("[" + ",".join(f'"{i}"' for i in ids) + "]")


# fmt: off
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, base, user=None)
    c = guarded(out)
    c("visitor-home", "error",
      "the home page asked for without credentials: HTTP 401 and one line, 'You are not "
      "authenticated. Please see ... on how to authenticate.' (MLflow's basic-auth signs in "
      "through the browser's own dialog, no page of its own)", also=("login",), url="/")
    c("visitor-experiment", "error",
      "an experiment's runs asked for without credentials: the same 401 line",
      also=("login",), url="/#/experiments/1/runs")
    c("visitor-api", "error",
      "the REST API asked without credentials (/api/2.0/mlflow/experiments/search): the "
      "same 401 line", url="/api/2.0/mlflow/experiments/search?max_results=5")
    c("visitor-health", "other",
      "/health, open to all: one word, 'OK'", url="/health")
    out.close()
    wrong = Session(browser, base, user="alice", password="not-the-password")
    wrong.signed_in = False
    c = guarded(wrong)
    c("wrong-password", "error",
      "alice with a wrong password: the 401 line again ('You are not authenticated')",
      also=("login",), url="/")
    wrong.close()
    return out.written + wrong.written


def alice(browser: Any, base: str, runs: dict[str, str]) -> list[Path]:
    out = Session(browser, base, user="alice", password=capturing.PASSWORD)
    c = guarded(out)
    out.goto("/#/experiments", ready="text=Tea Party Classifier")
    out.page.wait_for_timeout(1500)
    close_assistant(out.page)
    E1 = "/#/experiments/1"
    hatter = runs["mad-hatter"]
    dormouse = runs["sleepy-dormouse"]
    hare = runs["march-hare"]
    spilt = runs["spilt-milk"]
    R = f"{E1}/runs/{hatter}"

    # -- home and experiments
    c("home", "other",
      "'Welcome to MLflow' (/): get-started cards (log traces, run evaluation, train models...), "
      "the recent experiments, a telemetry notice", also=("listing",), url="/",
      ready="text=Welcome to MLflow", then=wait(1500))
    c("experiments", "listing",
      "'Experiments' (/#/experiments): the four experiments as a table (name, time created, "
      "last modified, description, tags), a search box, Create / Compare / Delete",
      url="/#/experiments", ready="text=Croquet Ball Trajectories")
    c("experiments-search", "search_results",
      "'Tea' typed into Search experiments: the table narrowed to 'Tea Party Classifier'",
      url="/#/experiments", ready="text=Croquet Ball Trajectories",
      then=fill("Search experiments", "Tea", enter=True))
    c("experiments-search-none", "search_results",
      "'Jabberwock' searched for among the experiments: the table's headers and 'No experiments found'", url="/#/experiments", ready="text=Croquet Ball Trajectories",
      then=fill("Search experiments", "Jabberwock", enter=True))
    c("experiment-create", "form",
      "Create (experiments): the 'Create Experiment' dialog, Experiment Name and Artifact Location, Create (not yet enabled)", url="/#/experiments", ready="text=Croquet Ball Trajectories",
      then=steps(button("Create"), text("Artifact Location")))
    c("experiment-created", "other",
      "'Mock Turtle Soup' named and Create: the new experiment opens on its Overview (GenAI view), Usage / Quality / Tool calls tabs with zero counters ('0', '$0.00 Total Cost') and empty charts",
      then=steps(lambda p: p.get_by_role("dialog").get_by_role("textbox").first.fill(
          "Mock Turtle Soup"), lambda p: p.get_by_role("dialog").get_by_role(
          "button", name="Create").click(), wait(3000)))

    # -- an experiment's runs
    c("runs", "listing",
      "'Tea Party Classifier' in Model training (Runs): its three live runs as a table (run "
      "name, created, dataset, duration, source, models), a search box for filters, charts "
      "and evaluation views", url=f"{E1}/runs?{ML}", ready="text=sleepy-dormouse")
    c("runs-croquet", "listing",
      "'Croquet Ball Trajectories' (Runs): its three runs as a table",
      url=f"/#/experiments/2/runs?{ML}", ready="text=queens-decree")
    c("runs-empty", "listing",
      "'Looking-Glass Chess', no runs: the runs page with an empty table and a note on how "
      "to log runs", also=("other",), url=f"/#/experiments/3/runs?{ML}",
      then=wait(3000))
    c("runs-filter", "search_results",
      "runs filtered with 'metrics.accuracy > 0.8' in the runs' search box: one run left, mad-hatter",
      url=f"{E1}/runs?{ML}&searchFilter=" + quote("metrics.accuracy > 0.8"),
      ready="text=mad-hatter", then=wait(1500))
    c("runs-filter-none", "search_results",
      "runs filtered with params.model = 'xgboost': the runs table empty, '0 matching runs'",
      url=f"{E1}/runs?{ML}&searchFilter=" + quote("params.model = 'xgboost'"),
      then=wait(3000))
    c("runs-filter-bad", "error",
      "a filter that is no valid filter ('accuracy >> 1') in the runs' search box: the runs page's header and filters, and instead of the table 'Request error', \"Invalid attribute key 'accuracy' specified...\"", also=("listing", "search_results",),
      url=f"{E1}/runs?{ML}&searchFilter=" + quote("accuracy >> 1"), then=wait(3000))
    c("runs-deleted", "listing",
      "the runs table switched to Deleted runs: the one deleted run, spilt-milk, with a "
      "Restore button", url=f"{E1}/runs?{ML}&lifecycleFilter=Deleted",
      ready="text=spilt-milk")
    c("experiment-overview", "other",
      "the experiment opened as it first opens (/#/experiments/1, GenAI view): its Overview "
      "of usage, with charts of traces that are empty", url=E1, then=wait(3500))
    c("experiment-models", "listing",
      "'Models' of the experiment (logged models): the table of models logged by its runs",
      also=("other",), url=f"{E1}/models?{ML}", then=wait(3000))

    # -- a run
    c("run", "detail",
      "a run's Overview (mad-hatter): Description, Metrics (accuracy 0.86, loss 0.37), "
      "Parameters, About this run (status, id, duration, source), Tags, Registered models",
      url=R, ready="text=About this run")
    c("run-metrics", "other",
      "the run's 'Model metrics' tab: a line chart per metric over its steps",
      also=("detail",), url=f"{R}/model-metrics", then=wait(3500))
    c("run-system-metrics", "other",
      "the run's 'System metrics' tab: none logged, an empty state",
      url=f"{R}/system-metrics", then=wait(3000))
    c("run-artifacts", "listing",
      "the run's 'Artifacts' tab: a tree (model, plots, notes.txt) and 'Select a file to "
      "preview'", also=("detail",), url=f"{R}/artifacts", ready="text=notes.txt")
    c("run-artifact-file", "detail",
      "notes.txt chosen in the artifacts tree: its path, size, a download link and its text "
      "('Why is a raven like a writing-desk?')", also=("article",),
      url=f"{R}/artifacts", ready="text=notes.txt",
      then=steps(lambda p: p.get_by_text("notes.txt").first.click(),
                 text("writing-desk")))
    c("run-artifact-model", "listing",
      "the 'model' folder clicked in the artifacts tree: the folder opened (MLmodel, requirements.txt) with plots and notes.txt, the preview still empty", also=("detail",), url=f"{R}/artifacts", ready="text=notes.txt",
      then=steps(lambda p: p.get_by_text("model", exact=True).first.click(), wait(2500)))
    c("run-description-edit", "form",
      "'Edit description' on the run: the description turned into a text editor with Save "
      "and Cancel", also=("detail",), url=R, ready="text=About this run",
      then=steps(button("Edit description"), wait(1500)))
    c("run-tag-dialog", "form",
      "the run's tags edited: a dialog 'Add/Edit tags' (Key, Value, Add tag, the tags already there, Save) over the run's page",
      url=R, ready="text=About this run",
      then=steps(lambda p: p.get_by_role("button", name="Add tags").or_(
          p.get_by_role("button", name="Edit tags")).first.click(), wait(1500)))
    c("run-delete-confirm", "form",
      "Delete from the run's header menu (march-hare): a dialog 'Delete Experiment Run', 'Selected 1 experiment run.', Cancel / Delete selected", url=f"{E1}/runs/{hare}", ready="text=About this run",
      then=steps(button("Open header dropdown menu"), menuitem("Delete"), wait(1000)))
    c("run-deleted", "detail",
      "the deleted run (spilt-milk) opened in a fresh page: its overview like any run's",
      url=f"{E1}/runs/{spilt}", ready="text=About this run")
    c("run-croquet", "detail",
      "a run of the croquet experiment (queens-decree): its overview, deviation_m and hits, "
      "params swing_speed and lawn, tag player=queen",
      url=f"/#/experiments/2/runs/{runs['queens-decree']}", ready="text=About this run")

    # -- comparing runs, a metric
    ids = runs_json(hatter, dormouse, hare)
    c("compare-runs", "other",
      "Comparing 3 runs: a table of the runs side by side (run id, name, start time, "
      "parameters, metrics) and plots to draw", also=("listing",),
      url=f"/#/compare-runs?runs={ids}&experiments=" + quote('["1"]'), then=wait(3500))
    c("metric", "error",
      "the metric page asked for accuracy of three runs (/#/metric/accuracy?runs=...): 'Error while loading metric page', 'Error during metric page load: invalid URL'",
      url=f"/#/metric/accuracy?runs={ids}&experiments=" + quote('["1"]'), then=wait(3500))

    # -- errors
    c("run-missing", "other",
      "a run id that does not exist (/#/experiments/1/runs/nope123): only 'Run page loading' in the main area, still there after five seconds; nothing says it is missing", also=("error",),
      url=f"{E1}/runs/nope123", then=wait(5000))
    c("experiment-missing", "error",
      "an experiment that does not exist (/#/experiments/999/runs): 'Experiment not found' and a line on the request's error",
      url=f"/#/experiments/999/runs?{ML}", then=wait(5000))
    c("route-missing", "error",
      "an address the UI does not know (/#/teapot): 'Page Not Found'",
      url="/#/teapot", then=wait(2500))
    c("server-missing", "error",
      "an address the server does not know (/teapot): HTTP 404, Flask's 'Not Found'",
      url="/teapot")
    c("api-run-missing", "error",
      "a missing run asked of the REST API (/api/2.0/mlflow/runs/get?run_id=nope123): JSON "
      "RESOURCE_DOES_NOT_EXIST", url="/api/2.0/mlflow/runs/get?run_id=nope123")
    c("api-experiments", "other",
      "the REST API's experiments asked in the browser: the experiments as JSON",
      also=("listing",), url="/api/2.0/mlflow/experiments/search?max_results=10")

    # -- the model registry
    c("models", "listing",
      "'Registered Models' (/#/models): a table of the registered model (name, latest "
      "version, aliases, created by, last modified, tags), a search box, Create Model",
      url="/#/models", ready="text=tea-party-classifier")
    c("models-search", "search_results",
      "'tea' searched for among the models: the table with tea-party-classifier",
      url="/#/models", ready="text=tea-party-classifier",
      then=fill("Search registered models", "tea", enter=True))
    c("models-search-none", "search_results",
      "'jabberwock' searched for among the models: the table's column headers and no rows (nothing says 'no results')",
      url="/#/models", ready="text=tea-party-classifier",
      then=fill("Search registered models", "jabberwock", enter=True))
    c("model", "detail",
      "'tea-party-classifier': created and modified times, description, tags with an add "
      "form, the versions table (two versions, alias champion)",
      url="/#/models/tea-party-classifier", ready="text=Version 2")
    c("model-tag-added", "detail",
      "a tag 'owner' = 'hatter' added in the model's tag form: the model page with the new "
      "tag in its table", url="/#/models/tea-party-classifier", ready="text=Version 2",
      then=steps(lambda p: p.get_by_role("textbox", name="tag name").fill("owner"),
                 lambda p: p.get_by_role("textbox", name="tag value").fill("hatter"),
                 button("Add"), text("hatter")))
    c("model-delete-confirm", "form",
      "Delete from the model's header menu: a dialog 'Delete Model', 'Are you sure you want to delete tea-party-classifier? This cannot be undone.', Cancel / Delete",
      url="/#/models/tea-party-classifier", ready="text=Version 2",
      then=steps(button("Open header dropdown menu"), menuitem("Delete"), wait(1000)))
    c("model-version", "detail",
      "'Version 2' of tea-party-classifier: registered and modified times, source run "
      "mad-hatter, alias champion, stage, description, tags, schema",
      url="/#/models/tea-party-classifier/versions/2", ready="text=Source Run")
    c("model-version-1", "detail",
      "'Version 1' of tea-party-classifier: its source run sleepy-dormouse, 'The baseline.'",
      url="/#/models/tea-party-classifier/versions/1", ready="text=Source Run")
    c("model-version-aliases", "form",
      "'Edit aliases' on version 2: a dialog 'Add/Edit alias for model version 2', the alias champion, a box to add one, Cancel / Save aliases",
      url="/#/models/tea-party-classifier/versions/2", ready="text=Source Run",
      then=steps(button("Edit aliases"), wait(1000)))
    c("compare-versions", "other",
      "the two versions of tea-party-classifier compared side by side (run, params, metrics)",
      also=("listing",), url="/#/models/tea-party-classifier", ready="text=Version 2",
      then=steps(lambda p: p.get_by_role("checkbox").nth(1).check(),
                 lambda p: p.get_by_role("checkbox").nth(2).check(),
                 lambda p: p.get_by_role("button", name="Compare").last.click(),
                 wait(3500)))
    c("model-missing", "error",
      "a model that does not exist (/#/models/jabberwock): '404 Not Found', 'Page Not "
      "Found', 'Model jabberwock does not exist, go back to the home page.'",
      url="/#/models/jabberwock", ready="text=Page Not Found")
    c("model-version-missing", "error",
      "a version that does not exist (/#/models/tea-party-classifier/versions/9): the app's "
      "not-found page", url="/#/models/tea-party-classifier/versions/9", then=wait(4000))

    # -- other sections
    c("prompts", "listing",
      "'Prompts' (/#/prompts): an empty table of prompts (Name, Latest version...) with a search box, 'Create your first prompt' and help to register one", also=("other",), url="/#/prompts", then=wait(3000))
    c("settings", "form",
      "'Settings' (/#/settings/general): switches and choices for the UI (telemetry...)",
      url="/#/settings/general", then=wait(3000))
    c("gateway", "other",
      "'AI Gateway' (/#/gateway): endpoints of the gateway, none yet",
      also=("listing",), url="/#/gateway", then=wait(3000))
    c("signup", "form",
      "the basic-auth app's /signup page for the administrator: 'Sign up' with Username, "
      "Password and a Sign Up button (makes a user)", also=("login",), url="/signup")
    c("account-menu", "other",
      "'Account menu for alice' opened over the experiments: a menu of Account, Manage and Logout",
      url="/#/experiments", ready="text=Croquet Ball Trajectories",
      then=steps(button("Account menu for alice"), wait(1000)))
    out.close()
    return out.written


# fmt: on


def find_runs(base: str) -> dict[str, str]:
    """The seeded runs' ids by name, asked of the REST API as alice (deleted ones too)."""
    import json
    import urllib.request

    token = base64.b64encode(f"alice:{capturing.PASSWORD}".encode()).decode()
    body = json.dumps({"experiment_ids": ["1", "2"], "run_view_type": "ALL",
                       "max_results": 100}).encode()
    req = urllib.request.Request(base + "/api/2.0/mlflow/runs/search", body,
                                 {"Authorization": "Basic " + token,
                                  "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as answer:
        found = json.load(answer)["runs"]
    return {r["info"]["run_name"]: r["info"]["run_id"] for r in found}


def mlflow(browser: Any, base: str) -> list[Path]:
    runs = find_runs(base)
    return visitor(browser, base) + alice(browser, base, runs)


APPS = {APP: mlflow}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
