"""Synthesise the table's card sounds into ``assets/sounds/*.ogg``.

Every sound is made here from noise and sine waves (standard library only:
``math``, ``random`` with a fixed seed, ``wave``), written as a 16-bit mono
WAV at 22,050 Hz, then encoded to Ogg Vorbis by ``oggenc`` (Debian package
``vorbis-tools``) at a low quality, so each file is a few KB. The output is
ours, made from nothing but this script, and dedicated to the public domain
(CC0 1.0); ``assets/sounds/README.md`` says so.

Run from the project root::

    python tools/make_sounds.py            # writes assets/sounds/<name>.ogg
    python tools/make_sounds.py --wav DIR  # also keep the WAVs in DIR (to listen)

Raises ``SystemExit`` with a one-line message when ``oggenc`` is missing.
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"


def _silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _mix(base: list[float], part: list[float], at: float, gain: float = 1.0) -> list[float]:
    """Add ``part`` into ``base`` starting ``at`` seconds in (``base`` grows as needed)."""
    start = int(at * RATE)
    if len(base) < start + len(part):
        base = base + [0.0] * (start + len(part) - len(base))
    for i, v in enumerate(part):
        base[start + i] += v * gain
    return base


def _noise(rng: random.Random, seconds: float, low: float, high: float) -> list[float]:
    """White noise band-passed by two one-pole filters (``low``..``high`` Hz)."""
    n = int(RATE * seconds)
    a_lo = math.exp(-2 * math.pi * low / RATE)   # high-pass pole
    a_hi = math.exp(-2 * math.pi * high / RATE)  # low-pass pole
    out, lp, hp_prev_in, hp = [], 0.0, 0.0, 0.0
    for _ in range(n):
        x = rng.uniform(-1, 1)
        lp = (1 - a_hi) * x + a_hi * lp
        hp = a_lo * (hp + lp - hp_prev_in)
        hp_prev_in = lp
        out.append(hp)
    peak = max(1e-9, max(abs(v) for v in out))
    return [v / peak for v in out]


def _envelope(samples: list[float], attack: float, decay: float) -> list[float]:
    """A fast linear attack (seconds) and an exponential decay (time constant, seconds)."""
    a = max(1, int(attack * RATE))
    return [v * (min(1.0, i / a) * math.exp(-max(0, i - a) / (decay * RATE))) for i, v in enumerate(samples)]


def _tone(freq: float, seconds: float, decay: float, harmonics=(1.0, 0.35, 0.12)) -> list[float]:
    """A soft bell-like tone: a few harmonics under an exponential decay."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(h * math.sin(2 * math.pi * freq * (k + 1) * t) for k, h in enumerate(harmonics))
        out.append(v / sum(harmonics))
    return _envelope(out, 0.004, decay)


def _snap(rng: random.Random, gain: float = 1.0, body: float = 180.0) -> list[float]:
    """One card landing: a bright click and a short low thump."""
    click = _envelope(_noise(rng, 0.06, 1500, 7000), 0.001, 0.012)
    thump = _tone(body, 0.08, 0.02, harmonics=(1.0,))
    return [gain * (c * 0.8 + 0.5 * t) for c, t in zip(click, thump + [0.0] * len(click))]


def shuffle(rng):
    """A riffle: a run of quick clicks, faster in the middle."""
    out = _silence(0.05)
    t = 0.0
    for i in range(26):
        t += 0.022 - 0.008 * math.sin(math.pi * i / 25)
        out = _mix(out, _envelope(_noise(rng, 0.03, 2000, 8000), 0.001, 0.005), t, 0.55 + 0.3 * rng.random())
    return _mix(out, _snap(rng, 0.9), t + 0.05)


def deal(rng):
    """One card dealt: a short, light flick."""
    return _envelope(_noise(rng, 0.09, 1200, 6000), 0.002, 0.02)


def draw(rng):
    """A card slid off the stock: a soft swish that rises."""
    swish = _noise(rng, 0.2, 600, 4000)
    n = len(swish)
    return [v * math.sin(math.pi * i / n) ** 2 * 0.8 for i, v in enumerate(swish)]


def place(rng):
    """A card put down on the discard pile."""
    return _snap(rng, 1.0)


def meld(rng):
    """Cards tabled as a meld: three snaps and a soft low note."""
    out = _silence(0.0)
    for i in range(3):
        out = _mix(out, _snap(rng, 0.8, 170 + 20 * i), 0.07 * i)
    return _mix(out, _tone(392.0, 0.35, 0.09), 0.16, 0.35)


def layoff(rng):
    """A card laid off on a meld: a snap and a short higher note."""
    out = _snap(rng, 0.9, 200)
    return _mix(out, _tone(523.25, 0.3, 0.07), 0.04, 0.35)


def rummy(rng):
    """A Rummy call: two bright notes, up a fourth."""
    out = _tone(659.25, 0.25, 0.08)
    return _mix(out, _tone(880.0, 0.45, 0.12), 0.12)


def win(rng):
    """A hand won (someone went out): a rising major arpeggio."""
    out = _silence(0.0)
    for i, f in enumerate((523.25, 659.25, 783.99)):
        out = _mix(out, _tone(f, 0.5, 0.14), 0.11 * i, 0.8)
    return out


def game_win(rng):
    """The game won: a longer arpeggio ending on a held chord."""
    out = _silence(0.0)
    notes = (392.0, 523.25, 659.25, 783.99)
    for i, f in enumerate(notes):
        out = _mix(out, _tone(f, 0.45, 0.12), 0.12 * i, 0.7)
    for f in (523.25, 659.25, 783.99, 1046.5):
        out = _mix(out, _tone(f, 1.0, 0.35), 0.12 * len(notes), 0.35)
    return out


SOUNDS = {f.__name__: f for f in (shuffle, deal, draw, place, meld, layoff, rummy, win, game_win)}
"""Sound name -> the function that makes its samples (floats about -1..1)."""


def write_wav(path: Path, samples: list[float], peak: float = 0.7) -> None:
    """16-bit mono WAV, normalised so its loudest sample is ``peak`` of full scale."""
    top = max(1e-9, max(abs(v) for v in samples))
    fade = int(0.005 * RATE)  # no click at the end
    data = bytearray()
    for i, v in enumerate(samples):
        k = min(1.0, (len(samples) - i) / fade)
        data += struct.pack("<h", int(max(-1.0, min(1.0, v / top * peak * k)) * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wav", metavar="DIR", help="also keep the WAV files in DIR")
    parser.add_argument("--out", metavar="DIR", default=str(OUT), help="where the OGG files go")
    args = parser.parse_args(argv)
    oggenc = shutil.which("oggenc")
    if oggenc is None:
        raise SystemExit("oggenc is missing: install vorbis-tools (apt-get install vorbis-tools).")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for i, (name, make) in enumerate(SOUNDS.items()):
            wav = Path(args.wav or tmp) / f"{name}.wav"
            wav.parent.mkdir(parents=True, exist_ok=True)
            write_wav(wav, make(random.Random(1000 + i)))
            ogg = out / f"{name}.ogg"
            subprocess.run([oggenc, "-Q", "-q", "0", "--serial", str(1000 + i), "-o", str(ogg), str(wav)],
                           check=True)
            print(f"{ogg.relative_to(ROOT) if ogg.is_relative_to(ROOT) else ogg}: {ogg.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
