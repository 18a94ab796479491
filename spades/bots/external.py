"""An outside program as a bot: one JSON line per decision, one JSON line back.

``make_bot("cmd:python mybot.py", seed)`` builds an :class:`ExternalBot`. The program is
started at its first decision; each decision sends it one line, a JSON object::

    {"version": 1, "type": "decision", "decision": 1, "seat": 0, "time_limit": 5.0,
     "legal": ["bid 1", "bid 2", ...], "observation": {...}}

and it answers one line, ``{"action": "bid 2"}``. In a blind nil exchange it may answer
one step (``give 2C``, or ``give`` to end it) or, with no card chosen yet, the whole give
(``give 2C QH KD``): its steps are then taken at the next decisions without asking it
again. A program that answers late, answers
garbage or an illegal action, or dies is written down in :attr:`ExternalBot.problems` and
its seat gets a random legal action instead: the game always goes on. docs/bot-protocol.md
is the program writer's guide.

The pipes are read and written without blocking, through :mod:`selectors` (POSIX: Linux,
macOS), so that no program can hang the game, whatever it does.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import selectors
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
import weakref
from typing import IO, Any

from ..actions import Action, give_steps, parse_give
from ..errors import NotationError, SpadesError
from ..observation import Observation

PROTOCOL_VERSION = 1
MAX_ANSWER_BYTES = 1 << 20  # a longer answer line is garbage (its rest is read and dropped)
CLOSE_GRACE = 1.0  # seconds a program has to exit once its input is closed
_CHUNK = 1 << 16
_SHOWN_LEGAL = 8


class _TimedOut(Exception):
    """The program did not answer in time."""


class _Gone(Exception):
    """The program closed its output or its input: it is dead or dying."""


class _TooLong:
    """Stands for an answer line longer than :data:`MAX_ANSWER_BYTES`."""

    def __init__(self, size: int) -> None:
        self.size = size


def _short(value: Any, limit: int = 80) -> str:
    """``repr(value)``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _legal_text(legal: tuple[Action, ...]) -> str:
    shown = ", ".join(str(a) for a in legal[:_SHOWN_LEGAL])
    more = f", … {len(legal)} in all" if len(legal) > _SHOWN_LEGAL else ""
    return shown + more


class _Program:
    """A running program and its two pipes, read and written without blocking.

    Holds no reference to the bot, so that a finalizer can stop it.
    """

    def __init__(self, argv: list[str], stderr: str | os.PathLike[str] | None) -> None:
        # both closed in stop()
        self.stderr: IO[bytes] = (
            tempfile.TemporaryFile() if stderr is None  # noqa: SIM115
            else open(stderr, "ab")  # noqa: SIM115
        )
        posix = os.name == "posix"
        try:
            self.process = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                bufsize=0, start_new_session=posix,
            )
        except BaseException:
            self.stderr.close()
            raise
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        os.set_blocking(self.stdin.fileno(), False)
        os.set_blocking(self.stdout.fileno(), False)
        self.readable = selectors.DefaultSelector()
        self.readable.register(self.stdout, selectors.EVENT_READ)
        self.writable = selectors.DefaultSelector()
        self.writable.register(self.stdin, selectors.EVENT_WRITE)
        self.buffer = bytearray()
        self.skipped: int | None = None  # bytes of an overlong line dropped so far
        self.eof = False
        self.stopped = False

    @property
    def pid(self) -> int:
        return self.process.pid

    def send(self, data: bytes, deadline: float) -> None:
        """Write all of ``data`` before ``deadline``."""
        view = memoryview(data)
        fd = self.stdin.fileno()
        while view:
            try:
                written = os.write(fd, view)
            except BlockingIOError:
                written = 0
            except (BrokenPipeError, ConnectionResetError):
                raise _Gone from None
            view = view[written:]
            if view:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise _TimedOut
                self.writable.select(remaining)

    def _fill(self, timeout: float) -> bool:
        """Read what the program wrote, waiting up to ``timeout``; False if nothing came."""
        if self.eof:
            raise _Gone
        if timeout > 0 and not self.readable.select(timeout):
            return False
        try:
            chunk = os.read(self.stdout.fileno(), _CHUNK)
        except BlockingIOError:
            return False
        if not chunk:
            self.eof = True
            raise _Gone
        if self.skipped is not None:  # inside an overlong line: keep only what follows it
            end = chunk.find(b"\n")
            if end < 0:
                self.skipped += len(chunk)
                return True
            self.skipped += end
            chunk = chunk[end + 1 :]
            self.buffer += b"\n"  # marks where the overlong line ended
        self.buffer += chunk
        return True

    def read_line(self, deadline: float) -> bytes | _TooLong:
        """The next line the program writes (without its newline), read before ``deadline``."""
        while True:
            if self.skipped is not None and self.buffer.startswith(b"\n"):
                del self.buffer[:1]
                size, self.skipped = self.skipped, None
                return _TooLong(size)
            if self.skipped is None:
                end = self.buffer.find(b"\n")
                if end >= 0:
                    line = bytes(self.buffer[:end])
                    del self.buffer[: end + 1]
                    return line if len(line) <= MAX_ANSWER_BYTES else _TooLong(len(line))
                if len(self.buffer) > MAX_ANSWER_BYTES:
                    self.skipped = len(self.buffer)
                    self.buffer.clear()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise _TimedOut
            self._fill(remaining)

    def drain(self) -> int:
        """Drop what the program wrote unasked; the number of bytes that were not blank."""
        for _ in range(MAX_ANSWER_BYTES // _CHUNK):  # a program that floods its output
            if not self._fill(0):                   # cannot keep us here
                break
        dropped = len(bytes(self.buffer).strip())
        self.buffer.clear()
        if self.skipped is not None:
            dropped += self.skipped
            self.skipped = None
        return dropped

    def exit_text(self, wait: float) -> str:
        """How the program ended (after waiting up to ``wait`` s), with its last stderr line."""
        try:
            code = self.process.wait(wait)
        except subprocess.TimeoutExpired:
            self.kill()
            return "program closed its pipes and was stopped"
        if code >= 0:
            text = f"program exited with code {code}"
        else:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = str(-code)
            text = f"program was killed by signal {name}"
        last = self.last_error_line()
        return f"{text} (stderr: {_short(last, 160)})" if last else text

    def last_error_line(self) -> str:
        """The last non-blank line the program wrote to stderr, if it can be read."""
        try:
            self.stderr.flush()
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - 4096))
            tail = self.stderr.read()
        except (OSError, ValueError):
            return ""
        lines = [ln for ln in tail.decode("utf-8", "replace").splitlines() if ln.strip()]
        return lines[-1].strip() if lines else ""

    def kill(self) -> None:
        """Stop the program (and anything it started) now."""
        if self.process.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(self.process.pid, signal.SIGKILL)
                else:
                    self.process.kill()
            except (ProcessLookupError, PermissionError):
                pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(CLOSE_GRACE)

    def stop(self) -> None:
        """Close its input, give it :data:`CLOSE_GRACE` s to exit, then kill it; free all."""
        if self.stopped:
            return
        self.stopped = True
        with contextlib.suppress(OSError):
            self.stdin.close()
        try:
            self.process.wait(CLOSE_GRACE)
        except subprocess.TimeoutExpired:
            self.kill()
        for closing in (self.readable.close, self.writable.close, self.stdout.close,
                        self.stderr.close):
            with contextlib.suppress(OSError, ValueError):
                closing()


class ExternalBot:
    """A bot played by an outside program, speaking JSON lines on its stdin and stdout.

    ``command`` is the program's command line (split as a POSIX shell would, no shell
    involved). ``timeout`` is the time limit of each decision in seconds; the first
    decision gets ``startup`` seconds more, for the program to start. ``stderr`` names a
    file that collects what the program writes to its stderr (appended); by default it
    goes to a temporary file, whose last line is quoted if the program dies.

    :attr:`problems` lists what went wrong, one short string each
    (``"decision 12: timed out after 5.0 s; program stopped"``); :attr:`fallbacks`
    counts the decisions taken by ``rng.choice(observation.legal)`` instead of the
    program. After the program died or timed out it is not asked again. Use the bot as a
    context manager or call :meth:`close`; an unclosed program is stopped when the bot is
    collected or the interpreter exits.
    """

    def __init__(self, command: str, rng: random.Random, timeout: float = 5.0, *,
                 startup: float = 10.0, stderr: str | os.PathLike[str] | None = None) -> None:
        try:
            argv = shlex.split(command)
        except ValueError as error:
            raise SpadesError(f"bad command {command!r}: {error}") from None
        if not argv:
            raise SpadesError("empty command: expected cmd:PROGRAM [ARGUMENTS]")
        if shutil.which(argv[0]) is None:
            raise SpadesError(f"no program {argv[0]!r} (in command {command!r})")
        if not timeout > 0 or not startup >= 0:
            raise SpadesError(f"timeout must be positive and startup not negative, "
                              f"not {timeout!r} and {startup!r}")
        self.command = command
        self.argv = argv
        self.rng = rng
        self.timeout = float(timeout)
        self.startup = float(startup)
        self.stderr = stderr
        self.problems: list[str] = []
        self.decisions = 0
        self.fallbacks = 0
        self._program: _Program | None = None
        self._finalizer: weakref.finalize | None = None
        self._gone = False  # the program died, timed out, or the bot was closed
        self._planned: list[Action] = []  # the steps left of a whole give it answered
        # the hand, seat and cards chosen so far that the next planned step expects
        self._planned_at: tuple[int, int | None, set[int]] = (0, None, set())

    def __repr__(self) -> str:
        return f"ExternalBot({self.command!r}, timeout={self.timeout})"

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        """The program's process id, once started."""
        return None if self._program is None else self._program.pid

    @property
    def running(self) -> bool:
        """Whether the program is started and still asked for decisions."""
        return self._program is not None and not self._gone

    def close(self) -> None:
        """End the program: close its input, wait a moment, then kill it. Idempotent."""
        self._gone = True
        if self._finalizer is not None:
            self._finalizer()

    def act(self, observation: Observation) -> Action:
        """The program's answer if it is a legal action in time; else a random legal one.
        The next step of a whole give it answered is taken without asking it."""
        if self._planned:
            step = self._planned.pop(0)
            number, seat, chosen = self._planned_at
            if (observation.hand_number, observation.seat, set(observation.giving)) == (
                    number, seat, chosen) and step in observation.legal:
                self._planned_at = (number, seat, chosen | {step.card})
                return step
            self._planned = []  # a give planned for another exchange, or undone
        self.decisions += 1
        number = self.decisions
        if not self._gone:
            answer = self._ask(observation, number)
            if answer is not None:
                return answer
        self.fallbacks += 1
        return self.rng.choice(observation.legal)

    def _problem(self, text: str) -> None:
        self.problems.append(text)

    def _start(self, number: int) -> _Program | None:
        try:
            program = _Program(self.argv, self.stderr)
        except OSError as error:
            self._gone = True
            self._problem(f"decision {number}: cannot start {self.command!r}: "
                          f"{error.strerror or error}")
            return None
        self._program = program
        self._finalizer = weakref.finalize(self, program.stop)
        return program

    def _ask(self, observation: Observation, number: int) -> Action | None:
        program = self._program or self._start(number)
        if program is None:
            return None
        limit = self.timeout + (self.startup if number == 1 else 0.0)
        message = {
            "version": PROTOCOL_VERSION,
            "type": "decision",
            "decision": number,
            "seat": observation.seat,
            "time_limit": self.timeout,
            "legal": [str(a) for a in observation.legal],
            "observation": observation.to_json(),
        }
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        deadline = time.monotonic() + limit
        try:
            unasked = program.drain()
            if unasked:
                self._problem(f"decision {number}: {unasked} bytes written unasked were dropped")
            program.send(data, deadline)
            line = program.read_line(deadline)
            while isinstance(line, bytes) and not line.strip():  # blank lines are ignored
                line = program.read_line(deadline)
        except _TimedOut:
            self._gone = True
            program.kill()
            self._problem(f"decision {number}: timed out after {limit:g} s; program stopped")
            return None
        except _Gone:
            self._gone = True
            self._problem(f"decision {number}: {program.exit_text(CLOSE_GRACE)}")
            return None
        return self._check(line, observation, number)

    def _check(self, line: bytes | _TooLong, observation: Observation,
               number: int) -> Action | None:
        """The legal action ``line`` names, or None with the problem written down."""
        where = f"decision {number}"
        if isinstance(line, _TooLong):
            self._problem(f"{where}: answer too long ({line.size} bytes; "
                          f"at most {MAX_ANSWER_BYTES})")
            return None
        try:
            answer = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            self._problem(f"{where}: answer is not UTF-8: {_short(line)}")
            return None
        except (ValueError, RecursionError):
            self._problem(f"{where}: answer is not JSON: {_short(line.decode('utf-8'))}")
            return None
        text = answer.get("action") if isinstance(answer, dict) else None
        if not isinstance(text, str):
            self._problem(f'{where}: answer has no "action" text: {_short(answer)}')
            return None
        try:
            cards = parse_give(text)
            if cards is not None and len(cards) > 1:
                return self._whole_give(cards, observation, where, text)
            action = Action.parse(text)
        except NotationError:
            self._problem(f"{where}: unreadable action {_short(text)} "
                          f"(legal: {_legal_text(observation.legal)})")
            return None
        if action not in observation.legal:
            self._problem(f"{where}: illegal action {_short(text)} "
                          f"(legal: {_legal_text(observation.legal)})")
            return None
        return action

    def _whole_give(self, cards: tuple[int, ...], observation: Observation, where: str,
                    text: str) -> Action | None:
        """The first step of the whole give of ``cards`` (the others planned), or None
        with the problem written down if the exchange may not give them now."""
        steps = give_steps(cards, observation.rules.exchange_cards)
        if (observation.giving or len(cards) not in observation.rules.give_sizes
                or any(step not in observation.legal for step in steps[:len(cards)])):
            self._problem(f"{where}: illegal give {_short(text)} "
                          f"(legal: {_legal_text(observation.legal)})")
            return None
        self._planned = steps[1:]
        self._planned_at = (observation.hand_number, observation.seat, {steps[0].card})
        return steps[0]
