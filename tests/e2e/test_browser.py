"""``gofish serve`` in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright pointed at that binary: nothing is downloaded) plays a game against a computer with
the keyboard and the mouse, reloads mid-game and continues it, while every request the browser
makes is recorded: none may leave 127.0.0.1. A page from another origin, holding the right
token, still cannot open a game.

The terminal in the page is xterm.js; its screen is read from xterm's buffer. textual-serve's
script keeps its ``Terminal`` in a closure, so an init script catches it as it is stored
(``this.terminal = ...``). Click targets are found in that text, never at fixed coordinates.

``GOFISH_BROWSER_SCREENSHOT=screenshots/browser.png`` keeps the table's screenshot there
(otherwise it goes to the test's temporary folder).
"""

from __future__ import annotations

import os
import re
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest
from e2e_support import free_port, kill_leftovers, stop, wait_until
from test_serve import app_pids, start_server

from gofish.engine import Ask, Game
from gofish.store import Store


def _actors(record) -> list[int]:
    """Who took each action of a saved game, replayed from its beginning."""
    game = Game(record.rules, len(record.seats), record.seed)
    actors = []
    for action in record.actions:
        actors.append(game.to_act)
        game.apply(action)
    return actors

pytestmark = pytest.mark.e2e

CHROMIUM_HINT = "apt-get install chromium (.ci/run does)"
HOOK = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {value, writable: true, configurable: true,
                                             enumerable: true});
    if (value && value.buffer && value.cols && !window.gofishTerminal) {
      window.gofishTerminal = value;
    }
  },
});
window.gofishScreen = () => {
  const t = window.gofishTerminal;
  if (!t) return "";
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
};
"""
CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]")
FACE_RANK = re.compile(r"(?<=[│║|])(10|[2-9AJQK])(?![0-9A-Za-z])")
SUIT_SIGNS = frozenset("♠♥♦♣")


def chromium() -> str:
    """The system's Chromium, or a skip (a failure on CI) naming what is missing."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    reason = None
    if not found:
        reason = f"Chromium is not installed here ({CHROMIUM_HINT})"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            reason = "playwright is not installed (pip install -e '.[test]')"
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run this test, but {reason}")
        pytest.skip(reason)
    return str(found)


class Requests:
    """Every request the browser makes (pages, scripts, fonts, icons, WebSockets)."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.outside: list[str] = []

    def record(self, url: str) -> None:
        self.urls.append(url)
        if urlsplit(url).hostname != "127.0.0.1":
            self.outside.append(url)


@pytest.fixture
def server(tmp_path):
    """gofish serve on a free port, with its token, a data dir of its own, GOFISH_DELAY=0, and
    room for one game at a time."""
    served = start_server(tmp_path, "--max-sessions", "1")
    try:
        yield served
    finally:
        stop(served.process)
        kill_leftovers("GOFISH_DATA_DIR", str(served.data))


@pytest.fixture
def browser() -> Iterator[tuple[object, Requests]]:
    from playwright.sync_api import sync_playwright

    executable = chromium()
    requests = Requests()
    with sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch(
                executable_path=executable,
                args=["--no-sandbox", "--disable-dev-shm-usage", "--no-first-run"])
        except Exception as e:  # a Chromium that cannot start here (no display libraries...)
            if os.environ.get("CI"):
                raise
            pytest.skip(f"Chromium at {executable} does not start here: {e}")
        context = launched.new_context(viewport={"width": 1000, "height": 640})
        context.on("request", lambda r: requests.record(r.url))
        context.on("page", lambda p: p.on("websocket", lambda ws: requests.record(ws.url)))

        def only_here(route) -> None:  # record, and never wait on, anything from outside
            if urlsplit(route.request.url).hostname == "127.0.0.1":
                route.continue_()
            else:
                route.abort()

        context.route("**/*", only_here)
        context.add_init_script(HOOK)
        try:
            yield context, requests
        finally:
            context.close()
            launched.close()


# ---------------------------------------------------------------------- the page's terminal

def screen(page) -> str:
    """The terminal's text, row by row ("" while a page is loading)."""
    from playwright.sync_api import Error

    try:
        return page.evaluate("window.gofishScreen ? window.gofishScreen() : ''")
    except Error:  # the page navigated away meanwhile (a reload, a retry)
        return ""


def wait_for(page, text: str | Callable[[str], bool], timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while True:
        shown = screen(page)
        if text(shown) if callable(text) else text in shown:
            return shown
        if time.monotonic() > deadline:
            raise AssertionError(f"no {text!r} on the page within {timeout} s; it shows:\n{shown}")
        time.sleep(0.05)


def settled(page, timeout: float = 20) -> str:
    """The screen once it has not changed for half a second (the computer has played)."""
    deadline = time.monotonic() + timeout
    last, since = screen(page), time.monotonic()
    while time.monotonic() - since < 0.5:
        time.sleep(0.05)
        now = screen(page)
        if now != last:
            last, since = now, time.monotonic()
        if time.monotonic() > deadline:
            raise AssertionError(f"the page kept changing for {timeout} s:\n{last}")
    return last


def my_turn(page) -> str:
    deadline = time.monotonic() + 30
    while True:
        shown = settled(page)
        if "Your turn" in shown:
            return shown
        assert "Game over" not in shown and "wins" not in shown, f"the game ended:\n{shown}"
        if time.monotonic() > deadline:
            raise AssertionError(f"never my turn:\n{shown}")


def find(shown: str, pattern: str | re.Pattern[str], after: int = 0) -> tuple[int, int]:
    """(row, column) of the first match at or below row ``after``."""
    for row, line in enumerate(shown.split("\n")):
        if row < after:
            continue
        found = re.search(pattern, line)
        if found:
            return row, found.start()
    raise AssertionError(f"no {pattern!r} on the page:\n{shown}")


def click_cell(page, row: int, column: int) -> None:
    """A mouse click on a terminal cell, where the browser lays it out."""
    box = page.locator(".xterm-screen").bounding_box()
    cols, rows = page.evaluate("[window.gofishTerminal.cols, window.gofishTerminal.rows]")
    page.mouse.click(box["x"] + (column + 0.5) * box["width"] / cols,
                     box["y"] + (row + 0.5) * box["height"] / rows)


def hand(shown: str) -> tuple[int, list[tuple[str, int]]]:
    """The row of the player's hand and its cards' ranks with their columns."""
    title, _ = find(shown, r"Your hand")
    lines = shown.split("\n")
    for row in range(title + 1, min(title + 6, len(lines))):
        line = lines[row]
        cards = [(m.group(1), m.start()) for m in CARD.finditer(line)]
        if cards:
            return row, cards
        # card faces: the rank in a frame, its suit right under it
        below = lines[row + 1] if row + 1 < len(lines) else ""
        faces = [(m.group(1), m.start()) for m in FACE_RANK.finditer(line)
                 if below[m.start():m.start() + 1] in SUIT_SIGNS]
        if faces:
            return row, faces
    raise AssertionError(f"no cards under 'Your hand':\n{shown}")


def asks(shown: str) -> int:
    return shown.count("You asked")


WORDS = dict(zip(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],
                 ["aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                  "nines", "tens", "jacks", "queens", "kings"], strict=True))


def last_ask(shown: str) -> str:
    """The rank, in words, of the player's latest ask in the log."""
    return re.findall(r"You asked Bob for (\w+)", shown)[-1]


# ---------------------------------------------------------------------- another origin

EVIL = """<!DOCTYPE html><title>waiting</title><script>
const ws = new WebSocket(%r);
ws.onopen = () => { document.title = "opened"; };
ws.onclose = () => { if (document.title !== "opened") document.title = "refused"; };
</script>"""


@contextmanager
def other_origin(websocket_url: str) -> Iterator[str]:
    """A page on another port of this machine that tries to open gofish's WebSocket."""
    body = (EVIL % websocket_url).encode()

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Page)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


# ---------------------------------------------------------------------- the test

def test_a_game_in_chromium(server, browser, tmp_path):
    context, requests = browser
    started = time.monotonic()

    # without the token: refused, and no game process
    page = context.new_page()
    response = page.goto(f"{server.base}/")
    assert response.status == 403 and "wrong address" in page.title()
    assert app_pids(server.data) == []

    # the address gofish serve printed: gofish's page, the start view in its terminal
    response = page.goto(server.url)
    assert response.status == 200
    wait_for(page, "New game (N)")
    assert page.title() == "gofish"
    icon = page.locator("link[rel=icon]").get_attribute("href")
    assert page.request.get(icon).headers["content-type"] == "image/svg+xml"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(18, 18, 18)"
    assert "Ctrl+Q" in page.locator(".leave").inner_text()
    assert page.evaluate("""[...document.fonts].some(
        f => f.family.includes("Roboto Mono") && f.status === "loaded")"""), "no terminal font"
    assert len(app_pids(server.data)) == 1

    # a new game against the computer that the setup offers, with the keyboard
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("n")
    wait_for(page, "Players")
    page.keyboard.press("Control+s")
    shown = my_turn(page)

    # an ask with the keyboard, as the help says: the opponent's number, a rank's key, Enter
    _, cards = hand(shown)
    rank = cards[0][0]
    before = asks(shown)
    page.keyboard.press("2")  # Bob, seat 2
    page.keyboard.press("0" if rank == "10" else rank)
    page.keyboard.press("Enter")

    def asked(shown: str) -> bool:
        if "Enter again" in " ".join(shown.split()):  # a proved miss: the second Enter asks
            page.keyboard.press("Enter")
        return asks(shown) > before

    shown = wait_for(page, asked)
    assert last_ask(shown) == WORDS[rank], shown
    shown = my_turn(page)

    # an ask with the mouse: a card of the hand, the opponent, then [Ask]
    row, cards = hand(shown)
    rank, column = cards[-1]
    before = asks(shown)
    click_cell(page, row, column)
    shown = settled(page)
    try:
        opponent = find(shown, r"\bBob\s+\d+ cards")  # Bob's place at the table, not the log
    except AssertionError:
        opponent = find(shown, r"\bBob\b")
    click_cell(page, opponent[0], opponent[1])
    shown = settled(page)
    button = find(shown, r"\[ ?Ask ?\]")
    click_cell(page, button[0], button[1] + 1)

    def clicked(shown: str) -> bool:
        if "Enter again" in " ".join(shown.split()):  # a proved miss: a second [Ask] asks
            page.keyboard.press("Enter")
        return asks(shown) > before

    shown = wait_for(page, clicked)
    assert last_ask(shown) == WORDS[rank], shown
    shown = my_turn(page)
    table = tmp_path / "browser.png"
    page.screenshot(path=str(table))
    if os.environ.get("GOFISH_BROWSER_SCREENSHOT"):
        shutil.copy(table, os.environ["GOFISH_BROWSER_SCREENSHOT"])

    # a second page at the same address while the game is open: no room
    second = context.new_page()
    response = second.goto(server.url)
    assert response.status == 503 and "too many games" in second.title()
    second.close()
    assert len(app_pids(server.data)) == 1

    # reload mid-game: a new session, whose C continues the same game where it was
    _, held = hand(shown)
    page.reload()
    wait_for(page, "Continue (C)")
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("c")
    resumed = my_turn(page)
    assert [r for r, _ in hand(resumed)[1]] == [r for r, _ in held], resumed
    # the same saved game, both asks of this page in it (the log on screen may have scrolled)
    [info] = [i for i in Store(server.data).list() if not i.finished]
    record = Store(server.data).load(info.id)
    mine = [a for a, e in zip(record.actions, _actors(record), strict=True)
            if e == 0 and isinstance(a, Ask)]
    assert len(mine) >= 2, resumed
    games = app_pids(server.data)
    assert len(games) == 1, "the reloaded page's old game process is still running"

    # a page of another origin, holding the right token, gets nothing
    with other_origin(server.ws_url()) as evil_url:
        evil = context.new_page()
        evil.goto(evil_url)
        evil.wait_for_function("document.title !== 'waiting'", timeout=10_000)
        assert evil.title() == "refused"
        assert app_pids(server.data) == games
        evil.close()

    # leaving as the line under the terminal says: Esc to the start view, then Q
    page.bring_to_front()
    page.focus(".xterm-helper-textarea")
    for _ in range(3):
        page.keyboard.press("Escape")
        if "Continue (C)" in settled(page):
            break
    assert "Continue: " in wait_for(page, "Continue (C)")  # the game, saved, to continue
    page.keyboard.press("q")
    page.wait_for_selector(".closed-dialog", state="visible", timeout=10_000)
    assert "Every move was saved" in page.locator(".closed-dialog").inner_text()
    wait_until(lambda: app_pids(server.data) == [], 10, "the game's process to end")

    assert requests.outside == [], f"requests left this machine: {requests.outside}"
    assert any("/ws/" in url for url in requests.urls)
    print(f"\n{len(requests.urls)} requests in {time.monotonic() - started:.1f} s:")
    for url in requests.urls:
        print("  ", url.replace(server.token, "TOKEN"))


# ---------------------------------------------------------------------- the display settings

CELLS = """(row) => {
  const t = window.gofishTerminal, line = t.buffer.active.getLine(t.buffer.active.viewportY + row);
  const hex = (rgb, isRGB) => isRGB ? "#" + rgb.toString(16).padStart(6, "0") : "palette:" + rgb;
  const out = [];
  for (let x = 0; x < t.cols; x++) {
    const c = line.getCell(x);
    out.push([c.getChars(), hex(c.getFgColor(), c.isFgRGB()), hex(c.getBgColor(), c.isBgRGB())]);
  }
  return out;
}"""


def suit_colours(page, shown: str) -> dict[str, tuple[str, str]]:
    """The ink and background each suit sign of the settings' sample is drawn in, read from
    the browser terminal's cells."""
    row, _ = find(shown, r"J[♣c] Q[♦d] K[♥h] A[♠s]")
    return {char: (fg, bg) for char, fg, bg in page.evaluate(CELLS, row) if char in SUIT_SIGNS}


def test_display_settings_in_chromium(server, browser):
    """The settings a player chose in the terminal hold in gofish serve's page (the same
    preferences), and the page's settings screen changes them for the next start."""
    from gofish.store.settings import Display, read_display, save_display
    from gofish.tui.cards import INK_STYLES

    save_display(Display(four_colours=True, high_contrast=True), server.data)
    context, _requests = browser
    page = context.new_page()
    page.goto(server.url)
    wait_for(page, "New game (N)")
    page.focus(".xterm-helper-textarea")
    page.keyboard.press("s")
    shown = wait_for(page, "Card colours (C): four")
    assert "High contrast (H): on" in shown
    inks = {suit: style.split()[-1] for suit, style in
            zip("♣♦♥♠", (INK_STYLES[r] for r in ("green", "blue", "red", "black")), strict=True)}
    colours = suit_colours(page, shown)
    assert colours["♦"] == (inks["♦"], "#000000"), colours  # the theme's black, light blue ink
    assert colours["♣"] == (inks["♣"], "#000000"), colours
    assert colours["♥"] == ("#ff0000", "#000000"), colours
    assert colours["♠"] == ("#ffffff", "#000000"), colours  # spades in the text's white

    # two colours again, from the page: diamonds red, clubs as spades; remembered
    page.keyboard.press("c")
    shown = wait_for(page, "Card colours (C): two")
    colours = suit_colours(page, shown)
    assert colours["♦"] == colours["♥"] == ("#ff0000", "#000000"), colours
    assert colours["♣"] == colours["♠"], colours
    wait_until(lambda: read_display(server.data) == Display(high_contrast=True), 5,
               "the change to be saved")
