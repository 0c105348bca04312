"""``rummy500 review FILE``: the review of one seat's hand in a game record
(:mod:`game.ai.review` for the estimates, :mod:`game.text.review` for the words).

:func:`hand_decisions` reads the seat's decisions from the record, each with
the seat's view at that moment (the AI never sees the record);
:func:`review_hand` reviews them one by one.

:func:`load_review` reads and checks the record with the same checks
``replay`` uses and picks the seat and hand; :func:`entries` turns verdicts
into the ``--json`` objects; :func:`format_entries` into text lines.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterator

from game.errors import IllegalMove
from game.rules.actions import CallRummy, Discard
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.phase import Phase
from game.rules.record import ParsedRecord, RecordError, decode_json, game_from_record, parse_record
from game.rules.names import shown_names
from game.rules.view import view_for
from game.ai.review import WORLDS, Decision, Verdict, kind_of, review_decision, review_decisions
from game.play.seats import public_past
from game.play.processes import quiet_resource_tracker, sigint_held, stop_pool, worker_started
from game.text.review import hindsight, reason


def _may_call(h: HandState, seat: int) -> bool:
    """True when ``seat`` may call Rummy now at some depth (R18)."""
    if h.ended is not None or h.window is None or h.window == seat or h.phase != Phase.DRAW \
            or not h.rules.rummy_calls:
        return False
    return any(h.is_legal(CallRummy(seat, k)) for k in range(1, len(h.discard) + 1))


def hand_decisions(parsed: ParsedRecord, seat: int, hand: int) -> list[Decision]:
    """Every decision of ``seat`` in hand ``hand`` of the checked record
    ``parsed`` (:func:`game.rules.record.parse_record`), in order. Raises
    ``IndexError`` for a hand or seat the record does not have and
    :class:`~game.errors.IllegalMove` for an illegal action in it."""
    if not 0 <= seat < len(parsed.players):
        raise IndexError(f"seat {seat} is not at this table")
    if not 0 <= hand < len(parsed.hands):
        raise IndexError(f"hand {hand} is not in this record")
    game = Game(parsed.players, parsed.rules, parsed.scores, note=parsed.note)
    for record in parsed.hands[:hand]:
        game.deal_next_hand(record.dealer, record.deal, record.seed)
        for action in record.actions:
            game.apply(action)
    record = parsed.hands[hand]
    game.deal_next_hand(record.dealer, record.deal, record.seed)
    h = game.hand
    past = public_past(game)  # the earlier hands, as Hard at the table knows them
    out: list[Decision] = []
    turn = 1
    window_open = False  # a discard by another seat has just opened a Rummy window (R18)
    for index, action in enumerate(record.actions):
        if window_open and _may_call(h, seat):
            called = isinstance(action, CallRummy) and action.seat == seat
            # a call by a seat ahead of this one in turn order would have won anyway: nothing to decide
            ahead = (isinstance(action, CallRummy) and not called
                     and (action.seat - h.window) % h.players < (seat - h.window) % h.players)
            if not ahead:
                out.append(Decision(seat, hand, turn, index, "rummy", view_for(game, seat),
                                    action if called else None, past))
        window_open = False
        if action.seat == seat and not isinstance(action, CallRummy):
            out.append(Decision(seat, hand, turn, index, kind_of(action), view_for(game, seat), action, past))
        before = h.current
        game.apply(action)
        if isinstance(action, Discard) and action.seat != seat:
            window_open = True
        if h.ended is None and h.phase == Phase.DRAW and h.current != before:
            turn += 1
    return out


def review_hand(parsed: ParsedRecord, seat: int, hand: int, seed: int = 0, worlds: int = WORLDS,
                cancelled: Callable[[], bool] = lambda: False) -> Iterator[Verdict]:
    """Yield a :class:`~game.ai.review.Verdict` for each decision of ``seat``
    in ``hand`` (:func:`hand_decisions`), in order, each as soon as it is
    ready (:func:`game.ai.review.review_decisions`); stop before the next one
    once ``cancelled()`` is true. Raises as :func:`hand_decisions` does."""
    yield from review_decisions(hand_decisions(parsed, seat, hand), seed, worlds, cancelled)


class ReviewError(ValueError):
    """A record, seat or hand that cannot be reviewed; the message is one sentence."""


@dataclass
class ReviewRequest:
    """A checked record (``parsed``), the ``seat`` and the ``hand`` (0-based) to review."""

    parsed: ParsedRecord
    seat: int
    hand: int


def load_review(data: bytes | str | dict, seat: int | None = None, hand: int | None = None) -> ReviewRequest:
    """Check the record ``data`` (bytes, text or a decoded object; the keys
    an AI puzzle adds are set aside) and choose what to review: ``seat``
    (default 0, the bottom seat, where the person sits at this table) and ``hand`` (0-based;
    default: the last hand). Raises :class:`ReviewError` with one sentence for
    a record that is not valid, holds an illegal action, or has no such seat or hand."""
    try:
        obj = decode_json(data) if isinstance(data, (bytes, bytearray, str)) else dict(data)
        if isinstance(obj, dict):
            obj.pop("puzzle", None)
        parsed = parse_record(obj)
        game_from_record(parsed)
    except RecordError as exc:
        raise ReviewError(f"not a valid record: {exc}") from None
    except IllegalMove as exc:
        raise ReviewError(f"the record holds an illegal action: {exc.message}") from None
    players = len(parsed.players)
    if seat is None:
        seat = 0
    if not 0 <= seat < players:
        raise ReviewError(f"seat {seat} is not at this table: its seats are 0 to {players - 1}.")
    if not parsed.hands:
        raise ReviewError("the record has no hand to review.")
    if hand is None:
        hand = len(parsed.hands) - 1
    if not 0 <= hand < len(parsed.hands):
        raise ReviewError(f"hand {hand + 1} is not in this record: it has {len(parsed.hands)}.")
    return ReviewRequest(parsed, seat, hand)


def entry(request: ReviewRequest, verdict: Verdict) -> dict:
    """The ``--json`` object of one decision: ``hand`` and ``turn`` (1-based),
    ``kind``, ``played`` and ``suggested`` (record actions, ``null`` for no
    Rummy call), ``points_lost`` (0 where the choice was the suggestion),
    ``stderr``, ``worlds``, ``reason`` and, when something followed,
    ``hindsight``."""
    d = verdict.decision
    out = {
        "hand": d.hand + 1, "turn": d.turn, "kind": d.kind,
        "played": d.played.to_record() if d.played is not None else None,
        "suggested": verdict.suggested.to_record() if verdict.suggested is not None else None,
        "points_lost": round(verdict.points_lost, 1), "stderr": round(verdict.stderr, 1),
        "worlds": verdict.worlds, "reason": reason(verdict),
    }
    after = hindsight(request.parsed, d, shown_names(request.parsed.players))
    if after:
        out["hindsight"] = after
    return out


def entries(request: ReviewRequest, seed: int = 0, worlds: int = WORLDS) -> Iterator[dict]:
    """One :func:`entry` per decision of the request's seat in its hand, each as it is ready."""
    for verdict in review_hand(request.parsed, request.seat, request.hand, seed, worlds):
        yield entry(request, verdict)


def format_entry(e: dict) -> str:
    """One decision as a line of the plain-text output."""
    return f"hand {e['hand']}, turn {e['turn']}, {e['kind']}: {e['reason']}" + (
        f" {e['hindsight']}" if e.get("hindsight") else "")


def _review_at(data: dict, seat: int, hand: int, index: int, seed: int, worlds: int):
    """In the review's worker process: the verdict on decision ``index`` of
    ``seat`` in ``hand`` of record ``data``, as ``(suggested, points_lost,
    stderr, worlds)`` (the parent words it in its own language)."""
    decision = hand_decisions(parse_record(data), seat, hand)[index]
    v = review_decision(decision, seed, worlds)
    return v.suggested, v.points_lost, v.stderr, v.worlds


class ReviewWorker:
    """The review of ``seat``'s hand ``hand`` (0-based) of the record ``data``
    (a decoded record object) in a process of its own, decision by decision,
    so a window never waits on it. ``ReviewError`` for a record, seat or hand
    that cannot be reviewed (:func:`load_review`).

    Each frame :meth:`poll` returns the verdicts that have arrived, in
    order; :attr:`done` of :attr:`total` are in; :meth:`cancel` stops the
    process at once, even in the middle of a decision."""

    def __init__(self, data: dict, seat: int, hand: int, seed: int = 0, worlds: int = WORLDS):
        request = load_review(data, seat, hand)
        self.request = request
        self.decisions: list[Decision] = hand_decisions(request.parsed, seat, hand)
        self.verdicts: list[Verdict] = []
        self.failed: str | None = None
        quiet_resource_tracker()
        with sigint_held():  # the worker starts on the first submit
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=worker_started)
            self._futures = [self._pool.submit(_review_at, data, seat, hand, i, seed, worlds)
                             for i in range(len(self.decisions))]
        self.cancelled = False

    @property
    def total(self) -> int:
        """How many decisions the hand has."""
        return len(self.decisions)

    @property
    def done(self) -> int:
        """How many verdicts have arrived."""
        return len(self.verdicts)

    @property
    def finished(self) -> bool:
        """True once every verdict is in, the review failed, or it was cancelled."""
        return self.cancelled or self.failed is not None or self.done == self.total

    def poll(self) -> list[Verdict]:
        """The verdicts that arrived since the last call, in decision order
        (never blocks). A failure in the worker ends the review: :attr:`failed`
        then holds its one-line reason."""
        new: list[Verdict] = []
        while not self.finished and self._futures[self.done].done():
            future = self._futures[self.done]
            try:
                suggested, lost, err, worlds = future.result()
            except Exception as exc:  # a crashed worker: say so, keep what arrived
                self.failed = f"{type(exc).__name__}: {exc}"
                self._stop()
                break
            verdict = Verdict(self.decisions[self.done], suggested, lost, err, worlds)
            self.verdicts.append(verdict)
            new.append(verdict)
        if self.done == self.total:
            self._pool.shutdown(wait=False)
        return new

    def cancel(self) -> None:
        """Stop the review now (the worker process is ended at once); safe to call twice."""
        if not self.finished:
            self.cancelled = True
        self._stop()

    def _stop(self) -> None:
        stop_pool(self._pool)
