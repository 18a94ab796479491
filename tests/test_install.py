"""A light install: the engine and `spades simulate / replay / bench` need no extra, a
command whose extra is missing says in one line which to install, and an extra alone
(``[serve]``) runs its command."""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

import spades

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numba", "llvmlite", "numpy", "textual", "rich", "platformdirs", "starlette",
         "uvicorn", "websockets", "psycopg", "ray", "pyspiel")


def run_without(blocked: tuple[str, ...], code: str, *args: str,
                cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter where importing any of ``blocked`` fails, as it
    does where they are not installed."""
    block = f"import sys\nfor name in {blocked!r}:\n    sys.modules[name] = None\n"
    return subprocess.run([sys.executable, "-c", block + code, *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def test_the_engine_bots_and_command_load_no_extra() -> None:
    code = ("import sys, spades, spades.bots, spades.cli\n"
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r}))")
    done = run_without((), code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_simulate_replay_and_bench_run_with_no_extra(tmp_path: Path) -> None:
    main = "from spades.cli import main\nsys.exit(main(sys.argv[1:]))"
    done = run_without(HEAVY, main, "simulate", "--bots", "random,medium", "--variant",
                       "two-player", "--records", str(tmp_path / "games"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = tmp_path / "games" / "game-1.json"
    done = run_without(HEAVY, main, "replay", str(record), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = run_without(HEAVY, main, "bench", "--seconds", "0.2", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("blocked", "args", "extra"), [
    (("textual",), ["play"], "play"),
    (("platformdirs",), ["play"], "play"),
    (("starlette",), ["serve", "--port", "0"], "serve"),
    (("platformdirs",), ["serve", "--port", "0"], "serve"),
    (("numba",), ["simulate", "--bots", "hard", "--variant", "two-player"], "bots"),
    (("numba",), ["analyze", "no-such-file.json"], "bots"),
])
def test_a_command_without_its_extra_says_which_to_install(
        blocked: tuple[str, ...], args: list[str], extra: str, tmp_path: Path) -> None:
    done = run_without(blocked, "from spades.cli import main\nsys.exit(main(sys.argv[1:]))",
                       *args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (f"spades {args[0]} needs the {extra} extra: "
                           f"pip install 'spades[{extra}]'\n")


def test_the_package_is_typed_and_versioned() -> None:
    assert (Path(spades.__file__).parent / "py.typed").is_file()
    assert spades.__version__ == importlib.metadata.version("spades")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []
    assert {"bots", "play", "serve", "rl", "postgres", "all"} <= set(
        project["optional-dependencies"])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.mark.install
def test_the_serve_extra_alone_serves_the_web_game(tmp_path: Path) -> None:
    """``pip install '.[serve]'`` into a fresh venv, and nothing else: ``spades serve``
    starts, keeps its store in the user's data directory and serves the game's page."""
    source = tmp_path / "source"  # pip builds in the tree it installs: a copy, not ours
    shutil.copytree(ROOT / "spades", source / "spades",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", source)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", f"{source}[serve]"],
                   check=True, timeout=600, capture_output=True)
    assert subprocess.run([str(python), "-c", "import textual"], capture_output=True,
                          timeout=60).returncode == 1  # the terminal game's, not installed
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config")}
    port = _free_port()
    server = subprocess.Popen([str(venv / "bin" / "spades"), "serve", "--host", "127.0.0.1",
                               "--port", str(port)], cwd=tmp_path, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        page = _page(f"http://127.0.0.1:{port}/", server)
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert "<html" in page.lower() and "spades" in page.lower(), output
    assert (home / "data" / "spades" / "server.sqlite").is_file(), output


def _page(url: str, server: subprocess.Popen[str]) -> str:
    """The page at ``url`` once the server answers; a server that exits fails the test."""
    for _ in range(600):
        if server.poll() is not None:
            pytest.fail(f"spades serve exited: {server.communicate()[0]}")
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                text: str = response.read().decode()
                return text
        except OSError:
            time.sleep(0.1)
    pytest.fail(f"spades serve did not answer at {url}")
