"""The standalone builds and the installed game: the PyInstaller spec, the
frozen entry point, the icons, the Linux desktop file, the version, and a
wheel installed into a fresh virtual environment that plays a demo from
another folder (issue 10)."""

from __future__ import annotations

import ast
import configparser
import importlib.metadata
import json
import os
import shutil
import struct
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

import game
from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_specs" / "rummy500.spec"
ICONS = ROOT / "assets" / "icons"
DEMO = ["--demo", "--players", "2", "--seed", "5", "--speed", "instant", "--quit-after-game"]


def _modules(package: str) -> set[str]:
    """Every module under the checkout's ``package`` folder, by walking it."""
    out = set()
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "__pycache__" not in parts:
            out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def _asset_files() -> set[str]:
    return {str(p.relative_to(ROOT / "assets").as_posix()) for p in (ROOT / "assets").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


# ------------------------------------------------------------------ version
def test_version_prints_the_one_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"rummy500 {game.__version__}"
    assert importlib.metadata.version("rummy500") == game.__version__
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and 'attr = "game.__version__"' in pyproject
    assert "\nversion =" not in pyproject.split("[tool.setuptools.dynamic]")[0]


# ------------------------------------------------------------- entry points
def _main_guard_body(path: Path) -> list[ast.stmt]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
                and getattr(node.test.left, "id", "") == "__name__"):
            return node.body
    raise AssertionError(f"{path} has no __main__ guard")


@pytest.mark.parametrize("path", ["build_specs/rummy500_main.py", "game/__main__.py", "game/cli.py"])
def test_freeze_support_is_the_first_thing_under_the_main_guard(path):
    first = _main_guard_body(ROOT / path)[0]
    assert isinstance(first, ast.Expr) and isinstance(first.value, ast.Call)
    assert ast.unparse(first.value) == "multiprocessing.freeze_support()"


# --------------------------------------------------------------------- spec
class _Recorder:
    """Stands in for PyInstaller's spec globals and records what they get."""

    def __init__(self, dist: Path):
        self.calls: dict[str, tuple] = {}
        self.dist = dist

    def _make(self, name):
        def build(*args, **kwargs):
            self.calls[name] = (args, kwargs)
            if name == "COLLECT":
                (self.dist / kwargs["name"]).mkdir(parents=True, exist_ok=True)
            return type(name, (), {"binaries": ["bin"], "datas": ["data"], "scripts": ["script"],
                                   "pure": ["pure"]})()
        return build

    def globals(self) -> dict:
        names = ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")
        g = {n: self._make(n) for n in names}
        g.update(SPECPATH=str(SPEC.parent), DISTPATH=str(self.dist), __file__=str(SPEC))
        return g


def _run_spec(tmp_path, monkeypatch, platform: str, onefile: bool = False) -> dict:
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", ["pyinstaller"])
    monkeypatch.setenv("RUMMY500_ONEFILE", "1" if onefile else "0")
    monkeypatch.setenv("RUMMY500_COMPILE", "0")  # compiling is tested below, with a stand-in
    rec = _Recorder(tmp_path / platform / "dist")
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), rec.globals())
    return rec.calls


def test_spec_bundles_every_module_and_all_assets(tmp_path, monkeypatch):
    calls = _run_spec(tmp_path, monkeypatch, "linux")
    (script,), kwargs = calls["Analysis"]
    assert Path(script[0]) == ROOT / "build_specs" / "rummy500_main.py"
    hidden = set(kwargs["hiddenimports"])
    assert _modules("game") | _modules("scenes") <= hidden
    assert {"game.play.ai_worker", "scenes.table.scene", "scenes.core.startup"} <= hidden
    assert kwargs["datas"] == [(str(ROOT / "assets"), "assets")]
    assert "tkinter" in kwargs["excludes"] and "numpy" in kwargs["excludes"]


def test_spec_linux_one_folder_holds_the_desktop_file_and_icon(tmp_path, monkeypatch):
    calls = _run_spec(tmp_path, monkeypatch, "linux")
    assert "COLLECT" in calls and "BUNDLE" not in calls
    assert calls["EXE"][1]["exclude_binaries"] is True and calls["EXE"][1]["name"] == "rummy500"
    folder = tmp_path / "linux" / "dist" / "rummy500"
    assert (folder / "rummy500.desktop").read_bytes() == (ROOT / "packaging/linux/rummy500.desktop").read_bytes()
    assert (folder / "rummy500.png").read_bytes() == (ICONS / "rummy500-256.png").read_bytes()


def test_spec_windows_has_no_console_and_the_ico(tmp_path, monkeypatch):
    exe = _run_spec(tmp_path, monkeypatch, "win32")["EXE"][1]
    assert exe["console"] is False and exe["upx"] is False
    assert exe["icon"] == str(ICONS / "rummy500.ico")


def test_spec_one_file_on_request(tmp_path, monkeypatch):
    calls = _run_spec(tmp_path, monkeypatch, "win32", onefile=True)
    args, kwargs = calls["EXE"]
    assert "COLLECT" not in calls and "exclude_binaries" not in kwargs
    assert ["bin"] in args and ["data"] in args  # binaries and data inside the one executable
    monkeypatch.setenv("RUMMY500_ONEFILE", "0")
    monkeypatch.setattr(sys, "argv", ["pyinstaller", "--onefile"])  # `pyinstaller spec -- --onefile`
    rec = _Recorder(tmp_path / "argv")
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), rec.globals())
    assert "COLLECT" not in rec.calls
    monkeypatch.setattr(sys, "argv", ["pyinstaller"])
    mac = _run_spec(tmp_path, monkeypatch, "darwin", onefile=True)
    assert "BUNDLE" not in mac and "COLLECT" not in mac  # a plain one-file executable


def test_spec_macos_app_is_high_resolution_without_console(tmp_path, monkeypatch):
    calls = _run_spec(tmp_path, monkeypatch, "darwin")
    assert calls["EXE"][1]["console"] is False
    bundle = calls["BUNDLE"][1]
    assert bundle["name"] == "Rummy 500.app" and bundle["icon"] == str(ICONS / "rummy500.icns")
    assert bundle["info_plist"]["NSHighResolutionCapable"] is True
    assert bundle["version"] == game.__version__


def _spec_with_speedups(tmp_path, monkeypatch, stage) -> tuple[dict, str]:
    """Run the spec with compiling on and build_specs/speedups.py's ``stage``
    replaced by ``stage``; returns (the calls, what the spec printed)."""
    import io
    import types

    fake = types.ModuleType("speedups")
    fake.COMPILED = ("game.rules.hand",)
    fake.CompileError = type("CompileError", (Exception,), {})
    fake.stage = lambda dest, root, jobs: stage(fake, dest, root)
    fake.imports_of = lambda root, module: {"heapq", "game.rules.cards"}
    monkeypatch.setitem(sys.modules, "speedups", fake)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(sys, "argv", ["pyinstaller"])
    monkeypatch.setenv("RUMMY500_ONEFILE", "0")
    monkeypatch.setenv("RUMMY500_COMPILE", "1")
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    rec = _Recorder(tmp_path / "dist")
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), rec.globals())
    return rec.calls, out.getvalue()


def test_spec_takes_game_from_the_compiled_copy_and_bundles_what_it_imports(tmp_path, monkeypatch):
    staged = []
    calls, said = _spec_with_speedups(tmp_path, monkeypatch, lambda fake, dest, root: staged.append((dest, root)))
    assert staged == [(ROOT / "build" / "speedups", ROOT)]
    kwargs = calls["Analysis"][1]
    assert kwargs["pathex"] == [str(ROOT / "build" / "speedups"), str(ROOT)]  # the compiled game/ first
    assert "heapq" in kwargs["hiddenimports"]  # a compiled module's imports, which PyInstaller cannot read
    assert _modules("game") | _modules("scenes") <= set(kwargs["hiddenimports"])
    assert "1 modules compiled" in said


def test_spec_falls_back_to_the_plain_modules_when_it_cannot_compile(tmp_path, monkeypatch):
    def no_compiler(fake, dest, root):
        raise fake.CompileError("the C build failed: no compiler")

    calls, said = _spec_with_speedups(tmp_path, monkeypatch, no_compiler)
    kwargs = calls["Analysis"][1]
    assert kwargs["pathex"] == [str(ROOT)] and "heapq" not in kwargs["hiddenimports"]
    assert "building from the plain Python modules: the C build failed: no compiler" in said
    assert "COLLECT" in calls  # the build goes on


def _build_script(name: str, as_name: str):
    """build_specs/NAME.py, loaded as a module named ``as_name``."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(as_name, ROOT / "build_specs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _speedups():
    """build_specs/speedups.py as a module."""
    return _build_script("speedups", "speedups_under_test")


def test_speedups_compile_a_module_that_plays_as_the_plain_one(tmp_path):
    """A real compile (Cython and a C compiler, as the build extra and CI
    have): the copy's module is the extension, its source is gone from the
    copy, the checkout is untouched, and seeded random hands give the same
    actions and scores with it as with the plain modules."""
    speedups = _speedups()
    before = sorted(p.name for p in (ROOT / "game" / "rules").iterdir())
    made = speedups.stage(tmp_path, ROOT, modules=("game.rules.phase",), jobs=1)
    assert [p.parent for p in made] == [tmp_path / "game" / "rules"]
    assert made[0].name.startswith("phase.") and made[0].suffix in (".so", ".pyd")
    assert not (tmp_path / "game" / "rules" / "phase.py").exists()
    assert not (tmp_path / "build_c").exists()
    assert sorted(p.name for p in (ROOT / "game" / "rules").iterdir()) == before
    play = ("import sys, random, json, game.rules.phase as p; from game.rules.game import Game; "
            "from game.rules.random_play import play_random_hand; out = [p.__file__]\n"
            "for seed in range(6):\n"
            "    g = Game.new(['A', 'B', 'C'], seed=seed); play_random_hand(g, random.Random(seed))\n"
            "    out.append([repr(a) for a in g.hand.actions] + [g.totals])\n"
            "print(json.dumps(out))")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    compiled = json.loads(subprocess.run([sys.executable, "-c", play], cwd=tmp_path, env=env, check=True,
                                         capture_output=True, text=True).stdout)
    plain = json.loads(subprocess.run([sys.executable, "-c", play], cwd=ROOT, env=env, check=True,
                                      capture_output=True, text=True).stdout)
    assert Path(compiled[0]) == made[0] and Path(plain[0]) == ROOT / "game" / "rules" / "phase.py"
    assert compiled[1:] == plain[1:] and len(plain[1]) > 20


def test_speedups_refuse_a_module_outside_game_and_leave_no_copy(tmp_path):
    speedups = _speedups()
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "old.py").write_text("", encoding="utf-8")  # an older copy: replaced, then removed
    with pytest.raises(speedups.CompileError, match="scenes.core.stack is not a module of game/"):
        speedups.stage(tmp_path, ROOT, modules=("scenes.core.stack",))
    assert not (tmp_path / "game").exists()
    with pytest.raises(speedups.CompileError, match="game.rules.nothing is not a module of game/"):
        speedups.stage(tmp_path, ROOT, modules=("game.rules.nothing",))
    assert not (tmp_path / "game").exists()


def test_speedups_refuse_to_copy_over_the_checkouts_own_game(tmp_path):
    speedups = _speedups()
    checkout = tmp_path / "checkout"
    (checkout / "game" / "rules").mkdir(parents=True)
    (checkout / "game" / "rules" / "phase.py").write_text("X = 1\n", encoding="utf-8")
    for dest in (checkout, checkout / "game", checkout / "game" / "rules"):
        with pytest.raises(speedups.CompileError, match="over the checkout's own game/"):
            speedups.stage(dest, checkout, modules=("game.rules.phase",))
    assert (checkout / "game" / "rules" / "phase.py").read_text(encoding="utf-8") == "X = 1\n"


def test_speedups_leave_the_annotations_alone(tmp_path):
    """Cython's default reads annotations as types (an ``int`` parameter
    would cut 2.5 to 2, a ``list`` one refuse a tuple, a ``float`` local
    turn 0 into 0.0): a compiled module takes and gives what the plain one does."""
    speedups = _speedups()
    root = tmp_path / "checkout"
    (root / "game" / "rules").mkdir(parents=True)
    (root / "game" / "__init__.py").write_text("", encoding="utf-8")
    (root / "game" / "rules" / "__init__.py").write_text("", encoding="utf-8")
    (root / "game" / "rules" / "probe.py").write_text(
        "def f(x: int, xs: list, y: float = 1):\n    z: float = 0\n    return x, xs, y, z\n", encoding="utf-8")
    made = speedups.stage(tmp_path / "copy", root, modules=("game.rules.probe",), jobs=1)
    probe = ("import game.rules.probe as p; print(p.__file__); "
             "print(repr(p.f(2.5, (1,), 2)), repr(p.f(True, 'ab')))")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPATH", None)
    where, said = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path / "copy", env=env, check=True,
                                 capture_output=True, text=True).stdout.splitlines()
    assert Path(where) == made[0]
    assert said == "(2.5, (1,), 2, 0) (True, 'ab', 1, 0)"


def test_speedups_without_cython_say_so_and_exit_1(tmp_path, monkeypatch, capsys):
    speedups = _speedups()
    (tmp_path / "copy" / "game").mkdir(parents=True)
    (tmp_path / "copy" / "game" / "kept.py").write_text("", encoding="utf-8")
    monkeypatch.setitem(sys.modules, "Cython.Build", None)  # as if Cython were not installed
    assert speedups.main([str(tmp_path / "copy")]) == 1
    assert "Cython is not installed" in capsys.readouterr().err
    assert os.listdir(tmp_path / "copy" / "game") == ["kept.py"]  # refused before touching anything


def test_speedups_list_only_modules_of_game_and_their_imports_are_read_from_the_source():
    speedups = _speedups()
    assert set(speedups.COMPILED) <= _modules("game")
    assert {"game.rules.hand", "game.ai.hard", "game.ai.playout"} <= set(speedups.COMPILED)
    hard = speedups.imports_of(ROOT, "game.ai.hard")
    assert {"time", "game.rules.hand", "game.ai.medium"} <= hard and "__future__" not in hard


# -------------------------------------------------------------------- icons
def test_icons_are_real_ico_icns_and_png():
    import pygame

    ico = (ICONS / "rummy500.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind) == (0, 1) and count >= 5
    widths = {ico[6 + 16 * i] or 256 for i in range(count)}
    assert {16, 32, 48, 256} <= widths
    icns = (ICONS / "rummy500.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    png = pygame.image.load(str(ICONS / "rummy500-256.png"))
    assert png.get_size() == (256, 256)
    assert png.get_at((128, 128)).a == 255 and png.get_at((0, 0)).a == 0  # a picture, rounded corners


def test_linux_desktop_file_and_its_install_commands():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(ROOT / "packaging" / "linux" / "rummy500.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "Rummy 500" and d["Icon"] == "rummy500"
    assert d["Exec"].split()[0] == "rummy500" and d["Terminal"] == "false"
    assert "Game" in d["Categories"].split(";") and "CardGame" in d["Categories"].split(";")
    readme = (ROOT / "build_specs" / "README.md").read_text(encoding="utf-8")
    assert "~/.local/share/applications/rummy500.desktop" in readme
    assert "~/.local/share/icons/hicolor/256x256/apps/rummy500.png" in readme


# ------------------------------------------------------------------- wheel
def _fresh_venv_with_wheel(tmp_path: Path) -> tuple[Path, Path]:
    """Build the wheel from a copy of the sources and install it (without
    dependencies) into a fresh venv that sees this venv's packages only
    through a .pth file (so pygame-ce need not be downloaded again)."""
    src = tmp_path / "src"
    for name in ("game", "scenes", "assets"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(wheels), str(src)], check=True, cwd=tmp_path)
    (wheel,) = wheels.glob("rummy500-*.whl")
    venv = tmp_path / "fresh venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    bindir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "--no-deps", str(wheel)], check=True, cwd=tmp_path)
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "_this_venv_deps.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return wheel, bindir


def test_wheel_ships_everything_and_plays_a_demo_from_another_folder(tmp_path):
    wheel, bindir = _fresh_venv_with_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for module in _modules("game") | _modules("scenes"):
        parts = module.split(".")
        assert f"{'/'.join(parts)}.py" in names or f"{'/'.join(parts)}/__init__.py" in names, module
    assert {f"rummy500_assets/{f}" for f in _asset_files()} <= names
    elsewhere = tmp_path / "somewhere else"
    elsewhere.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONPATH", None)
    where = subprocess.run(
        [str(bindir / "python"), "-c", "import game, scenes.core.theme as t; "
         "print(game.__file__); print(t.asset_root()); print(t.font_path().is_file())"],
        cwd=elsewhere, env=env, check=True, capture_output=True, text=True).stdout.splitlines()
    venv = tmp_path / "fresh venv"
    assert Path(where[0]).is_relative_to(venv) and Path(where[1]).is_relative_to(venv)
    assert Path(where[1]).name == "rummy500_assets" and where[2] == "True"
    done = subprocess.run([str(bindir / "rummy500"), *DEMO, "--config-dir", str(tmp_path / "cfg")],
                          cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    log = (tmp_path / "cfg" / "logs" / "rummy500.log").read_text(encoding="utf-8")
    assert "first frame drawn" in log and "missing" not in log  # the fonts, cards and icon were found
    assert list(elsewhere.iterdir()) == []


# ------------------------------------------------------- a folder whose name is not UTF-8 (issue 21, item 20)

def _check_frozen():
    """build_specs/check_frozen.py as a module (it needs psutil, the build extra)."""
    pytest.importorskip("psutil")
    return _build_script("check_frozen", "check_frozen")


FAKE_APP = """#!/bin/sh
# stands in for the frozen app: PyInstaller's bootloader refuses a real path that is not UTF-8
case "$(readlink -f "$0")" in
  *"$(printf '\\377')"*) {bad} ;;
esac
echo "startup_seconds: 0.2"
"""


@pytest.mark.skipif(os.name != "posix" or sys.platform == "darwin", reason="file names there are Unicode")
@pytest.mark.parametrize("bad, outcome", [
    ("echo '[PYI-7:ERROR] Failed to unmarshal code object for pyiboot01_bootstrap' >&2; exit 255", "exit 255"),
    ("echo 'startup_seconds: 0.3'; exit 0", "starts"),
    ("echo 'Traceback (most recent call last): boom' >&2; exit 1", None),
])
def test_check_frozen_records_a_start_from_a_folder_whose_name_is_not_utf8(tmp_path, bad, outcome):
    check = _check_frozen()
    folder = tmp_path / "dist" / "rummy500"
    folder.mkdir(parents=True)
    exe = folder / "rummy500"
    exe.write_text(FAKE_APP.replace("{bad}", bad), encoding="utf-8")
    exe.chmod(0o755)
    if outcome is None:
        with pytest.raises(check.CheckFailed, match="exited 1: Traceback"):
            check.non_utf8_start(folder)
    else:
        assert check.non_utf8_start(folder).startswith(outcome)
    assert os.listdir(folder.parent) == ["rummy500"]  # the copy is gone
    assert subprocess.run([str(exe)], capture_output=True, text=True).stdout.strip() == "startup_seconds: 0.2"


# ------------------------------------------------------- the compiled build plays as the plain modules do

@pytest.mark.skipif(os.name != "posix", reason="the stand-in app is a shell script")
def test_check_frozen_finds_a_frozen_app_that_replays_differently(tmp_path, monkeypatch):
    check = _check_frozen()
    exe = tmp_path / "rummy500"
    exe.write_text('#!/bin/sh\necho \'{"ok": true}\'\n', encoding="utf-8")  # the same answer to every record
    exe.chmod(0o755)
    with pytest.raises(check.CheckFailed, match="replays .*json differently"):
        check.same_play(exe)
    monkeypatch.setattr(sys, "platform", "win32")  # a windowed build prints nothing: nothing to compare
    assert check.same_play(exe).startswith("skipped: the Windows build has no console")


def test_check_frozen_counts_the_compiled_modules_of_a_build(tmp_path):
    check = _check_frozen()
    rules = tmp_path / "rummy500" / "_internal" / "game" / "rules"
    rules.mkdir(parents=True)
    (rules / "hand.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (rules / "melds.pyd").write_bytes(b"")
    (rules / "cards.py").write_text("", encoding="utf-8")  # plain: not counted
    (tmp_path / "rummy500" / "_internal" / "other" / "rules").mkdir(parents=True)
    (tmp_path / "rummy500" / "_internal" / "other" / "rules" / "phase.so").write_bytes(b"")  # not game's
    assert check.compiled_in(tmp_path / "rummy500") == ["game.rules.melds", "game.rules.hand"]


@pytest.mark.parametrize("missing, env, expected", [
    (None, "1", True), ("Cython.Build", "1", False), ("setuptools", "1", False), (None, "0", False)])
def test_check_frozen_expects_a_compiled_build_only_when_the_spec_could_compile(monkeypatch, missing, env,
                                                                                 expected):
    check = _check_frozen()
    monkeypatch.setenv("RUMMY500_COMPILE", env)
    if missing:
        monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed: the spec falls back
    assert check.could_compile() is expected


FAKE_PLAIN_APP = """#!{python}
# stands in for the frozen app: the plain modules, with the tournament's wins moved by {bump}
import contextlib, io, json, sys
sys.path.insert(0, {root!r})
from game.cli import main
if sys.argv[1] != "tournament":
    sys.exit(main(sys.argv[1:]))
out = io.StringIO()
with contextlib.redirect_stdout(out):
    status = main(sys.argv[1:])
data = json.loads(out.getvalue())
data["players"][0]["won"] += {bump}
print(json.dumps(data))
sys.exit(status)
"""


@pytest.mark.skipif(os.name != "posix", reason="the stand-in app is a script run by its #! line")
@pytest.mark.parametrize("bump", [0, 1])
def test_check_frozen_compares_the_tournament_of_the_frozen_app(tmp_path, monkeypatch, bump):
    check = _check_frozen()
    monkeypatch.setattr(check, "TOURNAMENT", ["tournament", "--players", "2", "--ai", "medium,easy", "--hands", "2",
                                              "--seed", "3", "--json"])  # small: the check's own is Hard's
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    for f in sorted((ROOT / "tests" / "scenarios").glob("*.json"))[:3]:
        shutil.copy(f, scenarios / f.name)
    monkeypatch.setattr(check, "SCENARIOS", scenarios)
    exe = tmp_path / "rummy500"
    exe.write_text(FAKE_PLAIN_APP.format(python=sys.executable, root=str(ROOT), bump=bump), encoding="utf-8")
    exe.chmod(0o755)
    if bump:
        with pytest.raises(check.CheckFailed, match="tournament differs"):
            check.same_play(exe)
    else:
        assert check.same_play(exe).startswith("3 scenarios replayed and a tournament")
