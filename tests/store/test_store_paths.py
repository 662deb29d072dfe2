"""Where saves live, and what the store may import."""

from __future__ import annotations

import subprocess
import sys

import platformdirs
import pytest

from gofish.store import Store, StoreError, resolve_data_dir
from gofish.store.text import plain


def test_explicit_folder_beats_the_environment_which_beats_platformdirs(tmp_path, monkeypatch):
    monkeypatch.setenv("GOFISH_DATA_DIR", str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert resolve_data_dir() == tmp_path / "env"
    assert Store().root == tmp_path / "env"
    monkeypatch.delenv("GOFISH_DATA_DIR")
    assert resolve_data_dir() == platformdirs.user_data_path("gofish")


def test_profiles_are_sub_folders(tmp_path):
    assert resolve_data_dir(tmp_path, profile="kid-1") == tmp_path / "profiles" / "kid-1"
    for bad in ("", "..", "a/b", ".hidden", "x" * 40):
        with pytest.raises(StoreError, match="profile name"):
            resolve_data_dir(tmp_path, profile=bad)


def test_the_store_never_imports_textual_or_rich():
    code = ("import sys, gofish.store, gofish.commands.store; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("text, shown", [
    ("Ann", "Ann"),
    ("Zoë 🐟", "Zoë 🐟"),
    ("\x1b[31mred\x1b[0m", "\ufffd[31mred\ufffd[0m"),
    ("a\rb\nc\x07", "a\ufffdb\ufffdc\ufffd"),
    ("\u202eevil", "\ufffdevil"),  # a bidi override would reorder what follows
    ("x" * 100, "x" * 79 + "\u2026"),
    # French typography's no-break spaces are spaces, not controls: they stay
    ("1 livre\u00a0: K\u202f!", "1 livre\u00a0: K\u202f!"),
    ("a\u2028b", "a\ufffdb"),  # a line separator still goes
])
def test_plain_text(text, shown):
    assert plain(text) == shown


# ---------------------------------------------------------------------- private folders

def _new_game(root):
    from gofish.engine import Rules
    from gofish.seats import SeatSpec

    store = Store(root)
    record = store.new_game(Rules(), (SeatSpec("Ann"), SeatSpec("Bo")), 1)
    with store.lock(record.id):
        store.save(record)


def _language(root):
    from gofish.store.settings import save_preferences

    save_preferences({"language": "fr"}, root)


def _last_setup(root):
    from gofish.front.choice import default_choice
    from gofish.tui.app import GofishApp

    GofishApp(data_dir=str(root)).save_last_setup(default_choice())


def _host_table(root):
    from gofish.engine import preset
    from gofish.net.host import Host
    from gofish.net.plan import parse_seats

    Host(Store(root)).open_table(parse_seats("human,computer:easy"), preset("standard"), seed=1)


def _seat_secret(root):
    from gofish.net.seat_client import SecretBook

    SecretBook(root).put("ABCD-EFGH", "Ann", "s3cret")


def _damaged(root):
    _new_game(root)  # the folder must exist for a bad file to be in it
    (root / "20260101-000000-dead.json").write_text("{")
    Store(root).list()
    assert (root / "damaged" / "20260101-000000-dead.json").exists()


@pytest.mark.parametrize("write", [_new_game, _language, _last_setup, _host_table,
                                   _seat_secret, _damaged])
def test_every_folder_gofish_creates_is_private(tmp_path, write, monkeypatch):
    """``gofish new``, a language change, ``gofish host``...: the data folder and every folder
    made on the way to it are 0700 (mkdir(parents=True) made the parents 0755)."""
    import os

    old = os.umask(0o022)
    try:
        top = tmp_path / "home" / "share"  # neither exists yet: gofish makes them too
        root = top / "gofish"
        write(root)
    finally:
        os.umask(old)
    made = [p for p in [tmp_path / "home", *sorted((tmp_path / "home").rglob("*"))]
            if p.is_dir()]
    assert root in made and len(made) >= 3
    assert {str(p.relative_to(tmp_path)): oct(p.stat().st_mode & 0o777) for p in made} == {
        str(p.relative_to(tmp_path)): "0o700" for p in made}


def test_one_rule_for_every_front_end():
    """store's plain turned a ZWJ into U+FFFD while the network's clean kept it, so a family
    emoji showed whole at a joined table and broken on the start view and in the history. One
    function now, which the network and the line mode print with."""
    import gofish.net.text
    import gofish.plain.console

    family = "👩\u200d👩\u200d👧"
    assert plain(family) == family
    assert plain("A\u200dB") == "A\u200dB"  # a joiner alone is invisible, never obeyed
    assert plain(f"{family}\x1b[2J", None) == f"{family}\ufffd[2J"
    assert plain("x" * 300, None) == "x" * 300
    assert gofish.net.text.plain is plain and gofish.plain.console.plain is plain
    assert not hasattr(gofish.net.text, "clean")
