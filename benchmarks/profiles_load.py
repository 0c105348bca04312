"""How long loading saved rules profiles takes (issue 21, item 8).

    python benchmarks/profiles_load.py [--repeat 3]

Writes ``profiles.json`` files into a temp folder and times
``load_profiles`` (the first time New game or the Rules page needs the
profiles) on each: 50 profiles (the most kept), 1,000 with distinct names,
1,000 all named alike (each clashing name is renamed "… (2)", "… (3)"), a
file at the 1 MiB limit and one of 400,000 profiles (155 MB, over the
limit: moved aside unread). Prints the file's size, the best of
``--repeat`` times in milliseconds, the profiles kept and the message's
length.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.ruleset import RuleSet  # noqa: E402
from game.services.profiles import MAX_PROFILES_BYTES, load_profiles, profiles_path  # noqa: E402
from game.services.storage import Storage  # noqa: E402


def profiles(count: int, same: bool = False) -> bytes:
    """A file of ``count`` profiles, every rule written out, as the game writes them."""
    rules = [RuleSet(target=100 + t).to_dict() for t in range(900)]
    items = [{"name": "Fives Night" if same else f"Profile {i}", "rules": rules[i % 900]} for i in range(count)]
    return json.dumps({"version": 1, "profiles": items}, ensure_ascii=False, indent=1).encode("utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    logging.disable(logging.WARNING)  # a dropped profile is logged; not what is measured
    at_limit = profiles(2)
    cases = {
        "50 profiles": lambda: profiles(50),
        "1,000 distinct": lambda: profiles(1000),
        "1,000 named alike": lambda: profiles(1000, same=True),
        "at the 1 MiB limit": lambda: at_limit + b" " * (MAX_PROFILES_BYTES - len(at_limit)),
        "400,000 profiles": lambda: profiles(400_000),
    }
    print(f"{'file':<22}{'MB':>8}{'ms':>10}{'kept':>6}{'message':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for name, make in cases.items():
            storage = Storage(folder)
            path = profiles_path(storage)
            data = make()
            best = None
            for _ in range(args.repeat):
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                start = time.perf_counter()
                book, message = load_profiles(storage)
                took = (time.perf_counter() - start) * 1000
                best = took if best is None else min(best, took)
                for moved in path.parent.glob("profiles.json.corrupt-*"):
                    moved.unlink()
            print(f"{name:<22}{len(data) / 1e6:>8.2f}{best:>10.1f}{len(book.saved):>6}{len(message or ''):>9}")


if __name__ == "__main__":
    main()
