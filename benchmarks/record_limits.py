"""How long a record at the size limit takes to be accepted or refused
(issue 21, item 9: within 5 s).

    python benchmarks/record_limits.py [--repeat 3] [--only NAME]

Writes records of 32 MiB (the size limit) and the issue's 24 MB record of
100,000 hands into a temp folder, then runs ``rummy500 replay FILE`` on
each in its own process (``python -m game replay``) and prints, per record,
the exit status, the wall-clock and CPU seconds (user + system) and the peak
memory (RSS, MB) of the best of ``--repeat`` runs (the fewest CPU seconds).
The records:

* ``hands-100k``: 100,000 hands of 8 stock draws (24 MB): refused;
* ``empty-hands``: 11 million ``{}`` hands: refused;
* ``lists-in-actions``: one hand of 11 million ``[]`` actions: refused;
* ``draws``: 73 hands of 20,000 stock draws (1.46 million actions): read
  whole, then stopped by the first illegal action (exit 1);
* ``melds``: 52 hands of 20,000 three-card melds: the same (exit 1).

Linux and macOS (it reads each child's resource use with ``os.wait4``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.rules.record import MAX_RECORD_BYTES  # noqa: E402

HEAD = '{"format": "rummy500/1", "players": ["A", "B"], "hands": ['


def padded(text: str) -> bytes:
    """``text`` as UTF-8, padded with spaces to exactly the size limit."""
    data = text.encode("utf-8")
    assert len(data) <= MAX_RECORD_BYTES, len(data)
    return data + b" " * (MAX_RECORD_BYTES - len(data))


def filled(action: str, per_hand: int = 20_000) -> bytes:
    """As many hands of ``per_hand`` copies of ``action`` as fit the limit."""
    acts = ",".join([action] * per_hand)
    hands: list[str] = []
    size = len(HEAD) + 2
    while True:
        hand = f'{{"dealer": {len(hands) % 2}, "seed": {len(hands)}, "actions": [{acts}]}}'
        if size + len(hand) + 1 > MAX_RECORD_BYTES:
            return padded(HEAD + ",".join(hands) + "]}")
        hands.append(hand)
        size += len(hand) + 1


def records() -> dict[str, Callable[[], bytes]]:
    """Each record's name and a function that writes its text (so only one is ever in memory)."""
    def issue() -> bytes:
        draws8 = ",".join(['{"p": 0, "draw": "stock"}'] * 8)
        return (HEAD + ",".join(f'{{"dealer": {i % 2}, "seed": {i}, "actions": [{draws8}]}}'
                                for i in range(100_000)) + "]}").encode("utf-8")

    empties = (MAX_RECORD_BYTES - len(HEAD) - 2) // 3
    lists = (MAX_RECORD_BYTES - len(HEAD) - 60) // 3
    return {
        "hands-100k": issue,
        "empty-hands": lambda: padded(HEAD + ",".join(["{}"] * empties) + "]}"),
        "lists-in-actions": lambda: padded(HEAD + '{"dealer": 1, "seed": 0, "actions": ['
                                           + ",".join(["[]"] * lists) + "]}]}"),
        "draws": lambda: filled('{"p":0,"draw":"stock"}'),
        "melds": lambda: filled('{"p":0,"meld":["AS","2S","3S"]}'),
    }


def run(path: Path) -> tuple[int, float, float, float, str]:
    """``(exit status, wall s, CPU s, peak RSS MB, message)`` of one replay."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    rss = usage.ru_maxrss / (1024 * 1024 if sys.platform == "darwin" else 1024)
    error = json.loads(out).get("error", {})
    return proc.returncode, wall, usage.ru_utime + usage.ru_stime, rss, error.get("code", "")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", help="one record by name")
    args = ap.parse_args()
    print(f"{'record':<18}{'MB':>6}{'exit':>6}{'wall s':>8}{'CPU s':>8}{'RSS MB':>8}  error")
    with tempfile.TemporaryDirectory() as folder:
        for name, make in records().items():
            if args.only and name != args.only:
                continue
            path = Path(folder) / f"{name}.json"
            path.write_bytes(make())  # not kept: a child's peak memory counts what it was forked from
            size = path.stat().st_size
            best = min((run(path) for _ in range(args.repeat)), key=lambda r: r[2])
            status, wall, cpu, rss, code = best
            print(f"{name:<18}{size / 1e6:>6.1f}{status:>6}{wall:>8.2f}{cpu:>8.2f}{rss:>8.0f}  {code}")
            path.unlink()


if __name__ == "__main__":
    main()
