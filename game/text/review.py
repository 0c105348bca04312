"""The review's words (:mod:`game.ai.review`): each decision, what Hard
would play, and why, in one sentence a player understands; what happened
next, marked as hindsight, which the cost never uses."""

from __future__ import annotations

from game.i18n import _, ngettext
from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.melds import hand_value
from game.rules.record import ParsedRecord
from game.rules.view import PlayerView
from game.ai.review import Decision, Verdict

from game.text.cards import short_name


def action_words(action: Action | None, view: PlayerView) -> str:
    """``action`` as a player says it, for the seat whose ``view`` it is
    ("discard the K♠", "take 3 cards from the discard pile, down to the 7♥",
    "let the discard go" for no Rummy call)."""
    if action is None:
        return _("let the discard go")
    if isinstance(action, DrawStock):
        return _("draw from the stock")
    if isinstance(action, (TakeDiscards, CallRummy)):
        count = action.count
        card = short_name(view.discard[-count]) if count <= len(view.discard) else "?"
        if isinstance(action, CallRummy):
            return ngettext("call Rummy on the {card}", "call Rummy, taking {count} cards down to the {card}",
                            count).format(card=card, count=count)
        return ngettext("take the {card} from the discard pile",
                        "take {count} cards from the discard pile, down to the {card}",
                        count).format(card=card, count=count)
    if isinstance(action, TableMeld):
        return _("meld {cards}").format(cards=" ".join(short_name(c) for c in action.cards))
    if isinstance(action, LayOff):
        return _("lay off the {card}").format(card=short_name(action.card))
    if isinstance(action, Discard):
        return _("discard the {card}").format(card=short_name(action.card))
    if isinstance(action, EndHand):
        return _("end the hand")
    return str(action)


def _why(decision: Decision, suggested: Action | None) -> str:
    """Why the suggestion is better, in a few words a player recognises."""
    played, view = decision.played, decision.view
    scoring = view.rules.scoring
    if isinstance(played, Discard) and isinstance(suggested, Discard):
        mine, theirs = hand_value(played.card, scoring), hand_value(suggested.card, scoring)
        if theirs > mine:
            return _("It sheds the {card}, which counts {points} points against you if someone goes out.").format(
                card=short_name(suggested.card), points=theirs)
        return _("It keeps the cards that work best together.")
    if isinstance(suggested, (TableMeld, LayOff)) and not isinstance(played, (TableMeld, LayOff)):
        return _("Tabling now counts those points for you before anyone goes out.")
    if isinstance(played, (TableMeld, LayOff)) and isinstance(suggested, Discard):
        return _("Holding those cards back keeps them out of sight, and off the table for others to lay off on.")
    if isinstance(suggested, TakeDiscards) and isinstance(played, DrawStock):
        return _("The {card} on the discard pile fits your hand.").format(
            card=short_name(view.discard[-suggested.count]))
    if isinstance(suggested, DrawStock) and isinstance(played, TakeDiscards):
        return _("The cards from the pile are more to be caught holding when someone goes out.")
    if isinstance(suggested, CallRummy) and played is None:
        return _("The discard could be played, so calling Rummy takes it for you.")
    if suggested is None and isinstance(played, CallRummy):
        return _("The call brings cards you then have to hold.")
    return _("It leaves your hand in better shape for the rest of the hand.")


def reason(verdict: Verdict) -> str:
    """One sentence on ``verdict``: the same play; a better one and by how
    much (points against the others at the end of the hand, with the
    estimate's standard error) when the estimate is clearly above nothing
    (more than two standard errors); else a different one that did about as
    well, or worse, in the hands played out."""
    d = verdict.decision
    if verdict.same:
        return _("Hard plays the same.")
    suggested = action_words(verdict.suggested, d.view)
    played = action_words(d.played, d.view)
    points, error = f"{abs(verdict.points_lost):.1f}", f"{verdict.stderr:.1f}"
    if verdict.points_lost > 2 * verdict.stderr:
        return _("Better to {suggested} than to {played}: about {points} points more for you by the end "
                 "of the hand (± {error}). {why}").format(
            suggested=suggested, played=played, points=points, error=error, why=_why(d, verdict.suggested))
    if verdict.points_lost < -2 * verdict.stderr:
        return _("Hard would {suggested}, but your choice to {played} did better in the hands played out "
                 "(about {points} points, ± {error}).").format(
            suggested=suggested, played=played, points=points, error=error)
    return _("Hard would {suggested}; your choice to {played} did about as well in the hands played out "
             "({points} ± {error} points).").format(
        suggested=suggested, played=played, points=f"{verdict.points_lost:.1f}", error=error)


def hindsight(parsed: ParsedRecord, decision: Decision, names: list[str]) -> str | None:
    """What happened next in the real hand, marked as hindsight (the cost
    never uses it): who took or laid off the card the seat discarded, and
    who went out. ``None`` when nothing worth saying followed."""
    actions = parsed.hands[decision.hand].actions[decision.index + 1:]
    played = decision.played
    parts = []
    if isinstance(played, Discard):
        for a in actions:
            if isinstance(a, LayOff) and a.card == played.card and a.seat != decision.seat:
                parts.append(_("{name} laid off the {card}").format(name=names[a.seat], card=short_name(a.card)))
                break
            if isinstance(a, (TakeDiscards, CallRummy)) and a.seat != decision.seat:
                parts.append(_("{name} took the {card}").format(name=names[a.seat], card=short_name(played.card)))
                break
            if isinstance(a, (DrawStock, TakeDiscards, CallRummy)):
                break  # the card was passed over: it stays in the pile
    if not parts:
        return None
    return _("Hindsight: then {what}.").format(what=parts[0])
