"""Extract, update and compile the game's translations (a developer's step; needs Babel).

Run from anywhere (it works in the repository that holds it)::

    python tools/update_translations.py            # all three steps
    python tools/update_translations.py extract    # only the template
    python tools/update_translations.py update     # template + the .po files
    python tools/update_translations.py compile    # only the .mo files
    python tools/update_translations.py init xx    # start a new language xx

1. ``extract``: every ``_()``, ``N_()``, ``ngettext()``, ``pgettext()`` and
   ``npgettext()`` string under ``game/`` and ``scenes/`` (``babel.cfg``)
   into the template ``assets/locale/rummy500.pot``, with ``# TRANSLATORS:``
   comments.
2. ``update``: merges the template into every
   ``assets/locale/<lang>/LC_MESSAGES/rummy500.po`` (new strings come in
   empty, changed ones marked fuzzy, gone ones dropped).
3. ``compile``: each ``.po`` into its ``.mo`` beside it (what the game
   reads; fuzzy and empty entries are left out, so they show in English).

``tests/test_i18n_files.py`` fails when the committed template or a ``.mo``
is out of date: run this tool and commit what it changed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
DOMAIN = "rummy500"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
CONFIG = ROOT / "babel.cfg"
WIDTH = "79"


def _run(*args: str) -> None:
    here = os.getcwd()
    os.chdir(ROOT)  # babel.cfg's patterns and the template's locations are relative to the repository
    try:
        CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(here)


def extract(output: Path = TEMPLATE) -> Path:
    """Write the template of every marked string under game/ and scenes/ to ``output``."""
    import game

    output.parent.mkdir(parents=True, exist_ok=True)
    _run("extract", "-F", str(CONFIG), "-o", str(output), "-c", "TRANSLATORS:",
         "--add-location=file", "--sort-by-file", "-w", WIDTH,
         "-k", "N_", "-k", "NP_:1,2", "-k", "ngettext:1,2", "-k", "pgettext:1c,2", "-k", "npgettext:1c,2,3",
         "--project=Rummy 500", f"--version={game.__version__}",
         "--copyright-holder=Rummy 500 contributors", "--input-dirs=.")
    return output


def languages() -> list[str]:
    """The language codes that have a catalog (``assets/locale/<code>/LC_MESSAGES/rummy500.po``)."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def update() -> None:
    """Merge the template into every language's ``.po``."""
    for code in languages():
        _run("update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", code,
             "--ignore-obsolete", "-w", WIDTH)


def compile_all() -> None:
    """Compile every language's ``.po`` into its ``.mo``."""
    for code in languages():
        _run("compile", "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "--statistics")


def init(code: str) -> None:
    """Start the catalog of a new language ``code`` from the template."""
    _run("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "-w", WIDTH)


def main(argv: list[str] | None = None) -> int:
    """``[extract|update|compile|all|init CODE]`` (default ``all``); returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv) or ["all"]
    sys.path.insert(0, str(ROOT))
    step = args[0]
    if step == "init" and len(args) == 2:
        init(args[1])
        return 0
    if step not in ("extract", "update", "compile", "all"):
        print("\n\n".join(__doc__.strip().split("\n\n")[1:3]), file=sys.stderr)
        return 2
    if step in ("extract", "update", "all"):
        extract()
    if step in ("update", "all"):
        update()
    if step in ("compile", "all"):
        compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
