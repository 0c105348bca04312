"""One rule, worked out once (issue 22): the table's status line says the
stock cannot be drawn exactly when the engine refuses a stock draw
(``HandState.stock_draw_possible``), and the results panel's cards and
points are the engine's hand scores, on seeded random positions of random
variant games."""

from __future__ import annotations

import copy
import random
from collections import Counter
from types import SimpleNamespace

import pytest

from game.rules.game import Game
from game.rules.phase import Phase
from game.rules.random_play import random_step
from helpers import random_rules
from scenes.screens.results import hand_rows
from scenes.table.scene import TableScene
from scenes.table.layout import model_of

EMPTY = "(stock empty)"  # the status line's words when the stock cannot be drawn


def random_games(seed: int, players: int, steps: int = 200):
    """``(game, ended)`` at every position met while random legal play runs
    ``steps`` actions of a random variant game; ``ended`` is True at the end
    of a hand, before the next is dealt."""
    rng = random.Random(seed)
    game = Game.new([f"P{i}" for i in range(players)], random_rules(rng, players), seed=seed)
    for _ in range(steps):
        if game.hand.ended is not None:
            yield game, True
            if game.winner is not None:
                return
            game.deal_next_hand()
        yield game, False
        random_step(game, rng, meld_rate=0.5, take_rate=0.4, rummy_rate=0.3)


def status_of(h) -> list[str]:
    """The table's status lines for hand ``h`` shown as it stands, no
    animation running and nobody's Rummy window open (a stand-in for the
    scene: :meth:`TableScene.status_lines` reads only these)."""
    game = SimpleNamespace(hand=h, rules=h.rules, totals=[0] * h.players)
    idle = SimpleNamespace(busy=False, steps=(), motions=(), dealing=False)
    table = SimpleNamespace(person=None, animation=idle, viewer=0,
                            shown=model_of(game), names=[f"P{i}" for i in range(h.players)],
                            session=SimpleNamespace(game=game, rummy_window_open=lambda: False))
    return TableScene.status_lines(table)


def variants(h):
    """``h`` with the stock and the pile cut short and the pile turned 0 to
    3 times, under each empty-stock rule: every case of R8.1 and R17."""
    for empty, limit in (("end", None), ("reshuffle", None), ("reshuffle", 1), ("reshuffle", 2), ("reshuffle", 3)):
        rules = h.rules.with_changes(empty_stock=empty, reshuffle_limit=limit)
        for stock in sorted({0, 1, len(h.stock)}):
            for pile in sorted({0, 1, 2, len(h.discard)}):
                for turned in range(4):
                    v = copy.copy(h)
                    v.rules, v.stock, v.discard, v.reshuffles = rules, h.stock[:stock], h.discard[:pile], turned
                    yield v


@pytest.mark.parametrize("seed", range(4))
def test_the_status_line_says_the_stock_is_empty_exactly_when_the_engine_refuses_it(seed):
    checked = Counter()
    for game, ended in random_games(seed, players=2 + seed % 3, steps=120):
        h = game.hand
        if ended or h.phase != Phase.DRAW or len(h.actions) % 7:
            continue  # every seventh draw position is enough
        for v in variants(h):
            said = EMPTY in status_of(v)[1]
            assert said == (not v.stock_draw_possible()), (
                f"stock {len(v.stock)}, pile {len(v.discard)}, turned {v.reshuffles}, "
                f"{v.rules.empty_stock} (limit {v.rules.reshuffle_limit}): {status_of(v)[1]!r}")
            checked[said] += 1
    assert checked[True] and checked[False]


@pytest.mark.parametrize("seed", range(6))
def test_the_results_panel_shows_the_engines_hand_scores(seed):
    hands = 0
    for game, ended in random_games(seed, players=2 + seed % 4, steps=400):
        h = game.hand
        if not ended and len(h.actions) % 11:
            continue  # the panel is shown at the end of a hand; a few positions mid-hand too
        scores = game.hand_scores[h.index] if ended else h.scores()
        rows = hand_rows(game, h)
        assert len(rows) == game.players
        for seat, row in enumerate(rows):
            assert row.score == scores[seat] and row.total == game.totals[seat]
            assert sum(v for _c, v in row.tabled) == row.score["tabled"]
            assert sum(v for _c, v in row.held) == row.score["in_hand"]
            assert row.score["hand"] == row.score["tabled"] - row.score["in_hand"]
            assert [c for c, _v in row.held] == list(h.hands[seat])
            assert Counter(c for c, _v in row.tabled) == Counter(
                c for m in h.table for c, layer in zip(m.cards, m.layers) if layer == seat)
        hands += ended
    assert hands > 0
