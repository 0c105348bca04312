"""The words of the person's controls at the table: refusals, what Enter
would do, hints and the labels of a joker's choices.

The decisions are the intent layer's (:mod:`game.drops`: a
:class:`~game.drops.Refusal` reason, an :class:`~game.drops.EnterEffect`, a
hinted action); this module only words them, each text in one place.
"""

from __future__ import annotations

from game.actions import Action, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.cards import card_token
from game.drops import EnterEffect, Refusal

from .cardart import short_name
from .words import card_words

REFUSAL_WORDS = {
    "one_card": "Discard one card: select just that card.",
    "select_meld": "Select the cards of the meld first.",
    "not_a_meld": "Those cards are not a meld.",
    "not_all_fit": "Those cards don't all fit that meld; lay them off one at a time.",
    "wait_turn": "Wait for your turn.",
    "wait_window": "Wait: the Rummy window is open.",
    "draw_first_drop": "Draw first: click the stock, or a card of the discard pile.",
    "draw_first_key": "Draw first: the stock or a card of the discard pile.",
    "select_layoff": "Select the cards to lay off first (Space).",
}

CHOICE_TITLES = {
    "joker_meld": "Which card does the joker stand for?",
    "joker_layoff": "Which card does the joker stand for?",
}


def refusal_words(refusal: Refusal) -> str:
    """The one-line message of ``refusal`` (the engine's own message for
    ``"engine"``, without its rule id: the caller logs that)."""
    if refusal.reason == "engine":
        return refusal.message or ""
    if refusal.reason == "no_fit":
        return f"The {short_name(refusal.card)} does not fit that meld."
    return REFUSAL_WORDS[refusal.reason]


def choice_label(action: Action) -> str:
    """A joker's option in words: the meld's cards, or the laid-off card."""
    if isinstance(action, TableMeld):
        return " ".join(card_words(card_token(c)) for c in action.cards)
    return card_words(card_token(action.card))


def whose_meld(owner: int, seat: int, names: list[str]) -> str:
    """"your" or "Ana's": whose meld it is, seen from ``seat``."""
    return "your" if owner == seat else f"{names[owner]}'s"


ENTER_WORDS = {
    "rummy": "Enter: call Rummy, taking {cards} from the pile",
    "not_your_turn": "Enter: nothing yet (it is not your turn)",
    "draw": "Enter: draw from the stock",
    "stock_drawn": "The stock (you have drawn)",
    "take": "Enter: take {cards} from the pile",
    "discard": "Enter: discard the selected card",
    "discard_select": "Select one card (Space) to discard it here",
    "meld": "Enter: meld the {count} selected cards",
    "meld_select": "Select cards (Space), then Enter to meld them",
    "lay_off": "Enter: lay the selection off on {whose} meld",
    "lay_off_select": "{Whose} meld: select cards to lay off",
}


def enter_words(effect: EnterEffect, seat: int, names: list[str]) -> str:
    """What Enter does on the focused place (an :class:`~game.drops.EnterEffect`), in words."""
    k = effect.count
    whose = whose_meld(effect.owner, seat, names) if effect.owner is not None else ""
    return ENTER_WORDS[effect.kind].format(cards=f"{k} card{'s' if k > 1 else ''}", count=k,
                                           whose=whose, Whose=whose.capitalize())


def hint_words(action: Action, hand, seat: int, names: list[str]) -> str:
    """The hint for a hinted ``action`` (:func:`game.drops.hint_action`) in
    ``hand`` (a ``HandState``), for the person at ``seat``."""
    if isinstance(action, DrawStock):
        text = "Draw from the stock."
    elif isinstance(action, TakeDiscards):
        deepest = hand.discard[-action.count]
        text = (f"Take the {short_name(deepest)} from the discard pile." if action.count == 1 else
                f"Take {action.count} cards from the pile, down to the {short_name(deepest)}, and meld it.")
    elif isinstance(action, TableMeld):
        text = "Meld " + " ".join(card_words(card_token(c)) for c in action.cards) + "."
    elif isinstance(action, LayOff):
        whose = whose_meld(hand.table[action.meld].owner, seat, names)
        text = f"Lay off the {card_words(card_token(action.card))} on {whose} meld."
    elif isinstance(action, Discard):
        text = f"Discard the {short_name(action.card)}."
    elif isinstance(action, EndHand):
        text = "End the hand: the stock is empty."
    else:
        text = "Call Rummy!"
    return "Hint: " + text
