"""Tables on the local network, advertised and found by mDNS/DNS-SD (``zeroconf``).

A host advertises one service of type :data:`SERVICE` a table: its name (the host player's), port,
game and protocol.  The table's code is never advertised: it is the secret a friend is told.
Both sides take ``interfaces``: ``None`` for every interface of the machine (the app), or a list
of addresses (``["127.0.0.1"]``: the tests, which must never multicast on the real network).
Zeroconf failing (no network, a firewall) is never an error: the table is still there to be typed.
"""

from __future__ import annotations

import logging
import re
import socket
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from . import protocol as P

log = logging.getLogger(__name__)

SERVICE = "_vazhushal._tcp.local."


@dataclass(frozen=True)
class Found:
    """A table found on the network."""

    name: str  # what the host called it ("Priya's table")
    address: str
    port: int
    game: str
    protocol: int

    @property
    def where(self) -> str:
        return f"[{self.address}]:{self.port}" if ":" in self.address else f"{self.address}:{self.port}"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its local networks (what a friend types), best first."""
    import ipaddress

    try:
        import ifaddr
    except ImportError:  # pragma: no cover  (zeroconf brings it)
        return []
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                try:
                    addr = ipaddress.ip_address(ip.ip)
                except ValueError:
                    continue
                if addr.is_private and not addr.is_loopback and not addr.is_link_local:
                    found.append(ip.ip)
    return sorted(set(found), key=lambda a: (not a.startswith("192.168."), a))


def _zeroconf(interfaces: Sequence[str] | None):
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if interfaces is None:
        return Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)
    return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)


def _label(text: str) -> str:
    """A service instance name: printable, short, no dots."""
    cleaned = re.sub(r"[^\w '\-]", "", text, flags=re.UNICODE).strip() or "Vazhushal table"
    return cleaned[:40]


class Advertiser:
    """One table advertised on the local network until :meth:`close`."""

    def __init__(self, name: str, port: int, game: str, interfaces: Sequence[str] | None = None) -> None:
        self.name, self.port, self.game, self.interfaces = _label(name), port, game, interfaces
        self.zc = None
        self.info = None
        self.registering = None  # the registration under way on zeroconf's loop (a concurrent Future)

    def start(self) -> bool:
        """Advertise; ``False`` (logged) when the network does not allow it.  The registration
        (zeroconf probes the name, then announces it: about 1.7 s) goes on in the background, so
        hosting a table never waits for it; a failure then is logged."""
        try:
            import asyncio

            from zeroconf import ServiceInfo

            addresses = list(self.interfaces) if self.interfaces is not None else lan_addresses()
            if not addresses:
                return False
            self.zc = _zeroconf(self.interfaces)
            host = re.sub(r"[^a-zA-Z0-9-]", "-", socket.gethostname())[:40] or "table"
            self.info = ServiceInfo(SERVICE, f"{self.name}.{SERVICE}", port=self.port,
                                    addresses=[socket.inet_aton(a) for a in addresses if "." in a],
                                    properties={"game": self.game, "protocol": str(P.PROTOCOL)},
                                    server=f"{host}.local.")
            self.registering = asyncio.run_coroutine_threadsafe(
                self.zc.async_register_service(self.info, allow_name_change=True), self.zc.loop)
            self.registering.add_done_callback(_registered)
            return True
        except Exception as exc:  # noqa: BLE001  (no advertisement: the address can still be typed)
            log.info("the table is not advertised on the network: %r", exc)
            self.close()
            return False

    def close(self) -> None:
        zc, info, registering = self.zc, self.info, self.registering
        self.zc = self.info = self.registering = None
        if registering is not None:
            registering.cancel()  # still probing: never announced
        if zc is None:
            return
        try:
            if info is not None:
                zc.unregister_service(info)
        except Exception:  # noqa: BLE001
            pass
        try:
            zc.close()
        except Exception:  # noqa: BLE001
            pass


def _registered(future) -> None:
    """A background registration's end: a failure is logged (the address can still be typed)."""
    if not future.cancelled() and future.exception() is not None:
        log.info("the table is not advertised on the network: %r", future.exception())


class Browser:
    """The tables advertised on the local network, as they come and go (a thread of zeroconf's)."""

    def __init__(self, interfaces: Sequence[str] | None = None) -> None:
        self.interfaces = interfaces
        self.zc = None
        self.browser = None
        self._found: dict[str, Found] = {}
        self._lock = threading.Lock()

    def start(self) -> bool:
        try:
            from zeroconf import ServiceBrowser

            self.zc = _zeroconf(self.interfaces)
            self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])
            return True
        except Exception as exc:  # noqa: BLE001
            log.info("no looking for tables on the network: %r", exc)
            self.close()
            return False

    def _changed(self, zeroconf, service_type: str, name: str, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=1500)
        except Exception:  # noqa: BLE001
            info = None
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in (info.properties or {}).items() if isinstance(k, bytes)}
        try:
            protocol = int(props.get("protocol", "0"))
        except ValueError:
            protocol = 0
        label = name.removesuffix("." + SERVICE)[:40]
        address = next((a for a in info.parsed_addresses() if "." in a), info.parsed_addresses()[0])
        with self._lock:
            self._found[name] = Found(label, address, int(info.port or 0), props.get("game", "")[:20], protocol)

    def tables(self) -> list[Found]:
        """What is advertised now, by name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda f: (f.name, f.where))

    def close(self) -> None:
        browser, zc = self.browser, self.zc
        self.browser = self.zc = None
        for thing in (browser,):
            try:
                if thing is not None:
                    thing.cancel()
            except Exception:  # noqa: BLE001
                pass
        try:
            if zc is not None:
                zc.close()
        except Exception:  # noqa: BLE001
            pass
