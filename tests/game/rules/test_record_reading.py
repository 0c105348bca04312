"""Reading a record (issue 21, item 9): hands and actions are counted while
the text is read, so a record past the limits is refused before the rest is
read or built, by ``replay``, ``analyse`` and Continue alike; the reader
gives exactly what ``json`` gives for everything else; and running out of
memory anywhere in reading is exit status 2 with one sentence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.rules.record as record_module
from game.cli import main
from game.rules.record import (
    MAX_ACTIONS, MAX_HANDS, NO_MEMORY, decode_json, parse_record, record_of, replay
)
from game.rules.record_json import Overflow, decode_counted
from game.rules.game import Game
from game.rules.ruleset import RuleSet
from game.services.storage import Storage

ROOT = Path(__file__).resolve().parents[3]
GARBAGE = "}}} this is not JSON at all ]]]"


def opening(players=("You", "Ada")) -> dict:
    """A valid record: a seeded deal and one stock draw by the first player."""
    rec = record_of(Game.new(list(players), RuleSet(target=300), seed=3))
    first = (rec["hands"][0]["dealer"] + 1) % len(players)
    rec["hands"][0]["actions"] = [{"p": first, "draw": "stock"}]
    return rec


def hands_text(count: int, tail: str = "", draws: int = 0) -> str:
    """A record of ``count`` seeded hands of ``draws`` stock draws each, as
    JSON text; ``tail`` (say, garbage) is written after the last hand
    instead of the closing ``]}``."""
    acts = [{"p": 0, "draw": "stock"}] * draws
    hands = ",".join(json.dumps({"dealer": i % 2, "seed": i, "actions": acts}) for i in range(count))
    head = '{"format": "rummy500/1", "players": ["You", "Ada"], "hands": ['
    return head + hands + (tail or "]}")


def actions_text(count: int, action: dict, tail: str = "") -> str:
    """A record whose one hand holds ``count`` copies of ``action``."""
    acts = ",".join([json.dumps(action)] * count)
    head = '{"format": "rummy500/1", "players": ["You", "Ada"], "hands": [{"dealer": 1, "seed": 0, "actions": ['
    return head + acts + (tail or "]}]}")


def refusal(data) -> str:
    out, status = replay(data)
    assert status == 2 and out["error"]["code"] == "bad_record", out
    return out["error"]["message"]


# --------------------------------------------------------------------------- counted as read

def test_a_hand_past_the_limit_is_refused_before_the_rest_is_read():
    # garbage after hand 2,001: were it read, the message would be a JSON syntax error
    message = refusal(hands_text(MAX_HANDS + 1, "," + GARBAGE).encode())
    assert message == f'"hands" holds more than {MAX_HANDS:,} hands'


def test_hands_up_to_the_limit_are_read_and_the_garbage_after_them_is_found():
    assert len(parse_record(hands_text(MAX_HANDS).encode()).hands) == MAX_HANDS
    assert "not valid JSON" in refusal(hands_text(MAX_HANDS, "," + GARBAGE).encode())


@pytest.mark.parametrize("action", [
    {"p": 0, "draw": "stock"},                   # a flat action: the list is read whole, then counted
    {"p": 0, "meld": ["AS", "2S", "3S"]},        # a list inside: read whole while its commas are few
    [],                                          # not an action at all: counted just the same
])
def test_an_action_past_the_limit_is_refused_before_the_rest_is_read(action):
    message = refusal(actions_text(MAX_ACTIONS + 1, action, "," + GARBAGE).encode())
    assert message == f"hands[0].actions holds more than {MAX_ACTIONS:,} actions in one hand"


@pytest.mark.parametrize("action", [{"p": 0, "draw": "stock"}, {"p": 0, "meld": ["AS", "2S", "3S"]}])
def test_actions_up_to_the_limit_are_read(action):
    parsed = parse_record(actions_text(MAX_ACTIONS, action).encode())
    assert len(parsed.hands[0].actions) == MAX_ACTIONS


def test_a_list_too_long_to_read_whole_is_counted_an_action_at_a_time():
    # 30 commas an action: more than a list read whole may hold, so each is read and counted
    wide = {"p": 0, "draw": "stock", **{f"x{i}": i for i in range(29)}}
    with pytest.raises(Overflow) as caught:
        decode_counted(actions_text(MAX_ACTIONS + 1, wide, "," + GARBAGE), json.JSONDecoder(),
                       MAX_HANDS, MAX_ACTIONS)
    assert (caught.value.where, caught.value.limit) == ("hands[0].actions", MAX_ACTIONS)


def test_the_issues_record_of_100000_hands_is_refused_without_being_built():
    data = hands_text(100_000, draws=8).encode()
    assert len(data) > 24_000_000
    tracemalloc.start()
    try:
        message = refusal(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert message == f'"hands" holds more than {MAX_HANDS:,} hands'
    # json.loads alone would build all 100,000 hands: several times the text
    assert peak < 3 * len(data), f"{peak:,} bytes at the peak"


def test_only_the_records_own_hands_and_actions_are_counted():
    """A "hands" or "actions" key anywhere else (a deal's hands, a scenario's
    expect) is ordinary JSON, whatever its length."""
    rec = opening()
    rec["expect"] = {"hands": [{"actions": list(range(MAX_ACTIONS + 5))}] * 3,
                     "x": {"hands": list(range(MAX_HANDS + 5))}}
    text = json.dumps(rec).encode()
    assert decode_json(text) == rec
    assert replay(text)[1] == 0


@pytest.mark.parametrize("reader", ["replay", "analyse", "continue"])
def test_replay_analyse_and_continue_read_a_record_the_same_way(reader, tmp_path, capsys):
    data = hands_text(MAX_HANDS + 1, "," + GARBAGE).encode()
    words = f"more than {MAX_HANDS:,} hands"
    if reader == "continue":
        storage = Storage(tmp_path)
        storage.saves_dir.mkdir(parents=True)
        storage.game_path("autosave").write_bytes(data)
        game, message = storage.load_game_state("autosave")
        assert game is None and words in message and "moved to" in message
        assert list(storage.saves_dir.glob("autosave.json.corrupt-*"))
        return
    path = tmp_path / "big.json"
    path.write_bytes(data)
    assert main([reader, str(path)]) == 2
    out = capsys.readouterr()
    text = json.loads(out.out)["error"]["message"] if reader == "replay" else out.err
    assert words in text, text


def test_a_newer_programs_save_past_our_limits_is_left_as_it_is(tmp_path):
    storage = Storage(tmp_path)
    storage.saves_dir.mkdir(parents=True)
    path = storage.game_path("autosave")
    path.write_text(hands_text(MAX_HANDS + 1).replace("rummy500/1", "rummy500/2"), encoding="utf-8")
    game, message = storage.load_game_state("autosave")
    assert game is None and "newer version" in message
    assert path.exists() and not list(storage.saves_dir.glob("*.corrupt-*"))


# --------------------------------------------------------------------------- the same as json

JSON_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=6)
SCALAR = st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | JSON_TEXT
VALUE = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(JSON_TEXT, inner, max_size=4), max_leaves=12)
ACTION = st.dictionaries(st.sampled_from(["p", "draw", "meld", "take", "x", "}]"]), VALUE, max_size=3) | VALUE
HAND = st.dictionaries(st.sampled_from(["dealer", "seed", "deal", "actions"]),
                       VALUE, max_size=3).flatmap(
    lambda h: st.lists(ACTION, max_size=6).map(lambda acts: {**h, "actions": acts})) | VALUE
RECORD = st.fixed_dictionaries({"hands": st.lists(HAND, max_size=5)},
                               optional={"format": VALUE, "note": JSON_TEXT, "x": VALUE}) | VALUE
LAYOUT = st.sampled_from([{}, {"indent": 1}, {"separators": (",", ":")}, {"indent": "\t"},
                          {"ensure_ascii": False}])


def same_as_json(text: str, decoder: json.JSONDecoder) -> None:
    """decode_counted (with limits no text here reaches) and decoder.decode
    agree: the same value, or the same error and message."""
    def run(fn):
        try:
            return "value", fn()
        except Exception as exc:  # noqa: BLE001 - compared, not swallowed
            return type(exc).__name__, str(exc)
    ours = run(lambda: decode_counted(text, decoder, 1000, 1000))
    theirs = run(lambda: decoder.decode(text))
    assert ours == theirs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORD, LAYOUT)
def test_the_reader_reads_what_json_reads(value, layout):
    text = json.dumps(value, **layout)
    assert decode_counted(text, json.JSONDecoder(), 1000, 1000) == json.loads(text)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(RECORD, LAYOUT, st.data())
def test_a_damaged_text_gives_the_error_json_gives(value, layout, data):
    text = json.dumps(value, **layout)
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    put = data.draw(st.sampled_from(["", ",", "]", "}", "[", "{", '"', ":", " ", "x", "\\", "\n"]))
    damaged = text[:at] + put + text[at + cut:]
    same_as_json(damaged, json.JSONDecoder())

    def pairs(items):  # the record's hook: a repeated key is an error
        if len({k for k, _v in items}) != len(items):
            raise ValueError("repeated")
        return dict(items)
    same_as_json(damaged, json.JSONDecoder(object_pairs_hook=pairs))


def test_every_scenario_reads_as_json_reads():
    files = sorted((ROOT / "tests").rglob("*.json"))
    assert len(files) > 50
    for path in files:
        text = path.read_text(encoding="utf-8-sig")
        same_as_json(text, json.JSONDecoder())


def test_long_numbers_still_stand_in_for_what_they_are():
    rec = opening()
    rec["hands"][0]["seed"] = 10 ** 450
    message = refusal(json.dumps(rec).encode())
    assert "hands[0].seed" in message and "451 digits" in message


def test_a_repeated_action_is_read_as_often_as_it_is_written():
    """Actions are remembered by what they hold (true is never taken for 1),
    and each one read is its own: the record's decoded lists share nothing."""
    rec = opening()
    rec["hands"][0]["actions"] = [{"p": 1, "draw": "stock"}, {"p": 1, "discard": "2C"}] * 3
    text = json.dumps(rec)
    acts = decode_json(text.encode())["hands"][0]["actions"]
    assert acts == rec["hands"][0]["actions"] and len({id(a) for a in acts}) == 6
    assert [type(a).__name__ for a in parse_record(text).hands[0].actions] == ["DrawStock", "Discard"] * 3
    second = text.index('"p": 1, "discard"', text.index('"p": 1, "discard"') + 1)
    text = text[:second] + '"p": true, "discard"' + text[second + len('"p": 1, "discard"'):]
    message = refusal(text.encode())
    assert "hands[0].actions[3]" in message and "whole number" in message, message


# --------------------------------------------------------------------------- out of memory

def no_memory(*_args, **_kwargs):
    raise MemoryError


@pytest.fixture
def record_file(tmp_path) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(opening()), encoding="utf-8")
    return path


@pytest.mark.parametrize("where", ["decode_counted", "read_record_file", "action_from_record", "Game"])
def test_running_out_of_memory_anywhere_in_replay_is_exit_2_with_one_sentence(where, record_file, monkeypatch,
                                                                                capsys):
    monkeypatch.setattr(record_module, where, no_memory)
    assert main(["replay", str(record_file)]) == 2
    out = capsys.readouterr()
    assert json.loads(out.out) == {"ok": False, "error": {"code": "bad_record", "rule": "", "message": NO_MEMORY}}
    assert out.err == ""


@pytest.mark.parametrize("where", ["decode_counted", "read_record_file", "action_from_record", "Game"])
def test_running_out_of_memory_in_analyse_is_exit_2_with_one_sentence(where, record_file, monkeypatch, capsys):
    monkeypatch.setattr(record_module, where, no_memory)
    assert main(["analyse", str(record_file)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == f"rummy500 analyse: {NO_MEMORY}.\n"


def test_running_out_of_memory_on_continue_leaves_the_save_where_it_is(tmp_path, monkeypatch):
    storage = Storage(tmp_path)
    path = storage.save_game(opening())
    monkeypatch.setattr("game.services.saves.decode_json", no_memory)
    game, message = storage.load_game_state("autosave")
    assert game is None and "not enough memory" in message and "left where it is" in message
    assert path.exists() and not list(storage.saves_dir.glob("*.corrupt-*"))
    monkeypatch.undo()
    game, message = storage.load_game_state("autosave")  # the file was fine all along
    assert game is not None and message is None


def test_replay_itself_says_so_when_memory_runs_out(monkeypatch):
    monkeypatch.setattr(record_module, "decode_counted", no_memory)
    assert replay(json.dumps(opening()).encode()) == (record_module.bad_record(NO_MEMORY), 2)
    with pytest.raises(MemoryError):  # parse_record leaves it to its caller
        parse_record(json.dumps(opening()).encode())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS limits memory only on Linux")
@pytest.mark.parametrize("command", ["replay", "analyse"])
def test_under_a_memory_limit_a_large_record_is_exit_2_not_a_traceback(command, tmp_path):
    import resource

    limit = 100 * 2 ** 20

    def limited():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    def run(path: Path) -> subprocess.CompletedProcess:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        return subprocess.run([sys.executable, "-m", "game", command, str(path)], preexec_fn=limited,
                              capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)

    small = tmp_path / "small.json"
    small.write_text(json.dumps(opening()), encoding="utf-8")
    if run(small).returncode != 0:
        pytest.skip("this Python does not start in 100 MiB of address space")
    big = tmp_path / "big.json"  # 16 MB of draws in 2,000-action hands: some 200 MB once read
    hand = '{"dealer": %d, "seed": %d, "actions": [' + ", ".join(['{"p": 0, "draw": "stock"}'] * 20_000) + "]}"
    big.write_text('{"format": "rummy500/1", "players": ["A", "B"], "hands": ['
                   + ", ".join(hand % (i % 2, i) for i in range(30)) + "]}", encoding="utf-8")
    done = run(big)
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    if command == "replay":
        assert json.loads(done.stdout)["error"]["message"] == NO_MEMORY
    else:
        assert done.stderr == f"rummy500 analyse: {NO_MEMORY}.\n"
