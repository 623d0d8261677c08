"""Local sites: finding, loading and serving them (the demo shop, and sites users add)."""

from webagent.sites.catalog import Site, load_site, site_names, sites_root
from webagent.sites.server import SiteServer, start_site

__all__ = ["Site", "SiteServer", "load_site", "site_names", "sites_root", "start_site"]
