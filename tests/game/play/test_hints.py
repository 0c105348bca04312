"""The hint (issue 24, part 3): the level chosen in Settings answers off the
window's thread, an answer is shown only for the position it was asked for,
and the reason is worked out from what the person can see."""

from __future__ import annotations

import time

import pytest

from game.ai import HINT_LEVELS
from game.i18n import set_language
from game.intent.drops import hint_why
from game.intent.words import hint_line, why_words
from game.play.hints import Hinter
from game.play.seats import LocalPlayer, WorkerPlayer
from game.rules.actions import Discard, DrawStock, LayOff, TableMeld, TakeDiscards
from game.rules.cards import parse_card
from game.services import settings as settings_module
from test_rules import do, new


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def C(token: str) -> int:
    return parse_card(token)


def start() -> object:
    """Seat 0 to draw: a set of 7s in hand, a pile whose top card fits nothing."""
    return new(["7S 7D 7C KH 2D", "3H 6C JD 9S 4C"], "QC", "8C 8D 5S 5H", dealer=1)


def test_the_settings_offer_the_levels_the_hinter_takes():
    assert settings_module.HINT_LEVELS == HINT_LEVELS == ("medium", "hard")
    assert settings_module.Settings().hint_level == "medium"
    s, reset = settings_module.Settings.from_dict({"hint_level": "hard"})
    assert s.hint_level == "hard" and not reset
    s, reset = settings_module.Settings.from_dict({"hint_level": "easy"})  # not offered: back to the default
    assert s.hint_level == "medium" and reset == ["hint_level"]


@pytest.mark.parametrize("level", HINT_LEVELS)
def test_a_hint_comes_from_the_chosen_level_and_is_legal(level):
    g = start()
    hinter = Hinter(use_workers=False, seed=3)
    assert hinter.ask(g, 0, level)
    got = hinter.poll(g)
    assert got is not None and got[0] == level and g.hand.is_legal(got[1])
    assert type(hinter.players[level]) is LocalPlayer and hinter.players[level].ai.__class__.__name__.lower() \
        .startswith(level)
    assert hinter.poll(g) is None and not hinter.pending  # once
    with pytest.raises(ValueError):
        hinter.ask(g, 0, "easy")
    assert not hinter.ask(g, 1, level)  # not seat 1's turn
    hinter.close()


def test_an_answer_for_a_position_that_has_gone_is_dropped():
    g = start()
    hinter = Hinter(use_workers=False)
    assert hinter.ask(g, 0, "medium")
    do(g, "0 stock")  # the person moved before looking
    assert hinter.poll(g) is None and not hinter.pending


def test_a_hint_thinks_in_a_worker_process_and_the_caller_does_not_wait():
    g = start()
    # a cap well beyond a fresh worker's first decision on a loaded machine: an answer past it would be the
    # worker's fallback, which a hint drops, and the loop below would wait in vain
    hinter = Hinter(use_workers=True, seed=1, time_cap_s=30.0)
    try:
        t0 = time.monotonic()
        assert hinter.ask(g, 0, "hard")
        asked_in = time.monotonic() - t0
        assert isinstance(hinter.players["hard"], WorkerPlayer)
        assert hinter.pending and hinter.poll(g) is None  # the worker is starting: nothing yet
        deadline = time.monotonic() + 60
        got = None
        while got is None and hinter.pending and time.monotonic() < deadline:  # a dropped answer ends the wait
            got = hinter.poll(g)
            time.sleep(0.02)
        assert got is not None and got[0] == "hard" and g.hand.is_legal(got[1])
        assert asked_in < time.monotonic() - t0  # asking returned before the answer came
    finally:
        hinter.close()


# ------------------------------------------------------------------ why, from what the person sees


def test_why_a_meld_a_lay_off_and_going_out():
    g = new(["7S 7D 7C 8H KS", "5H 6H 7H 2C"], "QC", "9C 8D 5S", "1 stock; 1 meld 5H 6H 7H; 1 discard 9C; 0 stock",
            dealer=0)
    why = hint_why(g, 0, TableMeld(0, (C("7S"), C("7D"), C("7C"))))
    assert (why.kind, why.points) == ("score", 21) and why_words(why).startswith("21 points scored now")
    assert hint_why(g, 0, LayOff(0, C("8H"), 0)).points == 8
    g2 = new(["7S 7D", "5H 6H 7H 2C"], "QC", "7C 8D 5S", "0 stock", dealer=1)
    assert hint_why(g2, 0, TableMeld(0, (C("7S"), C("7D"), C("7C")))).kind == "out"


def test_why_a_discard():
    g = new(["7S 7D KH 2C", "3H 6C JD 9S"], "QC", "4D 8D 5S", "0 stock", dealer=1)
    loose = hint_why(g, 0, Discard(0, C("KH")))  # nothing near the K♥: no K, no J Q A 2 of hearts
    assert (loose.kind, loose.points) == ("discard_loose", 10)
    assert why_words(loose) == "it counts 10 points against you and no card of yours is near it."
    assert hint_why(g, 0, Discard(0, C("7S"))).kind == "discard_least"  # the 7♦ is near it
    # the 2♣: the drawn 4♦ is two away but of another suit, so nothing is near it either
    assert hint_why(g, 0, Discard(0, C("2C"))) == hint_why(g, 0, Discard(0, C("2C"))).__class__("discard_loose",
                                                                                                  C("2C"), points=2)


def test_why_the_stock_or_the_pile():
    g = start()  # the Q♣ on the pile melds with nothing
    assert hint_why(g, 0, DrawStock(0)).kind == "stock_nothing"
    g = new(["7S 7D KH 2D", "3H 6C JD 9S"], "QC 7C", "8C 8D 5S", dealer=1)
    assert hint_why(g, 0, DrawStock(0)).kind == "stock_better"  # the 7♣ could be taken
    why = hint_why(g, 0, TakeDiscards(0, 1))
    assert (why.kind, why.card) == ("take_meld", C("7C")) and sorted(why.cards) == sorted([C("7S"), C("7D")])
    assert why_words(why) == "the 7♣ makes a meld with your 7♦ 7♠."  # in the meld's order
    g = new(["KH 2D 9C", "5H 6H 7H 3S"], "QC 4H", "8C 8D 5S 4S", "1 stock; 1 meld 5H 6H 7H; 1 discard 8C",
            dealer=0)
    assert hint_why(g, 0, TakeDiscards(0, 2)).kind == "take_layoff"  # the 4♥ under the 8♣ lays off


def test_why_never_looks_at_hidden_cards():
    """Two worlds that differ only in the other hand and the stock's order give the same reasons."""
    a = new(["7S 7D KH 2D", "3H 6C JD 9S"], "QC 7C", "8C 8D 5S", dealer=1)
    b = new(["7S 7D KH 2D", "5S 8D 8C 3H"], "QC 7C", "9S JD 6C", dealer=1)
    for action in (DrawStock(0), TakeDiscards(0, 1), TakeDiscards(0, 2)):
        if a.hand.is_legal(action):
            assert hint_why(a, 0, action) == hint_why(b, 0, action)


def test_the_hint_is_one_line_with_the_level_the_move_and_why():
    g = start()
    line = hint_line(DrawStock(0), hint_why(g, 0, DrawStock(0)), "hard", g.hand, 0, ["You", "Bot"])
    assert line == "Hint (Hard): Draw from the stock. Why: no card in the pile can be tabled with your cards."
    assert "\n" not in line


def test_prepare_starts_the_levels_ai_before_the_first_question():
    hinter = Hinter(use_workers=False)
    hinter.prepare("hard")
    ready = hinter.players["hard"]
    assert hinter.ask(start(), 0, "hard") and hinter.players["hard"] is ready
    with pytest.raises(ValueError):
        hinter.prepare("easy")
