"""Issue 23: the pieces of a joined seat that need no window. Public events
cross the wire and come back as the engine's events (a card drawn from the
stock named only to the seat that drew it), anything else is refused; a
won game seen from a joined seat counts once in the statistics."""

from __future__ import annotations

import json
import random

import pytest

from game.play.remote.network import BadMessage, events_from_wire, events_to_wire
from game.rules.game import Game
from game.rules.random_play import random_step
from game.rules.ruleset import RuleSet
from game.services.statistics import Statistics, count_game, joined_summary


def _played_game(seed: int) -> tuple[Game, list]:
    game = Game.new(["Ana", "Ben", "Cai"], RuleSet(target=50), seed=seed)
    rng, events = random.Random(seed), []
    while game.winner is None:
        if game.hand.ended is not None:
            events += game.deal_next_hand()
            continue
        action, evs = random_step(game, rng, rummy_rate=0.3)
        events += evs
    return game, events


def test_public_events_cross_the_wire_and_come_back_as_the_engines():
    game, events = _played_game(3)
    assert events_from_wire(events_to_wire(events, 1)) == [
        e if type(e).__name__ != "CardDrawn" or e.seat == 1 else type(e)(e.seat, None) for e in events]


@pytest.mark.parametrize("bad", [[{"event": "Teleported", "seat": 1}], [{"event": "CardDrawn", "seat": 1}],
                                 [{"event": "CardDrawn", "seat": 1, "card": "7H", "extra": 2}], ["CardDrawn"]])
def test_an_unknown_or_malformed_event_is_refused(bad):
    with pytest.raises(BadMessage):
        events_from_wire(bad)


def test_a_won_game_seen_from_a_joined_seat_counts_once_under_the_persons_name():
    game, _events = _played_game(5)
    summary = joined_summary(game, 1, rummy_calls=2, deep_takes=1)
    assert summary.person == 1 and summary.winner == game.winner and summary.levels is None
    assert summary.hand_scores == [s[1]["hand"] for s in game.hand_scores] and summary.hands == len(game.hands)
    stats = Statistics()
    assert count_game(stats, summary) and not count_game(stats, joined_summary(game, 1, 2, 1))
    assert stats.games_played == 1 and stats.people["Ben"].games_played == 1 and stats.rummy_calls == 2
    assert stats.hand_points == sum(summary.hand_scores)
    later = joined_summary(game, 1, first_hand=1)  # joined in the second hand: the first is not the person's
    assert later.hands == len(game.hands) - 1 and later.hand_scores == summary.hand_scores[1:]
    with pytest.raises(ValueError):
        joined_summary(Game.new(["Ana", "Ben"], RuleSet(), seed=1), 1)


def test_the_finished_games_record_crosses_in_parts_and_is_kept_only_whole_and_the_games_own():
    from game.play.remote.guest_session import checked_record
    from game.play.remote.network import (RECORD_PART, GameOver, RecordPart, RecordParts,
                                          decode_host, encode, record_parts)
    from game.rules.record import record_of

    game, _events = _played_game(11)
    # a long record: the same game with a long note, so it takes three parts
    record = dict(record_of(game), note="x" * (2 * RECORD_PART + 5))
    parts = record_parts(record)
    assert len(parts) == 3 and all(len(encode(p)) < 64 * 1024 for p in parts)
    over = GameOver(game.winner, list(game.names), list(game.totals))
    whole = RecordParts()
    for p in parts:
        assert whole.text() is None
        whole.add(decode_host(encode(p)))  # each part is one message of the protocol's schema
    assert checked_record(whole.text(), over) == record
    # a part missing or out of order: nothing whole
    gap = RecordParts()
    for p in (parts[0], parts[2]):
        gap.add(p)
    assert gap.text() is None
    # not this game's (another winner, other totals), or not a record that replays: not kept
    assert checked_record(whole.text(), GameOver((game.winner + 1) % 3, list(game.names), list(game.totals))) is None
    assert checked_record(whole.text(), GameOver(game.winner, list(game.names), [0, 0, 0])) is None
    assert checked_record(whole.text()[:-40], over) is None
    broken = dict(record_of(game))
    broken["hands"] = [dict(broken["hands"][0], actions=[{"p": 0, "draw": "stock"}] * 3)] + broken["hands"][1:]
    assert checked_record(json.dumps(broken), over) is None
    # the schema bounds a part: no more than RECORD_PART characters, a part number within its count
    with pytest.raises(BadMessage):
        decode_host('{"type":"record","part":0,"parts":1,"text":"' + "x" * (RECORD_PART + 1) + '"}')
    with pytest.raises(BadMessage):
        decode_host(b'{"type":"record","part":70,"parts":64,"text":""}')
