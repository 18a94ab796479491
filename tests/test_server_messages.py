"""The messages a table sends, without a server: refusals worded from the engine's
fields, each seat's state with its own hand only, the last trick and the hand's seed."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from spades import Game, Phase, rules_for
from spades.actions import Action
from spades.cards import card_text, in_symbols
from spades.errors import IllegalAction
from spades.server import messages
from spades.server.fair import commitment, deck_from_seed
from tests.helpers import tricks_so_far, visible

NAMES = ["Ann", "Bob", "Cy", "Di"]
CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def refusal(game: Game, action: str, seat: int) -> str:
    with pytest.raises(IllegalAction) as refused:
        game.verify(Action.parse(action), seat)
    return messages.in_words(refused.value, NAMES, game.to_move)


def test_a_refusal_names_whose_turn_it_is_and_says_why_to_the_person_who_tried() -> None:
    game = Game(rules_for("partnership"), decks=[list(range(52))])
    mover = game.to_move
    assert mover is not None
    other = (mover + 1) % 4
    assert refusal(game, "bid 4", other) == f"You cannot bid 4 now: it is {NAMES[mover]}'s turn."
    assert refusal(game, "bid 4", mover) == (
        "You cannot bid 4: expected 'blind nil' or 'no blind nil'.")
    while game.phase is not Phase.PLAY:
        game.apply("no blind nil" if game.phase is Phase.BLIND_NIL else "bid 3")
    leader = game.to_move
    assert leader is not None
    held = game.hand_of(leader)
    missing = next(c for c in range(52) if c not in held)
    said = in_symbols(card_text(missing))
    assert refusal(game, f"play {card_text(missing)}", leader) == (
        f"You cannot play {said}: you do not hold {said}.")
    spade = next(c for c in held if card_text(c).endswith("S"))
    assert refusal(game, f"play {card_text(spade)}", leader).endswith(
        ": spades are not broken.")


def test_a_refusal_is_worded_from_the_errors_fields_not_its_message() -> None:
    error = IllegalAction(0, Action.parse("nil"), "bidding", "must follow hearts")
    error.args = ("a message that says something else",)
    assert messages.in_words(error, NAMES, 0) == "You cannot bid nil: you must follow hearts."
    assert messages.in_words(error, NAMES, None) == "You cannot bid nil now: it is nobody's turn."


def a_hand_under_way(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(rules_for("partnership"), decks=[deck_from_seed(f"{seed:064x}")])
    while game.phase is not Phase.PLAY or len(tricks_so_far(game)) < 3:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("seat", [0, 1, 2, 3, None])
def test_a_state_carries_no_card_its_seat_may_not_know(seat: int | None) -> None:
    game = a_hand_under_way(5)
    seed = f"{5:064x}"
    state = messages.state(game, seat, 40, [seed], seats=[], rematch=None, at=None,
                           clock=None, ended=None)
    shown = set(CARD.findall(json.dumps(state)))
    known = set() if seat is None else visible(game, seat)
    played = {c for trick in tricks_so_far(game) for c in trick.cards}
    assert shown <= {card_text(c) for c in known | played}
    assert seed not in json.dumps(state)  # the hand in play: its seed's hash only
    assert state["commit"] == {"hand": 1, "sha256": commitment(seed)}


def test_the_last_trick_is_the_last_completed_and_then_the_previous_hands_thirteenth() -> None:
    game = a_hand_under_way(6)
    done = [trick.cards for trick in game.hands[-1].tricks]
    last = messages.last_trick(messages.observation(game, None))
    assert last is not None and (last["hand"], last["number"]) == (1, len(done))
    assert last["cards"] == [card_text(c) for c in done[-1]]
    rng = random.Random(6)
    while game.phase is Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    game.deal(deck_from_seed("7" * 64))
    last = messages.last_trick(messages.observation(game, 0))
    assert last is not None and (last["hand"], last["number"]) == (1, 13)


def test_a_finished_hands_message_reveals_its_seed() -> None:
    game = a_hand_under_way(8)
    rng = random.Random(8)
    while game.phase is Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    seed = f"{8:064x}"
    over = messages.hand_over(game, 1, 60, [seed], NAMES)
    assert (over["seed"], over["sha256"]) == (seed, commitment(seed))
    assert messages.finished(game) == [1]
    assert len(over["breakdown"]) == 2


def test_the_web_client_reads_a_seats_side_and_its_time_out_from_the_server() -> None:
    """The view gives each seat's side and a seat whether it ran out of time, and the web
    client's modules read them rather than work the rules out (``seat % 2``, a count of
    time-outs)."""
    web = Path(messages.__file__).resolve().parent.parent / "web"
    source = "\n".join(path.read_text() for path in sorted(web.glob("*.js")))
    assert "% 2" not in source and not re.search(r"timeouts\s*[<>]=?\s*\d", source)
    assert re.search(r"view\.sides\[", source) and "out_of_time" in source
    game = Game(rules_for("partnership"), seed=1)
    sent = messages.state(game, 1, 0, ["seed"], seats=[], rematch=None, at=None, clock=None,
                          ended=None)
    assert sent["view"]["sides"] == [0, 1, 0, 1]


def test_every_trick_sent_names_the_seat_of_each_card() -> None:
    """The trick on the table, the hand's tricks, the last trick and a finished hand's
    tricks say who played each card (the engine's :class:`~spades.Trick`), and the web
    client reads that rather than count seats from the leader."""
    web = Path(messages.__file__).resolve().parent.parent / "web"
    source = "\n".join(path.read_text() for path in sorted(web.glob("*.js")))
    assert not re.search(r"leader\s*\+", source) and "seats[i]" in source
    game = a_hand_under_way(8)
    rng = random.Random(8)
    for _ in range(6):  # a trick and a half: seat 0 does not lead them all
        game.apply(rng.choice(game.legal_actions()))
    seen = game.observation(0)
    view = seen.to_json()
    assert seen.trick is not None and len(seen.trick.cards) == 2
    for sent, trick in zip((*view["tricks"], view["trick"]), (*seen.tricks, seen.trick),
                           strict=True):
        assert sent["seats"] == [seat for seat, _ in trick.plays]
        assert len(sent["seats"]) == len(sent["cards"])
    assert messages.last_trick(game.observation(0))["seats"] == view["tricks"][-1]["seats"]
    while game.phase is Phase.PLAY:
        game.apply(rng.choice(game.legal_actions()))
    over = messages.hand_over(game, 1, 60, ["0" * 64], NAMES)
    assert [t["seats"] for t in over["tricks"]] == [
        [seat for seat, _ in t.plays] for t in game.hands[0].tricks] and len(over["tricks"]) == 13
    assert "seats" not in over["record"]["tricks"][0]  # the record's format is unchanged
