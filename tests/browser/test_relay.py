"""A demo-shop task done through `webagent llm relay`, as a person playing the model does it:
the relay and `webagent run` are started as a user starts them, and the model is a thread
that reads each request page in the relay's folder and writes its answer file beside it.

The thread answers from the page alone, with the oracle model (the answerer of `webagent llm
serve --oracle`): the task succeeding shows that a page holds everything a model needs.
"""

from __future__ import annotations

import json
import os
import queue
import re
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.oracle.model import OracleModel

pytestmark = pytest.mark.browser

ROOT = Path(__file__).parents[2]
TASK_ID = "15"  # What is the price of the Sony WC1493X On-Ear Headphones...?
ROLES = ("system", "developer", "user", "assistant", "tool")
_FENCE = re.compile(r"`{3,}")


def _command() -> list[str]:
    script = Path(sys.executable).with_name("webagent")
    return [str(script)] if script.exists() else [sys.executable, "-m", "webagent"]


# -- reading a request page back, as a model reads it ----------------------------------------------
def _sections(page: str) -> list[tuple[str, list[str]]]:
    """The page's `## heading` sections with their lines (a heading inside a fence is text)."""
    sections: list[tuple[str, list[str]]] = []
    fence: str | None = None
    for line in page.splitlines():
        if fence is None and line.startswith("## "):
            sections.append((line[3:], []))
            continue
        if sections:
            sections[-1][1].append(line)
        if fence is None and _FENCE.fullmatch(line):
            fence = line
        elif line == fence:
            fence = None
    return sections


def _fenced(lines: list[str]) -> str:
    start = next(i for i, line in enumerate(lines) if _FENCE.fullmatch(line))
    end = lines.index(lines[start], start + 1)
    return "\n".join(lines[start + 1 : end])


def read_request(page: str) -> ChatRequest:
    """The request a page shows: its messages, its tools (names and parameters) and the
    answer's schema, which is what the oracle model reads of a request."""
    title = re.match(r"# Request \d+: (\S+)\n", page)
    assert title, page[:200]
    raw: dict[str, Any] = {"model": "a person", "messages": []}
    for heading, lines in _sections(page):
        tool = re.fullmatch(r"tool `(\w+)`", heading)
        if heading in ROLES:
            raw["messages"].append({"role": heading, "content": _fenced(lines)})
        elif tool:
            names = [m[1] for line in lines if (m := re.match(r"- `(\w+)` ", line))]
            parameters = {"type": "object", "properties": {name: {} for name in names}}
            function = {"name": tool[1], "parameters": parameters}
            raw.setdefault("tools", []).append({"type": "function", "function": function})
        elif heading == "the answer's JSON schema":
            schema = json.loads(_fenced(lines))
            raw["response_format"] = {"type": "json_schema", "json_schema": {"schema": schema}}
    return ChatRequest.parse(title[1], raw)


def answer_file(request: ChatRequest, answer: ScriptedAnswer) -> dict[str, Any]:
    """An answer in the relay's answer-file format."""
    if answer.tool_call is not None:
        return {"tool": answer.tool_call.name, "arguments": json.loads(answer.tool_call.arguments)}
    if request.wants_json_schema:
        value: dict[str, Any] = json.loads(answer.content or "")
        return value
    return {"content": answer.content}


class FileModel:
    """Plays the model at a relay's folder: answers each request page that appears."""

    def __init__(self, folder: Path, model: OracleModel) -> None:
        self.folder = folder
        self.model = model
        self.answered: list[str] = []
        self.failures: list[str] = []
        self.stop = threading.Event()
        self._thread = threading.Thread(target=self._play, name="file-model", daemon=True)

    def __enter__(self) -> FileModel:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop.set()
        self._thread.join(timeout=10)

    def _play(self) -> None:
        while not self.stop.wait(0.05):
            for page in sorted(self.folder.glob("[0-9][0-9][0-9][0-9]-*.md")):
                answer = page.with_name(page.name.removesuffix(".md") + ".answer.json")
                if page.name.endswith(".error.md") or page.name in self.answered:
                    continue
                self.answered.append(page.name)
                try:
                    request = read_request(page.read_text(encoding="utf-8"))
                    written = answer_file(request, self.model(request))
                except Exception as error:  # reported by the test, not lost in a thread
                    self.failures.append(f"{page.name}: {error!r}")
                    continue
                partial = answer.with_name(f".{answer.name}.part")
                partial.write_text(json.dumps(written, indent=2), encoding="utf-8")
                os.replace(partial, answer)  # whole at once


@pytest.fixture
def relay(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """`webagent llm relay DIR --port 0` running: its URL and folder."""
    folder = tmp_path / "answers"
    process = subprocess.Popen(
        [*_command(), "llm", "relay", str(folder), "--port", "0", "--timeout", "60", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    stdout = process.stdout
    assert stdout is not None

    def read() -> None:
        for line in stdout:
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        first = lines.get(timeout=60)
        match = re.match(r"relay on (http://\S+/v1): requests and answers in ", first)
        assert match, first
        yield match[1], folder
    finally:
        process.terminate()
        process.wait(timeout=10)
        reader.join(timeout=5)  # it has read to the end
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def test_a_demo_shop_task_is_done_with_answers_written_to_the_relays_folder(
    relay: tuple[str, Path],
) -> None:
    url, folder = relay
    tasks = json.loads((ROOT / "sites" / "demo_shop" / "tasks.json").read_text())
    task = next(t for t in tasks if str(t["task_id"]) == TASK_ID)
    oracle = json.loads((ROOT / "sites" / "demo_shop" / "oracle.json").read_text())
    expected = oracle["tasks"][TASK_ID]["response"]

    with FileModel(folder, OracleModel("demo_shop")) as model:
        run = subprocess.run(
            [
                *_command(),
                "run",
                "--site",
                "demo_shop",
                "--base-url",
                url,
                "--model",
                "a-person",
                "--timeout",
                "90",
                "--max-retries",
                "1",
                "--json",
                "--quiet",
                task["intent"],
            ],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )

    assert model.failures == []
    assert run.returncode == 0, run.stderr[-2000:]
    result = json.loads(run.stdout)
    assert result["answer"] == {**expected, "error_details": None}
    assert result["metrics"]["actions"] >= 2  # it searched and opened the product

    names = sorted(path.name for path in folder.iterdir())
    pages = [name for name in names if re.fullmatch(r"\d{4}-\w+\.md", name)]
    asked = Counter(re.sub(r"^\d{4}-|\.md$", "", name) for name in pages)
    assert asked == Counter(result["calls"])  # a page per request the agent made
    assert pages == [f"{n:04d}-{name[5:]}" for n, name in enumerate(pages, 1)]  # numbered
    assert names == sorted([*pages, *(p.removesuffix(".md") + ".answer.json" for p in pages)])
    first = (folder / pages[0]).read_text(encoding="utf-8")
    assert f"Task: {task['intent']}" in first
    assert "## tool `act`" in first
    answer = json.loads((folder / pages[-1].replace(".md", ".answer.json")).read_text())
    assert answer["tool"] == "act"
    assert answer["arguments"]["action"].startswith("stop")
    assert answer["arguments"]["retrieved_data"] == expected["retrieved_data"]
