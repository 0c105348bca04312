"""Issue 23, section 3, "Who gets in": the host removes a guest from the
running table and bans them. At a table hosted from the window, the pause
menu's "Remove a guest" lists the guests who joined, asks to confirm, and
removes the one chosen: a computer of the stand-in level takes the seat,
the guest is told (and its seat token is refused from then on), and the
game goes on. Driven by posted events, as a person would."""

from __future__ import annotations

import threading

import functools

import pygame
import pytest

from game.play.remote.guest import GuestBot, GuestConnection, JoinError
from game.play.remote.host import HostedSession
from game.rules.ruleset import RuleSet
from game.services.slots import Slots
from scenes.core.dialogs import ChoiceDialog
from scenes.screens.hosting import HostScene
from scenes.screens.menus import PauseMenu
from scenes.screens.setup import OPEN
from scenes.screens.title import TitleScene
from scenes.table.scene import TableScene
from hosted_helpers import free_port, in_process_network, open_app, step_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    in_process_network(monkeypatch)
    with open_app(tmp_path, speed="fast") as a:
        yield a


step_until = functools.partial(step_until, next_hand=True, pause=0.002)


def click(app, label: str) -> None:
    """Press and let go of the top scene's button shown as ``label`` (posted events, then a frame)."""
    scene = app.top
    buttons = [b for b in getattr(scene, "buttons", []) if b.text == label and b.visible]
    assert len(buttons) == 1, f"{label!r} not shown once on {type(scene).__name__}: {[b.text for b in scene.buttons]}"
    pos = buttons[0].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def key(app, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def guest(port, code, name, seat, out):
    conn = GuestConnection("127.0.0.1", port, code=code, name=name, seat=seat)

    def play():
        try:
            conn.open()
            out[name] = GuestBot(conn, "easy", seed=seat, reconnect_s=3.0).run(timeout_s=120)
        except Exception as exc:  # what the guest was told, read by the test
            out[name] = exc

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    return conn, thread


def test_the_host_removes_and_bans_a_guest_from_the_running_table(app):
    app.push(TitleScene(app))
    page = app.push(HostScene(app), plan=[("easy", "Ana"), (OPEN, ""), (OPEN, "")], rules=RuleSet(target=300),
                    bind="127.0.0.1")
    page.port.value = str(free_port())
    page.open_table()
    assert page.host is not None, page.problem
    host, port, code = page.host, page.host.port, page.code
    out: dict = {}
    ben, ben_thread = guest(port, code, "Ben", 1, out)
    cleo, _cleo_thread = guest(port, code, "Cleo", 2, out)
    step_until(app, lambda: isinstance(app.top, TableScene) or out)
    table = app.top
    session = table.session
    assert isinstance(session, HostedSession) and session.names == ["Ana", "Ben", "Cleo"]
    step_until(app, lambda: len(session.game.hand.actions) >= 4 or out)
    assert not out
    # the pause menu lists the guests; Cancel at the confirmation changes nothing
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    click(app, "Remove a guest")
    dialog = app.top
    assert isinstance(dialog, ChoiceDialog) and dialog.title == "Remove which guest from the table?"
    assert [b.text for b in dialog.buttons] == ["Seat 2: Ben", "Seat 3: Cleo", "Cancel"]
    click(app, "Seat 2: Ben")
    assert app.top.title.startswith("Remove Ben from the table and ban them?")
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu) and session.referee.players[1].is_person and not host.banned[0]
    # now removed for good
    click(app, "Remove a guest")
    click(app, "Seat 2: Ben")
    assert "Medium" in app.top.title  # the stand-in level the Host page chose
    token = ben.token
    click(app, "Remove and ban")
    assert app.top is table  # back at the table
    assert token in host.banned[0] and [g[0] for g in host.guests()] == [2]
    assert not session.referee.players[1].is_person and session.seats[1].level == "medium"
    assert session.names[1] == "Ben"  # the name stays in this game (the record keeps it)
    ben_thread.join(20)
    assert isinstance(out.get("Ben"), JoinError) and out["Ben"].reason == "banned"  # the guest was told
    with pytest.raises(JoinError) as refused:  # its token never takes the seat back
        GuestConnection("127.0.0.1", port, code=code, name="Ben", token=token).open()
    assert refused.value.reason == "banned"
    # the game goes on: the computer plays Ben's seat, Cleo hers
    hand, moves = session.game.hand.index, len(session.game.hand.actions)
    step_until(app, lambda: (session.game.hand.index, len(session.game.hand.actions)) > (hand, moves + 6)
               or "Cleo" in out)
    assert "Cleo" not in out and cleo.welcome is not None
    table.autosave()
    assert Slots(app.storage).read_info(table.slot).levels == ["easy", "medium", "human"]
    # the menu lists only the guest left
    key(app, pygame.K_ESCAPE)
    click(app, "Remove a guest")
    assert [b.text for b in app.top.buttons] == ["Seat 3: Cleo", "Cancel"]


def hosted_table_with_ben(app, plan):
    """Host a table from the Host page with ``plan`` (its one open seat last), a guest bot "Ben" joining it;
    returns the table once the game starts, what the guest was told (``out``) and the guest's thread."""
    app.push(TitleScene(app))
    page = app.push(HostScene(app), plan=plan, rules=RuleSet(target=100), bind="127.0.0.1")
    page.port.value = str(free_port())
    page.open_table()
    assert page.host is not None, page.problem
    out: dict = {}
    _ben, thread = guest(page.host.port, page.code, "Ben", len(plan) - 1, out)
    step_until(app, lambda: isinstance(app.top, TableScene) or "Ben" in out)
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.session, HostedSession)
    return table, out, thread


def test_two_people_at_the_hosts_computer_play_pass_and_play_beside_a_guest(app):
    # a hosted table with Ana and Cai at this computer and Ben at another: the table is pass-and-play for Ana
    # and Cai (their hands face down between their turns), the guest's seat aside; each person's moves go
    # through the table's own controls, and the game goes on past Cai's turns (it used to wait on Cai for ever)
    from scenes.screens.results import GameOver, HandResults
    table, out, ben_thread = hosted_table_with_ben(app, [("human", "Ana"), ("human", "Cai"), (OPEN, "")])
    pp = table.pass_play
    assert pp is not None and pp.people == [0, 1]
    session = table.session
    game = session.game
    moves, covers = {0: 0, 1: 0}, 0
    for _ in range(20000):
        app.step(1 / 30)
        top = app.top
        if isinstance(top, GameOver) or min(moves.values()) >= 8:
            break
        if isinstance(top, HandResults):
            top.next()
        elif pp.cover is not None:
            if not table.animation.busy:  # behind the cover no hand is face up
                assert not [p for p in table.layout_.places if p.zone == "hand" and p.face_up]
            covers += 1
            key(app, pygame.K_RETURN)
        elif pp.asking:
            pos = pp.no_one.rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif pp.caller is not None and pp.revealed == pp.caller:
            key(app, pygame.K_n)
        elif table.person is not None and table.person.my_turn() and not table.animation.busy \
                and not session.rummy_window_open():
            seat = game.hand.current
            if table.person.apply(game.hand.fallback_action()):
                moves[seat] += 1
    assert min(moves.values()) >= 8 or game.winner is not None, moves
    assert covers >= 4 and moves[1] > 0
    assert "Ben" not in out or not isinstance(out["Ben"], Exception), out
    assert any(a.seat == 2 for h in game.hands for a in h.actions)  # the guest played its seat meanwhile


def test_nobody_at_a_hosted_table_takes_a_move_back_the_hosts_person_no_more_than_a_guest(app):
    # a guest cannot undo (its move is made for everyone at once), so neither can the person at the host's
    # window: the host's meld is shown to the guests as it is tabled. No Undo button, U is refused with the
    # reason, and the game is untouched
    table, out, _thread = hosted_table_with_ben(app, [("human", "Ana"), (OPEN, "")])
    assert table.session.can_undo is False
    person = table.person
    step_until(app, lambda: (person.my_turn() and not table.animation.busy) or "Ben" in out)
    assert "Ben" not in out
    person.draw_stock()
    step_until(app, lambda: not table.animation.busy)
    before = table.session.game.snapshot()
    app.step(1 / 60)  # a frame drawn in the play phase, where Undo used to sit
    assert not person.buttons["undo"].visible and person.buttons["hint"].visible
    person.message = None
    key(app, pygame.K_u)
    assert person.message is not None and person.message[1]  # refused, with its reason
    assert person.message[0].startswith("At a table across computers every move is made for everyone at once")
    assert table.session.game.snapshot() == before
