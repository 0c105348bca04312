"""The standalone builds and the installed game: the PyInstaller spec, the
frozen entry point, the icons, the Linux desktop file, the version, and a
wheel installed into a fresh virtual environment that plays a demo from
another folder (issue 10)."""

from __future__ import annotations

import ast
import configparser
import importlib.metadata
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
    import importlib.util

    spec = importlib.util.spec_from_file_location("check_frozen", ROOT / "build_specs" / "check_frozen.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
