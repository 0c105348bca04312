"""New game's line for each opponent (game.text.levels, issue 25 item 5)."""

from __future__ import annotations

import pytest

from game.text.levels import STRENGTH_AGAINST_MEDIUM, opponent_note, percent_share


@pytest.mark.parametrize(("won", "games", "shown"), [
    (290, 400, "73"),   # 72.5 % rounds half up, not to the even 72
    (83, 400, "21"),    # 20.75 %
    (1, 400, "<1"),     # a game won is never shown as 0 %
    (0, 400, "0"),
    (399, 400, ">99"),  # a game lost is never shown as 100 %
    (400, 400, "100"),
    (1, 3, "33"),
    (1, 8, "13"),       # 12.5 % rounds half up
])
def test_a_share_is_a_whole_percentage_rounded_half_up(won, games, shown):
    assert percent_share(won, games) == shown


def test_each_measured_opponent_says_how_often_it_won_against_medium():
    for level, (won, games) in STRENGTH_AGAINST_MEDIUM.items():
        assert opponent_note(level).endswith(f"Against Medium: won {won}/{games} ({percent_share(won, games)}%).")
    assert opponent_note("hard").endswith("won 290/400 (73%).")
    assert opponent_note("random").endswith("won 1/400 (<1%).")
