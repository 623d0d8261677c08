"""Standard output whose reader may go away: `webagent ... | head -3` ends quietly.

    except BrokenPipeError:
        if not stdout.closed():
            raise           # another pipe broke: not for us to hide
        stdout.silence()    # the last flush, and any print after it, go to os.devnull

Python ignores SIGPIPE, so a write to a pipe nobody reads raises BrokenPipeError (and the
interpreter's last flush of a buffered stdout prints "Exception ignored"). The recipe in
Python's `signal` documentation: point stdout at os.devnull and exit, here with 0, as the
reader took all it wanted.
"""

from __future__ import annotations

import os
import select
import sys


def closed() -> bool:
    """Whether standard output is a pipe whose reader has gone (so a BrokenPipeError came
    from it rather than from another pipe, e.g. a browser's)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return False  # not a file (a test's capture): the error came from elsewhere
    if not sys.platform.startswith("linux"):
        return True  # poll cannot tell reliably here: take it as stdout's, as the recipe does
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    return any(mask & (select.POLLERR | select.POLLHUP) for _, mask in poller.poll(0))


def silence() -> None:
    """From now on, standard output goes to os.devnull (what is still buffered too)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)
