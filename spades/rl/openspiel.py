"""OpenSpiel's ``python_spades``: importing this module registers the game.

``pyspiel.load_game("python_spades(variant=partnership,target=300)")``. Parameters:
``variant``; ``episode`` (``"hand"``: one hand from 0-0, returns are each seat's
side's points; ``"match"``: returns +1 / -1, 0 for a match cut at ``max_hands``);
and every house rule of :func:`spades.rules_for` as an int (booleans as 0 / 1), whose
default :data:`PRESET` means "the variant's own value".

Chance is explicit: each hand's deck is dealt one card a chance node (card ``i``
of the deck is ``deck[i]`` of docs/record.md), and a two-player blind nil exchange draws
its cards one chance node each: the engine's own chance steps (``Game.chance_step``),
one card at a time. Player actions are docs/record.md's integer codes.
Information-state and observation strings are the seat's Observation as JSON;
:meth:`SpadesState.resample_from_infostate` deals the hidden cards again consistent
with it, so that ``ISMCTSBot`` plays the game.
"""

from __future__ import annotations

import json
import random
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel

from ..actions import END_GIVE, GIVE_BASE, Action
from ..bots.belief import sample_hands
from ..cards import DECK_SIZE, FULL_DECK, Card, card_text, cards_in, mask_of
from ..errors import IllegalAction, SpadesError
from ..game import Game, Phase
from ..observation import Observation
from ..rules import PRESETS, Rules, rules_for
from .encoding import EPISODES, action_count, encode, tensor_size

PRESET = -1_000_000  # a house-rule parameter left at the variant's own value
MAX_RESAMPLE_ATTEMPTS = 50
_RULE_OPTIONS = tuple(PRESETS["two-player"].to_dict())
_BOOL_OPTIONS = ("nil", "blind_nil", "lead_spades_anytime", "first_drawer_bids_first")

_GAME_TYPE = pyspiel.GameType(
    short_name="python_spades",
    long_name="Python Spades (spades package)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "variant": "two-player", "episode": "hand", "max_hands": 100,
        **dict.fromkeys(_RULE_OPTIONS, PRESET),
    },
)


def rules_from_parameters(params: dict[str, Any]) -> Rules:
    """The Rules named by a ``python_spades`` parameter dict."""
    overrides: dict[str, Any] = {}
    for name in _RULE_OPTIONS:
        value = params.get(name, PRESET)
        if value != PRESET:
            overrides[name] = bool(value) if name in _BOOL_OPTIONS else value
    return rules_for(params.get("variant", "two-player"), **overrides)


def _hand_bound(rules: Rules) -> float:
    """A bound on what one hand can change a side's score by."""
    nils = rules.players // 2 * max(rules.nil_points, rules.blind_nil_points)
    penalty = rules.bag_penalty * (DECK_SIZE // 4 // max(rules.bag_limit, 1) + 1)
    return float(10 * DECK_SIZE // 2 + nils + DECK_SIZE // 4 + penalty)


def settings(params: dict[str, Any]) -> tuple[Rules, str, int]:
    """The rules, the episode and the most hands of a parameter dict."""
    params = {**_GAME_TYPE.parameter_specification, **params}
    if params["episode"] not in EPISODES:
        raise SpadesError(f"episode must be one of {EPISODES}, not {params['episode']!r}")
    return rules_from_parameters(params), params["episode"], int(params["max_hands"])


class SpadesGame(pyspiel.Game):
    """The game: rules, episode length and sizes from the parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.settings = settings(params or {})  # read once: each state and clone uses it
        rules, episode, max_hands = self.settings
        n = rules.players
        hands = 1 if episode == "hand" else max_hands
        bound = _hand_bound(rules) if episode == "hand" else 1.0
        # declare, an exchange's steps (its cards and its end), bid; the draft; the play
        decisions = n * (rules.exchange_cards + 3) + DECK_SIZE // 2 * (n == 2) + DECK_SIZE
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rules),
            max_chance_outcomes=DECK_SIZE,
            num_players=n,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=hands * decisions,
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> SpadesState:
        """A match waiting for its first deal."""
        return SpadesState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> SpadesObserver:
        """The observer of both the observation and the information state: the seat's
        Observation (see ``docs/rl.md``)."""
        return SpadesObserver(self.num_players(), iig_obs_type, params)


class SpadesState(pyspiel.State):
    """A match (or one hand) of :class:`spades.Game` with explicit chance nodes."""

    def __init__(self, game: SpadesGame) -> None:
        super().__init__(game)
        rules, self._episode, self._max_hands = game.settings
        self.engine = Game(rules)  # no seed: it waits for each deal and draw
        self._chosen: list[Card] = []  # the cards of the engine's chance step so far
        self._hand_start = 0  # where the current hand's deal starts in the history
        self._at_deal: _Kept | None = None  # a copy of this state as the deal started
        # arrays, not lists: clone() deep-copies the state's attributes, an array at once
        self._actors = array("b")  # who took each action of the history (-1: chance)
        self._owners = array("b")  # partnership: the seat dealt each card of the deck

    # ------------------------------------------------------------- the game API

    def current_player(self) -> int:
        """The seat to move, CHANCE while dealing or drawing, TERMINAL at the end."""
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.engine.chance_step is not None:
            return pyspiel.PlayerId.CHANCE
        return int(self.engine.to_move)

    def is_terminal(self) -> bool:
        """After the first hand is scored (``hand``), or at the match's end or cut."""
        engine = self.engine
        if self._episode == "hand":
            return bool(engine.hands) and engine.hands[0].result is not None
        return engine.over or engine.hand_number > self._max_hands

    def returns(self) -> list[float]:
        """Each seat's side's points (``hand``) or +1 / -1 / 0 (``match``), at the end."""
        n, rules = self.engine.rules.players, self.engine.rules
        if not self.is_terminal():
            return [0.0] * n
        if self._episode == "hand":
            return [float(self.engine.hands[0].result.scores[rules.side_of(s)])
                    for s in range(n)]
        won = self.engine.winner
        return [0.0 if won is None else 1.0 if rules.side_of(s) == won else -1.0
                for s in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(int(a) for a in self.engine.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deck, or the next card drawn from the discard pile."""
        step = self.engine.chance_step
        assert step is not None, "not a chance node"
        left = sorted(set(step.cards) - set(self._chosen))
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            if self.engine.phase is Phase.DEAL and not self._chosen:
                self._hand_start = len(self._actors)
                self._at_deal = None  # one kept copy, not a chain of them
                self._at_deal = _Kept(self.clone())
            self._actors.append(-1)
            self._apply_chance(action)
            return
        self._actors.append(int(self.engine.to_move))
        self.engine.apply(Action.from_code(action))

    def _apply_chance(self, card: int) -> None:
        engine = self.engine
        step = engine.chance_step
        assert step is not None, "not a chance node"
        dealing = engine.phase is Phase.DEAL
        self._chosen.append(card)
        if len(self._chosen) < step.count:
            return
        chosen, self._chosen = self._chosen, []
        if not dealing:
            engine.draw(chosen)
            return
        engine.deal(chosen)
        if engine.rules.players == 4:
            holder = {c: s for s in range(4) for c in engine.hand_of(s)}
            self._owners = array("b", [holder[c] for c in chosen])

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {card_text(action)}"
        return str(Action.from_code(action))

    def observation(self, player: int) -> Observation:
        """The seat's Observation (the whole of what it may know)."""
        return self.engine.observation(player)

    def information_state_string(self, player: int | None = None) -> str:
        """The seat's Observation as JSON (see ``docs/rl.md`` on recall)."""
        seat = self.current_player() if player is None else player
        return json.dumps(self.engine.observation(seat).to_json(), sort_keys=True)

    def observation_string(self, player: int | None = None) -> str:
        """The same as the information state: the Observation is all the seat knows."""
        return self.information_state_string(player)

    def __str__(self) -> str:
        return repr(self.engine)

    # ------------------------------------------------------------- resampling

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> SpadesState:
        """A state that ``player_id`` cannot tell from this one, its hidden cards dealt
        again at random consistent with what the seat has seen."""
        rng = random.Random(int(probability_sampler() * 2**52))
        target = self.information_state_string(player_id)
        for _ in range(MAX_RESAMPLE_ATTEMPTS):
            state = self._resampled(player_id, rng)
            if state is not None and state.information_state_string(player_id) == target:
                return state
        raise SpadesError(f"no deal consistent with seat {player_id}'s view was found")

    def _resampled(self, seat: int, rng: random.Random) -> SpadesState | None:
        """One try: earlier hands as they were, this hand's hidden cards sampled."""
        history = self.history()
        # earlier hands as they were
        state = (self.get_game().new_initial_state() if self._at_deal is None
                 else self._at_deal.state.clone())
        dealt = history[self._hand_start:self._hand_start + DECK_SIZE]
        if len(dealt) < DECK_SIZE:  # in the middle of a deal nobody has seen
            for _ in dealt:
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            return state
        plan = _Plan.sample(self, seat, rng)
        if plan is None:
            return None
        for card in plan.deck:
            state.apply_action(card)
        start = self._hand_start + DECK_SIZE
        try:
            state._replay(history[start:], self._actors[start:], plan.gives, seat, rng)
        except (IllegalAction, _Inconsistent):
            return None
        return state

    def _replay(self, actions: Sequence[int], actors: Sequence[int],
                gives: dict[int, tuple[Card, ...]], seat: int, rng: random.Random) -> None:
        """Apply this hand's ``actions`` after the deal, another seat's give steps replaced
        by the cards of ``gives`` (or random ones), and its draws by the plan's (or random
        ones)."""
        draws: list[Card] = []
        drawer = seat  # whose give the chance nodes draw for: the last seat that acted
        steps = [actor for action, actor in zip(actions, actors, strict=True)
                 if actor >= 0 and GIVE_BASE <= action < END_GIVE]
        chosen: dict[int, list[Card]] = {}  # another seat's give, card by card
        for action, actor in zip(actions, actors, strict=True):
            if actor >= 0:
                drawer = actor
            if actor >= 0 and actor != seat and GIVE_BASE <= action <= END_GIVE:
                if actor not in chosen:
                    size = steps.count(actor)
                    chosen[actor] = list(gives.get(
                        actor, tuple(rng.sample(self.engine.hand_of(actor), size))))
                if action != END_GIVE:
                    action = int(Action.give(chosen[actor].pop(0)))
                draws = list(gives.get(-1 - actor, ()))
            elif actor < 0:
                left = [c for c, _ in self.chance_outcomes()]
                if drawer != seat:
                    action = draws.pop(0) if draws else rng.choice(left)
                if action not in left:
                    raise _Inconsistent
            self.apply_action(action)


class _Kept:
    """A state kept as it was, shared by the clones of the state that keeps it."""

    def __init__(self, state: pyspiel.State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        return self


class _Inconsistent(Exception):
    """A sampled deal that cannot explain the history."""


class _Plan:
    """A sampled deal of the current hand for ``seat``: the deck, and the hidden gives
    (``gives[s]``) and draws (``gives[-1 - s]``) of the other seats."""

    def __init__(self, deck: list[Card], gives: dict[int, tuple[Card, ...]]) -> None:
        self.deck, self.gives = deck, gives

    @classmethod
    def sample(cls, state: SpadesState, seat: int, rng: random.Random) -> _Plan | None:
        engine = state.engine
        obs = engine.observation(seat)
        if obs.phase == Phase.BLIND_NIL:
            deck = list(range(DECK_SIZE))
            rng.shuffle(deck)
            return cls(deck, {})
        holdings = None
        if obs.phase in (Phase.BIDDING, Phase.PLAY):
            try:
                hands = sample_hands(obs, rng)
            except SpadesError:
                return None
            played = obs.played_by()
            holdings = [hands[s] | played[s] for s in range(len(hands))]
        if engine.rules.players == 4:
            return cls._partnership(state, obs, holdings, rng)
        return cls._two_player(engine, obs, holdings, rng)

    @classmethod
    def _partnership(cls, state: SpadesState, obs: Observation, holdings: list[int] | None,
                     rng: random.Random) -> _Plan:
        seat, partner = obs.seat, obs.rules.partner_of(obs.seat)
        owner, seen = state._owners, state.engine.position_value(seat).deck
        assert seen is not None  # dealt
        mine = mask_of(c for c in seen if c is not None)  # dealt to the seat
        gives: dict[int, tuple[Card, ...]] = {}
        if holdings is None:  # exchanging: of the others' cards only a partner's give is known
            returned = mask_of(obs.received)
            rest = list(cards_in(FULL_DECK & ~mine & ~returned))
            rng.shuffle(rest)
            original = []
            for s in range(4):
                dealt = mine if s == seat else returned if s == partner else 0
                need = 13 - dealt.bit_count()
                original.append(dealt | mask_of(rest[:need]))
                rest = rest[need:]
            if obs.received:
                gives[partner] = obs.received
        else:
            original = [mine if s == seat else holdings[s] for s in range(4)]
            if obs.exchanged[partner] is not None:
                original[partner] = holdings[partner] & ~mask_of(obs.gave) | mask_of(obs.received)
                gives[partner] = obs.received
            others = [s for s in range(4) if s not in (seat, partner)]
            if obs.exchanged[others[0]] is not None:  # each got 3 of its holding from the other
                got = [tuple(rng.sample(list(cards_in(holdings[s])), 3)) for s in others]
                for s, mine_got, theirs in ((others[0], *got), (others[1], *reversed(got))):
                    original[s] = holdings[s] & ~mask_of(mine_got) | mask_of(theirs)
                    gives[s] = theirs
        new_deck = [0] * DECK_SIZE
        for s in range(4):
            cards = list(cards_in(original[s]))
            rng.shuffle(cards)
            for i in (i for i in range(DECK_SIZE) if owner[i] == s):
                new_deck[i] = cards.pop()
        return cls(new_deck, gives)

    @classmethod
    def _two_player(cls, engine: Game, obs: Observation, holdings: list[int] | None,
                    rng: random.Random) -> _Plan | None:
        seat, other = obs.seat, 1 - obs.seat
        # the cards the seat saw where they lay: the pairs it drafted, the card offered to it
        seen = engine.position_value(seat).deck
        assert seen is not None  # dealt
        new_deck: list[Card | None] = list(seen)
        unseen = [c for c in range(DECK_SIZE) if c not in set(new_deck)]
        rng.shuffle(unseen)
        gives: dict[int, tuple[Card, ...]] = {}
        if holdings is not None:
            split = _opponent_draft(obs, holdings[other], set(unseen), rng)
            if split is None:
                return None
            kept, discarded, gave, drew = split
            for k, (who, offered, kept_card, _) in enumerate(engine.hands[-1].draft):
                if who == other:
                    first, second = (kept, discarded) if offered == kept_card else (
                        discarded, kept)
                    new_deck[2 * k], new_deck[2 * k + 1] = first.pop(), second.pop()
            if obs.exchanged[other] is not None:
                gives[other], gives[-1 - other] = gave, drew
        else:
            for i in range(DECK_SIZE):
                if new_deck[i] is None:
                    new_deck[i] = unseen.pop()
        return cls(list(map(int, new_deck)), gives)  # every place is filled by now


def _opponent_draft(obs: Observation, holding: int, unseen: set[Card], rng: random.Random
                    ) -> tuple[list[Card], list[Card], tuple[Card, ...], tuple[Card, ...]] | None:
    """The two-player opponent's kept and discarded draft cards, give and draws, for her
    ``holding`` at bidding (her hand and played cards), among the 26 cards of her draft
    (``unseen``: those the seat never saw)."""
    other = 1 - obs.seat
    drawn = obs.exchanged[other] or 0
    from_pile = list(cards_in(holding & ~mask_of(unseen)))  # she can only have drawn these
    own = [c for c in cards_in(holding) if c in unseen]
    if len(from_pile) > drawn:
        return None
    redrawn = rng.sample(own, drawn - len(from_pile))  # her own discards, drawn back
    free = [c for c in unseen if not holding >> c & 1]
    seat_first = obs.first_drawer == obs.seat and obs.exchanged[obs.seat] is not None
    # what the seat drew before her exchange was among her discards, not her give
    candidates = [c for c in free if not (seat_first and c in obs.received)]
    if len(candidates) < drawn:
        return None
    gave = rng.sample(candidates, drawn)
    kept = [c for c in own if c not in redrawn] + gave
    discarded = redrawn + [c for c in free if c not in gave]
    rng.shuffle(kept)
    rng.shuffle(discarded)
    return kept, discarded, tuple(gave), (*from_pile, *redrawn)


class SpadesObserver:
    """OpenSpiel's observer: the seat's Observation encoded by :mod:`spades.rl.encoding`."""

    def __init__(self, players: int, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            raise ValueError("only the seat's own view (private and public) is offered")
        self.tensor = np.zeros(tensor_size(players), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpadesState, player: int) -> None:
        """Encode ``player``'s Observation of ``state``."""
        encode(state.observation(player), self.tensor)

    def string_from(self, state: SpadesState, player: int) -> str:
        """The Observation as JSON."""
        return state.information_state_string(player)


pyspiel.register_game(_GAME_TYPE, SpadesGame)
