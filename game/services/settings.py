"""The player's settings (``settings.json``): the :class:`Settings` dataclass,
the choices each key may take, and :data:`SETTINGS_SCHEMA`, which checks
every key (nested ones too) once, at load.

Reading and writing the file is :meth:`game.services.storage.Storage.load_settings` /
``save_settings``; ``game.services.storage`` re-exports every name here. Pure Python;
never imports pygame.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from game.services import schema as S
from game.services.files import is_int
from game.i18n import LANGUAGES, N_
from game.rules.record import MAX_NAME
from game.rules.ruleset import RULE_KEYS, RuleSet, RulesError

__all__ = [
    "SETTINGS_VERSION", "SPEEDS", "LANGUAGE_CHOICES", "CARD_STYLES", "CARD_BACKS", "FELTS", "MIN_WINDOW",
    "MAX_WINDOW", "RUMMY_WINDOW_RANGE", "RUMMY_WINDOW_DEFAULT_S", "OLD_RUMMY_WINDOW_DEFAULT_S", "CARD_SIZES", "VOLUME_RANGE", "SETTING_WORDS", "AI_LEVELS",
    "SETUP_SEAT_KINDS", "SETUP_NAME_LEN", "LAST_SETUP_SCHEMA", "SETTINGS_SCHEMA", "Settings",
]

SETTINGS_VERSION = 1
"""The settings file format this version writes; a file with a higher
``version`` came from a newer program and is not overwritten."""
SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGE_CHOICES = ("auto", *LANGUAGES)
"""``Settings.language``: follow the system, or one of :data:`game.i18n.LANGUAGES`."""
CARD_STYLES = ("2color", "4color")
CARD_BACKS = ("blue", "red", "black")
FELTS = ("green", "blue", "burgundy", "dark")
MIN_WINDOW = (1024, 640)
"""Smallest window (width, height) in pixels: the window opens at least this
big, a smaller resize is saved as this, and a smaller size in a settings
file (an older program's) is read as this, silently. One minimum for all three."""
MAX_WINDOW = (16384, 16384)
RUMMY_WINDOW_RANGE = (0.5, 10.0)
"""Seconds a person has to call Rummy after a discard: (lowest, highest)."""
RUMMY_WINDOW_DEFAULT_S = 3.0
"""The default time to call Rummy (seconds): a new player found 2 s too short
to reach the button (issue 21, item 13)."""
OLD_RUMMY_WINDOW_DEFAULT_S = 2.0
"""The default before :data:`RUMMY_WINDOW_DEFAULT_S`. A settings file
without ``rummy_default_s`` was written by a version whose default this was,
and its ``rummy_window_s`` of exactly 2 s is read as that default, not as a
choice (the file cannot tell them apart): it becomes the new default. Any
other value there was chosen and is kept."""
CARD_SIZES = ("small", "normal", "large")
VOLUME_RANGE = (0, 100)
"""Sound volume in percent: (lowest, highest)."""

SETTING_WORDS = {
    "window_size": N_("window size"), "fullscreen": N_("full screen"), "speed": N_("animation speed"),
    "card_style": N_("card faces"), "card_back": N_("card back"), "felt": N_("table colour"),
    "reduced_motion": N_("reduced motion"), "rummy_window_s": N_("time to call Rummy"),
    "rummy_button_always": N_("Rummy! button after every discard"), "rummy_default_s": N_("time to call Rummy"),
    "player_name": N_("your name"), "last_setup": N_("last new-game choices"), "show_log": N_("game log"),
    "card_size": N_("card size"), "sound": N_("sound"), "volume": N_("volume"), "language": N_("language"),
    "hint_level": N_("hint level"),
    "version": N_("file version"),
}
"""How a settings key is named to the player (marked with ``N_``; translated where shown)."""


def _rules_value(value: Any) -> dict:
    """A ``last_setup.rules`` object that :meth:`RuleSet.from_dict` accepts (kept as read)."""

    RuleSet.from_dict(value)  # RulesError (a ValueError) when unusable
    return dict(value)


AI_LEVELS = ("easy", "medium", "hard", "hoarder", "early-melder", "pile-taker", "lay-off-hunter",
             "rummy-caller", "cautious", "random")
"""What ``last_setup.levels`` may hold: :data:`game.ai.PLAYERS`. ``you_level`` takes the
three levels alone (and ``"human"``)."""
HINT_LEVELS = AI_LEVELS[1:3]
"""The levels the Hint may ask, Medium first (the default): :data:`game.ai.HINT_LEVELS`, written here
like :data:`AI_LEVELS` so that reading the settings loads no AI (a test checks the two agree)."""
SETUP_SEAT_KINDS = ("computer", "human", "open")
"""What ``last_setup.kinds`` holds for each seat after yours: a computer (its
level in ``levels``), a person at this computer, or open for a person at
another computer (issue 23); ``where`` is ``"here"`` or ``"host"``. A file
without them (an older version's) has computers at every other seat."""
SETUP_NAME_LEN = 16
"""Longest seat name the New game form takes (and keeps in ``last_setup``)."""

LAST_SETUP_SCHEMA = S.Obj({
    "players": S.Int(2, 8),
    "names": S.ListOf(S.Text(SETUP_NAME_LEN), 8),
    "levels": S.ListOf(S.Choice(AI_LEVELS), 8),
    "kinds": S.ListOf(S.Choice(SETUP_SEAT_KINDS), 8),
    "where": S.Choice(("here", "host")),
    "port": S.Int(1024, 65535),
    "you_level": S.Choice(AI_LEVELS[:3] + ("human",)),
    "profile": S.Text(100),
    "rules": S.Custom(_rules_value),
})
"""The New game choices kept in ``settings.json`` (``scenes/screens/setup.py``,
``scenes/core/rules_choice.py``); unknown keys are kept."""

SETTINGS_SCHEMA = S.Obj({
    "window_size": S.Pair(MIN_WINDOW, MAX_WINDOW, raise_low=True),
    "fullscreen": S.Bool(),
    "speed": S.Choice(SPEEDS),
    "card_style": S.Choice(CARD_STYLES),
    "card_back": S.Choice(CARD_BACKS),
    "felt": S.Choice(FELTS),
    "reduced_motion": S.Bool(),
    "rummy_window_s": S.Float(*RUMMY_WINDOW_RANGE),
    "rummy_default_s": S.Float(*RUMMY_WINDOW_RANGE),
    "rummy_button_always": S.Bool(),
    "player_name": S.Text(MAX_NAME),
    "last_setup": LAST_SETUP_SCHEMA,
    "show_log": S.Bool(),
    "card_size": S.Choice(CARD_SIZES),
    "sound": S.Bool(),
    "volume": S.Int(*VOLUME_RANGE),
    "language": S.Choice(LANGUAGE_CHOICES),
    "hint_level": S.Choice(HINT_LEVELS),
    "version": S.Int(0),
})
"""Every key of ``settings.json`` and the values the screens can use, one
line a key (nested keys included): :meth:`Settings.from_dict` keeps what
fits and drops the rest to its default (:mod:`game.services.schema`)."""


@dataclass
class Settings:
    """The player's settings (``settings.json``).

    * ``window_size``: ``(width, height)`` of the window in pixels, from
      :data:`MIN_WINDOW` to :data:`MAX_WINDOW`; default ``(1280, 720)``.
    * ``fullscreen``: start in fullscreen; default ``False``.
    * ``speed``: animation and AI pacing, one of :data:`SPEEDS`
      (``"slow"`` ×1.6, ``"normal"``, ``"fast"`` ×0.5, ``"instant"``).
    * ``card_style``: ``"2color"`` or ``"4color"`` faces.
    * ``card_back``: one of :data:`CARD_BACKS`; ``felt``: one of :data:`FELTS`.
    * ``reduced_motion``: fades instead of moves.
    * ``rummy_window_s``: seconds to call Rummy after a discard, within
      :data:`RUMMY_WINDOW_RANGE`; default :data:`RUMMY_WINDOW_DEFAULT_S`
      (3 s; an older file's 2 s, its default then, is read as 3 s:
      :data:`OLD_RUMMY_WINDOW_DEFAULT_S`).
    * ``rummy_default_s``: the default time to call Rummy of the version that
      wrote the file (always written as :data:`RUMMY_WINDOW_DEFAULT_S`; a
      file without it is older, see above).
    * ``rummy_button_always``: with one person at the computer, show the
      Rummy! button after every discard, even when they cannot call (for those
      who want to spot calls themselves); default ``False``: only when they
      can (issue 21, item 13).
    * ``player_name``: the person's name at the table (1 to 200 characters,
      not only spaces, no control characters); default ``"You"``.
    * ``last_setup``: the last New game choices (a JSON object, kept as is;
      the setup screen decides what its keys mean); default ``{}``.
    * ``show_log``: show the move log beside the table.
    * ``card_size``: one of :data:`CARD_SIZES`, a scale on the table's card
      heights (kept within the layout's limits); default ``"normal"``.
    * ``sound``: play card sounds; ``volume``: their loudness in percent,
      within :data:`VOLUME_RANGE`; default on, at a low 30 %.
    * ``language``: ``"auto"`` (the system's language when the game has it,
      else English: :func:`game.i18n.system_language`) or a code of
      :data:`game.i18n.LANGUAGES` (``"en"``, ``"cy"``, ``"ka"``); default ``"auto"``.
    * ``hint_level``: the computer level whose move the table's Hint shows,
      one of :data:`HINT_LEVELS`; default ``"medium"``.
    * ``version``: the file format, :data:`SETTINGS_VERSION` for files this
      program writes; higher means the file came from a newer program.
    * ``extra``: keys of the file this version does not know, written back
      unchanged by :meth:`to_dict` so a newer version's settings survive.
    * ``newer_keys``: where the file held a key this version does not know
      in a place that does not take unknown keys (a rule of a newer version
      in ``last_setup.rules``); not a setting, never written. The file is
      then a newer version's (:attr:`is_newer`).
    """

    window_size: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    speed: str = "normal"
    card_style: str = "2color"
    card_back: str = "blue"
    felt: str = "green"
    reduced_motion: bool = False
    rummy_window_s: float = RUMMY_WINDOW_DEFAULT_S
    rummy_default_s: float = RUMMY_WINDOW_DEFAULT_S
    rummy_button_always: bool = False
    player_name: str = "You"
    last_setup: dict = field(default_factory=dict)
    show_log: bool = False
    # the Table page of Settings (issue 9)
    card_size: str = "normal"
    sound: bool = True
    volume: int = 30
    language: str = "auto"
    hint_level: str = HINT_LEVELS[0]
    version: int = SETTINGS_VERSION
    extra: dict = field(default_factory=dict, repr=False)
    newer_keys: list = field(default_factory=list, repr=False, compare=False)

    @classmethod
    def from_dict(cls, data: dict) -> tuple["Settings", list[str]]:
        """Settings from a decoded ``settings.json`` object, key by key.

        Every key, nested ones too, is checked by :data:`SETTINGS_SCHEMA`.
        Returns ``(settings, reset)``: each known key with a valid value is
        kept; a missing key takes its default silently; a key whose value has
        the wrong type or is out of range takes its default and is listed in
        ``reset`` (file order, nested keys as ``"last_setup.profile"``); a
        dropped value is never written back. Strings are cleaned
        (:func:`game.services.schema.clean_text`). Unknown keys go to ``extra``. A missing or
        invalid ``version`` becomes :data:`SETTINGS_VERSION` (the file is
        upgraded); a higher one is kept. A file without ``rummy_default_s``
        whose ``rummy_window_s`` is 2 s (the default when it was written) takes
        the new default (:data:`OLD_RUMMY_WINDOW_DEFAULT_S`). A ``last_setup.rules`` refused only
        for rule keys this version does not know is kept as read (not
        reset) and those keys go to ``newer_keys``: a newer version's file.
        Never raises for a ``dict``.
        """
        known = {f.name for f in dataclasses.fields(cls)} - _NOT_KEYS
        good, dropped = S.check(SETTINGS_SCHEMA, data)
        newer = []
        if "last_setup.rules" in dropped:
            rules = data["last_setup"]["rules"]
            newer = _newer_rule_keys(rules)
            if newer:
                good["last_setup"]["rules"] = dict(rules)
                dropped.remove("last_setup.rules")
        values = {k: v for k, v in good.items() if k in known}
        extra = {k: v for k, v in good.items() if k not in known}
        # a bad version just means "old": upgraded below, not worth a word
        reset = [p for p in dropped if p not in ("version", "rummy_default_s")]  # bookkeeping, not a choice
        if values.get("version", 0) < SETTINGS_VERSION:
            values["version"] = SETTINGS_VERSION
        if "rummy_default_s" not in data and values.get("rummy_window_s") == OLD_RUMMY_WINDOW_DEFAULT_S:
            values["rummy_window_s"] = RUMMY_WINDOW_DEFAULT_S  # the old default, not a choice
        values["rummy_default_s"] = RUMMY_WINDOW_DEFAULT_S  # written so from now on: what the file holds is chosen
        return cls(**values, extra=extra, newer_keys=[f"last_setup.rules.{k}" for k in newer]), reset

    def to_dict(self) -> dict[str, Any]:
        """The JSON object to write: the unknown keys first (as read), then
        every known key (``window_size`` as a two-number list)."""
        out: dict[str, Any] = dict(self.extra)
        for f in dataclasses.fields(self):
            if f.name in _NOT_KEYS:
                continue
            value = getattr(self, f.name)
            if f.name == "window_size":
                value = list(value)
            elif f.name == "last_setup":
                value = dict(value)
            out[f.name] = value
        return out

    @property
    def is_newer(self) -> bool:
        """True when these settings were read from a newer program's file:
        its ``version`` is higher than ours, or it holds keys this version
        does not know where they make it fail (:attr:`newer_keys`)."""
        return (is_int(self.version) and self.version > SETTINGS_VERSION) or bool(self.newer_keys)


_NOT_KEYS = {"extra", "newer_keys"}  # fields of Settings that are not keys of the file


def _newer_rule_keys(rules: Any) -> list[str]:
    """The keys of a ``rules`` object this version does not know, when they
    are all that is wrong with it (the object without them is a valid rule
    set); else ``[]``."""
    if not isinstance(rules, dict):
        return []
    unknown = [k for k in rules if k not in RULE_KEYS]
    if not unknown:
        return []
    try:
        RuleSet.from_dict({k: v for k, v in rules.items() if k in RULE_KEYS})
    except RulesError:
        return []
    return unknown
