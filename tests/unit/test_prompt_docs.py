"""docs/prompts/ holds one real request of every query, rendered by `scripts/prompts` through
the current templates and code: a prompt changed without rendering them again fails here."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from webagent.llm.prompts import prompts_dir

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "prompts"
FIX = "run `scripts/prompts` and commit docs/prompts"

_DEFINED = re.compile(r'Query(?:\.json|\.tools)?\(\s*(?:name=)?"([a-z_]+)"')
_ANY_QUERY = re.compile(r"Query\.(?:json|tools)\(|Query\(\s*name=")
_GENERIC = re.compile(r"Query\(\s*name=name\b")
"""`Query.json` and `Query.tools` themselves, in webagent/llm/queries.py."""
_HEADING = re.compile(r"^# Request \d+: (\w+)$", re.MULTILINE)
_MARKER = re.compile(r"^<!--\s*(system|user|assistant)\s*-->\s*$", re.MULTILINE)


def _script() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("webagent_prompt_docs", str(SCRIPT))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module  # its dataclasses look their module up
    loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def docs() -> tuple[ModuleType, dict[str, Any], list[Any]]:
    """The script, the captured requests and the pages rendered from them now."""
    script = _script()
    captured = script.load()
    return script, captured, script.rendered(captured)


def defined_queries() -> set[str]:
    """Every query name webagent defines (`Query.json("plan", ...)`, `Query(name="remap",
    ...)`), read from its source."""
    names: set[str] = set()
    for path in sorted((ROOT / "webagent").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        calls = [m for m in _ANY_QUERY.finditer(text) if not _GENERIC.match(text, m.start())]
        found = [_DEFINED.match(text, m.start()) for m in calls]
        unnamed = [m.start() for m, f in zip(calls, found, strict=True) if f is None]
        assert not unnamed, f"{path}: a query whose name is not a literal (teach this test)"
        names |= {f.group(1) for f in found if f is not None}
    return names


def test_the_committed_pages_are_up_to_date(
    docs: tuple[ModuleType, dict[str, Any], list[Any]],
) -> None:
    script, captured, pages = docs
    problems = script.stale(files=script.render(captured, pages))
    assert not problems, f"docs/prompts is out of date ({FIX}):\n\n" + "\n\n".join(problems)


def test_every_query_the_agent_defines_has_a_page(
    docs: tuple[ModuleType, dict[str, Any], list[Any]],
) -> None:
    _, _, pages = docs
    shown = {match for page in pages for match in _HEADING.findall(page.text)}
    defined = defined_queries()
    assert {"plan", "step", "remap", "decompose", "revise", "classify"} <= defined
    missing = sorted(defined - shown)
    assert not missing, (
        f"no page in docs/prompts shows the queries {missing}: add them to PAGES in "
        f"scripts/prompts (and a run that asks them), then `scripts/prompts capture`"
    )


def test_every_prompt_template_is_on_a_page(
    docs: tuple[ModuleType, dict[str, Any], list[Any]],
) -> None:
    """Templates that make messages (the query prompts, the re-ask, the text fallbacks);
    the action and argument descriptions are read into the step's grammar and tool."""
    _, _, pages = docs
    used = {template for page in pages for template in page.templates}
    templates = {
        path.stem
        for path in prompts_dir().glob("*.md")
        if _MARKER.search(path.read_text(encoding="utf-8"))
    }
    missing = sorted(templates - used)
    assert not missing, f"no page in docs/prompts renders {missing}.md"
