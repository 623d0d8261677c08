"""Running one page-level action on a Playwright page, and saying plainly why it failed.

Elements are found with Playwright's `aria-ref=<id>` locator, which resolves the ids of the
latest aria snapshot. Every function returns None on success or a sentence for the model;
Playwright's exceptions stop here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import Error, Locator, Page, Position
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from webagent.actions import (
    Action,
    Append,
    Click,
    GoBack,
    GoForward,
    Goto,
    Hover,
    Insert,
    Press,
    Replace,
    Scroll,
    SelectOption,
    TypeText,
)
from webagent.browser.editing import edit
from webagent.browser.fields import EXPECTED_FORMAT, FORMATTED_TYPES, input_value_for
from webagent.browser.pointer import click_target
from webagent.browser.proxy import UNREACHABLE
from webagent.errors import InvalidURLError
from webagent.urls import normalize_url


@dataclass(frozen=True, slots=True)
class Timeouts:
    """Bounds, in milliseconds, on how long one action may wait."""

    action: int = 5000
    navigation: int = 30000
    settle: int = 2000


def perform(page: Page, action: Action, timeouts: Timeouts) -> str | None:
    """Run `action` on `page`; None on success, else why it failed."""
    try:
        if isinstance(action, Click | Hover | TypeText | SelectOption | Append | Insert | Replace):
            return _on_element(page, action, timeouts)
        if isinstance(action, Press):
            page.keyboard.press(action.keys)
            return None
        if isinstance(action, Scroll):
            return _scroll(page, action.direction)
        if isinstance(action, Goto):
            return goto(page, action.url, timeouts)
        if isinstance(action, GoBack | GoForward):
            go = page.go_back if isinstance(action, GoBack) else page.go_forward
            before = page.url
            response = go(timeout=timeouts.navigation, wait_until="domcontentloaded")
            if response is None and page.url == before:
                where = "previous" if isinstance(action, GoBack) else "next"
                return f"there is no {where} page in this tab's history"
            return None
    except PlaywrightTimeoutError as error:
        return _timeout_message(action, error, timeouts)
    except Error as error:
        return _error_message(error)
    return f"{action.name} is not a page action"  # pragma: no cover - Tab handles the rest


def goto(page: Page, raw_url: str, timeouts: Timeouts) -> str | None:
    """Open a URL; None on success, else why not (bad URL, unreachable host, timeout)."""
    try:
        url = normalize_url(raw_url)
    except InvalidURLError as error:
        return str(error)
    try:
        response = page.goto(url, timeout=timeouts.navigation, wait_until="domcontentloaded")
    except PlaywrightTimeoutError:
        return f"{url} did not load within {timeouts.navigation / 1000:g}s"
    except Error as error:
        return f"could not open {url}: {_error_message(error)}"
    unreachable = response.headers.get(UNREACHABLE.lower()) if response is not None else None
    if unreachable:  # the guard's proxy answered for a site it could not reach
        return f"could not open {url}: {unreachable}"
    return None


def _on_element(
    page: Page,
    action: Click | Hover | TypeText | SelectOption | Append | Insert | Replace,
    timeouts: Timeouts,
) -> str | None:
    locator = page.locator(f"aria-ref={action.element}")
    if locator.count() == 0:
        return (
            f"there is no element [{action.element}] on the page now; "
            "the page changed since it was observed, so use an id from the latest observation"
        )
    if isinstance(action, TypeText):
        return _type(locator, action, timeouts)
    if isinstance(action, Append | Insert | Replace):
        return edit(page, locator, action)
    if isinstance(action, SelectOption):
        return _select(page, locator, action, timeouts)
    target = click_target(locator, timeouts.action)
    if target.blocker is not None:
        return (
            f"[{action.element}] is covered by another element {target.blocker}; "
            "close or move it first"
        )
    position = Position(x=target.position[0], y=target.position[1]) if target.position else None
    if isinstance(action, Click):
        locator.click(timeout=timeouts.action, position=position)
    else:
        locator.hover(timeout=timeouts.action, position=position)
    return None


_INPUT_TYPE_JS = "e => e.tagName === 'INPUT' ? e.type : ''"


def _type(locator: Locator, action: TypeText, timeouts: Timeouts) -> str | None:
    kind = str(locator.evaluate(_INPUT_TYPE_JS))
    text = input_value_for(kind, action.text)
    if text is None:
        return (
            f"[{action.element}] is a {kind} field and {action.text!r} is not a {kind}; "
            f"type it as {EXPECTED_FORMAT[kind]}"
        )
    try:
        locator.fill(text, timeout=timeouts.action)
    except Error as error:
        if "not an <input>" not in error.message and "not editable" not in error.message:
            raise
        # Not a text field (e.g. a custom widget): focus it and type like a person.
        locator.click(timeout=timeouts.action)
        locator.press("ControlOrMeta+a")
        locator.press_sequentially(text)
    if kind in FORMATTED_TYPES and locator.input_value(timeout=timeouts.action) != text:
        return f"[{action.element}] did not accept {text!r}; type it as {EXPECTED_FORMAT[kind]}"
    if action.press_enter_after:
        locator.press("Enter", timeout=timeouts.action)
    return None


NO_OPTIONS_SHOWN = "options: none visible"
"""How a choice fails on a combobox that shows no options: one that is typed in (a search
box with suggestions), which `fill_form` then types into."""

_OPTIONS_JS = """e => e.tagName === 'SELECT'
    ? {native: true, multiple: e.multiple, options: [...e.options].map(
        o => ({label: o.label || o.text, value: o.value, selected: o.selected}))}
    : {native: false, multiple: false, options: []}"""


def _select(page: Page, locator: Locator, action: SelectOption, timeouts: Timeouts) -> str | None:
    info = locator.evaluate(_OPTIONS_JS)
    if info["native"]:
        options = info["options"]
        match = _match_option(action.option, [option["label"] for option in options])
        if match is None:
            listed = ", ".join(repr(option["label"]) for option in options[:30])
            return f"[{action.element}] has no option {action.option!r}; its options are: {listed}"
        values = [options[match]["value"]]
        if info["multiple"]:  # add to the options already chosen
            values = [option["value"] for option in options if option["selected"]] + values
        locator.select_option(value=values, timeout=timeouts.action)
        return None
    # An ARIA combobox or listbox: open it if needed, then click the option.
    scope: Page | Locator = locator
    if locator.get_by_role("option").count() == 0:
        locator.click(timeout=timeouts.action)
        scope = page
    # One call per option: all_inner_texts() comes back empty under an aria-ref locator.
    names = [option.inner_text().strip() for option in scope.get_by_role("option").all()[:200]]
    match = _match_option(action.option, names)
    if match is None:
        if not names:
            return f"[{action.element}] has no option {action.option!r}; {NO_OPTIONS_SHOWN}"
        listed = ", ".join(repr(name) for name in names[:30])
        return f"[{action.element}] has no option {action.option!r}; options: {listed}"
    scope.get_by_role("option").nth(match).click(timeout=timeouts.action)
    return None


def _match_option(wanted: str, labels: list[str]) -> int | None:
    """Exact label, then case-insensitive, then the one label containing the text."""
    wanted = wanted.strip()
    cleaned = [label.strip() for label in labels]
    for candidates in (cleaned, [label.casefold() for label in cleaned]):
        target = wanted if candidates is cleaned else wanted.casefold()
        if target in candidates:
            return candidates.index(target)
    containing = [i for i, label in enumerate(cleaned) if wanted.casefold() in label.casefold()]
    return containing[0] if len(containing) == 1 else None


_SCROLL_JS = """dir => {
  const before = window.scrollY;
  window.scrollBy(0, dir * window.innerHeight * 0.8);
  return window.scrollY !== before;
}"""
_SCROLL_INNER_JS = """dir => {
  const x = window.innerWidth / 2, y = window.innerHeight / 2;
  for (let e = document.elementFromPoint(x, y); e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (/(auto|scroll)/.test(style.overflowY) && e.scrollHeight > e.clientHeight) {
      const before = e.scrollTop;
      e.scrollBy(0, dir * e.clientHeight * 0.8);
      if (e.scrollTop !== before) return true;
    }
  }
  return false;
}"""


def _scroll(page: Page, direction: str) -> str | None:
    sign = -1 if direction == "up" else 1
    if page.evaluate(_SCROLL_JS, sign) or page.evaluate(_SCROLL_INNER_JS, sign):
        return None
    edge = "top" if direction == "up" else "bottom"
    return f"the page is already at the {edge}; scrolling {direction} shows nothing new"


def _timeout_message(action: Action, error: PlaywrightTimeoutError, timeouts: Timeouts) -> str:
    element = getattr(action, "element", None)
    target = f"[{element}]" if element else "the page"
    log = error.message
    covered = re.search(r"(<[^>]{1,120}>)[^\n]* intercepts pointer events", log)
    if covered:
        blocker = covered.group(1)
        return f"{target} is covered by another element {blocker}; close or move it first"
    for needle, reason in (
        ("not visible", "is not visible"),
        ("not enabled", "is disabled"),
        ("disabled", "is disabled"),
        ("not editable", "is not editable"),
        ("not stable", "keeps moving"),
        ("outside of the viewport", "is outside the page's visible area"),
    ):
        if needle in log:
            return f"{target} {reason} (waited {timeouts.action / 1000:g}s)"
    return f"{action.name} on {target} timed out after {timeouts.action / 1000:g}s"


_NET_ERRORS = {
    "ERR_NAME_NOT_RESOLVED": "the host name does not resolve",
    "ERR_CONNECTION_REFUSED": "the connection was refused (is the server running?)",
    "ERR_CONNECTION_RESET": "the connection was reset",
    "ERR_CONNECTION_TIMED_OUT": "the connection timed out",
    "ERR_ADDRESS_UNREACHABLE": "the address is unreachable",
    "ERR_INTERNET_DISCONNECTED": "there is no network connection",
    "ERR_FILE_NOT_FOUND": "the file does not exist",
    "ERR_CERT": "the site's TLS certificate is not trusted",
    "ERR_SSL": "the TLS handshake failed",
    "ERR_EMPTY_RESPONSE": "the server closed the connection without answering",
    "ERR_ABORTED": "the navigation was aborted (often a download or a redirect loop)",
    "ERR_TOO_MANY_REDIRECTS": "the page redirects in a loop",
    "ERR_BLOCKED_BY_CLIENT": (
        "webagent blocked it: that site is outside the allowed domains, or the request "
        "cannot be undone and was not approved"
    ),
}


def _error_message(error: Error) -> str:
    """Playwright's message, first line only, with Chromium's net errors in words."""
    message = error.message
    for code, words in _NET_ERRORS.items():
        if code in message:
            return f"{words} ({code.lower()})"
    net = re.search(r"net::(ERR_\w+)", message)
    if net:
        return f"the browser refused or failed to load it ({net.group(1).lower()})"
    first = message.strip().splitlines()[0] if message.strip() else "unknown browser error"
    return first.removeprefix("Error: ")
