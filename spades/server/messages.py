"""The JSON messages a table sends its clients, and the refusals it sends back.

Each seat's messages carry its own seat's :class:`~spades.Observation` and nothing else;
a spectator's carry its public part (:meth:`~spades.Game.spectator_observation`); the
seeds of finished hands only (the hand in play: its seed's hash). A refusal of the engine
is worded for the person who tried from :class:`~spades.IllegalAction`'s fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import in_symbols
from ..errors import IllegalAction, SpadesError
from ..game import Game
from ..observation import Observation
from ..record import game_record
from ..scoring import breakdown, contracts
from .fair import commitment

ENDED = {"idle": "nobody was at this table for a long time",
         "unwatched": "nobody was watching this table of computer players"}


class ClientError(SpadesError):
    """A message the server refuses; its text goes back to the sender, nothing changes."""


class Forbidden(ClientError):
    """A seat asked for without its invite secret, or with a wrong one."""


def ended(reason: str | None) -> str | None:
    """Why a table ended, in words (None: it did not)."""
    return None if reason is None else ENDED[reason]


def has_ended(reason: str) -> ClientError:
    """The refusal of a table that ended for ``reason``."""
    return ClientError(f"this table has ended: {ENDED[reason]}")


_SAID = {"nil": "bid nil", "blind nil": "bid blind nil", "no blind nil": "decline blind nil",
         "keep": "keep the card", "discard": "discard the card"}  # the rest read as they are


def in_words(error: IllegalAction, names: Sequence[str], to_move: int | None) -> str:
    """An action the engine refused, in the words of the person who tried it: whose turn
    it is by name, cards with their suit symbols (``"You cannot play K♥ now: it is Bob's
    turn."``), from the error's ``seat``, ``action`` and ``reason_to_seat``."""
    action = _SAID.get(str(error.action), in_symbols(str(error.action)))
    if error.seat != to_move:
        whose = "nobody's" if to_move is None else f"{names[to_move]}'s"
        return f"You cannot {action} now: it is {whose} turn."
    return f"You cannot {action}: {in_symbols(error.reason_to_seat)}."


def observation(game: Game, seat: int | None) -> Observation:
    """What ``seat`` may know now; a spectator (None) sees no hand."""
    return game.spectator_observation() if seat is None else game.observation(seat)


def view(game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know now, as JSON; a spectator (None) sees no hand."""
    return observation(game, seat).to_json()


def last_trick(seen: Observation) -> dict[str, Any] | None:
    """The last trick completed, public to all (:attr:`Observation.last_trick`): the last
    of ``seen``'s tricks or, before the first, the previous hand's thirteenth (in that
    hand's record, which ``hand_over`` sent everyone). ``hand`` and ``number`` (1 to 13)
    tell tricks apart."""
    if seen.last_trick is None:
        return None
    if seen.tricks:
        return {"hand": seen.hand_number, "number": len(seen.tricks),
                **seen.last_trick.to_json(seats=True)}
    return {"hand": seen.hand_number - 1, "number": 13, **seen.last_trick.to_json(seats=True)}


def finished(game: Game) -> list[int]:
    """The numbers of the game's finished hands."""
    return [log.number for log in game.hands if log.result is not None]


def seed_of(seeds: Sequence[str], number: int) -> dict[str, Any]:
    """Finished hand ``number``'s seed and its SHA-256 (never for the hand in play)."""
    seed = seeds[number - 1]
    return {"hand": number, "seed": seed, "sha256": commitment(seed)}


def state(game: Game, seat: int | None, seq: int, seeds: Sequence[str], *,
          seats: list[dict[str, Any]], rematch: str | None, at: float | None,
          clock: dict[str, Any] | None, ended: str | None) -> dict[str, Any]:
    """The ``state`` message for ``seat`` after ``seq`` events: its view, the hand in
    play's commitment, the last trick, and the table's public facts: its ``seats``
    (their public part), its ``rematch``, when the last action came (``at``), the turn
    ``clock`` and why it ``ended``."""
    hands, commit = game.hands, None
    if hands and hands[-1].result is None:  # the hand in play: its seed's hash only
        commit = {"hand": len(hands), "sha256": commitment(seeds[len(hands) - 1])}
    seen = observation(game, seat)
    return {"type": "state", "seq": seq, "view": seen.to_json(), "seats": seats,
            "commit": commit, "rematch": rematch, "at": at, "clock": clock,
            "last_trick": last_trick(seen), "ended": ended}


def hand_over(game: Game, number: int, seq: int, seeds: Sequence[str],
              names: list[str]) -> dict[str, Any]:
    """The ``hand_over`` message of finished hand ``number``: its seed, its record, its
    ``tricks`` with the seat that played each card, and each side's hand in words
    (:func:`spades.scoring.breakdown`)."""
    log, rules = game.hands[number - 1], game.rules
    assert log.result is not None, "a hand in play has no hand_over message"
    return {"type": "hand_over", "seq": seq, **seed_of(seeds, number),
            "record": game_record(game, names)["hands"][number - 1],
            "tricks": [trick.to_json(seats=True) for trick in log.tricks],
            "breakdown": [[item.to_json() for item in side] for side in breakdown(
                contracts(log.seat_bids(rules.players), log.blind_nil), log.result,
                rules, names)]}


def welcome(game: Game, table_id: str, seat: int | None, name: str, seeds: Sequence[str], *,
            turn_seconds: float, chat: list[dict[str, Any]], may_chat: bool) -> dict[str, Any]:
    """The ``welcome`` message for ``seat`` (None: a spectator) named ``name``: the
    table's variant, the finished hands' seeds, its ``turn_seconds``, its ``chat`` (the
    last lines) and whether this client ``may_chat``."""
    return {"type": "welcome", "table": table_id, "seat": seat, "name": name,
            "variant": game.rules.variant, "players": game.rules.players,
            "reveals": [seed_of(seeds, n) for n in finished(game)],
            "turn_seconds": turn_seconds, "chat": chat, "may_chat": may_chat}


def lobby_line(game: Game, table_id: str, seats: list[dict[str, Any]], *, listed: bool,
               ended: str | None, spectators: int) -> dict[str, Any]:
    """The lobby's line for a table, public facts only: its game's and its ``seats``'
    (their public part), whether it is ``listed``, why it ``ended`` and its
    ``spectators``."""
    return {"table": table_id, "variant": game.rules.variant, "rules": game.rules.to_dict(),
            "seats": seats, "hand": game.hand_number, "scores": list(game.scores),
            "over": game.over, "winner": game.winner, "listed": listed,
            "ended": ended, "spectators": spectators}


def replaced(seat: int) -> dict[str, Any]:
    """The message to a connection whose seat was taken with its invite link elsewhere."""
    return {"type": "replaced", "message": f"Seat {seat + 1} was taken with its invite link "
            "on another device or tab; this page no longer plays it."}


def chat(line: dict[str, Any]) -> dict[str, Any]:
    """A line of chat, sent to all."""
    return {"type": "chat", "line": line}


def hint(action: str, reason: str) -> dict[str, Any]:
    """``hard``'s action for the seat that asked and its reason."""
    return {"type": "hint", "action": action, "reason": reason}
