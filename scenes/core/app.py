"""The window and the main loop.

Scenes follow the state-stack pattern (``shared/design.md``): each has
``enter(...)`` (its own typed keyword arguments), ``exit()``,
``on_cover()`` / ``on_uncover()`` (another scene pushed on top of it, and
popped again), ``handle_event(event) -> bool``, ``update(dt)`` and a
side-effect-free ``draw(surface)``; the app holds a
:class:`~scenes.core.stack.SceneStack` (push / pop / replace, ``app.stack``)
and draws from the topmost opaque scene up, so dialogs and panels are
scenes pushed on top of the table, and a
:class:`~scenes.core.toasts.Toasts` over them (``app.notify``).
:meth:`App.to_title` is the one way back to the title.

Global keys: F11 toggles fullscreen, F12 saves a screenshot (and says where).
A file dropped on the window is told by its content: a game record opens
in the Replay scene (:meth:`App.open_replay`; never while a table is on the
stack), anything else goes to House rules as a rules file.
The frame's time step is capped (a window being dragged can stop the loop for
seconds; nothing should teleport).

The :class:`Scene` base class is in :mod:`scenes.core.scene`, the options in
:mod:`scenes.core.options`; :func:`main` and :func:`start_demo` (starting the
program) in :mod:`scenes.launch`.
"""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

import pygame

from game.i18n import _, set_language
from game.paths import shown
from game.services.replay import ReplayError, is_game_record, load_replay, read_replay_file
from game.services.settings import MIN_WINDOW

from scenes.core import theme as T
from scenes.core.options import Options, dpi_aware
from scenes.core import registry
from scenes.core.scene import MAX_DT, Scene
from scenes.core.stack import SceneStack
from scenes.core.toasts import Toasts
from game.services.storage import Storage, configure_logging
from scenes.core.startup import check_assets, set_window_icon
from scenes.core.sound import SoundPlayer
from scenes.core.crash import install
from scenes.core.crash import crashed
from scenes.core.startup import startup_failed
from scenes.core.startup import startup_seconds

__all__ = ["App", "MIN_SIZE"]

log = logging.getLogger("rummy500.app")

MIN_SIZE = MIN_WINDOW  # one minimum for resizing, saving and loading (game.services.storage)


class App:
    """The program: the window, the settings and storage, and the main loop,
    holding the scene stack (``stack``) and the toasts (``toasts``).

    ``App(options)`` opens the window (``pygame.display``) and loads the
    settings; :meth:`run` loops until the stack is empty or :meth:`quit` is
    called and returns the exit status.
    """

    def __init__(self, options: Options | None = None):

        self.options = options or Options()
        self.storage = Storage(self.options.config_dir)
        try:
            self.log_path = configure_logging(self.storage)
        except OSError as exc:  # an unwritable log folder must not stop the game
            self.log_path = None
            print(f"rummy500: logging disabled: {exc}", file=sys.stderr or sys.__stderr__)
        set_language(self.options.lang or "auto")  # the settings' own message in the system's language
        self.settings, message = self.storage.load_settings()
        set_language(self.options.lang or self.settings.language)
        self.storage.remove_stale_temps()
        self.toasts = Toasts()
        if message:
            self.notify(message)
        dpi_aware()
        check_assets(T.asset_root())
        pygame.display.init()  # no audio here: the mixer starts with the first sound (scenes.core.sound)
        self.sound = SoundPlayer.from_settings(self.settings)
        T.set_felt(self.settings.felt)
        pygame.font.init()
        pygame.key.set_repeat(400, 40)
        self.fullscreen = False
        size = self.options.size or tuple(self.settings.window_size)
        self.windowed_size = _clamp_size(size)
        set_window_icon(T.asset_root())
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        pygame.display.set_caption("Rummy 500")
        self.theme = T.Theme(self.screen.get_size())
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_status = 0
        self.frames = 0
        self.profile_book = None  # the rules profiles, loaded on first use (scenes.core.rules_choice.book)
        self.resuming: str | None = None  # the save slot whose table is being opened (scenes.screens.load_game.resume)
        self._restore_hooks = install(self)  # uncaught exceptions to the log; SIGTERM/SIGHUP save
        if self.settings.fullscreen and not self.options.demo:
            self.toggle_fullscreen()
        log.info("window %sx%s, config %s", *self.screen.get_size(), self.storage.settings_path)

    # ------------------------------------------------------------ the stack
    @property
    def top(self) -> Scene | None:
        """The scene on top of the stack (it gets the events), or ``None``."""
        return self.stack.top

    def push(self, scene: Scene, **kwargs) -> Scene:
        """Push ``scene`` with its keyword arguments (:meth:`SceneStack.push`). Returns ``scene``."""
        return self.stack.push(scene, **kwargs)

    def pop(self) -> Scene | None:
        """Pop the top scene (:meth:`SceneStack.pop`); returns it or ``None``."""
        return self.stack.pop()

    def replace(self, scene: Scene, **kwargs) -> Scene:
        """Pop the top scene and push ``scene`` (with its keyword arguments)."""
        return self.stack.replace(scene, **kwargs)

    def open(self, key: str, **kwargs) -> Scene:
        """Make the scene registered as ``key`` (:mod:`scenes.core.registry`:
        ``"title"``, ``"table"``, ``"hand_results"`` ...) and push it with
        ``kwargs``. Raises :class:`~scenes.core.registry.UnknownScene` for a
        key nobody registered. Returns the scene."""
        return self.push(self.make(key), **kwargs)

    def make(self, key: str) -> Scene:
        """A new scene of the class registered as ``key``, not yet on the stack
        (for :meth:`replace`). Raises :class:`~scenes.core.registry.UnknownScene`."""
        return registry.scene_class(key)(self)

    def find(self, key: str) -> Scene | None:
        """The topmost scene on the stack registered as ``key``, or ``None``."""
        cls = registry.loaded(key)  # a class never imported has no scene on the stack
        return None if cls is None else self.stack.topmost(cls)

    def pop_to(self, kind: type) -> None:
        """Pop scenes until one of class ``kind`` is on top."""
        self.stack.pop_to(kind)

    def to_title(self) -> Scene:
        """Back to the title: pop every scene above it (a table saves as it
        goes), or, when it is not on the stack (a demo, a game opened from
        the command line), put a new title there. Returns the title."""
        title = registry.loaded("title")  # never imported: no title can be on the stack
        if title is None:
            while self.stack:
                self.pop()
        else:
            self.pop_to(title)
        if not self.stack:
            self.open("title")
        return self.top

    def open_replay(self, source, person: int | None = None, live: bool = False,
                    levels: list[str] | None = None) -> Scene | None:
        """Open the Replay scene (key ``"replay"``) on ``source``: the path of
        a record file, or a record (bytes, text or a decoded object), with the
        ``person``'s seat (``None``: as the record's note says), ``live`` for
        a game in progress (shown only as the person's seat saw it) and each
        seat's level. A record that does not replay is said in one sentence
        (:class:`game.services.replay.ReplayError`) and nothing else changes.
        Returns the scene, or ``None``."""
        try:
            if isinstance(source, (bytes, bytearray, dict)):
                replay = load_replay(source, person, live)
            else:
                replay = read_replay_file(source, person)
                replay.live = live
        except ReplayError as exc:
            self.notify(str(exc), 8.0)
            return None
        return self.open("replay", replay=replay, levels=levels)

    def quit(self, status: int = 0) -> None:
        self.running = False
        self.exit_status = status

    # -------------------------------------------------------------- helpers
    @property
    def speed(self) -> str:
        return self.options.speed or self.settings.speed

    def notify(self, message: str, seconds: float = 4.0) -> None:
        """Show a one-line message at the top centre of the window (over the heading, clear of the
        bottom row of buttons) for ``seconds`` (:class:`~scenes.core.toasts.Toasts`;
        a path's bytes that are not UTF-8 show as U+FFFD, see game.paths)."""
        self.toasts.add(message, seconds)

    def screenshot_folder(self) -> Path:
        if self.options.screenshot_dir:
            return Path(self.options.screenshot_dir)
        return Path(self.storage.log_dir).parent / "screenshots"

    def save_screenshot(self, name: str | None = None, announce: bool = True) -> Path | None:
        """Save the window as a PNG (``name`` or a time-stamped name) in the
        screenshot folder; returns the path, or ``None`` (and says why)."""
        folder = self.screenshot_folder()
        path = folder / (name or time.strftime("rummy500-%Y%m%d-%H%M%S.png"))
        if name is None:
            n = 2
            while path.exists():  # two screenshots in one second keep both
                path = folder / time.strftime(f"rummy500-%Y%m%d-%H%M%S-{n}.png")
                n += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            # through a Python file object: pygame-ce mangles a ``str`` path holding bytes that
            # are not UTF-8 (a surrogate-escaped folder name) and would refuse to write there
            with open(path, "wb") as fh:
                try:
                    pygame.image.save(self.screen, fh, "png")
                except pygame.error:
                    fh.close()
                    path.unlink(missing_ok=True)  # no empty file left behind
                    raise
        except (OSError, pygame.error) as exc:
            self.notify(_("The screenshot could not be saved: {error}").format(error=exc))
            return None
        if announce:
            self.notify(_("Screenshot saved to {path}").format(path=shown(path)))
        log.info("screenshot %s", path)
        return path

    def set_language(self, code: str) -> None:
        """Show every scene in ``code`` (``"auto"`` or a code of
        :data:`game.i18n.LANGUAGES`) from now on: each scene on the stack is
        told (:meth:`Scene.language_changed`). A ``--lang`` given on the
        command line stops counting once the player chooses here."""
        self.options.lang = None
        set_language(code)
        for scene in self.stack:
            scene.language_changed()

    def set_fullscreen(self, on: bool) -> None:
        """Go fullscreen (``on``) or back to the window, unless already there."""
        if bool(on) != self.fullscreen:
            self.toggle_fullscreen()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.screen.get_size()
            self.fullscreen = True
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.settings.fullscreen = self.fullscreen
        self._resized(self.screen.get_size())

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(320, size[0]), max(240, size[1]))
        if size != self.theme.size:
            self.theme = T.Theme(size)
            for scene in self.stack:
                scene.resize()
        if not self.fullscreen:
            self.windowed_size = size
            self.settings.window_size = _clamp_size(size)

    def save_settings(self) -> None:
        try:
            self.storage.save_settings(self.settings)
        except OSError as exc:
            log.warning("settings not saved: %s", exc)

    # ------------------------------------------------------------ the loop
    def handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit(0)
            return True
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            w, h = event.w, event.h
            self._resized((w, h))
            return False
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self._resized(self.screen.get_size())
            return False
        if event.type == getattr(pygame, "DROPFILE", -1) and is_game_record(event.file):
            if self.find("table") is not None:  # never a record beside a game being played
                self.notify(_("To watch a game record, leave the table first."))
            else:
                self.open_replay(event.file)
            return True
        if event.type == getattr(pygame, "DROPFILE", -1) and not hasattr(self.top, "import_path"):
            handler = registry.drop_handler("rules")  # a rules file dropped: House rules imports it
            if self.top is None or self.find("table") is self.top or handler is None:
                self.notify(_("To use a rules file, open Settings, then House rules, and drop it there."))
            else:
                handler(self, event.file)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return True
            if event.key == pygame.K_F12:
                self.save_screenshot()
                return True
        return False

    def step(self, dt: float) -> None:
        """One frame: events, update, draw (without flipping or waiting)."""
        self.stack.release_popped()
        for event in pygame.event.get():
            if self.handle_global(event):
                continue
            if self.top is not None:
                self.top.handle_event(event)
        dt = min(max(dt, 0.0), MAX_DT)
        if self.top is not None:
            self.top.update(dt)
        self.draw()

    def draw(self) -> None:
        surface = self.screen
        if not self.stack:
            surface.fill(T.FELT_DARK)
            return
        for scene in self.stack.drawn():
            scene.draw(surface)
        self.toasts.draw(surface, self.theme, self.top.notice_area() if self.stack else None)

    def run(self) -> int:
        """Run until the window closes or a scene quits; returns the exit status."""
        fast = self.speed == "instant" and self.options.demo
        try:
            while self.running and self.stack:
                dt = self.clock.tick(0 if fast else self.top.fps) / 1000.0
                self.step(dt)
                pygame.display.flip()
                self.frames += 1
                if self.frames == 1:
                    self._first_frame()
                if self.options.max_frames is not None and self.frames >= self.options.max_frames:
                    break
        except KeyboardInterrupt:
            self.exit_status = 130
        except Exception as exc:
            if self.frames:
                self.exit_status = crashed(self, exc)
            else:
                self.exit_status = startup_failed(exc, self.options.config_dir)
        finally:
            self.close()
        return self.exit_status

    def _first_frame(self) -> None:
        """Log the start-up time; with ``--time-startup`` print it and quit."""

        seconds = startup_seconds(self.options.started)
        log.info("first frame drawn %.3f s after the process started", seconds)
        if self.options.time_startup:
            if sys.stdout is not None:
                print(f"startup_seconds: {seconds:.3f}", flush=True)
            self.quit(0)

    def close(self) -> None:
        while self.stack:
            self.pop()
        if not self.options.demo:
            self.save_settings()
        self.sound.close()
        restore = getattr(self, "_restore_hooks", None)
        if restore is not None:
            self._restore_hooks = None
            restore()
        pygame.display.quit()


def _clamp_size(size) -> tuple[int, int]:
    try:
        w, h = int(size[0]), int(size[1])
    except (TypeError, ValueError, IndexError):
        return (1280, 720)
    return (max(MIN_SIZE[0], min(w, 7680)), max(MIN_SIZE[1], min(h, 4320)))
