"""Where everybody sits, and how they move on to a clean cup."""

from teaparty.guests import Guest


class Table:
    def __init__(self, places: int, guests: list[Guest]) -> None:
        if len(guests) > places:
            raise ValueError("No room! No room!")
        self.places = places
        self.guests = list(guests)

    def free_places(self) -> int:
        return self.places - len(self.guests)

    def move_on(self) -> None:
        """'I want a clean cup,' interrupted the Hatter: 'let's all move one place on.'"""
        if self.guests:
            self.guests = self.guests[1:] + self.guests[:1]
