"""Game.copy() and Game.undo(): copies are independent, undo restores exactly."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from spades import Action, Game, Phase, SpadesError, rules_for
from spades.cards import DECK_SIZE
from spades.chance import RecordedChance
from spades.record import game_record

VARIANTS = ("partnership", "two-player", "two-player-300")


def state(game: Game) -> tuple[Any, ...]:
    """Everything a caller can read: the record, every seat's observation, the legal
    actions, the chance step and the hidden hands."""
    n = game.rules.players
    return (game_record(game), [game.observation(s).to_json() for s in range(n)],
            game.legal_actions(), game.chance_step, game.hand_masks(), game.phase, game.to_move)


def random_step(game: Game, rng: random.Random) -> None:
    """One random action, deal or draw."""
    step = game.chance_step
    if step is None:
        game.apply(rng.choice(game.legal_actions()))
    elif game.phase is Phase.DEAL:
        game.deal(rng.sample(step.cards, step.count))
    else:
        game.draw(rng.sample(step.cards, step.count))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seeded", [True, False])
def test_undo_returns_exactly_each_earlier_state(variant: str, seeded: bool) -> None:
    rules = rules_for(variant, target=50, lose_threshold=-50)
    for seed in range(3):
        game = Game(rules, seed=seed if seeded else None, undoable=True)
        rng = random.Random(seed)
        before = []
        while not game.over:
            before.append(state(game))
            random_step(game, rng)
        assert game.undo_steps == len(before)
        for earlier in reversed(before):
            game.undo()
            assert state(game) == earlier
        assert game.undo_steps == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_copy_is_independent_of_the_original(variant: str) -> None:
    rules = rules_for(variant, target=50, lose_threshold=-50)
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            kept, choice = state(game), rng.random()
            other = game.copy()
            assert state(other) == kept
            random_step(other, random.Random(-choice))  # the copy moves, not the game
            assert state(game) == kept
            same = game.copy()
            random_step(game, random.Random(choice))  # the game moves, not the copy
            assert state(same) == kept
            random_step(same, random.Random(choice))  # the same step: the same chance
            assert state(same) == state(game)


def test_copies_deal_the_same_hidden_decks_without_advancing_the_callers_generator() -> None:
    rng = random.Random(7)
    game = Game(rules_for("partnership", target=100), seed=rng)
    copies = [game.copy(), copy.deepcopy(game), copy.copy(game)]
    expected = random.Random()
    expected.setstate(rng.getstate())
    for other in [game, *copies]:
        moves = random.Random(1)
        while other.hand_number < 3 and not other.over:
            random_step(other, moves)
    assert len({str(game_record(g)) for g in [game, *copies]}) == 1
    assert rng.getstate() == expected.getstate()  # every game drew from its own copy


def test_undo_and_redo_of_the_last_card_deals_the_same_next_hand() -> None:
    game = Game(rules_for("two-player"), seed="next", undoable=True)
    rng = random.Random(3)
    while game.hand_number == 1:
        last = rng.choice(game.legal_actions())
        game.apply(last)
    dealt = game.hands[1].deck
    game.undo()
    assert game.hand_number == 1 and game.hands[0].result is None
    game.apply(last)
    assert game.hands[1].deck == dealt


def test_undo_of_the_chance_steps() -> None:
    game = Game(rules_for("two-player"), undoable=True)
    empty = state(game)
    game.deal(list(range(DECK_SIZE)))
    game.undo()
    assert state(game) == empty and game.phase is Phase.DEAL
    game.deal(list(range(DECK_SIZE)))
    for action in ["blind nil", "no blind nil", *["keep"] * 26]:
        game.apply(action)
    steps = game.give(game.hand_of(0)[:2])
    assert steps == [*map(Action.give, game.hand_of(0)[:2]), Action.parse("give")]
    waiting = state(game)
    assert game.phase is Phase.DRAW
    pile = game.chance_step.cards
    game.draw(pile[:2])
    assert game.phase is Phase.BIDDING
    game.undo()
    assert state(game) == waiting
    game.undo()  # the end of the exchange: the two cards still chosen
    assert game.phase is Phase.EXCHANGE and game.observation(0).giving == tuple(
        game.hand_of(0)[:2])
    game.undo(2)
    assert game.phase is Phase.EXCHANGE and game.legal_actions().count(steps[0]) == 1
    assert game.observation(0).giving == ()


@pytest.mark.parametrize("variant", ["partnership", "two-player"])
def test_undo_mid_exchange_restores_exactly_and_a_copy_keeps_the_chosen_cards(
        variant: str) -> None:
    game = Game(rules_for(variant), seed=4, undoable=True)
    game.apply("blind nil")  # the first to declare; the others do not
    while game.phase is not Phase.EXCHANGE:
        game.apply("no blind nil" if game.phase is Phase.BLIND_NIL else "keep")
    seat = game.to_move
    states = [state(game)]
    for card in game.hand_of(seat)[:2]:
        game.apply(Action.give(card))
        states.append(state(game))
    twin = game.copy()
    assert twin.observation(seat).giving == tuple(game.hand_of(seat)[:2])
    game.undo()
    assert state(game) == states[1]
    assert state(twin) == states[2]  # the copy is apart
    twin.apply(twin.legal_actions()[0])
    assert state(game) == states[1]
    game.undo()
    assert state(game) == states[0]


def test_hidden_cards_are_restored_not_revealed() -> None:
    game = Game(rules_for("two-player"), seed=5, undoable=True)
    game.apply("no blind nil")
    game.apply("no blind nil")
    seat = game.to_move
    offered = game.observation(seat).offered
    game.apply("discard")
    assert game.observation(1 - seat).offered != offered  # the next card, hidden before
    game.undo()
    assert game.observation(seat).offered == offered
    assert game.observation(1 - seat).offered is None and game.observation(1 - seat).hand == ()


def test_refused_steps_leave_nothing_to_undo() -> None:
    game = Game(rules_for("partnership"), seed=1, undoable=True)
    with pytest.raises(SpadesError):
        game.apply("play AS")
    with pytest.raises(SpadesError):
        game.deal(list(range(DECK_SIZE)))
    assert game.undo_steps == 0
    with pytest.raises(SpadesError, match="cannot undo 1 steps: 0 taken"):
        game.undo()
    replayed = Game(rules_for("two-player"), chance=RecordedChance(
        [list(range(DECK_SIZE))], [[51]]))
    with pytest.raises(SpadesError, match="keeps no undo history"):
        replayed.undo()
    assert replayed.undo_steps == 0



@pytest.mark.parametrize("undoable", [False, True])
def test_a_refused_draw_leaves_the_exchange_as_it_was(undoable: bool) -> None:
    """A record's draw that the pile cannot give is refused, whole give or last step,
    and the exchange is as it was: nothing chosen that was not, no undo step added."""
    deck = list(range(DECK_SIZE))
    game = Game(rules_for("two-player"), chance=RecordedChance([deck], [[51], [51]]),
                undoable=undoable)
    for action in ["no blind nil", "blind nil", *["keep"] * 26]:
        game.apply(action)
    hand = game.hand_of(1)

    def state() -> tuple[object, ...]:
        return game_record(game), game.legal_actions(), game.observation(1), game.undo_steps

    before = state()
    with pytest.raises(SpadesError, match="discard pile"):
        game.give(hand[:3])
    assert state() == before
    game.apply(Action.give(hand[0]))
    game.apply(Action.give(hand[1]))
    chosen = state()
    with pytest.raises(SpadesError, match="discard pile"):
        game.apply(Action.give(hand[2]))
    assert state() == chosen
    assert game.observation(1).giving == tuple(hand[:2])
