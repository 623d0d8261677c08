"""Rules of the Queen's croquet game, as far as anybody can tell."""

BALLS = "live hedgehogs"
MALLETS = "live flamingoes"
ARCHES = "soldiers, doubled up, standing on their hands and feet"


def play(turn: str) -> str:
    # the players all play at once, without waiting for turns
    return f"{turn} plays; the Queen shouts 'Off with her head!'"
