"""Teapot: a tea-brewing scheduler for long afternoons.

Teapot keeps a table of guests, kettles and pots, and works out when each pot must be
put on so that nobody at the party ever waits for a fresh cup. It was written for the
March Hare's garden, where it is always six o'clock, but it runs anywhere Python 3.10
or newer runs.

The names most people need are re-exported here::

    from teapot import Kettle, Pot, Party, Schedule, brew

"""

from teapot.errors import KettleBusyError, NoCleanCupsError, TeapotError, UnknownBlendError
from teapot.kettle import Kettle, Pot, brew, steep_time
from teapot.schedule import Guest, Party, Schedule, plan

__all__ = [
    "Guest",
    "Kettle",
    "KettleBusyError",
    "NoCleanCupsError",
    "Party",
    "Pot",
    "Schedule",
    "TeapotError",
    "UnknownBlendError",
    "brew",
    "plan",
    "steep_time",
]

__version__ = "2.3.0"
