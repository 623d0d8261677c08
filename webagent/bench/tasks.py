"""The benchmarks' default task selections, light to import (the command line's defaults)."""

from __future__ import annotations

TASKS = (1, 2, 6, 12, 16, 19, 26, 33, 36, 41, 43, 47, 51, 54)
"""The demo-shop tasks of the robustness benchmark: retrieve, navigate and mutate, 1 to 12
actions, and the unachievable ones."""
