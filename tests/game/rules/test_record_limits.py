"""The limits of ``game-record.md`` ("Limits"): a record past any of them is a
``bad_record`` (exit status 2) refused before any action is applied, for
every reader (``replay``, ``parse_record``, the saved-game loader), and
``rummy500 replay`` never reads more than the size limit + 1 bytes."""

from __future__ import annotations

import io
import json
import os
import time

import pytest

from game.cli import main
from game.rules.game import Game
from game.rules.record import (
    MAX_ACTIONS, MAX_HANDS, MAX_NAME, MAX_NOTE, MAX_RECORD_BYTES, RecordError, name_problem, parse_record,
    read_record_bytes, record_of, replay
)
from game.rules.ruleset import RuleSet
from game.services.storage import Storage


def small_record(players=("You", "Ada")) -> dict:
    """A valid record: a seeded deal and one stock draw by the first player."""
    game = Game.new(list(players), RuleSet(target=300), seed=3)
    rec = record_of(game)
    first = (rec["hands"][0]["dealer"] + 1) % len(players)
    rec["hands"][0]["actions"] = [{"p": first, "draw": "stock"}]
    return rec


def refused(data, *words: str) -> str:
    """Replay ``data``; assert a ``bad_record`` with exit status 2 whose
    message holds every one of ``words``; return the message."""
    out, status = replay(data)
    assert status == 2, out
    assert set(out) == {"ok", "error"} and out["error"]["code"] == "bad_record"
    message = out["error"]["message"]
    for word in words:
        assert word in message, message
    return message


def seeded_hands(count: int, players: int = 2, actions: list | None = None) -> list[dict]:
    """``count`` hands with seeds and dealers passing left (R3)."""
    return [{"dealer": i % players, "seed": i, "actions": list(actions or [])} for i in range(count)]


# --------------------------------------------------------------------------- file size

def test_a_record_of_exactly_the_size_limit_is_read():
    text = json.dumps(small_record()).encode("utf-8")
    padded = text + b" " * (MAX_RECORD_BYTES - len(text))  # JSON allows trailing white space
    assert len(padded) == MAX_RECORD_BYTES
    out, status = replay(padded)
    assert status == 0, out["error"] if "error" in out else None
    assert out["next"]["phase"] == "play"


def test_one_byte_over_the_size_limit_is_refused_before_decoding():
    text = json.dumps(small_record()).encode("utf-8")
    over = text + b" " * (MAX_RECORD_BYTES + 1 - len(text))
    start = time.perf_counter()
    refused(over, "32 MiB")
    assert time.perf_counter() - start < 1.0  # refused by its length, not parsed


def test_text_is_measured_in_utf8_bytes():
    note = "é" * ((MAX_RECORD_BYTES // 2) // 2)  # 2 bytes each in UTF-8: half the limit in characters...
    rec = small_record()
    rec["note"] = "x"
    text = json.dumps(rec, ensure_ascii=False)
    big = text + " " * (MAX_RECORD_BYTES // 2) + note  # ...but more than the limit in bytes
    assert len(big) < MAX_RECORD_BYTES < len(big.encode("utf-8"))
    refused(big, "32 MiB")


class Endless(io.RawIOBase):
    """A stream of zero bytes that never ends (``/dev/zero``), counting what is read."""

    def __init__(self):
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = min(len(buffer), 1 << 20)
        buffer[:n] = bytes(n)
        self.given += n
        return n


def test_reading_an_endless_stream_stops_after_the_limit():
    stream = Endless()
    with pytest.raises(RecordError, match="32 MiB"):
        read_record_bytes(stream)
    assert MAX_RECORD_BYTES < stream.given <= MAX_RECORD_BYTES + 1


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="Windows: the standard input test covers it")
def test_replay_of_dev_zero_is_refused_unread_as_a_device(capsys):
    assert main(["replay", "/dev/zero"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["code"] == "bad_record"
    assert out["error"]["message"] == "cannot read /dev/zero: it is a device, not a file"


def test_replay_of_endless_standard_input_is_refused(capsys, monkeypatch):
    stream = Endless()

    class Stdin:
        buffer = io.BufferedReader(stream)

    monkeypatch.setattr("sys.stdin", Stdin)
    assert main(["replay", "-"]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out["error"]["code"] == "bad_record" and "32 MiB" in out["error"]["message"]
    assert stream.given <= MAX_RECORD_BYTES + 1 + io.DEFAULT_BUFFER_SIZE


def test_a_large_file_is_refused_by_its_size_without_reading_it(tmp_path, capsys):
    path = tmp_path / "huge.json"
    with open(path, "wb") as fh:
        fh.truncate(10 * MAX_RECORD_BYTES)  # sparse: costs no disk
    with open(path, "rb") as fh:
        with pytest.raises(RecordError, match="32 MiB"):
            read_record_bytes(fh)
        assert fh.tell() == 0  # not a byte read
    assert main(["replay", str(path)]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad_record"


def test_a_small_file_is_read_whole(tmp_path, capsys):
    path = tmp_path / "small.json"
    path.write_text(json.dumps(small_record()), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


# --------------------------------------------------------------------------- hands and actions

def test_hands_up_to_the_limit_parse_and_one_more_is_refused():
    rec = small_record()
    rec["hands"] = seeded_hands(MAX_HANDS)
    assert len(parse_record(rec).hands) == MAX_HANDS
    rec["hands"] = seeded_hands(MAX_HANDS + 1)
    refused(rec, f"{MAX_HANDS + 1:,} hands", f"{MAX_HANDS:,}")


def test_actions_up_to_the_limit_parse_and_one_more_is_refused():
    rec = small_record()
    rec["hands"][0]["actions"] = [{"p": 0, "draw": "stock"}] * MAX_ACTIONS
    assert len(parse_record(rec).hands[0].actions) == MAX_ACTIONS
    rec["hands"][0]["actions"].append({"p": 1, "draw": "stock"})
    refused(rec, "hands[0].actions", f"{MAX_ACTIONS:,}")


def test_a_limit_in_a_later_hand_is_refused_before_any_action_is_applied():
    rec = small_record()
    first = rec["hands"][0]["actions"][0]["p"]
    rec["hands"][0]["actions"] = [{"p": 1 - first, "draw": "stock"}]  # not_your_turn: exit 1 if played
    assert replay(rec)[1] == 1
    rec["hands"].append({"dealer": 1 - rec["hands"][0]["dealer"], "seed": 1,
                         "actions": [{"p": 0, "draw": "stock"}] * (MAX_ACTIONS + 1)})
    refused(rec, "hands[1].actions")


def test_a_deal_longer_than_the_pack_is_refused_by_its_length():
    rec = small_record()
    rec["hands"][0]["deal"]["stock"] = ["AS"] * 5_000_000
    start = time.perf_counter()
    refused(rec, "hands[0].deal.stock", "5000000 cards", "54")
    assert time.perf_counter() - start < 1.0  # the tokens are never read one by one


# --------------------------------------------------------------------------- note and names

def test_note_up_to_the_limit_and_one_more_character():
    rec = small_record()
    rec["note"] = "n" * MAX_NOTE
    assert replay(rec)[1] == 0
    rec["note"] += "n"
    refused(rec, '"note"', f"{MAX_NOTE:,}")


@pytest.mark.parametrize("name", ["x" * MAX_NAME, "Zoë", "李", "", "a b", "family 👩\u200d👩\u200d👧",
                                  "right\u200fleft"])
def test_names_that_are_allowed(name):
    assert name_problem(name) is None
    assert replay(small_record(("You", name)))[1] == 0


@pytest.mark.parametrize("name, words", [
    ("x" * (MAX_NAME + 1), ["players[1]", f"{MAX_NAME + 1} characters"]),
    ("nul\x00", ["players[1]", "U+0000"]),
    ("two\nlines", ["U+000A"]),
    ("tab\there", ["U+0009"]),
    ("bell\x07", ["U+0007"]),
    ("del\x7f", ["U+007F"]),
    ("c1\x85", ["U+0085"]),
    ("line\u2028sep", ["U+2028"]),
    ("lone\ud800", ["U+D800"]),
])
def test_names_that_are_refused(name, words):
    assert name_problem(name) is not None
    refused(small_record(("You", name)), "not printable" if len(name) <= MAX_NAME else "more than", *words)


def test_a_lone_surrogate_escaped_in_the_json_text_is_refused():
    text = json.dumps(small_record(("You", "AB"))).replace('"AB"', '"A\\udc00"')
    refused(text.encode("utf-8"), "players[1]", "U+DC00")


def test_names_must_be_text():
    rec = small_record()
    rec["players"][1] = 7
    refused(rec, "players[1]", "not text")


# --------------------------------------------------------------------------- other readers

def test_the_saved_game_loader_refuses_past_the_limits(tmp_path):
    storage = Storage(tmp_path)
    rec = small_record(("You", "y" * (MAX_NAME + 1)))
    path = storage.save_game(rec)
    loaded, message = storage.load_game()
    assert loaded is None
    assert "could not be loaded" in message and f"more than {MAX_NAME}" in message
    assert not path.exists()
    assert len(list(path.parent.glob("autosave.json.corrupt-*"))) == 1  # moved aside, not lost
    storage.save_game(small_record())
    loaded, message = storage.load_game()
    assert message is None and loaded["players"] == ["You", "Ada"]
