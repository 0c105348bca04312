"""The seats a guest has taken at tables across computers (issue 23), kept
on disk so that a guest whose window closed or crashed takes its seat back:
Join a table with the same address and code sends the kept seat token, and
only that token takes the seat back (a name never does).

The file is ``seats.json`` in the network folder (``Storage.network_dir``),
written by this computer only: a JSON list of ``{"where": "host:port",
"code": "ABC123", "seat": 1, "token": "...", "name": "Ana"}``, the newest
last, at most :data:`KEPT`. A seat is forgotten when its game is over, or
when the host refuses its token. A file that cannot be read (missing,
broken, not a regular file, too large) counts as empty and is written anew
on the next join: it holds only tokens, so nothing a player made is lost.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path

from game.regular_files import read_regular_file
from game.services.files import atomic_write_text

log = logging.getLogger("rummy500.kept_seats")

FILE = "seats.json"
"""The file's name in the network folder."""
KEPT = 16
"""The most seats kept (the oldest go first)."""
MAX_BYTES = 64 * 1024
"""A larger file is not read (it counts as empty)."""


@dataclass(frozen=True)
class KeptSeat:
    """A seat taken at the table at ``where`` (``host:port``) with table code
    ``code`` (as :func:`game.play.remote.network.normalise_code` gives it):
    seat index ``seat`` (0-based), its secret ``token``, the ``name`` used."""

    where: str
    code: str
    seat: int
    token: str
    name: str


class KeptSeats:
    """The kept seats in the file ``folder / seats.json`` (see the module
    docstring). Writing never raises: a seat that cannot be kept is logged,
    and the game goes on (it only cannot be taken back after a restart)."""

    def __init__(self, folder: str | Path):
        self.path = Path(folder) / FILE

    def _load(self) -> list[KeptSeat]:
        try:
            data = json.loads(read_regular_file(self.path, MAX_BYTES).decode("utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:  # broken, special or too large: counts as empty
            log.warning("the kept seats in %s cannot be read (%s); they count as none", self.path, exc)
            return []
        seats = []
        for entry in data if isinstance(data, list) else []:
            try:
                seat = KeptSeat(**entry)
            except TypeError:
                continue
            if all(isinstance(getattr(seat, k), str) for k in ("where", "code", "token", "name")) \
                    and isinstance(seat.seat, int) and not isinstance(seat.seat, bool):
                seats.append(seat)
        return seats

    def _write(self, seats: list[KeptSeat]) -> None:
        try:
            atomic_write_text(self.path, json.dumps([asdict(s) for s in seats[-KEPT:]], indent=1))
        except (OSError, UnicodeEncodeError) as exc:
            log.warning("the seat could not be kept in %s: %s", self.path, exc)

    def find(self, where: str, code: str) -> KeptSeat | None:
        """The seat kept for the table at ``where`` with ``code``, or ``None``."""
        for seat in reversed(self._load()):
            if seat.where == where and seat.code == code:
                return seat
        return None

    def keep(self, seat: KeptSeat) -> None:
        """Keep ``seat`` (it replaces one kept for the same table)."""
        seats = [s for s in self._load() if (s.where, s.code) != (seat.where, seat.code)]
        self._write(seats + [seat])

    def forget(self, where: str, code: str) -> None:
        """Forget the seat kept for that table (its game is over, or its token was refused)."""
        seats = self._load()
        left = [s for s in seats if (s.where, s.code) != (where, code)]
        if len(left) != len(seats):
            self._write(left)


__all__ = ["FILE", "KEPT", "KeptSeat", "KeptSeats"]
