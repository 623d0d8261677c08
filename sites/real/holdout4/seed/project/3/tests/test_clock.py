from teaparty.clock import Clock


def test_six_oclock():
    assert Clock(18).now() == "six o'clock"


def test_time_moves_on():
    clock = Clock(18)
    clock.tick()
    assert clock.now() == "seven o'clock"
