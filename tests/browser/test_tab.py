"""The driver on a local site: observing, acting, tabs, dialogs, downloads, HAR, sessions."""

from __future__ import annotations

import http.server
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import DATA
from webagent.browser import Browser, DialogInfo, Tab
from webagent.errors import InvalidURLError, NavigationError
from webagent.observation import Element, Observation

SITE = DATA / "site"


@pytest.fixture
def site(serve: Callable[[Path], str]) -> str:
    return serve(SITE)


@pytest.fixture
def tab(browser: Browser, site: str) -> Iterator[Tab]:
    # These tests are about the executor; the gate (which would stop "Delete all" and "Buy
    # now" on these pages) has its own: tests/browser/test_safety.py.
    with browser.open(site + "index.html", confirm="allow") as opened:
        yield opened


def find(observation: Observation, role: str, name: str) -> Element:
    for element in observation.elements:
        if element.role == role and element.name == name:
            return element
    raise AssertionError(f"no {role} {name!r} in:\n{observation.text}")


def status(tab: Tab) -> str:
    """The status paragraph, which the page's scripts update."""
    return tab.observe(full_page=True).text.split("# Test Site\n", 1)[1].splitlines()[0]


def test_observation_has_page_facts_and_addressable_elements(tab: Tab, site: str) -> None:
    observation = tab.observe()
    assert observation.url == site + "index.html"
    assert observation.title == "Test Site"
    assert observation.text.startswith(f"URL: {site}index.html\nTitle: Test Site\n")
    link = find(observation, "link", "Products")
    assert f"[{link.id}] link 'Products'" in observation.text
    assert observation.below > 0  # the bottom button is off screen
    assert "Bottom button" not in observation.text
    assert "Bottom button" in tab.observe(full_page=True).text


def test_click_follows_a_link_and_waits_for_late_content(tab: Tab, site: str) -> None:
    link = find(tab.observe(), "link", "Products")
    result = tab.act(f"click [{link.id}]")
    assert result.error is None
    assert result.navigated
    assert result.url == site + "products.html"
    observation = tab.observe()
    assert observation.title == "Products"
    assert "Great mouse, 5 stars" in observation.text  # fetched after load


def test_type_with_enter_submits_the_form(tab: Tab) -> None:
    box = find(tab.observe(), "searchbox", "Search")
    assert tab.act(f"type [{box.id}] [wireless mouse]").error is None
    assert tab.observe().title == "Results"
    assert "Results for wireless mouse" in tab.observe().text


def test_type_without_enter_only_fills(tab: Tab) -> None:
    box = find(tab.observe(), "searchbox", "Search")
    assert tab.act(f"type [{box.id}] [mouse] [0]").error is None
    observation = tab.observe()
    assert observation.title == "Test Site"
    assert find(observation, "searchbox", "Search").value == "mouse"


def test_select_native_multi_and_aria_options(tab: Tab) -> None:
    observation = tab.observe()
    colour = find(observation, "combobox", "Colour")
    assert tab.act(f"select [{colour.id}] [blue]").error is None
    assert status(tab) == "colour: Blue"
    sizes = find(tab.observe(), "listbox", "Sizes")
    assert tab.act(f"select [{sizes.id}] [S]").error is None
    assert tab.act(f"select [{sizes.id}] [L]").error is None
    assert status(tab) == "sizes: S,L"
    fruit = find(tab.observe(), "listbox", "Fruit")
    assert tab.act(f"select [{fruit.id}] [Banana]").error is None
    assert status(tab) == "fruit: Banana"
    missing = tab.act(f"select [{colour.id}] [Purple]")
    assert missing.error is not None
    assert "'Red', 'Green', 'Blue'" in missing.error


def test_checkbox_state_is_observed(tab: Tab) -> None:
    box = find(tab.observe(), "checkbox", "Subscribe")
    assert box.states == ("unchecked",)
    assert tab.act(f"click [{box.id}]").error is None
    assert "checked" in find(tab.observe(), "checkbox", "Subscribe").states


def test_hover_reveals_a_menu(tab: Tab) -> None:
    observation = tab.observe()
    assert "My orders" not in observation.text
    menu = find(observation, "button", "Account menu")
    assert tab.act(f"hover [{menu.id}]").error is None
    orders = find(tab.observe(), "link", "My orders")
    assert tab.act(f"click [{orders.id}]").error is None
    assert status(tab) == "orders opened"


def test_scroll_brings_the_bottom_into_view(tab: Tab) -> None:
    assert tab.act("scroll [down]").error is None
    while "Bottom button" not in (observation := tab.observe()).text:
        assert tab.act("scroll [down]").error is None
    assert observation.above > 0
    bottom = find(observation, "button", "Bottom button")
    assert tab.act(f"click [{bottom.id}]").error is None
    at_end = tab.act("scroll [down]")
    assert at_end.error is not None
    assert "already at the bottom" in at_end.error


def test_elements_inside_an_iframe_can_be_clicked(tab: Tab) -> None:
    button = find(tab.observe(full_page=True), "button", "Frame button")
    assert button.id.startswith("f")
    assert tab.act(f"click [{button.id}]").error is None
    assert find(tab.observe(full_page=True), "button", "Frame clicked")


def test_press_sends_keys_to_the_focused_element(tab: Tab) -> None:
    box = find(tab.observe(), "searchbox", "Search")
    tab.act(f"type [{box.id}] [abc] [0]")
    assert tab.act("press [Backspace]").error is None
    assert find(tab.observe(), "searchbox", "Search").value == "ab"
    assert find(tab.observe(), "searchbox", "Search").states == ("focused",)


def test_failed_actions_are_reported_not_raised(tab: Tab) -> None:
    stale = tab.act("click [e9999]")
    assert stale.error is not None
    assert "no element [e9999]" in stale.error
    assert "Last action failed: there is no element [e9999]" in tab.observe().text
    assert tab.observe().error is None  # reported once
    unparsed = tab.act("fly [e1]")
    assert unparsed.action is None
    assert unparsed.error is not None
    assert "unknown action" in unparsed.error


def test_a_covered_element_says_what_covers_it(browser: Browser, site: str) -> None:
    with browser.open(site + "covered.html", confirm="allow") as tab:
        buy = find(tab.observe(), "button", "Buy now")
        result = tab.act(f"click [{buy.id}]")
    assert result.error is not None
    assert "covered by another element" in result.error
    assert 'id="overlay"' in result.error


def test_goto_back_and_forward(tab: Tab, site: str) -> None:
    assert tab.act(f"goto [{site}products.html]").error is None
    assert tab.act("go_back").error is None
    assert tab.page.url == site + "index.html"
    assert tab.act("go_forward").error is None
    assert tab.page.url == site + "products.html"
    bad = tab.act("goto [not a url]")
    assert bad.error is not None
    assert "contains spaces" in bad.error


def test_navigation_errors_are_clear(browser: Browser) -> None:
    with pytest.raises(InvalidURLError, match="no such file"):
        browser.open("no/such/page.html")
    with pytest.raises(NavigationError, match="connection was refused"):
        browser.open(f"http://127.0.0.1:{_free_port()}/")


def test_popups_take_the_focus_and_tabs_are_listed(tab: Tab, site: str) -> None:
    help_link = find(tab.observe(), "link", "Open help")
    result = tab.act(f"click [{help_link.id}]")
    assert result.error is None
    assert result.tab_changed
    observation = tab.observe()
    assert observation.title == "Help"
    assert "Popup: the page opened a new tab [1]" in observation.text
    assert "Tabs: [0] Test Site; [1] Help (current)" in observation.text
    assert tab.act("tab_focus [0]").error is None
    assert tab.observe().title == "Test Site"
    assert tab.act("tab_focus [5]").error == "there is no tab 5; open tabs are 0 to 1"
    assert tab.act("tab_focus [1]").error is None
    assert tab.act("close_tab").error is None
    assert [info.title for info in tab.tabs()] == ["Test Site"]
    assert tab.act("new_tab").error is None
    assert len(tab.tabs()) == 2
    assert tab.page.url == "about:blank"


def test_dialogs_follow_the_policy_and_are_reported(browser: Browser, site: str) -> None:
    seen: list[DialogInfo] = []

    def answer(info: DialogInfo) -> bool | str:
        seen.append(info)
        return "Ada" if info.type == "prompt" else False

    with browser.open(site + "index.html", dialogs=answer, confirm="allow") as tab:
        delete = find(tab.observe(), "button", "Delete all")
        assert tab.act(f"click [{delete.id}]").error is None
        observation = tab.observe()
        assert "Dialog: confirm 'Delete everything?' was dismissed" in observation.text
        assert status(tab) == "cancelled"
        ask = find(tab.observe(), "button", "Ask name")
        tab.act(f"click [{ask.id}]")
        assert status(tab) == "name: Ada"
    assert [info.type for info in seen] == ["confirm", "prompt"]


def test_default_policy_accepts(tab: Tab) -> None:
    delete = find(tab.observe(), "button", "Delete all")
    tab.act(f"click [{delete.id}]")
    assert "was accepted" in tab.observe().text
    assert status(tab) == "confirmed"


def test_downloads_are_saved_and_reported(browser: Browser, site: str) -> None:
    with browser.open(site + "index.html") as tab:
        link = find(tab.observe(), "link", "Download report")
        assert tab.act(f"click [{link.id}]").error is None
        observation = tab.observe()
        assert "Download: report.csv saved to" in observation.text
        saved = tab.downloads[0]
        assert saved.read_text() == "id,total\n1,35.00\n2,12.50\n"


def test_har_records_the_traffic(browser: Browser, site: str, tmp_path: Path) -> None:
    har = tmp_path / "session.har"
    with browser.open(site + "products.html", record_har=har):
        pass
    entries = json.loads(har.read_text())["log"]["entries"]
    urls = [entry["request"]["url"] for entry in entries]
    assert site + "products.html" in urls
    assert site + "reviews.json" in urls
    reviews = next(entry for entry in entries if entry["request"]["url"].endswith(".json"))
    assert "Great mouse" in reviews["response"]["content"]["text"]


def test_storage_state_carries_a_session_over(browser: Browser, site: str, tmp_path: Path) -> None:
    with browser.open(site + "index.html") as first:
        assert "Visits: 1" in first.observe().text
        state = tmp_path / "state.json"
        first.context.storage_state(path=state)
    with browser.open(site + "index.html", storage_state=state) as second:
        assert "Visits: 2" in second.observe().text
    with browser.open(site + "index.html") as fresh:
        assert "Visits: 1" in fresh.observe().text  # sessions do not leak


def test_notes_and_stop_do_not_touch_the_page(tab: Tab) -> None:
    before = tab.page.url
    assert tab.act("note_down [Visits: 1]").error is None
    assert tab.act("stop [done]").error is None
    assert tab.notes == ["Visits: 1"]
    assert tab.page.url == before


def test_file_urls_work(browser: Browser) -> None:
    with browser.open(str(SITE / "help.html")) as tab:
        observation = tab.observe()
    assert observation.url == (SITE / "help.html").as_uri()
    assert "# Help centre" in observation.text


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_titles_follow_the_page(tab: Tab, site: str) -> None:
    assert tab.observe().title == "Test Site"
    tab.page.evaluate("document.title = 'Renamed by a script'")
    assert tab.observe().title == "Renamed by a script"
    tab.act(f"goto [{site}help.html]")
    assert tab.observe().title == "Help"
    assert [info.title for info in tab.tabs()] == ["Help"]


def test_markdown_of_the_main_content(browser: Browser, site: str) -> None:
    with browser.open(site + "products.html") as tab:
        text = tab.markdown()
    assert text.startswith("# Products\n")
    assert f"[Back home]({site}index.html)" in text
    assert "Great mouse, 5 stars" in text


_LATE_REQUEST_PAGE = b"""<!doctype html><title>Later</title>
<button id="fetch">Save with fetch</button> <button id="xhr">Save with XHR</button>
<p id="status">Not saved</p> <a href="/arrive">Arrive</a> <button id="go">Go later</button>
<script>
  const show = text => { document.getElementById('status').textContent = text; };
  // Each button sends its request from a timer, and the slow server answers later still.
  document.getElementById('fetch').onclick = () => setTimeout(() => {
    fetch('/slow').then(r => r.text()).then(show);
  }, 150);
  // A navigation a timer starts: the action goes on until the new page is there.
  document.getElementById('go').onclick = () => setTimeout(() => {
    location.href = '/arrive';
  }, 150);
  document.getElementById('xhr').onclick = () => setTimeout(() => {
    const request = new XMLHttpRequest();
    request.open('GET', '/slow');
    request.onload = () => show(request.responseText);
    request.send();
  }, 150);
</script>"""


# A page that fills itself in once loaded, from the slow server.
_ARRIVING_PAGE = b"""<!doctype html><title>Arrived</title><p id="status">Loading</p>
<script>
  document.addEventListener('DOMContentLoaded', () => fetch('/slow').then(r => r.text())
    .then(text => { document.getElementById('status').textContent = text; }));
</script>"""


class _SlowHandler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/slow":
            time.sleep(0.7)
        pages = {"/slow": b"Saved", "/arrive": _ARRIVING_PAGE}
        body = pages.get(self.path, _LATE_REQUEST_PAGE)
        self.send_response(200)
        self.send_header("Content-Type", "text/plain" if self.path == "/slow" else "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def slow_site() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _SlowHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize("button", ["Save with fetch", "Save with XHR"])
def test_an_action_waits_for_a_request_its_timer_sends(
    browser: Browser, slow_site: str, button: str
) -> None:
    """A request a script sends after the page looked quiet is still the action's: the action
    returns once it has been answered, so the next observation shows what it brought."""
    with browser.open(slow_site, confirm="allow") as tab:
        assert tab.act(f"click [{find(tab.observe(), 'button', button).id}]").error is None
        assert "Saved" in tab.observe().text


def test_a_click_that_navigates_waits_for_the_new_pages_start_up_requests(
    browser: Browser, slow_site: str
) -> None:
    """Arriving is part of the action, whether a link or a script's timer navigates: what
    the new page fetches as it loads is shown."""
    with browser.open(slow_site, confirm="allow") as tab:
        for role, name in [("link", "Arrive"), ("button", "Go later")] * 2:
            assert tab.act(f"click [{find(tab.observe(), role, name).id}]").error is None
            observation = tab.observe()
            assert (observation.title, "Saved") == ("Arrived", observation.text.splitlines()[-1])
            tab.goto(slow_site)


def test_a_link_that_wraps_across_two_lines_is_clicked_on_one_of_its_pieces(
    browser: Browser, site: str
) -> None:
    """A link whose words end one line and start the next: the box around its two pieces is
    mostly the paragraph's other words, so a point is looked for in each piece, as a person
    clicks the words they see (it was reported as covered by the paragraph)."""
    with browser.open(site + "wrapped.html", confirm="allow") as tab:
        pieces = tab.page.evaluate("document.getElementById('wrapped').getClientRects().length")
        assert pieces == 2, "the link must be broken across two lines for this test"
        link = find(tab.observe(), "link", "i j")
        result = tab.act(f"click [{link.id}]")
        assert result.error is None, result.error
        assert "wrapped link clicked" in tab.observe().text
