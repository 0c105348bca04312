"""Shared test helpers: invariants every engine state must keep, and random variant sets."""

from __future__ import annotations

import os
import random
import sys
from collections import Counter

import pytest

from game.rules.cards import JOKER, in_hand_card, rank_of
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.melds import RUN, classify, hand_value
from game.rules.record import game_from_record
from game.rules.ruleset import CHOICES, RuleSet
from game.play.table_session import Seat, TableSession



FUZZ_SCALE = float(os.environ.get("RUMMY500_FUZZ_SCALE", "1"))
"""How many times the default number of random hands and games the fuzz tests play
(``RUMMY500_FUZZ_SCALE=10 pytest tests/game/ai/test_ai_fuzz.py`` for a deep run; the
default keeps the whole suite, and CI, well under 15 minutes)."""


def fuzz_count(n: int) -> int:
    """``n`` scaled by :data:`FUZZ_SCALE` (at least 1)."""
    return max(1, round(n * FUZZ_SCALE))

def random_rules(rng: random.Random, players: int) -> RuleSet:
    """A random variant set that can deal ``players`` players."""
    while True:
        values = {key: rng.choice(choices) for key, choices in CHOICES.items()}
        values["target"] = rng.choice([100, 300, 500])
        rules = RuleSet(**values)
        if players * rules.hand_size(players) + 1 <= rules.pack_size(players):
            return rules


def pack_of(h: HandState) -> Counter:
    hands, discard, stock = h.deal
    c = Counter(discard) + Counter(stock)
    for x in hands:
        c.update(x)
    return c


def cards_in_play(h: HandState) -> Counter:
    c = Counter(h.discard) + Counter(h.stock)
    for x in h.hands:
        c.update(x)
    for m in h.table:
        c.update(in_hand_card(t) for t in m.cards)
    return c


def independent_value(card: int, meld, index: int, scoring: str) -> int:
    """R19 worked out again, independently of game.rules.melds."""
    if card >= 64:
        return 15
    r = rank_of(card)
    if r == 1:
        if meld is not None and meld.kind == RUN and index == 0 and meld.lo == 1:
            return 5 if scoring == "fives" else 1
        return 15
    if r >= 10:
        return 10
    return 5 if scoring == "fives" else r


def known_from_log(h: HandState) -> list[Counter]:
    """Cards each seat took from the pile and still holds, worked out again
    from the public log (the engine keeps them incrementally)."""
    known = [Counter() for _ in range(h.players)]
    for entry in h.log:
        kind, seat = entry[0], entry[1]
        if kind in ("take", "rummy"):
            known[seat].update(entry[2])
        elif kind in ("meld", "layoff", "discard"):
            cards = entry[3] if kind == "meld" else (entry[2],)
            for t in cards:
                c = in_hand_card(t)
                if known[seat][c]:
                    known[seat][c] -= 1
    return [+k for k in known]


def check_invariants(game: Game) -> None:
    """Assert what must hold after every action (raises AssertionError)."""
    h = game.hand
    if h is None:
        return
    # the pack is conserved: each card in exactly one place
    assert cards_in_play(h) == pack_of(h)
    # every meld on the table is legal and in display order
    for m in h.table:
        again, reason = classify(m.cards, h.rules.ace_wraps)
        assert again is not None, (m, reason)
        assert again.kind == m.kind
        if m.kind == RUN:
            assert list(again.cards) == list(m.cards) or len(m.cards) == 13, m
            assert m.hi - m.lo + 1 == len(m.cards)
        assert len(m.layers) == len(m.cards)
        assert sum(1 for t in m.cards if t < 64) >= 1
    # hand scores equal tabled minus in-hand values (R20)
    tabled = [0] * h.players
    for m in h.table:
        for i, (t, layer) in enumerate(zip(m.cards, m.layers)):
            tabled[layer] += independent_value(t, m, i, h.rules.scoring)
    for seat, s in enumerate(h.scores()):
        held = sum(independent_value(c, None, 0, h.rules.scoring) for c in h.hands[seat])
        assert held == sum(hand_value(c, h.rules.scoring) for c in h.hands[seat])
        assert s == {"tabled": tabled[seat], "in_hand": held, "hand": tabled[seat] - held}
    # phase bookkeeping
    if h.ended is None:
        assert 0 <= h.current < h.players
        if h.committed is not None:
            assert h.committed in h.hands[h.current]
        if h.rules.going_out != "float":
            assert all(h.hands), "only a floating player may hold no cards"
    assert JOKER not in [t for m in h.table for t in m.cards]
    # the public knowledge of who holds what taken card
    assert [+k for k in h.known] == known_from_log(h)
    for seat, k in enumerate(h.known):
        assert not k - Counter(h.hands[seat])


def claim_session(players: int = 3, discard: str = "JS") -> TableSession:
    """You (0, the person), Ana (a Medium computer: seat 1 of 3, seat 3 of 4),
    Bot (2) moved by the test; Bot melds 5-6-7♠ and will discard the 8♠,
    which Ana (and you) can call Rummy on. The same deal as tests/test_person.py;
    ``discard`` is the card dealt face up (under the 8♠ then)."""
    names = ["You", "Ana", "Bot", "Ana"][:players]
    levels = ["human", "medium", "human", "medium"][:players]
    if players == 4:
        levels[1], names[1] = "human", "Cat"
    hands = [["7H", "8H", "KC", "4D", "9D", "2H", "3H"], ["QC", "QD", "4C", "5C", "9C", "TC", "2D"],
             ["5S", "6S", "7S", "8S", "2C", "3D", "JD"], ["KH", "KD", "4H", "5H", "9H", "TH", "3C"]][:players]
    rec = {"format": "rummy500/1", "rules": {}, "players": names,
           "hands": [{"dealer": 1, "deal": {"hands": hands, "discard": [discard],
                                             "stock": ["QH", "5D", "6D", "7D", "8D", "6C", "7C"]}, "actions": []}]}
    game = game_from_record(rec)
    return TableSession([Seat(n, lv) for n, lv in zip(names, levels)], game.rules, game=game, use_workers=False)


def finish_shown_hand(table, seed: int) -> None:
    """Play the table's current hand to its end with random legal moves
    (seeded) and show the finished position, as a results panel expects."""
    import random

    from game.rules.random_play import random_step
    from scenes.table.layout import model_of
    game = table.session.game
    rng = random.Random(seed)
    while game.hand.ended is None:
        random_step(game, rng)
    table.shown = model_of(game)
    table.resize()


def played_session(players: int, seed: int, steps: int, ai_seed: int | None = None) -> TableSession:
    """A session of ``players`` Medium seats (in this process) whose first
    hand has had up to ``steps`` actions of Medium AIs (seeded ``ai_seed + i``,
    default ``seed``), stopping before the hand would end: melds, lay-offs
    and a discard pile are on the table."""
    from game.ai import make_ai
    from game.play.all_computer import play_into_hand
    session = TableSession([Seat(f"P{i}", "medium") for i in range(players)], seed=seed, use_workers=False)
    base = seed if ai_seed is None else ai_seed
    play_into_hand(session.game, {i: make_ai("medium", base + i) for i in range(players)}, steps)
    return session


def non_utf8_folder(parent) -> str:
    """A new folder under ``parent`` whose name holds the byte ``0xff``, which
    is not UTF-8, as Python holds it (``os.fsdecode``: ``'\\udcff'``); the
    test is skipped, with the reason, where the file system has no such names
    (Windows and macOS file names are Unicode)."""
    if sys.platform == "win32" or sys.getfilesystemencoding().lower() not in ("utf-8", "utf8"):
        pytest.skip("the file system's names are Unicode: no name can hold a byte that is not UTF-8")
    folder = os.path.join(os.fsencode(parent), b"cfg-\xff-x")
    try:
        os.mkdir(folder)
    except OSError as exc:  # macOS (APFS, HFS+) and some Linux file systems refuse such names
        pytest.skip(f"this file system refuses a name that is not UTF-8: {exc}")
    return os.fsdecode(folder)
