"""The words of the Rules page: one control per variant key of ``rules.md``.

Pure data and small functions (no pygame), used by
:mod:`scenes.rules_settings`. :data:`CONTROLS` lists, in the order of
``rules.md``, each key's label, its values in the order shown with their
names (the rulebook's default marked), and a one-line explanation.
:func:`greyed_reason` says why a control means nothing under the other
choices (or ``None``); :func:`note` adds a remark that does not grey it.
"""

from __future__ import annotations

from game.rules import RuleSet

BOOK = " (rulebook)"
TARGETS = list(range(100, 1001, 50))
"""Target scores offered: 100 to 1,000 in steps of 50 (R21)."""

# key -> (label, [(value, name)], explanation); names get BOOK on the default
CONTROLS: dict[str, tuple[str, list[tuple[object, str]], str]] = {
    "decks": ("Decks", [("auto", "Auto"), (1, "Always one"), (2, "Always two")],
              "Auto: one 52-card deck for 2 to 5 players, two decks for 6 to 8 (R2)."),
    "jokers_per_deck": ("Jokers per deck", [(0, "None"), (1, "One"), (2, "Two")],
                        "Wild cards each deck adds to the pack (R2, R15)."),
    "two_player_hand_size": ("Cards dealt, 2 players", [(13, "13"), (10, "10")],
                             "Only matters when two play: three or more always get 7 (R4)."),
    "scoring": ("Card values", [("standard", "Standard"), ("fives", "Fives: 5-10-15")],
                "Standard: 2 to 9 at face value, low ace 1. Fives: 2 to 9 and low ace score 5 (R19)."),
    "going_out": ("Going out", [("meld_all", "Table everything"), ("discard_required", "Must discard"),
                                ("float", "Float")],
                  "How a hand ends: table all cards, only by a final discard, or float when you table all (R16)."),
    "final_discard_unplayable": ("Last discard must be unplayable", [(False, "Off"), (True, "On")],
                                 "You can't go out by discarding a card that could be laid off (R16)."),
    "top_discard_must_be_used": ("Top discard must be used", [(False, "Off"), (True, "On")],
                                 "A single top card taken from the pile must be tabled that turn (R9)."),
    "deep_card_must_start_meld": ("Deep card must start a new meld", [(False, "Off"), (True, "On")],
                                  "The deepest card taken from the pile can't just be laid off (R9)."),
    "layoff_requires_own_meld": ("Lay off only after your own first meld", [(False, "Off"), (True, "On")],
                                 "You must have tabled a meld this hand before laying off (R14)."),
    "ace_wraps": ("Runs may turn the corner", [(False, "Off"), (True, "On")],
                  "On: K-A-2 is a run (Q-K-A-2-3), and that ace scores 15 (R12)."),
    "empty_stock": ("Empty stock", [("end", "Hand ends"), ("reshuffle", "Reshuffle the pile")],
                    "When the stock runs out: end the hand, or turn the discard pile over (R17)."),
    "reshuffle_limit": ("Reshuffles per hand", [(None, "No limit"), (1, "Once"), (2, "Twice"),
                                                (3, "Three times")],
                        "How often the pile may be turned over in one hand; then it ends as above (R17)."),
    "rummy_calls": ("Rummy calls", [(True, "On"), (False, "Off")],
                    "Call \"Rummy!\" to take a playable card someone left on the pile (R18)."),
    "target": ("Target score", [(t, f"{t:,}") for t in TARGETS],
               "The game ends after the hand in which someone's total reaches this (R21)."),
}


def default_of(key: str):
    """The rulebook's value for ``key``."""
    return getattr(RuleSet(), key)


def choices_for(key: str, current) -> tuple[list, list[str]]:
    """The values and names a control offers, the default marked; a current
    value not on the list (a target of 333 from a file) is added in order."""
    values = [v for v, _ in CONTROLS[key][1]]
    names = [n + (BOOK if v == default_of(key) and type(v) is type(default_of(key)) else "")
             for v, n in CONTROLS[key][1]]
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
        return "Means nothing unless Empty stock is \"Reshuffle the pile\" (R17)."
    return None


def note(rules: RuleSet, key: str) -> str | None:
    """A remark that doesn't grey the control: which player counts the pack can't deal."""
    if key == "decks":
        bad = rules.undealable_player_counts()
        if bad:
            return f"Can't be dealt: {rules.deal_problem(bad[0])[:-1]}; choose Auto or two decks."
    return None

