"""``gofish serve`` for real: textual-serve on a loopback port, a page over HTTP, the app over
its websocket (the protocol textual-serve's page speaks: binary frames of terminal output one
way, ``["stdin", text]`` messages the other)."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

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


@dataclass
class Served:
    port: int
    data: Path
    process: subprocess.Popen
    log: Path
    url: str = ""  # the address printed at start, with its token

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def token(self) -> str:
        return self.url.split("token=", 1)[1]

    @property
    def origin(self) -> dict[str, str]:
        return {"Origin": self.base}

    def ws_url(self, token: str | None = None) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{token or self.token}?width=80&height=24"


def start_server(tmp_path: Path, *options: str) -> Served:
    port = free_port()
    data = tmp_path / "served-data"
    env = {**os.environ, "GOFISH_DATA_DIR": str(data), "GOFISH_DELAY": "0"}
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "gofish", "--lang", "en", "serve",
                                    "--port", str(port), *options], env=env,
                                   stdin=subprocess.DEVNULL, stdout=out,
                                   stderr=subprocess.STDOUT)
    served = Served(port, data, process, log)

    def printed() -> str | None:
        assert process.poll() is None, f"gofish serve stopped: {log.read_text()}"
        found = re.search(r"gofish is served at (\S+)", log.read_text())
        return found.group(1) if found else None

    served.url = str(wait_until(printed, 20, "gofish serve to print its address"))
    return served


@pytest.fixture
def serve_options() -> tuple[str, ...]:
    return ()


@pytest.fixture
def server(tmp_path, serve_options):
    served = start_server(tmp_path, *serve_options)
    try:
        yield served
    finally:
        stop(served.process)
        kill_leftovers("GOFISH_DATA_DIR", str(served.data))


def app_pids(data) -> list[int]:
    """The app processes textual-serve started (the server has the data dir too, not the driver)."""
    return [pid for pid in pids_with_env("GOFISH_DATA_DIR", str(data))
            if b"TEXTUAL_DRIVER=textual.drivers.web_driver:WebDriver"
            in open(f"/proc/{pid}/environ", "rb").read()]


async def get(http: aiohttp.ClientSession, url: str) -> tuple[int, str]:
    async with http.get(url) as response:
        return response.status, await response.text()


async def refused(http: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> int:
    """The HTTP status a WebSocket upgrade got instead of a session."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
        async with http.ws_connect(url, headers=headers):
            pass
    return refusal.value.status


async def test_the_browser_gets_the_game_over_the_websocket(server) -> None:
    assert server.url.startswith(f"{server.base}/?token=") and len(server.token) >= 32
    async with aiohttp.ClientSession() as http:
        status, html = await get(http, server.url)
        assert status == 200
        assert f'"ws://127.0.0.1:{server.port}/ws/{server.token}"' in html and "gofish" in html

        async with http.ws_connect(server.ws_url(), headers=server.origin) as ws:
            start = await read_until(ws, "New game (N)")
            assert "Players (2 to 6)" not in start
            assert len(app_pids(server.data)) == 1
            await ws.send_json(["stdin", "n"])  # the key for a new game
            await read_until(ws, "Players (2 to 6)")  # the setup screen
    # closing the page ends its game process
    await asyncio.to_thread(wait_until, lambda: not app_pids(server.data), 10, "the app to exit")
    assert server.process.poll() is None, "the server must outlive a page"


async def test_a_page_or_websocket_without_the_token_is_refused(server) -> None:
    async with aiohttp.ClientSession() as http:
        for url in (server.base + "/", server.base + "/?token=", server.base + "/?token=x",
                    server.url[:-1]):
            status, html = await get(http, url)
            assert status == 403, url
            assert "needs the token" in html and server.token not in html
        for url in (f"ws://127.0.0.1:{server.port}/ws?width=80&height=24",
                    server.ws_url("not-the-token"), server.ws_url(server.token[:-1])):
            assert await refused(http, url, server.origin) == 403, url
    assert app_pids(server.data) == [], "a refused request started a game process"


async def test_a_websocket_from_another_origin_is_refused(server) -> None:
    """What a web page elsewhere would do: it may even know the token, not its own origin."""
    async with aiohttp.ClientSession() as http:
        for headers in ({"Origin": "http://evil.example"},
                        {"Origin": f"http://evil.example:{server.port}"},  # DNS rebinding
                        {"Origin": f"http://127.0.0.1:{server.port + 1}"},  # another port
                        {"Origin": f"https://127.0.0.1:{server.port}"},
                        {"Origin": "null"},  # a sandboxed frame or a file:// page
                        {}):  # no Origin at all
            assert await refused(http, server.ws_url(), headers) == 403, headers
        # the names of this machine at the served port are this server's own pages
        for name in ("localhost", "[::1]"):
            origin = {"Origin": f"http://{name}:{server.port}"}
            async with http.ws_connect(server.ws_url(), headers=origin) as ws:
                await read_until(ws, "New game (N)")
    await asyncio.to_thread(wait_until, lambda: not app_pids(server.data), 10, "the apps to exit")


@pytest.mark.parametrize("serve_options", [("--max-sessions", "2")])
async def test_sessions_beyond_the_cap_are_refused(server) -> None:
    async with aiohttp.ClientSession() as http:
        first = await http.ws_connect(server.ws_url(), headers=server.origin)
        second = await http.ws_connect(server.ws_url(), headers=server.origin)
        for ws in (first, second):
            await read_until(ws, "New game (N)")
        assert len(app_pids(server.data)) == 2
        status, html = await get(http, server.url)
        assert status == 503 and "2 games are open already" in html
        # the page tries again by itself: a reload at the cap lands here while the old page,
        # and its game, are still open (the browser keeps it until this answer comes)
        assert "<meta http-equiv='refresh' content='2'>" in html
        assert await refused(http, server.ws_url(), server.origin) == 503
        assert len(app_pids(server.data)) == 2
        await first.close()  # one page closed: a place for the next
        await asyncio.to_thread(wait_until, lambda: len(app_pids(server.data)) == 1, 10,
                                "the first app to exit")
        assert (await get(http, server.url))[0] == 200
        async with http.ws_connect(server.ws_url(), headers=server.origin) as third:
            await read_until(third, "New game (N)")
        await second.close()


@pytest.mark.parametrize("serve_options", [("--no-token",)])
async def test_without_a_token_the_origin_is_still_checked(server) -> None:
    assert server.url == f"{server.base}/"
    async with aiohttp.ClientSession() as http:
        status, html = await get(http, server.url)
        assert status == 200 and f'"ws://127.0.0.1:{server.port}/ws"' in html
        url = f"ws://127.0.0.1:{server.port}/ws?width=80&height=24"
        assert await refused(http, url, {"Origin": "http://evil.example"}) == 403
        async with http.ws_connect(url, headers=server.origin) as ws:
            await read_until(ws, "New game (N)")


def live_apps(data) -> int:
    """How many app processes run now (one may exit while it is looked at)."""
    count = 0
    for pid in pids_with_env("GOFISH_DATA_DIR", str(data)):
        try:
            environ = Path(f"/proc/{pid}/environ").read_bytes()
        except OSError:
            continue
        count += b"TEXTUAL_DRIVER=textual.drivers.web_driver:WebDriver" in environ
    return count


@pytest.mark.parametrize("serve_options", [("--max-sessions", "1")])
async def test_opening_and_closing_pages_quickly_never_runs_more_than_twice_the_cap(
        server) -> None:
    """A place is free as soon as its page closes, while its process saves and exits (so a
    reload gets in); pages opened and closed in a loop once ran one process each, all at once
    (57 processes at --max-sessions 2). A process counts until it has exited: at most the cap
    of open pages, and as many again still exiting."""
    most = 0
    done = False

    def watch() -> None:
        nonlocal most
        while not done:
            most = max(most, live_apps(server.data))

    watcher = asyncio.create_task(asyncio.to_thread(watch))
    statuses = []
    try:
        async with aiohttp.ClientSession() as http:
            for _ in range(10):
                try:
                    async with http.ws_connect(server.ws_url(), headers=server.origin):
                        statuses.append(101)
                except aiohttp.WSServerHandshakeError as refusal:
                    statuses.append(refusal.status)
        await asyncio.sleep(1)
    finally:
        done = True
        await watcher
    assert most <= 2, f"{most} game processes at once at --max-sessions 1 ({statuses})"
    assert statuses[0] == 101 and set(statuses) <= {101, 503}
    await asyncio.to_thread(wait_until, lambda: not live_apps(server.data), 20, "the apps to exit")
    async with aiohttp.ClientSession() as http, \
            http.ws_connect(server.ws_url(), headers=server.origin) as ws:
        await read_until(ws, "New game (N)")  # once they are gone, a page gets in


async def test_the_servers_log_never_writes_the_token(server) -> None:
    """aiohttp's access log printed every request line, '/?token=…' and '/ws/TOKEN', and the
    Referer (a browser sends the page's whole address with each file the page loads): a log
    kept by a service manager held the token in every line."""
    page = server.url
    async with aiohttp.ClientSession() as http:
        assert (await get(http, page))[0] == 200
        async with http.get(f"{server.base}/static/css/xterm.css",
                            headers={"Referer": page}) as response:
            assert response.status == 200
        async with http.ws_connect(server.ws_url(), headers=server.origin) as ws:
            await read_until(ws, "New game (N)")
    await asyncio.to_thread(wait_until, lambda: not live_apps(server.data), 20, "the app to exit")
    await asyncio.to_thread(stop, server.process)  # its output, written out
    log = server.log.read_text()
    assert "GET /static/css/xterm.css" in log  # the requests are logged, the token is not
    assert log.count(server.token) == 1, log  # only where the address is printed at start


def test_the_token_is_taken_out_of_a_logged_path() -> None:
    from gofish.commands.web import without_token

    assert without_token("/ws/abc-DEF_1?width=80&height=24") == "/ws/\u2026?width=80&height=24"
    assert without_token("/?fontsize=12&token=abc&x=1") == "/?fontsize=12&token=\u2026&x=1"
    assert without_token("/static/js/textual.js") == "/static/js/textual.js"


def test_a_message_nested_too_deep_or_an_odd_ping_is_dropped() -> None:
    """``[`` 5,000 times is valid JSON's start but too deep for the parser: RecursionError
    went past envelope_of and ended the session with a traceback in the log."""
    from gofish.commands.web import envelope_of

    assert envelope_of("[" * 5000) is None
    assert envelope_of('["stdin", ' + "[" * 5000 + "]") is None
    assert envelope_of('["ping", "1719"]') == ("ping", "1719")  # what the page sends
    assert envelope_of('["ping", [[[1]]]]') is None  # echoed back: text only
    assert envelope_of('["resize", {"width": 80, "height": 24}]') == \
        ("resize", {"width": 80, "height": 24})


async def test_malformed_messages_are_dropped_and_the_game_goes_on(server) -> None:
    """textual-serve ended the session at the first message it could not read, and logged a
    traceback with its locals: the request, token and all. Such a message is dropped now, and
    a size out of reason is not passed on."""
    async with aiohttp.ClientSession() as http, \
            http.ws_connect(server.ws_url(), headers=server.origin) as ws:
        await read_until(ws, "New game (N)")
        for bad in ('["stdin", 1]', "not json", "[]", "{}", '[1, 2]', '["resize"]',
                    '["resize", {"width": -5, "height": 100000}]',
                    '["resize", {"width": "80", "height": 24}]', '["stdin"]',
                    '["stdin", "\\ud800"]', "[" * 5000):
            await ws.send_str(bad)
        await ws.send_json(["stdin", "n"])  # and the page's keys still go through
        await read_until(ws, "Players (2 to 6)")
    await asyncio.to_thread(wait_until, lambda: not live_apps(server.data), 20, "the app to exit")
    await asyncio.to_thread(stop, server.process)
    log = server.log.read_text()
    assert log.count(server.token) == 1 and "Traceback" not in log, log


async def test_the_page_may_not_be_framed_cached_or_named_elsewhere(server) -> None:
    """A site that had the token could not open the WebSocket from its own origin, but it
    could frame the page itself (whose origin is this server's) and have the player click in
    it. The page (and its refusals) now forbid framing, caching (the page holds the token)
    and a Referer."""
    async with aiohttp.ClientSession() as http:
        for url in (server.url, server.base + "/"):
            async with http.get(url) as response:
                headers = response.headers
                assert headers.get("X-Frame-Options") == "DENY", url
                assert "frame-ancestors 'none'" in headers.get("Content-Security-Policy", "")
                assert headers.get("Referrer-Policy") == "no-referrer"
                assert "no-store" in headers.get("Cache-Control", "")
