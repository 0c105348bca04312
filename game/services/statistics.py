"""The person's statistics: the file's content and what one finished game adds.

:class:`Statistics` is ``statistics.json`` (read and written atomically by
:class:`game.services.storage.Storage`, upgraded key by key); :func:`record_game`
adds one game's figures to it.

:func:`summarize` reads a finished game record (``game-record.md``) and the
seats' levels and returns a :class:`GameSummary`: the id of the game, who
sat where, the rules profile, the winner and totals, and the person's hand
scores, Rummy calls and deep takes. :func:`count_game` adds a summary to a
:class:`Statistics` once (by the game's id). Pure functions: never imports
pygame, reads and writes nothing.

Who counts: only a game the person played at their own seat. A demo or a
watched game (the bottom seat played by a computer) is summarised with
``person=None`` and never counted: statistics describe what the person did.
Beside those, every person at the table (a record's ``people``, or the
seats whose level is ``"human"``) has the game counted under their name
(:attr:`Statistics.people`): a game two people played counts for both.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from game.rules.record import game_from_record
from game.rules.ruleset import RuleSet
from game.services.profiles import rules_name
from game.i18n import N_, _, in_every_language
from game.text.rules_text import PROFILE_NAMES, profile_name

__all__ = ["STATISTICS_VERSION", "RECENT_GAMES", "COUNTED_IDS", "Statistics", "record_game", "GameSummary",
           "game_id", "profile_of", "profile_shown", "summarize", "count_game", "STREAK_RULE",
           "gives_up_streak", "give_up_game"]

STATISTICS_VERSION = 2
"""The statistics file format this version writes (2 added worst hand, average,
Rummy calls, deep takes, player counts, recent totals and counted ids)."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class Statistics:
    """The person's record across finished games (``statistics.json``).

    Only games the person played at seat 0 count (never a demo, never a
    watched game); each game once (its id is kept in ``counted``).

    * ``games_played``, ``games_won``: finished games, and those the person won.
    * ``hands_played``: hands scored in those games.
    * ``best_hand_score``, ``worst_hand_score``: the person's best and worst
      score in one hand (points, may be negative), ``None`` before the first hand.
    * ``highest_total``: the person's best final total in a game, ``None``
      before the first game.
    * ``hand_points``, ``hands_scored``: the sum of the person's hand scores
      and how many hands it adds up (average hand score = their quotient;
      kept since version 2, so a version 1 file starts them at 0).
    * ``rummy_calls``: Rummy calls the person won (R18); ``deep_takes``:
      the person's takes of two or more discards (R8.3).
    * ``current_streak``, ``best_streak``: games won in a row.
    * ``by_level``: AI level name -> ``[won, played]``, games against at least
      one opponent of that level (``{"easy": [3, 5], "hard": [0, 2]}``).
    * ``by_players``: player count (as a string, ``"4"``) -> ``[won, played]``.
    * ``recent``: the last :data:`RECENT_GAMES` games, oldest first, as
      ``[your final total, the best opponent's final total]``.
    * ``counted``: ids of the counted games (the last :data:`COUNTED_IDS`),
      so a game is never counted twice.
    * ``people``: each person's name -> their own :class:`Statistics` (with
      no ``people`` of its own), every finished game a person played at this
      computer counted under their name (issue 23).
    * ``version``: :data:`STATISTICS_VERSION`; ``extra``: unknown keys, kept.
    """

    games_played: int = 0
    games_won: int = 0
    hands_played: int = 0
    best_hand_score: int | None = None
    worst_hand_score: int | None = None
    highest_total: int | None = None
    hand_points: int = 0
    hands_scored: int = 0
    rummy_calls: int = 0
    deep_takes: int = 0
    current_streak: int = 0
    best_streak: int = 0
    by_level: dict[str, list[int]] = field(default_factory=dict)
    by_players: dict[str, list[int]] = field(default_factory=dict)
    recent: list[list[int]] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)
    people: dict[str, "Statistics"] = field(default_factory=dict)
    version: int = STATISTICS_VERSION
    extra: dict = field(default_factory=dict, repr=False)

    _COUNTERS = ("games_played", "games_won", "hands_played", "hands_scored", "rummy_calls", "deep_takes",
                 "current_streak", "best_streak")
    _OPTIONAL = ("best_hand_score", "worst_hand_score", "highest_total")
    _TALLIES = ("by_level", "by_players")

    @classmethod
    def from_dict(cls, data: dict) -> tuple["Statistics", list[str]]:
        """Statistics from a decoded ``statistics.json`` object, key by key
        (like :meth:`Settings.from_dict`): returns ``(stats, reset)``;
        counters must be whole numbers ≥ 0; a ``by_level``/``by_players``
        entry that is not ``[won, played]`` with ``0 <= won <= played`` is
        dropped, as is a ``recent`` entry that is not two whole numbers or a
        ``counted`` id that is not a string. A missing key (an older file)
        takes its default."""
        values: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        reset: list[str] = []
        for key, value in data.items():
            if key in cls._COUNTERS:
                ok = _is_int(value) and value >= 0
            elif key in cls._OPTIONAL:
                ok = value is None or _is_int(value)
            elif key == "hand_points":
                ok = _is_int(value)
            elif key == "version":
                ok = _is_int(value) and value >= 0
            elif key in cls._TALLIES:
                ok = isinstance(value, dict)
                if ok:
                    clean = {str(k): list(pair) for k, pair in value.items() if _is_tally(pair)}
                    if len(clean) != len(value):
                        reset.append(key)
                    value = clean
            elif key == "people":
                ok = isinstance(value, dict)
                if ok:
                    clean = {}
                    for name, theirs in value.items():
                        if isinstance(theirs, dict):
                            one, _reset = cls.from_dict({k: v for k, v in theirs.items() if k != "people"})
                            clean[str(name)] = one
                    if len(clean) != len(value):
                        reset.append(key)
                    value = clean
            elif key in ("recent", "counted"):
                ok = isinstance(value, list)
                if ok:
                    good = _is_pair if key == "recent" else (lambda v: isinstance(v, str))
                    clean = [list(v) if key == "recent" else v for v in value if good(v)]
                    if len(clean) != len(value):
                        reset.append(key)
                    value = clean[-(RECENT_GAMES if key == "recent" else COUNTED_IDS):]
            else:
                extra[key] = value
                continue
            if ok:
                values[key] = value
            elif key != "version":
                reset.append(key)
        if values.get("games_won", 0) > values.get("games_played", 0):  # a win rate above 100 %
            values.pop("games_won", None)
            reset.append("games_won")
        if values.get("version", 0) < STATISTICS_VERSION:
            values["version"] = STATISTICS_VERSION
        return cls(**values, extra=extra), reset

    def to_dict(self) -> dict[str, Any]:
        """The JSON object to write: unknown keys first, then every field."""
        out: dict[str, Any] = dict(self.extra)
        for f in dataclasses.fields(self):
            if f.name != "extra":
                value = getattr(self, f.name)
                if f.name in self._TALLIES:
                    value = {k: list(v) for k, v in value.items()}
                elif f.name in ("recent", "counted"):
                    value = [list(v) if isinstance(v, (list, tuple)) else v for v in value]
                elif f.name == "people":
                    value = {name: {k: v for k, v in theirs.to_dict().items() if k != "people"}
                             for name, theirs in value.items()}
                out[f.name] = value
        return out

    @property
    def is_newer(self) -> bool:
        return _is_int(self.version) and self.version > STATISTICS_VERSION

    @property
    def win_rate(self) -> float | None:
        """Games won / games played (0.0 to 1.0), ``None`` before the first game."""
        return self.games_won / self.games_played if self.games_played else None

    @property
    def average_hand(self) -> float | None:
        """The person's average score in one hand (points), ``None`` before
        the first hand counted since version 2."""
        return self.hand_points / self.hands_scored if self.hands_scored else None


RECENT_GAMES = 20
"""How many games' final totals :attr:`Statistics.recent` keeps (the chart)."""
COUNTED_IDS = 1000
"""How many counted game ids :attr:`Statistics.counted` keeps."""


def _is_tally(pair: Any) -> bool:
    return (isinstance(pair, list) and len(pair) == 2 and all(_is_int(x) for x in pair)
            and 0 <= pair[0] <= pair[1])


def _is_pair(pair: Any) -> bool:
    return isinstance(pair, list) and len(pair) == 2 and all(_is_int(x) for x in pair)


def _tally(table: dict[str, list[int]], key: str, won: bool) -> None:
    pair = table.setdefault(key, [0, 0])
    pair[1] += 1
    if won:
        pair[0] += 1


def record_game(stats: Statistics, won: bool, level_names: list[str], hand_scores: list[int],
                total: int, *, players: int | None = None, rummy_calls: int = 0, deep_takes: int = 0,
                best_opponent: int | None = None, game_id: str | None = None) -> Statistics:
    """Add one finished game to ``stats`` (changed in place and returned).

    ``won``: the person won the game (R21); ``level_names``: the AI levels of
    the opponents (``["easy", "hard"]``; each distinct level counts the game
    once); ``hand_scores``: the person's score in each hand of the game
    (points, R19); ``total``: the person's final total (points, R20);
    ``players``: how many sat at the table (2 to 8); ``rummy_calls`` and
    ``deep_takes``: how many the person made; ``best_opponent``: the best
    final total among the others; ``game_id``: when given and already in
    ``stats.counted``, nothing is added (a game counts once).
    """
    if game_id is not None:
        if game_id in stats.counted:
            return stats
        stats.counted = (stats.counted + [game_id])[-COUNTED_IDS:]
    stats.games_played += 1
    stats.hands_played += len(hand_scores)
    stats.hands_scored += len(hand_scores)
    stats.hand_points += sum(hand_scores)
    stats.rummy_calls += rummy_calls
    stats.deep_takes += deep_takes
    if won:
        stats.games_won += 1
        stats.current_streak += 1
        stats.best_streak = max(stats.best_streak, stats.current_streak)
    else:
        stats.current_streak = 0
    if hand_scores:
        best, worst = max(hand_scores), min(hand_scores)
        if stats.best_hand_score is None or best > stats.best_hand_score:
            stats.best_hand_score = best
        if stats.worst_hand_score is None or worst < stats.worst_hand_score:
            stats.worst_hand_score = worst
    if stats.highest_total is None or total > stats.highest_total:
        stats.highest_total = total
    for level in dict.fromkeys(level_names):
        _tally(stats.by_level, level, won)
    if players is not None:
        _tally(stats.by_players, str(players), won)
    if best_opponent is not None:
        stats.recent = (stats.recent + [[total, best_opponent]])[-RECENT_GAMES:]
    return stats


# --------------------------------------------------------------------------- one game


STREAK_RULE = N_("A game you delete unfinished, once one of its hands is over, ends your winning streak, "
                  "as a lost game would; it is not counted as played.")
"""The rule for a game in progress thrown away (:func:`give_up_game`), as Statistics says it."""


def gives_up_streak(hands_over: int, won: bool, person_plays: bool) -> bool:
    """Whether deleting a game in progress ends the person's winning streak:
    when the person plays in it (not a watched game), it was not already won
    (a won game is counted when it is won, R21), and at least one hand is
    over (``hands_over`` >= 1), so the person has seen how it is going. A game
    deleted before its first hand ends (a wrong start) leaves the streak.
    Otherwise deleting a game one is losing would keep a streak a loss
    would end."""
    return person_plays and not won and hands_over >= 1


def give_up_game(stats: Statistics, hands_over: int, won: bool, person_plays: bool) -> bool:
    """Apply :func:`gives_up_streak` to ``stats`` (changed in place): the
    current winning streak becomes 0. Games played, won and every other
    figure are unchanged (only finished games are counted). Returns whether
    ``stats`` changed."""
    if not gives_up_streak(hands_over, won, person_plays) or stats.current_streak == 0:
        return False
    stats.current_streak = 0
    return True


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
    """The name of ``rules`` (:func:`game.services.profiles.rules_name` over the
    built-in profiles): ``"Standard"``, ``"Fives"``, or the closest with
    ``*`` (``"Standard*"``). Summaries written before hold a profile key
    (``"standard"``, ``"fives"`` …) or ``"custom"``; :func:`profile_shown`
    reads both."""

    return rules_name(rules)


def profile_shown(profile: str) -> str:
    """A stored :attr:`GameSummary.profile` as shown, in the current
    language: an old key becomes its name (``"no_jokers"`` → ``"No
    jokers"``, ``"custom"`` → ``"Custom"``); a built-in profile's name as
    any language says it, with or without its ``*``, in the current one
    (a game finished in Welsh stored ``"Safonol*"``: in English it shows
    ``"Standard*"``); a saved profile's name as stored."""

    if profile in PROFILE_NAMES:
        return profile_name(profile)
    if profile == "custom":
        return _("Custom")
    base, star = (profile[:-1], "*") if profile.endswith("*") else (profile, "")
    for key, name in PROFILE_NAMES.items():
        if base in in_every_language(name):
            return profile_name(key) + star
    return profile


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
    * ``people``: every seat a person played (issue 23), each as
      ``{"seat", "hand_scores", "rummy_calls", "deep_takes"}``; empty when
      no person played or the record does not say.
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
    people: list[dict] = field(default_factory=list)

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
        return [lv for i, lv in enumerate(self.levels) if i != self.person and lv != "human"]

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
                or not isinstance(s.profile, str) or not isinstance(s.people, list)
                or not all(isinstance(p, dict) and isinstance(p.get("seat"), int)
                           and 0 <= p["seat"] < len(s.players) for p in s.people)):
            raise ValueError("not a game summary: a field has the wrong type")
        return s


def summarize(record: dict, levels: list[str] | None = None, person: int | None = None) -> GameSummary:
    """The :class:`GameSummary` of a game record.

    ``levels``: each seat's level, seat order (``None``: unknown);
    ``person``: the person's seat, or ``None`` for a demo or watched game.
    The record is replayed (:func:`game.rules.record.game_from_record`), so it
    raises :class:`~game.rules.record.RecordError` for a malformed record and
    :class:`~game.errors.IllegalMove` for an illegal action.
    """
    game = game_from_record(record)
    hand_scores: list[int] = []
    rummy = deep = 0
    if person is not None:
        hand_scores, rummy, deep = _figures(record, game, person)
    seats = game.people if game.people is not None else [i for i, lv in enumerate(levels or []) if lv == "human"]
    people = []
    for seat in seats:
        scores, calls, takes = _figures(record, game, seat)
        people.append({"seat": seat, "hand_scores": scores, "rummy_calls": calls, "deep_takes": takes})
    return GameSummary(
        id=game_id(record), players=list(game.names), levels=list(levels) if levels is not None else None,
        person=person, profile=profile_of(game.rules), target=game.rules.target, winner=game.winner,
        totals=list(game.totals), hands=len(game.hand_scores), hand_scores=hand_scores,
        rummy_calls=rummy, deep_takes=deep, people=people)


def joined_summary(game, seat: int, rummy_calls: int = 0, deep_takes: int = 0, first_hand: int = 0) -> GameSummary:
    """The :class:`GameSummary` of a won game played at a table joined at
    another computer (issue 23), from what this seat saw: ``game`` is the
    guest's stand-in (:attr:`game.play.remote.guest_session.GuestSession.game`:
    names, rules, totals, every hand's scores, the winner), ``seat`` the
    person's; ``rummy_calls`` and ``deep_takes`` theirs; ``first_hand`` the
    index of the hand the seat joined in (the hands before it are not the
    person's to count). The other seats' levels are not known here (``levels`` is ``None``). Its ``id`` hashes
    the names, the rules and every hand's scores (the deals that
    :func:`game_id` hashes are the host's), so one game counts once.
    ``ValueError`` for a game not won."""
    if game.winner is None:
        raise ValueError("only a won game is summed up (R21)")
    scores = [[s["hand"] for s in hand] for hand in game.hand_scores]
    key = {"joined": True, "players": list(game.names), "seat": seat, "rules": game.rules.to_dict(),
           "scores": scores, "totals": list(game.totals)}
    gid = hashlib.sha256(json.dumps(key, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                         .encode("ascii")).hexdigest()[:12]
    mine = [hand[seat] for hand in scores[first_hand:]]
    person = {"seat": seat, "hand_scores": mine, "rummy_calls": rummy_calls, "deep_takes": deep_takes}
    return GameSummary(
        id=gid, players=list(game.names), levels=None, person=seat, profile=profile_of(game.rules),
        target=game.rules.target, winner=game.winner, totals=list(game.totals), hands=len(mine),
        hand_scores=mine, rummy_calls=rummy_calls, deep_takes=deep_takes, people=[person])


def _figures(record: dict, game, seat: int) -> tuple[list[int], int, int]:
    """``seat``'s score in each hand (R19), Rummy calls won (R18) and deep takes (R8.3) in a record."""
    rummy = deep = 0
    for h in record["hands"]:
        for a in h.get("actions", []):
            if a.get("p") != seat:
                continue
            if "rummy" in a:
                rummy += 1
            elif a.get("take", 0) >= 2:
                deep += 1
    return [scores[seat]["hand"] for scores in game.hand_scores], rummy, deep


def count_game(stats: Statistics, summary: GameSummary) -> bool:
    """Add ``summary`` to ``stats`` (changed in place) when it is a won game
    the person played that has not been counted yet; returns whether it was
    added."""
    if summary.winner is None:
        return False
    added = False
    for person in summary.people:  # every person at the table, under their name
        seat = person["seat"]
        theirs = stats.people.setdefault(summary.players[seat], Statistics())
        if summary.id in theirs.counted:
            continue
        levels = [] if summary.levels is None else [lv for i, lv in enumerate(summary.levels)
                                                    if i != seat and lv != "human"]
        others = [t for i, t in enumerate(summary.totals) if i != seat]
        record_game(theirs, summary.winner == seat, levels, person["hand_scores"], summary.totals[seat],
                    players=len(summary.players), rummy_calls=person["rummy_calls"],
                    deep_takes=person["deep_takes"], best_opponent=max(others) if others else None,
                    game_id=summary.id)
        added = True
    if summary.person is None or summary.id in stats.counted:
        return added
    record_game(stats, summary.won, summary.opponent_levels, summary.hand_scores, summary.totals[summary.person],
                players=len(summary.players), rummy_calls=summary.rummy_calls, deep_takes=summary.deep_takes,
                best_opponent=summary.best_opponent, game_id=summary.id)
    return True
