"""Game records (``game-record.md``): round trips, malformed records, fuzzing, the CLI.

1. Round trip: a seeded random game -> ``record_of`` -> JSON text -> ``replay``
   gives the same game, and writing that game again gives the same record.
2. Every kind of malformed record is a ``bad_record`` (exit status 2, output
   holding only ``ok`` and ``error``) whose message says *where* it is wrong.
3. Hypothesis: arbitrary bytes, arbitrary JSON and mutated valid records never
   make ``replay`` raise, and its output keeps the documented shape.
4. ``rummy500 replay`` as a command (``python -m game replay``).
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.cards import RANKS, SUITS
from game.cli import main
from game.rules.game import Game
from game.rules.phase import Phase
from game.rules.random_play import play_random_hand, random_step
from game.rules.record import dumps, game_from_record, record_of, replay
from game.rules.ruleset import CHOICES, RuleSet

ROOT = Path(__file__).resolve().parents[3]
OWN_SCENARIOS = ROOT / "tests" / "scenarios"


# --------------------------------------------------------------------------- helpers

def random_rules(rng: random.Random, n: int) -> RuleSet:
    """A random variant set from ``rules.CHOICES`` (and a small target) whose
    deal fits in its pack for ``n`` players."""
    values = {key: rng.choice(choices) for key, choices in CHOICES.items()}
    values["target"] = rng.choice([1, 25, 60, 100, 150, 250])
    rules = RuleSet(**values)
    if n * rules.hand_size(n) + 1 > rules.pack_size(n):  # e.g. 8 players, decks 1
        rules = rules.with_changes(decks=2)
    assert n * rules.hand_size(n) + 1 <= rules.pack_size(n)
    return rules


NAMES = ["You", "Ada", "Bo", "Zoë", "李", "", "a \"quoted\" name", "You", "x" * 64, "family 👩\u200d👩\u200d👧"]


def random_game(seed: int, whole: bool) -> Game:
    """A seeded random game: 2-8 players, random rules, sometimes starting
    scores and a note. ``whole``: hands until someone wins (or 40 hands);
    otherwise a few hands and then a random number of steps into the next,
    which may stop mid-turn (draw or play phase) or between hands."""
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    rules = random_rules(rng, n)
    names = rng.sample(NAMES, n)
    scores = [rng.randint(-200, 200) for _ in range(n)] if rng.random() < 0.3 else None
    note = rng.choice([None, "a note", "üñí\ncode"])
    game = Game(names, rules, scores, seed=seed, note=note)
    game.deal_next_hand()
    if whole:
        hands = 0
        while game.winner is None and hands < 40:
            if game.hand.ended is not None:
                game.deal_next_hand()
            play_random_hand(game, rng)
            hands += 1
        return game
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        play_random_hand(game, rng)
        if game.winner is not None:
            return game
        game.deal_next_hand()
    for _ in range(rng.randint(0, 80)):
        if game.hand.ended is not None:
            break
        random_step(game, rng)
    return game


def comparable(snapshot: dict) -> dict:
    """A game snapshot without the game-level ``rng``.

    The game-level generator is seeded by ``Game.new``/``Game(seed=...)`` and
    is used only to choose the first dealer and to draw each hand's shuffle
    seed. A record stores the outcomes (every hand's ``dealer`` and ``seed``),
    not the generator, and ``game_from_record`` builds its game with
    ``seed=None`` (a fresh, unseeded generator), so that entry can never match
    and is not part of what a record promises to keep. Everything else is
    compared, including each *hand's* ``rng``: it is seeded from the hand's
    seed and advanced only by R17 reshuffles, so a replay must reproduce it.
    """
    out = dict(snapshot)
    out.pop("rng")
    return out


def expected_next(game: Game):
    h = game.hand
    if game.winner is not None or h is None or h.ended is not None:
        return None
    return {"hand": h.index, "player": h.current, "phase": h.phase.value}


def check_round_trip(game: Game) -> dict:
    rec = record_of(game)
    text = dumps(rec)
    assert json.loads(text) == rec
    out, status = replay(text.encode("utf-8"))
    assert status == 0, out
    assert out["ok"] is True and "error" not in out
    assert out["totals"] == game.totals
    assert out["winner"] == game.winner
    assert len(out["hands"]) == len(game.hands)
    assert out["next"] == expected_next(game)
    for got, h in zip(out["hands"], game.hands):
        assert got["ended"] == h.ended and got["went_out"] == h.went_out
        assert got["held"] == [len(x) for x in h.hands]
        assert got["stock"] == len(h.stock)
        assert got["scores"] == h.scores()
    # the same output from text, bytes and the decoded object
    assert replay(text) == (out, 0)
    assert replay(json.loads(text)) == (out, 0)

    replayed = game_from_record(text)
    assert comparable(replayed.snapshot()) == comparable(game.snapshot())
    assert replayed.names == game.names and replayed.note == game.note
    assert replayed.rules == game.rules and replayed.start_scores == game.start_scores
    again = record_of(replayed)
    assert again == rec
    assert dumps(again) == text
    return rec


# --------------------------------------------------------------------------- 1. round trip

@pytest.mark.parametrize("seed", range(120))
def test_round_trip_partial_games(seed):
    check_round_trip(random_game(seed, whole=False))


WHOLE_SEEDS = range(1000, 1050)


@pytest.mark.parametrize("seed", WHOLE_SEEDS)
def test_round_trip_whole_games(seed):
    game = random_game(seed, whole=True)
    check_round_trip(game)


def test_whole_games_mostly_reach_the_target():
    """The whole-game round trips really do cover finished games."""
    won = sum(random_game(s, whole=True).winner is not None for s in WHOLE_SEEDS)
    assert won >= len(WHOLE_SEEDS) // 2


def test_round_trips_cover_every_stopping_point():
    """The partial games stop in the draw phase, in the play phase, between
    hands and after the game, with several player counts."""
    seen = set()
    counts = set()
    for seed in range(120):
        g = random_game(seed, whole=False)
        counts.add(g.players)
        nxt = expected_next(g)
        seen.add("won" if g.winner is not None else "between" if nxt is None else nxt["phase"])
    assert {"draw", "play", "between"} <= seen
    assert counts == set(range(2, 9))


def _game_in_phase(seed: int, phase: Phase, min_steps: int = 3) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    rules = random_rules(rng, 4)
    game = Game.new(["A", "B", "C", "D"], rules, seed=seed)
    steps = 0
    while True:
        if game.hand.ended is not None:
            if game.winner is not None:
                raise AssertionError("game ended before the phase was reached")
            game.deal_next_hand()
        random_step(game, rng)
        steps += 1
        if steps >= min_steps and game.hand.ended is None and game.hand.phase == phase:
            return game, rng


@pytest.mark.parametrize("phase", [Phase.DRAW, Phase.PLAY])
@pytest.mark.parametrize("seed", range(5))
def test_saved_game_mid_turn_gives_next(seed, phase):
    game, rng = _game_in_phase(seed, phase, min_steps=3 + seed * 7)
    rec = check_round_trip(game)
    out, status = replay(dumps(rec))
    assert status == 0
    assert out["next"] == {"hand": len(game.hands) - 1, "player": game.hand.current, "phase": phase.value}
    assert out["hands"][-1]["ended"] is None

    # A saved game resumes exactly: the same random moves on the original and
    # on the replayed game keep them identical to the end of the hand (this
    # includes R17 reshuffles, driven by the hand's seed).
    replayed = game_from_record(rec)
    r1, r2 = random.Random(seed), random.Random(seed)
    while game.hand.ended is None:
        a1, _ = random_step(game, r1)
        a2, _ = random_step(replayed, r2)
        assert a1 == a2
        assert comparable(replayed.snapshot()) == comparable(game.snapshot())


def test_next_is_null_after_a_finished_hand_and_after_the_game():
    rng = random.Random(7)
    game = Game.new(["A", "B", "C"], RuleSet(target=100000), seed=7)
    play_random_hand(game, rng)
    out, status = replay(dumps(record_of(game)))
    assert status == 0 and out["next"] is None and out["winner"] is None
    assert out["hands"][0]["ended"] in ("went_out", "stock_out")
    game = random_game(1000, whole=True)
    assert game.winner is not None
    out, status = replay(dumps(record_of(game)))
    assert status == 0 and out["next"] is None and out["winner"] == game.winner


def test_spec_example_replays_as_documented():
    out, status = replay(json.dumps(SPEC_EXAMPLE))
    assert status == 0
    assert out == {
        "ok": True,
        "hands": [{"ended": "went_out", "went_out": 0,
                   "scores": [{"tabled": 6, "in_hand": 0, "hand": 6},
                              {"tabled": 0, "in_hand": 30, "hand": -30},
                              {"tabled": 0, "in_hand": 28, "hand": -28}],
                   "held": [0, 3, 3], "stock": 2, "discard": ["7H", "QC"],
                   "table": [{"cards": ["AS", "2S", "3S"], "owner": 0}]}],
        "totals": [6, -30, -28], "winner": None, "next": None}


# --------------------------------------------------------------------------- 2. malformed records

SPEC_EXAMPLE = {
    "format": "rummy500/1",
    "rules": {"target": 300},
    "players": ["You", "Ada", "Bo"],
    "scores": [0, 0, 0],
    "hands": [
        {
            "dealer": 2,
            "deal": {
                "hands": [["AS", "2S", "3S"], ["KD", "KH", "KC"], ["4C", "9D", "JK"]],
                "discard": ["7H"],
                "stock": ["QC", "5D", "8S"],
            },
            "actions": [
                {"p": 0, "draw": "stock"},
                {"p": 0, "meld": ["AS", "2S", "3S"]},
                {"p": 0, "discard": "QC"},
            ],
        }
    ],
}


def _multi_hand_game() -> Game:
    """Three players, several finished hands and one in progress."""
    rng = random.Random(42)
    game = Game.new(["Ann", "Zoë", "Cy"], RuleSet(target=100000), seed=42)
    for _ in range(3):
        play_random_hand(game, rng)
        game.deal_next_hand()
    for _ in range(5):
        random_step(game, rng)
    return game


MULTI = record_of(_multi_hand_game())
assert len(MULTI["hands"]) == 4 and all(len(h["actions"]) >= 5 for h in MULTI["hands"])


def _won_record() -> dict:
    for seed in WHOLE_SEEDS:
        g = random_game(seed, whole=True)
        if g.winner is not None and len(g.hands) >= 2:
            return record_of(g)
    raise AssertionError("no whole game with two hands was won")


WON = _won_record()


def base(which: str = "multi") -> dict:
    return copy.deepcopy(MULTI if which == "multi" else SPEC_EXAMPLE if which == "spec" else WON)


def bad(data) -> str:
    """Replay ``data`` and check it is a ``bad_record`` by the contract; return the message."""
    out, status = replay(data)
    assert status == 2, out
    assert set(out) == {"ok", "error"}, out
    assert out["ok"] is False
    assert out["error"]["code"] == "bad_record"
    msg = out["error"]["message"]
    assert isinstance(msg, str) and msg.strip()
    json.dumps(out, allow_nan=False, ensure_ascii=False).encode("utf-8")
    return msg


def bad_text(mutate, text_subs=None) -> str:
    """Mutate a copy of MULTI, dump it, optionally substitute raw text, replay as bytes."""
    rec = base()
    mutate(rec)
    text = json.dumps(rec, ensure_ascii=False)
    for old, new in (text_subs or {}).items():
        assert old in text
        text = text.replace(old, new, 1)
    return bad(text.encode("utf-8"))


def test_valid_bases_are_valid():
    for which in ("multi", "spec", "won"):
        out, status = replay(json.dumps(base(which)))
        assert status == 0, out


# ---- bytes, text and JSON syntax

def _prefixes(data: bytes, limit: int | None = None) -> list[int]:
    ends = list(range(len(data)))
    if limit is not None and len(ends) > limit:
        rng = random.Random(len(data))
        ends = sorted(set(rng.sample(ends, limit)) | {0, 1, len(data) - 2})
    return ends


def _is_whole(prefix: bytes, whole: bytes) -> bool:
    return prefix.strip() == whole.strip()


def test_every_prefix_of_a_small_record_is_bad():
    whole = dumps(base("spec")).encode("utf-8")
    for end in _prefixes(whole):
        prefix = whole[:end]
        if _is_whole(prefix, whole):
            continue
        msg = bad(prefix)
        assert "line" in msg and "column" in msg, (end, msg)


def test_prefixes_of_a_big_record_are_bad():
    whole = dumps(base()).encode("utf-8")  # holds "Zoë": some cuts split a UTF-8 character
    assert len(whole) > 5000
    cut_inside_character = 0
    for end in _prefixes(whole, limit=600) + [whole.index("ë".encode()) + 1]:
        prefix = whole[:end]
        if _is_whole(prefix, whole):
            continue
        msg = bad(prefix)
        if "UTF-8" in msg:
            cut_inside_character += 1
            assert f"byte {end - 1}" in msg, msg
        else:
            assert "line" in msg and "column" in msg, (end, msg)
    assert cut_inside_character >= 1


@pytest.mark.parametrize("data", [b"", b"   \n", "", "\n\t"])
def test_empty_input(data):
    msg = bad(data)
    assert "line" in msg and "column" in msg


def test_not_utf8():
    text = dumps(base("spec")).encode("utf-8")
    pos = text.index(b"Ada")
    data = text[:pos] + b"\xff" + text[pos + 1:]
    msg = bad(data)
    assert "UTF-8" in msg and f"byte {pos}" in msg
    msg = bad(b"\xfe\xff\x00{")
    assert "UTF-8" in msg and "byte 0" in msg


@pytest.mark.parametrize("text", ["[]", "3", "\"record\"", "null", "true", "[{\"format\": \"rummy500/1\"}]", "1.5"])
def test_json_that_is_not_an_object(text):
    msg = bad(text)
    assert "record" in msg and "object" in msg


@pytest.mark.parametrize("data", [[], 3, "not json at all", None, True, 1.5])
def test_decoded_values_that_are_not_records(data):
    bad(data)


@pytest.mark.parametrize("text", ["{", "{}}", "{\"format\": }", "{'format': 1}", "{\"a\": 1,}", "nul"])
def test_syntax_errors_say_line_and_column(text):
    msg = bad(text)
    assert "line" in msg and "column" in msg


# ---- NaN, Infinity, huge numbers, deep nesting, duplicate keys

@pytest.mark.parametrize("field,old", [
    ("dealer", "\"dealer\": 0"),
    ("scores", "\"scores\": [0, 0, 0]"),
    ("target", "\"target\": 100000"),
    ("take", "\"draw\": \"stock\""),
])
def test_nan_and_infinity(field, old):
    for const in ("NaN", "Infinity", "-Infinity"):
        new = {"dealer": f"\"dealer\": {const}", "scores": f"\"scores\": [0, {const}, 0]",
               "target": f"\"target\": {const}", "take": f"\"take\": {const}"}[field]
        msg = bad_text(lambda r: None, {old: new})
        assert const.lstrip("-") in msg
        # where: the key, or a line and column
        assert field in msg or ("line" in msg and "column" in msg), msg


def test_huge_numbers():
    def set_(path, value):
        def mutate(r):
            obj = r
            for k in path[:-1]:
                obj = obj[k]
            obj[path[-1]] = value
        return mutate

    huge = 10**30
    assert "hands[0].dealer" in bad_text(set_(["hands", 0, "dealer"], huge))
    assert "hands[2].dealer" in bad_text(set_(["hands", 2, "dealer"], -huge))
    assert "hands[1].seed" in bad_text(set_(["hands", 1, "seed"], huge))
    assert "scores[1]" in bad_text(set_(["scores"], [0, huge, 0]))
    assert "scores[2]" in bad_text(set_(["scores"], [0, 0, -huge]))
    assert "target" in bad_text(set_(["rules", "target"], huge))
    assert "target" in bad_text(set_(["rules", "target"], 1_000_001))
    assert "jokers_per_deck" in bad_text(set_(["rules", "jokers_per_deck"], huge))
    msg = bad_text(set_(["hands", 3, "actions", 2, "p"], huge))
    assert "hands[3].actions[2]" in msg and "\"p\"" in msg
    msg = bad_text(set_(["hands", 1, "actions", 0, "onto"], huge))
    assert "hands[1].actions[0]" in msg
    # a huge but well-formed take or rummy count is an illegal action, not a bad record
    rec = base("spec")
    rec["hands"][0]["actions"] = [{"p": 0, "take": huge}]
    out, status = replay(json.dumps(rec))
    assert status == 1 and out["error"]["code"] == "bad_take", out
    rec["hands"][0]["actions"] = [{"p": 0, "take": -huge}]
    out, status = replay(json.dumps(rec))
    assert status == 1 and out["error"]["code"] == "bad_take", out
    rec["hands"][0]["actions"] = [{"p": 0, "draw": "stock"}, {"p": 0, "discard": "KD"}]
    out, status = replay(json.dumps(rec))
    assert status == 1 and out["error"]["code"] == "card_not_in_hand", out
    rec["hands"][0]["actions"] = [{"p": 0, "draw": "stock"}, {"p": 0, "discard": "QC"},
                                  {"p": 2, "rummy": huge}]
    out, status = replay(json.dumps(rec))
    assert status == 1 and out["error"]["code"] == "rummy_not_allowed", out


@pytest.mark.parametrize("field", ["dealer", "seed", "scores", "target", "take"])
def test_number_with_5000_digits(field):
    digits = "1" + "0" * 4999
    old, new = {
        "dealer": ("\"dealer\": 0", f"\"dealer\": {digits}"),
        "seed": ("\"seed\": ", f"\"seed\": {digits}, \"x_seed\": "),
        "scores": ("\"scores\": [0, 0, 0]", f"\"scores\": [0, {digits}, 0]"),
        "target": ("\"target\": 100000", f"\"target\": {digits}"),
        "take": ("\"draw\": \"stock\"", f"\"take\": {digits}"),
    }[field]
    if field == "seed":  # replace the first hand's seed value itself
        rec = base()
        text = json.dumps(rec)
        start = text.index("\"seed\": ") + len("\"seed\": ")
        stop = text.index(",", start)
        msg = bad(text[:start] + digits + text[stop:])
    else:
        msg = bad_text(lambda r: None, {old: new})
    assert len(msg) < 1000
    # where: the field, or a line and column
    assert field in msg or ("line" in msg and "column" in msg), msg


@pytest.mark.parametrize("depth", [1000, 5000, 100000])
def test_deeply_nested_arrays(depth):
    nested = "[" * depth + "]" * depth
    msg = bad(nested)
    assert len(msg) < 1000
    msg = bad_text(lambda r: None, {"\"players\"": f"\"note\": {nested}, \"players\""})
    assert "nest" in msg or "depth" in msg, msg
    msg = bad(b"{\"format\": " + b"{\"a\": " * depth + b"1" + b"}" * depth + b"}")
    assert "nest" in msg or "depth" in msg, msg


def test_moderately_nested_values_in_fields():
    """Nesting the decoder accepts, in fields that must be scalars."""
    nested = "[" * 900 + "]" * 900
    for old, key in [("\"dealer\": 0", "dealer"), ("\"target\": 100000", "target"),
                     ("\"draw\": \"stock\"", "hands[0].actions[0]")]:
        new = old.split(":")[0] + ": " + nested
        msg = bad_text(lambda r: None, {old: new})
        assert key in msg


@pytest.mark.parametrize("old,new,key", [
    ("\"players\": [", "\"players\": [\"x\"], \"players\": [", "players"),
    ("\"dealer\": 0", "\"dealer\": 0, \"dealer\": 0", "dealer"),
    ("\"target\": 100000", "\"target\": 100000, \"target\": 100000", "target"),
    ("\"discard\": [", "\"discard\": [], \"discard\": [", "discard"),
    ("{\"p\": 1, \"draw\": \"stock\"}", "{\"p\": 1, \"p\": 1, \"draw\": \"stock\"}", "p"),
])
def test_duplicate_keys(old, new, key):
    msg = bad_text(lambda r: None, {old: new})
    assert repr(key) in msg or f"\"{key}\"" in msg


# ---- wrong types and values for each field

def _set(path, value):
    def mutate(r):
        obj = r
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return mutate


def _delete(path):
    def mutate(r):
        obj = r
        for k in path[:-1]:
            obj = obj[k]
        del obj[path[-1]]
    return mutate


TOP_CASES = [
    # (mutation, words the message must contain)
    (_delete(["format"]), ["format"]),
    (_set(["format"], "rummy500/2"), ["format"]),
    (_set(["format"], 1), ["format"]),
    (_set(["format"], None), ["format"]),
    (_set(["rules"], []), ["rules"]),
    (_set(["rules"], "standard"), ["rules"]),
    (_set(["rules"], None), ["rules"]),
    (_delete(["players"]), ["players"]),
    (_set(["players"], "Ann, Zoë, Cy"), ["players"]),
    (_set(["players"], {"0": "Ann"}), ["players"]),
    (_set(["players"], ["Ann", 2, "Cy"]), ["players[1]"]),
    (_set(["players"], ["Ann", "Zoë", None]), ["players[2]"]),
    (_set(["players"], ["Ann", ["Zoë"], "Cy"]), ["players[1]"]),
    (_set(["players"], ["Ann", "x" * 201, "Cy"]), ["players[1]"]),
    (_set(["scores"], "0"), ["scores"]),
    (_set(["scores"], None), ["scores"]),
    (_set(["scores"], [0, 0]), ["scores"]),
    (_set(["scores"], [0, 0, 0, 0]), ["scores"]),
    (_set(["scores"], [0, "1", 0]), ["scores[1]"]),
    (_set(["scores"], [0, 0, 1.5]), ["scores[2]"]),
    (_set(["scores"], [0, 0, 1.0]), ["scores[2]"]),
    (_set(["scores"], [True, 0, 0]), ["scores[0]"]),
    (_set(["scores"], [0, None, 0]), ["scores[1]"]),
    (_set(["note"], 5), ["note"]),
    (_set(["note"], ["a"]), ["note"]),
    (_delete(["hands"]), ["hands"]),
    (_set(["hands"], {}), ["hands"]),
    (_set(["hands"], "none"), ["hands"]),
    (_set(["hands"], None), ["hands"]),
    # unknown keys at the top
    (_set(["Players"], ["a", "b"]), ["Players"]),
    (_set(["version"], 1), ["version"]),
    (_set(["seed"], 1), ["seed"]),
]


@pytest.mark.parametrize("mutate,words", TOP_CASES)
def test_top_level_fields(mutate, words):
    msg = bad_text(mutate)
    for w in words:
        assert w in msg, msg


def _rule_cases():
    cases = []
    for key, choices in CHOICES.items():
        wrong = ["yes", [], {}, 1.5] + ([] if None in choices else [None])
        if key == "reshuffle_limit":
            wrong += [0, 4, -1, "1", 1.0, True, "none"]
        if isinstance(choices[0], bool):
            wrong += [1, 0, "true", "false"]
        elif isinstance(choices[0], str) or key == "decks":
            wrong += [1 if key != "decks" else 3, choices[0].upper() if isinstance(choices[0], str) else "AUTO",
                      True]
        if key == "decks":
            wrong += ["1", 1.0, True, 0]
        if key == "jokers_per_deck":
            wrong += [3, -1, "2", 2.0, True]
        if key == "two_player_hand_size":
            wrong += [7, "13", 13.0, False]
        for value in wrong:
            cases.append((key, value))
    for value in [0, -1, "500", 500.0, True, None, [500], 1_000_001]:
        cases.append(("target", value))
    return cases


@pytest.mark.parametrize("key,value", _rule_cases())
def test_rule_values(key, value):
    msg = bad_text(_set(["rules", key], value))
    assert key in msg


@pytest.mark.parametrize("key", ["Target", "jokers", "decks ", "", "ace-wraps", "rummy"])
def test_unknown_rule_key(key):
    msg = bad_text(_set(["rules", key], 1))
    assert repr(key) in msg or f"\"{key}\"" in msg


def test_every_rule_value_is_accepted():
    for key, choices in CHOICES.items():
        for value in choices:
            rec = base("spec")
            rec["rules"][key] = value
            rec["hands"] = [{"dealer": 1, "seed": 9, "actions": [{"p": 2, "draw": "stock"}]}]
            out, status = replay(json.dumps(rec))
            assert status == 0, (key, value, out)


@pytest.mark.parametrize("n", [0, 1, 9, 20])
def test_player_count(n):
    rec = base("spec")
    rec["players"] = [f"P{i}" for i in range(n)]
    rec["scores"] = [0] * n
    rec["hands"] = []
    msg = bad(json.dumps(rec))
    assert "players" in msg


@pytest.mark.parametrize("n,rules", [
    (8, {"decks": 1}),
    (8, {"decks": 1, "jokers_per_deck": 0}),
    (8, {"decks": 1, "jokers_per_deck": 1}),
])
def test_deal_needs_more_cards_than_the_pack(n, rules):
    rec = {"format": "rummy500/1", "rules": rules, "players": [f"P{i}" for i in range(n)],
           "hands": [{"dealer": 0, "seed": 1}]}
    msg = bad(json.dumps(rec))
    assert "rules" in msg and "pack" in msg
    rec["hands"] = []  # even without a hand: the rule set itself is unusable
    bad(json.dumps(rec))


def test_smallest_packs_that_fit_are_accepted():
    for n, rules in [(7, {"decks": 1, "jokers_per_deck": 0}), (2, {"decks": 1, "jokers_per_deck": 0}),
                     (8, {"decks": 2, "jokers_per_deck": 0}), (5, {"decks": 1, "jokers_per_deck": 0})]:
        rec = {"format": "rummy500/1", "rules": rules, "players": [f"P{i}" for i in range(n)],
               "hands": [{"dealer": 0, "seed": 1}]}
        out, status = replay(json.dumps(rec))
        assert status == 0, out


HAND_CASES = [
    (_set(["hands", 1], 3), ["hands[1]"]),
    (_set(["hands", 1], []), ["hands[1]"]),
    (_set(["hands", 1], None), ["hands[1]"]),
    (_set(["hands", 2, "dealr"], 0), ["hands[2]", "dealr"]),
    (_set(["hands", 0, "Seed"], 0), ["hands[0]", "Seed"]),
    (_delete(["hands", 1, "dealer"]), ["hands[1]", "dealer"]),
    (_set(["hands", 0, "dealer"], "0"), ["hands[0].dealer"]),
    (_set(["hands", 0, "dealer"], 0.0), ["hands[0].dealer"]),
    (_set(["hands", 0, "dealer"], False), ["hands[0].dealer"]),
    (_set(["hands", 0, "dealer"], None), ["hands[0].dealer"]),
    (_set(["hands", 0, "dealer"], -1), ["hands[0].dealer"]),
    (_set(["hands", 0, "dealer"], 3), ["hands[0].dealer"]),
    (_set(["hands", 0, "dealer"], [0]), ["hands[0].dealer"]),
    (_set(["hands", 2, "seed"], "1"), ["hands[2].seed"]),
    (_set(["hands", 2, "seed"], 1.5), ["hands[2].seed"]),
    (_set(["hands", 2, "seed"], True), ["hands[2].seed"]),
    (_set(["hands", 2, "seed"], [1]), ["hands[2].seed"]),
    (_set(["hands", 2, "seed"], 2**64 + 1), ["hands[2].seed"]),
    (_set(["hands", 1, "actions"], "draw"), ["hands[1].actions"]),
    (_set(["hands", 1, "actions"], {}), ["hands[1].actions"]),
    (_set(["hands", 1, "actions"], None), ["hands[1].actions"]),
    # deal structure
    (_set(["hands", 1, "deal"], []), ["hands[1].deal"]),
    (_set(["hands", 1, "deal"], "seeded"), ["hands[1].deal"]),
    (_set(["hands", 1, "deal"], None), ["hands[1].deal"]),
    (_set(["hands", 1, "deal", "Stock"], []), ["hands[1].deal", "Stock"]),
    (_delete(["hands", 1, "deal", "stock"]), ["hands[1].deal", "stock"]),
    (_delete(["hands", 1, "deal", "discard"]), ["hands[1].deal", "discard"]),
    (_delete(["hands", 1, "deal", "hands"]), ["hands[1].deal", "hands"]),
    (_set(["hands", 1, "deal", "hands"], "AS"), ["hands[1].deal.hands"]),
    (_set(["hands", 1, "deal", "hands"], [["AS"], ["2S"]]), ["hands[1].deal.hands"]),
    (_set(["hands", 1, "deal", "hands"], [["AS"], ["2S"], ["3S"], []]), ["hands[1].deal.hands"]),
    (_set(["hands", 1, "deal", "hands"], []), ["hands[1].deal.hands"]),
    (_set(["hands", 1, "deal", "hands", 2], "AS"), ["hands[1].deal.hands[2]"]),
    (_set(["hands", 1, "deal", "hands", 2], None), ["hands[1].deal.hands[2]"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], "ZZ"), ["hands[1].deal.hands[2][3]", "ZZ"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], "1S"), ["hands[1].deal.hands[2][3]", "1S"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], "11H"), ["hands[1].deal.hands[2][3]", "11H"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], ""), ["hands[1].deal.hands[2][3]"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], "JK=7H"), ["hands[1].deal.hands[2][3]", "JK=7H"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], 7), ["hands[1].deal.hands[2][3]"]),
    (_set(["hands", 1, "deal", "hands", 2, 3], ["AS"]), ["hands[1].deal.hands[2][3]"]),
    (_set(["hands", 1, "deal", "discard"], "7H"), ["hands[1].deal.discard"]),
    (_set(["hands", 1, "deal", "discard"], None), ["hands[1].deal.discard"]),
    (_set(["hands", 1, "deal", "discard", 0], "XX"), ["hands[1].deal.discard[0]", "XX"]),
    (_set(["hands", 1, "deal", "stock"], {"0": "AS"}), ["hands[1].deal.stock"]),
    (_set(["hands", 1, "deal", "stock", 5], None), ["hands[1].deal.stock[5]"]),
    (_set(["hands", 1, "deal", "stock", 5], "JK=JK"), ["hands[1].deal.stock[5]", "JK=JK"]),
]


@pytest.mark.parametrize("mutate,words", HAND_CASES)
def test_hand_fields(mutate, words):
    msg = bad_text(mutate)
    for w in words:
        assert w in msg, msg


def test_neither_deal_nor_seed():
    def mutate(r):
        del r["hands"][2]["deal"]
        del r["hands"][2]["seed"]
    msg = bad_text(mutate)
    assert "hands[2]" in msg and "deal" in msg and "seed" in msg


@pytest.mark.parametrize("key,value", [("seed", None), ("note", None)])
def test_null_is_a_wrong_type(key, value):
    """``seed`` is a number and ``note`` is text: null is neither (``bad_record``:
    "a value of the wrong type")."""
    mutate = _set(["hands", 1, "seed"], value) if key == "seed" else _set(["note"], value)
    msg = bad_text(mutate)
    assert key in msg


def _copies_record(rules: dict, hands, discard, stock, n=3) -> dict:
    return {"format": "rummy500/1", "rules": rules, "players": [f"P{i}" for i in range(n)],
            "hands": [{"dealer": 0, "deal": {"hands": hands, "discard": discard, "stock": stock}}]}


@pytest.mark.parametrize("rules,hands,discard,stock,token", [
    ({}, [["AS"], ["AS"], []], [], [], "AS"),
    ({}, [["AS"], [], []], ["as"], [], "AS"),
    ({}, [["TD"], [], []], [], ["10D"], "TD"),
    ({}, [["JK", "JK"], [], []], [], ["JK"], "JK"),
    ({"jokers_per_deck": 0}, [["JK"], [], []], [], [], "JK"),
    ({"jokers_per_deck": 1}, [["JK"], ["JK"], []], [], [], "JK"),
    ({"decks": 2}, [["7H", "7H"], ["7H"], []], [], [], "7H"),
    ({"decks": 2, "jokers_per_deck": 2}, [["JK"] * 5, [], []], [], [], "JK"),
])
def test_too_many_copies_of_a_card(rules, hands, discard, stock, token):
    msg = bad(json.dumps(_copies_record(rules, hands, discard, stock)))
    assert "hands[0].deal" in msg and token in msg


def test_copies_the_pack_holds_are_accepted():
    ok = [({"decks": 2}, [["7H", "7h"], [], []], [], []),
          ({}, [["JK"], [], []], ["JK"], []),
          ({"decks": 2}, [["JK"] * 2, ["JK"], []], [], ["JK"]),
          ({}, [[], [], []], [], [])]
    for rules, hands, discard, stock in ok:
        out, status = replay(json.dumps(_copies_record(rules, hands, discard, stock)))
        assert status == 0, out


ACTION_CASES = [
    # (bad action, words besides the position)
    ("draw", []),
    (None, []),
    (["p", 0], []),
    ({}, ["\"p\""]),
    ({"draw": "stock"}, ["\"p\""]),
    ({"p": "0", "draw": "stock"}, ["\"p\""]),
    ({"p": 1.0, "draw": "stock"}, ["\"p\"", "1.0"]),
    ({"p": True, "draw": "stock"}, ["\"p\""]),
    ({"p": None, "draw": "stock"}, ["\"p\""]),
    ({"p": -1, "draw": "stock"}, ["\"p\""]),
    ({"p": 3, "draw": "stock"}, ["\"p\""]),
    ({"p": 0}, []),
    ({"p": 0, "draw": "stock", "take": 1}, []),
    ({"p": 0, "draw": "stock", "why": 1}, ["why"]),
    ({"p": 0, "draw": "stock", "P": 0}, ["P"]),
    ({"p": 0, "draw": "discard"}, ["draw", "discard"]),
    ({"p": 0, "draw": True}, ["draw"]),
    ({"p": 0, "draw": None}, ["draw"]),
    ({"p": 0, "take": "2"}, ["take"]),
    ({"p": 0, "take": True}, ["take"]),
    ({"p": 0, "take": 1.0}, ["take"]),
    ({"p": 0, "take": None}, ["take"]),
    ({"p": 0, "take": [1]}, ["take"]),
    ({"p": 0, "rummy": "1"}, ["rummy"]),
    ({"p": 0, "rummy": False}, ["rummy"]),
    ({"p": 0, "meld": "AS"}, ["meld"]),
    ({"p": 0, "meld": None}, ["meld"]),
    ({"p": 0, "meld": {"0": "AS"}}, ["meld"]),
    ({"p": 0, "meld": ["AS", "2S", 3]}, ["3"]),
    ({"p": 0, "meld": ["AS", "2S", "ZZ"]}, ["ZZ"]),
    ({"p": 0, "meld": ["AS", "2S", "JK=ZZ"]}, ["JK=ZZ"]),
    ({"p": 0, "meld": ["AS", "2S", "JK=JK"]}, ["JK=JK"]),
    ({"p": 0, "layoff": "AS"}, ["onto"]),
    ({"p": 0, "layoff": "AS", "onto": "0"}, ["onto"]),
    ({"p": 0, "layoff": "AS", "onto": 0.0}, ["onto"]),
    ({"p": 0, "layoff": "AS", "onto": True}, ["onto"]),
    ({"p": 0, "layoff": "QQ", "onto": 0}, ["QQ"]),
    ({"p": 0, "layoff": ["AS"], "onto": 0}, []),
    ({"p": 0, "discard": "AS", "onto": 0}, ["onto"]),
    ({"p": 0, "discard": 5}, ["5"]),
    ({"p": 0, "discard": "ZZ"}, ["ZZ"]),
    ({"p": 0, "discard": ["AS"]}, []),
    ({"p": 0, "discard": "JK=7H"}, ["JK=7H"]),
    ({"p": 0, "end": False}, ["end"]),
    ({"p": 0, "end": 1}, ["end"]),
    ({"p": 0, "end": "true"}, ["end"]),
    ({"p": 0, "end": None}, ["end"]),
    ({"p": 0, "onto": 1}, []),
]


@pytest.mark.parametrize("action,words", ACTION_CASES)
@pytest.mark.parametrize("hi,ai", [(0, 0), (3, 4)])
def test_malformed_action(action, words, hi, ai):
    rec = base()
    rec["hands"][hi]["actions"].insert(ai, action)
    msg = bad(json.dumps(rec))
    assert f"hands[{hi}].actions[{ai}]" in msg, msg
    for w in words:
        assert w in msg, msg


def test_malformed_action_after_an_illegal_one_is_still_bad_record():
    """The whole structure is checked before any action is applied."""
    rec = base()
    rec["hands"][0]["actions"].insert(0, {"p": 0, "discard": "AS"})  # illegal, but well formed
    rec["hands"][3]["actions"].append({"p": 0, "take": "1"})
    msg = bad(json.dumps(rec))
    assert "hands[3].actions[" in msg


# ---- how hands follow each other

def test_later_dealer_not_left_of_previous():
    for hi in (1, 2, 3):
        rec = base()
        prev = rec["hands"][hi - 1]["dealer"]
        for wrong in range(3):
            if wrong == (prev + 1) % 3:
                continue
            rec["hands"][hi]["dealer"] = wrong
            msg = bad(json.dumps(rec))
            assert f"hands[{hi}].dealer" in msg, msg


def test_first_dealer_may_be_any_seat():
    rec = base("spec")
    for dealer in range(3):
        rec["hands"][0]["dealer"] = dealer
        out, status = replay(json.dumps(rec))
        assert status in (0, 1)  # the actions may now be out of turn
        assert status == 0 or out["error"]["code"] == "not_your_turn"


def test_hand_not_ended_followed_by_another():
    rec = base()
    rec["hands"][1]["actions"].pop()  # hand 1 ended on its last action
    out, _ = replay(json.dumps({**rec, "hands": rec["hands"][:2]}))
    assert out["hands"][1]["ended"] is None  # (the premise)
    msg = bad(json.dumps(rec))
    assert "hands[2]" in msg and "1" in msg
    # a hand with no actions at all, followed by another
    rec = base()
    rec["hands"][0]["actions"] = []
    msg = bad(json.dumps(rec))
    assert "hands[1]" in msg


def test_hand_after_the_game_was_won():
    rec = base("won")
    last = rec["hands"][-1]
    n = len(rec["players"])
    rec["hands"].append({"dealer": (last["dealer"] + 1) % n, "seed": 5, "actions": []})
    k = len(rec["hands"]) - 1
    msg = bad(json.dumps(rec))
    assert f"hands[{k}]" in msg and "won" in msg


# ---- the message never grows without bound

@pytest.mark.parametrize("path", [["rules", "scoring"], ["hands", 0, "actions", 0, "draw"],
                                  ["hands", 0, "actions", 0, "take"], ["hands", 0, "deal", "stock", 0],
                                  ["players", 0], ["rules", "target"]])
def test_message_stays_short_for_a_long_value(path):
    msg = bad_text(_set(path, "x" * 100_000))
    assert len(msg) < 2000, len(msg)


# ---- output is always printable as UTF-8 (what the CLI writes)

@pytest.mark.parametrize("path", [["rules", "scoring"], ["rules", "decks"], ["rules", "ace_wraps"],
                                  ["format"], ["hands", 0, "deal", "stock", 0],
                                  ["hands", 0, "actions", 0, "draw"], ["hands", 0, "actions", 0, "discard"],
                                  ["hands", 0, "actions", 0, "take"]])
def test_lone_surrogate_in_a_value(path):
    """``"\\ud800"`` is valid JSON syntax; the message that quotes it must still
    be printable as UTF-8."""
    rec = base()
    _set(path, "\ud800")(rec)
    text = json.dumps(rec)  # ensure_ascii: the surrogate is written as \\ud800
    bad(text.encode("ascii"))


@pytest.mark.parametrize("key", ["\ud800", "\udfff x"])
def test_lone_surrogate_in_a_key(key):
    rec = base()
    rec["rules"][key] = 1
    bad(json.dumps(rec).encode("ascii"))


# --------------------------------------------------------------------------- 3. hypothesis

def check_output(out, status):
    assert status in (0, 1, 2)
    assert isinstance(out, dict)
    assert out["ok"] is (status == 0)
    code = out.get("error", {}).get("code")
    assert (status == 2) == (code == "bad_record")
    if status == 2:
        assert set(out) == {"ok", "error"}
        assert isinstance(out["error"]["message"], str) and out["error"]["message"]
    elif status == 1:
        assert set(out) == {"ok", "error", "hands", "totals", "winner", "next"}
        assert isinstance(out["error"]["hand"], int) and isinstance(out["error"]["action"], int)
    else:
        assert set(out) == {"ok", "hands", "totals", "winner", "next"}
    json.dumps(out, allow_nan=False)
    # as `rummy500 replay` prints it
    json.dumps(out, indent=2, ensure_ascii=False).encode("utf-8")


def run(data):
    out, status = replay(data)
    check_output(out, status)
    return out, status


TOKENS = [r + s for s in SUITS for r in RANKS] + ["JK"] + [f"JK={r}{s}" for s in "CH" for r in "A7K"]
scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**20), max_value=10**20)
           | st.integers(min_value=-3, max_value=12) | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12) | st.text(st.characters(codec="utf-8") | st.sampled_from("\ud800\udc00"),
                                            max_size=4)
           | st.sampled_from(TOKENS + ["stock", "rummy500/1", "auto", "float", "reshuffle"]))
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8) | st.sampled_from(["p", "draw", "take", "meld", "layoff", "onto",
                                                             "discard", "rummy", "end", "dealer", "seed",
                                                             "deal", "actions", "hands", "stock"]),
                      children, max_size=5),
    max_leaves=20,
)
HYP = settings(max_examples=150, deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@HYP
@given(st.binary(max_size=300))
def test_fuzz_bytes(data):
    run(data)


@HYP
@given(json_values)
def test_fuzz_json_values(value):
    run(value)
    run(json.dumps(value).encode("utf-8"))


record_like = st.fixed_dictionaries(
    {"format": st.just("rummy500/1") | json_values},
    optional={"rules": st.dictionaries(st.sampled_from(list(CHOICES) + ["target"]), json_values, max_size=3)
              | json_values,
              "players": st.lists(st.text(max_size=3), min_size=1, max_size=9) | json_values,
              "scores": st.lists(st.integers(-5, 5), max_size=9) | json_values,
              "hands": st.lists(st.fixed_dictionaries({"dealer": st.integers(-1, 8) | json_values},
                                                      optional={"seed": st.integers(-2, 2**64 + 1) | json_values,
                                                                "deal": json_values,
                                                                "actions": st.lists(json_values, max_size=4)}),
                                max_size=3),
              "note": json_values, "expect": json_values},
)


@HYP
@given(record_like)
def test_fuzz_record_like_objects(value):
    run(value)


def _paths(obj, prefix=()):
    """Every path to a sub-value of ``obj`` (not the root)."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.append(prefix + (k,))
            out.extend(_paths(v, prefix + (k,)))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out.append(prefix + (i,))
            out.extend(_paths(v, prefix + (i,)))
    return out


def _fuzz_bases():
    small = {"format": "rummy500/1", "rules": {"going_out": "float", "empty_stock": "reshuffle"},
             "players": ["A", "B"],
             "hands": [{"dealer": 1, "seed": 3,
                        "deal": {"hands": [["AS", "2S", "3S", "9D"], ["KD", "KH", "JK", "4C"]],
                                 "discard": ["7H", "QS"], "stock": ["QC", "5D", "8S", "2H"]},
                        "actions": [{"p": 0, "draw": "stock"}, {"p": 0, "meld": ["AS", "2S", "3S"]},
                                    {"p": 0, "discard": "QC"}, {"p": 1, "take": 2}]}]}
    return [base("spec"), small, base(), base("won")]


FUZZ_BASES = _fuzz_bases()
FUZZ_PATHS = [_paths(b) for b in FUZZ_BASES]
mutant_values = json_values | st.integers(-2, 60) | st.sampled_from(TOKENS)


@HYP
@given(st.data())
def test_fuzz_mutated_records(data):
    which = data.draw(st.integers(0, len(FUZZ_BASES) - 1), label="base")
    rec = copy.deepcopy(FUZZ_BASES[which])
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        paths = FUZZ_PATHS[which] if _ == 0 else _paths(rec)
        if not paths:
            break
        path = data.draw(st.sampled_from(paths), label="path")
        parent = rec
        try:
            for k in path[:-1]:
                parent = parent[k]
            parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        kind = data.draw(st.sampled_from(["replace", "delete"]), label="kind")
        if kind == "delete":
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(mutant_values, label="value")
    out, status = run(rec)
    # the same answer from the record as text and as bytes
    text = json.dumps(rec)
    assert replay(text) == (out, status)
    assert replay(text.encode("utf-8")) == (out, status)


def test_fuzz_every_deletion_and_truncation_of_the_spec_example():
    rec = base("spec")
    for path in _paths(rec):
        mutated = copy.deepcopy(rec)
        parent = mutated
        for k in path[:-1]:
            parent = parent[k]
        del parent[path[-1]]
        run(mutated)
        for value in (None, True, 0, -1, 1, 2, 3, 10**30, 1.5, "", "AS", "JK=AS", [], {}, ["AS"], {"p": 0}):
            mutated = copy.deepcopy(rec)
            parent = mutated
            for k in path[:-1]:
                parent = parent[k]
            parent[path[-1]] = value
            run(mutated)


# --------------------------------------------------------------------------- 4. the command

def _cli(args, stdin: bytes | None = None):
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=60)


def test_cli_reads_standard_input():
    text = dumps(base()).encode("utf-8")
    proc = _cli(["replay", "-"], text)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert json.loads(proc.stdout) == replay(text)[0]
    # an illegal action: exit 1
    rec = base()
    rec["hands"][3]["actions"].append({"p": (rec["hands"][3]["actions"][-1]["p"] + 1) % 3, "end": True})
    out, status = replay(json.dumps(rec))
    proc = _cli(["replay", "-"], json.dumps(rec).encode())
    assert proc.returncode == status == 1
    assert json.loads(proc.stdout) == out
    # garbage and empty input: exit 2
    for data in (b"", b"\xff", b"[1, 2", b"{}"):
        proc = _cli(["replay", "-"], data)
        assert proc.returncode == 2
        out = json.loads(proc.stdout)
        assert out["error"]["code"] == "bad_record" and set(out) == {"ok", "error"}
        assert proc.stderr == b""


def test_cli_missing_file(tmp_path):
    missing = tmp_path / "no such record.json"
    proc = _cli(["replay", str(missing)])
    assert proc.returncode == 2
    assert proc.stderr == b"" and b"Traceback" not in proc.stdout
    out = json.loads(proc.stdout)
    assert set(out) == {"ok", "error"} and out["ok"] is False
    assert out["error"]["code"] == "bad_record"
    assert str(missing) in out["error"]["message"]
    # a directory is not a readable record either
    proc = _cli(["replay", str(tmp_path)])
    assert proc.returncode == 2 and proc.stderr == b""
    assert json.loads(proc.stdout)["error"]["code"] == "bad_record"


def test_cli_in_process_matches_replay(tmp_path, capsys):
    for which in ("spec", "multi", "won"):
        path = tmp_path / f"{which}.json"
        path.write_text(dumps(base(which)), encoding="utf-8")
        status = main(["replay", str(path)])
        out = json.loads(capsys.readouterr().out)
        assert (out, status) == replay(path.read_bytes())
    status = main(["replay", str(tmp_path / "missing.json")])
    captured = capsys.readouterr()
    assert status == 2 and json.loads(captured.out)["error"]["code"] == "bad_record"


def test_cli_accepts_a_scenario_with_expect(tmp_path):
    # one of the project's own scenario files, as a file
    scenario = OWN_SCENARIOS / "deep_take_melded.json"
    data = json.loads(scenario.read_text(encoding="utf-8"))
    assert "expect" in data
    proc = _cli(["replay", str(scenario)])
    plain = {k: v for k, v in data.items() if k != "expect"}
    out, status = replay(json.dumps(plain))
    assert proc.returncode == status
    assert json.loads(proc.stdout) == out
    # expect is ignored whatever it holds, even an expectation that does not match
    for expect in ({"ok": False, "error": {"code": "hand_over"}}, [], None, 3, "x", {"anything": [1, {}]}):
        rec = base()
        rec["expect"] = expect
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(rec), encoding="utf-8")
        proc = _cli(["replay", str(path)])
        assert proc.returncode == 0, proc.stdout
        assert json.loads(proc.stdout) == replay(json.dumps(base()))[0]


def test_cli_prints_a_lone_surrogate_message_without_a_traceback(tmp_path):
    path = tmp_path / "surrogate.json"
    path.write_text('{"format": "rummy500/1", "rules": {"scoring": "\\ud800"}, "players": ["a", "b"], '
                    '"hands": []}', encoding="ascii")
    proc = _cli(["replay", str(path)])
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")[-300:]
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "bad_record"
