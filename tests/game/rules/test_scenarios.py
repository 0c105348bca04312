"""Every scenario file runs through the same code path as `rummy500 replay`.

Our own copies live in tests/scenarios/; the shared ones in ../shared/scenarios/
run too whenever that folder exists (a clone on its own has only ours).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.rules.record import expect_mismatches

HERE = Path(__file__).resolve().parents[2]
OWN = sorted((HERE / "scenarios").glob("*.json"))
SHARED_DIR = HERE.parent.parent / "shared" / "scenarios"
SHARED = sorted(SHARED_DIR.glob("*.json")) if SHARED_DIR.is_dir() else []


def _id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


def run_replay(path: Path, capsys) -> tuple[dict, int]:
    """`rummy500 replay FILE` in-process: its JSON output and exit status."""
    status = main(["replay", str(path)])
    out = capsys.readouterr().out
    return json.loads(out), status


def expected_status(expect: dict) -> int:
    if expect.get("ok", True):
        return 0
    return 2 if expect.get("error", {}).get("code") == "bad_record" else 1


@pytest.mark.parametrize("path", OWN + SHARED, ids=_id)
def test_scenario(path, capsys):
    scenario = json.loads(path.read_text(encoding="utf-8"))
    expect = scenario["expect"]
    output, status = run_replay(path, capsys)
    assert expect_mismatches(expect, output) == []
    assert status == expected_status(expect)


def test_own_scenarios_cover_the_shared_ones():
    """Our copies keep every shared scenario, so a lone clone tests them too."""
    own = {p.name for p in OWN}
    assert {p.name for p in SHARED} <= own


def test_replay_command_runs_as_a_process(tmp_path):
    """The installed entry point: exit status and JSON on standard output."""
    path = HERE / "scenarios" / "single_take_no_straight_return.json"
    proc = subprocess.run([sys.executable, "-m", "game", "replay", str(path)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"]["code"] == "discard_just_taken"
    assert out["error"]["rule"] == "R10"
    proc = subprocess.run([sys.executable, "-m", "game", "replay", "-"], input=b"\xff\xfe{",
                          capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "bad_record"
    assert proc.stderr == b""
