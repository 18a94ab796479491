"""The server's settings (:class:`Settings`), and the bounds of those an operator sets with
``spades serve`` flags: each bounded field names its range and its help here, once; the
command line builds its flags from them (:func:`bounded`) and checks each value with
:func:`check`. Imports nothing heavy, so that ``spades --help`` stays quick."""

from __future__ import annotations

from dataclasses import Field, dataclass, field, fields
from typing import Any

from ..errors import SpadesError

TURN_SECONDS, TURN_LIMIT = 60, 600  # a person's time for a decision: the default, the most
SUMMARY_HOLD_SECONDS = 20.0  # a hand's end holds a person's clock until she closes its summary


def _bounded(default: float, low: float, high: float, help: str) -> Any:
    """A setting ``spades serve`` takes as a flag, from ``low`` to ``high``."""
    return field(default=default, metadata={"bounds": (low, high), "help": help})


@dataclass
class Settings:
    """How the server behaves: computer delay, away timeout, origins, limits.

    ``turn_seconds`` is a new table's turn time for people when its creator sets none.
    ``create_burst`` tables may be made at once from one address, then one every
    ``create_every`` seconds; ``computer_tables`` of computers only may run for one address.
    ``computer_workers`` is the number of worker processes (None: one per core; 0: a thread).
    A table nobody was at for ``idle_seconds`` ends; one of computers only, nobody watching
    it for ``unwatched_seconds``. A client may chat ``chat_burst`` lines at once, then one
    every ``chat_every`` seconds. From a hand's end a person's turn clock waits until she
    closes the hand's summary, or ``summary_hold_seconds`` pass. Among several workers on
    PostgreSQL, a table whose owner's heartbeat is ``lease_seconds`` old goes to another
    worker. The constructor
    does not check the bounds (tests use tiny times); ``spades serve`` does.
    """

    computer_delay: float = 0.6
    away_seconds: float = 60.0
    allowed_origins: tuple[str, ...] = ()
    max_tables: int = _bounded(1000, 1, 100_000, "running tables at most")
    message_limit: int = 4096
    rate_per_second: float = 10.0
    rate_burst: int = 30
    turn_seconds: float = _bounded(TURN_SECONDS, 0, TURN_LIMIT,
                                   "a new table's turn time for people, 0 for none, unless "
                                   "its creator sets one")
    create_burst: int = _bounded(5, 1, 10_000, "tables one address may create at once")
    create_every: float = _bounded(20.0, 0.01, 3600, "then one more every SECONDS")
    computer_tables: int = _bounded(2, 0, 1000,
                                    "running tables of computers only one address may have")
    idle_seconds: float = _bounded(24 * 3600.0, 60, 366 * 24 * 3600,
                                   "a table nobody was at this long ends")
    unwatched_seconds: float = _bounded(30.0, 1, 24 * 3600,
                                        "a table of computers only nobody watched this long "
                                        "ends")
    computer_workers: int | None = None
    lease_seconds: float = 3.0
    chat_burst: int = 5
    chat_every: float = 2.0
    summary_hold_seconds: float = SUMMARY_HOLD_SECONDS


def bounded() -> list[Field[Any]]:
    """The settings ``spades serve`` takes as flags (``--turn-seconds`` for
    ``turn_seconds``), in order."""
    return [f for f in fields(Settings) if "bounds" in f.metadata]


def check(setting: Field[Any], text: str) -> float:
    """``text`` as a value of ``setting`` (a whole number for an ``int`` one); raises
    SpadesError in one line when it is not a number or out of its bounds."""
    low, high = setting.metadata["bounds"]
    whole = setting.type == "int"
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        raise SpadesError(f"not {'a whole number' if whole else 'a number'}: {text!r}") from None
    if not low <= value <= high:  # a NaN is out of bounds too
        raise SpadesError(f"must be from {said(low)} to {said(high)}, not {text}")
    return value


def said(value: float) -> str:
    """A bound or a default as the help says it: ``86,400``, ``0.01``."""
    return f"{int(value):,}" if value == int(value) else f"{value:,}"
