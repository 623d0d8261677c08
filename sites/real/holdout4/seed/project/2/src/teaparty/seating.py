"""Where everybody sits."""

from teaparty.guests import Guest


class Table:
    def __init__(self, places: int, guests: list[Guest]) -> None:
        if len(guests) > places:
            raise ValueError("No room! No room!")
        self.places = places
        self.guests = list(guests)

    def free_places(self) -> int:
        return self.places - len(self.guests)
