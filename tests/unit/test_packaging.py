"""The wheel carries what an installed webagent needs beyond its code: prompts, the sample
page, and the sites (profiles, the demo shop with its tasks and oracles)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Building the wheel is most of this module's time: its tests share one worker, so a parallel
# run builds it once.
pytestmark = pytest.mark.xdist_group("wheel")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    # Built from a copy, so the checkout gets no build/ or egg-info folders.
    source = tmp_path_factory.mktemp("source")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "*.db", "*.sqlite")
    for part in ("webagent", "sites"):
        shutil.copytree(ROOT / part, source / part, ignore=skip)
    for part in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / part, source / part)
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-q", "-w", str(out), str(source)], check=True, capture_output=True)
    (path,) = out.glob("webagent-*.whl")
    return zipfile.ZipFile(path)


def test_the_wheel_ships_every_site_profile(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    profiles = sorted(p.parent.name for p in (ROOT / "sites").glob("*/profile.toml"))
    assert "generic" in profiles
    for site in profiles:
        assert f"webagent/_sites/{site}/profile.toml" in names, site


def test_the_wheel_ships_the_demo_shop_with_its_tasks(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for part in ("__init__.py", "tasks.json", "oracle.json", "schema.sql", "templates/base.html"):
        assert f"webagent/_sites/demo_shop/{part}" in names, part
    assert not any(name.endswith((".pyc", ".db", ".sqlite")) for name in names)


def test_the_wheel_ships_every_prompt(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    for template in (ROOT / "webagent" / "prompts").glob("*.md"):
        assert f"webagent/prompts/{template.name}" in names, template.name
