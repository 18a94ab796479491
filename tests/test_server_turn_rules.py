"""Turns without a server: the one whole-give decision, when the computer stands in for a
person, and the turn clock's times."""

from __future__ import annotations

import asyncio

import pytest

from spades import Game, Phase, rules_for
from spades.actions import END_GIVE, Action
from spades.observation import Observation
from spades.record import game_record
from spades.server.messages import ClientError
from spades.server.seats import COMPUTER, PERSON, Seat
from spades.server.turns import (
    TurnClock,
    automatic,
    check,
    gives_nothing,
    read_decision,
    stands_in,
    waits_for,
    whole_decision,
)


def at_her_exchange(variant: str) -> tuple[Game, int]:
    """A game at the blind nil exchange of the first seat asked, who declared."""
    game = Game(rules_for(variant), decks=[list(range(52))])
    declarer = game.to_move
    assert declarer is not None
    while game.phase is not Phase.EXCHANGE:
        if game.phase is Phase.BLIND_NIL:
            game.apply("blind nil" if game.to_move == declarer else "no blind nil")
        else:
            game.apply(game.legal_actions()[0])
    assert game.to_move == declarer
    return game, declarer


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_an_exchange_is_decided_whole_step_by_step_on_a_copy(variant: str) -> None:
    game, seat = at_her_exchange(variant)
    before, counts = game_record(game), list[int]()

    async def step(view: Observation, chosen: int) -> Action:
        counts.append(chosen)
        gives = [a for a in view.legal if a != END_GIVE]
        return gives[0] if gives else END_GIVE

    decision = asyncio.run(whole_decision(game, seat, step))
    assert isinstance(decision, tuple) and game_record(game) == before
    most = game.rules.give_sizes[-1]
    assert len(decision) == most and counts == list(range(most))
    game.give(decision, seat)  # a whole give the game takes
    assert game.phase is not Phase.EXCHANGE or game.to_move != seat


def test_outside_an_exchange_the_decision_is_one_step() -> None:
    game = Game(rules_for("two-player"), decks=[list(range(52))])

    async def step(view: Observation, chosen: int) -> Action:
        assert chosen == 0 and view.seat == game.to_move
        return view.legal[-1]

    seat = game.to_move
    assert seat is not None
    assert asyncio.run(whole_decision(game, seat, step)) == game.legal_actions()[-1]


@pytest.mark.parametrize(("variant", "nothing", "waits"), [
    ("two-player", True, False), ("partnership", False, True)])
def test_her_own_exchange_is_hers_given_nothing_with_two_awaited_with_four(
        variant: str, nothing: bool, waits: bool) -> None:
    game, number = at_her_exchange(variant)
    her = Seat(PERSON, "hard", "Ann", away=True)
    assert stands_in(her) and not stands_in(Seat(COMPUTER, "hard", "East"))
    assert gives_nothing(game, her, number) is nothing
    assert waits_for(game, her, number) is waits
    assert automatic(game, her, number) is not waits  # away, yet the table waits for her
    her.left = True  # she left her seat to the computer: it gives for her
    assert not waits_for(game, her, number) and automatic(game, her, number)
    assert automatic(game, Seat(COMPUTER, "hard", "East"), number)
    assert not automatic(game, Seat(PERSON, "hard", "Ann"), number)  # she is here


def test_the_clock_runs_from_the_turns_stored_start_less_the_time_the_server_was_down() -> None:
    clock = TurnClock()
    clock.stored(100.0)
    clock.start((0, 5), 10.0, now=103.0, loop_now=50.0)  # 3 s spent already
    assert (clock.starts, clock.deadline) == (50.0, 57.0)
    assert clock.left(10.0, 52.0) == {"seat": 0, "seconds": 5.0, "of": 10.0}
    clock.resume(stopped=104.0, now=200.0)  # down from 104 to 200
    clock.start((0, 5), 10.0, now=200.0, loop_now=10.0)
    assert clock.deadline == pytest.approx(16.0)  # the 6 s she had left
    assert clock.left(10.0, 30.0) == {"seat": 0, "seconds": 0.0, "of": 10.0}


def test_a_hand_summary_holds_her_clock_until_she_closes_it() -> None:
    clock = TurnClock()
    clock.stored(100.0)
    clock.hold([0, 2], 8.0)
    clock.start((0, 9), 10.0, now=101.0, loop_now=50.0)
    assert (clock.starts, clock.deadline) == (57.0, 67.0)
    assert clock.left(10.0, 55.0) is None  # held: no clock shown yet
    assert not clock.summary_closed(2, 103.0)  # another seat's: her clock stays
    assert clock.summary_closed(0, 103.0) and clock.turn is None  # hers: it starts again
    clock.start((0, 9), 10.0, now=103.0, loop_now=52.0)
    assert (clock.starts, clock.deadline) == (52.0, 62.0)
    assert not clock.summary_closed(0, 104.0)  # nothing held any more


def test_a_decision_is_read_once_an_action_or_a_whole_give() -> None:
    assert read_decision(" Bid 4 ") == Action.parse("bid 4")
    assert read_decision("give 2C QH") == (0, 36) and read_decision("give") == ()
    for text, refusal in [(4, "'action' must be an action's text"),
                          ("fly", "not an action: 'fly'"), ("give 2C 2C", "a card given twice")]:
        with pytest.raises(ClientError, match=refusal):
            read_decision(text)


def test_a_decision_is_checked_by_the_engine_and_refused_in_words() -> None:
    game, seat = at_her_exchange("partnership")
    names = ["Ann", "Bob", "Cy", "Di"]
    held = game.hand_of(seat)
    check(game, seat, tuple(held[:3]), names)  # a whole give she may give
    with pytest.raises(ClientError, match=f"it is {names[seat]}'s turn"):
        check(game, (seat + 1) % 4, tuple(held[:3]), names)
    with pytest.raises(ClientError, match="you must give exactly 3 cards"):
        check(game, seat, tuple(held[:2]), names)
    with pytest.raises(ClientError, match="expected"):
        check(game, seat, Action.parse("bid 4"), names)
