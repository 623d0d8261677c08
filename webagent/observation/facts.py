"""What the page says that its accessibility snapshot does not, for rendering (read by the
browser: `webagent.browser.page_facts`)."""

from __future__ import annotations

from dataclasses import dataclass

from webagent.observation.glue import Inline
from webagent.observation.spans import Grid


@dataclass(frozen=True, slots=True)
class PageFacts:
    focused_text: str | None = None
    """The focused text area's value, or the focused editor's text, line breaks kept (the
    snapshot runs its lines together); None when no such field has the focus."""
    grids: tuple[Grid, ...] = ()
    """The layout of each laid-out table with a spanning cell, in document order."""
    glue: tuple[Inline, ...] = ()
    """Each inline element with a role (`glue.GLUE_ROLES`), in document order: whether it
    touches the text before and after it, and its text when it keeps runs of spaces."""
