"""`Tab`: what an agent drives, the focused tab of one browser context and its siblings.

`observe()` reads the focused page; `act()` runs an action and never raises for a failed one.
Popups and `new_tab` move the focus, `tab_focus` and `close_tab` move it back; `page` always
follows it.

Every action goes through the safety gate first: an action the session's risk judge calls
irreversible runs only if the session's confirmation policy approves it, and the network guard
holds the irreversible requests nobody approved. So the agent, a replay and a script using this
API are all guarded. The judge is told, not looked up: the tab knows no sites, it shows the
judge each page it observes and asks it about each action.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from playwright.sync_api import BrowserContext, Error, Page

from webagent.actions import (
    Action,
    ActionResult,
    CloseTab,
    FillForm,
    NewTab,
    NoteDown,
    Press,
    Stop,
    TabFocus,
    format_action,
    parse_action,
)
from webagent.browser.activity import Busy, Settler
from webagent.browser.events import DialogPolicy, EventLog
from webagent.browser.executor import Timeouts, goto, perform
from webagent.browser.forms import fill_form
from webagent.browser.guard import Guard
from webagent.browser.page_facts import page_facts
from webagent.browser.proxy import GuardProxy
from webagent.browser.reading import (
    read_snapshot,
    redacted,
    take_screenshot,
    time_zone_of,
    viewport_of,
    wait_loaded,
)
from webagent.browser.replay import HarReplay
from webagent.browser.target import element_target, focused_target, page_forms
from webagent.browser.titles import StatusTracker, TitleTracker
from webagent.domains import Allowlist
from webagent.errors import ActionParseError, NavigationError
from webagent.observation import (
    DEFAULT_VIEWPORT_BUDGET,
    Observation,
    RenderOptions,
    TabInfo,
    compose_observation,
    parse_snapshot,
)
from webagent.readable import html_to_markdown
from webagent.safety import (
    NOT_ANOTHER_WAY,
    CautiousJudge,
    Confirmation,
    Decision,
    FormFacts,
    Gate,
    RefusedForms,
    Risk,
    RiskJudge,
    Target,
)
from webagent.safety.secrets import SecretError, Secrets


class Tab:
    """The agent's handle on one browsing session (a Playwright context).

    Made by `Browser.open`; use `observe`, `act`, and `page` as an escape hatch.
    """

    def __init__(
        self,
        context: BrowserContext,
        *,
        timeouts: Timeouts,
        dialogs: DialogPolicy,
        downloads_dir: Path,
        on_close: Callable[[Tab], None] | None = None,
        gate: Gate | None = None,
        allowlist: Allowlist | None = None,
        judge: RiskJudge | None = None,
        secrets: Secrets | None = None,
        har_path: Path | None = None,
        proxy: GuardProxy | None = None,
    ) -> None:
        self._context = context
        self._timeouts = timeouts
        self._events = EventLog(dialogs, downloads_dir)
        self._settler = Settler(context)
        self._titles = TitleTracker(context)
        self._statuses = StatusTracker()
        self._gate = gate or Gate("deny")
        self._judge = RefusedForms(judge if judge is not None else CautiousJudge())
        self._secrets = secrets or Secrets()
        self._har_path = har_path
        self._observation: Observation | None = None
        self._guard = Guard(
            context,
            gate=self._gate,
            allowlist=allowlist or Allowlist(),
            judge=self._judge,
            events=self._events,
            title_of=self._titles.title,
            proxy=proxy,
        )
        self._proxy = proxy
        self._pages: list[Page] = []
        self._active = 0
        self._last_error: str | None = None
        self._on_close = on_close
        self._closed = False
        self._opening = False
        self.busy = Busy()
        """Seconds spent reading pages and running actions (waits for the page included)."""
        self.notes: list[str] = []
        self.replay: HarReplay | None = None
        """The recording answering this session's requests, if it is a replay (set by
        `Browser.open`); its `unmatched` lists the requests it did not hold."""
        self.trace_path: Path | None = None
        """Where the session's Playwright trace goes when it closes, if one is recorded."""
        context.on("page", self._on_page)
        self._new_page()

    # -- the focused page -------------------------------------------------------------
    @property
    def page(self) -> Page:
        """The Playwright page of the focused tab."""
        if not self._pages:
            self._new_page()
        return self._pages[self._active]

    @property
    def context(self) -> BrowserContext:
        return self._context

    @property
    def downloads(self) -> list[Path]:
        """Files downloaded so far in this session."""
        return list(self._events.downloads)

    @property
    def decisions(self) -> list[Decision]:
        """Every decision of the confirmation policy in this session, in order."""
        return list(self._gate.decisions)

    @property
    def blocked(self) -> list[str]:
        """URLs not loaded because their origin is outside the allowed domains."""
        return list(self._guard.blocked)

    @property
    def routing(self) -> bool:
        """Whether the network guard holds requests (any policy but `allow`, or an allowlist)."""
        return self._guard.routing

    @property
    def judge(self) -> RiskJudge:
        """What decides, for this session, which actions and requests cannot be undone."""
        return self._judge

    def tabs(self) -> tuple[TabInfo, ...]:
        """The open tabs, in order, marking the focused one."""
        return tuple(
            TabInfo(index, self._titles.title(page), page.url, index == self._active)
            for index, page in enumerate(self._pages)
        )

    # -- navigation ------------------------------------------------------------------
    def goto(self, url: str) -> None:
        """Open `url` in the focused tab; raise `NavigationError` when it cannot be loaded."""
        error = goto(self.page, url, self._timeouts)
        if error is not None:
            raise NavigationError(error)
        self._settle()

    # -- observing ---------------------------------------------------------------------
    def observe(self, *, full_page: bool = False, budget: int | None = None) -> Observation:
        """Read the focused page as the model sees it.

        Viewport-only by default, capped at `DEFAULT_VIEWPORT_BUDGET` tokens; `full_page`
        renders everything, uncapped unless a `budget` is given, and without geometry (its
        elements have no `box`, and all count as in view). The previous action's
        error and any dialogs or downloads since the last observation are included.
        """
        started = time.monotonic()
        try:
            return self._observe(full_page, budget)
        finally:
            self.busy.observing += time.monotonic() - started

    def _observe(self, full_page: bool, budget: int | None) -> Observation:
        page = self.page
        # Boxes filter the viewport. A full page, or a small page that is all on screen, is
        # rendered without geometry: Playwright's boxes make the snapshot 10-30% slower.
        boxes = not full_page and not self._settler.whole_page_in_view(page)
        snapshot = self._snapshot(page, boxes=boxes)
        viewport, facts, tabs = viewport_of(page), page_facts(page), self.tabs()
        if budget is None and not full_page:
            budget = DEFAULT_VIEWPORT_BUDGET
        observation = compose_observation(
            parse_snapshot(snapshot),
            url=page.url,
            title=tabs[self._active].title,
            options=RenderOptions(
                viewport,
                full_page,
                page_url=page.url,
                facts=facts,
                password_value=self._secrets.placeholder_for,
            ),
            budget=budget,
            tabs=tabs,
            events=self._events.take(),
            error=self._last_error,
            status=self._statuses.status(page),
        )
        self._last_error = None
        if self._secrets:
            observation = redacted(observation, self._secrets)
        self._observation = observation
        self._guard.page = (observation.url, observation.title)
        self._judge.saw(observation)
        return observation

    def markdown(self, *, main_only: bool = True, max_chars: int | None = None) -> str:
        """The focused page's main content as Markdown, links resolved (for notes, summaries)."""
        page = self.page
        return self._secrets.redact(
            html_to_markdown(
                page.content(), base_url=page.url, main_only=main_only, max_chars=max_chars
            )
        )

    def screenshot(self, path: str | Path, *, full_page: bool = False) -> Path | None:
        """Save the focused page as an image (JPEG or PNG by `path`'s suffix); None when it
        cannot be taken (the page is gone or never painted): a missing picture is no error."""
        return take_screenshot(
            self.page, Path(path), full_page=full_page, timeout_ms=self._timeouts.action
        )

    def time_zone(self) -> str | None:
        """The IANA time zone the pages' scripts see (`Europe/Paris`), or None if no page
        can say: a recording keeps it, so that a replay shows times the same way."""
        return time_zone_of(self.page)

    def forms(self) -> tuple[FormFacts, ...]:
        """The forms of the page: method, where each is sent, fields and submit buttons (what
        the safety policy judges a form's submission by)."""
        return page_forms(self.page)

    def snapshot(self) -> str:
        """The raw `aria_snapshot(mode="ai")` text of the focused page (no boxes)."""
        return self._secrets.redact(self._snapshot(self.page, boxes=False))

    def _snapshot(self, page: Page, boxes: bool = True) -> str:
        return read_snapshot(page, boxes=boxes, timeout_ms=self._timeouts.navigation)

    # -- acting --------------------------------------------------------------------------
    def act(self, action: str | Action, *, irreversible: bool = False) -> ActionResult:
        """Run one action (grammar text or typed); failures come back in `result.error`.

        `irreversible=True` says the caller (the model) judges the action irreversible: it
        is then asked about whatever else says. Nothing can lower the gate's own judgement.
        """
        started = time.monotonic()
        try:
            return self._act(action, irreversible, started)
        finally:
            self.busy.acting += time.monotonic() - started

    def _act(self, action: str | Action, irreversible: bool, started: float) -> ActionResult:
        before_page, before_url = self.page, self.page.url
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError as parse_error:
                self._last_error = f"could not read the action: {parse_error}"
                return ActionResult(None, self._last_error, before_url, before_url)
        if isinstance(action, FillForm):  # each field judged and run as its own action
            filled = fill_form(
                lambda f: self._act(f, irreversible, started), action, self._observation
            )
            self._last_error = filled.error
            return filled
        target = self._target(action)
        risk = self._judge.action(action, target, before_url, flagged=irreversible)
        element = f"{target.role} '{target.name}'" if target is not None else ""
        asked = risk.irreversible or (self._gate.ask_undoable and bool(risk.undoable))
        if asked:
            decision = self._gate.decide(self._confirmation(action, element, risk))
            if not decision.approved:
                self._last_error = decision.refusal(element or format_action(action), risk)
                self._judge.refused(target)  # nor the same form another way
                return ActionResult(action, self._last_error, before_url, before_url, denied=True)
        try:
            executed = self._with_secrets(action)
        except SecretError as error:
            self._last_error = str(error)
            return ActionResult(action, self._last_error, before_url, before_url)
        with self._guard.action(format_action(action), element, approved=asked) as w:
            failure = self._run(executed)
            if not isinstance(action, Stop | NoteDown):
                self._settle()
        if w.held and failure is None:
            failure = (
                f"it was not completed: it sent {w.held[0]}, which was not approved, so the "
                f"request was stopped before it reached the server. {NOT_ANOTHER_WAY}"
            )
        if failure is not None and self._secrets:
            failure = self._secrets.redact(failure)
        self._last_error = failure
        return ActionResult(
            action,
            failure,
            url=self.page.url,
            url_before=before_url,
            tab_changed=self.page is not before_page,
            elapsed_ms=int((time.monotonic() - started) * 1000),
            irreversible=bool(w.committed) or (risk.irreversible and failure is None),
            denied=bool(w.held),
            # What the action was judged to change, else what its requests changed.
            undoable=(risk.undoable if failure is None else ()) or tuple(w.undone),
        )

    def _with_secrets(self, action: Action) -> Action:
        """The action with its placeholders replaced by their values (what it types, a URL)."""
        found = {name: getattr(action, name, None) for name in ("text", "new", "url")}
        values = {
            name: self._secrets.substitute(value)
            for name, value in found.items()
            if isinstance(value, str) and self._secrets.has_placeholder(value)
        }
        return replace(action, **values) if values and not isinstance(action, NoteDown) else action

    def _target(self, action: Action) -> Target | None:
        element = getattr(action, "element", None)
        if isinstance(element, str):
            return element_target(self.page, element, self._observation)
        if isinstance(action, Press):
            return focused_target(self.page)
        return None

    def _confirmation(self, action: Action, element: str, risk: Risk) -> Confirmation:
        page = self.page
        return Confirmation(
            kind="action",
            action=format_action(action),
            element=element,
            url=page.url,
            title=self._titles.title(page),
            reasons=risk.reasons or risk.undoable,
            grade=risk.grade if risk.grade == "undoable" else "irreversible",
        )

    def _run(self, action: Action) -> str | None:
        if isinstance(action, Stop):
            return None
        if isinstance(action, NoteDown):
            self.notes.append(action.text)
            return None
        if isinstance(action, NewTab):
            self._new_page()
            return None
        if isinstance(action, TabFocus):
            if not 0 <= action.index < len(self._pages):
                return f"there is no tab {action.index}; open tabs are 0 to {len(self._pages) - 1}"
            self._active = action.index
            self.page.bring_to_front()
            return None
        if isinstance(action, CloseTab):
            closing = self.page
            closing.close()  # the close event removes it and moves the focus
            return None
        return perform(self.page, action, self._timeouts)

    def _settle(self) -> None:
        """Wait, bounded, for what the action started: requests, timers, DOM changes, load."""
        page = self.page
        self._settler.wait(page, max_ms=self._timeouts.settle)
        self._wait_loaded(page)

    def _wait_loaded(self, page: Page) -> None:
        wait_loaded(page, self._timeouts.navigation)

    # -- tabs ------------------------------------------------------------------------------
    def _new_page(self) -> None:
        self._opening = True  # the context's "page" event fires inside new_page()
        try:
            self._adopt(self._context.new_page())
        finally:
            self._opening = False

    def _adopt(self, page: Page) -> None:
        if page in self._pages:
            self._active = self._pages.index(page)
            return
        self._pages.append(page)
        self._active = len(self._pages) - 1
        self._events.watch(page)
        self._titles.watch(page)
        self._statuses.watch(page)
        self._settler.watch(page)
        page.on("close", self._on_page_closed)

    def _on_page(self, page: Page) -> None:
        """A page opened by the site (popup, target=_blank) takes the focus, as a person's would."""
        if page in self._pages or self._opening:
            return
        self._adopt(page)
        self._events.add(
            "popup", f"the page opened a new tab [{self._active}]; it now has the focus"
        )

    def _on_page_closed(self, page: Page) -> None:
        if page not in self._pages:
            return
        index = self._pages.index(page)
        self._pages.remove(page)
        if self._active >= index and self._active > 0:
            self._active -= 1

    # -- lifetime ----------------------------------------------------------------------
    def close(self) -> None:
        """Close every tab of this session (a HAR being recorded is written now)."""
        if self._closed:
            return
        self._closed = True
        if self.trace_path is not None:
            with contextlib.suppress(Error):
                self._context.tracing.stop(path=str(self.trace_path))
        with contextlib.suppress(Error):  # the browser may already be gone
            self._context.close()
        if self._proxy is not None:
            self._proxy.close()
        if self._secrets and self._har_path is not None and self._har_path.is_file():
            self._secrets.redact_file(self._har_path)  # bodies, headers, cookies, URLs
        if self._on_close is not None:
            self._on_close(self)

    def __enter__(self) -> Tab:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
