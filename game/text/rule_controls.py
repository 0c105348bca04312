"""The words of the Rules page: one control per variant key of ``rules.md``.

Pure data and small functions (no pygame), used by
:mod:`scenes.screens.rules_settings`. :data:`CONTROLS` lists, in the order of
``rules.md``, each key's label, its values in the order shown with their
names (the rulebook's default marked), and a one-line explanation.
:func:`greyed_reason` says why a control means nothing under the other
choices (or ``None``); :func:`note` adds a remark that does not grey it.
"""

from __future__ import annotations

from game.i18n import N_, _
from game.rules.ruleset import RuleSet

TARGETS = list(range(100, 1001, 50))
"""Target scores offered: 100 to 1,000 in steps of 50 (R21)."""

# key -> (label, [(value, name)], explanation), marked with N_ (translated where shown);
# the default's name is shown as "<name> (rulebook)"
CONTROLS: dict[str, tuple[str, list[tuple[object, str]], str]] = {
    "decks": (N_("Decks"), [("auto", N_("Auto")), (1, N_("Always one")), (2, N_("Always two"))],
              N_("Auto: one 52-card deck for 2 to 5 players, two decks for 6 to 8 (R2).")),
    "jokers_per_deck": (N_("Jokers per deck"), [(0, N_("None")), (1, N_("One")), (2, N_("Two"))],
                        N_("Wild cards each deck adds to the pack (R2, R15).")),
    "two_player_hand_size": (N_("Cards dealt, 2 players"), [(13, "13"), (10, "10")],
                             N_("Only matters when two play: three or more always get 7 (R4).")),
    "scoring": (N_("Card values"), [("standard", N_("Standard")), ("fives", N_("Fives: 5-10-15"))],
                N_("Standard: 2 to 9 at face value, low ace 1. Fives: 2 to 9 and low ace score 5 (R19).")),
    "going_out": (N_("Going out"), [("meld_all", N_("Table everything")), ("discard_required", N_("Must discard")),
                                ("float", N_("Float"))],
                  N_("How a hand ends: table all cards, only by a final discard, or float when you table all (R16).")),
    "final_discard_unplayable": (N_("Last discard must be unplayable"), [(False, N_("Off")), (True, N_("On"))],
                                 N_("You can't go out by discarding a card that could be laid off (R16).")),
    "top_discard_must_be_used": (N_("Top discard must be used"), [(False, N_("Off")), (True, N_("On"))],
                                 N_("A single top card taken from the pile must be tabled that turn (R9).")),
    "deep_card_must_start_meld": (N_("Deep card must start a new meld"), [(False, N_("Off")), (True, N_("On"))],
                                  N_("The deepest card taken from the pile can't just be laid off (R9).")),
    "layoff_requires_own_meld": (N_("Lay off only after your own first meld"), [(False, N_("Off")), (True, N_("On"))],
                                 N_("You must have tabled a meld this hand before laying off (R14).")),
    "ace_wraps": (N_("Runs may turn the corner"), [(False, N_("Off")), (True, N_("On"))],
                  N_("On: K-A-2 is a run (Q-K-A-2-3), and that ace scores 15 (R12).")),
    "empty_stock": (N_("Empty stock"), [("end", N_("Hand ends")), ("reshuffle", N_("Reshuffle the pile"))],
                    N_("When the stock runs out: end the hand, or turn the discard pile over (R17).")),
    "reshuffle_limit": (N_("Reshuffles per hand"), [(None, N_("No limit")), (1, N_("Once")), (2, N_("Twice")),
                                                (3, N_("Three times"))],
                        N_("How often the pile may be turned over in one hand; then it ends as above (R17).")),
    "rummy_calls": (N_("Rummy calls"), [(True, N_("On")), (False, N_("Off"))],
                    N_("Call \"Rummy!\" to take a playable card someone left on the pile (R18).")),
    "target": (N_("Target score"), [(t, f"{t:,}") for t in TARGETS],
               N_("The game ends after the hand in which someone's total reaches this (R21).")),
}


def default_of(key: str):
    """The rulebook's value for ``key``."""
    return getattr(RuleSet(), key)


def choices_for(key: str, current) -> tuple[list, list[str]]:
    """The values and names (in the current language) a control offers, the default marked; a current
    value not on the list (a target of 333 from a file) is added in order."""
    values = [v for v, _name in CONTROLS[key][1]]
    names = [_("{choice} (rulebook)").format(choice=_(n)) if v == default_of(key) and type(v) is type(default_of(key))
             else _(n) for v, n in CONTROLS[key][1]]
    if key == "target" and current not in values:
        i = sum(1 for v in values if v < current)
        values.insert(i, current)
        names.insert(i, f"{current:,}")
    return values, names


def greyed_reason(rules: RuleSet, key: str) -> str | None:
    """Why ``key`` means nothing under the other choices of ``rules``, or ``None``.

    Only ``reshuffle_limit`` depends on another choice: it counts turnings
    of the pile, which happen only under ``empty_stock = reshuffle`` (R17).
    (``final_discard_unplayable`` still matters under every ``going_out``:
    R16 lets a player go out by a discard in each of them.)
    """
    if key == "reshuffle_limit" and rules.empty_stock != "reshuffle":
        return _("Means nothing unless Empty stock is \"Reshuffle the pile\" (R17).")
    return None


def note(rules: RuleSet, key: str) -> str | None:
    """A remark that doesn't grey the control: which player counts the pack can't deal."""
    if key == "decks":
        bad = rules.undealable_player_counts()
        if bad:
            return _("Can't be dealt: {problem}; choose Auto or two decks.").format(
                problem=rules.deal_problem(bad[0])[:-1])
    return None

