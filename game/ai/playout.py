"""Hard's playout policy: Medium's choices, asked of the engine lazily.

Medium weighs every pile depth and every discard and asks the engine, for
each, whether it is legal; a take's legality is a search of the turn (R9,
R10), and that dominated Hard's playouts. The playout policy ranks the same
options with Medium's own scores but asks the engine only about the best
ones, in order, until one is legal: the choice is the same as Medium's
(Medium picks the best legal option), found with far fewer searches. It
tables greedily, without the exact going-out search (:func:`greedy_only`).
"""

from __future__ import annotations

from contextlib import contextmanager

from game.errors import IllegalMove
from game.rules.actions import Action, Discard, TakeDiscards
from game.rules.hand import HandState
from game.rules.melds import Meld
from game.rules.turn_search import could_ever_table
from game.rules.view import MeldView, PlayerView
from game.ai import going_out
from game.ai.evaluate import greedy_tabling
from game.ai.medium import STOCK_DRAW_VALUE, MediumAI, keep_count



@contextmanager
def greedy_only():
    """Within the block the exact going-out search (:mod:`game.ai.going_out`)
    is off: every hand is tabled greedily. Playouts run in it: the search is
    their dearest step by far, and a hand that goes out greedily (most do)
    still goes out."""
    saved = going_out.MAX_HAND
    going_out.MAX_HAND = 0
    try:
        yield
    finally:
        going_out.MAX_HAND = saved


class AssumeLegal:
    """A stand-in for a world that answers ``is_legal`` with True and
    everything else as the world itself does (used to rank options without
    asking the engine)."""

    __slots__ = ("_world",)

    def __init__(self, world: HandState):
        self._world = world

    def is_legal(self, action: Action) -> bool:
        """Always True: legality is asked of the real world afterwards."""
        return True

    def __getattr__(self, name: str):
        return getattr(self._world, name)


def first_legal(ranked: list, world: HandState, action_of=lambda x: x) -> list:
    """``ranked`` from its first option the engine accepts in ``world`` on
    (options before it are dropped; the ones after it are not asked)."""
    for i, item in enumerate(ranked):
        if world.is_legal(action_of(item)):
            return ranked[i:]
    return []


class PlayoutPolicy(MediumAI):
    """Medium without Rummy calls and with at most ``max_depth`` pile depths
    weighed, choosing exactly as that Medium would (see the module docstring).
    Only the first option of its ranked lists is known to be legal."""

    def __init__(self, seed: int | None = None, max_depth: int | None = 3):
        super().__init__(seed, max_depth=max_depth, calls=False)

    def score_take(self, view: PlayerView, world: HandState, k: int) -> float | None:
        """Medium's value of taking ``k`` pile cards, legal or not; ``None``
        only when the engine's quick necessary test shows that the committed
        card (R9) could not be tabled, so the take is illegal."""
        if k > 1 or view.rules.top_discard_must_be_used:
            taken = view.discard[-k:]
            if not could_ever_table(view.hand + taken, taken[0], world.table, view.rules):
                return None
        return super().score_take(view, AssumeLegal(world), k)

    def stock_value(self, view: PlayerView, world: HandState) -> float:
        """Medium's value of a stock draw without the exact test of whether
        the hand goes out (see :func:`greedy_only`)."""
        seat = view.seat
        _, points, _, _ = greedy_tabling(view.hand, world.table, view.rules, seat, view.has_melded[seat],
                                         keep_count(view))
        return points + STOCK_DRAW_VALUE

    def ranked_draws(self, view: PlayerView, world: HandState) -> list[tuple[float, Action]]:
        """Medium's ranked draws from the best legal one on."""
        ranked = super().ranked_draws(view, world)
        return first_legal(ranked, world, lambda x: x[1]) if isinstance(ranked[0][1], TakeDiscards) else ranked

    def ranked_discards(self, view: PlayerView, world: HandState) -> list[Discard]:
        """Medium's ranked discards from the best legal one on."""
        return first_legal(super().ranked_discards(view, AssumeLegal(world)), world)


def play_on(world: HandState, totals: tuple[int, ...], policy: "PlayoutPolicy", max_steps: int):
    """Play ``world`` on with ``policy`` at every seat, one action at a time,
    with the exact going-out search off (:func:`greedy_only`): yield the seat
    that moved after each action, until the hand ends, ``max_steps`` actions
    are played, or the policy's move is refused (the world is left where it
    stands). ``totals`` are the game totals the seats' views show."""
    views = ViewMaker()
    steps = 0
    with greedy_only():
        while world.ended is None and steps < max_steps:
            s = world.current
            try:
                world.apply(policy.decide(views.view(world, s, totals), world))
            except (IllegalMove, IndexError, TypeError):
                return
            steps += 1
            yield s


class ViewMaker:
    """Views of one playout's world for every seat, made cheaply: the table's
    public view is made again only when the table changed (a meld or a card
    was added: the engine never takes cards off the table), and the hand's
    public log is left out (``history`` is empty: the playout policy does
    not read it)."""

    def __init__(self):
        self._table_key: tuple[int, int] | None = None
        self._table: tuple = ()
        self._melds: dict[int, tuple[Meld, int, MeldView]] = {}  # per meld: itself, its cards then, its view

    def view(self, h: HandState, seat: int, totals: tuple[int, ...]) -> PlayerView:
        """The view of world ``h`` for ``seat`` (as :func:`game.rules.view.view_of`, without the log)."""
        key = (len(h.table), sum([len(m.cards) for m in h.table]))
        if key != self._table_key:  # a meld or a card was added: only the melds that grew are made again
            self._table_key, self._table = key, tuple([self._meld_view(m) for m in h.table])
        # what view_of's known_holdings gives, the seats known to hold nothing skipped
        known = (tuple([tuple(sorted(k.elements())) if k else () for k in h.known]) if any(h.known)
                 else ((),) * h.players)
        # a playout makes a view at every move: fill the frozen dataclass's fields directly
        # (what its __init__ does, field by field, at several times the cost)
        view = object.__new__(PlayerView)
        view.__dict__.update(
            seat=seat, players=h.players, rules=h.rules, hand=tuple(h.hands[seat]),
            table=self._table, discard=tuple(h.discard),
            stock_size=len(h.stock), hand_sizes=tuple(map(len, h.hands)), totals=totals,
            current=h.current, phase="over" if h.ended is not None else h.phase._value_, window=h.window,
            committed=h.committed, single_taken=h.single_taken, has_melded=tuple(h.has_melded), history=(),
            known=known, hand_index=h.index, dealer=h.dealer, reshuffles=h.reshuffles)
        return view

    def _meld_view(self, m: Meld) -> MeldView:
        """:meth:`MeldView.of` meld ``m``, made again only when it holds more
        cards than when it was last made (cards are only ever added to a meld;
        the meld itself is kept, so its ``id`` is not reused meanwhile)."""
        known = self._melds.get(id(m))
        if known is not None and known[0] is m and known[1] == len(m.cards):
            return known[2]
        made = MeldView.of(m)
        self._melds[id(m)] = (m, len(m.cards), made)
        return made
