"""Ctrl+Z suspends only where a shell with job control can resume gofish (the real-terminal
cases are in tests/e2e/test_suspend.py)."""

from __future__ import annotations

import os
import signal

import pytest

from gofish.tui import job_control

from .helpers import humans, make_app, notices


@pytest.mark.parametrize("shell", [False, True])
async def test_ctrl_z_suspends_only_with_a_shell_to_come_back_to(tmp_path, monkeypatch, shell):
    sent: list[int] = []
    monkeypatch.setattr(job_control, "has_job_control", lambda: shell)
    monkeypatch.setattr(os, "kill", lambda pid, sig: sent.append(sig))
    app = make_app(tmp_path, humans("Alice", "Bob"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(type(app._driver), "can_suspend", property(lambda _self: True))
        await pilot.press("ctrl+z")
        await pilot.pause()
        if shell:
            assert sent == [signal.SIGTSTP]
        else:
            assert sent == []
            assert notices(app) == ["Ctrl+Z is off here: there is no shell to come back to. "
                                    "Ctrl+Q quits (the game is saved)."]
            assert app.session is not None
