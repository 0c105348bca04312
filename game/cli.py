"""The ``rummy500`` command.

``rummy500`` with no arguments starts the table (the GUI). Subcommands are
headless and never import pygame:

* ``rummy500 replay FILE`` (``-`` for standard input): apply a game record
  and print the result as JSON; exit 0 when every action applied, 1 at an
  illegal action, 2 for a malformed record (``game-record.md``).
* ``rummy500 tournament ...``: a duplicate tournament between AI levels
  (:mod:`game.services.tournament`); a table or ``--json``; exit 2 for bad arguments.
* ``rummy500 show FILE``: the one subcommand that opens the window, straight
  into the Replay scene on a record (exit 2 with one sentence for a bad one).
* ``rummy500 analyse FILE``: let an AI level play one seat's turn of a saved
  position (:mod:`game.services.analyse`); exit 2 for an invalid record or a seat
  with nothing to decide.

Bad arguments give a message on standard error and exit status 2.
``rummy500 --version`` prints the version (``game.__version__``, its one
source). A frozen windowed build has no standard output or error (they are
``None``); :func:`main` points them at the null device so nothing fails on a
write, and the table logs to its log file instead.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # as early as the program can tell: for --time-startup

import argparse  # noqa: E402
import json  # noqa: E402
import multiprocessing  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

from game import __version__  # noqa: E402
from game.i18n import LANGUAGES, set_language, system_language  # noqa: E402


def record_bytes(file: str) -> bytes:
    """The bytes of a record file: a regular file only, never blocking on a
    named pipe (:func:`game.rules.record.read_record_file`), or ``-`` for standard
    input, read up to the record size limit + 1
    (:func:`game.rules.record.read_record_bytes`). Raises ``OSError``
    (:class:`game.regular_files.NotRegularFile` for a named pipe, device, socket
    or folder) and :class:`~game.rules.record.RecordError`."""
    from game.rules.record import read_record_bytes, read_record_file

    if file == "-":
        return read_record_bytes(sys.stdin.buffer)
    return read_record_file(file)


def cmd_replay(args: argparse.Namespace) -> int:
    """``rummy500 replay FILE``: print the replay JSON, return the exit status.
    A file larger than the record size limit, or one that is not a regular
    file (a named pipe, ``/dev/zero``, a folder), is a ``bad_record`` at
    once; standard input is read up to the limit + 1 bytes.; running out
    of memory while reading or replaying is a ``bad_record`` too (exit 2)."""
    from game.paths import shown
    from game.rules.record import NO_MEMORY, RecordError, bad_record, replay

    try:
        out, status = replay(record_bytes(args.file))
    except OSError as exc:
        out, status = bad_record(f"cannot read {shown(args.file)}: {exc.strerror or exc}"), 2
    except RecordError as exc:
        out, status = bad_record(str(exc)), 2
    except MemoryError:
        out, status = None, 2
    if out is None:  # after the handler, so what was read is freed
        out = bad_record(NO_MEMORY)
    sys.stdout.write(json.dumps(out, indent=2, ensure_ascii=True) + "\n")
    sys.stdout.flush()
    return status


def _read_for(command: str, path: str, load, errors: tuple[type[Exception], ...], error: type[Exception]):
    """``load(record_bytes(path))`` for ``rummy500 COMMAND``: ``(value, None)``,
    or ``(None, 2)`` once one sentence is on standard error: the file could not
    be read (``OSError``), ``load`` raised one of ``errors``, or there was too
    little memory to read it (``MemoryError``, worded as ``error(NO_MEMORY)``,
    raised after the handler so that what was read is freed first)."""
    from game.paths import shown
    from game.rules.record import NO_MEMORY

    try:
        try:
            value = load(record_bytes(path))
        except MemoryError:
            value = None
        if value is None:
            raise error(f"{NO_MEMORY}.")
        return value, None
    except OSError as exc:
        print(f"rummy500 {command}: cannot read {shown(path)}: {exc.strerror or exc}", file=sys.stderr)
    except errors as exc:
        print(f"rummy500 {command}: {exc}", file=sys.stderr)
    return None, 2



def cmd_show(args: argparse.Namespace) -> int:
    """``rummy500 show FILE``: open the window straight into the Replay scene
    on the record (``-`` for standard input); exit 2 with one sentence on
    standard error for a file that cannot be read or a record that does not
    replay (the checks and messages of ``replay``), else the window's exit status."""
    from game.services.replay import ReplayError, load_replay

    _lang(args)
    replay, status = _read_for("show", args.file, load_replay, (ReplayError,), ReplayError)
    if status is not None:
        return status
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from scenes.launch import main as gui_main

    return gui_main(show=replay, speed=args.speed, config_dir=args.config_dir, size=args.size,
                    max_frames=args.max_frames, lang=args.lang, started=STARTED)


def cmd_analyse(args: argparse.Namespace) -> int:
    """``rummy500 analyse FILE``: print the turn the level plays (text or
    ``--json``), return the exit status (2 with a message on standard error
    for an invalid record, a seat with nothing to decide, or too little
    memory to read the record)."""
    from game.services.analyse import AnalyseError, analyse, default_seat, format_turn, load_position
    from game.rules.record import RecordError

    position, status = _read_for("analyse", args.file, load_position, (RecordError, AnalyseError), AnalyseError)
    if status is not None:
        return status
    try:
        seat = default_seat(position.game) if args.seat is None else args.seat
        turn = analyse(position.game, seat, args.ai, args.seed)
    except (RecordError, AnalyseError) as exc:
        print(f"rummy500 analyse: {exc}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(json.dumps(turn.to_json(), ensure_ascii=True) + "\n")
    else:
        sys.stdout.write(format_turn(turn))
    sys.stdout.flush()
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """``rummy500 review FILE``: the review of one seat's hand, one line (or
    with ``--json`` one object of a JSON list) per decision, printed as each
    is ready; exit 2 with one sentence for a bad file, a seat out of range,
    or a hand that is not there."""
    from game.services.review import ReviewError, entries, format_entry, load_review

    hand = None if args.hand is None else args.hand - 1
    request, status = _read_for("review", args.file, lambda data: load_review(data, args.seat, hand),
                                (ReviewError,), ReviewError)
    if status is not None:
        return status
    found = list(entries(request, args.seed)) if args.json else None
    if found is not None:
        sys.stdout.write(json.dumps(found, ensure_ascii=False, indent=1) + "\n")
    else:
        for e in entries(request, args.seed):
            sys.stdout.write(format_entry(e) + "\n")
            sys.stdout.flush()
    sys.stdout.flush()
    return 0


MAX_TABLES = 1_000_000
MAX_JOBS = 61  # the most worker processes a Windows process pool allows

TOURNAMENT_HELP = """\
Duplicate format: every deal is played once per seat with the AI levels
rotated one seat each time, so each entry of --ai plays every seat of every
deal (same cards per seat, same AI seeds per seat; only the levels move).
G games (or H hands) are rounded up to a multiple of N: G/N deal groups,
each played N times. --games plays whole games to the rules' target (R21);
--hands plays single hands.

A level wins a game when any seat it holds wins it; a hand is won by the
highest hand score, a tie split evenly between the tied seats (so "won"
may be fractional). win_rate is wins / games (or hands), with its 95%
Wilson score interval. points_per_hand is the mean hand score of the
level's seats. Decision times cover every AI call (turns and Rummy calls).

Every AI plays by its seed alone: Hard searches its whole world budget
instead of stopping at its clock, so results are reproducible (and its
decision times longer than in play).

--json prints one object: {"games": G, "hands": H, "players": [{"ai",
"won", "win_rate", "ci95", "points_per_hand", "decision_ms": {"p50",
"p95", "max"}}, ...]}, one entry per distinct level ("games" is 0 with
--hands). --jobs J plays the games in J processes; the results are the
same as with --jobs 1 except the decision times.
"""


def whole_number(low: int, high: int | None = None):
    """An argparse ``type``: a whole number from ``low`` to ``high`` (no
    upper bound when ``None``), refused with the reason otherwise (the
    subcommands here and the scripts of ``benchmarks/``)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if high is None and value < low:
            raise argparse.ArgumentTypeError(f"{value} is less than {low}")
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value
    return parse


def seed_number(text: str) -> int:
    """``--seed S``: a whole number from 0 to 2**63 - 1, in every command
    (the scripts of ``benchmarks/`` take 0 and up too). A negative seed is
    refused: where a table is seeded (the window's ``--demo``, ``host``)
    Python's ``random`` took the number's absolute value, so ``--seed -5``
    dealt exactly as ``--seed 5``; elsewhere (``tournament``, ``analyse``,
    ``review``, ``join``) it was a seed of its own."""
    return whole_number(0, 2**63 - 1)(text)


def seconds_from(low: float, high: float):
    """An argparse ``type``: a number of seconds from ``low`` to ``high``
    (both finite), refused with the reason otherwise: ``nan`` and
    ``inf`` are refused too (``--hold nan`` once held a dropped seat for
    ever, every comparison with it being false)."""
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not low <= value <= high:  # false for nan
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from {low:g} to {high:g}")
        return value
    return parse


def _named_list(text: str, allowed, what: str) -> list[str]:
    """A comma-separated list of names, each one of ``allowed`` (written as
    :func:`game.ai.player_key` reads it: case and spaces ignored)."""
    from game.ai import player_key

    items = [player_key(part) for part in text.split(",")]
    for item in items:
        if not item:
            raise argparse.ArgumentTypeError(f"an empty entry in {text!r}: one {what} between each pair of commas")
        if item not in allowed:
            raise argparse.ArgumentTypeError(f"unknown {what} {item!r} (use {', '.join(allowed)})")
    return items


def _players(text: str) -> list[str]:
    """The comma-separated computer players of ``--ai``: each one of
    :data:`game.ai.PLAYERS` (the levels and the styles of the field)."""
    from game.ai import PLAYERS

    return _named_list(text, PLAYERS, "AI level")


def _one(text: str, allowed, what: str) -> str:
    """One name of ``allowed`` (as :func:`_named_list` reads it), not a list."""
    names = _named_list(text, allowed, what)
    if len(names) != 1:
        raise argparse.ArgumentTypeError(f"give one level, not {text!r}")
    return names[0]


def _level(text: str) -> str:
    """One AI level or style (``--ai`` of ``analyse`` and ``join``)."""
    from game.ai import PLAYERS

    return _one(text, PLAYERS, "AI level")


def _stand_in(text: str) -> str:
    """One AI level, not a style (``--stand-in`` of ``host``: the computer
    that plays for a guest away plays as well as it can)."""
    from game.ai import LEVELS

    return _one(text, LEVELS, "level")


def _usage_error(args: argparse.Namespace, message: str) -> int:
    args.parser.print_usage(sys.stderr)
    print(f"{args.parser.prog}: error: {message}", file=sys.stderr)
    return 2


def _tournament_rules(args: argparse.Namespace):
    """The rules of ``--rules FILE`` (a rules JSON: a JSON object of rule
    keys; see :func:`game.services.profiles.read_rules_file`); raises
    ``ValueError`` with a message for the player."""
    from game.services.profiles import ProfileError, read_rules_file
    from game.rules.ruleset import RuleSet

    if args.rules is None:
        return RuleSet()
    try:
        return read_rules_file(args.rules)
    except ProfileError as exc:
        raise ValueError(str(exc)) from None


def cmd_tournament(args: argparse.Namespace) -> int:
    """``rummy500 tournament``: play, print the table or JSON, return the exit status."""
    from game.play.processes import StopSignals, Stopped
    from game.services.tournament import format_table, run_tournament

    n = args.players
    if len(args.ai) != n:
        return _usage_error(args, f"--ai needs one level per seat: {n} for --players {n}, "
                                  f"not {len(args.ai)}")
    try:
        rules = _tournament_rules(args)
    except ValueError as exc:
        return _usage_error(args, f"--rules: {exc}")
    problem = rules.deal_problem(n)
    if problem is not None:
        return _usage_error(args, problem)
    games = args.games is not None
    try:
        with StopSignals():  # SIGTERM and Ctrl+C stop the workers and exit at once
            result = run_tournament(args.ai, args.games if games else args.hands, args.seed, rules,
                                    games=games, jobs=args.jobs)
    except ImportError as exc:  # a level whose module is missing (checked before any play)
        return _usage_error(args, f"an AI level is not available: {exc}")
    except Stopped as exc:
        print(f"rummy500 tournament: {exc}; nothing was reported", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:  # Ctrl+C outside the main thread's handler
        print("rummy500 tournament: interrupted; nothing was reported", file=sys.stderr)
        return 130
    except RuntimeError as exc:
        print(f"rummy500 tournament: {exc}", file=sys.stderr)
        return 1
    if args.json:
        sys.stdout.write(json.dumps(result, ensure_ascii=True) + "\n")
    else:
        sys.stdout.write(format_table(result, args.ai, args.seed))
    sys.stdout.flush()
    return 0


def _lang(args: argparse.Namespace) -> None:
    """The language of a headless command's sentences: ``--lang``, else the system's."""
    set_language(args.lang or system_language())


def _code(text: str) -> str:
    """``--code``: a table code (letters and digits; spaces and dashes are left out)."""
    from game.play.remote.network import code_problem, normalise_code

    problem = code_problem(text)
    if problem:
        raise argparse.ArgumentTypeError(f"the code {problem}")
    return normalise_code(text)


def _seat_list(text: str) -> list[str]:
    """``--seats``: for each seat a computer (a level or a style of the
    field, as ``--ai`` of ``tournament``) or ``open``."""
    from game.play.remote.host import SEAT_KINDS

    return _named_list(text, SEAT_KINDS, "seat")


def _print_result(result: dict, as_json: bool) -> None:
    """A game's end on standard output: ``{"winner", "names", "totals"}`` as
    JSON, or a line "winner: Ana  totals: Ana 512, Ben 301"."""
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=True) + "\n")
    else:
        sys.stdout.write(f"winner: {result['names'][result['winner']]}  totals: "
                         + ", ".join(f"{n} {t}" for n, t in zip(result["names"], result["totals"])) + "\n")
    sys.stdout.flush()


def cmd_host(args: argparse.Namespace) -> int:
    """``rummy500 host``: run a table without a window until the game is
    over (``--quit-after-game``) or a signal; 0 at game over, 2 for a bad
    argument or a port that cannot be opened. The game is saved in a slot
    after every action, with its table (code, seats, seat tokens) beside
    it, so ``--resume`` takes it up again and the guests rejoin with their
    tokens."""
    from game.play.remote.host import HostOptions, TableHost, computer_names
    from game.play.remote.network import PROTOCOL_VERSION, address_of, addresses_for, hosts_for
    from game.play.processes import StopSignals, Stopped
    from game.services.hosted_tables import latest_table, write_table
    from game.services.slots import Slots, info_of
    from game.services.storage import Storage
    from game.rules.record import record_of
    from game.text import network as words
    from game.text.levels import level_names

    _lang(args)
    storage = Storage(args.config_dir)
    slots, slot_name, resume = Slots(storage), [None], None
    if args.resume:
        if args.seats is not None or args.code is not None:
            return _usage_error(args, "--resume takes the seats and the code of the saved table")
        try:
            table = latest_table(storage, slots)
        except ValueError as exc:
            return _usage_error(args, f"--resume: {exc}")
        slot_name[0], resume = table.slot, table.resumed
        args.seats, args.code = table.seats, table.code
        rules = resume.game.rules
    else:
        if args.seats is None or args.code is None:
            return _usage_error(args, "give --seats and --code (or --resume)")
        try:
            rules = _tournament_rules(args)
        except ValueError as exc:
            return _usage_error(args, f"--rules: {exc}")
        if args.target is not None:
            rules = rules.with_changes(target=args.target)
    names = None if resume is not None else computer_names(args.seats, level_names())
    options = HostOptions(args.seats, args.code, port=args.port, bind=args.bind, rules=rules, seed=args.seed,
                          hold_s=args.hold, away=args.away, stand_in=args.stand_in,
                          cert_dir=storage.network_dir, quit_after_game=args.quit_after_game,
                          workers=True, table_name=args.name, resume=resume, names=names)
    problem = options.problem()
    if problem:
        return _usage_error(args, problem)
    discovery = None
    hosts = hosts_for(args.bind)
    if args.announce and ":" in hosts[0]:  # the announcement (mDNS) is made on IPv4 only
        return _usage_error(args, f"--announce needs an IPv4 --bind address, not {args.bind}")
    if args.announce:
        from game.play.remote.discovery import ZeroconfDiscovery
        try:
            discovery = ZeroconfDiscovery(hosts)
        except OSError as exc:
            print(f"rummy500 host: {words.not_announced(exc.strerror or str(exc))}", file=sys.stderr)
    host = TableHost(options, discovery=discovery, announce_address=hosts[0])

    def save(session, durable: bool = True) -> str | None:
        try:
            if slot_name[0] is None:
                slot_name[0] = slots.new_name()
            levels = [k if k != "open" else "human" for k in args.seats]
            slots.save(info_of(slot_name[0], session.game, levels, seed=session.seed), record_of(session.game),
                       durable=durable)
            write_table(storage, slot_name[0], host.table_state(), durable)
            return str(storage.game_path(slot_name[0]))
        except (OSError, ValueError, TypeError) as exc:
            print(f"rummy500 host: {exc}", file=sys.stderr)
            return None

    def game_over(result: dict) -> None:
        _print_result(result, args.json)
        if slot_name[0] is not None:  # a finished game needs no slot (its table goes with it)
            slots.delete(slot_name[0])
            slot_name[0] = None

    host.on_game_over = game_over
    host.on_hand_over = save
    host.on_action = lambda session: save(session, durable=False)
    try:
        port = host.start()
    except OSError as exc:
        where = address_of(args.bind, args.port)
        print(f"rummy500 host: {words.cannot_listen(where, exc.strerror or str(exc))}", file=sys.stderr)
        return 2
    print(words.table_open(args.code, host.short_fingerprint, port, addresses_for(args.bind, port)),
          file=sys.stderr, flush=True)
    status = 0
    try:
        with StopSignals():
            while not host.finished:
                if not host.pump():
                    time.sleep(0.002)
                while not host.notices.empty():
                    _kind, address, version = host.notices.get()
                    print(f"rummy500 host: {words.other_version(address, version, PROTOCOL_VERSION)}",
                          file=sys.stderr, flush=True)
    except Stopped as exc:
        status = exc.exit_status
    finally:
        if host.session is not None and host.session.game.winner is None:
            path = save(host.session)
            if path:
                print(f"rummy500 host: {words.game_saved(path)}", file=sys.stderr)
        host.close()
    return status


def cmd_join(args: argparse.Namespace) -> int:
    """``rummy500 join``: join a table and play a seat with a computer
    level; 0 at game over, 2 for a bad argument, a wrong code, a full table,
    a refused version or fingerprint, 3 when the host cannot be reached or leaves."""
    from game.play.remote.guest import GuestBot, GuestConnection, JoinError, parse_address
    from game.play.remote.network import DEFAULT_PORT, KNOWN_FILE, KnownHosts
    from game.services.storage import Storage
    from game.text import network as words

    _lang(args)
    try:
        host, port = parse_address(args.address, DEFAULT_PORT)
    except ValueError as exc:
        return _usage_error(args, str(exc))
    known = KnownHosts(Storage(args.config_dir).network_dir / KNOWN_FILE)
    conn = GuestConnection(host, port, code=args.code, name=args.name, seat=args.seat, token=args.token,
                           known=known, fingerprint=args.fingerprint)
    bot = None
    try:
        welcome = conn.open()
        print(f"rummy500 join: seat {welcome.seat}, seat token {welcome.token}", file=sys.stderr, flush=True)
        bot = GuestBot(conn, args.ai, seed=args.seed, quit_after_game=args.quit_after_game,
                       reconnect_s=RECONNECT_S)
        while True:
            result = bot.run()
            _print_result(result, args.json)
            if args.quit_after_game:
                return 0
    except JoinError as exc:
        print(f"rummy500 join: {words.join_problem(exc.reason, exc.detail)}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        return 130
    finally:
        for refusal in bot.refusals if bot is not None else ():
            print(f"rummy500 join: {words.refused_move(refusal.message)}", file=sys.stderr)
        conn.close()


RECONNECT_S = 30.0
"""How long ``rummy500 join`` tries to reach a host whose connection went (a host restarting takes some seconds)."""


def _port(text: str) -> int:
    return whole_number(0, 65535)(text)


def _table_options(p: argparse.ArgumentParser, config_help: str) -> None:
    """The options ``host`` and ``join`` share."""
    p.add_argument("--quit-after-game", action="store_true", help="exit 0 when the game is over")
    p.add_argument("--json", action="store_true", help="print the winner and totals as JSON at game over")
    p.add_argument("--config-dir", type=_config_dir, metavar="DIR", help=config_help)
    p.add_argument("--lang", choices=tuple(LANGUAGES), help="the language of the messages")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rummy500``."""
    parser = argparse.ArgumentParser(prog="rummy500", description="Rummy 500 against computer opponents.")
    sub = parser.add_subparsers(dest="command")
    rp = sub.add_parser("replay", help="apply a game record and print the result as JSON")
    rp.add_argument("file", help="the record (a JSON file), or - for standard input")
    rp.set_defaults(func=cmd_replay)
    tp = sub.add_parser(
        "tournament", help="play AI levels against each other (duplicate format)",
        description="Play a duplicate tournament between AI levels and report wins, "
                    "points and decision times.",
        epilog=TOURNAMENT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    tp.add_argument("--players", type=whole_number(2, 8), required=True, metavar="N",
                    help="seats at the table, 2 to 8")
    tp.add_argument("--ai", type=_players, required=True, metavar="LEVEL,LEVEL[,...]",
                    help="the AI level of each seat, N entries: easy, medium, hard, or a style of "
                         "the field (hoarder, early-melder, pile-taker, lay-off-hunter, rummy-caller, "
                         "cautious, random)")
    count = tp.add_mutually_exclusive_group(required=True)
    count.add_argument("--games", type=whole_number(1, MAX_TABLES), metavar="G",
                       help="whole games in all, rounded up to a multiple of N")
    count.add_argument("--hands", type=whole_number(1, MAX_TABLES), metavar="H",
                       help="single hands in all, rounded up to a multiple of N")
    tp.add_argument("--seed", type=seed_number, required=True, metavar="S",
                    help="seeds the deals and the AIs: the same seed gives the same results")
    tp.add_argument("--rules", metavar="FILE",
                    help="a JSON object of rule keys, like {\"decks\": 2}; the defaults otherwise")
    tp.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1, metavar="J",
                    help="processes to play in (default 1)")
    tp.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    tp.set_defaults(func=cmd_tournament, parser=tp)
    ap = sub.add_parser(
        "analyse", help="let an AI level play one seat's turn of a saved position",
        description="Replay a game record (an AI puzzle too), then let an AI level play the "
                    "seat's decisions as the table asks them (a Rummy call first when one is "
                    "open to it, then each choice until its turn ends) and print the turn.")
    ap.add_argument("file", help="the record (a JSON file), or - for standard input")
    ap.add_argument("--seat", type=whole_number(0, 7), metavar="N", help="the seat to analyse (default: the seat to move)")
    ap.add_argument("--ai", type=_level, default="medium", metavar="LEVEL",
                    help="easy, medium or hard (default medium), or a style of the field such as hoarder")
    ap.add_argument("--seed", type=seed_number, default=0, metavar="S",
                    help="seeds the AI: the same seed gives the same play (default 0)")
    ap.add_argument("--json", action="store_true", help="print one JSON object (record actions)")
    ap.set_defaults(func=cmd_analyse, parser=ap)
    hp = sub.add_parser(
        "host", help="run a table for people at other computers, without a window",
        description="Host a table without a window: computers play the named levels, guests the "
                    "open seats (rummy500 join). The game starts once every open seat is taken.")
    hp.add_argument("--seats", type=_seat_list, metavar="LIST",
                    help="each seat: a computer (easy, medium, hard or a style, as tournament --ai) or open "
                         "(a guest), e.g. medium,open,open")
    hp.add_argument("--port", type=_port, default=50500, metavar="P", help="the TCP port (default 50500)")
    hp.add_argument("--code", type=_code, metavar="C",
                    help="the table code guests give (letters and digits)")
    hp.add_argument("--resume", action="store_true",
                    help="take up the hosted game saved last, with its seats, code and seat tokens; it goes on "
                         "once every guest is back")
    hp.add_argument("--bind", default="0.0.0.0", metavar="ADDR",
                    help="the address to listen on (default 0.0.0.0: every interface)")
    hp.add_argument("--rules", metavar="FILE", help="a rules JSON, like {\"decks\": 2}; the defaults otherwise")
    hp.add_argument("--target", type=whole_number(50, 100_000), metavar="T", help="the points that win (R21)")
    hp.add_argument("--seed", type=seed_number, metavar="S", help="seeds the deals and the computers")
    hp.add_argument("--hold", type=seconds_from(0, 86_400), default=300.0, metavar="S",  # host.MAX_HOLD_S
                    help="seconds a dropped guest's seat is held, 0 to 86400 (default 300)")
    hp.add_argument("--away", choices=("computer", "wait"), default="computer",
                    help="while a guest is away: a computer plays the seat, or the table waits (default computer)")
    hp.add_argument("--stand-in", type=_stand_in, default="medium", metavar="LEVEL",
                    help="the level of the computer that plays for a guest away (default medium)")
    hp.add_argument("--name", default="Rummy 500", metavar="NAME", help="the table's name, as announced")
    hp.add_argument("--announce", action="store_true",
                    help="announce the table on the local network (mDNS) on the --bind address; never the code")
    _table_options(hp, "keep the certificate and saves in DIR")
    hp.set_defaults(func=cmd_host, parser=hp)
    jp = sub.add_parser(
        "join", help="join a table and play a seat with a computer level",
        description="Join a table hosted at another computer (rummy500 host, or Host a table) and let "
                    "a computer level play the seat.")
    jp.add_argument("address", metavar="HOST:PORT", help="the host's address (the port defaults to 50500)")
    jp.add_argument("--code", required=True, metavar="C", help="the table code")
    jp.add_argument("--name", required=True, metavar="NAME", help="the name to play under")
    jp.add_argument("--ai", type=_level, required=True, metavar="LEVEL",
                    help="easy, medium or hard, or a style of the field such as hoarder")
    jp.add_argument("--seat", type=whole_number(0, 7), metavar="N",
                    help="the open seat to take, counting from 0 (default: the first free)")
    jp.add_argument("--token", metavar="T", help="take a seat back with its seat token")
    jp.add_argument("--fingerprint", metavar="F",
                    help="the certificate fingerprint the host shows; without it the first one seen "
                         "for this address is trusted and kept")
    jp.add_argument("--seed", type=seed_number, metavar="S", help="seeds the computer's play")
    _table_options(jp, "keep the trusted fingerprints in DIR")
    jp.set_defaults(func=cmd_join, parser=jp)
    rp = sub.add_parser(
        "review", help="what each decision of one seat's hand cost, against what Hard would play",
        description="Replay a game record, then for each decision of the seat in the hand (each draw or "
                    "take, meld, lay-off, discard, and Rummy call made or passed up) ask what Hard would "
                    "play in the same view, and play both out to the end of the hand in worlds dealt "
                    "from that view alone: the cost is in the seat's points at the end of the hand, "
                    "with its standard error.")
    rp.add_argument("file", help="the record (a JSON file), or - for standard input")
    rp.add_argument("--seat", type=whole_number(0, 7), metavar="N", help="the seat to review (default 0)")
    rp.add_argument("--hand", type=whole_number(1, 100_000), metavar="H", help="the hand to review, 1 for the first "
                    "(default: the last)")
    rp.add_argument("--seed", type=seed_number, default=0, metavar="S",
                    help="seeds Hard and the worlds: the same seed gives the same review (default 0)")
    rp.add_argument("--json", action="store_true",
                    help="print a JSON list, one object per decision: hand, turn, kind, played, suggested "
                         "(record actions), points_lost, stderr, worlds, reason (and hindsight)")
    rp.set_defaults(func=cmd_review, parser=rp)
    sp = sub.add_parser(
        "show", help="open the window on a game record, to step through it action by action",
        description="Open the window straight into the Replay scene on a game record: step through "
                    "every action hand by hand (arrows, Page Up/Down, Home/End, the slider, Space to "
                    "play), face up or as one seat saw it (V). A record that does not replay is "
                    "refused with one sentence (exit 2).")
    sp.add_argument("file", help="the record (a JSON file), or - for standard input")
    sp.add_argument("--speed", choices=("slow", "normal", "fast", "instant"),
                    help="the speed of play (default: the settings' speed)")
    sp.add_argument("--size", type=window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    sp.add_argument("--config-dir", type=_config_dir, metavar="DIR",
                    help="keep settings, saves, statistics and logs in DIR")
    sp.add_argument("--lang", choices=tuple(LANGUAGES), help="the language for this run")
    sp.add_argument("--max-frames", type=whole_number(1, 10**9), metavar="F", help=argparse.SUPPRESS)
    sp.set_defaults(func=cmd_show, parser=sp)
    return parser


GUI_EPILOG = """\
Demo mode plays an all-computer game through the real table:
  rummy500 --demo --players 4 --seed 7 --speed instant --quit-after-game --screenshot-dir shots
saves shots/hand-NN.png at the end of every hand and shots/game-over.png, and
exits 0 when the game is over. At the table: F11 fullscreen, F12 screenshot,
L game log, Space skip an animation, Esc menu.

Headless subcommands (no window):
  rummy500 replay FILE        apply a game record, print the result as JSON
  rummy500 tournament ...     AI levels against each other (--help for more)
  rummy500 analyse FILE       what would the computer play here? (--help for more)
  rummy500 host --seats ...   host a table for other computers (--help for more)
  rummy500 join HOST:PORT ... join a table, a computer playing the seat (--help for more)
  rummy500 review FILE        what did each decision of a hand cost? (--help for more)
  rummy500 show FILE          open the window on a game record, to step through it
"""


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH``: a window's size in pixels, ``(width, height)``, from
    320x240 to 7680x4320; ``argparse.ArgumentTypeError`` otherwise."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x720") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text} is out of range (320x240 to 7680x4320)")
    return (w, h)


def _config_dir(text: str) -> str:
    """``--config-dir DIR``: a folder, or a name for one (created on the first
    write); not an empty name, and not a file."""
    import os

    from game.paths import shown

    if not text.strip():
        raise argparse.ArgumentTypeError("give a folder (an empty name is not one; use . for the "
                                         "current folder)")
    if os.path.exists(text) and not os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{shown(text)} is a file, not a folder")
    return text


def gui_parser() -> argparse.ArgumentParser:
    """The options of ``rummy500`` when it opens the table."""
    p = argparse.ArgumentParser(prog="rummy500", description="Rummy 500 against computer opponents: "
                                "without a subcommand, open the table.",
                                epilog=GUI_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--demo", action="store_true", help="watch an all-computer game (no menus)")
    p.add_argument("--players", type=whole_number(2, 8), metavar="N",
                   help="demo: seats, 2 to 8 (default: one per --ai level, else 4)")
    p.add_argument("--seed", type=seed_number, metavar="S", help="demo: seed of the deals and AIs")
    p.add_argument("--ai", type=_players, metavar="LEVEL,...", help="demo: each seat's level or style (default medium)")
    p.add_argument("--speed", choices=("slow", "normal", "fast", "instant"),
                   help="animation speed (default: the settings' speed)")
    p.add_argument("--quit-after-game", action="store_true", help="demo: exit 0 when the game is over")
    p.add_argument("--screenshot-dir", metavar="DIR",
                   help="where screenshots go (demo: one per hand and one at the end)")
    p.add_argument("--config-dir", type=_config_dir, metavar="DIR",
                   help="keep settings, saves, statistics and logs in DIR")
    p.add_argument("--size", type=window_size, metavar="WxH", help="window size, e.g. 1920x1080")
    p.add_argument("--lang", choices=tuple(LANGUAGES),
                   help="the language for this run: en (English), cy (Cymraeg), ka (Georgian); "
                        "default: the one chosen in Settings")
    p.add_argument("--time-startup", action="store_true",
                   help="print 'startup_seconds: S', the seconds from the process's start to the "
                        "first drawn frame (the title, or the table with --demo), and exit 0; "
                        "also logged on every start")
    p.add_argument("--version", action="version", version=f"rummy500 {__version__}")
    p.add_argument("--rules", metavar="FILE",
                   help="open New game with the rules in FILE chosen (a rules JSON, e.g. one Export "
                        "wrote); with --demo the demo game is played under them")
    p.add_argument("--max-frames", type=whole_number(1, 10**9), metavar="F", help=argparse.SUPPRESS)
    return p


def start_gui(argv: list[str]) -> int:
    """Open the table with the options in ``argv``; returns the exit status."""
    parser = gui_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 2
    problem = None
    if args.players is None:  # as many seats as --ai names (a demo of two: --ai easy,hard), else four
        args.players = len(args.ai) if args.ai is not None else 4
        if not 2 <= args.players <= 8:
            problem = f"--ai names {args.players} level(s): a table has 2 to 8 seats"
    elif args.ai is not None and len(args.ai) != args.players:
        problem = f"--ai needs one level per seat: --players is {args.players}, --ai names {len(args.ai)}"
    if problem:
        parser.print_usage(sys.stderr)
        print(f"rummy500: error: {problem}", file=sys.stderr)
        return 2
    rules = None
    if args.rules is not None:
        from game.services.profiles import ProfileError, read_rules_file
        try:
            rules = read_rules_file(args.rules)
        except ProfileError as exc:
            print(f"rummy500: error: --rules: {exc}", file=sys.stderr)
            return 2
        problem = rules.deal_problem(args.players) if args.demo else None
        if problem:
            print(f"rummy500: error: --rules: {problem}", file=sys.stderr)
            return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):  # matches rummy500.desktop
        os.environ.setdefault(hint, "rummy500")
    from scenes.launch import main as gui_main

    return gui_main(demo=args.demo, players=args.players, seed=args.seed, speed=args.speed,
                    levels=args.ai or [], quit_after_game=args.quit_after_game,
                    screenshot_dir=args.screenshot_dir, config_dir=args.config_dir, size=args.size,
                    max_frames=args.max_frames, rules=rules,
                    rules_from=os.path.basename(args.rules) if args.rules else None,
                    time_startup=args.time_startup, started=STARTED, lang=args.lang)


def guard_streams() -> None:
    """Point ``sys.stdin``/``sys.stdout``/``sys.stderr`` at the null device
    where they are ``None`` (a windowed build, ``pythonw``), so a print or
    argparse message is dropped (and ``replay -`` reads nothing) instead of
    raising ``AttributeError``."""
    for name in ("stdin", "stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "r" if name == "stdin" else "w", encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``rummy500`` console script; returns the exit status."""
    guard_streams()
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0].startswith("-"):  # the table's options (and --help)
        return start_gui(argv)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2, message on stderr)
        return 0 if exc.code is None else exc.code if isinstance(exc.code, int) else 2
    if not getattr(args, "func", None):
        return start_gui(argv)
    return args.func(args)


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
