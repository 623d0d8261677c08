"""`tui` runs without Playwright and openai: the session brings them, the app does not."""

from __future__ import annotations

import subprocess
import sys


def test_tui_imports_neither_playwright_nor_openai() -> None:
    code = (
        "import sys, tui.app\n"
        "heavy = [m for m in ('playwright', 'openai') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
