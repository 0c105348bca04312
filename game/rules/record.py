"""Game records: read, check, replay and write them (``game-record.md``).

* :func:`parse_record` checks a whole record's structure before anything is
  played and raises :class:`RecordError` saying where it is wrong.
* :func:`replay` applies a record and returns ``(result, exit_status)``, the
  JSON object and status that ``rummy500 replay`` prints and exits with.
* :func:`record_of` writes a game as a record; :func:`game_from_record`
  builds the game a record describes.
* :func:`newer_keys` tells a record refused only for keys this version
  does not know (a newer version's) from a broken one.
* :func:`expect_mismatches` compares a replay result with a scenario's
  ``expect``.
"""

from __future__ import annotations

import gc
import json
import os
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from game.rules.actions import ACTION_KEYS, ACTION_KINDS, Action, ActionFormatError, action_from_record
from game.rules.cards import JOKER, Card, CardTokenError, card_token, parse_card, tokens
from game.rules.events import Event
from game.rules.game import Game
from game.rules.phase import seat_left_of
from game.rules.record_json import Overflow, decode_counted
from game.errors import IllegalMove
from game.paths import UNPRINTABLE
from game.rules.ruleset import RULE_KEYS, RuleSet, RulesError
from game.regular_files import FileTooLarge, read_regular_file

FORMAT = "rummy500/1"
MAX_SCORE = 10**9
MAX_SEED = 2**64

# Limits (game-record.md, "Limits"): a record past any of them is a
# bad_record, refused before any action is applied. No real game comes near.
MAX_RECORD_BYTES = 32 * 1024 * 1024
"""The largest record file, in bytes (32 MiB)."""
MAX_HANDS = 2_000
"""The most hands a record may hold."""
MAX_ACTIONS = 20_000
"""The most actions one hand of a record may hold."""
MAX_NOTE = 100_000
"""The longest ``note``, in characters."""
MAX_NAME = 64
"""The longest player name, in characters."""
_TOP_KEYS = {"format", "rules", "players", "scores", "hands", "note", "expect", "people"}
"""The record's keys: ``game-record.md``'s, and ``people`` (issue 23: the seats people played,
an optional key a later version may add by the spec; a record without it is read as before)."""
_HAND_KEYS = {"dealer", "deal", "seed", "actions"}
_DEAL_KEYS = {"hands", "discard", "stock"}


class RecordError(ValueError):
    """A record that is not valid (``bad_record``); the message says where."""


@dataclass
class HandRecord:
    """One entry of a record's ``hands``: ``dealer``, ``deal`` (``(hands,
    discard, stock_top_first)`` card codes, or ``None``), ``seed`` (or
    ``None``) and the parsed ``actions``."""

    dealer: int
    deal: tuple | None
    seed: int | None
    actions: list[Action] = field(default_factory=list)


@dataclass
class ParsedRecord:
    """A checked record: ``rules``, ``players`` (names), ``scores`` (totals
    before the first hand), ``note``, ``hands`` and ``people`` (the seats
    people played, ``None`` when the record does not say)."""

    rules: RuleSet
    players: list[str]
    scores: list[int]
    note: str | None
    hands: list[HandRecord]
    people: list[int] | None = None


def _whole(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{where} must be a whole number, not {_short(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RecordError(f"{where} must be from {lo} to {hi}, not {_short(value)}")
    return value


class _Unusable:
    """Stands in for a JSON number the record can't use (NaN, Infinity, or
    an integer too long to read), so the structure check reports where it is."""

    def __init__(self, text: str):
        self.text = text if len(text) <= 20 else f"a number with {len(text)} digits"

    def __repr__(self) -> str:
        return self.text


def _short(value: Any) -> str:
    """A value quoted for a message: JSON, at most 40 characters, always ASCII."""
    if isinstance(value, _Unusable):
        return value.text
    try:
        text = json.dumps(value, ensure_ascii=True, default=repr)
    except (ValueError, TypeError, RecursionError):
        text = "a value"
    return text if len(text) <= 40 else text[:37] + "..."


def _object(value: Any, where: str, allowed: set[str]) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"{where} must be an object, not {_short(value)}")
    for key in value:
        if key not in allowed:
            raise RecordError(f"{where}: unknown key {_short(key)}")
    return value


def _cards(value: Any, where: str, most: int) -> list[Card]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be a list of cards, not {_short(value)}")
    if len(value) > most:
        raise RecordError(f"{where} holds {len(value)} cards but the pack has only {most}")
    out = []
    for i, tok in enumerate(value):
        try:
            out.append(parse_card(tok))
        except CardTokenError as exc:
            raise RecordError(f"{where}[{i}]: {exc}") from None
    return out


def name_problem(name: Any) -> str | None:
    """Why ``name`` cannot be a player's name in a record, as the end of a
    sentence ("is not text", ...), or ``None`` when it can: text of at most
    :data:`MAX_NAME` characters, none of them a control character (NUL
    included), a lone surrogate or a line or paragraph separator."""
    if not isinstance(name, str):
        return f"is not text but {_short(name)}"
    if len(name) > MAX_NAME:
        return f"has {len(name)} characters, more than {MAX_NAME}"
    for i, ch in enumerate(name):
        if unicodedata.category(ch) in UNPRINTABLE:
            return f"holds a character that is not printable (U+{ord(ch):04X} at position {i})"
    return None


def _too_big(size: int) -> RecordError:
    return RecordError(f"the record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB "
                       f"(at least {size:,} bytes), more than any game needs")


def check_size(size: int) -> None:
    """Raise :class:`RecordError` (``bad_record``) when a record of ``size``
    bytes is over :data:`MAX_RECORD_BYTES`."""
    if size > MAX_RECORD_BYTES:
        raise _too_big(size)


def read_record_file(path: str | os.PathLike) -> bytes:
    """The bytes of the record file at ``path`` (a save, a finished game,
    ``rummy500 replay FILE``), read by :func:`game.regular_files.read_regular_file`:
    only a regular file, opened without blocking, at most
    :data:`MAX_RECORD_BYTES`. Raises :class:`RecordError` for a larger file
    (by its size, unread), :class:`game.regular_files.NotRegularFile` (an
    ``OSError``) for a named pipe, device, socket or folder, and
    ``FileNotFoundError`` or another ``OSError`` when it cannot be read."""
    try:
        return read_regular_file(path, MAX_RECORD_BYTES)
    except FileTooLarge as exc:
        raise _too_big(exc.size) from None


def read_record_bytes(stream) -> bytes:
    """Read a record from a binary ``stream`` (standard input, a pipe, an
    open file), never more than :data:`MAX_RECORD_BYTES` + 1
    bytes. Raises :class:`RecordError` for a larger record (without reading
    the rest) and ``OSError`` when the stream cannot be read."""
    try:
        size = os.fstat(stream.fileno()).st_size
    except (OSError, AttributeError, ValueError):
        size = 0
    check_size(size)  # a regular file says its size: refuse it unread
    chunks, total = [], 0
    while total <= MAX_RECORD_BYTES:
        chunk = stream.read(MAX_RECORD_BYTES + 1 - total)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    check_size(total)
    return b"".join(chunks)


def _no_repeats(pairs: list) -> dict:
    """A JSON object from its pairs; :class:`RecordError` for a key given twice."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen = set()
        for key, _value in pairs:
            if key in seen:
                raise RecordError(f"the key {_short(key)} appears twice in one object")
            seen.add(key)
    return obj


def _number(digits: str) -> int | _Unusable:
    return int(digits) if len(digits) <= 400 else _Unusable(digits)


_DECODER = json.JSONDecoder(parse_constant=_Unusable, object_pairs_hook=_no_repeats)
_LONG_NUMBERS = json.JSONDecoder(parse_constant=_Unusable, parse_int=_number, object_pairs_hook=_no_repeats)
_DIGITS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))  # bytes.translate: a digit -> "0", else " "
_LONG_RUN = b"0" * 400


def _decoder_for(data: bytes) -> json.JSONDecoder:
    """The strict decoder; the one that reads every whole number through
    Python (to stand in for one of more than 400 digits) only when the text
    holds a run of 400 digits at all, as reading each number so is slow."""
    return _LONG_NUMBERS if _LONG_RUN in data.translate(_DIGITS) else _DECODER


NO_MEMORY = "there is not enough memory to read this record"
"""The ``bad_record`` message when reading a record runs out of memory."""


def decode_json(data: bytes | str) -> Any:
    """Decode a record's UTF-8 JSON text strictly: no NaN or Infinity, no
    repeated keys. Raises :class:`RecordError` for text over
    :data:`MAX_RECORD_BYTES` (UTF-8 bytes) before decoding, with the line and
    column of a syntax error, and for more than :data:`MAX_HANDS` hands or
    :data:`MAX_ACTIONS` actions in a hand: those are counted while the text
    is read (:func:`game.rules.record_json.decode_counted`), so such a
    record is refused at the first hand or action past the limit, before the
    rest is read or built. May raise ``MemoryError`` (callers say
    :data:`NO_MEMORY`)."""
    if isinstance(data, str):
        # a character is at most 4 bytes in UTF-8: encode only when it may matter
        raw = data.encode("utf-8", "surrogatepass")
        if len(data) * 4 > MAX_RECORD_BYTES:
            check_size(len(raw))
    else:
        check_size(len(data))
        raw = bytes(data)
    if isinstance(data, (bytes, bytearray)):
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the file is not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
    collecting = gc.isenabled()
    gc.disable()  # JSON makes no cycles, and a collection every few hundred objects made reading 4x slower
    try:
        return decode_counted(text, _decoder_for(raw), MAX_HANDS, MAX_ACTIONS)
    except RecordError:
        raise
    except Overflow as exc:
        what = "hands" if exc.where == '"hands"' else "actions in one hand"
        raise RecordError(f"{exc.where} holds more than {exc.limit:,} {what}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not a usable JSON record: {str(exc)[:120]}") from None
    finally:
        if collecting:
            gc.enable()


_ACTION_MEMO = 4096
"""The most distinct actions :func:`_action_reader` remembers."""


def _action_reader(players: int) -> Callable[[Any], Action]:
    """:func:`~game.rules.actions.action_from_record` for ``players`` seats,
    remembering each distinct action object read: a record repeats a few
    actions thousands of times, and an action is immutable. An object is
    known by its keys, its values and their types (so ``true`` is never
    taken for ``1``), a meld's list by its cards; only actions read without
    error are remembered, so a list remembered holds only card tokens, and
    only text equals text."""
    memo: dict[tuple, Action] = {}
    known = memo.get

    def read(obj: Any) -> Action:
        if type(obj) is not dict:
            return action_from_record(obj, players)
        types = (*map(type, obj.values()),)
        if list in types:  # a meld's list, known by its cards
            key = (*obj, *types, *[tuple(v) if type(v) is list else v for v in obj.values()])
        else:
            key = (*obj, *types, *obj.values())
        try:
            action = known(key)
        except TypeError:  # a list of lists or objects: no action at all
            return action_from_record(obj, players)
        if action is None:
            action = action_from_record(obj, players)
            if len(memo) < _ACTION_MEMO:
                memo[key] = action
        return action

    return read


def parse_record(data: Any) -> ParsedRecord:
    """Check a record (bytes, text or an already-decoded object) completely
    and return it parsed. Raises :class:`RecordError` naming the hand, action,
    card or key that is wrong, or the limit a record goes past
    (:data:`MAX_RECORD_BYTES` for bytes or text, :data:`MAX_HANDS`,
    :data:`MAX_ACTIONS` per hand, :data:`MAX_NOTE`, and names by
    :func:`name_problem`); every limit is checked before any card or action
    of a hand is read."""
    if isinstance(data, (bytes, bytearray, str)):
        data = decode_json(data)
    top = _object(data, "the record", _TOP_KEYS)
    if top.get("format") != FORMAT:
        raise RecordError(f"\"format\" must be \"{FORMAT}\", not {_short(top.get('format'))}")
    players = top.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 8:
        raise RecordError("\"players\" must list 2 to 8 names")
    for i, name in enumerate(players):
        problem = name_problem(name)
        if problem is not None:
            raise RecordError(f"players[{i}] {problem}: a name is text of at most {MAX_NAME} "
                              "printable characters")
    n = len(players)
    try:
        rules = RuleSet.from_dict(top.get("rules", {}))
    except RulesError as exc:
        raise RecordError(str(exc)) from None
    size = rules.hand_size(n)
    if n * size + 1 > rules.pack_size(n):
        raise RecordError(f"rules: {n} players need {n * size + 1} cards but the pack has "
                          f"{rules.pack_size(n)} (decks {rules.decks!r}, jokers {rules.jokers_per_deck})")
    scores = top.get("scores", [0] * n)
    if not isinstance(scores, list) or len(scores) != n:
        raise RecordError(f"\"scores\" must be one number per player ({n})")
    scores = [_whole(s, f"scores[{i}]", -MAX_SCORE, MAX_SCORE) for i, s in enumerate(scores)]
    note = top.get("note")
    if "note" in top and not isinstance(note, str):
        raise RecordError("\"note\" must be text")
    if note is not None and len(note) > MAX_NOTE:
        raise RecordError(f"\"note\" has {len(note):,} characters, more than {MAX_NOTE:,}")
    people = top.get("people")
    if "people" in top:
        if (not isinstance(people, list) or len(people) > n
                or len({_whole(p, "people[]", 0, n - 1) for p in people}) != len(people)):
            raise RecordError(f"\"people\" must list distinct seats from 0 to {n - 1}, not {_short(people)}")
        people = sorted(people)
    hands_in = top.get("hands")
    if not isinstance(hands_in, list):
        raise RecordError("\"hands\" must be a list")
    if len(hands_in) > MAX_HANDS:
        raise RecordError(f"\"hands\" holds {len(hands_in):,} hands, more than {MAX_HANDS:,}")
    for hi, h in enumerate(hands_in):  # the cheap limit first, before any hand is read
        acts = h.get("actions") if isinstance(h, dict) else None
        if isinstance(acts, list) and len(acts) > MAX_ACTIONS:
            raise RecordError(f"hands[{hi}].actions holds {len(acts):,} actions, more than "
                              f"{MAX_ACTIONS:,} in one hand")
    read_action = _action_reader(n)
    pack = rules.pack_size(n)
    copies = Counter({c: rules.deck_count(n) for c in range(52)})
    copies[JOKER] = rules.deck_count(n) * rules.jokers_per_deck
    hands: list[HandRecord] = []
    for hi, h in enumerate(hands_in):
        where = f"hands[{hi}]"
        h = _object(h, where, _HAND_KEYS)
        if "dealer" not in h:
            raise RecordError(f"{where}: \"dealer\" is missing")
        dealer = _whole(h["dealer"], f"{where}.dealer", 0, n - 1)
        if hands and dealer != seat_left_of(hands[-1].dealer, n):
            raise RecordError(f"{where}.dealer: the deal passes left, so seat "
                              f"{seat_left_of(hands[-1].dealer, n)} deals this hand, not {dealer} (R3)")
        seed = None
        if "seed" in h:
            seed = _whole(h["seed"], f"{where}.seed", -MAX_SEED, MAX_SEED)
        deal = None
        if "deal" in h:
            d = _object(h["deal"], f"{where}.deal", _DEAL_KEYS)
            for key in _DEAL_KEYS:
                if key not in d:
                    raise RecordError(f"{where}.deal: \"{key}\" is missing")
            if not isinstance(d["hands"], list) or len(d["hands"]) != n:
                raise RecordError(f"{where}.deal.hands must hold one hand per player ({n})")
            dealt = [_cards(x, f"{where}.deal.hands[{i}]", pack) for i, x in enumerate(d["hands"])]
            discard = _cards(d["discard"], f"{where}.deal.discard", pack)
            stock = _cards(d["stock"], f"{where}.deal.stock", pack)
            used = Counter(discard) + Counter(stock)
            for x in dealt:
                used.update(x)
            for card, count in used.items():
                if count > copies[card]:
                    raise RecordError(f"{where}.deal: {count} × {card_token(card)} but the pack has "
                                      f"{copies[card]}")
            deal = (dealt, discard, stock)
        elif seed is None:
            raise RecordError(f"{where}: give a \"deal\" or a \"seed\"")
        acts = h.get("actions", [])
        if not isinstance(acts, list):
            raise RecordError(f"{where}.actions must be a list")
        try:
            parsed = [read_action(a) for a in acts]
        except ActionFormatError:
            for ai, a in enumerate(acts):  # again, to say which one
                try:
                    read_action(a)
                except ActionFormatError as exc:
                    raise RecordError(f"{where}.actions[{ai}]: {exc}") from None
            raise
        hands.append(HandRecord(dealer, deal, seed, parsed))
    return ParsedRecord(rules, [str(p) for p in players], scores, note, hands, people)


def _known(obj: dict, allowed, where: str, places: list[str]) -> dict:
    """``obj`` without the keys not in ``allowed``; their places go to ``places``."""
    out = {}
    for key, value in obj.items():
        if key in allowed:
            out[key] = value
        else:
            places.append(f"{where}.{key}" if where else str(key))
    return out


def newer_keys(data: Any) -> list[str]:
    """The places of the keys this version does not know in a decoded
    record (``"clock"``, ``"rules.wild_twos"``, ``"hands[0].actions[3].undo"``),
    when they are all that makes :func:`parse_record` refuse it; else ``[]``.

    ``game-record.md`` lets a later version add an optional key, or a new
    kind of action, without a new ``format``: such a record comes from a
    newer version, it is not broken. It is judged by the copy without those
    keys (an action left with no kind of its own is dropped, a new kind of
    action): when :func:`parse_record` accepts that copy, the unknown keys are
    returned; when the record has none, or the copy is refused too (it is
    wrong in some other way as well), ``[]``. Only the structure is checked,
    nothing is played (a newer key may change what is legal). Never raises.
    :func:`parse_record` and ``replay`` still refuse every unknown key."""
    if not isinstance(data, dict):
        return []
    places: list[str] = []
    top = _known(data, _TOP_KEYS, "", places)
    if isinstance(top.get("rules"), dict):
        top["rules"] = _known(top["rules"], RULE_KEYS, "rules", places)
    if isinstance(top.get("hands"), list):
        hands = []
        for hi, h in enumerate(top["hands"]):
            where = f"hands[{hi}]"
            if isinstance(h, dict):
                h = _known(h, _HAND_KEYS, where, places)
                if isinstance(h.get("deal"), dict):
                    h["deal"] = _known(h["deal"], _DEAL_KEYS, f"{where}.deal", places)
                if isinstance(h.get("actions"), list):
                    actions = []
                    for ai, a in enumerate(h["actions"]):
                        if isinstance(a, dict):
                            before = len(places)
                            a = _known(a, ACTION_KEYS, f"{where}.actions[{ai}]", places)
                            if len(places) > before and not ACTION_KINDS & a.keys():
                                continue  # a kind of action this version does not know
                        actions.append(a)
                    h["actions"] = actions
            hands.append(h)
        top["hands"] = hands
    if not places:
        return []
    try:
        parse_record(top)
    except Exception:  # RecordError, or anything a damaged file may cause: not a newer version's record
        return []
    return places


def _play(parsed: ParsedRecord) -> tuple[Game, tuple[int, int, IllegalMove] | None]:
    """Deal and apply every hand of ``parsed``; stop at the first illegal
    action and return it as ``(hand, action, error)``. Raises
    :class:`RecordError` for a hand that cannot follow the previous one."""
    game = Game(parsed.players, parsed.rules, parsed.scores, note=parsed.note)
    game.people = parsed.people
    for hi, h in enumerate(parsed.hands):
        if game.winner is not None:
            raise RecordError(f"hands[{hi}]: the game was already won after hand {hi - 1}")
        if game.hands and game.hands[-1].ended is None:
            raise RecordError(f"hands[{hi}]: hand {hi - 1} has not ended, so no hand can follow it")
        game.deal_next_hand(h.dealer, h.deal, h.seed)
        for ai, action in enumerate(h.actions):
            try:
                game.apply(action)
            except IllegalMove as exc:
                return game, (hi, ai, exc)
    return game, None


def game_from_record(data: Any) -> Game:
    """The game a record describes, with every action applied.

    Raises :class:`RecordError` for a malformed record and
    :class:`~game.errors.IllegalMove` for the first illegal action.
    """
    parsed = data if isinstance(data, ParsedRecord) else parse_record(data)
    game, stop = _play(parsed)
    if stop is not None:
        raise stop[2]
    return game


def history_events(game: Game, at_least: int = 300) -> list[Event]:
    """The events of ``game`` as they happened, oldest first: its hands
    dealt again from their deals and every action applied again, on a
    separate game (``game`` is only read). Only the last hands are played
    again: from the newest back until they hold ``at_least`` actions (the
    game log keeps 300 lines, issue 21, item 12); the deals, actions and
    the totals before the first of them are ``game``'s own. Raises
    :class:`~game.errors.IllegalMove` only for a game whose actions are not
    legal (never for one built by the engine)."""
    first, count = len(game.hands), 0
    while first > 0 and count < at_least:
        first -= 1
        count += len(game.hands[first].actions) + 2  # the deal and the end of a hand are lines too
    again = Game(game.names, game.rules, game.start_scores, note=game.note)
    again.people = game.people
    again.hands = list(game.hands[:first])  # read only, as the hands before the first played again
    again.hand_scores = [list(s) for s in game.hand_scores[:first]]
    for scores in again.hand_scores:
        for seat, score in enumerate(scores):
            again.totals[seat] += score["hand"]
    events: list[Event] = []
    for h in game.hands[first:]:
        events += again.deal_next_hand(h.dealer, h.deal, h.seed)
        for action in h.actions:
            events += again.apply(action)
    return events


def hand_result(h) -> dict:
    """One entry of a replay's ``hands`` (see ``game-record.md``)."""
    return {
        "ended": h.ended,
        "went_out": h.went_out,
        "scores": h.scores(),
        "held": [len(x) for x in h.hands],
        "stock": len(h.stock),
        "discard": tokens(h.discard),
        "table": [{"cards": m.tokens(), "owner": m.owner} for m in h.table],
    }


def game_result(game: Game) -> dict:
    """The replay output of a game as it stands (``ok`` true, no ``error``)."""
    h = game.hand
    nxt = None
    if game.winner is None and h is not None and h.ended is None:
        nxt = {"hand": h.index, "player": h.current, "phase": h.phase.value}
    return {"ok": True, "hands": [hand_result(x) for x in game.hands], "totals": list(game.totals),
            "winner": game.winner, "next": nxt}


def bad_record(message: str) -> dict:
    """The replay output for a malformed record."""
    return {"ok": False, "error": {"code": "bad_record", "rule": "", "message": message}}


def replay(data: Any) -> tuple[dict, int]:
    """Apply a record (bytes, text or decoded object) and return ``(output,
    exit_status)`` exactly as ``rummy500 replay`` prints them: 0 when every
    action applied, 1 at the first illegal action (the output then describes
    the state just before it), 2 for a ``bad_record`` (and when there is not
    memory enough to read or replay it: :data:`NO_MEMORY`)."""
    failed = None
    try:
        parsed = parse_record(data)
        game, stop = _play(parsed)
    except RecordError as exc:
        failed = str(exc)
    except MemoryError:
        failed = NO_MEMORY  # built outside the handler, once what was read is freed
    if failed is not None:
        return bad_record(failed), 2
    if stop is None:
        return game_result(game), 0
    hi, ai, exc = stop
    out = game_result(game)
    return {"ok": False, "error": {"hand": hi, "action": ai, **exc.to_dict()}, "hands": out["hands"],
            "totals": out["totals"], "winner": out["winner"], "next": out["next"]}, 1


def record_of(game: Game) -> dict:
    """The game as a record: every rule key, the players, the starting
    scores, and for each hand its dealer, seed, deal and actions (a saved
    game records both the deal and the seed)."""
    rec: dict[str, Any] = {"format": FORMAT}
    if game.note is not None:
        rec["note"] = game.note
    rec["rules"] = game.rules.to_dict()
    rec["players"] = list(game.names)
    if game.people is not None:
        rec["people"] = list(game.people)
    rec["scores"] = list(game.start_scores)
    rec["hands"] = []
    for h in game.hands:
        hands, discard, stock = h.deal
        rec["hands"].append({
            "dealer": h.dealer,
            "seed": h.seed,
            "deal": {"hands": [tokens(x) for x in hands], "discard": tokens(discard), "stock": tokens(stock)},
            "actions": [a.to_record() for a in h.actions],
        })
    return rec


def dumps(record: dict) -> str:
    """A record as JSON text (UTF-8, two-space indent, newline at the end)."""
    return json.dumps(record, indent=2, ensure_ascii=False) + "\n"


def expect_mismatches(expect: Any, actual: Any, path: str = "") -> list[str]:
    """Differences between a scenario's ``expect`` and a replay output, by
    ``game-record.md``'s rule: objects key by key (only the keys ``expect``
    lists), lists by length and element by element, anything else equal.
    Returns human-readable lines; empty when everything matches."""
    if isinstance(expect, dict):
        if not isinstance(actual, dict):
            return [f"{path or 'output'}: expected an object, got {_short(actual)}"]
        out = []
        for k, v in expect.items():
            if k not in actual:
                out.append(f"{path}.{k}: missing")
            else:
                out.extend(expect_mismatches(v, actual[k], f"{path}.{k}"))
        return out
    if isinstance(expect, list):
        if not isinstance(actual, list) or len(actual) != len(expect):
            return [f"{path}: expected {_short(expect)}, got {_short(actual)}"]
        out = []
        for i, (e, a) in enumerate(zip(expect, actual)):
            out.extend(expect_mismatches(e, a, f"{path}[{i}]"))
        return out
    if type(expect) is not type(actual) and not (
            isinstance(expect, (int, float)) and isinstance(actual, (int, float))
            and not isinstance(expect, bool) and not isinstance(actual, bool)):
        return [f"{path}: expected {_short(expect)}, got {_short(actual)}"]
    if expect != actual:
        return [f"{path}: expected {_short(expect)}, got {_short(actual)}"]
    return []
