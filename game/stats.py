"""What one finished game means for the person's statistics (pure functions).

:func:`summarize` reads a finished game record (``game-record.md``) and the
seats' levels and returns a :class:`GameSummary`: the id of the game, who
sat where, the rules profile, the winner and totals, and the person's hand
scores, Rummy calls and deep takes. :func:`count_game` adds a summary to a
:class:`~game.storage.Statistics` once (by the game's id). Never imports
pygame; writes nothing.

Who counts: only a game the person played at their own seat. A demo or a
watched game (the bottom seat played by a computer) is summarised with
``person=None`` and never counted: statistics describe what the person did.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .record import game_from_record
from .rules import PROFILES, RuleSet
from .storage import Statistics, record_game

__all__ = ["GameSummary", "game_id", "profile_of", "summarize", "count_game"]


def game_id(record: dict) -> str:
    """A short id (12 hex digits) that names one game for ever: a hash of its
    players, starting scores, rules and first hand (dealer, seed, deal), so
    the same game saved, continued and finished again keeps its id, and two
    games with different deals never share one. Raises ``KeyError`` /
    ``IndexError`` for a record without a first hand."""
    first = record["hands"][0]
    key = {"players": record.get("players"), "scores": record.get("scores"), "rules": record.get("rules"),
           "dealer": first.get("dealer"), "seed": first.get("seed"), "deal": first.get("deal")}
    text = json.dumps(key, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:12]


def profile_of(rules: RuleSet) -> str:
    """The key of :data:`game.rules.PROFILES` whose rules equal ``rules``
    (``"standard"``, ``"fives"`` …), comparing every rule but the target; or
    ``"custom"`` when none does."""
    mine = {k: v for k, v in rules.to_dict().items() if k != "target"}
    for name, profile in PROFILES.items():
        if {k: v for k, v in profile.to_dict().items() if k != "target"} == mine:
            return name
    return "custom"


@dataclass(frozen=True)
class GameSummary:
    """One finished game, as the statistics and the list of recent games see it.

    * ``id``: :func:`game_id`; ``players``: names in seat order;
      ``levels``: each seat's level (``"human"``, ``"easy"`` …) or ``None``
      when not known (a record found on disk without its index entry).
    * ``person``: the person's seat (0), or ``None`` for a demo or watched game.
    * ``profile``: :func:`profile_of` the rules; ``target``: points to win (R21).
    * ``winner``: the winning seat, ``None`` if the record does not end in a win.
    * ``totals``: final totals per seat (points, R20); ``hands``: hands played.
    * ``hand_scores``: the person's score in each hand (points, R19), empty
      without a person.
    * ``rummy_calls``: Rummy calls the person won (R18; a record lists only
      the call that won); ``deep_takes``: the person's takes of two or more
      cards from the discard pile (R8.3).
    """

    id: str
    players: list[str]
    levels: list[str] | None
    person: int | None
    profile: str
    target: int
    winner: int | None
    totals: list[int]
    hands: int
    hand_scores: list[int] = field(default_factory=list)
    rummy_calls: int = 0
    deep_takes: int = 0

    @property
    def won(self) -> bool:
        """The person won this game."""
        return self.person is not None and self.winner == self.person

    @property
    def best_opponent(self) -> int | None:
        """The best final total among the seats other than the person's."""
        others = [t for i, t in enumerate(self.totals) if i != self.person]
        return max(others) if others else None

    @property
    def opponent_levels(self) -> list[str]:
        """The levels of the person's opponents, in seat order (empty when unknown)."""
        if self.levels is None:
            return []
        return [lv for i, lv in enumerate(self.levels) if i != self.person]

    def to_dict(self) -> dict[str, Any]:
        """A JSON object of every field (the finished games' index)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> "GameSummary":
        """The summary :meth:`to_dict` wrote. Raises ``ValueError`` when
        ``data`` is not such an object (a damaged index entry)."""
        try:
            s = cls(**data)
        except TypeError as exc:
            raise ValueError(f"not a game summary: {exc}") from None
        ints = [s.target, s.hands, s.rummy_calls, s.deep_takes, *s.totals, *s.hand_scores]
        if (not isinstance(s.id, str) or not isinstance(s.players, list) or not isinstance(s.totals, list)
                or len(s.totals) != len(s.players) or not all(isinstance(p, str) for p in s.players)
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in ints)
                or not (s.levels is None or (isinstance(s.levels, list) and len(s.levels) == len(s.players)))
                or not (s.winner is None or (isinstance(s.winner, int) and 0 <= s.winner < len(s.players)))
                or not (s.person is None or (isinstance(s.person, int) and 0 <= s.person < len(s.players)))
                or not isinstance(s.profile, str)):
            raise ValueError("not a game summary: a field has the wrong type")
        return s


def summarize(record: dict, levels: list[str] | None = None, person: int | None = None) -> GameSummary:
    """The :class:`GameSummary` of a game record.

    ``levels``: each seat's level, seat order (``None``: unknown);
    ``person``: the person's seat, or ``None`` for a demo or watched game.
    The record is replayed (:func:`game.record.game_from_record`), so it
    raises :class:`~game.record.RecordError` for a malformed record and
    :class:`~game.errors.IllegalMove` for an illegal action.
    """
    game = game_from_record(record)
    hand_scores: list[int] = []
    rummy = deep = 0
    if person is not None:
        hand_scores = [scores[person]["hand"] for scores in game.hand_scores]
        for h in record["hands"]:
            for a in h.get("actions", []):
                if a.get("p") != person:
                    continue
                if "rummy" in a:
                    rummy += 1
                elif a.get("take", 0) >= 2:
                    deep += 1
    return GameSummary(
        id=game_id(record), players=list(game.names), levels=list(levels) if levels is not None else None,
        person=person, profile=profile_of(game.rules), target=game.rules.target, winner=game.winner,
        totals=list(game.totals), hands=len(game.hand_scores), hand_scores=hand_scores,
        rummy_calls=rummy, deep_takes=deep)


def count_game(stats: Statistics, summary: GameSummary) -> bool:
    """Add ``summary`` to ``stats`` (changed in place) when it is a won game
    the person played that has not been counted yet; returns whether it was
    added."""
    if summary.person is None or summary.winner is None or summary.id in stats.counted:
        return False
    record_game(stats, summary.won, summary.opponent_levels, summary.hand_scores, summary.totals[summary.person],
                players=len(summary.players), rummy_calls=summary.rummy_calls, deep_takes=summary.deep_takes,
                best_opponent=summary.best_opponent, game_id=summary.id)
    return True
