"""Render an accessibility tree as the compact text a model reads.

One line per meaningful node, WebArena style but shorter::

    ## Shop
    [e11] textbox 'Name' value='bob'
    [e13] checkbox 'Agree' checked
    [e14] combobox value='Blue' options: 'Red' | 'Blue'
    - [e20] link 'Home' | [e21] link 'About'

Only *addressable* elements carry an id: elements with an interactive role, and elements a
page marks clickable with a pointer cursor (unless they merely inherit it from a clickable
ancestor); `names` decides that, and what each node is called. Unnamed wrappers vanish, a
container whose children fit on one line is merged into it (list items, table rows,
paragraphs), text that repeats a neighbour's name is dropped, and long text is cut; none of
these ever takes an id away. In viewport mode only nodes whose box meets the viewport are
rendered, and the elements left above or below are counted. A row, list item or merged
line that the viewport's edge cuts says so at its end, and so does a sentence whose link
lies past the edge (the words after it go with it, see `edges.flow_cuts`)::

    14 | open | 2024-06-14 …(continues below)
    free resource (see …(continues below)

and a table the viewport cuts says how much of it is outside::

    table (out of view: 4 rows above, 14 rows below)

Everything here is pure: it runs in unit tests on stored snapshots.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from webagent.observation.edges import (
    ABOVE,
    BELOW,
    CELL_ROLES,
    TABLE_ROLES,
    cut_edges,
    cut_marker,
    flow_cuts,
    header_out_of_view,
    table_out_of_view,
)
from webagent.observation.field_names import FieldNote, field_notes
from webagent.observation.glue import Inline, glued, mark, unglue
from webagent.observation.labels import RenderOptions, node_element, node_line, shown_value
from webagent.observation.lines import Line, drop_repeats, first_top, same_line
from webagent.observation.names import (
    clip,
    content_repeats_name,
    content_text,
    count_link_names,
    has_addressable_inside,
    hides_children,
    is_addressable,
    is_label_of_neighbour,
    is_numbered,
    is_open_summary,
    is_summary,
    numbered_lines,
    repeats_neighbour,
    shown_name,
    without_glyphs,
)
from webagent.observation.observation import Element
from webagent.observation.roles import (
    FORM_FIELD_ROLES,
    INLINE_LEVEL_ROLES,
    MERGEABLE_ROLES,
    TEXT_INPUT_ROLES,
)
from webagent.observation.spans import RowLayout, fillers, layout_of
from webagent.observation.tree import AriaNode, Box

# Roles whose name is not page text (shown only where they carry a line of their own).
_NAMELESS_TEXT = frozenset({"iframe", "document", "img", "presentation", "none"})
_ALWAYS_MERGED = frozenset({"row", "listitem"})
_INLINE_MAX = 160
_ROW_MAX = 400  # a table row reads best on one line even when long
# Nodes that say they are cut even when their content takes several lines.
_FORM_MAX = 12  # fields below the viewport told of, at most
_SUBMITS_MAX = 3  # submit buttons of one form told of, at most (Save, Preview, Changes)
_CUT_STACKED = frozenset({"row", "listitem", "paragraph"})


@dataclass(frozen=True, slots=True)
class Rendering:
    lines: tuple[Line, ...]
    elements: tuple[Element, ...]
    above: int
    below: int


@dataclass(slots=True)
class _Context:
    options: RenderOptions
    link_names: Counter[str]
    listed: dict[tuple[str, ...], str] = field(default_factory=dict)  # option lists shown
    elements: list[Element] = field(default_factory=list)
    heading: str = ""
    above: int = 0
    below: int = 0
    glue: dict[int, Inline] = field(default_factory=dict)
    rows: dict[int, tuple[RowLayout, int]] = field(default_factory=dict)  # spans: layout, width
    grids_used: set[int] = field(default_factory=set)
    form: bool = False  # the last element in view is a form field, and the form goes on
    continued: list[str] = field(default_factory=list)  # its fields below the viewport
    submits: set[Box] = field(default_factory=set)  # of the forms with a field in view
    fields: dict[int, FieldNote] = field(default_factory=dict)  # names, password fields


@dataclass(slots=True)
class _Frag:
    """Rendered output of a subtree before it is laid out: lines, or one inline piece."""

    lines: list[Line]
    inline: bool


_EMPTY = _Frag([], inline=True)


def render_tree(roots: tuple[AriaNode, ...], options: RenderOptions | None = None) -> Rendering:
    """Render `roots` (from `parse_snapshot`) into lines plus the addressable elements shown."""
    options = options or RenderOptions()
    ctx = _Context(options, count_link_names(roots), glue=glued(roots, options.facts.glue))
    ctx.fields = field_notes(roots, options.facts.fields)
    lines: list[Line] = []
    for index, root in enumerate(roots):
        frag = _render(root, ctx, 0, parent=None, siblings=roots, index=index, visible=True)
        lines.extend(frag.lines)
    lines = [_with_cut_marker(replace(line, text=unglue(line.text))) for line in lines]
    if ctx.continued:  # kept whole by a budget: the model fills these by their ids
        text = "The form goes on below the viewport: " + " | ".join(ctx.continued)
        lines.append(Line(0, text, protected=True, in_viewport=False))
    return Rendering(
        lines=tuple(drop_repeats(lines)),
        elements=tuple(ctx.elements),
        above=ctx.above,
        below=ctx.below,
    )


def _render(
    node: AriaNode,
    ctx: _Context,
    depth: int,
    *,
    parent: AriaNode | None,
    siblings: tuple[AriaNode, ...],
    index: int,
    visible: bool,
) -> _Frag:
    options = ctx.options
    if node.role == "text":
        if not (visible or options.full_page) or not node.text:
            return _EMPTY
        text = clip(without_glyphs(node.text), options.max_text)
        if not text or repeats_neighbour(node, parent, siblings, index):
            return _EMPTY
        return _Frag([Line(depth, text, protected=False, in_viewport=visible)], inline=True)

    in_viewport = _in_viewport(node.box, options.viewport, inherited=visible)
    on_screen = in_viewport or options.full_page
    addressable = is_addressable(node, parent)
    summary = addressable and is_summary(node, parent)
    if summary and is_open_summary(node, parent):
        node = node._replace(expanded=True)
    if is_label_of_neighbour(node, addressable, parent, siblings, index):
        return _EMPTY
    if addressable and node.box is not None and not node.box.empty:
        if node.box.bottom <= 0:
            ctx.above += 1
        elif node.box.y >= options.viewport[1]:
            ctx.below += 1
    if node.role == "heading":
        ctx.heading = clip(node.name or node.text or "", options.max_name)
    if not on_screen:
        return _render_hidden(node, ctx, depth, addressable=addressable)
    top = node.box.y if node.box is not None else None

    name = shown_name(node, addressable)
    # The content became the name, or only says part of it again ("Page 2" > "Page", "2"),
    # and holds nothing with an id of its own (a link named "Card Like" around a "Like"
    # button keeps its button).
    folded = addressable and (
        name != node.name or (content_repeats_name(node) and not has_addressable_inside(node))
    )
    name = _field_name(node, name, ctx)
    label = _line(node, name, ctx, addressable, summary) if on_screen else None
    if addressable and on_screen:
        _add_element(node, name, ctx, in_viewport)
    child_depth = depth + 1 if label or node.role == "listitem" else depth

    children: list[_Frag] = []
    if (
        not label
        and on_screen
        and node.name
        and node.role not in _NAMELESS_TEXT
        and node.name != content_text(node, limit=len(node.name) + 1)
        and without_glyphs(node.name)
    ):
        # A name that is not the visible content (aria-label, a cell's text): show it.
        text = clip(without_glyphs(node.name), options.max_text)
        children.append(_Frag([Line(child_depth, text, False, in_viewport, top)], inline=True))
    if node.text is not None and not folded and on_screen and node.role not in TEXT_INPUT_ROLES:
        text = clip(without_glyphs(node.text), options.max_text)
        if text and text != name:
            children.append(_Frag([Line(child_depth, text, False, in_viewport, top)], inline=True))
    if is_numbered(node, options.facts.focused_text):
        numbered = numbered_lines(options.facts.focused_text or "")
        children = [_Frag([Line(child_depth, t, False, in_viewport, top) for t in numbered], False)]
    elif not folded and not hides_children(node):
        children += _render_children(node, ctx, child_depth, in_viewport, top)

    head = None
    if label:
        if node.role in TABLE_ROLES and not options.full_page:
            label += table_out_of_view(node, options.viewport)
        head = Line(depth, label, addressable and in_viewport, in_viewport, top)
    block = node.role == "heading" or (
        node.box is None and not addressable and node.role not in INLINE_LEVEL_ROLES
    )
    frag = _glued(node, _layout(node, head, children, depth, block=block), ctx)
    if not options.full_page and frag.lines:
        frag = _mark_cut(node, frag, options.viewport)
    return frag


def _glued(node: AriaNode, frag: _Frag, ctx: _Context) -> _Frag:
    """An inline element as the page spaces it: joined to the text it touches (see `glue`)."""
    if id(node) not in ctx.glue or len(frag.lines) != 1:
        return frag
    text = mark(frag.lines[0].text, ctx.glue[id(node)])
    return _Frag([replace(frag.lines[0], text=text)], frag.inline)


def _render_children(
    node: AriaNode, ctx: _Context, depth: int, in_viewport: bool, top: int | None
) -> list[_Frag]:
    """The rendered children of an on-screen node; a row's empty cells keep their column
    ("12 | unread | carol |" reads as four cells with the last one empty, not as three that
    slid left), and a table whose header row scrolled away above says its columns first."""
    found: list[_Frag] = []
    siblings = node.children
    if node.role in TABLE_ROLES and ctx.options.facts.grids:  # its spans, from the page
        ctx.rows.update(layout_of(node, ctx.options.facts.grids, ctx.grids_used))
    layout, cell = ctx.rows.get(id(node)), 0

    def fill(texts: list[str]) -> None:
        found.extend(_Frag([Line(depth, text, False, in_viewport, top)], True) for text in texts)

    full = ctx.options.full_page
    below, above = (len(siblings), -1) if full else flow_cuts(node, ctx.options.viewport)
    kept: list[int] = []  # the child each of `found`'s fragments came from
    for position, child in enumerate(siblings):
        after: list[str] = []
        if layout is not None and child.role in CELL_ROLES:
            before, after = fillers(layout[0], cell, layout[1])
            fill(before)
            cell += 1
        past = position > below or position < above  # in the flow beyond the viewport's edge
        frag = _render(
            child,
            ctx,
            depth,
            parent=node,
            siblings=siblings,
            index=position,
            visible=in_viewport and not past,
        )
        if frag.lines:
            found.append(frag)
        elif (
            node.role == "row"
            and child.role in CELL_ROLES
            and not (child.children or child.name or child.text)
            and (
                ctx.options.full_page or _in_viewport(child.box, ctx.options.viewport, in_viewport)
            )
        ):  # an empty cell in view (not one past the viewport's edge, nor one whose content is)
            found.append(_Frag([Line(depth, "", False, in_viewport, top)], inline=True))
        fill(after)
        kept.extend([position] * (len(found) - len(kept)))
    if layout is not None:
        fill(fillers(layout[0], None, layout[1])[0])
    if not full:
        _mark_flow_cut(siblings, found, kept, below, above)
    if node.role in TABLE_ROLES and not ctx.options.full_page and found:
        columns = header_out_of_view(node, ctx.options.viewport)
        if columns:  # the header scrolled away: say which column each value is in
            line = Line(depth, f"(columns: {columns})", False, in_viewport, top)
            found.insert(0, _Frag([line], inline=False))
    return found


def _mark_flow_cut(
    siblings: tuple[AriaNode, ...], found: list[_Frag], kept: list[int], below: int, above: int
) -> None:
    """Mark the running text the viewport's edge cuts inside a container (see `flow_cuts`):
    `(see [link] for details)` with the link and what follows it below reads
    `(see …(continues below)`, never `(see for details)`."""

    def runs_on(cut: int, text_side: range) -> bool:
        return siblings[cut].role in INLINE_LEVEL_ROLES or any(
            siblings[i].role == "text" for i in text_side
        )

    if below < len(siblings) and runs_on(below, range(below + 1, len(siblings))):
        last = max((k for k, position in enumerate(kept) if position < below), default=None)
        if last is not None and siblings[kept[last]].role in INLINE_LEVEL_ROLES:
            lines = found[last].lines
            lines[-1] = replace(lines[-1], cut=lines[-1].cut | BELOW)
    if above >= 0 and runs_on(above, range(above)):
        first = next((k for k, position in enumerate(kept) if position > above), None)
        if first is not None and siblings[kept[first]].role in INLINE_LEVEL_ROLES:
            lines = found[first].lines
            lines[0] = replace(lines[0], cut=lines[0].cut | ABOVE)


def _field_name(node: AriaNode, shown: str, ctx: _Context) -> str:
    """The `shown_name`, but a field without a name of its own is called what the page shows
    (`field_names`), and a password field is never named after its value."""
    note = ctx.fields.get(id(node))
    return shown if note is None or node.name else note.name


def _line(
    node: AriaNode, name: str, ctx: _Context, addressable: bool, summary: bool = False
) -> str | None:
    """The node's line as shown on the page (its option list, if long, kept for the fields
    after it that have the same)."""
    return _node_line(node, name, ctx, addressable, summary, listed=ctx.listed)


def _node_line(
    node: AriaNode,
    name: str,
    ctx: _Context,
    addressable: bool,
    summary: bool = False,
    *,
    listed: dict[tuple[str, ...], str] | None = None,
) -> str | None:
    note = ctx.fields.get(id(node))
    password = note is not None and note.password
    options, names = ctx.options, ctx.link_names
    return node_line(
        node, name, options, names, addressable, summary=summary, password=password, listed=listed
    )


def _element(node: AriaNode, name: str, ctx: _Context, in_viewport: bool) -> Element:
    """The element record behind an id, its value as the line shows it."""
    note = ctx.fields.get(id(node))
    password = note is not None and note.password
    value = shown_value(node, ctx.options, password) if node.role in TEXT_INPUT_ROLES else None
    return node_element(node, name, ctx.heading, in_viewport, value)


def _add_element(node: AriaNode, name: str, ctx: _Context, in_viewport: bool) -> None:
    """An element shown: one with an id; a form field in view may go on below it, and its
    form's submit buttons are told of wherever they are (`PageFacts.forms`)."""
    ctx.elements.append(_element(node, name, ctx, in_viewport))
    field_in_view = in_viewport and node.role in FORM_FIELD_ROLES
    ctx.form = field_in_view and not ctx.continued
    if field_in_view and node.box is not None:
        ctx.submits.update(ctx.options.facts.submits_of(node.box)[:_SUBMITS_MAX])


def _continue_form(node: AriaNode, ctx: _Context) -> None:
    """Note a form's field below the viewport with its id (a form is filled in one action
    from what the model is shown); its first button, or anything but a field, ends it."""
    if node.box is None or node.box.empty or node.box.y < ctx.options.viewport[1]:
        return  # above the viewport, or beside it
    if node.role not in FORM_FIELD_ROLES | {"button"} or len(ctx.continued) >= _FORM_MAX:
        ctx.form = False
        return
    _tell_below(node, ctx)
    ctx.form = node.role != "button"


def _tell_below(node: AriaNode, ctx: _Context) -> None:
    """List an element below the viewport with its id on the form's closing line."""
    name = _field_name(node, shown_name(node, True), ctx)
    ctx.elements.append(_element(node, name, ctx, in_viewport=False))
    ctx.continued.append((_node_line(node, name, ctx, True) or "").split(" options: ")[0])
    if node.box is not None:
        ctx.submits.discard(node.box)


def _render_hidden(node: AriaNode, ctx: _Context, depth: int, *, addressable: bool) -> _Frag:
    """An off-screen node: only what of its subtree is positioned on screen is shown (and a
    form going on below the viewport is noted)."""
    if addressable and ctx.form:
        _continue_form(node, ctx)
    box = node.box
    if addressable and box is not None and box in ctx.submits and box.y >= ctx.options.viewport[1]:
        # A form with a field in view is sent by this button: its id saves a scroll, even
        # past a notice or a link that ended the walk over its fields.
        _tell_below(node, ctx)
    frags = []
    siblings = node.children
    for position, child in enumerate(siblings):
        if child.role == "text":
            continue  # text has no box of its own: it is off screen with its parent
        frag = _render(
            child, ctx, depth, parent=node, siblings=siblings, index=position, visible=False
        )
        if frag.lines:
            frags.append(frag)
    if not frags:
        return _EMPTY
    return _layout(node, None, frags, depth, block=node.role == "heading")


def _layout(
    node: AriaNode, head: Line | None, children: list[_Frag], depth: int, *, block: bool
) -> _Frag:
    """Merge a node and its children onto one line when they fit; else stack them."""
    if head is None and not children:
        return _EMPTY
    pieces = [frag.lines[0] for frag in children if len(frag.lines) == 1 and frag.inline]
    # A heading with no name of its own (its words are its children: "Notes", "[edit]")
    # reads as one line, as on screen.
    unnamed_heading = node.role == "heading" and head is not None and not head.text.strip("# ")
    if len(pieces) == len(children) and (
        (node.role in _ALWAYS_MERGED and not any(piece.block for piece in pieces))
        or (node.role in MERGEABLE_ROLES and same_line(pieces))
        or unnamed_heading
        or not children
    ):
        body = (" | " if node.role == "row" else " ").join(piece.text for piece in pieces)
        body = body.rstrip()  # a row's last cell empty: "carol |"
        text = f"{head.text.rstrip()} {body}".rstrip() if head else body
        if node.role == "listitem":
            text = ("- " + text).rstrip()
        if len(text) <= (_ROW_MAX if node.role == "row" else _INLINE_MAX) or not children:
            cut = 0
            for piece in pieces:
                cut |= piece.cut
            merged = Line(
                depth,
                text,
                protected=any(p.protected for p in pieces) or bool(head and head.protected),
                in_viewport=any(p.in_viewport for p in pieces) or bool(head and head.in_viewport),
                top=head.top if head else first_top(pieces),
                block=block,
                cut=cut,
            )
            return _Frag([merged], inline=True)
    lines: list[Line] = [head] if head is not None else []
    for frag in children:
        lines.extend(line for line in frag.lines if line.text or not frag.inline)
    if node.role == "listitem":
        lines[0] = replace(lines[0], depth=depth, text="- " + lines[0].text, block=False)
    return _Frag(lines, inline=False)


def _mark_cut(node: AriaNode, frag: _Frag, viewport: tuple[int, int]) -> _Frag:
    """Note on `frag` the viewport edges that `node`'s box runs past, when that cuts what the
    model reads: a line merged from a container (a row, a list item, a paragraph, a block),
    or the first and last lines of a row, list item or paragraph that takes several."""
    merged = frag.inline and len(frag.lines) == 1 and node.role in MERGEABLE_ROLES
    if not (merged or (not frag.inline and node.role in _CUT_STACKED)):
        return frag
    cut = cut_edges(node.box, viewport)
    if not cut:
        return frag
    lines = list(frag.lines)
    first, last = 0, len(lines) - 1
    lines[first] = replace(lines[first], cut=lines[first].cut | (cut & ~BELOW))
    if cut & BELOW:
        lines[last] = replace(lines[last], cut=lines[last].cut | BELOW)
    return _Frag(lines, inline=frag.inline)


def _with_cut_marker(line: Line) -> Line:
    """`line` with ` …(continues below)` (or above, to the right, ...) at its end: the row
    or line goes on past the viewport's edge."""
    return replace(line, text=line.text + cut_marker(line.cut)) if line.cut else line


def _in_viewport(box: Box | None, viewport: tuple[int, int], inherited: bool) -> bool:
    if box is None or box.empty:
        return inherited
    return box.intersects(*viewport)
