"""Every error webagent raises, rooted at `WebAgentError`.

    WebAgentError
    ├── ConfigError              bad input from the user (arguments, files, URLs)
    │   └── InvalidURLError      a string that cannot be opened as a page
    ├── ActionParseError         text that is not an action of the grammar
    ├── SnapshotParseError       an aria snapshot this version cannot read
    ├── BrowserError             the browser itself failed (not a failed action)
    │   ├── BrowserNotFoundError no Chromium to launch
    │   └── NavigationError      a page could not be loaded (unreachable host, timeout)
    ├── ModelError               talking to the model failed
    │   ├── ModelUnavailableError   the endpoint kept failing (after retries) or refused
    │   ├── AnswerParseError        the answer did not fit its schema, even after re-asking
    │   ├── BudgetExceeded          a task's call, token or cost budget is spent
    │   └── CassetteMiss            replay met a request that was never recorded
    └── Aborted                  a person stopped the run (the TUI's abort)

Failed actions are not errors: `Tab.act` returns an `ActionResult` whose `error` says what
went wrong, and the next observation shows it to the model. Playwright's own exceptions are
translated only inside `webagent.browser`, the openai SDK's only inside `webagent.llm`.
"""


class WebAgentError(Exception):
    """Root of every error raised by webagent."""


class ConfigError(WebAgentError):
    """Bad input from the user: arguments, files, settings."""


class InvalidURLError(ConfigError):
    """A string that cannot be opened as a page."""


class ActionParseError(WebAgentError):
    """Text that does not parse as an action of the grammar."""


class SnapshotParseError(WebAgentError):
    """An aria snapshot in a shape this version does not understand."""


class BrowserError(WebAgentError):
    """The browser failed in a way that is not the outcome of one action."""


class BrowserNotFoundError(BrowserError):
    """No Chromium executable could be found or launched."""


class NavigationError(BrowserError):
    """A page could not be loaded: unreachable host, refused connection, timeout."""


class ModelError(WebAgentError):
    """Talking to the model failed."""


class ModelUnavailableError(ModelError):
    """The endpoint kept failing after the allowed retries, or refused the request."""


class AnswerParseError(ModelError):
    """The model's answer did not fit the query's schema, even after re-asking."""

    def __init__(self, query: str, problem: str, answer: str) -> None:
        super().__init__(f"{query}: the answer did not parse: {problem}")
        self.query = query
        self.problem = problem
        self.answer = answer


class BudgetExceeded(ModelError):
    """A task's budget of calls, tokens or cost is spent; the run stops with this reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CassetteMiss(ModelError):
    """Replay met a request that was never recorded."""

    def __init__(self, query: str, nearest: str) -> None:
        super().__init__(f"no recorded answer for query {query!r}; {nearest}")
        self.query = query
        self.nearest = nearest


class Aborted(WebAgentError):
    """A person stopped the run; it ends cleanly with what was done so far."""
