"""Where runs begin: any page, or a local site served here and signed into.

    with Start(site="demo_shop") as start:          # or Start(url="https://example.com")
        tab = browser.open(start.url, storage_state=start.storage_state(browser))

A `Session` keeps one per local site its runs start on (served once, signed into once).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from webagent.actions import NewTab, TabFocus
from webagent.browser import Browser, Tab
from webagent.domains import origin_of
from webagent.errors import ConfigError
from webagent.session.signin import sign_into_local
from webagent.sites import start_site
from webagent.sites.profile import Profile
from webagent.sites.server import SiteServer
from webagent.urls import normalize_url


class Start:
    """A start page (`url`), or a local site at `path`: `site` serves a fresh copy of its
    seed data (at `db`, else in a temporary folder); `server` uses one already running (not
    stopped here). A site is signed into as its standard user, once, by the first
    `storage_state`.
    """

    def __init__(
        self,
        *,
        url: str | None = None,
        site: str | None = None,
        db: Path | None = None,
        server: SiteServer | None = None,
        path: str = "/",
    ) -> None:
        if sum(x is not None for x in (url, site, server)) != 1:
            raise ConfigError("start on exactly one of: a URL, a local site, a running site")
        self._temp = tempfile.TemporaryDirectory(prefix="webagent-start-")
        self._owned: SiteServer | None = None
        if site is not None:
            db = db or Path(self._temp.name) / "site.sqlite"
            try:
                server = self._owned = start_site(site, db=db, reset=True)
            except BaseException:
                self._temp.cleanup()
                raise
        self.server = server
        self._url = normalize_url(url) if url is not None else None
        self._path = "/" + path.lstrip("/")
        self._storage: Path | bool | None = None
        """The stored session; False: the site has no sign-in."""

    @property
    def url(self) -> str:
        """The page a run opens first."""
        return self._url if self._url is not None else self._site().url + self._path

    @property
    def where(self) -> str:
        """A URL, or the local site's name."""
        return self._url if self._url is not None else self._site().site.name

    @property
    def site_name(self) -> str | None:
        """The local site's name; None for a URL."""
        return self.server.site.name if self.server is not None else None

    def storage_state(self, browser: Browser) -> Path | None:
        """The signed-in session for a local site that has a sign-in (signed in on the first
        call, with `browser`, as its standard user); None for a URL or a site without one."""
        server = self.server
        if server is None:
            return None
        if self._storage is None:
            path = Path(self._temp.name) / "storage.json"
            self._storage = sign_into_local(browser, server, path) or False
        return self._storage if isinstance(self._storage, Path) else None

    def close(self) -> None:
        """Stop the site this start serves (not one it was given), remove its files."""
        if self._owned is not None:
            self._owned.stop()
            self._owned = None
        self._temp.cleanup()

    def __enter__(self) -> Start:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _site(self) -> SiteServer:
        assert self.server is not None  # exactly one of url and server is set
        return self.server


def open_more(tab: Tab, urls: Sequence[str]) -> None:
    """A task with several start pages (a map and a wiki) gets a tab for each, as in
    BrowserGym; the first keeps the focus."""
    if not urls:
        return
    for url in urls:
        tab.act(NewTab())
        tab.goto(url)
    tab.act(TabFocus(index=0))


def reachable(url: str, also: Sequence[str], profile: Profile | None) -> list[str]:
    """The hosts a run from `url` may reach: its own, `also`, and the profile's domains."""
    hosts = [origin_of(url), *also, *(profile.site.domains if profile is not None else ())]
    return list(dict.fromkeys(hosts))
