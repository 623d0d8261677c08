"""Capture the labelled HOLDOUT page corpus of sites/real/holdout38/pages from JupyterLab.

The thirty-eighth holdout app (JupyterLab 4.6.6, PyPI `jupyterlab`, on Jupyter Server 2.21.1,
served by its own `jupyter lab` with password sign-in, on a root folder seeded by
`sites/real/holdout38/setup`: Wonderland notebooks executed so their outputs are saved
(tea-party/guest-list.ipynb with a small table, riddles.ipynb with a KeyError and a
ZeroDivisionError traceback, clock.ipynb, croquet/scores.ipynb), text/CSV/JSON/Markdown files,
a long folder of 36 score cards and an empty folder) was never used to tune the page-state
classifier; its pages measure it honestly. Run by hand, not by tests, with the app freshly set
up and running, and the agent's password in WEBAGENT_REAL_PASSWORD (setup hashes it into the
server's config; capturing signs in with it and redacts it):

    sites/real/holdout38/setup
    sites/real/holdout38/start 8120 &
    .venv/bin/python sites/real/capture_holdout38.py              # or: --jupyterlab URL

Two browser sessions. A visitor: the sign-in page, a deep link (answered by the sign-in form),
a failed sign-in, the REST API, an unknown address and the classic /tree (which this release
does not ship). Then alice, signed in through the sign-in form: the launcher, the file browser
in several folders (a long one, an empty one), its filter box with and without matches,
notebooks opened (read, a cell run, edited, saved, a new one, the restart-kernel and
unsaved-changes dialogs), text/CSV/JSON/Markdown files (editor, Markdown preview, JSON viewer,
CSV grid), the settings editor, the command palette (open, with and without matches), the
rename, delete and new-folder steps, menus and side panels, missing files and routes, the JSON
API and raw files in the browser, and last signing out. Each page is read through the
project's own browser launcher (`webagent.browser.launch`, 1280x720 viewport) as
`tab.snapshot()`, with the HTTP status of the main document (the last navigation response),
and written in exactly the format of sites/real/pages (see sites/real/pages/README.md).
JupyterLab is one page app: each capture opens its address with `?reset` (a clean workspace, no
tabs left from the page before) and waits for the page's own content first. The labels below
were decided by hand, one page at a time, from what each page is for; the classifier and the
site profiles were not consulted.

Capturing changes the app (a notebook renamed and edited, a file deleted, a folder and a
notebook made): run `setup` again, with the server stopped, before a re-capture.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import capturing
from capturing import guarded, steps, submit, wait
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
PAGES = HERE / "holdout38" / "pages"
PORTS = {"jupyterlab": 8120}
APP = "jupyterlab"

# what JupyterLab draws, to wait for before capturing
SIGN_IN = "input[name=password]"
LAUNCHER = ".jp-Launcher"
LISTING = ".jp-DirListing-content"
CELL = ".jp-Notebook .jp-Cell"
IDLE = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
EDITOR = ".jp-FileEditor .cm-content"
DIALOG = ".jp-Dialog"
PALETTE = ".lm-CommandPalette-input"


class SlowSession(capturing.Session):
    """A session that waits longer: JupyterLab loads many scripts on a busy machine."""

    def goto(self, url: str, ready: str | None = None) -> None:
        self.page.goto(url if "://" in url else self.base + url, wait_until="load")
        if ready:
            self.page.wait_for_selector(ready, timeout=45000)


def Session(*args: Any, **kwargs: Any) -> SlowSession:
    out = SlowSession(*args, pages=PAGES, settle_ms=1200, **kwargs)
    out.page.set_default_timeout(30000)
    return out


def lab(path: str = "") -> str:
    """A JupyterLab address on a clean workspace (no tabs left from before)."""
    return f"/lab/tree/{path}?reset" if path else "/lab?reset"


def sign_in(password: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.wait_for_selector(SIGN_IN)
        page.fill(SIGN_IN, password)
        submit(page, "button[type=submit], input[type=submit]")

    return run


def text(value: str) -> Callable[[Page], None]:
    return lambda page: page.get_by_text(value).first.wait_for()


def shown(selector: str) -> Callable[[Page], None]:
    return lambda page: page.wait_for_selector(selector)


def keys(combo: str) -> Callable[[Page], None]:
    return lambda page: page.keyboard.press(combo)


def button(name: str, within: str = "body") -> Callable[[Page], None]:
    return lambda page: page.locator(within).get_by_role("button", name=name, exact=True).first.click()


def item(name: str) -> str:
    """A file or folder of the file browser, by its name."""
    return f".jp-DirListing-item[title^='Name: {name}']"


def open_item(name: str) -> Callable[[Page], None]:
    return lambda page: page.locator(item(name)).first.dblclick()


def context_menu(name: str, entry: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.locator(item(name)).first.click(button="right")
        page.locator(f".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('{entry}'))").first.click()

    return run


def close_tabs(page: Page) -> None:
    """File > Close All Tabs (JupyterLab puts a Launcher back in the empty main area)."""
    page.get_by_role("menuitem", name="File", exact=True).first.click()
    page.locator(".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('Close All Tabs'))").first.click()
    page.wait_for_timeout(800)


def accept(page: Page) -> None:
    """The dialog's accepting button (Rename, Delete...)."""
    page.locator(f"{DIALOG} .jp-mod-accept").first.click()


def palette(query: str | None = None, run: bool = False) -> Callable[[Page], None]:
    """Open the command palette (Ctrl+Shift+C), type a query, run its first command."""

    def go(page: Page) -> None:
        page.keyboard.press("Control+Shift+C")
        page.wait_for_selector(PALETTE)
        if query is not None:
            page.fill(PALETTE, query)
            page.wait_for_timeout(700)
        if run:
            page.keyboard.press("Enter")
            page.wait_for_timeout(800)

    return go


def filter_files(query: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        box = page.locator(".jp-FileBrowser-filterBox input")
        if not box.count() or not box.first.is_visible():
            page.get_by_role("button", name="Toggle File Filter").first.click()
        page.locator(".jp-FileBrowser-filterBox input").first.fill(query)
        page.wait_for_timeout(1200)

    return run


def type_in_cell(n: int, value: str) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.locator(".jp-CodeCell .cm-content").nth(n).click()
        page.keyboard.press("Control+End")
        page.keyboard.type(value)
        page.wait_for_timeout(500)

    return run


def menu(top: str, entry: str | None = None) -> Callable[[Page], None]:
    def run(page: Page) -> None:
        page.get_by_role("menuitem", name=top, exact=True).first.click()
        if entry is not None:
            page.locator(f".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('{entry}'))").first.click()

    return run


def from_app(path: str) -> Callable[[Page], None]:
    """Open a raw address as a link of the app does (with the app's page as Referer): Jupyter
    Server refuses /files/ asked for with no Referer (an address typed in)."""

    def run(page: Page) -> None:
        base = page.url.split("/lab")[0]
        page.goto(base + path, referer=base + "/lab", wait_until="load")

    return run


# fmt: off
# -- a visitor ------------------------------------------------------------------------------------
def visitor(browser: Any, base: str) -> list[Path]:
    out = Session(browser, APP, base, signed_in=False)
    c = guarded(out)
    c("login", "login",
      "Jupyter Server's sign-in page (/login): the Jupyter logo, 'Password:' with one box and "
      "'Log in' (no user name: the server has one password)", url="/login", ready=SIGN_IN)
    c("login-deep-link", "login",
      "a notebook asked for by a visitor (/lab/tree/tea-party/guest-list.ipynb): the same "
      "sign-in form, the address kept to go on to (?next=...)",
      url="/lab/tree/tea-party/guest-list.ipynb", ready=SIGN_IN)
    c("login-failed", "login",
      "a wrong password: the sign-in form again with 'Invalid credentials'",
      also=("error",), url="/login", ready=SIGN_IN, then=sign_in("not-the-password"))
    c("api-forbidden", "error",
      "the REST API's contents asked for in the browser by a visitor (/api/contents): HTTP 403, "
      "one line of JSON '{\"message\": \"Forbidden\", \"reason\": null}'", url="/api/contents")
    c("not-found-visitor", "error",
      "an address that is no page (/nope) asked by a visitor: HTTP 404, '404 : Not Found', "
      "'You are requesting a page that does not exist!'", url="/nope")
    c("tree-visitor", "error",
      "the classic Notebook's /tree, which JupyterLab 4 does not ship, asked by a visitor: the "
      "same 404 page", url="/tree")
    out.close()
    return out.written


# -- alice, signed in -----------------------------------------------------------------------------
def browsing(c: Any) -> None:
    c("launcher", "other",
      "the workspace after signing in (/lab): the menu bar, the file browser at the root (five "
      "folders and README.md) beside the Launcher, its buttons to make a notebook, a console, a "
      "terminal, a text, Markdown or Python file", also=("listing",),
      url=lab(), ready=LAUNCHER)
    c("folder-root", "listing",
      "the root folder in the file browser after File > Close All Tabs (which leaves the "
      "Launcher in the main area): its five folders and README.md with their modified times, "
      "the toolbar (new launcher, new folder, upload, refresh, filter)", also=("other",),
      url=lab(), ready=LAUNCHER, then=steps(close_tabs, shown(LISTING)))
    c("folder-long", "listing",
      "the long folder croquet/ (/lab/tree/croquet): 37 files, match-01.csv to match-36.csv "
      "and scores.ipynb, with their times, the Launcher beside", also=("other",),
      url=lab("croquet"), ready=item("match-01.csv"), then=close_tabs)
    c("folder-data-launcher", "listing",
      "the data/ folder opened from its address (/lab/tree/data): its four files in the file "
      "browser, the Launcher in the main area", also=("other",),
      url=lab("data"), ready=item("guests.csv"))
    c("folder-tea-party", "listing",
      "tea-party/ reached by double-clicking it in the root folder: its three notebooks, the "
      "breadcrumbs '/ tea-party /', the Launcher beside", also=("other",),
      url=lab(), ready=item("tea-party"),
      then=steps(open_item("tea-party"), shown(item("riddles.ipynb"))))
    c("folder-empty", "listing",
      "the empty folder empty-drawer/: the file browser's headers and no file at all, nothing "
      "said, the Launcher beside", also=("other",),
      url=lab("empty-drawer"), ready=LISTING, then=steps(wait(1500), close_tabs))
    c("filter-open", "listing",
      "the file filter toggled on in croquet/: a 'Filter files by name' box above the 37 "
      "files, nothing typed yet", also=("search",),
      url=lab("croquet"), ready=item("match-01.csv"), then=steps(close_tabs, filter_files("")))
    c("filter-matches", "search_results",
      "the filter with '2' typed in croquet/: the score cards whose names hold a 2 (match-02, "
      "match-12, match-20 ... match-32), the letters highlighted", then=filter_files("2"))
    c("filter-no-matches", "search_results",
      "the filter with 'bandersnatch': the file list empty, only its headers, nothing said",
      then=filter_files("bandersnatch"))
    c("running-panel", "listing",
      "the 'Running Terminals and Kernels' side panel with a notebook open: open tabs, the "
      "running kernel (guest-list.ipynb), terminals (none), each with a shut-down button",
      url=lab("tea-party/guest-list.ipynb"), ready=IDLE,
      then=steps(lambda p: p.get_by_role("tab", name="Running Terminals and Kernels").click(),
                 wait(1500)))
    c("toc-panel", "listing",
      "the Table of Contents side panel for guest-list.ipynb: its headings 'Guest list' and "
      "'The table' as links, the notebook beside", also=("detail",),
      url=lab("tea-party/guest-list.ipynb"), ready=IDLE,
      then=steps(lambda p: p.get_by_role("tab", name="Table of Contents").click(), wait(1500)))
    c("extension-manager", "other",
      "the Extension Manager side panel (read-only here): 'Installed' with none but the "
      "built-ins, a search box that cannot search (no PyPI lookups), the Launcher beside",
      also=("listing",), url=lab(), ready=LAUNCHER,
      then=steps(lambda p: p.get_by_role("tab", name="Extension Manager").click(), wait(2000)))


def notebooks(c: Any) -> None:
    c("notebook-table", "detail",
      "the notebook tea-party/guest-list.ipynb opened: its markdown ('Guest list', prose), code "
      "cells with saved outputs (6, a small HTML table of the six guests, '26 cups of tea "
      "poured'), the notebook toolbar and the kernel 'Python 3 (ipykernel)'",
      also=("article",), url=lab("tea-party/guest-list.ipynb"), ready=IDLE)
    c("notebook-traceback", "detail",
      "tea-party/riddles.ipynb: markdown, a printed list of answers, then two saved "
      "tracebacks (KeyError: 'Why is a raven like a writing-desk?', ZeroDivisionError) in the "
      "cells' outputs: the notebook is fine, the errors are its content",
      also=("article",), url=lab("tea-party/riddles.ipynb"), ready=IDLE)
    c("notebook-clock", "detail",
      "tea-party/clock.ipynb: a short markdown heading and two code cells with their outputs",
      url=lab("tea-party/clock.ipynb"), ready=IDLE)
    c("notebook-run-cell", "detail",
      "croquet/scores.ipynb, its code cell run again (Shift+Enter): the output '36 matches, ... "
      "hoops for the Queen' and the execution count moved on",
      url=lab("croquet/scores.ipynb"), ready=IDLE,
      then=steps(lambda p: p.locator(".jp-CodeCell .cm-content").nth(0).click(),
                 keys("Shift+Enter"), wait(2500), shown(IDLE)))
    c("notebook-edited", "form",
      "clock.ipynb with a line typed into its last code cell and not saved: the cell's editor "
      "in focus, the tab marked as changed", also=("detail",),
      url=lab("tea-party/clock.ipynb"), ready=IDLE,
      then=type_in_cell(1, "\nprint('the Hatter says: no room!')"))
    c("notebook-saved", "detail",
      "the edited clock.ipynb saved (Ctrl+S): the notebook again, the change mark gone, the "
      "status bar saying 'Saving completed'", also=("confirmation",),
      then=steps(keys("Control+s"), text("Saving completed")))
    c("notebook-unsaved-close", "form",
      "closing clock.ipynb after another unsaved change: a dialog 'Save your work' ('Save "
      "changes in \"clock.ipynb\" before closing?') with Cancel, Discard and Save",
      then=steps(type_in_cell(0, "\n# six o'clock"),
                 lambda p: p.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current "
                                     ".lm-TabBar-tabCloseIcon").click(),
                 shown(DIALOG)))
    c("notebook-restart-dialog", "form",
      "Kernel > Restart Kernel... on guest-list.ipynb: a dialog 'Restart Kernel?' ('Do you "
      "want to restart the kernel of guest-list.ipynb? All variables will be lost.') with "
      "Cancel and Restart", also=("detail",),
      url=lab("tea-party/guest-list.ipynb"), ready=IDLE,
      then=steps(menu("Kernel", "Restart Kernel…"), shown(DIALOG)))
    c("notebook-new", "form",
      "a new notebook made from the Launcher (Notebook, Python 3): Untitled.ipynb with one "
      "empty code cell to type into, the kernel starting", also=("other",),
      url=lab("empty-drawer"), ready=LAUNCHER,
      then=steps(lambda p: p.locator(".jp-LauncherCard[title*='Python 3'], "
                                     ".jp-LauncherCard:has-text('Python 3')").first.click(),
                 shown(CELL), wait(3000)))
    c("notebook-rename-dialog", "form",
      "File > Rename Notebook... on riddles.ipynb: a dialog 'Rename File' with 'File Path' "
      "and 'New Name' (riddles.ipynb), Cancel and Rename", also=("detail",),
      url=lab("tea-party/riddles.ipynb"), ready=IDLE,
      then=steps(menu("File", "Rename Notebook…"), shown(DIALOG)))
    c("notebook-renamed", "detail",
      "the new name typed (hatters-riddles.ipynb) and Rename: the notebook again under its new "
      "name in the tab and the file browser, nothing said", also=("confirmation",),
      then=steps(lambda p: p.locator(f"{DIALOG} input").first.fill("hatters-riddles.ipynb"),
                 accept, text("hatters-riddles.ipynb"), wait(1000)))
    c("notebook-nbconvert", "article",
      "File > Save and Export Notebook As > HTML's address opened in the browser "
      "(/nbconvert/html/tea-party/guest-list.ipynb): the notebook as one static HTML page, "
      "its markdown, code and outputs to read", also=("detail",),
      url=lab(), ready=LAUNCHER,
      then=steps(from_app("/nbconvert/html/tea-party/guest-list.ipynb?download=false"),
                 text("Guest list")))


def files(c: Any) -> None:
    c("text-file", "detail",
      "data/notes.txt opened in the text editor: its lines (the tea-party notes, a list of "
      "things to remember) with line numbers, the tab and the status bar (Plain Text, Ln/Col)",
      also=("article", "form"), url=lab("data/notes.txt"), ready=EDITOR)
    c("markdown-source", "detail",
      "README.md opened (in the editor, as JupyterLab does for Markdown): its Markdown source "
      "(# The Mad Tea-Party workspace, the folders as a list, a quote)",
      also=("article", "form"), url=lab("README.md"), ready=EDITOR)
    c("markdown-preview", "article",
      "looking-glass/jabberwocky.md opened with the Markdown Preview: the heading 'Jabberwocky', "
      "the verses, 'The warning', a glossary table", also=("detail",),
      url=lab("looking-glass"), ready=item("jabberwocky.md"),
      then=steps(context_menu("jabberwocky.md", "Open With"),
                 lambda p: p.locator(".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('Markdown "
                                     "Preview'))").last.click(),
                 shown(".jp-RenderedMarkdown h1")))
    c("json-viewer", "detail",
      "data/menu.json opened (JupyterLab's JSON viewer, its default for .json): a tree of the "
      "party's menu (party, always, menu, seats) to unfold, a filter box", also=("other",),
      url=lab("data/menu.json"), ready=".jp-Document", then=wait(3000))
    c("json-file", "detail",
      "looking-glass/moves.json opened with Open With > Editor: the JSON text of the five "
      "moves with line numbers", also=("form",),
      url=lab("looking-glass"), ready=item("moves.json"),
      then=steps(context_menu("moves.json", "Open With"),
                 lambda p: p.locator(".lm-Menu-item:has(.lm-Menu-itemLabel:text-is('Editor'))")
                 .last.click(), shown(EDITOR), wait(1500)))
    c("csv-viewer", "listing",
      "data/guests.csv opened in the CSV viewer: a grid of the six guests (name, role, tea, "
      "cups) drawn on a canvas, so the snapshot shows only the Delimiter choice",
      also=("detail",), url=lab("data/guests.csv"), ready=".jp-CSVViewer", then=wait(2000))
    c("csv-long-viewer", "listing",
      "croquet/match-07.csv in the CSV viewer: a small table of three players' hoops (a canvas "
      "grid)", also=("detail",), url=lab("croquet/match-07.csv"), ready=".jp-CSVViewer",
      then=wait(2000))
    c("new-text-file", "form",
      "a new text file from the Launcher: untitled.txt open in an empty editor to type into",
      also=("other",), url=lab("empty-drawer"), ready=LAUNCHER,
      then=steps(lambda p: p.locator(".jp-LauncherCard:has-text('Text File')").first.click(),
                 shown(EDITOR), wait(1000)))
    c("raw-file", "article",
      "looking-glass/poem.txt as a raw file (/files/..., opened as the app's links do): the "
      "browser's plain text of 'The Walrus and the Carpenter'",
      url=lab(), ready=LAUNCHER, then=from_app("/files/looking-glass/poem.txt"))
    c("raw-file-refused", "error",
      "a raw file's address typed in (/files/data/notes.txt, no Referer): HTTP 403, '403 : "
      "Forbidden', 'The error was: Blocking request from unknown origin'",
      url="/files/data/notes.txt")
    c("raw-file-missing", "error",
      "a raw file that does not exist (/files/missing.txt, from the app): HTTP 404, "
      "'404 : Not Found', 'You are requesting a page that does not exist!'",
      url=lab(), ready=LAUNCHER, then=from_app("/files/missing.txt"))


def actions(c: Any) -> None:
    c("new-folder", "form",
      "New Folder in data/: 'Untitled Folder' added to the list with its name in an edit box, "
      "waiting to be named", also=("listing",),
      url=lab("data"), ready=item("guests.csv"),
      then=steps(close_tabs, button("New Folder"), shown(".jp-DirListing-editor")))
    c("new-folder-named", "listing",
      "the name 'biscuits' typed and Enter: data/ listed again with the folder biscuits first, "
      "nothing said", also=("confirmation",),
      then=steps(lambda p: p.locator(".jp-DirListing-editor").fill("biscuits"),
                 keys("Enter"), shown(item("biscuits")), wait(800)))
    c("rename-inline", "form",
      "Rename on schedule.csv (its context menu): the file's name turned into an edit box in "
      "the list", also=("listing",),
      then=steps(context_menu("schedule.csv", "Rename"), shown(".jp-DirListing-editor")))
    c("renamed-inline", "listing",
      "the new name typed (timetable.csv) and Enter: data/ listed again with timetable.csv",
      also=("confirmation",),
      then=steps(lambda p: p.locator(".jp-DirListing-editor").fill("timetable.csv"),
                 keys("Enter"), shown(item("timetable.csv")), wait(800)))
    c("context-menu", "other",
      "the right-click menu of notes.txt in the file browser: Open, Open With, Open in New "
      "Browser Tab, Rename, Delete, Cut, Copy, Duplicate, Download, Copy Path...",
      also=("listing",), then=steps(lambda p: p.locator(item("notes.txt")).first.click(
          button="right"), shown(".lm-Menu")))
    c("delete-dialog", "form",
      "Delete chosen for notes.txt: a dialog 'Delete' ('Are you sure you want to permanently "
      "delete: notes.txt?') with Cancel and Delete", also=("confirmation",),
      then=steps(keys("Escape"), context_menu("notes.txt", "Delete"), shown(DIALOG)))
    c("deleted", "listing",
      "Delete pressed: data/ listed again without notes.txt, nothing said",
      also=("confirmation",),
      then=steps(accept,
                 lambda p: p.locator(item("notes.txt")).wait_for(state="detached"), wait(800)))
    c("deleted-file-opened", "error",
      "the deleted file's address (/lab/tree/data/notes.txt): a dialog 'Cannot open' 'Could "
      "not find path: data/notes.txt' with Close over an empty workspace",
      url=lab("data/notes.txt"), ready=DIALOG)


def app_pages(c: Any) -> None:
    c("settings-editor", "form",
      "Settings > Settings Editor: the list of settings sections beside the chosen one's form "
      "(checkboxes, fields, Restore to Defaults), a search box for settings", also=("listing",),
      url=lab(), ready=LAUNCHER,
      then=steps(menu("Settings", "Settings Editor"), shown(".jp-SettingsPanel, "
                 ".jp-SettingsEditor"), wait(2500)))
    c("settings-search", "search_results",
      "'autosave' typed in the settings editor's search box: the sections narrowed to those "
      "with a matching setting (Document Manager), its form shown", also=("form",),
      then=steps(lambda p: p.locator(".jp-SettingsEditor input[type=text], .jp-SettingsEditor "
                                     "input[type=search]").first.fill("autosave"), wait(2000)))
    c("settings-theme", "form",
      "the Theme section of the settings editor (its own address, "
      "/lab/settings/@jupyterlab/apputils-extension:themes? is no route: chosen in the list): "
      "the theme choice, scrollbar and font-size fields",
      url=lab(), ready=LAUNCHER,
      then=steps(menu("Settings", "Settings Editor"), shown(".jp-SettingsEditor"), wait(1500),
                 lambda p: p.locator(".jp-SettingsEditor").get_by_text("Theme", exact=True)
                 .first.click(), wait(2000)))
    c("settings-json", "form",
      "the Advanced Settings Editor (JSON): the system defaults of a section beside an editor "
      "for the user's overrides", also=("other",),
      url=lab(), ready=LAUNCHER,
      then=steps(palette("Advanced Settings Editor", run=True), wait(3000)))
    c("keyboard-shortcuts", "listing",
      "the Keyboard Shortcuts section of the settings editor: a long table of commands, their "
      "keys and where they apply, a filter box", also=("form",),
      url=lab(), ready=LAUNCHER,
      then=steps(menu("Settings", "Settings Editor"), shown(".jp-SettingsEditor"), wait(1500),
                 lambda p: p.locator(".jp-SettingsEditor").get_by_text("Keyboard Shortcuts",
                                                                       exact=True)
                 .first.click(), wait(2500)))
    c("palette", "search",
      "the command palette (Ctrl+Shift+C): a box 'Search' over every command grouped by "
      "category", also=("listing",),
      url=lab(), ready=LAUNCHER, then=palette())
    c("palette-matches", "search_results",
      "'export' typed in the command palette: the matching commands (Save and Export Notebook "
      "As..., Export Notebook to HTML ...), the letters highlighted", then=palette("export"))
    c("palette-no-matches", "search_results",
      "'bandersnatch' typed in the command palette: no command, 'No commands found that "
      "match 'bandersnatch''", then=palette("bandersnatch"))
    c("file-menu", "other",
      "the File menu opened over the workspace: New, New Launcher, Open from Path, Save, "
      "Rename, Close, Log Out, Shut Down...", also=("listing",),
      url=lab(), ready=LAUNCHER, then=steps(menu("File"), shown(".lm-Menu")))
    c("open-from-path", "form",
      "File > Open from Path...: a dialog 'Open Path' with a path box, Cancel and Open",
      url=lab(), ready=LAUNCHER,
      then=steps(menu("File", "Open from Path…"), shown(DIALOG)))
    c("about", "other",
      "Help > About JupyterLab: a dialog with the version (4.6.6), links to the licence, "
      "contributors and Jupyter, the copyright",
      url=lab(), ready=LAUNCHER, then=steps(menu("Help", "About JupyterLab"), shown(DIALOG)))
    c("terminal", "other",
      "a terminal opened from the Launcher: a shell prompt in the browser",
      url=lab(), ready=LAUNCHER,
      then=steps(lambda p: p.locator(".jp-LauncherCard:has-text('Terminal')").first.click(),
                 shown(".jp-Terminal"), wait(2500)))
    c("console", "other",
      "a Python console opened from the Launcher: an empty prompt cell at the foot, the kernel "
      "banner above", also=("form",),
      url=lab(), ready=LAUNCHER,
      then=steps(lambda p: p.locator(".jp-LauncherCard:has-text('Python 3')").nth(1).click(),
                 shown(".jp-CodeConsole"), wait(3000)))


def errors_and_api(c: Any) -> None:
    c("lab-missing-notebook", "error",
      "a notebook that does not exist (/lab/tree/missing.ipynb): the workspace with an empty "
      "main area and a dialog 'Cannot open' 'Could not find path: missing.ipynb', Close",
      url=lab("missing.ipynb"), ready=DIALOG)
    c("lab-missing-folder", "error",
      "a folder that does not exist (/lab/tree/no-such-folder/): a dialog 'Cannot open' "
      "over the workspace", also=("listing",), url=lab("no-such-folder/"), ready=DIALOG)
    c("not-found", "error",
      "an address that is no page (/nope), signed in: HTTP 404, '404 : Not Found', 'You are "
      "requesting a page that does not exist!'", url="/nope")
    c("tree", "error",
      "the classic Notebook's file tree (/tree), which JupyterLab 4 without the notebook "
      "package does not ship: the same 404 page", url="/tree")
    c("lab-unknown-route", "other",
      "an unknown route inside JupyterLab (/lab/nope): the workspace with the Launcher, as if "
      "/lab had been asked, nothing said", also=("error",), url="/lab/nope", ready=LAUNCHER)
    c("api-contents", "other",
      "the REST API's root folder in the browser (/api/contents): one long line of JSON "
      "(content: the folders and README.md with their times, sizes, types)",
      also=("listing",), url="/api/contents")
    c("api-contents-file", "other",
      "the REST API's data/guests.csv (/api/contents/data/guests.csv): JSON of the file with "
      "its text", also=("detail",), url="/api/contents/data/guests.csv")
    c("api-contents-missing", "error",
      "the REST API asked for a missing file (/api/contents/missing.ipynb): HTTP 404, JSON "
      "'{\"message\": \"No such file or directory: missing.ipynb\", \"reason\": null}'",
      url="/api/contents/missing.ipynb")
    c("api-status", "other",
      "/api/status: one line of JSON (started, last activity, connections, kernels)",
      url="/api/status")
    c("api-kernelspecs", "other",
      "/api/kernelspecs: JSON of the one kernel, python3, and its resources",
      also=("listing",), url="/api/kernelspecs")


def alice(browser: Any, base: str) -> list[Path]:
    out = Session(browser, APP, base, signed_in=True)
    out.goto("/login", SIGN_IN)
    sign_in(capturing.PASSWORD)(out.page)
    out.page.wait_for_selector(LAUNCHER, timeout=45000)
    c = guarded(out)
    browsing(c)
    notebooks(c)
    files(c)
    actions(c)
    app_pages(c)
    errors_and_api(c)

    # signing out (File > Log Out), then the workspace asked for again
    out.signed_in = False
    c("logged-out", "confirmation",
      "File > Log Out: 'Successfully logged out.' and a link to log in again (/logout)",
      url=lab(), ready=LAUNCHER,
      then=steps(menu("File", "Log Out"), lambda p: p.wait_for_url("**/logout**"), wait(1000)))
    c("after-logout", "login",
      "/lab asked for again after signing out: the sign-in form (/login?next=/lab)",
      url="/lab", ready=SIGN_IN)
    out.close()
    return out.written


# fmt: on


def jupyterlab(browser: Any, base: str) -> list[Path]:
    return visitor(browser, base) + alice(browser, base)


APPS = {APP: jupyterlab}


if __name__ == "__main__":
    sys.exit(capturing.main(__doc__.split("\n\n")[0], APPS, PORTS, PAGES))
