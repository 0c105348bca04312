"""Every benchmark runs, at a tiny size, and prints its figures.

Nothing else ran the scripts of ``benchmarks/``, so they rotted unseen
(``frames.py`` crashed half-way; ``ai_oracle.py`` ran to the end while every
decision of its oracle failed and was replaced by the fallback move). Each
test runs one script as a program, as the README says to (its own process,
the repository as the working folder, the dummy SDL drivers), with options
that make it small, and checks that it exits with status 0, wrote no
traceback (a logged one means a seat played fallback moves) and printed the
figures it promises. The figures' values are not judged: only that they are
there and make sense.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "benchmarks"
TIMEOUT_S = 180  # each run takes a few seconds; this only stops a hung one

NUMBER = r"[-+]?\d+(?:\.\d+)?"


def _process(script: str, *args: str) -> subprocess.CompletedProcess:
    """Run ``benchmarks/script`` with ``args`` as a program, to its end."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, str(BENCHMARKS / script), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=TIMEOUT_S)


def run(script: str, *args: str) -> str:
    """Run ``benchmarks/script`` with ``args``; its standard output."""
    proc = _process(script, *args)
    assert proc.returncode == 0, f"{script} exited with {proc.returncode}:\n{proc.stderr[-4000:]}"
    assert "Traceback" not in proc.stderr, f"{script} logged an error:\n{proc.stderr[-4000:]}"
    return proc.stdout


def figure(out: str, name: str) -> float:
    """The number after ``name:`` (at the start of a line or after two spaces)."""
    found = re.findall(rf"(?:^|  ){re.escape(name)}: ({NUMBER})", out, re.MULTILINE)
    assert len(found) == 1, f"{name!r} printed {len(found)} times in:\n{out}"
    return float(found[0])


def test_every_benchmark_has_its_test():
    scripts = {p.stem for p in BENCHMARKS.glob("*.py") if not p.stem.startswith("_")}  # _args: shared, not a benchmark
    tested = {name[len("test_"):] for name in globals() if name.startswith("test_")}
    assert scripts <= tested, f"no smoke test for {sorted(scripts - tested)}"


def test_engine():
    out = run("engine.py", "--seconds", "0.3", "--jobs", "2")
    assert figure(out, "hands") > 0
    assert figure(out, "actions_per_hand") > 0
    assert out.splitlines()[-1].startswith("hands_per_second:")
    assert figure(out, "hands_per_second") > 0


def test_engine_plays_a_fixed_number_of_hands_by_the_cpu_clock():
    out = run("engine.py", "--hands", "7", "--clock", "cpu")
    assert figure(out, "hands") == 7
    assert figure(out, "hands_per_second") > 0


def test_engine_replays_the_same_hands_through_the_engine_alone():
    played = run("engine.py", "--hands", "6", "--players", "3", "--clock", "cpu")
    replayed = run("engine.py", "--hands", "6", "--players", "3", "--clock", "cpu", "--replay")
    assert figure(replayed, "hands") == 6
    assert figure(replayed, "actions_per_hand") == figure(played, "actions_per_hand")  # the very same hands
    assert figure(replayed, "hands_per_second") > 0
    refused = _process("engine.py", "--replay")
    assert refused.returncode == 2 and "--replay needs --hands N" in refused.stderr


def test_an_engine_replay_stops_where_the_engine_answers_otherwise(monkeypatch):
    engine = _module("engine.py", monkeypatch)
    hands = engine.record(2, {}, 5, 3)
    assert engine.apply_again(2, {}, hands)[:2] == (3, sum(taken for _, tried in hands for _, taken in tried))
    seed, tried = hands[0]
    refused = next(i for i, (_, taken) in enumerate(tried) if not taken)
    with pytest.raises(AssertionError, match="was taken when the hand was played"):
        engine.apply_again(2, {}, [(seed, tried[:refused] + [(tried[refused][0], True)])])
    first_taken = next(action for action, taken in tried if taken)  # refusals before it change nothing
    with pytest.raises(AssertionError, match="was refused when the hand was played"):
        engine.apply_again(2, {}, [(seed, [(first_taken, False)])])


@pytest.mark.parametrize("mode", [[], ["--in-game"], ["--opponent", " Hoarder", "--hands", "2"]],
                         ids=["searched", "in-game", "against-a-style"])
def test_hard_worlds(mode):
    out = run("hard_worlds.py", "--seconds", "0.4", "--worlds", "4", *mode)
    assert figure(out, "decisions") > 0
    assert re.search(rf"^decision_ms p50 / p95 / max: {NUMBER} / {NUMBER} / {NUMBER}$", out, re.MULTILINE), out
    assert re.search(rf"^worlds_per_searched_decision median / mean: {NUMBER} / {NUMBER}$", out, re.MULTILINE), out
    if "--in-game" in mode:
        assert re.search(r"^decisions_ended_by_the_clock: \d+ of \d+$", out, re.MULTILINE), out
    worlds = re.search(rf"^worlds_per_searched_decision median / mean: ({NUMBER}) / ({NUMBER})$", out, re.MULTILINE)
    assert float(worlds[2]) <= 4, out  # --worlds 4 bounds every decision, in game too
    assert figure(out, "playouts_per_second") > 0
    assert out.splitlines()[-1].startswith("worlds_per_second:")
    assert figure(out, "worlds_per_second") > 0


def test_decision_lab(tmp_path):
    saved = tmp_path / "lab.json"
    out = run("decision_lab.py", "--hands", "1", "--decisions", "2", "--worlds", "84", "--save", str(saved))
    lines = out.splitlines()
    assert lines[0] == "2 searched decisions", out
    configs = [line for line in lines if line.startswith("turns ")]
    assert len(configs) >= 2, out
    for line in configs:  # 84 worlds are enough for every configuration
        assert re.search(rf": gain {NUMBER} \(se {NUMBER}\)", line), line
    assert all(" vs shipped " in line for line in configs[1:]), out
    assert all(re.search(rf" playouts \d+", line) for line in configs), out
    assert re.search(rf"^Hard as played: gain {NUMBER} \(se {NUMBER}\)  vs shipped", out, re.MULTILINE), out
    assert run("decision_lab.py", "--load", str(saved)) == out  # what was played, read back


def test_decision_lab_says_when_one_decision_is_too_few():
    out = run("decision_lab.py", "--hands", "1", "--decisions", "1", "--worlds", "84")
    lines = out.splitlines()
    assert lines[0] == "1 searched decisions", out
    assert lines[1] == "(Hard as shipped was measured on fewer than 2 decisions: no paired differences)", out
    assert "Hard as played: too few decisions measured (1; 2 are needed)" in lines, out
    assert sum("too few decisions measured (1; 2 are needed)" in line for line in lines) == len(lines) - 2, out


def test_ai_oracle():
    out = run("ai_oracle.py", "--games", "1", "--time-cap", "0.01", "--target", "100")
    assert len(re.findall(r"^deal 0 oracle seat [01]: winner \d", out, re.MULTILINE)) == 2, out
    assert re.search(r"^oracle won [0-2] of 2; 95% interval", out, re.MULTILINE), out
    assert out.splitlines()[-1].startswith("oracle_win_rate:")
    assert 0 <= figure(out, "oracle_win_rate") <= 1


def test_ai_strength(tmp_path):
    out = run("ai_strength.py", "easy", "random", "--games", "2", "--target", "100")
    assert re.search(rf"^win_rate: {NUMBER} \({NUMBER}-{NUMBER}\) of 2 games$", out.splitlines()[-1]), out
    assert 0 <= figure(out, "win_rate") <= 1
    # another copy of the package, as ``git archive REV game`` leaves it: the
    # same code on duplicate deals, seats swapped, wins exactly one game of two
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    out = run("ai_strength.py", "easy", "old-easy", "--games", "2", "--target", "100", "--old", str(tmp_path))
    assert out.splitlines()[0] == "easy vs old-easy: 1 of 2 games", out
    assert figure(out, "win_rate") == 0.5
    # a style of the field at a table of three: one seat each deal, rotated through all three
    out = run("ai_strength.py", "cautious", "hoarder", "--players", "3", "--games", "3", "--target", "100")
    assert out.splitlines()[0].startswith("cautious vs hoarder: "), out
    assert "players: 3 (one cautious, 2 hoarder; an even share is 1/3)" in out
    assert re.search(rf"^win_rate: {NUMBER} \({NUMBER}-{NUMBER}\) of 3 games$", out.splitlines()[-1]), out


def test_ai_strength_pairs_two_runs_deal_by_deal(tmp_path):
    deals = tmp_path / "before.json"
    run("ai_strength.py", "easy", "random", "--games", "4", "--target", "100", "--deals", str(deals))
    saved = json.loads(deals.read_text(encoding="utf-8"))
    assert saved["seed"] == 1 and saved["players"] == 2 and saved["target"] == 100
    assert len(saved["wins"]) == 2 and all(w in (0, 1, 2) for w in saved["wins"])
    out = run("ai_strength.py", "easy", "random", "--games", "4", "--target", "100", "--against", str(deals))
    # the same players on the same deals win the same games: no difference, no error
    assert out.splitlines()[-1] == "paired: +0 games over 2 deals (standard error 0.0)", out
    assert figure(out, "win_rate") == sum(saved["wins"]) / 4


def _module(script: str, monkeypatch):
    """``benchmarks/script`` imported as a module, for its functions (its
    sibling modules, such as ``_args``, found as when it runs)."""
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(Path(script).stem, BENCHMARKS / script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_paired_difference_and_its_error(monkeypatch):
    ai_strength = _module("ai_strength.py", monkeypatch)
    assert ai_strength.paired([2, 1, 1, 0], [1, 1, 2, 0]) == (0.0, pytest.approx(math.sqrt(2 / 3 * 4)), 4)
    diff, error, deals = ai_strength.paired([3, 2, 4], [1, 2, 2, 4])  # the deals both played
    assert (diff, deals) == (4.0, 3) and error == pytest.approx(math.sqrt(4 / 3 * 3))
    assert ai_strength.paired([1], [0]) == (1.0, None, 1)
    assert ai_strength.paired_line([1], [0]) == "paired: +1 games over 1 deal (standard error unknown: fewer than two deals)"
    assert ai_strength.paired_line([2, 1, 1], [1, 1]).endswith(
        "over 2 deals (standard error 1.0); this run played 3 deals, the file 2")  # differences 1 and 0
    assert ai_strength.paired_line([1], [1, 0]).endswith("this run played 1 deal, the file 2")


def test_ai_strength_refuses_a_deals_file_of_other_deals(tmp_path):
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"seed": 2, "players": 2, "target": 100, "wins": [1, 0]}), encoding="utf-8")
    says = _refused("ai_strength.py", "easy", "random", "--games", "2", "--target", "100", "--against", str(other))
    assert "--against" in says and "played on other deals" in says, says
    broken = tmp_path / "broken.json"
    broken.write_text('{"seed": 1, "wins": "many"', encoding="utf-8")
    assert "not a --deals file" in _refused("ai_strength.py", "easy", "random", "--against", str(broken))
    assert "cannot read it" in _refused("ai_strength.py", "easy", "random", "--against", str(tmp_path / "none"))
    (tmp_path / "a-file").write_text("", encoding="utf-8")  # a folder that cannot be made: a file has its name
    says = _refused("ai_strength.py", "easy", "random", "--deals", str(tmp_path / "a-file" / "deals.json"))
    assert "--deals" in says and "no folder" in says, says  # before any play (benchmarks/_args.writable_file)
    assert "no file named" in _refused("ai_strength.py", "easy", "random", "--against", "")
    for wins in ("[]", '"21"', "[-1, 1]", "[3, 0]", "[0.5, 1]", "[true, 1]", '["1", "2"]', "[NaN, 1]", "[1e400, 1]"):
        bad = tmp_path / "bad.json"
        bad.write_text('{"seed": 1, "players": 2, "target": 500, "wins": %s}' % wins, encoding="utf-8")
        assert "its wins must be one whole number from 0 to 2" in _refused(
            "ai_strength.py", "easy", "random", "--against", str(bad)), wins
    bad.write_text('{"seed": true, "players": 2, "target": 500, "wins": [1]}', encoding="utf-8")
    assert "must be whole numbers" in _refused("ai_strength.py", "easy", "random", "--against", str(bad))
    assert "cannot read it" in _refused("ai_strength.py", "easy", "random", "--against", str(tmp_path))
    bad.write_text("[1, 0]", encoding="utf-8")
    assert "not a --deals file (not a JSON object)" in _refused("ai_strength.py", "easy", "random", "--against", str(bad))
    bad.write_text('{"seed": 1, "wins": [1]}', encoding="utf-8")
    assert "not a --deals file (no players, target)" in _refused("ai_strength.py", "easy", "random", "--against",
                                                                 str(bad))
    assert "--deals: no file named" in _refused("ai_strength.py", "easy", "random", "--deals", "")


def test_ai_strength_reads_back_its_own_deals_file_whatever_the_seed(tmp_path):
    deals = tmp_path / "big.json"  # a seed above 10**9 was once saved and then refused as "not whole"
    run("ai_strength.py", "easy", "random", "--games", "2", "--target", "100", "--seed", "5000000000",
        "--deals", str(deals))
    out = run("ai_strength.py", "easy", "random", "--games", "2", "--target", "100", "--seed", "5000000000",
              "--against", str(deals))
    assert out.splitlines()[-1] == "paired: +0 games over 1 deal (standard error unknown: fewer than two deals)", out


def test_ai_strength_warns_once_and_plays_on_when_the_deals_file_cannot_be_written_later(tmp_path, monkeypatch,
                                                                                         capsys):
    ai_strength = _module("ai_strength.py", monkeypatch)
    writes = []

    def save_deals(path, data):  # the folder was there at the start and is gone by the first deal's end
        writes.append(list(data["wins"]))
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(ai_strength, "save_deals", save_deals)
    monkeypatch.setattr(sys, "argv", ["ai_strength.py", "easy", "random", "--games", "6", "--target", "100",
                                      "--deals", str(tmp_path / "deals.json")])
    ai_strength.main()
    out, err = capsys.readouterr()
    assert len(writes) == 1 and len(writes[0]) == 1  # three deals, no more tries after the first deal's failure
    assert err.count("cannot write it (No such file or directory); no longer saving") == 1, err
    assert out.splitlines()[-1].startswith("win_rate: ") and "of 6 games" in out


def test_ai_strength_will_not_overwrite_the_file_it_compares_with(tmp_path):
    deals = tmp_path / "deals.json"
    run("ai_strength.py", "easy", "random", "--games", "4", "--target", "100", "--deals", str(deals))
    before = deals.read_text(encoding="utf-8")
    says = _refused("ai_strength.py", "easy", "random", "--games", "4", "--target", "100",
                    "--deals", str(deals), "--against", str(tmp_path / "." / "deals.json"))
    assert "name the same file" in says, says
    assert deals.read_text(encoding="utf-8") == before


def test_hand_screen(tmp_path):
    # the same player twice: the pairing deals the same cards and seeds, so every hand scores alike
    shutil.copytree(ROOT / "game", tmp_path / "game", ignore=shutil.ignore_patterns("__pycache__"))
    out = run("hand_screen.py", "easy", "old-easy", "--hands", "6", "--old", str(tmp_path), "--jobs", "2")
    assert out.splitlines()[0] == "players: 4 (medium at the other seats), seed 1", out
    assert "hands: 6  same: 6" in out.splitlines(), out
    assert figure(out, "difference") == 0
    # two players differ; the rows saved are the ones printed, and one process plays what two did
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    out = run("hand_screen.py", "medium", "random", "--players", "2", "--hands", "6", "--save", str(one))
    run("hand_screen.py", "medium", "random", "--players", "2", "--hands", "6", "--save", str(two), "--jobs", "2")
    rows = json.loads(one.read_text(encoding="utf-8"))
    assert rows == json.loads(two.read_text(encoding="utf-8")) and len(rows) == 6
    assert figure(out, "medium") == round(sum(r[0][0] for r in rows) / 6, 2)
    assert figure(out, "difference") == round(sum(r[0][0] - r[1][0] for r in rows) / 6, 2)
    assert re.search(rf"^random: {NUMBER} \(SE {NUMBER}\) points a hand against the others' mean"
                     rf"  went_out: {NUMBER}  held: {NUMBER}$", out, re.MULTILINE), out


def test_hand_screen_tells_and_keeps_its_progress(tmp_path):
    saved = tmp_path / "rows.json"
    out = run("hand_screen.py", "medium", "random", "--players", "2", "--hands", "60", "--progress",
              "--save", str(saved), "--jobs", "2")
    progress = [line for line in out.splitlines() if line.startswith("so far")]
    assert len(progress) == 1 and progress[0].startswith("so far, 50 hands: difference: "), out
    assert progress[0].endswith(" points a hand, medium minus random"), out
    assert len(json.loads(saved.read_text(encoding="utf-8"))) == 60  # rewritten at the end
    one = run("hand_screen.py", "medium", "random", "--hands", "1")
    assert "difference: " in one and "(SE n/a)" in one, one  # no standard error from one hand


def test_hand_screen_prints_its_figures_when_its_file_cannot_be_written(tmp_path, monkeypatch, capsys):
    """A --save that fails during the run (the disk full, the folder gone)
    loses the file, not the hands played: the summary is printed, the
    failure said, and the run exits 1."""
    screen = _module("hand_screen.py", monkeypatch)

    def full(path, text, durable=True):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(screen, "atomic_write_text", full)
    monkeypatch.setattr(screen, "PROGRESS_EVERY", 1)
    for progress in ([], ["--progress"]):  # failing at the end, or at the first progress save
        monkeypatch.setattr(sys, "argv", ["hand_screen.py", "medium", "random", "--players", "2", "--hands", "3",
                                          "--save", str(tmp_path / "rows.json"), *progress])
        with pytest.raises(SystemExit) as stopped:
            screen.main()
        out, err = capsys.readouterr()
        assert stopped.value.code == 1, progress
        assert "difference: " in out and "medium: " in out, out
        assert err.strip() == f"hand_screen.py: --save {tmp_path / 'rows.json'}: cannot write it (No space left " \
                              "on device); no longer saving", progress


def test_style_estimate():
    out = run("style_estimate.py", "--tables", "1", "--players", "2", "--after", "1,2")
    lines = out.splitlines()
    assert lines[0] == "1 tables per style (2 players), seed 1", out
    assert re.search(r"^hoarder +\s*\d/1 ", out, re.MULTILINE), out
    assert re.search(rf"^accuracy after 2 hands: {NUMBER} \({NUMBER}-{NUMBER}\) of 9$", lines[-1]), out
    out = run("style_estimate.py", "--tables", "1", "--players", "2", "--after", "1", "--fit")
    assert out.splitlines()[0] == "_MEASURED = {" and "'hoarder': (" in out, out


def test_autosave():
    out = run("autosave.py", "--players", "2", "--target", "100")
    assert figure(out, "saves") > 0
    assert figure(out, "last record") > 0  # KiB
    for name in ("median_ms", "p95_ms", "max_ms"):
        assert figure(out, name) >= 0


def test_statistics_open():
    out = run("statistics_open.py", "--games", "2", "--players", "2", "--target", "50")
    for name in ("index_list_ms", "rebuild_ms", "scene_open_ms"):
        assert figure(out, name) >= 0
    assert out.splitlines()[-1].startswith("scene_open_ms:")


def test_memory():
    out = run("memory.py", "--games", "2", "--players", "2", "--target", "10")
    assert figure(out, "rss_before_mb") > 0
    games = re.findall(rf"^game (\d+): rss_mb {NUMBER}  tables_alive (\d+)$", out, re.MULTILINE)
    assert [g for g, _ in games] == ["1", "2"], out
    assert figure(out, "rss_after_mb") > 0
    assert figure(out, "rss_after_gc_mb") > 0
    figure(out, "growth_mb")
    assert 0 <= figure(out, "tables_alive_before_gc") <= 2


def test_frames():
    out = run("frames.py", "--players", "2", "--frames", "5", "--steps", "10", "--size", "640x480")
    lines = out.splitlines()
    assert len(lines) == 7, out
    making = lines.pop(2)  # the step frames that loaded a font or smooth-scaled an image, of all step frames
    made, steps = re.search(r"image: (\d+) of (\d+) \(\d+ fonts and images\)$", making).groups()
    assert int(made) <= int(steps) and int(steps) == int(re.search(r"\((\d+) steps", lines[1]).group(1)), making
    for line, start in zip(lines, ("idle table", "frame with a new step", "frame where the step's cards land",
                                   "Hard AI thinking", "your turn", "playing")):
        assert line.startswith(start), line
        p50, p99 = re.search(rf"p50 ({NUMBER}) ms, p99 ({NUMBER}) ms", line).groups()
        assert 0 < float(p50) <= float(p99), line


def test_record_limits():
    out = run("record_limits.py", "--only", "hands-100k")
    rows = [line.split() for line in out.splitlines()[1:] if line.strip()]
    assert len(rows) == 1 and rows[0][0] == "hands-100k"
    mb, status, wall = float(rows[0][1]), int(rows[0][2]), float(rows[0][3])
    assert mb > 20 and status == 2 and wall > 0  # the 24 MB record is refused, exit 2


def test_profiles_load():
    out = run("profiles_load.py", "--repeat", "1")
    assert "400,000 profiles" in out and "50 profiles" in out
    rows = [line for line in out.splitlines()[1:] if line.strip()]
    assert len(rows) == 5 and all(re.search(r"\d+\.\d\s+\d+\s+\d+$", r) for r in rows), out


def test_network():
    out = run("network.py", "--target", "50", "--workers")
    assert figure(out, "hands") >= 1
    assert figure(out, "updates") > 10
    assert 0 <= figure(out, "latency_p50_ms") <= figure(out, "latency_p99_ms") <= figure(out, "latency_max_ms")
    assert figure(out, "bytes_per_hand_per_guest") > 1000
    assert figure(out, "p99_goal_met") in (0, 1)


def test_network_window():
    out = run("network.py", "--window", "--frames", "60", "--size", "640x480", "--target", "50")
    for case in ("hosted", "local"):
        assert figure(out, f"{case}_frames") == 60
        assert figure(out, f"{case}_moves") >= 0
        for q in ("p50", "p99"):
            found = re.search(rf"{case}_frame_{q}_ms: ({NUMBER}) \[({NUMBER}), ({NUMBER})\]", out)
            assert found, out
            value, low, high = (float(x) for x in found.groups())
            assert 0 < low <= high and value > 0, out
        assert figure(out, f"{case}_frame_p50_ms") <= figure(out, f"{case}_frame_p99_ms")
    assert figure(out, "p99_difference_ms") == pytest.approx(
        figure(out, "hosted_frame_p99_ms") - figure(out, "local_frame_p99_ms"), abs=0.011)


def test_review():
    out = run("review.py", "--hands", "1", "--worlds", "6")
    assert re.search(r"^hand 1: \d+ decisions, \d+ differing, [\d.]+ s$", out, re.MULTILINE), out
    median, most, hands = re.search(rf"seconds_per_hand: median ({NUMBER}), max ({NUMBER}) \((\d+) hands\)",
                                    out).groups()
    assert 0 < float(median) <= float(most) and hands == "1"
    assert "stderr_points:" in out


def _refused(script: str, *args: str) -> str:
    """Run ``benchmarks/script``, which must refuse its input (exit 2, argparse's
    status, without a traceback); its standard error."""
    proc = _process(script, *args)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr[-4000:]
    return proc.stderr


def test_decision_lab_refuses_a_file_it_cannot_read(tmp_path):
    older = tmp_path / "older.json"  # what the lab saved before a decision kept its players and its pick
    older.write_text('[{"phase": "draw", "candidates": [], "kinds": [], "results": []}]', encoding="utf-8")
    assert "lacks played, players" in _refused("decision_lab.py", "--load", str(older))
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    assert "not JSON" in _refused("decision_lab.py", "--load", str(broken))
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert "nested too deeply" in _refused("decision_lab.py", "--load", str(deep))
    two, four = tmp_path / "two.json", tmp_path / "four.json"
    for path, players in ((two, 2), (four, 4)):
        path.write_text(f'[{{"phase": "draw", "players": {players}, "candidates": [], "kinds": [], '
                        f'"played": 0, "results": []}}]', encoding="utf-8")
    assert "different sizes" in _refused("decision_lab.py", "--load", str(two), str(four))


def _evaluation(value: float) -> dict:
    """One candidate's evaluation in one world, keyed as the lab saves it."""
    return {**{str(h): value for h in (4, 5, 6, 8, 10)}, "end": value}


def _decision(**changes) -> dict:
    decision = {"phase": "draw", "players": 2, "candidates": ["DrawStock(seat=0)"], "kinds": ["DrawStock"],
                "played": 0, "results": [[_evaluation(1.0)], [_evaluation(2.0)]]}
    return {**decision, **changes}


@pytest.mark.parametrize("changes, says", [
    ({"players": "2"}, "decision 2: Expected `int`, got `str` - at `$.players`"),
    ({"players": 9}, "decision 2: Expected `int` <= 4 - at `$.players`"),
    ({"results": [[{"end": "high"}]]}, "Expected `float`, got `str`"),
    ({"results": [[{"end": 1.0}]]}, "a world does not give each of its 1 candidates an evaluation after "
                                    "4, 5, 6, 8, 10 turns and at the end"),
    ({"results": [[_evaluation(1.0), _evaluation(2.0)]]}, "a world does not give each of its 1 candidates"),
    ({"played": 3}, "decision 2: 1 candidates, 1 kinds and the pick 3 do not match"),
    ({"kinds": []}, "decision 2: 1 candidates, 0 kinds"),
    ({"results": [[_evaluation(float("nan"))]]}, "NaN is not a number the lab writes"),
    ({"results": [[_evaluation(1e308)]]}, "Expected `float` <= 1000000.0"),
    ({"candidates": ["a", "b"], "kinds": ["DrawStock", "TakeDiscards"],
      "results": [[_evaluation(1.0), None], [_evaluation(1.0), _evaluation(2.0)]]},
     "decision 2: candidate 1 is refused in some worlds only"),
    ({"candidates": ["a", "b"], "kinds": ["DrawStock", "TakeDiscards"], "played": 1,
      "results": [[_evaluation(1.0), None], [_evaluation(1.0), None]]},
     "decision 2: candidate 1 is refused in some worlds only, or is Medium's or Hard's choice"),
])
def test_decision_lab_refuses_a_hand_edited_decision_with_the_reason(tmp_path, changes, says):
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps([_decision(), _decision(**changes)]), encoding="utf-8")
    assert says in _refused("decision_lab.py", "--load", str(edited))


def test_decision_lab_blames_the_worlds_when_a_saved_run_has_too_few(tmp_path):
    few = tmp_path / "few.json"  # two decisions of two worlds each: one world a half, two are needed
    few.write_text(json.dumps([_decision(), _decision()]), encoding="utf-8")
    lines = run("decision_lab.py", "--load", str(few)).splitlines()
    assert lines[0] == "2 searched decisions"
    assert lines[1].startswith("(Hard as shipped needs --worlds >= 64: no paired differences)")
    assert "Hard as played: too few worlds played (--worlds >= 4)" in lines


@pytest.mark.parametrize("args, says", [
    (("ai_strength.py", "easy", "random", "--games", "0"), "--games: 0 is less than 1"),
    (("ai_strength.py", "easy", "random", "--target", "0"), "--target: 0 is not from 1 to 1000000"),
    (("ai_strength.py", "old-nobody", "random", "--old", str(ROOT)), "old-nobody: unknown AI level 'nobody'"),
    (("ai_strength.py", "easy", "random", "--old", "/nonexistent-folder"), "--old /nonexistent-folder"),
    (("ai_strength.py", "easy", "random", "--seed", "-5"), "--seed: -5 is less than 0"),
    (("hand_screen.py", "easy", "random", "--hands", "0"), "--hands: 0 is less than 1"),
    (("hand_screen.py", "easy", "random", "--seed", "-5"), "--seed: -5 is less than 0"),
    (("hand_screen.py", "easy", "random", "--field", "nobody"), "unknown AI level 'nobody'"),
    (("hand_screen.py", "old-easy", "random"), "old-easy needs --old DIR"),
    (("hand_screen.py", "easy", "random", "--save", "/nonexistent-folder/s.json"), "no folder /nonexistent-folder"),
    (("engine.py", "--players", "1"), "--players: 1 is not from 2 to 8"),
    (("engine.py", "--seconds", "0"), "--seconds: must be above 0 seconds"),
    (("engine.py", "--jobs", "0"), "--jobs: 0 is less than 1"),
    (("engine.py", "--hands", "0"), "--hands: 0 is less than 1"),
    (("engine.py", "--seed", "-5"), "--seed: -5 is less than 0"),
    (("engine.py", "--rules", "/nonexistent-folder/rules.json"), "--rules: There is no file"),
    (("hard_worlds.py", "--players", "9"), "--players: 9 is not from 2 to 8"),
    (("hard_worlds.py", "--seconds", "nan"), "--seconds: must be above 0 seconds"),
    (("hard_worlds.py", "--worlds", "0"), "--worlds: 0 is less than 1"),
    (("hard_worlds.py", "--opponent", "hard"), "--opponent: invalid choice: 'hard'"),
    *[((script, "--seed", "-1"), "--seed: -1 is less than 0")  # a negative seed deals as its positive one
      for script in ("style_estimate.py", "hard_worlds.py", "decision_lab.py", "ai_oracle.py", "autosave.py",
                     "review.py", "frames.py", "network.py")],
    (("style_estimate.py", "--tables", "0"), "--tables: 0 is less than 1"),
    (("style_estimate.py", "--players", "2,"), "--players: an empty entry in '2,'"),
    (("style_estimate.py", "--after", "-1"), "--after: -1 is less than 1"),
    (("style_estimate.py", "--after", "2,1,2"), "--after: 2 is given more than once in '2,1,2'"),
    (("ai_oracle.py", "--players", "1"), "--players: 1 is not from 2 to 8"),
    (("ai_oracle.py", "--games", "0"), "--games: 0 is less than 1"),
    (("ai_oracle.py", "--time-cap", "nan"), "--time-cap: must be above 0 seconds"),
    (("ai_oracle.py", "--target", "0"), "--target: 0 is not from 1 to 1000000"),
    (("autosave.py", "--players", "9"), "--players: 9 is not from 2 to 8"),
    (("autosave.py", "--target", "0"), "--target: 0 is not from 1 to 1000000"),
    (("memory.py", "--games", "0"), "--games: 0 is less than 1"),
    (("network.py", "--games", "0"), "--games: 0 is less than 1"),
    (("network.py", "--frames", "0"), "--frames: 0 is less than 1"),
    (("network.py", "--window", "--size", "big"), "--size: 'big' is not a size like 1280x720"),
    (("frames.py", "--size", "10x10"), "--size: 10x10 is out of range (320x240 to 7680x4320)"),
    (("statistics_open.py", "--players", "1"), "--players: 1 is not from 2 to 8"),
    (("statistics_open.py", "--games", "0"), "--games: 0 is less than 1"),
    (("decision_lab.py", "--jobs", "0"), "--jobs: 0 is not from 1 to 64"),
    (("decision_lab.py", "--worlds", "2"), "--worlds: 2 is less than 4"),
    (("decision_lab.py", "--hands", "0"), "--hands: 0 is less than 1"),
    (("decision_lab.py", "--save", "/nonexistent-folder/lab.json"), "no folder /nonexistent-folder"),
], ids=lambda v: " ".join(v) if isinstance(v, tuple) else None)
def test_a_bad_value_is_refused_before_any_play(args, says):
    assert says in _refused(*args)


@pytest.mark.parametrize("text, says", [
    ('{"decks": 3}', 'The rule "decks" can\'t be 3'),
    ('[1]', "A rules file must hold one JSON object of rule keys"),
    ('{"decks": 1}', "8 players need 57 cards but these rules' pack has 54"),
], ids=("bad value", "not an object", "pack too small"))
def test_engine_refuses_a_rules_file_it_cannot_play_before_any_play(tmp_path, text, says):
    rules = tmp_path / "rules.json"
    rules.write_text(text, encoding="utf-8")
    said = _refused("engine.py", "--rules", str(rules), "--players", "8")
    assert f"--rules: {says}" in said, said


def test_engine_plays_by_a_rules_file_read_as_the_game_reads_it(tmp_path):
    rules = tmp_path / "rules.json"
    rules.write_bytes('\ufeff{"ace_wraps": true, "going_out": "float"}'.encode("utf-8"))  # a BOM, as Notepad writes
    out = run("engine.py", "--rules", str(rules), "--players", "3", "--hands", "3", "--replay")
    assert figure(out, "hands") == 3


@pytest.mark.parametrize("source, says", [
    ("def make_player(:\n", "its game.services.tournament does not import: SyntaxError"),
    ("import no_such_module_here\n", "does not import: ModuleNotFoundError"),
    ("MAKE = None\n", "its game.services.tournament has no make_player"),
], ids=("syntax error", "missing import", "no make_player"))
def test_ai_strength_refuses_a_broken_old_copy_in_one_line(tmp_path, source, says):
    services = tmp_path / "game" / "services"
    services.mkdir(parents=True)
    for folder in (tmp_path / "game", services):
        (folder / "__init__.py").write_text("", encoding="utf-8")
    (services / "tournament.py").write_text(source, encoding="utf-8")
    said = _refused("ai_strength.py", "old-easy", "random", "--games", "2", "--old", str(tmp_path))
    assert f"--old {tmp_path}: " in said and says in said, said


def test_ai_strength_reads_names_as_the_tournament_does():
    out = run("ai_strength.py", " Easy ", "RANDOM", "--games", "2", "--target", "100")
    assert "easy vs random: " in out, out
