"""Re-capture the stored snapshots used by the unit tests (run by hand, not by pytest).

    .venv/bin/python tests/data/snapshots/capture.py

Each page is opened at 1280x720 and saved as `<name>.yaml`: the exact text of
`page.aria_snapshot(mode="ai", boxes=True)`. The unit tests then parse and render these files
without a browser.
"""

from __future__ import annotations

from pathlib import Path

import miniwob

from webagent.browser import launch
from webagent.cli.observe import sample_page_url
from webagent.sites.risk import SiteJudge

HERE = Path(__file__).parent
PAGES = {
    "sample_shop": sample_page_url(),
    "form": (HERE.parent / "pages" / "form.html").as_uri(),
    "miniwob_click_checkboxes": (
        Path(miniwob.__file__).parent / "html" / "miniwob" / "click-checkboxes.html"
    ).as_uri(),
}


def main() -> None:
    with launch(judge=SiteJudge) as browser:
        for name, url in PAGES.items():
            tab = browser.open(url)
            if name.startswith("miniwob_"):
                tab.page.evaluate("core.EPISODE_MAX_TIME = 600000; core.startEpisodeReal()")
            text = tab.page.aria_snapshot(mode="ai", boxes=True)
            (HERE / f"{name}.yaml").write_text(text + "\n", encoding="utf-8")
            tab.close()
            print(f"wrote {name}.yaml ({len(text)} chars)")


if __name__ == "__main__":
    main()
