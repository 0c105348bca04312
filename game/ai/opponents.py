"""Opponent models: which style of the field an opponent plays, from its public play (issue 25, item 2).

Every seat's public play is read from a hand's public log (``view.history``,
``HandState.log``: draws, takes and how deep, melds, lay-offs, discards,
Rummy calls) into counts of what it did (:data:`FEATURES`), grouped in
families of exclusive outcomes (:data:`FAMILIES`): per draw, whether it
drew from the stock, took the top card and melded it, laid it off or kept
it, or took deep and used the cards taken or kept two of them or more; per
turn, whether it tabled without going out; per first meld, whether it was
a small one tabled early; per discard, whether it fed a meld on the table
or the pile's top card, or threw a joker; per other seat's discard,
whether it called Rummy. :func:`hand_counts` is that reading.

:func:`estimate` turns the counts of every earlier hand (a compact public
summary, one tuple of counts per seat per hand, which the referee builds
from the public logs of the hands already played: :func:`past_counts`) and
the counts of the hand on now into a probability over :data:`MODELLED` (the
field's styles, Easy and Medium): each outcome's chance per style is
:data:`RATES`, measured in games of the field (``benchmarks/style_estimate.py
--fit``), and the evidence is weighed naively (outcomes independent), its
log-likelihood tempered by :data:`TEMPER`. Hard plays an opponent as a
style in its worlds only once it is confident (:func:`modelled_styles`).

Everything here is a pure function of public logs, so the estimate is
"saved" with the game: a resumed game or a restarted AI worker rebuilds the
same counts from the record. Nothing here looks at a hidden card.
"""

from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

from game.rules.actions import Discard, TakeDiscards
from game.rules.cards import JOKER, in_hand_card
from game.rules.hand import HandState
from game.rules.melds import Meld, add_to_meld, classify, hand_value
from game.rules.ruleset import RuleSet
from game.rules.turn_search import could_ever_table
from game.rules.view import PlayerView
from game.ai.easy import EasyAI
from game.ai.evaluate import fits_table, relates
from game.ai.field.styles import CautiousAI, EarlyMelderAI, HoarderAI, LayOffHunterAI, PileTakerAI, RandomAI, feeds
from game.ai.medium import MediumAI
from game.ai.playout import AssumeLegal, PlayoutPolicy, first_legal

FEATURES = (
    "draw_stock", "take_top_melded", "take_top_laid_off", "take_top_kept", "take_deep_used", "take_deep_kept",
    "turn_tabled", "turn_quiet",
    "first_meld_small_early", "first_meld_other",
    "layoff_first", "meld_first",
    "discard_feeds", "discard_joker", "discard_safe",
    "rummy_call", "rummy_pass",
)
"""What a seat's public play is counted as (see the module docstring)."""

FAMILIES = (
    ("draw_stock", "take_top_melded", "take_top_laid_off", "take_top_kept", "take_deep_used", "take_deep_kept"),
    ("turn_tabled", "turn_quiet"),
    ("first_meld_small_early", "first_meld_other"),
    ("layoff_first", "meld_first"),
    ("discard_feeds", "discard_joker", "discard_safe"),
    ("rummy_call", "rummy_pass"),
)
"""Groups of :data:`FEATURES`, each the exclusive outcomes of one kind of
choice (a draw; a turn that did not go out; a first meld; a turn with a
meld and a lay-off; a discard; another seat's discard)."""

INDEX = {name: i for i, name in enumerate(FEATURES)}

MODELLED = ("medium", "easy", "hoarder", "early-melder", "pile-taker", "lay-off-hunter", "rummy-caller",
            "cautious", "random")
"""The styles an opponent is estimated among: Medium first (what Hard
assumes without evidence), then Easy and the field's styles."""

SMALL_MELD_POINTS = 12
"""A first meld worth this much or less, tabled within :data:`EARLY_TURNS`
of the seat's turns, is a small early one (Medium holds such a meld back
while nothing presses, :meth:`game.ai.medium.MediumAI.hold_melds`)."""
EARLY_TURNS = 4

TEMPER = 0.6
"""The power the evidence's likelihood is raised to: the outcomes of one
seat's choices are not independent (its cards carry from turn to turn), so
naive weighing is overconfident."""

RATES: dict[str, tuple[float, ...]] = {}
"""Per style of :data:`MODELLED`, the chance of each of :data:`FEATURES`
within its family (measured; filled in below from :data:`_MEASURED`)."""

# counts per style over games of the field (benchmarks/style_estimate.py --fit --tables 30 --seed 1000:
# 30 tables per style of 2, 3 and 4 players, ten hands each, the style at one seat, Medium at the others),
# in FEATURES order
_MEASURED: dict[str, tuple[int, ...]] = {
    'medium': (1436, 200, 2, 5, 132, 81, 1015, 831, 16, 275, 0, 77, 78, 0, 1800, 32, 3304),
    'easy': (1386, 254, 0, 31, 110, 3, 924, 831, 31, 257, 0, 62, 302, 0, 1453, 0, 3162),
    'hoarder': (1199, 43, 1, 1025, 39, 0, 121, 2160, 6, 114, 0, 105, 405, 0, 1876, 0, 3754),
    'early-melder': (1367, 212, 3, 0, 115, 38, 930, 782, 25, 265, 0, 63, 319, 0, 1423, 30, 3100),
    'pile-taker': (1271, 199, 1, 5, 178, 123, 1013, 741, 24, 268, 1, 76, 293, 0, 1491, 30, 3239),
    'lay-off-hunter': (1342, 198, 3, 10, 113, 45, 929, 765, 22, 266, 54, 18, 313, 0, 1415, 34, 3063),
    'rummy-caller': (1313, 214, 2, 5, 119, 44, 922, 755, 21, 267, 1, 72, 310, 0, 1489, 122, 3068),
    'cautious': (1413, 207, 2, 6, 114, 48, 962, 807, 17, 269, 0, 71, 62, 0, 1742, 36, 3223),
    'random': (957, 28, 0, 968, 174, 184, 649, 1661, 19, 212, 70, 47, 472, 8, 1877, 47, 4173),
}


FLOOR = 0.005
"""The least chance an outcome keeps for any style: a person slips now and
then, so a single odd move never names a style by itself."""


def _rates(counts: Sequence[float]) -> tuple[float, ...]:
    """Each family's counts as chances within it, each at least :data:`FLOOR`
    (unseen outcomes stay possible)."""
    out = [0.0] * len(FEATURES)
    for family in FAMILIES:
        idx = [INDEX[f] for f in family]
        total = sum(counts[i] for i in idx) or 1.0
        raw = {i: max(counts[i] / total, FLOOR) for i in idx}
        z = sum(raw.values())
        for i in idx:
            out[i] = raw[i] / z
    return tuple(out)


def set_measured(measured: Mapping[str, Sequence[float]]) -> None:
    """Use ``measured`` (style -> counts in :data:`FEATURES` order) as the
    rates of :data:`RATES`; a style missing from it plays like Medium.
    Raises ``ValueError`` for a count list of the wrong length."""
    for style, counts in measured.items():
        if len(counts) != len(FEATURES):
            raise ValueError(f"{style}: {len(counts)} counts, not {len(FEATURES)}")
    RATES.clear()
    base = measured.get("medium", [1.0] * len(FEATURES))
    for style in MODELLED:
        RATES[style] = _rates(measured.get(style, base))


def zero_counts(players: int) -> tuple[tuple[int, ...], ...]:
    """Counts of nothing, per seat."""
    return tuple((0,) * len(FEATURES) for _ in range(players))


class _Reader:
    """Follows one hand's public log: the discard pile (from the log's own
    discards and takes), the table (melds and lay-offs) and each seat's turn,
    counting each seat's outcomes."""

    def __init__(self, players: int, rules: RuleSet):
        self.rules = rules
        self.counts = [[0] * len(FEATURES) for _ in range(players)]
        self.pile: list[int] = []
        self.table: list[Meld | None] = []
        self.turns = [0] * players
        self.melded = [False] * players
        self.turn: dict | None = None  # the open turn: seat, taken alone, tabled, first meld, order

    def add(self, seat: int, name: str) -> None:
        self.counts[seat][INDEX[name]] += 1

    def start_turn(self, seat: int, taken_alone: int | None, deep: tuple) -> None:
        self.close_turn(went_out=False)
        self.turns[seat] += 1
        self.turn = {"seat": seat, "alone": taken_alone, "deep": deep, "tabled": False, "alone_used": None,
                     "first": None, "kinds": [], "gone": []}

    def close_turn(self, went_out: bool) -> None:
        """Count the open turn's outcomes (its draw, whether it tabled, its first meld)."""
        t, self.turn = self.turn, None
        if t is None:
            return
        seat = t["seat"]
        if t["deep"]:
            kept = list(t["deep"])
            for c in t["gone"]:
                if c in kept:
                    kept.remove(c)
            self.add(seat, "take_deep_kept" if len(kept) >= 2 and not went_out else "take_deep_used")
        elif t["alone"] is not None:
            self.add(seat, {"meld": "take_top_melded", "layoff": "take_top_laid_off"}.get(t["alone_used"],
                                                                                          "take_top_kept"))
        else:
            self.add(seat, "draw_stock")
        if not went_out:  # the turn that goes out tables what it holds, whatever the style
            self.add(seat, "turn_tabled" if t["tabled"] else "turn_quiet")
            if t["first"] is not None:
                self.add(seat, "first_meld_small_early" if t["first"] else "first_meld_other")
        kinds = t["kinds"]
        if "meld" in kinds and "layoff" in kinds:
            self.add(seat, "layoff_first" if kinds[0] == "layoff" else "meld_first")

    def tabled(self, seat: int, kind: str, cards: Sequence[int]) -> None:
        t = self.turn
        if t is None or t["seat"] != seat:
            return  # tabling after a Rummy call (R18): not a turn of the seat's own choosing
        t["tabled"] = True
        if t["alone"] is not None and t["alone_used"] is None and t["alone"] in [in_hand_card(c) for c in cards]:
            t["alone_used"] = kind
        if kind == "meld" and not self.melded[seat]:
            points = sum(15 if in_hand_card(c) == JOKER else hand_value(in_hand_card(c), self.rules.scoring)
                         for c in cards)
            t["first"] = points <= SMALL_MELD_POINTS and self.turns[seat] <= EARLY_TURNS
        t["kinds"].append(kind)
        t["gone"].extend(in_hand_card(c) for c in cards)

    def entry(self, entry: tuple, players: int) -> None:
        kind, seat = entry[0], entry[1]
        aw = self.rules.ace_wraps
        if kind == "draw":
            self.start_turn(seat, None, ())
        elif kind == "take":
            taken = entry[2]
            del self.pile[max(0, len(self.pile) - len(taken)):]
            self.start_turn(seat, taken[0] if len(taken) == 1 else None, tuple(taken) if len(taken) > 1 else ())
        elif kind == "rummy":
            taken = entry[2]
            del self.pile[max(0, len(self.pile) - len(taken)):]
            self.add(seat, "rummy_call")
            self.close_turn(went_out=False)
        elif kind == "meld":
            meld, _ = classify(entry[3], aw)
            self.table.append(meld)
            self.tabled(seat, "meld", entry[3])
            self.melded[seat] = True
        elif kind == "layoff":
            card, index = entry[2], entry[3]
            if 0 <= index < len(self.table) and self.table[index] is not None:
                try:
                    add_to_meld(self.table[index], card, seat, aw)
                except (ValueError, IndexError, KeyError):
                    self.table[index] = None
            self.tabled(seat, "layoff", (card,))
        elif kind == "discard":
            card = entry[2]
            table = [m for m in self.table if m is not None]
            if card == JOKER:
                self.add(seat, "discard_joker")
            elif fits_table(card, table, self.rules) or (self.pile and relates(card, self.pile[-1:], aw) > 0):
                self.add(seat, "discard_feeds")
            else:
                self.add(seat, "discard_safe")
            self.pile.append(card)
            if self.turn is not None and self.turn["seat"] == seat:
                self.turn["gone"].append(card)
            self.close_turn(went_out=False)
            # every other seat let the discard pass unless the next entry is its Rummy call
            for s in range(players):
                if s != seat:
                    self.add(s, "rummy_pass")
        elif kind == "end":
            self.close_turn(went_out=False)


def hand_counts(history: Iterable[tuple], players: int, rules: RuleSet,
                finished: bool = False) -> tuple[tuple[int, ...], ...]:
    """Per seat, the counts of :data:`FEATURES` in one hand's public log
    ``history`` (entries as ``HandState.log`` writes them). ``finished``: the
    hand is over, so the seat whose turn the log ends in went out (that turn
    is not counted as one that tabled or held back: every style tables all to
    go out). A Rummy call (R18) counts for the caller, and each other seat's
    discard as a pass for the seats that did not call it."""
    reader = _Reader(players, rules)
    entries = list(history)
    for i, entry in enumerate(entries):
        if entry[0] == "rummy" and i > 0 and entries[i - 1][0] == "discard":
            reader.counts[entry[1]][INDEX["rummy_pass"]] -= 1  # the pass counted at the discard was a call
        reader.entry(entry, players)
    if reader.turn is not None:
        if finished:
            reader.close_turn(went_out=True)
        else:
            reader.turn = None  # a turn still on: its outcome is not known yet
    return tuple(tuple(c) for c in reader.counts)


def past_counts(logs: Iterable[Sequence[tuple]], players: int, rules: RuleSet) -> tuple:
    """The compact public summary of finished hands: per hand of ``logs``
    (each a finished hand's public log), per seat, its counts
    (:func:`hand_counts`). What the referee passes a seat's AI
    (:meth:`game.ai.base.AIPlayer.note_past`)."""
    return tuple(hand_counts(log, players, rules, finished=True) for log in logs)


def total_counts(past: Sequence, current: Sequence, players: int) -> list[list[int]]:
    """Per seat, the counts of the hands in ``past`` and ``current`` added up."""
    total = [[0] * len(FEATURES) for _ in range(players)]
    for hand in list(past) + [current]:
        for s in range(min(players, len(hand))):
            row = hand[s]
            for i in range(min(len(FEATURES), len(row))):
                total[s][i] += int(row[i])
    return total


def posterior(counts: Sequence[int], styles: Sequence[str] = MODELLED) -> dict[str, float]:
    """The chance of each of ``styles`` given one seat's ``counts`` (in
    :data:`FEATURES` order), from an even prior (see the module docstring)."""
    logs = {}
    for style in styles:
        rates = RATES[style]
        logs[style] = TEMPER * sum(n * math.log(rates[i]) for i, n in enumerate(counts) if n)
    top = max(logs.values())
    weights = {s: math.exp(v - top) for s, v in logs.items()}
    z = sum(weights.values())
    return {s: w / z for s, w in weights.items()}


def estimate(past: Sequence, history: Iterable[tuple], players: int, rules: RuleSet) -> list[dict[str, float]]:
    """Per seat, the chance of each style of :data:`MODELLED` given the
    earlier hands' counts ``past`` (:func:`past_counts`) and the hand on
    now's public log ``history``."""
    current = hand_counts(history, players, rules)
    return [posterior(c) for c in total_counts(past, current, players)]


def likeliest(probs: Mapping[str, float]) -> tuple[str, float]:
    """The likeliest style and its chance (Medium first on a tie)."""
    style = max(MODELLED, key=lambda s: (probs.get(s, 0.0), s == "medium"))
    return style, probs.get(style, 0.0)


set_measured(_MEASURED)


# ---------------------------------------------------------------- playouts
CONFIDENT = 0.5
"""Hard plays an opponent as its likeliest style in its worlds once the
estimate gives that style at least this chance; below it, as Medium (the
style Hard was tuned against, and the likeliest player of an unknown field)."""


MIN_TURNS = 6
"""Turns (draws) of a seat seen, in this hand and the earlier ones, before
Hard plays it as anything but Medium."""


def modelled_styles(past: Sequence, history: Iterable[tuple], players: int, rules: RuleSet,
                    seat: int) -> tuple[str, ...]:
    """Per seat, the style Hard plays it as in its worlds, given the
    earlier hands' counts ``past`` and the hand on now's public log
    ``history`` (``seat``, Hard's own, as Medium): the likeliest style
    (:func:`estimate`) once the seat has drawn :data:`MIN_TURNS` times and
    the style's chance reaches :data:`CONFIDENT`, else Medium."""
    draws = [INDEX[f] for f in FAMILIES[0]]
    styles = []
    for s, counts in enumerate(total_counts(past, hand_counts(history, players, rules), players)):
        style, chance = likeliest(posterior(counts))
        confident = s != seat and chance >= CONFIDENT and sum(counts[i] for i in draws) >= MIN_TURNS
        styles.append(style if confident else "medium")
    return tuple(styles)


class _QuickTakes:
    """A world that answers ``is_legal`` for a take of two pile cards or
    more with the engine's quick necessary test first (R9: the deepest card
    must be able to be tabled; :func:`~game.rules.turn_search.could_ever_table`),
    and asks the world only when that passes: the same answers, far fewer
    searches. Everything else is the world's own."""

    __slots__ = ("_world",)

    def __init__(self, world: HandState):
        self._world = world

    def is_legal(self, action) -> bool:
        """The world's answer, the quick test first for a deep take."""
        if type(action) is TakeDiscards and action.count > 1:
            w = self._world
            taken = w.discard[-action.count:]
            if not could_ever_table(list(w.hands[action.seat]) + taken, taken[0], w.table, w.rules):
                return False
        return self._world.is_legal(action)

    def __getattr__(self, name: str):
        return getattr(self._world, name)


class _FastStyle(PlayoutPolicy):
    """A style in Hard's playouts: its own choices over the playout
    policy's lazy legality (:class:`~game.ai.playout.PlayoutPolicy`), deep
    takes asked through :class:`_QuickTakes`."""

    def __init__(self, seed: int | None = None):
        MediumAI.__init__(self, seed, max_depth=3, calls=False)

    def decide(self, view: PlayerView, world: HandState):
        """The style's move in ``world``."""
        return super().decide(view, _QuickTakes(world) if view.phase == "draw" else world)


class _HoarderPlayout(_FastStyle, HoarderAI):
    """The hoarder in a playout."""


class _EarlyMelderPlayout(_FastStyle, EarlyMelderAI):
    """The early melder in a playout."""


class _PileTakerPlayout(_FastStyle, PileTakerAI):
    """The pile-taker in a playout."""


class _LayOffHunterPlayout(_FastStyle, LayOffHunterAI):
    """The lay-off hunter in a playout."""


class _CautiousPlayout(_FastStyle, CautiousAI):
    """The cautious discarder in a playout: the cards that feed a meld left
    out of the ranked discards before legality is asked (only the first
    discard left is known to be legal)."""

    def ranked_discards(self, view: PlayerView, world: HandState) -> list[Discard]:
        """Medium's order, the safe discards first known legal (:func:`~game.ai.field.styles.feeds`)."""
        ranked = MediumAI.ranked_discards(self, view, AssumeLegal(world))
        safe = [d for d in ranked if not feeds(d.card, view, world.table)]
        return first_legal(safe, world) or first_legal(ranked, world)


class _Whole:
    """A player that decides from the view alone (Easy, the random player)
    in a playout: ``decide(view, world)`` is its own ``choose(view)``."""

    def __init__(self, player):
        self.player = player
        self.rng = player.rng

    def decide(self, view: PlayerView, world: HandState):
        """The player's move for ``view`` (it deals its own world from the view)."""
        return self.player.choose(view)


def playout_player(style: str, seed: int | None = None):
    """The player of ``style`` (one of :data:`MODELLED`) that Hard's
    playouts ask (``decide(view, world)``; ``rng`` reseeded per playout):
    the style's own choices, without Rummy calls, Medium's as the playout
    policy makes them (``medium``, ``rummy-caller``: Rummy calls are the
    rummy caller's one habit). Raises ``ValueError`` for an unknown style."""
    if style in ("medium", "rummy-caller"):
        return PlayoutPolicy(seed)
    if style == "easy":
        return _Whole(EasyAI(seed))
    if style == "random":
        return _Whole(RandomAI(seed))
    classes = {"hoarder": _HoarderPlayout, "early-melder": _EarlyMelderPlayout, "pile-taker": _PileTakerPlayout,
               "lay-off-hunter": _LayOffHunterPlayout, "cautious": _CautiousPlayout}
    if style not in classes:
        raise ValueError(f"unknown style {style!r} (use {', '.join(MODELLED)})")
    return classes[style](seed)
