"""Fixtures shared by the unit tests."""

from __future__ import annotations

import pytest

from webagent.sites.profile import Profile
from webagent.sites.profiles import site_profile


@pytest.fixture(scope="module")
def generic() -> Profile:
    """The profile a site nobody wrote one for gets."""
    return site_profile("generic")
