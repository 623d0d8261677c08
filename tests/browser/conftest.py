"""Every test in this folder drives a real (headless) Chromium on loopback pages."""

from __future__ import annotations

from pathlib import Path

import pytest

_HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


from tests.browser.oracle_runs import oracle_runs  # noqa: E402 - the shared fixture

__all__ = ["oracle_runs"]
