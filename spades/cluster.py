"""Work as Ray tasks, for the arena's boards: ``spades arena --ray ADDRESS`` (extra ``cluster``).

:func:`ray_map` runs a function over chunks of a list as tasks on a Ray cluster; the arena
(:mod:`spades.arena`) gives it the function its local workers run, so that a board gives the
same numbers wherever it is played. When asked (the arena's outside programs, ``cmd:``) and
on a cluster's address, the current directory goes to the cluster as the job's working
directory (Ray's ``runtime_env``), so ``cmd:python mybot.py`` finds ``mybot.py`` on every
node.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .errors import SpadesError

Item = TypeVar("Item")
Result = TypeVar("Result")

RAY_NEEDED = "the arena on Ray needs the cluster extra: pip install 'spades[cluster]'"
LOCAL = "local"
# a local runtime's shared-memory object store: boards are small
LOCAL_OBJECT_STORE_BYTES = 200 * 1024 * 1024
# tasks per CPU of the cluster: enough to balance uneven boards, few enough to be cheap
TASKS_PER_CPU = 32
CONNECT_SECONDS = 5.0


def _import_ray(local: bool) -> Any:
    """Ray, imported; for a local runtime, one whose servers listen on 127.0.0.1 only
    (when this is the process's first import of ray)."""
    if local:
        # read when ray is imported: a single-machine Ray, its node address the loopback
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
        # a runtime started on the user's behalf sends no usage report unless she asks
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise SpadesError(RAY_NEEDED) from None
    return ray


def _check_reachable(address: str) -> None:
    """Raise a SpadesError at once if nothing answers at ``address`` (``HOST:PORT``, or
    ``ray://HOST:PORT``): Ray itself would retry for minutes."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return  # 'auto' and the like: Ray finds the cluster
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        raise SpadesError(f"no Ray cluster answers at {address}: "
                          f"{error.strerror or error}") from None


def _connect(ray: Any, address: str, programs: bool) -> None:
    options: dict[str, Any] = {"logging_level": logging.WARNING}
    if address == LOCAL:
        options.update(address="local", include_dashboard=False,
                       object_store_memory=LOCAL_OBJECT_STORE_BYTES)
    else:
        _check_reachable(address)
        options["address"] = address
        if programs:
            options["runtime_env"] = {"working_dir": os.getcwd()}
    try:
        ray.init(**options)
    except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError...
        ray.shutdown()  # what it started before it failed
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
        raise SpadesError(f"cannot start Ray at {address!r}: {first_line}") from None


def ray_map(work: Callable[[list[Item]], list[Result]], items: list[Item], address: str,
            send_directory: bool) -> Iterator[Result]:
    """``work`` of chunks of ``items`` as Ray tasks on the cluster at ``address``
    (``'local'``: a Ray runtime started here and stopped at the end), each chunk's results
    in order, the chunks as their tasks end. With ``send_directory`` the current directory
    goes to a cluster's nodes as the job's working directory. ``work`` must be importable
    by name (a module's function), a SpadesError it raises is raised here."""
    ray = _import_ray(address == LOCAL)
    _connect(ray, address, send_directory)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        size = max(1, len(items) // (TASKS_PER_CPU * cpus))
        task = ray.remote(work)
        pending = [task.remote(items[i:i + size]) for i in range(0, len(items), size)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            try:
                yield from ray.get(done[0])
            except ray.exceptions.RayTaskError as error:
                if isinstance(error.cause, SpadesError):
                    raise error.cause from None
                raise
    finally:
        ray.shutdown()
