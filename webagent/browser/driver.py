"""Launching Chromium and opening sessions on it (Playwright's sync API).

    from webagent.browser import launch
    with launch(headless=True) as browser:
        tab = browser.open("http://127.0.0.1:8000/")
        print(tab.observe().text)
        tab.act("click [e12]")

Each `open` gets its own browser context (cookies, storage, HAR), so sessions never leak into
each other, as WebArena's tasks require.

The browser knows no sites. What cannot be undone is decided by the risk judge it is told to
use (`judge=`, per session or as a factory at launch); told nothing, it uses
`webagent.safety.CautiousJudge`: without site knowledge every change counts as irreversible.
`webagent.sites.risk.SiteJudge` gives the precise, site-aware judgement.
"""

from __future__ import annotations

import ipaddress
import os
import tempfile
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser as PlaywrightBrowser
from playwright.sync_api import Error

from webagent.browser import runtime
from webagent.browser.events import DialogPolicy
from webagent.browser.executable import ChromiumChoice, chromium_args, find_chromium
from webagent.browser.executor import Timeouts
from webagent.browser.proxy import GuardProxy
from webagent.browser.replay import HarReplay, Scrub
from webagent.browser.tab import Tab
from webagent.domains import Allowlist
from webagent.errors import BrowserError, NavigationError
from webagent.safety import CautiousJudge, ConfirmPolicy, Gate, RiskJudge
from webagent.safety.secrets import Secrets
from webagent.urls import normalize_url

DEFAULT_VIEWPORT = (1280, 720)


class Browser:
    """A running Chromium. Made by `launch`; close it (or use `with`) when done."""

    def __init__(
        self,
        browser: PlaywrightBrowser,
        choice: ChromiumChoice,
        *,
        timeouts: Timeouts,
        dialogs: DialogPolicy,
        downloads_dir: Path | None,
        allowlist: Allowlist,
        judge: Callable[[], RiskJudge] = CautiousJudge,
    ) -> None:
        self._browser = browser
        self.allowlist = allowlist
        self._new_judge = judge
        self.choice = choice
        self._timeouts = timeouts
        self._dialogs = dialogs
        self._downloads_root = downloads_dir
        self._temp_dir: tempfile.TemporaryDirectory[str] | None = None
        self._tabs: list[Tab] = []

    @property
    def version(self) -> str:
        return self._browser.version

    @property
    def connected(self) -> bool:
        """False once Chromium has gone (crashed, killed, closed): its sessions are dead too."""
        return self._browser.is_connected()

    def open(
        self,
        url: str | None = None,
        *,
        viewport: tuple[int, int] = DEFAULT_VIEWPORT,
        storage_state: str | Path | dict[str, Any] | None = None,
        record_har: str | Path | None = None,
        dialogs: DialogPolicy | None = None,
        ignore_https_errors: bool = False,
        locale: str = "en-US",
        timezone: str | None = None,
        confirm: ConfirmPolicy = "deny",
        ask_undoable: bool = False,
        allow_domains: Sequence[str] = (),
        judge: RiskJudge | None = None,
        secrets: Secrets | None = None,
        replay_har: str | Path | None = None,
        replay_scrub: Scrub | None = None,
        trace: str | Path | None = None,
        clock: datetime | None = None,
    ) -> Tab:
        """Open a new session (browser context) and, if given, load `url` in it.

        `url` may be http(s), file://, or a path to a local file. `storage_state` restores
        cookies and local storage (a Playwright storage-state file or dict); `record_har`
        writes the session's network traffic, with bodies, to that path when the tab closes.

        `confirm` decides irreversible actions and requests: "deny" (the default: they do
        not happen), "ask" (at the terminal), "allow" (only where anything may happen, e.g.
        a benchmark's disposable site), or a callable taking a `Confirmation` and returning
        True to approve. Only irreversible things are put to it; changes the page lets a
        person take back (removing from a cart, unfollowing) run and are reported with their
        inverse (`result.undoable`), unless `ask_undoable`. `allow_domains` adds to the
        browser's allowlist. `judge` decides what is irreversible or undoable in this
        session (one judge per session): by default, one made by the factory given to
        `launch`, else `CautiousJudge`, which has no site knowledge and so counts every
        change as irreversible (every POST, PUT, PATCH and DELETE, every submit of such a
        form); `webagent.sites.risk.SiteJudge(profile)` judges by that site's profile
        (`SiteJudge()`: each origin's, detected from what its pages show).
        `secrets` are credentials: an action types `<secret>name</secret>` and the value is
        put in only as it runs; observations and the HAR show the placeholder, never the value.

        `trace` records a Playwright trace of the session there (`playwright show-trace`).
        `replay_har` answers every request from that recording, in recorded order, and lets
        nothing reach the network (`tab.replay.unmatched` lists what it did not hold);
        `replay_scrub` turns a live request body into its recorded form (e.g. `secrets.redact`
        for a HAR with placeholders in it) before it is matched. `clock`: the pages' scripts
        see time run from that moment (a replay starts at the recording's), not from now.

        Raises `InvalidURLError` for a malformed URL, `NavigationError` when the page cannot
        be loaded (the session is closed again in both cases), `ConfigError` for a bad policy,
        domain or HAR file.
        """
        target = normalize_url(url) if url is not None else None
        gate = Gate(confirm, ask_undoable=ask_undoable)
        allowlist = self.allowlist.merged(allow_domains)
        replay = HarReplay(replay_har, scrub=replay_scrub) if replay_har is not None else None
        # Whatever routing cannot hold (redirect hops, unload beacons, workers, WebSockets)
        # goes through the guard's proxy; with `allow` and no allowlist there is nothing to hold,
        # unless in a replay, where the proxy holds everything.
        proxy = GuardProxy() if confirm != "allow" or allowlist or replay is not None else None
        options: dict[str, Any] = {
            "viewport": {"width": viewport[0], "height": viewport[1]},
            "accept_downloads": True,
            "ignore_https_errors": ignore_https_errors,
            "locale": locale,
            # A service worker's requests would pass the network guard unseen.
            "service_workers": "block",
        }
        if proxy is not None:  # loopback too: Chromium skips the proxy for it by default
            bypass = ["<-loopback>"]
            if confirm == "allow" and replay is None:  # nothing to judge: let them go direct
                bypass += _bypass_rules(allowlist)
            options["proxy"] = {"server": proxy.url, "bypass": ",".join(bypass)}
        if timezone:
            options["timezone_id"] = timezone
        if storage_state is not None:
            options["storage_state"] = (
                str(storage_state) if isinstance(storage_state, Path) else storage_state
            )
        if record_har is not None:
            Path(record_har).parent.mkdir(parents=True, exist_ok=True)
            options["record_har_path"] = str(record_har)
            options["record_har_content"] = "embed"
        try:
            context = self._browser.new_context(**options)
        except Error as error:
            if proxy is not None:
                proxy.close()
            raise BrowserError(f"could not open a browser session: {error.message}") from error
        context.set_default_timeout(self._timeouts.action)
        context.set_default_navigation_timeout(self._timeouts.navigation)
        if clock is not None:  # before any page: its scripts never see the real time
            context.clock.install(time=clock)
        if replay is not None:  # before the guard's: the route registered last runs first
            context.route("**/*", replay.handle)
        tab = Tab(
            context,
            timeouts=self._timeouts,
            dialogs=dialogs if dialogs is not None else self._dialogs,
            downloads_dir=self._downloads_dir(),
            on_close=self._forget,
            gate=gate,
            allowlist=allowlist,
            judge=judge if judge is not None else self._new_judge(),
            secrets=secrets,
            har_path=Path(record_har) if record_har is not None else None,
            proxy=proxy,
        )
        tab.replay = replay
        if trace is not None:
            Path(trace).parent.mkdir(parents=True, exist_ok=True)
            context.tracing.start(screenshots=True, snapshots=True)
            tab.trace_path = Path(trace)
        if replay is not None and proxy is not None:
            proxy.allows = _nowhere  # after the guard set its own: nothing goes out live
        self._tabs.append(tab)
        if target is not None:
            try:
                tab.goto(target)
            except NavigationError:
                tab.close()
                raise
        return tab

    def _downloads_dir(self) -> Path:
        if self._downloads_root is not None:
            return self._downloads_root
        if self._temp_dir is None:
            self._temp_dir = tempfile.TemporaryDirectory(prefix="webagent-downloads-")
        return Path(self._temp_dir.name)

    def _forget(self, tab: Tab) -> None:
        if tab in self._tabs:
            self._tabs.remove(tab)

    def close(self) -> None:
        """Close every session, then the browser and Playwright."""
        for tab in list(self._tabs):
            tab.close()
        try:
            self._browser.close()
        except Error:
            pass  # already gone
        finally:
            runtime.release()
            if self._temp_dir is not None:
                self._temp_dir.cleanup()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def launch(
    headless: bool = True,
    *,
    executable_path: str | None = None,
    args: Sequence[str] = (),
    slow_mo: float = 0,
    dialogs: DialogPolicy = "accept",
    downloads_dir: str | Path | None = None,
    action_timeout_ms: int = 5000,
    navigation_timeout_ms: int = 30000,
    settle_ms: int = 2000,
    allow_domains: Sequence[str] = (),
    judge: Callable[[], RiskJudge] | None = None,
) -> Browser:
    """Start Chromium (headless by default) and return a `Browser`.

    The executable is found by `find_chromium`: `executable_path`, Playwright's own build,
    `$WEBAGENT_CHROMIUM`, then system installs. `args` are extra Chromium flags. `dialogs`
    answers JavaScript dialogs: "accept", "dismiss", or a callable. `allow_domains` limits
    every session to those hosts (`example.com`, `127.0.0.1:8000`): requests anywhere else
    are blocked before they leave the browser. `judge` makes the risk judge of each session
    opened without one: by default `CautiousJudge`, which has no site knowledge, so every
    change counts as irreversible (asked about, or under the default "deny" policy refused: a
    sign-in too); pass `webagent.sites.risk.SiteJudge` for the site-aware judgement. Raises
    `BrowserNotFoundError` or `BrowserError` with what to do about it, `ConfigError` for a
    malformed domain.
    """
    allowlist = Allowlist(allow_domains)
    if not headless and not _has_display():
        raise BrowserError(
            "a headed browser needs a display, and DISPLAY is not set: run headless, "
            "or start one (e.g. `xvfb-run webagent ...`)"
        )
    playwright = runtime.acquire()
    try:
        choice = find_chromium(
            executable_path, playwright.chromium.executable_path, headless=headless
        )
        browser = playwright.chromium.launch(
            executable_path=choice.path,
            headless=headless,
            args=chromium_args(tuple(args)),
            slow_mo=slow_mo,
        )
    except Error as error:
        runtime.release()
        first_line = error.message.strip().splitlines()[0]
        raise BrowserError(f"Chromium did not start: {first_line}") from error
    except BaseException:
        runtime.release()
        raise
    return Browser(
        browser,
        choice,
        timeouts=Timeouts(action_timeout_ms, navigation_timeout_ms, settle_ms),
        dialogs=dialogs,
        downloads_dir=Path(downloads_dir) if downloads_dir is not None else None,
        allowlist=allowlist,
        judge=judge if judge is not None else CautiousJudge,
    )


def _nowhere(url: str) -> bool:
    """The proxy's allow-check in a replay: every request is answered from the HAR or not
    at all."""
    return False


def _has_display() -> bool:
    return (
        bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        or os.name == "nt"
        or _is_macos()
    )


def _is_macos() -> bool:
    import sys

    return sys.platform == "darwin"


def _bypass_rules(allowlist: Allowlist) -> list[str]:
    """Chromium proxy-bypass rules for exactly the hosts (and ports) `allowlist` allows."""
    rules = []
    for domain in allowlist:
        host = f"[{domain.host}]" if ":" in domain.host else domain.host
        port = f":{domain.port}" if domain.port is not None else ""
        rules.append(f"{host}{port}")
        if not _is_ip(domain.host):
            rules.append(f"*.{host}{port}")  # subdomains are allowed too
    return rules


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
