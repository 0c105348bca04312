"""Rewrite the "Common questions" section of ``docs/rules.md`` from the code.

The answers are :func:`game.text.questions.questions_markdown` for the
rulebook's rules, in English; everything after the marker line of the
section is replaced, up to the next ``## `` heading or the end of the file.
``tests/test_docs.py`` fails when the file is not what this writes::

    python tools/write_common_questions.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import set_language  # noqa: E402  (after the path above)
from game.text.questions import questions_markdown  # noqa: E402

DOC = ROOT / "docs" / "rules.md"
HEADING = "## Common questions"
MARKER = "<!-- The answers below are written by tools/write_common_questions.py from game/text/questions.py. -->"
INTRO = ("Players argue about the same points again and again. Here they are, answered under the rulebook's "
         "rules; the Rules screen in the game (\"Common questions\") answers them under the rules of the table, "
         "and each answer names the house-rule setting that changes it. The answers are made from the same code "
         "as the game's, and tests check each one against the engine under two rule sets.")


def section_text() -> str:
    """The whole section, heading to last answer, as this tool writes it."""
    set_language("en")
    return f"{HEADING}\n\n{INTRO}\n\n{MARKER}\n\n{questions_markdown()}"


def rewritten(doc: str) -> str:
    """``doc`` with its Common questions section replaced (added at the end when missing)."""
    match = re.search(rf"^{re.escape(HEADING)}\s*$", doc, re.M)
    if match is None:
        return doc.rstrip("\n") + "\n\n" + section_text()
    rest = doc[match.end():]
    end = re.search(r"^## ", rest, re.M)
    tail = rest[end.start():] if end else ""
    return doc[:match.start()] + section_text() + ("\n" + tail if tail else "")


def main() -> int:
    """Rewrite ``docs/rules.md`` in place; print whether it changed."""
    old = DOC.read_text(encoding="utf-8")
    new = rewritten(old)
    if new != old:
        DOC.write_text(new, encoding="utf-8")
        print(f"rewrote the Common questions of {DOC.relative_to(ROOT)}")
    else:
        print("docs/rules.md is current")
    return 0


if __name__ == "__main__":
    sys.exit(main())
