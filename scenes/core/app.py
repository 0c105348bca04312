"""The window, the clock and the scene stack.

Scenes follow the state-stack pattern (``shared/design.md``): each has
``enter(...)`` (its own typed keyword arguments), ``exit()``,
``on_cover()`` / ``on_uncover()`` (another scene pushed on top of it, and
popped again), ``handle_event(event) -> bool``, ``update(dt)`` and a
side-effect-free ``draw(surface)``; the app keeps a stack (push / pop /
replace) and draws from the topmost opaque scene up, so dialogs and panels
are scenes pushed on top of the table. :meth:`App.to_title` is the one way
back to the title.

Global keys: F11 toggles fullscreen, F12 saves a screenshot (and says where).
The frame's time step is capped (a window being dragged can stop the loop for
seconds; nothing should teleport).

The :class:`Scene` base class is in :mod:`scenes.core.scene`; :class:`Options`,
:func:`main` and :func:`start_demo` (starting the program) in
:mod:`scenes.launch`. Both are re-exported here, so ``from scenes.core.app import
App, Options, Scene, main, start_demo`` keeps working.
"""

from __future__ import annotations

import gc
import logging
import sys
import time
from pathlib import Path

import pygame

from game.i18n import _, set_language
from game.paths import shown
from game.services.settings import MIN_WINDOW

from scenes.core import theme as T
from scenes.core.options import Options, dpi_aware
from scenes.core import registry
from scenes.core.scene import MAX_DT, Scene
from scenes.core.widgets import pointer_lost
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
    """The program: window, settings, storage, scene stack and main loop.

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
        self.toasts: list[tuple[str, float]] = []
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
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_status = 0
        self.frames = 0
        self.popped: list[Scene] = []  # scenes left, emptied at the next frame (release_popped)
        self.profile_book = None  # the rules profiles, loaded on first use (scenes.core.rules_choice.book)
        self.resuming: str | None = None  # the save slot whose table is being opened (scenes.screens.load_game.resume)
        self._restore_hooks = install(self)  # uncaught exceptions to the log; SIGTERM/SIGHUP save
        if self.settings.fullscreen and not self.options.demo:
            self.toggle_fullscreen()
        log.info("window %sx%s, config %s", *self.screen.get_size(), self.storage.settings_path)

    # ------------------------------------------------------------ the stack
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene, **kwargs) -> Scene:
        """Put ``scene`` on top: the one below is told it is covered, then
        ``scene.enter(**kwargs)`` (the scene's own keyword parameters) and
        ``scene.resize()``. Returns ``scene``."""
        pointer_lost()  # hover belongs to the scene the pointer last moved in
        below = self.top
        self.stack.append(scene)
        if below is not None:
            below.on_cover()
        scene.enter(**kwargs)
        scene.resize()
        return scene

    def pop(self) -> Scene | None:
        """Take the top scene off (``exit()`` is called) and tell the one
        below that it is uncovered; returns the popped scene or ``None``."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        self.popped.append(scene)
        pointer_lost()
        if self.stack:
            self.stack[-1].on_uncover()
        return scene

    def release_popped(self) -> None:
        """Free the scenes popped since the last frame (not pushed again):
        their buttons, controllers and panels point back at them, so a
        finished table (40-50 MB a game) would otherwise live on until the
        next full garbage collection, which may be many games away. One full
        collection when a table has gone frees every such cycle at once
        (tens of milliseconds, at a scene change). The scenes themselves are
        left whole, so code still holding one never meets a half-emptied
        object. Called at the start of every frame."""
        gone = [s for s in self.popped if all(s is not t for t in self.stack)]
        self.popped.clear()
        if any(getattr(s, "frees_memory", False) for s in gone):
            del gone
            gc.collect()

    def replace(self, scene: Scene, **kwargs) -> Scene:
        """Pop the top scene and push ``scene`` (with its keyword arguments)."""
        self.pop()
        return self.push(scene, **kwargs)

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
        if cls is None:
            return None
        return next((s for s in reversed(self.stack) if isinstance(s, cls)), None)

    def pop_to(self, kind: type) -> None:
        """Pop scenes until one of class ``kind`` is on top."""
        while self.stack and not isinstance(self.stack[-1], kind):
            self.pop()

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

    def quit(self, status: int = 0) -> None:
        self.running = False
        self.exit_status = status

    # -------------------------------------------------------------- helpers
    @property
    def speed(self) -> str:
        return self.options.speed or self.settings.speed

    def notify(self, message: str, seconds: float = 4.0) -> None:
        """Show a one-line message at the top centre of the window (over the heading, clear of the
        bottom row of buttons) for a while
        (a path's bytes that are not UTF-8 show as U+FFFD, see game.paths)."""
        message = shown(message)
        log.info("notice: %s", message)
        self.toasts.append((message, time.monotonic() + seconds))
        self.toasts = self.toasts[-3:]

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
        for scene in list(self.stack):
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
        self.release_popped()
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
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[start:]:
            scene.draw(surface)
        self._draw_toasts(surface)

    def toast_boxes(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The toasts showing now, newest first, each as its text and its box:
        at the top centre, over a scene's heading, so they never cover the
        bottom row of buttons (Back, Start, Done…); on a scene with panels up
        there (the table), in the place its :meth:`Scene.notice_area` gives."""
        now = time.monotonic()
        self.toasts = [(m, t) for m, t in self.toasts if t > now]
        th = self.theme
        area = self.top.notice_area() if self.stack else None
        if area is None:
            area = pygame.Rect(0, th.pad, th.width, th.height)  # over the heading (words, not a control)
        y = area.top
        out = []
        for message, _until in reversed(self.toasts):
            s = _toast_surface(message, th, area.width - 3 * th.pad)
            r = s.get_rect(midtop=(area.centerx, y)).inflate(3 * th.pad, th.pad)
            out.append((s, r))
            y = r.bottom + th.pad // 2
        return out

    def _draw_toasts(self, surface) -> None:
        th = self.theme
        for s, r in self.toast_boxes():
            T.draw_panel(surface, r, th.radius, (0, 0, 0, 210), T.GOLD)
            surface.blit(s, s.get_rect(center=r.center))

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


def _toast_surface(message: str, th: T.Theme, width: int | None = None) -> pygame.Surface:
    """A toast's text, at most ``width`` pixels wide (default: the window's
    less a margin): one line, or up to three wrapped lines for a long
    message (a translation may run 40 % longer), the last shortened if need be."""
    width = min(width or th.width, th.width - 6 * th.pad)
    lines = T.wrap(message, th.body, width)
    if len(lines) > 3:
        lines = lines[:2] + [" ".join(lines[2:])]
    surfaces = [T.fit_text(line, th.body, width) for line in lines] or [T.fit_text("", th.body, width)]
    out = pygame.Surface((max(s.get_width() for s in surfaces), sum(s.get_height() for s in surfaces)),
                         pygame.SRCALPHA)
    y = 0
    for s in surfaces:
        out.blit(s, ((out.get_width() - s.get_width()) // 2, y))
        y += s.get_height()
    return out


def _clamp_size(size) -> tuple[int, int]:
    try:
        w, h = int(size[0]), int(size[1])
    except (TypeError, ValueError, IndexError):
        return (1280, 720)
    return (max(MIN_SIZE[0], min(w, 7680)), max(MIN_SIZE[1], min(h, 4320)))
