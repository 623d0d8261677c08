"""Ships the `sites/` folder (site profiles, the demo shop and its tasks) inside the wheel.

Everything else is in pyproject.toml. A wheel built from a checkout carries `sites/` as
`webagent/_sites/`, where `webagent.sites.catalog.sites_root` finds it; an editable install
uses the checkout's `sites/` directly.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.db", "*.sqlite", ".*")


class BuildWithSites(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        source = Path(__file__).parent / "sites"
        target = Path(self.build_lib) / "webagent" / "_sites"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=SKIP)


setup(cmdclass={"build_py": BuildWithSites})
