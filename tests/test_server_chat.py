"""The chat and its limits without a server."""

from __future__ import annotations

import pytest

from spades.server.chat import CHAT_LIMIT, Bucket, chat_text, last_spectator
from spades.server.messages import ClientError


def test_a_line_is_one_line_of_printable_text() -> None:
    assert chat_text(0, "  <b>hi</b>\n\tall\x00 ", None, False) == "<b>hi</b> all"
    assert chat_text(None, "x" * CHAT_LIMIT, "Zoe", True) == "x" * CHAT_LIMIT


@pytest.mark.parametrize(("seat", "text", "name", "spectators_write", "refusal"), [
    (None, "hi", None, False, "spectators read the chat here"),
    (None, "hi", 7, True, "'name' must be your name"),
    (1, 7, None, False, "'text' must be the message"),
    (1, " \n\x00 ", None, False, "the message is empty"),
    (1, "x" * (CHAT_LIMIT + 1), None, False, f"at most {CHAT_LIMIT} characters, not 201"),
])
def test_what_a_chat_line_may_not_be(seat: int | None, text: object, name: object,
                                     spectators_write: bool, refusal: str) -> None:
    with pytest.raises(ClientError, match=refusal):
        chat_text(seat, text, name, spectators_write)


def test_a_bucket_lets_a_burst_through_then_one_a_period() -> None:
    now = [0.0]
    bucket = Bucket(per_second=0.5, burst=3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] = 1.0
    assert not bucket.take()  # half a line earned
    now[0] = 2.0
    assert bucket.take() and not bucket.take()
    now[0] = 100.0
    assert sum(bucket.take() for _ in range(10)) == 3  # no more than the burst saved up


def test_spectators_are_numbered_on_from_those_in_the_chat() -> None:
    lines = [{"seat": None, "name": "Spectator 4", "text": "hi"},
             {"seat": 0, "name": "Spectator 9", "text": "a player named so"},
             {"seat": None, "name": "Zoe", "text": "hi"},
             {"seat": None, "name": "Spectator 2", "text": "hi"}]
    assert last_spectator(lines) == 4
    assert last_spectator([]) == 0
