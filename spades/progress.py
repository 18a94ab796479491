"""The progress bar of the long commands (``spades arena``, ``spades train``, the benchmarks).

It is drawn by ``rich.progress`` on stderr, so that stdout carries the report alone. rich
is not a dependency of the core install (the arena needs none): it comes with Textual (the
``play`` extra) and with the ``bench`` extra; without it the commands run the same, with no
bar. On a terminal the bar redraws in place; when stderr is a file or a pipe, rich writes
the finished bar once, at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: ``progress(done, total, started)``: ``done`` of ``total`` finished, the work begun at
#: ``started`` (``time.perf_counter``)
Progress = Callable[[int, int, float], None]


@contextmanager
def progress_bar(description: str) -> Iterator[Progress | None]:
    """A :data:`Progress` callback that draws a bar on stderr, from its first call to the
    end of the block, with what is done of the total, the time spent and the time left;
    None without rich."""
    try:
        from rich import progress as rich
        from rich.console import Console
    except ImportError:
        yield None
        return
    bar = rich.Progress(rich.TextColumn("{task.description}"), rich.BarColumn(),
                        rich.MofNCompleteColumn(), rich.TimeElapsedColumn(),
                        rich.TimeRemainingColumn(), console=Console(stderr=True),
                        redirect_stdout=False, redirect_stderr=False)
    task = bar.add_task(description, total=None)  # its clock runs from here

    def update(done: int, total: int, _started: float) -> None:
        if not bar.live.is_started:  # drawn from the first progress: a refusal stays one line
            bar.start()
        bar.update(task, completed=done, total=total)

    try:
        yield update
    finally:
        if bar.live.is_started:
            bar.stop()
