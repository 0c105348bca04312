"""The person's hands on the table: select, drag, drop, click, keys.

:class:`PersonPlay` belongs to a :class:`~scenes.table.scene.TableScene` whose
bottom seat is played by a person. Every move goes through the engine
(``TableSession.apply_person``): the table has no rule logic of its own, it
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

from game.rules.actions import Action, CallRummy, DrawStock, EndHand, TakeDiscards
from game.intent.drops import (
    Choice, LegalTargets, Outcome, Refusal, discard_outcome, enter_effect, hint_cards, hint_why, lay_off_outcome,
    legal_targets, meld_outcome, my_turn, world_of
)
from game.rules.phase import Phase
from game.rules.view import PlayerView, view_for
from game.play.rummy_window import PersonRummyWindow
from game.errors import IllegalMove
from game.rules.events import RummyCalled
from game.i18n import N_, _, current_language
from game.services.settings import RUMMY_WINDOW_DEFAULT_S
from game.intent.person_turn import PersonTurn, TableSide, calls_rummy, can_call, offers_rummy, person_turn
from game.intent.targets import PileCard, Target
from game.intent.turn import TurnUndo, rummy_options, undoable
from game.intent.words import (
    CHOICE_TITLES, choice_label, enter_words, hint_line, refusal_note, refusal_words, rummy_words
)
from game.text.levels import LEVEL_LABELS

from scenes.table.layout import is_hidden, sort_key
from scenes.table.person_drawing import PersonDrawing
from scenes.table.person_input import Drag, PersonInput
from scenes.core.widgets import Button
from game.text.events import UNDONE, LogNote, note_line, plain
from scenes.core.dialogs import ChoiceDialog

DOUBLE_CLICK_S = 0.45

__all__ = ["Drag", "PersonPlay"]


class PersonPlay:
    """The person's controls at ``table`` (see the module docstring). It holds
    two components: ``input``, the gestures (:class:`~scenes.table.person_input.PersonInput`:
    hit testing, press, drag, hover, keyboard focus) and ``drawing``
    (:class:`~scenes.table.person_drawing.PersonDrawing`); the hand order, the
    selection, the message and hint, undo and the Rummy window are the play's
    own, and every move goes through it. What the person's side shows and
    allows (status lines, hovers, the message line, the buttons) is one
    :class:`~game.intent.person_turn.PersonTurn` (:meth:`person_turn`), which the
    drawing reads and :meth:`update` sets the buttons from."""

    def __init__(self, table, untimed_rummy: bool = False):
        self.table = table
        self.seat = table.viewer
        # pass-and-play (scenes.table.pass_play): the Rummy window never runs on a clock, a question closes it
        self.untimed_rummy = untimed_rummy
        self.order: list[int] = []          # the hand as the person arranged it (card codes)
        self.sort_mode = "suit"
        self.selected: set[int] = set()     # display positions in ``order``
        self.message: tuple[str, bool, float] | None = None  # text, is a refusal, until
        self.hint: tuple[str, set[int], float] | None = None
        self.hint_waiting = False  # "thinking…" shown until the Hinter answers
        self.undo_stack: TurnUndo[list[int]] = TurnUndo(self.seat)  # this turn's melds and lay-offs
        self.quiet = False  # a new turn, nothing done yet: a focus or pointer left on the pile warns of nothing
        self._was_mine = False
        self._turn: tuple | None = None  # (game, key, PersonTurn) of the last person_turn()
        self._view: tuple | None = None  # (game, key, PlayerView) of the last view
        self._kb_key: tuple | None = None  # the selection and move keyboard_targets() answered for
        self._kb_targets: LegalTargets | None = None
        self.last_draw_at = -10.0
        s = table.app.settings
        # the person's Rummy window (R18): kept and decided by the referee, shown here
        self.rummy_window = table.session.attach_person(
            self.seat, float(getattr(s, "rummy_window_s", RUMMY_WINDOW_DEFAULT_S) or RUMMY_WINDOW_DEFAULT_S))
        self.input = PersonInput(self)
        self.buttons = {
            "sort": Button(N_("Sort by rank (S)"), self.toggle_sort, role="small"),
            "hint": Button(N_("Hint (H)"), self.show_hint, role="small"),
            "undo": Button(N_("Undo (U)"), self.undo, role="small"),
            "end": Button(N_("End the hand (E)"), self.end_hand, role="small"),
            "rummy": Button(N_("Rummy! (R)"), self.call_rummy, role="heading"),
        }
        self.drawing = PersonDrawing(self)
        self.sync()
        if untimed_rummy:
            if PersonRummyWindow.possible(self.hand, self.seat):  # a game resumed right after a discard
                self.rummy_window.expect()
        elif table.session.resume_rummy_window(self.seat, table.clock):  # a game resumed right after a discard
            self._offer_or_close()

    @property
    def rummy_window_s(self) -> float:
        """How long the person's Rummy window stays open (seconds, a setting)."""
        return self.rummy_window.seconds

    @rummy_window_s.setter
    def rummy_window_s(self, seconds: float) -> None:
        """A new length from Settings applies from the next discard."""
        self.rummy_window.seconds = float(seconds)

    @property
    def rummy_until(self) -> float | None:
        """When the running Rummy window closes (table clock), or ``None``."""
        return self.rummy_window.deadline

    # ------------------------------------------------------------ state
    @property
    def game(self):
        return self.table.session.game

    @property
    def hand(self):
        return self.game.hand

    @property
    def view(self) -> PlayerView:
        """The seat's :class:`~game.rules.view.PlayerView` now: what the
        person's drops, Enter and the drag's targets are decided from (issue
        23); made once per position (the same game object, hand and action count)."""
        game = self.game
        key = (len(game.hands), len(game.hand.actions))
        kept = self._view
        if kept is None or kept[0] is not game or kept[1] != key:
            kept = self._view = (game, key, view_for(game, self.seat))
        return kept[2]

    def my_turn(self) -> bool:
        return my_turn(self.view, self.seat)

    def idle(self) -> bool:
        """True when nothing animates, so the picture is the engine's state,
        and the hand shown is not over (its last banner may still be up
        before the results panel opens: nothing is left to play)."""
        t = self.table
        return not t.animation.busy and not t.covered and t.shown.ended is None

    def keyboard_targets(self) -> LegalTargets | None:
        """The legal places for the selection while playing with the keys (cached per selection and move)."""
        if not (self.input.keyboard and self.selected and self.input.focus_row == "table"):
            return None
        key = (tuple(sorted(self.selected)), len(self.hand.actions), len(self.order))
        if self._kb_key != key:
            self._kb_key, self._kb_targets = key, self.legal_targets(sorted(self.selected))
        return self._kb_targets

    def table_side(self) -> TableSide:
        """The person's state here, without pixels (a
        :class:`~game.intent.person_turn.TableSide`): the focused place, the pile
        card under the pointer, the place under dragged cards, the Rummy
        window's seconds, the waiting claim, the message and hint..."""
        d = self.input.drag
        dragging = d is not None and d.from_hand
        focus = pointer = None
        if self.input.keyboard and self.input.focus_row == "table":
            targets = self.input.targets()
            focus = targets[min(self.input.focus_i, len(targets) - 1)] if targets else None
        elif self.input.hover is not None and d is None:
            j = self.input.pile_index_at(self.input.hover)
            pointer = PileCard(j) if j is not None else None
        until = self.rummy_until
        return TableSide(
            selected=len(self.selected), keyboard=self.input.keyboard, focus=focus, pointer=pointer,
            dragging=dragging, drop=self.input.target_at(d.pos) if dragging else None,
            drop_targets=d.targets if dragging else None, key_targets=self.keyboard_targets(),
            window_open=self.rummy_window_open(),
            seconds_left=None if until is None else max(0.0, until - self.table.clock),
            window_s=self.rummy_window_s, held=self.buttons["rummy"].hover,
            claim=self.table.session.rummy_claimed(), quiet=self.quiet, idle=self.idle(),
            undo_kept=self.undo_stack.available(self.game),
            message=(self.message[0], self.message[1]) if self.message else None,
            hint=self.hint[0] if self.hint else None)

    def person_turn(self) -> PersonTurn:
        """What the person's side shows and allows now (:func:`game.intent.person_turn.person_turn`).

        Worked out once per state: the buttons (:meth:`update`), the drawing and
        the status panel ask in the same frame, and the answer is kept while the
        game (the same object, as many hands and actions), the table side, the
        names and the language are the same (the engine changes a hand only by
        applying an action)."""
        game, side = self.game, self.table_side()
        key = (side, len(game.hands), len(game.hand.actions), current_language(), tuple(self.table.session.names))
        kept = self._turn
        if kept is not None and kept[0] is game and kept[1] == key:
            return kept[2]
        turn = person_turn(game, self.seat, side, self.table.names)
        self._turn = (game, key, turn)
        return turn

    @property
    def note(self) -> tuple[str, bool] | None:
        """``(words, warning)`` about what the pointer or the keyboard focus is on, or ``None``."""
        return self.person_turn().note

    def status(self) -> list[str] | None:
        """Words for the status panel while it is the person's move (or Rummy window)."""
        return self.person_turn().status

    def focus_words(self, target: Target) -> str:
        """What Enter does on the focused place, in words (the intent layer's
        :func:`game.intent.drops.enter_effect`)."""
        effect = enter_effect(self.view, self.seat, target, len(self.selected), self.calling_rummy())
        return enter_words(effect, self.seat, self.table.names)

    def sync(self) -> None:
        """Match the arrangement to the hand shown: kept cards keep their
        places, new cards go to the right, gone cards leave."""
        cards = list(self.table.shown.hands[self.seat]) if self.table.shown.phase != "deal" else []
        if self.table.viewer != self.seat or any(is_hidden(c) for c in cards):
            return  # the hand is not shown face up here (pass-and-play): its arrangement waits
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
        self.input.focus_i = min(self.input.focus_i, max(0, self.input.row_len() - 1))

    def toggle_sort(self) -> None:
        """Sort the hand by rank (then suit), or by suit (then rank), alternately."""
        if self.sort_mode == "suit":
            self.order.sort(key=lambda c: (sort_key(c)[1] if sort_key(c)[0] != 9 else 99, sort_key(c)[0]))
            self.sort_mode = "rank"
        else:
            self.order.sort(key=sort_key)
            self.sort_mode = "suit"
        self.buttons["sort"].label = N_("Sort by suit (S)") if self.sort_mode == "rank" else N_("Sort by rank (S)")
        self.selected.clear()
        self.table.relayout()
        self.drawing.layout_buttons()

    def say(self, text: str, refusal: bool = False, seconds: float = 4.0) -> None:
        """Show ``text`` above the hand (amber for a refusal) for ``seconds``."""
        self.message = (plain(text), refusal, self.table.clock + seconds)

    def refuse(self, message: str | LogNote, rule: str | None = None) -> None:
        """Say the refusal ``message`` above the hand (without its rule id)
        and keep it in the game log with the rule id (item 18); ``rule`` is
        the engine's ``IllegalMove.rule``, cited when the message has none.
        ``message`` is the engine's (English) message or a
        :class:`~game.text.events.LogNote` (a message id and its values), so
        the log words it in the language of the moment (issue 21, item 12)."""
        note = message if isinstance(message, LogNote) else LogNote(message, rule=rule)
        self.say(note_line(note), refusal=True)
        self.table.log_refusal(note, rule)

    def legal_targets(self, positions) -> LegalTargets:
        """For a drag of the hand cards at display ``positions``: which drops
        the engine would accept (:func:`game.intent.drops.legal_targets`)."""
        return legal_targets(self.view, self.seat, self.cards_of(positions))

    def handle_event(self, event) -> bool:
        """A pygame event at the table: True when the person's side used it
        (:meth:`scenes.table.person_input.PersonInput.handle_event`)."""
        return self.input.handle_event(event)

    def draw(self, surface, moving: set[int]) -> None:
        """Draw the person's side over the table; ``moving`` holds the ``id`` of
        each layout place whose card is still sliding there."""
        self.drawing.draw(surface, moving)

    def message_rect(self, width: int):
        """Where the message line above the hand is drawn this frame in a
        window ``width`` pixels wide (a ``pygame.Rect``), or ``None`` when no
        message shows (the first-game tip gives way to it: issue 21, item 11)."""
        line = self.person_turn().line
        return None if line is None else self.drawing.message_place(line[0], width)[0]

    def layout_buttons(self) -> None:
        """Place the person's buttons for the table's current layout."""
        self.drawing.layout_buttons()

    def let_go(self) -> None:
        """Let go of a drag or press (the cards spring home, :meth:`PersonInput.let_go`)."""
        self.input.let_go()

    def cards_of(self, positions) -> list[int]:
        return [self.order[i] for i in sorted(positions) if i < len(self.order)]

    # ------------------------------------------------------------ playing
    def apply(self, action: Action) -> bool:
        """Apply a move of the person; on refusal say the engine's reason and return False."""
        t = self.table
        can_undo = undoable(action) and getattr(t.session, "can_undo", True)  # never at a shared table
        before = self.game.clone() if can_undo else None
        try:
            events = t.session.apply_person(action)
        except IllegalMove as exc:
            self.refuse(exc.message, exc.rule)
            return False
        if can_undo:
            self.undo_stack.record(before, self.game, list(self.order))
        else:
            self.undo_stack.clear()
        self.hint = None
        self.message = None
        self.selected = set()
        self.rummy_window.close()
        t.push_step(events)
        return True

    def claim_blocks(self) -> bool:
        """A computer called Rummy on the discard and waits: the person, first
        in turn order, may call too (R18) but not draw past it."""
        claim = self.table.session.rummy_claimed()
        if claim is None:
            return False
        self.say(_("{name} called Rummy! You come first: press R to call it yourself, "
                   "or wait and let it go.").format(name=self.table.names[claim]), refusal=True)
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
        """Discard the one card at display position ``positions`` (R10)."""
        self.perform(discard_outcome(self.seat, self.cards_of(positions)))

    def meld(self, positions) -> None:
        """Table the selection as a new meld; ask which card a joker stands for
        when there is more than one legal way (R13, R15)."""
        self.perform(meld_outcome(world_of(self.view), self.seat, self.cards_of(positions)))

    def lay_off(self, positions, meld: int) -> None:
        """Lay the selection off on ``meld`` (R14): one card (a joker asks
        what it stands for when it could be more than one), or several that
        all fit, placed in an order that works."""
        self.perform(lay_off_outcome(world_of(self.view), self.seat, self.cards_of(positions), meld))

    def perform(self, outcome: Outcome) -> bool:
        """Carry out what the intent layer (:mod:`game.intent.drops`) made of a
        gesture: apply its actions (stopping at a refusal), say a refusal, or
        ask the person to choose. True when every action was applied."""
        if isinstance(outcome, Refusal):
            if outcome.logged:
                self.refuse(refusal_note(outcome), outcome.rule)
            else:
                self.say(refusal_words(outcome), refusal=True)
            return False
        if isinstance(outcome, Choice):
            self.table.app.push(ChoiceDialog(self.table.app), title=CHOICE_TITLES[outcome.question],
                                options=[(choice_label(a), a) for a in outcome.options], on_choose=self.apply)
            return False
        return all(self.apply(action) for action in outcome.actions)

    def end_hand(self) -> None:
        self.apply(EndHand(self.seat))

    def undo(self) -> None:
        """Take back this turn's melds and lay-offs, the last one first (never a
        draw or discard, nor anything once the turn has passed)."""
        if not getattr(self.table.session, "can_undo", True):
            self.say(_("At a table across computers every move is made for everyone at once: it can't be "
                       "taken back."), refusal=True)
            return
        if not self.undo_stack.available(self.game):
            passed = bool(self.undo_stack)
            self.undo_stack.clear()
            self.say(_("Your turn has passed: its melds and lay-offs stay.") if passed else
                     _("There is nothing to take back: draws and discards can't be undone."), refusal=True)
            return
        if not self.idle():
            return
        game, order = self.undo_stack.pop(self.game)
        t = self.table
        t.session.restore(game)
        self.order = order
        self.selected.clear()
        t.push_step([], undo=True)
        t.add_to_log([UNDONE])

    def show_hint(self) -> None:
        """Ask the level chosen in Settings (``hint_level``) for the move it
        would make here, off the window's thread (:class:`game.play.hints.Hinter`);
        :meth:`update` shows it, with why, once it has come."""
        if not self.my_turn():
            self.say(_("Hints are for your turn."), refusal=True)
            return
        hinter = self.table.hinter
        if hinter.pending:
            return  # the answer to the last question is on its way
        level = getattr(self.table.app.settings, "hint_level", "medium")
        if hinter.ask(self.game, self.seat, level):
            self.hint = (_("Hint ({level}): thinking…").format(level=_(LEVEL_LABELS.get(level, level))), set(),
                         self.table.clock + 60.0)
            self.hint_waiting = True
            self.take_hint()  # an AI in this process has answered already

    def take_hint(self) -> None:
        """Show the hint once its answer has come (called every frame): the
        move, in one line with why, and the hand cards it plays raised."""
        answer = self.table.hinter.poll(self.game)
        if answer is None:
            if self.hint_waiting and not self.table.hinter.pending:
                self.hint, self.hint_waiting = None, False  # it came too late (a move was made meanwhile)
            return
        self.hint_waiting = False
        level, action = answer
        positions, free = set(), list(range(len(self.order)))
        for c in hint_cards(action):
            i = next((j for j in free if self.order[j] == c), None)
            if i is not None:
                free.remove(i)
                positions.add(i)
        why = hint_why(self.game, self.seat, action)
        self.hint = (hint_line(action, why, level, self.hand, self.seat, self.table.names), positions,
                     self.table.clock + 8.0)

    # ------------------------------------------------------------ Rummy window
    def on_step(self, events) -> None:
        """Called when the table applies a computer's action (a discard by
        another seat has opened the person's Rummy window: the referee)."""
        for e in events:
            if isinstance(e, RummyCalled) and self.seat in e.skipped:
                self.say(_("{name} called Rummy, so your turn is skipped (R18).").format(name=self.table.names[e.seat]),
                         seconds=5.0)

    def on_shown(self) -> None:
        """The table has shown a step: start the window's clock when it was a discard."""
        if self.rummy_window.pending and not self.table.animation.steps and not self.untimed_rummy:
            self._start_window()
        self.sync()

    def _start_window(self) -> None:
        self.rummy_window.start(self.table.clock)
        self._offer_or_close()

    def _start_late_window(self) -> None:
        """At a guest's table the host's Rummy question (R18) can come after
        its discard was shown: start the window once everything the host sent
        is shown (else it would stay pending, neither offered nor passed, and
        the host would wait out its whole window)."""
        t = self.table
        if (t.remote and self.rummy_window.pending and not t.animation.steps and not t.session.ready()
                and not self.untimed_rummy):
            self._start_window()

    def people_here(self) -> int:
        """How many people play at this computer (seats no computer plays)."""
        session = self.table.session
        return sum(1 for i, s in enumerate(session.seats) if s.is_person and not session.is_ai(i))

    def _offer_or_close(self) -> None:
        """The Rummy window has started on a discard: keep it (and the Rummy!
        button) when the intent layer offers it (:func:`game.intent.person_turn.offers_rummy`:
        the person can call, or the setting shows it after every discard),
        else close it at once, so computer calls go ahead and the game waits
        on nobody (issue 21, item 13)."""
        always = bool(getattr(self.table.app.settings, "rummy_button_always", False))
        if not offers_rummy(self.hand, self.seat, always, self.people_here()):
            self.close_rummy_window()

    def rummy_window_open(self) -> bool:
        """True while the person's Rummy window is open (shown or about to be)."""
        return self.rummy_window.open

    def calling_rummy(self) -> bool:
        """True when a click on the pile means a Rummy call: the window is open
        and the person is not simply the next to draw (or a computer's call
        waits on theirs)."""
        return calls_rummy(self.hand, self.seat, self.rummy_window_open(), self.table.session.rummy_claimed())

    def call_rummy(self, count: int | None = None) -> None:
        """Call Rummy (R18) taking ``count`` cards, or, with ``None`` (the R
        key), the only call open, or ask which when there are several (the
        deepest first)."""
        h = self.hand
        if not can_call(h, self.rummy_window_open()):
            self.say(_("Rummy can only be called right after another player's discard."), refusal=True)
            return
        options = [o for o in rummy_options(h, self.seat) if count is None or o.call.count == count]
        if not options:
            try:
                h.check(CallRummy(self.seat, count or 1))
                reason = LogNote(N_("There is no Rummy to call here."))
            except IllegalMove as exc:
                reason = LogNote(exc.message, rule=exc.rule)
            self.refuse(reason)
            return
        if len(options) == 1:
            self._call(options[0].call)
            return
        self.table.app.push(ChoiceDialog(self.table.app), title=_("Rummy! How deep do you take?"),
                            options=[(rummy_words(h, o, self.seat, self.table.names, short=True), o.call)
                                     for o in options],
                            on_choose=self._call)

    def _call(self, call: CallRummy) -> None:
        try:
            self.table.session.call_rummy(call)
        except IllegalMove as exc:
            self.refuse(exc.message, exc.rule)
            return
        self.say(_("Rummy! You called it."), seconds=2.0)
        self.close_rummy_window()

    def close_rummy_window(self) -> None:
        """Close the person's Rummy window (computer calls waiting on it go ahead)."""
        self.rummy_window.close()

    def update(self, dt: float) -> None:
        now = self.table.clock
        self._start_late_window()
        self.table.session.tick(now, held=self.buttons["rummy"].hover)  # R18: time up, or the next player drew
        self.input.update(dt)
        if self.message and now > self.message[2]:
            self.message = None
        if self.table.hinter.pending:
            self.take_hint()
        if self.hint and now > self.hint[2]:
            self.hint = None
        mine = self.my_turn()
        if mine and not self._was_mine:
            self.quiet = True  # cleared by the person's next key, click or pointer move (issue 13, item 15)
        self._was_mine = mine
        for key, state in self.person_turn().buttons.items():  # the drawing reads the same value
            self.buttons[key].visible, self.buttons[key].enabled = state.shown, state.enabled
        if not getattr(self.table.session, "can_undo", True):
            self.buttons["undo"].visible = False  # a table across computers: U says why there is none
