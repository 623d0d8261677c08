"""Write the seed of sites/real/holdout37: six hours of Wonderland tea-party series, in the
OpenMetrics text format, for `promtool tsdb create-blocks-from openmetrics` to backfill into the
data folder of Prometheus (run by `setup` with the system's Python):

    python3 seed.py OUT.om

Series, one sample a minute up to the moment of seeding, for three tables (the March Hare's,
the Hatter's, the Dormouse's):
  tea_cups_poured_total{table,guest}  a counter: cups of tea poured for each guest
  tea_cups_clean{table}               a gauge: clean cups left on the table
  riddles_asked_total{table,answered} a counter: riddles asked, answered or not
"""

from __future__ import annotations

import math
import sys
import time

HOURS = 6
STEP = 60  # seconds

GUESTS = {
    "march-hare": ["alice", "march-hare", "hatter"],
    "hatter": ["hatter", "dormouse"],
    "dormouse": ["dormouse"],
}


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else "seed.om"
    end = int(time.time()) // STEP * STEP - STEP
    start = end - HOURS * 3600
    stamps = range(start, end + 1, STEP)
    lines = [
        "# HELP tea_cups_poured_total Cups of tea poured at the Mad Tea-Party.",
        "# TYPE tea_cups_poured_total counter",
    ]
    for table, guests in GUESTS.items():
        for g, guest in enumerate(guests):
            for i, t in enumerate(stamps):
                cups = i * (1 + g) // 3 + (i // 7) * (g + 1)
                lines.append(f'tea_cups_poured_total{{table="{table}",guest="{guest}"}} {cups} {t}')
    lines += ["# HELP tea_cups_clean Clean cups left on the table.", "# TYPE tea_cups_clean gauge"]
    for n, table in enumerate(GUESTS):
        for i, t in enumerate(stamps):
            clean = max(0, round(12 - n * 3 + 6 * math.sin(i / 40 + n)))
            lines.append(f'tea_cups_clean{{table="{table}"}} {clean} {t}')
    lines += ["# HELP riddles_asked_total Riddles asked at the table.",
              "# TYPE riddles_asked_total counter"]
    for table in GUESTS:
        for answered in ("true", "false"):
            for i, t in enumerate(stamps):
                n = i // (5 if answered == "false" else 23)
                lines.append(f'riddles_asked_total{{table="{table}",answered="{answered}"}} {n} {t}')
    lines.append("# EOF")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"seed: {len(lines) - 7} samples from {start} to {end} in {out}")


if __name__ == "__main__":
    main()
