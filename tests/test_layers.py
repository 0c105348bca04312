"""The layers of the code, as a contract (issue 22).

Every import of ``game`` and ``scenes`` is read from the source (an ast walk,
imports inside functions included; imports under ``if TYPE_CHECKING:`` are
left out, as they never run) and checked against the layers:

* ``scenes`` sits above all of ``game`` except ``game.cli`` (which alone may
  start the window); in ``scenes``, ``table`` and ``screens`` sit side by side
  above ``core``, and neither imports the other (they reach each other by key
  through the scene registry); ``scenes.launch`` (the start of the program)
  and the ``scenes`` package are on top.
* in ``game``: ``cli`` > ``services`` and ``intent`` side by side, neither
  importing the other > ``text`` > ``play`` > ``ai`` > ``rules``; the package
  ``game`` itself (the engine API for outside users) names only ``rules``;
  the shared leaves ``game.i18n``, ``game.paths``, ``game.errors`` and
  ``game.regular_files`` import nothing of ours but ``game.i18n``.
* no module is in an import circle;
* no module imports another module's private name (gettext's ``_`` is the
  one convention allowed);
* an import inside a function is allowed only where :data:`LAZY` gives its
  reason;
* at most 12 modules directly in ``game/`` and in ``scenes/``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LAZY: dict[tuple[str, str], str] = {
    ("game.cli", "scenes.launch"):
        "the window starts only for the GUI: replay, tournament and analyse never import pygame",
    ("game.cli", "game.services.analyse"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.review"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.replay"): "the subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.tournament"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.profiles"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.rules.record"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.rules.ruleset"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.play.processes"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.ai"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.paths"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.play.remote.host"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.play.remote.guest"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.play.remote.discovery"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.play.remote.network"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.slots"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.hosted_tables"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.services.storage"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.text.network"): "the headless subcommands load only what they run (start-up time)",
    ("game.cli", "game.text.levels"): "the headless subcommands load only what they run (start-up time)",
    ("game.play.seats", "game.play.ai_worker"):
        "a seat of an in-process AI (tournaments, analyse) never loads the worker's process machinery",
}
"""``(importer, imported) -> reason`` for each import allowed inside a function."""

LEAVES = {"game.i18n", "game.paths", "game.errors", "game.regular_files"}

GAME_RANK = {"game.rules": 1, "game.ai": 2, "game.play": 3, "game.text": 4, "game.intent": 5,
             "game.services": 5, "game.cli": 6, "game.__main__": 7}
SIDE_BY_SIDE = [{"game.intent", "game.services"}, {"scenes.table", "scenes.screens"}]
SCENES_RANK = {"scenes.core": 10, "scenes.table": 11, "scenes.screens": 11, "scenes.launch": 12}


def modules() -> dict[str, Path]:
    out = {}
    for top in ("game", "scenes"):
        for path in (ROOT / top).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


MODULES = modules()


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def _in_functions(tree: ast.AST) -> set[int]:
    inner = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for child in ast.walk(node):
                if child is not node:
                    inner.add(id(child))
    return inner


def _owner(name: str) -> str:
    """The module of ours that ``name`` (a dotted import target) is, or the longest prefix that is one."""
    while name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name


def imports() -> list[tuple[str, str, str | None, bool, int]]:
    """Every import of ours: ``(importer, imported module, imported name or None, inside a function, line)``."""
    out = []
    for mod, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip, inner = _type_checking_nodes(tree), _in_functions(tree)
        is_pkg = path.name == "__init__.py"
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                for a in node.names:
                    out.append((mod, a.name, None, id(node) in inner, node.lineno))
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base = base[:len(base) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                for a in node.names:
                    full = f"{target}.{a.name}"
                    if full in MODULES:
                        out.append((mod, full, None, id(node) in inner, node.lineno))
                    else:
                        out.append((mod, target, a.name, id(node) in inner, node.lineno))
    return out


IMPORTS = imports()
OURS = [(a, _owner(b), name, inner, line) for a, b, name, inner, line in IMPORTS
        if b.split(".")[0] in ("game", "scenes")]


def layer(mod: str) -> str:
    """The layer a module of ours belongs to (``game.rules``, ``scenes.core``, ``game.i18n`` ...)."""
    parts = mod.split(".")
    if mod in ("game", "scenes"):
        return mod
    if mod in LEAVES:
        return mod
    return ".".join(parts[:2])


def rank(mod: str) -> float:
    lay = layer(mod)
    if lay in LEAVES:
        return 0
    if lay == "game":
        return 1.5  # the engine API: above rules, naming only rules
    if lay == "scenes":
        return 13
    if lay in GAME_RANK:
        return GAME_RANK[lay]
    return SCENES_RANK[lay]


def test_every_module_has_a_layer():
    for mod in MODULES:
        assert rank(mod) >= 0, mod


def test_imports_point_down_the_layers():
    bad = []
    for importer, imported, _name, _inner, line in OURS:
        a, b = layer(importer), layer(imported)
        if a == b:
            continue
        if importer == "game.cli" and imported == "scenes.launch":
            continue  # game.cli alone starts the window
        if a in LEAVES:
            if imported != "game.i18n":  # the words of a leaf's errors are translated: i18n is the leaf below
                bad.append(f"{importer}:{line} imports {imported}: a shared leaf imports nothing of ours but i18n")
        elif rank(imported) > rank(importer) or (rank(imported) == rank(importer)):
            bad.append(f"{importer}:{line} imports {imported} ({b} is not below {a})")
        elif a == "game" and b != "game.rules" and b not in LEAVES:
            bad.append(f"{importer}:{line} imports {imported}: the engine API names only game.rules")
    assert not bad, "\n".join(bad)


def test_side_by_side_layers_never_import_each_other():
    bad = [f"{a}:{line} imports {b}" for a, b, _n, _i, line in OURS
           for pair in SIDE_BY_SIDE if {layer(a), layer(b)} == pair]
    assert not bad, "\n".join(bad)


def test_game_never_imports_scenes_or_pygame():
    bad = [f"{a}:{line} imports {b}" for a, b, _n, _i, line in IMPORTS
           if a.startswith("game") and a != "game.cli" and b.split(".")[0] in ("scenes", "pygame")]
    assert not bad, "\n".join(bad)


def test_no_import_circles():
    edges: dict[str, set[str]] = {}
    for a, b, _n, _i, _line in OURS:
        if a != b:
            edges.setdefault(a, set()).add(b)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for v in sorted(MODULES):
        if v not in index:
            visit(v)
    assert not circles, "\n".join(" <-> ".join(c) for c in circles)


def test_no_private_names_imported_across_modules():
    bad = [f"{a}:{line} imports {name} from {b}" for a, b, name, _i, line in OURS
           if name and name.startswith("_") and name != "_" and not name.startswith("__") and a != b]
    assert not bad, "\n".join(bad)


def test_imports_inside_functions_have_a_reason():
    bad = [f"{a}:{line} imports {b} inside a function" for a, b, _n, inner, line in IMPORTS
           if inner and b.split(".")[0] in ("game", "scenes") and (a, _owner(b)) not in LAZY]
    assert not bad, "\n".join(bad)
    for key, reason in LAZY.items():
        assert key[1].split(".")[0] not in ("game", "scenes") or reason, key


def test_the_lazy_list_names_only_imports_that_exist():
    seen = {(a, _owner(b)) for a, b, _n, inner, _l in IMPORTS if inner}
    stale = [k for k in LAZY if k[1].split(".")[0] in ("game", "scenes") and k not in seen]
    assert not stale, stale


@pytest.mark.parametrize("top", ["game", "scenes"])
def test_at_most_twelve_modules_directly_in_each_top_folder(top):
    direct = [p.name for p in (ROOT / top).glob("*.py")]
    assert len(direct) <= 12, direct


def test_every_engine_event_has_words_in_the_text_layer():
    """Events carry facts, never English (issue 22): ``game.text.events.describe``
    words every event type the engine has, so none falls back to its class name."""
    import dataclasses
    import typing

    from game.rules import events as E
    from game.text.events import describe

    samples = {int: 0, str: "7H", bool: False}
    kinds = [c for c in vars(E).values() if isinstance(c, type) and issubclass(c, E.Event) and c is not E.Event]
    assert len(kinds) >= 12
    names = ["Ana", "Ben", "Cy"]
    for cls in kinds:
        hints = typing.get_type_hints(cls)
        values = {}
        for f in dataclasses.fields(cls):
            hint = hints[f.name]
            origin = typing.get_origin(hint)
            if origin is tuple:
                inner = typing.get_args(hint)[0]
                values[f.name] = (samples.get(inner, 0),) * 3
            elif hint is str or "str" in str(hint):
                values[f.name] = {"kind": "set", "reason": "went_out"}.get(f.name, "7H")
            else:
                values[f.name] = 0
        if cls is E.HandEnded:
            values["went_out"] = 0
        words = describe(cls(**values), names)
        assert words != cls.__name__, f"{cls.__name__} has no words in game.text.events"
        assert not any(hasattr(cls, m) for m in ("describe",)), f"{cls.__name__} still words itself"


def test_the_engine_api_stays_importable_from_the_package():
    """The README's engine API for outside users lives at ``game`` itself, whatever the folders inside."""
    import game
    from game.rules.game import Game

    assert game.Game is Game
    g = game.Game.new(["You", "Ada"], game.RuleSet(target=300), seed=42)
    g.apply(game.DrawStock(g.current))
    again = game.game_from_record(game.record_of(g))
    assert game.record_of(again) == game.record_of(g)
    assert set(game.__all__) >= {"Game", "RuleSet", "DrawStock", "Discard", "IllegalMove", "record_of",
                                 "game_from_record", "PlayerView", "view_for"}


def test_every_scene_key_names_a_scene_of_the_table_or_the_screens():
    """The registry's keys (scenes.launch) name classes of scenes.table or scenes.screens, by
    ``"module:Class"`` so start-up imports only what it shows; every one resolves."""
    import scenes.launch
    from scenes.core import registry
    from scenes.core.scene import Scene

    assert {"title", "table", "hand_results", "game_over", "pause_menu", "setup", "load_game"} <= set(scenes.launch.SCENES)
    for key, target in scenes.launch.SCENES.items():
        assert isinstance(target, str) and target.split(".")[1] in ("table", "screens"), key
        cls = registry.scene_class(key)
        assert issubclass(cls, Scene) and registry.loaded(key) is cls, key


def test_the_table_is_components_not_mixins():
    """Issue 22: the table's parts are objects the scene holds, not mixins:
    no class of ``scenes/table`` inherits from another class of ``scenes/table``,
    ``TableScene``'s one base is ``Scene``, and the scene and the person's
    side make their parts from themselves (``TableAnimation(self)``...)."""
    folder = ROOT / "scenes" / "table"
    trees = {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in folder.glob("*.py")}
    ours = {n.name for tree in trees.values() for n in ast.walk(tree) if isinstance(n, ast.ClassDef)}
    inherits = [(n.name, b.id) for tree in trees.values() for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                for b in n.bases if isinstance(b, ast.Name) and b.id in ours]
    assert inherits == []
    scene = next(n for n in ast.walk(trees["scene"]) if isinstance(n, ast.ClassDef) and n.name == "TableScene")
    assert [b.id for b in scene.bases] == ["Scene"]

    def made_from_self(tree, cls):
        return {c.func.id for c in ast.walk(next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                                                 and n.name == cls))
                if isinstance(c, ast.Call) and isinstance(c.func, ast.Name)
                and [a.id for a in c.args if isinstance(a, ast.Name)] == ["self"]}
    assert {"TableAnimation", "TableDrawing", "PersonPlay"} <= made_from_self(trees["scene"], "TableScene")
    assert {"PersonInput", "PersonDrawing"} <= made_from_self(trees["person"], "PersonPlay")
