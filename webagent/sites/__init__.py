"""Local sites: finding, loading and serving them (the demo shop, and sites users add)."""

from typing import TYPE_CHECKING, Any

from webagent.sites.catalog import Site, load_site, site_names, sites_root

if TYPE_CHECKING:
    from webagent.sites.server import SiteServer, start_site


def __getattr__(name: str) -> Any:
    """The server (werkzeug) loads only when asked for, so that code that only finds the
    sites' files (a benchmark's parent process reading what tasks change) does not import it."""
    if name in ("SiteServer", "start_site"):
        from webagent.sites import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Site", "SiteServer", "load_site", "site_names", "sites_root", "start_site"]
