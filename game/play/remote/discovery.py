"""Finding tables on the local network (issue 23): a host announces its
table, Join a table lists the ones it hears. No pygame.

Discovery goes through a backend (:class:`DiscoveryBackend`) that tests
replace with an in-process one (:class:`InProcessDiscovery`).
:class:`ZeroconfDiscovery` is mDNS (``python-zeroconf``): service type
:data:`SERVICE`, on the interfaces it is given and no others (the tests
bind it to ``127.0.0.1``; ``rummy500 host --announce`` to the address the
table listens on). An announcement (:class:`TableAd`) holds the table's
name, port, protocol version, open seats and the certificate's short
fingerprint, never the code: the code is what lets a guest in, and an
announcement is heard by every computer on the network.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass
from typing import Protocol

log = logging.getLogger("rummy500.discovery")

SERVICE = "_rummy500._tcp.local."
"""The mDNS service type of a Rummy 500 table."""


@dataclass(frozen=True)
class TableAd:
    """A table as announced: its ``name`` ("Ana's table", in the host's
    language), the ``address`` and ``port`` to join, the protocol
    ``version``, the ``open`` seats still free, the certificate's short
    ``fingerprint`` and the ``host``'s name (the person at the host's
    window; ``""`` for a table without one), so that Join a table words
    "Ana's table" in the guest's own language. Never the code."""

    name: str
    address: str
    port: int
    version: int
    open: int
    fingerprint: str
    host: str = ""

    def properties(self) -> dict[str, str]:
        """The announcement's TXT properties (no code, no token)."""
        props = {"v": str(self.version), "open": str(self.open), "fp": self.fingerprint}
        if self.host:
            props["host"] = self.host
        return props


class DiscoveryBackend(Protocol):
    """What the host and Join a table need of discovery."""

    def announce(self, ad: TableAd) -> None:
        """Announce ``ad`` (again, when it changed); never blocks the caller."""

    def withdraw(self) -> None:
        """Stop announcing this table."""

    def tables(self) -> list[TableAd]:
        """The tables heard so far (not this one's own), in name order."""

    def close(self) -> None:
        """Stop (withdraw, leave the network); safe to call twice."""


class InProcessDiscovery:
    """Discovery inside one process: every instance made with the same
    ``network`` (a dict) hears the others' tables. For tests."""

    def __init__(self, network: dict | None = None):
        self.network = network if network is not None else {}
        self._mine: str | None = None

    def announce(self, ad: TableAd) -> None:
        self._mine = ad.name
        self.network[ad.name] = ad

    def withdraw(self) -> None:
        if self._mine is not None:
            self.network.pop(self._mine, None)
            self._mine = None

    def tables(self) -> list[TableAd]:
        return sorted((ad for name, ad in self.network.items() if name != self._mine), key=lambda a: a.name)

    def close(self) -> None:
        self.withdraw()


def _instance(name: str) -> str:
    """An mDNS instance label from a table name: printable, at most 63 bytes."""
    clean = "".join(ch if ch.isprintable() and ch != "." else " " for ch in name).strip() or "Rummy 500"
    while len(clean.encode("utf-8")) > 63:
        clean = clean[:-1]
    return clean


def _host_name(heard: str) -> str:
    """A host's name as heard in an announcement: printable characters only,
    at most 16 (the longest name a seat takes); ``""`` when none is left."""
    clean = "".join(ch for ch in heard if ch.isprintable()).strip()[:16]
    return clean if any(not ch.isspace() for ch in clean) else ""


class ZeroconfDiscovery:
    """mDNS discovery (``python-zeroconf``) on ``interfaces`` only (a list of
    addresses, e.g. ``["127.0.0.1"]``). :meth:`announce` registers on a
    thread of its own (registering waits for the network); browsing runs
    from the start and gathers what it hears."""

    def __init__(self, interfaces: list[str]):
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf

        self.interfaces = list(interfaces)
        self.zc = Zeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
        self._heard: dict[str, TableAd] = {}
        self._lock = threading.Lock()
        self._info = None
        self._closed = False
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf, service_type: str, name: str, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._heard.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
        try:
            ad = TableAd(name[:-len(SERVICE) - 1], info.parsed_addresses()[0], int(info.port), int(props.get("v", "0")),
                         int(props.get("open", "0")), props.get("fp", "")[:19],
                         _host_name(props.get("host", "")))
        except ValueError:
            return
        with self._lock:
            self._heard[name] = ad

    def announce(self, ad: TableAd) -> None:
        from zeroconf import ServiceInfo

        info = ServiceInfo(SERVICE, f"{_instance(ad.name)}.{SERVICE}", port=ad.port, properties=ad.properties(),
                           addresses=[socket.inet_aton(ad.address)], server=f"rummy500-{ad.port}.local.")
        old, self._info = self._info, info

        def register() -> None:
            try:
                if old is not None:
                    self.zc.update_service(info)
                else:
                    self.zc.register_service(info, allow_name_change=True)
            except Exception:  # discovery is a convenience: the address and code still work
                log.exception("the table could not be announced")

        threading.Thread(target=register, name="rummy500-announce", daemon=True).start()

    def withdraw(self) -> None:
        info, self._info = self._info, None
        if info is not None:
            try:
                self.zc.unregister_service(info)
            except Exception:
                log.exception("the announcement could not be withdrawn")

    def tables(self) -> list[TableAd]:
        mine = self._info.name if self._info is not None else None
        with self._lock:
            return sorted((ad for name, ad in self._heard.items() if name != mine), key=lambda a: a.name)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.withdraw()
        self.browser.cancel()
        self.zc.close()
