"""Assemble an `Observation` from a parsed tree: header, body, and the token budget.

The budget never removes an addressable element inside the viewport. It first drops plain
lines farthest from the viewport, then plain lines inside it from the bottom up, and marks
every cut with an explicit line so the model knows text is missing.
"""

from __future__ import annotations

from collections.abc import Sequence

from webagent.observation.labels import RenderOptions
from webagent.observation.lines import Line
from webagent.observation.observation import Observation, PageEvent, TabInfo
from webagent.observation.render import render_tree
from webagent.observation.tokens import count_tokens, count_tokens_each
from webagent.observation.tree import AriaNode

DEFAULT_VIEWPORT_BUDGET = 3000
_MARKER = "[… {count} lines cut to fit the token budget]"


def compose_observation(
    roots: tuple[AriaNode, ...],
    *,
    url: str,
    title: str,
    options: RenderOptions | None = None,
    budget: int | None = None,
    tabs: Sequence[TabInfo] = (),
    events: Sequence[PageEvent] = (),
    error: str | None = None,
    status: int | None = None,
) -> Observation:
    """Render `roots` for the model. `budget` is a cap in o200k tokens for the whole text.
    `status` is the HTTP status of the page's document, when known; one of 400 or more is
    shown in the header."""
    options = options or RenderOptions(page_url=url)
    rendering = render_tree(roots, options)
    header = _header(url, title, tabs, events, error, status)
    scroll = _scroll_note(rendering.above, rendering.below, options.full_page)
    body = list(rendering.lines)
    truncated = False
    indent = options.indent

    def assemble(lines: Sequence[Line | str]) -> str:
        out = [*header]
        if scroll:
            out.append(scroll)
        out.extend(
            line if isinstance(line, str) else indent * line.depth + line.text for line in lines
        )
        return "\n".join(out)

    text = assemble(body)
    tokens = count_tokens(text)
    if budget is not None and tokens > budget:
        kept = _fit(body, budget - count_tokens(assemble([])), indent)
        text = assemble(kept)
        tokens = count_tokens(text)
        truncated = True
    return Observation(
        url=url,
        title=title,
        text=text,
        elements=rendering.elements,
        tabs=tuple(tabs),
        events=tuple(events),
        error=error,
        tokens=tokens,
        truncated=truncated,
        full_page=options.full_page,
        viewport=options.viewport,
        above=rendering.above,
        below=rendering.below,
        tree=roots,
        status=status,
    )


def _fit(lines: list[Line], budget: int, indent: str) -> list[Line | str]:
    """Drop unprotected lines, least useful first, until the body fits in `budget` tokens."""
    costs = count_tokens_each([indent * line.depth + line.text for line in lines])
    total = sum(costs) + len(lines)  # one token per newline
    marker_cost = count_tokens(_MARKER.format(count=100)) + 1
    # Lines outside the viewport go first, bottom up; then lines inside it, bottom up.
    order = sorted(
        (index for index, line in enumerate(lines) if not line.protected),
        key=lambda index: (lines[index].in_viewport, -index),
    )
    dropped: set[int] = set()
    runs = 0  # each run of dropped lines costs one marker line
    for index in order:
        if total + marker_cost * runs <= budget:
            break
        runs += 1 - (index - 1 in dropped) - (index + 1 in dropped)
        dropped.add(index)
        total -= costs[index] + 1
    out: list[Line | str] = []
    run = 0
    for index, line in enumerate(lines):
        if index in dropped:
            run += 1
            continue
        if run:
            out.append(_MARKER.format(count=run))
            run = 0
        out.append(line)
    if run:
        out.append(_MARKER.format(count=run))
    return out


def _header(  # noqa: PLR0917
    url: str,
    title: str,
    tabs: Sequence[TabInfo],
    events: Sequence[PageEvent],
    error: str | None,
    status: int | None = None,
) -> list[str]:
    lines = [f"URL: {url}", f"Title: {title}" if title else "Title: (none)"]
    if status is not None and status >= 400:
        lines.append(f"HTTP status: {status} (the server answered with an error)")
    if len(tabs) > 1:
        listed = "; ".join(
            f"[{tab.index}] {tab.title or tab.url}{' (current)' if tab.active else ''}"
            for tab in tabs
        )
        lines.append(f"Tabs: {listed}")
    lines.extend(f"{event.kind.capitalize()}: {event.message}" for event in events)
    if error:
        lines.append(f"Last action failed: {error}")
    return lines


def _scroll_note(above: int, below: int, full_page: bool) -> str:
    if full_page or not (above or below):
        return ""
    parts = []
    if above:
        parts.append(f"{above} above")
    if below:
        parts.append(f"{below} below")
    return f"(Viewport only: more elements {' and '.join(parts)}; scroll to see them.)"
