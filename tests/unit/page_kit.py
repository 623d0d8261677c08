"""Made-up pages for the tests of what the classifier reads: a snapshot written as text, read
as an observation, and the state a profile gives it."""

from __future__ import annotations

import textwrap

from webagent.observation import Observation, compose_observation, parse_snapshot
from webagent.sites.classify import Classifier
from webagent.sites.profile import Profile


def observe(
    snapshot: str, url: str = "http://app.test/page", status: int | None = 200
) -> Observation:
    """The page `snapshot` (an aria snapshot, indented as written in the test) at `url`."""
    tree = parse_snapshot(textwrap.dedent(snapshot).strip("\n"))
    return compose_observation(tree, url=url, title="", status=status)


def state(profile: Profile, snapshot: str, url: str = "http://app.test/page") -> str:
    """The state `profile` gives the page."""
    return Classifier(profile).classify(observe(snapshot, url)).state
