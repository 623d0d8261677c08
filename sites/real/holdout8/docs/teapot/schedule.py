"""Parties, guests and the brewing schedule.

A :class:`Party` is a table of :class:`Guest` objects and the kettles that serve them.
:func:`plan` turns a party into a :class:`Schedule`: an ordered list of slots saying which
kettle brews which pot when, so that every guest's cup is refilled before it is empty.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from teapot.errors import NoCleanCupsError
from teapot.kettle import Kettle, Pot


@dataclass
class Guest:
    """Someone at the table.

    Args:
        name: The guest's name, as shown on the place card.
        blend: The blend they drink.
        cups_per_hour: How fast they drink; the Dormouse manages about one.
        seat: Their place at the table, counted from the head.
    """

    name: str
    blend: str = "darjeeling"
    cups_per_hour: float = 3.0
    seat: int = 0


@dataclass
class Party:
    """A tea party: guests, kettles and a table of cups.

    Args:
        host: Who gives the party.
        guests: The guests, in seating order.
        kettles: The kettles available; at least one.
        cups: How many cups are laid on the table.
    """

    host: str
    guests: list[Guest] = field(default_factory=list)
    kettles: list[Kettle] = field(default_factory=lambda: [Kettle("main")])
    cups: int = 12
    used_cups: int = 0

    def invite(self, guest: Guest) -> None:
        """Add a guest at the next free seat."""
        guest.seat = len(self.guests)
        self.guests.append(guest)

    def pour(self, guest: Guest) -> None:
        """Pour a guest a cup in a clean cup.

        Raises:
            NoCleanCupsError: If every cup has been used.
        """
        if self.used_cups >= self.cups:
            raise NoCleanCupsError(f"no clean cups left for {guest.name}")
        self.used_cups += 1

    def move_down(self) -> None:
        """Everyone moves one place along, to a clean cup: the used cups are forgotten."""
        self.guests = self.guests[1:] + self.guests[:1]
        for seat, guest in enumerate(self.guests):
            guest.seat = seat
        self.used_cups = 0

    def blends(self) -> set[str]:
        """The blends the guests drink, each once."""
        return {guest.blend for guest in self.guests}


@dataclass(frozen=True)
class Slot:
    """One entry of a schedule: brew ``pot`` in ``kettle`` starting at ``start``."""

    start: datetime
    kettle: str
    pot: Pot


@dataclass
class Schedule:
    """The brewing plan of a party, as a list of slots in time order.

    Iterate over it to get the slots; ``len()`` tells how many pots will be brewed.
    """

    party: Party
    slots: list[Slot] = field(default_factory=list)

    def __iter__(self) -> Iterator[Slot]:
        return iter(self.slots)

    def __len__(self) -> int:
        return len(self.slots)

    def next_slot(self, now: datetime) -> Slot | None:
        """The first slot that starts at or after ``now``, or None when the party is over."""
        return next((slot for slot in self.slots if slot.start >= now), None)

    def as_table(self) -> list[tuple[str, str, str]]:
        """The slots as rows of (start time, kettle, blend), for printing."""
        return [(s.start.strftime("%H:%M"), s.kettle, s.pot.blend) for s in self.slots]


def plan(party: Party, start: datetime, hours: float = 2.0) -> Schedule:
    """Work out when each pot must be brewed.

    Each blend gets a pot sized for its drinkers; pots are given to the kettles in turn and
    repeated as often as the guests drink them dry.

    Args:
        party: The party to plan for.
        start: When the first cups must be poured.
        hours: How long the party lasts. At the March Hare's it never ends, so the
            default is cut off at two hours.

    Returns:
        The schedule, sorted by start time.
    """
    schedule = Schedule(party)
    end = start + timedelta(hours=hours)
    for index, blend in enumerate(sorted(party.blends())):
        drinkers = [g for g in party.guests if g.blend == blend]
        rate = sum(g.cups_per_hour for g in drinkers) or 1.0
        pot = Pot(blend, cups=max(2, len(drinkers) * 2))
        kettle = party.kettles[index % len(party.kettles)]
        every = timedelta(hours=pot.cups / rate)
        when = start - timedelta(seconds=pot.ready_after(kettle))
        while when < end:
            schedule.slots.append(Slot(when, kettle.name, pot))
            when += every
    schedule.slots.sort(key=lambda slot: slot.start)
    return schedule
