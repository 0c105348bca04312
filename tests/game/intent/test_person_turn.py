"""The person's turn as one value (issue 22): :func:`game.intent.person_turn.person_turn`
answers, without pygame, what the person's side of the table shows and
allows (status lines, the pile-hover verdict, the drop hint, the focus
words, the message line, the buttons); the drawing only reads it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from game.rules.actions import Discard, DrawStock, EndHand, TableMeld, TakeDiscards
from game.rules.cards import parse_card
from game.rules.phase import Phase
from game.rules.record import game_from_record
from game.play.table_session import TableSession
from game.intent.drops import LegalTargets
from game.intent.person_turn import (
    ButtonState, DropHint, PersonTurn, TableSide, calls_rummy, can_call, person_turn
)
from game.intent.targets import DiscardPile, HandSlot, NewMeld, OnMeld, PileCard, Stock

from helpers import claim_session

ROOT = Path(__file__).resolve().parents[3]
NAMES = ["You", "Bot"]


def C(token: str) -> int:
    return parse_card(token)


def game_of(discard=("JS",), stock=("QD", "QH", "5H", "6C", "7C", "2D"), rules=None):
    """You (0) and Bot (1), Bot first; the deal of tests/test_person.py's SCRIPT."""
    rec = {"format": "rummy500/1", "rules": rules or {}, "players": NAMES,
           "hands": [{"dealer": 0, "deal": {"hands": [["7H", "8H", "9H", "8S", "KC", "3C", "4C", "8D", "9D"],
                                                      ["5S", "6S", "7S", "2C", "3D", "TD"]],
                                            "discard": list(discard), "stock": list(stock)}, "actions": []}]}
    return game_from_record(rec)


def your_draw(discard=("JS",), stock=("QD", "QH", "5H", "6C", "7C", "2D"), rules=None, thrown="2C"):
    """Bot has drawn and discarded ``thrown``: your draw."""
    game = game_of(discard, stock, rules)
    game.apply(DrawStock(1))
    game.apply(Discard(1, C(thrown)))
    assert game.hand.current == 0 and game.hand.phase == Phase.DRAW
    return game


def bot_discards_8s(session: TableSession, now: float) -> None:
    """In :func:`helpers.claim_session`'s deal (you 0, Ana 1 a Medium computer,
    Bot 2): Bot melds 5-6-7♠ and discards the 8♠, opening your window at ``now``."""
    for a in (DrawStock(2), TableMeld(2, (C("5S"), C("6S"), C("7S"))), Discard(2, C("8S"))):
        session.apply_person(a)
    session.person_rummy_window.expect()
    session.person_rummy_window.start(now)


def turn(game, **side) -> PersonTurn:
    return person_turn(game, 0, TableSide(**side), NAMES)


# ------------------------------------------------------------ status lines
def test_the_draw_phase_says_draw_or_take():
    game = your_draw()
    assert turn(game).status == ["Hand 1 · your turn",
                                 "Draw from the stock, or click a discard-pile card to take it and all above it."]
    assert turn(game, window_open=True, seconds_left=1.5).status[1].endswith("Or call Rummy! (R)")


def test_a_committed_card_is_named_after_the_draw():
    game = your_draw(discard=("7D",), thrown="2C")
    game.apply(TakeDiscards(0, 2))  # the 7♦ and the 2♣: the 7♦ must be melded (R9)
    assert game.hand.committed == C("7D")
    assert turn(game).status == ["Hand 1 · your turn",
                                 "Meld the 7♦ you took (with cards that make a meld), then discard."]
    game.apply(TableMeld(0, (C("7D"), C("8D"), C("9D"))))
    assert turn(game).status[1] == "Meld or lay off if you like, then drag one card to the discard pile."


def test_an_empty_stock_says_take_or_end_and_offers_the_end_button():
    game = your_draw(stock=("QD",))
    t = turn(game)
    assert t.status[1] == "The stock is empty: take from the discard pile, or end the hand (E)."
    assert t.can_end and t.buttons.end == ButtonState(shown=True)
    assert not turn(your_draw()).can_end and not turn(your_draw()).buttons.end.shown


def test_another_seats_discard_opens_the_rummy_window_line():
    names = ["You", "Ana", "Bot"]
    rec = {"format": "rummy500/1", "rules": {}, "players": names,
           "hands": [{"dealer": 0, "deal": {"hands": [["7H", "8H", "KC", "4D", "9D", "2H", "3H"],
                                                      ["5S", "6S", "7S", "8S", "2C", "3D", "JD"],
                                                      ["QC", "QD", "4C", "5C", "9C", "TC", "2D"]],
                                            "discard": ["JS"], "stock": ["QH", "5D", "6D", "7D"]},
                      "actions": []}]}
    game = game_from_record(rec)
    game.apply(DrawStock(1))
    game.apply(Discard(1, C("8S")))  # Ana is next: your window is open, not your turn
    t = person_turn(game, 0, TableSide(window_open=True, seconds_left=1.6), names)
    assert t.status == ["Hand 1", "Rummy? Press R or the button (2 s)."]
    assert t.calls_rummy and t.can_call and t.buttons.rummy.shown and not t.mine
    assert person_turn(game, 0, TableSide(), names).status is None  # the window closed: the table's words


def test_a_computers_waiting_claim_is_named_with_the_seconds_left():
    session = claim_session()
    bot_discards_8s(session, now=0.0)
    for now in (0.0, 0.25, 0.5):
        session.person_rummy_window.tick(now, session.game.hand)
        session.update()
    assert session.rummy_claimed() == 1  # Ana called; you come first
    window = session.person_rummy_window
    side = TableSide(window_open=window.open, seconds_left=window.left(0.5), window_s=window.seconds,
                     claim=session.rummy_claimed())
    t = person_turn(session.game, 0, side, session.names)
    assert t.status == ["Hand 1", "Ana called Rummy! You come first: press R to call it yourself (2 s)."]
    assert t.calls_rummy  # you are next to draw, but a pile click calls Rummy while Ana's call waits
    assert t.rummy_bar == window.left(0.5) / window.seconds
    assert person_turn(session.game, 0, TableSide(**{**side.__dict__, "held": True}), session.names).rummy_bar == 1.0


def test_no_status_once_the_hand_is_over():
    game = your_draw(stock=("QD",))
    game.apply(EndHand(0))
    t = turn(game)
    assert t.status is None and not t.mine and not t.buttons.hint.enabled


# ------------------------------------------------------------ the pile under the pointer or focus
def test_a_take_the_rules_allow_says_what_comes():
    game = your_draw()
    hover = turn(game, pointer=PileCard(1)).pile
    assert (hover.first, hover.count, hover.card, hover.ok, hover.words) == (1, 1, C("2C"), True, "Take the 2♣")
    assert turn(game, pointer=PileCard(1)).note == ("Take the 2♣", False)


def test_a_deep_take_names_the_card_to_meld():
    game = your_draw(discard=("7D",))
    hover = turn(game, pointer=PileCard(0)).pile
    assert hover.ok and hover.count == 2 and hover.card == C("7D")
    assert hover.words == "Take 2 cards — you must meld the 7♦"


def test_the_strict_top_discard_must_be_melded_too():
    game = your_draw(rules={"top_discard_must_be_used": True}, thrown="TD")
    assert turn(game, pointer=PileCard(1)).pile.words == "Take the 10♦ — you must meld it this turn"


def test_a_refused_take_gives_the_rules_words_with_its_id():
    game = your_draw()
    t = turn(game, pointer=PileCard(0))  # the J♠ can't be tabled (R9)
    assert not t.pile.ok and t.pile.count == 2
    assert t.pile.words.startswith("⚠ ") and "J♠" in t.pile.words and t.pile.words.endswith("(R9)")
    assert t.note == (t.pile.words, True) and t.line == t.note


def test_no_verdict_while_quiet_animating_or_not_your_draw():
    game = your_draw()
    assert turn(game, pointer=PileCard(0), quiet=True).pile is None
    assert turn(game, pointer=PileCard(0), idle=False).pile is None
    assert turn(game, pointer=PileCard(5)).pile is None  # no such card
    game.apply(DrawStock(0))
    assert turn(game, pointer=PileCard(0)).pile is None and turn(game, pointer=PileCard(0)).note is None


def test_in_the_rummy_window_the_pile_verdict_is_the_call():
    session = claim_session()
    bot_discards_8s(session, now=0.0)
    h = session.game.hand
    side = TableSide(window_open=True, seconds_left=2.0, pointer=PileCard(len(h.discard) - 1), claim=1)
    t = person_turn(session.game, 0, side, session.names)
    assert t.pile.ok and "8♠" in t.pile.words and t.pile.words != "Take the 8♠"


# ------------------------------------------------------------ keys, drops, the message line
def test_the_focus_words_and_the_pile_verdict_over_them():
    game = your_draw()
    t = turn(game, keyboard=True, focus=Stock())
    assert t.focus_words == "Enter: draw from the stock" and t.note == ("Enter: draw from the stock", False)
    t = turn(game, keyboard=True, focus=PileCard(0), pointer=None)
    assert t.focus_words == "Enter: take 2 cards from the pile" and t.note == (t.pile.words, True)
    assert turn(game, keyboard=False, focus=Stock()).focus_words is None  # the focus shows only with the keys
    game.apply(DrawStock(0))
    assert turn(game, keyboard=True, focus=NewMeld(), selected=3).focus_words == "Enter: meld the 3 selected cards"


def test_the_drop_hint_says_what_a_drop_does_or_warns():
    game = your_draw()
    game.apply(DrawStock(0))
    accepts = LegalTargets(discard=True, melds=frozenset({0}))
    assert turn(game, dragging=True, drop=DiscardPile(), drop_targets=accepts).drop == DropHint("Discard", True)
    assert turn(game, dragging=True, drop=OnMeld(0), drop_targets=accepts).drop == DropHint("Lay off", True)
    assert turn(game, dragging=True, drop=NewMeld(), drop_targets=accepts).drop == \
        DropHint("⚠ Meld: not allowed here", False)
    assert turn(game, dragging=True, drop=HandSlot(2), drop_targets=accepts).drop is None
    assert turn(game, dragging=True, drop=None, drop_targets=accepts).drop is None
    assert turn(game, dragging=True, drop=DiscardPile(), drop_targets=accepts).lit == accepts
    keys = LegalTargets(new=True)
    assert turn(game, keyboard=True, focus=NewMeld(), key_targets=keys).lit == keys
    assert turn(game).lit is None


def test_the_message_line_is_the_message_then_the_hint_then_the_note():
    game = your_draw()
    note = ("Enter: draw from the stock", False)
    assert turn(game, keyboard=True, focus=Stock()).line == note
    assert turn(game, keyboard=True, focus=Stock(), hint="Hint: Draw from the stock.").line == \
        ("Hint: Draw from the stock.", False)
    assert turn(game, keyboard=True, focus=Stock(), hint="Hint: x", message=("Wait for your turn.", True)).line == \
        ("Wait for your turn.", True)
    assert turn(game).line is None


# ------------------------------------------------------------ buttons
def test_the_buttons_follow_the_turn():
    game = your_draw()
    t = turn(game, undo_kept=True)
    assert t.mine and t.can_call and not t.calls_rummy  # the bot's window is still on at your draw (R18)
    assert dict(t.buttons.items()) == {"end": ButtonState(shown=False), "undo": ButtonState(enabled=True),
                                       "hint": ButtonState(), "sort": ButtonState(), "rummy": ButtonState(shown=False)}
    assert not turn(game).buttons.undo.enabled  # nothing kept to take back
    assert turn(game, seconds_left=1.0).buttons.rummy.shown
    game.apply(DrawStock(0))
    assert not turn(game).can_call
    game.apply(Discard(0, C("KC")))  # the bot's turn now
    t = turn(game, undo_kept=True)
    assert not t.mine and not t.buttons.undo.enabled and not t.buttons.hint.enabled and t.buttons.sort.enabled


def test_the_rummy_helpers_are_the_tables_decisions():
    game = your_draw()
    h = game.hand
    assert not calls_rummy(h, 0, True, None)  # next to draw: a pile click is a plain take
    assert calls_rummy(h, 0, True, 1) and calls_rummy(h, 1, True, None) and not calls_rummy(h, 1, False, None)
    assert can_call(h, False)  # the hand's window is open at the draw
    game.apply(DrawStock(0))
    assert not can_call(h, False) and can_call(h, True)


def test_the_same_state_gives_the_same_turn():
    game = your_draw()
    side = TableSide(keyboard=True, focus=PileCard(0), window_open=True, seconds_left=1.0)
    assert person_turn(game, 0, side, NAMES) == person_turn(game, 0, side, NAMES)


# ------------------------------------------------------------ the layers
def test_the_person_turn_needs_no_pygame():
    code = ("import sys, game.intent.person_turn, game.intent.words; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_the_persons_drawing_assigns_no_state():
    """PersonDrawing only draws: no ``self.x = ...`` (nor ``+=``, ``setattr``)
    in any of its methods but the constructor, which keeps the play it draws
    (and its input and table); what it shows comes from the frame's PersonTurn."""
    tree = ast.parse((ROOT / "scenes" / "table" / "person_drawing.py").read_text(encoding="utf-8"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "PersonDrawing")
    methods = [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name != "__init__"]
    init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    kept = {t.attr for node in ast.walk(init) if isinstance(node, ast.Assign) for t in node.targets
            if isinstance(t, ast.Attribute)}
    assert kept == {"play", "input", "table"}, kept  # references only, no state of its own
    assert {"draw", "_draw_pile_hover", "_draw_drop_hint", "_draw_message"} <= {m.name for m in methods}
    bad = []
    for m in methods:
        for node in ast.walk(m):
            targets = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in targets:
                for t in ast.walk(target):
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                        bad.append(f"{m.name}:{node.lineno} assigns self.{t.attr}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr":
                bad.append(f"{m.name}:{node.lineno} calls setattr")
    assert not bad, bad

