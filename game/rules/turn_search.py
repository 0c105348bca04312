"""Searches over the plays of one turn: can this turn still be finished?

The engine uses these to keep every state playable: a draw or a play is legal
only if the player can still end the turn legally afterwards, and R9's
committed card can still be tabled. The UI and the AI use them for hints.

A *play* is the engine's own action (:mod:`game.rules.actions`): a
:class:`~game.rules.actions.TableMeld` (tabled cards) or a
:class:`~game.rules.actions.LayOff` (tabled card, meld number), made for the seat
whose turn is searched; new melds made by a plan get the next meld numbers.
A plan can be applied to the hand as it stands, one action after another.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import Iterator, Sequence

from game.rules.actions import LayOff, TableMeld
from game.rules.cards import JOKER, JOKER_TABLED, Card, in_hand_card, joker_as, make_card, rank_of, suit_of
from game.rules.melds import (
    RUN, Meld, add_to_meld, classify, enumerate_melds, layoff_choices, layoff_position, open_cards, position_rank
)
from game.rules.meld_masks import could_meld_with
from game.rules.ruleset import RuleSet

log = logging.getLogger("rummy500.plays")

Play = TableMeld | LayOff
"""One play of a turn: a new meld (R13) or a lay-off (R14), as the engine action."""


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
        if type(play) is TableMeld:
            cards = play.cards
            for t in cards:
                try:
                    hand.remove(t if t < JOKER_TABLED else JOKER)  # in_hand_card(t), inlined
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
            t, i = play.card, play.meld
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
    found = enumerate_melds(hand, ace_wraps, holding=card)
    found.sort(key=len)
    return found


def _chains(rest: Sequence[Card], card: Card, table: Sequence[Meld], ace_wraps: bool,
            seat: int) -> Iterator[list[Play]]:
    """Lay-off chains that reach ``card`` at an end of a run on the table,
    filling the positions between with cards of ``rest`` (naturals first,
    then jokers)."""
    if card == JOKER:
        return
    r, s = rank_of(card), suit_of(card)
    held: dict[Card, int] | None = None  # how many of each card ``rest`` holds, counted once
    for i, m in enumerate(table):
        if m.kind != RUN or m.suit != s:
            continue
        if held is None:
            held = {}
            for c in rest:
                held[c] = held.get(c, 0) + 1
        for step in (1, -1):
            counts = dict(held)
            plays: list[Play] = []
            x = m.hi + 1 if step == 1 else m.lo - 1
            while True:
                length = m.hi - m.lo + 1 + len(plays) + 1
                if length > 13 or (not ace_wraps and not 1 <= x <= 14):
                    break
                xr = position_rank(x)
                if xr == r:
                    if plays:
                        yield plays + [LayOff(seat, card, i)]
                    break
                filler = make_card(xr, s)
                if counts.get(filler):
                    counts[filler] -= 1
                    plays.append(LayOff(seat, filler, i))
                elif counts.get(JOKER):
                    counts[JOKER] -= 1
                    plays.append(LayOff(seat, joker_as(filler), i))
                else:
                    break
                x += step


def committed_plans(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: RuleSet,
                    has_meld: bool, seat: int) -> Iterator[list[Play]]:
    """Candidate play sequences that table ``card`` (one copy, held in
    ``hand``) this turn (R9): a new meld holding it; unless
    ``deep_card_must_start_meld``, a lay-off on a meld of the table, directly
    or after filling the gap to a run's end; under
    ``layoff_requires_own_meld`` a lay-off is preceded by a meld of the
    player's own when they have none. Plays are made for ``seat``.
    Candidates are not yet checked: :func:`simulate` each one."""
    aw = rules.ace_wraps
    for meld in melds_with(hand, card, aw):
        yield [TableMeld(seat, meld)]
    if rules.deep_card_must_start_meld:
        return
    rest = list(hand)
    rest.remove(card)
    direct = [[LayOff(seat, t, i)] for i, m in enumerate(table) for t in layoff_choices(m, card, aw)]
    chains = list(_chains(rest, card, table, aw, seat))
    if not direct and not chains:
        return
    if rules.layoff_requires_own_meld and not has_meld:
        prefixes = [[TableMeld(seat, m)] for m in sorted(enumerate_melds(rest, aw), key=len)]
    else:
        prefixes = [[]]
    for pre in prefixes:
        for tail in direct + chains:
            yield pre + tail


def meld_plays(hand: Sequence[Card], ace_wraps: bool, every_declaration: bool = True) -> list[tuple[Card, ...]]:
    """Every new meld the player could table now, as tabled cards (R13, R15):
    :func:`~game.rules.melds.enumerate_melds` over the hand."""
    return enumerate_melds(hand, ace_wraps, every_declaration=every_declaration)


def layoff_plays(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet,
                 has_meld: bool) -> list[tuple[Card, int]]:
    """Every lay-off the player could make now as ``(tabled_card, meld_index)``:
    per meld the held naturals that extend it, then a joker declared as each
    (R14, R15; none before a meld of one's own under ``layoff_requires_own_meld``)."""
    out: list[tuple[Card, int]] = []
    if table and (not rules.layoff_requires_own_meld or has_meld):
        aw = rules.ace_wraps
        held = set(hand)
        joker = JOKER in held
        for i, m in enumerate(table):
            opens = open_cards(m, aw)
            for c in opens:
                if c in held:
                    out.append((c, i))
            if joker:
                for c in opens:
                    out.append((joker_as(c), i))
    return out


def all_plays(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, has_meld: bool,
              seat: int, every_declaration: bool = True) -> list[Play]:
    """Every single meld and lay-off seat ``seat`` could make now (R13, R14,
    R15): :func:`meld_plays` then :func:`layoff_plays`, as actions."""
    plays: list[Play] = [TableMeld(seat, m) for m in meld_plays(hand, rules.ace_wraps, every_declaration)]
    plays.extend(LayOff(seat, c, i) for c, i in layoff_plays(hand, table, rules, has_meld))
    return plays


def _can_discard_now(hand: Sequence[Card], single_taken: Card | None, table: Sequence[Meld],
                     rules: RuleSet, has_meld: bool) -> bool:
    if len(hand) == 1:
        d = hand[0]
        if d == single_taken:
            return False
        return not (rules.final_discard_unplayable and playable_on_table(d, table, rules, has_meld))
    return bool(hand) and (single_taken is None or hand.count(single_taken) != len(hand))  # another card


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
    for play in all_plays(hand, table, rules, has_meld, seat):
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

    With a committed card, first :func:`could_ever_table`: when even that
    quick test fails, no plan exists. Then a fast constructive search
    (melds holding the card, lay-offs and lay-off chains, one meld first
    where R14's variant asks for it, one more play where the discard needs
    it); when that finds nothing, an exhaustive search over every meld
    (every joker declaration, jokers in place of held cards too) and every
    lay-off, memoised, up to :data:`SEARCH_BUDGET` positions.
    """
    if committed is None:
        plan = finish_plan(hand, single_taken, table, rules, has_meld, seat)
        if plan is not None or not hand:
            return plan
        return exhaustive_plan(hand, None, single_taken, table, rules, has_meld, seat)
    if not could_ever_table(hand, committed, table, rules):
        return None  # the quick test first: every plan below and the exhaustive search table the card
    keep_one = rules.going_out == "discard_required"
    for plan in committed_plans(hand, committed, table, rules, has_meld, seat):
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


def _search_moves(hand: Sequence[Card], table: Sequence[Meld], committed: Card | None,
                  rules: RuleSet, has_meld: bool, seat: int) -> list[Play]:
    aw = rules.ace_wraps
    held = set(hand)
    needs_meld = rules.layoff_requires_own_meld and not has_meld
    moves: list[Play] = []
    for meld in enumerate_melds(hand, aw, holding=None if needs_meld else committed, stand_in=True):
        if committed is not None and not needs_meld:
            has_card = any(t >= JOKER_TABLED for t in meld) if committed == JOKER else committed in meld
            if not has_card:
                continue
        moves.append(TableMeld(seat, meld))
    if not needs_meld:
        s = suit_of(committed) if committed is not None and committed != JOKER else -1
        for i, m in enumerate(table):
            relevant = committed is None or committed == JOKER or (m.kind == RUN and m.suit == s)
            for o in open_cards(m, aw):
                if o in held and (relevant or o == committed):
                    moves.append(LayOff(seat, o, i))
                if JOKER in held and (relevant or committed == JOKER):
                    moves.append(LayOff(seat, joker_as(o), i))
    if committed is not None:
        moves.sort(key=lambda p: 0 if committed in ([in_hand_card(t) for t in p.cards] if type(p) is TableMeld
                                                     else [in_hand_card(p.card)]) else 1)
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
        for play in _search_moves(hand, table, c, rules, has_meld, seat):
            is_meld = type(play) is TableMeld
            used = [in_hand_card(t) for t in play.cards] if is_meld else [in_hand_card(play.card)]
            if keep_one and len(used) >= len(hand):
                continue
            tables_c = c is not None and c in used
            if tables_c and not is_meld and rules.deep_card_must_start_meld:
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
        if len(cards) == 1:
            return False  # one natural card makes no meld (R13): a direct lay-off was its only way
    if not could_ever_table(cards, card, table, rules):
        return False
    for plan in committed_plans(cards, card, table, rules, has_meld, seat):
        if simulate(cards, table, plan, seat, aw) is not None:
            return True
    return exhaustive_plan(cards, card, None, table, rules, has_meld, seat, finish=False) is not None
