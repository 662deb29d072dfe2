"""textual-serve with a door: a secret token in the URL, the Origin checked, a cap on sessions.

textual-serve 1.1.3 answers any request: a page on any web site, open in the user's browser,
could open the WebSocket to 127.0.0.1 and play (or delete saved games) as the user, and every
page starts one more process. ``GuardedServer`` subclasses its ``Server`` and keeps its
WebSocket handler and app service; in front of them it checks:

- the token: the page is ``/?token=SECRET`` and its WebSocket ``/ws/SECRET``, as notebook
  servers do; anything without it gets 403. ``token=None`` turns this off (for use behind a
  proxy that authenticates);
- the Origin of the WebSocket upgrade: only the origins this server is served at (a browser
  always sends it, and a page cannot forge it);
- the number of sessions open at once: beyond ``max_sessions`` a page says so (503) and a
  WebSocket is refused. A session's place is free as soon as its WebSocket closes, while its
  process is still saving and exiting: a reloaded page would otherwise find no room. A process
  still counts until it has exited, and at most ``max_sessions`` more may be exiting: pages
  opened and closed in a loop once ran a process each, all at once.

The page is gofish's own (``gofish/web/templates``): its title, icon and colours, a line on how
to leave, and nothing loaded from outside this server (textual-serve's page pulls its font from
a public font service; ours takes the same font from textual-serve's static files).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import json
import logging
import re
import secrets
import signal
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from aiohttp.abc import AbstractAccessLogger
from textual_serve.server import Server, to_int

from gofish.commands.addresses import is_loopback
from gofish.i18n import _, language, ngettext

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
# On every answer: no page elsewhere may frame this one (a site that had the token could not
# open the WebSocket from its own origin, but could frame the page and have the player click
# in it), the page (which holds the token) is not cached, and no Referer names it.
HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
WEB = Path(__file__).resolve().parent.parent / "web"  # gofish's page and icon


def new_token() -> str:
    return secrets.token_urlsafe(24)


def origin_of(url: str) -> str | None:
    """``scheme://host:port`` of a URL, lower case, the port always written; None if none."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    host = parts.hostname
    if scheme not in DEFAULT_PORTS or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host.lower()}:{port or DEFAULT_PORTS[scheme]}"


def served_origins(host: str, port: int, public_url: str) -> frozenset[str]:
    """The origins a page of this server can have: its public URL's, and on loopback the
    other names of this machine at the same port (a page opened as localhost or 127.0.0.1)."""
    origins = {origin_of(public_url)}
    if is_loopback(host):
        origins.update(origin_of(f"http://{name}:{port}") for name in LOOPBACK_NAMES)
    return frozenset(o for o in origins if o)


MAX_PING = 100  # characters of a ping's data (the page sends a clock reading)
MAX_SIZE = 1000  # columns or rows a page may ask for (a 4K screen in a small font: about 550)


def envelope_of(text: str) -> tuple[str, Any] | None:
    """A page's message as (type, data), checked: ``["stdin", text]``, ``["resize", {"width":
    W, "height": H}]`` (1 to MAX_SIZE each), ``["ping", data]``, ``["blur"]``, ``["focus"]``;
    None for anything else. textual-serve took them unchecked: the first malformed one ended
    the session, with a traceback of its locals (the request, token and all) in the log. JSON
    nested too deep for the parser (``[`` 5,000 times) is a RecursionError, not a ValueError.
    A ping's data is echoed back: the page sends text, and only text is echoed."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        if not isinstance(data, str) or not data.isascii() and not _utf8(data):
            return None
        return kind, data
    if kind == "resize":
        if not isinstance(data, dict):
            return None
        width, height = data.get("width"), data.get("height")
        if not all(type(n) is int and 1 <= n <= MAX_SIZE for n in (width, height)):
            return None
        return kind, {"width": width, "height": height}
    if kind == "ping":
        return (kind, data) if isinstance(data, str) and len(data) <= MAX_PING else None
    if kind in ("blur", "focus"):
        return kind, data
    return None


def _utf8(text: str) -> bool:
    """Whether ``text`` can be sent as UTF-8 (JSON can carry a lone surrogate; it cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_SECRET_IN_PATH = re.compile(r"(/ws/|[?&]token=)[^/?&#\s]+")


def without_token(path: str) -> str:
    """A request's path and query with the token taken out: ``/ws/…``, ``/?token=…``."""
    return _SECRET_IN_PATH.sub(lambda m: m.group(1) + "\u2026", path)


class AccessLog(AbstractAccessLogger):
    """aiohttp's access log without the token: its own wrote every request line, and the
    Referer a browser sends with each file a page loads, token and all, into the server's
    output (which a service manager keeps)."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info('%s "%s %s" %s', request.remote, request.method,
                         without_token(request.path_qs), response.status)


def _page(status: int, title: str, text: str, retry: int | None = None) -> web.Response:
    """A plain page with a message; ``retry`` seconds: the browser loads the address again."""
    again = f"<meta http-equiv='refresh' content='{retry}'>" if retry else ""
    body = (f"<!DOCTYPE html><html><head><meta charset='utf-8'>{again}"
            f"<title>{html.escape(title)}</title></head>"
            f"<body style='font-family: monospace; margin: 3em; background: #121212; "
            f"color: #e0e0e0'>"
            f"<h1>{html.escape(title)}</h1><p>{html.escape(text)}</p></body></html>")
    return web.Response(status=status, text=body, content_type="text/html")


class GuardedServer(Server):
    """textual-serve's Server behind a token, an Origin check and a cap on sessions."""

    def __init__(self, command: str, *, host: str, port: int, title: str,
                 public_url: str | None, token: str | None,
                 max_sessions: int) -> None:
        if public_url is None and ":" in host:  # an IPv6 address: written in brackets
            public_url = f"http://[{host}]:{port}"
        super().__init__(command, host=host, port=port, title=title, public_url=public_url)
        self.public_url = self.public_url.rstrip("/")
        self.token = token
        self.max_sessions = max_sessions
        self.origins = served_origins(host, port, self.public_url)
        self.sessions: set[asyncio.Task[Any]] = set()  # each open WebSocket's handler
        self.processes: set[asyncio.Task[Any]] = set()  # ... until its process has exited
        self._services: dict[asyncio.Task[Any], Any] = {}  # each handler's AppService

    @property
    def url(self) -> str:
        """The address to open, with the token: the one thing to tell the player."""
        return f"{self.public_url}/?token={self.token}" if self.token else f"{self.public_url}/"

    async def _make_app(self) -> web.Application:
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(WEB / "templates"),
                             autoescape=True)
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.guard_websocket),
            web.get("/ws/{token}", self.guard_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
            web.get("/gofish/favicon.svg", self.handle_icon),
            web.get("/favicon.ico", self.handle_icon),  # asked for by browsers whatever the page says
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        app.on_response_prepare.append(self._headers)
        return app

    @staticmethod
    async def _headers(request: web.Request, response: web.StreamResponse) -> None:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to say yet: the port is not listening (textual-serve prints its logo here)."""

    def serve(self, debug: bool = False) -> None:
        """textual-serve's ``serve``, saying where to go once the port listens, not before (a
        browser or a test quick to follow the address found the port closed)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *_args: self.announce(), access_log_class=AccessLog)

    def announce(self) -> None:
        print(_("gofish is served at {url}").format(url=self.url), flush=True)
        if self.token:
            print(_("Open that address in a browser; without its token a page is refused."),
                  flush=True)
        print(ngettext("At most {n} game at once. Press Ctrl+C to stop.",
                       "At most {n} games at once. Press Ctrl+C to stop.",
                       self.max_sessions).format(n=self.max_sessions), flush=True)

    # ------------------------------------------------------------------ checks

    def token_ok(self, given: str | None) -> bool:
        if self.token is None:
            return True
        return given is not None and hmac.compare_digest(given.encode(), self.token.encode())

    def origin_ok(self, request: web.Request) -> bool:
        given = request.headers.get("Origin")
        return given is not None and origin_of(given) in self.origins

    def full(self) -> bool:
        """No place for one more game: ``max_sessions`` pages are open, or as many processes
        again are still exiting after their page closed (a reload needs one of those)."""
        return (len(self.sessions) >= self.max_sessions
                or len(self.processes) >= 2 * self.max_sessions)

    def refused_full(self) -> str:
        return ngettext(
            "{n} game is open already, the most this server allows: close it and reload "
            "this page (or start gofish serve with a larger --max-sessions).",
            "{n} games are open already, the most this server allows: close one and reload "
            "this page (or start gofish serve with a larger --max-sessions).",
            self.max_sessions).format(n=self.max_sessions)

    # ------------------------------------------------------------------ handlers

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if not self.token_ok(request.query.get("token")):
            return _page(403, _("gofish: wrong address"), _(
                "This address needs the token that gofish serve printed when it started: "
                "open the whole address it printed."))
        if self.full():
            # a reloaded page lands here too: the browser keeps the old page, and its game,
            # until this answer comes, so this page tries again once the old one is gone
            return _page(503, _("gofish: too many games"),
                         self.refused_full() + " " + _("This page tries again every 2 seconds."),
                         retry=2)
        websocket = f"{self.public_url}/ws" + (f"/{self.token}" if self.token else "")
        scheme, rest = websocket.split(":", 1)
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": ("wss:" if scheme == "https" else "ws:") + rest,
            "config": {"static": {"url": f"{self.public_url}/static/"}},
            "application": {"name": self.title},
            "page": {
                "lang": language(),
                "title": self.title,
                "assets": f"{self.public_url}/gofish/",
                "start": _("Start"),
                "ended": _("gofish has ended. Every move was saved."),
                "again": _("Back to gofish"),
                "leave": _("To leave: Esc then Q, or Ctrl+Q. Every move is saved: close the tab "
                           "freely; C on the start view continues."),
            },
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_icon(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(WEB / "favicon.svg", headers={"Content-Type": "image/svg+xml"})

    async def guard_websocket(self, request: web.Request) -> web.StreamResponse:
        if not self.token_ok(request.match_info.get("token")):
            raise web.HTTPForbidden(text=_("wrong or missing token"))
        if not self.origin_ok(request):
            raise web.HTTPForbidden(text=_("this page's origin may not open a game here"))
        for _wait in range(10):  # a page just closed may not have been seen to close yet
            if not self.full():
                break
            await asyncio.sleep(0.1)
        if self.full():
            raise web.HTTPServiceUnavailable(text=self.refused_full())
        session = asyncio.current_task()
        assert session is not None
        self.sessions.add(session)  # no await since the check: no other handler ran in between
        self.processes.add(session)
        try:
            return await self.handle_websocket(request)
        finally:
            self.sessions.discard(session)
            try:
                await self._exited(self._services.pop(session, None))
            finally:
                self.processes.discard(session)

    @staticmethod
    async def _exited(app_service: Any) -> None:
        """Wait for the page's process to exit: textual-serve is done with it once its output
        ends, but the process goes on a while after that (saving, closing)."""
        process = getattr(app_service, "_process", None)  # textual-serve 1.1.3's Process
        if process is not None:
            await process.wait()

    def initialize_logging(self) -> None:
        """textual-serve's logging, but a traceback shows no locals: they held the request,
        and so the token."""
        super().initialize_logging()
        for handler in logging.getLogger().handlers:
            if hasattr(handler, "tracebacks_show_locals"):
                handler.tracebacks_show_locals = False

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: Any) -> None:
        """textual-serve's message loop, each message checked (a malformed one is dropped);
        once it ends the page is gone and its place is free."""
        task = asyncio.current_task()
        assert task is not None
        self._services[task] = app_service
        try:
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                envelope = envelope_of(message.data)
                if envelope is None:
                    continue
                kind, data = envelope
                if kind == "stdin":
                    await app_service.send_bytes(data.encode("utf-8"))
                elif kind == "resize":
                    await app_service.set_terminal_size(data["width"], data["height"])
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
                elif kind == "blur":
                    await app_service.blur()
                elif kind == "focus":
                    await app_service.focus()
        finally:
            self.sessions.discard(asyncio.current_task())
