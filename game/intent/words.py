"""The words of the person's controls at the table: refusals, what Enter
would do, hints, the labels of a joker's choices, what a Rummy call or a
take from the pile would give, a drop's hint and the status lines.

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
from game.rules.phase import Phase
from game.intent.drops import EnterEffect, HintWhy, Refusal
from game.intent.targets import NewMeld, OnMeld, Target
from game.intent.turn import RummyOption
from game.i18n import N_, _, ngettext

from game.text.cards import short_name
from game.text.levels import LEVEL_LABELS
from game.text.events import card_words, rummy_take_words

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
    return _("Hint: {move}").format(move=move_words(action, hand, seat, names))


def move_words(action: Action, hand, seat: int, names: list[str]) -> str:
    """A hinted ``action`` as an instruction ("Discard the K♣."), for the person at ``seat`` of ``hand``."""
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
    return text


def why_words(why: HintWhy) -> str:
    """Why a hinted move is good (:func:`game.intent.drops.hint_why`), in a
    few words of the current language, ending with a full stop."""
    card = short_name(why.card) if why.card is not None else ""
    if why.kind == "out":
        return _("you go out and the hand ends.")
    if why.kind == "score":
        return ngettext("{count} point scored now instead of left in your hand.",
                        "{count} points scored now instead of left in your hand.", why.points).format(count=why.points)
    if why.kind == "take_meld":
        return _("the {card} makes a meld with your {cards}.").format(
            card=card, cards=" ".join(short_name(c) for c in why.cards))
    if why.kind == "take_layoff":
        return _("the {card} lays off on a meld on the table.").format(card=card)
    if why.kind == "take_keep":
        return _("the {card} is worth more to you than an unknown card.").format(card=card)
    if why.kind == "stock_nothing":
        return _("no card in the pile can be tabled with your cards.")
    if why.kind == "stock_better":
        return _("what the pile offers is worth less to you than a fresh card.")
    if why.kind == "discard_loose":
        return ngettext("it counts {count} point against you and no card of yours is near it.",
                        "it counts {count} points against you and no card of yours is near it.",
                        why.points).format(count=why.points)
    if why.kind == "discard_least":
        return _("of your cards, it does least for your melds.")
    return _("the stock is empty and nothing in the pile helps you.")


def hint_line(action: Action, why: HintWhy, level: str, hand, seat: int, names: list[str]) -> str:
    """The hint shown at the table: ``level``'s move and, in the same line, why
    (e.g. "Hint (Hard): Discard the K♣. Why: it counts 10 points against you
    and no card of yours is near it.")."""
    return _("Hint ({level}): {move} Why: {reason}").format(
        level=_(LEVEL_LABELS.get(level, level)), move=move_words(action, hand, seat, names), reason=why_words(why))


def rummy_words(hand, option: RummyOption, seat: int, names: list[str], short: bool = False) -> str:
    """What a Rummy call (a :class:`~game.intent.turn.RummyOption` in ``hand``, a
    ``HandState``) would take and where its deepest card goes, in words, for
    the person at ``seat``; ``short`` for a button of the "how deep" dialog."""
    k, card = option.call.count, short_name(option.card)
    if option.meld is None:
        where, name = "pile", ""
    else:
        owner = hand.table[option.meld].owner if option.meld < len(hand.table) else seat
        where, name = ("yours", "") if owner == seat else ("theirs", names[owner])
    return rummy_take_words(k, card, where, name, short)


def take_words(hand, index: int) -> str:
    """What taking the pile card at ``index`` (and every card above it) from
    ``hand`` (a ``HandState``) gives, and which card must then be melded (R9)."""
    k = len(hand.discard) - index
    name = short_name(hand.discard[index])
    if k > 1:
        return ngettext("Take {count} card — you must meld the {card}", "Take {count} cards — you must meld the {card}",
                        k).format(count=k, card=name)
    if hand.rules.top_discard_must_be_used:  # the strict variant of R9 commits the top discard too
        return _("Take the {card} — you must meld it this turn").format(card=name)
    return _("Take the {card}").format(card=name)


def drop_words(target: Target, ok: bool) -> str:
    """What a drop of hand cards on ``target`` (the discard pile, the felt or
    a meld) does, or, when not ``ok``, a warning that it is not allowed."""
    if isinstance(target, NewMeld):
        return _("Meld") if ok else _("⚠ Meld: not allowed here")
    if isinstance(target, OnMeld):
        return _("Lay off") if ok else _("⚠ Lay off: not allowed here")
    return _("Discard") if ok else _("⚠ Discard: not allowed here")


def status_words(hand, seat: int, names: list[str], claim: int | None, seconds_left: float | None) -> list[str] | None:
    """The status panel's lines while it is the person's move or their Rummy
    window (``None`` otherwise): ``hand`` a ``HandState`` (not ended, the game
    not won), ``claim`` the seat of a computer whose Rummy call waits on the
    person, ``seconds_left`` of the person's running Rummy window (``None``
    when none runs). Shape: ``[heading, what to do]``."""
    if claim is not None and seconds_left is not None:
        return [_("Hand {hand}").format(hand=hand.index + 1),
                _("{name} called Rummy! You come first: press R to call it yourself ({seconds} s).").format(
                    name=names[claim], seconds=f"{seconds_left:.0f}")]
    if seconds_left is not None and hand.current != seat:
        return [_("Hand {hand}").format(hand=hand.index + 1),
                _("Rummy? Press R or the button ({seconds} s).").format(seconds=f"{seconds_left:.0f}")]
    if hand.current != seat:
        return None
    head = _("Hand {hand} · your turn").format(hand=hand.index + 1)
    if hand.phase == Phase.DRAW:
        if not hand.stock_draw_possible():
            return [head, _("The stock is empty: take from the discard pile, or end the hand (E).")]
        if seconds_left is not None:
            return [head, _("Draw from the stock, or click a discard-pile card to take it and all above it. "
                            "Or call Rummy! (R)")]
        return [head, _("Draw from the stock, or click a discard-pile card to take it and all above it.")]
    if hand.committed is not None:
        return [head, _("Meld the {card} you took (with cards that make a meld), then discard.").format(
            card=short_name(hand.committed))]
    return [head, _("Meld or lay off if you like, then drag one card to the discard pile.")]
