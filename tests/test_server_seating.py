"""A table's seats without a server: claims and invite secrets, and when the computer
plays for a person."""

from __future__ import annotations

import pytest

from spades.server.messages import ClientError, Forbidden
from spades.server.seats import (
    COMPUTER,
    NAME_LIMIT,
    PERSON,
    TIMEOUTS_AWAY,
    Seat,
    check_claim,
    clean_name,
    hash_token,
    new_secret,
    new_token,
    person_seat,
    recount,
    seat_for,
)


def seats() -> list[Seat]:
    return [Seat(PERSON, "medium", "Ann"), Seat(COMPUTER, "hard", "Computer")]


def test_a_free_seat_of_a_listed_table_is_claimed_without_a_secret_a_private_one_not() -> None:
    ann = seats()[0]
    check_claim(ann, 0, None, open_to_all=True)
    with pytest.raises(Forbidden, match="seat 1 is private: it takes the invite link"):
        check_claim(ann, 0, None, open_to_all=False)
    ann.token_hash = new_token()[1]
    with pytest.raises(ClientError, match="seat 1 is taken"):
        check_claim(ann, 0, None, open_to_all=True)


def test_only_the_seats_own_secret_takes_it_even_from_another_device() -> None:
    ann = seats()[0]
    ann.token_hash = new_token()[1]  # held on another device
    with pytest.raises(Forbidden, match="not the one of seat 1"):  # a table from before secrets
        check_claim(ann, 0, "anything", open_to_all=True)
    secret, ann.secret_hash = new_secret()
    check_claim(ann, 0, secret, open_to_all=False)
    with pytest.raises(Forbidden, match="not the one of seat 1"):
        check_claim(ann, 0, new_secret()[0], open_to_all=True)


def test_a_token_finds_its_seat_and_only_its_seat() -> None:
    table = seats()
    token, table[0].token_hash = new_token()
    assert table[0].token_hash == hash_token(token) != token  # kept hashed
    assert seat_for(table, token) == 0
    assert seat_for(table, new_token()[0]) is None


@pytest.mark.parametrize(("number", "refusal"), [
    (2, "no seat 2: seats are 0..1"), (-1, "no seat -1"), (1, "seat 2 is a computer player")])
def test_only_a_person_seat_is_claimed(number: int, refusal: str) -> None:
    with pytest.raises(ClientError, match=refusal):
        person_seat(seats(), number)


def test_three_clock_timeouts_in_a_row_leave_her_seat_to_the_computer_her_move_takes_it_back(
        ) -> None:
    ann = seats()[0]
    for by in ["clock"] * (TIMEOUTS_AWAY - 1) + ["computer", "auto"]:
        ann.moved(by)
        assert not ann.away  # the computer's and Auto Play One's moves count for nothing
        assert not ann.public()["out_of_time"]
    ann.moved("clock")
    assert ann.away and ann.timeouts == TIMEOUTS_AWAY
    assert ann.public()["out_of_time"]  # the page says why she is away from this
    ann.arrived()
    assert ann.away  # connected again, still away until she acts
    ann.moved(None)
    assert not ann.away and ann.timeouts == 0 and not ann.public()["out_of_time"]


def test_a_seat_she_left_stays_left_when_she_connects_and_a_gone_one_comes_back() -> None:
    ann = seats()[0]
    ann.left_to_computer(True, True)
    ann.arrived()
    assert ann.away and ann.left
    ann.left_to_computer(True, False)  # gone too long
    ann.arrived()
    assert not ann.away
    ann.timeouts = 2
    ann.left_to_computer(False, False)
    assert ann.timeouts == 0


def test_a_computer_seats_moves_change_nothing() -> None:
    computer = seats()[1]
    for _ in range(TIMEOUTS_AWAY):
        computer.moved("clock")
    assert (computer.away, computer.timeouts) == (False, 0)
    assert computer.public()["claimed"]


def test_a_name_is_printable_and_short_or_the_default() -> None:
    assert clean_name("  Ann\x00\n ", "Seat 1") == "Ann"
    assert clean_name("x" * 100, "Seat 1") == "x" * NAME_LIMIT
    assert clean_name("\x07", "Seat 1") == clean_name(7, "Seat 1") == "Seat 1"


def test_connections_on_the_other_workers_tell_who_arrived_and_who_left() -> None:
    table = [Seat(PERSON, "medium", "Ann"), Seat(PERSON, "medium", "Bob"),
             Seat(PERSON, "medium", "Cy", connections=1)]
    assert recount(table, [[1, 0, 0], [1, 0, 2]]) == ([0], [])
    assert [seat.elsewhere for seat in table] == [2, 0, 2]
    assert recount(table, [[0, 1, 0]]) == ([1], [0])  # Cy is still here, on this worker
    assert [seat.present for seat in table] == [False, True, True]
    assert recount(table, []) == ([], [1])
