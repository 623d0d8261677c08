"""How a learned profile's states line up with a written one's, on the pages exploring read.

    .venv/bin/python bench/learned_states.py LEARNED_DIR --against demo_shop
    .venv/bin/python bench/learned_states.py LEARNED_DIR --against demo_shop --oracle

Each page of LEARNED_DIR/pages (what `webagent sites learn` read), or with `--oracle` each
page the demo shop's 55 scripted solutions reach (their start pages and the page after
every step: carts, checkouts, searches, orders placed), is classified with the learned
profile and with the written one (rules alone). The learned states are paired one
to one with the written states (the largest overlaps first); the figure is the share of
pages whose learned state is paired with their written state. Also printed: the table of
both, and each learned state's pages by written state.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from webagent.explore.draft import ExploredPage
from webagent.observation import Observation
from webagent.sites.classify import Classifier
from webagent.sites.profiles import site_profile


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("learned", type=Path, help="the folder `sites learn` wrote")
    parser.add_argument("--against", required=True, help="the written profile (a site's name)")
    parser.add_argument(
        "--oracle", action="store_true", help="the pages of the demo shop's oracle solutions"
    )
    args = parser.parse_args()
    learned = Classifier(site_profile(str(args.learned / "profile.toml")))
    written = Classifier(site_profile(args.against))
    pairs: Counter[tuple[str, str]] = Counter()
    for observation in _oracle_pages() if args.oracle else _explored(args.learned):
        pairs[(learned.classify(observation).state, written.classify(observation).state)] += 1
    total = sum(pairs.values())
    paired: dict[str, str] = {}
    used: set[str] = set()
    for (mine, theirs), _ in pairs.most_common():
        if mine not in paired and theirs not in used:
            paired[mine] = theirs
            used.add(theirs)
    right = sum(n for (mine, theirs), n in pairs.items() if paired.get(mine) == theirs)
    print(f"{total} pages; one-to-one: {right} ({right / total:.0%}) in paired states")
    print()
    print("| learned state | pages | written states (pages) | paired with |")
    print("| --- | ---: | --- | --- |")
    for mine in sorted(
        {m for m, _ in pairs}, key=lambda m: -sum(n for (a, _), n in pairs.items() if a == m)
    ):
        row = {t: n for (m, t), n in pairs.items() if m == mine}
        shown = ", ".join(f"{t} ({n})" for t, n in sorted(row.items(), key=lambda x: -x[1]))
        print(f"| {mine} | {sum(row.values())} | {shown} | {paired.get(mine, '-')} |")
    return 0


def _explored(folder: Path) -> Iterator[Observation]:
    for path in sorted((folder / "pages").glob("*.json")):
        yield ExploredPage.from_json(json.loads(path.read_text(encoding="utf-8"))).observation()


def _oracle_pages() -> list[Observation]:
    """The start page of each demo-shop solution and the page after each of its steps."""
    from webagent.browser import launch
    from webagent.oracle.runner import OracleRunner
    from webagent.sites import start_site

    seen: list[Observation] = []
    with tempfile.TemporaryDirectory() as out, launch() as browser:
        server = start_site("demo_shop", db=Path(out) / "shop.sqlite", reset=True)
        with server:
            runner = OracleRunner(
                server, browser, Path(out), confirm="allow", on_step=lambda _, o: seen.append(o)
            )
            runner.run()
    return seen


if __name__ == "__main__":
    raise SystemExit(main())
