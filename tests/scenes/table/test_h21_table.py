"""Issue 21, "At the table", items 11-13: messages clear of the panels (11),
the game log kept as events and worded when drawn (12), the Rummy! button
offered only when the person can call (13)."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import set_language
from game.rules.actions import Discard, DrawStock, TableMeld
from game.rules.events import CardDrawn, Discarded
from game.rules.record import game_from_record, history_events, record_of
from game.play.table_session import Seat, TableSession
from game.intent.person_turn import offers_rummy
from game.text.events import UNDONE, LogNote, log_names, log_words
from scenes.core.app import App
from scenes.core.options import Options
from scenes.core.widgets import free_span, place_in
from scenes.table.scene import TableScene

from test_person import C, SCRIPT, bot_moves, drag, felt_spot, select, settle, table_for


@pytest.fixture
def app(tmp_path):
    a = App(Options(config_dir=str(tmp_path / "cfg"), size=(1280, 720), speed="instant"))
    yield a
    a.close()
    set_language("en")


def resize(app, size):
    app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    app._resized(size)  # what a VIDEORESIZE does
    settle(app, 2)


# --------------------------------------------------------------- 11: messages clear of the panels


def test_free_span_finds_the_widest_gap_beside_the_panels():
    row = pygame.Rect(0, 100, 1000, 40)
    covers = [pygame.Rect(600, 0, 400, 500), pygame.Rect(0, 300, 1000, 10)]  # the second is below the row
    assert free_span(row, covers) == pygame.Rect(0, 100, 600, 40)
    assert free_span(row, covers, gap=10) == pygame.Rect(0, 100, 590, 40)
    assert free_span(row, [pygame.Rect(-5, 0, 2000, 500)]).width == 0  # no room at all: an empty span
    box = place_in(pygame.Rect(0, 0, 200, 20), pygame.Rect(0, 100, 590, 40), 700)
    assert box.right == 590 and box.width == 200  # as near the wished centre as the span allows


LONG = ("The A♦ can't be tabled from the pile and the table alone: no Rummy there, and this message runs "
        "on to be longer than any room beside the panels.")


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("large", [False, True])
def test_messages_banners_and_the_tip_stay_clear_of_the_log_and_status_panels(app, size, large):
    resize(app, size)
    table = table_for(app, SCRIPT)
    table.show_log = True
    if large:
        table.log_panel.toggle_size()
    table.tip.shown = True
    table.person.say(LONG, refusal=True, seconds=30)
    table.animation.banner = ("The pile becomes the new stock", None, table.clock + 30)
    settle(app, 2)
    window = pygame.Rect((0, 0), size)
    log = table.log_panel.rect
    status = table.layout_.status_rect
    assert log.width and (log.width > status.width * 1.5) == large  # open larger: over the middle of the table
    box, lines = table.person.drawing.message_place(table.person.message[0], size[0])
    assert len(lines) >= 2 and " ".join(lines) == table.person.message[0]  # wrapped whole, not cut
    for seat in (None, 0, 1):  # the banner in the middle, over the person's seat, by the other seat
        table.animation.banner = ("The pile becomes the new stock", seat, table.clock + 30)
        _surface, banner = table.drawing.banner_place(size, table.layout_)
        for r in (box, banner):
            assert window.contains(r)
            assert not r.colliderect(log) and not r.colliderect(status), (r, log, status)
    assert table.tip.shown and window.contains(table.tip.rect)
    assert not table.tip.rect.colliderect(log) and not table.tip.rect.colliderect(status)
    assert table.covering_panels() == [status, log]
    app.draw()  # and it draws
    table.session.close()


# --------------------------------------------------------------- 12: the game log


def played_table(app):
    """The scripted table after a few moves of the bot and the person, a
    refused move and an undo: entries of every kind."""
    table = table_for(app, SCRIPT)
    table.show_log = True
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.apply(DrawStock(0))
    settle(app)
    select(app, table, "8S", "9D", "KC")
    drag(app, (table.person.input.card_rect(table.person.order.index(C("8S"))).center), felt_spot(table))
    assert any(line.startswith("Refused: ") for line in table.log_lines)
    assert table.person.apply(TableMeld(0, (C("7H"), C("8H"), C("9H"))))
    settle(app)
    table.person.undo()
    settle(app)
    assert table.log_lines[-1] == "You take back your last meld or lay-off."
    return table


def test_the_log_is_kept_as_entries_and_rewords_itself_in_another_language(app):
    table = played_table(app)
    english = table.log_lines
    entries = list(table.log_entries)
    assert any(isinstance(e, Discarded) for e in entries) and UNDONE in entries
    assert any(isinstance(e, LogNote) and e.refused for e in entries)
    rows_en = list(table.log_panel.rows)
    app.set_language("cy")
    settle(app, 1)
    welsh = table.log_lines
    assert table.log_entries == entries and len(welsh) == len(english)
    changed = [(a, b) for a, b in zip(english, welsh) if a != b]
    assert len(changed) == len(english)  # every earlier line, refusals and the undo included
    assert table.log_panel.rows != rows_en and table.log_panel.rows[0].strip() in " ".join(welsh)
    app.set_language("ka")
    settle(app, 1)
    assert all(a != b for a, b in zip(welsh, table.log_lines))
    app.set_language("en")
    settle(app, 1)
    assert table.log_lines == english
    table.session.close()


def test_the_person_is_you_in_the_log_whatever_name_they_chose(app):
    game = game_from_record({**SCRIPT, "players": ["Ana", "Bot"]})
    session = TableSession([Seat("Ana", "human"), Seat("Bot", "human")], game.rules, game=game, use_workers=False)
    table = app.push(TableScene(app), session=session)
    settle(app)
    bot_moves(table, DrawStock(1), Discard(1, C("2C")))
    table.person.apply(DrawStock(0))
    settle(app)
    lines = table.log_lines
    assert "You draw from the stock." in lines and "Bot draws from the stock." in lines
    assert not any("Ana" in line for line in lines)  # never "Ana draws" beside "You take back..."
    assert log_names(["Ana", "Bot"], None) == ["Ana", "Bot"]  # no person at the table: every seat by name
    table.session.close()


def test_continue_brings_the_log_back_from_the_record(app):
    table = played_table(app)
    before = [line for line in table.log_lines if not line.startswith("Refused: ") and "take back" not in line]
    record = record_of(table.session.game)
    table.session.close()
    app.pop()
    game = game_from_record(record)  # as Continue reads the save
    session = TableSession([Seat("You", "human"), Seat("Bot", "human")], game.rules, game=game, use_workers=False)
    again = app.push(TableScene(app), session=session)
    settle(app)
    # the record holds no refusal and no undone meld (nor its undo): every other line is back
    assert again.log_lines == [line for line in before if "meld a run" not in line]
    assert again.log_lines[0].startswith("Hand 1:") and again.log_lines[-1] == "You draw from the stock."
    again.session.close()


def test_history_events_replay_only_the_last_hands_with_their_numbers():
    from game.ai.easy import EasyAI
    from game.play.all_computer import play_hand
    from game.rules.game import Game
    game = Game.new(["A", "B"], seed=3)
    ais = {0: EasyAI(seed=1), 1: EasyAI(seed=2)}
    for _ in range(3):
        if game.winner is not None:
            break
        if game.hand.ended is not None:
            game.deal_next_hand()
        play_hand(game, ais)
    assert len(game.hands) >= 2
    whole = history_events(game, at_least=10 ** 6)
    last = history_events(game, at_least=1)
    assert last == whole[-len(last):] and len(last) < len(whole)  # the same events, the same hand numbers
    words = [log_words(e, ["A", "B"]) for e in last]
    assert words[0].startswith(f"Hand {len(game.hands)}:")
    assert history_events(game, at_least=10 ** 6)[0] == whole[0]


# --------------------------------------------------------------- 13: the Rummy! button when you can call


THREE = {"format": "rummy500/1", "rules": {}, "players": ["You", "Bot", "Cy"],
         "hands": [{"dealer": 0, "actions": [],
                    "deal": {"hands": [["8S", "KC", "3C", "4C", "4D", "9D", "QS"], ["5S", "6S", "7S", "7H", "3D", "TD"],
                                       ["KH", "KS", "QC", "5D", "6D", "7D"]],
                             "discard": ["5H", "6H"], "stock": ["QD", "QH", "2H", "6C", "7C", "2D"]}}]}
"""Three seats, the bot first and Cy after it: a card the bot discards comes
to you only through a Rummy call (in two-player games you are always the
next to draw, and simply take it). The 7♥ makes a run with the 5♥ 6♥ of the
pile (a call, R18); the 10♦ makes nothing."""


def after_discard(card: str, rec=THREE):
    """The hand of ``rec`` right after the bot's draw and discard of ``card``."""
    game = game_from_record(rec)
    game.apply(DrawStock(1))
    game.apply(Discard(1, C(card)))
    return game.hand


def test_the_intent_layer_offers_the_button_only_when_the_person_can_call():
    callable_, dead = after_discard("7H"), after_discard("TD")
    assert offers_rummy(callable_, 0, always=False)
    assert not offers_rummy(dead, 0, always=False)
    assert not offers_rummy(after_discard("TD", SCRIPT), 0, always=False)  # two seats: no call open
    assert offers_rummy(dead, 0, always=True)  # the setting: after every discard
    assert offers_rummy(dead, 0, always=False, people=2)  # several people here: nobody is shown who could call


@pytest.mark.parametrize("card, always, shown", [("7H", False, True), ("TD", False, False), ("TD", True, True)])
def test_the_table_shows_the_button_when_the_person_can_call_or_always(app, monkeypatch, card, always, shown):
    from scenes.table.person import PersonPlay
    # the bot and Cy are seats the test moves, not people at this computer: one person plays here
    monkeypatch.setattr(PersonPlay, "people_here", lambda self: 1)
    app.settings.rummy_button_always = always
    game = game_from_record(THREE)
    session = TableSession([Seat("You", "human"), Seat("Bot", "human"), Seat("Cy", "human")], game.rules,
                           game=game, use_workers=False)
    table = app.push(TableScene(app), session=session)
    settle(app)
    bot_moves(table, DrawStock(1), Discard(1, C(card)))
    settle(app, 2)
    person = table.person
    assert person.buttons["rummy"].visible is shown
    assert table.session.person_rummy_window_open is shown  # no window to wait for when none is offered
    if shown:
        assert table.status_lines()[1].startswith("Rummy?")
    else:  # nothing waits on the person: Cy may draw at once, and R says no call is open now
        person.call_rummy()
        assert person.message[1] and "Rummy" in person.message[0]
        bot_moves(table, DrawStock(2))
        assert table.session.game.hand.current == 2
    table.session.close()


def test_a_table_with_several_people_keeps_the_window_after_every_discard(app):
    table = table_for(app, SCRIPT)  # the test's bot is a person's seat: two people at this computer
    assert table.person.people_here() == 2
    bot_moves(table, DrawStock(1), Discard(1, C("TD")))
    settle(app, 2)
    assert table.person.buttons["rummy"].visible  # the play-together rule's place: never who could call
    table.session.close()


def test_the_rummy_button_setting_is_on_the_table_page_and_saved(app):
    from scenes.screens.settings import SettingsScene
    from scenes.screens.title import TitleScene
    app.push(TitleScene(app))
    page = app.push(SettingsScene(app))
    assert page.rummy_button in page.table_widgets and page.rummy_button.value is False
    page.focus.focus(page.rummy_button)
    post_key(app, pygame.K_RIGHT)
    assert app.settings.rummy_button_always is True
    saved, _msg = app.storage.load_settings()
    assert saved.rummy_button_always is True


def post_key(app, k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60)


def test_an_older_settings_files_2_s_is_read_as_the_old_default_and_a_choice_is_kept():
    from game.services.settings import RUMMY_WINDOW_DEFAULT_S, Settings
    assert RUMMY_WINDOW_DEFAULT_S >= 3.0 and Settings().rummy_window_s == RUMMY_WINDOW_DEFAULT_S
    old_default, _ = Settings.from_dict({"version": 1, "rummy_window_s": 2.0})  # written before the change
    assert old_default.rummy_window_s == 3.0
    chosen, reset = Settings.from_dict({"version": 1, "rummy_window_s": 1.5})
    assert chosen.rummy_window_s == 1.5 and reset == []
    again, reset = Settings.from_dict(old_default.to_dict())  # written by this version: 3 s, kept
    assert again.rummy_window_s == 3.0 and reset == []
    now_chosen = Settings(rummy_window_s=2.0)  # 2 s chosen with this version: kept from now on
    assert Settings.from_dict(now_chosen.to_dict())[0].rummy_window_s == 2.0
    assert Settings.from_dict({"rummy_default_s": "x"})[1] == []  # bookkeeping, never named to the player


def test_how_to_play_says_when_the_button_shows_and_names_the_setting():
    from scenes.screens.how_to_play import SECTIONS
    text = dict(SECTIONS)["Rummy!"]
    assert "gives you a Rummy call" in text and "Always" in text and "couple of seconds" not in text


def test_the_first_game_tip_gives_way_to_a_message_it_would_cover(app, monkeypatch):
    table = table_for(app, SCRIPT)
    table.tip.shown = True
    drawn = []
    monkeypatch.setattr(table.tip, "draw", lambda surface, th: drawn.append(1))
    app.draw()
    assert drawn and table.person.message_rect(1280) is None  # no message: the tip shows
    table.person.say(LONG, refusal=True, seconds=30)
    monkeypatch.setattr(table.person.drawing, "message_place",
                        lambda text, width: (table.tip.rect.inflate(-4, -4), (text,)))  # a message over the tip
    drawn.clear()
    app.draw()
    assert not drawn and table.person.message_rect(1280).colliderect(table.tip.rect)
    table.session.close()


def test_a_record_that_cannot_be_played_again_opens_with_an_empty_log_not_a_crash(app, monkeypatch, caplog):
    import scenes.table.scene as table_scene
    from game.errors import IllegalMove

    def refuse(game, at_least):
        raise IllegalMove("bad", "R7", "Not your turn.")
    monkeypatch.setattr(table_scene, "history_events", refuse)
    table = table_for(app, SCRIPT)
    assert table.log_entries == [] and "could not be rebuilt" in caplog.text
    bot_moves(table, DrawStock(1))
    assert table.log_lines == ["Bot draws from the stock."]  # and it goes on from there
    table.session.close()
