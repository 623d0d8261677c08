"""The Mad Hatter's tea party, as a library."""

from teaparty.clock import Clock

__all__ = ["Clock"]
__version__ = "0.0.1"
