"""Commands that serve until stopped: Ctrl-C, SIGTERM, or the server's own `stop`.

The SIGTERM handler goes in before the server prints the line that says where it answers:
whoever reads that line (a test, a supervisor) may stop the server at once, and a SIGTERM
that came before the handler would end the process with -15 instead of a clean 0.
"""

from __future__ import annotations

import contextlib
import signal
import threading


def stop_on_sigterm() -> threading.Event:
    """An event that SIGTERM sets, with its handler already in place."""
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    return stop


def serve_until(stop: threading.Event) -> None:
    """Wait for `stop` or Ctrl-C (the server is stopped by the caller's `with`)."""
    with contextlib.suppress(KeyboardInterrupt):
        stop.wait()
