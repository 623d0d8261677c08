"""Names and advice for learned states, written by a model from a few of their pages: one
query per state (`name_state`), its fixed instructions first so a provider's prefix cache
serves them from the second state on.

    name_groups(client, groups, generic, origin)   # sets each group's name, description, advice
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from webagent.explore.draft import Group
from webagent.llm.queries import Query
from webagent.observation.names import clip
from webagent.sites.profile import Profile

EXAMPLES = 3
"""Pages shown to the model per state."""
PAGE_CHARS = 2000
"""Each example page's text is cut to this many characters."""


class StateText(BaseModel):
    """What the model writes for one state."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$")
    description: str = Field(min_length=1)
    instructions: str = Field(min_length=1)


NAME_STATE = Query.json("name_state", StateText)


def _without_shared_lines(group: Group) -> list[str]:
    """The example pages' texts without the lines every one of them shows (the header's
    menus, the footer: the same on every page, not what the page is), so that what is cut to
    `PAGE_CHARS` is the page's own content."""
    texts = [page.observation().text for page in group.pages[:EXAMPLES]]
    if len(texts) < 2:
        return texts
    shared = set.intersection(*(set(_unnumbered(t).splitlines()) for t in texts))
    return [
        "\n".join(line for line in text.splitlines() if _unnumbered(line) not in shared or not line)
        for text in texts
    ]


_ID = re.compile(r"\[[a-z0-9]+\] ")


def _unnumbered(text: str) -> str:
    """Without element ids (`[f3e13] `), which differ between pages for the same link."""
    return _ID.sub("", text)


_CONTROL = re.compile(
    r"\[[a-z0-9]+\] (button|textbox|searchbox|combobox|checkbox|radio|spinbutton|switch|tab)"
    r" '([^']{1,60})'"
)
LATER_CHARS = 400
"""At most this much of a cut page's later controls is named after the cut."""


def cut_page(text: str, limit: int) -> str:
    """A page's text cut to `limit` characters at a line's end, then the controls the rest
    of it holds, named (`button 'Submit Changes'`): what a state's pages let a person do is
    often at their end (a form's button below its fields)."""
    if len(text) <= limit:
        return text
    head = text[:limit].rsplit("\n", 1)[0] if "\n" in text[:limit] else clip(text, limit)
    found = _CONTROL.findall(text[len(head) :])
    found.sort(key=lambda control: control[0] not in ("button", "tab"))  # what it lets one do
    later = list(dict.fromkeys(f"{role} '{name}'" for role, name in found))
    if not later:
        return head + "\n…"
    return head + "\n… (cut; below it: " + clip(", ".join(later), LATER_CHARS) + ")"


def name_groups(client: Any, groups: list[Group], generic: Profile, origin: str) -> None:
    """Ask for each group's name, description and instructions; names are made unique
    (`_2`), and the fallback's name `other` is left to the fallback."""
    kinds = {state.name: state for state in generic.states}
    taken: set[str] = set()
    for group in groups:
        kind = kinds.get(group.kind) or kinds["other"]
        pages = [
            {"url": page.url, "text": cut_page(text, PAGE_CHARS)}
            for page, text in zip(group.pages, _without_shared_lines(group), strict=False)
        ]
        answer: StateText = client.ask(
            NAME_STATE,
            kind=group.kind,
            kind_description=kind.description,
            origin=origin,
            templates=", ".join(group.templates),
            pages=pages,
        )
        base = re.sub(r"_+", "_", answer.name).strip("_") or group.kind
        name, number = (base if base != "other" else "other_page"), 2
        while name in taken:
            name, number = f"{base}_{number}", number + 1
        taken.add(name)
        group.name = name
        group.description = answer.description.strip()
        group.instructions = answer.instructions.strip()
