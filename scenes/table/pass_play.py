"""Several people at one computer (pass-and-play, issue 23, part 2).

:class:`PassAndPlay` is a component of :class:`~scenes.table.scene.TableScene`
(``table.pass_play``) when two or more people sit at this computer. It keeps
one :class:`~scenes.table.person.PersonPlay` per person (their own hand
order, selection and undo) and decides whose hand, if anyone's, is face up:

* **Hands.** Only the person whose turn it is sees a hand face up; during a
  computer's turn, a Rummy question or a cover screen every hand is face
  down (the table's model is built with ``face_down``, so the picture holds
  no card of any hand: :func:`scenes.table.layout.model_for`).
* **The cover screen.** Before a person's hand is shown, an opaque screen
  hides the whole table: "Ana's turn — pass the computer to Ana, then press
  Enter or click". The person who played before is let go of first: their
  selection, drag, hint, hover and message are forgotten, so nothing of their
  hand shows behind or after the cover; their hand order is kept for their
  next turn.
* **Rummy calls between people (R18).** After every discard, with Rummy calls
  on, the same untimed question is put to everyone at the computer, whoever
  could call: "Rummy on Ana's discard? [Ben] [Cat] [No one]". A person named
  gets their cover screen, then their own hand, and calls (the Rummy! button
  or a pile card) or says no (the "No Rummy" button); one who cannot call is
  told so then, privately. Back at the question the ones still to answer are
  listed; "No one" ends it. Calls are kept by the referee until every person
  has answered, so the first caller in turn order after the discarder takes
  the cards (R18), whoever was named first. The question's screen depends on
  nothing but the discarder and who has answered.

The rest of the table is unchanged: the results show every hand, as before.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.intent.turn import rummy_options

from scenes.core import theme as T
from scenes.core.widgets import Button
from scenes.table.layout import is_hidden
from scenes.table.person import PersonPlay

ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


class NameButton(Button):
    """A button labelled with a player's name (shown as it is, never translated)."""

    @property
    def text(self) -> str:
        return self.label


class PassAndPlay:
    """Pass-and-play at ``table`` for the people at ``people`` (seats, two or
    more; see the module docstring). ``revealed`` is the seat whose hand is
    face up (``None``: none), ``cover`` the seat whose cover screen is up,
    ``asking`` whether the Rummy question is up, ``caller`` the person named in
    it who is deciding with their hand in view, ``answered`` the people who
    have answered the question of the discard on show."""

    def __init__(self, table, people: list[int]):
        if len(people) < 2:
            raise ValueError("pass-and-play needs two or more people at the computer")
        self.table = table
        self.people = list(people)
        self.plays = {}
        for seat in self.people:
            table.viewer = seat
            self.plays[seat] = PersonPlay(table, untimed_rummy=True)  # the question decides, never a clock
        table.viewer = self.people[0]
        table.person = None
        self.revealed: int | None = None
        self.cover: int | None = None
        self.asking = False
        self.caller: int | None = None
        self.answered: set[int] = set()
        self.discarder: int | None = None  # whose discard the question is about
        self._window_at: tuple | None = None  # the position whose question ``answered`` belongs to
        self.no_one = Button(N_("No one"), self.answer_no_one)
        self.pass_button = Button(N_("No Rummy (N)"), self.pass_call, role="small")
        self.name_buttons: list[NameButton] = []
        self._name_key: tuple | None = None

    # ------------------------------------------------------------ state
    @property
    def covering(self) -> bool:
        """True while a cover screen or the Rummy question hides the hands."""
        return self.cover is not None or self.asking

    def asked(self) -> list[int]:
        """The people the Rummy question lists: everyone at the computer but
        the discarder, less those who answered (never who could call)."""
        return [s for s in self.people if s != self.discarder and s not in self.answered]

    def hide(self, again: bool = True) -> None:
        """Turn every hand face down and let go of the person who played:
        their selection, drag, hint, hover and message go (their hand order
        stays); the position is drawn again face down unless not ``again``
        (the step on show already is)."""
        t = self.table
        play = t.person
        if play is not None:
            play.let_go()
            play.selected.clear()
            play.hint = None
            play.hint_waiting = False
            play.message = None
            play.input.hover = None
        t.person = None
        t.mouse = (-1, -1)
        if self.revealed is not None:
            self.revealed = None
            if again:
                self._show_again()

    def reveal(self, seat: int) -> None:
        """Show ``seat``'s hand face up at the bottom of the table (their cover screen was passed)."""
        t = self.table
        self.cover = None
        self.revealed = seat
        t.viewer = seat
        t.person = self.plays[seat]
        self._show_again()
        t.person.sync()
        t.relayout()

    def _show_again(self) -> None:
        """Draw the position again from the new viewer's side, without animation."""
        t = self.table
        t.animation.finish()
        t.shown = t.seen_model()
        t.layout_ = t.lay_out(t.shown)
        t.resize()

    def face_down(self, view) -> bool:
        """True when the bottom hand of ``view`` (the viewer's
        :class:`~game.rules.view.PlayerView`) is to be drawn face down: nobody's
        hand is revealed, or the position is no longer the revealed person's
        turn (their discard ends it) nor their Rummy call."""
        seat = self.revealed
        if seat is None or view.phase == "over":
            return True
        return not (view.current == seat or self.caller == seat)

    def on_shown(self, model) -> None:
        """A step is on show: once it turns the bottom hand face down (the
        person's turn is over), the person is let go of at once."""
        hand = model.hands[self.table.viewer]
        if self.table.person is not None and any(is_hidden(c) for c in hand):
            self.hide(again=False)

    # ------------------------------------------------------------ flow
    def update(self) -> None:
        """Each frame, once the table shows the engine's position: put up the
        Rummy question, a cover screen, or turn the hands face down."""
        t = self.table
        s = t.session
        if self.asking and not s.rummy_window_open():
            self.asking = False  # the question is over (a computer's call ahead of everyone, R18)
        if t.animation.busy:
            return
        h = s.game.hand
        if h.ended is not None or s.game.winner is not None:
            if self.revealed is not None or self.covering:
                self.asking, self.cover, self.caller = False, None, None
                self.hide()
            return
        pos = (len(s.game.hands), len(h.actions))
        if pos != self._window_at:
            self._window_at, self.answered, self.discarder = pos, set(), h.window
        if self.cover is not None:
            return
        if self.caller is not None:
            if s.rummy_window(self.caller).open and s.rummy_window_open():
                return  # still deciding, hand in view
            self.answered.add(self.caller)
            self.caller = None
            self.hide()
        if s.rummy_window_open() and h.rules.rummy_calls:
            waiting = [p for p in self.asked() if s.rummy_window(p).open]
            if waiting:
                if not self.asking:
                    self.hide()
                    self.asking = True
                return
            self.asking = False
        else:
            self.asking = False
        if s.waiting_for_person() and h.current in self.plays:
            if self.revealed != h.current:
                self.hide()
                self.cover = h.current
            return
        if self.revealed is not None and not s.waiting_for_person():
            self.hide()  # a computer's turn: no hand face up

    def answer(self, seat: int) -> None:
        """``seat`` is named in the Rummy question: their cover screen comes next."""
        self.asking = False
        self.caller = seat
        self.cover = seat

    def answer_no_one(self) -> None:
        """Nobody (more) calls: every person still asked lets the discard go."""
        s = self.table.session
        for seat in self.asked():
            s.rummy_window(seat).close()
            self.answered.add(seat)
        self.asking = False

    def pass_call(self) -> None:
        """The person named in the question does not call (or cannot)."""
        if self.caller is not None:
            self.table.session.rummy_window(self.caller).close()

    def dismiss_cover(self) -> None:
        """Enter or a click on the cover screen: the person it names sees their hand."""
        seat = self.cover
        if seat is None:
            return
        self.reveal(seat)
        if self.caller == seat and not rummy_options(self.table.session.game.hand, seat):
            self.plays[seat].say(_("You cannot call Rummy on this discard."), refusal=True, seconds=8.0)

    # ------------------------------------------------------------ input
    def handle_event(self, event) -> bool:
        """Input while a cover screen or the question is up (everything else
        on the table waits); the "No Rummy" button while a named person decides.
        True when used."""
        if self.cover is not None:
            if event.type == pygame.KEYDOWN and event.key in ENTER_KEYS:
                self.dismiss_cover()
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.dismiss_cover()
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                return False  # the menu opens
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.TEXTINPUT)
        if self.asking:
            self.layout_question()
            for b in self.name_buttons + [self.no_one]:
                if b.handle(event):
                    return True
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    return False
                if event.key == pygame.K_n:
                    self.answer_no_one()
                    return True
                number = event.key - pygame.K_1
                if 0 <= number < len(self.name_buttons):
                    self.name_buttons[number].activate()
                    return True
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.TEXTINPUT)
        if self.caller is not None and self.revealed == self.caller:
            if self.pass_button.handle(event):
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
                self.pass_call()
                return True
        return False

    # ------------------------------------------------------------ drawing
    def cover_words(self, seat: int) -> tuple[str, str]:
        """The cover screen's heading and line for ``seat``."""
        name = self.table.names[seat]
        if self.caller == seat:
            return (_("{name} — Rummy?").format(name=name),
                    _("Pass the computer to {name}, then press Enter or click.").format(name=name))
        return (_("{name}'s turn — pass the computer to {name}, then press Enter or click").format(name=name),
                _("Everyone else, please look away."))

    def question_words(self) -> tuple[str, str]:
        """The Rummy question's heading and line (the same whoever could call)."""
        name = self.table.names[self.discarder]
        return (_("Rummy on {name}'s discard?").format(name=name),
                _("Anyone who wants to call Rummy, press your name: you will see your hand alone. "
                  "Everyone is asked after every discard, whether or not they can call."))

    def layout_question(self) -> pygame.Rect:
        """Place the question's panel and buttons (centred on the table); its rect."""
        t = self.table
        th = t.theme
        W, H = th.size
        asked = self.asked()
        key = (tuple(asked), th.size, tuple(t.names))
        panel = pygame.Rect(0, 0, min(W - 4 * th.pad, max(th.body * 30, W // 2)), 0)
        bh = max(th.body * 2, 34)
        panel.height = round(th.heading * 1.6) + th.body * 4 + bh + 5 * th.pad
        lay = t.layout_
        panel.center = (W // 2, H // 2)
        if lay is not None:  # over the other seats' meld areas, clear of the stock, pile and status panel
            top = max(r.bottom for s, r in lay.seat_rects.items() if s != t.viewer) + th.pad
            if lay.strip_rect.top - top >= panel.height:
                panel.centery = (top + lay.strip_rect.top) // 2
        if key != self._name_key:
            self._name_key = key
            self.name_buttons = [NameButton(t.names[s], (lambda s=s: self.answer(s))) for s in asked]
        buttons = self.name_buttons + [self.no_one]
        n = len(buttons)
        gap = th.pad
        bw = min(th.body * 10, (panel.width - 2 * th.pad - gap * (n - 1)) // n)
        x = panel.centerx - (bw * n + gap * (n - 1)) // 2
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(x + i * (bw + gap), panel.bottom - th.pad - bh, bw, bh)
        return panel

    def draw(self, surface: pygame.Surface) -> None:
        """The cover screen (opaque: nothing of the table shows), the Rummy
        question over the table (every hand is face down then), or the
        "No Rummy" button beside the hand of a person named in it."""
        th = self.table.theme
        if self.cover is not None:
            surface.fill(T.FELT_DARK)
            head, line = self.cover_words(self.cover)
            W, H = surface.get_size()
            y = H // 2 - th.heading * 2
            for words, size, colour in ((head, th.heading, T.TEXT), (line, th.body, T.TEXT_DIM)):
                for row in T.wrap(words, size, W - 8 * th.pad, bold=True):
                    img = T.text(row, size, colour, bold=True)
                    surface.blit(img, img.get_rect(midtop=(W // 2, y)))
                    y += round(size * 1.3)
                y += th.pad * 2
            return
        if self.asking and self.discarder is not None:
            panel = self.layout_question()
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            surface.blit(shade, (0, 0))
            T.draw_panel(surface, panel, th.radius, (*T.FELT_DARK, 255))  # opaque: the same whatever is behind
            head, line = self.question_words()
            y = panel.y + th.pad
            img = T.fit_text(head, th.heading, panel.width - 2 * th.pad, T.TEXT, bold=True)
            surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
            y += round(th.heading * 1.5)
            for row in T.wrap(line, th.body, panel.width - 2 * th.pad)[:4]:
                img = T.text(row, th.body, T.TEXT_DIM)
                surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))
                y += round(th.body * 1.25)
            for b in self.name_buttons + [self.no_one]:
                b.draw(surface, th)
            return
        if self.caller is not None and self.revealed == self.caller:
            row = [b.rect for b in self.plays[self.caller].buttons.values() if b.visible and b.role == "small"]
            left = min((r.left for r in row), default=self.table.layout_.buttons_rect.right)
            ref = row[0] if row else self.table.layout_.buttons_rect
            w = T.font(th.small, True).size(self.pass_button.text)[0] + 3 * th.pad
            self.pass_button.rect = pygame.Rect(left - th.pad - w, ref.y, w, max(th.small * 2, 26))
            self.pass_button.draw(surface, th)  # in the row of the person's buttons, to their left

    def new_hand(self) -> None:
        """A new deal: every person's hand order and undo start again; all hands face down."""
        for play in self.plays.values():
            play.order = []
            play.undo_stack.clear()
        self.asking, self.cover, self.caller = False, None, None
        self.answered = set()
        self.hide()
