"""Text in any script: which font draws each letter, and in what order.

DejaVu Sans (the game's font) covers Latin, Welsh, Georgian, Greek,
Cyrillic, Hebrew and Arabic, but no Chinese, Japanese or Korean. A line is
drawn by :class:`ScriptText`:

* **Fallback fonts.** A letter the primary font lacks (it would draw the
  empty box) is drawn with the first fallback font that has it. The
  fallbacks are looked up only when such a letter first appears, never at
  start-up: the fonts given to :func:`use_fallback_fonts` (tests bring a
  small one), else the system's (:func:`system_fonts`: ``fc-list`` for the
  missing letter on Linux and the BSDs, the usual CJK fonts of Windows and
  macOS by path). Each letter's font is remembered, so the look-up is paid
  once. Nothing is bundled: the frozen build stays small.
* **Right-to-left.** A line holding Hebrew or Arabic is put in display order
  by the Unicode bidirectional algorithm (``python-bidi``, which also
  mirrors brackets); each run of right-to-left letters is then drawn by
  pygame-ce with ``Font.set_direction(DIRECTION_RTL)`` and
  ``set_script("Arab")``/``("Hebr")``, so HarfBuzz joins Arabic letters
  into their connected forms.

A line of text the primary font covers entirely, left to right (almost
every line of the game), takes the fast path: one ``Font.render``.
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame
from bidi import get_display

log = logging.getLogger("rummy500.glyphs")

RTL_CLASSES = frozenset({"R", "AL"})
"""Bidirectional classes of right-to-left letters (Hebrew ``R``, Arabic ``AL``)."""

JOINERS = frozenset({"\u200c", "\u200d"})  # zero-width non-joiner and joiner: part of an Arabic word

NOTDEF_PROBE = "\U0010fffd"
"""A private-use letter no font has: what a font draws for a letter it lacks."""

_given: list[str] | None = None


def use_fallback_fonts(paths: list[str] | None) -> None:
    """Look for missing letters in ``paths`` (font files, in order) instead
    of the system's fonts; ``None``: the system's again. Forgets every letter's
    font found so far."""
    global _given
    _given = None if paths is None else [str(p) for p in paths]
    for st in _instances:
        st.forget()


def system_fonts(ch: str) -> list[str]:
    """Font files of this system that may hold ``ch``, best first (never raises).

    Linux and the BSDs: ``fc-list`` asked for fonts covering ``ch`` (about
    50 ms, once per missing letter). Windows and macOS: the CJK fonts they
    install, by path, where present."""
    if sys.platform == "win32":
        base = Path(os.environ.get("WINDIR", r"C:\Windows")) / "Fonts"
        names = ["msyh.ttc", "YuGothM.ttc", "msgothic.ttc", "malgun.ttf", "simsun.ttc", "mingliub.ttc"]
        return [str(base / n) for n in names if (base / n).is_file()]
    if sys.platform == "darwin":
        paths = ["/System/Library/Fonts/PingFang.ttc", "/System/Library/Fonts/Hiragino Sans GB.ttc",
                 "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc", "/System/Library/Fonts/AppleSDGothicNeo.ttc",
                 "/System/Library/Fonts/STHeiti Light.ttc", "/Library/Fonts/Arial Unicode.ttf"]
        return [p for p in paths if os.path.isfile(p)]
    fc_list = shutil.which("fc-list")
    if not fc_list:
        return []
    try:
        out = subprocess.run([fc_list, "--format=%{file}\\n", f":charset={ord(ch):x}"], capture_output=True,
                             text=True, timeout=5, check=False).stdout
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        log.warning("fc-list failed: %s", exc)
        return []
    files = sorted({line.strip() for line in out.splitlines() if line.strip().lower().endswith((".ttf", ".otf", ".ttc"))})
    # regular faces of sans fonts first: a CJK sans next to DejaVu Sans reads as one type
    return sorted(files, key=lambda f: (("bold" in f.lower()) or ("italic" in f.lower()),
                                        "sans" not in f.lower(), "mono" in f.lower(), f))


@dataclass(frozen=True)
class Run:
    """Part of a line drawn with one font in one direction: ``text`` in logical
    order, ``font`` (``None``: the primary font, else a fallback's path), and
    ``script`` (``"Arab"``, ``"Hebr"``) when it is drawn right to left."""

    text: str
    font: str | None
    script: str | None = None


_instances: list["ScriptText"] = []


class ScriptText:
    """Measure and draw lines in any script with ``primary(px, bold)`` (the
    game's font, cached by the caller; its file is ``primary_path(bold)``)
    and the fallback fonts."""

    def __init__(self, primary: Callable[[int, bool], pygame.font.Font], primary_path: Callable[[bool], Path]):
        self.primary = primary
        self.primary_path = primary_path
        self._has: dict[tuple[str | None, bool, str], bool] = {}
        self._font_of: dict[tuple[bool, str], str | None] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font | None] = {}
        self._rtl_fonts: dict[tuple[str | None, int, bool, str], pygame.font.Font] = {}
        self._notdef: dict[tuple[str | None, bool], bytes] = {}
        self._simple: dict[tuple[str, bool], bool] = {}
        _instances.append(self)

    def forget(self) -> None:
        """Forget which font draws which letter (the fallbacks changed)."""
        self._has.clear()
        self._font_of.clear()
        self._fonts.clear()
        self._rtl_fonts.clear()
        self._notdef.clear()
        self._simple.clear()

    # ------------------------------------------------------------ fonts
    def _load(self, path: str, px: int) -> pygame.font.Font | None:
        key = (path, px)
        if key not in self._fonts:
            try:
                self._fonts[key] = pygame.font.Font(os.fsencode(path), px)
            except (OSError, pygame.error, ValueError) as exc:
                log.warning("fallback font %s not usable: %s", path, exc)
                self._fonts[key] = None
        return self._fonts[key]

    def _face(self, font: str | None, px: int, bold: bool) -> pygame.font.Font | None:
        return self.primary(px, bold) if font is None else self._load(font, px)

    @staticmethod
    def _image(f: pygame.font.Font, ch: str) -> bytes | None:
        try:
            s = f.render(ch, True, (255, 255, 255))
        except (pygame.error, ValueError):  # zero width (a joiner, a mark alone)
            return None
        return bytes(s.get_size()) + pygame.image.tobytes(s, "RGBA")

    def has(self, font: str | None, bold: bool, ch: str) -> bool:
        """Whether ``font`` (``None``: the primary) has a glyph for ``ch``: it
        draws ``ch`` otherwise than the box it draws for a letter it lacks."""
        key = (font, bold, ch)
        known = self._has.get(key)
        if known is None:
            f = self._face(font, 16, bold)
            if f is None:
                known = False
            else:
                if (font, bold) not in self._notdef:
                    self._notdef[(font, bold)] = self._image(f, NOTDEF_PROBE) or b""
                image = self._image(f, ch)
                known = image is None or image != self._notdef[(font, bold)]
            self._has[key] = known
        return known

    def font_of(self, ch: str, bold: bool) -> str | None:
        """The font that draws ``ch``: ``None`` for the primary (also when no
        font has it: the primary's box then shows), else a fallback's path."""
        if ch.isascii() or self.has(None, bold, ch):
            return None
        key = (bold, ch)
        if key not in self._font_of:
            candidates = _given if _given is not None else system_fonts(ch)
            self._font_of[key] = next((p for p in candidates if self.has(p, bold, ch)), None)
            if self._font_of[key] is None:
                log.info("no font has U+%04X", ord(ch))
        return self._font_of[key]

    # ------------------------------------------------------------ runs
    def simple(self, s: str, bold: bool = False) -> bool:
        """Whether line ``s`` is drawn by the primary font alone, left to right
        (the fast path: one ``Font.render``); remembered per line."""
        if s.isascii():
            return True
        key = (s, bold)
        known = self._simple.get(key)
        if known is None:
            if len(self._simple) > 20_000:
                self._simple.clear()
            known = not any(unicodedata.bidirectional(ch) in RTL_CLASSES for ch in s) and all(
                ch.isspace() or self.font_of(ch, bold) is None for ch in s)
            self._simple[key] = known
        return known

    def runs(self, s: str, bold: bool = False) -> list[Run]:
        """``s`` (one line) as runs in display order, left to right."""
        rtl = any(unicodedata.bidirectional(ch) in RTL_CLASSES for ch in s)
        visual = get_display(s) if rtl else s
        out: list[Run] = []
        text, font, script = "", None, None
        for i, ch in enumerate(visual):
            cls = unicodedata.bidirectional(ch)
            in_rtl = rtl and (cls in RTL_CLASSES or ((cls == "NSM" or ch in JOINERS or ch == " ")
                                                     and script is not None and _rtl_after(visual, i)))
            ch_font = self.font_of(ch, bold) if not ch.isspace() and ch not in JOINERS else font
            ch_script = (("Arab" if cls == "AL" else "Hebr") if cls in RTL_CLASSES else script) if in_rtl else None
            if text and (ch_font != font or (ch_script is None) != (script is None)):
                out.append(Run(text[::-1] if script else text, font, script))
                text = ""
            if not text:
                font, script = ch_font, ch_script
            elif ch_script == "Arab":
                script = "Arab"
            text += ch
        if text:
            out.append(Run(text[::-1] if script else text, font, script))
        return out

    def _run_font(self, run: Run, px: int, bold: bool) -> pygame.font.Font:
        f = self._face(run.font, px, bold) or self.primary(px, bold)
        if run.script is None:
            return f
        key = (run.font, px, bold, run.script)
        g = self._rtl_fonts.get(key)
        if g is None:  # a font of its own: direction and script stay set on a pygame font
            path = run.font if run.font is not None else self.primary_path(bold)
            try:
                g = pygame.font.Font(os.fsencode(path), px)  # the primary's cached Font stays left to right
                g.set_script(run.script)
                g.set_direction(pygame.DIRECTION_RTL)
            except (AttributeError, OSError, pygame.error, ValueError) as exc:  # a pygame without HarfBuzz
                log.warning("right-to-left shaping unavailable: %s", exc)
                g = f
            self._rtl_fonts[key] = g
        return g

    def width(self, s: str, px: int, bold: bool = False) -> int:
        """The width of line ``s`` drawn at ``px``, in pixels."""
        if self.simple(s, bold):
            return self.primary(px, bold).size(s)[0]
        return sum(self._run_font(r, px, bold).size(r.text)[0] for r in self.runs(s, bold))

    def render(self, s: str, px: int, colour, bold: bool = False) -> pygame.Surface:
        """Line ``s`` drawn antialiased at ``px`` in ``colour``; raises as
        ``Font.render`` does (zero width)."""
        primary = self.primary(px, bold)
        if self.simple(s, bold):
            return primary.render(s, True, colour)
        runs = self.runs(s, bold)
        if len(runs) == 1 and runs[0].font is None and runs[0].script is None:
            return primary.render(s, True, colour)
        parts = []
        for r in runs:
            f = self._run_font(r, px, bold)
            try:
                parts.append((f.render(r.text, True, colour), f.get_ascent()))
            except (pygame.error, ValueError):  # a run of joiners alone draws nothing
                continue
        if not parts:
            return primary.render(s, True, colour)
        ascent = max(a for _s, a in parts)
        height = max(ascent - a + p.get_height() for p, a in parts)
        out = pygame.Surface((sum(p.get_width() for p, _a in parts), height), pygame.SRCALPHA)
        x = 0
        for p, a in parts:  # on one baseline
            out.blit(p, (x, ascent - a))
            x += p.get_width()
        return out


def _rtl_after(visual: str, i: int) -> bool:
    """Whether a space or mark at ``visual[i]`` inside a right-to-left run is
    followed (in display order) by another right-to-left letter."""
    for ch in visual[i + 1:]:
        cls = unicodedata.bidirectional(ch)
        if cls in RTL_CLASSES:
            return True
        if not (cls == "NSM" or ch in JOINERS or ch == " "):
            return False
    return False

