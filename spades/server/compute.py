"""Where the server's computer players think: a pool of worker processes, one per core by
default, so that a table of ``expert`` players never holds up the event loop (a thread
would: the bots are Python, and hold the interpreter's lock while they think).

Workers start from a fork server that has imported the bots already, so a new pool is
quick; they leave Ctrl-C to the server, which stops them, and end if it dies. Tables of
computers only think in a pool of their own, of all workers but one, at a lower CPU
priority (``nice`` :data:`BACKGROUND_NICE`): a table with a person always finds a worker
free, and on a busy machine the event loop and her computer's decision go first.
``workers=0`` thinks in a thread of this process instead.
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
BACKGROUND_NICE = 10  # how much less CPU priority computer-only tables' workers take


def _start_worker(nice: int = 0) -> None:
    """A worker's start, ``nice`` lower in CPU priority: Ctrl-C is for the server, which
    then stops its workers; a server killed outright cannot, so the worker ends when the
    server is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(nice)
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
        self._pools: dict[bool, ProcessPoolExecutor] = {}  # by background or not

    def _executor(self, background: bool) -> ProcessPoolExecutor:
        if background not in self._pools:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(_PRELOAD)
            size = max(1, self.workers - 1) if background else self.workers
            self._pools[background] = ProcessPoolExecutor(
                size, mp_context=context, initializer=_start_worker,
                initargs=(BACKGROUND_NICE if background else 0,))
        return self._pools[background]

    async def run(self, function: Callable[..., T], *args: Any, background: bool = False) -> T:
        """``function(*args)`` away from the event loop; a worker that died is replaced
        for the next call (this one raises). ``background`` work (for computers only)
        runs in its own pool, of lower priority, and leaves a worker for the rest."""
        if self.workers == 0:
            return await asyncio.to_thread(function, *args)
        pool = self._executor(background)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, function, *args)
        except BrokenProcessPool:
            if self._pools.get(background) is pool:
                del self._pools[background]
            raise

    def close(self) -> None:
        """Stop the workers (what they are thinking about is dropped)."""
        for pool in self._pools.values():
            pool.shutdown(wait=False, cancel_futures=True)
        self._pools.clear()
