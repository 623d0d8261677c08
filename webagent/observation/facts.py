"""What the page says that its accessibility snapshot does not, for rendering (read by the
browser: `webagent.browser.page_facts`)."""

from __future__ import annotations

from dataclasses import dataclass

from webagent.observation.glue import Inline
from webagent.observation.spans import Grid
from webagent.observation.tree import Box


@dataclass(frozen=True, slots=True)
class FormLayout:
    """One form of the page by where its controls are: the boxes of its fields and of its
    submit buttons, rounded as the snapshot rounds them, so that a box names the snapshot's
    node (the snapshot shows a form without a name as a bare `generic`)."""

    fields: frozenset[Box]
    submits: tuple[Box, ...]


@dataclass(frozen=True, slots=True)
class FieldFacts:
    """One form field of the page as the snapshot cannot say it: its box (rounded as the
    snapshot rounds them; None when it has no size), whether it is a password field, and its
    `name` attribute (what a field without a label is called in the page's code)."""

    box: Box | None
    password: bool = False
    key: str = ""


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
    lines: tuple[tuple[str, int], ...] = ()
    """Each laid-out text area holding more than one line, in document order: its text with
    the whitespace runs made single spaces (as the snapshot gives it, to match it by), and
    its number of lines."""
    forms: tuple[FormLayout, ...] = ()
    """Each laid-out form with a field and a submit button, in document order."""
    fields: tuple[FieldFacts, ...] = ()
    """Each visible field with a text, number or choice role (`field_names.FIELD_ROLES`), in
    document order, open shadow roots included."""

    def submits_of(self, field: Box) -> tuple[Box, ...]:
        """The submit buttons of the form the field at `field` belongs to (none when no form
        is known to hold it)."""
        return next((form.submits for form in self.forms if field in form.fields), ())

    def lines_of(self, value: str) -> int:
        """How many lines the text area whose value the snapshot shows as `value` holds (1
        when none is known to hold more)."""
        shown = " ".join(value.split())
        return next((count for text, count in self.lines if text == shown), 1)
