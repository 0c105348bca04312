"""A hosted game's table, kept beside its save (issue 23, "Drops and restarts").

When a game is hosted for people at other computers (``rummy500 host``, or
Host a table in the window), its save slot (:mod:`game.services.slots`) has
one more file, in the network folder (:meth:`Slots.table_file`): the
table's code, its seats, their names and each guest's seat token, as
:meth:`game.play.remote.host.TableHost.table_state` gives them (with, from
the window, the port, the stand-in level and ``driven``). The file is made
readable by the host alone (the tokens take the seats back) and is deleted
with the slot. After the host quits or crashes, the slot reopens the table
with the same code, and the guests rejoin their seats with their tokens:

    write_table(storage, slot, host.table_state(), durable)   # after each save
    table = read_table(storage, slots, slot)                   # HostedTable, or ValueError
    table = latest_table(storage, slots)                       # rummy500 host --resume

The window (Continue, Load game) and the headless host read the file here,
through one copy of the checks: nothing in it is used as a path.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from game.ai import PLAYERS
from game.play.remote.host import OPEN, PERSON, SEAT_KINDS, ResumedTable
from game.play.remote.network import code_problem
from game.services.files import atomic_write_text
from game.services.slots import TABLE_SUFFIX, Slots, table_seed
from game.services.storage import Storage

__all__ = ["ElsewhereTable", "HostedTable", "WINDOW_KINDS", "latest_table", "read_table", "write_table"]

WINDOW_KINDS = (*PLAYERS, OPEN, PERSON)
"""The seats of a table hosted from the window: any computer, a guest's, or a person at the host's computer."""


class ElsewhereTable(ValueError):
    """A hosted game's table that this host cannot serve: one of its seats
    is a kind it does not have (a person at the host's computer, for the
    headless host)."""


@dataclass
class HostedTable:
    """A hosted game to take up again: its save ``slot``, the table
    ``state`` as written (``code``, ``seats``, ``names``, ``tokens``; ``port``,
    ``stand_in``, ``away`` and ``driven`` when the window wrote it) and the
    ``resumed`` game (:class:`~game.play.remote.host.ResumedTable`, for
    :attr:`HostOptions.resume <game.play.remote.host.HostOptions>`)."""

    slot: str
    state: dict
    resumed: ResumedTable

    @property
    def code(self) -> str:
        return self.state["code"]

    @property
    def seats(self) -> list[str]:
        return list(self.state["seats"])

    @property
    def port(self) -> int | None:
        """The port the table listened on (``None`` in a headless host's file)."""
        port = self.state.get("port")
        return port if isinstance(port, int) and not isinstance(port, bool) and 0 < port < 65536 else None


def write_table(storage: Storage, slot: str, state: dict, durable: bool = True) -> None:
    """Keep ``state`` (:meth:`TableHost.table_state`) beside slot ``slot``'s
    save, readable by the host alone (made 0600 before anything is written).
    Raises ``OSError`` (or ``TypeError``/``ValueError`` for a state that is not JSON)."""
    path = Slots(storage).table_file(slot)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))  # the seat tokens: the host's alone
    atomic_write_text(path, json.dumps(state, ensure_ascii=False) + "\n", durable)


def _state(path, slot: str, kinds: tuple[str, ...]) -> dict:
    """The table file at ``path`` checked; ``ValueError`` with a sentence."""
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        code, seats, names, tokens = state["code"], state["seats"], state["names"], state["tokens"]
        if (not isinstance(code, str) or code_problem(code) or not isinstance(seats, list)
                or not all(isinstance(k, str) for k in seats) or not isinstance(names, list)
                or len(names) != len(seats) or not all(isinstance(n, str) for n in names)
                or not isinstance(tokens, dict)
                or not all(isinstance(t, str) and k.isdigit() for k, t in tokens.items())):
            raise ValueError
    except (OSError, ValueError, KeyError, TypeError):
        raise ValueError(f"the hosted game {slot} cannot be read") from None
    bad = [k for k in seats if k not in kinds]
    if bad:
        raise ElsewhereTable(f"the hosted game {slot} has a seat {bad[0]!r} that cannot be hosted here "
                         f"(a person at the host's computer plays it in the window)")
    return state


def read_table(storage: Storage, slots: Slots, slot: str, kinds: tuple[str, ...] = WINDOW_KINDS) -> HostedTable:
    """Slot ``slot``'s hosted table and its game read back from the save.
    ``kinds``: the seats the caller can host (the window's
    :data:`WINDOW_KINDS`, the headless host's :data:`SEAT_KINDS`).
    ``FileNotFoundError`` when the slot was not hosted; ``ValueError`` with
    a sentence when its table or its save cannot be read (nothing is changed)."""
    path = slots.table_file(slot)
    if not path.is_file():
        raise FileNotFoundError(f"the game {slot} was not hosted")
    state = _state(path, slot, kinds)
    game, message = storage.load_game_state(slot)
    info = slots.read_info(slot)
    if game is None or info is None:
        raise ValueError(message or f"the save of the hosted game {slot} is gone")
    tokens = {int(k): t for k, t in state["tokens"].items()}
    return HostedTable(slot, state, ResumedTable(game, table_seed(info, game), list(state["names"]), tokens))


def latest_table(storage: Storage, slots: Slots, kinds: tuple[str, ...] = SEAT_KINDS) -> HostedTable:
    """The hosted game saved last that ``kinds`` can host (``rummy500 host
    --resume``: every seat a computer's level or open); ``ValueError`` with
    a sentence when there is none or it cannot be read."""
    folder = storage.network_dir
    found = sorted(folder.glob("game-*" + TABLE_SUFFIX), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []
    hostable = []
    for path in found:
        try:
            _state(path, path.name[:-len(TABLE_SUFFIX)], kinds)
        except ElsewhereTable:
            continue  # the window's table with a person at the host's computer: the window takes it up
        except ValueError:
            pass  # said by read_table below when it is the latest
        hostable.append(path)
    if not hostable:
        raise ValueError("there is no hosted game to resume")
    return read_table(storage, slots, hostable[-1].name[:-len(TABLE_SUFFIX)], kinds)
