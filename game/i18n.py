"""The language the player reads: gettext catalogs for English, Welsh and Georgian.

Pure Python (never imports pygame). Every player-visible string goes
through this module::

    from game.i18n import _, ngettext, N_

    label = _("New game")
    line = ngettext("{count} card", "{count} cards", n).format(count=n)
    NAMES = {"easy": N_("Easy")}          # marked at import, translated where shown
    shown = _(NAMES["easy"])

* :func:`_` / :func:`gettext`, :func:`ngettext`, :func:`pgettext`,
  :func:`npgettext` translate with the current language's catalog; English
  (``"en"``) has no catalog: the source strings are English.
* :func:`N_` marks a constant for extraction and returns it unchanged.
* :func:`set_language` switches at once (every later ``_()`` call uses the
  new catalog; scenes re-read their labels, see ``scenes.screens.settings``);
  :func:`current_language`, :func:`available_languages` (code -> the
  language's own name), :func:`system_language` (the default).

Catalogs live at ``assets/locale/<code>/LC_MESSAGES/rummy500.mo`` (from
``rummy500.po``; ``tools/update_translations.py`` extracts the template
``assets/locale/rummy500.pot``, updates the ``.po`` files and compiles
them). The ``assets`` folder is found like the fonts and sounds: inside the
PyInstaller bundle, the installed package ``rummy500_assets``, or beside the
source. A missing or broken ``.mo`` falls back to English (logged) and the
game goes on.
"""

from __future__ import annotations

import gettext as _gettext
import importlib.util
import locale
import logging
import os
import sys
from pathlib import Path

DOMAIN = "rummy500"
"""The gettext domain: catalogs are ``<code>/LC_MESSAGES/rummy500.mo``."""

DEFAULT = "en"

LANGUAGES: dict[str, str] = {"en": "English", "cy": "Cymraeg", "ka": "ქართული"}
"""Language code -> the language's name in that language (shown untranslated,
so a player who cannot read the current language still finds their own)."""

_ALIASES = {"english": "en", "eng": "en", "welsh": "cy", "cym": "cy", "wel": "cy",
            "georgian": "ka", "kat": "ka", "geo": "ka"}
"""Other names of the languages the system may give (Windows locale names, ISO 639-2)."""

_ASSETS_PACKAGE = "rummy500_assets"
_log = logging.getLogger("rummy500.i18n")

_current = DEFAULT
_translations: _gettext.NullTranslations = _gettext.NullTranslations()


def locale_dir() -> Path:
    """The ``assets/locale`` folder (not checked to exist).

    Looked up like ``scenes.core.theme.asset_root``: PyInstaller's
    ``sys._MEIPASS``/``assets`` when frozen, then the installed package
    ``rummy500_assets``, then ``assets/`` beside the ``game`` package.
    """
    base = getattr(sys, "_MEIPASS", None)
    if base:
        return Path(base) / "assets" / "locale"
    try:
        spec = importlib.util.find_spec(_ASSETS_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve() / "locale"
    return Path(__file__).resolve().parent.parent / "assets" / "locale"


def available_languages() -> dict[str, str]:
    """``{code: own name}`` for every language the game offers, English first:
    ``{"en": "English", "cy": "Cymraeg", "ka": "ქართული"}``."""
    return dict(LANGUAGES)


def normalise(code: object) -> str | None:
    """The supported language code that ``code`` names, or ``None``.

    Accepts locale names as the system gives them: ``"cy_GB.UTF-8"``,
    ``"ka-GE"``, ``"en_US"``, ``"CY"`` -> ``"cy"``, ``"ka"``, ``"en"``,
    ``"cy"``; Windows' names (``"Welsh_United Kingdom"``, ``"Georgian_Georgia"``)
    and three-letter codes (``"cym"``, ``"kat"``) too; ``"C"``, ``"POSIX"``,
    ``"fr_FR"``, ``""`` or a non-string -> ``None``."""
    if not isinstance(code, str):
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES else None


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the system asks for, when it is one the game has; else ``"en"``.

    Reads, as gettext does, ``LANGUAGE`` (a colon-separated list: the first
    supported entry wins), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; when
    none is set, the ``locale`` module's idea of the user's locale (on
    Windows and macOS the environment is usually empty). ``environ``
    defaults to ``os.environ``."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        for part in value.split(":"):
            code = normalise(part)
            if code:
                return code
        if var != "LANGUAGE":  # the first locale variable set decides, as in gettext
            return DEFAULT
    if environ is None:
        try:
            guess = locale.getlocale()[0]
        except (ValueError, TypeError):
            guess = None
        code = normalise(guess or "")
        if code:
            return code
    return DEFAULT


def _load(code: str) -> _gettext.NullTranslations:
    if code == DEFAULT:
        return _gettext.NullTranslations()
    path = locale_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with open(path, "rb") as fp:
            return _gettext.GNUTranslations(fp)
    except (OSError, ValueError, UnicodeError, IndexError, KeyError) as exc:
        _log.warning("no usable catalog for %s at %s (%s); showing English", code, path, exc)
        return _gettext.NullTranslations()


def set_language(code: str | None) -> str:
    """Switch every later translation to ``code`` and return the code in force.

    ``code`` may be any form :func:`normalise` accepts; ``None``, ``""`` or
    ``"auto"`` means :func:`system_language`. An unknown code falls back to
    English (never raises). A catalog that cannot be read falls back to
    English as well (logged)."""
    global _current, _translations
    chosen = system_language() if code in (None, "", "auto") else (normalise(code) or DEFAULT)
    _translations = _load(chosen)
    _current = chosen
    return chosen


def current_language() -> str:
    """The code of the language in force: ``"en"``, ``"cy"`` or ``"ka"``."""
    return _current


def gettext(message: str) -> str:
    """``message`` in the current language (itself when untranslated).

    The empty string stays empty: gettext would return the catalog's header
    for it (a blank button label showed "Project-Id-Version: …")."""
    if not message:
        return message
    return _translations.gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` in the current language.

    English picks ``singular`` for 1 and ``plural`` otherwise; a catalog picks
    among its own forms by its ``Plural-Forms`` (Welsh has six, Georgian
    two). Format the result with the number yourself: ``.format(count=n)``."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated in ``context`` (for words that translate
    differently in different places, e.g. ``pgettext("card rank", "Jack")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, as :func:`pgettext`."""
    return _translations.npgettext(context, singular, plural, n)


def and_list(items: list[str]) -> str:
    """``items`` as one phrase in the current language: "Ana", "Ana and Ben",
    "Ana, Ben and Cleo". ``[]`` gives ``""``."""
    items = [str(x) for x in items]
    if len(items) <= 1:
        return "".join(items)
    # TRANSLATORS: joins all names but the last in a list such as "Ana, Ben and Cleo"
    head = _(", ").join(items[:-1])
    # TRANSLATORS: the end of a list: "{items}" is "Ana, Ben", "{last}" is "Cleo"
    return _("{items} and {last}").format(items=head, last=items[-1])


def month_abbr(month: int) -> str:
    """The short name of ``month`` (1-12) in the current language ("Nov").
    Raises ``IndexError`` outside 1-12."""
    names = (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
             pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
             pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
             pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))
    if not 1 <= month <= 12:
        raise IndexError(f"no month {month}")
    return names[month - 1]


_EVERY: dict[str, frozenset[str]] = {}


def in_every_language(message: str) -> frozenset[str]:
    """``message`` as every language of :data:`LANGUAGES` says it (English
    included), e.g. ``"You"`` -> ``{"You", "Chi", "თქვენ"}``. Read from the
    catalogs once per message; a catalog that cannot be read gives English."""
    if message not in _EVERY:
        _EVERY[message] = frozenset(message if code == DEFAULT else _load(code).gettext(message)
                                    for code in LANGUAGES)
    return _EVERY[message]


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (for constants
    built at import time); translate it with :func:`_` where it is shown."""
    return message
