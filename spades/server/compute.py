"""Where the server's computer players think: a pool of worker processes, one per core by
default, so that a table of ``expert`` players never holds up the event loop (a thread
would: the bots are Python, and hold the interpreter's lock while they think).

Workers start from a fork server that has imported the bots already, so a new pool is
quick; they leave Ctrl-C to the server, which stops them, and end if it dies. Tables of
computers only think in all workers but one at most, so that a table with a person always
finds one free. ``workers=0`` thinks in a thread of this process instead.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import threading
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait
from typing import Any, TypeVar

from ..actions import Action
from ..analysis import PlayValue, analyze
from ..bots import make_bot
from ..bots.policy import BlindNilPolicy
from ..bots.search import hard
from ..observation import Observation

T = TypeVar("T")
_PRELOAD = ["spades.bots", "spades.analysis", "spades.server.compute"]


def _start_worker() -> None:
    """A worker's start: Ctrl-C is for the server, which then stops its workers; a server
    killed outright cannot, so the worker ends when the server is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(target=_end_with, args=(server.sentinel,), daemon=True).start()


def _end_with(sentinel: int) -> None:
    wait([sentinel])
    os._exit(0)


def decide(level: str, seed: str, blind_nil: BlindNilPolicy | None, view: Observation) -> Action:
    """The action of a ``level`` bot seeded by ``seed`` in this position."""
    return make_bot(level, seed=seed, blind_nil=blind_nil).act(view)


def explain(seed: str, view: Observation) -> tuple[Action, str]:
    """What ``hard`` would do here, and why in one line (a hint)."""
    return hard(random.Random(seed)).explain(view)


def costly_plays(record: dict[str, Any], number: int) -> list[PlayValue]:
    """Every play of finished hand ``number`` of ``record`` with its double-dummy cost."""
    return analyze(record, number)


class Computer:
    """Runs the computer's thinking off the event loop: in worker processes, or (with
    ``workers=0``) in a thread."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = (os.cpu_count() or 1) if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None
        self._background = asyncio.Semaphore(max(1, self.workers - 1))

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(_PRELOAD)
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                             initializer=_start_worker)
        return self._pool

    async def run(self, function: Callable[..., T], *args: Any, background: bool = False) -> T:
        """``function(*args)`` away from the event loop; a worker that died is replaced
        for the next call (this one raises). ``background`` work (for computers only)
        leaves a worker free for the rest."""
        if background:
            async with self._background:
                return await self.run(function, *args)
        if self.workers == 0:
            return await asyncio.to_thread(function, *args)
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
            raise

    def close(self) -> None:
        """Stop the workers (what they are thinking about is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
