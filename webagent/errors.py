"""Every error webagent raises, rooted at `WebAgentError`.

    WebAgentError
    ├── ConfigError              bad input from the user (arguments, files, URLs)
    │   └── InvalidURLError      a string that cannot be opened as a page
    ├── ActionParseError         text that is not an action of the grammar
    ├── SnapshotParseError       an aria snapshot this version cannot read
    └── BrowserError             the browser itself failed (not a failed action)
        ├── BrowserNotFoundError no Chromium to launch
        └── NavigationError      a page could not be loaded (unreachable host, timeout)

Failed actions are not errors: `Tab.act` returns an `ActionResult` whose `error` says what
went wrong, and the next observation shows it to the model. Playwright's own exceptions are
translated only inside `webagent.browser`.
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
