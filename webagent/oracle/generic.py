"""The oracle model's answers that need no task's solution: re-finding an element on a
changed page, the state a page is in, the backup choice, and a page's summary. Each reads
only the request (see `webagent.oracle.model` for the rest)."""

from __future__ import annotations

import re
from typing import Any

from webagent.llm.completion import ChatRequest, ScriptedAnswer
from webagent.observation import Element, Observation
from webagent.oracle.prompt import (
    field,
    line_of,
    read_page,
    section,
    system_and_user,
    without_ids,
)


def remap(request: ChatRequest) -> ScriptedAnswer:
    """The element of the new view with the same role and name on the same line (ids
    aside), the same one among namesakes whose lines read alike; null when the new view
    does not show it (a row below the fold, say)."""
    _, user = system_and_user(request)
    match = re.search(
        r"^The element: \[(?P<id>[^\]]+)\] (?P<role>[\w-]+) '(?P<name>.*?)'"
        r"(?: \(under '.*'\))?$",
        user,
        re.M,
    )
    before = read_page(section(user, "The page when it was recorded:", end="The page now:"))
    after = read_page(section(user, "The page now:"))
    if match is None:
        return ScriptedAnswer.json({"element": None, "reason": "The element is not named."})
    role = "generic" if match["role"] == "clickable" else match["role"]

    def alike(page: Observation, line: str) -> list[Element]:
        return [
            e
            for e in page.elements
            if e.role == role
            and e.name == match["name"]
            and without_ids(line_of(e.id, page.text)) == line
        ]

    line = without_ids(line_of(match["id"], before.text))
    place = next((i for i, e in enumerate(alike(before, line)) if e.id == match["id"]), 0)
    candidates = alike(after, line)
    if place >= len(candidates):
        reason = f"The page now does not show the {role} '{match['name']}' of that line."
        return ScriptedAnswer.json({"element": None, "reason": reason})
    reason = f"The same {role} '{match['name']}' on the same line."
    return ScriptedAnswer.json({"element": candidates[place].id, "reason": reason})


def classify(request: ChatRequest) -> ScriptedAnswer:
    """The first state the schema (or, in text mode, the prompt) offers."""
    schema: Any = (request.raw.get("response_format") or {}).get("json_schema") or {}
    enum = (((schema.get("schema") or {}).get("properties") or {}).get("state") or {}).get("enum")
    state = str(enum[0]) if isinstance(enum, list) and enum else None
    if state is None:
        system, _ = system_and_user(request)
        listed = re.search(r"^- ([\w-]+): ", section(system, "The kinds of page:"), re.M)
        state = listed.group(1) if listed else "other"
    return ScriptedAnswer.json({"state": state, "reason": "The page fits its description."})


def backup(request: ChatRequest) -> ScriptedAnswer:
    _, user = system_and_user(request)
    listed = bool(re.search(r"^1\. ", section(user, "Candidates examined:"), re.M))
    reason = "It comes closest to the task." if listed else "No candidate was examined."
    return ScriptedAnswer.json({"choice": 1 if listed else 0, "reason": reason})


def summarize(request: ChatRequest) -> ScriptedAnswer:
    _, user = system_and_user(request)
    page = field(user, "Page") or "the page"
    body = user.split("\n\n", 2)[-1] if user.count("\n\n") >= 2 else ""
    lines = [line.strip() for line in body.split("\n") if line.strip()][:3]
    return ScriptedAnswer.json({"summary": f"{page}: " + " ".join(lines)})
