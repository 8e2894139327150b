"""The link a phone can open (issue 28, part 3.1): with ``--host 0.0.0.0`` the printed link and the
codes carry this computer's address on the table's network, never its name; the terminal's code
opens the table's page, and the scorer's link is printed as text only. The address is chosen from
fake interfaces and a fake socket here: nothing is sent, no test listens beyond loopback."""

from __future__ import annotations

import ipaddress
import signal
import socket
from pathlib import Path
from typing import Any, ClassVar

import pytest

from companion.app.widgets.qr import half_blocks, qr_matrix
from companion.serve import address
from tests.helpers.serve import Served, stored_examples

HOME = [("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("wlp2s0", "192.168.1.23"), ("virbr0", "192.168.122.1")]


class FakeUdp:
    """A UDP socket that answers ``connect`` with the local address of the route it was given; it
    has no send: the trick must never send anything."""

    routes: ClassVar[dict[str, str | None]] = {}
    asked: ClassVar[list[tuple[str, int]]] = []

    def __enter__(self) -> FakeUdp:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, target: tuple[str, int]) -> None:
        FakeUdp.asked.append(target)
        if FakeUdp.routes.get(target[0]) is None:
            raise OSError(101, "Network is unreachable")
        self.local = FakeUdp.routes[target[0]]

    def getsockname(self) -> tuple[str, int]:
        assert self.local is not None
        return (self.local, 53124)


def fake_udp(routes: dict[str, str | None]) -> Any:
    FakeUdp.routes, FakeUdp.asked = routes, []
    return FakeUdp


def test_the_outgoing_interface_is_the_one_the_route_picks_and_nothing_is_sent() -> None:
    wifi = fake_udp(dict.fromkeys(address.PROBES, "192.168.1.23"))
    assert address.outgoing(wifi) == "192.168.1.23"
    assert FakeUdp.asked == [(address.PROBES[0], 9)]
    only_home_range = fake_udp({"192.168.255.255": "192.168.1.23"})  # no default route, a 192.168/16 one
    assert address.outgoing(only_home_range) == "192.168.1.23"
    assert [a for a, _ in FakeUdp.asked] == list(address.PROBES[:2])
    assert address.outgoing(fake_udp({})) is None  # on no network
    assert address.outgoing(fake_udp(dict.fromkeys(address.PROBES, "127.0.0.1"))) is None


def test_the_lan_address_is_the_outgoing_one_else_a_real_interfaces_private_one() -> None:
    assert address.lan_address(lambda: "192.168.1.23", lambda: HOME) == "192.168.1.23"
    assert address.lan_address(lambda: "10.8.0.2", lambda: HOME) == "10.8.0.2"  # the route decides
    assert address.lan_address(lambda: None, lambda: HOME) == "192.168.1.23"  # not docker0, not virbr0
    assert address.lan_address(lambda: None, lambda: [("lo", "127.0.0.1"), ("docker0", "172.17.0.1")]) == ("172.17.0.1")
    link_local = [("lo", "127.0.0.1"), ("eth0", "169.254.7.9"), ("eth1", "203.0.113.5")]
    assert address.lan_address(lambda: None, lambda: link_local) == "203.0.113.5"
    assert address.lan_address(lambda: None, lambda: [("eth0", "169.254.7.9")]) == "169.254.7.9"
    assert address.lan_address(lambda: None, lambda: [("lo", "127.0.0.1")]) is None
    assert address.lan_address(lambda: "127.0.1.1", lambda: [("", "127.0.1.1"), ("", "192.168.0.4")]) == "192.168.0.4"


def test_the_printed_host_is_an_address_never_a_name() -> None:
    lan = lambda: "192.168.1.23"  # noqa: E731
    for every in ("0.0.0.0", "::", ""):
        assert address.url_host(every, lan) == "192.168.1.23"
        assert address.url_host(every, lambda: None) == "127.0.0.1"
    assert address.url_host("192.168.1.5", lan) == "192.168.1.5"
    assert address.url_host("::1", lan) == "[::1]"
    assert address.url_host("[fe80::1]", lan) == "[fe80::1]"
    assert address.url_host("localhost", lan) == "127.0.0.1"
    named = address.url_host(socket.gethostname(), lan)  # this computer's name: the address it stands for
    assert ipaddress.ip_address(named.strip("[]"))


def test_this_computers_interfaces_and_route_agree() -> None:
    """The real look-ups, on whatever network this machine has (none at all is allowed)."""
    found = address.interfaces()
    assert ("lo", "127.0.0.1") in found or not any(name == "lo" for name, _ in found)
    out = address.outgoing()
    assert out is None or out in {a for _, a in found}
    lan = address.lan_address()
    assert lan is None or (ipaddress.ip_address(lan).version == 4 and not ipaddress.ip_address(lan).is_loopback)


def test_the_names_this_server_answers_to() -> None:
    names = address.own_names("0.0.0.0", "192.168.1.23", lambda: HOME)
    assert {"localhost", "127.0.0.1", "::1", "192.168.1.23", "172.17.0.1", socket.gethostname().lower()} <= names
    assert f"{socket.gethostname().lower()}.local" in names and "0.0.0.0" not in names
    assert address.host_of("Table.Local.:8765") == "table.local"
    assert address.host_of("[::1]:8765") == "::1" and address.host_of("[::1") == ""
    assert address.same_address("::ffff:192.168.1.23", "192.168.1.23")
    assert address.client_address(("::ffff:10.0.0.5", 5000, 0, 0)) == "10.0.0.5"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_terminal_code_opens_the_tables_page_and_the_scorers_link_is_text(tmp_path: Path, lang: str) -> None:
    db = tmp_path / "games.sqlite3"
    stored_examples(db)
    served = Served(db, lang=lang)
    try:
        head = "".join(served.head)
        assert served.link and served.table_link and served.link != served.table_link
        scorer = next(line for line in served.head if served.link in line)
        table = next(line for line in served.head if served.table_link in line)
        assert scorer.startswith("The scorer's link" if lang == "en" else "記録係のリンク")
        assert table.startswith("The table's page" if lang == "en" else "卓のページ")
        code = [line.rstrip() for line in served.head if line.strip() and set(line.strip()) <= set("▀▄█ ")]
        assert code == [row.rstrip() for row in half_blocks(qr_matrix(served.table_link)) if row.strip()]
        assert "Bound to 127.0.0.1" in head or "127.0.0.1 で待ち受けています" in head
    finally:
        code_, _, err = served.stop(signal.SIGTERM)
    assert code_ == 0, err
