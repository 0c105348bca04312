"""The words of the person's controls at the table: refusals, what Enter
would do, hints and the labels of a joker's choices.

It sits in the intent layer (it was ``scenes/table/person_words.py``; it
imports only ``game`` modules), so the pygame-free :mod:`game.intent.person_turn`
can word what it decides.

The decisions are the intent layer's (:mod:`game.intent.drops`: a
:class:`~game.intent.drops.Refusal` reason, an :class:`~game.intent.drops.EnterEffect`, a
hinted action); this module only words them, each text in one place.
"""

from __future__ import annotations

from game.rules.actions import Action, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.cards import card_token
from game.intent.drops import EnterEffect, Refusal
from game.i18n import N_, _, ngettext

from game.text.cards import short_name
from game.text.events import card_words

REFUSAL_WORDS = {
    "one_card": N_("Discard one card: select just that card."),
    "select_meld": N_("Select the cards of the meld first."),
    "not_a_meld": N_("Those cards are not a meld."),
    "not_all_fit": N_("Those cards don't all fit that meld; lay them off one at a time."),
    "wait_turn": N_("Wait for your turn."),
    "wait_window": N_("Wait: the Rummy window is open."),
    "draw_first_drop": N_("Draw first: click the stock, or a card of the discard pile."),
    "draw_first_key": N_("Draw first: the stock or a card of the discard pile."),
    "select_layoff": N_("Select the cards to lay off first (Space)."),
}
"""Each :class:`~game.intent.drops.Refusal` reason's words (marked with ``N_``; translated where shown)."""

CHOICE_TITLES = {
    "joker_meld": N_("Which card does the joker stand for?"),
    "joker_layoff": N_("Which card does the joker stand for?"),
}
"""The titles of the choice dialogs (marked with ``N_``; the dialog translates its title)."""


def refusal_words(refusal: Refusal) -> str:
    """The one-line message of ``refusal`` in the current language (the
    engine's own message for ``"engine"``, without its rule id: the caller
    logs that; it is translated where shown, ``game.text.events.plain``)."""
    if refusal.reason == "engine":
        return refusal.message or ""
    if refusal.reason == "no_fit":
        return _("The {card} does not fit that meld.").format(card=short_name(refusal.card))
    return _(REFUSAL_WORDS[refusal.reason])


def choice_label(action: Action) -> str:
    """A joker's option in words: the meld's cards, or the laid-off card."""
    if isinstance(action, TableMeld):
        return " ".join(card_words(card_token(c)) for c in action.cards)
    return card_words(card_token(action.card))


ENTER_WORDS = {
    "not_your_turn": N_("Enter: nothing yet (it is not your turn)"),
    "draw": N_("Enter: draw from the stock"),
    "stock_drawn": N_("The stock (you have drawn)"),
    "discard": N_("Enter: discard the selected card"),
    "discard_select": N_("Select one card (Space) to discard it here"),
    "meld_select": N_("Select cards (Space), then Enter to meld them"),
}
"""What Enter does, for the effects without a number or a name (marked with ``N_``)."""


def enter_words(effect: EnterEffect, seat: int, names: list[str]) -> str:
    """What Enter does on the focused place (an :class:`~game.intent.drops.EnterEffect`), in words."""
    k, kind = effect.count, effect.kind
    if kind in ENTER_WORDS:
        return _(ENTER_WORDS[kind])
    if kind == "rummy":
        return ngettext("Enter: call Rummy, taking {count} card from the pile",
                        "Enter: call Rummy, taking {count} cards from the pile", k).format(count=k)
    if kind == "take":
        return ngettext("Enter: take {count} card from the pile", "Enter: take {count} cards from the pile",
                        k).format(count=k)
    if kind == "meld":
        return ngettext("Enter: meld the {count} selected card", "Enter: meld the {count} selected cards",
                        k).format(count=k)
    mine = effect.owner == seat
    name = names[effect.owner] if effect.owner is not None else ""
    if kind == "lay_off":
        return (_("Enter: lay the selection off on your meld") if mine
                else _("Enter: lay the selection off on {name}'s meld").format(name=name))
    if kind == "lay_off_select":
        return (_("Your meld: select cards to lay off") if mine
                else _("{name}'s meld: select cards to lay off").format(name=name))
    raise KeyError(kind)


def hint_words(action: Action, hand, seat: int, names: list[str]) -> str:
    """The hint for a hinted ``action`` (:func:`game.intent.drops.hint_action`) in
    ``hand`` (a ``HandState``), for the person at ``seat``, in the current language."""
    if isinstance(action, DrawStock):
        text = _("Draw from the stock.")
    elif isinstance(action, TakeDiscards):
        deepest = short_name(hand.discard[-action.count])
        text = (_("Take the {card} from the discard pile.").format(card=deepest) if action.count == 1 else
                ngettext("Take {count} card from the pile, down to the {card}, and meld it.",
                         "Take {count} cards from the pile, down to the {card}, and meld it.",
                         action.count).format(count=action.count, card=deepest))
    elif isinstance(action, TableMeld):
        text = _("Meld {cards}.").format(cards=" ".join(card_words(card_token(c)) for c in action.cards))
    elif isinstance(action, LayOff):
        owner = hand.table[action.meld].owner
        card = card_words(card_token(action.card))
        text = (_("Lay off the {card} on your meld.").format(card=card) if owner == seat else
                _("Lay off the {card} on {name}'s meld.").format(card=card, name=names[owner]))
    elif isinstance(action, Discard):
        text = _("Discard the {card}.").format(card=short_name(action.card))
    elif isinstance(action, EndHand):
        text = _("End the hand: the stock is empty.")
    else:
        text = _("Call Rummy!")
    return _("Hint: {move}").format(move=text)
