"""The lines a rendering is made of, and how pieces of them share a line."""

from __future__ import annotations

from dataclasses import dataclass

SAME_LINE_PX = 8


@dataclass(frozen=True, slots=True)
class Line:
    """One rendered line; `protected` lines hold an addressable element inside the viewport.

    `top` is the y of the node it came from (when the snapshot has boxes); `block` marks a
    line that must keep a line of its own among its siblings (see `same_line`); `cut` is
    the set of viewport edges (`edges.ABOVE`, `edges.BELOW`, ...) that the row or line it shows runs
    past, told at its end by a marker (`render_tree` adds it to `text`).
    """

    depth: int
    text: str
    protected: bool
    in_viewport: bool
    top: int | None = None
    block: bool = False
    cut: int = 0


def same_line(pieces: list[Line]) -> bool:
    """Whether the pieces sit side by side on screen, so they can share a line.

    With boxes, their tops tell (text runs have no box of their own). Without, blocks keep
    their own lines: Playwright drops inline wrappers, so a container that is still in the
    tree is most likely a block. A heading always keeps its own line.
    """
    if len(pieces) <= 1:
        return True
    if any(piece.block for piece in pieces):
        return False
    tops = [piece.top for piece in pieces if piece.top is not None]
    return not tops or max(tops) - min(tops) <= SAME_LINE_PX


def first_top(pieces: list[Line]) -> int | None:
    return next((piece.top for piece in pieces if piece.top is not None), None)


def drop_repeats(lines: list[Line]) -> list[Line]:
    """Drop a plain text line identical to the one just before it."""
    out: list[Line] = []
    for line in lines:
        if out and not line.protected and line.text == out[-1].text:
            continue
        out.append(line)
    return out
