"""The game record of docs/record.md: its fields, its round trip, and the records it rejects."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from typing import Any

import pytest

from spades import Action, Game, Phase, RecordError, SpadesError, rules_for
from spades import record as rec
from spades.cards import card_text, parse_card
from tests.helpers import tricks_so_far

VARIANTS = ("two-player", "two-player-300", "partnership")
BLIND, NO_BLIND = Action.parse("blind nil"), Action.parse("no blind nil")
CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
RULE_FIELDS = {"target", "lose_threshold", "nil", "nil_points", "blind_nil", "blind_nil_points",
               "blind_nil_deficit", "bag_limit", "bag_penalty", "lead_spades_anytime"}
HAND_FIELDS = {"number", "deck", "dealer", "first_drawer", "blind_nil", "draft", "exchanges",
               "holdings", "bids", "tricks", "result"}
RESULT_FIELDS = ("tricks", "points", "bags", "penalties", "scores", "bag_totals")


# ------------------------------------------------------------------ games to record


def _estimate(game: Game) -> int:
    value = 0.0
    for card in game.hand_of(game.to_move):
        suit, rank = divmod(card, 13)
        value += (0.45 + 0.5 * (rank >= 9)) if suit == 3 else {12: 0.9, 11: 0.6}.get(rank, 0)
    return max(1, min(13, round(value * (0.8 if game.rules.players == 4 else 1))))


def choose(game: Game, rng: random.Random, blind: float = 0.1) -> Action:
    """A random legal action with bids that are often made, so that games end."""
    if game.phase is Phase.BLIND_NIL:
        return BLIND if rng.random() < blind else NO_BLIND
    if game.phase is Phase.BIDDING:
        return Action.bid(0 if game.rules.nil and rng.random() < 0.05 else _estimate(game))
    return rng.choice(game.legal_actions())


def choosing(game: Game) -> bool:
    """Whether the seat to move has chosen cards of her exchange (a position between
    two of a record's entries)."""
    return game.phase is Phase.EXCHANGE and bool(game.observation(game.to_move).giving)


def finished_game(variant: str, seed: int, blind: float = 0.1, **options: Any) -> Game:
    options = {"target": 150, "lose_threshold": -300, **options}
    rng = random.Random(seed)
    game = Game(rules_for(variant, **options), seed=seed)
    while not game.over:
        game.apply(choose(game, rng, blind))
        assert game.hand_number < 80
    return game


def game_with_exchanges(variant: str) -> Game:
    """A finished game in which some hand had a blind nil exchange."""
    for seed in range(200):
        game = finished_game(variant, seed, blind=0.3)
        if any(log.exchanges for log in game.hands) and len(game.hands) >= 2:
            return game
    raise AssertionError("no game with an exchange")


def doc_of(game: Game) -> dict[str, Any]:
    return json.loads(rec.dumps(game))


def rejected(document: dict[str, Any] | str) -> str:
    """The message of the RecordError that reading ``document`` raises."""
    with pytest.raises(RecordError) as caught:
        if isinstance(document, str):
            rec.loads(document)
        else:
            rec.replay(copy.deepcopy(document))
    if not isinstance(document, str):  # the text form says the same
        with pytest.raises(RecordError) as again:
            rec.loads(json.dumps(document))
        assert str(again.value) == str(caught.value)
    return str(caught.value)


def assert_same_game(a: Game, b: Game) -> None:
    assert rec.dumps(a) == rec.dumps(b)
    assert (a.phase, a.to_move, a.winner, a.scores, a.bag_totals) == (
        b.phase, b.to_move, b.winner, b.scores, b.bag_totals)
    assert a.legal_actions() == b.legal_actions()
    for seat in range(a.rules.players):
        assert a.observation(seat) == b.observation(seat)
        assert a.hand_of(seat) == b.hand_of(seat)


@pytest.fixture(scope="module")
def finished() -> dict[str, Game]:
    return {v: game_with_exchanges(v) if v != "two-player-300" else finished_game(v, 4)
            for v in VARIANTS}


# ------------------------------------------------------------------ the documented fields


@pytest.mark.parametrize("variant", VARIANTS)
def test_documented_fields(variant: str, finished: dict[str, Game]) -> None:
    game = finished[variant]
    names = [f"p{s}" for s in range(game.rules.players)]
    doc = json.loads(rec.dumps(game, names))
    assert doc == rec.game_record(game, names)
    n = game.rules.players
    assert doc["format"] == "spades-record" and doc["version"] == 1
    assert doc["variant"] == variant
    assert set(doc["rules"]) >= RULE_FIELDS
    assert doc["rules"] == game.rules.to_dict()
    assert doc["rules"]["target"] == 150 and doc["rules"]["lose_threshold"] == -300
    assert doc["players"] == names
    assert game.winner is not None and doc["winner"] == game.winner
    assert doc["scores"] == game.scores
    assert [h["number"] for h in doc["hands"]] == list(range(1, len(doc["hands"]) + 1))
    bag_totals, scores = [0, 0], [0, 0]
    for number, hand in enumerate(doc["hands"], 1):
        assert set(hand) >= HAND_FIELDS
        deck = hand["deck"]
        assert all(CARD.match(c) for c in deck)
        assert sorted(map(parse_card, deck)) == list(range(52))
        blind = hand["blind_nil"]
        assert len(set(blind)) == len(blind) and all(0 <= s < n for s in blind)
        if n == 2:
            assert hand["dealer"] is None
            assert hand["first_drawer"] == (number - 1) % 2
            first = hand["first_drawer"]
            draft = hand["draft"]
            assert len(draft) == 26
            for i, entry in enumerate(draft):
                assert set(entry) == {"seat", "offered", "kept", "discarded"}
                assert entry["seat"] == (first + i) % 2
                assert entry["offered"] == deck[2 * i]
                assert {entry["kept"], entry["discarded"]} == {deck[2 * i], deck[2 * i + 1]}
            kept = [{e["kept"] for e in draft if e["seat"] == s} for s in range(2)]
            for exchange in hand["exchanges"]:
                assert set(exchange) == {"seat", "gave", "received"}
                seat = exchange["seat"]
                assert seat in blind and len(exchange["received"]) == len(exchange["gave"]) <= 3
                kept[seat] = (kept[seat] - set(exchange["gave"])) | set(exchange["received"])
            bidders = [first, 1 - first] if variant == "two-player-300" else [1 - first, first]
        else:
            assert hand["first_drawer"] is None and hand["draft"] == []
            dealer = hand["dealer"]
            assert dealer == (3 + number - 1) % 4
            kept = [set(deck[(s - dealer - 1) % 4::4]) for s in range(4)]  # deck[0] to the left
            by_seat = {e["seat"]: e for e in hand["exchanges"]}
            for exchange in hand["exchanges"]:
                seat = exchange["seat"]
                partner = (seat + 2) % 4
                assert seat in blind or partner in blind
                assert len(exchange["gave"]) == 3
                assert exchange["received"] == by_seat[partner]["gave"]
            for seat, exchange in by_seat.items():
                kept[seat] = (kept[seat] - set(exchange["gave"])) | set(exchange["received"])
            bidders = [(dealer + 1 + i) % 4 for i in range(4)]
        assert [set(h) for h in hand["holdings"]] == kept
        assert all(len(h) == 13 for h in hand["holdings"])
        bids = hand["bids"]
        assert [b["seat"] for b in bids] == [s for s in bidders if s not in blind]
        assert all(set(b) == {"seat", "bid"} and 0 <= b["bid"] <= 13 for b in bids)
        tricks = hand["tricks"]
        assert len(tricks) == 13
        assert tricks[0]["leader"] == bidders[0]
        held = [set(h) for h in hand["holdings"]]
        won = [0] * n
        for t, trick in enumerate(tricks):
            assert set(trick) == {"leader", "cards", "winner"}
            assert len(trick["cards"]) == n
            for i, card in enumerate(trick["cards"]):
                held[(trick["leader"] + i) % n].remove(card)
            won[trick["winner"]] += 1
            if t:
                assert trick["leader"] == tricks[t - 1]["winner"]
        assert held == [set()] * n
        result = hand["result"]
        assert set(result) == set(RESULT_FIELDS)
        assert result["tricks"] == won and sum(won) == 13
        for side in range(2):
            assert all(len(result[k]) == 2 for k in RESULT_FIELDS[1:])
            scores[side] += result["points"][side] - result["penalties"][side]
            bag_totals[side] += result["bags"][side]
            if result["penalties"][side]:
                bag_totals[side] -= game.rules.bag_limit * (
                    result["penalties"][side] // game.rules.bag_penalty)
        assert result["scores"] == scores and result["bag_totals"] == bag_totals
    assert scores == doc["scores"]


def test_a_record_without_names_numbers_the_seats() -> None:
    game = Game(rules_for("partnership"), seed=1)
    assert rec.game_record(game)["players"] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    with pytest.raises(SpadesError, match="3 player names for 4 seats"):
        rec.dumps(game, ["a", "b", "c"])


def test_text_has_one_line_per_hand(finished: dict[str, Game]) -> None:
    game = finished["partnership"]
    lines = rec.dumps(game).splitlines()
    assert len(lines) == len(game.hands) + 2
    head = json.loads(lines[0].split(', "hands": [')[0] + "}")
    assert head["format"] == "spades-record"
    for number, line in enumerate(lines[1:-1], 1):
        assert json.loads(line.rstrip(","))["number"] == number
    assert lines[-1] == "]}"


def test_unfinished_hand_has_no_result_and_fewer_tricks() -> None:
    game = Game(rules_for("two-player"), seed=2)
    rng = random.Random(2)
    while not (game.phase is Phase.PLAY and len(tricks_so_far(game)) == 4 and game._trick):
        game.apply(choose(game, rng))
    hand = doc_of(game)["hands"][-1]
    assert "result" not in hand
    assert len(hand["tricks"]) == 4
    assert hand["tricks"][-1]["winner"] is None
    assert 0 < len(hand["tricks"][-1]["cards"]) < 2
    assert doc_of(game)["winner"] is None


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("variant", VARIANTS)
def test_finished_game_round_trips(variant: str, finished: dict[str, Game]) -> None:
    game = finished[variant]
    text = rec.dumps(game, ["a", "b", "c", "d"][: game.rules.players])
    loaded = rec.loads(text)
    assert loaded.over and loaded.winner == game.winner
    assert rec.dumps(loaded, ["a", "b", "c", "d"][: game.rules.players]) == text
    assert_same_game(loaded, game)
    assert_same_game(rec.replay(rec.game_record(game)), game)
    buffer = io.StringIO()
    rec.dump(game, buffer)
    buffer.seek(0)
    assert_same_game(rec.load(buffer), game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_cut_anywhere_round_trips(variant: str) -> None:
    """Records of unfinished games, cut at random points, rebuild the same position."""
    phases: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(rules_for(variant, target=150), seed=seed)
        cuts = 0
        while not game.over and game.hand_number <= 3:
            game.apply(choose(game, rng, blind=0.4))
            if choosing(game):  # a record keeps whole exchanges, not the cards chosen so far
                loaded = rec.loads(rec.dumps(game))
                assert loaded.phase is Phase.EXCHANGE and loaded.to_move == game.to_move
                assert loaded.observation(game.to_move).giving == ()
                phases.add("choosing")
                continue
            if rng.random() < 0.12 or game.phase is Phase.EXCHANGE:
                label = str(game.phase)
                if game._pending or (game.phase is Phase.EXCHANGE and game.hands[-1].exchanges):
                    label = "mid-exchange"
                if game.phase is Phase.PLAY and game._trick:
                    label = "mid-trick"
                phases.add(label)
                text = rec.dumps(game)
                loaded = rec.loads(text)
                assert_same_game(loaded, game)
                assert (rec.loads(text).winner is None) == (not game.over)
                cuts += 1
        assert cuts > 5
    expected = {"draft", "bidding", "play", "mid-trick"}
    if variant != "two-player-300":
        expected |= {"blind nil", "exchange", "mid-exchange", "choosing"}
    if variant == "partnership":
        expected -= {"draft"}
    assert expected <= phases, phases


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_cut_game_plays_on_like_the_original(variant: str) -> None:
    """One hand from an explicit deck, cut after every action: the rebuilt game, given the
    rest of the original's actions, ends exactly as the original did."""
    rng = random.Random(variant)
    deck = list(range(52))
    rng.shuffle(deck)
    original = Game(rules_for(variant), decks=[[card_text(c) for c in deck]])
    actions: list[Action] = []
    texts: list[str] = []
    while original.phase is not Phase.DEAL:
        texts.append("" if choosing(original) else rec.dumps(original))
        action = choose(original, rng, blind=0.5)
        actions.append(action)
        original.apply(action)
    final = rec.dumps(original)
    assert original.hands[0].result is not None
    for cut in range(0, len(actions), 3):
        if not texts[cut]:  # in the middle of an exchange: not a record's position
            continue
        game = rec.loads(texts[cut])
        for action in actions[cut:]:
            game.apply(action)
        assert game.phase is Phase.DEAL
        assert rec.dumps(game) == final


def test_explicit_positions_round_trip() -> None:
    """Mid-draft, between the two declarations, between the two exchanges of a hand."""
    # two-player: both declare, seat 0 exchanges, seat 1 has not yet
    game = Game(rules_for("two-player"), seed=30)
    game.apply(BLIND)
    assert_same_game(rec.loads(rec.dumps(game)), game)  # between the declarations
    game.apply(BLIND)
    for _ in range(9):
        game.apply("keep")
    assert game.phase is Phase.DRAFT
    assert_same_game(rec.loads(rec.dumps(game)), game)  # mid-draft
    while game.phase is Phase.DRAFT:
        game.apply("discard")
    game.give(game.hand_of(0)[:3])
    assert game.phase is Phase.EXCHANGE and game.to_move == 1
    loaded = rec.loads(rec.dumps(game))
    assert_same_game(loaded, game)
    assert loaded.hands[-1].exchanges == game.hands[-1].exchanges

    # partnership: seat 0 has given, seat 2 not yet
    game = Game(rules_for("partnership"), seed=31)
    game.apply(BLIND)
    for _ in range(3):
        game.apply(NO_BLIND)
    game.give(game.hand_of(0)[:3])
    assert game._pending
    doc = doc_of(game)
    assert doc["hands"][0]["exchanges"] == [
        {"seat": 0, "gave": [card_text(c) for c in game.hands[0].exchanges[0][1]],
         "received": None}]
    loaded = rec.loads(rec.dumps(game))
    assert_same_game(loaded, game)
    assert loaded._pending == game._pending


@pytest.mark.parametrize("variant", ["two-player", "partnership"])
def test_a_record_with_only_the_documented_fields_replays(variant: str) -> None:
    """docs/record.md does not require 'blind_nil_declined': a record without it, in which a
    seat declined before another declared blind nil, still replays (found by this file: it
    used to be refused with "seat 1 cannot declare blind nil here")."""
    rng = random.Random(variant)
    game = Game(rules_for(variant), seed=50)
    for hand in (1, 2):
        while game.phase is Phase.BLIND_NIL:
            game.apply(BLIND if game.to_move == 1 else NO_BLIND)
        while game.hand_number == hand:
            game.apply(choose(game, rng))
    doc = rec.game_record(game)
    assert [h["blind_nil"] for h in doc["hands"][:2]] == [[1], [1]]
    assert doc["hands"][0]["blind_nil_declined"]
    for hand in doc["hands"]:
        del hand["blind_nil_declined"]
    del doc["rules"]["exchange_cards"], doc["rules"]["first_drawer_bids_first"]
    assert_same_game(rec.replay(doc), game)


def test_replay_with_a_seed_deals_the_next_hands() -> None:
    game = Game(rules_for("partnership"), seed=40)
    rng = random.Random(40)
    while game.hand_number < 2:
        game.apply(choose(game, rng))
    doc = rec.game_record(game)
    doc["hands"].pop()  # the record stops after the first hand
    assert rec.replay(copy.deepcopy(doc)).phase is Phase.DEAL
    seeded = rec.replay(doc, seed=9)
    assert seeded.phase is Phase.BLIND_NIL and seeded.hand_number == 2


# ------------------------------------------------------------------ tampered records


def _find_revoke(hand: dict[str, Any], n: int) -> tuple[int, int, int, str, str] | None:
    """A trick where a seat followed suit and a later trick where it played another suit."""
    tricks = hand["tricks"]
    for t, trick in enumerate(tricks):
        led = trick["cards"][0][-1]
        for i in range(1, n):
            seat = (trick["leader"] + i) % n
            if trick["cards"][i][-1] != led:
                continue
            for u in range(t + 1, len(tricks)):
                j = (seat - tricks[u]["leader"]) % n
                if tricks[u]["cards"][j][-1] != led:
                    return t, i, u, j, led
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_revoke_is_rejected(variant: str, finished: dict[str, Game]) -> None:
    game = finished[variant]
    doc = doc_of(game)
    n = game.rules.players
    number = 2 if len(doc["hands"]) > 1 else 1
    hand = doc["hands"][number - 1]
    found = _find_revoke(hand, n)
    assert found is not None
    t, i, u, j, led = found
    tricks = hand["tricks"]
    seat = (tricks[t]["leader"] + i) % n
    swapped = tricks[u]["cards"][j]
    tricks[t]["cards"][i], tricks[u]["cards"][j] = swapped, tricks[t]["cards"][i]
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[led]
    message = rejected(doc)
    assert message.startswith(f"hand {number}, trick {t + 1}: ")
    assert f"seat {seat}" in message and swapped in message
    assert f"must follow {suit}" in message


@pytest.mark.parametrize("variant", VARIANTS)
def test_wrong_trick_winner_is_rejected(variant: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished[variant])
    trick = doc["hands"][0]["tricks"][6]
    real = trick["winner"]
    trick["winner"] = (real + 1) % finished[variant].rules.players
    message = rejected(doc)
    assert message == (f"hand 1, trick 7: the winner is {real}, "
                       f"the record says {trick['winner']}")


@pytest.mark.parametrize("variant", VARIANTS)
def test_wrong_scores_are_rejected(variant: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished[variant])
    doc["scores"][1] += 10
    message = rejected(doc)
    assert "scores" in message and str(doc["scores"]) in message
    doc = doc_of(finished[variant])
    doc["winner"] = 1 - doc["winner"]
    assert "winner" in rejected(doc)


@pytest.mark.parametrize("field", RESULT_FIELDS)
def test_wrong_result_field_is_rejected(field: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished["two-player"])
    last = len(doc["hands"])
    result = doc["hands"][last - 1]["result"]
    real = list(result[field])
    result[field][0] += 1
    assert rejected(doc) == (f"hand {last}: result {field} is {real}, "
                             f"the record says {result[field]}")


def test_missing_result_field_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    del doc["hands"][0]["result"]["bags"]
    assert rejected(doc).startswith("hand 1: unreadable result")


def test_result_of_an_unfinished_hand_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    doc["hands"][0]["tricks"] = doc["hands"][0]["tricks"][:12]
    doc["hands"] = doc["hands"][:1]
    assert rejected(doc) == "hand 1: the record has a result for an unfinished hand"
    del doc["hands"][0]["result"]
    doc["winner"], doc["scores"] = None, [0, 0]
    assert rec.replay(doc).phase is Phase.PLAY  # without it, a valid unfinished game


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_finished_game_whose_last_hand_lacks_its_result_is_refused(
        variant: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished[variant])
    del doc["hands"][-1]["result"]
    assert rejected(doc) == (f"hand {len(doc['hands'])}: the hand is finished but the "
                             "record lacks its result")


def test_a_finished_hand_waiting_for_the_next_deal_needs_its_result() -> None:
    """A game of explicit decks that has played them all waits for a deal: its last hand is
    finished, and the record must say how it scored."""
    rng = random.Random(5)
    game = Game(rules_for("two-player"), decks=[[card_text(c) for c in range(52)]])
    while game.phase is not Phase.DEAL:
        game.apply(choose(game, rng))
    doc = doc_of(game)
    assert_same_game(rec.replay(copy.deepcopy(doc)), game)
    del doc["hands"][0]["result"]
    assert rejected(doc) == "hand 1: the hand is finished but the record lacks its result"


@pytest.mark.parametrize("variant", VARIANTS)
def test_deck_with_a_duplicate_is_rejected(variant: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished[variant])
    deck = doc["hands"][1]["deck"]
    deck[10] = deck[20]
    with pytest.raises(RecordError, match="52 cards once"):
        rec.replay(doc)


def test_deck_with_a_duplicate_names_the_hand(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    deck = doc["hands"][1]["deck"]
    deck[10] = deck[20]
    assert rejected(doc).startswith("hand 2")


def test_deck_with_a_bad_card_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    doc["hands"][0]["deck"][3] = "1X"
    assert "not a card: '1X'" in rejected(doc)


@pytest.mark.parametrize("variant", ["two-player", "two-player-300"])
def test_draft_entry_not_matching_the_stock_is_rejected(
        variant: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished[variant])
    entry = doc["hands"][0]["draft"][4]
    deck = doc["hands"][0]["deck"]
    wrong = next(c for c in deck[20:] if c not in (entry["kept"], entry["discarded"]))
    entry["discarded"] = wrong
    message = rejected(doc)
    assert message.startswith("hand 1, draft 5: the stock offers ")
    assert f"{deck[8]} then {deck[9]}" in message and wrong in message
    # an offered card that is not the top of the stock
    doc = doc_of(finished[variant])
    entry = doc["hands"][0]["draft"][0]
    entry["offered"] = deck[51]
    assert rejected(doc).startswith("hand 1, draft 1: ")
    # a draft turn by the wrong seat
    doc = doc_of(finished[variant])
    entry = doc["hands"][0]["draft"][2]
    entry["seat"] = 1 - entry["seat"]
    assert rejected(doc).startswith("hand 1, draft 3: the record has seat")


@pytest.mark.parametrize("variant", VARIANTS)
def test_bid_out_of_turn_is_rejected(variant: str, finished: dict[str, Game]) -> None:
    doc = doc_of(finished[variant])
    hand = next(h for h in doc["hands"] if len(h["bids"]) >= 2)
    bids = hand["bids"]
    first, second = bids[0]["seat"], bids[1]["seat"]
    bids[0]["seat"], bids[1]["seat"] = second, first
    assert rejected(doc) == (f"hand {hand['number']}, bid 1: the record has seat {second} act, "
                             f"but it is seat {first}'s turn")


def test_bid_without_a_seat_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    del doc["hands"][0]["bids"][0]["seat"]
    assert rejected(doc).startswith("hand 1, bid 1")


def test_bid_out_of_range_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    doc["hands"][0]["bids"][2]["bid"] = 14
    assert rejected(doc).startswith("hand 1, bid 3: ")


def test_two_player_draw_not_from_the_pile_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["two-player"])
    hand = next(h for h in doc["hands"] if h["exchanges"] and h["exchanges"][0]["gave"])
    exchange = hand["exchanges"][0]
    kept = {e["kept"] for e in hand["draft"]}
    exchange["received"][0] = next(iter(kept - set(exchange["received"])))
    assert "discard pile" in rejected(doc)


def test_partnership_exchange_of_cards_not_held_is_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    hand = next(h for h in doc["hands"] if h["exchanges"])
    exchange = hand["exchanges"][0]
    seat = exchange["seat"]
    dealer = hand["dealer"]
    not_held = hand["deck"][(seat - dealer) % 4]  # dealt to the next seat
    exchange["gave"][0] = not_held
    message = rejected(doc)
    assert message.startswith(f"hand {hand['number']}, exchange 1: ")
    assert f"does not hold {not_held}" in message


def test_received_null_in_a_completed_partnership_exchange_is_refused(
        finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    number, hand = next((n, h) for n, h in enumerate(doc["hands"], 1) if h["exchanges"])
    second = hand["exchanges"][1]
    real, second["received"] = second["received"], None
    assert rejected(doc) == (f"hand {number}, exchange 2: seat {second['seat']} received "
                             f"{real}, the record says null")


def test_received_null_is_read_while_the_partner_has_not_given() -> None:
    """Cut between the two gifts of a partnership exchange, the first one's ``received``
    is null: that record is read, and the exchange goes on from there."""
    for seed in range(50):
        game = Game(rules_for("partnership"), seed=seed)
        rng = random.Random(seed)
        while game.hand_number == 1 and not (game.phase is Phase.EXCHANGE
                                             and game.hands[-1].exchanges):
            game.apply(choose(game, rng, blind=0.5))
        if game.hand_number == 1:
            break
    doc = doc_of(game)
    assert [e["received"] for e in doc["hands"][-1]["exchanges"]] == [None]
    assert_same_game(rec.replay(doc), game)


def test_wrong_holdings_are_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    holdings = doc["hands"][0]["holdings"]
    holdings[0][0], holdings[1][0] = holdings[1][0], holdings[0][0]
    assert rejected(doc) == "hand 1: the holdings when bidding starts are not the record's"


def test_wrong_leader_and_dealer_are_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    trick = doc["hands"][0]["tricks"][3]
    real = trick["leader"]
    trick["leader"] = (real + 1) % 4
    assert rejected(doc) == (f"hand 1, trick 4: seat {real} leads, "
                             f"the record says seat {(real + 1) % 4}")
    doc = doc_of(finished["partnership"])
    doc["hands"][1]["dealer"] = 3
    assert rejected(doc) == "hand 2: 'dealer' is 0, the record says 3"
    doc = doc_of(finished["two-player"])
    doc["hands"][0]["first_drawer"] = 1
    assert rejected(doc) == "hand 1: 'first_drawer' is 0, the record says 1"


def test_hands_after_the_end_or_after_an_unfinished_hand_are_rejected(
        finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    extra = copy.deepcopy(doc["hands"][-1])
    extra["number"] = len(doc["hands"]) + 1
    doc["hands"].append(extra)
    assert rejected(doc) == f"hand {extra['number']}: the game has already ended"
    doc = doc_of(finished["partnership"])
    doc["hands"][0]["tricks"].pop()
    del doc["hands"][0]["result"]
    assert "hand 1" in rejected(doc)
    doc = doc_of(finished["partnership"])
    doc["hands"][1]["number"] = 5
    assert rejected(doc) == "hand 2: expected a hand object numbered 2"


def test_not_a_record_is_rejected(finished: dict[str, Game]) -> None:
    assert rejected("{not json").startswith("not JSON: ")
    assert rejected("[1, 2]") == "not a spades-record document"
    doc = doc_of(finished["two-player"])
    doc["format"] = "pgn"
    assert rejected(doc) == "not a spades-record document"
    doc = doc_of(finished["two-player"])
    doc["version"] = 2
    assert rejected(doc) == "unsupported spades-record version 2"
    doc = doc_of(finished["two-player"])
    doc["rules"]["house_rule"] = True
    assert rejected(doc).startswith("unknown rule option 'house_rule'")
    doc = doc_of(finished["two-player"])
    doc["rules"]["target"] = "500"
    assert "target" in rejected(doc)
    doc = doc_of(finished["two-player"])
    doc["variant"] = "three-player"
    assert rejected(doc).startswith("unknown variant 'three-player'")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_swap_in_play_is_caught(variant: str, finished: dict[str, Game]) -> None:
    """Swap two cards of the first hand's play between seats: the replay refuses it
    (a revoke, a card not held, or a wrong winner or result)."""
    doc = doc_of(finished[variant])
    rng = random.Random(variant)
    n = finished[variant].rules.players
    for _ in range(15):
        tampered = copy.deepcopy(doc)
        tricks = tampered["hands"][0]["tricks"]
        t, u = rng.sample(range(13), 2)
        i, j = rng.randrange(n), rng.randrange(n)
        if (tricks[t]["leader"] + i) % n == (tricks[u]["leader"] + j) % n:
            continue  # the same seat: the swap may be legal and change nothing
        tricks[t]["cards"][i], tricks[u]["cards"][j] = tricks[u]["cards"][j], tricks[t]["cards"][i]
        assert rejected(tampered).startswith("hand 1, trick ")


def test_players_must_name_every_seat(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    doc["players"] = ["only", "three", "names"]
    assert rejected(doc).startswith("'players' must be 4 names")


def test_cards_moved_between_tricks_are_rejected(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["two-player"])
    tricks = doc["hands"][0]["tricks"]
    tricks[0]["cards"].append(tricks[1]["cards"].pop(0))  # three cards, then one
    assert rejected(doc) == ("hand 1, trick 1: a trick has 2 cards (fewer only in the last "
                             "one), the record has 3")


def test_two_exchanges_from_explicit_decks_draw_independently() -> None:
    """Without a seed, the draws of a hand come from one generator seeded by its deck,
    not from a fresh generator per draw (which would repeat the same picks)."""
    from spades.chance import Chance

    chance = Chance(None, [list(range(52))])
    deck = chance.deck()
    assert deck is not None
    pile = list(range(26))
    assert chance.draw(pile, 3, deck) != chance.draw(pile, 3, deck)
    again = Chance(None, [list(range(52))])
    assert again.draw(pile, 3, deck) == Chance(None, []).draw(pile, 3, deck)


# ------------------------------------------------------------- what docs/record.md requires


def without(document: dict[str, Any], *path: str | int) -> dict[str, Any]:
    """A copy of ``document`` without the field at ``path``."""
    doc = copy.deepcopy(document)
    *parents, last = path
    target: Any = doc
    for key in parents:
        target = target[key]
    del target[last]
    return doc


@pytest.mark.parametrize("path", [
    ("version",), ("variant",), ("rules",), ("players",), ("hands",), ("winner",), ("scores",),
    ("rules", "target"), ("rules", "lose_threshold"), ("rules", "nil"), ("rules", "nil_points"),
    ("rules", "blind_nil"), ("rules", "blind_nil_points"), ("rules", "blind_nil_deficit"),
    ("rules", "bag_limit"), ("rules", "bag_penalty"), ("rules", "lead_spades_anytime"),
    ("hands", 0, "number"), ("hands", 0, "deck"), ("hands", 0, "dealer"),
    ("hands", 1, "first_drawer"), ("hands", 0, "blind_nil"), ("hands", 0, "draft"),
    ("hands", 0, "exchanges"), ("hands", 0, "holdings"), ("hands", 1, "bids"),
    ("hands", 0, "tricks"), ("hands", 0, "bids", 0, "bid"), ("hands", 0, "tricks", 2, "winner"),
    ("hands", 0, "tricks", 2, "cards"), ("hands", 0, "tricks", 2, "leader"),
])
def test_every_required_field_must_be_there(path: tuple[str | int, ...],
                                            finished: dict[str, Game]) -> None:
    """No silent defaults: a record lacking a field of docs/record.md is refused, naming it."""
    message = rejected(without(doc_of(finished["partnership"]), *path))
    assert repr(path[-1]) in message or f"lacks {path[-1]}" in message


def test_required_fields_of_the_draft_and_the_exchanges(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["two-player"])
    number = next(i for i, h in enumerate(doc["hands"]) if h["exchanges"])
    for key in ("seat", "offered", "kept", "discarded"):
        assert rejected(without(doc, "hands", 0, "draft", 3, key)) == (
            f"hand 1, draft 4: no {key!r}")
    for key in ("seat", "gave", "received"):
        assert rejected(without(doc, "hands", number, "exchanges", 0, key)).startswith(
            f"hand {number + 1}")


@pytest.mark.parametrize(("path", "value", "message"), [
    (("version",), 1.0, "unsupported spades-record version 1.0"),
    (("version",), True, "unsupported spades-record version True"),
    (("winner",), 0.0, "'winner' must be a side number or null, got 0.0"),
    (("winner",), False, "'winner' must be a side number or null, got False"),
    (("scores", 0), 1.5, "'scores' must be 2 integers"),
    (("scores", 1), True, "'scores' must be 2 integers"),
    (("hands", 0, "result", "points", 0), 35.0, "hand 1: unreadable result: 'points' must be"),
    (("hands", 0, "result", "tricks", 1), True, "hand 1: unreadable result: 'tricks' must be"),
    (("hands", 0, "result", "bags"), None, "hand 1: unreadable result: 'bags' must be"),
    (("hands", 0, "result"), 1, "hand 1: unreadable result 1"),
    (("hands", 0, "tricks", 0, "winner"), 1.0, "hand 1, trick 1: the winner is"),
    (("hands", 0, "tricks", 0, "leader"), 0.0, "hand 1, trick 1: 'leader' must be an integer"),
    (("hands", 0, "number"), True, "hand 1: expected a hand object numbered 1"),
    (("hands", 0, "dealer"), 3.0, "hand 1: 'dealer' is 3, the record says 3.0"),
    (("hands", 0, "blind_nil"), [1.0], "hand 1: 'blind_nil' must list seat numbers"),
    (("hands", 0, "holdings"), 1, "hand 1: 'holdings' must be a list, got 1"),
    (("hands", 0, "holdings"), [], "hand 1: the holdings when bidding starts are not"),
    (("hands", 0, "bids", 0, "bid"), 4.0, "hand 1, bid 1: 'bid' must be an integer, got 4.0"),
    (("hands",), {}, "'hands' must be a list"),
    (("players", 0), 7, "'players' must be 4 names"),
    (("players", 0), "\ud800", "'players' must be 4 names"),
    (("rules",), [], "'rules' must be an object, got []"),
    (("rules", "nil"), 1, "nil must be true or false, not 1"),
    (("rules", "nil_points"), -100, "nil_points must be from 0 to 1000000, not -100"),
    (("rules", "blind_nil_deficit"), -1, "blind_nil_deficit must be from 0 to 1000000"),
    (("rules", "first_drawer_bids_first"), True,
     "first_drawer_bids_first is False in 'partnership', not True"),
    (("variant",), {"name": "partnership"}, "unknown variant {'name': 'partnership'}"),
    (("variant",), "two-player", "'players' must be 2 names"),
    pytest.param(("version",), 10**5000, "unsupported spades-record version <an integer of",
                 id="a 5000-digit version"),
    pytest.param(("players",), ["x" * 10_000] * 3, "'players' must be 4 names, got ['xxx",
                 id="names too long to quote"),
])
def test_fields_of_the_wrong_type_are_refused(path: tuple[str | int, ...], value: Any,
                                              message: str, finished: dict[str, Game]) -> None:
    """Integers are integers (not floats, not booleans); lists, objects and names are what
    docs/record.md says; the message quotes the bad value, cut short."""
    doc = doc_of(finished["partnership"])
    target: Any = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RecordError) as caught:
        rec.replay(doc)
    assert message in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_variant_label_that_disagrees_with_its_rules_is_refused() -> None:
    """two-player-300 is two-player with the first drawer bidding first: a record's label
    must agree with that rule, both ways."""
    rng = random.Random(5)
    game = Game(rules_for("two-player-300"), seed=5)
    while game.hand_number < 2:
        game.apply(choose(game, rng))
    doc = rec.game_record(game)
    doc["variant"] = "two-player"
    assert rejected(doc) == ("rule option first_drawer_bids_first is False in 'two-player', "
                             "not True")
    doc = rec.game_record(game)
    doc["rules"]["first_drawer_bids_first"] = False
    assert "is True in 'two-player-300', not False" in rejected(doc)


def test_a_card_given_twice_is_refused(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["two-player"])
    hand = next(h for h in doc["hands"] if h["exchanges"] and h["exchanges"][0]["gave"])
    exchange = hand["exchanges"][0]
    card = exchange["gave"][0]
    exchange["gave"] = [card, card]
    assert rejected(doc) == (f"hand {hand['number']}, exchange 1: a card given twice: "
                             f"['{card}', '{card}']")
    doc = doc_of(finished["partnership"])
    hand = next(h for h in doc["hands"] if h["exchanges"])
    received = hand["exchanges"][0]["received"]
    received.append(received[0])
    assert "exchange 1: seat" in rejected(doc)


def test_holdings_with_a_card_twice_are_refused(finished: dict[str, Game]) -> None:
    doc = doc_of(finished["partnership"])
    holding = doc["hands"][0]["holdings"][2]
    holding.append(holding[0])
    assert rejected(doc) == "hand 1: the holdings when bidding starts are not the record's"


def test_holdings_may_be_empty_only_before_the_bidding() -> None:
    game = Game(rules_for("partnership"), seed=3)
    game.apply(BLIND)
    while game.phase is Phase.BLIND_NIL:
        game.apply(NO_BLIND)
    doc = rec.game_record(game)
    assert doc["hands"][0]["holdings"] == []
    assert rec.replay(doc).phase is Phase.EXCHANGE
    while game.phase is Phase.EXCHANGE:
        game.apply(game.legal_actions()[0])
    doc = rec.game_record(game)
    assert rec.replay(doc).phase is Phase.BIDDING
    doc["hands"][0]["holdings"] = []
    assert rejected(doc) == "hand 1: the holdings when bidding starts are not the record's"


@pytest.mark.parametrize(("data", "message"), [
    (bytes(range(256)), "not UTF-8 text: byte 0x80 at offset 128"),
    ('{"format": "spades-record"}'.encode("utf-16"), "not UTF-8 text: byte 0xff at offset 0"),
    ("[" * 100_000 + "]" * 100_000, "not a record: JSON nested too deeply"),
    ('{"version": ' + "9" * 5000 + "}", "not a record: a number of 5000 digits"),
    ('{"version": -' + "9" * 16 + "}", "not a record: a number of 16 digits"),
    ('{"version": NaN}', "not JSON: NaN"),
    ("[-Infinity]", "not JSON: -Infinity"),
    ("", "not JSON: Expecting value"),
    (b"\xef\xbb\xbf[]", "not a spades-record document"),
])
def test_text_that_is_not_a_record_is_refused(data: str | bytes, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        rec.loads(data)
    assert str(caught.value).startswith(message)
    with pytest.raises(RecordError):
        rec.replay(data)


def test_a_record_reads_from_utf8_bytes(finished: dict[str, Game]) -> None:
    text = rec.dumps(finished["two-player"], ["Zoë", "Ann"])
    assert_same_game(rec.loads(text.encode()), finished["two-player"])
    assert_same_game(rec.load(io.BytesIO(text.encode())), finished["two-player"])


@pytest.mark.parametrize("variant", ["partnership", "two-player"])
def test_an_exchange_by_steps_by_give_and_by_its_text_is_one_record_entry(
        variant: str) -> None:
    """The steps of an exchange, ``Game.give`` and ``apply('give 2C QH KD')`` make the same
    game; its record keeps each exchange as one entry and replays to the same game."""
    def declared(seed: int) -> Game:
        game = Game(rules_for(variant), seed=seed)
        game.apply(BLIND)
        while game.phase is not Phase.EXCHANGE:
            game.apply(NO_BLIND if game.phase is Phase.BLIND_NIL else "keep")
        return game

    for seed in range(3):
        by_steps, by_give, by_text = declared(seed), declared(seed), declared(seed)
        seat = by_steps.to_move
        cards = by_steps.hand_of(seat)[-2:] if variant == "two-player" else \
            by_steps.hand_of(seat)[:3]
        for card in reversed(cards):  # the order of choosing does not matter
            by_steps.apply(Action.give(card))
        if len(cards) < 3:
            by_steps.apply("give")
        assert by_give.give(cards) == [*map(Action.give, cards)] + (
            [Action.parse("give")] if len(cards) < 3 else [])
        by_text.apply("give " + " ".join(map(card_text, cards)))
        assert rec.dumps(by_steps) == rec.dumps(by_give) == rec.dumps(by_text)
        entries = doc_of(by_steps)["hands"][0]["exchanges"]
        assert [(e["seat"], sorted(map(parse_card, e["gave"]))) for e in entries] == [
            (seat, sorted(cards))]
        while not by_steps.over and by_steps.hand_number < 3:
            by_steps.apply(by_steps.legal_actions()[0])
        assert_same_game(rec.loads(rec.dumps(by_steps)), by_steps)
