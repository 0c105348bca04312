"""The review of a hand (issue 24, part 2): which decisions it reads, that
it is as honest as the AI (two games that differ only in cards the seat
could not see get the same suggestions and costs), that it stops when
cancelled, its words, and the ``rummy500 review`` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.review import costliest
from game.services.review import hand_decisions, review_hand
from game.rules.actions import CallRummy, Discard, DrawStock, TableMeld
from game.rules.cards import parse_card as C
from game.rules.record import parse_record
from game.services.review import ReviewError, entry, load_review
from game.text.review import action_words, reason

ROOT = Path(__file__).resolve().parents[3]


def record(p1_hand: list[str], stock_rest: list[str], actions: list[dict]) -> dict:
    """A two-player hand dealt by seat 1, so seat 0 moves first: seat 0 holds
    7♥ 8♥ 9♥ K♣ Q♦ 2♦ 3♠, the pile shows the 4♣, the stock's top cards are
    5♦, Q♠ and 2♣ (then ``stock_rest``)."""
    return {"format": "rummy500/1", "rules": {}, "players": ["Ana", "Ben"],
            "hands": [{"dealer": 1, "deal": {"hands": [["7H", "8H", "9H", "KC", "QD", "2D", "3S"], p1_hand],
                                              "discard": ["4C"], "stock": ["5D", "QS", "2C"] + stock_rest},
                       "actions": actions}]}


ACTIONS = [{"p": 0, "draw": "stock"}, {"p": 0, "meld": ["7H", "8H", "9H"]}, {"p": 0, "discard": "KC"},
           {"p": 1, "draw": "stock"}, {"p": 1, "discard": "6H"},
           {"p": 0, "draw": "stock"}, {"p": 0, "discard": "2D"}]
BEN = ["6H", "JC", "JD", "TS", "4D", "9C", "AS"]
STOCK = ["8C", "6S", "7D", "AH", "KD", "5C", "3D", "9S", "TH", "4S"]


def test_the_decisions_of_a_seat_in_its_hand():
    parsed = parse_record(record(BEN, STOCK, ACTIONS))
    found = hand_decisions(parsed, 0, 0)
    assert [(d.kind, d.turn, d.index) for d in found] == [
        ("draw", 1, 0), ("meld", 1, 1), ("discard", 1, 2),
        ("rummy", 3, 5),  # Ben's 6♥ fits Ana's run: Ana could call Rummy (R18), and drew instead
        ("draw", 3, 5), ("discard", 3, 6)]
    assert found[3].played is None and found[3].view.window == 1
    assert found[1].played == TableMeld(0, (C("7H"), C("8H"), C("9H")))
    assert all(d.view.seat == 0 and d.view.hand_sizes[1] == len(BEN) + (d.index > 3) - (d.index > 4)
               for d in found)
    ben = hand_decisions(parsed, 1, 0)
    assert [d.kind for d in ben] == ["draw", "discard"]  # Ana's discards give Ben no call here
    with pytest.raises(IndexError):
        hand_decisions(parsed, 2, 0)
    with pytest.raises(IndexError):
        hand_decisions(parsed, 0, 1)


def test_a_call_made_is_one_decision():
    actions = ACTIONS[:5] + [{"p": 0, "rummy": 1}, {"p": 0, "layoff": "6H", "onto": 0}, {"p": 0, "discard": "2D"}]
    found = hand_decisions(parse_record(record(BEN, STOCK, actions)), 0, 0)
    assert [(d.kind, d.played) for d in found[3:]] == [
        ("rummy", CallRummy(0, 1)), ("lay_off", found[4].played), ("discard", Discard(0, C("2D")))]


def test_the_review_sees_only_what_the_seat_saw():
    """Ben's hand and the stock below the cards Ana drew differ between the two
    games; every suggestion and cost is the same, and some were played out."""
    other_ben = ["6H", "KS", "KH", "5S", "8S", "TD", "AC"]
    other_stock = ["JH", "QC", "JS", "3C", "4H", "AD", "TC", "9D", "6C", "8D"]
    one = list(review_hand(parse_record(record(BEN, STOCK, ACTIONS)), 0, 0, seed=3, worlds=12))
    two = list(review_hand(parse_record(record(other_ben, other_stock, ACTIONS)), 0, 0, seed=3, worlds=12))
    assert [(v.suggested, v.points_lost, v.stderr, v.worlds) for v in one] == \
           [(v.suggested, v.points_lost, v.stderr, v.worlds) for v in two]
    assert any(v.worlds > 0 for v in one)  # not all the same play: the playouts ran
    again = list(review_hand(parse_record(record(BEN, STOCK, ACTIONS)), 0, 0, seed=3, worlds=12))
    assert [(v.suggested, v.points_lost) for v in again] == [(v.suggested, v.points_lost) for v in one]


def test_cancelling_stops_before_the_next_decision():
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 2

    got = list(review_hand(parse_record(record(BEN, STOCK, ACTIONS)), 0, 0, worlds=12, cancelled=cancelled))
    assert len(got) == 2


def test_the_words_of_a_verdict():
    parsed = parse_record(record(BEN, STOCK, ACTIONS))
    verdicts = list(review_hand(parsed, 0, 0, seed=3, worlds=12))
    view = verdicts[2].decision.view
    assert action_words(Discard(0, C("KC")), view) == "discard the K♣"
    assert action_words(None, view) == "let the discard go"
    assert action_words(DrawStock(0), view) == "draw from the stock"
    for v in verdicts:
        words = reason(v)
        assert words.endswith(".") or words.endswith(").")
        if v.same:
            assert words == "Hard plays the same."
        else:
            assert action_words(v.suggested, v.decision.view) in words
    top = costliest(verdicts)
    assert all(v.points_lost > 0 for v in top) and len(top) <= 3
    assert [v.points_lost for v in top] == sorted((v.points_lost for v in top), reverse=True)


def test_load_review_refuses_with_one_sentence():
    good = json.dumps(record(BEN, STOCK, ACTIONS))
    assert load_review(good).hand == 0 and load_review(good).seat == 0
    for data, words in ((b"{not json", "not a valid record"), (good, "seat 5 is not at this table"),
                        (good, "hand 4 is not in this record")):
        with pytest.raises(ReviewError, match=words):
            load_review(data, seat=5 if "seat" in words else None, hand=3 if "hand" in words else None)
    request = load_review(good)
    e = entry(request, next(review_hand(request.parsed, 0, 0, worlds=12)))
    assert e["hand"] == 1 and e["turn"] == 1 and e["played"] == {"p": 0, "draw": "stock"}


def run_review(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", "review", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_the_review_command(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record(BEN, STOCK, ACTIONS)), encoding="utf-8")
    done = run_review(str(path), "--json", "--seed", "3")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert [e["kind"] for e in found] == ["draw", "meld", "discard", "rummy", "draw", "discard"]
    for e in found:
        assert {"hand", "turn", "played", "suggested", "points_lost", "reason"} <= set(e)
        assert isinstance(e["points_lost"], (int, float))
        assert e["points_lost"] == 0 or e["played"] != e["suggested"]
    assert found[3]["played"] is None
    text = run_review(str(path), "--seed", "3")
    assert text.returncode == 0 and text.stdout.count("\n") == len(found)
    for args, words in (([str(tmp_path / "missing.json")], "cannot read"), (["-"], "not a valid record"),
                        ([str(path), "--seat", "3"], "seat 3 is not at this table"),
                        ([str(path), "--hand", "2"], "hand 2 is not in this record")):
        bad = run_review(*args, stdin="[1, 2]")
        assert bad.returncode == 2 and words in bad.stderr and bad.stdout == "", (args, bad.stderr)
        assert bad.stderr.count("\n") == 1


def test_the_review_worker_streams_verdicts_and_stops_at_once():
    import time

    from game.services.review import ReviewWorker
    data = record(BEN, STOCK, ACTIONS)
    worker = ReviewWorker(data, 0, 0, seed=3, worlds=12)
    try:
        assert worker.total == 6 and worker.done == 0
        got = []
        deadline = time.monotonic() + 240
        while not worker.finished and time.monotonic() < deadline:
            got += worker.poll()
            time.sleep(0.02)
        assert worker.finished and worker.failed is None and len(got) == 6
        local = list(review_hand(parse_record(data), 0, 0, seed=3, worlds=12))
        assert [(v.suggested, v.points_lost, v.worlds) for v in got] == \
               [(v.suggested, v.points_lost, v.worlds) for v in local]  # the same review, off the window's process
    finally:
        worker.cancel()
    slow = ReviewWorker(data, 0, 0, seed=3, worlds=400)
    started = time.monotonic()
    slow.cancel()
    assert time.monotonic() - started < 5 and slow.cancelled and slow.finished
    assert slow.poll() == []
    with pytest.raises(ReviewError):
        ReviewWorker(data, 4, 0)


def test_hard_reviews_a_later_hand_knowing_the_earlier_ones(monkeypatch):
    """Issue 25: Hard's opponent models read the earlier hands' public play;
    the review gives them to the Hard it asks, as the table does
    (:func:`game.play.seats.public_past`), so its suggestion is the one Hard
    at the table would make."""
    import game.ai.review as review
    from game.ai import make_ai
    from game.play.all_computer import play_hand
    from game.ai.opponents import past_counts
    from game.play.seats import public_past
    from game.rules.game import Game
    from game.rules.record import record_of
    from game.rules.ruleset import RuleSet

    game = Game.new(["Ana", "Ben"], RuleSet(target=100_000), seed=12)
    ais = {0: make_ai("easy", 1), 1: make_ai("hoarder", 2)}
    play_hand(game, ais)
    for _ in range(2):
        game.deal_next_hand()
        play_hand(game, ais)
    parsed = parse_record(record_of(game))
    first, third = hand_decisions(parsed, 0, 0), hand_decisions(parsed, 0, 2)
    assert all(d.past == () for d in first)
    before = past_counts([h.log for h in game.hands[:2]], 2, game.rules)
    assert public_past(game)[:2] == before and len(before) == 2 and before[0] != before[1]
    assert third and all(d.past == before for d in third)
    told = []

    class Hard(review.HardAI):
        def note_past(self, past):
            told.append(past)
            super().note_past(past)

    monkeypatch.setattr(review, "HardAI", Hard)
    review.review_decision(third[0], seed=1, worlds=2)
    assert told == [third[0].past]
