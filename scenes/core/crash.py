"""Uncaught exceptions while the game runs, and quitting on SIGTERM/SIGHUP.

A windowed build has no ``sys.stderr``, so a traceback printed there is
lost. While an :class:`~scenes.core.app.App` is open, :func:`install` makes sure
every uncaught exception is written with its traceback to the log file
(``rummy500.log``):

* in the main loop (after the first frame; before it, see
  :mod:`scenes.core.startup`): :func:`crashed` logs it, autosaves the game when
  its state is intact (its record replays), closes the window and shows a
  short message box naming the log file; the exit status is 1. The crash
  is counted against the table's save slot; a slot that stops the game
  twice in a row, with no move of the person's in between, is set aside
  (``game.slots``) and the message box says so, so a crash that comes back
  on every Continue comes back once at most;
* anywhere else in the main thread (``sys.excepthook``) and in other threads
  (``threading.excepthook``): logged, and a thread's error is also shown as a
  notice at the bottom of the window (the game goes on).

SIGTERM and SIGHUP (where the platform has them) quit like closing the
window: the table autosaves; the exit status is 128 + the signal's number.
"""

from __future__ import annotations

import logging
import signal
import sys
import threading
from typing import TYPE_CHECKING, Callable

from game.regular_files import read_regular_file
from game.i18n import _
from game.paths import shown
from game.rules.record import MAX_RECORD_BYTES

from scenes.core import startup
from game.rules.record import game_from_record, record_of
from game.services.slots import SET_ASIDE_AFTER, Slots

if TYPE_CHECKING:
    from scenes.core.app import App

log = logging.getLogger("rummy500.crash")

QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _where() -> str:
    path = startup.log_path()
    return _("The details are in the log file:\n{path}").format(path=shown(path)) if path else _("No log file could be written.")


def install(app: "App") -> Callable[[], None]:
    """Install the hooks and signal handlers for ``app``; returns a function
    that puts the previous ones back (the app calls it when it closes)."""
    old_sys, old_thread = sys.excepthook, threading.excepthook

    def sys_hook(kind, exc, tb):
        log.error("uncaught exception", exc_info=(kind, exc, tb))
        old_sys(kind, exc, tb)

    def thread_hook(args):
        if args.exc_type is SystemExit:
            return
        name = args.thread.name if args.thread is not None else "?"
        log.error("uncaught exception in thread %s", name,
                  exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        path = startup.log_path()
        app.notify(_("Something went wrong in the background; the details are in {path}").format(path=shown(path)) if path
                   else _("Something went wrong in the background."), 8.0)

    def on_signal(signum, frame):
        log.info("signal %d: saving and quitting, as on closing the window", signum)
        app.quit(128 + signum)

    sys.excepthook, threading.excepthook = sys_hook, thread_hook
    old_signals = {}
    if threading.current_thread() is threading.main_thread():
        for sig in QUIT_SIGNALS:
            try:
                old_signals[sig] = signal.signal(sig, on_signal)
            except (OSError, ValueError):  # not settable here: the default stays
                pass

    def restore() -> None:
        if sys.excepthook is sys_hook:
            sys.excepthook = old_sys
        if threading.excepthook is thread_hook:
            threading.excepthook = old_thread
        for sig, old in old_signals.items():
            try:
                signal.signal(sig, old)
            except (OSError, ValueError, TypeError):
                pass
    return restore


def game_intact(game) -> bool:
    """Whether ``game`` can be saved: its record replays to the same record
    (an engine stopped half-way through a move would not)."""

    try:
        record = record_of(game)
        return record_of(game_from_record(record)) == record
    except Exception:
        log.warning("the game's state is not intact; it is not saved", exc_info=True)
        return False


def _tables(app: "App") -> list:
    """The scenes on the stack holding a game that autosaves (not demos, nor a
    table joined at another computer: its game is saved on the host's)."""
    return [s for s in app.stack if getattr(s, "session", None) is not None and not getattr(s, "demo", True)
            and not getattr(s, "remote", False)]


def _crashes_before(app: "App", slot: str | None) -> int:
    """The crashes in a row of ``slot`` so far (read before its table
    closes, which clears them); 0 without a slot or when it cannot be read."""

    if not slot:
        return 0
    try:
        return Slots(app.storage).crashes(slot)
    except Exception:
        log.exception("the crash count of %s could not be read", slot)
        return 0


def _count_crash(app: "App", slot: str | None, before: int):
    """Count this crash of ``slot`` after ``before`` in a row; at
    :data:`game.slots.SET_ASIDE_AFTER` set the slot aside. Returns the path
    the slot's record was moved to, or ``None`` (not set aside)."""

    if not slot:
        return None
    slots = Slots(app.storage)
    try:
        if slots.note_crash(slot, before) < SET_ASIDE_AFTER:
            return None
        moved = slots.set_aside(slot)
    except Exception:  # the message box must still come
        log.exception("the crash of %s could not be counted", slot)
        return None
    if moved is not None:
        log.warning("slot %s stopped the game %d times in a row: set aside as %s", slot, before + 1, moved)
    return moved


_LEFT = object()
"""What :func:`_before` gives for a file it could not read: it is not put back."""


def _before(path) -> bytes | None | object:
    """What ``path`` (a save or its sidecar) holds before the closing autosave:
    its bytes, ``None`` when nothing is there, or :data:`_LEFT` when it cannot
    be read (the OS refuses, it is larger than a record may be, or it is not a
    regular file: a named pipe is never waited on), so it is never put back."""
    try:
        return read_regular_file(path, MAX_RECORD_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        log.warning("%s cannot be read before the closing autosave: %s", path, exc)
        return _LEFT


def crashed(app: "App", exc: BaseException, show: startup.ShowBox | None = None) -> int:
    """Handle ``exc``, uncaught in the main loop: log it with its traceback,
    close every scene (the table autosaves on closing) unless a game's state
    is not intact (then the last autosave is kept as it was), count the crash
    against the table's save slot (or the slot being resumed when the table
    never opened), and show the player what happened and where the log is.
    A slot whose table has now stopped on an error twice in a row, with no
    move of the person's in between (:data:`game.slots.SET_ASIDE_AFTER`), is
    set aside (:meth:`game.slots.Slots.set_aside`) and the message says so:
    a crash that comes back on every Continue comes back once at most.
    Returns the exit status, 1."""
    log.error("the game stopped: uncaught exception in the main loop", exc_info=exc)
    tables = _tables(app)
    intact = all(game_intact(t.session.game) for t in tables)
    # the table's save slot (game.services.slots): its record, and its sidecar put back with it
    slot = (getattr(tables[-1], "slot", None) if tables else None) or getattr(app, "resuming", None)
    save = app.storage.game_path(slot or "autosave")
    side = save.with_suffix(".slot")
    before, side_before = _before(save), _before(side)
    crashes = _crashes_before(app, slot)
    while app.stack:
        scene = app.stack.remove_top()
        try:
            scene.exit()  # the table autosaves here, as when the window closes
        except Exception:
            log.exception("closing %s after the error failed", type(scene).__name__)
    if tables and not intact:
        try:
            for path, data in ((save, before), (side, side_before)):
                if data is _LEFT:
                    continue
                if data is None:
                    path.unlink(missing_ok=True)
                else:
                    path.write_bytes(data)
        except OSError:
            log.exception("the last good autosave could not be put back")
    note = ""
    aside = _count_crash(app, slot, crashes)
    if aside is not None:
        note = "\n\n" + _("This game has now stopped Rummy 500 twice in a row, so it was set aside as {path} "
                          "and Continue will not open it again.").format(path=shown(aside))
    elif tables and intact and save.exists():
        note = "\n\n" + _("Your game was saved: Continue on the title screen resumes it.")
    elif tables and not intact:
        note = "\n\n" + (_("Its last moves could not be saved; Continue resumes the last saved position.")
                          if isinstance(before, bytes) else _("Its last moves could not be saved."))
    reason = str(exc) or type(exc).__name__
    (show or startup.show_message_box)(_("Rummy 500 stopped"),
                                       _("Rummy 500 stopped because of an error: {reason}").format(reason=reason)
                                       + note + "\n\n" + _where())
    return 1
