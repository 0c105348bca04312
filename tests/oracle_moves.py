"""The move enumerators as they were before issue 14 part 3 (main c3d16e2),
kept word for word as a test oracle: ``candidate_melds`` and ``meld_options``
of ``game/rules/melds.py``, the whole of ``game/rules/turn_search.py`` (turn searches over play
tuples) and the engine's ``legal_actions`` / ``rummy_calls`` /
``legal_plays``. The property tests in ``test_moves_oracle.py`` compare the
one enumerator of ``game.rules.melds`` and the engine's legal-move table with these
answers on random positions; :func:`old_searches` makes a live engine check
moves with these searches, so the whole old answer can be had.

Not used by the game. Delete once nobody doubts the new code.
"""

from __future__ import annotations

import logging
from collections import Counter
from itertools import combinations
from typing import Iterable, Iterator, Sequence

from game.rules.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.cards import (
    JOKER, JOKER_TABLED, Card, declared, in_hand_card, joker_as, make_card, rank_of, suit_of
)
from game.rules.meld_masks import SUIT_LISTS as _SUIT_LISTS
from game.rules.meld_masks import any_meld_masks as _any_meld_masks
from game.rules.meld_masks import hand_masks as _hand_masks
from game.rules.melds import (
    RUN, Meld, add_to_meld, layoff_choices, layoff_position, _position, _run_bounds_ok, classify, open_cards, position_rank
)
from game.rules.meld_masks import could_meld_with
from game.rules.ruleset import RuleSet


def play_action(seat: int, play: tuple) -> Action:
    """The old tuple-to-action conversion."""
    return TableMeld(seat, play[1]) if play[0] == "meld" else LayOff(seat, play[1], play[2])


def candidate_melds(hand: Iterable[Card], ace_wraps: bool = False, *,
                    every_declaration: bool = False, rank: int | None = None,
                    suit: int | None = None, first: bool = False) -> list[tuple[Card, ...]]:
    """Legal melds that can be made from ``hand`` (a multiset of hand cards),
    each as tabled codes in display order (R11, R12, R15).

    Sets of 3 and 4 and runs of every length are listed; jokers fill gaps and
    ends. With ``every_declaration=False`` a set lists one declaration per
    choice of natural cards and joker count (the lowest free suits), which
    keeps the list short; runs always list every window. Given ``rank`` and
    ``suit`` (a card's), only sets of that rank and runs of that suit are listed.
    With ``first=True`` the list stops at the first meld found (sets first).
    """
    masks, rank_suits, jokers = _hand_masks(hand)
    if not _any_meld_masks(masks, rank_suits, jokers, ace_wraps):
        return []
    out: list[tuple[Card, ...]] = []
    # sets
    for r0 in ((rank - 1,) if rank is not None else range(13)):
        present = _SUIT_LISTS[rank_suits[r0]]
        np = len(present)
        if not np or np + jokers < 3:
            continue
        for size in (3, 4):
            for k in range(max(1, size - jokers), min(size, np) + 1):
                need = size - k
                for nat_suits in (combinations(present, k) if k < np else (present,)):
                    nat = tuple(su * 13 + r0 for su in nat_suits)
                    if not need:
                        out.append(nat)
                        if first:
                            return out
                        continue
                    free = [su for su in range(4) if su not in nat_suits]
                    decls = combinations(free, need) if every_declaration else (free[:need],)
                    for js in decls:
                        out.append(nat + tuple(JOKER_TABLED + su * 13 + r0 for su in js))
                        if first:
                            return out
    # runs
    for su in ((suit,) if suit is not None else range(4)):
        m = masks[su]
        if not m:
            continue
        base = su * 13
        if not jokers:
            m |= (m & 1) << 13
            if ace_wraps:
                m |= m << 13
            if not m & (m >> 1) & (m >> 2):
                continue
        for lo in range(1, 14):
            if not jokers and not masks[su] >> (lo - 1) & 1:
                continue
            missing = 0
            naturals = 0
            cur: list[Card] = []
            hi_limit = lo + 12 if ace_wraps else min(14, lo + 12)
            for hi in range(lo, hi_limit + 1):
                r0 = (hi - 1) % 13
                if masks[su] >> r0 & 1:
                    naturals += 1
                    cur.append(base + r0)
                else:
                    missing += 1
                    if missing > jokers:
                        break
                    cur.append(JOKER_TABLED + base + r0)
                if naturals and len(cur) >= 3:
                    out.append(tuple(cur))
                    if first:
                        return out
    return out


def meld_options(selection: Sequence[Card], ace_wraps: bool = False) -> list[tuple[Card, ...]]:
    """Every legal meld that uses exactly the hand cards ``selection``
    (naturals and undeclared jokers), one entry per way of declaring the
    jokers, each in display order (R11, R12, R15). Empty when none exists.
    Naturals may also be given already tabled (a joker as ``JK=…`` keeps its
    declaration)."""
    sel = list(selection)
    jokers = sum(1 for c in sel if c == JOKER)
    if jokers == 0:
        meld, _ = classify(sel, ace_wraps)
        return [tuple(meld.cards)] if meld else []
    naturals = [c for c in sel if c != JOKER]
    if not naturals or len(sel) < 3:
        return []
    fixed = [declared(c) for c in naturals]
    ranks = [rank_of(d) for d in fixed]
    suits = [suit_of(d) for d in fixed]
    out: list[tuple[Card, ...]] = []
    n = len(sel)
    # sets
    if len(set(ranks)) == 1 and len(set(suits)) == len(suits) and n <= 4:
        free = [s for s in range(4) if s not in suits]
        for chosen in combinations(free, jokers):
            it = iter(chosen)
            out.append(tuple(c if c != JOKER else joker_as(make_card(ranks[0], next(it)))
                             for c in sel))
    # runs
    if len(set(suits)) == 1 and len(set(ranks)) == len(ranks) and n <= 13:
        suit = suits[0]
        seen = set()
        for lo in range(1, 14):
            hi = lo + n - 1
            if not _run_bounds_ok(lo, hi, ace_wraps):
                continue
            positions = {_position(r, lo) for r in ranks}
            if max(positions) > hi:
                continue
            key = frozenset(positions)
            if (key, lo) in seen:
                continue
            seen.add((key, lo))
            by_pos = {_position(rank_of(declared(c)), lo): c for c in naturals}
            cards = tuple(by_pos[x] if x in by_pos else joker_as(make_card(position_rank(x), suit))
                          for x in range(lo, hi + 1))
            if cards not in out:
                out.append(cards)
    return out


log = logging.getLogger("rummy500.plays.oracle")

Play = tuple


def playable_on_table(card: Card, table: Sequence[Meld], rules: RuleSet, has_meld: bool) -> bool:
    """True when hand card ``card`` could be laid off on some meld of ``table``
    now (R14; under ``layoff_requires_own_meld`` only once the player has a
    meld). Used by R16 ``final_discard_unplayable``."""
    if rules.layoff_requires_own_meld and not has_meld:
        return False
    aw = rules.ace_wraps
    if card == JOKER:
        return any(open_cards(m, aw) for m in table)
    return any(card in open_cards(m, aw) for m in table)


def simulate(hand: Sequence[Card], table: Sequence[Meld], plays: Sequence[Play], seat: int,
             ace_wraps: bool) -> tuple[list[Card], list[Meld], bool] | None:
    """Apply ``plays`` to copies of ``hand`` and ``table`` for ``seat``.

    Returns ``(hand, table, made_meld)`` or ``None`` when a play is not
    possible (a card not in hand, a meld or lay-off that is not legal). The
    given lists and melds are not changed.
    """
    hand = list(hand)
    table = list(table)
    copied: set[int] = set()
    made = False
    for play in plays:
        if play[0] == "meld":
            cards = play[1]
            for t in cards:
                try:
                    hand.remove(in_hand_card(t))
                except ValueError:
                    return None
            meld, _ = classify(cards, ace_wraps)
            if meld is None:
                return None
            meld.owner = seat
            meld.layers = [seat] * len(meld.cards)
            copied.add(len(table))
            table.append(meld)
            made = True
        else:
            _, t, i = play
            try:
                hand.remove(in_hand_card(t))
            except ValueError:
                return None
            if not 0 <= i < len(table):
                return None
            m = table[i]
            if i not in copied:
                m = m.copy()
                table[i] = m
                copied.add(i)
            if layoff_position(m, t, ace_wraps) is None:
                return None
            add_to_meld(m, t, seat, ace_wraps)
    return hand, table, made


def melds_with(hand: Sequence[Card], card: Card, ace_wraps: bool) -> list[tuple[Card, ...]]:
    """Legal new melds from ``hand`` that table ``card`` (a natural, or a
    joker under some declaration), shortest first."""
    if card == JOKER:
        found = [m for m in candidate_melds(hand, ace_wraps) if any(t >= JOKER_TABLED for t in m)]
    elif not could_meld_with(hand, card, ace_wraps):
        return []
    else:
        found = [m for m in candidate_melds(hand, ace_wraps, rank=rank_of(card), suit=suit_of(card))
                 if card in m]
    found.sort(key=len)
    return found


def _chains(rest: Sequence[Card], card: Card, table: Sequence[Meld], ace_wraps: bool) -> Iterator[list[Play]]:
    """Lay-off chains that reach ``card`` at an end of a run on the table,
    filling the positions between with cards of ``rest`` (naturals first,
    then jokers)."""
    if card == JOKER:
        return
    r, s = rank_of(card), suit_of(card)
    for i, m in enumerate(table):
        if m.kind != RUN or m.suit != s:
            continue
        for step in (1, -1):
            counts = Counter(rest)
            plays: list[Play] = []
            x = m.hi + 1 if step == 1 else m.lo - 1
            while True:
                length = m.hi - m.lo + 1 + len(plays) + 1
                if length > 13 or (not ace_wraps and not 1 <= x <= 14):
                    break
                xr = position_rank(x)
                if xr == r:
                    if plays:
                        yield plays + [("layoff", card, i)]
                    break
                filler = make_card(xr, s)
                if counts[filler]:
                    counts[filler] -= 1
                    plays.append(("layoff", filler, i))
                elif counts[JOKER]:
                    counts[JOKER] -= 1
                    plays.append(("layoff", joker_as(filler), i))
                else:
                    break
                x += step


def committed_plans(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: RuleSet,
                    has_meld: bool) -> Iterator[list[Play]]:
    """Candidate play sequences that table ``card`` (one copy, held in
    ``hand``) this turn (R9): a new meld holding it; unless
    ``deep_card_must_start_meld``, a lay-off on a meld of the table, directly
    or after filling the gap to a run's end; under
    ``layoff_requires_own_meld`` a lay-off is preceded by a meld of the
    player's own when they have none. Candidates are not yet checked:
    :func:`simulate` each one."""
    aw = rules.ace_wraps
    for meld in melds_with(hand, card, aw):
        yield [("meld", meld)]
    if rules.deep_card_must_start_meld:
        return
    rest = list(hand)
    rest.remove(card)
    direct = [[("layoff", t, i)] for i, m in enumerate(table) for t in layoff_choices(m, card, aw)]
    chains = list(_chains(rest, card, table, aw))
    if not direct and not chains:
        return
    if rules.layoff_requires_own_meld and not has_meld:
        prefixes = [[("meld", m)] for m in sorted(candidate_melds(rest, aw), key=len)]
    else:
        prefixes = [[]]
    for pre in prefixes:
        for tail in direct + chains:
            yield pre + tail


def all_plays(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, has_meld: bool,
              every_declaration: bool = True) -> list[Play]:
    """Every single meld and lay-off the player could make now (R13, R14, R15)."""
    aw = rules.ace_wraps
    plays: list[Play] = [("meld", m) for m in candidate_melds(hand, aw, every_declaration=every_declaration)]
    if table and (not rules.layoff_requires_own_meld or has_meld):
        held = set(hand)
        joker = JOKER in held
        for i, m in enumerate(table):
            opens = open_cards(m, aw)
            for c in opens:
                if c in held:
                    plays.append(("layoff", c, i))
            if joker:
                for c in opens:
                    plays.append(("layoff", joker_as(c), i))
    return plays


def _can_discard_now(hand: Sequence[Card], single_taken: Card | None, table: Sequence[Meld],
                     rules: RuleSet, has_meld: bool) -> bool:
    if len(hand) == 1:
        d = hand[0]
        if d == single_taken:
            return False
        return not (rules.final_discard_unplayable and playable_on_table(d, table, rules, has_meld))
    return any(d != single_taken for d in hand)


def finish_plan(hand: Sequence[Card], single_taken: Card | None, table: Sequence[Meld],
                rules: RuleSet, has_meld: bool, seat: int, extra: bool = True) -> list[Play] | None:
    """With no committed card left, the plays needed before a legal discard
    or before the hand empties (going out, or floating): ``[]`` when the
    player can discard now, one play when that is needed, ``None`` when the
    turn cannot be finished (R10, R16)."""
    if not hand:
        return None if rules.going_out == "discard_required" else []
    if _can_discard_now(hand, single_taken, table, rules, has_meld):
        return []
    if not extra:
        return None
    for play in all_plays(hand, table, rules, has_meld):
        sim = simulate(hand, table, [play], seat, rules.ace_wraps)
        if sim is None:
            continue
        h2, t2, made = sim
        if finish_plan(h2, single_taken, t2, rules, has_meld or made, seat, extra=False) is not None:
            return [play]
    return None


def find_plan(hand: Sequence[Card], committed: Card | None, single_taken: Card | None,
              table: Sequence[Meld], rules: RuleSet, has_meld: bool, seat: int) -> list[Play] | None:
    """A sequence of plays that finishes the turn from here, or ``None``.

    ``hand`` is what the player holds, ``committed`` the card that must
    still be tabled (R9) or ``None``, ``single_taken`` the card taken alone
    from the pile this turn (R10) or ``None``. The plan tables the committed
    card and leaves a legal discard, or empties the hand where that ends the
    turn (R16).

    First a fast constructive search (melds holding the card, lay-offs and
    lay-off chains, one meld first where R14's variant asks for it, one more
    play where the discard needs it); when that finds nothing and the card
    could still be tabled at all, an exhaustive search over every meld
    (every joker declaration, jokers in place of held cards too) and every
    lay-off, memoised, up to :data:`SEARCH_BUDGET` positions.
    """
    if committed is None:
        plan = finish_plan(hand, single_taken, table, rules, has_meld, seat)
        if plan is not None or not hand:
            return plan
        return exhaustive_plan(hand, None, single_taken, table, rules, has_meld, seat)
    keep_one = rules.going_out == "discard_required"
    for plan in committed_plans(hand, committed, table, rules, has_meld):
        sim = simulate(hand, table, plan, seat, rules.ace_wraps)
        if sim is None:
            continue
        h2, t2, made = sim
        if not h2:
            if keep_one:
                continue
            return plan
        rest = finish_plan(h2, single_taken, t2, rules, has_meld or made, seat)
        if rest is not None:
            return plan + rest
    if not could_ever_table(hand, committed, table, rules):
        return None
    return exhaustive_plan(hand, committed, single_taken, table, rules, has_meld, seat)


def could_ever_table(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: RuleSet) -> bool:
    """A quick necessary condition for tabling ``card`` this turn: it could
    join a meld made from ``hand``, or extend (perhaps after other cards) a
    meld on the table. False means no sequence of plays tables it."""
    aw = rules.ace_wraps
    if card == JOKER:
        return len(hand) >= 3 or any(open_cards(m, aw) for m in table)
    if could_meld_with(hand, card, aw):
        return True
    if rules.deep_card_must_start_meld:
        return False
    s = suit_of(card)
    return any(card in open_cards(m, aw) or (m.kind == RUN and m.suit == s) for m in table)


SEARCH_BUDGET = 4000
"""Positions the exhaustive turn search visits at most; beyond it the turn
counts as impossible to finish (never reached in play; a safety bound).
Running out is not silent: it is logged and counted in :data:`OVER_BUDGET`."""

OVER_BUDGET = Counter()
"""How often the exhaustive search ran out of :data:`SEARCH_BUDGET`
(``OVER_BUDGET["searches"]``) in this process, so that a refusal that came
from the budget, not the rules, can be told apart (tests, benchmarks, logs)."""


class _OverBudget(Exception):
    pass


def all_meld_options(hand: Sequence[Card], ace_wraps: bool,
                     holding: Card | None = None) -> list[tuple[Card, ...]]:
    """Every legal meld from ``hand`` under every joker declaration, jokers
    standing in for cards the hand also holds included (R11, R12, R15).
    Given a natural card ``holding``, only the melds that hold it."""
    counts = Counter(hand)
    jokers = counts[JOKER]
    out: list[tuple[Card, ...]] = []
    only = holding is not None and holding != JOKER
    # sets: each suit of the set filled by a held natural or a joker
    for r0 in ((holding % 13,) if only else range(13)):
        held = [s for s in range(4) if counts[s * 13 + r0]]
        if not held:
            continue
        for size in (3, 4):
            for suits in combinations(range(4), size):
                options = [[s * 13 + r0, joker_as(s * 13 + r0)] if s in held else [joker_as(s * 13 + r0)]
                           for s in suits]
                out.extend(_fills(options, jokers))
    # runs: each position filled by a held natural or a joker
    for s in ((holding // 13,) if only else range(4)):
        if not any(counts[s * 13 + r0] for r0 in range(13)):
            continue
        for lo in range(1, 14):
            hi_limit = lo + 12 if ace_wraps else min(14, lo + 12)
            for hi in range(lo + 2, hi_limit + 1):
                options = []
                missing = 0
                for x in range(lo, hi + 1):
                    card = s * 13 + position_rank(x) - 1
                    if counts[card]:
                        options.append([card, joker_as(card)])
                    else:
                        options.append([joker_as(card)])
                        missing += 1
                if missing > jokers:
                    break
                out.extend(_fills(options, jokers))
    if only:
        out = [m for m in out if holding in m]
    return out


def _fills(options: list[list[Card]], jokers: int) -> list[tuple[Card, ...]]:
    """Every choice of one card per place, with at least one natural and at
    most ``jokers`` jokers."""
    results: list[tuple[Card, ...]] = [()]
    for choice in options:
        results = [r + (c,) for r in results for c in choice
                   if sum(1 for t in r if t >= JOKER_TABLED) + (c >= JOKER_TABLED) <= jokers]
    return [r for r in results if any(t < JOKER_TABLED for t in r)]


def _search_moves(hand: Sequence[Card], table: Sequence[Meld], committed: Card | None,
                  rules: RuleSet, has_meld: bool) -> list[Play]:
    aw = rules.ace_wraps
    held = set(hand)
    needs_meld = rules.layoff_requires_own_meld and not has_meld
    moves: list[Play] = []
    for meld in all_meld_options(hand, aw, None if needs_meld else committed):
        if committed is not None and not needs_meld:
            has_card = any(t >= JOKER_TABLED for t in meld) if committed == JOKER else committed in meld
            if not has_card:
                continue
        moves.append(("meld", meld))
    if not needs_meld:
        s = suit_of(committed) if committed is not None and committed != JOKER else -1
        for i, m in enumerate(table):
            relevant = committed is None or committed == JOKER or (m.kind == RUN and m.suit == s)
            for o in open_cards(m, aw):
                if o in held and (relevant or o == committed):
                    moves.append(("layoff", o, i))
                if JOKER in held and (relevant or committed == JOKER):
                    moves.append(("layoff", joker_as(o), i))
    if committed is not None:
        moves.sort(key=lambda p: 0 if committed in ([in_hand_card(t) for t in p[1]] if p[0] == "meld"
                                                     else [in_hand_card(p[1])]) else 1)
    return moves


def exhaustive_plan(hand: Sequence[Card], committed: Card | None, single_taken: Card | None,
                    table: Sequence[Meld], rules: RuleSet, has_meld: bool, seat: int,
                    finish: bool = True) -> list[Play] | None:
    """The exhaustive search behind :func:`find_plan` (see there). With
    ``finish=False`` the goal is only to table ``committed`` (R18's test)."""
    aw = rules.ace_wraps
    keep_one = rules.going_out == "discard_required" and finish
    failed: set = set()
    nodes = [0]

    def dfs(hand: list[Card], table: list[Meld], c: Card | None, has_meld: bool) -> list[Play] | None:
        nodes[0] += 1
        if nodes[0] > SEARCH_BUDGET:
            raise _OverBudget
        if c is None:
            if not finish:
                return []
            if not hand:
                return None if keep_one else []
            if _can_discard_now(hand, single_taken, table, rules, has_meld):
                return []
        key = (tuple(sorted(hand)), tuple(tuple(m.cards) for m in table), c, has_meld)
        if key in failed:
            return None
        for play in _search_moves(hand, table, c, rules, has_meld):
            used = [in_hand_card(t) for t in play[1]] if play[0] == "meld" else [in_hand_card(play[1])]
            if keep_one and len(used) >= len(hand):
                continue
            tables_c = c is not None and c in used
            if tables_c and play[0] == "layoff" and rules.deep_card_must_start_meld:
                continue
            sim = simulate(hand, table, [play], seat, aw)
            if sim is None:
                continue
            h2, t2, made = sim
            c2 = None if tables_c else c
            if not h2:
                if c2 is None and not keep_one:
                    return [play]
                continue
            rest = dfs(h2, t2, c2, has_meld or made)
            if rest is not None:
                return [play] + rest
        failed.add(key)
        return None

    try:
        return dfs(list(hand), list(table), committed, has_meld)
    except _OverBudget:
        OVER_BUDGET["searches"] += 1
        log.warning("the turn search ran out of its budget (%d positions) on hand %s, table %s: "
                    "the turn is treated as impossible to finish", SEARCH_BUDGET, sorted(hand),
                    [m.cards for m in table])
        return None


def pile_card_tablable(cards: Sequence[Card], table: Sequence[Meld], rules: RuleSet,
                       has_meld: bool, seat: int) -> bool:
    """R18's test: can ``cards[0]`` (the deepest of the top cards of the
    pile, ``cards`` deepest first) be tabled using only ``cards`` and the
    melds on the table?"""
    card = cards[0]
    aw = rules.ace_wraps
    if card != JOKER:
        direct = not rules.deep_card_must_start_meld and (has_meld or not rules.layoff_requires_own_meld)
        if direct and any(card in open_cards(m, aw) for m in table):
            return True
    if not could_ever_table(cards, card, table, rules):
        return False
    for plan in committed_plans(cards, card, table, rules, has_meld):
        if simulate(cards, table, plan, seat, aw) is not None:
            return True
    return exhaustive_plan(cards, card, None, table, rules, has_meld, seat, finish=False) is not None


def legal_actions(self) -> list[Action]:
    """Every legal draw of the seat to move (stock, each discard-pile depth
    that R9 allows, or ``end`` under R17), every legal discard, and every
    Rummy call open to another seat (R18). Melds and lay-offs are listed by
    :meth:`legal_plays`. Empty once the hand is over."""
    if self.ended is not None:
        return []
    seat = self.current
    out: list[Action] = []
    if self.phase.value == "draw":
        if self.stock_draw_possible():
            out.append(DrawStock(seat))
        else:
            out.append(EndHand(seat))
        for k in range(1, len(self.discard) + 1):
            a = TakeDiscards(seat, k)
            if self.is_legal(a):
                out.append(a)
        out.extend(rummy_calls(self))
    else:
        for c in sorted(set(self.hands[seat])):
            a = Discard(seat, c)
            if self.is_legal(a):
                out.append(a)
    return out

def rummy_calls(self) -> list[CallRummy]:
    """Every legal Rummy call (R18) by any seat, right now."""
    if self.window is None or self.ended is not None or not self.rules.rummy_calls:
        return []
    out = []
    callers = [s for s in range(self.players) if s != self.window]
    for k in range(1, len(self.discard) + 1):
        taken = self.discard[-k:]
        # R18's pile test depends on the seat only through R14's variant
        passes = {flag: pile_card_tablable(taken, self.table, self.rules, flag, -1)
                  for flag in {self.has_melded[s] for s in callers}}
        for s in callers:
            if passes[self.has_melded[s]]:
                a = CallRummy(s, k)
                if self.is_legal(a):
                    out.append(a)
    return out

def legal_plays(self, every_declaration: bool = True) -> list[Action]:
    """Every legal new meld and lay-off for the seat to move in the play
    phase (R13–R15), each checked like :meth:`apply` would."""
    if self.ended is not None or self.phase.value != "play":
        return []
    seat = self.current
    out: list[Action] = []
    for play in all_plays(self.hands[seat], self.table, self.rules, self.has_melded[seat],
                            every_declaration):
        a = play_action(seat, play)
        if self.is_legal(a):
            out.append(a)
    return out



def _as_tuple(play) -> tuple:
    """The old play tuple of an engine play action (the engine now hands
    :class:`TableMeld` / :class:`LayOff` to ``simulate``)."""
    if isinstance(play, TableMeld):
        return ("meld", play.cards)
    if isinstance(play, LayOff):
        return ("layoff", play.card, play.meld)
    return play


class old_searches:
    """``with old_searches():`` the live engine checks every move with the
    old turn searches of this module (its modules' ``P`` point here), so its
    ``is_legal`` answers as main c3d16e2 did. The engine's ``simulate`` calls
    pass actions; they reach the old ``simulate`` as the old tuples."""

    def __enter__(self):
        import sys
        from types import SimpleNamespace

        import game.rules.turn_search as live
        me = sys.modules[__name__]
        shim = SimpleNamespace(**vars(me))
        shim.simulate = lambda hand, table, plays, seat, aw: simulate(
            hand, table, [_as_tuple(p) for p in plays], seat, aw)
        self._patched = [m for name, m in list(sys.modules.items())
                         if name.startswith("game.") and getattr(m, "P", None) is live]
        for m in self._patched:
            m.P = shim
        return self

    def __exit__(self, *exc):
        import game.rules.turn_search as live
        for m in self._patched:
            m.P = live
        return False


def old_answers(h) -> dict:
    """Every old answer about hand state ``h``: legal actions, Rummy calls,
    legal plays (both declaration modes), the plan of the seat to move."""
    with old_searches():
        plan = None if h.ended is not None else find_plan(
            h.hands[h.current], h.committed, h.single_taken, h.table, h.rules, h.has_melded[h.current], h.current)
        return {"legal_actions": legal_actions(h), "rummy_calls": rummy_calls(h),
                "legal_plays": legal_plays(h), "legal_plays_one": legal_plays(h, False),
                "plan": None if plan is None else [play_action(h.current, p) for p in plan]}
