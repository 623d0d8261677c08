"""The two outside systems the controller talks to, as it sees them.

`webagent.browser.Tab` is a `Browser`; `webagent.llm.ModelClient` is a `Model`. The
controller imports neither: it stays pure, and a test can hand it any object with these
methods.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from webagent.actions import Action, ActionResult
from webagent.llm.queries import Query
from webagent.observation import Observation

T = TypeVar("T")


class Browser(Protocol):
    def observe(self, *, full_page: bool = False) -> Observation: ...

    def act(self, action: Action, *, irreversible: bool = False) -> ActionResult:
        """Run `action`; `irreversible` is the model's own judgement that it cannot be
        undone (the browser's gate asks about it then, whatever else it thinks)."""
        ...


class Model(Protocol):
    def ask(
        self,
        query: Query[T],
        *,
        tools: Sequence[Mapping[str, Any]] | None = None,
        **variables: Any,
    ) -> T: ...
