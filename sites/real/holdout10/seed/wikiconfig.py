"""
MoinMoin 2 configuration of the "Wonderland Wiki" (sites/real/holdout10).

Moin's own sample wikiconfig.py (written by `moin create-instance`) with the settings a
small wiki of a few known editors would change, and nothing else:

- sitename / interwikiname "Wonderland Wiki";
- alice is the superuser (acl_functions) and may do everything everywhere;
- every signed-in user ("Known") may read, write and create; visitors ("All") may only read;
  a page's own ACL can narrow that (the seed's "Queen's Orders" is alice's only);
- self-registration is open (registration_only_by_superuser = False), without e-mail;
- no edit locking (edit_locking_policy = None), no mail;
- the SECRET_KEY is read from secret.txt beside this file (written once by setup).

Moin finds this file through MOINCFG (set by setup and start). It keeps the layout of Moin's
sample, so the linter is told to leave it alone.
"""

# ruff: noqa

from __future__ import annotations

import os

from moin.config import AclConfig, IndexStorageConfig
from moin.config.default import DefaultConfig
from moin.utils import get_xstatic_module_path_map
from moin.utils.interwiki import InterWikiMap
from moin.storage import create_mapping
from moin.constants.namespaces import (
    NAMESPACE_DEFAULT,
    NAMESPACE_USERPROFILES,
    NAMESPACE_USERS,
    NAMESPACE_HELP_COMMON,
    NAMESPACE_HELP_EN,
)

PORT = os.environ.get("WEBAGENT_MOIN_PORT", "8093")
EDITORS = "alice:read,write,create,destroy,admin"
DEFAULT = "Known:read,write,create All:read"


class Config(DefaultConfig):
    wikiconfig_dir = os.path.abspath(os.path.dirname(__file__))
    instance_dir = os.path.join(wikiconfig_dir, "wiki")
    data_dir = os.path.join(instance_dir, "data")
    index_storage = IndexStorageConfig(name="FileStorage", args=(os.path.join(instance_dir, "index"),), kwargs={})

    wiki_local_dir = os.path.join(wikiconfig_dir, "wiki_local")
    serve_files = {"wiki_local": wiki_local_dir}
    serve_files["external_docs"] = "https://moin-20.readthedocs.io/en/latest/"
    template_dirs = [wiki_local_dir]

    interwikiname = "WonderlandWiki"
    try:
        interwiki_map = InterWikiMap.from_file(os.path.join(wikiconfig_dir, "intermap.txt")).iwmap
    except FileNotFoundError:
        interwiki_map = {}
    interwiki_map[interwikiname] = f"http://127.0.0.1:{PORT}/"
    interwiki_map["Self"] = f"http://127.0.0.1:{PORT}/"

    sitename = "Wonderland Wiki"
    timezone_default = "UTC"
    theme_default = "topside"

    edit_locking_policy = None
    expanded_quicklinks_size = 5

    admin_emails = []
    email_tracebacks = False

    registration_only_by_superuser = False
    registration_hint = "Anyone may register; editing needs an account."
    user_email_verification = False

    acl_functions = "alice:superuser"

    uri = f"stores:fs:{data_dir}/%(backend)s/%(kind)s"
    namespaces = {
        NAMESPACE_DEFAULT: "default",
        NAMESPACE_USERS: "users",
        NAMESPACE_USERPROFILES: "userprofiles",
        NAMESPACE_HELP_COMMON: "help-common",
        NAMESPACE_HELP_EN: "help-en",
    }
    backends: dict[str, str | None] = {
        "default": uri,
        "users": uri,
        "userprofiles": uri,
        "help-common": uri,
        "help-en": uri,
    }
    acls = {
        NAMESPACE_DEFAULT: AclConfig(before=EDITORS, default=DEFAULT, after="", hierarchic=False),
        NAMESPACE_USERS: AclConfig(before=EDITORS, default=DEFAULT, after="", hierarchic=True),
        NAMESPACE_USERPROFILES: AclConfig(before="All:", default="", after="", hierarchic=False),
        "help-common": AclConfig(before=EDITORS, default="All:read", after="", hierarchic=False),
        "help-en": AclConfig(before=EDITORS, default="All:read", after="", hierarchic=False),
    }
    namespace_mapping, backend_mapping, acl_mapping = create_mapping(uri, namespaces, backends, acls)
    root_mapping = {"users": "UserHome"}
    default_root = "Home"

    mod_names = ["font_awesome", "svgedit_moin", "pygments"]
    serve_files.update(get_xstatic_module_path_map(mod_names))


MOINCFG = Config
with open(os.path.join(Config.wikiconfig_dir, "secret.txt")) as _f:
    SECRET_KEY = _f.read().strip()
DEBUG = False
TESTING = False
SESSION_COOKIE_SECURE = False
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
