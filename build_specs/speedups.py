"""Cython-compiled copies of the engine's and the AIs' hottest modules, for the standalone builds.

    python build_specs/speedups.py DEST [--jobs 2]

The same Python source, compiled as it is (no type declarations, nothing
changed in the code) with Cython into C extension modules, runs the same
rules and the same play, about 1.3 times as fast: the engine benchmark's
random hands and Hard's playouts (see the README's Benchmarks section).
:func:`stage` copies the checkout's ``game`` package into a folder and
compiles :data:`COMPILED` there; ``rummy500.spec`` builds from that copy
when it can (see build_specs/README.md). The checkout itself is never
changed, so a source checkout, the tests and ``pip install`` run the plain
Python modules, and a compiled module can never be older than its source
there.

From the command line it makes a compiled copy of ``game/`` and
``benchmarks/`` in ``DEST`` (made if missing; ``DEST/game`` and
``DEST/benchmarks`` are replaced), so that a benchmark run from there
(``cd DEST && python benchmarks/engine.py ...``) measures what the builds
run. It needs Cython (the ``build`` extra) and a C compiler; exit status 1,
with the reason, when either is missing or a module does not compile.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

COMPILED = (
    "game.rules.cards", "game.rules.melds", "game.rules.meld_masks", "game.rules.hand", "game.rules.game",
    "game.rules.phase", "game.rules.play_moves", "game.rules.draw_moves", "game.rules.turn_search",
    "game.rules.view", "game.rules.random_play",
    "game.ai.evaluate", "game.ai.discards", "game.ai.medium", "game.ai.playout", "game.ai.hard",
    "game.ai.going_out", "game.ai.inference", "game.ai.sequential", "game.ai.cycle",
)
"""The modules compiled: the engine's moves and meld search, the views, the
random legal player (the engine benchmark's and the field's ``random``),
and what Hard's playouts run (Medium's choices, greedy tabling, discard
ranking, the going-out search, the world sampling). The rest stays plain
Python: it is seldom on a hot path, and every compiled module adds about
0.2 MB to the build."""


DIRECTIVES = {"language_level": "3", "annotation_typing": False}
"""Cython's directives: Python 3 semantics, and the annotations left as
annotations. With Cython's default (``annotation_typing``) a parameter
annotated ``list`` would refuse a tuple, an ``int`` one would cut 2.5 to 2
and a ``float`` one turn 1 into 1.0, so the compiled modules could behave
otherwise than the plain ones."""


class CompileError(Exception):
    """Cython or a C compiler is missing, or a module did not compile; the message says which."""


def source_of(root: Path, module: str) -> Path:
    """The ``.py`` file of dotted ``module`` under ``root``."""
    return root.joinpath(*module.split(".")).with_suffix(".py")


def imports_of(root: Path, module: str) -> set[str]:
    """The absolute imports ``module``'s source makes (``import a.b`` and
    ``from a.b import c`` give ``a.b``; relative imports are left out): what
    a packager must bundle for it, since it cannot read a compiled module's
    imports."""
    tree = ast.parse(source_of(root, module).read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    names.discard("__future__")
    return names


def stage(dest: Path, root: Path = ROOT, modules: tuple[str, ...] = COMPILED, jobs: int = 2) -> list[Path]:
    """Copy ``root/game`` to ``dest/game`` (replacing it) and compile
    ``modules`` there in place; each compiled module's ``.py`` is removed
    from the copy, so that nothing can import the source instead. Returns
    the extension files made, in the order of ``modules``.

    Raises :class:`CompileError` (``dest/game`` then removed) when Cython
    cannot be imported, ``dest/game`` would overlap ``root/game``, a module
    is not in ``game``, the copy cannot be made, or the C build fails."""
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as exc:
        raise CompileError(f"Cython is not installed ({exc}); pip install the build extra") from None
    dest = Path(dest).resolve()
    source = (Path(root) / "game").resolve()
    target = dest / "game"
    if target == source or target.is_relative_to(source) or source.is_relative_to(target):
        raise CompileError(f"{dest} would put the copy over the checkout's own game/: choose another folder")
    try:
        shutil.rmtree(dest / "build_c", ignore_errors=True)  # a killed run's C files: never reused
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd"))
    except OSError as exc:
        shutil.rmtree(target, ignore_errors=True)
        raise CompileError(f"could not make the copy in {target}: {exc}") from None
    try:
        for module in modules:
            if not module.startswith("game.") or not source_of(dest, module).is_file():
                raise CompileError(f"{module} is not a module of game/")
        strip = ["-s"] if sys.platform.startswith("linux") else []  # no debugging symbols: 5 times smaller
        extensions = [Extension(m, [str(source_of(dest, m).relative_to(dest))], extra_link_args=strip)
                      for m in modules]
        with contextlib.chdir(dest):
            try:
                dist = Distribution({"ext_modules": cythonize(
                    extensions, compiler_directives=DIRECTIVES, nthreads=jobs, quiet=True, force=True,
                    build_dir=str(dest / "build_c"))})
                build = dist.get_command_obj("build_ext")
                build.inplace = True
                build.parallel = jobs
                build.build_temp = str(dest / "build_c" / "temp")
                build.build_lib = str(dest / "build_c" / "lib")
                dist.run_command("build_ext")
            except (Exception, SystemExit) as exc:  # distutils reports a failed compiler by SystemExit
                raise CompileError(f"the C build failed: {exc}") from None
            made = [Path(build.get_ext_fullpath(m)).resolve() for m in modules]
    except BaseException:
        shutil.rmtree(target, ignore_errors=True)
        raise
    finally:
        shutil.rmtree(dest / "build_c", ignore_errors=True)
    missing = [str(p) for p in made if not p.is_file()]
    if missing:
        shutil.rmtree(target, ignore_errors=True)
        raise CompileError(f"the C build made no {', '.join(missing)}")
    try:
        for module in modules:
            source_of(dest, module).unlink()
            source_of(dest, module).with_suffix(".c").unlink(missing_ok=True)
    except OSError as exc:
        shutil.rmtree(target, ignore_errors=True)
        raise CompileError(f"could not remove the compiled modules' sources from the copy: {exc}") from None
    return made


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit status."""
    parser = argparse.ArgumentParser(prog="speedups.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("dest", type=Path, help="the folder to make the compiled copy in")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="compilers run at once")
    args = parser.parse_args(argv)
    args.dest.mkdir(parents=True, exist_ok=True)
    try:
        made = stage(args.dest, jobs=max(1, args.jobs))
    except CompileError as exc:
        print(f"speedups.py: {exc}", file=sys.stderr)
        return 1
    if (args.dest / "benchmarks").exists():
        shutil.rmtree(args.dest / "benchmarks")
    shutil.copytree(ROOT / "benchmarks", args.dest / "benchmarks", ignore=shutil.ignore_patterns("__pycache__"))
    print(f"compiled {len(made)} modules into {args.dest / 'game'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
