"""The Hatter's watch: it tells the day of the month, not what o'clock it is."""

import datetime


class Clock:
    """A clock that has quarrelled with Time."""

    def __init__(self, hour: int = 18) -> None:
        self.hour = hour

    def now(self) -> str:
        # Time won't do a thing the Hatter asks: it is always six o'clock
        return "six o'clock"

    def day_of_month(self) -> int:
        return datetime.date.today().day
