"""The play phase: each move's generator, check and apply side by side
(R7, R9, R10, R13–R16). The table that names them is
:data:`game.rules.moves.MOVES`; see :mod:`game.rules.draw_moves` for the conventions.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Sequence

from game.rules import turn_search as P
from game.rules.actions import Discard, LayOff, TableMeld
from game.rules.cards import JOKER, JOKER_TABLED, Card, card_token, in_hand_card
from game.rules.events import Discarded, Event, LaidOff, MeldTabled
from game.rules.melds import Meld, add_to_meld, classify, layoff_position
from game.rules.phase import PLAY_PHASE, illegal, seat_left_of, turn_checks


# ------------------------------------------------------------ shared checks
def check_cards_in_hand(h, seat: int, cards: Sequence[Card]) -> list[Card] | None:
    """Raise ``card_not_in_hand`` unless the seat holds every card (tabled
    codes: a declared joker needs a joker); return the hand without them."""
    rest = list(h.hands[seat])
    try:
        for t in cards:
            rest.remove(t if t < JOKER_TABLED else JOKER)  # in_hand_card(t), inlined
        return rest
    except ValueError:
        pass
    need = Counter(in_hand_card(t) for t in cards)
    have = Counter(h.hands[seat])
    for c, n in need.items():
        if have[c] < n:
            word = "the joker" if c == JOKER else f"the {card_token(c)}"
            if have[c]:
                raise illegal("card_not_in_hand", "R7", f"You hold only {have[c]} of {card_token(c)}.")
            raise illegal("card_not_in_hand", "R7", f"You don't hold {word}.")


def check_card_in_hand(h, seat: int, card: Card) -> None:
    """:func:`check_cards_in_hand` for one card (a tabled code), without
    building the rest of the hand: the discards and lay-offs of every turn."""
    if in_hand_card(card) not in h.hands[seat]:
        check_cards_in_hand(h, seat, [card])


def discard_left(h, hand: Sequence[Card], committed: Card | None) -> bool:
    """True when, after a play that leaves ``hand`` and ``committed`` (R9),
    the turn can plainly be finished by a discard: no committed card, two
    cards or more, and one of them not R10's single card taken. This is
    what :func:`after_play_check`'s search would find first (its plan is a
    discard now), so a caller that sees True needs neither the search nor
    the table after the play."""
    if committed is not None or len(hand) < 2:
        return False
    single = h.single_taken
    return single is None or hand.count(single) != len(hand)


def after_play_check(h, seat: int, hand: list[Card], table: list[Meld], made: bool,
                     committed: Card | None) -> None:
    """Refuse a play that would leave the turn impossible to finish (R9, R10, R16)."""
    if not hand or discard_left(h, hand, committed):
        return
    if P.find_plan(hand, committed, h.single_taken, table, h.rules,
                   h.has_melded[seat] or made, seat) is not None:
        return
    if committed is not None:
        raise illegal("committed_card_unplayed", "R9",
                      f"After that you could no longer table the {card_token(committed)}, "
                      "which you must play this turn.")
    if h.single_taken is not None and all(c == h.single_taken for c in hand):
        raise illegal("discard_just_taken", "R10",
                      f"After that you would hold only the {card_token(h.single_taken)} you just "
                      "took, which you can't discard this turn.")
    raise illegal("final_discard_playable", "R16",
                  "After that your last card could be tabled, so you couldn't discard it to go out.")


def committed_after(h, tabled: Sequence[Card]) -> Card | None:
    """The committed card (R9) still to table once ``tabled`` is on the table."""
    c = h.committed
    if c is None:
        return None
    return None if any(in_hand_card(t) == c for t in tabled) else c


# ------------------------------------------------------------- R13 new meld
def meld_moves(h, every_declaration: bool = True) -> Iterator[TableMeld]:
    """Every new meld from the hand (R11, R12, R15; see :func:`game.rules.turn_search.meld_plays`)."""
    seat = h.current
    for cards in P.meld_plays(h.hands[seat], h.rules.ace_wraps, every_declaration):
        yield TableMeld(seat, cards)


def check_meld(h, a: TableMeld) -> Meld:
    """R11–R13, R15, R16: held cards, a legal meld, a turn that can still be
    finished. Returns the meld as it would be tabled."""
    turn_checks(h, a, PLAY_PHASE)
    seat = a.seat
    rest = check_cards_in_hand(h, seat, a.cards)
    meld, reason = classify(a.cards, h.rules.ace_wraps)
    if meld is None:
        raise illegal("invalid_meld", reason.rule, str(reason))
    hand = h.hands[seat]
    if h.rules.going_out == "discard_required" and len(a.cards) >= len(hand):
        raise illegal("must_keep_discard", "R16",
                      "Keep one card: under these rules you go out only by discarding your last card.")
    meld.owner = seat
    meld.layers = [seat] * len(meld.cards)
    committed = committed_after(h, a.cards)
    if rest and not discard_left(h, rest, committed):
        after_play_check(h, seat, rest, h.table + [meld], True, committed)
    return meld


def apply_meld(h, a: TableMeld, meld: Meld, events: list[Event]) -> None:
    """Table the meld; the hand may empty (R16)."""
    seat = a.seat
    hand = h.hands[seat]
    for t in meld.cards:
        hand.remove(t if t < JOKER_TABLED else JOKER)  # in_hand_card(t), inlined
    h.table.append(meld)
    h.has_melded[seat] = True
    h.log.append(("meld", seat, len(h.table) - 1, tuple(meld.cards)))
    if h.known[seat]:
        h.forget(seat, [in_hand_card(t) for t in meld.cards])
    events.append(MeldTabled(seat, len(h.table) - 1, tuple(meld.tokens()), meld.kind))
    h.after_tabling(seat, meld.cards, events)


# -------------------------------------------------------------- R14 lay off
def layoff_moves(h) -> Iterator[LayOff]:
    """Every lay-off of a held card on a meld (R14, R15; see :func:`game.rules.turn_search.layoff_plays`)."""
    seat = h.current
    for card, meld in P.layoff_plays(h.hands[seat], h.table, h.rules, h.has_melded[seat]):
        yield LayOff(seat, card, meld)


def check_layoff(h, a: LayOff) -> None:
    """R9, R14–R16: a held card that extends an existing meld, the turn
    still finishable afterwards."""
    turn_checks(h, a, PLAY_PHASE)
    seat = a.seat
    check_card_in_hand(h, seat, a.card)
    if not 0 <= a.meld < len(h.table):
        raise illegal("unknown_meld", "R14",
                      f"There is no meld {a.meld} on the table." if h.table
                      else "There are no melds on the table yet.")
    if h.rules.layoff_requires_own_meld and not h.has_melded[seat]:
        raise illegal("no_meld_yet", "R14", "Under these rules you must table a meld of your own "
                                            "before you lay off.")
    if a.card == JOKER:
        raise illegal("invalid_meld", "R15", "Say which card the joker stands for.")
    meld = h.table[a.meld]
    if layoff_position(meld, a.card, h.rules.ace_wraps) is None:
        raise illegal("invalid_layoff", "R14",
                      f"The {card_token(a.card)} doesn't extend that {meld.kind} "
                      f"({' '.join(meld.tokens())}).")
    c = h.committed
    if c is not None and h.rules.deep_card_must_start_meld and in_hand_card(a.card) == c:
        raise illegal("invalid_layoff", "R9",
                      f"Under these rules the {card_token(c)} you took must start a new meld.")
    hand = h.hands[seat]
    if h.rules.going_out == "discard_required" and len(hand) == 1:
        raise illegal("must_keep_discard", "R16",
                      "Keep one card: under these rules you go out only by discarding your last card.")
    committed = committed_after(h, (a.card,))
    if committed is None and len(hand) > 2 and (h.single_taken is None or not _only_single_left(h, hand, a.card)):
        return  # a discard is left after it (discard_left), without copying the hand and the meld
    sim = P.simulate(hand, h.table, [a], seat, h.rules.ace_wraps)
    assert sim is not None
    after_play_check(h, seat, sim[0], sim[1], False, committed)


def _only_single_left(h, hand: Sequence[Card], tabled: Card) -> bool:
    """Would ``hand`` without the card that becomes ``tabled`` hold only R10's
    single card taken (:func:`discard_left`'s last test, without building that hand)?"""
    single = h.single_taken
    left = hand.count(single) - (in_hand_card(tabled) == single)
    return left == len(hand) - 1


def apply_layoff(h, a: LayOff, prepared: None, events: list[Event]) -> None:
    """Add the card to the meld, recorded as the layer of the seat (R14)."""
    seat = a.seat
    h.hands[seat].remove(in_hand_card(a.card))
    meld = h.table[a.meld]
    add_to_meld(meld, a.card, seat, h.rules.ace_wraps)
    h.log.append(("layoff", seat, a.card, a.meld))
    if h.known[seat]:
        h.forget(seat, [in_hand_card(a.card)])
    events.append(LaidOff(seat, card_token(a.card), a.meld, meld.owner))
    h.after_tabling(seat, [a.card], events)


# --------------------------------------------------------------- R7 discard
def discard_moves(h) -> Iterator[Discard]:
    """One discard per distinct held card, in card order."""
    seat = h.current
    for c in sorted(set(h.hands[seat])):
        yield Discard(seat, c)


def check_discard(h, a: Discard) -> None:
    """R9, R10, R16: no committed card left, not the single card just taken,
    a last card only when it cannot be laid off (under that variant)."""
    turn_checks(h, a, PLAY_PHASE)
    seat = a.seat
    check_card_in_hand(h, seat, a.card)
    if h.committed is not None:
        raise illegal("committed_card_unplayed", "R9",
                      f"You must table the {card_token(h.committed)} you took before you discard.")
    if h.single_taken is not None and a.card == h.single_taken:
        raise illegal("discard_just_taken", "R10",
                      f"You took the {card_token(a.card)} from the discard pile this turn, "
                      "so you can't discard it now.")
    hand = h.hands[seat]
    if (len(hand) == 1 and h.rules.final_discard_unplayable
            and P.playable_on_table(a.card, h.table, h.rules, h.has_melded[seat])):
        raise illegal("final_discard_playable", "R16",
                      f"The {card_token(a.card)} could be laid off on the table, "
                      "so you can't go out by discarding it.")


def apply_discard(h, a: Discard, prepared: None, events: list[Event]) -> None:
    """The card goes on the pile: the hand ends (R16) or the next seat
    draws with the Rummy window open (R18)."""
    seat = a.seat
    h.hands[seat].remove(a.card)
    h.discard.append(a.card)
    h.log.append(("discard", seat, a.card))
    if h.known[seat]:
        h.forget(seat, [a.card])
    events.append(Discarded(seat, card_token(a.card)))
    if not h.hands[seat]:
        h.end("went_out", seat)
    else:
        h.next_turn(seat_left_of(seat, h.players), events)
        h.window = seat if h.rules.rummy_calls else None
