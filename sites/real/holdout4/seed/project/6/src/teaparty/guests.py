"""Who is at the table."""

from dataclasses import dataclass


@dataclass
class Guest:
    name: str
    asleep: bool = False
    wants_more_tea: bool = True

    def wake(self) -> None:
        """Pinch the Dormouse on both sides at once."""
        self.asleep = False


DEFAULT_GUESTS = [
    Guest("Hatter"),
    Guest("March Hare"),
    Guest("Dormouse", asleep=True),
    Guest("Alice", wants_more_tea=False),
]
