"""Who is at the table."""

from dataclasses import dataclass


@dataclass
class Guest:
    name: str
    asleep: bool = False
    wants_more_tea: bool = True


DEFAULT_GUESTS = [
    Guest("Hatter"),
    Guest("March Hare"),
    Guest("Dormouse", asleep=True),
]
