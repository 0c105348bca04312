"""Evaluation helpers shared by the AI levels (pure functions over card codes).

They see only what a :class:`~game.rules.view.PlayerView` shows: the player's own
hand, the table, the pile and public history.
"""

from __future__ import annotations

from typing import Sequence

from game.rules.cards import JOKER, JOKER_TABLED, Card, in_hand_card, joker_as, rank_of, suit_of
from game.rules.melds import RUN, Meld, add_to_meld, enumerate_melds, hand_value, layoff_position, meld_card_values, open_cards
from game.rules.actions import LayOff, TableMeld
from game.rules.turn_search import Play, simulate
from game.rules.ruleset import RuleSet
from game.ai.going_out import going_out_plan


VALUES = {scoring: [hand_value(c, scoring) for c in range(53)] for scoring in ("standard", "fives")}
"""Hand values (R19) of every hand card code, by scoring."""


TABLED_VALUES = {scoring: [hand_value(c, scoring) for c in range(JOKER_TABLED + 52)]
                 for scoring in ("standard", "fives")}
"""Points (R19) of every card code a meld holds (a tabled joker 15), by scoring."""


def seat_points(table: Sequence[Meld], seat: int, scoring: str) -> int:
    """Points ``seat`` has on ``table`` as it stands: its melds and lay-offs
    (R19, R20), each card as :func:`~game.rules.melds.meld_card_values`
    counts it (an ace at the bottom of a run that does not turn the corner
    1, ``fives``: 5)."""
    values = TABLED_VALUES.get(scoring)
    total = 0
    for m in table:
        layers = m.layers
        if seat not in layers:  # most melds: none of the seat's cards
            continue
        if values is None:
            total += sum(v for v, layer in zip(meld_card_values(m, scoring), layers) if layer == seat)
            continue
        cards = m.cards
        for j, layer in enumerate(layers):
            if layer == seat:
                total += values[cards[j]]
        if layers[0] == seat and m.kind == RUN and m.lo == 1 and cards[0] < JOKER_TABLED:
            total += (5 if scoring == "fives" else 1) - values[cards[0]]  # the low ace
    return total


def greedy_tabling(hand: Sequence[Card], table: Sequence[Meld], rules: RuleSet, seat: int,
                   has_meld: bool, keep: int = 0, single_taken: Card | None = None,
                   committed: Card | None = None) -> tuple[list[tuple], int, list[Card], list[Meld]]:
    """Table as a player would: when the hand can go out this turn, the exact
    split that does it (:func:`game.ai.going_out.going_out_plan`, R16);
    otherwise the most valuable meld first (a joker counts its 15 points,
    a second joker in one meld only 3: it is spent only where it pays), again
    and again, then every natural lay-off that fits, then each joker laid off
    where a declaration fits (R14, R15), keeping at least ``keep`` cards in
    hand. ``single_taken`` (R10) and ``committed`` (R9) are never the
    planned discard of a go-out.

    Returns ``(plays, points, hand_left, table_after)``: ``plays`` as
    :mod:`game.rules.turn_search` writes them, legal one after another as far as melds
    and lay-offs go (the engine still checks each); ``points`` the R19
    points they table for ``seat``; ``hand_left`` the cards still held (a
    go-out's discard included).
    """
    aw = rules.ace_wraps
    out = going_out_plan(hand, table, rules, seat, has_meld, single_taken, committed)
    if out is not None:
        sim = simulate(hand, table, out[0], seat, aw)
        if sim is not None:
            return list(out[0]), _gained(table, sim[1], seat, rules), sim[0], sim[1]  # the plan is cached: a copy
    hand = list(hand)
    original = table
    table = list(table)
    plays: list[Play] = []
    while True:
        melds = enumerate_melds(hand, aw)
        if keep or single_taken is not None:  # else every meld leaves room (an empty hand ends the turn)
            melds = [m for m in melds if _room(hand, [in_hand_card(t) for t in m], keep, single_taken)]
        if not melds:
            break
        best = max(melds, key=lambda m: (meld_worth(m, rules.scoring), len(m)))
        sim = simulate(hand, table, [TableMeld(seat, best)], seat, aw)
        if sim is None:
            break
        hand, table, _ = sim
        has_meld = True
        plays.append(TableMeld(seat, best))
    if has_meld or not rules.layoff_requires_own_meld:
        hand, table = _lay_off_all(hand, table, seat, aw, keep, plays, single_taken)
    return plays, _gained(original, table, seat, rules) if plays else 0, hand, table


def meld_worth(meld: Sequence[Card], scoring: str) -> int:
    """What greedy tabling weighs a new meld at: its cards' hand values (R19),
    the first joker 15, any further joker 3 (two jokers in one meld seldom pay)."""
    values = VALUES[scoring]
    total = 0
    jokers = 0
    for t in meld:
        if t >= JOKER_TABLED:
            total += 15 if not jokers else 3
            jokers += 1
        else:
            total += values[t]
    return total


def _room(hand: Sequence[Card], used: Sequence[Card], keep: int, single_taken: Card | None) -> bool:
    """True when tabling ``used`` from ``hand`` still lets the turn end: at
    least ``keep`` cards stay, and what stays is empty or holds a card other
    than ``single_taken`` to discard (R10)."""
    left = len(hand) - len(used)  # ``used`` is taken from ``hand``
    if left < keep:
        return False
    # what stays holds a card other than single_taken unless all of it is single_taken
    return not left or single_taken is None or hand.count(single_taken) - used.count(single_taken) != left


def _lay_off_all(hand: list[Card], table: list[Meld], seat: int, aw: bool, keep: int,
                 plays: list[Play], single_taken: Card | None = None) -> tuple[list[Card], list[Meld]]:
    """Every natural lay-off that fits, then each joker where a declaration
    fits (declared as a card the hand does not hold), while the turn can
    still end (:func:`_room`); appends to ``plays``. Returns new lists;
    the given ones and their melds are not changed (a meld laid off on is
    copied once, then laid off on in place: what :func:`simulate` would
    give play by play, without a copy of the hand, the table and the meld
    at every lay-off)."""
    hand = list(hand)
    table = list(table)
    copied: set[int] = set()  # places of the melds copied here (ours to change)
    changed = True
    while changed and len(hand) > keep:
        changed = False
        held = set(hand)
        for i, m in enumerate(table):
            cached = m._open  # open_cards' own cache, read here: this loop runs at every greedy tabling
            opening = cached[1] if cached is not None and cached[0] is aw else open_cards(m, aw)
            if held.isdisjoint(opening):  # most melds: nothing in hand fits (the loop below finds nothing)
                continue
            for c in opening:
                if c in held and _room(hand, (c,), keep, single_taken):  # an open card fits (add_to_meld checks)
                    _lay_off(hand, table, copied, c, c, i, seat, aw)
                    plays.append(LayOff(seat, c, i))
                    changed = True
                    break
            if changed:
                break
        if not changed and JOKER in hand and _room(hand, (JOKER,), keep, single_taken):
            for i, m in enumerate(table):
                free = [c for c in open_cards(m, aw) if c not in hand]
                if free and layoff_position(m, joker_as(free[-1]), aw) is not None:
                    tabled = joker_as(free[-1])
                    _lay_off(hand, table, copied, JOKER, tabled, i, seat, aw)
                    plays.append(LayOff(seat, tabled, i))
                    changed = True
                    break
    return hand, table


def _lay_off(hand: list[Card], table: list[Meld], copied: set[int], card: Card, tabled: Card, i: int,
             seat: int, aw: bool) -> None:
    """Lay hand card ``card`` off as ``tabled`` on meld ``i`` of ``table``
    for ``seat`` (the caller knows it fits: one of the meld's open cards, or
    a joker declared as one), on a copy of that meld unless ``copied`` says
    it is already one. Raises ``ValueError``
    (:func:`~game.rules.melds.add_to_meld`) if it does not fit, with
    ``hand``, ``table`` and ``copied`` as they were."""
    m = table[i]
    if i not in copied:
        m = m.copy()
    add_to_meld(m, tabled, seat, aw)  # checks first: nothing is changed when it raises
    table[i] = m
    copied.add(i)
    hand.remove(card)


def _gained(original: Sequence[Meld], table: Sequence[Meld], seat: int, rules: RuleSet) -> int:
    """Points ``seat`` gained from ``original`` to ``table`` (only the melds
    that changed are counted)."""
    changed = [i for i in range(len(table)) if i >= len(original) or table[i] is not original[i]]
    return seat_points([table[i] for i in changed], seat, rules.scoring) - seat_points(
        [original[i] for i in changed if i < len(original)], seat, rules.scoring)


def suit_gap(card: Card, other: Card, ace_wraps: bool) -> int:
    """How many ranks apart two cards of one suit are (an ace next to the
    king as well as the two; with ``ace_wraps`` the ranks go round)."""
    r, cr = rank_of(card), rank_of(other)
    d = abs(cr - r)
    if ace_wraps:
        d = min(d, 13 - d)
    elif 1 in (cr, r):
        d = min(d, abs((14 if cr == 1 else cr) - (14 if r == 1 else r)))
    return d


_NEIGHBOUR = {aw: [[(6 if suit_gap(a, b, aw) == 1 else 3 if suit_gap(a, b, aw) == 2 else 0)
                    if a != b and suit_of(a) == suit_of(b) else 0 for b in range(52)] for a in range(52)]
              for aw in (False, True)}
"""Per ``ace_wraps``, what each natural card adds to another's
:func:`usefulness` as a suit neighbour: 6 one rank away, 3 two away."""


for _rows in _NEIGHBOUR.values():
    for _row in _rows:
        _row.append(0)  # a joker in the hand is nobody's suit neighbour

_SAME_RANK = [frozenset(s * 13 + c % 13 for s in range(4) if s != c // 13) for c in range(52)]
"""For each natural card, the cards of its rank in the other three suits."""


def usefulness(card: Card, hand: Sequence[Card], rules: RuleSet) -> float:
    """How much ``card`` helps the rest of ``hand`` towards melds: pairs of a
    rank (7 per other suit of its rank held), near neighbours in a suit (6
    one rank away, 3 two away, per card); jokers are always useful (30)."""
    if card == JOKER:
        return 30.0
    # a card is not its own neighbour and a joker nobody's (both 0 in the table)
    near = _NEIGHBOUR[rules.ace_wraps][card]
    return float(sum(map(near.__getitem__, hand)) + 7 * len(_SAME_RANK[card].intersection(hand)))


def usefulness_in(hand: Sequence[Card], rules: RuleSet):
    """:func:`usefulness` against one ``hand`` for card after card: returns
    ``card -> float``, the same numbers, with what the hand shares (its set
    of cards) worked out once (a discard ranking asks it of every card)."""
    near_rows = _NEIGHBOUR[rules.ace_wraps]
    hand = tuple(hand)
    held = set(hand)

    def of(card: Card) -> float:
        if card == JOKER:
            return 30.0
        return float(sum(map(near_rows[card].__getitem__, hand)) + 7 * len(_SAME_RANK[card] & held))
    return of


def shortest_other(view) -> int:
    """The fewest cards any other seat of ``view`` (a
    :class:`~game.rules.view.PlayerView`) holds, 10 with no other seat: how
    close the nearest opponent is to going out (R16)."""
    return min((n for s, n in enumerate(view.hand_sizes) if s != view.seat), default=10)


def fits_table(card: Card, table: Sequence[Meld], rules: RuleSet) -> bool:
    """True when ``card`` could be laid off on some meld now (R14)."""
    aw = rules.ace_wraps
    if card == JOKER:
        return any(open_cards(m, aw) for m in table)
    return any(card in open_cards(m, aw) for m in table)


def _relates_slow(card: Card, others: Sequence[Card], ace_wraps: bool) -> int:
    """:func:`relates` worked out card by card (the tables of :data:`_RELATES` are made from it)."""
    if card == JOKER:
        return len(others)
    r, s = rank_of(card), suit_of(card)
    n = 0
    for c in others:
        if c == JOKER:
            n += 1
            continue
        cr, cs = rank_of(c), suit_of(c)
        if cr == r and cs != s:
            n += 1
        elif cs == s and cr != r:
            d = abs(cr - r)
            if ace_wraps or 1 in (cr, r):
                d = min(d, 13 - d)
            if d <= 2:
                n += 1
    return n


_RELATES = {aw: [[_relates_slow(a, (b,), aw) for b in range(JOKER_TABLED + 52)] for a in range(52)]
            for aw in (False, True)}
"""Per ``ace_wraps``, for each natural card, whether each card code (a
tabled joker's too) melds with it, 0 or 1: :func:`relates` sums a row."""


def relates(card: Card, others: Sequence[Card], ace_wraps: bool) -> int:
    """How many of ``others`` would meld with ``card`` (same rank, or same
    suit within two ranks): a danger score for feeding an opponent."""
    if card >= 52:
        return _relates_slow(card, others, ace_wraps)
    return sum(map(_RELATES[ace_wraps][card].__getitem__, others))
