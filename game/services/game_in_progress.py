"""A game in progress and its save slot: autosaving, and the end of a won game.

:class:`GameInProgress` is the table's policy for keeping a game, apart from
the table itself (pygame-free, tested headless in ``tests/test_game_in_progress.py``):

* :meth:`~GameInProgress.autosave` writes the game record and the slot's
  sidecar (:mod:`game.services.slots`: seats' levels, the person's sort order
  and arrangement, the table's seed; a hosted table's code, seats and seat
  tokens, :mod:`game.services.hosted_tables`) so Continue resumes it; once the person
  has seen the game-over screen of a won game, it deletes the slot instead. A
  demo is never saved.
* :meth:`~GameInProgress.record_if_won` keeps a won game's record in
  ``saves/finished`` and counts it in the person's statistics, once
  (:func:`game.services.finished.record_finished_game`); only a game the
  person played at seat 0 counts, a demo or a watched game is kept, not
  counted.
* a save that fails is logged and said once (until a save works again); the
  game goes on.
* the slot's count of crashes in a row (:meth:`game.services.slots.Slots.crashes`)
  is forgotten once the person moves or leaves (:meth:`~GameInProgress.forget_crashes`).

Every method returns the messages for the player (one line each, to show
for :data:`MESSAGE_S` seconds); the table only shows them. None raises for
file problems.
"""

from __future__ import annotations

import logging
from typing import Callable, Sequence

from game.i18n import _
from game.play.remote.host import HostedSession
from game.play.remote.network import normalise_code
from game.play.table_session import TableSession
from game.rules.record import record_of
from game.services.finished import count_in_statistics, keep_finished_record, record_finished_game
from game.services.hosted_tables import write_table
from game.services.kept_seats import KeptSeat, KeptSeats
from game.services.statistics import joined_summary
from game.services.slots import Slots, info_of
from game.services.storage import Storage

__all__ = ["MESSAGE_S", "Arrangement", "GameInProgress", "NotKept"]

log = logging.getLogger("rummy500.table")

MESSAGE_S = 8.0
"""How long the table shows a message of :class:`GameInProgress` (seconds)."""

Arrangement = Callable[[], tuple[Sequence[int], str]]
"""Asked at each save: the person's hand order (card codes, ``()``: sorted)
and sort mode (``"suit"`` or ``"rank"``)."""


def _no_person() -> tuple[Sequence[int], str]:
    return (), "suit"


class GameInProgress:
    """The game of ``session`` (a :class:`~game.play.table_session.TableSession`)
    kept in save slot ``slot`` of ``storage`` (a new slot name when ``None``).

    ``arrangement`` gives the person's hand order and sort mode at each save
    (:data:`Arrangement`; none: sorted by suit); ``demo=True`` never saves
    and never counts. Building one reads the slot's crash count and writes
    nothing.

    Attributes: ``slot`` (its name), ``levels`` (each seat's level, in seat
    order), ``save_failed`` (the last save failed; its message was given),
    ``recorded`` (the won game was kept and counted), ``over_seen`` (the
    game-over screen was seen: Continue no longer needs the save).
    """

    def __init__(self, storage: Storage, session: TableSession, slot: str | None = None, demo: bool = False,
                 arrangement: Arrangement | None = None):
        self.storage = storage
        self.session = session
        self.demo = demo
        self.arrangement = arrangement or _no_person
        self.slots = Slots(storage)
        self.slot = slot or self.slots.new_name()
        # the slot stopped the game on an error last time: counted until the person moves (scenes.core.crash)
        self.crash_marked = not demo and self.slots.crashes(self.slot) > 0
        self.save_failed = False
        self.recorded = False
        self.over_seen = False

    @property
    def levels(self) -> list[str]:
        """Each seat's level, in seat order, as the session's seats say now
        (a hosted table's guest removed is a computer from then on)."""
        return [s.level for s in self.session.seats]

    def autosave(self, durable: bool = True) -> list[str]:
        """Save the game in its slot (a game record and the slot's sidecar:
        seats, sort order, arrangement, table seed) so Continue can resume it;
        a won game whose game-over screen was seen is deleted from its slot
        instead. ``durable=False`` (after each move) skips the fsyncs.
        Returns the messages: one when a save fails after one that worked
        (or the first), none while it keeps failing or when it works."""
        if self.demo:
            return []
        messages = []
        try:
            game = self.session.game
            if game.winner is not None and self.over_seen:
                self.slots.delete(self.slot)
                return []
            order, sort_mode = self.arrangement()
            info = info_of(self.slot, game, self.levels, order, sort_mode, seed=self.session.seed)
            self.slots.save(info, record_of(game), durable=durable)
            if isinstance(self.session, HostedSession):  # its table too: the guests rejoin with their tokens
                write_table(self.storage, self.slot, self.session.host.table_state(), durable)
        except (OSError, ValueError, TypeError) as exc:
            log.warning("autosave failed: %s", exc)
            if not self.save_failed:
                self.save_failed = True
                messages.append(_("The game cannot be saved ({error}); you can play on, but Continue will not "
                                  "have it.").format(error=getattr(exc, "strerror", None) or exc))
        else:
            self.save_failed = False
        return messages

    def record_if_won(self) -> list[str]:
        """When the engine says the game is won (R21): save it (Continue keeps
        it until the game-over screen is seen), keep its record in
        ``saves/finished`` and count it in the person's statistics, once
        (:func:`game.services.finished.record_finished_game`, by the game's
        id). Only a game the person played at seat 0 counts; a demo or a
        watched game is kept but not counted. Nothing happens before the win
        or after the first call that saw it. Returns the messages (a failed
        save, a record that could not be kept or counted)."""
        game = self.session.game
        if game.winner is None or self.recorded:
            return []
        self.recorded = True
        messages = self.autosave()
        person = 0 if not self.demo and self.session.seats[0].is_person else None
        _summary, _counted, message = record_finished_game(self.storage, record_of(game), self.levels, person)
        if message:
            messages.append(message)
        return messages

    def see_game_over(self) -> list[str]:
        """The person has seen who won: the game is recorded (if it was not
        yet) and its slot deleted, so Continue no longer offers it. Returns
        the messages."""
        messages = self.record_if_won()
        self.over_seen = True
        return messages + self.autosave()

    def forget_crashes(self) -> None:
        """The slot's table works again (the person moved, or left it): its
        count of crashes in a row (:meth:`game.services.slots.Slots.crashes`)
        starts again from nothing."""
        if self.crash_marked:
            self.crash_marked = False
            self.slots.clear_crashes(self.slot)


class NotKept:
    """The stand-in for :class:`GameInProgress` at a table joined at another
    computer (issue 23): the game and its save slot are the host's, so
    nothing is saved here; a won game is counted in this computer's
    statistics (the person's, and under their name), once, from what the
    seat saw (:func:`game.services.statistics.joined_summary`). The finished
    game's record, which the host sends only once the game is over
    (:meth:`~game.play.remote.guest_session.GuestSession.finished_record`),
    is kept in ``saves/finished`` beside the local games, to replay and
    review; when it did not come (a host of an earlier version, a broken
    record) the game is still counted. Same methods as :class:`GameInProgress`; ``slot`` is ``""``."""

    slot = ""
    save_failed = False
    crash_marked = False

    def __init__(self, storage: Storage, session):
        self.storage = storage
        self.session = session
        self.levels = [s.level for s in session.seats]
        self.recorded = False
        self.over_seen = False
        self.record_settled = False  # the host's record of the finished game kept, or known never to come

    def autosave(self, durable: bool = True) -> list[str]:
        return []

    def record_if_won(self) -> list[str]:
        """When the game is won (R21): count it in the statistics, once.
        Returns the messages (statistics that could not be read or saved)."""
        session = self.session
        game = session.game
        if game.winner is None or self.recorded:
            return []
        self.recorded = True
        summary = joined_summary(game, session.seat, session.rummy_calls, session.deep_takes,
                                 session.first_hand)
        _counted, message = count_in_statistics(self.storage, summary)
        return ([message] if message else []) + self.keep_record()

    def keep_record(self) -> list[str]:
        """Keep the finished game's record once the host has sent it
        (:meth:`~game.play.remote.guest_session.GuestSession.finished_record`;
        it comes just after the last update, so a game-over screen asks each
        frame until :attr:`record_settled`). Returns the messages (the record
        could not be written). A record that did not come whole, or is not
        this game's, is not kept; the game is counted all the same."""
        session = self.session
        if self.record_settled or session.game.winner is None:
            return []
        if getattr(session, "over", None) is None:
            if getattr(session, "gone", None) is not None:
                self.record_settled = True  # the host left before saying the game was over
            return []
        self.record_settled = True
        record = session.finished_record()
        return keep_finished_record(self.storage, record, session.seat) if record is not None else []

    def see_game_over(self) -> list[str]:
        """The game is over: counted (:meth:`record_if_won`), and the seat kept
        for taking it back (:mod:`game.services.kept_seats`) is forgotten."""
        messages = self.record_if_won() + self.keep_record()
        self.over_seen = True
        connection = getattr(self.session, "connection", None)
        if connection is not None:
            KeptSeats(self.storage.network_dir).forget(connection.where, normalise_code(connection.code))
        return messages

    def keep_seat(self, session) -> None:
        """The host deals another game at the same table and this seat plays
        on in it (``session``, a new :class:`~game.play.remote.guest_session.GuestSession`):
        the seat is kept again for taking it back with its token, as when it
        joined (:mod:`game.services.kept_seats`)."""
        c, welcome = session.connection, session.welcome
        KeptSeats(self.storage.network_dir).keep(
            KeptSeat(c.where, normalise_code(c.code), welcome.seat, welcome.token, session.names[welcome.seat]))

    def forget_crashes(self) -> None:
        return None
