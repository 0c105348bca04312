"""The rules chosen for the next game, shared by New game, the Rules page
and the table's rules badge.

The choice is kept in the settings' ``last_setup`` (``profile``: a built-in
key of :data:`game.rules.ruleset.PROFILES` or a saved profile's name; ``rules``: the
rule set itself, which differs from the profile's when changed). Saved
profiles are in ``profiles.json`` (:mod:`game.services.profiles`), loaded once per
run; a problem with that file is told once as a toast.
"""

from __future__ import annotations

from game.i18n import _
from game.services.profiles import (
    ProfileBook, load_profiles, profile_label, rules_name, save_profiles, selection_from_setup
)
from game.rules.ruleset import RuleSet
from game.services.slots import Slots


def book(app) -> ProfileBook:
    """The built-in and saved profiles (loaded on first use)."""
    if app.profile_book is None:
        app.profile_book, message = load_profiles(app.storage)
        if message:
            app.notify(message, 6.0)
    return app.profile_book


def save_book(app) -> bool:
    """Write the saved profiles (atomically); tells the player when it failed."""
    ok = save_profiles(app.storage, book(app))
    if not ok:
        app.notify(_("Your rules profiles could not be saved (see the log)."))
    return ok


def selection(app) -> tuple[str, RuleSet]:
    """``(profile name, rules)`` chosen for the next game."""
    return selection_from_setup(app.settings.last_setup, book(app))


def choose(app, name: str, rules: RuleSet) -> None:
    """Remember ``name`` and ``rules`` for the next game and save the settings now."""
    last = dict(app.settings.last_setup or {})
    last["profile"] = name
    last["rules"] = rules.to_dict()
    app.settings.last_setup = last
    app.save_settings()


def label(app, name: str | None = None, rules: RuleSet | None = None) -> str:
    """The profile's shown name, ``*`` added when its rules were changed."""
    if name is None or rules is None:
        name, rules = selection(app)
    return profile_label(book(app), name, rules)


def name_of(app, rules: RuleSet) -> str:
    """The one name of ``rules`` (:func:`game.services.profiles.rules_name` over the
    built-in and saved profiles), the same wherever rules are named."""
    return rules_name(rules, book(app))


def saved_game_waiting(app) -> bool:
    """True when a saved game can be continued (a save slot, :mod:`game.services.slots`;
    it keeps its own rules)."""
    try:
        return bool(Slots(app.storage).names())
    except (OSError, ValueError):
        return False


def fill_profiles(app, stepper, name: str, rules: RuleSet) -> str:
    """Make ``stepper`` list every profile with ``name`` chosen (shown with
    ``*`` when ``rules`` differ from its own); returns the name chosen
    (``"standard"`` when ``name`` is gone)."""
    b = book(app)
    names = b.names()
    name = name if name in names else "standard"
    stepper.choices = names
    stepper.names = [label(app, n, rules) if n == name else b.display(n) for n in names]
    stepper.index = names.index(name)
    return name


def game_in_progress(app) -> bool:
    """True when a table is open under the current scene."""
    return app.find("table") is not None
