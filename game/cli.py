"""The ``rummy500`` command.

``rummy500`` with no arguments starts the table (the GUI). Subcommands are
headless and never import pygame:

* ``rummy500 replay FILE`` (``-`` for standard input): apply a game record
  and print the result as JSON; exit 0 when every action applied, 1 at an
  illegal action, 2 for a malformed record (``game-record.md``).
"""

from __future__ import annotations

import argparse
import json
import sys


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    with open(path, "rb") as fh:
        return fh.read()


def cmd_replay(args: argparse.Namespace) -> int:
    """``rummy500 replay FILE``: print the replay JSON, return the exit status."""
    from .record import bad_record, replay

    try:
        data = _read(args.file)
    except OSError as exc:
        out, status = bad_record(f"cannot read {args.file}: {exc.strerror or exc}"), 2
    else:
        out, status = replay(data)
    sys.stdout.write(json.dumps(out, indent=2, ensure_ascii=True) + "\n")
    sys.stdout.flush()
    return status


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rummy500``."""
    parser = argparse.ArgumentParser(prog="rummy500", description="Rummy 500 against computer opponents.")
    sub = parser.add_subparsers(dest="command")
    rp = sub.add_parser("replay", help="apply a game record and print the result as JSON")
    rp.add_argument("file", help="the record (a JSON file), or - for standard input")
    rp.set_defaults(func=cmd_replay)
    return parser


def start_gui(argv: list[str]) -> int:
    """Start the table. Until the table is built this says so and returns 0."""
    print("Rummy 500: the table is not built yet. Try `rummy500 replay FILE`.")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``rummy500`` console script; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("--") and argv[0] not in ("--help",):
        return start_gui(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        return start_gui(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
