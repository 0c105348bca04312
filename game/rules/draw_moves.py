"""The draw phase and the Rummy window: each move's generator, check and
apply side by side (R8, R9, R10, R17, R18). The table that names them is
:data:`game.rules.moves.MOVES`.

A generator lists the candidate actions of one kind (the table keeps those
its check accepts); a check raises :class:`~game.errors.IllegalMove` and
changes nothing, returning what the apply needs; an apply changes the hand
``h`` (a :class:`~game.rules.hand.HandState`) and appends the events.
"""

from __future__ import annotations

from typing import Iterator

from game.rules import turn_search as P
from game.rules.actions import CallRummy, DrawStock, EndHand, TakeDiscards
from game.rules.cards import Card, card_token, shuffle, tokens
from game.rules.events import CardDrawn, DiscardTaken, Event, RummyCalled, StockReshuffled
from game.rules.phase import DRAW_PHASE, illegal, skipped_by_rummy, turn_checks


# ------------------------------------------------------------ R8.1 stock
def draw_stock_moves(h) -> Iterator[DrawStock]:
    """The stock draw, when R8.1 (or R17's reshuffle) makes one possible."""
    if h.stock_draw_possible():
        yield DrawStock(h.current)


def check_draw_stock(h, a: DrawStock) -> None:
    """R8.1, R17: the stock (or a pile to turn over) must have a card."""
    turn_checks(h, a, DRAW_PHASE)
    if not h.stock_draw_possible():
        if h.rules.empty_stock == "reshuffle" and not h.reshuffle_allowed():
            times = {1: "once", 2: "twice"}.get(h.reshuffles, f"{h.reshuffles} times")
            raise illegal("empty_stock", "R17",
                          f"The stock is empty and the discard pile has already been turned "
                          f"over {times}, the limit for a hand: take from the discard pile "
                          f"or end the hand.")
        if h.rules.empty_stock == "reshuffle":
            raise illegal("empty_stock", "R17",
                          "The stock is empty and the discard pile has only its top card: "
                          "take it or end the hand.")
        raise illegal("empty_stock", "R17",
                      "The stock is empty: take from the discard pile or end the hand.")


def apply_draw_stock(h, a: DrawStock, prepared: None, events: list[Event]) -> None:
    """Take the stock's top card, turning the pile over first if R17 says so."""
    seat = a.seat
    if not h.stock:
        top = h.discard.pop()
        h.stock = h.discard
        shuffle(h.stock, h.rng)
        h.discard = [top]
        h.reshuffles += 1
        events.append(StockReshuffled(seat, len(h.stock)))
    card = h.stock.pop()
    h.hands[seat].append(card)
    h.log.append(("draw", seat))
    h.start_play(None, None)
    events.append(CardDrawn(seat, card_token(card)))


# -------------------------------------------------------- R17 end the hand
def end_hand_moves(h) -> Iterator[EndHand]:
    """Ending the hand, when the stock cannot be drawn from (R17)."""
    if not h.stock_draw_possible():
        yield EndHand(h.current)


def check_end(h, a: EndHand) -> None:
    """R17: only with the stock empty and no pile to turn over."""
    turn_checks(h, a, DRAW_PHASE)
    if h.stock:
        raise illegal("wrong_phase", "R17", "The stock still has cards: you can only end the hand "
                                            "when it is empty.")
    if h.stock_draw_possible():
        raise illegal("wrong_phase", "R17", "Draw from the stock: the discard pile will be shuffled "
                                            "into a new stock.")


def apply_end(h, a: EndHand, prepared: None, events: list[Event]) -> None:
    """The hand ends with no one out (R17)."""
    h.log.append(("end", a.seat))
    h.end("stock_out", None)


# ------------------------------------------------ R8.2, R8.3 the discard pile
def take_moves(h) -> Iterator[TakeDiscards]:
    """Every depth of the discard pile, shallowest first."""
    for k in range(1, len(h.discard) + 1):
        yield TakeDiscards(h.current, k)


def check_take(h, a: TakeDiscards) -> tuple[list[Card], Card | None, Card | None]:
    """R8, R9, R10: the depth exists and the turn can still be finished with
    the deepest card tabled. Returns ``(taken, committed, single)``."""
    turn_checks(h, a, DRAW_PHASE)
    k = a.count
    if not 1 <= k <= len(h.discard):
        raise illegal("bad_take", "R8",
                      f"You can take 1 to {len(h.discard)} cards from the discard pile, not {k}."
                      if h.discard else "The discard pile is empty.")
    taken = h.discard[-k:]
    committed = taken[0] if (k > 1 or h.rules.top_discard_must_be_used) else None
    single = taken[0] if k == 1 else None
    seat = a.seat
    plan = P.find_plan(h.hands[seat] + taken, committed, single, h.table, h.rules,
                       h.has_melded[seat], seat)
    if plan is None:
        c = card_token(taken[0])
        if committed is not None:
            raise illegal("take_unplayable", "R9",
                          f"You could not table the {c} this turn, so you can't take it.")
        raise illegal("take_unplayable", "R10",
                      f"You couldn't finish your turn after taking the {c}: "
                      "it can't go straight back and you'd have nothing else to discard.")
    return taken, committed, single


def apply_take(h, a: TakeDiscards, prepared, events: list[Event]) -> None:
    """Move the top cards of the pile to the hand; the deepest is committed (R9)."""
    taken, committed, single = prepared
    seat = a.seat
    del h.discard[-len(taken):]
    h.hands[seat].extend(taken)
    h.log.append(("take", seat, tuple(taken)))
    h.remember(seat, taken)
    h.start_play(committed, single)
    events.append(DiscardTaken(seat, tuple(tokens(taken)),
                               None if committed is None else card_token(committed)))


# ----------------------------------------------------- R18 the Rummy window
def rummy_moves(h) -> Iterator[CallRummy]:
    """Every Rummy call worth checking: each depth, each seat but the
    discarder, once the cards pass R18's pile test for that seat."""
    if h.window is None or h.ended is not None or not h.rules.rummy_calls:
        return
    callers = [s for s in range(h.players) if s != h.window]
    for k in range(1, len(h.discard) + 1):
        taken = h.discard[-k:]
        # R18's pile test depends on the seat only through R14's variant
        passes = {flag: P.pile_card_tablable(taken, h.table, h.rules, flag, -1)
                  for flag in {h.has_melded[s] for s in callers}}
        for s in callers:
            if passes[h.has_melded[s]]:
                yield CallRummy(s, k)


def check_rummy(h, a: CallRummy) -> list[Card]:
    """R18: a window is open, the caller is another seat, the deepest card
    can be tabled from the pile and the table alone, and the caller can
    then finish the turn. Returns the cards taken."""
    if h.ended is not None:
        raise illegal("hand_over", "R16", "This hand is over.")
    if not h.rules.rummy_calls:
        raise illegal("rummy_not_allowed", "R18", "Rummy calls are off in these rules.")
    if h.window is None or h.phase is not DRAW_PHASE:
        raise illegal("rummy_not_allowed", "R18",
                      "Rummy can only be called right after a discard, before the next player draws.")
    if not 0 <= a.seat < h.players:
        raise illegal("rummy_not_allowed", "R18", "Only a player at the table can call Rummy.")
    if a.seat == h.window:
        raise illegal("rummy_not_allowed", "R18", "You can't call Rummy on your own discard.")
    k = a.count
    if not 1 <= k <= len(h.discard):
        raise illegal("rummy_not_allowed", "R18",
                      f"You can take 1 to {len(h.discard)} cards with a Rummy call, not {k}.")
    taken = h.discard[-k:]
    seat = a.seat
    if not P.pile_card_tablable(taken, h.table, h.rules, h.has_melded[seat], seat):
        raise illegal("rummy_not_allowed", "R18",
                      f"The {card_token(taken[0])} can't be tabled from the pile and the table alone: "
                      "no Rummy there.")
    single = taken[0] if k == 1 else None
    if P.find_plan(h.hands[seat] + taken, taken[0], single, h.table, h.rules,
                   h.has_melded[seat], seat) is None:
        raise illegal("rummy_not_allowed", "R18",
                      f"You couldn't table the {card_token(taken[0])} and still finish your turn.")
    return taken


def apply_rummy(h, a: CallRummy, prepared: list[Card], events: list[Event]) -> None:
    """The caller takes the cards and the turn; the seats between are skipped (R18)."""
    taken = prepared
    seat = a.seat
    discarder = h.window
    del h.discard[-len(taken):]
    h.hands[seat].extend(taken)
    skipped = skipped_by_rummy(discarder, seat, h.players)
    h.current = seat
    h.log.append(("rummy", seat, tuple(taken)))
    h.remember(seat, taken)
    h.start_play(taken[0], taken[0] if len(taken) == 1 else None)
    events.append(RummyCalled(seat, discarder, tuple(tokens(taken)), card_token(taken[0]),
                              tuple(skipped)))
