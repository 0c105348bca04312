"""Tables across computers (issue 23): the wire protocol, its limits, TLS and
the network thread, shared by the host (:mod:`game.play.remote.host`) and the guest
(:mod:`game.play.remote.guest`). No pygame.

The transport is WebSockets (the ``websockets`` library, asyncio) over TLS
(``wss``), on a thread of its own (:class:`LoopThread`) so a caller's frame
never waits on the network; the caller and that thread meet only in
thread-safe queues. Every message is one JSON object of at most
:data:`MAX_MESSAGE` bytes, checked against one schema (``msgspec`` structs
tagged by ``"type"``, unknown fields refused): :data:`GUEST_MESSAGES` for what
a guest may send, :data:`HOST_MESSAGES` for what a host sends. The first
message of a guest is :class:`Hello`, with :data:`PROTOCOL_VERSION`; a host
of another version refuses it (``Refused("version")``).

What a seat receives is its own :class:`~game.rules.view.PlayerView`
(:func:`view_to_wire`: the hand's public history is sent from where the
guest's copy ends) and the public events (:func:`events_to_wire`: a card
drawn from the stock is named only to the seat that drew it). Never
another seat's hand, the stock's order, a seed or any random state.

TLS: the host makes a self-signed certificate on first use
(:func:`ensure_certificate`, an ECDSA P-256 key kept in the host's data
folder, made with the pure-Python ``ecdsa`` package: the ``cryptography``
package would add 14 MB to the standalone build for one signature); its SHA-256 fingerprint, shortened to 16 hex digits
(:func:`short_fingerprint`), is shown with the table code. The guest does
not check a certificate authority (a home table has none); it checks the
fingerprint instead, before it sends the code: the one given to it, or the
one it saw the first time it joined that address (:class:`KnownHosts`,
trust on first use).
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import hashlib
import json
import logging
import os
import secrets
import socket
import ssl
import threading
import time
from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Union

import msgspec
from ecdsa import NIST256p, SigningKey, der
from ecdsa.util import sigencode_der

from game.regular_files import read_regular_file
from game.rules import events as E
from game.rules.cards import card_token, parse_card
from game.rules.ruleset import RuleSet
from game.rules.view import MeldView, PlayerView

log = logging.getLogger("rummy500.network")

PROTOCOL_VERSION = 2
"""The version of the messages below; a host and a guest of different versions refuse each other."""
DEFAULT_PORT = 50500
MAX_MESSAGE = 64 * 1024
"""The largest message either side accepts (bytes); a larger one closes the connection (1009)."""
RATE_LIMIT = 50
"""Messages a guest may send in any one second; one more closes its connection."""
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY3479"
"""Table codes use letters and digits that cannot be misheard or misread for
each other (no 0/O, 1/I/L, 2/Z, 5/S, G/6, B/8)."""
CODE_LENGTH = 6
SHORT_FINGERPRINT = 16
"""Hex digits of the certificate's SHA-256 fingerprint shown and checked (64 bits)."""

# close codes (RFC 6455): 1008 a message broke the rules, 1009 too big, 1013 try again later, 1001 going away
POLICY, TOO_BIG, TRY_LATER, GOING_AWAY = 1008, 1009, 1013, 1001

Name = Annotated[str, msgspec.Meta(max_length=64)]
Short = Annotated[str, msgspec.Meta(max_length=64)]


# ------------------------------------------------------------ the messages
class _Message(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """Base of every message: one JSON object whose ``"type"`` is its tag."""


class Hello(_Message, tag="hello"):
    """A guest's first message: its protocol ``version``, the table ``code``,
    the ``name`` it plays under, the ``seat`` it asks for (or ``None``: the
    first free one) and its seat ``token`` when it takes its seat back."""

    version: int
    code: Short
    name: Name
    seat: int | None = None
    token: Short | None = None


class Move(_Message, tag="move"):
    """The guest's move, a game-record action object (``{"p": 1, "draw": "stock"}``)."""

    action: dict[str, Any]


class Call(_Message, tag="call"):
    """The guest calls Rummy (R18): a record action object ``{"p": 1, "rummy": n}``."""

    action: dict[str, Any]


class Pass(_Message, tag="pass"):
    """The guest lets its Rummy window close without a call (R18)."""


GUEST_MESSAGES = Union[Hello, Move, Call, Pass]
"""Everything a guest may send."""


class Welcome(_Message, tag="welcome"):
    """The host took the guest in at ``seat``; ``token`` takes that seat back
    after a drop (keep it secret: it alone does). ``names``: the seats' names
    known so far (``""`` for an open seat nobody has taken)."""

    version: int
    seat: int
    token: str
    names: list[str]


class Refused(_Message, tag="refused"):
    """The host turned the guest away: ``reason`` is ``version`` (the host's
    ``version`` differs), ``bad_code``, ``wait`` (too many wrong codes: try
    again in ``seconds``), ``full``, ``seat_taken``, ``bad_token``, ``bad_name`` or
    ``banned`` (the host removed the guest's seat: its token and address are
    refused from then on; also sent to the guest removed, before its connection closes)."""

    reason: Literal["version", "bad_code", "wait", "full", "seat_taken", "bad_token", "bad_name", "banned"]
    version: int = PROTOCOL_VERSION
    seconds: float = 0.0


class Start(_Message, tag="start"):
    """A game begins (or is taken up again): the seats' ``names``, the ``rules`` (a rules object)."""

    names: list[str]
    rules: dict[str, Any]


class Update(_Message, tag="update"):
    """The game moved on: update ``n`` (it counts from 1 in each game), the
    public ``events`` of the action and the seat's ``view``
    (:func:`view_to_wire`); ``hands`` at the end of a hand, when every hand
    is shown to everyone (seat order), else ``None``."""

    n: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    hands: list[list[str]] | None = None


class Ask(_Message, tag="ask"):
    """The host asks the seat for its move (``rummy`` False) or whether it
    calls Rummy on the open discard, within ``seconds`` of the host's clock
    (R18). ``n`` is the update the question is about."""

    n: int
    rummy: bool
    seconds: float | None = None


class Illegal(_Message, tag="illegal"):
    """The host's referee refused the guest's move: the engine's ``code``,
    ``rule`` and English ``message`` (worded on the guest's side)."""

    code: str
    rule: str
    message: str


class GameOver(_Message, tag="game_over"):
    """The game is won (R21): the ``winner``'s seat and every seat's ``totals``."""

    winner: int
    names: list[str]
    totals: list[int]


RECORD_PART = 24_000
"""The most characters of a finished game's record in one :class:`RecordPart`
(the record's JSON is ASCII; escaped, a part stays well under :data:`MAX_MESSAGE`)."""
RECORD_PARTS = 64
"""The most parts a finished game's record is sent in (1.5 M characters: more than any game needs)."""


class RecordPart(_Message, tag="record"):
    """One piece of the finished game's record (``game-record.md``), sent to
    every seat once the game is won (R21), just before :class:`GameOver`, so
    a guest keeps the game it played (issue 23). ``text`` is the record's JSON
    from character ``part * RECORD_PART`` on; ``parts`` pieces in all, sent
    in order. Nothing in it is sent before the game is over, when it can no
    longer help anyone play: the next game at the table is dealt from a new
    table seed, which no record holds."""

    part: Annotated[int, msgspec.Meta(ge=0, lt=RECORD_PARTS)]
    parts: Annotated[int, msgspec.Meta(ge=1, le=RECORD_PARTS)]
    text: Annotated[str, msgspec.Meta(max_length=RECORD_PART)]


def record_parts(record: dict) -> list[RecordPart]:
    """The :class:`RecordPart` messages that carry ``record`` (a game-record
    dict, :func:`game.rules.record.record_of`), in order. ``ValueError`` when
    it needs more than :data:`RECORD_PARTS` parts."""
    text = json.dumps(record, ensure_ascii=True, separators=(",", ":"))
    pieces = [text[i:i + RECORD_PART] for i in range(0, len(text), RECORD_PART)] or [""]
    if len(pieces) > RECORD_PARTS:
        raise ValueError(f"a record of {len(text):,} characters is too long to send")
    return [RecordPart(i, len(pieces), piece) for i, piece in enumerate(pieces)]


class RecordParts:
    """A guest's side of :func:`record_parts`: :meth:`add` each part as it
    comes; :meth:`text` is the whole record's JSON once every part has come
    in order, else ``None`` (a part out of order or of another count starts over)."""

    def __init__(self) -> None:
        self._pieces: list[str] = []
        self._parts = 0

    def add(self, part: RecordPart) -> None:
        """Take one part (out of order: what came before is dropped)."""
        if part.part == 0:
            self._pieces, self._parts = [], part.parts
        if part.parts != self._parts or part.part != len(self._pieces):
            self._pieces, self._parts = [], 0
            return
        self._pieces.append(part.text)

    def text(self) -> str | None:
        """The record's JSON when every part has come, else ``None``."""
        if self._parts and len(self._pieces) == self._parts:
            return "".join(self._pieces)
        return None


class Bye(_Message, tag="bye"):
    """The host leaves (``host_left``): the game is saved on the host's computer."""

    reason: Literal["host_left"]


HOST_MESSAGES = Union[Welcome, Refused, Start, Update, Ask, Illegal, RecordPart, GameOver, Bye]
"""Everything a host may send."""

_GUEST_DECODER = msgspec.json.Decoder(GUEST_MESSAGES)
_HOST_DECODER = msgspec.json.Decoder(HOST_MESSAGES)
_ENCODER = msgspec.json.Encoder()


class BadMessage(ValueError):
    """A message that is not JSON, not one of the protocol's, or breaks its schema."""


def encode(message: _Message) -> str:
    """``message`` as the JSON text sent."""
    return _ENCODER.encode(message).decode("utf-8")


def first_version(data: str | bytes) -> int | None:
    """The ``"version"`` of a first message, read before its schema (which may
    differ between versions): ``None`` when it is not a JSON object with a whole version."""
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        return None
    version = obj.get("version") if isinstance(obj, dict) else None
    return version if type(version) is int else None


def decode_guest(data: str | bytes) -> Hello | Move | Call | Pass:
    """A guest's message, checked; :class:`BadMessage` with the reason otherwise."""
    try:
        return _GUEST_DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise BadMessage(str(exc)[:100]) from None


def decode_host(data: str | bytes):
    """A host's message, checked; :class:`BadMessage` with the reason otherwise."""
    try:
        return _HOST_DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise BadMessage(str(exc)[:100]) from None


# ----------------------------------------------------------- table codes
def make_code() -> str:
    """A new table code: :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`, from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A code as typed, compared: upper case, spaces and dashes left out."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def code_problem(code: str) -> str | None:
    """Why ``code`` cannot be a table code (the end of a sentence), or ``None``."""
    code = normalise_code(code)
    if not 4 <= len(code) <= 12:
        return "needs 4 to 12 letters and digits"
    if not all(ch.isascii() and ch.isalnum() for ch in code):
        return "may hold only letters and digits"
    return None


def codes_match(given: str, code: str) -> bool:
    """True when ``given`` (as typed) is ``code``; compared in constant time."""
    return secrets.compare_digest(normalise_code(given).encode("utf-8"), normalise_code(code).encode("utf-8"))


# ---------------------------------------------------------- views on the wire
_CARDS_AT = {"take": (2, True), "rummy": (2, True), "meld": (3, True), "layoff": (2, False), "discard": (2, False)}
"""Where a history entry holds cards: ``kind -> (position, a tuple of them)``."""


def _entry_to_wire(entry: tuple) -> list:
    out = list(entry)
    at = _CARDS_AT.get(entry[0])
    if at is not None:
        pos, many = at
        out[pos] = [card_token(c) for c in entry[pos]] if many else card_token(entry[pos])
    return out


def _entry_from_wire(entry: list) -> tuple:
    out = list(entry)
    at = _CARDS_AT.get(entry[0])
    if at is not None:
        pos, many = at
        out[pos] = tuple(parse_card(c, tabled=True) for c in entry[pos]) if many else parse_card(entry[pos], tabled=True)
    return tuple(out)


def _tokens(cards) -> list[str]:
    return [card_token(c) for c in cards]


def _card_or_none(card) -> str | None:
    return None if card is None else card_token(card)


def view_to_wire(view: PlayerView, history_from: int = 0) -> dict[str, Any]:
    """``view`` as a JSON object for its own seat, cards as tokens; the
    rules are left out (they come with :class:`Start`) and the history
    from entry ``history_from`` on (the guest has the entries before)."""
    return {
        "seat": view.seat, "players": view.players, "hand": _tokens(view.hand),
        "table": [[m.kind, m.owner, _tokens(m.cards), list(m.layers), m.suit, m.lo, m.hi, m.rank, m.suits]
                  for m in view.table],
        "discard": _tokens(view.discard), "stock_size": view.stock_size, "hand_sizes": list(view.hand_sizes),
        "totals": list(view.totals), "current": view.current, "phase": view.phase, "window": view.window,
        "committed": _card_or_none(view.committed), "single_taken": _card_or_none(view.single_taken),
        "has_melded": list(view.has_melded), "history_from": history_from,
        "history": [_entry_to_wire(e) for e in view.history[history_from:]],
        "known": [_tokens(k) for k in view.known], "hand_index": view.hand_index, "dealer": view.dealer,
        "reshuffles": view.reshuffles,
    }


class WireView(msgspec.Struct, forbid_unknown_fields=True):
    """The schema of :func:`view_to_wire`'s object (checked by the guest)."""

    seat: int
    players: int
    hand: list[str]
    table: list[tuple[str, int, list[str], list[int], int, int, int, int, int]]
    discard: list[str]
    stock_size: int
    hand_sizes: list[int]
    totals: list[int]
    current: int
    phase: str
    window: int | None
    committed: str | None
    single_taken: str | None
    has_melded: list[bool]
    history_from: int
    history: list[list[Any]]
    known: list[list[str]]
    hand_index: int
    dealer: int
    reshuffles: int


def view_from_wire(data: dict[str, Any], rules: RuleSet, history: tuple = ()) -> PlayerView:
    """The :class:`PlayerView` of :func:`view_to_wire`'s object under
    ``rules``; ``history`` is the guest's copy of the entries before
    ``history_from``. Raises :class:`BadMessage` for an object that breaks
    the schema or a history that does not follow on."""
    try:
        w = msgspec.convert(data, WireView)
        if w.history_from > len(history):
            raise BadMessage(f"the history resumes at {w.history_from}, after the {len(history)} entries held")
        hist = tuple(history[:w.history_from]) + tuple(_entry_from_wire(e) for e in w.history)
        # hand cards (a hand, the pile, known cards, R9's and R10's card) never
        # carry a joker's declaration; only the table's cards are tabled codes
        card = lambda t: None if t is None else parse_card(t)  # noqa: E731
        cards = lambda ts: tuple(parse_card(t) for t in ts)  # noqa: E731
        tabled = lambda ts: tuple(parse_card(t, tabled=True) for t in ts)  # noqa: E731
        return PlayerView(
            seat=w.seat, players=w.players, rules=rules, hand=cards(w.hand),
            table=tuple(MeldView(k, o, tabled(cs), tuple(ls), s, lo, hi, r, ss) for k, o, cs, ls, s, lo, hi, r, ss in w.table),
            discard=cards(w.discard), stock_size=w.stock_size, hand_sizes=tuple(w.hand_sizes),
            totals=tuple(w.totals), current=w.current, phase=w.phase, window=w.window,
            committed=card(w.committed), single_taken=card(w.single_taken), has_melded=tuple(w.has_melded),
            history=hist, known=tuple(cards(k) for k in w.known), hand_index=w.hand_index, dealer=w.dealer,
            reshuffles=w.reshuffles)
    except BadMessage:
        raise
    except (msgspec.ValidationError, ValueError, TypeError, IndexError) as exc:
        raise BadMessage(f"a view that breaks the schema: {str(exc)[:80]}") from None


def events_to_wire(events: list[E.Event], seat: int) -> list[dict[str, Any]]:
    """``events`` as ``seat`` may see them: each ``{"event": class name,
    fields...}``; a card drawn from the stock (:class:`CardDrawn`) is named
    only to the seat that drew it (``None`` to the others)."""
    out = []
    for ev in events:
        fields = dataclasses.asdict(ev)
        if isinstance(ev, E.CardDrawn) and ev.seat != seat:
            fields["card"] = None
        out.append({"event": type(ev).__name__, **{k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}})
    return out


_EVENT_KINDS = {cls.__name__: cls for cls in (
    E.HandDealt, E.CardDrawn, E.StockReshuffled, E.DiscardTaken, E.RummyCalled, E.MeldTabled, E.LaidOff,
    E.CommittedCardTabled, E.Discarded, E.Floated, E.TurnStarted, E.HandEnded, E.GameWon)}


def events_from_wire(data: list[dict[str, Any]]) -> list[E.Event]:
    """The events of :func:`events_to_wire`'s list, as the engine's
    :class:`~game.rules.events.Event` objects (lists back to tuples).
    Raises :class:`BadMessage` for an unknown event or wrong fields."""
    out = []
    for item in data:
        if not isinstance(item, dict) or item.get("event") not in _EVENT_KINDS:
            raise BadMessage(f"an unknown event {str(item)[:40]!r}")
        fields = {k: tuple(v) if isinstance(v, list) else v for k, v in item.items() if k != "event"}
        try:
            out.append(_EVENT_KINDS[item["event"]](**fields))
        except TypeError as exc:
            raise BadMessage(f"an event with the wrong fields: {str(exc)[:60]}") from None
    return out


# ----------------------------------------------------------------- limits
class RateLimit:
    """At most ``limit`` messages in any ``window`` seconds (a sliding window of arrival times)."""

    def __init__(self, limit: int = RATE_LIMIT, window: float = 1.0):
        self.limit = limit
        self.window = window
        self._times: deque[float] = deque()

    def allow(self, now: float) -> bool:
        """Count a message arriving at ``now``; False once it is one too many."""
        times = self._times
        while times and now - times[0] >= self.window:
            times.popleft()
        times.append(now)
        return len(times) <= self.limit


# -------------------------------------------------------------------- TLS
CERT_FILE = "table-cert.pem"
KEY_FILE = "table-key.pem"
KNOWN_FILE = "known-tables.json"


def fingerprint(der: bytes) -> str:
    """The SHA-256 fingerprint of a DER certificate, 64 upper-case hex digits."""
    return hashlib.sha256(der).hexdigest().upper()


def short_fingerprint(full: str) -> str:
    """The first :data:`SHORT_FINGERPRINT` hex digits of ``full``, in groups of four: ``"3F2A-9C1B-77D0-5E44"``."""
    head = full.replace("-", "").upper()[:SHORT_FINGERPRINT]
    return "-".join(head[i:i + 4] for i in range(0, len(head), 4))


def fingerprint_matches(full: str, given: str) -> bool:
    """True when ``given`` (short or full, dashes and case ignored) is the start of ``full`` and at least short."""
    g = given.replace("-", "").replace(" ", "").upper()
    return len(g) >= SHORT_FINGERPRINT and secrets.compare_digest(full[:len(g)].encode(), g.encode())


def _tlv(tag: int, content: bytes) -> bytes:
    """One DER element: ``tag``, its length, ``content``."""
    return bytes([tag]) + der.encode_length(len(content)) + content


def _der_time(when: datetime.datetime) -> bytes:
    """A certificate's time: UTCTime to 2049, GeneralizedTime after (RFC 5280)."""
    if when.year < 2050:
        return _tlv(0x17, when.strftime("%y%m%d%H%M%SZ").encode("ascii"))
    return _tlv(0x18, when.strftime("%Y%m%d%H%M%SZ").encode("ascii"))


def self_signed_certificate(key: SigningKey, common_name: str, days: int = 3650) -> bytes:
    """A self-signed X.509 v3 certificate (DER) for ``key`` (ECDSA P-256),
    signed with ECDSA-SHA256, valid from yesterday for ``days`` days."""
    ecdsa_sha256 = der.encode_sequence(der.encode_oid(1, 2, 840, 10045, 4, 3, 2))
    name = der.encode_sequence(_tlv(0x31, der.encode_sequence(der.encode_oid(2, 5, 4, 3),
                                                               _tlv(0x0C, common_name.encode("utf-8")))))
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    validity = der.encode_sequence(_der_time(now - datetime.timedelta(days=1)),
                                   _der_time(now + datetime.timedelta(days=days)))
    tbs = der.encode_sequence(
        der.encode_constructed(0, der.encode_integer(2)),  # version 3
        der.encode_integer(secrets.randbits(120) | 1 << 120),  # a positive serial of 16 bytes
        ecdsa_sha256, name, validity, name, key.get_verifying_key().to_der())
    signature = key.sign_deterministic(tbs, hashfunc=hashlib.sha256, sigencode=sigencode_der)
    return der.encode_sequence(tbs, ecdsa_sha256, der.encode_bitstring(signature, 0))


def ensure_certificate(folder: Path) -> tuple[Path, Path, str]:
    """The host's certificate and key in ``folder`` (made there on first use:
    a self-signed ECDSA P-256 certificate, :func:`self_signed_certificate`,
    the key readable by its owner only) and the certificate's full
    fingerprint. Raises ``OSError`` when the folder cannot be written."""
    folder = Path(folder)
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    if not (cert_path.is_file() and key_path.is_file()):
        folder.mkdir(parents=True, exist_ok=True)
        key = SigningKey.generate(curve=NIST256p, entropy=os.urandom)
        fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(key.to_pem(format="pkcs8"))
        cert_path.write_text(ssl.DER_cert_to_PEM_cert(self_signed_certificate(key, "Rummy 500 table")),
                             encoding="ascii")
    der_bytes = ssl.PEM_cert_to_DER_cert(cert_path.read_text(encoding="ascii"))
    return cert_path, key_path, fingerprint(der_bytes)


def server_context(cert_path: Path, key_path: Path) -> ssl.SSLContext:
    """The host's TLS context (TLS 1.2 at least)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(cert_path, key_path)
    return ctx


def client_context() -> ssl.SSLContext:
    """The guest's TLS context: no certificate authority (the host's
    certificate is its own); the fingerprint is checked instead, before
    anything is sent (:meth:`KnownHosts.check`)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


KNOWN_MAX_BYTES = 1024 * 1024
"""A larger file of known fingerprints is not read (it counts as empty)."""


class KnownHosts:
    """The fingerprints a guest has trusted, by ``"host:port"``, in the JSON
    file ``path`` (its own data folder; a file it cannot read counts as empty)."""

    def __init__(self, path: Path | None):
        self.path = Path(path) if path is not None else None

    def _load(self) -> dict[str, str]:
        if self.path is None:
            return {}
        try:  # a regular file only, opened without blocking (a FIFO in its place must not hang the join)
            data = json.loads(read_regular_file(self.path, KNOWN_MAX_BYTES).decode("utf-8"))
        except (OSError, ValueError):
            return {}
        return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}

    def check(self, where: str, full: str, given: str | None) -> str | None:
        """Check the host ``where`` whose certificate has fingerprint ``full``:
        against ``given`` when the person gave one, else against the one kept
        for ``where`` (the first time, it is kept: trust on first use).
        Returns ``None`` when it may go on, else ``"mismatch"`` (given) or
        ``"changed"`` (kept)."""
        if given is not None:
            if not fingerprint_matches(full, given):
                return "mismatch"
            self._keep(where, full)
            return None
        known = self._load().get(where)
        if known is None:
            self._keep(where, full)
            return None
        return None if secrets.compare_digest(known.encode(), full.encode()) else "changed"

    def _keep(self, where: str, full: str) -> None:
        if self.path is None:
            return
        data = self._load()
        data[where] = full
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError:
            log.warning("could not keep the table's fingerprint in %s", self.path)


# ---------------------------------------------------------- the network thread
class LoopThread:
    """An asyncio event loop on a daemon thread of its own: :meth:`submit`
    runs a coroutine there (a ``concurrent.futures.Future`` back), :meth:`call`
    a function; :meth:`stop` ends the loop and joins the thread. The caller's
    thread never waits on it except in :meth:`stop` and a future's ``result``."""

    def __init__(self, name: str):
        self.loop = asyncio.new_event_loop()
        self._stopping = False  # the loop was asked to stop: once only (a second stop broke the cancelled tasks' end)
        self._stop_lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:
            try:
                pending = asyncio.all_tasks(self.loop)
                for task in pending:
                    task.cancel()
                self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
                self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            finally:
                self.loop.close()

    def submit(self, coro) -> Future:
        """Run ``coro`` on the loop; its future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable, *args) -> None:
        """Call ``fn(*args)`` on the loop soon (never raises once the loop is closed)."""
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop (its tasks are cancelled) and wait for the thread (not when called on it); safe to
        call twice, from two threads at once: the loop is asked to stop once, since a second stop arriving while
        the cancelled tasks end stopped that too (``RuntimeError`` on the loop's thread)."""
        with self._stop_lock:
            first, self._stopping = not self._stopping, True
        if first:
            self.call(self.loop.stop)
        if self.thread.is_alive() and threading.current_thread() is not self.thread:
            self.thread.join(timeout)


class Link:
    """One open connection seen from the loop: messages are sent in order
    by a writer task (:meth:`send_soon`, from any thread); ``received`` and
    ``sent`` count the bytes of the messages; ``address``: the other side's
    IP address as the host saw it (``""`` when not known)."""

    def __init__(self, conn, loop_thread: LoopThread, address: str = ""):
        self.conn = conn
        self.address = address
        self.loop_thread = loop_thread
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.sent = 0
        self.closed = False
        self.writer = asyncio.ensure_future(self._write())

    async def _write(self) -> None:
        while True:
            item = await self.outbox.get()
            if item is None:
                return
            text, close = item
            try:
                if text is not None:
                    await self.conn.send(text)
                    self.sent += len(text.encode("utf-8"))
                if close is not None:
                    await self.conn.close(*close)
                    return
            except Exception:  # the connection went: the reader side reports it
                return

    def send_soon(self, text: str, close: tuple[int, str] | None = None) -> None:
        """Send ``text`` (then close with ``(code, reason)`` when given); from any thread."""
        self.loop_thread.call(self.outbox.put_nowait, (text, close))

    def close_soon(self, code: int, reason: str) -> None:
        """Close the connection with ``code`` and ``reason`` after what is queued."""
        self.loop_thread.call(self.outbox.put_nowait, (None, (code, reason)))


def hosts_for(bind: str) -> list[str]:
    """The hosts (addresses without a port) a guest may give for a host
    listening on ``bind``: that address itself; for every IPv4 interface
    (``0.0.0.0``) or every interface (``""``) this computer's own IPv4
    addresses and then ``127.0.0.1``; for every IPv6 interface (``"::"``,
    where the listener takes IPv6 only) this computer's own global IPv6
    addresses and then ``::1``. Best effort, no network look-up beyond this
    computer's name."""
    v6 = bind == "::"
    if bind not in ("0.0.0.0", "", "::"):
        return [bind]
    found: list[str] = []
    try:
        if v6:
            infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET6, socket.SOCK_STREAM)
            found = list(dict.fromkeys(i[4][0] for i in infos))
            found = [a for a in found if a != "::1" and not a.lower().startswith("fe80") and "%" not in a]
        else:
            found = [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if not a.startswith("127.")]
    except OSError:
        pass
    return found + ["::1" if v6 else "127.0.0.1"]


def address_of(host: str, port: int) -> str:
    """``host`` and ``port`` as one address a guest types and
    ``rummy500 join`` reads: ``"ip:port"``, an IPv6 one ``"[ip]:port"``."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def addresses_for(bind: str, port: int) -> list[str]:
    """The addresses (:func:`address_of`) a guest may give for a host
    listening on ``bind`` (:func:`hosts_for`)."""
    return [address_of(h, port) for h in hosts_for(bind)]


def monotonic() -> float:
    """The clock both sides use (seconds, :func:`time.monotonic`)."""
    return time.monotonic()
