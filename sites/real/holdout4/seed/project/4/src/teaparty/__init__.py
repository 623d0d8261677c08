"""The Mad Hatter's tea party, as a library."""

from teaparty.clock import Clock
from teaparty.guests import DEFAULT_GUESTS, Guest
from teaparty.seating import Table

__all__ = ["Clock", "DEFAULT_GUESTS", "Guest", "Table"]
__version__ = "0.1.0"
