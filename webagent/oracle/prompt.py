"""What an oracle model reads in a request: the rendered prompt and tools, read back.

The controller's prompts (`webagent/prompts/*.md`) are the only interface a model has, so an
oracle standing in for one reads the same text a model would: the task line, the plan and
current subtask, the numbered history, whether a previous action awaits judgement, the page
(its element lines), and the offered tools with their arguments and element enums.

    view = StepView.of(request)
    view.task, view.subtask, view.history[-1].role, view.page.elements, view.menu.names

Everything here is pure text handling; nothing raises on an unexpected prompt (a part that
is not there reads as empty).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as field_
from typing import Any
from urllib.parse import urlsplit

from webagent.actions import Action, parse_action
from webagent.errors import ActionParseError
from webagent.llm.completion import ChatRequest
from webagent.observation import Element, Observation

_ELEMENT = re.compile(
    r"\[(?P<id>(?:f\d+)?e\d+)\] (?P<role>[a-z][\w-]*)"
    r"(?: (?:'(?P<single>(?:[^'\\]|\\.)*)'|\"(?P<double>[^\"]*)\"))?"
)
_ID = re.compile(r"\[(?:f\d+)?e\d+\] ?")
_NUMBERED = re.compile(r"^(\d+)\. (.*)$")
_PLAN_LINE = re.compile(
    r"^(?P<indent> *)(?P<id>\d+(?:\.\d+)*)\. (?P<text>.*) \[(?P<status>\w+)\]"
    r"(?: \((?:AND|OR) of its steps\))?(?P<now> \(now\))?$"
)
_REMEDY_COUNT = re.compile(r"`remedies`: up to (\d+) other actions")
_SCROLL_NOTE = re.compile(r"^\(Viewport only: more elements (.*); scroll to see them\.\)$", re.M)
_OPTIONS = re.compile(r"options: (.*?)(?: \(\+\d+ more\))?$")
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"([^\"]*)\"")

# The action part of a history line, by action: what `format_action` writes.
_ACTION_PART = {
    "type": re.compile(r"^type \[[^\]]*\] \[.*\] \[[01]\](?= \(| on ')"),
    "select": re.compile(r"^select \[[^\]]*\] \[.*?\](?= \(| on ')"),
    "goto": re.compile(r"^goto \[.*?\](?= \(| on ')"),
}
_ANY_ACTION = re.compile(r"^[a-z_]+(?: \[[^\]]*\])*(?= \(| on ')")
_LINE_TAIL = re.compile(
    r"^(?: \((?P<role>[a-z][\w-]*) '(?P<name>.*?)'\))? on '(?P<title>.*?)'"
    r"(?: -> (?P<result>failed: .*))?$",
    re.S,
)

_KIND = re.compile(r"^\(([a-z_]+)\) ")


# -- the page ----------------------------------------------------------------------------------
def read_page(text: str) -> Observation:
    """An `Observation` rebuilt from its rendered text: URL, title, and the elements the
    lines show (role and name; `clickable` is a generic element). Enough for
    `webagent.sites.oracle.find`, which matches on role, name and the element's line."""
    url = _header(text, "URL")
    title = _header(text, "Title")
    elements = []
    seen = set()
    for match in _ELEMENT.finditer(text):
        if match["id"] in seen:
            continue
        seen.add(match["id"])
        role = "generic" if match["role"] == "clickable" else match["role"]
        elements.append(Element(id=match["id"], role=role, name=_quoted_name(match)))
    above, below = _scroll_counts(text)
    return Observation(
        url=url, title=title, text=text, elements=tuple(elements), above=above, below=below
    )


def line_of(element_id: str, text: str) -> str:
    """The rendered line that holds `[element_id]` (empty when none does)."""
    match = re.search(rf"^.*\[{re.escape(element_id)}\].*$", text, re.M)
    return match.group(0) if match else ""


def without_ids(line: str) -> str:
    """A line with its `[e12]` ids taken out: ids change from one view of a page to the next."""
    return _ID.sub("", line).strip()


def options_of(element_id: str, text: str) -> list[str]:
    """The options a native select shows on its line (`options: 'Red' | 'Blue'`)."""
    line = line_of(element_id, text)
    start = line.find(f"[{element_id}]")
    tail = line[start:]
    match = _OPTIONS.search(tail)
    if match is None:
        return []
    return [single or double for single, double in _QUOTED.findall(match.group(1))]


def base_url(url: str) -> str | None:
    """`http://127.0.0.1:5000` from any address on that site (None for about:blank...)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


def _header(text: str, name: str) -> str:
    match = re.search(rf"^{name}: (.*)$", text, re.M)
    return match.group(1).strip() if match else ""


def _quoted_name(match: re.Match[str]) -> str:
    if match["single"] is not None:
        return re.sub(r"\\(.)", r"\1", match["single"])
    return match["double"] or ""


def _scroll_counts(text: str) -> tuple[int, int]:
    match = _SCROLL_NOTE.search(text)
    if match is None:
        return 0, 0
    above = re.search(r"(\d+) above", match.group(1))
    below = re.search(r"(\d+) below", match.group(1))
    return (int(above.group(1)) if above else 0, int(below.group(1)) if below else 0)


# -- the history -------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One line of "Actions so far", e.g. `click [e12] (link 'View Order') on 'My Orders' ->
    ok`: why the controller ran it (`action`, or the line's prefix: `backtrack`, `remedy`,
    `restart`, `backup`), the action, the element it targeted (role and name, when the page
    showed one), and whether it worked. `action` is None when the line does not parse."""

    kind: str
    text: str
    action: Action | None
    role: str | None
    name: str | None
    ok: bool

    @classmethod
    def parse(cls, text: str) -> HistoryLine:
        kind = "action"
        body = text
        prefix = _KIND.match(body)
        if prefix:
            kind, body = prefix.group(1), body[prefix.end() :]
        word = body.split(" ", 1)[0]
        head = (_ACTION_PART.get(word) or _ANY_ACTION).match(body)
        if head is None:
            return cls(kind, text, None, None, None, ok=" -> failed: " not in body)
        tail = _LINE_TAIL.match(body[head.end() :])
        try:
            action: Action | None = parse_action(head.group(0))
        except ActionParseError:
            action = None
        if tail is None:
            return cls(kind, text, action, None, None, ok=" -> failed: " not in body)
        return cls(kind, text, action, tail["role"], tail["name"], ok=tail["result"] is None)


def _numbered_block(text: str, heading: str) -> list[str]:
    """The numbered lines after `heading` (a line of its own), up to the first blank line;
    a line that does not start with a number continues the one before."""
    start = text.find(f"\n{heading}\n")
    if start < 0:
        if not text.startswith(f"{heading}\n"):
            return []
        start = -1
    lines: list[str] = []
    for line in text[start + len(heading) + 2 :].split("\n"):
        if not line.strip():
            break
        match = _NUMBERED.match(line)
        if match:
            lines.append(match.group(2))
        elif lines:
            lines[-1] += "\n" + line
    return lines


# -- what the step may do ---------------------------------------------------------------------
_PERMITTED_ITEM = re.compile(r"^- (?P<name>[a-z_]+)(?P<rest>.*)$")
_ONLY_ON = re.compile(r" on ((?:\[(?:f\d+)?e\d+\] ?)+)only$")
_ALL_BUT = re.compile(r" on any element but ((?:\[(?:f\d+)?e\d+\] ?)+)$")
_IDS = re.compile(r"\[((?:f\d+)?e\d+)\]")


@dataclass(frozen=True, slots=True)
class ToolMenu:
    """What a step may answer: the actions the page permits, with the element ids an
    element action is limited to (None: any element of the page), and the fields the `act`
    tool takes."""

    permitted: Mapping[str, tuple[str, ...] | None]
    fields: frozenset[str]
    left_out: Mapping[str, frozenset[str]] = field_(default_factory=dict)
    """Action name -> the element ids it may not target (when the prompt says so)."""

    @classmethod
    def of(cls, user: str, tools: list[dict[str, Any]] | None) -> ToolMenu:
        permitted: dict[str, tuple[str, ...] | None] = {}
        left_out: dict[str, frozenset[str]] = {}
        listed = field(user, "Permitted here") or ""
        for item in listed.removesuffix(".").split("; "):
            match = _PERMITTED_ITEM.match(f"- {item}")
            if match is None:
                continue
            only = _ONLY_ON.search(match["rest"])
            but = _ALL_BUT.search(match["rest"])
            permitted[match["name"]] = tuple(_IDS.findall(only.group(1))) if only else None
            if but:
                left_out[match["name"]] = frozenset(_IDS.findall(but.group(1)))
        fields: frozenset[str] = frozenset()
        for tool in tools or ():
            function = tool.get("function") or {}
            properties = (function.get("parameters") or {}).get("properties") or {}
            fields = fields | frozenset(properties)
        return cls(permitted, fields, left_out)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.permitted)

    def offers(self, name: str) -> bool:
        return name in self.permitted

    def takes(self, field: str) -> bool:
        return field in self.fields

    def permits(self, action: str, element: str | None = None) -> bool:
        """Whether the page permits `action` and, for an element action, on `element`."""
        if action not in self.permitted:
            return False
        allowed = self.permitted[action]
        if element is None:
            return True
        if element in self.left_out.get(action, frozenset()):
            return False
        return allowed is None or element in allowed

    @property
    def evaluates(self) -> bool:
        """Whether the step's answers judge the previous action."""
        return "aligned" in self.fields

    @property
    def has_remedies(self) -> bool:
        return "remedies" in self.fields


# -- a step request ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlanLine:
    """A line of the plan as the step prompt shows it: `2.1. Open ... [running]`."""

    id: str
    text: str
    status: str


@dataclass(frozen=True, slots=True)
class StepView:
    """A `step` request as a model reads it."""

    task: str | None
    plan: tuple[PlanLine, ...]
    subtask: str | None
    history: tuple[HistoryLine, ...]
    has_previous: bool
    page: Observation
    menu: ToolMenu
    remedies: int
    """How many remedies the prompt asks for (0 when the tools take none)."""
    makes_plan: bool = False
    """Whether this turn is asked to make the plan."""

    @classmethod
    def of(cls, request: ChatRequest) -> StepView:
        system, user = system_and_user(request)
        page_at = user.find("\nCurrent page:\n")
        head = user if page_at < 0 else user[:page_at]
        page = "" if page_at < 0 else user[page_at + len("\nCurrent page:\n") :]
        menu = ToolMenu.of(head, request.body.tools)
        remedies = 0
        if menu.has_remedies:
            count = _REMEDY_COUNT.search(system)
            remedies = int(count.group(1)) if count else 2
        return cls(
            task=task_of(user),
            plan=_plan_lines(head),
            subtask=field(head, "Current subtask") or _current(head),
            history=tuple(
                HistoryLine.parse(line) for line in _numbered_block(head, "Actions so far:")
            ),
            has_previous="\nThis turn: judge " in head,
            page=read_page(page),
            menu=menu,
            remedies=remedies,
            makes_plan="\nThis turn: make the plan" in head,
        )

    @property
    def running(self) -> PlanLine | None:
        """The plan line of the subtask being worked on."""
        return next(
            (line for line in self.plan if line.status == "running" and line.text == self.subtask),
            None,
        )


def system_and_user(request: ChatRequest) -> tuple[str, str]:
    """The text of the first system message and of the first user message (later user
    messages are re-asks and answer-format notes)."""
    system = next((m.text() for m in request.body.messages if m.role == "system"), "")
    user = next((m.text() for m in request.body.messages if m.role == "user"), "")
    return system, user


def task_of(text: str) -> str | None:
    """The task line's text (`Task: ...` or `Task being worked on: ...`)."""
    match = re.search(r"^Task(?: being worked on)?: (.*)$", text, re.M)
    return match.group(1).strip() if match else None


def section(text: str, heading: str, end: str | None = None) -> str:
    """The text after the line `heading` (up to the line `end`, if given); empty if absent."""
    start = text.find(f"{heading}\n")
    if start < 0:
        return ""
    body = text[start + len(heading) + 1 :]
    if end is not None:
        stop = body.find(f"\n{end}\n")
        if stop >= 0:
            body = body[:stop]
    return body.strip("\n")


def field(text: str, name: str) -> str | None:
    """The rest of the line `name: ...` in `text`, stripped; None when no line starts so."""
    match = re.search(rf"^{re.escape(name)}: (.*)$", text, re.M)
    return match.group(1).strip() if match else None


def _current(text: str) -> str | None:
    """The plan line marked "(now)": the subtask being worked on."""
    for line in section(text, "Plan:").split("\n"):
        match = _PLAN_LINE.match(line)
        if match and match["now"]:
            return match["text"]
    return None


def _plan_lines(text: str) -> tuple[PlanLine, ...]:
    body = section(text, "Plan:")
    lines = []
    for line in body.split("\n"):
        if not line.strip():
            break
        match = _PLAN_LINE.match(line)
        if match:
            lines.append(PlanLine(match["id"], match["text"], match["status"]))
    return tuple(lines)
