"""The exceptions Teapot raises.

Every exception of Teapot derives from :class:`TeapotError`, so a caller that only wants to
know *that* something went wrong can catch that one class.
"""

from __future__ import annotations


class TeapotError(Exception):
    """The base class of every error raised by Teapot."""


class UnknownBlendError(TeapotError, KeyError):
    """A blend was asked for that is not in the tea caddy.

    Args:
        blend: The name that was asked for.
        known: The blends the caddy does hold, for the error message.
    """

    def __init__(self, blend: str, known: list[str]) -> None:
        super().__init__(f"no blend {blend!r} in the caddy (known: {', '.join(sorted(known))})")
        self.blend = blend
        self.known = known


class KettleBusyError(TeapotError):
    """A kettle was asked to boil while it was already boiling for another pot.

    The scheduler never does this by itself; it happens when :meth:`~teapot.kettle.Kettle.boil` is
    called by hand twice without waiting.
    """


class NoCleanCupsError(TeapotError):
    """Every cup at the table has been used and none was washed.

    At the March Hare's table the usual remedy is :meth:`~teapot.schedule.Party.move_down`: everyone
    moves one place along to a clean cup.
    """
