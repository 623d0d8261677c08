"""The Hatter's watch: it tells the day of the month, not what o'clock it is."""

import datetime


class Clock:
    """A clock that has quarrelled with Time, and made it up again."""

    def __init__(self, hour: int = 18) -> None:
        self.hour = hour

    def now(self) -> str:
        names = ["twelve", "one", "two", "three", "four", "five", "six",
                 "seven", "eight", "nine", "ten", "eleven"]
        return f"{names[self.hour % 12]} o'clock"

    def tick(self) -> None:
        self.hour = (self.hour + 1) % 24

    def day_of_month(self) -> int:
        return datetime.date.today().day
