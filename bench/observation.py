"""Observation benchmark: four ways to turn a page into text for an LLM, on a page corpus.

    .venv/bin/python bench/observation.py              # the whole corpus, writes RESULTS.md
    .venv/bin/python bench/observation.py --quick      # a few pages, 3 runs: for development
    .venv/bin/python bench/observation.py email book --runs 3   # pages whose name matches

Compared, per page:

1. ``full``: webagent's ``tab.observe(full_page=True)``;
2. ``viewport``: webagent's default ``tab.observe()``;
3. ``raw``: Playwright's ``page.aria_snapshot(mode="ai")``, what webagent parses (no boxes);
4. ``bg``: BrowserGym's AXTree text (``_pre_extract`` + ``extract_merged_axtree`` +
   ``flatten_axtree_to_str``), run by ``bench/browsergym_extract.py`` in its own venv
   (``bench/.venv-browsergym``, made here on first use) because it pins an older Playwright.

For each: the median wall time of producing the text over ``--runs`` runs after ``--warmup``
runs, more on fast pages until each way has 1 s of timed work (page loading is not timed;
the webagent methods take turns, in a rotating order), its
o200k tokens (``webagent.observation.count_tokens``), and its addressable interactive
elements. The corpus is the lists just below: add a page by adding its name there.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import functools
import http.server
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

import miniwob
from sections import replace_section  # bench/sections.py, next to this script

from webagent.browser import Browser, find_chromium, launch
from webagent.observation import (
    INTERACTIVE_ROLES,
    AriaNode,
    count_tokens,
    is_addressable,
    parse_snapshot,
)
from webagent.sites.risk import SiteJudge

# -- the corpus ------------------------------------------------------------------------------
# MiniWoB++ task pages (`<site-packages>/miniwob/html/miniwob/<task>.html`), each started with
# a seeded episode so webagent and BrowserGym see the same instance.
MINIWOB_TASKS = [
    "click-checkboxes",
    "email-inbox",
    "social-media",
    "book-flight",
    "choose-date",
    "search-engine",
    "click-tab-2",
    "use-autocomplete",
    "login-user",
    "navigate-tree",
    "read-table",
    "click-scroll-list",
    "enter-text",
    "terminal",
    "text-editor",
]
# Large real pages: Debian's python3-doc (paths under its html folder).
PYDOC_PAGES = [
    "library/stdtypes.html",
    "library/functions.html",
    "reference/datamodel.html",
    "library/os.html",
    "library/argparse.html",
    "genindex-P.html",
    "tutorial/index.html",
]
# webagent's bundled sample pages (`webagent/samples/`).
SAMPLE_PAGES = ["shop.html"]
# Only with --stress: pages too big to run every time (genindex-all: 1.7 MB of HTML).
STRESS_PAGES = ["genindex-all.html"]
# A few varied pages for --quick.
QUICK_PAGES = ["email-inbox", "book-flight", "click-tab-2", "shop", "argparse"]

MINIWOB_START = "Math.seedrandom('1'); core.EPISODE_MAX_TIME = 600000; core.startEpisodeReal();"
SETTLE_MS = 300  # after the episode starts, before measuring (not timed)
MIN_TIMED_MS = 1000  # per reader and page: small pages get more runs (see _time_round_robin)
MAX_RUNS = 101
VIEWPORT = (1280, 720)

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
BG_VENV = BENCH_DIR / ".venv-browsergym"
BG_SCRIPT = BENCH_DIR / "browsergym_extract.py"
BG_REQUIREMENT = "browsergym-core==0.14.3"  # the version this benchmark was written against
PYDOC_CANDIDATES = ("/usr/share/doc/python3/html", "/usr/share/doc/python3-doc/html")
METHODS = ("full", "viewport", "raw")
TARGETS = {
    "full_raw_tokens": 0.6,
    "full_bg_tokens": 0.8,
    "viewport_tokens": 3000,
    "elements": 1.0,
    "time": 1.2,
}
_ENCODE_CHUNK = 200_000  # characters: bpe-openai refuses a text of 1,000,000 or more


@dataclass(frozen=True, slots=True)
class CorpusPage:
    """One page of the corpus: `site` names the folder it is served from."""

    name: str
    site: str  # "miniwob" | "pydoc" | "sample"
    path: str

    @property
    def miniwob(self) -> bool:
        return self.site == "miniwob"


def corpus(*, stress: bool = False) -> list[CorpusPage]:
    pages = [CorpusPage(task, "miniwob", f"miniwob/{task}.html") for task in MINIWOB_TASKS]
    pydoc = PYDOC_PAGES + (STRESS_PAGES if stress else [])
    pages += [CorpusPage(_pydoc_name(path), "pydoc", path) for path in pydoc]
    pages += [CorpusPage(Path(path).stem, "sample", path) for path in SAMPLE_PAGES]
    return pages


def _pydoc_name(path: str) -> str:
    return "py:" + path.removesuffix(".html").replace("library/", "").replace("/", ":")


# -- results ---------------------------------------------------------------------------------
@dataclass(slots=True)
class Measure:
    """One way of reading one page: its text, tokens, addressable elements and median time."""

    text: str = ""
    tokens: int | None = None
    elements: int | None = None
    ms: float | None = None
    times: list[float] = field(default_factory=list)
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class PageResult:
    page: CorpusPage
    url: str
    measures: dict[str, Measure] = field(default_factory=dict)

    def get(self, method: str) -> Measure:
        return self.measures.setdefault(method, Measure())


# -- serving the corpus ----------------------------------------------------------------------
class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(root: Path) -> Iterator[str]:
    """Serve `root` on a free loopback port; yield its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def site_roots(pages: Sequence[CorpusPage]) -> dict[str, Path]:
    roots: dict[str, Path] = {}
    sites = {page.site for page in pages}
    if "miniwob" in sites:
        roots["miniwob"] = Path(miniwob.__file__).resolve().parent / "html"
    if "pydoc" in sites:
        roots["pydoc"] = ensure_pydoc()
    if "sample" in sites:
        roots["sample"] = REPO / "webagent" / "samples"
    return roots


def find_pydoc() -> Path | None:
    candidates = [Path(path) for path in PYDOC_CANDIDATES]
    candidates += sorted(Path("/usr/share/doc").glob("python3*/html"))
    for folder in candidates:
        if (folder / "library" / "stdtypes.html").is_file():
            return folder.resolve()
    return None


def ensure_pydoc() -> Path:
    """The html folder of Debian's python3-doc, installed with apt-get if missing."""
    found = find_pydoc()
    if found is not None:
        return found
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    log("python3-doc is missing: installing it with apt-get")
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=False)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", "python3-doc"], check=True)
    found = find_pydoc()
    if found is None:
        raise SystemExit("python3-doc is installed but its html folder was not found")
    return found


# -- measuring -------------------------------------------------------------------------------
def tokens(text: str) -> int:
    """o200k tokens of `text`; a very long text is counted in line-aligned chunks."""
    if len(text) < _ENCODE_CHUNK:
        return count_tokens(text)
    total, start = 0, 0
    while start < len(text):
        end = text.rfind("\n", start, start + _ENCODE_CHUNK)
        end = start + _ENCODE_CHUNK if end <= start else end
        total += count_tokens(text[start:end])
        start = end
    return total


def count_addressable(roots: Sequence[AriaNode]) -> int:
    """Nodes of a parsed snapshot that webagent's rule makes addressable."""
    count = 0
    stack: list[tuple[AriaNode, AriaNode | None]] = [(root, None) for root in roots]
    while stack:
        node, parent = stack.pop()
        if is_addressable(node, parent):
            count += 1
        stack.extend((child, node) for child in node.children)
    return count


def measure_webagent(
    pages: Sequence[CorpusPage], urls: dict[str, str], runs: int, warmup: int
) -> tuple[list[PageResult], str]:
    """Time and count full, viewport and raw on each page; return them and Chromium's version."""
    results: list[PageResult] = []
    with launch(headless=True, judge=SiteJudge) as browser:
        for page in pages:
            started = time.monotonic()
            results.append(_measure_page(browser, page, urls[page.name], runs, warmup))
            log(f"webagent: {page.name} ({time.monotonic() - started:.1f}s)")
        chromium = browser.version
    return results, chromium


def _measure_page(
    browser: Browser, page: CorpusPage, url: str, runs: int, warmup: int
) -> PageResult:
    result = PageResult(page, url)
    tab = browser.open(url, viewport=VIEWPORT)
    try:
        if page.miniwob:
            tab.page.evaluate(MINIWOB_START)
        tab.page.wait_for_timeout(SETTLE_MS)
        readers: dict[str, Callable[[], Any]] = {
            "full": functools.partial(tab.observe, full_page=True),
            "viewport": tab.observe,
            "raw": functools.partial(tab.page.aria_snapshot, mode="ai"),
        }
        outputs = _time_round_robin(readers, result, runs, warmup)
    finally:
        tab.close()
    for method in ("full", "viewport"):
        observation = outputs.get(method)
        if observation is not None:
            measure = result.get(method)
            measure.text = observation.text
            measure.elements = len(observation.elements)
            measure.extra["truncated"] = observation.truncated
    raw_text = outputs.get("raw")
    if isinstance(raw_text, str):
        result.get("raw").text = raw_text
        result.get("raw").elements = count_addressable(parse_snapshot(raw_text))
    for method in METHODS:
        measure = result.get(method)
        if measure.error is None:
            measure.tokens = tokens(measure.text)
    return result


def _time_round_robin(
    readers: dict[str, Callable[[], Any]], result: PageResult, runs: int, warmup: int
) -> dict[str, Any]:
    """Run each reader warmup + runs times, taking turns; record times, keep the last output.

    A fast page gets more runs, until each reader has `MIN_TIMED_MS` of timed work (at most
    `MAX_RUNS` runs): the median of a few 3 ms calls is mostly noise.
    """
    names = list(readers)
    outputs: dict[str, Any] = {}
    run = 0
    while run < warmup + runs or (run < warmup + MAX_RUNS and _timed_too_little(result, names)):
        shift = run % len(names)
        run += 1
        for name in names[shift:] + names[:shift]:
            measure = result.get(name)
            if measure.error is not None:
                continue
            started = time.perf_counter()
            try:
                output = readers[name]()
            except Exception as error:  # a failure is a result: reported, the rest goes on
                measure.error = f"{type(error).__name__}: {error}"[:300]
                outputs.pop(name, None)
                continue
            elapsed = (time.perf_counter() - started) * 1000
            if run > warmup:
                measure.times.append(elapsed)
            outputs[name] = output
    for name in names:
        measure = result.get(name)
        if measure.error is None and measure.times:
            measure.ms = statistics.median(measure.times)
    return outputs


def _timed_too_little(result: PageResult, names: list[str]) -> bool:
    return any(sum(result.get(name).times) < MIN_TIMED_MS for name in names)


def ensure_browsergym_venv() -> Path:
    python = BG_VENV / "bin" / "python"
    if python.exists():
        return python
    base = shutil.which("python3") or sys.executable
    log(f"creating {BG_VENV.relative_to(REPO)} and installing {BG_REQUIREMENT}")
    subprocess.run([base, "-m", "venv", str(BG_VENV)], check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", BG_REQUIREMENT], check=True)
    return python


def measure_browsergym(
    results: Sequence[PageResult], runs: int, warmup: int, chromium: str
) -> dict[str, str]:
    """Fill each result's "bg" (and "bg_as_is") measure; return BrowserGym's versions.

    One subprocess per page, with a time limit and one retry: Playwright 1.44 can wait
    forever on Chromium 150 when a renderer goes away, which must not hang the benchmark.
    """
    python = ensure_browsergym_venv()
    versions: dict[str, str] = {}
    limit = 120 + 60 * (runs + warmup)
    for result in results:
        request = {
            "runs": runs,
            "warmup": warmup,
            "chromium": chromium,
            "interactive_roles": sorted(INTERACTIVE_ROLES),
            "viewport": list(VIEWPORT),
            "pages": [
                {
                    "url": result.url,
                    "setup_js": MINIWOB_START if result.page.miniwob else None,
                    "settle_ms": SETTLE_MS,
                }
            ],
        }
        answer, error = None, None
        for _attempt in range(2):
            answer, error = _run_browsergym(python, request, limit)
            if answer is not None:
                break
            log(f"browsergym: {result.page.name}: {error}")
        if answer is None:
            result.get("bg").error = error
            continue
        versions = {
            "browsergym-core": answer["browsergym_core"],
            "playwright": answer["playwright"],
            "browser": answer["browser"],
        }
        _fill_browsergym(result, answer["results"][0])
    return versions


def _run_browsergym(
    python: Path, request: dict[str, Any], limit: float
) -> tuple[dict[str, Any] | None, str | None]:
    try:
        completed = subprocess.run(
            [str(python), str(BG_SCRIPT)],
            input=json.dumps(request),
            stdout=subprocess.PIPE,
            text=True,
            check=False,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        return None, f"browsergym_extract.py took over {limit:.0f} s"
    if completed.returncode != 0:
        return None, f"browsergym_extract.py exited {completed.returncode}"
    answer: dict[str, Any] = json.loads(completed.stdout)
    if answer["results"][0].get("error"):
        return None, str(answer["results"][0]["error"])[:300]
    return answer, None


def _fill_browsergym(result: PageResult, item: dict[str, Any]) -> None:
    measure = result.get("bg")
    measure.text = item["text"]
    measure.tokens = tokens(item["text"])
    measure.elements = item["interactive_bids"]
    measure.ms = item["median_ms"]
    measure.times = item["times_ms"]
    measure.extra = {
        "bids": item["bids"],
        "roles": item["interactive_roles"],
        "post_extract_ms": item["post_extract_median_ms"],
    }
    as_is = result.get("bg_as_is")
    as_is.text = item["text_as_is"]
    as_is.tokens = tokens(item["text_as_is"])


# -- summarising -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Ratio:
    """A per-page ratio over the corpus: its median, extremes and the pages it covers."""

    values: dict[str, float]

    @property
    def median(self) -> float | None:
        return statistics.median(self.values.values()) if self.values else None

    @property
    def min(self) -> float | None:
        return min(self.values.values()) if self.values else None

    @property
    def max(self) -> float | None:
        return max(self.values.values()) if self.values else None

    def median_of(self, names: set[str]) -> float | None:
        """The median over the pages named in `names` only."""
        values = [value for name, value in self.values.items() if name in names]
        return statistics.median(values) if values else None

    def worst(self, n: int, *, highest: bool = True) -> list[tuple[str, float]]:
        return sorted(self.values.items(), key=lambda item: item[1], reverse=highest)[:n]


def ratio(
    results: Sequence[PageResult],
    top: Callable[[PageResult], float | None],
    bottom: Callable[[PageResult], float | None],
) -> Ratio:
    values: dict[str, float] = {}
    for result in results:
        a, b = top(result), bottom(result)
        if a is not None and b:
            values[result.page.name] = a / b
    return Ratio(values)


def _tokens_of(method: str) -> Callable[[PageResult], float | None]:
    return lambda result: result.get(method).tokens


def _elements_of(method: str) -> Callable[[PageResult], float | None]:
    return lambda result: result.get(method).elements


def _ms_of(method: str) -> Callable[[PageResult], float | None]:
    return lambda result: result.get(method).ms


@dataclass(frozen=True, slots=True)
class Summary:
    full_raw_tokens: Ratio
    full_bg_tokens: Ratio
    elements: Ratio
    full_time: Ratio
    viewport_time: Ratio
    viewport_max: tuple[str, int] | None
    viewport_over: list[tuple[str, int]]
    errors: list[tuple[str, str, str]]


def summarise(results: Sequence[PageResult]) -> Summary:
    viewport = [
        (result.page.name, tokens)
        for result in results
        if (tokens := result.get("viewport").tokens) is not None
    ]
    limit = TARGETS["viewport_tokens"]
    return Summary(
        full_raw_tokens=ratio(results, _tokens_of("full"), _tokens_of("raw")),
        full_bg_tokens=ratio(results, _tokens_of("full"), _tokens_of("bg")),
        elements=ratio(results, _elements_of("full"), _elements_of("raw")),
        full_time=ratio(results, _ms_of("full"), _ms_of("raw")),
        viewport_time=ratio(results, _ms_of("viewport"), _ms_of("raw")),
        viewport_max=max(viewport, key=lambda item: item[1]) if viewport else None,
        viewport_over=[(name, tokens) for name, tokens in viewport if tokens > limit],
        errors=[
            (result.page.name, method, measure.error)
            for result in results
            for method, measure in result.measures.items()
            if measure.error is not None
        ],
    )


def verdicts(summary: Summary, results: Sequence[PageResult]) -> list[tuple[str, str, str]]:
    """(target, measured, PASS/FAIL) per target line."""

    def check(ok: bool | None) -> str:
        return "n/a" if ok is None else ("PASS" if ok else "FAIL")

    def below(value: float | None, limit: float) -> bool | None:
        return None if value is None else value <= limit

    lines: list[tuple[str, str, str]] = []
    s = summary
    lines.append(
        (
            f"full-page tokens <= {TARGETS['full_raw_tokens']}x raw (median)",
            _fmt_ratio(s.full_raw_tokens),
            check(below(s.full_raw_tokens.median, TARGETS["full_raw_tokens"])),
        )
    )
    lines.append(
        (
            f"full-page tokens <= {TARGETS['full_bg_tokens']}x BrowserGym (median)",
            _fmt_ratio(s.full_bg_tokens),
            check(below(s.full_bg_tokens.median, TARGETS["full_bg_tokens"])),
        )
    )
    pairs = [(r.get("full").elements, r.get("raw").elements) for r in results]
    short = sum(1 for full, raw in pairs if full is None or raw is None or full < raw)
    lines.append(
        (
            "webagent full elements >= raw interactable refs (every page)",
            _fmt_ratio(s.elements)
            + f"; min {_num(s.elements.min)}; {short} of {len(results)} pages short"
            + (
                " (pages with 0 raw refs have no ratio)"
                if len(s.elements.values) < len(results)
                else ""
            ),
            check(short == 0 if results else None),
        )
    )
    viewport_ok = None
    measured = "no data"
    if s.viewport_max is not None:
        limit = TARGETS["viewport_tokens"]
        counted = sum(1 for result in results if result.get("viewport").tokens is not None)
        viewport_ok = not s.viewport_over and counted == len(results)
        measured = (
            f"max {s.viewport_max[1]} ({s.viewport_max[0]}); {len(s.viewport_over)} over {limit:g}"
        )
    lines.append(
        (
            f"default viewport observation <= {TARGETS['viewport_tokens']:g} tokens (every page)",
            measured,
            check(viewport_ok),
        )
    )
    lines.append(
        (
            f"full-page extraction time <= {TARGETS['time']}x raw (median)",
            _fmt_ratio(s.full_time),
            check(below(s.full_time.median, TARGETS["time"])),
        )
    )
    lines.append(
        (
            f"viewport extraction time <= {TARGETS['time']}x raw (median)",
            _fmt_ratio(s.viewport_time),
            check(below(s.viewport_time.median, TARGETS["time"])),
        )
    )
    return lines


def _fmt_ratio(value: Ratio) -> str:
    if value.median is None:
        return "no data"
    return (
        f"median {value.median:.2f} (min {value.min:.2f}, max {value.max:.2f}, "
        f"{len(value.values)} pages)"
    )


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


# -- where webagent's tokens go --------------------------------------------------------------
_ID = re.compile(r"\[(?:f\d+)?e\d+\] ")
_ELEMENT = re.compile(r"^(?:- )?\[(?:f\d+)?e\d+\] ([a-z]+)")
# Roles webagent shows as a line of their own without an id (landmarks, tables, images...).
_CONTAINERS = frozenset(
    [
        "alert",
        "alertdialog",
        "article",
        "banner",
        "complementary",
        "contentinfo",
        "dialog",
        "figure",
        "form",
        "grid",
        "group",
        "img",
        "list",
        "main",
        "menu",
        "menubar",
        "navigation",
        "region",
        "search",
        "status",
        "table",
        "tablist",
        "tabpanel",
        "toolbar",
        "tree",
        "treegrid",
    ]
)
_HEADER = ("URL:", "Title:", "Tabs:", "[scroll", "[…", "Scroll", "Error:")


def line_kind(line: str) -> str:
    """A rendered line's kind: the role of its first element, a heading, a container, text."""
    stripped = line.strip()
    if stripped.startswith(_HEADER):
        return "header"
    if stripped.startswith("#"):
        return "heading"
    element = _ELEMENT.match(stripped)
    if element is not None:
        kind = f"element: {element.group(1)}"
        return kind + (" (+ more on the line)" if len(_ID.findall(stripped)) > 1 else "")
    first, _, rest = stripped.removeprefix("- ").partition(" ")
    if first in _CONTAINERS and (not rest or rest.startswith(("'", "["))):
        return f"container: {first}"
    return "text"


def token_breakdown(text: str) -> tuple[list[tuple[str, int, int]], dict[str, int]]:
    """Tokens per line kind (kind, tokens, lines), largest first; and what some parts cost.

    A part's cost is the tokens it adds: the text's tokens less those of the text without it.
    """
    lines = text.split("\n")
    by_kind: dict[str, list[int]] = {}
    for line in lines:
        entry = by_kind.setdefault(line_kind(line), [0, 0])
        entry[0] += tokens(line) + 1  # + its newline
        entry[1] += 1
    whole = tokens(text)
    costs = {
        "element ids": whole - tokens(_ID.sub("", text)),
        "indentation": whole - tokens("\n".join(line.lstrip(" ") for line in lines)),
        "newlines": len(lines) - 1,
    }
    kinds = sorted(((k, v[0], v[1]) for k, v in by_kind.items()), key=lambda item: -item[1])
    return kinds, costs


# -- output ----------------------------------------------------------------------------------
COLUMNS = [
    ("page", 22),
    ("tok full", 8),
    ("tok vp", 7),
    ("tok raw", 8),
    ("tok BG", 8),
    ("BG150", 8),
    ("el full", 7),
    ("el raw", 6),
    ("el BG", 6),
    ("ms full", 8),
    ("ms vp", 7),
    ("ms raw", 7),
    ("ms BG", 8),
]


def table_rows(results: Sequence[PageResult]) -> list[list[str]]:
    rows = []
    for result in results:
        m = result.measures

        def tok(method: str, m: dict[str, Measure] = m) -> str:
            measure = m.get(method)
            if measure is None:
                return "-"
            return "ERR" if measure.error else _int(measure.tokens)

        def ms(method: str, m: dict[str, Measure] = m) -> str:
            measure = m.get(method)
            if measure is None:
                return "-"
            return "ERR" if measure.error else _num(measure.ms, 0)

        def el(method: str, m: dict[str, Measure] = m) -> str:
            measure = m.get(method)
            if measure is None:
                return "-"
            return "ERR" if measure.error else _int(measure.elements)

        rows.append(
            [
                result.page.name,
                tok("full"),
                tok("viewport"),
                tok("raw"),
                tok("bg"),
                tok("bg_as_is"),
                el("full"),
                el("raw"),
                el("bg"),
                ms("full"),
                ms("viewport"),
                ms("raw"),
                ms("bg"),
            ]
        )
    return rows


def _int(value: int | None) -> str:
    return "-" if value is None else str(value)


def _cells(row: Sequence[str]) -> str:
    """A row of the printed table: the page name left-aligned, numbers right-aligned."""
    cells = [
        f"{cell:>{width}}" if i else f"{cell:<{width}}"
        for i, (cell, (_, width)) in enumerate(zip(row, COLUMNS, strict=True))
    ]
    return "  ".join(cells)


def print_table(results: Sequence[PageResult], checks: list[tuple[str, str, str]]) -> None:
    header = _cells([name for name, _ in COLUMNS])
    print(header)
    print("-" * len(header))
    for row in table_rows(results):
        print(_cells(row))
    print()
    for target, measured, verdict in checks:
        print(f"{verdict:4}  {target}: {measured}")


def write_results(
    path: Path,
    *,
    results: Sequence[PageResult],
    summary: Summary,
    checks: list[tuple[str, str, str]],
    info: dict[str, str],
    command: str,
) -> None:
    """Write the results as the "observation" section of `path`, keeping the rest of it."""
    out = ["# Observation benchmark results\n"]
    out.append("Written by `bench/observation.py`; rerun it to refresh this section.\n")
    out.append("## Reproduce\n")
    out.append(f"```\n{command}\n```\n")
    out.append("## Machine\n")
    out.extend(f"- {key}: {value}" for key, value in info.items())
    out.append("\n## Targets\n")
    out.append("| target | measured | verdict |")
    out.append("| --- | --- | --- |")
    out.extend(f"| {target} | {measured} | **{verdict}** |" for target, measured, verdict in checks)
    out += _summary_section(results, summary)
    out.append("\n## Per page\n")
    out.append(
        "Tokens are o200k (`webagent.observation.count_tokens`); elements are addressable "
        "interactive elements (definitions below); times are medians in ms. `BG150` is "
        "BrowserGym's text exactly as it comes out on this Chromium (see the definitions).\n"
    )
    out.append("| " + " | ".join(name for name, _ in COLUMNS) + " |")
    out.append("|" + " --- |" * len(COLUMNS))
    out.extend("| " + " | ".join(row) + " |" for row in table_rows(results))
    if summary.errors:
        out.append("\nErrors:\n")
        out.extend(f"- {page} / {method}: `{error}`" for page, method, error in summary.errors)
    out += _breakdown_section(results, summary)
    out.append(DEFINITIONS)
    replace_section(path, "observation", "\n".join(out))


def _summary_section(results: Sequence[PageResult], s: Summary) -> list[str]:
    sites = sorted({result.page.site for result in results})
    members = {
        site: {result.page.name for result in results if result.page.site == site} for site in sites
    }
    out = ["\n## Summary (medians over the corpus)\n"]
    out.append(
        "Per-page ratios; the median over the whole corpus, then over each site's pages "
        "(MiniWoB pages are small, the python docs large).\n"
    )
    out.append(
        "| ratio | median | "
        + " | ".join(f"median {site}" for site in sites)
        + " | min | max | pages |"
    )
    out.append("|" + " --- |" * (5 + len(sites)))
    for label, value in (
        ("webagent full tokens / raw tokens", s.full_raw_tokens),
        ("webagent full tokens / BrowserGym tokens", s.full_bg_tokens),
        ("webagent full elements / raw interactable refs", s.elements),
        ("webagent full time / raw time", s.full_time),
        ("webagent viewport time / raw time", s.viewport_time),
    ):
        by_site = " | ".join(_num(value.median_of(members[site])) for site in sites)
        out.append(
            f"| {label} | **{_num(value.median)}** | {by_site} | {_num(value.min)} "
            f"| {_num(value.max)} | {len(value.values)} |"
        )
    total = {m: sum(r.get(m).ms or 0 for r in results) for m in ("full", "viewport", "raw")}
    if total["raw"]:
        out.append(
            f"\nSummed over the corpus, full takes {total['full'] / total['raw']:.2f}x and "
            f"viewport {total['viewport'] / total['raw']:.2f}x the raw snapshot's time "
            "(dominated by the large pages)."
        )
        out.append(
            "\nWhere the time goes on large pages: the viewport observation needs element "
            "boxes, and Playwright's `aria_snapshot(boxes=True)` alone takes 17-33% longer "
            "than the raw snapshot; parsing and rendering the whole tree in Python adds about "
            "10% more. A full-page observation takes no boxes, and neither does a viewport "
            "observation of a small page that is entirely on screen (all MiniWoB pages), so "
            "those cost the snapshot plus the Python work."
        )
    if s.viewport_max is not None:
        out.append(
            f"\nwebagent viewport tokens, max over the corpus: **{s.viewport_max[1]}** "
            f"({s.viewport_max[0]})."
        )
    return out


def _breakdown_section(results: Sequence[PageResult], s: Summary) -> list[str]:
    out = ["\n## Where webagent's full-page tokens go\n"]
    out.append(
        "The two pages with the highest full/raw ratio, the two with the highest "
        "full/BrowserGym ratio, and the three largest. Tokens per kind of rendered line "
        "(the role of a line's first element, `container:` for a landmark or table line, "
        "`text` for plain text), each line counted on its own (with its newline), so the "
        "tokens add up to a little more than the whole text's. Below each table: the tokens "
        "the `[eN] ` markers, the leading spaces and the newlines add to the whole text.\n"
    )
    by_name = {result.page.name: result for result in results}
    largest = sorted(results, key=lambda r: -(r.get("full").tokens or 0))[:3]
    chosen = dict.fromkeys(
        [name for name, _ in s.full_raw_tokens.worst(2)]
        + [name for name, _ in s.full_bg_tokens.worst(2)]
        + [r.page.name for r in largest]
    )
    for name in chosen:
        full = by_name[name].get("full")
        if full.error is not None or not full.text:
            continue
        kinds, overheads = token_breakdown(full.text)
        lines_total = sum(cost for _, cost, _ in kinds) or 1
        total = full.tokens or 1
        to_raw = s.full_raw_tokens.values.get(name)
        to_bg = s.full_bg_tokens.values.get(name)
        out.append(
            f"### {name}: {full.tokens} tokens; full/raw {_num(to_raw)}, "
            f"full/BrowserGym {_num(to_bg)}\n"
        )
        out.append("| line kind | tokens | share | lines |")
        out.append("| --- | --- | --- | --- |")
        out.extend(
            f"| {kind} | {cost} | {cost / lines_total:.0%} | {count} |"
            for kind, cost, count in kinds[:8]
        )
        parts = ", ".join(f"{key}: {cost} ({cost / total:.0%})" for key, cost in overheads.items())
        out.append(f"\n{parts}\n")
    return out


DEFINITIONS = """## Definitions and method

- **full**: `tab.observe(full_page=True)`, timed as the whole call (a `boxes=True` aria snapshot,
  parsing, rendering, token counting). Elements: `len(obs.elements)`.
- **viewport**: `tab.observe()` (viewport only, capped at `DEFAULT_VIEWPORT_BUDGET` tokens),
  timed the same way. Elements: `len(obs.elements)` (not a target).
- **raw**: `tab.page.aria_snapshot(mode="ai")` (no boxes), timed as that call. Elements: the
  text parsed with `webagent.observation.parse_snapshot`, counting nodes for which
  `is_addressable(node, parent)` holds: the same rule webagent uses to give an id.
- **BrowserGym** (`tok BG`, `el BG`, `ms BG`): browsergym-core in `bench/.venv-browsergym`,
  run by `bench/browsergym_extract.py`. Timed per run: `_pre_extract(page)` (marking elements
  with bids), `extract_merged_axtree(page)` and `flatten_axtree_to_str(axtree)`: the AXTree
  part of `BrowserEnv._get_obs`, without its DOM snapshot and screenshot. `_post_extract`
  (unmarking) runs after each run, untimed. Elements: the bids shown in the text on nodes
  with an interactive role (webagent's `INTERACTIVE_ROLES` plus Chrome's own names for them:
  `MenuListOption`, `ListBoxOption`, `PopUpButton`, `ToggleButton`, `DisclosureTriangle`);
  informational, not a target.
- **BrowserGym on a newer Chromium.** browsergym-core 0.14.3 pins Playwright 1.44 (Chromium
  125). It drives Chromium 150 fine, but Chromium 150's `Accessibility.getFullAXTree` also
  returns `InlineTextBox` nodes (one per wrapped line of text), a `MenuListPopup` wrapper
  in each `<select>`, and a `url` property on links, images and the root, which Chromium 126
  does not, and BrowserGym prints them all: about twice the tokens. `tok BG` therefore
  flattens with `ignored_roles` += `InlineTextBox`, `MenuListPopup` and
  `ignored_properties` += `url`, which reproduces what BrowserGym prints on the Chromium it
  was built for; `BG150` is the unfiltered text, for reference. The timing includes the
  larger CDP tree Chromium 150 sends. (Checked against a real Chromium 126,
  `--bg-chromium`: see the README.)
- Each page loads in a fresh browser context (viewport 1280x720); a MiniWoB page then runs
  `Math.seedrandom('1'); core.EPISODE_MAX_TIME = 600000; core.startEpisodeReal();` so both
  browsers see the same task instance. 300 ms settle, then 1 warm-up run and the timed
  runs (at least `--runs`; on fast pages more, until each webagent way has 1 s of timed
  work, at most 101); the three webagent methods take turns in a rotating order. webagent and
  BrowserGym run one after the other, never at once.
- Ratios are per page, then the median (min, max) over the pages that have both numbers.
"""


# -- main ------------------------------------------------------------------------------------
def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def select(pages: list[CorpusPage], args: argparse.Namespace) -> list[CorpusPage]:
    filters = list(args.filters) or (QUICK_PAGES if args.quick else [])
    if filters:
        pages = [page for page in pages if any(word in page.name for word in filters)]
    if args.pages is not None:
        pages = pages[: args.pages]
    return pages


def machine_info(
    chromium: str, bg_versions: dict[str, str], elapsed: float, load_before: float
) -> dict[str, str]:
    cpu = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    info = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "CPUs": f"{os.cpu_count()} ({cpu or 'unknown model'})",
        "OS": platform.platform(),
        "Python": platform.python_version(),
        "webagent": _git_state(),
        "Chromium": chromium,
        "Playwright (webagent)": version("playwright"),
    }
    if bg_versions:
        info["browsergym-core"] = bg_versions["browsergym-core"]
        info["Playwright (BrowserGym)"] = bg_versions["playwright"]
        info["Chromium (BrowserGym)"] = bg_versions["browser"]
    info["wall time of this run"] = f"{elapsed:.0f} s"
    info["load average (1 min) before / after"] = (
        f"{load_before:.2f} / {os.getloadavg()[0]:.2f} (other work on the machine skews times)"
    )
    return info


def _git_state() -> str:
    """The commit the working tree is on, and whether webagent/ differs from it."""

    def git(*args: str) -> str:
        completed = subprocess.run(
            ["git", "-C", str(REPO), *args], capture_output=True, text=True, check=False
        )
        return completed.stdout.strip() if completed.returncode == 0 else ""

    commit = git("rev-parse", "--short", "HEAD")
    if not commit:
        return "not a git checkout"
    dirty = git("status", "--porcelain", "--", "webagent")
    return f"commit {commit}" + (" + uncommitted changes in webagent/" if dirty else "")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("filters", nargs="*", help="only pages whose name contains one of these")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per method (default 7)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs first (default 1)")
    parser.add_argument("--pages", type=int, help="only the first N pages (after filtering)")
    parser.add_argument("--quick", action="store_true", help="a few varied pages, 3 runs")
    parser.add_argument("--stress", action="store_true", help="add " + ", ".join(STRESS_PAGES))
    parser.add_argument("--no-browsergym", action="store_true", help="skip the BrowserGym column")
    parser.add_argument("--bg-chromium", help="Chromium for BrowserGym (default: webagent's)")
    parser.add_argument(
        "--output",
        type=Path,
        help="write the results here (default: bench/RESULTS.md, for a run of the whole corpus)",
    )
    parser.add_argument("--dump", type=Path, help="write every text here, one file per page/way")
    args = parser.parse_args(argv)
    if args.quick and "--runs" not in (argv if argv is not None else sys.argv):
        args.runs = 3
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()
    load_before = os.getloadavg()[0]
    everything = corpus(stress=args.stress)
    pages = select(everything, args)
    if not pages:
        raise SystemExit("no page matches")
    output = args.output
    if output is None and pages == corpus():
        output = BENCH_DIR / "RESULTS.md"
    log(f"{len(pages)} pages, {args.warmup} warm-up + {args.runs} timed runs each")
    with contextlib.ExitStack() as stack:
        bases = {site: stack.enter_context(serve(root)) for site, root in site_roots(pages).items()}
        urls = {page.name: bases[page.site] + page.path for page in pages}
        results, chromium = measure_webagent(pages, urls, args.runs, args.warmup)
        bg_versions: dict[str, str] = {}
        if not args.no_browsergym:
            bg_chromium = args.bg_chromium or find_chromium().path or "/usr/bin/chromium"
            bg_versions = measure_browsergym(results, args.runs, args.warmup, bg_chromium)
    elapsed = time.monotonic() - started
    summary = summarise(results)
    checks = verdicts(summary, results)
    print_table(results, checks)
    print(f"\n{len(pages)} pages in {elapsed:.0f} s")
    if args.dump is not None:
        args.dump.mkdir(parents=True, exist_ok=True)
        for result in results:
            for method, measure in result.measures.items():
                name = re.sub(r"[^A-Za-z0-9_.-]+", "_", result.page.name)
                (args.dump / f"{name}.{method}.txt").write_text(measure.text, encoding="utf-8")
    if output is not None:
        given = list(sys.argv[1:] if argv is None else argv)
        if "--dump" in given:  # where texts are written changes no number
            at = given.index("--dump")
            del given[at : at + 2]
        command = ".venv/bin/python bench/observation.py " + " ".join(given)
        write_results(
            output,
            results=results,
            summary=summary,
            checks=checks,
            info=machine_info(chromium, bg_versions, elapsed, load_before),
            command=command.strip(),
        )
        log(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
