"""Build the standalone game with build_specs/rummy500.spec and check that it plays.

    python build_specs/check_frozen.py [--skip-build] [--dist DIR] [--budgets fail|warn]

Needs the project's ``build`` extra (PyInstaller and psutil) in the Python
that runs it. Steps, each failing the script (exit status 1) with a message:

1. Build the one-folder app (``--dist DIR``, default
   ``build/frozen/Spiele für Zoë/dist``: a folder with spaces and non-ASCII
   letters) unless ``--skip-build``; the build failing fails the check.
2. Run the frozen demo from the file system's root, with a config folder
   that also has spaces and non-ASCII letters and the dummy SDL drivers:
   ``--demo --players 3 --seed 5 --speed instant --quit-after-game``. It must
   exit 0 within 120 s, start AI worker processes (seen while it plays; the
   log must not say a worker failed), leave no process of the build behind
   after it quits, and write nothing into the build's folder.
3. Time the start-up: ``--time-startup`` five times (``--runs``), the median
   of the app's own figure (process start to the first drawn frame).
4. The compiled modules (build_specs/speedups.py, which the spec compiles
   when Cython and a C compiler are there): counts them in the build
   (``compiled_modules: N of M``), then checks that the frozen app plays as
   the plain modules do: ``rummy500 replay`` of every scenario file of
   ``tests/scenarios/`` prints what this Python's plain engine prints, and a
   short seeded Hard-against-Medium tournament (clockless, so
   reproducible, two processes) gives the same results (not on Windows,
   whose build has no console to print them). A build with fewer compiled
   modules than listed fails the check (even under ``--budgets warn``: it
   is no budget) when this Python could have compiled them (Cython
   importable and ``RUMMY500_COMPILE`` not ``0``).
5. Where file names are bytes (Linux, the BSDs), start the app from a copy
   of its folder whose name holds a byte that is not UTF-8 (``--time-startup``)
   and record what happens (``non_utf8_folder: ...``). PyInstaller's
   bootloader stops there with exit status 255 before Python runs any of the
   game (:data:`NON_UTF8_KNOWN`: it decodes the script's ``__file__`` path as
   strict UTF-8), as the README's download section says; that outcome, and a
   start that works, pass; any other fails the check.

Prints ``build_seconds``, ``dist_megabytes`` and ``startup_seconds`` (one
``name: value`` line each). Over a budget (80 MB, 1.5 s) fails the check with
``--budgets fail`` (the default) and only warns with ``--budgets warn``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build_specs" / "rummy500.spec"
DEFAULT_DIST = ROOT / "build" / "frozen" / "Spiele für Zoë" / "dist"
DEMO = ["--demo", "--players", "3", "--seed", "5", "--speed", "instant", "--quit-after-game"]
DEMO_TIMEOUT = 120.0   # seconds
SIZE_BUDGET_MB = 80.0
STARTUP_BUDGET_S = 1.5
LEFTOVER_GRACE_S = 3.0  # workers notice their parent's exit within moments
STARTUP_LINE = re.compile(r"startup_seconds: ([0-9.]+)")
LOG_LINE = re.compile(r"first frame drawn ([0-9.]+) s")


NON_UTF8_KNOWN = "Failed to unmarshal code object for pyiboot01_bootstrap"
"""What PyInstaller's (6.x) bootloader prints when the app's folder name is
not UTF-8: it builds ``__main__.__file__`` with ``PyUnicode_FromString``
(strict UTF-8) from the folder's bytes, and the next step fails on the
exception left set. The game's own code never runs, so only a bootloader
that decodes the path as the file system does could change it."""


class CheckFailed(Exception):
    """One of the checks failed; the message says which and why."""


def build(dist: Path) -> float:
    """Run PyInstaller on the spec into ``dist``; returns the seconds it took."""
    work = ROOT / "build" / "pyinstaller"
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
                           "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work),
                           str(SPEC)], cwd=ROOT)
    if done.returncode != 0:
        raise CheckFailed(f"the build failed (PyInstaller exit status {done.returncode})")
    return time.perf_counter() - t0


def app_paths(dist: Path) -> tuple[Path, Path]:
    """The executable to run and the folder that is shipped (macOS: the .app)."""
    if sys.platform == "darwin":
        bundle = dist / "Rummy 500.app"
        return bundle / "Contents" / "MacOS" / "rummy500", bundle
    folder = dist / "rummy500"
    return folder / ("rummy500.exe" if sys.platform == "win32" else "rummy500"), folder


def folder_files(folder: Path) -> dict[str, int]:
    """Every file under ``folder`` (relative path -> size in bytes; a
    symbolic link counts 0, its target is counted where it lies)."""
    return {str(p.relative_to(folder)): 0 if p.is_symlink() else p.stat().st_size
            for p in folder.rglob("*") if p.is_symlink() or p.is_file()}


def build_processes(folder: Path, exclude: int | None = None) -> list[psutil.Process]:
    """Running processes (not zombies) whose executable lies inside ``folder``."""
    inside = []
    root = os.path.normcase(str(folder.resolve()))
    for proc in psutil.process_iter(["pid", "exe", "status"]):
        exe = proc.info.get("exe")
        if (proc.info["pid"] != exclude and exe and proc.info.get("status") != psutil.STATUS_ZOMBIE
                and os.path.normcase(exe).startswith(root + os.sep)):
            inside.append(proc)
    return inside


def kill(procs: list[psutil.Process]) -> None:
    """Kill ``procs`` and wait (a few seconds at most) until they are gone."""
    for p in procs:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(procs, timeout=5)


def frozen_env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("PYTHONPATH", None)  # the frozen app must stand on its own
    return env


def run_demo(exe: Path, folder: Path, config: Path) -> int:
    """Play the demo from the root folder; returns how many worker processes
    were seen. Raises CheckFailed on a failure."""
    cwd = Path(os.path.abspath(os.sep))
    before = folder_files(folder)
    t0 = time.monotonic()
    proc = subprocess.Popen([str(exe), *DEMO, "--config-dir", str(config)], cwd=cwd, env=frozen_env())
    workers: set[int] = set()
    while proc.poll() is None:
        if time.monotonic() - t0 > DEMO_TIMEOUT:
            kill(build_processes(folder))
            proc.wait()
            raise CheckFailed(f"the frozen demo ran past {DEMO_TIMEOUT:.0f} s and was killed")
        workers.update(p.pid for p in build_processes(folder, exclude=proc.pid))
        time.sleep(0.02)
    seconds = time.monotonic() - t0
    if proc.returncode != 0:
        raise CheckFailed(f"the frozen demo exited with status {proc.returncode}")
    deadline = time.monotonic() + LEFTOVER_GRACE_S
    while (left := build_processes(folder)) and time.monotonic() < deadline:
        time.sleep(0.1)
    if left:
        names = ", ".join(f"{p.pid} {p.info.get('exe')}" for p in left)
        kill(left)
        raise CheckFailed(f"the frozen demo left processes behind: {names}")
    log = (config / "logs" / "rummy500.log").read_text(encoding="utf-8", errors="replace")
    if "worker could not start" in log or "Traceback" in log:
        raise CheckFailed(f"the frozen demo logged a failure: see {config / 'logs' / 'rummy500.log'}")
    written = sorted(set(folder_files(folder).items()) - set(before.items()))
    if written:
        raise CheckFailed(f"the frozen demo wrote into its own folder: {written[:5]}")
    if not workers:
        raise CheckFailed("no AI worker process was seen during the frozen demo")
    print(f"demo: exit 0 in {seconds:.1f} s from {cwd}; {len(workers)} more processes of the build "
          f"(AI workers, multiprocessing's helper) while it played, none left after")
    return len(workers)


def time_startup(exe: Path, config: Path, runs: int) -> float:
    """The median of ``runs`` start-ups to the first frame, in seconds."""
    figures, walls = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run([str(exe), "--time-startup", "--config-dir", str(config)], cwd=os.sep,
                              env=frozen_env(), capture_output=True, text=True, timeout=60)
        walls.append(time.perf_counter() - t0)
        if done.returncode != 0:
            raise CheckFailed(f"--time-startup exited with status {done.returncode}: {done.stderr.strip()}")
        found = STARTUP_LINE.search(done.stdout)
        if not found:  # a windowed build (Windows) has no stdout: the log has the figure
            log = (config / "logs" / "rummy500.log").read_text(encoding="utf-8", errors="replace")
            matches = LOG_LINE.findall(log)
            if not matches:
                raise CheckFailed("--time-startup printed no startup_seconds and logged none")
            figures.append(float(matches[-1]))
        else:
            figures.append(float(found.group(1)))
    print(f"startup runs (s, process start to first frame): {' '.join(f'{x:.3f}' for x in figures)}; "
          f"whole --time-startup process, wall (s): {' '.join(f'{x:.2f}' for x in walls)}")
    return statistics.median(figures)


SCENARIOS = ROOT / "tests" / "scenarios"
TOURNAMENT = ["tournament", "--players", "2", "--ai", "hard,medium", "--hands", "4", "--seed", "11", "--jobs", "2",
              "--json"]
SAME_PLAY_TIMEOUT = 300.0  # seconds for the frozen tournament


def compiled_in(folder: Path) -> list[str]:
    """The modules of build_specs/speedups.py's list that the build in
    ``folder`` holds compiled: an extension file (``.so``, ``.pyd``) of that
    name in a folder ``game/...`` of the package's path."""
    found = []
    for module in _speedups_list():
        *package, name = module.split(".")
        if any(p.suffix in (".so", ".pyd") and p.parent.parts[-len(package):] == tuple(package)
               for p in folder.rglob(name + ".*")):
            found.append(module)
    return found


def _speedups_list() -> tuple[str, ...]:
    """build_specs/speedups.py's ``COMPILED``."""
    sys.path.insert(0, str(ROOT / "build_specs"))
    try:
        import speedups
    finally:
        sys.path.remove(str(ROOT / "build_specs"))
    return speedups.COMPILED


def could_compile() -> bool:
    """True when this Python can import what ``speedups.stage`` compiles with
    (Cython's ``Cython.Build`` and setuptools) and ``RUMMY500_COMPILE`` is not
    ``0``: the spec then compiles, unless the C build fails. Without either
    the spec falls back to the plain modules, which is then no failure."""
    try:
        from Cython.Build import cythonize  # noqa: F401
        from setuptools import Distribution, Extension  # noqa: F401
    except ImportError:
        return False
    return os.environ.get("RUMMY500_COMPILE", "1") != "0"


def _plain(argv: list[str]) -> tuple[int, str]:
    """Run ``rummy500 ARGV`` in this Python (the plain modules); returns (status, what it printed)."""
    from game.cli import main as plain_main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = plain_main(argv)
    return status, out.getvalue()


def _results(printed: str) -> dict:
    """A tournament's ``--json`` results without its decision times (they differ from run to run)."""
    data = json.loads(printed)
    data["players"] = [{k: v for k, v in row.items() if k != "decision_ms"} for row in data["players"]]
    return data


def _frozen_run(exe: Path, argv: list[str], seconds: float) -> subprocess.CompletedProcess:
    """Run the frozen app with ``argv`` from the root folder; CheckFailed when it runs past ``seconds``."""
    try:
        return subprocess.run([str(exe), *argv], cwd=os.sep, env=frozen_env(), capture_output=True, text=True,
                              timeout=seconds)
    except subprocess.TimeoutExpired:
        raise CheckFailed(f"the frozen app's {argv[0]} ran past {seconds:.0f} s") from None


def same_play(exe: Path) -> str:
    """Check that the frozen app gives what the plain modules give: every
    scenario replayed, and a short seeded tournament. Returns a summary line;
    raises CheckFailed at the first difference. Skipped on Windows, whose
    build has no console: it prints nothing to compare."""
    if sys.platform == "win32":
        return "skipped: the Windows build has no console, so it prints nothing to compare"
    files = sorted(SCENARIOS.glob("*.json"))
    if not files:
        raise CheckFailed(f"no scenario files in {SCENARIOS}")
    for f in files:
        status, want = _plain(["replay", str(f)])
        done = _frozen_run(exe, ["replay", str(f)], 60.0)
        if (done.returncode, done.stdout) != (status, want):
            raise CheckFailed(f"the frozen app replays {f.name} differently (exit {done.returncode}, "
                              f"plain {status}): {done.stdout[:300]!r} against {want[:300]!r}")
    status, want = _plain(TOURNAMENT)
    done = _frozen_run(exe, TOURNAMENT, SAME_PLAY_TIMEOUT)
    if done.returncode != status or _results(done.stdout) != _results(want):
        raise CheckFailed(f"the frozen app's tournament differs (exit {done.returncode}, plain {status}): "
                          f"{done.stdout[:400]!r} against {want[:400]!r}")
    return f"{len(files)} scenarios replayed and a {' '.join(TOURNAMENT[:9])} played as the plain modules do"


def non_utf8_start(folder: Path) -> str:
    """Start a copy of the app's ``folder`` (hard links where the file system
    allows, else a copy) from a folder whose name holds the byte 0xff, with
    ``--time-startup``; returns the line recorded (``skipped``, ``starts``, or
    ``exit 255: <the bootloader's words>``). Raises CheckFailed for any other
    outcome. The copy is removed afterwards."""
    if os.name != "posix" or sys.platform == "darwin":
        return "skipped: the file system's names are Unicode"
    parent = os.path.join(os.fsencode(folder.parent), b"non-utf8-\xff-check")
    try:
        shutil.rmtree(parent, ignore_errors=True)
        os.mkdir(parent)
    except OSError as exc:
        return f"skipped: this file system refuses the name ({exc.strerror})"
    try:
        copy = os.path.join(parent, os.fsencode(folder.name))
        try:
            shutil.copytree(os.fsencode(folder), copy, symlinks=True, copy_function=os.link)
        except OSError:
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(os.fsencode(folder), copy, symlinks=True)
        exe = os.path.join(copy, os.fsencode(app_paths(folder.parent)[0].name))
        with tempfile.TemporaryDirectory(prefix="rummy500 check ") as config:
            done = subprocess.run([exe, "--time-startup", "--config-dir", config], cwd=os.sep, env=frozen_env(),
                                  capture_output=True, timeout=60)
    finally:
        shutil.rmtree(parent, ignore_errors=True)
    said = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode == 0 and STARTUP_LINE.search(done.stdout.decode("utf-8", "replace")):
        return "starts"
    if done.returncode == 255 and NON_UTF8_KNOWN in said:
        return f"exit 255 before any window: {NON_UTF8_KNOWN} (PyInstaller's bootloader; see the README)"
    raise CheckFailed(f"from a folder whose name is not UTF-8 the app exited {done.returncode}: {said[-500:]}")


def main(argv: list[str] | None = None) -> int:
    """Command line (see the module's docstring); returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dist", type=Path, default=DEFAULT_DIST, help="where the build goes (and is run from)")
    ap.add_argument("--skip-build", action="store_true", help="check an existing build in --dist")
    ap.add_argument("--runs", type=int, default=5, help="start-ups to time (default 5)")
    ap.add_argument("--budgets", choices=("fail", "warn"), default="fail",
                    help="what a size or start-up time over budget does (default fail)")
    args = ap.parse_args(argv)
    dist = args.dist.resolve()
    try:
        build_seconds = None if args.skip_build else build(dist)
        exe, folder = app_paths(dist)
        if not exe.is_file():
            raise CheckFailed(f"no executable at {exe}")
        size_mb = sum(folder_files(folder).values()) / 1e6
        with tempfile.TemporaryDirectory(prefix="rummy500 check ") as tmp:
            config = Path(tmp) / "Einstellungen für Zoë"
            run_demo(exe, folder, config)
            startup = time_startup(exe, config, args.runs)
        compiled = compiled_in(folder)
        listed = len(_speedups_list())
        print(f"compiled_modules: {len(compiled)} of {listed}")
        if len(compiled) < listed and could_compile():
            raise CheckFailed(f"{listed - len(compiled)} of the {listed} modules to compile are plain Python in "
                              f"the build, though this Python has Cython (see the spec's output; "
                              f"RUMMY500_COMPILE=0 builds the plain modules on purpose)")
        print(f"same_play: {same_play(exe)}")
        non_utf8 = non_utf8_start(folder)
    except CheckFailed as exc:
        print(f"check_frozen: FAILED: {exc}", file=sys.stderr)
        return 1
    if build_seconds is not None:
        print(f"build_seconds: {build_seconds:.1f}")
    print(f"dist_megabytes: {size_mb:.1f} (budget {SIZE_BUDGET_MB:.0f}) {folder}")
    print(f"startup_seconds: {startup:.3f} (budget {STARTUP_BUDGET_S}, median of {args.runs})")
    print(f"non_utf8_folder: {non_utf8}")
    over = [f"the build is {size_mb:.1f} MB, over {SIZE_BUDGET_MB:.0f} MB"] if size_mb > SIZE_BUDGET_MB else []
    if startup > STARTUP_BUDGET_S:
        over.append(f"start-up takes {startup:.3f} s, over {STARTUP_BUDGET_S} s")
    for message in over:
        print(f"check_frozen: {'FAILED' if args.budgets == 'fail' else 'warning'}: {message}", file=sys.stderr)
    return 1 if over and args.budgets == "fail" else 0


if __name__ == "__main__":
    sys.exit(main())
