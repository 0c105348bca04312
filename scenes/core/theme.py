"""Colours, sizes and fonts, all scaled from the window size.

One :class:`Theme` per window size: card heights, the type scale (small,
body, heading, title as fractions of the window height), spacing. Fonts are
DejaVu Sans loaded by path (never ``SysFont``); rendered strings are cached,
since rendering text every frame is slow.
"""

from __future__ import annotations

from dataclasses import dataclass

import importlib.util
import os
import sys
from functools import lru_cache
from pathlib import Path

import pygame

from game.paths import shown

from scenes.core.glyphs import ScriptText

FELT = (31, 93, 58)          # #1f5d3a
FELT_DARK = (16, 52, 32)
TEXT = (240, 240, 232)
TEXT_DIM = (190, 205, 192)
TEXT_DARK = (20, 24, 22)
PANEL = (10, 34, 22, 200)
PANEL_SOLID = (18, 44, 30)
PANEL_EDGE = (92, 140, 108)
BUTTON = (44, 92, 64)
BUTTON_HOVER = (60, 120, 84)
BUTTON_DOWN = (30, 66, 46)
BUTTON_DISABLED = (40, 58, 48)
ZONE_EDGE = (27, 82, 51)     # the outline of a seat's meld area
LEGAL = (76, 195, 255)       # #4cc3ff: a legal drop target
ILLEGAL = (255, 176, 0)      # #ffb000: an illegal target, always with words or an icon
GOLD = (242, 196, 64)        # the committed card's ring (R9)
HALO = (255, 255, 255)
# Okabe–Ito's eight colour-blind-safe colours, black made light grey for the dark felt
SEAT_COLOURS = [(213, 94, 0), (86, 180, 233), (240, 228, 66), (204, 121, 167),
                (0, 158, 115), (230, 159, 0), (0, 114, 178), (235, 235, 235)]

CARD_RATIO = 2.5 / 3.5       # width / height of a real card
MIN_CARD_H = 70              # below this the corner index stops being readable


ASSETS_PACKAGE = "rummy500_assets"  # assets/ as installed by a wheel (setup.py)


def asset_root() -> Path:
    """The ``assets`` folder (``cards/``, ``fonts/``, ``icons/``, ``sounds/``).

    Looked up, in order: inside the bundle when frozen (PyInstaller's
    ``sys._MEIPASS``/``assets``); the installed package ``rummy500_assets``
    (a wheel, ``pip install .``, or an editable install mapping it to the
    checkout); beside the ``scenes`` package (a plain source checkout).
    Never the working directory. The folder is not checked to exist.
    """
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "assets"
    return _installed_assets()


@lru_cache(maxsize=1)
def _installed_assets() -> Path:
    """The ``assets`` folder of an installed package or the checkout
    (:func:`asset_root` without a bundle), looked up once: the lookup takes
    half a millisecond, and every new font size asked for it (a frame that
    drew a name at a new size waited on it, issue 21, item 19)."""
    try:
        spec = importlib.util.find_spec(ASSETS_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve()
    return Path(__file__).resolve().parents[2] / "assets"  # scenes/core/theme.py -> the checkout


def font_path(bold: bool = False) -> Path:
    return asset_root() / "fonts" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans at ``px`` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        return pygame.font.Font(os.fsencode(font_path(bold)), max(6, int(px)))  # bytes: a str path with non-UTF-8 bytes fails
    except (OSError, FileNotFoundError, pygame.error):  # a broken install: readable, not pretty
        import logging
        logging.getLogger("rummy500.theme").error("DejaVu Sans missing at %s", font_path(bold))
        return pygame.font.Font(None, max(6, int(px * 1.3)))


_text_cache: dict[tuple, pygame.Surface] = {}

SCRIPTS = ScriptText(font, font_path)
"""Draws and measures lines in any script: fallback fonts for letters DejaVu
lacks (CJK), right-to-left runs (Hebrew, Arabic) shaped (:mod:`scenes.core.glyphs`)."""


def width(s: str, px: int, bold: bool = False) -> int:
    """The width in pixels of line ``s`` as :func:`text` draws it (fallback
    fonts and right-to-left runs included); never raises."""
    if s.isascii() and "\0" not in s:  # the fast path: most lines
        return font(int(px), bold).size(s)[0]
    return SCRIPTS.width(drawable(s), int(px), bold)


def drawable(s: str) -> str:
    """One line ``s`` as the font can take it: unchanged, or, when it holds a
    lone surrogate (a file name's byte that is not UTF-8) or a NUL, made
    printable by :func:`game.paths.shown` (the one function every path on
    screen goes through), so measuring or drawing it never raises."""
    if "\0" not in s:
        try:
            s.encode("utf-8")
            return s
        except UnicodeEncodeError:
            pass
    return shown(s)


def text(s: str, px: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
    """``s`` rendered antialiased in DejaVu Sans (cached by string, size, colour);
    letters DejaVu lacks in a fallback font, Hebrew and Arabic right to left
    and shaped (:data:`SCRIPTS`).

    Never raises for what ``s`` holds: text the font draws with no width
    (zero-width or format characters only, which pygame refuses with "Text
    has zero width") gives a transparent surface 1 pixel wide and a line
    high, as does any other text the font cannot render (logged); a NUL or a
    lone surrogate is drawn as U+FFFD (:func:`drawable`)."""
    key = (s, int(px), tuple(colour), bold)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        f = font(int(px), bold)
        try:
            surf = SCRIPTS.render(drawable(s), int(px), colour, bold)
        except (pygame.error, ValueError) as exc:
            if "zero width" not in str(exc):
                import logging
                logging.getLogger("rummy500.theme").warning("cannot render %r: %s", s, exc)
            surf = pygame.Surface((1, f.get_height()), pygame.SRCALPHA)
        _text_cache[key] = surf
    return surf


def fit_text(s: str, px: int, max_width: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
    """Like :func:`text`, shrunk (down to 60 %) and then shortened with an
    ellipsis so it is at most ``max_width`` pixels wide."""
    s = drawable(s)
    size = int(px)
    wide = width(s, size, bold)
    if wide > max_width:
        # the largest size in (60 %, 100 %] that fits: guessed from the width at
        # full size (a line's width is nearly proportional to its size), then
        # put right a size at a time. Each size measured loads a font, about a
        # millisecond the first time, so stepping down from the full size made
        # the frame that first showed a long name late (issue 21, item 19).
        guess = int(px * max_width / wide) if wide > 0 else 0  # a line that draws nothing: any width is too wide
        size = max(int(px * 0.6), min(size - 1, guess))
        while size + 1 < px and width(s, size + 1, bold) <= max_width:
            size += 1
        while size > px * 0.6 and width(s, size, bold) > max_width:
            size -= 1
    if width(s, size, bold) <= max_width:
        return text(s, size, colour, bold)
    while len(s) > 1 and width(s + "…", size, bold) > max_width:
        s = s[:-1]
    return text(s + "…", size, colour, bold)


def wrap(s: str, px: int, max_width: int, bold: bool = False) -> list[str]:
    """``s`` broken into lines at most ``max_width`` pixels wide (paragraphs
    kept; each line :func:`drawable`)."""
    lines: list[str] = []
    for para in s.split("\n"):
        words = drawable(para).split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if width(trial, px, bold) <= max_width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


class Theme:
    """Sizes for a ``(width, height)`` window, in pixels.

    ``small``, ``body``, ``heading``, ``title``: type sizes (1.6 %, 2.2 %,
    3 %, 4.5 % of the height); ``hand_card``: the height of the player's
    cards (19 % of the height); ``table_card``: melds and the discard pile;
    ``seat_card``: the others' face-down hands; ``pad``: spacing.
    """

    def __init__(self, size: tuple[int, int]):
        w, h = size
        self.size = (w, h)
        self.width, self.height = w, h
        scale = min(h, w * 9 / 16)
        self.scale = scale
        self.small = max(11, round(scale * 0.018))
        self.body = max(13, round(scale * 0.024))
        self.heading = max(16, round(scale * 0.032))
        self.title = max(24, round(scale * 0.06))
        self.pad = max(4, round(scale * 0.012))
        self.hand_card = max(MIN_CARD_H + 20, round(scale * 0.19))
        self.table_card = max(MIN_CARD_H, round(scale * 0.12))
        self.seat_card = max(40, round(scale * 0.075))
        self.radius = max(4, round(scale * 0.01))

    @staticmethod
    def card_w(height: int) -> int:
        """The width of a card ``height`` pixels tall (2.5 : 3.5)."""
        return round(height * CARD_RATIO)

    def text(self, s: str, role: str = "body", colour=TEXT, bold: bool = False) -> pygame.Surface:
        """``s`` in the type size named ``role`` (``small``/``body``/``heading``/``title``)."""
        return text(s, getattr(self, role), colour, bold)


_panel_cache: dict[tuple, pygame.Surface] = {}


_FELT_DEFAULT = object()


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, colour=None,
               edge=_FELT_DEFAULT, width: int = 1) -> None:
    """A rounded, translucent panel with an outline (cached per size and
    colours). ``colour`` and ``edge`` default to the felt's panel colours
    (:func:`set_felt`); ``edge=None`` draws no outline."""
    colour = PANEL if colour is None else colour
    edge = PANEL_EDGE if edge is _FELT_DEFAULT else edge
    key = (rect.size, radius, tuple(colour), None if edge is None else tuple(edge), width)
    tmp = _panel_cache.get(key)
    if tmp is None:
        if len(_panel_cache) > 256:
            _panel_cache.clear()
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, colour, tmp.get_rect(), border_radius=radius)
        if edge is not None and width:
            pygame.draw.rect(tmp, edge, tmp.get_rect(), width, border_radius=radius)
        _panel_cache[key] = tmp
    surface.blit(tmp, rect.topleft)


# ------------------------------------------------------------------ felt colours

FELT_COLOURS = {
    "green": (31, 93, 58),      # #1f5d3a
    "blue": (26, 66, 112),      # #1a4270
    "burgundy": (108, 30, 46),  # #6c1e2e
    "dark": (38, 42, 46),       # #262a2e
}
"""The felt a player may choose (``Settings.felt``) -> its colour."""

_PALETTE_NAMES = ("FELT", "FELT_DARK", "PANEL", "PANEL_SOLID", "PANEL_EDGE", "BUTTON", "BUTTON_HOVER",
                  "BUTTON_DOWN", "BUTTON_DISABLED", "ZONE_EDGE")
_GREEN_PALETTE = {name: globals()[name] for name in _PALETTE_NAMES}
felt_name = "green"
"""The felt in use (set by :func:`set_felt`)."""


def _shade(colour, k: float) -> tuple[int, int, int]:
    """``colour`` times ``k`` (darker below 1), kept within 0..255."""
    return tuple(max(0, min(255, round(c * k))) for c in colour)


def _tint(colour, to, k: float) -> tuple[int, int, int]:
    """``colour`` moved a fraction ``k`` of the way to ``to``."""
    return tuple(round(a + (b - a) * k) for a, b in zip(colour, to))


def felt_palette(name: str) -> dict[str, tuple]:
    """The colours that go with felt ``name`` (panels, buttons, outlines,
    keyed like this module's constants); an unknown name gives green's."""
    if name not in FELT_COLOURS or name == "green":
        return dict(_GREEN_PALETTE)
    f = FELT_COLOURS[name]
    grey = (sum(f) // 3,) * 3
    return {"FELT": f, "FELT_DARK": _shade(f, 0.52), "PANEL": _shade(f, 0.35) + (200,),
            "PANEL_SOLID": _shade(f, 0.55), "PANEL_EDGE": _tint(f, (235, 235, 235), 0.4),
            "BUTTON": _tint(f, (255, 255, 255), 0.08), "BUTTON_HOVER": _tint(f, (255, 255, 255), 0.2),
            "BUTTON_DOWN": _shade(f, 0.72), "BUTTON_DISABLED": _tint(_shade(f, 0.7), grey, 0.6),
            "ZONE_EDGE": _tint(f, (255, 255, 255), 0.12) if sum(f) < 150 else _shade(f, 0.88)}


def set_felt(name: str) -> None:
    """Use felt ``name`` (one of :data:`FELT_COLOURS`; anything else is green)
    for everything drawn from now on: the felt, panels, buttons and outlines."""
    global felt_name
    felt_name = name if name in FELT_COLOURS else "green"
    globals().update(felt_palette(felt_name))
    _panel_cache.clear()


_felt_cache: dict[tuple, pygame.Surface] = {}


def felt(size: tuple[int, int], colour=None) -> pygame.Surface:
    """The felt (``colour``, or the one :func:`set_felt` chose) with a soft
    radial vignette, rendered once per size and colour."""
    colour = tuple(colour or FELT)
    key = (size, colour)
    surf = _felt_cache.get(key)
    if surf is None:
        _felt_cache.clear()
        w, h = size
        small = pygame.Surface((64, 36))
        cx, cy = 32, 18
        for y in range(36):
            for x in range(64):
                d = (((x - cx) / 36) ** 2 + ((y - cy) / 22) ** 2) ** 0.5
                k = max(0.55, 1.0 - 0.42 * max(0.0, d - 0.25))
                small.set_at((x, y), tuple(min(255, int(c * k)) for c in colour))
        surf = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
        if pygame.display.get_surface() is not None:
            surf = surf.convert()
        _felt_cache[key] = surf
    return surf


CARD_SCALES = {"small": 0.85, "normal": 1.0, "large": 1.2}
"""The card-size setting -> a factor on the theme's card heights."""


@dataclass(frozen=True)
class CardSizes:
    """Card heights in pixels at the table: ``hand`` (the viewer's hand),
    ``table`` (melds, the stock and the discard pile), ``seat`` (the others'
    face-down hands)."""

    hand: int
    table: int
    seat: int


def card_sizes(theme: Theme, card_size: str = "normal") -> CardSizes:
    """The card heights for ``card_size`` (``"small"``, ``"normal"`` or
    ``"large"``; anything else is normal): the theme's heights times
    :data:`CARD_SCALES`, kept within the layout's limits: never below the
    readable minimum (``MIN_CARD_H``), never above 23 % (hand), 14.5 %
    (table) and 9 % (seats) of the window's scale, so the bands of the table
    and the hand between its side panels still fit."""
    k = CARD_SCALES.get(card_size, 1.0)
    scale = theme.scale

    def fit(base: int, lo: int, top: float) -> int:
        return max(lo, min(round(base * k), max(lo, round(scale * top))))

    return CardSizes(hand=fit(theme.hand_card, MIN_CARD_H + 20, 0.23),
                     table=fit(theme.table_card, MIN_CARD_H, 0.145),
                     seat=fit(theme.seat_card, 40, 0.09))
