"""How fast a benchmark task's folder is cleaned of credentials (`Secrets.redact_tree`).

    .venv/bin/python bench/redaction_speed.py              # 2 MB HAR, 5 runs
    .venv/bin/python bench/redaction_speed.py --mb 8 --runs 3

A task of `webagent webarena run` writes a HAR (its pages, scripts and API answers, the
bodies base64-encoded), a trajectory, a model cassette and JPEG screenshots, and every file
is cleaned of the four WebArena accounts' passwords before the task counts as done (the HAR
once more, as its tab closes). The folder made here has those files, filled with text like a
shop's pages and none of the values, so every file is scanned whole. Prints the size and, for
the HAR alone and the whole folder (HAR already cleaned as its tab closes, as in a run), the
median and the slowest run; the figures are in bench/README.md.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from webagent.safety import Secrets
from webagent.webarena.deployment import DEFAULT_CREDENTIALS

PAGE = """<li class="product-item"><a href="/catalog/product/view/id/{n}?utm_source=list&amp;p=2"
 class="product-item-link">Pro Hiking Backpack {n}, 30 L &ndash; water-resistant</a>
<span class="price">$ {price}</span><form action="/checkout/cart/add/uenc/aHR0cDovL3Nob3A%2C/"
 method="post"><input type="hidden" name="form_key" value="{key}"></form>
<script type="text/x-magento-init">{{"#product-{n}": {{"Magento_Catalog/js/price": {{"id": {n},
 "url": "https:\\/\\/shop.example\\/rest\\/V1\\/carts\\/mine?x=%5B{n}%5D"}}}}}}</script></li>
"""


def task_folder(folder: Path, megabytes: float, seed: int = 7) -> Path:
    """A task folder like a run's, its HAR about `megabytes` MB."""
    rng = random.Random(seed)
    folder.mkdir(parents=True)
    entries: list[dict[str, Any]] = []
    urls: list[str] = []
    size = 0
    while size < megabytes * 1_000_000:
        n = len(entries)
        key = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                      for _ in range(16))  # fmt: skip
        html = "".join(PAGE.format(n=n * 40 + i, price=f"{rng.uniform(5, 200):.2f}", key=key)
                       for i in range(40))  # fmt: skip
        url = f"http://127.0.0.1:7770/catalog/category/view/id/{n}?p={n % 5}&q=hiking%20pack"
        urls.append(url)
        entries.append(
            {
                "startedDateTime": "2026-11-27T10:00:00.000Z",
                "request": {
                    "method": "GET",
                    "url": url,
                    "headers": [
                        {"name": "Cookie", "value": f"PHPSESSID={key}; form_key={key}"},
                        {"name": "Accept", "value": "text/html,application/xhtml+xml"},
                    ],
                    "queryString": [{"name": "q", "value": "hiking pack"}],
                },
                "response": {
                    "status": 200,
                    "headers": [{"name": "Content-Type", "value": "text/html; charset=UTF-8"}],
                    "content": {
                        "size": len(html),
                        "mimeType": "text/html",
                        "text": base64.b64encode(html.encode()).decode(),
                        "encoding": "base64",
                    },
                },
            }
        )
        size += len(html) * 4 // 3 + 600
    (folder / "network.har").write_text(json.dumps({"log": {"version": "1.2", "entries": entries}}))
    steps = [
        {"index": i, "url": urls[i % len(urls)],
         "observations": PAGE.format(n=i, price="9.99", key="k") * 20,
         "action": f"click [f1e{i}]", "thought": "the backpack's page has its price"}
        for i in range(12)
    ]  # fmt: skip
    (folder / "trajectory.jsonl").write_text("".join(json.dumps(s) + "\n" for s in steps))
    (folder / "model.cassette.jsonl").write_text(
        "".join(json.dumps({"request": s, "answer": s["thought"]}) + "\n" for s in steps)
    )
    shots = folder / "screenshots"
    shots.mkdir()
    for i in range(12):  # a JPEG's entropy-coded bytes: noise
        (shots / f"step-{i:03d}.jpeg").write_bytes(b"\xff\xd8" + rng.randbytes(70_000))
    return folder


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[0],
        epilog="example: .venv/bin/python bench/redaction_speed.py --mb 2 --runs 5",
    )
    parser.add_argument("--mb", type=float, default=2.0, help="HAR size in MB (default 2)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    args = parser.parse_args()
    # the four WebArena accounts' passwords, as `webagent webarena run` cleans its files of
    accounts = DEFAULT_CREDENTIALS.items()
    secrets = Secrets({f"{site}_password": account["password"] for site, account in accounts})
    har_times, folder_times = [], []
    with tempfile.TemporaryDirectory() as scratch:
        for run in range(args.runs):
            folder = task_folder(Path(scratch) / str(run), args.mb, seed=run)  # a new task
            started = time.perf_counter()
            secrets.redact_file(folder / "network.har")  # as the tab closes
            har_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            changed = secrets.redact_tree(folder)  # as the task ends
            folder_times.append(time.perf_counter() - started)
            assert not changed, "the folder holds no value: nothing to change"
        size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(
        f"HAR {args.mb:.1f} MB, folder {size / 1e6:.1f} MB, {len(secrets)} secrets: "
        f"HAR median {statistics.median(har_times):.2f} s (slowest {max(har_times):.2f}), "
        f"then the folder median {statistics.median(folder_times):.2f} s "
        f"(slowest {max(folder_times):.2f}) over {args.runs} runs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
