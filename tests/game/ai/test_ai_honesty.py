"""The AI never peeks: honesty by construction, checked.

1. The AI package imports nothing that holds hidden state: no ``Game``, no
   ``view_for``, no engine internals beyond the ``HandState`` class its own
   sampled worlds are made of.
2. Over many random positions the serialised ``PlayerView`` holds no card
   the seat cannot see: two games that differ only in hidden cards (other
   hands, the stock) give byte-identical views.
3. With a fixed AI seed, reshuffling the hidden cards never changes the
   action chosen.
"""

from __future__ import annotations

import ast
import importlib
import pickle
import types
import random
from collections import Counter
from pathlib import Path

import pytest

import game.ai
from game.ai import PLAYERS, make_ai
from game.rules.game import Game
from game.rules.hand import HandState
from game.rules.random_play import random_step
from game.rules.view import known_holdings, view_for

AI_DIR = Path(game.ai.__file__).parent
ALLOWED = {
    "game.rules.view": {"PlayerView", "MeldView", "sample_world", "view_of"},  # MeldView: a table meld as every view shows it
    "game.rules.game": {"HandState", "Phase"},
}


def _imports(path: Path):
    """``(module, name)`` for each name a file of the AI package imports
    (``name`` ``None`` for ``import module``); a relative import is resolved
    against the file's own package (``game.ai`` or ``game.ai.field``...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["game", "ai", *path.parent.relative_to(AI_DIR).parts]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package[:len(package) - (node.level - 1)]
                module = ".".join([*base, *([module] if module else [])])
            for alias in node.names:
                yield module, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None


def test_ai_package_imports_nothing_that_holds_hidden_state():
    players = list(AI_DIR.rglob("*.py"))  # the styles of the field (game/ai/field/) too
    assert {"easy.py", "medium.py", "hard.py", "styles.py"} <= {p.name for p in players}
    for path in players:
        for module, name in _imports(path):
            if module in ALLOWED:
                assert name in ALLOWED[module], f"{path.name} imports {name} from {module}"
            assert module not in ("game.rules.record", "game.rules.random_play", "game.cli", "pickle"), \
                f"{path.name} imports {module}"
            assert not module.startswith("pygame")


STDLIB = {"__future__", "abc", "bisect", "collections", "contextlib", "dataclasses", "enum", "functools",
          "hashlib", "heapq", "itertools", "math", "operator", "random", "statistics", "time", "typing"}
"""The standard library the AI package may import: none of it reaches the
game in play (``sys``, ``inspect``, ``gc``, ``ctypes``, ``importlib`` could,
through the caller's frames or the heap)."""
GAME = {"game.ai", "game.errors", "game.rules.actions", "game.rules.cards", "game.rules.game", "game.rules.hand",
        "game.rules.meld_masks", "game.rules.melds", "game.rules.phase", "game.rules.ruleset",
        "game.rules.turn_search", "game.rules.view"}
"""The game's modules the AI package may import from (and ``game.ai``'s own):
the rules it plays by and the view it is given, never ``game.play`` (the
table and its referee) or ``game.services``."""
REACHING = {"__import__", "eval", "exec", "compile", "globals", "vars", "_getframe", "f_back", "f_locals",
            "f_globals", "gi_frame", "cr_frame", "tb_frame", "__globals__", "get_referrers", "get_objects",
            "__builtins__", "builtins", "stack", "currentframe", "getargvalues", "getouterframes", "trace",
            "_current_frames", "settrace", "setprofile"}
"""Names that reach past a module's imports to other objects: the caller's
frames, the heap, code made at run time."""
ATTRIBUTE_BY_NAME = {"getattr", "setattr", "delattr", "hasattr"}
"""Builtins that take an attribute's name as text, which the name check
above cannot read unless it is written out: allowed with a written-out
public name, or with any name inside a proxy's own ``__getattr__``."""


def _imported_module(module: str, name: str | None) -> str:
    """The module an import brings in: ``module`` itself, or for ``from
    module import name`` the module ``name`` is when it is one (``from
    typing import sys`` brings in ``sys``)."""
    if name is None:
        return module
    try:
        value = getattr(importlib.import_module(module), name, None)
    except ImportError:
        return module
    return value.__name__ if isinstance(value, types.ModuleType) else module


def _reaching(tree: ast.AST) -> list[tuple[int, str]]:
    """``(line, what)`` for each use in ``tree`` of a :data:`REACHING` name
    and each :data:`ATTRIBUTE_BY_NAME` call whose name is not written out as
    public text (outside a ``__getattr__``)."""
    found = []

    def visit(node: ast.AST, in_getattr: bool) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_getattr = node.name == "__getattr__"
        word = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
        if word in REACHING:
            found.append((node.lineno, word))
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ATTRIBUTE_BY_NAME
                and not in_getattr):
            text = node.args[1] if len(node.args) > 1 else None
            if not (isinstance(text, ast.Constant) and isinstance(text.value, str)
                    and not text.value.startswith("_") and text.value not in REACHING):
                found.append((node.lineno, f"{node.func.id} by a name not written out"))
        for child in ast.iter_child_nodes(node):
            visit(child, in_getattr)

    visit(tree, False)
    return found


def test_ai_package_imports_only_what_cannot_reach_the_game_in_play():
    """Issue 25: the honesty check as an allow-list, so that a player that
    walks the caller's frames (``sys._getframe``) or the heap (``gc``) to
    the live game, which the reshuffle checks below cannot see when the
    live game is the one they reshuffle, fails here (found by an audit)."""
    players = list(AI_DIR.rglob("*.py"))
    assert len(players) >= 15
    for path in players:
        for module, name in _imports(path):
            whole = name is None
            brought = _imported_module(module, name)
            if brought != module:  # "from game.rules import game", "from typing import sys": a module
                module, whole = brought, True
            assert not (whole and module in ALLOWED), \
                f"{path.relative_to(AI_DIR)} imports all of {module} (only {sorted(ALLOWED[module])} may be)"
            allowed = module in STDLIB or any(module == g or module.startswith(g + ".") for g in GAME)
            assert allowed, f"{path.relative_to(AI_DIR)} imports {module}" + (f" ({name})" if name else "")
        reaching = _reaching(ast.parse(path.read_text(encoding="utf-8")))
        assert not reaching, f"{path.relative_to(AI_DIR)} line {reaching[0][0]} uses {reaching[0][1]}"


def _hidden_reshuffle(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` whose hidden cards (other seats' unknown cards and
    the stock) are dealt again at random: everything ``seat`` sees is the same."""
    other = game.clone()
    h = other.hand
    known = known_holdings(h)
    pool: list[int] = list(h.stock)
    keep = []
    for s in range(h.players):
        if s == seat:
            keep.append(None)
            continue
        k = Counter(known[s])
        hidden = []
        for c in h.hands[s]:
            if k[c]:
                k[c] -= 1
            else:
                hidden.append(c)
        pool.extend(hidden)
        keep.append(len(hidden))
    rng.shuffle(pool)
    pos = 0
    for s in range(h.players):
        if s == seat:
            continue
        k = Counter(known[s])
        visible = []
        for c in h.hands[s]:
            if k[c]:
                k[c] -= 1
                visible.append(c)
        h.hands[s] = visible + pool[pos:pos + keep[s]]
        pos += keep[s]
    h.stock = pool[pos:]
    return other


def _positions(count: int, seed: int):
    rng = random.Random(seed)
    made = 0
    while made < count:
        players = rng.randint(2, 6)
        g = Game.new([f"P{i}" for i in range(players)], seed=rng.getrandbits(32))
        for _ in range(rng.randint(0, 60)):
            if g.hand.ended is not None:
                break
            random_step(g, rng, take_rate=0.4, rummy_rate=0.5)
        if g.hand.ended is None:
            made += 1
            yield g, rng


def test_view_holds_no_card_the_seat_cannot_see():
    changed = checked = 0
    for g, rng in _positions(150, 1):
        for seat in range(g.players):
            other = _hidden_reshuffle(g, seat, rng)
            checked += 1
            changed += other.hand.hands != g.hand.hands or other.hand.stock != g.hand.stock
            assert pickle.dumps(view_for(g, seat)) == pickle.dumps(view_for(other, seat))
    assert changed > checked * 0.9  # the hidden cards really were dealt again


@pytest.mark.parametrize("level", PLAYERS)  # the levels and every style of the field
def test_reshuffling_hidden_cards_never_changes_the_action(level):
    count = 12 if level == "hard" else 60
    for g, rng in _positions(count, 2):
        seat = g.hand.current
        other = _hidden_reshuffle(g, seat, rng)
        options = {"time_cap": 10.0, "max_worlds": 3} if level == "hard" else {}
        a = make_ai(level, seed=5, **options).choose(view_for(g, seat))
        b = make_ai(level, seed=5, **options).choose(view_for(other, seat))
        assert a == b
        g.apply(a)  # and the action is legal in the real game


def test_sampled_worlds_are_consistent_with_the_view():
    from game.rules.view import sample_world
    for g, rng in _positions(60, 3):
        h = g.hand
        seat = rng.randrange(h.players)
        view = view_for(g, seat)
        w = sample_world(view, rng)
        assert isinstance(w, HandState)
        assert w.hands[seat] == h.hands[seat]
        assert [len(x) for x in w.hands] == [len(x) for x in h.hands]
        assert len(w.stock) == len(h.stock) and w.discard == h.discard
        everything = Counter(w.stock) + Counter(w.discard)
        for x in w.hands:
            everything.update(x)
        real = Counter(h.stock) + Counter(h.discard)
        for x in h.hands:
            real.update(x)
        assert everything == real  # the same cards, dealt differently
        for s, known in enumerate(view.known):
            assert not Counter(known) - Counter(w.hands[s])
