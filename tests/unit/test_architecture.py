"""The code's shape, checked: one place wires a run, and the import contract holds.

A run is wired by opening a browser session, making a model client and calling `run_agent`;
only `webagent.session` does that. Other code may open a page (to observe it, to sign in, to
play a scripted solution) but never runs the agent itself. The layers, the oracle's place
beside the product and the absence of cycles are `lint-imports`' contracts (pyproject.toml),
run here too so that the test suite alone proves them.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = [
    *sorted((ROOT / "webagent").rglob("*.py")),
    *sorted((ROOT / "tui").rglob("*.py")),
    *sorted((ROOT / "bench").glob("*.py")),
    ROOT / "fixtures" / "record.py",
]
WIRING = ROOT / "webagent" / "session" / "session.py"


def _calls(path: Path) -> list[tuple[str, int]]:
    """The names of the functions and methods `path` calls, with their lines."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            receiver = ast.unparse(func.value) if isinstance(func, ast.Attribute) else ""
            found.append((f"{receiver}.{name}" if receiver else name, node.lineno))
    return found


def _where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def test_only_the_session_runs_the_agent() -> None:
    callers = [
        _where(path, line)
        for path in PRODUCT
        if path != WIRING
        for name, line in _calls(path)
        if name.split(".")[-1] == "run_agent"
    ]
    assert callers == []


def test_no_entry_point_opens_a_browser_session_and_a_model_client_both() -> None:
    """Opening a page and making a model client in one module is wiring a run by hand."""
    wirings = []
    for path in PRODUCT:
        if path == WIRING or "webagent/browser/" in path.as_posix():
            continue
        calls = _calls(path)
        opens = [line for name, line in calls if _opens_a_browser_session(name)]
        models = [line for name, line in calls if name.split(".")[-1] == "ModelClient"]
        if opens and models:
            wirings.append(_where(path, opens[0]))
    assert wirings == []


def _opens_a_browser_session(name: str) -> bool:
    receiver, _, method = name.rpartition(".")
    return method == "open" and ("browser" in receiver.lower() or "chromium" in receiver)


def test_the_checks_see_a_wiring_by_hand(tmp_path: Path) -> None:
    """The checks above would catch a module wiring a run (so they can fail)."""
    module = tmp_path / "by_hand.py"
    module.write_text(
        "def go(browser, config, task):\n"
        "    tab = browser.open('http://x/')\n"
        "    with ModelClient(config) as client:\n"
        "        return run_agent(tab, client, task)\n",
        encoding="utf-8",
    )
    names = [name for name, _ in _calls(module)]
    assert "run_agent" in names
    assert any(_opens_a_browser_session(name) for name in names)
    assert "ModelClient" in names


def test_the_import_contract_holds() -> None:
    """Layers point down, no product package imports the oracle, no cycles (pyproject.toml)."""
    command = str(Path(sys.executable).parent / "lint-imports")
    done = subprocess.run(
        [command, "--no-cache"], check=False, cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-4000:]
