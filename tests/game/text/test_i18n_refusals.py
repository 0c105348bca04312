"""Every refusal the person can see comes out translated (game/text/refusals.py):
each message the engine's source can build matches a template, every
message random play provokes matches one, and the table's words for it are
the translation; in English nothing changes (records, replay, the log)."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from game import i18n
from game.rules import melds
from game.text import refusals
from game.rules.actions import CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.rules.cards import JOKER, joker_as
from game.rules.game import Game
from game.errors import IllegalMove
from game.rules.random_play import random_step
from game.rules.ruleset import PROFILES
from game.text.events import plain

from i18n_pseudo import install, lengthen

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture
def pseudo(tmp_path, monkeypatch):
    root = tmp_path / "locale"
    install(root, "cy")
    monkeypatch.setattr(i18n, "locale_dir", lambda: root)
    i18n.set_language("cy")


def _shapes(node) -> list[str]:
    """Regexes for the texts an expression can make: an f-string's values
    become ``.+``; both sides of a conditional are taken."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [re.escape(node.value)]
    if isinstance(node, ast.JoinedStr):
        out = [""]
        for part in node.values:
            pieces = _shapes(part) if isinstance(part, ast.Constant) else [".+"]
            out = [o + p for o in out for p in pieces]
        return out
    if isinstance(node, ast.IfExp):
        return _shapes(node.body) + _shapes(node.orelse)
    return []


def _engine_messages() -> list[tuple[str, int, str]]:
    """(file, line, regex) for the message of every ``illegal(...)``, ``_illegal(...)`` /
    ``IllegalMove(...)`` in the engine's modules."""
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and len(node.args) == 3
                    and getattr(node.func, "id", getattr(node.func, "attr", "")) in ("_illegal", "illegal", "IllegalMove")):
                for shape in _shapes(node.args[2]):
                    out.append((path.name, node.lineno, shape))
    return out


def _template_texts() -> list[str]:
    return [t for tpl in refusals.TEMPLATES for t in (tpl if isinstance(tpl, tuple) else (tpl,))]


def test_every_message_in_the_engine_source_has_a_template():
    found = _engine_messages()
    assert len(found) >= 35  # the scan sees the engine's refusals
    texts = _template_texts()
    missing = [(f, line, shape) for f, line, shape in found
               if not any(re.fullmatch(shape, t) for t in texts)]
    assert not missing, f"add these to game/text/refusals.py TEMPLATES: {missing}"


def test_every_reason_a_meld_is_refused_has_a_template():
    reasons = [v for v in vars(melds).values() if isinstance(v, melds.MeldRefusal)]
    assert len(reasons) >= 9
    assert all(refusals.match(str(r)) is not None for r in reasons), [r for r in reasons if not refusals.match(r)]


def _provoke(game: Game, rng: random.Random) -> list[str]:
    """Messages of random actions the engine refuses, by any seat, in this state."""
    h = game.hand
    out = []
    cards = list(range(52)) + [JOKER]
    for _try in range(12):
        seat = rng.randrange(game.players)
        hand = h.hands[seat] if h.hands[seat] else [rng.choice(cards)]
        attempt = rng.choice([
            DrawStock(seat), TakeDiscards(seat, rng.randint(0, len(h.discard) + 2)),
            CallRummy(seat, rng.randint(0, len(h.discard) + 1)), EndHand(seat),
            Discard(seat, rng.choice(hand + cards[:3])),
            TableMeld(seat, tuple(rng.sample(hand, min(len(hand), rng.randint(1, 4))))),
            TableMeld(seat, (joker_as(rng.randrange(52)), joker_as(rng.randrange(52)), rng.choice(hand))),
            LayOff(seat, rng.choice(hand), rng.randint(0, len(h.table) + 1)),
        ])
        try:
            game.clone().apply(attempt)
        except IllegalMove as exc:
            out.append(exc.message)
        except (ValueError, IndexError, KeyError):
            pass
    return out


def test_random_refusals_all_match_a_template_and_translate(pseudo):
    rng = random.Random(12)
    seen: dict[str, str] = {}
    for seed, profile in enumerate(PROFILES.values()):
        game = Game.new(["You", "Ana", "Ben"], profile, seed=seed)
        for _step in range(150):
            if game.winner is not None:
                break
            if game.hand is None or game.hand.ended is not None:
                game.deal_next_hand()
            for message in _provoke(game, rng):
                seen.setdefault(message, refusals.translate(message))
            random_step(game, rng)
    assert len(seen) >= 15, sorted(seen)  # many kinds of refusal were met
    unmatched = [m for m in seen if refusals.match(m) is None]
    assert not unmatched
    assert all(t != m for m, t in seen.items())  # each came out in the other language


def test_refusals_are_unchanged_in_english():
    message = "You took the 7H from the discard pile this turn, so you can't discard it now."
    assert refusals.translate(message) == message
    assert plain(message) == "You took the 7♥ from the discard pile this turn, so you can't discard it now."


def test_a_refusal_is_filled_in_with_its_parameters(pseudo):
    message = "You took the 7H from the discard pile this turn, so you can't discard it now."
    want = lengthen("You took the {card} from the discard pile this turn, so you can't discard it now.")
    assert refusals.translate(message) == want.format(card="7H")
    assert plain(message) == want.format(card="7♥")
    many = "You can take 1 to 6 cards from the discard pile, not 9."
    assert refusals.translate(many) == lengthen("You can take 1 to {count} cards from the discard pile, not "
                                                "{asked}.", 4).format(count=6, asked=9)  # Welsh form 4 is for 6
    meld = "A set can't hold two cards of the same suit (R11)."
    assert plain(refusals.translate(meld)) == plain(lengthen(meld))
    assert refusals.translate("Something the engine never says.") == "Something the engine never says."
    cited = "You took the 7H from the discard pile this turn, so you can't discard it now. (R10)"  # with_rule
    assert refusals.translate(cited) == want.format(card="7H") + " (R10)"
