"""`webagent run "task"`: one task on a live site or a local demo site, headless or headed."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from webagent.agent import AgentRun, run_agent
from webagent.agent.record_run import meta_for
from webagent.agent.recording import CASSETTE_FILE as CASSETTE
from webagent.agent.recording import Meta, Recorder
from webagent.agent.start import Start, reachable
from webagent.browser import launch
from webagent.cli.model_options import add_model_options, model_config
from webagent.controller import MODES, Settings
from webagent.controller import events as ev
from webagent.controller.events import describe as describe_event
from webagent.errors import ConfigError
from webagent.llm import Budget, ModelClient
from webagent.plans.keys import PlanKey
from webagent.plans.use import PlanUse
from webagent.safety import ConfirmPolicy, Decision, Secrets
from webagent.sites.profile import Profile
from webagent.sites.profiles import site_profile
from webagent.sites.risk import SiteJudge


def register(commands: Any) -> None:
    parser: argparse.ArgumentParser = commands.add_parser(
        "run",
        help="run one task with the agent",
        description="Run one task: plan, act, reflect, until the task is done or the budget "
        "is spent; print the answer and the metrics. --site serves a local site (signed in as "
        "its standard user); --url opens any page.",
    )
    parser.add_argument("task", help="the task, in words")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--site", help="a local site to serve and start on, e.g. demo_shop")
    where.add_argument("--url", help="the page to start on")
    parser.add_argument("--profile", help="the site profile (default: the site's, or detect)")
    parser.add_argument(
        "--mode", choices=MODES, default="devils-advocate", help="the agent's strategy"
    )
    parser.add_argument("--max-actions", type=int, default=None, help="browser actions at most")
    parser.add_argument("--max-trials", type=int, default=None, help="trials at most")
    parser.add_argument("--max-calls", type=int, default=None, help="model calls at most")
    parser.add_argument("--max-cost", type=float, default=None, help="US dollars at most")
    parser.add_argument("--headed", action="store_true", help="show the browser window")
    parser.add_argument("--json", action="store_true", help="print the whole run as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument(
        "--out",
        metavar="DIR",
        help="write the run there: result.json, run.log, network.har, model.cassette.jsonl "
        "(credentials redacted from all of them)",
    )
    parser.add_argument(
        "--record",
        metavar="DIR",
        help="record the session there as a fixture (pages, actions, model answers, network, "
        "screenshots; secrets and cookies scrubbed): `webagent replay DIR` runs it offline",
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="with --record: a Playwright trace as well (trace.zip; `playwright show-trace`), "
        "scrubbed like the rest",
    )
    plans = parser.add_argument_group("plans (AutoPlan)")
    plans.add_argument(
        "--plans",
        type=Path,
        metavar="FILE",
        help="the plan library whose plan for this kind of task guides the planner, and that "
        "keeps this run's lesson (default: the user's library, if `webagent learn` made one)",
    )
    plans.add_argument("--no-plans", action="store_true", help="plan without the library")
    safety = parser.add_argument_group("safety")
    safety.add_argument(
        "--confirm",
        choices=("ask", "deny", "allow"),
        default=None,
        help="irreversible actions (buy, pay, delete, post, send...): ask at the terminal "
        "(the default when there is one), deny (the default otherwise), or allow (only where "
        "anything may happen, e.g. a disposable site)",
    )
    safety.add_argument(
        "--allow-domain",
        action="append",
        default=[],
        metavar="HOST[:PORT]",
        help="also allow this host (repeatable); by default only the start page's host:port "
        "and the profile's domains are reachable, everything else is blocked",
    )
    safety.add_argument(
        "--any-domain", action="store_true", help="no domain allowlist (not recommended)"
    )
    safety.add_argument(
        "--secrets",
        metavar="FILE",
        help="credentials as a TOML/JSON table {name = value}; the model types "
        "<secret>name</secret> and never sees the value ($WEBAGENT_SECRET_<NAME> adds more)",
    )
    add_model_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    settings = Settings.for_mode(
        args.mode, max_actions=args.max_actions, max_trials=args.max_trials
    )
    profile = site_profile(args.profile or args.site) if (args.profile or args.site) else None
    budget = Budget(max_calls=args.max_calls, max_cost=args.max_cost)
    secrets = secrets_from(args.secrets)
    confirm: ConfirmPolicy = args.confirm or ("ask" if sys.stdin.isatty() else "deny")
    out, log, recorder = _outputs(args)
    har = recorder.har_path if recorder else (out / "network.har" if out else None)
    cassette = recorder.cassette_path if recorder else (out / CASSETTE if out else None)
    outcome: AgentRun | None = None
    plans = PlanUse.open(args.plans, enabled=not args.no_plans)
    try:
        with (
            launch(headless=not args.headed, judge=SiteJudge) as browser,
            ModelClient(
                model_config(args),
                budget=budget,
                record=cassette,
            ) as client,
            Start(url=args.url, site=args.site) as start,
        ):
            url, storage = start.url, start.storage_state(browser)
            if recorder is not None:
                recorder.keep_start_state(storage)
            allowed = [] if args.any_domain else reachable(url, args.allow_domain, profile)
            tab = browser.open(
                url,
                storage_state=storage,
                confirm=confirm,
                allow_domains=allowed,
                judge=SiteJudge(profile),
                secrets=secrets,
                record_har=har,
                trace=recorder.trace_path if recorder and recorder.trace else None,
            )
            if recorder is not None:
                recorder.attach(tab)
            key, guidance = plan_of(plans, args.site or _site_of(url, profile), args.task)
            try:
                outcome = run_agent(
                    tab,
                    client,
                    args.task,
                    settings=settings,
                    profile=profile,
                    guidance=guidance,
                    secrets=[secrets.placeholder(name) for name in secrets.names],
                    on_event=_both(log.event, recorder.event if recorder else None),
                )
            finally:
                tab.close()
                if recorder is not None:
                    meta = meta_for(
                        args.task,
                        url,
                        client.config,
                        settings,
                        site=start.site_name,
                        profile=args.profile or args.site,
                        confirm=confirm,
                        allow_domains=allowed,
                        secrets=secrets,
                        run=outcome,
                        guidance=guidance,
                    )
                    _finish_recording(recorder, meta, tab.decisions, secrets, out)
        _leave_lesson(plans, key, outcome, args.task)
        decisions = tab.decisions
        for decision in decisions:
            log.line(f"safety: {decision.describe()}")
        for url_blocked in tab.blocked:
            log.line(f"blocked (outside the allowed domains): {url_blocked}")
        assert outcome is not None  # run_agent returned, or its error went past here
        result = outcome.to_json()
        result["decisions"] = [decision.to_json() for decision in decisions]
        result["blocked"] = tab.blocked
        if out is not None:
            (out / "result.json").write_text(
                json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8"
            )
    finally:
        log.close()
        if plans is not None:
            plans.close()
        if out is not None and secrets:
            secrets.redact_tree(out)  # what the run wrote, whatever got there
    _print(outcome, result, as_json=args.json)
    return 0 if outcome.result.answer.status == "SUCCESS" else 1


def _outputs(args: argparse.Namespace) -> tuple[Path | None, _Log, Recorder | None]:
    """Where the run goes: `--out`'s folder, the progress log, `--record`'s recorder."""
    if args.trace and not args.record:
        raise ConfigError("--trace goes with --record DIR (the trace is kept there)")
    recorder = Recorder(args.record, trace=args.trace) if args.record else None
    out = Path(args.out) if args.out else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    log = _Log(out / "run.log" if out else None, echo=not args.quiet)
    return out, log, recorder


def plan_of(
    plans: PlanUse | None, site: str, task: str, template_id: int | None = None
) -> tuple[PlanKey | None, str | None]:
    """The task's key and the library's plan for it (None, None without a library)."""
    if plans is None:
        return None, None
    return plans.guidance(site, task, template_id)


def _leave_lesson(
    plans: PlanUse | None, key: PlanKey | None, outcome: AgentRun | None, task: str
) -> None:
    """The run's lesson for the next plan update (success: the agent said it succeeded)."""
    if plans is None or key is None or outcome is None:
        return
    success = outcome.result.answer.status == "SUCCESS"
    plans.leave_lesson(key, outcome, name=f"run {task!r}", task=task, success=success)


def _site_of(url: str, profile: Profile | None) -> str:
    return profile.name if profile is not None else (urlsplit(url).hostname or url)


def secrets_from(path: str | None) -> Secrets:
    """`$WEBAGENT_SECRET_<NAME>` values, and those of the `--secrets` file if given."""
    secrets = Secrets.from_env()
    return secrets.merged(Secrets.from_file(path)) if path else secrets


def _finish_recording(
    recorder: Recorder,
    meta: Meta,
    decisions: Sequence[Decision],
    secrets: Secrets,
    out: Path | None,
) -> None:
    recorder.finish(meta, decisions=decisions, secrets=secrets)
    if out is not None and out.resolve() != recorder.folder.resolve():  # --out's own copies
        shutil.copy(recorder.har_path, out / "network.har")
        shutil.copy(recorder.cassette_path, out / CASSETTE)


def _both(
    first: Callable[[ev.Event], None], second: Callable[[ev.Event], None] | None
) -> Callable[[ev.Event], None]:
    if second is None:
        return first

    def both(event: ev.Event) -> None:
        first(event)
        second(event)

    return both


class _Log:
    """Progress lines, to stderr (unless quiet) and to the run's log file (if any)."""

    def __init__(self, path: Path | None, *, echo: bool) -> None:
        self._file = path.open("w", encoding="utf-8") if path is not None else None
        self._echo = echo

    def event(self, event: ev.Event) -> None:
        line = describe_event(event)
        if line:
            self.line(line)

    def line(self, text: str) -> None:
        if self._echo:
            print(text, file=sys.stderr, flush=True)
        if self._file is not None:
            self._file.write(text + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def _print(outcome: AgentRun, result: dict[str, Any], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return
    answer = outcome.result.answer
    metrics = outcome.result.metrics
    print(f"status: {answer.status} ({outcome.result.how})")
    if answer.retrieved_data is not None:
        print(f"answer: {json.dumps(answer.retrieved_data, ensure_ascii=False)}")
    if answer.error_details:
        print(f"details: {answer.error_details}")
    for decision in result.get("decisions", []):
        verdict = "approved" if decision["approved"] else "denied"
        confirmation = decision["confirmation"]
        print(
            f"safety: {verdict}: {confirmation['request'] or confirmation['action']} "
            f"{confirmation['element']}".rstrip()
        )
    print(
        f"actions {metrics.actions}, trials {metrics.trials}, plan revisions "
        f"{metrics.plan_revisions}, backtracks {metrics.backtracks}, decompositions "
        f"{metrics.decompositions}, model calls {outcome.usage.calls} "
        f"({outcome.calls_per_action:.2f} per action), tokens {outcome.usage.total_tokens}, "
        f"cost ${outcome.usage.cost:.4f}, {metrics.seconds:.1f} s"
    )
