"""Where a run's files go, and the log of the run as it happens.

    Outputs(record=Path("rec/order"))                    # a fixture: `webagent replay rec/order`
    Outputs(out=Path("out"), echo=True)                  # result.json, run.log, HAR, cassette
    Outputs(record=folder, out=folder, final_screenshot=True)   # a WebArena task's folder
    Outputs(har=Path("task.har"))                        # only the network, to score it

Whatever a run writes is redacted of its secrets once it ends, whatever happened.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webagent.controller import events as ev

RESULT_FILE = "result.json"
LOG_FILE = "run.log"


@dataclass(frozen=True, slots=True)
class Outputs:
    """A run's files. `record`: the run as a fixture (meta, trajectory, model cassette, HAR,
    start state, screenshots after each action unless `step_screenshots` is off, a
    Playwright trace with `trace`). `out`: `result.json` and `run.log` (and the HAR and
    the cassette, copied from the recording or written there). `har`: only the network,
    when neither. `final_screenshot`: `screenshots/final.jpeg` in the recording. `echo`:
    progress lines on stderr too. `oracle`: the scripted oracle's settings, kept in the
    recording so that `webagent replay --update` can start it again."""

    record: Path | None = None
    out: Path | None = None
    har: Path | None = None
    trace: bool = False
    step_screenshots: bool = True
    final_screenshot: bool = False
    echo: bool = False
    oracle: dict[str, Any] | None = None

    @property
    def folders(self) -> list[Path]:
        """The folders the run writes into (each once)."""
        return list(dict.fromkeys(f for f in (self.record, self.out) if f is not None))


class RunLog:
    """Progress lines, to stderr (`echo`) and to the run's log file (`path`), either or both."""

    def __init__(self, path: Path | None, *, echo: bool) -> None:
        self._file = path.open("w", encoding="utf-8") if path is not None else None
        self._echo = echo

    def event(self, event: ev.Event) -> None:
        line = ev.describe(event)
        if line:
            self.line(line)

    def line(self, text: str) -> None:
        if self._echo:
            print(text, file=sys.stderr, flush=True)
        if self._file is not None:
            self._file.write(text + "\n")
            self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
