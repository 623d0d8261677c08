import pytest

from teaparty.guests import DEFAULT_GUESTS
from teaparty.seating import Table


def test_plenty_of_room():
    table = Table(places=12, guests=DEFAULT_GUESTS)
    assert table.free_places() == 9


def test_no_room():
    with pytest.raises(ValueError):
        Table(places=2, guests=DEFAULT_GUESTS)
