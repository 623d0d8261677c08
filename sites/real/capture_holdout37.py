"""Capture the labelled HOLDOUT page corpus of sites/real/holdout37/pages from Prometheus.

The thirty-seventh holdout app (Prometheus 2.42.0 from Debian bookworm, package
2.42.0+ds-5+deb12u1, with the classic web UI that Debian splices in place of the React one,
served under /classic/; set up by `sites/real/holdout37/setup` with a configuration of its own:
four scrape jobs, Prometheus itself, its federation endpoint, and two that are down, the
Queen's croquet ground and its scoreboard; a rules file with four recording rules and four
alerting rules, one of them firing and one pending; and six hours of Wonderland tea-party
series backfilled by promtool) was never used to tune the page-state classifier; its pages
measure it honestly. Run by hand, not by tests, with the app freshly set up and running:

    sites/real/holdout37/setup
    sites/real/holdout37/start 8119 &
    .venv/bin/python sites/real/capture_holdout37.py              # or: --prometheus URL

Prometheus has no users and no sign-in: one visitor session reads every page. The expression
browser (the graph page: the query box, its results as a console table or as a graph, a query
that finds nothing, queries with errors, typed and executed by hand, two panels at once), the
alerts (folded, unfolded, with annotations, filtered by state), the rules, the targets (all,
unhealthy only, folded), service discovery, the status pages (runtime and build information,
command-line flags, configuration), the example console templates Debian ships (an index, a
list of Prometheus servers, one server, an empty list of nodes, a missing node, a missing
console), the JSON API and the plain-text endpoints read in the browser, methods refused, and
unknown routes. Each page is read through the project's own browser launcher
(`webagent.browser.launch`, 1280x720 viewport) as `tab.snapshot()`, with the HTTP status of the
main document (the last navigation response), and written in exactly the format of
sites/real/pages (see sites/real/pages/README.md). The classic UI draws query results, the
alerts' and targets' folding and the consoles' graphs with jQuery after load: each capture waits
for that content first. The labels were decided by hand, one page at a time, from what each page
is for; the classifier and the site profiles were not consulted.

Capturing changes nothing in the app (it only reads; the reload and quit endpoints are asked with
GET, which they refuse), but the alert states depend on time since start: capture once the
server has run for a minute (the script waits for the firing alert).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import capturing
from capturing import guarded, steps, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout37" / "pages"
PORTS = {"prometheus": 8119}
APP = "prometheus"

# what the classic UI draws, to wait for before capturing
EXPR = "textarea.expression_input"
RESULT = "text=Total time series"  # the line drawn under the query box once a query has run
QUERY_ERROR = "text=Error executing query"
ALERTS = "text=CroquetGroundDown"
TARGETS = "text=croquet-ground (0/1 up)"


class SlowSession(capturing.Session):
    def goto(self, url: str, ready: str | None = None) -> None:
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=30000)


def Session(browser: Any, base: str) -> SlowSession:
    out = SlowSession(browser, APP, base, signed_in=False, pages=PAGES, settle_ms=1200)
    out.page.set_default_timeout(30000)
    return out


def graph(*panels: tuple[str, int] | tuple[str, int, str]) -> str:
    """The graph page's address for panels of (expression, tab: 0 graph / 1 console[, range])."""
    params: dict[str, str] = {}
    for i, panel in enumerate(panels):
        params[f"g{i}.expr"] = panel[0]
        params[f"g{i}.tab"] = str(panel[1])
        if len(panel) > 2:
            params[f"g{i}.range_input"] = panel[2]  # type: ignore[misc]
    return "/classic/graph?" + urlencode(params)


def run_query(expr: str) -> Callable[[Page], None]:
    """Type an expression in the (first) query box and press Execute, as a person does."""

    def run(page: Page) -> None:
        page.locator(EXPR).first.fill(expr)
        page.get_by_role("button", name="Execute").first.click()
        page.wait_for_function(
            "() => /Total time series|Error executing query/.test(document.body.innerText)")
        page.wait_for_timeout(800)

    return run


def text(value: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_text(value).first.wait_for()


def click_text(value: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_text(value, exact=True).first.click()


def wait_for_firing(out: capturing.Session) -> None:
    """The CroquetGroundDown alert fires 10 s after the first failed scrape: wait for it."""
    for _ in range(30):
        out.page.goto(out.base + "/api/v1/alerts", wait_until="load")
        if '"state":"firing"' in out.page.content():
            return
        out.page.wait_for_timeout(3000)
    print("  (the CroquetGroundDown alert is not firing yet)")


# fmt: off
def queries(c: Any) -> None:
    c("home", "search",
      "the address of the server (/), sent on to the expression browser (/classic/graph): the "
      "navigation bar, 'Enable query history', an empty Expression box, Execute, a drop-down "
      "to insert one of the metric names, 'Add Graph'", also=("form",),
      url="/", ready=EXPR)
    c("graph", "search",
      "the expression browser (/classic/graph) as the Graph link opens it: one empty query "
      "panel (Expression box, Execute, the metric names to insert) and Add Graph",
      also=("form",), url="/classic/graph", ready=EXPR)
    c("graph-redirect-query-lost", "search",
      "the React UI's address with a query (/graph?g0.expr=up&g0.tab=1), as the consoles link "
      "to it: sent on to /classic/graph? with the query dropped, an empty query panel",
      also=("form",), url="/graph?g0.expr=up&g0.tab=1", ready=EXPR)
    c("query-up-console", "search_results",
      "the query 'up' in the Console tab: the expression in its box, 'Total time series: 5', "
      "a table Element / Value with the five targets' up series, 1 or 0",
      url=graph(("up", 1)), ready=RESULT)
    c("query-up-graph", "search_results",
      "'up' in the Graph tab: the time range controls (1h, end time, resolution, stacked), a "
      "line chart of the five series and their legend",
      also=("other",), url=graph(("up", 0)), ready=RESULT)
    c("query-tea-cups-graph", "search_results",
      "'tea_cups_clean' over six hours (the seeded series): 'Total time series: 3', the chart "
      "with its hour axis and the three tables as a legend",
      also=("other",), url=graph(("tea_cups_clean", 0, "6h")), ready=RESULT)
    c("query-tea-cups-console", "search_results",
      "last_over_time(tea_cups_poured_total[1d]) in the Console tab: the eight series of cups "
      "poured, by table and guest, with their last values",
      url=graph(("last_over_time(tea_cups_poured_total[1d])", 1)), ready=RESULT)
    c("query-recording-rule", "search_results",
      "the recording rule job:up:sum queried: four rows, one per job, with how many of its "
      "targets are up", url=graph(("job:up:sum", 1)), ready=RESULT)
    c("query-label-filter", "search_results",
      "up{team=\"queen-of-hearts\"}: the two croquet targets, both 0",
      url=graph(('up{team="queen-of-hearts"}', 1)), ready=RESULT)
    c("query-alerts-series", "search_results",
      "the ALERTS series: the firing CroquetGroundDown and the pending ScoreboardMissing with "
      "their labels (alertstate, severity...)", url=graph(("ALERTS", 1)), ready=RESULT)
    c("query-long-table", "search_results",
      "prometheus_http_requests_total: a long table of the server's request counters by "
      "handler and code", url=graph(("prometheus_http_requests_total", 1)), ready=RESULT)
    c("query-no-data", "search_results",
      "a metric that does not exist (nonexistent_metric): 'Total time series: 0' and the table "
      "Element / Value with one cell 'no data'",
      url=graph(("nonexistent_metric", 1)), ready=RESULT)
    c("query-no-match", "search_results",
      "a filter that matches nothing (up{job=\"tweedledum\"}): 'Total time series: 0', 'no "
      "data'", url=graph(('up{job="tweedledum"}', 1)), ready=RESULT)
    c("query-syntax-error", "search_results",
      "a query with a syntax error (sum(up): above the panel 'Error executing query: invalid "
      "parameter \"query\": 1:7: parse error: unclosed left parenthesis', the table 'no data'",
      also=("error",), url=graph(("sum(up", 1)), ready=QUERY_ERROR)
    c("query-type-error", "search_results",
      "rate(up), a range function given an instant vector: 'Error executing query: ... "
      "expected type range vector in call to function \"rate\", got instant vector'",
      also=("error",), url=graph(("rate(up)", 1)), ready=QUERY_ERROR)
    c("query-typed", "search_results",
      "on the empty graph page, last_over_time(riddles_asked_total[1d]) typed into the "
      "Expression box and Execute: 'Total time series: 6', the Console table of the six riddle "
      "counters (by table, answered or not) with their last values",
      url="/classic/graph", ready=EXPR,
      then=run_query("last_over_time(riddles_asked_total[1d])"))
    c("query-typed-graph", "search_results",
      "the same query's Graph tab opened: the range controls, a chart of the six series and "
      "their legend", also=("other",),
      then=steps(lambda p: p.get_by_role("tab", name="Graph").first.click(), wait(1500)))
    c("query-typed-error", "search_results",
      "a query typed with an unknown function (teapot(up)) and Execute: 'Error executing "
      "query: ... unknown function with name \"teapot\"' above the empty panel",
      also=("error",), url="/classic/graph", ready=EXPR, then=run_query("teapot(up)"))
    c("query-autocomplete", "search",
      "'tea_' typed in an empty query box: a drop-down of the matching metric names "
      "(tea_cups_clean, tea_cups_poured_total) under it, nothing executed yet",
      also=("form",), url="/classic/graph", ready=EXPR,
      then=steps(lambda p: p.locator(EXPR).first.click(),
                 lambda p: p.keyboard.type("tea_", delay=80), wait(1200)))
    c("query-two-panels", "search_results",
      "two panels on one page (g0, g1): the table of job:up:sum and the graph of "
      "handler:prometheus_http_requests:rate1m, each with its expression and Execute",
      also=("other",),
      url=graph(("job:up:sum", 1), ("handler:prometheus_http_requests:rate1m", 0)),
      ready=RESULT, then=wait(1500))
    c("query-panel-added", "search_results",
      "'up' in the Console tab and Add Graph pressed: its table, and under it a second, empty "
      "query panel", also=("search",), url=graph(("up", 1)), ready=RESULT,
      then=steps(lambda p: p.get_by_role("button", name="Add Graph").click(), wait(800)))
    c("status-menu", "search",
      "the Status menu of the navigation bar opened over the empty graph page: Runtime & Build "
      "Information, Command-Line Flags, Configuration, Rules, Targets, Service Discovery",
      also=("other",), url="/classic/graph", ready=EXPR,
      then=steps(lambda p: p.get_by_role("button", name="Status").click(), wait(500)))


def alerts_and_rules(c: Any) -> None:
    c("alerts", "listing",
      "Alerts (/classic/alerts): the state boxes Inactive / Pending / Firing with counts, 'Show "
      "annotations', and the alerting rules by group, each row a rule and how many of its "
      "alerts are active", url="/classic/alerts", ready=ALERTS)
    c("alerts-expanded", "listing",
      "the firing rule CroquetGroundDown clicked: its definition unfolded (name, expr, for, "
      "labels, annotations) with the table of its active alert (labels, state firing, active "
      "since, value)", also=("detail",), url="/classic/alerts", ready=ALERTS,
      then=steps(click_text("CroquetGroundDown (1 active)"), wait(500)))
    c("alerts-annotations", "listing",
      "'Show annotations' pressed and the pending ScoreboardMissing unfolded: its alert with "
      "its summary annotation beside the labels", also=("detail",),
      url="/classic/alerts", ready=ALERTS,
      then=steps(lambda p: p.get_by_role("button", name="Show annotations").click(),
                 click_text("ScoreboardMissing (1 active)"), wait(500)))
    c("alerts-firing-only", "listing",
      "the Inactive and Pending boxes clicked (ticked, they hide those states): only the "
      "firing rule CroquetGroundDown is left under its group", also=("search_results",), url="/classic/alerts", ready=ALERTS,
      then=steps(click_text("Inactive (2)"), click_text("Pending (1)"), wait(500)))
    c("rules", "listing",
      "Rules (/classic/rules): the three rule groups, each a table of its rules (the alert or "
      "record name and its expression as links to the graph, for, labels, annotations), "
      "their state, error, last evaluation and evaluation time",
      url="/classic/rules", ready="text=tea-party-recording")
    c("rules-group-anchor", "listing",
      "a rule group's own link (/classic/rules#tea-party-recording): the same page of all the "
      "rules, scrolled to the recording rules",
      url="/classic/rules#tea-party-recording", ready="text=tea-party-recording")
    c("rule-expr-link", "search_results",
      "an alerting rule's expression clicked on the rules page: the graph page with "
      "up{job=\"croquet-ground\"} == 0 run in the Console tab, one series, 0",
      url="/classic/rules", ready="text=tea-party-recording",
      then=steps(capturing.click_link('up{job="croquet-ground"} == 0'),
                 lambda p: p.wait_for_selector(RESULT)))


def targets_and_status(c: Any) -> None:
    c("targets", "listing",
      "Targets (/classic/targets): All / Unhealthy, Collapse All, and per job a heading "
      "('croquet-ground (0/1 up)'...) over a table of its endpoints: state up or down, "
      "labels, last scrape, scrape duration, the scrape error", url="/classic/targets",
      ready=TARGETS)
    c("targets-unhealthy", "listing",
      "Unhealthy chosen: only the two jobs whose targets are down, with their errors "
      "('connection refused', 'server returned HTTP status 404 Not Found')",
      also=("search_results",), url="/classic/targets", ready=TARGETS,
      then=steps(lambda p: p.locator("label", has_text="Unhealthy").first.click(), wait(800)))
    c("targets-collapsed", "listing",
      "Collapse All: the jobs' headings only, each with how many of its targets are up and "
      "'show more'", url="/classic/targets", ready=TARGETS,
      then=steps(lambda p: p.get_by_role("button", name="Collapse All").click(), wait(500)))
    c("targets-job-anchor", "listing",
      "a job's own link (/classic/targets#job-prometheus): the same page of all targets",
      url="/classic/targets#job-prometheus", ready=TARGETS)
    c("service-discovery", "listing",
      "Service Discovery (/classic/service-discovery): the four jobs with how many targets "
      "are active of those discovered, then per job 'show more'",
      url="/classic/service-discovery", ready="text=croquet-scoreboard")
    c("service-discovery-expanded", "listing",
      "'show more' for every job: each a table of Discovered Labels (__address__, "
      "__metrics_path__, __scheme__...) beside Target Labels", also=("detail",),
      url="/classic/service-discovery", ready="text=croquet-scoreboard",
      then=steps(lambda p: p.evaluate(
          "document.querySelectorAll('h2.job_header button').forEach(b => b.click())"),
                 wait(800)))
    c("status", "detail",
      "Runtime & Build Information (/classic/status): tables of the server's facts (uptime, "
      "working directory, reload, retention; version, revision, Go version), the alertmanagers "
      "(none), head stats and the highest-cardinality labels and metrics",
      also=("other",), url="/classic/status", ready="text=Runtime Information")
    c("flags", "listing",
      "Command-Line Flags (/classic/flags): a long two-column table of every flag and its "
      "value (alertmanager.*, config.file, query.*, storage.*, web.*...)", also=("detail",),
      url="/classic/flags", ready="h2:has-text('Command-Line Flags')")
    c("config", "other",
      "Configuration (/classic/config): the loaded configuration as one block of YAML "
      "(global, rule_files, the four scrape_configs) with a Copy to clipboard button",
      also=("detail",), url="/classic/config", ready="text=scrape_configs")


def consoles(c: Any) -> None:
    c("consoles-index", "article",
      "the Consoles link (/consoles/index.html): Debian's example console 'Overview', 'These "
      "are example consoles for Prometheus.', a table of the exporters and the job labels "
      "they expect, a menu of consoles and the graph time controls", also=("other",),
      url="/consoles/index.html", ready="text=Overview")
    c("consoles-prometheus", "listing",
      "the Prometheus console (/consoles/prometheus.html): a table of the Prometheus servers "
      "(one, 127.0.0.1:8119) with Up, ingested samples and memory, each a link",
      url="/consoles/prometheus.html", ready="text=Ingested Samples")
    c("consoles-prometheus-overview", "detail",
      "one server's console (/consoles/prometheus-overview.html?instance=127.0.0.1:8119): its "
      "CPU, memory, version, storage and rule figures as tables, and graphs of samples "
      "ingested and time series", also=("other",),
      url="/consoles/prometheus-overview.html?instance=127.0.0.1:8119", ready="text=Overview",
      then=wait(1500))
    c("consoles-server-link", "detail",
      "the server's link clicked on the Prometheus console: the same overview of "
      "127.0.0.1:8119", also=("other",), url="/consoles/prometheus.html",
      ready="text=Ingested Samples",
      then=steps(capturing.click_link("127.0.0.1:8119", within="table"), wait(1500)))
    c("consoles-node", "listing",
      "the Node console (/consoles/node.html) with no node exporter scraped: the table of "
      "nodes (Node, Up, CPU Used, Memory Available) with one cell 'No nodes found.'",
      url="/consoles/node.html", ready="text=No nodes found.")
    c("consoles-node-missing", "detail",
      "the console of a node that is not scraped (/consoles/node-overview.html?instance="
      "nowhere:9100): its overview tables of CPU, memory, disks with dashes and empty graphs",
      also=("error", "other"), url="/consoles/node-overview.html?instance=nowhere:9100",
      then=wait(1500))
    c("consoles-node-cpu", "detail",
      "the CPU console of that node (/consoles/node-cpu.html?instance=nowhere:9100): headings "
      "and empty graphs, no figures", also=("other", "error"),
      url="/consoles/node-cpu.html?instance=nowhere:9100", then=wait(1500))
    c("console-missing", "error",
      "a console that does not exist (/consoles/missing.html): HTTP 404, one line of plain "
      "text 'open .../consoles/missing.html: no such file or directory'",
      url="/consoles/missing.html")


def raw_and_api(c: Any) -> None:
    c("metrics", "other",
      "the server's own metrics (/metrics) in the browser: a long plain text of # HELP, # TYPE "
      "and sample lines, no title", url="/metrics")
    c("federate", "other",
      "the federation endpoint asked for the prometheus job's series (/federate?match[]=...): "
      "plain text of samples with their labels and timestamps",
      url="/federate?" + urlencode({"match[]": '{job="prometheus",__name__=~"up|go_info"}'}))
    c("healthy", "other",
      "the health check (/-/healthy): one line, 'Prometheus Server is Healthy.'",
      url="/-/healthy")
    c("ready", "other",
      "the readiness check (/-/ready): one line, 'Prometheus Server is Ready.'",
      url="/-/ready")
    c("api-query", "other",
      "the HTTP API's instant query for up (/api/v1/query?query=up) read in the browser: one "
      "line of JSON, status success and the five series as a vector", also=("search_results",),
      url="/api/v1/query?query=up")
    c("api-query-empty", "other",
      "the API asked for a metric that does not exist: JSON 'status: success' with an empty "
      "result", also=("search_results",), url="/api/v1/query?query=nonexistent_metric")
    c("api-query-error", "error",
      "the API asked for a query with a syntax error: HTTP 400, JSON 'status: error', "
      "'errorType: bad_data', the parse error", url="/api/v1/query?" + urlencode(
          {"query": "sum(up"}))
    c("api-query-range", "other",
      "a range query of tea_cups_clean over an hour of the seed (/api/v1/query_range): JSON of "
      "three matrices of values", also=("search_results",),
      url="/api/v1/query_range?query=tea_cups_clean&start=__START__&end=__END__&step=300")
    c("api-labels", "other",
      "the API's label names (/api/v1/labels): JSON, a list of names (__name__, alertname, "
      "answered, code, guest, table...)", also=("listing",), url="/api/v1/labels")
    c("api-label-values", "other",
      "the values of __name__ (/api/v1/label/__name__/values): JSON, the long list of every "
      "metric name", also=("listing",), url="/api/v1/label/__name__/values")
    c("api-targets", "other",
      "the API's targets (/api/v1/targets): JSON of the active targets, their labels, health "
      "and last errors", also=("listing",), url="/api/v1/targets")
    c("api-rules", "other",
      "the API's rules (/api/v1/rules): JSON of the three groups and their rules, states and "
      "alerts", also=("listing",), url="/api/v1/rules")
    c("api-alerts", "other",
      "the API's alerts (/api/v1/alerts): JSON of the active alerts (one firing, one pending)",
      also=("listing",), url="/api/v1/alerts")
    c("api-buildinfo", "other",
      "the API's build information (/api/v1/status/buildinfo): JSON, version 2.42.0+ds, "
      "revision, branch, build user and date, Go version", also=("detail",),
      url="/api/v1/status/buildinfo")
    c("api-series-bad-request", "error",
      "the API's series asked with no match[] (/api/v1/series): HTTP 400, JSON error 'no "
      "match[] parameter provided'", url="/api/v1/series")


def missing_and_refused(c: Any) -> None:
    c("not-found", "error",
      "an address that is no page (/teapot): HTTP 404, one line of plain text '404 page not "
      "found'", url="/teapot")
    c("not-found-classic", "error",
      "an address under the classic UI that is no page (/classic/teapot): HTTP 404, '404 page "
      "not found'", url="/classic/teapot")
    c("react-alerts-missing", "error",
      "the React UI's alerts address (/alerts), which Debian's build does not serve: HTTP 404, "
      "'404 page not found'", url="/alerts")
    c("tsdb-status-missing", "error",
      "the TSDB status page of the React UI, asked under the classic UI (/classic/tsdb-status), "
      "which has none: HTTP 404, '404 page not found'", url="/classic/tsdb-status")
    c("api-not-found", "error",
      "an API endpoint that does not exist (/api/v1/teapot): HTTP 404, '404 page not found'",
      url="/api/v1/teapot")
    c("reload-refused", "error",
      "the configuration reload endpoint opened in the browser (GET /-/reload): HTTP 405, 'Only "
      "POST or PUT requests allowed'", url="/-/reload")
    c("quit-refused", "error",
      "the shutdown endpoint opened in the browser (GET /-/quit): HTTP 405, 'Only POST or PUT "
      "requests allowed'", url="/-/quit")
    c("admin-snapshot-refused", "error",
      "the TSDB admin API's snapshot asked with GET (/api/v1/admin/tsdb/snapshot): HTTP 405, "
      "'Method Not Allowed'", url="/api/v1/admin/tsdb/snapshot")


# fmt: on


def prometheus(browser: Any, base: str) -> list[Path]:
    out = Session(browser, base)
    wait_for_firing(out)
    c = guarded(out)
    # the seed's last hour, for the range query (its series end when setup ran)
    out.page.goto(base + "/api/v1/query?query=timestamp(last_over_time(tea_cups_clean[1d]))")
    import json
    import re

    found = re.search(r"\{.*\}", out.page.inner_text("body"), re.S)
    end = int(float(json.loads(found.group(0))["data"]["result"][0]["value"][1])) if found else 0

    def capture(slug: str, *args: Any, **kwargs: Any) -> None:
        if "url" in kwargs and "__START__" in kwargs["url"]:
            kwargs["url"] = kwargs["url"].replace("__START__", str(end - 3600)).replace(
                "__END__", str(end))
        c(slug, *args, **kwargs)

    queries(capture)
    alerts_and_rules(capture)
    targets_and_status(capture)
    consoles(capture)
    raw_and_api(capture)
    missing_and_refused(capture)
    out.close()
    return out.written


APPS = {APP: prometheus}

if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
