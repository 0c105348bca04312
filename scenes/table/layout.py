"""Where everything sits on the table, from the window size and the game.

:class:`TableModel` is what the table shows after one action (the scene
keeps one per action still to animate, so it never shows a state the engine
was not in). The table builds it with :func:`model_for` from one seat's
:class:`~game.rules.view.PlayerView` and the public facts of the hand's end
alone (issue 23, part 0): another seat's face-down cards and the stock are
placeholders (:func:`hidden_card`), numbered by position only, so two games
that differ only in cards the viewing seat cannot see give equal models (and
equal pictures). A card another seat took from the discard pile stays its own
card, face down in that seat's fan (everyone saw it taken), so it slides from
the pile to the seat and on to a meld. :func:`model_of` copies the whole
engine state (every hand, the stock's order) for what may show everything. :func:`layout` places every card
of a model: the viewer's hand fanned along the bottom, the other seats in a
row along the top (play passes left, so the seat to the viewer's left is
leftmost) with their face-down hands, each seat's meld area below its panel
(the viewer's above its hand), and the stock and the spread discard pile in
a strip across the middle. Pure geometry: no drawing, no state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.cards import in_hand_card, rank_of, suit_of, JOKER
from game.rules.game import Game
from game.rules.view import PlayerView

from scenes.core.theme import CardSizes, Theme, card_sizes

@dataclass(frozen=True)
class MeldShow:
    """A meld on the table: its number, ``kind``, ``owner`` and its cards in
    order with the seat that tabled each (``layers``, R14)."""

    index: int
    kind: str
    owner: int
    cards: tuple[int, ...]
    layers: tuple[int, ...]


@dataclass(frozen=True)
class TableModel:
    """The state the table shows (see the module docstring). Cards are card
    codes; ``hands`` per seat in the engine's order; ``stock`` top card last."""

    players: int
    hands: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    stock: tuple[int, ...]
    melds: tuple[MeldShow, ...]
    current: int | None
    phase: str
    committed: int | None
    window: int | None
    dealer: int
    hand_index: int
    totals: tuple[int, ...]
    ended: str | None
    went_out: int | None
    actions: int = 0  # actions applied in the hand so far

    @property
    def stock_size(self) -> int:
        return len(self.stock)


def model_of(game: Game) -> TableModel:
    """The :class:`TableModel` of ``game``'s current hand (``ValueError`` before the first deal)."""
    h = game.hand
    if h is None:
        raise ValueError("no hand has been dealt")
    melds = tuple(MeldShow(i, m.kind, m.owner, tuple(m.cards), tuple(m.layers)) for i, m in enumerate(h.table))
    return TableModel(
        players=h.players, hands=tuple(tuple(x) for x in h.hands), discard=tuple(h.discard),
        stock=tuple(h.stock), melds=melds, current=None if h.ended else h.current,
        phase="over" if h.ended else h.phase.value, committed=h.committed, window=h.window,
        dealer=h.dealer, hand_index=h.index, totals=tuple(game.totals), ended=h.ended,
        went_out=h.went_out, actions=len(h.actions))


HIDDEN_ZONE = 1000
"""How many placeholders one zone numbers (more than any hand or stock holds)."""


def hidden_card(zone: int, index: int) -> int:
    """The placeholder of a card the viewer cannot see (always negative, never
    a card code): ``zone`` 0 is the stock (``index`` from the bottom), ``zone``
    ``s + 1`` seat ``s``'s face-down hand (``index`` in its fan). A face-down
    card is drawn as the back whatever its code; ``ValueError`` for an index
    outside ``0 .. HIDDEN_ZONE - 1``."""
    if not 0 <= index < HIDDEN_ZONE or zone < 0:
        raise ValueError(f"no placeholder for card {index} of zone {zone}")
    return -1 - zone * HIDDEN_ZONE - index


def is_hidden(card: int) -> bool:
    """True for a placeholder (:func:`hidden_card`), False for a card code."""
    return card < 0


def model_for(view: PlayerView, ended: str | None = None, went_out: int | None = None, actions: int = 0,
              face_down: bool = False) -> TableModel:
    """The :class:`TableModel` seat ``view.seat`` may see: its own hand (in
    placeholders too when ``face_down``: pass-and-play between people), the
    table, the discard pile, and for every other seat as many placeholders as
    it holds cards, then the cards it is known to hold (taken from the pile,
    R8, in the view's order); the stock as placeholders. ``ended`` (``"went_out"``
    or ``"stock_out"``), ``went_out`` (the seat) and ``actions`` (how many
    actions the hand has had) are public facts the view leaves out."""
    hands = []
    for s in range(view.players):
        if s == view.seat and not face_down:
            hands.append(tuple(view.hand))
            continue
        n = view.hand_sizes[s]
        known = tuple(view.known[s])[:n]
        hands.append(tuple(hidden_card(s + 1, i) for i in range(n - len(known))) + known)
    over = view.phase == "over"
    melds = tuple(MeldShow(i, m.kind, m.owner, tuple(m.cards), tuple(m.layers)) for i, m in enumerate(view.table))
    return TableModel(
        players=view.players, hands=tuple(hands), discard=tuple(view.discard),
        stock=tuple(hidden_card(0, i) for i in range(view.stock_size)), melds=melds,
        current=None if over else view.current, phase=view.phase,
        committed=None if over else view.committed, window=None if over else view.window,
        dealer=view.dealer, hand_index=view.hand_index, totals=tuple(view.totals),
        ended=(ended or "went_out") if over else None, went_out=went_out if over else None, actions=actions)


def predeal_model(model: TableModel) -> TableModel:
    """``model`` before its deal: every card in the stock (the deal animation's start)."""
    pack = [c for hand in model.hands for c in hand] + list(model.discard) + list(model.stock)
    return TableModel(model.players, tuple(() for _ in model.hands), (), tuple(pack), (), None, "deal",
                      None, None, model.dealer, model.hand_index, model.totals, None, None)


def sort_key(card: int) -> tuple[int, int]:
    """Hand order by suit then rank (jokers last; placeholders, face down, first in their order)."""
    if is_hidden(card):
        return (-1, -card)
    c = in_hand_card(card)
    if c == JOKER:
        return (9, 0)
    return (suit_of(c), rank_of(c))


@dataclass
class Place:
    """A card on screen: ``card`` code, ``rect``, ``face_up``, and where it
    is: ``zone`` (``"hand"``, ``"seat"``, ``"stock"``, ``"pile"``, ``"meld"``),
    ``seat`` and ``index`` (position in the hand, pile or meld). A meld
    card also has its ``meld`` number and its ``layer``, the seat that
    tabled it (R14): another seat than ``seat`` (the meld's owner, in whose
    area it lies) for a card laid off on the meld."""

    card: int
    rect: pygame.Rect
    face_up: bool
    zone: str
    seat: int = -1
    index: int = -1
    meld: int = -1
    layer: int = -1

    @property
    def laid_off(self) -> bool:
        """True for a card another seat laid off on this meld (R14)."""
        return self.zone == "meld" and self.layer != self.seat


@dataclass
class Layout:
    """Every rectangle of one table picture (see :func:`layout`)."""

    size: tuple[int, int]
    places: list[Place] = field(default_factory=list)
    seat_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    zone_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    fan_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    stock_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    pile_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    status_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    strip_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))  # the band of stock and pile
    hand_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    buttons_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    # meld number -> rect of all its cards, laid-off ones included, in the owner's area
    meld_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    cards: CardSizes = CardSizes(0, 0, 0)  # the card heights used


def screen_seats(players: int, viewer: int) -> list[int]:
    """The other seats from left to right along the top of the table."""
    return [(viewer + i) % players for i in range(1, players)]


def hand_display_order(hand, order: list[int] | None) -> list[int]:
    """Indices into ``hand`` (engine order) in the order to show them: the
    cards of ``order`` (card codes, the person's arrangement) first, in that
    order, then any others by suit and rank; sorted by suit and rank when
    ``order`` is ``None``."""
    if order is None:
        return sorted(range(len(hand)), key=lambda i: sort_key(hand[i]))
    free = list(range(len(hand)))
    shown = []
    for card in order:
        i = next((j for j in free if hand[j] == card), None)
        if i is not None:
            free.remove(i)
            shown.append(i)
    return shown + sorted(free, key=lambda i: sort_key(hand[i]))


def layout(model: TableModel, theme: Theme, viewer: int = 0, viewer_face_up: bool = True,
           hand_order: list[int] | None = None, card_size: str = "normal") -> Layout:
    """Place every card of ``model`` for a window of ``theme.size`` seen from
    seat ``viewer``; ``hand_order`` arranges the viewer's hand (see
    :func:`hand_display_order`); ``card_size`` scales the cards (see
    :func:`card_sizes`)."""
    W, H = theme.size
    pad = theme.pad
    sizes = card_sizes(theme, card_size)
    out = Layout((W, H), cards=sizes)
    others = screen_seats(model.players, viewer)
    k = len(others)

    # -- bands: top (other seats), strip (stock and pile), bottom (the viewer's hand)
    seat_h = sizes.seat
    top_h = max(seat_h, round(theme.small * 1.35) * 3) + 2 * pad
    hand_h = sizes.hand
    bottom_h = hand_h + round(hand_h * 0.2) + pad
    tc = sizes.table
    strip_h = tc + theme.small + 3 * pad
    bottom_h += round(hand_h * 0.04)  # room for a selected card's lift (18 %) and its ring under the buttons
    avail = H - top_h - bottom_h - strip_h
    opp_zone_h = max(tc // 2, round(avail * 0.55))
    my_zone_h = max(tc // 2, avail - opp_zone_h)

    # -- the other seats' panels and areas
    col_w = min(W // max(1, k), W // 2)
    x0 = (W - col_w * k) // 2
    for i, seat in enumerate(others):
        panel = pygame.Rect(x0 + i * col_w + pad // 2, pad // 2, col_w - pad, top_h - pad)
        out.seat_rects[seat] = panel
        out.zone_rects[seat] = pygame.Rect(panel.x, top_h, panel.width, opp_zone_h)
    strip_y = top_h + opp_zone_h
    out.zone_rects[viewer] = pygame.Rect(pad, strip_y + strip_h, W - 2 * pad, my_zone_h)
    hand_top = H - bottom_h
    side_w = max(round(W * 0.16), theme.body * 9)
    out.seat_rects[viewer] = pygame.Rect(pad, hand_top + round(hand_h * 0.2), side_w - pad, hand_h - pad)
    out.buttons_rect = pygame.Rect(W - side_w, hand_top + round(hand_h * 0.2), side_w - pad, hand_h - pad)
    # a pad clear of the seat panel and the buttons, so a full hand never touches them
    out.hand_rect = pygame.Rect(side_w + pad, hand_top, W - 2 * side_w - 2 * pad, bottom_h)

    # -- the strip: stock, discard pile, status
    cw = Theme.card_w(tc)
    card_y = strip_y + pad
    out.strip_rect = pygame.Rect(0, strip_y, W, strip_h)
    out.stock_rect = pygame.Rect(pad * 2, card_y, cw, tc)
    status_w = max(round(W * 0.26), theme.body * 14)
    out.status_rect = pygame.Rect(W - status_w - pad, strip_y + pad, status_w, strip_h - 2 * pad)
    pile_x = out.stock_rect.right + 3 * pad
    out.pile_rect = pygame.Rect(pile_x, card_y, max(cw, out.status_rect.left - 2 * pad - pile_x), tc)

    # stock: its top card only (the rest is drawn as a stack under it)
    if model.stock:
        out.places.append(Place(model.stock[-1], out.stock_rect.copy(), False, "stock"))
    n = len(model.discard)
    if n:
        step = cw * 0.34 if n == 1 else min(cw * 0.34, (out.pile_rect.width - cw) / (n - 1))
        for i, c in enumerate(model.discard):
            out.places.append(Place(c, pygame.Rect(round(pile_x + i * step), card_y, cw, tc), True, "pile", index=i))

    # -- melds: each in its owner's area, whole: a card laid off by another seat sits in its place (R14)
    groups: dict[int, list[tuple[int, tuple[int, ...], tuple[int, ...]]]] = {s: [] for s in range(model.players)}
    for m in model.melds:
        groups[m.owner].append((m.index, m.cards, m.layers))
    for seat in range(model.players):
        _flow(out, seat, groups[seat], out.zone_rects[seat], theme, tc)

    # -- the other seats' hands: small face-down fans in their panels
    for seat in others:
        panel = out.seat_rects[seat]
        cards = model.hands[seat]
        sh = min(seat_h, panel.height - 2 * pad)
        sw = Theme.card_w(sh)
        fan_w = min(round(panel.width * (0.45 if panel.width > 260 else 0.36)), sw + max(0, len(cards) - 1) * max(3, sw // 4))
        fan = pygame.Rect(panel.right - pad - fan_w, panel.centery - sh // 2, fan_w, sh)
        out.fan_rects[seat] = fan
        m = len(cards)
        step = 0 if m <= 1 else min(sw // 4, (fan_w - sw) / (m - 1))
        for i, c in enumerate(cards):
            out.places.append(Place(c, pygame.Rect(round(fan.x + i * step), fan.y, sw, sh), False, "seat",
                                    seat=seat, index=i))

    # -- the viewer's hand: a gentle arc along the bottom, sorted by suit and rank
    mine = hand_display_order(model.hands[viewer], hand_order)
    hw = Theme.card_w(hand_h)
    m = len(mine)
    area = out.hand_rect
    step = 0 if m <= 1 else min(hw * 0.62, (area.width - hw) / (m - 1))
    total = hw + step * max(0, m - 1)
    left = area.centerx - total / 2
    base_y = hand_top + round(hand_h * 0.22)  # a selected card rises 18 %: its ring stays under the buttons
    for j, i in enumerate(mine):
        t = 0.0 if m <= 1 else (j / (m - 1)) * 2 - 1
        y = base_y + round(t * t * hand_h * 0.025)
        out.places.append(Place(model.hands[viewer][i], pygame.Rect(round(left + j * step), y, hw, hand_h),
                                viewer_face_up, "hand", seat=viewer, index=j))
    out.fan_rects[viewer] = pygame.Rect(round(left), base_y, round(total), hand_h)
    return out


def smallest_meld_height(tc: int) -> int:
    """The smallest height (px) a meld area's cards shrink to, for cards
    ``tc`` px tall at full size; below it the rows overlap instead."""
    return max(52, round(tc * 0.62))


def shrunk_meld_height(h: int, tc: int) -> int:
    """The next height (px) down from ``h`` that a crowded meld area tries
    (cards ``tc`` px tall at full size), never below :func:`smallest_meld_height`."""
    return max(smallest_meld_height(tc), h - max(2, h // 12))


def heights_to_warm(lay: Layout) -> list[int]:
    """The face-up card heights (px) of ``lay`` whose images a table should
    have made before a step asks for them: every height a face-up card has
    now, and the one each crowded meld area would shrink to next (so the
    frame where it shrinks does not make them, issue 21, item 19)."""
    tc = lay.cards.table
    now = {p.rect.h for p in lay.places if p.face_up}
    nxt = {shrunk_meld_height(p.rect.h, tc) for p in lay.places if p.zone == "meld"}
    return sorted(now | nxt, reverse=True)


def _flow(out: Layout, seat: int, groups, zone: pygame.Rect, theme: Theme, tc: int) -> None:
    """Lay ``groups`` (meld number, cards, the seat that tabled each card)
    out in rows in ``zone``: ``tc`` px tall cards if they fit, down to the
    smallest readable card, then rows overlap (each card's index stays
    visible); a meld longer than a row overlaps its cards more."""
    if not groups:
        return
    pad = theme.pad
    label_h = theme.small + pad
    top = zone.y + label_h
    room_h = max(10, zone.height - label_h - pad // 2)
    room_w = zone.width - 2 * pad
    min_h = smallest_meld_height(tc)
    h = min(tc, room_h)
    while True:
        w = Theme.card_w(h)
        gap = w * 0.3
        rows, x, row = [[]], 0.0, 0
        wide = False  # a meld wider than a row even at its closest readable step
        for g in groups:
            gstep = _meld_step(w, len(g[1]), room_w)
            gw = w + gstep * (len(g[1]) - 1)
            wide = wide or not _readable_fits(w, len(g[1]), room_w)
            if x > 0 and x + gw > room_w:
                rows.append([])
                x = 0.0
            rows[-1].append((g, x, gstep))
            x += gw + gap
        if (len(rows) * (h + pad // 2) <= room_h and not wide) or h <= min_h:
            break
        h = shrunk_meld_height(h, tc)
    w = Theme.card_w(h)
    pitch = h + pad // 2
    if len(rows) > 1 and len(rows) * pitch > room_h:
        pitch = max(h * 0.28, (room_h - h) / (len(rows) - 1))
    for r, row in enumerate(rows):
        y = round(top + r * pitch)
        for (meld, cards, layers), x, step in row:
            gx = zone.x + pad + x
            for i, (c, layer) in enumerate(zip(cards, layers)):
                out.places.append(Place(c, pygame.Rect(round(gx + i * step), y, w, h), True, "meld",
                                        seat=seat, index=i, meld=meld, layer=layer))
            out.meld_rects[meld] = pygame.Rect(round(gx), y, round(w + step * (len(cards) - 1)), h)


READABLE_STEP = 0.18
"""The closest a meld's cards lie while every corner index shows: this share of a card's width."""


def _readable_fits(w: int, n: int, room_w: int) -> bool:
    """True when ``n`` cards ``w`` px wide, :data:`READABLE_STEP` apart, fit a row ``room_w`` px wide."""
    return w + w * READABLE_STEP * (n - 1) <= room_w


def _meld_step(w: int, n: int, room_w: int) -> float:
    """How far apart the ``n`` cards of one meld lie, ``w`` px wide cards in a
    row ``room_w`` px wide: 30 % of a card, as close as the row needs when
    that would not fit (never below 0). Closer than :data:`READABLE_STEP`
    hides the corner indices, so :func:`_flow` first shrinks the area's
    cards until each meld fits at that step or the cards are as small as
    they go; only a meld still too long then closes up further."""
    if n > 1 and w + w * 0.3 * (n - 1) > room_w:
        return max(0.0, (room_w - w) / (n - 1))
    return w * 0.3
