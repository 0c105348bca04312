"""The person's hands on the table: select, drag, drop, click, keys.

:class:`HumanPlay` belongs to a :class:`~scenes.table.TableScene` whose
bottom seat is played by a person. Every move goes through the engine
(``TableSession.apply_human``): the table has no rule logic of its own, it
asks the engine what is legal (to light up drop targets) and shows the
engine's reason when a move is refused; a refused move changes nothing.

Mouse: click hand cards to select them; drag the selection onto the felt to
meld, onto a meld to lay off, onto the discard pile to discard, or within
the hand to reorder; click or drag the stock to draw; click a card of the
discard pile to take it and every card above it (hovering shows which cards
would come, marks the one that must be tabled (R9), and says when the take
is not allowed). Keys: arrows move the focus (Up to the table, Down to the
hand), Space selects, Enter plays the selection on the focused target (or
draws / takes there), R Rummy!, S sort, H hint, U undo, E end the hand.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.actions import Action, CallRummy, Discard, DrawStock, EndHand, LayOff, TableMeld, TakeDiscards
from game.cards import card_token
from game.engine import Phase
from game.errors import IllegalMove
from game.events import Discarded, RummyCalled
from game.intent import RummyOption, TurnUndo, rummy_option, rummy_options
from game.view import view_for

from . import theme as T
from .cardart import short_name
from .layout import sort_key
from .tween import Tween, ease_out_back
from .widgets import Button
from .words import card_words, plain

DRAG_START_PX = 6
DOUBLE_CLICK_S = 0.45


@dataclass
class Drag:
    """Cards being dragged: display positions ``cards``, where the pointer
    grabbed the first one (``offset``), the pointer now (``pos``); ``source``
    is ``"hand"`` or ``"stock"`` or ``("pile", index)``."""

    source: object
    cards: list[int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    targets: dict | None = None


class HumanPlay:
    """The person's controls at ``table`` (see the module docstring)."""

    def __init__(self, table):
        self.table = table
        self.seat = table.viewer
        self.order: list[int] = []          # the hand as the person arranged it (card codes)
        self.sort_mode = "suit"
        self.selected: set[int] = set()     # display positions in ``order``
        self.press: tuple | None = None     # (what, pos) of the button-down
        self.drag: Drag | None = None
        self.hover: tuple | None = None
        self.spring: list[tuple[int, pygame.Rect, Tween]] = []
        self.message: tuple[str, bool, float] | None = None  # text, is a refusal, until
        self.hint: tuple[str, set[int], float] | None = None
        self.note: tuple[str, bool] | None = None  # about what is under the pointer or focus
        self.undo_stack: TurnUndo[list[int]] = TurnUndo(self.seat)  # this turn's melds and lay-offs
        self.focus_row = "hand"
        self.focus_i = 0
        self.keyboard = False
        self.rummy_until: float | None = None
        self.rummy_pending = False  # a window will open when the discard is shown
        self.last_draw_at = -10.0
        s = table.app.settings
        self.rummy_window_s = float(getattr(s, "rummy_window_s", 2.0) or 2.0)
        self.buttons = {
            "sort": Button("Sort by rank (S)", self.toggle_sort, role="small"),
            "hint": Button("Hint (H)", self.show_hint, role="small"),
            "undo": Button("Undo (U)", self.undo, role="small"),
            "end": Button("End the hand (E)", self.end_hand, role="small"),
            "rummy": Button("Rummy! (R)", self.call_rummy, role="heading"),
        }
        self.sync()
        h = self.hand
        if (h is not None and h.ended is None and h.window is not None and h.window != self.seat
                and h.phase == Phase.DRAW and h.rules.rummy_calls):
            # a game resumed right after another seat's discard: the person's window opens now
            table.session.hold_rummy = True
            self.rummy_until = table.clock + self.rummy_window_s

    # ------------------------------------------------------------ state
    @property
    def game(self):
        return self.table.session.game

    @property
    def hand(self):
        return self.game.hand

    def my_turn(self) -> bool:
        h = self.hand
        return self.game.winner is None and h.ended is None and h.current == self.seat

    def idle(self) -> bool:
        """True when nothing animates, so the picture is the engine's state."""
        t = self.table
        return not t.steps and not t.motions and t.app.top is t

    def sync(self) -> None:
        """Match the arrangement to the hand shown: kept cards keep their
        places, new cards go to the right, gone cards leave."""
        cards = list(self.table.shown.hands[self.seat]) if self.table.shown.phase != "deal" else []
        kept, rest = [], list(cards)
        for c in self.order:
            if c in rest:
                rest.remove(c)
                kept.append(c)
        if not self.order:
            rest.sort(key=sort_key)
        if kept != self.order or rest:  # positions moved: a selection would point at other cards
            self.selected = set()
        self.order = kept + rest
        self.focus_i = min(self.focus_i, max(0, self.row_len() - 1))

    def toggle_sort(self) -> None:
        """Sort the hand by rank (then suit), or by suit (then rank), alternately."""
        if self.sort_mode == "suit":
            self.order.sort(key=lambda c: (sort_key(c)[1] if sort_key(c)[0] != 9 else 99, sort_key(c)[0]))
            self.sort_mode = "rank"
        else:
            self.order.sort(key=sort_key)
            self.sort_mode = "suit"
        self.buttons["sort"].label = "Sort by suit (S)" if self.sort_mode == "rank" else "Sort by rank (S)"
        self.selected.clear()
        self.table.relayout()
        self.layout_buttons()

    def say(self, text: str, refusal: bool = False, seconds: float = 4.0) -> None:
        """Show ``text`` above the hand (amber for a refusal) for ``seconds``."""
        self.message = (plain(text), refusal, self.table.clock + seconds)

    def cards_of(self, positions) -> list[int]:
        return [self.order[i] for i in sorted(positions) if i < len(self.order)]

    # ------------------------------------------------------------ playing
    def apply(self, action: Action) -> bool:
        """Apply a move of the person; on refusal say the engine's reason and return False."""
        t = self.table
        undoable = isinstance(action, (TableMeld, LayOff))
        before = self.game.clone() if undoable else None
        try:
            events = t.session.apply_human(action)
        except IllegalMove as exc:
            self.say(exc.message, refusal=True)
            return False
        if undoable:
            self.undo_stack.record(before, self.game, list(self.order))
        else:
            self.undo_stack.clear()
        self.hint = None
        self.message = None
        self.selected = set()
        t.session.hold_rummy = False
        self.rummy_until = None
        t.push_step(events)
        return True

    def claim_blocks(self) -> bool:
        """A computer called Rummy on the discard and waits: the person, first
        in turn order, may call too (R18) but not draw past it."""
        claim = self.table.session.rummy_claimed()
        if claim is None:
            return False
        self.say(f"{self.table.names[claim]} called Rummy! You come first: press R to call it yourself, "
                 "or wait and let it go.", refusal=True)
        return True

    def draw_stock(self) -> None:
        if self.claim_blocks():
            return
        if self.table.clock - self.last_draw_at < DOUBLE_CLICK_S and self.hand.phase == Phase.PLAY:
            return  # the second click of a double click: one gesture, one draw
        if self.apply(DrawStock(self.seat)):
            self.last_draw_at = self.table.clock

    def take(self, index: int) -> None:
        """Take the pile card at ``index`` and all above it; while the person's
        Rummy window is open (and it is not a plain draw of theirs) this calls
        Rummy at that depth instead (R18)."""
        n = len(self.hand.discard)
        if self.calling_rummy():
            self.call_rummy(n - index)
            return
        if self.claim_blocks():
            return
        self.apply(TakeDiscards(self.seat, n - index))

    def discard(self, positions) -> None:
        cards = self.cards_of(positions)
        if len(cards) != 1:
            self.say("Discard one card: select just that card.", refusal=True)
            return
        self.apply(Discard(self.seat, cards[0]))

    def meld(self, positions) -> None:
        """Table the selection as a new meld; ask which card a joker stands for
        when there is more than one legal way (R13, R15)."""
        cards = self.cards_of(positions)
        if not cards:
            self.say("Select the cards of the meld first.", refusal=True)
            return
        h = self.hand
        choices = h.meld_choices(cards)
        legal = [c for c in choices if h.is_legal(TableMeld(self.seat, c))]
        if not legal:
            try:
                h.check(TableMeld(self.seat, choices[0] if choices else tuple(cards)))
                reason = "Those cards are not a meld."
            except IllegalMove as exc:
                reason = exc.message
            self.say(reason, refusal=True)
            return
        if len(legal) == 1:
            self.apply(TableMeld(self.seat, legal[0]))
            return
        from .dialogs import ChoiceDialog
        options = [(" ".join(card_words(card_token(c)) for c in choice), choice) for choice in legal]
        self.table.app.push(ChoiceDialog(self.table.app), title="Which card does the joker stand for?",
                            options=options, on_choose=lambda c: self.apply(TableMeld(self.seat, c)))

    def lay_off(self, positions, meld: int) -> None:
        """Lay the selection off on ``meld`` (R14): one card (a joker asks
        what it stands for when it could be more than one), or several that
        all fit, placed in an order that works."""
        cards = self.cards_of(positions)
        h = self.hand
        if len(cards) == 1:
            options = [t for m, t in h.layoff_targets(cards[0]) if m == meld and h.is_legal(LayOff(self.seat, t, meld))]
            if not options:
                try:
                    h.check(LayOff(self.seat, cards[0], meld))
                    reason = f"The {short_name(cards[0])} does not fit that meld."
                except IllegalMove as exc:
                    reason = exc.message
                self.say(reason, refusal=True)
            elif len(options) == 1:
                self.apply(LayOff(self.seat, options[0], meld))
            else:
                from .dialogs import ChoiceDialog
                self.table.app.push(ChoiceDialog(self.table.app), title="Which card does the joker stand for?",
                                    options=[(card_words(card_token(t)), t) for t in options],
                                    on_choose=lambda t: self.apply(LayOff(self.seat, t, meld)))
            return
        plan = self.layoff_plan(cards, meld)
        if plan is None:
            self.say("Those cards don't all fit that meld; lay them off one at a time.", refusal=True)
            return
        for action in plan:
            if not self.apply(action):
                return

    def layoff_plan(self, cards: list[int], meld: int) -> list[LayOff] | None:
        """Lay-offs that put every card of ``cards`` on ``meld``, or ``None``."""
        world = self.hand.clone()
        rest, plan = list(cards), []
        while rest:
            for c in sorted(rest, key=lambda c: c == 52):  # jokers last: they fit anywhere
                options = [t for m, t in world.layoff_targets(c) if m == meld]
                legal = [t for t in options if world.is_legal(LayOff(self.seat, t, meld))]
                if legal:
                    world.apply(LayOff(self.seat, legal[0], meld))
                    plan.append(LayOff(self.seat, legal[0], meld))
                    rest.remove(c)
                    break
            else:
                return None
        return plan

    def end_hand(self) -> None:
        self.apply(EndHand(self.seat))

    def undo(self) -> None:
        """Take back this turn's melds and lay-offs, the last one first (never a
        draw or discard, nor anything once the turn has passed)."""
        if not self.undo_stack.available(self.game):
            passed = bool(self.undo_stack)
            self.undo_stack.clear()
            self.say("Your turn has passed: its melds and lay-offs stay." if passed else
                     "There is nothing to take back: draws and discards can't be undone.", refusal=True)
            return
        if not self.idle():
            return
        game, order = self.undo_stack.pop(self.game)
        t = self.table
        t.session.restore(game)
        self.order = order
        self.selected.clear()
        t.push_step([], undo=True)
        t.log_lines.append("You take back your last meld or lay-off.")

    def show_hint(self) -> None:
        """Show the move the Medium computer would make here, without playing it."""
        from game.ai.medium import MediumAI
        h = self.hand
        if h.ended is not None or h.current != self.seat:
            self.say("Hints are for your turn.", refusal=True)
            return
        action = MediumAI(seed=len(h.actions)).choose(view_for(self.game, self.seat))
        cards: list[int] = []
        if isinstance(action, DrawStock):
            text = "Draw from the stock."
        elif isinstance(action, TakeDiscards):
            deepest = h.discard[-action.count]
            text = (f"Take the {short_name(deepest)} from the discard pile." if action.count == 1 else
                    f"Take {action.count} cards from the pile, down to the {short_name(deepest)}, and meld it.")
        elif isinstance(action, TableMeld):
            cards = [52 if c >= 64 else c for c in action.cards]
            text = "Meld " + " ".join(card_words(card_token(c)) for c in action.cards) + "."
        elif isinstance(action, LayOff):
            cards = [52 if action.card >= 64 else action.card]
            owner = h.table[action.meld].owner
            whose = "your" if owner == self.seat else f"{self.table.names[owner]}'s"
            text = f"Lay off the {card_words(card_token(action.card))} on {whose} meld."
        elif isinstance(action, Discard):
            cards = [action.card]
            text = f"Discard the {short_name(action.card)}."
        elif isinstance(action, EndHand):
            text = "End the hand: the stock is empty."
        else:
            text = "Call Rummy!"
        positions, free = set(), list(range(len(self.order)))
        for c in cards:
            i = next((j for j in free if self.order[j] == c), None)
            if i is not None:
                free.remove(i)
                positions.add(i)
        self.hint = ("Hint: " + text, positions, self.table.clock + 6.0)

    # ------------------------------------------------------------ Rummy window
    def on_step(self, events) -> None:
        """Called when the table applies a computer's action: a discard by
        another seat opens the person's Rummy window (R18) once it is shown."""
        h = self.hand
        for e in events:
            if isinstance(e, Discarded) and e.seat != self.seat and h.rules.rummy_calls and h.window is not None:
                self.table.session.hold_rummy = True
                self.rummy_pending = True
            if isinstance(e, RummyCalled) and self.seat in e.skipped:
                self.say(f"{self.table.names[e.seat]} called Rummy, so your turn is skipped (R18).", seconds=5.0)

    def on_shown(self) -> None:
        """The table has shown a step: start the window's clock when it was a discard."""
        if self.rummy_pending and not self.table.steps:
            self.rummy_pending = False
            self.rummy_until = self.table.clock + self.rummy_window_s
        self.sync()

    def rummy_window_open(self) -> bool:
        return self.rummy_until is not None or self.rummy_pending

    def calling_rummy(self) -> bool:
        """True when a click on the pile means a Rummy call: the window is open
        and the person is not simply the next to draw (or a computer's call
        waits on theirs)."""
        h = self.hand
        return self.rummy_window_open() and (h.current != self.seat or self.table.session.rummy_claimed() is not None)

    def call_rummy(self, count: int | None = None) -> None:
        """Call Rummy (R18) taking ``count`` cards, or, with ``None`` (the R
        key), the only call open, or ask which when there are several (the
        deepest first)."""
        h = self.hand
        if not self.rummy_window_open() and not (h.window is not None and h.phase == Phase.DRAW):
            self.say("Rummy can only be called right after another player's discard.", refusal=True)
            return
        options = [o for o in rummy_options(h, self.seat) if count is None or o.call.count == count]
        if not options:
            try:
                h.check(CallRummy(self.seat, count or 1))
                reason = "There is no Rummy to call here."
            except IllegalMove as exc:
                reason = exc.message
            self.say(reason, refusal=True)
            return
        if len(options) == 1:
            self._call(options[0].call)
            return
        from .dialogs import ChoiceDialog
        self.table.app.push(ChoiceDialog(self.table.app), title="Rummy! How deep do you take?",
                            options=[(self.rummy_words(o, short=True), o.call) for o in options],
                            on_choose=self._call)

    def _call(self, call: CallRummy) -> None:
        try:
            self.table.session.call_rummy(call)
        except IllegalMove as exc:
            self.say(exc.message, refusal=True)
            return
        self.say("Rummy! You called it.", seconds=2.0)
        self.close_rummy_window()

    def rummy_words(self, option: RummyOption, short: bool = False) -> str:
        """What a Rummy call would take and where its deepest card goes, in words."""
        h = self.hand
        k, card = option.call.count, short_name(option.card)
        took = f"1 card: the {card}" if k == 1 else f"{k} cards, down to the {card}"
        if option.meld is None:
            goes = "melded with cards from the pile"
        else:
            owner = h.table[option.meld].owner if option.meld < len(h.table) else self.seat
            goes = "onto your meld" if owner == self.seat else f"onto {self.table.names[owner]}'s meld"
        return f"{took}, {goes}" if short else f"Rummy! Take {took}, {goes}"

    def close_rummy_window(self) -> None:
        self.rummy_until = None
        self.rummy_pending = False
        self.table.session.hold_rummy = False

    def update(self, dt: float) -> None:
        now = self.table.clock
        if self.rummy_until is not None:
            h = self.hand
            if h.window is None or h.phase != Phase.DRAW:
                self.close_rummy_window()  # the next player drew: R18
            elif now >= self.rummy_until and not self.buttons["rummy"].hover:
                self.close_rummy_window()
        for _, _, tw in self.spring:
            tw.update(dt)
        self.spring = [s for s in self.spring if not s[2].done]
        if self.message and now > self.message[2]:
            self.message = None
        if self.hint and now > self.hint[2]:
            self.hint = None
        b = self.buttons
        h = self.hand
        mine = self.my_turn()
        b["undo"].enabled = mine and self.undo_stack.available(self.game)
        b["hint"].enabled = mine
        b["end"].visible = mine and h.phase == Phase.DRAW and not h.stock_draw_possible()
        b["rummy"].visible = self.rummy_until is not None

    # ------------------------------------------------------------ geometry
    def hand_places(self):
        return [p for p in self.table.layout_.places if p.zone == "hand"]

    def card_rect(self, i: int) -> pygame.Rect | None:
        for p in self.hand_places():
            if p.index == i:
                r = p.rect.copy()
                if i in self.selected:
                    r.y -= round(r.h * 0.18)
                return r
        return None

    def hand_index_at(self, pos) -> int | None:
        best = None
        for p in self.hand_places():
            r = p.rect.copy()
            if p.index in self.selected:
                r.y -= round(r.h * 0.18)
                r.h += round(r.h * 0.18)
            if r.collidepoint(pos):
                best = p.index  # the topmost (last drawn) wins
        return best

    def pile_index_at(self, pos) -> int | None:
        return self.table._pile_index_at(pos)

    def meld_at(self, pos) -> int | None:
        lay = self.table.layout_
        for m, r in lay.meld_rects.items():
            if r.inflate(6, 6).collidepoint(pos):
                return m
        for m, r, _ in lay.layoff_groups:
            if r.inflate(6, 6).collidepoint(pos):
                return m
        return None

    def target_at(self, pos):
        """What a drop at ``pos`` means: ("discard",), ("meld", m), ("new",), ("hand", i) or None."""
        lay = self.table.layout_
        if not pygame.Rect((0, 0), self.table.theme.size).collidepoint(pos):
            return None  # let go outside the window: the cards go home
        if lay.pile_rect.inflate(20, 20).collidepoint(pos):
            return ("discard",)
        m = self.meld_at(pos)
        if m is not None:
            return ("meld", m)
        if lay.hand_rect.collidepoint(pos) or lay.fan_rects.get(self.seat, pygame.Rect(0, 0, 0, 0)).collidepoint(pos):
            return ("hand", self._insert_index(pos))
        if lay.stock_rect.collidepoint(pos) or lay.status_rect.collidepoint(pos):
            return None
        if any(r.collidepoint(pos) for r in lay.seat_rects.values()) or lay.buttons_rect.collidepoint(pos):
            return None
        return ("new",)

    def _insert_index(self, pos) -> int:
        places = sorted(self.hand_places(), key=lambda p: p.index)
        for p in places:
            if pos[0] < p.rect.centerx:
                return p.index
        return len(places)

    def legal_targets(self, positions) -> dict:
        """For a drag of ``positions``: which drops the engine would accept."""
        cards = self.cards_of(positions)
        h = self.hand
        out = {"discard": False, "new": False, "melds": set()}
        if not self.my_turn() or h.phase != Phase.PLAY:
            return out
        if len(cards) == 1:
            out["discard"] = h.is_legal(Discard(self.seat, cards[0]))
            out["melds"] = {m for m, t in h.layoff_targets(cards[0]) if h.is_legal(LayOff(self.seat, t, m))}
        elif cards:
            out["melds"] = {m for m in range(len(h.table)) if self.layoff_plan(cards, m) is not None}
        if len(cards) >= 3:
            out["new"] = any(h.is_legal(TableMeld(self.seat, c)) for c in h.meld_choices(cards))
        return out

    # ------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        for b in self.buttons.values():
            if b.handle(event):
                return True
        t = self.table
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            self.hover = event.pos
            if self.press is not None and self.drag is None:
                what, start = self.press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) >= DRAG_START_PX and event.buttons[0]:
                    self._start_drag(what, start, event.pos)
            if self.drag is not None:
                if not event.buttons[0]:
                    self._cancel_drag()  # no drag without a button down
                else:
                    self.drag.pos = event.pos
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            if not self.idle():
                return False
            i = self.hand_index_at(event.pos)
            if i is not None:
                self.press = (("hand", i), event.pos)
                return True
            if t.layout_.stock_rect.collidepoint(event.pos):
                self.press = (("stock",), event.pos)
                return True
            j = self.pile_index_at(event.pos)
            if j is not None:
                self.press = (("pile", j), event.pos)
                return True
            self.press = None
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            press, self.press = self.press, None
            if self.drag is not None:
                self._drop(event.pos)
                return True
            if press is None or not self.idle():
                return False
            what, start = press
            if what[0] == "hand" and self.hand_index_at(event.pos) == what[1]:
                self.selected ^= {what[1]}
                return True
            if what[0] == "stock" and t.layout_.stock_rect.collidepoint(event.pos):
                self.draw_stock()
                return True
            if what[0] == "pile" and self.pile_index_at(event.pos) == what[1]:
                self.take(what[1])
                return True
            return False
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self._cancel_drag()
            self.press = None
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _start_drag(self, what, start, pos) -> None:
        if what[0] == "hand":
            i = what[1]
            cards = sorted(self.selected) if i in self.selected else [i]
            r = self.card_rect(i)
            offset = (start[0] - r.x, start[1] - r.y) if r else (0, 0)
            self.drag = Drag("hand", cards, offset, pos, self.legal_targets(cards))
        elif what[0] in ("stock", "pile"):
            self.drag = Drag(what, [], (0, 0), pos, None)

    def _cancel_drag(self) -> None:
        d, self.drag = self.drag, None
        if d is not None and d.source == "hand":
            self._spring_back(d)

    def _spring_back(self, d: Drag) -> None:
        for i in d.cards:
            home = self.card_rect(i)
            if home is not None:
                start = pygame.Rect(d.pos[0] - d.offset[0], d.pos[1] - d.offset[1], home.w, home.h)
                self.spring.append((i, home, Tween((start.x, start.y), (home.x, home.y), 0.32, ease_out_back)))

    def _drop(self, pos) -> None:
        d, self.drag = self.drag, None
        if d.source != "hand":  # from the stock or the pile: to the hand draws / takes
            if self.table.layout_.hand_rect.collidepoint(pos) or self.target_at(pos) in (("new",),):
                if d.source[0] == "stock":
                    self.draw_stock()
                else:
                    self.take(d.source[1])
            return
        target = self.target_at(pos)
        if target is None:
            self._spring_back(d)
            if pygame.Rect((0, 0), self.table.theme.size).collidepoint(pos):
                self.say("Drop cards on the felt to meld, on a meld to lay off, or on the discard pile.",
                         refusal=True)
            return
        kind = target[0]
        if kind == "hand":
            self._reorder(d.cards, target[1])
            return
        if not self.my_turn():
            self._spring_back(d)
            self.say("Wait for your turn." if self.hand.current != self.seat else
                     "Wait: the Rummy window is open.", refusal=True)
            return
        if self.hand.phase == Phase.DRAW:
            self._spring_back(d)
            self.say("Draw first: click the stock, or a card of the discard pile.", refusal=True)
            return
        before = len(self.hand.actions)
        if kind == "discard":
            self.discard(d.cards)
        elif kind == "meld":
            self.lay_off(d.cards, target[1])
        else:
            self.meld(d.cards)
        if len(self.hand.actions) == before and self.table.app.top is self.table:
            self._spring_back(d)  # refused: the cards go home, the reason is shown

    def _reorder(self, positions, at: int) -> None:
        moving = [self.order[i] for i in sorted(positions)]
        rest = [c for i, c in enumerate(self.order) if i not in positions]
        at -= sum(1 for i in positions if i < at)
        at = max(0, min(at, len(rest)))
        self.order = rest[:at] + moving + rest[at:]
        self.selected = set()
        self.table.relayout()

    # keyboard ----------------------------------------------------------
    def targets(self) -> list[tuple]:
        lay = self.table.layout_
        out: list[tuple] = [("stock",)]
        out += [("pile", p.index) for p in lay.places if p.zone == "pile"]
        out.append(("new",))
        out += [("meld", m) for m in sorted(lay.meld_rects)]
        return out

    def row_len(self) -> int:
        return len(self.order) if self.focus_row == "hand" else len(self.targets())

    def _key(self, event) -> bool:
        k = event.key
        if self.drag is not None:
            if k == pygame.K_ESCAPE:
                self._cancel_drag()
                return True
            return True  # no keys during a drag
        self.keyboard = True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            n = self.row_len()
            if n:
                self.focus_i = (min(self.focus_i, n - 1) + (1 if k == pygame.K_RIGHT else -1)) % n
            return True
        if k in (pygame.K_UP, pygame.K_DOWN):
            if k == pygame.K_DOWN:
                self.focus_row = "hand"
                self.focus_i = min(self.focus_i, max(0, len(self.order) - 1))
                return True
            if self.focus_row != "table":  # up to the table: the likeliest target first
                targets = self.targets()
                want = ("stock",) if self.hand.phase == Phase.DRAW else ("new",)
                if self.hand.phase == Phase.PLAY and len(self.selected) == 1:
                    piles = [t for t in targets if t[0] == "pile"]
                    want = piles[-1] if piles else ("new",)
                self.focus_row = "table"
                self.focus_i = targets.index(want) if want in targets else 0
            return True
        if k == pygame.K_SPACE and self.focus_row == "hand":
            if 0 <= self.focus_i < len(self.order):
                self.selected ^= {self.focus_i}
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.idle():
                return True
            if self.focus_row == "hand":
                if 0 <= self.focus_i < len(self.order):
                    self.selected ^= {self.focus_i}
                return True
            targets = self.targets()
            self.focus_i = min(self.focus_i, len(targets) - 1)
            self.activate(targets[self.focus_i])
            return True
        if k == pygame.K_r:
            self.call_rummy()
            return True
        if k == pygame.K_s:
            self.toggle_sort()
            return True
        if k == pygame.K_h:
            self.show_hint()
            return True
        if k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL):
            self.undo()
            return True
        if k == pygame.K_e:
            self.end_hand()  # refused with the reason unless the stock is empty (R17)
            return True
        return False

    def activate(self, target: tuple) -> None:
        """Enter on a table target: draw, take, discard, meld or lay off."""
        h = self.hand
        kind = target[0]
        if h.phase == Phase.DRAW or kind == "stock":
            if kind == "stock":
                self.draw_stock()
            elif kind == "pile":
                self.take(target[1])
            else:
                self.say("Draw first: the stock or a card of the discard pile.", refusal=True)
            return
        if not self.my_turn():
            self.say("Wait for your turn.", refusal=True)
            return
        sel = set(self.selected)
        if kind == "pile":
            self.discard(sel)
        elif kind == "new":
            self.meld(sel)
        elif kind == "meld":
            if not sel:
                self.say("Select the cards to lay off first (Space).", refusal=True)
                return
            self.lay_off(sel, target[1])

    # ------------------------------------------------------------ drawing
    def layout_buttons(self) -> None:
        th = self.table.theme
        lay = self.table.layout_
        bh = max(th.small * 2, 26)
        x = lay.buttons_rect.right
        y = lay.hand_rect.top - bh - th.pad // 2
        for key in ("end", "undo", "hint", "sort"):
            b = self.buttons[key]
            w = T.font(th.small, True).size(b.label)[0] + 3 * th.pad
            b.rect = pygame.Rect(x - w, y, w, bh)
            x -= w + th.pad
        rb = self.buttons["rummy"]
        w = T.font(th.heading, True).size(rb.label)[0] + 4 * th.pad
        rb.rect = pygame.Rect(0, 0, w, max(th.heading * 2, 36))
        rb.rect.midbottom = (lay.pile_rect.x + lay.pile_rect.width // 2, lay.pile_rect.top - th.pad)
        rb.rect.clamp_ip(pygame.Rect(0, 0, th.width, th.height))

    def draw(self, surface, moving: set[int]) -> None:
        self.note = None  # what the pointer or the keyboard focus is on, worked out below
        t = self.table
        th = t.theme
        lay = t.layout_
        dragging = set(self.drag.cards) if self.drag and self.drag.source == "hand" else set()
        springing = {i for i, _, _ in self.spring}
        hint_cards = self.hint[1] if self.hint else set()
        committed = t.shown.committed if t.shown.current == self.seat else None
        self._draw_targets(surface, lay)
        hover_i = None if self.drag or self.keyboard or self.hover is None else self.hand_index_at(self.hover)
        for p in self.hand_places():
            if id(p) in moving or p.index in dragging or p.index in springing:
                continue
            r = p.rect.copy()
            if p.index in self.selected:
                r.y -= round(r.h * 0.18)
            elif p.index == hover_i and self.idle():
                r.y -= round(r.h * 0.05)
            t._draw_card(surface, p.card, r, p.face_up, lifted=p.index in self.selected)
            if committed is not None and p.card == committed:
                t._committed_ring(surface, r)
            if p.index in hint_cards:
                pygame.draw.rect(surface, T.LEGAL, r.inflate(6, 6), 3, border_radius=th.radius + 2)
            if self.keyboard and self.focus_row == "hand" and p.index == self.focus_i:
                pygame.draw.rect(surface, (10, 30, 60), r.inflate(6, 6), 3, border_radius=th.radius + 3)
                pygame.draw.rect(surface, T.LEGAL, r.inflate(12, 12), 3, border_radius=th.radius + 5)
        for i, home, tw in self.spring:
            card = self.order[i] if i < len(self.order) else None
            if card is not None:
                x, y = tw.value
                t._draw_card(surface, card, pygame.Rect(round(x), round(y), home.w, home.h), True, lifted=True)
        self._draw_pile_hover(surface, lay)
        if self.keyboard and self.focus_row == "table":
            self._draw_focus_target(surface, lay)
        for b in self.buttons.values():
            b.draw(surface, th)
        if self.rummy_until is not None:
            left = max(0.0, self.rummy_until - self.table.clock)
            rb = self.buttons["rummy"].rect
            frac = 1.0 if self.buttons["rummy"].hover else left / max(0.01, self.rummy_window_s)
            bar = pygame.Rect(rb.x, rb.bottom + 3, round(rb.width * frac), 5)
            pygame.draw.rect(surface, T.GOLD, bar, border_radius=2)
        if self.drag and self.drag.source == "hand":
            x, y = self.drag.pos[0] - self.drag.offset[0], self.drag.pos[1] - self.drag.offset[1]
            for n, i in enumerate(self.drag.cards):
                if i < len(self.order):
                    h = lay.hand_rect.h - round(lay.hand_rect.h * 0.2) - th.pad
                    r = pygame.Rect(x + n * round(T.Theme.card_w(h) * 0.3), y, T.Theme.card_w(h), h)
                    t._draw_card(surface, self.order[i], r, True, lifted=True)
            self._draw_drop_hint(surface, lay)
        self._draw_message(surface, lay)

    def keyboard_targets(self) -> dict | None:
        """The legal places for the selection while playing with the keys (cached per selection and move)."""
        if not (self.keyboard and self.selected and self.focus_row == "table"):
            return None
        key = (tuple(sorted(self.selected)), len(self.hand.actions), len(self.order))
        if getattr(self, "_kb_key", None) != key:
            self._kb_key, self._kb_targets = key, self.legal_targets(sorted(self.selected))
        return self._kb_targets

    def _draw_targets(self, surface, lay) -> None:
        """While dragging (or choosing a place with the keys): legal targets glow sky blue."""
        d = self.drag
        if d is None or d.source != "hand" or not d.targets:
            targets = self.keyboard_targets()
            if targets is None:
                return
            d = Drag("hand", sorted(self.selected), (0, 0), (0, 0), targets)
        th = self.table.theme
        glow = []
        if d.targets["discard"]:
            pile = [p.rect for p in lay.places if p.zone == "pile"]
            glow.append((pile[0].unionall(pile) if pile else pygame.Rect(lay.pile_rect.topleft, lay.stock_rect.size))
                        .inflate(12, 12))
        if d.targets["new"]:
            glow.append(lay.zone_rects[self.seat].inflate(-4, -4))
        for m in d.targets["melds"]:
            r = lay.meld_rects.get(m)
            if r is not None:
                glow.append(r.inflate(10, 10))
            for mm, gr, _ in lay.layoff_groups:
                if mm == m:
                    glow.append(gr.inflate(10, 10))
        for r in glow:
            pygame.draw.rect(surface, T.LEGAL, r, 4, border_radius=th.radius + 4)

    def _draw_drop_hint(self, surface, lay) -> None:
        """Under the pointer: what a drop here would do, and an amber warning when the engine would refuse it."""
        d = self.drag
        th = self.table.theme
        target = self.target_at(d.pos)
        if target is None or target[0] == "hand":
            return
        ok = bool(d.targets) and (
            (target[0] == "discard" and d.targets["discard"]) or (target[0] == "new" and d.targets["new"])
            or (target[0] == "meld" and target[1] in d.targets["melds"]))
        words = {"discard": "Discard", "new": "Meld", "meld": "Lay off"}[target[0]]
        text = words if ok else f"⚠ {words}: not allowed here"
        s = T.text(text, th.small, T.TEXT_DARK, bold=True)
        box = s.get_rect(midbottom=(d.pos[0], d.pos[1] - d.offset[1] - 4)).inflate(10, 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, T.LEGAL if ok else T.ILLEGAL, box, border_radius=th.radius)
        surface.blit(s, s.get_rect(center=box.center))

    def _draw_pile_hover(self, surface, lay) -> None:
        """Hovering the pile on your draw: the cards that would come, the one to meld, or why not."""
        h = self.hand
        j = None
        if self.keyboard and self.focus_row == "table":
            target = self.targets()[self.focus_i] if self.focus_i < len(self.targets()) else None
            j = target[1] if target and target[0] == "pile" else None
        elif self.hover is not None and not self.drag:
            j = self.pile_index_at(self.hover)
        rummy = self.calling_rummy()
        if j is None or (h.current != self.seat and not rummy) or h.phase != Phase.DRAW or h.ended is not None \
                or not self.idle():
            return
        n = len(h.discard)
        if j >= n:
            return
        k = n - j
        action = CallRummy(self.seat, k) if rummy else TakeDiscards(self.seat, k)
        try:
            h.check(action)
            ok, reason = True, None
        except IllegalMove as exc:
            ok, reason = False, exc.message
        th = self.table.theme
        colour = T.LEGAL if ok else T.ILLEGAL
        for p in lay.places:
            if p.zone == "pile" and p.index >= j:
                pygame.draw.rect(surface, colour, p.rect.inflate(4, 4), 3, border_radius=th.radius)
        first = next((p for p in lay.places if p.zone == "pile" and p.index == j), None)
        if first is not None and k > 1:
            pygame.draw.rect(surface, T.GOLD, first.rect.inflate(10, 10), 3, border_radius=th.radius + 3)
        if ok and rummy:
            text = self.rummy_words(rummy_option(h, action))
        elif ok:
            text = (f"Take the {short_name(h.discard[j])}" if k == 1 else
                    f"Take {k} cards — you must meld the {short_name(h.discard[j])}")
        else:
            text = f"⚠ {plain(reason)}"
        self.note = (text, not ok)

    def _draw_focus_target(self, surface, lay) -> None:
        targets = self.targets()
        if not targets:
            return
        target = targets[min(self.focus_i, len(targets) - 1)]
        r = None
        if target[0] == "stock":
            r = lay.stock_rect
        elif target[0] == "pile":
            r = next((p.rect for p in lay.places if p.zone == "pile" and p.index == target[1]), lay.pile_rect)
        elif target[0] == "new":
            r = lay.zone_rects[self.seat]
        elif target[0] == "meld":
            r = lay.meld_rects.get(target[1])
        if r is not None:
            pygame.draw.rect(surface, (10, 30, 60), r.inflate(6, 6), 3, border_radius=self.table.theme.radius + 3)
            pygame.draw.rect(surface, T.LEGAL, r.inflate(12, 12), 3, border_radius=self.table.theme.radius + 5)
        if self.note is None:
            self.note = (self.focus_words(target), False)

    def focus_words(self, target: tuple) -> str:
        """What Enter does on the focused place, in words."""
        h = self.hand
        n = len(self.selected)
        if h.current != self.seat or h.ended is not None:
            return "Enter: nothing yet (it is not your turn)"
        if target[0] == "stock":
            return "Enter: draw from the stock" if h.phase == Phase.DRAW else "The stock (you have drawn)"
        if target[0] == "pile":
            if h.phase == Phase.DRAW:
                k = len(h.discard) - target[1]
                return f"Enter: take {k} card{'s' if k > 1 else ''} from the pile"
            return "Enter: discard the selected card" if n == 1 else "Select one card (Space) to discard it here"
        if target[0] == "new":
            return f"Enter: meld the {n} selected cards" if n else "Select cards (Space), then Enter to meld them"
        owner = h.table[target[1]].owner if target[1] < len(h.table) else self.seat
        whose = "your" if owner == self.seat else f"{self.table.names[owner]}'s"
        return f"Enter: lay the selection off on {whose} meld" if n else f"{whose.capitalize()} meld: select cards to lay off"

    def _draw_message(self, surface, lay) -> None:
        th = self.table.theme
        text, refusal = None, False
        if self.message:
            text, refusal = self.message[0], self.message[1]
        elif self.hint:
            text = self.hint[0]
        elif self.note:
            text, refusal = self.note
        if not text:
            return
        s = T.fit_text(text, th.body, lay.hand_rect.width, T.TEXT_DARK, bold=True)
        above = self.buttons["sort"].rect.top if self.buttons["sort"].rect.height else lay.hand_rect.top
        box = s.get_rect(midbottom=(lay.hand_rect.centerx, above - th.pad)).inflate(16, 6)
        pygame.draw.rect(surface, T.ILLEGAL if refusal else (200, 235, 255), box, border_radius=th.radius)
        surface.blit(s, s.get_rect(center=box.center))

    def status(self) -> list[str] | None:
        """Words for the status panel while it is the person's move (or Rummy window)."""
        h = self.hand
        if h.ended is not None or self.game.winner is not None:
            return None
        claim = self.table.session.rummy_claimed()
        if claim is not None and self.rummy_until is not None:
            left = max(0.0, self.rummy_until - self.table.clock)
            return [f"Hand {h.index + 1}", f"{self.table.names[claim]} called Rummy! You come first: "
                                           f"press R to call it yourself ({left:.0f} s)."]
        if self.rummy_until is not None and h.current != self.seat:
            left = max(0.0, self.rummy_until - self.table.clock)
            return [f"Hand {h.index + 1}", f"Rummy? Press R or the button ({left:.0f} s)."]
        if h.current != self.seat:
            return None
        head = f"Hand {h.index + 1} · your turn"
        if h.phase == Phase.DRAW:
            if not h.stock_draw_possible():
                return [head, "The stock is empty: take from the discard pile, or end the hand (E)."]
            rummy = " Or call Rummy! (R)" if self.rummy_until is not None else ""
            return [head, "Draw from the stock, or click a discard-pile card to take it and all above it." + rummy]
        if h.committed is not None:
            return [head, f"Meld the {short_name(h.committed)} you took (with cards that make a meld), then discard."]
        return [head, "Meld or lay off if you like, then drag one card to the discard pile."]
