"""One declared session interface: a local Session and a joined seat's RemoteSession are both
a TableSession, member for member, so the screens can take either without a type: ignore."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from gofish.engine import preset
from gofish.net.client import RemoteSession
from gofish.net.watch import WatchSession
from gofish.seats import SeatSpec
from gofish.session import Session, TableSession

SRC = Path(__file__).resolve().parents[2] / "src"
MEMBERS = sorted(name for name in vars(TableSession)
                 if not name.startswith("_") and name not in ("_is_protocol",))


def shape(cls: type, name: str) -> str:
    """"property" for a value read (a property, or an attribute set in __init__), else the
    method's parameters."""
    member = inspect.getattr_static(cls, name, None)
    if isinstance(member, property) or member is None:
        return "property"
    params = inspect.signature(member).parameters.values()
    return str([(p.name, p.kind, p.default) for p in params])


@pytest.mark.parametrize("cls", [Session, RemoteSession, WatchSession])
def test_each_session_has_every_member_of_the_interface_in_its_shape(cls: type) -> None:
    assert len(MEMBERS) >= 20
    for name in MEMBERS:
        assert shape(cls, name) == shape(TableSession, name), (cls.__name__, name)


def test_the_values_are_there_on_real_instances() -> None:
    local = Session(preset("standard"), [SeatSpec("Ann"), SeatSpec("Bob")], 1)
    remote = RemoteSession(None)
    for session in (local, remote, WatchSession()):
        for name in MEMBERS:
            assert hasattr(session, name), (type(session).__name__, name)


def test_a_session_missing_a_member_is_caught() -> None:
    class Partial:
        def play(self, seat: int) -> list:  # a parameter short
            return []

    assert shape(Partial, "play") != shape(TableSession, "play")
    assert inspect.getattr_static(Partial, "next_deal", None) is None


def type_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> tuple[int, str]:
    api = pytest.importorskip("mypy.api")
    monkeypatch.setenv("MYPYPATH", str(SRC))  # gofish itself, not an untyped stand-in
    probe = tmp_path / "probe.py"
    probe.write_text("from gofish.net.client import RemoteSession\n"
                     "from gofish.session import Session, TableSession\n"
                     "def take(session: TableSession) -> None: ...\n" + code, encoding="utf-8")
    out, err, status = api.run([str(probe), "--follow-imports=silent", "--no-error-summary",
                                "--cache-dir", str(tmp_path / "cache")])
    return status, out + err


def test_the_type_checker_agrees(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    status, said = type_check(tmp_path, monkeypatch,
                              "from gofish.net.watch import WatchSession\n"
                              "def check(local: Session, remote: RemoteSession,\n"
                              "          watched: WatchSession) -> None:\n"
                              "    take(local)\n"
                              "    take(remote)\n"
                              "    take(watched)\n")
    assert status == 0, said
    # and it does tell a session that is not one
    status, said = type_check(tmp_path, monkeypatch, "take(object())\n")
    assert status == 1 and "TableSession" in said
