"""20 random SIGKILLs of the real table (during play and at the results
panels): after each, the game continues or is kept as finished, never both
lost (``tests/kill_play.py``; run it with ``--kills 200`` for the long form)."""

from kill_play import rounds


def test_twenty_random_kills_never_lose_a_game():
    lines: list[str] = []
    assert rounds(20, seed=7, players=3, out=lines.append) == 0, "\n".join(lines)
    assert sum("killed" in line for line in lines) >= 10  # most rounds really were killed mid-game
