"""The catalogs as files: the committed template and .mo files are current,
every message is translated in Welsh and Georgian (none empty or fuzzy), the
placeholders match the English ones, plurals have the language's number of
forms, and every character of every string is in the fonts the game uses.

The Welsh and Georgian catalogs are written on their own branches (cy, ka):
until they are merged the tests that read them fail, as they should."""

from __future__ import annotations

import gettext
import importlib.util
import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "assets" / "locale"
TEMPLATE = LOCALE / "rummy500.pot"
FONTS = [ROOT / "assets" / "fonts" / "DejaVuSans.ttf", ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"]
LANGUAGES = ["cy", "ka"]
PLURAL_FORMS = {
    "cy": (6, "(n==0) ? 0 : (n==1) ? 1 : (n==2) ? 2 : (n==3) ? 3 : (n==6) ? 4 : 5"),
    "ka": (2, "(n != 1)"),
}


def _tool():
    spec = importlib.util.spec_from_file_location("update_translations", ROOT / "tools" / "update_translations.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path):
    with open(path, "rb") as fh:
        return read_po(fh)


def _keys(catalog) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def _po(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / "rummy500.po"


def _placeholders(text: str) -> set[str]:
    """``{name}`` fields, %-forms and rule ids ("R12": they are the same in
    every language) of a message (``{{`` escapes are not fields)."""
    names = {f"{{{field}}}" for _lit, field, _spec, _conv in string.Formatter().parse(text) if field is not None}
    return names | set(re.findall(r"%(?:\([^)]*\))?[sdif]", text)) | set(re.findall(r"\bR\d{1,2}\b", text))


# ------------------------------------------------------------------ current
def test_the_template_holds_every_marked_string(tmp_path):
    fresh = _tool().extract(tmp_path / "fresh.pot")
    committed, extracted = _keys(_read(TEMPLATE)), _keys(_read(fresh))
    missing, stale = extracted - committed, committed - extracted
    assert not missing and not stale, (f"run tools/update_translations.py: {len(missing)} new, {len(stale)} gone; "
                                       f"e.g. {sorted(map(str, missing | stale))[:3]}")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_compiled_catalog_is_current(code):
    po, mo = _po(code), _po(code).with_suffix(".mo")
    assert po.is_file() and mo.is_file(), f"no {code} catalog yet (the {code} branch adds it)"
    buf = io.BytesIO()
    write_mo(buf, _read(po))
    fresh = gettext.GNUTranslations(io.BytesIO(buf.getvalue()))
    with open(mo, "rb") as fh:
        committed = gettext.GNUTranslations(fh)
    assert committed._catalog == fresh._catalog, f"run tools/update_translations.py compile and commit {mo.name}"  # noqa: SLF001


# ------------------------------------------------------------------ complete and correct
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated(code):
    assert _po(code).is_file(), f"no {code} catalog yet (the {code} branch adds it)"
    catalog = _read(_po(code))
    assert _keys(_read(TEMPLATE)) <= _keys(catalog), "the catalog lacks messages of the template: run update"
    bad = []
    for m in catalog:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, (tuple, list)) else [m.string]
        if m.fuzzy or not all(f and f.strip() for f in forms):
            bad.append(m.id)
    assert not bad, f"{len(bad)} {code} messages empty or fuzzy, e.g. {bad[:3]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_placeholders_and_rule_ids_match_the_english(code):
    assert _po(code).is_file(), f"no {code} catalog yet (the {code} branch adds it)"
    wrong = []
    for m in _read(_po(code)):
        if not m.id or not m.string:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        want = set().union(*map(_placeholders, ids))
        forms = [m.string] if isinstance(m.string, str) else [f for f in m.string if f]
        for form in forms:
            got = _placeholders(form)
            # a plural form for exactly one number may leave the number out ("un cerdyn"), nothing else
            if got != want and not (len(ids) == 2 and got == want - {"{count}"}):
                wrong.append((ids[0], form))
    assert not wrong, f"{len(wrong)} {code} messages change the placeholders, e.g. {wrong[:2]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms_are_the_languages_own(code):
    assert _po(code).is_file(), f"no {code} catalog yet (the {code} branch adds it)"
    catalog = _read(_po(code))
    n, expr = PLURAL_FORMS[code]
    header = catalog.plural_forms.replace(" ", "")
    assert header == f"nplurals={n};plural={expr};".replace(" ", ""), catalog.plural_forms
    plural = [m for m in catalog if m.id and not isinstance(m.id, str)]
    assert plural, "the template has plural messages"
    assert all(len(m.string) == n for m in plural), [m.id[0] for m in plural if len(m.string) != n][:3]


# ------------------------------------------------------------------ glyphs
def _cmap(path: Path) -> set[int]:
    font = TTFont(str(path), lazy=True)
    try:
        return set(font.getBestCmap())
    finally:
        font.close()


def _missing(texts, cmaps) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for text in texts:
        for ch in set(text):
            if ch in "\n\t" or ord(ch) < 32:
                continue
            if any(ord(ch) not in cmap for cmap in cmaps):
                out.setdefault(ch, set()).add(text[:40])
    return out


def test_every_english_character_is_in_the_fonts():
    cmaps = [_cmap(f) for f in FONTS]
    texts = [t for m in _read(TEMPLATE) if m.id for t in ([m.id] if isinstance(m.id, str) else m.id)]
    assert texts
    assert not _missing(texts, cmaps)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_translated_character_is_in_the_fonts(code):
    assert _po(code).is_file(), f"no {code} catalog yet (the {code} branch adds it)"
    cmaps = [_cmap(f) for f in FONTS]
    texts = [t for m in _read(_po(code)) if m.id and m.string
             for t in ([m.string] if isinstance(m.string, str) else m.string) if t]
    missing = _missing(texts, cmaps)
    assert not missing, {f"U+{ord(ch):04X}": sorted(where)[:2] for ch, where in missing.items()}


def test_the_glyph_check_sees_a_missing_glyph():
    cmaps = [_cmap(f) for f in FONTS]
    assert _missing(["Cymraeg", "ქართული", "ŵŷ ♥ ♠ – …"], cmaps) == {}
    assert set(_missing(["\U0001D11E clef"], cmaps)) == {"\U0001D11E"}  # a musical symbol DejaVu lacks


def test_no_function_hides_the_translation_function():
    """A function that assigns ``_`` (``for x, _ in ...``) and calls ``_()``
    fails with UnboundLocalError in any language: none may do both."""
    import ast

    bad = []
    for path in sorted(list((ROOT / "game").rglob("*.py")) + list((ROOT / "scenes").rglob("*.py"))):
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            binds = calls = False
            stack = list(ast.iter_child_nodes(fn))
            while stack:
                node = stack.pop()
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
                                     ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                    continue  # their own scope
                binds |= isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store)
                calls |= isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                stack.extend(ast.iter_child_nodes(node))
            if binds and calls:
                bad.append(f"{path.relative_to(ROOT)}:{fn.lineno} {fn.name}")
    assert not bad


def test_every_module_that_translates_imports_the_functions():
    """``_``, ``N_``, ``ngettext``... are used only where imported (or defined)."""
    import ast

    names = {"_", "N_", "NP_", "ngettext", "pgettext", "npgettext"}
    bad = []
    for path in sorted(list((ROOT / "game").rglob("*.py")) + list((ROOT / "scenes").rglob("*.py"))):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        have = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names}
        have |= {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.Assign))
                 and hasattr(n, "name")}
        have |= {t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
        used = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                and n.func.id in names}
        if used - have:
            bad.append(f"{path.relative_to(ROOT)}: {sorted(used - have)}")
    assert not bad
