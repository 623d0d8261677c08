"""Whether a replayed page is the recorded one, whatever the machine renders: pure.

What a viewport shows depends on fonts, the window's size, the device's scale and the
Chromium build: one more line of a product card fits, a row wraps, an element is cut at the
edge. None of that is what a recording tests. So a replay reads the live page whole (no
geometry) and checks that it holds everything the model was shown, in the same order:

- every element the recorded page offered (`[e12] link 'Home'`) is there with the same id,
  and what the recording showed after it (its role, name, value, state and the text up to
  the next element) is there too, word for word, in order;
- what the viewport alone added is left out on both sides: the "(Viewport only: ...)" line,
  " …(continues below)" and " (out of view: ...)" marks, a table's "(columns: ...)" line
  (its header row repeated when it scrolled away), the line listing a form's fields below
  the viewport, and the token budget's
  "[… N lines cut ...]" lines; a field's option list is written out where the rendering
  pointed at an earlier field's (`options: as [e12]`), since which one came first in view
  depends on the viewport too. Lines are compared as words because where a line breaks (two
  inline pieces side by side, or stacked) follows the layout too.

    difference = page_difference(recorded_text, live_whole_page_text)
    if difference is not None:
        print(difference.describe())
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from webagent.observation import Observation
from webagent.observation.tokens import count_tokens

_VIEW_LINE = re.compile(
    r"^\(Viewport only: .*\)$|^\[… \d+ lines cut to fit the token budget\]$"
    r"|^[ \t]*\(columns: .*\)$"  # a table's header repeated: its header row scrolled away
    r"|^The form goes on below the viewport: .*$",  # a form's fields the viewport cut off
    re.MULTILINE,
)
_VIEW_MARK = re.compile(r" …\(continues [a-z ]+\)| \(out of view: [^)]*\)")
_HEADER = re.compile(r"(URL|Title|HTTP status|Tabs|Dialog|Download|Popup|Last action failed): ")
_ID = re.compile(r"^\[([a-z]*\d*e\d+)\]$")
_BULLET = frozenset({"-", "|", "#", "##", "###", "####", "#####", "######"})


@dataclass(frozen=True, slots=True)
class _Word:
    text: str
    line: int
    """Its line (0-based) in the text it came from."""


@dataclass(frozen=True, slots=True)
class PageDifference:
    """The first thing the model was shown that the replayed page does not hold."""

    line: int
    """Its line in the recorded observation (1-based)."""
    recorded: str
    """That line, as the model read it."""
    element: str | None
    """The id of the element the line shows (or follows), if any."""
    now: str | None
    """The replayed page's line for that element (its id), if the page still has it."""
    missing: str
    """The first word of the line that is not there."""
    in_label: bool
    """Whether that word is the element's own (its role, name, value or state), not text
    after it."""
    replayed: str
    """The replayed page's lines over the stretch the recorded page showed (for a diff)."""

    def describe(self) -> str:
        """One sentence for a person: what differs, and why it matters."""
        where = f"line {self.line} of the recorded page"
        if self.element is not None and self.now is None:
            return (
                f"{where} shows element [{self.element}], which the replayed page does not "
                "have: the model would be offered another set of elements"
            )
        if self.element is not None and self.in_label:
            return (
                f"{where}: element [{self.element}] reads otherwise now ({self.missing!r} is "
                f"not there): the model would read another name, value or state"
            )
        return (
            f"{where}: the text {self.missing!r} is not on the replayed page where the model "
            "read it: the model would read other words"
        )


_QUOTED = r"""(?:'(?:[^'\\]|\\.)*'|"[^"]*")"""
_OPTIONS = rf"{_QUOTED}(?: \| {_QUOTED})*(?: \(\+\d+ more\))?"
_LISTED = re.compile(
    rf"\[([a-z]*\d*e\d+)\] combobox(?: {_QUOTED})?(?: [a-z]+)*(?: value={_QUOTED})? "
    rf"options: ({_OPTIONS})"
)
_SAME_LIST = re.compile(r" options: as \[([a-z]*\d*e\d+)\]")


def view_free(text: str) -> str:
    """`text` without what only the viewport decided (see the module's docstring)."""
    return _VIEW_MARK.sub("", _VIEW_LINE.sub("", _lists_in_full(text)))


def _lists_in_full(text: str) -> str:
    """A field's option list written out where the rendering pointed at an earlier field's
    (`options: as [e12]`): which field shows a list first depends on what was in view."""
    lists = {match.group(1): match.group(2) for match in _LISTED.finditer(text)}
    return _SAME_LIST.sub(lambda m: f" options: {lists.get(m.group(1), '')}".rstrip(), text)


def page_difference(recorded: str, live: str) -> PageDifference | None:
    """None when the live page (rendered whole) holds everything the recorded observation
    showed the model, in the same order; else the first thing it lacks.

    Element ids are anchors: each recorded one must be on the live page, in the same order,
    with the same role right after it, and the words recorded after it must appear, in
    order, before the live page's next recorded element."""
    want = _words(view_free(recorded))
    have = _words(view_free(live))
    where = {word.text: index for index, word in enumerate(have) if _ID.match(word.text)}
    position = 0
    for index, word in enumerate(want):
        if _ID.match(word.text):
            found = where.get(word.text)
            if found is None or found < position:
                return _difference(recorded, live, want, index, have)
            position = found + 1
            continue
        if index and _ID.match(want[index - 1].text):  # an element's role: right after its id
            if position >= len(have) or have[position].text != word.text:
                return _difference(recorded, live, want, index, have)
            position += 1
            continue
        limit = _next_anchor(want, index, where, len(have))
        while position < limit and have[position].text != word.text:
            position += 1
        if position >= limit:
            return _difference(recorded, live, want, index, have)
        position += 1
    return None


def _words(text: str) -> list[_Word]:
    return [
        _Word(word, number)
        for number, line in enumerate(text.splitlines())
        for word in line.split()
        if word not in _BULLET
    ]


def _next_anchor(want: list[_Word], index: int, where: dict[str, int], end: int) -> int:
    """Where on the live page the next recorded element is (the words before it must be
    found before it), or the page's end."""
    for word in want[index + 1 :]:
        if _ID.match(word.text):
            return where.get(word.text, end)
    return end


def _difference(
    recorded: str, live: str, want: list[_Word], index: int, have: list[_Word]
) -> PageDifference:
    recorded_lines = recorded.splitlines()  # the view-free form keeps every line's place
    live_lines = view_free(live).splitlines()
    number = want[index].line
    element = _element_before(want, index)
    now = next((line for line in live_lines if f"[{element}]" in line), None) if element else None
    return PageDifference(
        line=number + 1,
        recorded=recorded_lines[number] if number < len(recorded_lines) else "",
        element=element,
        now=now.strip() if now is not None else None,
        missing=want[index].text,
        in_label=_in_label(want, index),
        replayed="\n".join(_stretch(want, have, live_lines, recorded)),
    )


def _stretch(want: list[_Word], have: list[_Word], live: list[str], recorded: str) -> list[str]:
    """The live page's lines over the part of it the recorded page showed: from its first
    element's line (less the recorded lines before it) to its last element's (plus the
    recorded lines after it); the whole page when no recorded element is on it."""
    lines = {word.text: word.line for word in have if _ID.match(word.text)}
    kept = [n for n, line in enumerate(view_free(recorded).splitlines()) if line.strip()]
    rank = {line: position for position, line in enumerate(kept)}  # lines the model read
    anchors = [(rank[word.line], lines[word.text]) for word in want if word.text in lines]
    if not anchors:
        return live
    (first_recorded, first_live), (last_recorded, last_live) = anchors[0], anchors[-1]
    header = 0
    while header < len(live) and _HEADER.match(live[header]):
        header += 1
    start = max(header, first_live - first_recorded)
    return live[:header] + live[start : last_live + (len(kept) - last_recorded)]


def _element_before(want: list[_Word], index: int) -> str | None:
    """The element whose part of the page the word at `index` is in (itself, or the last
    one before it on its line)."""
    line = want[index].line
    for word in reversed(want[: index + 1]):
        if word.line != line:
            break
        match = _ID.match(word.text)
        if match:
            return match.group(1)
    return None


def _in_label(want: list[_Word], index: int) -> bool:
    """Whether the word at `index` belongs to an element's label: its role (right after its
    id), and its quoted name with what follows it in brackets or as `value=`."""
    words: list[str] = []
    for word in reversed(want[: index + 1]):
        if word.line != want[index].line:
            return False
        if _ID.match(word.text):
            break
        words.append(word.text)
    else:
        return False
    words.reverse()  # the role, then the rest up to the word in question
    if len(words) <= 1:
        return True
    name = " ".join(words[1:])
    return not name.startswith("'") or name.count("'") < 2 or name.endswith("'")


_BUDGET_CUT = re.compile(r"(?m)^ *\[… \d+ lines cut to fit the token budget\]$")
_SHOWN_ID = re.compile(r"(?<![\w\[])\[([a-z]*\d*e\d+)\](?= )")
_SCROLL = re.compile(
    r"(?m)^\(Viewport only: more elements (?:(\d+) above)?(?: and )?(?:(\d+) below)?;"
)


def as_recorded(live: Observation, text: str, *, full_page: bool) -> Observation:
    """The live page (read whole) as the recording showed it: the recorded `text`, the
    elements it shows (the live ones, with those ids), and what the text says of the
    viewport and the budget. The tree, URL, tabs and status stay the live page's."""
    shown = set(_SHOWN_ID.findall(text))
    scroll = _SCROLL.search(text)
    above, below = (int(scroll[1] or 0), int(scroll[2] or 0)) if scroll else (0, 0)
    return replace(
        live,
        text=text,
        elements=tuple(element for element in live.elements if element.id in shown),
        tokens=count_tokens(text),
        truncated=_BUDGET_CUT.search(text) is not None,
        full_page=full_page,
        above=above,
        below=below,
    )
