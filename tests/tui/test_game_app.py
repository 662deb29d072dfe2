"""The screens' one way to their app: GameApp, which the app is (member for member, and by
mypy) whether it plays a game here or a seat at a shared table (``gofish join`` opens the same
app at that seat), and which the screens use instead of self.app."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from gofish.tui.app import GofishApp
from gofish.tui.game_app import GameApp
from gofish.tui.join_app import joined_app

SRC = Path(__file__).resolve().parents[2] / "src"
MEMBERS = sorted(name for name in GameApp.__annotations__) + sorted(
    name for name, value in vars(GameApp).items()
    if not name.startswith("_") and (callable(value) or isinstance(value, property)))
# what a screen may still ask Textual's own App for
TEXTUAL = {"pop_screen", "push_screen", "size", "screen", "screen_stack", "exit"}


def shape(cls: type, name: str) -> str:
    member = inspect.getattr_static(cls, name, None)
    if member is None or isinstance(member, property) or not callable(member):
        return "value"
    params = inspect.signature(member).parameters.values()
    return str([(p.name, p.kind, p.default) for p in params])


@pytest.mark.parametrize("cls", [GofishApp])
def test_the_app_has_every_member_in_its_shape(cls: type) -> None:
    assert len(MEMBERS) >= 25
    for name in MEMBERS:
        assert shape(cls, name) == shape(GameApp, name), (cls.__name__, name)


def test_the_apps_values_are_there(tmp_path: Path) -> None:
    for app in (GofishApp(data_dir=str(tmp_path / "a")),
                joined_app("127.0.0.1", 1, "ABCDEF", "Ann", data_dir=str(tmp_path / "b"))):
        for name in GameApp.__annotations__:
            assert hasattr(app, name), (type(app).__name__, name)


def test_screens_reach_the_app_only_through_game_app() -> None:
    used = set()
    for path in (SRC / "gofish" / "tui" / "screens").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"self\.app\.(\w+)", text))
        assert "getattr(self.app" not in text, path.name
    assert used <= TEXTUAL, used - TEXTUAL


def mypy_cache(pytestconfig: object, tmp_path: Path) -> Path:
    """mypy's cache kept in pytest's between runs (a cold one is 4 s of the suite); mypy checks
    every cached module against its source, so a stale entry is redone, never believed. Under
    ``-p no:cacheprovider`` the config has no ``cache`` at all (not None): a fresh folder."""
    cache = getattr(pytestconfig, "cache", None)
    return cache.mkdir("mypy-probe") if cache is not None else tmp_path / "cache"


def test_the_mypy_cache_is_found_without_pytests_cache_too(tmp_path: Path,
                                                           pytestconfig: pytest.Config) -> None:
    """``pytest -p no:cacheprovider`` broke the test below (AttributeError: no ``cache``)."""
    from types import SimpleNamespace

    assert mypy_cache(SimpleNamespace(), tmp_path) == tmp_path / "cache"  # no cacheprovider
    assert mypy_cache(SimpleNamespace(cache=None), tmp_path) == tmp_path / "cache"
    if getattr(pytestconfig, "cache", None) is not None:
        assert mypy_cache(pytestconfig, tmp_path).name == "mypy-probe"


def test_the_type_checker_agrees(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 pytestconfig: pytest.Config) -> None:
    api = pytest.importorskip("mypy.api")
    cache = mypy_cache(pytestconfig, tmp_path)
    monkeypatch.setenv("MYPYPATH", str(SRC))
    probe = tmp_path / "probe.py"
    probe.write_text("from gofish.tui.app import GofishApp\n"
                     "from gofish.tui.game_app import GameApp\n"
                     "from gofish.tui.join_app import joined_app\n"
                     "def take(app: GameApp) -> None: ...\n"
                     "def check(a: GofishApp) -> None:\n"
                     "    take(a)\n"
                     "    take(joined_app('127.0.0.1', 1, 'ABCDEF', 'Ann'))\n"
                     "take(object())\n", encoding="utf-8")
    out, err, _status = api.run([str(probe), "--follow-imports=silent", "--no-error-summary",
                                 "--cache-dir", str(cache)])
    errors = [line for line in (out + err).splitlines() if "error:" in line]
    assert len(errors) == 1 and "probe.py:8:" in errors[0] and "GameApp" in errors[0], errors
