"""Names are data: a player called ``[/x]`` is shown as ``[/x]`` on the other players' screens.

Textual reads markup in notifications and in plain-string widgets; a name with square brackets
must never be read as markup there (it crashed every other joined screen with a MarkupError).
"""

from __future__ import annotations

import pytest
from net_support import Recorder, make_host
from test_net_join_app import wait

from gofish.engine import preset
from gofish.net.plan import parse_seats
from gofish.tui.join_app import joined_app
from gofish.tui.widgets.seats import SeatBox

HOSTILE = ["[/x]", "[@click=app.quit]x", "[@click=quit]x[/]", "[b]Bob", "[red on red]z"]


async def ann_at_a_table(tmp_path):
    """A host serving a table of two humans and a computer, and Ann's join app for it (not
    yet running): the other seat is the test's to take, as a hostile player would."""
    host = make_host(tmp_path)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,human,computer:easy"), preset("standard"),
                            seed=3)
    app = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"))
    return host, table, app


def shown_notifications(app) -> str:
    return "\n".join(str(n.message) for n in app._notifications)


def toast_text(app) -> str:
    """What the toasts on screen render (the place a MarkupError is raised)."""
    from textual.widgets._toast import Toast

    return "\n".join(str(t.render()) for t in app.screen.query(Toast))


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_markup_name_leaving_and_coming_back_is_shown_literally(tmp_path, name):
    host, table, app = await ann_at_a_table(tmp_path)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot, lambda: app.shared.remote.lobby is not None, what="the lobby")
        other = Recorder(host, "127.0.0.1")
        welcome = (await other.say({"type": "join", "code": table.code, "name": name}))[0]
        assert welcome["type"] == "welcome", welcome
        await wait(pilot, lambda: app.shared.remote.started and app.shared.link.table is not None, what="the game")
        seat = welcome["seat"]
        away, back = f"{name} is away: the table waits.", f"{name} is back."
        for _round in range(2):  # away, back, away, back: each time a notification
            table.detach(seat, other.conn)
            await wait(pilot, lambda: away in shown_notifications(app), what="away")
            await pilot.pause(0.1)
            assert away in toast_text(app)  # rendered, literally
            other = Recorder(host, "127.0.0.1")
            again = await other.say({"type": "join", "code": table.code, "name": name,
                                     "secret": welcome["secret"]})
            assert again[0]["type"] == "welcome", again
            await wait(pilot, lambda: back in shown_notifications(app), what="back")
            await pilot.pause(0.1)
            assert back in toast_text(app)
        assert app.is_running and app.return_code is None
        seats = "\n".join(str(box.render()) for box in app.screen.query(SeatBox))
        assert name in seats
    await host.close()


async def test_a_seat_rejoining_in_a_loop_leaves_one_notice_and_a_screen_that_answers(tmp_path):
    """A player who reconnects again and again (with their own secret) made a notice on every
    other screen each time, 'is back' then 'is away': 3,000 of them in six seconds kept
    another player's screen busy for minutes, deaf to every key. Each seat now has one notice
    at most, saying where it is now, told a moment after the last change."""
    host, table, app = await ann_at_a_table(tmp_path)
    told: list[str] = []
    notify = app.notify

    def count(message: str, **options) -> None:
        told.append(message)
        notify(message, **options)

    app.notify = count  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait(pilot, lambda: app.shared.remote.lobby is not None, what="the lobby")
        mal = Recorder(host, "127.0.0.1")
        welcome = (await mal.say({"type": "join", "code": table.code, "name": "Mal"}))[0]
        await wait(pilot, lambda: app.shared.remote.started and app.shared.link.table is not None, what="the game")
        seat = welcome["seat"]
        for _round in range(300):
            table.detach(seat, mal.conn)
            mal = Recorder(host, "127.0.0.1")
            await mal.say({"type": "join", "code": table.code, "name": "Mal",
                           "secret": welcome["secret"]})
        table.detach(seat, mal.conn)
        await wait(pilot, lambda: app.shared.remote.statuses.get(seat) == "away", what="away")
        await pilot.pause(1.0)
        about_mal = [text for text in told if "Mal" in text]
        assert len(about_mal) <= 5, f"{len(about_mal)} notices: {about_mal[:4]}"
        shown = [str(n.message) for n in app._notifications if "Mal" in str(n.message)]
        assert shown == ["Mal is away: the table waits."], shown
    await host.close()
