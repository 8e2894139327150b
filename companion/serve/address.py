"""The address a phone at the table reaches this computer at, and the names this server answers to.

``companion serve --host 0.0.0.0`` listens on every network; the link it prints (and the QR codes on
its pages) must carry an address a phone can open: this computer's address on the network it shares
with the phones, never its name (phones cannot resolve ``vm`` or ``laptop.local`` on most Wi-Fi).

The outgoing interface is found with a UDP socket "connected" to an address outside this computer:
connecting a UDP socket only asks the kernel which route (so which local address) it would use;
nothing is sent. When there is no route, the interfaces' own addresses are looked at instead.
Standard library only; every look-up is injectable so that the choice is tested with fake interfaces.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Iterable

# Addresses a route is asked for (one per private range): nothing is ever sent to them.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")
# Interfaces that are not a network a phone joins: containers, virtual machines' bridges, tunnels.
VIRTUAL = ("lo", "docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "cni", "flannel", "podman", "tun", "tap", "wg")

Interface = tuple[str, str]  # (interface name, IPv4 address)


def loopback(host: str) -> bool:
    """``host`` (a name or an address, IPv6 with or without brackets) is this computer only."""
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def every_network(host: str) -> bool:
    return host in ("", "0.0.0.0", "::", "[::]")


def outgoing(make_socket: Callable[[], socket.socket] | None = None) -> str | None:
    """The local IPv4 address of the interface traffic to the network leaves by, or None without a
    route. A UDP ``connect`` sends nothing: the kernel only picks the route and the local address."""
    make = make_socket or (lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM))
    for probe in PROBES:
        try:
            with make() as udp:
                udp.connect((probe, 9))  # port 9: discard, were anything ever sent
                address = str(udp.getsockname()[0])
        except OSError:
            continue
        if _usable(address):
            return address
    return None


def interfaces() -> list[Interface]:
    """This computer's interfaces and their IPv4 addresses: from the kernel on Linux (SIOCGIFADDR),
    and from this computer's own name elsewhere (where that usually lists the network addresses)."""
    found: list[Interface] = []
    if sys.platform.startswith("linux"):
        import fcntl

        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                request = struct.pack("256s", name.encode()[:15])
                try:
                    answer = fcntl.ioctl(probe.fileno(), 0x8915, request)  # SIOCGIFADDR
                except OSError:  # no IPv4 address on this interface
                    continue
                found.append((name, socket.inet_ntoa(answer[20:24])))
    with contextlib.suppress(OSError, UnicodeError):
        for *_, sockaddr in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(sockaddr[0])
            if all(address != known for _, known in found):
                found.append(("", address))
    return found


def lan_address(
    find_outgoing: Callable[[], str | None] = outgoing,
    find_interfaces: Callable[[], Iterable[Interface]] = interfaces,
) -> str | None:
    """The IPv4 address phones on the table's network reach this computer at: the outgoing
    interface's, else the first private address of a real (not virtual) interface, else any other
    address that is not loopback; None when this computer is on no network at all."""
    address = find_outgoing()
    if address is not None and _usable(address):
        return address
    ranked = sorted(
        ((_rank(name, address), i, address) for i, (name, address) in enumerate(find_interfaces()) if _usable(address)),
    )
    return ranked[0][2] if ranked else None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_unspecified or ip.is_multicast)


def _rank(name: str, address: str) -> int:
    ip = ipaddress.ip_address(address)
    virtual = name.startswith(VIRTUAL)
    return (2 if ip.is_link_local else 0 if ip.is_private else 1) + (3 if virtual else 0)


def url_host(host: str, find_lan: Callable[[], str | None] = lan_address) -> str:
    """The host to put in the printed link for ``--host host``: the LAN address for every network
    (127.0.0.1 when there is none), the address itself, or for a name the address it stands for."""
    if every_network(host):
        return find_lan() or "127.0.0.1"
    bare = host.strip("[]")
    try:
        ip = ipaddress.ip_address(bare)
    except ValueError:
        pass
    else:
        return f"[{ip}]" if ip.version == 6 else str(ip)
    if loopback(bare):
        return "127.0.0.1"
    with contextlib.suppress(OSError, UnicodeError):
        for *_, sockaddr in socket.getaddrinfo(bare, None, socket.AF_INET):
            if _usable(str(sockaddr[0])):
                return str(sockaddr[0])
    return "127.0.0.1"  # a name that stands for this computer only


def own_names(host: str, link_host: str, find_interfaces: Callable[[], Iterable[Interface]] = interfaces) -> set[str]:
    """Every host a browser may rightly name in a request to this server: loopback, this computer's
    name (alone, ``.local`` and its full name), the ``--host`` given, the link's address and every
    address of its interfaces. Anything else is another site's name pointed at this computer (DNS
    rebinding) and is refused."""
    names = {"localhost", "127.0.0.1", "::1", host_of(host), host_of(link_host)}
    with contextlib.suppress(OSError, UnicodeError):
        name = socket.gethostname().lower()
        names |= {name, f"{name}.local", socket.getfqdn().lower()}
    with contextlib.suppress(OSError):
        names |= {address for _, address in find_interfaces()}
    return {n for n in names if n and not every_network(n)}


def host_of(header: str) -> str:
    """The host of a ``Host`` header (or ``--host``) without its port, brackets or final dot, lower case."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else ""
    if header.count(":") == 1:
        header = header.split(":", 1)[0]
    return header.rstrip(".")


def same_address(a: str, b: str) -> bool:
    """Two addresses are the same (an IPv4 address and its IPv6-mapped form included)."""
    try:
        x, y = ipaddress.ip_address(a.strip("[]")), ipaddress.ip_address(b.strip("[]"))
    except ValueError:
        return False
    if isinstance(x, ipaddress.IPv6Address) and x.ipv4_mapped is not None:
        x = x.ipv4_mapped
    if isinstance(y, ipaddress.IPv6Address) and y.ipv4_mapped is not None:
        y = y.ipv4_mapped
    return x == y


def client_address(peer: object) -> str:
    """The address of a connection's other end (``peername``), IPv4-mapped addresses as IPv4; ""
    when unknown."""
    if not isinstance(peer, tuple) or not peer:
        return ""
    address = str(peer[0])
    with contextlib.suppress(ValueError):
        ip = ipaddress.ip_address(address.split("%", 1)[0])
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ip)
    return address


def exposure(host: str) -> str:
    """What listening on ``host`` means, as the key of the sentence printed at start: this computer
    only, or a warning that anyone on the network with the link can watch."""
    return "serve.local" if loopback(host) else "serve.warning"


def network_address(host: str) -> bool:
    """``host`` is an IP address (not a name) other than loopback: a phone can use it as it is."""
    try:
        ip = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified)
