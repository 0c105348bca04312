"""Deal codes: a finished game's deals in a short text, to play them again (issue 24, part 3).

A code holds the game's version, the player count, the rules and the
table's seed (:attr:`game.play.table_session.TableSession.seed`, from which
every deal follows, R3, R4): ``R5-0.1.0-4-ABCDEFGHIJKLMNOPQRSTUVWX``, at
most :data:`MAX_LENGTH` characters. The last part is RFC 4648 base32
(:func:`base64.b32encode`) of 15 bytes: the rules as one number (each key
of :data:`~game.rules.ruleset.CHOICES` by the index of its value, then the
target), the 63-bit seed, and a 2-byte BLAKE2b check of everything before
it, so a mistyped letter is caught rather than dealing some other game.

:func:`encode` makes a code (:func:`game_code` the code of a finished game,
when its seed dealt it); :func:`decode` reads one for this version and
a chosen player count, or raises :class:`DealCodeError` whose message is
one sentence for the player (another version, another player count, a typing
mistake, not a code). Two games started from the same code deal the same
hands, whoever plays them (``tests/game/services/test_deal_code.py``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
from dataclasses import dataclass

from game import __version__
from game.i18n import _, ngettext
from game.rules.ruleset import CHOICES, MAX_TARGET, RuleSet, RulesError

PREFIX = "R5"
MAX_LENGTH = 40
SEED_BITS = 63
TARGET_BITS = 20  # MAX_TARGET (1,000,000) < 2**20
PAYLOAD_BYTES = 13  # the rules' number, the target and the seed: under 2**99
CHECK_BYTES = 2
VERSION_ROOM = MAX_LENGTH - len(PREFIX) - 3 - 1 - 24  # three dashes, one digit of players, 24 base32 letters
EXAMPLE = "R5-0.1.0-4-ABCDEFGHIJKLMNOPQRSTUVWX"


MISREAD = str.maketrans("018", "OIB")
"""Letters base32 never uses, read as the ones they are mistaken for (a code copied by hand)."""


class DealCodeError(ValueError):
    """A code that can't be played here; ``str(error)`` is one sentence for the player."""


@dataclass(frozen=True)
class DealCode:
    """What a code holds: ``players`` (2 to 8), ``rules`` and ``seed`` (the
    table seed, ``0 <= seed < 2**63``), for this ``version``."""

    version: str
    players: int
    rules: RuleSet
    seed: int


def version_tag(version: str = __version__) -> str:
    """The version as a code writes it: the version itself when it fits
    (:data:`VERSION_ROOM` characters), else ``~`` and 6 letters of its hash."""
    if len(version) <= VERSION_ROOM and "-" not in version:
        return version.upper()
    digest = hashlib.blake2b(version.encode("utf-8"), digest_size=4).digest()
    return "~" + base64.b32encode(digest).decode("ascii")[:6]


def rules_number(rules: RuleSet) -> int:
    """The rules as one whole number: the index of each key's value in
    :data:`CHOICES` (mixed radix, in the order of ``rules.md``), then the
    target (``target - 1`` in :data:`TARGET_BITS` bits)."""
    n = 0
    for key, values in CHOICES.items():
        value = getattr(rules, key)
        index = next(i for i, v in enumerate(values) if type(v) is type(value) and v == value)
        n = n * len(values) + index
    return (n << TARGET_BITS) | (rules.target - 1)


def rules_of_number(n: int) -> RuleSet:
    """The inverse of :func:`rules_number`; :class:`RulesError` for a number no rules make."""
    target = (n & ((1 << TARGET_BITS) - 1)) + 1
    n >>= TARGET_BITS
    values: dict = {}
    for key, choices in reversed(list(CHOICES.items())):
        n, index = divmod(n, len(choices))
        values[key] = choices[index]
    if n or target > MAX_TARGET:
        raise RulesError("no rules have that number")
    return RuleSet(**values, target=target)


def _check(head: str, payload: bytes) -> bytes:
    return hashlib.blake2b(head.encode("ascii") + payload, digest_size=CHECK_BYTES).digest()


def encode(players: int, rules: RuleSet, seed: int, version: str = __version__) -> str:
    """The deal code of a game of ``players`` under ``rules`` whose table
    seed is ``seed``. ``ValueError`` for a player count outside 2 to 8 or a
    seed outside ``0 <= seed < 2**63``."""
    if not 2 <= players <= 8:
        raise ValueError(f"a deal code is for 2 to 8 players, not {players}")
    if not 0 <= seed < 1 << SEED_BITS:
        raise ValueError("a table seed is a 63-bit whole number")
    head = f"{PREFIX}-{version_tag(version)}-{players}-"
    payload = ((rules_number(rules) << SEED_BITS) | seed).to_bytes(PAYLOAD_BYTES, "big")
    return head + base64.b32encode(payload + _check(head, payload)).decode("ascii")


def decode(code: str, players: int, version: str = __version__) -> DealCode:
    """Read ``code`` to play it here with ``players`` players. Spaces are
    ignored, letters may be in either case, and a 0, 1 or 8 in the last part
    is read as the O, I or B it was mistaken for (:data:`MISREAD`). Raises :class:`DealCodeError`
    with one sentence: not a deal code, a code from another version, a code
    for another player count, or a code with a typing mistake."""
    text = "".join(str(code).split()).upper()
    parts = text.split("-")
    if len(parts) != 4 or parts[0] != PREFIX or not parts[2].isdigit():
        raise DealCodeError(_("That is not a deal code: a deal code looks like {example}.").format(example=EXAMPLE))
    _prefix, tag, count, body = parts
    body = body.translate(MISREAD)
    if tag != version_tag(version):
        if tag.startswith("~"):
            raise DealCodeError(_("That deal code is from another version of the game, which deals differently "
                                  "from this one ({ours}).").format(ours=version))
        raise DealCodeError(_("That deal code is from version {theirs} of the game, which deals differently "
                              "from this one ({ours}).").format(theirs=tag.lower(), ours=version))
    try:
        raw = base64.b32decode(body)
    except (binascii.Error, ValueError):
        raw = b""
    head = f"{PREFIX}-{tag}-{count}-"
    payload, check = raw[:PAYLOAD_BYTES], raw[PAYLOAD_BYTES:]
    if len(raw) != PAYLOAD_BYTES + CHECK_BYTES or check != _check(head, payload):
        raise DealCodeError(_("That deal code has a mistake in it: check it letter by letter."))
    theirs = int(count)
    if theirs != players:
        raise DealCodeError(ngettext("That deal code is for {count} player: choose {count} players to play it.",
                                     "That deal code is for {count} players: choose {count} players to play it.",
                                     theirs).format(count=theirs))
    n = int.from_bytes(payload, "big")
    try:
        rules = rules_of_number(n >> SEED_BITS)
    except RulesError:
        raise DealCodeError(_("That deal code has a mistake in it: check it letter by letter.")) from None
    return DealCode(version, theirs, rules, n & ((1 << SEED_BITS) - 1))


def game_code(game, seed: int, version: str = __version__) -> str | None:
    """The deal code of ``game`` (a :class:`game.rules.game.Game`) played from
    table seed ``seed``, or ``None`` when that seed did not deal its hands (a
    game resumed from a save of an older version, whose seed was made up,
    :func:`game.services.slots.table_seed`; a game from a record): a code is
    offered only when it deals again exactly the hands this game was dealt
    (the first dealer and each hand's seed, R3, R4), and only once the game
    is over (it would tell the deals to come)."""
    if game.winner is None or not 0 <= seed < 1 << SEED_BITS or any(game.start_scores):
        return None
    rng = random.Random(seed)
    if not game.hands or rng.randrange(game.players) != game.hands[0].dealer:
        return None
    if any(rng.getrandbits(32) != h.seed for h in game.hands):
        return None
    return encode(game.players, game.rules, seed, version)
