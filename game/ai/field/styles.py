"""The styles of the field (issue 25, item 1): ways people play Rummy 500.

Every style but the random player is Medium (:class:`~game.ai.medium.MediumAI`)
with one habit of its own, built on :class:`FieldPlayer`: Medium as it was
when the field was made, so that a later gain in Medium (the pile-top
and deep-pile charges, :data:`~game.ai.medium.FEED_PILE` and
:data:`~game.ai.medium.FEED_DEEP`) does not make every style stronger
with it. What a style does differently is its habit alone:

* :class:`HoarderAI` melds only when it can go out (all at once);
* :class:`EarlyMelderAI` tables everything it can at once, never holding a meld back;
* :class:`PileTakerAI` takes the discard pile as deep as the rules let it
  (R9: whenever it can meld or lay off the deepest card);
* :class:`LayOffHunterAI` lays off first, takes a top discard it can lay off,
  and keeps cards close to a meld on the table;
* :class:`RummyCallerAI` calls Rummy whenever a call is legal (R18);
* :class:`CautiousAI` never discards a card that could feed a meld (one on
  the table, with what an opponent took, or with the pile's top card) while
  it has another card to throw;
* :class:`RandomAI` plays a uniform choice among its legal actions.

In a circling hand (R17, :mod:`game.ai.cycle`) each plays as Medium does, so
that the hand ends. Each sees only its :class:`~game.rules.view.PlayerView`.
"""

from __future__ import annotations

from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.cards import JOKER
from game.rules.hand import HandState
from game.rules.meld_masks import could_meld_with
from game.rules.melds import hand_value, open_cards
from game.rules.view import PlayerView, sample_world
from game.ai.base import AIPlayer
from game.ai.cycle import circling, ending_take
from game.ai.discards import discard_values, wanted_by
from game.ai.evaluate import fits_table, greedy_tabling, relates
from game.ai.going_out import going_out_plan
from game.ai.medium import MediumAI, keep_count


class FieldPlayer(MediumAI):
    """The styles' common base: Medium without its later gains (no charge for
    a discard that melds with the pile's top card, :data:`~game.ai.medium.FEED_PILE`,
    or with a card deeper in the pile, :data:`~game.ai.medium.FEED_DEEP`)."""

    pile_feed = 0.0
    deep_feed = 0.0


def _tabling(view: PlayerView, world: HandState) -> list:
    """The plays Medium's tabling finds for ``view``'s hand now (melds, then lay-offs)."""
    seat = view.seat
    return greedy_tabling(view.hand, world.table, view.rules, seat, view.has_melded[seat], keep_count(view),
                          view.single_taken, view.committed)[0]


def can_go_out(view: PlayerView, world: HandState, hand=None, single_taken=None, committed=None) -> bool:
    """True when ``hand`` (by default the view's, with its single taken and
    committed card) can go out this turn (R16): the exact search finds the
    split (:func:`going_out_plan`, hands of up to
    :data:`~game.ai.going_out.MAX_HAND` cards), or Medium's tabling leaves at
    most one card, and that one may be the discard (R9, R10)."""
    seat = view.seat
    if hand is None:
        hand, single_taken, committed = view.hand, view.single_taken, view.committed
    rules = view.rules
    has_meld = view.has_melded[seat]
    if going_out_plan(list(hand), world.table, rules, seat, has_meld, single_taken, committed) is not None:
        return True
    _, _, left, _ = greedy_tabling(hand, world.table, rules, seat, has_meld, keep_count(view), single_taken,
                                   committed)
    if not left:
        return rules.going_out == "meld_all"
    return len(left) == 1 and left[0] not in (single_taken, committed)


class HoarderAI(FieldPlayer):
    """Melds only when it can go out: it holds every meld and lay-off until
    the whole hand can be tabled this turn (or all but the discard that goes
    out, R16), then tables it all. It takes a pile card alone when that card
    melds with its hand and the rules let it keep it (not under
    ``top_discard_must_be_used``, R9), takes deeper only to go out, and never
    calls Rummy (a call must be tabled at once). With the stock empty it ends
    the hand rather than table a card (R17)."""

    level = "hoarder"

    def __init__(self, seed: int | None = None):
        super().__init__(seed, calls=False)

    def choose_draw(self, view: PlayerView, world: HandState) -> Action:
        """A take that goes out, else a top card that melds with the hand, else the stock (or the end, R17)."""
        seat = view.seat
        rules = view.rules
        for k in range(len(view.discard), 0, -1):
            take = TakeDiscards(seat, k)
            taken = list(view.discard[-k:])
            if world.is_legal(take) and can_go_out(view, world, list(view.hand) + taken,
                                                   taken[0] if k == 1 else None, taken[0] if k > 1 else None):
                return take
        if not world.stock_draw_possible():
            return EndHand(seat)
        if view.discard and not rules.top_discard_must_be_used:
            top = view.discard[-1]
            take = TakeDiscards(seat, 1)
            if (top == JOKER or could_meld_with(list(view.hand) + [top], top, rules.ace_wraps)) \
                    and world.is_legal(take):
                return take
        return DrawStock(seat)

    def choose_play(self, view: PlayerView, world: HandState) -> Action:
        """Table the going-out split when there is one; else discard."""
        if circling(view) or view.committed is not None:
            return super().choose_play(view, world)
        if can_go_out(view, world):
            for play in _tabling(view, world):
                if world.is_legal(play):
                    return play
        discards = self.ranked_discards(view, world)
        if discards:
            return discards[0]
        return world.plan_for(view.seat)[0]


class EarlyMelderAI(FieldPlayer):
    """Tables every meld and lay-off the moment it holds it: Medium, but it
    never holds a small first meld back."""

    level = "early-melder"

    def hold_melds(self, view: PlayerView, plays: list[TableMeld | LayOff]) -> bool:
        """Never: everything goes down at once."""
        return False


class PileTakerAI(FieldPlayer):
    """Takes the discard pile as deep as it can: whenever a take of two cards
    or more is legal (R9: its deepest card can be tabled this turn), the
    deepest such take; otherwise it draws as Medium does."""

    level = "pile-taker"

    def choose_draw(self, view: PlayerView, world: HandState) -> Action:
        """The deepest legal take of two cards or more, else Medium's draw."""
        return ending_take(view, world) or super().choose_draw(view, world)


HUNT = 6.0
"""Points by which :class:`LayOffHunterAI` rates a discard down when the card
is near an open card of a table meld (it could be laid off later)."""


def _turn_can_end(view: PlayerView, card) -> bool:
    """True when the hand without ``card`` still lets the turn end: enough
    cards stay (R16 ``discard_required``) and, unless it is empty, one that
    may be discarded (not only the card taken alone, R10)."""
    rest = list(view.hand)
    rest.remove(card)
    if len(rest) < keep_count(view):
        return False
    return not rest or any(c != view.single_taken for c in rest)


class LayOffHunterAI(FieldPlayer):
    """Plays for lay-offs (R14): it takes a top discard it can lay off, lays
    off before it melds (unless melding first goes out), and keeps the cards
    close to a table meld's open cards (same rank, or its suit within two
    ranks), which a later card may let it lay off. Otherwise Medium."""

    level = "lay-off-hunter"

    def choose_draw(self, view: PlayerView, world: HandState) -> Action:
        """The top discard when it can be laid off now, else Medium's draw."""
        seat = view.seat
        rules = view.rules
        if (view.discard and world.stock_draw_possible() and view.discard[-1] != JOKER
                and (view.has_melded[seat] or not rules.layoff_requires_own_meld)
                and fits_table(view.discard[-1], world.table, rules)):
            take = TakeDiscards(seat, 1)
            if world.is_legal(take):
                return take
        return super().choose_draw(view, world)

    def choose_play(self, view: PlayerView, world: HandState) -> Action:
        """A lay-off first (when no going-out split needs another order), then as Medium."""
        if view.committed is None and not circling(view) and not can_go_out(view, world):
            scoring = view.rules.scoring
            naturals = [p for p in world.legal_plays(every_declaration=False)
                        if type(p) is LayOff and p.card < JOKER and _turn_can_end(view, p.card)]
            if naturals:  # the dearest card first: it would count most against the hand
                return max(naturals, key=lambda p: (hand_value(p.card, scoring), -p.card, -p.meld))
        return super().choose_play(view, world)

    def ranked_discards(self, view: PlayerView, world: HandState) -> list[Discard]:
        """Medium's order, with cards near a table meld's open cards kept (:data:`HUNT`)."""
        seat = view.seat
        aw = view.rules.ace_wraps
        discards = [Discard(seat, c) for c in sorted(set(view.hand)) if world.is_legal(Discard(seat, c))]
        values = discard_values([a.card for a in discards], view, world.table)
        wanted = sorted({c for m in world.table for c in open_cards(m, aw)})
        for card in values:
            if card != JOKER and relates(card, wanted, aw):
                values[card] -= HUNT
        discards.sort(key=lambda a: (-values[a.card], a.card))
        return discards


class RummyCallerAI(FieldPlayer):
    """Calls Rummy (R18) whenever a call is legal, at the depth Medium rates
    best, even where drawing would be worth more. Otherwise Medium."""

    level = "rummy-caller"

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """The best legal call, or ``None`` when none is legal."""
        if not view.rules.rummy_calls or view.window is None:
            return None
        world = sample_world(view, self.rng)
        best: tuple[float, CallRummy] | None = None
        for k in range(1, len(view.discard) + 1):
            call = CallRummy(view.seat, k)
            value = self.score_take(view, world, k, call)
            if value is not None and (best is None or value > best[0]):
                best = (value, call)
        return best[1] if best else None


def feeds(card, view: PlayerView, table) -> bool:
    """True when discarding ``card`` could feed a meld: it fits a meld on the
    table (a lay-off, R14; a joker whenever one has an open card), it melds
    with a card an opponent took from the pile and holds
    (:func:`~game.ai.discards.wanted_by`), or with the top card of the pile,
    so that the next player could take both (R8.3)."""
    aw = view.rules.ace_wraps
    if fits_table(card, table, view.rules) or wanted_by(card, view) > 0:
        return True
    return bool(view.discard) and relates(card, view.discard[-1:], aw) > 0


class CautiousAI(FieldPlayer):
    """Never feeds a meld: it does not discard a card that fits a meld on the
    table, melds with a card an opponent took from the pile, or melds with
    the pile's top card (:func:`feeds`) while it has another legal discard.
    Otherwise Medium."""

    level = "cautious"

    def ranked_discards(self, view: PlayerView, world: HandState) -> list[Discard]:
        """Medium's order, the cards that feed left out (kept only when every discard feeds)."""
        discards = super().ranked_discards(view, world)
        safe = [d for d in discards if not feeds(d.card, view, world.table)]
        return safe or discards


class RandomAI(AIPlayer):
    """The random legal player: a uniform choice among its legal draws, then
    among its legal melds, lay-offs and discards (one joker declaration per
    choice of cards), and a Rummy call one time in three when one is legal,
    at a random legal depth (R18)."""

    level = "random"

    def choose(self, view: PlayerView) -> Action:
        """A random legal action of ``view.seat``."""
        world = sample_world(view, self.rng)
        if view.phase == "draw":
            options = [a for a in world.legal_actions() if a.seat == view.seat and not isinstance(a, CallRummy)]
        else:
            options = [a for a in world.legal_plays(every_declaration=False) + world.legal_actions()
                       if a.seat == view.seat and not isinstance(a, CallRummy)]
        return self.rng.choice(options)

    def call_rummy(self, view: PlayerView) -> CallRummy | None:
        """One time in three, a random legal call; else ``None``."""
        if view.window is None or self.rng.random() > 1 / 3:
            return None
        world = sample_world(view, self.rng)
        calls = [CallRummy(view.seat, k) for k in range(1, len(view.discard) + 1)
                 if world.is_legal(CallRummy(view.seat, k))]
        return self.rng.choice(calls) if calls else None
