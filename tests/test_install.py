"""A light install: the engine and `spades simulate / replay / bench` need no extra, and a
command whose extra is missing says in one line which to install."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tomllib
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
    (("starlette",), ["serve", "--port", "0"], "serve"),
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
