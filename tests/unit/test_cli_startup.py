"""Every `webagent` command starts without the heavy libraries: the command line and its
whole parser import none of them; a command imports what it needs when it runs."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = (
    "openai",
    "playwright",
    "textual",
    "webarena_verified",
    "ray",
    "flask",
    "werkzeug",
    "bs4",
    "lxml",
    "jinja2",
    "pydantic",
)

PROBE = f"""
import json, sys
import webagent.cli
webagent.cli.build_parser()
heavy = {HEAVY!r}
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in heavy)))
"""


def test_building_the_parser_imports_no_heavy_library() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], check=True, capture_output=True, text=True, timeout=120
    )
    loaded = json.loads(done.stdout)
    offenders = sorted({name.split(".")[0] for name in loaded})
    assert offenders == [], (
        f"`import webagent.cli; build_parser()` imports {', '.join(offenders)}; import them "
        "inside the command's run function instead (see: python -X importtime -c 'import "
        f"webagent.cli'): {', '.join(loaded[:20])}"
    )
