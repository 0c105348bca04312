"""The engine never imports pygame (design: game/ is pure Python)."""

import subprocess
import sys
from pathlib import Path

import game

CODE = """
import importlib, pkgutil, sys
import game
names = [m.name for m in pkgutil.walk_packages(game.__path__, "game.")]
for name in names:
    importlib.import_module(name)
assert len(names) >= 8, names
print(len(names), "pygame" in sys.modules)
"""


def test_importing_every_game_module_leaves_pygame_out():
    proc = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120,
                          cwd=Path(game.__file__).parent.parent)
    assert proc.returncode == 0, proc.stderr
    count, has_pygame = proc.stdout.split()
    assert int(count) >= 8
    assert has_pygame == "False"


def test_replay_subcommand_does_not_import_pygame(tmp_path):
    code = ("import sys; from game.cli import main; "
            "main(['replay', sys.argv[1]]); print('pygame' in sys.modules, file=sys.stderr)")
    path = Path(__file__).parent / "scenarios" / "deep_take_melded.json"
    proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                          timeout=120)
    assert proc.stderr.strip() == "False"
