"""``gofish join`` to an address where nobody listens says so, instead of connecting for ever."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from gofish.net.client import RemoteSession
from gofish.net.seat_client import FIRST_CONTACT, SeatClient, Stop


def a_closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed on leaving: nobody listens there


async def test_a_host_never_reached_is_reported_with_the_address() -> None:
    port = a_closed_port()
    client = SeatClient("127.0.0.1", port, "ABCDEF", "Ann", session=RemoteSession(),
                        first_contact=0.5)
    started = time.monotonic()
    with pytest.raises(Stop) as stop:
        await asyncio.wait_for(client.run(), 10)
    took = time.monotonic() - started
    assert 0.5 <= took < 5
    assert f"127.0.0.1:{port}" in stop.value.text


def test_the_default_first_contact_is_a_few_seconds() -> None:
    assert 2 <= FIRST_CONTACT <= 15
