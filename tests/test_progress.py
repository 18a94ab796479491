"""The progress bar of the long commands: rich on stderr, nothing on stdout, none without
rich."""

from __future__ import annotations

import json
import sys
import time

import pytest

from spades.cli import main
from spades.progress import progress_bar


def test_the_bar_counts_to_the_total_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    with progress_bar("boards") as progress:
        assert progress is not None
        started = time.perf_counter()
        for done in range(1, 4):
            progress(done, 3, started)
    captured = capsys.readouterr()
    assert captured.out == ""
    # stderr is not a terminal here: rich writes the finished bar once
    assert "boards" in captured.err and " 3/3 " in captured.err
    assert captured.err.count("3/3") == 1


def test_without_rich_no_bar(monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # as if not installed
    with progress_bar("boards") as progress:
        assert progress is None
    assert capsys.readouterr() == ("", "")


def test_the_arena_command_keeps_stdout_for_its_report(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    assert main(["arena", "--variant", "two-player", "--a", "random", "--b", "random",
                 "--hands", "2", "--seed", "1", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["boards"] == 2
    assert "boards" in captured.err and " 2/2 " in captured.err


def test_no_bar_before_the_first_progress(capsys: pytest.CaptureFixture[str]) -> None:
    """A command refused before any work writes its one line of error, no empty bar."""
    pytest.importorskip("rich")
    with pytest.raises(OSError), progress_bar("games"):
        raise OSError("cannot write")
    assert capsys.readouterr() == ("", "")
