"""The learned model of where the hidden cards are: its inference on constructed deals,
the deals drawn with it, the search that uses it, and its data and training."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from helpers import tiny_model

from spades import Game, Observation, SpadesError, rules_for
from spades.bots import make_bot
from spades.bots import search as search_module
from spades.bots.belief import knowledge, sample_hands
from spades.bots.learned import (
    FEATURES,
    LocationModel,
    feature_count,
    load,
    options,
    save,
    shipped,
    table,
)
from spades.cards import SUIT_MASKS
from spades.train import fit, generate

SPADES = SUIT_MASKS[3]


def spade_lover(players: int) -> LocationModel:
    """A network that puts the hidden spades at option 1 (the partner) or, with two
    players, option 0 (her hand): one hidden unit on only when both hold."""
    width = feature_count(players)
    target = len(FEATURES) + (0 if players == 2 else 1)
    w1 = np.zeros((width, 1), np.float32)
    w1[FEATURES.index("spades"), 0] = w1[target, 0] = 10.0
    return LocationModel(players, w1, np.array([-15.0], np.float32),
                         np.array([8.0], np.float32), 0.0)


def with_a_void(variant: str, seed: int = 3) -> tuple[Observation, list[int]]:
    """A play position (medium players) where a seat other than the one to move has
    shown a void; the observation of the seat to move and the true hands."""
    game = Game(rules_for(variant), seed=seed)
    bots = [make_bot("medium", s) for s in range(game.rules.players)]
    while game.to_move is not None:
        seat = game.to_move
        obs = game.observation(seat)
        if obs.phase == "play" and any(v for s, v in enumerate(obs.voids()) if s != seat):
            return obs, game.hand_masks()
        game.apply(bots[seat].act(obs))
    raise AssertionError("no void was shown")


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_a_tiny_model_saves_loads_and_infers_on_a_constructed_deal(variant: str,
                                                                   tmp_path: Path) -> None:
    obs, _ = with_a_void(variant)
    n = obs.rules.players
    model = tiny_model(n)
    path = tmp_path / "tiny.npz"
    save(path, [model, tiny_model(6 - n)])
    loaded = load(path, n)
    batch = table(obs)
    probs = loaded.probabilities(batch)
    assert probs.shape == (1, 52, options(n))
    np.testing.assert_allclose(probs, model.probabilities(batch))
    hidden = batch["hidden"][0]
    assert hidden.sum() == knowledge(obs).unseen.bit_count()
    np.testing.assert_allclose(probs[0][hidden].sum(-1), 1.0, rtol=1e-5)
    assert not probs[0][~hidden].any()
    # a seat that showed a void holds none of that suit, whatever the weights
    void = obs.voids()
    for o, seat in enumerate((obs.seat + k) % n for k in range(1, n)):
        for card in range(52):
            if void[seat] >> card & 1:
                assert probs[0, card, o] == 0.0
    assert any(void[(obs.seat + k) % n] & knowledge(obs).unseen for k in range(1, n))


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_the_learned_samples_honour_voids_hand_sizes_and_known_cards(variant: str) -> None:
    obs, truth = with_a_void(variant)
    facts = knowledge(obs)
    weights = tiny_model(obs.rules.players).weights(obs, facts)
    assert set(weights) == set(int(c) for c in np.flatnonzero(table(obs)["hidden"][0]))
    for k in range(50):
        hands = sample_hands(obs, random.Random(k), weights=weights)
        assert hands[obs.seat] == truth[obs.seat]
        for s, hand in enumerate(hands):
            assert hand & ~facts.allowed[s] == 0, (k, s)
            assert facts.known[s] & ~hand == 0, (k, s)
            assert hand.bit_count() == truth[s].bit_count(), (k, s)
            assert all(hand & other == 0 for other in hands[s + 1:])


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_the_model_moves_the_cards_where_it_says(variant: str) -> None:
    """With a model sure that the partner (or, two-handed, the opponent) holds the
    spades, the samples give that seat more of the hidden spades than uniform deals."""
    obs, _ = with_a_void(variant)
    n, me = obs.rules.players, obs.seat
    facts = knowledge(obs)
    target = (me + 2) % 4 if n == 4 else 1 - me
    weights = spade_lover(n).weights(obs, facts)

    def spades_held(weights: dict[int, tuple[float, ...]] | None) -> float:
        hands = [sample_hands(obs, random.Random(k), weights=weights) for k in range(200)]
        return sum((h[target] & SPADES & facts.unseen).bit_count() for h in hands) / 200

    assert spades_held(weights) > spades_held(None) + 1.0


def _decisions(spec: str, seed: int, variant: str) -> list[str]:
    """The first play decisions of a bot in seat 0 of a fixed game of medium players."""
    game = Game(rules_for(variant), seed=11)
    bots = [make_bot(spec, seed)] + [make_bot("medium", s) for s in range(1, game.rules.players)]
    made = []
    while game.to_move is not None and len(made) < 3:
        seat = game.to_move
        action = bots[seat].act(game.observation(seat))
        if seat == 0 and game.phase in ("bidding", "play"):
            made.append(str(action))
        game.apply(action)
    return made


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_the_search_with_a_tiny_model_repeats_its_decisions(
        variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_module, "shipped", tiny_model)
    spec = "hard:belief=learned:samples=4:leads=4:bids=16:draft=4:dd=4"
    first = _decisions(spec, 5, variant)
    assert len(first) == 3
    assert _decisions(spec, 5, variant) == first


def test_the_shipped_weights_load_and_give_the_same_decisions() -> None:
    for players in (2, 4):
        model = shipped(players)
        assert model.w1.shape[0] == feature_count(players)
    spec = "hard:belief=learned:samples=4:leads=4:bids=16:draft=4"
    assert _decisions(spec, 7, "two-player") == _decisions(spec, 7, "two-player")


def test_hard_deals_by_the_model_with_two_players_and_uniformly_with_four() -> None:
    assert set(make_bot("hard", 0).models) == {2}
    assert set(make_bot("hard:belief=learned", 0).models) == {2, 4}
    assert make_bot("hard:belief=uniform", 0).models == {}


def test_an_unknown_belief_is_refused() -> None:
    with pytest.raises(SpadesError, match="belief"):
        make_bot("hard:belief=psychic", 0)


def test_data_and_training_make_a_model_that_loads(tmp_path: Path) -> None:
    data, weights = tmp_path / "data.npz", tmp_path / "model.npz"
    summary = generate(data, 4, seed=1, bots=["easy", "medium"], rate=0.5)
    assert summary["points"][2] and summary["points"][4] and summary["bytes"] > 0
    assert generate(tmp_path / "again.npz", 4, seed=1, bots=["easy", "medium"],
                    rate=0.5)["points"] == summary["points"]
    report = fit(data, weights, seed=0, hidden=4, epochs=1)
    assert set(report) == {2, 4, "seconds"}
    for players in (2, 4):
        assert load(weights, players).w1.shape == (feature_count(players), 4)
