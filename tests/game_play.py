"""Helpers for statistics and finished-game tests: play a whole game through
the real table scene, the person's seat played by a computer (autoplay)."""

from __future__ import annotations

import pygame

from game.rules.actions import CallRummy, TakeDiscards
from game.rules.ruleset import RuleSet
from game.play.table_session import Seat, TableSession
from scenes.screens.results import HandResults
from scenes.table.scene import TableScene

KNOWN_RECORD = {
    "format": "rummy500/1", "rules": {"jokers_per_deck": 0, "target": 30}, "players": ["Ann", "Ben"],
    "hands": [{
        "dealer": 1,
        "deal": {"hands": [["5H", "5S", "2C", "5C", "9D"], ["TD", "JD", "QD", "4S"]], "discard": ["5D", "KS"],
                 "stock": ["8C", "7S", "4H", "3H"]},
        "actions": [{"p": 0, "take": 2}, {"p": 0, "meld": ["5H", "5S", "5D"]}, {"p": 0, "discard": "5C"},
                    {"p": 1, "rummy": 1}, {"p": 1, "layoff": "5C", "onto": 0},
                    {"p": 1, "meld": ["TD", "JD", "QD"]}, {"p": 1, "discard": "4S"}]}]}
"""A one-hand game: Ann takes two cards (a deep take), melds three fives and
discards the 5C; Ben calls Rummy on it, lays it off, melds and goes out:
Ann −6 (15 tabled, 21 left), Ben +35 and wins (target 30)."""


def step(app, n=1):
    for _ in range(n):
        app.step(1 / 60)


def enter(app):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step(1 / 60)


def play_to_last_results(app, players=3, seed=5, target=150, you="human", levels=("easy", "medium")):
    """Push a table (seat 0 ``you``: ``"human"`` is the person, played by an
    Easy computer here) and play until the last hand's results panel shows
    (never pressing "See who won"). Returns the table scene."""
    seats = [Seat("Me", you)] + [Seat(f"AI{i}", levels[i % len(levels)]) for i in range(players - 1)]
    session = TableSession(seats, RuleSet(target=target), seed=seed, use_workers=False, autoplay_level="easy")
    table = app.push(TableScene(app), session=session)
    for _ in range(20000):
        step(app)
        if isinstance(app.top, HandResults):
            if session.game.winner is not None:
                return table
            enter(app)  # Next hand
    raise AssertionError("the game did not end")


def expected_person_figures(game, seat=0):
    """What the statistics must count for ``seat``, worked out from the
    engine's own objects (not from the record the code under test reads)."""
    hand_scores = [s[seat]["hand"] for s in game.hand_scores]
    deep = sum(1 for h in game.hands for a in h.actions if isinstance(a, TakeDiscards) and a.seat == seat
               and a.count >= 2)
    rummy = sum(1 for h in game.hands for a in h.actions if isinstance(a, CallRummy) and a.seat == seat)
    others = [t for i, t in enumerate(game.totals) if i != seat]
    return {"hand_scores": hand_scores, "deep": deep, "rummy": rummy, "total": game.totals[seat],
            "best_opponent": max(others), "won": game.winner == seat}
