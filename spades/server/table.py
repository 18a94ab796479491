"""One table of the web game: the coordinator of its parts, its clients and its tasks.

The server alone decides. A seated client sends an action's text (docs/record.md), or in
a blind nil exchange its whole give (``give 2C QH KD``); it is read once, checked once
against the game (a refusal worded by :func:`.messages.in_words`), committed to the store
as a typed event (:mod:`.events`: the action's code with its text) and only then applied
and broadcast: each client gets its own seat's view, spectators the public one
(:mod:`.messages`). Who sits, and when the computer plays for a person, is
:mod:`.seats`; the turn clock and the computer's decisions, seeded by the table's secret
bot seed and the number of events before each, are :mod:`.turns`; the chat and its
limits :mod:`.chat`. A person's seat left to the computer or taken back is an event of
the log, and every event keeps when it was stored (``at``), from which the next turn's
clock runs: a restarted server keeps both, less the time it was down.

A table nobody has been connected to for ``Settings.idle_seconds`` ends (an ``end``
event closes its log), and so does a table of computers only that nobody has watched for
``unwatched_seconds``.

With several workers on one PostgreSQL database (:mod:`.cluster`) every worker holds every
table: its own clients' actions it stores under the next number (a :class:`LogConflict`
means another worker's event came first: it is read, applied, and the action checked
again), the others' it applies from their notices (:meth:`Table.receive`). The work done
once per table (dealing, computer turns, the turn clock's decision, absence takeovers,
expiry) is done only while the worker ``owned`` the table. An action the computer took for
a person says so in the log (``by``), so that every worker counts her timeouts alike;
where the people are connected, and whose hand summary was closed, is told to the other
workers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import Action
from ..bots.policy import BlindNilPolicy
from ..cards import Card
from ..game import Game, Phase
from ..record import game_record
from ..rules import rules_for
from . import messages
from .chat import CHAT_SHOWN, chat_text, last_spectator
from .clients import Client, Costly
from .compute import Computer, costly_plays
from .config import blind_nil_policy
from .events import Act, Deal, End, Event, Give, Replay, SeatEvent, move, read_event
from .fair import new_seed
from .messages import ClientError
from .seats import (
    COMPUTER,
    PERSON,
    Seat,
    check_claim,
    clean_name,
    new_secret,
    new_token,
    person_seat,
    recount,
    seat_for,
)
from .settings import TURN_SECONDS, Settings
from .store import LogConflict, StoreWriter
from .turns import (
    Thinking,
    TurnClock,
    automatic,
    check,
    read_decision,
    waits_for,
)

log = logging.getLogger("spades.server")
CONFLICT_RETRIES = 3  # an action tried again after another worker's event came first
OWNER_POLL = 0.25  # seconds between looks at whether this worker now owns the table


@dataclass
class Table:
    """A table: configuration, seats, the game and its event log, connected clients."""

    table_id: str
    config: dict[str, Any]
    store: StoreWriter
    settings: Settings
    computer: Computer
    seats: list[Seat] = field(init=False)
    clients: set[Client] = field(default_factory=set)
    chat: list[dict[str, Any]] = field(default_factory=list)  # {"seat", "name", "text", "at"}
    rematch_id: str | None = None
    worker: str = ""  # this worker's id among several (see .cluster)
    costly_requests: Costly = field(default_factory=Costly)  # the server's, for every table

    def __post_init__(self) -> None:
        self.rules = rules_for(self.config["variant"], **self.config["rules"])
        self.seats = [Seat(s["kind"], s["level"], s["name"]) for s in self.config["seats"]]
        self.history = Replay(Game(self.rules))
        # the log as stored, and what it rebuilds
        self.game, self.events, self.seeds = (
            self.history.game, self.history.events, self.history.seeds)
        self.lock = asyncio.Lock()
        self.thinking = Thinking(self.computer, self.table_id, self.config["bot_seed"],
                                 lambda: len(self.events))
        self._computer: asyncio.Task[None] | None = None
        self._at: float | None = None  # when the last action came
        self._away: dict[int, asyncio.Task[None]] = {}
        self._clock: asyncio.Task[None] | None = None  # the turn time of the person to move
        self.clock = TurnClock()  # its times
        self._spectators = 0  # the spectators named "Spectator N" so far
        self.ended: str | None = None  # why the table ended before the game did
        self.idle_since = time.time()  # when its last connection went (or it began)
        self.seen_kept = self.idle_since  # the last such time the store keeps
        self.owned = True  # whether this worker does the once-only work (one alone: yes)
        self.elsewhere: dict[str, tuple[list[int], int]] = {}  # worker: (seats, spectators)

    # ------------------------------------------------------------ the log

    def replay(self, events: list[dict[str, Any]]) -> None:
        """Rebuild the game from stored events (at start-up), and the seats left to the
        computer with it."""
        for event in events:
            self._apply(event)

    @property
    def moves(self) -> int:
        """The deals and moves in the log: a turn is (seat, moves)."""
        return self.history.moves

    def _apply(self, stored: dict[str, Any]) -> None:
        """Apply a stored event (this worker's, another's, or the log's at start-up)."""
        self._take(read_event(stored), stored)

    def _take(self, event: Event, stored: dict[str, Any]) -> None:
        """Apply ``event``, kept in the log as ``stored``. A seat event leaves a seat to
        the computer or takes it back; a person's move also says who took it (see
        :meth:`Seat.moved`). An event's ``at`` (when it was stored; none in older logs)
        starts the next turn's clock; one that ends a hand holds each person's clock for
        ``summary_hold_seconds`` (until she closes the summary)."""
        self.clock.stored(event.at)
        playing = bool(self.game.hands) and self.game.hands[-1].result is None
        self.history.apply(event, stored)
        if isinstance(event, End):
            self.ended = event.reason
            self.stop()
        elif isinstance(event, SeatEvent):
            self.seats[event.seat].left_to_computer(event.away, event.left)
        elif playing and self.game.hands[-1].result is not None and not self.game.over:
            self.clock.hold([n for n, seat in enumerate(self.seats) if seat.kind == PERSON],
                            self.settings.summary_hold_seconds)
        if isinstance(event, Act | Give):
            self.seats[event.seat].moved(event.by)

    async def _record(self, event: Event, at: float | None = None) -> None:
        """Commit ``event`` to the store, then apply it. A :class:`LogConflict` (another
        worker stored the number first) is raised once the events it missed are applied."""
        event = replace(event, at=round(time.time(), 3))
        stored = event.to_json()
        try:
            await self.store.append(self.table_id, len(self.events), stored, at)
        except LogConflict:
            before = self.game.hand_number
            if await self._catch_up():
                await self._after(before)
            raise
        self._take(event, stored)

    async def _catch_up(self) -> bool:
        """Apply the events other workers stored that this one has not (the lock held);
        whether there were any."""
        missed = await self.store.events_since(self.table_id, len(self.events))
        for event in missed:
            self._apply(event)
        return bool(missed)

    async def receive(self, seq: int, event: dict[str, Any], at: float | None) -> None:
        """Event ``seq`` that another worker stored (its notice): applied in order (a gap
        is read from the store), then dealt after and broadcast as this worker's own."""
        async with self.lock:
            if seq < len(self.events):  # this worker's own, or read already
                return
            before = self.game.hand_number
            if seq > len(self.events):
                await self._catch_up()
            else:
                self._at = at
                self._apply(event)
            await self.deal_if_needed()
            await self._after(before)

    async def deal_if_needed(self) -> None:
        """Deal the waiting hand from a fresh secret seed (its owner only)."""
        while self.owned and self.game.phase is Phase.DEAL and self.ended is None:
            with contextlib.suppress(LogConflict):  # caught up: look again
                await self._record(Deal(new_seed()))

    async def own(self) -> None:
        """This worker now does the table's once-only work: it reads what it missed,
        deals, starts the computer's turn and the absence timers."""
        async with self.lock:
            self.owned = True
            if self._clock is None:  # a clock that ran out while another owned it: again
                self.clock.turn = None
            before = self.game.hand_number
            await self._catch_up()
            await self.deal_if_needed()
            await self._after(before)
        for seat in range(len(self.seats)):
            self.watch_absence(seat)

    def disown(self) -> None:
        """Another worker does the once-only work now: stop this one's (a computer's
        decision under way is dropped, an action being committed is applied first)."""
        self.owned = False
        for task in self._away.values():
            task.cancel()
        self._away.clear()

    @property
    def running(self) -> bool:
        """Whether the game goes on: neither over nor ended."""
        return not self.game.over and self.ended is None

    @property
    def listed(self) -> bool:
        """Whether the lobby lists the table and anyone may take a free seat (tables stored
        before the choice existed were all listed)."""
        return self.config.get("listed", True)

    @property
    def creator(self) -> str | None:
        """The client address that made the table (None for tables stored before it was
        kept)."""
        return self.config.get("creator")

    @property
    def computers_only(self) -> bool:
        return all(seat.kind == COMPUTER for seat in self.seats)

    @property
    def turn_seconds(self) -> float:
        """A person's time for a decision (0: no limit; tables stored before the setting
        existed get its default)."""
        return self.config.get("turn_seconds", TURN_SECONDS)

    @property
    def spectator_chat(self) -> bool:
        """Whether spectators may write in the chat (they always read it)."""
        return self.config.get("spectator_chat", False)

    @property
    def watched(self) -> bool:
        """Whether anyone is connected to the table, on any worker."""
        return bool(self.clients) or any(sum(seats) + spectators
                                         for seats, spectators in self.elsewhere.values())

    def expired(self, now: float) -> str | None:
        """Why the table should end at ``now`` (``time.time()``), if it should."""
        if not self.running or self.watched:
            return None
        idle = now - self.idle_since
        if self.computers_only and idle >= self.settings.unwatched_seconds:
            return "unwatched"
        return "idle" if idle >= self.settings.idle_seconds else None

    async def end(self, reason: str) -> None:
        """End the table before its game is over (an ``end`` event in the log)."""
        async with self.lock:
            if not self.running:
                return
            try:
                await self._record(End(reason))
            except LogConflict:  # another event came first: the next sweep looks again
                return
        await self.broadcast()

    # ------------------------------------------------------------ views

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def state(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for ``seat``."""
        return messages.state(self.game, seat, len(self.events), self.seeds,
                              seats=[s.public() for s in self.seats], rematch=self.rematch_id,
                              at=self._at, clock=self._clock_left(),
                              ended=messages.ended(self.ended))

    def _clock_left(self) -> dict[str, Any] | None:
        """The turn clock: whose it is and the seconds left, of how many."""
        if self._clock is None:
            return None
        return self.clock.left(self.turn_seconds, asyncio.get_running_loop().time())

    def reveal(self, number: int) -> dict[str, Any]:
        """The ``hand_over`` message of finished hand ``number``."""
        return messages.hand_over(self.game, number, len(self.events), self.seeds, self.names)

    def welcome(self, seat: int | None, name: str = "") -> dict[str, Any]:
        """The ``welcome`` message for ``seat``; ``name`` is a spectator's in the chat."""
        return messages.welcome(
            self.game, self.table_id, seat, name if seat is None else self.seats[seat].name,
            self.seeds, turn_seconds=self.turn_seconds, chat=self.chat[-CHAT_SHOWN:],
            may_chat=seat is not None or self.spectator_chat)

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table: public facts only."""
        spectators = sum(c.seat is None for c in self.clients) + sum(
            spectators for _, spectators in self.elsewhere.values())
        return messages.lobby_line(self.game, self.table_id, [s.public() for s in self.seats],
                                   listed=self.listed, ended=messages.ended(self.ended),
                                   spectators=spectators)

    # ------------------------------------------------------------ seats and clients

    def seat_for(self, token: str) -> int | None:
        return seat_for(self.seats, token)

    async def invite_secrets(self) -> dict[int, str]:
        """A new invite secret for each person seat (returned once, stored hashed)."""
        made = {}
        for number, seat in enumerate(self.seats):
            if seat.kind == PERSON:
                made[number], seat.secret_hash = new_secret()
                await self.store.set_secret(self.table_id, number, seat.secret_hash)
        return made

    async def claim(self, seat: int, name: Any, secret: Any = None,
                    trusted: bool = False) -> tuple[str, str | None]:
        """Give a person seat a new token (returned once, stored hashed). With the seat's
        invite secret, the seat is taken even from another device, whose connection is
        told so; without it, only a free seat of a listed table (or a ``trusted`` claim:
        a rematch). Returns the token and, when the seat was taken without its secret,
        the new secret that now takes it back."""
        target = person_seat(self.seats, seat)
        if secret is not None and not isinstance(secret, str):
            raise ClientError("'secret' must be the text of an invite link")
        async with self.lock:
            if self.ended is not None:
                raise messages.has_ended(self.ended)
            if self.game.over and secret is None:  # its link still moves a seat (a rematch)
                raise ClientError("this game is over")
            if secret is not None and self.worker:  # set on another worker just now?
                stored = await self.store.load_table(self.table_id)
                if stored is not None and seat in stored.secrets:
                    target.secret_hash = stored.secrets[seat]
            check_claim(target, seat, secret, self.listed or trusted)
            made = None
            if secret is None:  # whoever had this seat's link no longer takes it
                made, target.secret_hash = new_secret()
                await self.store.set_secret(self.table_id, seat, target.secret_hash)
            token, token_hash = new_token()
            name = clean_name(name, target.name)
            await self.store.claim_seat(self.table_id, seat, name, token_hash)
            replaced = self._claimed(seat, name, token_hash)
        await self._replace(seat, replaced)
        return token, made

    def _claimed(self, seat: int, name: str, token_hash: str) -> list[Client]:
        """Bind ``seat`` to a new claim; its clients on this worker, counted out."""
        target = self.seats[seat]
        target.name, target.token_hash = name, token_hash
        replaced = [c for c in self.clients if c.seat == seat]
        for client in replaced:
            self.clients.discard(client)
            client.seat = None  # whatever it still sends is a spectator's
            target.connections -= 1
        return replaced

    async def _replace(self, seat: int, replaced: list[Client]) -> None:
        """Tell the ``replaced`` clients that ``seat`` was taken elsewhere, and close them."""
        for client in replaced:
            await client.send(messages.replaced(seat))
            await client.close(4001)
        if replaced:
            await self.tell_presence()
        self.watch_absence(seat)  # claimed, then never connected, is away too

    async def claimed_elsewhere(self, seat: int, name: str, token_hash: str) -> None:
        """A claim another worker stored (its notice)."""
        async with self.lock:
            if self.seats[seat].token_hash == token_hash:
                return
            replaced = self._claimed(seat, name, token_hash)
        await self._replace(seat, replaced)
        await self.broadcast()

    async def find_seat(self, token: str) -> int | None:
        """The seat ``token`` holds; a claim another worker stored that has not reached
        this one yet is read from the store."""
        seat = self.seat_for(token)
        if seat is None and self.worker:
            stored = await self.store.load_table(self.table_id)
            for number, (name, token_hash) in (stored.claims if stored else {}).items():
                await self.claimed_elsewhere(number, name, token_hash)
            seat = self.seat_for(token)
        return seat

    async def keep_seen(self, now: float) -> None:
        """Store, now and then, that people are at the table, so that a server that
        stops without a word does not count them away for long."""
        if self.clients and now - self.seen_kept >= self.settings.idle_seconds / 10:
            await self._mark_seen(now)

    async def _mark_seen(self, now: float) -> None:
        self.seen_kept = now
        await self.store.mark_seen(self.table_id, now)

    def spectator_name(self) -> str:
        """A new spectator's name until she gives one: "Spectator N", numbered on from
        those in the table's chat (so that a restart does not give a name twice)."""
        if self._spectators == 0:
            self._spectators = last_spectator(self.chat)
        self._spectators += 1
        return f"Spectator {self._spectators}"

    async def attach(self, client: Client) -> None:
        if self.worker:  # what other workers stored and this one has yet to hear of
            async with self.lock:
                before = self.game.hand_number
                if await self._catch_up():
                    await self._after(before)
        self.clients.add(client)
        self.idle_since = time.time()
        if client.seat is None:
            client.name = self.spectator_name()
        else:  # hers from now: no state sent while the welcome goes out shows her away
            self.seats[client.seat].connections += 1
            self._arrived(client.seat)
        await client.send(self.welcome(client.seat, client.name))
        if client.seat is not None:
            self.schedule()
            await self.broadcast()
        else:
            await client.send(self.state(None))
        await self.tell_presence()

    def _arrived(self, number: int) -> None:
        """Her person is connected: no away timer, and her seat is hers again unless she
        left it (:meth:`Seat.arrived`)."""
        task = self._away.pop(number, None)
        if task is not None:
            task.cancel()
        self.seats[number].arrived()

    async def tell_presence(self) -> None:
        """Tell the other workers how many of this worker's clients sit at each seat and
        watch."""
        if self.worker:
            await self.store.announce({
                "t": "here", "w": self.worker, "table": self.table_id,
                "seats": [s.connections for s in self.seats],
                "spectators": sum(c.seat is None for c in self.clients)})

    async def presence_elsewhere(self, worker: str, seats: list[int] | None,
                                 spectators: int = 0) -> None:
        """Another worker's clients at this table (``seats`` None: that worker is gone)."""
        if seats is None:
            if self.elsewhere.pop(worker, None) is None:
                return
        else:
            self.elsewhere[worker] = (seats, spectators)
        self.idle_since = time.time()
        arrived, gone = recount(self.seats, [counts for counts, _ in self.elsewhere.values()])
        for number in arrived:
            self._arrived(number)
        for number in gone:
            self.watch_absence(number)
        self.schedule()
        await self.broadcast()

    async def detach(self, client: Client) -> None:
        if client not in self.clients:  # replaced: counted out already
            return
        self.clients.discard(client)
        self.idle_since = time.time()
        if not self.clients:
            with contextlib.suppress(RuntimeError):  # the server is stopping: kept at restart
                await self._mark_seen(self.idle_since)
        if client.seat is None:
            await self.tell_presence()
            return
        self.seats[client.seat].connections -= 1
        self.watch_absence(client.seat)
        await self.broadcast()
        await self.tell_presence()

    def watch_absence(self, number: int) -> None:
        """Start the away timer of a claimed person seat with no connection (the owner's
        work): once it runs out, the seat's level plays for the person until she comes
        back."""
        seat = self.seats[number]
        if (self.owned and seat.kind == PERSON and seat.token_hash is not None
                and not seat.present and not seat.away and self.running
                and number not in self._away):
            self._away[number] = asyncio.create_task(self._away_after(number))

    async def _away_after(self, number: int) -> None:
        await asyncio.sleep(self.settings.away_seconds)
        self._away.pop(number, None)
        seat = self.seats[number]
        if not seat.present and not seat.away:
            await self._seat_event(number, True, False)

    # ------------------------------------------------------------ acting

    def blind_nil_policy(self, seat: int) -> BlindNilPolicy | None:
        """The table's policy for its computer players, opponents and partners alike, at
        a table with a person (None: the bot's own, at a table of computers only)."""
        return None if self.computers_only else blind_nil_policy(self.config)

    def _automatic(self, seat: int) -> bool:
        """Whether the computer takes ``seat``'s decision now without waiting."""
        return automatic(self.game, self.seats[seat], seat)

    async def act(self, seat: int | None, text: Any, auto: Any = False) -> None:
        """A client's action: verified by the engine, stored, broadcast. An ``auto`` one
        (the page's Auto Play One) is refused for a seat left to the computer, and never
        takes a seat back."""
        received = time.time()
        if seat is None:
            raise ClientError("spectators cannot act")
        if not isinstance(auto, bool):
            raise ClientError("'auto' must be true (Auto Play One chose it) or false")
        decision = read_decision(text)
        async with self.lock:
            for _ in range(CONFLICT_RETRIES):
                if auto and self.seats[seat].away:
                    raise ClientError("Auto Play One does not play while your seat is left "
                                      "to the computer: take your seat back to play")
                check(self.game, seat, decision, self.names)
                try:
                    await self._accept(seat, decision, received, "auto" if auto else None)
                    return
                except LogConflict:  # another worker's event came first, now applied
                    continue
        raise ClientError("the table is busy: send your action again")

    async def summary_closed(self, client: Client) -> None:
        """Her page closed the hand summary: her clock, held since the hand's end, runs
        (a spectator's page closing one changes nothing)."""
        if client.seat is not None:
            await self.summary_closed_by(client.seat)
            if self.worker:
                await self.store.announce({"t": "summary", "w": self.worker,
                                           "table": self.table_id, "seat": client.seat})

    async def summary_closed_by(self, seat: int) -> None:
        """Seat ``seat``'s hand summary is closed (here or on another worker)."""
        if self.clock.summary_closed(seat, time.time()):  # her clock again, from now
            self.schedule()
            await self.broadcast()

    def resume(self, stopped: float) -> None:
        """The server, down since ``stopped`` (``time.time()``), starts again: the turn
        under way when it stopped keeps the time its person had left."""
        self.clock.resume(stopped, time.time())

    async def leave(self, client: Client, away: Any) -> None:
        """A person leaves her seat to its computer level (``away`` true) or takes it back."""
        if client.seat is None or self.seats[client.seat].kind != PERSON:
            raise ClientError("only a seated person can leave her seat to the computer")
        if not isinstance(away, bool):
            raise ClientError("'away' must be true (the computer plays for you) or false")
        if not self.running:
            raise (ClientError("the game is over") if self.ended is None
                   else messages.has_ended(self.ended))
        await self._seat_event(client.seat, away, away)

    async def _seat_event(self, number: int, away: bool, left: bool) -> None:
        """Store that seat ``number`` is left to the computer (``away``; ``left``: by her
        person) or is hers again, in the log, so that a restart and the other workers
        keep it; then the next turn and the state."""
        event = SeatEvent(number, away, left)
        async with self.lock:
            for _ in range(CONFLICT_RETRIES):
                try:
                    await self._record(event)
                    break
                except LogConflict:  # another worker's event came first, now applied
                    continue
            else:
                raise ClientError("the table is busy: send it again")
        self.schedule()
        await self.broadcast()

    async def say(self, client: Client, text: Any, name: Any = None) -> None:
        """A line of chat from ``client``: plain text, kept with the table, sent to all;
        a spectator's ``name`` (if given) is hers from now on."""
        text = chat_text(client.seat, text, name, self.spectator_chat)
        if not client.chat.take():
            raise ClientError("too many messages at once: wait a few seconds")
        if client.seat is None and name is not None:
            client.name = clean_name(name, client.name)
        name = client.name if client.seat is None else self.seats[client.seat].name
        line = {"seat": client.seat, "name": name, "text": text, "at": time.time()}
        async with self.lock:
            try:
                await self.store.add_chat(self.table_id, len(self.chat), line)
            except LogConflict:
                raise ClientError("someone wrote at the same moment: send it again") from None
            self.chat.append(line)
        await self.broadcast(messages.chat(line))

    async def chat_elsewhere(self, number: int, line: dict[str, Any]) -> None:
        """Chat line ``number`` written on another worker (its notice)."""
        async with self.lock:
            if number < len(self.chat):  # this worker's own
                return
            self.chat.append(line)
        await self.broadcast(messages.chat(line))

    async def _accept(self, seat: int, action: Action | tuple[Card, ...], received: float,
                      by: str | None = None) -> None:
        """Store, apply and broadcast a legal action (or a whole give, its cards: one
        event); ``received`` is when it came (or was
        decided), sent along as ``at`` so that a client can time the broadcast; ``by``
        says who took a person's action for her (``"clock"``, ``"computer"``) or that
        her page's Auto Play One took it (``"auto"``). Raises
        :class:`LogConflict` when another worker's event came first (then applied)."""
        if self.ended is not None:
            raise messages.has_ended(self.ended)
        self._at = received
        before = self.game.hand_number
        await self._record(move(seat, action, by), received)
        await self.deal_if_needed()
        await self._after(before)

    async def _after(self, before: int) -> None:
        """Once events are applied: the next turn (its clock is in the state sent now),
        the seeds and records of the hands finished since hand ``before``, the state."""
        self.schedule()
        ended = [n for n in range(before, self.game.hand_number + 1)
                 if n and self.game.hands[n - 1].result is not None]
        for number in ended:
            await self.broadcast(self.reveal(number))
        await self.broadcast()

    async def broadcast(self, message: dict[str, Any] | None = None) -> None:
        """Send ``message`` to every client, or each client its own seat's state (worked
        out once per seat: spectators and a seat's several tabs share it)."""
        if message is not None:
            text = json.dumps(message)
            for client in list(self.clients):
                await client.send(text)
            return
        states: dict[int | None, str] = {}
        for client in list(self.clients):
            if client.seat not in states:
                states[client.seat] = json.dumps(self.state(client.seat))
            await client.send(states[client.seat])

    def schedule(self) -> None:
        """Start the computer's turn if a computer (or an away person) is to move, else
        the clock of the person to move (if the table has a turn time; none during her
        own exchange when the table waits for her, see :func:`.turns.waits_for`). Her clock
        runs from the turn's stored start, less the time the server was down, or from
        when her hand summary stops holding it."""
        seat = self.game.to_move
        person = seat is not None and not self._automatic(seat) and self.running
        turn: tuple[int, int] | None = None  # the clock's, if she has one
        if (person and seat is not None and self.turn_seconds
                and not waits_for(self.game, self.seats[seat], seat)):
            turn = (seat, self.moves)
        if turn != self.clock.turn:
            if self._clock is not None:
                self._clock.cancel()
            self.clock.turn, self._clock = None, None
            if turn is not None:  # from the stored start: a restart keeps the deadline
                self.clock.start(turn, self.turn_seconds, time.time(),
                                 asyncio.get_running_loop().time())
                self._clock = asyncio.create_task(self._time_out(*turn))
        if seat is None or person or self.ended is not None or not self.owned:
            return
        if self._computer is None or self._computer.done():
            self._computer = asyncio.create_task(self._computer_turn())

    async def _decide(self, seat: int) -> Action | tuple[Card, ...]:
        """What ``seat``'s level does now (:meth:`.turns.Thinking.decide`)."""
        return await self.thinking.decide(self.game, self.seats[seat], seat,
                                          self.blind_nil_policy(seat), self.computers_only)

    async def _computer_turn(self) -> None:
        """Wait the delay, let the seat's bot decide, take its action; then the next
        computer turn, if any (not after a cancellation: the server is stopping)."""
        await asyncio.sleep(self.settings.computer_delay)
        seq, seat = len(self.events), self.game.to_move
        if seat is not None and self._automatic(seat) and self.owned:
            action = await self._decide(seat)
            decided = time.time()
            by = "computer" if self.seats[seat].kind == PERSON else None
            async with self.lock:  # not for a person who came back while it thought
                if (len(self.events) == seq and self.game.to_move == seat and self.running
                        and self._automatic(seat) and self.owned):
                    with contextlib.suppress(LogConflict):  # another worker's came first
                        await self._accept(seat, action, decided, by)
        self._computer = None
        self.schedule()

    async def _time_out(self, seat: int, seq: int) -> None:
        """When the person to move runs out of time, her level takes this one decision
        (never a nil: :meth:`_decide`); the ``TIMEOUTS_AWAY``-th in a row marks her away
        (her level plays on). A clock held by her hand summary starts first, told to all."""
        loop = asyncio.get_running_loop()
        if self.clock.starts > loop.time():
            await asyncio.sleep(self.clock.starts - loop.time())
            await self.broadcast()
        await asyncio.sleep(self.clock.deadline - loop.time())
        while not self.owned:  # every worker shows the clock; its owner decides
            await asyncio.sleep(OWNER_POLL)
        self._clock = None  # from here on, her move or the next turn does not cancel this
        action = await self._decide(seat)
        decided = time.time()
        async with self.lock:
            if (self.moves == seq and self.game.to_move == seat and self.running
                    and self.owned):
                with contextlib.suppress(LogConflict):  # another worker's came first
                    await self._accept(seat, action, decided, "clock")

    async def hint(self, client: Client) -> None:
        """What ``hard`` would do for the client's seat now, with a one-line reason."""
        seat = client.seat
        if seat is None:
            raise ClientError("spectators cannot ask for hints")
        if self.game.to_move != seat:
            raise ClientError("a hint is for your turn")
        with self.costly_requests.one(self.table_id, seat, client.address):
            action, reason = await self.thinking.explain(self.game, seat)
        await client.send(messages.hint(action, reason))

    async def costly(self, client: Client, number: Any) -> None:
        """The client's plays of finished hand ``number`` that cost points, all cards known
        (the double-dummy analysis of :mod:`spades.analysis`, in a worker)."""
        seat = client.seat
        if seat is None:
            raise ClientError("spectators have no plays to analyse")
        finished = messages.finished(self.game)
        if not isinstance(number, int) or isinstance(number, bool) or number not in finished:
            raise ClientError(f"'hand' must be the number of a finished hand, not {number!r}")
        with self.costly_requests.one(self.table_id, seat, client.address):
            record = game_record(self.game, self.names)
            plays = await self.computer.run(costly_plays, record, number)
        await client.send({"type": "costly", "hand": number, "plays": [
            p.to_json() for p in plays if p.seat == seat and p.cost > 0]})

    def stop(self) -> None:
        """Cancel the table's pending tasks (server shutdown, or the table ended)."""
        for task in [self._computer, self._clock, *self._away.values()]:
            if task is not None:
                task.cancel()
