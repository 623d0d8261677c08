"""WebArena's action grammar, read leniently and written back exactly.

    click [e12]            type [e12] [text] [1]     hover [e12]      press [Control+a]
    append [e12] [text]    insert [e12] [4] [text]   replace [e12] [old] [new]
    fill_form [e3] [Ann] [e4] [Lee] [e9] [yes]
    scroll [down]          select [e12] [Blue]       new_tab          tab_focus [1]
    close_tab              goto [http://...]         go_back          go_forward
    stop [answer]          note_down [text]

Models write these loosely: ids without the `e` (`click [12]`), quotes, no brackets, code
fences, a sentence before the action, `press_enter_after=0`. `parse_action` accepts all of
that and returns a typed action; `format_action` writes the canonical form.
"""

from __future__ import annotations

import re
from dataclasses import fields

from webagent.actions.action import (
    ACTIONS_BY_NAME,
    ELEMENT_ID,
    Action,
    Append,
    Click,
    CloseTab,
    FillForm,
    FormField,
    GoBack,
    GoForward,
    Goto,
    Hover,
    Insert,
    NewTab,
    NoteDown,
    Press,
    Replace,
    Scroll,
    SelectOption,
    Stop,
    TabFocus,
    TypeText,
)
from webagent.errors import ActionParseError

_ALIASES = {
    "type_text": "type",
    "fill": "type",
    "input": "type",
    "select_option": "select",
    "choose": "select",
    "go_to": "goto",
    "open": "goto",
    "navigate": "goto",
    "back": "go_back",
    "goback": "go_back",
    "forward": "go_forward",
    "goforward": "go_forward",
    "newtab": "new_tab",
    "open_tab": "new_tab",
    "switch_tab": "tab_focus",
    "tabfocus": "tab_focus",
    "closetab": "close_tab",
    "key": "press",
    "key_press": "press",
    "keypress": "press",
    "answer": "stop",
    "finish": "stop",
    "done": "stop",
    "note": "note_down",
    "notedown": "note_down",
    "scroll_up": "scroll",
    "scroll_down": "scroll",
    "add": "append",
    "append_text": "append",
    "insert_line": "insert",
    "replace_text": "replace",
    "fillform": "fill_form",
    "fill_fields": "fill_form",
}
_KEY_NAMES = {
    "ctrl": "Control",
    "control": "Control",
    "cmd": "Meta",
    "command": "Meta",
    "meta": "Meta",
    "win": "Meta",
    "super": "Meta",
    "alt": "Alt",
    "option": "Alt",
    "shift": "Shift",
    "enter": "Enter",
    "return": "Enter",
    "esc": "Escape",
    "escape": "Escape",
    "tab": "Tab",
    "space": "Space",
    "spacebar": "Space",
    "backspace": "Backspace",
    "delete": "Delete",
    "del": "Delete",
    "insert": "Insert",
    "home": "Home",
    "end": "End",
    "pageup": "PageUp",
    "pagedown": "PageDown",
    "up": "ArrowUp",
    "down": "ArrowDown",
    "left": "ArrowLeft",
    "right": "ArrowRight",
    "arrowup": "ArrowUp",
    "arrowdown": "ArrowDown",
    "arrowleft": "ArrowLeft",
    "arrowright": "ArrowRight",
    "controlormeta": "ControlOrMeta",
}
_FENCE = re.compile(r"```(?:[a-z]*\n)?(.*?)```", re.DOTALL)
_HEAD = re.compile(r"^\s*([A-Za-z][A-Za-z_-]*)\s*(.*)$", re.DOTALL)
_ENTER_FLAG = re.compile(
    r"\s*\[\s*(?:press_enter_after\s*[=:]?\s*)?([01]|true|false)\s*\]\s*$", re.I
)
_SCROLL_WORDS = {"up": "up", "down": "down", "page_up": "up", "page_down": "down"}


def parse_action(text: str) -> Action:
    """Parse one action written in the grammar; raise `ActionParseError` with the reason."""
    source = _action_text(text)
    match = _HEAD.match(source)
    if match is None:
        raise ActionParseError(f"no action in {text!r}")
    word = match.group(1).lower().replace("-", "_")
    rest = match.group(2).strip()
    name = _ALIASES.get(word, word)
    if name not in ACTIONS_BY_NAME:
        known = ", ".join(ACTIONS_BY_NAME)
        raise ActionParseError(f"unknown action {match.group(1)!r} (known: {known})")
    if name == "scroll" and word in ("scroll_up", "scroll_down") and not rest:
        rest = word.removeprefix("scroll_")
    return _build(name, rest, text)


def format_action(action: Action) -> str:
    """The canonical grammar text of `action`, e.g. `type [e5] [hello] [0]`."""
    values = {field.name: getattr(action, field.name) for field in fields(action)}
    parts = [action.name]
    for name in action.signature:
        value = values[name]
        if isinstance(action, FillForm):
            parts.extend(f"[{field.element}] [{field.value}]" for field in action.fields)
            continue
        if isinstance(value, bool):
            value = int(value)
        parts.append(f"[{value}]")
    return " ".join(parts)


def normalize_element_id(raw: str) -> str:
    """`12`, `[12]`, `"e12"`, `E12` -> `e12`; frame ids such as `f1e3` are kept."""
    cleaned = raw.strip().strip("[]'\"`() ").lower()
    cleaned = cleaned.removeprefix("id=").removeprefix("#")
    if cleaned.isdigit():
        cleaned = "e" + cleaned
    if not ELEMENT_ID.match(cleaned):
        raise ActionParseError(f"{raw.strip()!r} is not an element id (like e12)")
    return cleaned


def normalize_keys(raw: str) -> str:
    """Key names as Playwright spells them: `ctrl+A` -> `Control+A`, `enter` -> `Enter`."""
    keys = [key.strip() for key in re.split(r"\s*\+\s*", raw.strip()) if key.strip()]
    if not keys:
        raise ActionParseError("press needs a key, e.g. press [Enter]")
    out = []
    for key in keys:
        known = _KEY_NAMES.get(key.lower().replace("_", "").replace(" ", ""))
        if known:
            out.append(known)
        elif re.fullmatch(r"[fF]([1-9]|1[0-2])", key):
            out.append(key.upper())
        else:
            out.append(key)
    return "+".join(out)


def _action_text(text: str) -> str:
    """The action inside a model's reply: the last code block, or the last non-empty line."""
    fenced = _FENCE.findall(text)
    if fenced:
        text = fenced[-1]
    text = text.strip().strip("`").strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise ActionParseError("empty action")
    if len(lines) > 1:
        # Keep a multi-line argument (stop/note_down/type) when the first line starts an action.
        head = _HEAD.match(lines[0])
        if head and _ALIASES.get(head.group(1).lower(), head.group(1).lower()) in ACTIONS_BY_NAME:
            return text
        return lines[-1]
    return lines[0]


def _build(name: str, rest: str, original: str) -> Action:
    if name in ("new_tab", "close_tab", "go_back", "go_forward"):
        simple: dict[str, Action] = {
            "new_tab": NewTab(),
            "close_tab": CloseTab(),
            "go_back": GoBack(),
            "go_forward": GoForward(),
        }
        return simple[name]
    if name in ("click", "hover"):
        element = normalize_element_id(_first_arg(rest, name))
        return Click(element) if name == "click" else Hover(element)
    if name == "type":
        element, remainder = _split_first(rest, name)
        press_enter = True
        flag = _ENTER_FLAG.search(remainder)
        if flag and _bracketed(remainder[: flag.start()]):
            press_enter = flag.group(1).lower() in ("1", "true")
            remainder = remainder[: flag.start()]
        elif re.search(r"\S\s+[01]$", remainder.strip()) and not _bracketed(remainder):
            # `type [e19] alice 0`: the text "alice 0", or "alice" without Enter?
            raise ActionParseError(
                f"write the text in brackets, then the Enter flag: type [{element.strip('[]')}] "
                f"[{remainder.strip()[:-1].strip()}] [{remainder.strip()[-1]}] (or the whole "
                "text in brackets if it ends in that digit)"
            )
        return TypeText(normalize_element_id(element), _unwrap(remainder), press_enter)
    if name in ("append", "insert", "replace"):
        return _edit(name, rest)
    if name == "fill_form":
        return _fill_form(rest)
    if name == "select":
        element, remainder = _split_first(rest, name)
        option = _unwrap(remainder)
        if not option:
            raise ActionParseError("select needs an option, e.g. select [e12] [Blue]")
        return SelectOption(normalize_element_id(element), option)
    if name == "press":
        return Press(normalize_keys(_unwrap(rest)))
    if name == "scroll":
        word = _unwrap(rest).lower().replace(" ", "_").removeprefix("direction=")
        if word not in _SCROLL_WORDS:
            raise ActionParseError(f"scroll needs [up] or [down], not {rest!r}")
        return Scroll("up" if _SCROLL_WORDS[word] == "up" else "down")
    if name == "tab_focus":
        value = _unwrap(rest)
        if not value.isdigit():
            raise ActionParseError(f"tab_focus needs a tab index like [1], not {rest!r}")
        return TabFocus(int(value))
    if name == "goto":
        url = _unwrap(rest)
        if not url:
            raise ActionParseError("goto needs a URL, e.g. goto [http://example.com]")
        return Goto(url)
    if name == "stop":
        return Stop(_unwrap(rest))
    if name == "note_down":
        note = _unwrap(rest)
        if not note:
            raise ActionParseError("note_down needs the text to note")
        return NoteDown(note)
    raise ActionParseError(f"cannot parse {original!r}")  # pragma: no cover - names are closed


_EDIT_FORMS = {
    "append": "append [e12] [text]",
    "insert": "insert [e12] [4] [text]",
    "replace": "replace [e12] [old text] [new text]",
}


def _edit(name: str, rest: str) -> Action:
    element, remainder = _split_first(rest, name)
    element = normalize_element_id(element)
    form = _EDIT_FORMS[name]
    if name == "append":
        return Append(element, _unwrap(remainder, exact=True))
    if name == "insert":
        line, text = _split_first(remainder, name) if remainder.strip() else ("", "")
        if not line.strip().isdigit() or int(line) < 1:
            raise ActionParseError(f"insert needs a line number from 1, then the text: {form}")
        return Insert(element, int(line), _unwrap(text, exact=True))
    pair = _two_arguments(remainder)
    if pair is None or not pair[0]:
        raise ActionParseError(f"replace needs the exact text to replace, then the new: {form}")
    return Replace(element, *pair)


def _two_arguments(text: str) -> tuple[str, str] | None:
    """`[old] [new]` -> (old, new), brackets inside each kept when they pair up
    (`[[[Help]]] [[[Help:Contents]]]`); else split at the only `] [`."""
    parts = _bracketed_arguments(text)
    if parts is not None and len(parts) == 2:
        return parts[0], parts[1]
    text = text.strip()
    inner = text[1:-1] if _bracketed(text) else ""
    if inner.count("] [") == 1:
        old, new = inner.split("] [")
        return old, new
    return None


def _bracketed_arguments(text: str) -> list[str] | None:
    """`[a] [b [c]] [d]` -> ["a", "b [c]", "d"]: brackets inside an argument kept when they
    pair up; None when the text is not a run of bracketed arguments."""
    parts: list[str] = []
    depth, start = 0, -1
    for index, char in enumerate(text.strip()):
        if char == "[":
            if depth == 0:
                start = index + 1
            depth += 1
        elif char == "]" and depth > 0:
            depth -= 1
            if depth == 0:
                parts.append(text.strip()[start:index])
        elif depth == 0 and not char.isspace():
            return None
    return parts if depth == 0 else None


def _fill_form(rest: str) -> FillForm:
    """`fill_form [e3] [Ann] [e4] [Lee]`: elements and values in pairs."""
    parts = _bracketed_arguments(rest)
    if not parts or len(parts) % 2:
        raise ActionParseError(
            "fill_form needs each field's id, then its value, in pairs: "
            "fill_form [e3] [Ann] [e4] [Lee] [e9] [yes]"
        )
    pairs = zip(parts[::2], parts[1::2], strict=True)
    return FillForm(tuple(FormField(normalize_element_id(e), value) for e, value in pairs))


def _first_arg(rest: str, name: str) -> str:
    element, _ = _split_first(rest, name)
    return element


def _split_first(rest: str, name: str) -> tuple[str, str]:
    """Split off the first argument (the element id): `[e5] [hi] [0]` -> `e5`, `[hi] [0]`."""
    rest = rest.strip()
    if not rest:
        raise ActionParseError(f"{name} needs an element id, e.g. {name} [e12]")
    if rest.startswith("["):
        end = rest.find("]")
        if end < 0:
            raise ActionParseError(f"unclosed bracket in {rest!r}")
        return rest[1:end], rest[end + 1 :].strip()
    first, _, remainder = rest.partition(" ")
    return first.rstrip(","), remainder.strip()


def _bracketed(text: str) -> bool:
    text = text.strip()
    return text.startswith("[") and text.endswith("]")


def _unwrap(text: str, *, exact: bool = False) -> str:
    """The content of one `[...]` argument (outermost brackets only), or the bare text;
    `exact` keeps the spaces inside the brackets (text an edit adds to what is there)."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
        if exact:
            return text
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        text = text[1:-1]
    return text
