"""``rummy500 tournament``: duplicate deals, the summary, --jobs and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import game
from game.services import tournament as T
from game.ai import LEVELS, make_ai
from game.ai.base import AIPlayer
from game.cli import main
from game.rules.ruleset import RuleSet


@pytest.fixture
def low_target(tmp_path) -> Path:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"target": 150}), encoding="utf-8")
    return path


def run_json(capsys, argv: list[str]) -> dict:
    assert main(["tournament", *argv, "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)  # exactly one object: anything else fails to parse


def check_shape(result: dict, levels: list[str]) -> None:
    assert set(result) == {"games", "hands", "players"}
    assert [p["ai"] for p in result["players"]] == list(dict.fromkeys(levels))
    tables = result["games"] or result["hands"]
    for p in result["players"]:
        assert set(p) == {"ai", "won", "win_rate", "ci95", "points_per_hand", "decision_ms"}
        assert 0 <= p["won"] <= tables
        assert 0.0 <= p["win_rate"] <= 1.0
        assert p["win_rate"] == pytest.approx(p["won"] / tables, abs=1e-4)
        lo, hi = p["ci95"]
        assert 0.0 <= lo <= p["win_rate"] <= hi <= 1.0
        assert isinstance(p["points_per_hand"], (int, float))
        ms = p["decision_ms"]
        assert set(ms) == {"p50", "p95", "max"}
        assert 0.0 <= ms["p50"] <= ms["p95"] <= ms["max"]
        assert ms["max"] > 0


def test_hands_json(capsys):
    result = run_json(capsys, ["--players", "3", "--ai", "easy,easy,easy", "--hands", "7", "--seed", "5"])
    assert result["games"] == 0 and result["hands"] == 9  # 7 rounded up to a multiple of 3
    check_shape(result, ["easy"])
    assert result["players"][0]["won"] == 9  # one level holds every seat


def test_games_json_and_table(capsys, low_target):
    argv = ["--players", "2", "--ai", "EASY, easy", "--games", "3", "--seed", "9",
            "--rules", str(low_target)]
    result = run_json(capsys, argv)
    assert result["games"] == 4 and result["hands"] >= 4
    check_shape(result, ["easy"])
    assert main(["tournament", *argv]) == 0
    out = capsys.readouterr().out
    assert "4 games" in out and "2 deal groups" in out and "95% interval" in out
    assert out.splitlines()[-1].startswith("easy ")


def test_as_a_subprocess(low_target):
    proc = subprocess.run(
        [sys.executable, "-m", "game", "tournament", "--players", "2", "--ai", "easy,easy",
         "--games", "2", "--seed", "1", "--rules", str(low_target), "--json"],
        capture_output=True, text=True, timeout=120, cwd=Path(game.__file__).parent.parent)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    result = json.loads(proc.stdout)
    assert result["games"] == 2
    check_shape(result, ["easy"])


def without_times(result: dict) -> dict:
    return {**result, "players": [{k: v for k, v in p.items() if k != "decision_ms"}
                                  for p in result["players"]]}


def test_jobs_give_the_same_results(capsys, low_target):
    for argv in (["--players", "3", "--ai", "easy,easy,easy", "--games", "6", "--rules", str(low_target)],
                 ["--players", "2", "--ai", "easy,easy", "--hands", "8"]):
        one = run_json(capsys, [*argv, "--seed", "21", "--jobs", "1"])
        two = run_json(capsys, [*argv, "--seed", "21", "--jobs", "2"])
        assert without_times(one) == without_times(two)
        three = run_json(capsys, [*argv, "--seed", "22"])
        assert without_times(three) != without_times(two)  # the seed matters: a real comparison


def test_schedule_rotates_every_entry_through_every_seat():
    levels = ["a", "b", "c", "b"]
    tables = T.schedule(levels, 6, seed=1)
    assert len(tables) == 8  # 6 rounded up to a multiple of 4: two deal groups
    by_group = defaultdict(list)
    for t in tables:
        by_group[t.group].append(t)
    assert sorted(by_group) == [0, 1]
    for group in by_group.values():
        assert [t.rotation for t in group] == [0, 1, 2, 3]
        assert len({t.deal_seed for t in group}) == 1 and len({t.ai_seeds for t in group}) == 1
        for entry in range(4):
            assert sorted(t.entries.index(entry) for t in group) == [0, 1, 2, 3]
        for seat in range(4):
            assert sorted(t.entries[seat] for t in group) == [0, 1, 2, 3]
        for t in group:
            assert t.levels == tuple(levels[e] for e in t.entries)
    assert by_group[0][0].deal_seed != by_group[1][0].deal_seed
    assert T.schedule(levels, 6, seed=1) == tables
    assert T.schedule(levels, 6, seed=2) != tables


class Stub(AIPlayer):
    """A level that never answers: the driver plays its fallback moves."""

    level = "stub"

    def choose(self, view):
        raise RuntimeError("no move")


def with_stub(monkeypatch):
    def fake_make_ai(level, seed=None, **options):
        return Stub(seed) if level == "stub" else make_ai(level, seed, **options)
    monkeypatch.setattr(T, "make_ai", fake_make_ai)


@pytest.mark.parametrize("games", [True, False])
def test_duplicate_deals_give_each_level_every_seat(monkeypatch, games):
    with_stub(monkeypatch)
    seen = []
    result = T.run_tournament(["easy", "stub", "easy"], 3, seed=4, rules=RuleSet(target=150),
                              games=games, on_game=lambda table, g: seen.append((table, g)))
    assert len(seen) == 3 and {t.group for t, _ in seen} == {0}
    seats_of = defaultdict(set)
    for table, g in seen:
        for seat, level in enumerate(table.levels):
            assert g.names[seat].startswith(level)  # the AI at that seat was of that level
            seats_of[level].add(seat)
            seats_of[table.entries[seat]].add(seat)
    assert seats_of["stub"] == seats_of[0] == seats_of[1] == seats_of[2] == {0, 1, 2}
    # the same cards to the same seat, hand by hand, in every rotation
    first = seen[0][1]
    for _, g in seen[1:]:
        for k in range(min(len(g.hands), len(first.hands))):
            assert g.hands[k].deal == first.hands[k].deal
            assert g.hands[k].dealer == first.hands[k].dealer
    assert [p["ai"] for p in result["players"]] == ["easy", "stub"]
    assert sum(p["won"] for p in result["players"]) == pytest.approx(3)
    if games:
        assert result["games"] == 3 and result["hands"] == sum(len(g.hands) for _, g in seen)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_can_play_a_tournament(level):
    try:
        ai = T.make_player(level, 1)  # the reproducible options are accepted
    except ImportError:
        pytest.skip(f"the {level} AI is not written yet")
    assert ai.level == level


def result(levels, hands, winners, decisions=()):
    table = T.Table(0, 0, 1, tuple(range(len(levels))), tuple(levels), (1,) * len(levels))
    return T.TableResult(table, tuple(map(tuple, hands)), tuple(winners), tuple(decisions))


def test_summary_counts_ties_repeated_levels_and_times():
    results = [
        # a hand tied between seat 0 (a) and seat 1 (b): half a win each
        result(["a", "b", "a"], [[40, 40, -10]], [0, 1], [(0, 0.001), (1, 0.003), (2, 0.002)]),
        # tied between the two seats of a: one whole win for a
        result(["a", "a", "b"], [[30, 30, 5]], [0, 1], [(2, 0.004)]),
        result(["b", "a", "a"], [[60, 0, 10]], [0]),
    ]
    out = T.summarize(["a", "b", "a"], results, games=False)
    assert out["games"] == 0 and out["hands"] == 3
    a, b = out["players"]
    assert (a["ai"], b["ai"]) == ("a", "b")
    assert a["won"] == 1.5 and b["won"] == 1.5 and a["win_rate"] == 0.5
    assert a["points_per_hand"] == round((40 - 10 + 30 + 30 + 0 + 10) / 6, 3)
    assert b["points_per_hand"] == round((40 + 5 + 60) / 3, 3)
    assert a["decision_ms"] == {"p50": 1.0, "p95": 2.0, "max": 2.0}
    assert b["decision_ms"] == {"p50": 3.0, "p95": 4.0, "max": 4.0}
    lo, hi = T.wilson(1.5, 3)
    assert a["ci95"] == [round(lo, 4), round(hi, 4)]
    games = T.summarize(["a", "b"], [result(["a", "b"], [[1, 2], [3, 4]], [1])], games=True)
    assert games["games"] == 1 and games["hands"] == 2
    assert games["players"][1]["won"] == 1 and games["players"][0]["won"] == 0


def test_wilson_and_percentile():
    lo, hi = T.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert T.wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert T.wilson(10, 10)[1] == pytest.approx(1.0, abs=1e-12)
    assert T.wilson(0, 0) == (0.0, 1.0)
    values = list(range(1, 101))
    assert (T.percentile(values, 0.5), T.percentile(values, 0.95), T.percentile([], 0.5)) == (50, 95, 0.0)


@pytest.mark.parametrize("argv", [
    [],
    ["--players", "3", "--ai", "easy,easy", "--hands", "3", "--seed", "1"],
    ["--players", "2", "--ai", "easy,easy,easy", "--hands", "3", "--seed", "1"],
    ["--players", "1", "--ai", "easy", "--hands", "3", "--seed", "1"],
    ["--players", "9", "--ai", "easy", "--hands", "3", "--seed", "1"],
    ["--players", "two", "--ai", "easy,easy", "--hands", "3", "--seed", "1"],
    ["--players", "2", "--ai", "easy,wizard", "--hands", "3", "--seed", "1"],
    ["--players", "2", "--ai", "easy,easy", "--seed", "1"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--games", "3", "--seed", "1"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "0", "--seed", "1"],
    ["--players", "2", "--ai", "easy,easy", "--games", "-1", "--seed", "1"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "x"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "-5"],  # seeds are 0 and up everywhere
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "1", "--jobs", "0"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "1", "--rules", "MISSING"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "1", "--rules", "NOTJSON"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "1", "--rules", "BADRULE"],
    ["--players", "8", "--ai", ",".join(["easy"] * 8), "--hands", "3", "--seed", "1", "--rules", "ONEDECK"],
    ["--players", "2", "--ai", "easy,easy", "--hands", "3", "--seed", "1", "--colour", "red"],
])
def test_bad_arguments_exit_2(capsys, tmp_path, argv):
    files = {"MISSING": tmp_path / "missing.json", "NOTJSON": tmp_path / "bad.json",
             "BADRULE": tmp_path / "rule.json", "ONEDECK": tmp_path / "one.json"}
    files["NOTJSON"].write_bytes(b"\xff{not json")
    files["BADRULE"].write_text(json.dumps({"target": "high"}), encoding="utf-8")
    files["ONEDECK"].write_text(json.dumps({"decks": 1}), encoding="utf-8")
    argv = [str(files[a]) if a in files else a for a in argv]
    assert main(["tournament", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "error:" in err and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("rummy500")
