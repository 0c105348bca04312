"""Head-to-head strength of two players on duplicate deals, seats rotated.

    python benchmarks/ai_strength.py easy random --games 400 [--seed 1]
    python benchmarks/ai_strength.py hard medium --players 4 --games 100
    python benchmarks/ai_strength.py medium old-medium --games 400 --old DIR

Players: every name ``rummy500 tournament`` takes (``easy``, ``medium``,
``hard``, and the styles of the field, :data:`game.ai.field.STYLES`: the
``random`` legal player, ``hoarder``, ``early-melder``, ``pile-taker``,
``lay-off-hunter``, ``rummy-caller``, ``cautious``), built as the
tournament builds them, and ``old-LEVEL``: that level from another copy
of the ``game`` package, the ``game`` folder of ``--old DIR`` (``git
archive REV game | tar -x -C DIR``; any revision: see :func:`load_old`);
its actions are carried over as record actions.

``--players N`` (2 to 4) seats the first player once and the second at
the other N-1 seats. Each deal is played N times, the first player moving
one seat each time (the same cards per seat, the same AI seeds per seat),
so the luck of the deal cancels out. ``--target`` ends the games sooner
(the points that win, 500 by default). Prints the first player's wins out
of the games with the 95% Wilson interval (an even share is 1/N), as its
last line ``win_rate: W (L-H) of N games`` (with ``--against``, the
paired line below follows it).

``--deals FILE`` saves the first player's wins deal by deal (JSON: seed,
players, target, the two names and ``wins``, a whole number a deal; checked
writable before play and replaced whole after every deal, so a run
stopped early keeps the deals it finished; a write that fails later is
warned of once and the games go on). ``--against FILE``, another run's such file on
the same seed, players and target (say, the version before a change),
prints the difference paired deal by deal over the deals both played,
and its standard error: ``paired: +D games over K deals (standard error
S)``. Both runs play each deal's games with the same cards and seeds, so
the paired error is far smaller than two win rates' intervals suggest.
Over several seeds, add the differences and take the square root of the
sum of the squared errors. The same file for both is refused.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.actions import action_from_record  # noqa: E402
from game.ai import player_key  # noqa: E402
from game.ai.base import AIPlayer  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.play.all_computer import play_game  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from _args import writable_file  # noqa: E402  (beside this script)
from game.services.files import atomic_write_text  # noqa: E402
from game.services.tournament import make_player, wilson  # noqa: E402
from game.cli import whole_number as whole  # noqa: E402


class OldAI(AIPlayer):
    """A level of the old package, its answers turned into this package's actions."""

    def __init__(self, inner, players: int):
        super().__init__(0)
        self.inner = inner
        self.players = players
        self.level = "old-" + inner.level

    def begin_decision(self, view, rummy=False):
        if hasattr(self.inner, "begin_decision"):  # a version that reseeds each decision
            self.inner.begin_decision(view, rummy)

    def choose(self, view):
        return action_from_record(self.inner.choose(view).to_record(), self.players)

    def call_rummy(self, view):
        call = self.inner.call_rummy(view)
        return None if call is None else action_from_record(call.to_record(), self.players)


def _ours(modules) -> dict:
    return {k: m for k, m in modules.items() if k == "game" or k.startswith("game.")}


def load_old(folder: str):
    """``make_player`` of the ``game`` package in ``folder``, loaded beside this one.

    The package imports itself by its own name (``from game.rules.cards
    import ...``, since the layers of issue 22; before, its imports were
    relative), so it cannot be renamed: this package's modules are set aside
    in ``sys.modules`` while the old one is imported as ``game`` from
    ``folder``, then the old modules are kept as ``oldgame...`` and this
    package's put back. Its AIs import nothing more as they play. A folder
    holding ``oldgame`` (the copy renamed, as these instructions once said)
    is imported as it is."""
    root = Path(folder)
    if not (root / "game").is_dir() and (root / "oldgame").is_dir():
        sys.path.insert(0, str(root))
        return importlib.import_module("oldgame.tournament").make_player
    where = next((name for name in ("game.services.tournament", "game.tournament")
                  if (root / (name.replace(".", "/") + ".py")).is_file()), None)
    if where is None:
        raise SystemExit(f"--old {folder}: no game package with a tournament module there")
    mine = _ours(sys.modules)
    for key in mine:
        del sys.modules[key]
    sys.path.insert(0, str(root))
    try:
        module = importlib.import_module(where)
    except Exception as exc:  # a broken copy: say which and why, not a traceback
        raise SystemExit(f"--old {folder}: its {where} does not import: {type(exc).__name__}: {exc}") from None
    finally:
        sys.path.remove(str(root))
        for key, mod in _ours(sys.modules).items():
            del sys.modules[key]
            sys.modules["old" + key] = mod
        sys.modules.update(mine)
    if not module.__file__.startswith(str(root.resolve())):
        raise SystemExit(f"--old {folder}: imported {module.__file__} instead")
    if not callable(getattr(module, "make_player", None)):
        raise SystemExit(f"--old {folder}: its {where} has no make_player")
    return module.make_player


OLD_MAKE_PLAYER = None
"""The old package's ``make_player`` once :func:`load_old` has run (``--old``)."""


def build(name: str, seed: int, players: int = 2):
    """The player called ``name`` with ``seed``, at a table of ``players``."""
    if name.startswith("old-"):
        if OLD_MAKE_PLAYER is None:
            raise SystemExit(f"{name} needs --old DIR")
        try:
            return OldAI(OLD_MAKE_PLAYER(name[4:], seed), players)
        except ValueError as exc:  # a name the old package does not know
            raise SystemExit(f"ai_strength.py: {name}: {exc}") from None
    try:
        return make_player(name, seed)
    except ValueError as exc:
        raise SystemExit(f"ai_strength.py: {exc}") from None


def deal_seeds(rng: random.Random, players: int) -> tuple[int, tuple[int, ...]]:
    """The next deal from ``rng``: its game seed and an AI seed per seat
    (32-bit numbers), drawn in that order."""
    deal_seed = rng.getrandbits(32)
    return deal_seed, tuple(rng.getrandbits(32) for _ in range(players))


def paired(wins: list[float], other: list[float]) -> tuple[float, float | None, int]:
    """The first player's wins in ``wins`` less those in ``other``, deal by
    deal over the deals both played (lists of wins per deal, in deal
    order): (difference in games, its standard error in games, or ``None``
    with fewer than two deals to estimate it from, deals compared)."""
    diffs = [a - b for a, b in zip(wins, other)]
    k = len(diffs)
    return float(sum(diffs)), (statistics.stdev(diffs) * math.sqrt(k) if k > 1 else None), k


def paired_line(wins: list[float], other: list[float]) -> str:
    """What ``--against`` prints: ``paired: +D games over K deals (standard
    error S)``, naming both counts when the runs played different numbers
    of deals (only the deals both played are compared)."""
    diff, error, k = paired(wins, other)
    shown = "unknown: fewer than two deals" if error is None else f"{error:.1f}"
    line = f"paired: {diff:+g} games over {_deals(k)} (standard error {shown})"
    if len(wins) != len(other):
        line += f"; this run played {_deals(len(wins))}, the file {len(other)}"
    return line


def _deals(n: int) -> str:
    """``n`` deals, in words: "1 deal", "2 deals"."""
    return f"{n} deal{'' if n == 1 else 's'}"


def _whole(value, low: int, high: int) -> bool:
    """True for a whole number (not ``True`` or ``False``) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


def read_deals(path: str, key: dict) -> list[float]:
    """The wins per deal saved by ``--deals`` in ``path`` (each a whole
    number of games from 0 to the players; at least one deal), checked
    against ``key`` (seed, players, target: the deals must be the same).
    Raises ``SystemExit`` with a one-line reason when the file cannot be
    read, is not such a file, or was played on other deals."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise SystemExit(f"--against {path}: cannot read it ({exc.strerror or exc})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise SystemExit(f"--against {path}: not a --deals file (not JSON: {exc})") from None
    if not isinstance(data, dict):
        raise SystemExit(f"--against {path}: not a --deals file (not a JSON object)")
    missing = [k for k in ("wins", *key) if k not in data]
    if missing:
        raise SystemExit(f"--against {path}: not a --deals file (no {', '.join(missing)})")
    wins, saved = data["wins"], {k: data[k] for k in key}
    if not all(type(v) is int and v >= 0 for v in saved.values()):  # any seed --seed takes, however large
        raise SystemExit(f"--against {path}: not a --deals file (seed, players and target must be whole numbers)")
    if saved != key:
        raise SystemExit(f"--against {path}: played on other deals ({saved}, this run {key})")
    if not isinstance(wins, list) or not wins or not all(_whole(w, 0, key["players"]) for w in wins):
        raise SystemExit(f"--against {path}: not a --deals file (its wins must be one whole number from 0 to "
                         f"{key['players']} a deal, for at least one deal)")
    return [float(w) for w in wins]


def save_deals(path: str, data: dict) -> None:
    """Write ``data`` (seed, players, target, first, second and ``wins``:
    the first player's wins per deal) to ``path`` as JSON, for
    ``--against``, atomically (:func:`game.services.files.atomic_write_text`),
    so a run stopped while writing leaves the last whole file. Raises
    ``OSError`` when it cannot be written."""
    atomic_write_text(path, json.dumps(data), durable=False)


def _name(text: str) -> str:
    """A player's name as given, read as :func:`game.ai.player_key` reads it
    ("Lay-off hunter" is ``lay-off-hunter``)."""
    return player_key(text)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("first", type=_name)
    p.add_argument("second", type=_name)
    p.add_argument("--games", type=whole(1), default=200, help="games in all (rounded up to a multiple of --players)")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4),
                   help="seats: the first player at one, the second at the rest (default 2)")
    p.add_argument("--seed", type=whole(0), default=1,
                   help="seeds the deals (a whole number, 0 or more: a negative seed would deal as its "
                        "positive one, so none is taken)")
    p.add_argument("--target", type=whole(1, 1_000_000), default=500, help="points that win a game (fewer: shorter games)")
    p.add_argument("--old", help="folder holding the old game package")
    p.add_argument("--progress", action="store_true",
                   help="print the count so far after each deal's N games (a long run stopped early still tells)")
    p.add_argument("--deals", type=writable_file, help="save the first player's wins deal by deal to this JSON file")
    p.add_argument("--against", help="a --deals file of another run on the same deals: print the paired difference")
    args = p.parse_args()
    global OLD_MAKE_PLAYER
    if args.old:
        try:
            OLD_MAKE_PLAYER = load_old(args.old)
        except SystemExit as exc:
            p.error(str(exc))
    n = args.players
    for name in (args.first, args.second):
        try:
            build(name, 0, n)  # an unknown name stops here, before any play
        except SystemExit as exc:
            p.error(str(exc).removeprefix("ai_strength.py: "))
    key = {"seed": args.seed, "players": n, "target": args.target}
    other = None
    if args.against is not None and not args.against.strip():
        p.error("--against: no file named")
    if args.deals and args.against and Path(args.deals).resolve() == Path(args.against).resolve():
        p.error(f"--deals and --against name the same file, {args.against}: saving would overwrite what is compared")
    if args.against:
        try:
            other = read_deals(args.against, key)
        except SystemExit as exc:
            p.error(str(exc))
    record = dict(key, first=args.first, second=args.second)
    rules = RuleSet(target=args.target)
    rng = random.Random(args.seed)
    won = 0
    games = 0
    per_deal: list[int] = []
    saving = True
    for _ in range(-(-args.games // n)):
        deal_seed, ai_seeds = deal_seeds(rng, n)
        deal_won = 0
        for first_seat in range(n):
            names = [args.first if s == first_seat else args.second for s in range(n)]
            ais = {s: build(names[s], ai_seeds[s], n) for s in range(n)}
            game = Game.new([chr(ord("A") + s) for s in range(n)], rules, seed=deal_seed)
            play_game(game, ais)
            deal_won += game.winner == first_seat
            games += 1
        per_deal.append(deal_won)
        won += deal_won
        if args.deals and saving:
            try:
                save_deals(args.deals, dict(record, wins=per_deal))
            except OSError as exc:  # the games go on and are printed; only the file is lost
                print(f"ai_strength.py: --deals {args.deals}: cannot write it ({exc.strerror or exc}); "
                      "no longer saving", file=sys.stderr)
                saving = False
        if args.progress:
            lo, hi = wilson(won, games)
            print(f"so far: {won:g} of {games} games ({lo:.3f}-{hi:.3f})", flush=True)
    lo, hi = wilson(won, games)
    print(f"{args.first} vs {args.second}: {won:g} of {games} games")
    if n > 2:
        print(f"players: {n} (one {args.first}, {n - 1} {args.second}; an even share is 1/{n})")
    print(f"win_rate: {won / games:.3f} ({lo:.3f}-{hi:.3f}) of {games} games")
    if other is not None:
        print(paired_line(per_deal, other))

if __name__ == "__main__":
    main()
