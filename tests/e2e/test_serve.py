"""``gofish serve`` for real: textual-serve on a loopback port, a page over HTTP, the app over
its websocket (the protocol textual-serve's page speaks: binary frames of terminal output one
way, ``["stdin", text]`` messages the other)."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys

import aiohttp  # textual-serve's own web library
import pytest
from e2e_support import free_port, kill_leftovers, pids_with_env, stop, wait_until

pytestmark = pytest.mark.e2e

ESCAPE = re.compile(r"\x1b(\[[0-9;:?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|[()][0-9A-Za-z]|[=>78])")


def plain(output: str) -> str:
    return ESCAPE.sub("", output)


async def read_until(ws, text: str, timeout: float = 20) -> str:
    """The terminal output received until ``text`` shows in it (escape codes removed)."""
    received = ""

    async def read() -> None:
        nonlocal received
        while text not in plain(received):
            message = await ws.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                received += message.data.decode("utf-8", "replace")
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                  aiohttp.WSMsgType.ERROR):
                raise AssertionError(f"the websocket closed before {text!r} came")

    try:
        await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        raise AssertionError(f"no {text!r} within {timeout} s; got:\n{plain(received)[-2000:]}")\
            from None
    return plain(received)


@pytest.fixture
def server(tmp_path):
    port = free_port()
    data = tmp_path / "served-data"
    env = {**os.environ, "GOFISH_DATA_DIR": str(data), "GOFISH_DELAY": "0"}
    log = (tmp_path / "serve.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "gofish", "--lang", "en", "serve",
                                "--port", str(port)], env=env, stdin=subprocess.DEVNULL,
                               stdout=log, stderr=subprocess.STDOUT)
    try:
        yield port, data, process
    finally:
        stop(process)
        log.close()
        kill_leftovers("GOFISH_DATA_DIR", str(data))


def app_pids(data) -> list[int]:
    """The app processes textual-serve started (the server has the data dir too, not the driver)."""
    return [pid for pid in pids_with_env("GOFISH_DATA_DIR", str(data))
            if b"TEXTUAL_DRIVER=textual.drivers.web_driver:WebDriver"
            in open(f"/proc/{pid}/environ", "rb").read()]


async def test_the_browser_gets_the_game_over_the_websocket(server) -> None:
    port, data, process = server
    base = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as http:

        async def page() -> str | None:
            try:
                async with http.get(base + "/") as response:
                    return await response.text() if response.status == 200 else None
            except aiohttp.ClientConnectionError:
                return None

        html = None
        for _attempt in range(200):
            assert process.poll() is None, "gofish serve stopped"
            html = await page()
            if html:
                break
            await asyncio.sleep(0.1)
        assert html, "the page never loaded"
        assert f"ws://127.0.0.1:{port}/ws" in html and "gofish" in html

        async with http.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24") as ws:
            start = await read_until(ws, "New game (N)")
            assert "Players (2 to 6)" not in start
            assert len(app_pids(data)) == 1
            await ws.send_json(["stdin", "n"])  # the key for a new game
            await read_until(ws, "Players (2 to 6)")  # the setup screen
    # closing the page ends its game process
    await asyncio.to_thread(wait_until, lambda: not app_pids(data), 10, "the app to exit")
    assert process.poll() is None, "the server must outlive a page"
