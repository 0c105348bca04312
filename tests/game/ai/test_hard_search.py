"""Hard's search (issue 11, kind 6): the stopping rule, the obvious plays it
makes without searching, its fast playout policy and views. Each fast path
is checked against the slow code it stands in for, on positions from real
games."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
import time
from pathlib import Path

import pytest

from game.rules.actions import CallRummy, Discard, DrawStock, LayOff, TableMeld, TakeDiscards
from game.ai import make_ai
from game.ai.hard import (FOUR_PLAYER_HORIZON, SCREEN_KEEP, SCREEN_WORLDS, SHORT_HAND, SKIP_SHORT, TWO_PLAYER_HORIZON,
                          HardAI, in_endgame, playout_turns, screened, skipped_by_call, world_budget)
from game.ai.medium import MediumAI
from game.ai import going_out
from game.ai.going_out import going_out_plan, table_everything
from game.ai.playout import PlayoutPolicy, ViewMaker, greedy_only
from game.ai.sequential import MIN_WORLDS, Z_CLEAR, Z_OVERRULE, clearly_worse, lead, overrules
from game.services.analyse import load_position
from game.rules.cards import parse_card
from game.rules.events import RummyCalled
from game.rules.game import Game
from game.play.all_computer import ai_step
from game.rules.ruleset import RuleSet
from game.rules.view import sample_world, view_for, view_of

PUZZLES = Path(__file__).resolve().parents[2] / "ai_puzzles"


def positions(players: int, seed: int, limit: int = 40) -> list:
    """Views of seat 0 to move, from the first hand of a game of Medium players."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    ais = {s: make_ai("medium", seed=seed + s) for s in range(players)}
    out = []
    while game.hand.ended is None and len(out) < limit:
        if game.hand.current == 0:
            out.append(view_for(game, 0))
        ai_step(game, ais)
    return out


# ---------------------------------------------------------------- stopping
def test_a_clearly_worse_candidate_is_dropped_only_after_enough_worlds():
    rng = random.Random(1)
    good = [10 + rng.gauss(0, 3) for _ in range(MIN_WORLDS)]
    bad = [g - 8 + rng.gauss(0, 1) for g in good]
    close = [g + rng.gauss(0, 4) for g in good]
    assert clearly_worse([good[:-1], bad[:-1], close[:-1]], [0, 1, 2]) == []  # too few worlds yet
    assert clearly_worse([good, bad, close], [0, 1, 2]) == [1]
    assert clearly_worse([good, bad, close], [0, 2]) == []  # a dropped one is not asked again


def test_the_search_overrules_the_first_candidate_only_on_a_clear_lead():
    rng = random.Random(2)
    first = [rng.gauss(0, 20) for _ in range(40)]
    noisy = [f + rng.gauss(0.5, 20) for f in first]  # ahead on average by noise
    clear = [f + 15 + rng.gauss(0, 5) for f in first]
    assert not overrules([first, noisy], 1)
    assert overrules([first, clear], 1)
    assert not overrules([first, clear], 0)


def test_the_bar_for_overruling_is_the_one_asked_for():
    rng = random.Random(3)
    first = [rng.gauss(0, 20) for _ in range(42)]
    ahead = [f + 3 + (10 if i % 2 else -10) for i, f in enumerate(first)]  # 3 points ahead, spread 10
    z = lead(ahead, first)
    assert Z_OVERRULE < z < Z_CLEAR  # a lead between the two bars
    assert overrules([first, ahead], 1, bar=Z_OVERRULE)
    assert not overrules([first, ahead], 1, bar=Z_CLEAR)
    assert overrules([first, ahead], 1)  # the default is the bar for overruling at every table


def _draw_view(players: int):
    """A view of seat 0 to draw, early in a hand, where the stock draw and the
    top discard are both legal."""
    game = Game.new([f"P{i}" for i in range(players)], seed=11)
    ais = {s: make_ai("medium", seed=s) for s in range(players)}
    while True:
        view = view_for(game, 0)
        if view.phase == "draw" and view.current == 0 and game.hand.is_legal(TakeDiscards(0, 1)):
            return view
        ai_step(game, ais)


def _leading_playout(rng: random.Random):
    """A stand-in for ``HardAI.playout`` over two candidates searched in
    turn: the second is 3 points ahead of the first in every world, spread
    10 (a lead of about 1.9 standard errors over 42 worlds)."""
    pending: list[float] = []
    worlds: list[float] = []

    def playout(world, seat, totals, seed, players=None):
        if not pending:
            base = rng.gauss(0, 20)
            pending.extend([base + 3 + (10 if len(worlds) % 2 else -10), base])
            worlds.append(base)
        return pending.pop()

    return playout


@pytest.mark.parametrize("players,budget", [(2, 32), (3, 48), (4, 48)])
def test_the_world_budget_is_larger_with_three_players_or_more(players, budget, monkeypatch):
    view = _draw_view(players)
    hard = HardAI(0, time_cap=float("inf"))
    rng = random.Random(5)
    monkeypatch.setattr(hard, "playout", lambda *args, **kwargs: rng.gauss(0, 20))  # no clear leader
    hard.search(view, [DrawStock(0), TakeDiscards(0, 1)])
    assert world_budget(players) == budget
    assert hard.last_worlds == budget
    hard = HardAI(0, time_cap=float("inf"), max_worlds=7)  # a budget asked for holds at every table
    monkeypatch.setattr(hard, "playout", lambda *args, **kwargs: rng.gauss(0, 20))
    hard.search(view, [DrawStock(0), TakeDiscards(0, 1)])
    assert hard.last_worlds == 7
    hard = HardAI(0, time_cap=float("inf"), max_worlds=0)  # none asked for: none searched
    assert hard.search(view, [DrawStock(0), TakeDiscards(0, 1)]) == 0 and hard.last_worlds == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_overrules_medium_at_the_same_bar_at_every_table(players, monkeypatch):
    view = _draw_view(players)
    hard = HardAI(0, time_cap=float("inf"), max_worlds=42)
    monkeypatch.setattr(hard, "playout", _leading_playout(random.Random(4)))
    choice = hard.search(view, [DrawStock(0), TakeDiscards(0, 1)])
    assert hard.last_worlds == 42  # no candidate was dropped: only the bar decides
    assert choice == 1


def _play_view_with_meld(players: int = 2):
    """A view of seat 0 in its play phase that can table a meld, and that meld."""
    for seed in range(40):
        game = Game.new([f"P{i}" for i in range(players)], seed=seed)
        ais = {s: make_ai("medium", seed=s) for s in range(players)}
        while game.hand.ended is None:
            if game.hand.current == 0 and game.hand.phase.value == "play":
                melds = [a for a in game.hand.legal_plays(every_declaration=False) if isinstance(a, TableMeld)]
                if melds:
                    return view_for(game, 0), melds[0]
            ai_step(game, ais)
    raise AssertionError("no position with a meld")


def test_holding_back_a_meld_medium_tables_needs_the_clear_lead(monkeypatch):
    view, meld = _play_view_with_meld()
    discard = Discard(0, next(c for c in view.hand if c not in meld.cards))
    hard = HardAI(0, time_cap=float("inf"), max_worlds=42)
    monkeypatch.setattr(hard, "playout", _leading_playout(random.Random(4)))
    assert hard.search(view, [meld, discard]) == 0  # the discard leads by 1.9 errors: not enough to hold back
    other = Discard(0, next(c for c in view.hand if c not in meld.cards and c != discard.card))
    monkeypatch.setattr(hard, "playout", _leading_playout(random.Random(4)))
    assert hard.search(view, [other, discard]) == 1  # between two discards the usual bar decides


def test_every_legal_option_is_a_candidate_medium_s_choice_first():
    for view in positions(2, seed=6, limit=30):
        hard = HardAI(1)
        world = sample_world(view, random.Random(2))
        cands = hard.candidates(view, world)
        assert cands[0] == MediumAI(0).decide(view, world)
        assert len(set(cands)) == len(cands)
        if view.phase == "draw":
            legal = {a for a in world.legal_actions() if a.seat == 0}
        else:
            legal = {a for a in world.legal_actions() if isinstance(a, Discard)}
            legal |= set(world.legal_plays(every_declaration=False))
        assert set(cands) == legal


def test_in_the_endgame_hard_plays_medium_s_turn_without_searching():
    endgame = [v for seed in (6, 7) for v in positions(2, seed=seed, limit=60)
               if min(v.hand_sizes[1:]) <= SHORT_HAND]
    assert endgame
    for view in endgame:
        hard = HardAI(3)
        action = hard.choose(view)
        assert hard.last_worlds == 0
        world = sample_world(view, random.Random(1))
        assert action in (hard.obvious(view, world), MediumAI(0).decide(view, world))


def _sized(view, sizes, known=None):
    """``view`` with other hand sizes (and known cards), for :func:`in_endgame`."""
    return dataclasses.replace(view, hand_sizes=tuple(sizes),
                               known=tuple(known) if known is not None else tuple(() for _ in sizes))


def test_with_four_players_the_endgame_turns_on_the_next_seat_and_what_is_known():
    view = positions(4, seed=6, limit=1)[0]  # seat 0 to move; seat 1 is next
    assert not in_endgame(_sized(view, (7, 7, 7, 7)))
    assert in_endgame(_sized(view, (7, 2, 7, 7)))  # the next seat sees the discard first (R8)
    assert in_endgame(_sized(view, (7, 7, 1, 7)))  # one card: any seat may go out on its own draw
    assert in_endgame(_sized(view, (7, 7, 7, 0)))  # none: it floats
    assert not in_endgame(_sized(view, (7, 7, 2, 7)))  # two cards further round, nothing known: searched
    assert not in_endgame(_sized(view, (7, 7, 7, 2)))
    kc = parse_card("KC")
    assert in_endgame(_sized(view, (7, 7, 2, 7), ((), (), (kc,), ())))  # it kept a card from the pile
    assert not in_endgame(_sized(view, (7, 7, 2, 7), ((), (kc,), (), ())))  # the known card is a long hand's
    assert not in_endgame(_sized(view, (2, 7, 7, 7)))  # Hard's own two cards are no opponent's
    last = dataclasses.replace(view, seat=3)  # the last seat's next seat is seat 0
    assert in_endgame(_sized(last, (2, 7, 7, 7)))
    assert not in_endgame(_sized(last, (7, 2, 7, 7)))
    assert not in_endgame(_sized(last, (7, 7, 7, 2)))  # its own two cards
    three = positions(3, seed=6, limit=1)[0]
    assert in_endgame(_sized(three, (7, 2, 7))) and not in_endgame(_sized(three, (7, 7, 2)))
    assert in_endgame(_sized(three, (7, 7, 1)))
    two = positions(2, seed=6, limit=1)[0]
    for n in range(0, 8):  # with two players the next seat is the only opponent: as before
        for known in ((), (kc,)):
            assert in_endgame(_sized(two, (7, n), ((), known))) == (n <= SHORT_HAND)


def test_with_four_players_hard_searches_while_a_seat_further_round_holds_two():
    views = [v for seed in (6, 7, 8) for v in positions(4, seed=seed, limit=80)
             if min(v.hand_sizes[1:]) <= SHORT_HAND]
    searched = played = 0
    for view in views:
        hard = HardAI(3, time_cap=float("inf"), max_worlds=4)
        action = hard.choose(view)
        world = sample_world(view, random.Random(1))
        if in_endgame(view):
            played += 1
            assert hard.last_worlds == 0
            assert action in (hard.obvious(view, world), MediumAI(0).decide(view, world))
        elif hard.obvious(view, world) is None and len(hard.candidates(view, world)) > 1:
            searched += 1  # not obvious, more than one option, not the endgame: searched
            assert hard.last_worlds > 0
    assert played and searched, (played, searched)


def test_the_search_screens_the_options_down_to_the_best_few(monkeypatch):
    view = next(v for v in positions(2, seed=6, limit=30) if v.phase == "play" and len(set(v.hand)) >= 8)
    hard = HardAI(0, time_cap=float("inf"), max_worlds=MIN_WORLDS)
    world = sample_world(view, random.Random(2))
    cands = hard.candidates(view, world)
    assert len(cands) > SCREEN_KEEP + 1
    played: list[list[int]] = []

    def playout(world, seat, totals, seed, players=None):  # the later a candidate, the better
        played[-1].append(len(played[-1]))
        return float(len(played[-1]))

    real_sample = hard.sample

    def sample(v):
        played.append([])
        return real_sample(v)

    monkeypatch.setattr(hard, "playout", playout)
    monkeypatch.setattr(hard, "sample", sample)
    chosen = hard.search(view, cands)
    assert [len(p) for p in played[:SCREEN_WORLDS]] == [len(cands)] * SCREEN_WORLDS
    assert len(played) > SCREEN_WORLDS  # the search went on past the screen
    assert len(played[SCREEN_WORLDS]) == SCREEN_KEEP + 1
    assert all(len(p) <= SCREEN_KEEP + 1 for p in played[SCREEN_WORLDS:])
    assert chosen == len(cands) - 1  # the best of the screen survived it and won


def test_the_screen_keeps_the_best_means_and_medium_s_choice():
    results = [[float(i)] * SCREEN_WORLDS for i in range(9)]  # candidate i scores i in every world
    results[0] = [-5.0] * SCREEN_WORLDS  # Medium's choice, the worst
    results[6][0] = 100.0  # one lucky world lifts candidate 6 above all
    assert screened(results, list(range(9)), SCREEN_WORLDS) == [0, 5, 6, 7, 8]
    assert screened(results, [0, 1, 2, 3, 4], SCREEN_WORLDS) == [0, 1, 2, 3, 4]
    assert screened(results, [2, 3, 4, 5, 6, 7], SCREEN_WORLDS, keep=2) == [6, 7]  # Medium's choice already gone


def _playout_turns(hard: HardAI, view) -> list[int]:
    """The seats whose turns a playout of ``hard`` from ``view`` ran, in order."""
    world = sample_world(view, random.Random(5))
    turns = []
    apply = world.apply

    def counting_apply(action):
        seat = world.current
        events = apply(action)
        if world.current != seat:
            turns.append(seat)
        return events

    world.apply = counting_apply
    hard.playout(world, 0, view.totals, seed=6)
    assert world.ended is None  # early in the hand: the horizon ended the playout
    return turns


def test_a_two_player_playout_runs_six_turns():
    assert playout_turns(2) == TWO_PLAYER_HORIZON == 6
    assert [playout_turns(n) for n in (3, 4, 5, 6)] == [5, FOUR_PLAYER_HORIZON, 7, 8] and FOUR_PLAYER_HORIZON == 8
    view = _draw_view(2)
    assert _playout_turns(HardAI(0), view) == [0, 1, 0, 1, 0, 1]
    assert _playout_turns(HardAI(0, horizon=2), view) == [0, 1]  # an explicit horizon still decides


def test_a_four_player_playout_runs_two_turns_a_seat():
    assert _playout_turns(HardAI(0), _draw_view(4)) == [0, 1, 2, 3, 0, 1, 2, 3]


def test_a_playout_finishes_the_candidate_s_own_turn_with_the_exact_going_out_search():
    """2C 3C 4C 3D 3H 3S and any drawn card go out (run, set, discard the
    drawn card); tabled greedily the four threes come first and strand the
    2C and 4C. The playout after a stock draw sees the go-out; later turns
    stay greedy (the exact search is off again once the turn is over)."""
    record = json.loads((PUZZLES / "p03_go_out_split_run_and_set.json").read_text(encoding="utf-8"))
    view = view_for(load_position(record).game, 0)
    hard = HardAI(0)
    for seed in range(5):
        world = sample_world(view, random.Random(seed))
        world.apply(DrawStock(0))
        hard.playout(world, 0, view.totals, seed)
        assert world.ended == "went_out" and world.went_out == 0
    assert going_out.MAX_HAND > 0  # the exact search is on again after the playout


# --------------------------------------------------------- obvious plays
def test_a_go_out_is_played_without_searching():
    record = json.loads((PUZZLES / "h_k2_meld_and_layoff_out_4p.json").read_text(encoding="utf-8"))
    game = load_position(record).game
    hard = HardAI(3)
    action = hard.choose(view_for(game, 0))
    assert hard.last_worlds == 0
    assert isinstance(action, (TableMeld, LayOff))
    game.apply(action)
    while game.hand.ended is None and game.hand.current == 0:
        game.apply(hard.choose(view_for(game, 0)))
        assert hard.last_worlds == 0
    assert game.hand.went_out == 0


def test_a_close_draw_is_searched_within_the_world_budget():
    record = json.loads((PUZZLES / "h_k6_unrelated_top_discard_2p.json").read_text(encoding="utf-8"))
    game = load_position(record).game
    for seed in range(3):
        hard = HardAI(seed, time_cap=float("inf"), max_worlds=20)
        assert hard.choose(view_for(game, 0)) == DrawStock(0)
        assert 0 < hard.last_worlds <= 20


def test_the_time_cap_counts_from_the_start_of_the_decision(monkeypatch):
    record = json.loads((PUZZLES / "h_k6_unrelated_top_discard_2p.json").read_text(encoding="utf-8"))
    view = view_for(load_position(record).game, 0)
    hard = HardAI(0, time_cap=0.05)
    slow = hard.candidates

    def slow_candidates(v, world):  # the candidates alone use up the whole cap
        time.sleep(0.06)
        return slow(v, world)

    monkeypatch.setattr(hard, "candidates", slow_candidates)
    hard.choose(view)
    assert hard.last_worlds == 0  # no time was left for the search


def test_with_three_players_a_playout_is_scored_against_the_others_mean():
    game = Game.new(["a", "b", "c"], seed=4)
    ais = {s: make_ai("medium", seed=s) for s in range(3)}
    while game.hand.ended is None:
        ai_step(game, ais)
    hand = game.hand
    scores = [s["hand"] for s in hand.scores()]
    assert len(set(scores[1:])) == 2  # the other two differ, so the mean is not the best
    value = HardAI(0).evaluate(hand, 0, (0, 0, 0))
    assert value == scores[0] - (scores[1] + scores[2]) / 2


def test_the_same_seed_makes_the_same_choices():
    views = positions(2, seed=5, limit=12)
    first = [HardAI(9, time_cap=float("inf"), max_worlds=10).choose(v) for v in views]
    again = [HardAI(9, time_cap=float("inf"), max_worlds=10).choose(v) for v in views]
    assert first == again


# ----------------------------------------------------------- fast paths
@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_the_playout_policy_chooses_as_medium_does(players, seed):
    """With the exact going-out search off, the playout policy makes Medium's
    (depth-3, no-call) choices; the two differ only where Medium's stock draw
    gets its go-out bonus (a hand that can table every card), left out."""
    rng = random.Random(seed)
    checked = 0
    for view in positions(players, seed):
        for _ in range(2):
            world = sample_world(view, rng)
            fast = PlayoutPolicy(0)
            slow = MediumAI(0, max_depth=3, calls=False)
            with greedy_only():
                choice = fast.decide(view, world)
                assert world.is_legal(choice)
                if table_everything(view.hand, world.table, view.rules, 0, view.has_melded[0]) is None:
                    assert choice == slow.decide(view, world)
                    checked += 1
    assert checked >= 10


def test_greedy_only_turns_the_exact_search_off_for_the_block():
    hand = [parse_card(t) for t in "8D 9D TD TC TH TS JD".split()]  # the four tens strand 8D 9D JD
    rules = RuleSet()
    assert going_out_plan(hand, [], rules, 0, False) is not None
    with greedy_only():
        assert going_out_plan(hand, [], rules, 0, False) is None
    assert going_out_plan(hand, [], rules, 0, False) is not None


def test_playout_views_are_the_views_less_the_log():
    game = Game.new(["A", "B", "C"], seed=21)
    ais = {s: make_ai("medium", seed=s) for s in range(3)}
    maker = ViewMaker()
    known_seen = 0
    for _ in range(60):
        if game.hand.ended is not None:
            break
        h = game.hand
        for seat in range(3):
            full = view_of(h, seat, tuple(game.totals))
            fast = maker.view(h, seat, tuple(game.totals))
            assert fast.history == ()
            assert fast == full.__class__(**{**full.__dict__, "history": ()})
            known_seen += any(full.known) and not all(full.known)  # cards known held by some seats only
        ai_step(game, ais)
    assert known_seen  # the views were compared with cards known to be held, and seats known to hold none


def test_finish_own_turn_plays_only_the_seat_s_own_turn():
    views = [v for v in positions(3, seed=6, limit=20) if v.phase == "play"]
    assert views
    for view in views:
        hard = HardAI(1)
        world = sample_world(view, random.Random(4))
        moved = world.clone()
        moved.apply(hard.candidates(view, moved)[0])
        if moved.current == 0:  # still seat 0's turn: finish it
            turns, steps, refused = hard.finish_own_turn(moved, 0, view.totals, ViewMaker())
            assert not refused and steps >= 1
            assert moved.ended is not None or (moved.current != 0 and turns == 1)
        else:  # the candidate ended the turn: another seat's turn is not played
            before = [view_of(moved, s, view.totals) for s in range(3)]
            assert hard.finish_own_turn(moved, 0, view.totals, ViewMaker()) == (0, 0, False)
            assert [view_of(moved, s, view.totals) for s in range(3)] == before


# ------------------------------------------------------------- Rummy calls
@functools.lru_cache(maxsize=None)
def _call_windows(players: int, seeds: range, limit: int = 40) -> tuple:
    """Views of seat 0 in a Rummy window (R18) where another seat is to draw
    and seat 0 has a legal call, from the first hands of games of Medium
    players (made once for the tests that share them)."""
    out = []
    for seed in seeds:
        game = Game.new([f"P{i}" for i in range(players)], seed=seed)
        ais = {s: make_ai("medium", seed=seed + s) for s in range(players)}
        while game.hand.ended is None and len(out) < limit:
            h = game.hand
            if (h.window is not None and h.window != 0 and h.current != 0
                    and any(h.is_legal(CallRummy(0, k)) for k in range(1, len(h.discard) + 1))):
                out.append(view_for(game, 0))
            ai_step(game, ais)
    return tuple(out)


def test_a_call_skips_the_seats_from_the_one_to_draw_round_to_the_caller():
    view = _call_windows(4, range(100, 130))[0]
    for discarder, skipped in ((1, [2, 3]), (2, [3]), (3, [])):
        at = dataclasses.replace(view, window=discarder, current=(discarder + 1) % 4)
        assert skipped_by_call(at) == skipped
    assert skipped_by_call(dataclasses.replace(view, window=None)) == []
    assert skipped_by_call(dataclasses.replace(view, window=0, current=1)) == []  # its own discard: no call
    last = dataclasses.replace(view, seat=2, window=3, current=0)  # round the table: seats 0 and 1
    assert skipped_by_call(last) == [0, 1]


def test_the_seats_a_call_skips_are_the_ones_the_engine_skips():
    # R18 as the engine applies the call (its RummyCalled event), in a world of the caller's view
    views = _call_windows(4, range(100, 130))
    assert any(skipped_by_call(v) for v in views)
    for view in views:
        world = sample_world(view, random.Random(1))
        k = next(k for k in range(1, len(view.discard) + 1) if world.is_legal(CallRummy(0, k)))
        (called,) = [e for e in world.apply(CallRummy(0, k)) if isinstance(e, RummyCalled)]
        assert list(called.skipped) == skipped_by_call(view)


def test_with_two_players_a_call_never_skips_a_seat():
    # the caller is always the seat to draw, so Hard's two-player calls are Medium's
    windows = 0
    for seed in range(100, 110):
        game = Game.new(["P0", "P1"], seed=seed)
        ais = {s: make_ai("medium", seed=seed + s) for s in range(2)}
        while game.hand.ended is None:
            h = game.hand
            if h.window == 1 and any(h.is_legal(CallRummy(0, k)) for k in range(1, len(h.discard) + 1)):
                view = view_for(game, 0)
                windows += 1
                assert skipped_by_call(view) == []
                assert HardAI(3).call_rummy(view) == MediumAI(0).call_rummy(view)
            ai_step(game, ais)
    assert windows, "no two-player Rummy window"


def test_hard_calls_as_medium_unless_the_call_skips_a_short_handed_seat():
    views = _call_windows(4, range(100, 160))
    assert len(views) >= 20, len(views)
    credited = 0
    for view in views:
        hard = HardAI(3)
        short = [s for s in skipped_by_call(view) if view.hand_sizes[s] <= SHORT_HAND]
        if not short:
            assert hard.call_rummy(view) == MediumAI(0).call_rummy(view)
        else:
            credited += 1
            assert hard.call_rummy(view) == MediumAI(0).best_call(view, SKIP_SHORT * len(short))
    assert credited, "no window with a short-handed seat to skip"


def test_the_credit_for_a_skipped_short_seat_makes_calls_medium_would_not():
    views = _call_windows(4, range(100, 160))
    more = 0
    for view in views:
        skipped = skipped_by_call(view)
        if not skipped:
            continue
        sizes = list(view.hand_sizes)
        sizes[skipped[0]] = SHORT_HAND  # the first seat skipped is down to two cards
        short = _sized(view, sizes, view.known)
        call = HardAI(3).call_rummy(short)
        plain = MediumAI(0).call_rummy(short)
        assert plain is None or call is not None  # a credit never makes Hard let a call go
        if call is not None and plain is None:
            more += 1
            assert call.seat == 0 and sample_world(short, random.Random(1)).is_legal(call)
    assert more, "the credit never made a call Medium would not"
