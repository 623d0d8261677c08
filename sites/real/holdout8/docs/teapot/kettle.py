"""Kettles, pots and the brewing of a single pot of tea.

A :class:`Kettle` heats water; a :class:`Pot` holds one blend of tea while it steeps. The
function :func:`brew` does both for one pot and tells how long it took.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from teapot.errors import KettleBusyError, UnknownBlendError

#: Steeping times in seconds for the blends Teapot knows out of the box.
STEEP_TIMES: dict[str, int] = {
    "assam": 240,
    "darjeeling": 180,
    "earl-grey": 210,
    "green": 120,
    "lapsang": 270,
    "rooibos": 360,
    "treacle": 300,
}

#: The temperature (degrees Celsius) water boils at, at the bottom of the rabbit hole.
BOILING_POINT = 100


def steep_time(blend: str, *, strength: float = 1.0) -> int:
    """Return how many seconds a blend should steep.

    Args:
        blend: The name of a blend, e.g. ``"darjeeling"``. Case does not matter.
        strength: 1.0 for an ordinary cup; 1.5 for the Duchess, who likes it stewed.

    Returns:
        The steeping time in whole seconds.

    Raises:
        UnknownBlendError: If the blend is not in :data:`STEEP_TIMES`.

    Example:
        >>> steep_time("green")
        120
        >>> steep_time("Assam", strength=1.5)
        360
    """
    try:
        base = STEEP_TIMES[blend.lower()]
    except KeyError:
        raise UnknownBlendError(blend, list(STEEP_TIMES)) from None
    return round(base * strength)


@dataclass
class Kettle:
    """An electric kettle that can boil water for one pot at a time.

    Args:
        name: What the kettle is called in the schedule and the logs.
        litres: How much water it holds.
        watts: Its power; a 3000 W kettle boils a litre in about two minutes.
    """

    name: str
    litres: float = 1.7
    watts: int = 2200
    boiling: bool = field(default=False, init=False)

    def seconds_to_boil(self, litres: float | None = None, start_temp: float = 15.0) -> int:
        """Estimate how long the kettle needs to boil some water.

        Args:
            litres: How much water; the whole kettle when not given.
            start_temp: The water's temperature at the start, in degrees Celsius.

        Returns:
            An estimate in whole seconds (4186 J per litre and degree, 80 % efficiency).
        """
        volume = self.litres if litres is None else litres
        joules = 4186 * volume * (BOILING_POINT - start_temp)
        return round(joules / (self.watts * 0.8))

    def boil(self) -> None:
        """Switch the kettle on.

        Raises:
            KettleBusyError: If it is already boiling.
        """
        if self.boiling:
            raise KettleBusyError(f"kettle {self.name!r} is already boiling")
        self.boiling = True

    def click(self) -> None:
        """Switch the kettle off (the click it makes when the water boils)."""
        self.boiling = False


@dataclass
class Pot:
    """A teapot holding one blend.

    Args:
        blend: The blend in the pot.
        cups: How many cups it pours.
        strength: See :func:`steep_time`.
    """

    blend: str
    cups: int = 6
    strength: float = 1.0

    @property
    def litres(self) -> float:
        """The water the pot needs, in litres (a quarter litre per cup)."""
        return self.cups * 0.25

    def ready_after(self, kettle: Kettle) -> int:
        """Seconds from switching ``kettle`` on until this pot can be poured."""
        return kettle.seconds_to_boil(self.litres) + steep_time(self.blend, strength=self.strength)


def brew(pot: Pot, kettle: Kettle) -> int:
    """Brew one pot with one kettle and return the seconds it took.

    This is what the scheduler does for every slot; call it yourself to brew a single pot
    outside any party.

    Args:
        pot: The pot to fill.
        kettle: The kettle to boil the water in. It must not be boiling already.

    Returns:
        The time from switching on to pouring, in seconds.

    Raises:
        KettleBusyError: If the kettle is already boiling.
        UnknownBlendError: If the pot's blend is unknown.
    """
    kettle.boil()
    try:
        return pot.ready_after(kettle)
    finally:
        kettle.click()
