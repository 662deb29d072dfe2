"""The release: `python -m build` makes an sdist and a wheel, and the wheel, installed in a fresh
environment with no source tree in sight, plays.

The wheel is installed the ways a user installs it: into a fresh venv (on the lowest and the
highest Python supported), with `pipx install` and with `uv tool install`. Each install resolves
gofish's dependencies from the package index (the installers' caches make that quick after the
first run); `--slow` adds the same with every cache empty, as on a fresh machine, and the
README's own command in a fresh clone.

pipx, uv and `build` come with the test extras, and the Pythons from this machine's pyenv: a
test that cannot find one skips, saying what is missing, except under CI=true, where it fails
(CI must run them all).
"""

from __future__ import annotations

import email
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

import gofish

ROOT = Path(__file__).resolve().parent.parent.parent
SRC = ROOT / "src" / "gofish"
BIN = Path(sys.executable).parent  # this venv's tools: uv, pipx (the test extras)
NAME = "gofish-tui"  # the distribution's name on the package index; the command is gofish
VERSION = gofish.__version__
LOWEST, HIGHEST = "3.11", "3.13"
SUPPORTED = ("3.11", "3.12", "3.13")  # the classifiers, each tested below

# Ann asks Bob (seat 2) for every rank in turn (an ask for a rank she lacks is refused and asked
# again), so the stream plays any deal of the line mode to its end
RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
ASKS = "".join(f"2 {rank}\n" for rank in RANKS) * 40
PLAIN_GAME = ("--plain", "new", "--seats", "human:Ann,computer:easy:Bob", "--rules", "quick",
              "--seed", "3")

# A table in the installed app, headless: the seats, the stylesheet (the app refuses to start
# without its .tcss) and where gofish was imported from.
TABLE = """
import asyncio, json, sys
import gofish
from gofish.engine import Rules
from gofish.seats import SeatSpec
from gofish.tui.app import GofishApp
from gofish.front.choice import SetupChoice
from gofish.tui.screens.table import TableScreen

async def main():
    choice = SetupChoice((SeatSpec("Ann"), SeatSpec("Bob", "computer", "easy")), Rules(), 7)
    app = GofishApp(data_dir=sys.argv[1], computer_delay=0, choice=choice)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(500):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        svg = app.export_screenshot()
        return {"gofish": gofish.__file__, "screen": type(app.screen).__name__,
                "css": [str(path) for path in app.css_path],
                "bob": "Bob" in svg, "ann": "Ann" in svg}

print(json.dumps(asyncio.run(main())))
"""


def unavailable(reason: str) -> None:
    """Skip, saying why, except under CI=true: there, what should run and cannot is a failure."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run this test, but {reason}")
    pytest.skip(reason)


def tool(name: str) -> Path:
    found = shutil.which(name, path=str(BIN)) or shutil.which(name)
    if found is None:
        unavailable(f"{name} is not installed (it comes with the test extras: "
                    f"pip install -e '.[test]')")
    return Path(str(found))


def python(version: str) -> Path:
    """A CPython of that version on this machine: on PATH, or one of pyenv's."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    candidates = [shutil.which(f"python{version}"),
                  *sorted(str(p) for p in root.glob(f"versions/{version}.*/bin/python{version}"))]
    for candidate in filter(None, candidates):
        done = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2])"],
                              capture_output=True, text=True)
        if done.returncode == 0 and done.stdout.strip() == str(tuple(map(int,
                                                                         version.split(".")))):
            return Path(candidate)
    unavailable(f"no Python {version} here (on PATH as python{version}, or under "
                f"{root}/versions)")
    raise AssertionError  # unreachable: unavailable() skips or fails


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of an installed gofish: nothing points at this checkout or its venv."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "NO_COLOR")}
    env.update(GOFISH_DATA_DIR=str(home / "data"), GOFISH_DELAY="0", LANGUAGE="en",
               PYTHONDONTWRITEBYTECODE="1", **extra)
    return env


def run(argv: list[str | Path], home: Path, stdin: str = "", timeout: float = 120,
        **env: str) -> subprocess.CompletedProcess[str]:
    home.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([str(a) for a in argv], input=stdin, cwd=home, env=clean_env(home, **env),
                          capture_output=True, text=True, timeout=timeout)
    return done


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, f"{done.args}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


# ------------------------------------------------------------------ the build


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel, as `python -m build` makes them (the wheel from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [sdist] = out.glob("*.tar.gz")
    [wheel] = out.glob("*.whl")
    return sdist, wheel


@pytest.fixture(scope="session")
def wheel(dist: tuple[Path, Path]) -> Path:
    return dist[1]


def package_files() -> set[str]:
    """Every file of src/gofish a running gofish may need, as the wheel names it."""
    return {path.relative_to(SRC.parent).as_posix() for path in SRC.rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
            and path.suffix not in (".pyc", ".pot")}


def test_the_build_names_the_distribution_and_the_version(dist: tuple[Path, Path]) -> None:
    sdist, wheel = dist
    assert sdist.name == f"gofish_tui-{VERSION}.tar.gz"
    assert wheel.name == f"gofish_tui-{VERSION}-py3-none-any.whl"


def test_the_wheel_holds_every_file_of_the_package_and_nothing_else(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    info = f"gofish_tui-{VERSION}.dist-info/"
    assert {n for n in names if not n.startswith(info)} == package_files()
    # what a run reads besides the code: the catalogs, the stylesheet, the browser page and its
    # icon, the rules page
    for needed in ("gofish/locale/fr/LC_MESSAGES/gofish.mo", "gofish/locale/id/LC_MESSAGES/"
                   "gofish.mo", "gofish/locale/ru/LC_MESSAGES/gofish.mo", "gofish/tui/gofish.tcss",
                   "gofish/web/templates/app_index.html", "gofish/web/favicon.svg",
                   "gofish/rules.md", "gofish/py.typed"):
        assert needed in names
    assert f"{info}licenses/LICENSE" in names


def test_the_wheel_s_metadata(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    info = f"gofish_tui-{VERSION}.dist-info/"
    meta = email.message_from_string(archive.read(info + "METADATA").decode("utf-8"))
    assert meta["Name"] == NAME and meta["Version"] == VERSION
    assert meta["Summary"].startswith("Go Fish for the terminal")
    assert meta["License-Expression"] == "MIT" and meta["License-File"] == "LICENSE"
    assert meta["Requires-Python"] == f">={LOWEST}"
    classifiers = meta.get_all("Classifier")
    tested = sorted(c.rsplit(" ", 1)[1] for c in classifiers
                    if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c))
    assert tested == list(SUPPORTED) and SUPPORTED[0] == LOWEST and SUPPORTED[-1] == HIGHEST
    urls = meta.get_all("Project-URL")
    assert {u.split(",")[0] for u in urls} >= {"Homepage", "Source", "Issues", "Changelog"}
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().strip() == (ROOT / "README.md").read_text(encoding="utf-8").strip()
    assert {r.split(";")[0] for r in meta.get_all("Requires-Dist")} >= {
        "textual==8.2.8", "platformdirs>=4", "textual-serve==1.1.3"}
    entry_points = archive.read(info + "entry_points.txt").decode()
    assert "[console_scripts]\ngofish = gofish.cli:main" in entry_points
    license_text = archive.read(info + "licenses/LICENSE").decode()
    assert license_text.startswith("MIT License")


def test_the_sdist_holds_what_builds_the_wheel_and_the_documents(dist: tuple[Path, Path]) -> None:
    sdist, _ = dist
    top = f"gofish_tui-{VERSION}/"
    with tarfile.open(sdist) as archive:
        names = {n.removeprefix(top) for n in archive.getnames()}
        info = archive.extractfile(top + "PKG-INFO")
        assert info is not None
        meta = email.message_from_bytes(info.read())
    assert {"pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in",
            "docs/rules.md"} <= names
    assert {f"src/{name}" for name in package_files()} <= names
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/", "screenshots/"))]
    assert meta["Name"] == NAME and meta["Version"] == VERSION


def test_the_version_is_written_in_one_place() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = { attr = "gofish.__version__" }' in pyproject
    assert not re.search(r'^version\s*=\s*"', pyproject, re.MULTILINE)
    assert f"## {VERSION} " in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------ installed: a fresh venv


def venv_with(wheel: Path, interpreter: Path, where: Path) -> Path:
    """A fresh venv of ``interpreter`` with the wheel and its dependencies; its bin folder."""
    uv = tool("uv")
    env = where / "venv"
    ok(run([uv, "venv", "--quiet", "--python", interpreter, env], where))
    ok(run([uv, "pip", "install", "--quiet", "--python", env / "bin" / "python", wheel], where))
    return env / "bin"


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel in a fresh venv of the lowest Python supported (this one's base interpreter)."""
    base = Path(getattr(sys, "_base_executable", sys.executable))
    assert f"{sys.version_info.major}.{sys.version_info.minor}" == LOWEST
    return venv_with(wheel, base, tmp_path_factory.mktemp("lowest"))


def play_checks(bin_dir: Path, home: Path) -> None:
    """What every installed gofish must do: its version, a whole game line by line, a table."""
    assert ok(run([bin_dir / "gofish", "--version"], home)) == f"gofish {VERSION}\n"
    out = ok(run([bin_dir / "gofish", *PLAIN_GAME], home, stdin=ASKS))
    assert out.startswith("Deal 1: Bob deals, Ann plays first.")
    assert "Game over" in out and "Scores: Ann" in out
    table = json.loads(ok(run([bin_dir / "python", "-c", TABLE, home / "table-data"], home)))
    venv = bin_dir.parent
    assert Path(table["gofish"]).is_relative_to(venv), table  # the wheel's, not this checkout's
    assert table["screen"] == "TableScreen" and table["ann"] and table["bob"]
    assert [Path(css).name for css in table["css"]] == ["gofish.tcss"]
    assert Path(table["css"][0]).is_relative_to(venv)


def test_the_installed_wheel_plays(installed: Path, tmp_path: Path) -> None:
    play_checks(installed, tmp_path)


def test_the_installed_wheel_prints_its_rules_page(installed: Path, tmp_path: Path) -> None:
    page = (SRC / "rules.md").read_text(encoding="utf-8")
    assert ok(run([installed / "gofish", "rules"], tmp_path)) == page
    path = Path(ok(run([installed / "gofish", "rules", "--path"], tmp_path)).strip())
    assert path.is_relative_to(installed.parent) and path.name == "rules.md"


@pytest.mark.parametrize(("lang", "words"), [
    ("fr", "Go Fish (Va pêcher) dans le terminal."),
    ("ru", "«Рыбачь!» (Go Fish) в терминале."),
    ("id", "Go Fish (Ayo memancing) di terminal."),
])
def test_the_installed_wheel_speaks_each_language(installed: Path, tmp_path: Path, lang: str,
                                                  words: str) -> None:
    assert words in ok(run([installed / "gofish", "--lang", lang, "--help"], tmp_path))


def test_the_installed_wheel_serves_its_own_page(installed: Path, tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    log = tmp_path / "serve.log"
    tmp_path.mkdir(exist_ok=True)
    with log.open("wb") as out:
        server = subprocess.Popen([str(installed / "gofish"), "serve", "--port", str(port)],
                                  cwd=tmp_path, env=clean_env(tmp_path), stdin=subprocess.DEVNULL,
                                  stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while not (found := re.search(r"gofish is served at (\S+)", log.read_text())):
            assert server.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        with urllib.request.urlopen(found.group(1), timeout=10) as page:
            html = page.read().decode()
        assert "@font-face" in html and "favicon.svg" in html  # gofish's own page
        icon_url = f"http://127.0.0.1:{port}/gofish/favicon.svg"
        with urllib.request.urlopen(icon_url, timeout=10) as icon:
            assert icon.read() == (SRC / "web" / "favicon.svg").read_bytes()
    finally:
        server.terminate()
        server.wait(10)


@pytest.mark.parametrize("version", [v for v in SUPPORTED if v != LOWEST])
def test_the_wheel_plays_on_each_newer_python(wheel: Path, tmp_path: Path, version: str) -> None:
    bin_dir = venv_with(wheel, python(version), tmp_path)
    done = run([bin_dir / "python", "-c", "import sys; print(sys.version_info[:2])"], tmp_path)
    assert ok(done).strip() == str(tuple(map(int, version.split("."))))
    play_checks(bin_dir, tmp_path)


# ------------------------------------------------------------------ installed as an application


def test_pipx_install_puts_gofish_on_the_path(wheel: Path, tmp_path: Path) -> None:
    # pipx's own choice of backend: uv, installed beside it (pip's, slower: --slow below)
    pipx = tool("pipx")
    home, bin_dir = tmp_path / "pipx", tmp_path / "bin"
    env = {"PIPX_HOME": str(home), "PIPX_BIN_DIR": str(bin_dir),
           "PIPX_MAN_DIR": str(tmp_path / "man"), "USE_EMOJI": "0"}
    ok(run([pipx, "install", wheel], tmp_path, **env))
    on_path = shutil.which("gofish", path=str(bin_dir))
    assert on_path is not None
    assert ok(run(["gofish", "--version"], tmp_path, PATH=f"{bin_dir}:{os.environ['PATH']}")) \
        == f"gofish {VERSION}\n"
    page = Path(ok(run([on_path, "rules", "--path"], tmp_path)).strip())
    assert page.is_relative_to(home / "venvs" / NAME)
    assert NAME in ok(run([pipx, "list", "--short"], tmp_path, **env))


def test_uv_tool_install_puts_gofish_on_the_path(wheel: Path, tmp_path: Path) -> None:
    uv = tool("uv")
    tools, bin_dir = tmp_path / "tools", tmp_path / "bin"
    env = {"UV_TOOL_DIR": str(tools), "UV_TOOL_BIN_DIR": str(bin_dir)}
    ok(run([uv, "tool", "install", "--quiet", wheel], tmp_path, **env))
    on_path = shutil.which("gofish", path=str(bin_dir))
    assert on_path is not None
    assert ok(run(["gofish", "--version"], tmp_path, PATH=f"{bin_dir}:{os.environ['PATH']}")) \
        == f"gofish {VERSION}\n"
    page = Path(ok(run([on_path, "rules", "--path"], tmp_path)).strip())
    assert page.is_relative_to(tools / NAME)


# ------------------------------------------------------------------ a fresh machine (--slow)


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["pip", "uv"])
def test_pipx_install_on_a_fresh_machine(wheel: Path, tmp_path: Path, backend: str) -> None:
    """A fresh PIPX_HOME and no cache: every dependency comes from the index. pipx's own
    choice of backend is uv when uv is installed beside it (the test extras), as in the test
    above; most users' pipx has pip, the slower one."""
    pipx = tool("pipx")
    env = {"PIPX_HOME": str(tmp_path / "pipx"), "PIPX_BIN_DIR": str(tmp_path / "bin"),
           "PIPX_MAN_DIR": str(tmp_path / "man"), "PIP_NO_CACHE_DIR": "1", "UV_NO_CACHE": "1",
           "USE_EMOJI": "0"}
    start = time.monotonic()
    ok(run([pipx, "install", "--backend", backend, wheel], tmp_path, timeout=600, **env))
    took = time.monotonic() - start
    print(f"pipx install --backend {backend} of {wheel.name}, fresh PIPX_HOME, no cache: "
          f"{took:.1f} s")
    play_checks(tmp_path / "pipx" / "venvs" / NAME / "bin", tmp_path)


@pytest.mark.slow
def test_the_readme_s_play_command_in_a_fresh_clone(tmp_path: Path) -> None:
    """The README's first command, word for word, in a clone of this repository's HEAD, with
    pip's cache empty (its `.venv/bin/gofish` is given --version rather than a terminal)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [command] = re.findall(r"^(python3 -m venv \.venv && \.venv/bin/pip install -q -e \. && "
                           r"\.venv/bin/gofish)$", readme, re.MULTILINE)
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--depth", "1", f"file://{ROOT}", str(clone)],
                   check=True, timeout=120)
    ok(run(["sh", "-c", command + " --version"], clone, timeout=600, PIP_NO_CACHE_DIR="1"))
