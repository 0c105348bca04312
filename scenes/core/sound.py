"""Card sounds: short OGG files under ``assets/sounds/``, played through
``pygame.mixer`` when the table shows a step.

The mixer is left uninitialised while sound is off (no audio device is
opened, no ALSA chatter); it is started on the first sound played with sound
on. When it cannot start (no audio device, no driver) that is logged once
and play goes on in silence: never an error. :func:`sounds_for` says which
sounds a table step makes; :class:`SoundPlayer` plays them. Tests inject a
fake mixer (anything with ``init()``, ``quit()``, ``get_init()`` and
``Sound(path)``) or replace the app's player.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from pathlib import Path
from typing import Callable, Iterable

from game.rules.events import (
    CardDrawn, DiscardTaken, Discarded, Event, GameWon, HandEnded, LaidOff, MeldTabled, RummyCalled,
    StockReshuffled
)
from scenes.core.theme import asset_root

log = logging.getLogger("rummy500.sound")

SOUND_NAMES = ("shuffle", "deal", "draw", "place", "meld", "layoff", "rummy", "win", "game_win")
"""Every sound the table plays; each is ``assets/sounds/<name>.ogg``."""

GAINS = {"deal": 0.6, "shuffle": 0.8, "draw": 0.8}
"""Relative loudness of a sound (1.0 when not listed), times the volume setting."""

MIN_GAP_S = 0.05
"""The same sound is not started again within this many seconds (a fast
deal or an instant-speed game would otherwise stack dozens of copies)."""


def sounds_for(events: Iterable[Event], kind: str = "move") -> list[str]:
    """The sounds of one table step, in order, each at most once.

    ``kind`` is the step's kind (``"deal"`` starts with a shuffle). Draws
    from the stock and takes from the pile are ``"draw"``, a discard is
    ``"place"``, a meld ``"meld"``, a lay-off ``"layoff"``, a Rummy call
    ``"rummy"``, a reshuffled stock ``"shuffle"``, a hand someone went out
    of ``"win"`` and the game's end ``"game_win"`` (instead of ``"win"``).
    """
    names: list[str] = ["shuffle"] if kind == "deal" else []
    for e in events:
        name = None
        if isinstance(e, (CardDrawn, DiscardTaken)):
            name = "draw"
        elif isinstance(e, Discarded):
            name = "place"
        elif isinstance(e, MeldTabled):
            name = "meld"
        elif isinstance(e, LaidOff):
            name = "layoff"
        elif isinstance(e, RummyCalled):
            name = "rummy"
        elif isinstance(e, StockReshuffled):
            name = "shuffle"
        elif isinstance(e, HandEnded) and e.went_out is not None:
            name = "win"
        elif isinstance(e, GameWon):
            name = "game_win"
        if name and name not in names:
            names.append(name)
    if "game_win" in names and "win" in names:
        names.remove("win")
    return names


def sound_folder() -> Path:
    """``assets/sounds`` (from source or inside a frozen bundle)."""
    return asset_root() / "sounds"


@contextlib.contextmanager
def _quiet_stderr():
    """Silence C libraries writing to the process's stderr (alsa-lib prints a
    dozen lines when there is no sound card) for the duration; POSIX only."""
    if os.name != "posix":
        yield
        return
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            if sys.stderr is not None:
                try:
                    sys.stderr.flush()
                except (OSError, ValueError):
                    pass
            os.dup2(null.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


class SoundPlayer:
    """Plays the named card sounds at the volume setting.

    ``enabled``: sound on; ``volume``: 0..100 (percent); ``folder``: where the
    ``<name>.ogg`` files are (default :func:`sound_folder`); ``mixer``: the
    ``pygame.mixer`` module or a stand-in for tests; ``clock``: seconds, for
    :data:`MIN_GAP_S`. Nothing touches the mixer until :meth:`play` is called
    with sound on. ``state`` is ``"idle"`` (mixer not started), ``"ready"``
    or ``"failed"`` (no audio: silent from then on, logged once).
    """

    def __init__(self, enabled: bool = True, volume: int = 30, folder: Path | None = None, mixer=None,
                 clock: Callable[[], float] = time.monotonic):
        self.enabled = bool(enabled)
        self.volume = max(0, min(100, int(volume)))
        self.folder = Path(folder) if folder is not None else None
        self._mixer = mixer
        self._clock = clock
        self._sounds: dict[str, object] = {}
        self._last: dict[str, float] = {}
        self.state = "idle"

    @classmethod
    def from_settings(cls, settings, **kwargs) -> "SoundPlayer":
        """A player for ``settings.sound`` and ``settings.volume``."""
        return cls(getattr(settings, "sound", True), getattr(settings, "volume", 30), **kwargs)

    def configure(self, enabled: bool, volume: int) -> None:
        """Apply the settings now: turning sound off shuts the mixer down."""
        self.enabled = bool(enabled)
        self.volume = max(0, min(100, int(volume)))
        if not self.enabled:
            self.close()
        else:
            for name, snd in self._sounds.items():
                self._set_volume(name, snd)

    def _mixer_module(self):
        if self._mixer is None:
            import pygame
            self._mixer = pygame.mixer
        return self._mixer

    def _start(self) -> bool:
        """Start the mixer and load the sounds; False (logged once) when there is no audio."""
        if self.state == "ready":
            return True
        if self.state == "failed":
            return False
        mixer = self._mixer_module()
        try:
            if not mixer.get_init():
                with _quiet_stderr():
                    mixer.init()
        except Exception as exc:  # pygame.error, or a driver's own error: never fatal
            self.state = "failed"
            log.warning("no sound: the audio device could not be opened (%s); playing silently",
                        " ".join(str(exc).split())[:200])
            return False
        folder = self.folder or sound_folder()
        missing = []
        for name in SOUND_NAMES:
            try:
                snd = mixer.Sound(os.fsencode(folder / f"{name}.ogg"))
            except Exception:  # a missing or unreadable file: that one sound is silent
                missing.append(name)
                continue
            self._set_volume(name, snd)
            self._sounds[name] = snd
        if missing:
            log.warning("sounds missing or unreadable in %s: %s", folder, ", ".join(missing))
        self.state = "ready"
        return True

    def _set_volume(self, name: str, snd) -> None:
        snd.set_volume(self.volume / 100 * GAINS.get(name, 1.0))

    def prepare(self) -> bool:
        """Start the mixer and load the sounds now, when sound is on (the
        table calls it as it opens, so the first card's sound costs no frame
        of the deal); True when the sounds are ready. Never raises: without an
        audio device it is False, logged once, and play stays silent."""
        if not self.enabled or self.volume <= 0:
            return False
        return self._start()

    def play(self, name: str) -> bool:
        """Play sound ``name`` (one of :data:`SOUND_NAMES`); True when it was
        started. Nothing happens with sound off, at volume 0, without an audio
        device, or when the same sound started under :data:`MIN_GAP_S` ago.
        Raises ``ValueError`` for an unknown name."""
        if name not in SOUND_NAMES:
            raise ValueError(f"there is no sound called {name!r}")
        if not self.enabled or self.volume <= 0:
            return False
        now = self._clock()
        if now - self._last.get(name, -1e9) < MIN_GAP_S:
            return False
        if not self._start():
            return False
        snd = self._sounds.get(name)
        if snd is None:
            return False
        try:
            snd.play()
        except Exception as exc:  # a device that went away mid-game: silent, logged once
            self.state = "failed"
            log.warning("no sound: playing failed (%s); playing silently", exc)
            return False
        self._last[name] = now
        return True

    def close(self) -> None:
        """Stop every sound and shut the mixer down (it starts again when needed)."""
        if self.state == "ready":
            try:
                self._mixer_module().quit()
            except Exception:
                pass
            self.state = "idle"
        self._sounds.clear()
