"""One Markdown file, several writers: each benchmark owns a section between two markers.

    replace_section(Path("bench/RESULTS.md"), "observation", text)

puts `text` between `<!-- observation:start -->` and `<!-- observation:end -->`, keeping the
rest of the file as it is; a section not there yet goes at the end (a missing file is made).
"""

from __future__ import annotations

from pathlib import Path


def markers(name: str) -> tuple[str, str]:
    """The start and end marker lines of section `name`."""
    return f"<!-- {name}:start -->", f"<!-- {name}:end -->"


def with_section(document: str, name: str, body: str) -> str:
    """`document` with section `name` replaced by `body` (or added at its end)."""
    start, end = markers(name)
    block = f"{start}\n{body.strip()}\n{end}\n"
    lines = document.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.strip() == start]
    ends = [i for i, line in enumerate(lines) if line.strip() == end]
    if not starts and not ends:
        if not document.strip():
            return block
        return document.rstrip("\n") + "\n\n" + block
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise ValueError(f"the {name!r} section's markers are broken: one {start} then one {end}")
    return "".join(lines[: starts[0]]) + block + "".join(lines[ends[0] + 1 :])


def replace_section(path: Path, name: str, body: str) -> None:
    """Write `body` as section `name` of the Markdown file at `path` (see the module)."""
    document = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(with_section(document, name, body), encoding="utf-8")
