"""How fast a big page's HTML becomes Markdown (`webagent.readable.html_to_markdown`).

    .venv/bin/python bench/readable_speed.py            # 2 MB, 5 runs
    .venv/bin/python bench/readable_speed.py --mb 4 --runs 3

The page is the unit tests' Magento-like category page (`tests/unit/test_readable.py`):
header and menu, then product cards, each with a 2 kB script blob, until the size asked for.
Prints the size, the median and the slowest run; the figures are in bench/README.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.unit.test_readable import big_shop_page
from webagent.readable import html_to_markdown


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        epilog="example: .venv/bin/python bench/readable_speed.py --mb 2 --runs 5",
    )
    parser.add_argument("--mb", type=float, default=2.0, help="page size in MB (default 2)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    args = parser.parse_args()
    html = big_shop_page(int(args.mb * 1_000_000))
    html_to_markdown(html, "http://shop.example.test/bags.html")  # warm-up
    times = []
    for _ in range(args.runs):
        started = time.perf_counter()
        html_to_markdown(html, "http://shop.example.test/bags.html")
        times.append(time.perf_counter() - started)
    print(
        f"{len(html) / 1e6:.1f} MB: median {statistics.median(times):.2f} s, "
        f"slowest {max(times):.2f} s over {args.runs} runs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
