"""Whose turn it is at a table and how it is taken: by its person, on her clock, or by the
computer (for a computer seat, or standing in for a person).

The computer stands in for a person at her clock, while she is away, or in the seat she
left to it; it then declares no nil nor blind nil for her, and leaves her own blind nil
exchange to her: with two players it gives nothing, with four the table waits for her,
with no clock, unless she left her seat to the computer (:func:`waits_for`).

A decision in a blind nil exchange is a whole give, its steps decided one by one on a copy
of the game (:func:`whole_decision`): the computer's move and the hint alike.

:class:`TurnClock` keeps the times of the person's turn clock: the turn starts when its
event was stored (a restarted server keeps it, less the time it was down), and from a
hand's end her clock waits until she closes the hand's summary, or a while passes.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..actions import END_GIVE, Action, parse_give
from ..bots import without_nil
from ..bots.policy import BlindNilPolicy
from ..cards import Card, card_text
from ..errors import IllegalAction, NotationError
from ..game import Game, Phase
from ..observation import Observation
from .compute import Computer, decide, explain
from .messages import ClientError, in_words
from .seats import COMPUTER, PERSON, Seat

log = logging.getLogger("spades.server")

Step = Callable[[Observation, int], Awaitable[Action]]


def read_decision(text: Any) -> Action | tuple[Card, ...]:
    """A client's decision, read once from its text: an action, or in a blind nil exchange
    the cards of a whole give (``give 2C QH KD``; ``give 2C`` one card, ``give`` none);
    raises ClientError."""
    if not isinstance(text, str):
        raise ClientError("'action' must be an action's text, e.g. 'bid 4' or 'play AS'")
    try:
        cards = parse_give(text)
        return Action.parse(text) if cards is None else cards
    except NotationError as error:
        raise ClientError(str(error)) from None


def check(game: Game, seat: int, decision: Action | tuple[Card, ...],
          names: list[str]) -> None:
    """Whether ``seat`` may take ``decision`` now, checked by the engine (a whole give by
    :meth:`~spades.Game.verify_give`); if not, ClientError in the words of the person
    who tried (:func:`.messages.in_words`)."""
    try:
        if isinstance(decision, tuple):
            game.verify_give(decision, seat)
        else:
            game.verify(decision, seat)
    except IllegalAction as error:
        raise ClientError(in_words(error, names, game.to_move)) from None


async def whole_decision(game: Game, seat: int, step: Step) -> Action | tuple[Card, ...]:
    """``seat``'s decision now, each of its steps from ``step`` (given the seat's view and
    how many cards it chose so far): an action, or in a blind nil exchange the cards of
    its whole give, decided step by step on a copy of ``game``."""
    if game.phase is not Phase.EXCHANGE:
        return await step(game.observation(seat), 0)
    game, cards = game.copy(), list[Card]()
    while game.phase is Phase.EXCHANGE and game.to_move == seat:
        action = await step(game.observation(seat), len(cards))
        game.apply(action)
        if action == END_GIVE:
            break
        cards.append(action.card)
    return tuple(cards)


@dataclass
class Thinking:
    """Where table ``table_id``'s computer decisions and hints are worked out: in the
    server's workers (``computer``), each seeded by the table's secret ``bot_seed`` and the
    number of events before it (``seq()``)."""

    computer: Computer
    table_id: str
    bot_seed: str
    seq: Callable[[], int]

    async def decide(self, game: Game, seat: Seat, number: int, blind_nil: BlindNilPolicy | None,
                     background: bool) -> Action | tuple[Card, ...]:
        """What ``seat``'s level (seat ``number``) does now: an action, or in an exchange
        the cards of its whole give, under the ``blind_nil`` policy (None: its own), in the
        ``background`` workers at a table of computers only. Standing in for a person
        (:func:`stands_in`) it declares no nil nor blind nil, and in her own exchange gives
        nothing where that is allowed (two players); with four the table waits for her,
        unless she left her seat to the computer."""
        if gives_nothing(game, seat, number):
            return ()
        stand_in = stands_in(seat)

        async def step(view: Observation, chosen: int) -> Action:
            return await self._step(seat.level, without_nil(view) if stand_in else view,
                                    f"/{chosen}" if chosen else "", blind_nil, background)

        return await whole_decision(game, number, step)

    async def _step(self, level: str, view: Observation, salt: str,
                    blind_nil: BlindNilPolicy | None, background: bool) -> Action:
        """The action of a ``level`` bot in the position of ``view``, seeded by the number
        of events and ``salt``; a random legal one if the bot fails or answers an action it
        may not take."""
        seq = self.seq()
        try:
            action = await self.computer.run(decide, level, f"{self.bot_seed}/{seq}{salt}",
                                             blind_nil, view, background=background)
            if action in view.legal:
                return action
            failure = "an illegal action"
        except Exception as error:  # a failing bot must not stall the table
            # the error's text may quote the position: the log names only its kind
            failure = type(error).__name__
        log.error("table %s: the %s bot failed (%s); a random legal action instead",
                  self.table_id, level, failure)
        return random.Random(seq).choice(view.legal)

    async def explain(self, game: Game, number: int) -> tuple[str, str]:
        """``hard``'s action for seat ``number`` now and its reason; in an exchange its
        whole give (``give 2C QH KD``, as a client sends it; the reason its first step's),
        not only the first card."""
        seed, reasons = f"{self.bot_seed}/hint/{self.seq()}", list[str]()

        async def step(view: Observation, chosen: int) -> Action:
            exchange = view.phase is Phase.EXCHANGE
            action, reason = await self.computer.run(
                explain, f"{seed}/{chosen}" if exchange else seed, view)
            reasons.append(reason)
            return action

        decision = await whole_decision(game, number, step)
        if isinstance(decision, tuple):
            return " ".join(["give", *(card_text(c) for c in decision)]), reasons[0]
        return str(decision), reasons[0]


def stands_in(seat: Seat) -> bool:
    """Whether the computer deciding for ``seat`` stands in for its person (at her clock,
    while she is away, or in the seat she left to it): it then declares no nil nor blind
    nil for her."""
    return seat.kind == PERSON


def own_exchange(game: Game, number: int) -> bool:
    """Whether seat ``number`` is to give the cards of its own blind nil exchange."""
    return (game.phase is Phase.EXCHANGE and game.to_move == number
            and number in game.hands[-1].blind_nil)


def gives_nothing(game: Game, seat: Seat, number: int) -> bool:
    """Whether the computer, standing in for seat ``number``'s person in her own exchange,
    gives nothing (where the rules allow it: two players)."""
    return stands_in(seat) and own_exchange(game, number) and 0 in game.rules.give_sizes


def waits_for(game: Game, seat: Seat, number: int) -> bool:
    """Whether the table waits for seat ``number``'s person, with no clock and no computer
    standing in: in her own blind nil exchange when it may not give nothing (four
    players), since which cards she gives is hers alone to choose, unless she left her
    seat to the computer."""
    return (stands_in(seat) and not seat.left and own_exchange(game, number)
            and 0 not in game.rules.give_sizes)


def automatic(game: Game, seat: Seat, number: int) -> bool:
    """Whether the computer takes seat ``number``'s decision now without waiting."""
    return seat.kind == COMPUTER or (seat.away and not waits_for(game, seat, number))


@dataclass
class TurnClock:
    """The times of the turn clock of the person to move (its task is the table's).

    ``turn_at`` is when the last event was stored (``time.time()``), ``paused`` the
    seconds the server was down since, ``held`` each seat's time when its hand summary
    stops holding its clock; ``turn`` the (seat, moves) it runs for, from ``starts`` to
    ``deadline`` (the event loop's time)."""

    turn_at: float = field(default_factory=time.time)
    paused: float = 0.0
    held: dict[int, float] = field(default_factory=dict)
    turn: tuple[int, int] | None = None
    starts: float = 0.0
    deadline: float = 0.0

    def stored(self, at: float | None) -> None:
        """An event was stored at ``at`` (None in older logs: now): the next turn begins."""
        self.turn_at = time.time() if at is None else at
        self.paused = 0.0

    def hold(self, seats: Iterable[int], seconds: float) -> None:
        """A hand ended: hold the clocks of ``seats`` for ``seconds`` from its last event."""
        self.held = {number: self.turn_at + seconds for number in seats}

    def resume(self, stopped: float, now: float) -> None:
        """The server, down since ``stopped``, runs again at ``now``: the turn under way
        keeps the time its person had left."""
        self.paused = max(0.0, now - max(stopped, self.turn_at))

    def start(self, turn: tuple[int, int], seconds: float, now: float, loop_now: float) -> None:
        """Run the clock of ``seconds`` for ``turn``, from the turn's stored start (less
        the time the server was down), or from when her hand summary stops holding it;
        ``now`` is ``time.time()``, ``loop_now`` the event loop's time."""
        start = max(self.turn_at, self.held.get(turn[0], 0.0)) + self.paused
        spent = min(max(0.0, now - start), seconds)
        self.turn = turn
        self.starts = loop_now + max(0.0, start - now)
        self.deadline = self.starts + seconds - spent

    def left(self, seconds: float, loop_now: float) -> dict[str, Any] | None:
        """Whose clock it is and the seconds left, of how many (None while a hand summary
        holds it or when none runs)."""
        if self.turn is None or loop_now < self.starts:
            return None
        return {"seat": self.turn[0], "seconds": round(max(0.0, self.deadline - loop_now), 1),
                "of": seconds}

    def summary_closed(self, seat: int, now: float) -> bool:
        """Seat ``seat``'s person closed the hand's summary at ``now``: her clock, if held,
        runs from now. Whether it is her turn's clock, which then starts again."""
        now -= self.paused  # in the time of the turn's stored start
        if self.held.get(seat, 0.0) <= now:
            return False  # nothing held any more
        self.held[seat] = now
        if self.turn is not None and self.turn[0] == seat:
            self.turn = None
            return True
        return False
