"""The words of tables across computers (issue 23), in the player's language.

The host and the guest (:mod:`game.play.remote.host`, :mod:`game.play.remote.guest`)
deal in reasons (``"bad_code"``, ``"full"`` ...) and the engine's refusal
codes; each is worded here, on the side that shows it, so a guest reads
the host's refusals in its own language.
"""

from __future__ import annotations

from game.i18n import _
from game.text.refusals import translate


def join_problem(reason: str, detail: dict) -> str:
    """One sentence for why joining (or playing on) stopped: ``reason`` and
    ``detail`` of a :class:`game.play.remote.guest.JoinError`."""
    where = detail.get("where", "")
    if reason == "version":
        return _("The host speaks protocol version {theirs} and this game speaks {ours}: both need the same "
                 "version of Rummy 500.").format(theirs=detail.get("version", "?"), ours=detail.get("ours", "?"))
    if reason == "bad_code":
        return _("That is not the table's code: ask the host for it again.")
    if reason == "wait":
        return _("Too many wrong codes: wait {seconds} seconds and try again.").format(
            seconds=max(1, round(float(detail.get("seconds", 30)))))
    if reason == "full":
        return _("The table is full: every open seat is taken.")
    if reason == "seat_taken":
        # a seat taken, or one the table does not have (seat 5 of four): the host's answer is the same
        return _("That seat is taken or not at this table: choose another, or let the host give you one.")
    if reason == "bad_token":
        return _("No seat at this table has that seat token.")
    if reason == "bad_name":
        return _("That name cannot be used at this table: it is empty, not printable, or another seat's.")
    if reason == "banned":
        return _("The host removed you from this table: it does not take you back.")
    if reason == "fingerprint":
        return _("The table at {where} does not show the certificate fingerprint expected, so it may not be "
                 "the host you think: nothing was sent.").format(where=where)
    if reason == "unreachable":
        return _("Cannot reach the host at {where}: {why}.").format(where=where, why=detail.get("why", "?"))
    if reason == "host_left":
        return _("The host left; the game is saved on the host's computer.")
    return _("The host sent something this game does not understand.")


def refused_move(message: str) -> str:
    """A move the host's referee refused, worded here (the engine's English ``message`` translated)."""
    return _("The host refused the move: {reason}").format(reason=translate(message))


def table_open(code: str, fingerprint: str, port: int, addresses: list[str]) -> str:
    """What the host shows once it listens: the code, the fingerprint and the addresses to give."""
    return _("Table open on port {port}. Code: {code}. Certificate fingerprint: {fingerprint}. "
             "Addresses: {addresses}.").format(port=port, code=code, fingerprint=fingerprint,
                                               addresses=", ".join(addresses))


def other_version(address: str, theirs: int, ours: int) -> str:
    """The host's sentence for a guest of another protocol version, refused."""
    return _("A guest at {address} speaks protocol version {theirs} and this table speaks {ours}: it was "
             "refused.").format(address=address, theirs=theirs, ours=ours)


def cannot_listen(where: str, why: str) -> str:
    """The host cannot open its port (in use, or an address of another computer)."""
    return _("Cannot open the table on {where}: {why}.").format(where=where, why=why)


def game_saved(path: str) -> str:
    """The host left before the end: where the game was saved."""
    return _("The game is saved in {path}.").format(path=path)


def not_announced(why: str) -> str:
    """The table could not be announced on the local network (it can still be joined by its address)."""
    return _("The table is not announced on the local network ({why}); guests can still join by its "
             "address.").format(why=why)
