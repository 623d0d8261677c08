"""Finding the local sites webagent ships (`sites/<name>/`) and loading their code.

A site is a folder: a Python package whose `__init__.py` exposes

    create_app(db_path: Path) -> WSGI application
    reset_database(db_path: Path) -> None     # write the seed state

plus its data: `tasks.json` (WebArena format), `oracle.json` (scripted solutions) and, later,
`profile.toml`. Sites are found in `$WEBAGENT_SITES` when set, else next to the package in a
source checkout, else inside the installed package (`webagent/_sites`, put there by the
wheel build: see setup.py).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from webagent.errors import ConfigError

ENV_VAR = "WEBAGENT_SITES"

WsgiApp = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Site:
    """A local site: its folder and the code that serves it."""

    name: str
    folder: Path
    create_app: Callable[[Path], WsgiApp]
    reset_database: Callable[[Path], None]
    webarena_site: str  # the WebArena site it stands in for, e.g. "shopping"

    @property
    def tasks_file(self) -> Path:
        return self.folder / "tasks.json"

    @property
    def oracle_file(self) -> Path:
        return self.folder / "oracle.json"


def sites_root() -> Path:
    """The folder holding the sites."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    checkout = Path(__file__).resolve().parents[2] / "sites"
    if checkout.is_dir():
        return checkout
    return Path(__file__).resolve().parents[1] / "_sites"


def site_names() -> list[str]:
    """Names of the sites that can be served."""
    root = sites_root()
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir() if (p / "__init__.py").is_file())


def load_site(name: str) -> Site:
    """Import the site's package; raise `ConfigError` naming the sites there are."""
    folder = sites_root() / name
    if not (folder / "__init__.py").is_file():
        known = ", ".join(site_names()) or "none"
        raise ConfigError(f"no site {name!r} in {sites_root()} (sites: {known})")
    module = _import_package(name, folder)
    try:
        create_app = module.create_app
        reset_database = module.reset_database
    except AttributeError as error:
        raise ConfigError(f"site {name!r} lacks {error.name}() in its __init__.py") from error
    return Site(
        name=name,
        folder=folder,
        create_app=cast(Callable[[Path], WsgiApp], create_app),
        reset_database=cast(Callable[[Path], None], reset_database),
        webarena_site=str(getattr(module, "WEBARENA_SITE", name)),
    )


def _import_package(name: str, folder: Path) -> ModuleType:
    module_name = f"webagent_site_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(
        module_name, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or spec.loader is None:
        raise ConfigError(f"cannot import site {name!r} from {folder}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module
