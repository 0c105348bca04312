"""Head-to-head strength of two players on duplicate deals, seats swapped.

    python benchmarks/ai_strength.py easy random --games 400 [--seed 1]
    python benchmarks/ai_strength.py medium old-medium --games 400 --old DIR

Players: ``easy``, ``medium``, ``hard`` (as ``rummy500 tournament`` builds
them), ``random`` (a random legal player that sees only its view: a uniform
choice among its legal draws, then among its legal melds, lay-offs and
discards, and a Rummy call one time in three when one is legal) and
``old-LEVEL``: that level from another copy of the ``game`` package, the
``game`` folder of ``--old DIR`` (``git archive REV game | tar -x -C DIR``;
any revision: see :func:`load_old`); its actions are carried over as record
actions. Two-player games; each deal is played twice, the players swapping
seats. ``--target`` ends the games sooner (the points that win, 500 by
default). Prints the first player's wins out of the games with the 95%
Wilson interval, as its last line ``win_rate: W (L-H) of N games``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.actions import CallRummy, action_from_record  # noqa: E402
from game.ai.base import AIPlayer  # noqa: E402
from game.rules.game import Game  # noqa: E402
from game.play.all_computer import play_game  # noqa: E402
from game.rules.ruleset import RuleSet  # noqa: E402
from game.services.tournament import make_player, wilson  # noqa: E402
from game.rules.view import sample_world  # noqa: E402


class RandomAI(AIPlayer):
    """A random legal player seeing only its view (see the module docstring)."""

    level = "random"

    def choose(self, view):
        world = sample_world(view, self.rng)
        if view.phase == "draw":
            options = [a for a in world.legal_actions() if a.seat == view.seat and not isinstance(a, CallRummy)]
        else:
            options = world.legal_plays(every_declaration=False) + world.legal_actions()
        return self.rng.choice(options)

    def call_rummy(self, view):
        if view.window is None or self.rng.random() > 1 / 3:
            return None
        world = sample_world(view, self.rng)
        calls = [CallRummy(view.seat, k) for k in range(1, len(view.discard) + 1)
                 if world.is_legal(CallRummy(view.seat, k))]
        return self.rng.choice(calls) if calls else None


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
    finally:
        sys.path.remove(str(root))
        for key, mod in _ours(sys.modules).items():
            del sys.modules[key]
            sys.modules["old" + key] = mod
        sys.modules.update(mine)
    if not module.__file__.startswith(str(root.resolve())):
        raise SystemExit(f"--old {folder}: imported {module.__file__} instead")
    return module.make_player


OLD_MAKE_PLAYER = None
"""The old package's ``make_player`` once :func:`load_old` has run (``--old``)."""


def build(name: str, seed: int):
    """The player called ``name`` with ``seed``."""
    if name == "random":
        return RandomAI(seed)
    if name.startswith("old-"):
        if OLD_MAKE_PLAYER is None:
            raise SystemExit(f"{name} needs --old DIR")
        return OldAI(OLD_MAKE_PLAYER(name[4:], seed), 2)
    return make_player(name, seed)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("first")
    p.add_argument("second")
    p.add_argument("--games", type=int, default=200, help="games in all (rounded up to even)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", type=int, default=500, help="points that win a game (fewer: shorter games)")
    p.add_argument("--old", help="folder holding the old game package")
    args = p.parse_args()
    global OLD_MAKE_PLAYER
    if args.old:
        OLD_MAKE_PLAYER = load_old(args.old)
    rules = RuleSet(target=args.target)
    rng = random.Random(args.seed)
    won = 0.0
    games = 0
    for _ in range((args.games + 1) // 2):
        deal_seed = rng.getrandbits(32)
        ai_seeds = (rng.getrandbits(32), rng.getrandbits(32))
        for first_seat in (0, 1):
            names = [args.first, args.second] if first_seat == 0 else [args.second, args.first]
            ais = {s: build(names[s], ai_seeds[s]) for s in (0, 1)}
            game = Game.new(["A", "B"], rules, seed=deal_seed)
            play_game(game, ais)
            winner = game.winner
            won += 1.0 if winner == first_seat else 0.0
            games += 1
    lo, hi = wilson(won, games)
    print(f"{args.first} vs {args.second}: {won:g} of {games} games")
    print(f"win_rate: {won / games:.3f} ({lo:.3f}-{hi:.3f}) of {games} games")


if __name__ == "__main__":
    main()
