"""Test catalogs made from the committed template: a pseudo-locale that
lengthens every string by 40 % (for the layout tests and the run-time switch)
and installs it as a language, so the machinery and the layouts are tested
without the translators' catalogs."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "assets" / "locale" / "rummy500.pot"
WELSH_PLURALS = "nplurals=6; plural=(n==0) ? 0 : (n==1) ? 1 : (n==2) ? 2 : (n==3) ? 3 : (n==6) ? 4 : 5;"

_PIECES = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[sd]|%[sd]|\s+)")


def lengthen(text: str, form: int | None = None) -> str:
    """``text`` about 40 % longer: every word stretched with Welsh letters
    ("Back" -> "Backŵŵ"); placeholders (``{name}``, ``%s``), spaces and line
    breaks are kept. With ``form`` (a plural form index) the word ends in
    that digit, so a test can tell which form was picked."""
    out = []
    for piece in _PIECES.split(text):
        if not piece or _PIECES.fullmatch(piece):
            out.append(piece)
            continue
        out.append(piece + "ŵ" * math.ceil(len(piece) * 0.4) + ("" if form is None else str(form)))
    return "".join(out)


def template() -> Catalog:
    """The committed template (``assets/locale/rummy500.pot``)."""
    with open(TEMPLATE, "rb") as fh:
        return read_po(fh)


def pseudo_catalog(plural_forms: str = WELSH_PLURALS) -> Catalog:
    """Every template message translated with :func:`lengthen`; plurals in
    the forms of ``plural_forms`` (Welsh's six by default), form ``i`` made
    from the singular for ``i == 1`` and the plural otherwise, marked with ``i``."""
    n = int(re.search(r"nplurals=(\d+)", plural_forms).group(1))
    head = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
            f'"Language: cy\\n"\n"Plural-Forms: {plural_forms}\\n"\n')
    cat = read_po(io.BytesIO(head.encode("utf-8")))
    for msg in template():
        if not msg.id:
            continue
        if isinstance(msg.id, (tuple, list)):
            forms = tuple(lengthen(msg.id[0] if i == 1 else msg.id[1], i) for i in range(n))
            cat.add(msg.id, forms, context=msg.context)
        else:
            cat.add(msg.id, lengthen(msg.id), context=msg.context)
    return cat


def install(locale_root: Path, code: str = "cy", catalog: Catalog | None = None) -> Path:
    """Write ``catalog`` (default :func:`pseudo_catalog`) compiled as
    ``<locale_root>/<code>/LC_MESSAGES/rummy500.mo``; returns its path."""
    path = locale_root / code / "LC_MESSAGES" / "rummy500.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        write_mo(fh, catalog if catalog is not None else pseudo_catalog())
    return path
