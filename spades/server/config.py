"""A new table's configuration, checked from its creator's request and stored with it."""

from __future__ import annotations

import secrets
from typing import Any

from ..bots import BOTS
from ..bots.policy import AT_A_PERSONS_TABLE, CHOICES, BlindNilPolicy
from ..errors import SpadesError, quoted
from ..rules import PRESETS, rules_for
from .messages import ClientError
from .seats import COMPUTER, PERSON, clean_name, computer_name
from .settings import TURN_LIMIT, TURN_SECONDS

SCORE_LIMIT = 2000  # a table's target and losing threshold, either sign


def table_config(body: Any, turn_seconds: float = TURN_SECONDS) -> dict[str, Any]:
    """A new table's stored configuration from a create request (``turn_seconds`` unless
    it sets a turn time); raises ClientError."""
    if not isinstance(body, dict):
        raise ClientError("the request must be a JSON object")
    variant = body.get("variant", "two-player-300")
    if not isinstance(variant, str) or variant not in PRESETS:
        raise ClientError(f"unknown variant {quoted(variant)}; valid: {', '.join(PRESETS)}")
    house = body.get("rules", {})
    if not isinstance(house, dict):
        raise ClientError("'rules' must be an object of house rules")
    try:
        rules = rules_for(variant, **house)
    except SpadesError as error:
        raise ClientError(str(error)) from None
    for option in ("target", "lose_threshold"):
        value = getattr(rules, option)
        if value is not None and abs(value) > SCORE_LIMIT:
            raise ClientError(f"{option} must be between -{SCORE_LIMIT:,} and {SCORE_LIMIT:,}, "
                              f"not {value:,}")
    listed = body.get("listed", False)
    if not isinstance(listed, bool):
        raise ClientError("'listed' must be true (anyone may join from the lobby) or false")
    spectator_chat = body.get("spectator_chat", False)
    if not isinstance(spectator_chat, bool):
        raise ClientError("'spectator_chat' must be true (spectators may chat) or false")
    turn = body.get("turn_seconds", turn_seconds)
    if (not isinstance(turn, int | float) or isinstance(turn, bool)
            or not 0 <= turn <= TURN_LIMIT):
        raise ClientError(f"'turn_seconds' must be seconds from 0 (no limit) to {TURN_LIMIT}, "
                          f"not {quoted(turn)}")
    seats = body.get("seats")
    if seats is None:
        seats = [{"kind": PERSON}] + [{"kind": COMPUTER}] * (rules.players - 1)
    if not isinstance(seats, list) or len(seats) != rules.players:
        raise ClientError(f"'seats' must list {rules.players} seats")
    config_seats = []
    for number, seat in enumerate(seats):
        if not isinstance(seat, dict) or seat.get("kind") not in (PERSON, COMPUTER):
            raise ClientError(f"seat {number} must be {{'kind': 'person' or 'computer'}}")
        level = seat.get("level", "medium")
        if not isinstance(level, str) or level not in BOTS:
            raise ClientError(f"unknown level {quoted(level)}; valid: {', '.join(BOTS)}")
        default = (f"Seat {number + 1}" if seat["kind"] == PERSON else
                   computer_name(rules.players, number))
        config_seats.append({"kind": seat["kind"], "level": level,
                             "name": clean_name(seat.get("name"), default)})
    policy = body.get("computer_blind_nil", str(AT_A_PERSONS_TABLE))
    policies = [value for _, value in CHOICES]
    if policy not in policies:
        raise ClientError(f"'computer_blind_nil' must be one of {', '.join(policies)} (when the "
                          f"computer players may declare blind nil), not {quoted(policy)}")
    return {"variant": variant, "rules": house, "seats": config_seats, "listed": listed,
            "computer_blind_nil": policy, "turn_seconds": turn,
            "spectator_chat": spectator_chat, "bot_seed": secrets.token_hex(16)}


def blind_nil_policy(config: dict[str, Any]) -> BlindNilPolicy:
    """The stored table's policy for its computer players at a table with a person,
    opponents and partners alike."""
    # tables stored before the setting applied to every computer kept it as the policy
    # of a person's partner; those before any setting get its default
    return BlindNilPolicy.parse(config.get(
        "computer_blind_nil", config.get("partner_blind_nil", AT_A_PERSONS_TABLE)))
