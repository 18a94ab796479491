"""Search players: ``hard``, ``expert`` and ``cheat``.

Card play is perfect-information Monte Carlo: deal the hidden cards many times in
ways consistent with everything the seat has seen (:mod:`.belief`; with two players,
each card where the learned model of :mod:`.learned` says it likely lies, or with
``belief=uniform`` the opponent's hand as a draft that keeps spades and honours leaves
it; with four, uniformly, or by the learned model with ``belief=learned``) and
with the bids made (the medium player would have made them), value every
legal card on each deal with the double-dummy solver, whose value is the hand's
score for both sides (contracts, sets, bags and their penalty, nils, and whether
the hand decides the match; with two players, once the seat has made its contract,
each further trick also costs its share of the sandbag penalty), and play the card
with the best mean. Where a deal
would take the solver too long (early tricks with four hands) the medium player's
card stands, or with the ``early`` budget each card is valued on sampled deals played
out by the medium player (:mod:`.rollout`; no gain measured yet, at twice the time,
and a loss beside a blind nil: ``docs/benchmarks.md``).
Two-player bids and draft choices come from the same sampling: the double-dummy
tricks of each deal give the expected score of every bid, and the tricks a hand
ends with after keeping or discarding the offered card. Partnership bids play
each sampled deal out with the medium player, once for every bid considered, nil
included; partnership blind nil declarations likewise, from deals sampled before
any card is seen, once declaring and once not. ``cheat`` sees the true deal: it is
the one deal it searches, from the first trick with four hands too, and its
partnership bid is its side's double-dummy tricks.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import reduce
from operator import or_
from typing import Any, ClassVar

from ..actions import BLIND_NIL, DISCARD, KEEP, NO_BLIND_NIL, Action, Kind
from ..cards import (
    DECK_SIZE,
    FULL_DECK,
    RANKS_PER_SUIT,
    card_text,
    cards_in,
    mask_of,
)
from ..errors import SpadesError
from ..game import draft_pick
from ..observation import Observation, Phase
from ..scoring import Contract, contracts, score_hand, score_side
from .belief import SampleError, Weights, knowledge, sample_hands, worth_keeping
from .learned import shipped
from .policy import BlindNilPolicy
from .rollout import Outcome, Rollout, bid_agrees
from .rules_based import MediumBot, estimate_tricks
from .solver import Deal, opening_tricks, score_values

MATCH_WEIGHT = 300.0  # the value of winning the match, in hand points
ROLLOUT_MARGIN = 2.0  # points a card must gain over the medium player's in rollouts
BELIEFS = ("uniform", "learned")  # how the search deals the hidden cards


def match_value(
    obs: Observation, contracts: Sequence[Contract], own_bags: float = 0.0
) -> Callable[[tuple[int, ...]], float]:
    """The end value of the hand for the seat's side, given the tricks each seat wins.

    Hand points less sandbag penalties for both sides, as a difference, plus
    :data:`MATCH_WEIGHT` when the hand ends the match one way or the other. Where the
    side has already taken the tricks it bid (and bid no nil), each of its bags also
    costs ``own_bags`` times its share of the penalty (a tenth of it, by default), in
    place of any penalty the hand pays: a trick it need not take is worth ducking.
    """
    rules = obs.rules
    side = rules.side_of(obs.seat)
    bag_share = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0
    charge = own_bags if contract_made(obs, contracts) else 0.0
    cache: dict[tuple[int, ...], float] = {}

    def value(won: tuple[int, ...]) -> float:
        if won in cache:
            return cache[won]
        result, match_winner = score_hand(contracts, won, obs.scores, obs.bag_totals, rules)
        totals = result.scores
        worth = float(totals[side] - totals[1 - side] - (obs.scores[side] - obs.scores[1 - side]))
        worth -= charge * (bag_share * result.bags[side] - result.penalties[side])
        if match_winner is not None:
            worth += MATCH_WEIGHT if match_winner == side else -MATCH_WEIGHT
        cache[won] = worth
        return worth

    return value


def contract_made(obs: Observation, contracts: Sequence[Contract]) -> bool:
    """Whether the seat's side has already taken the tricks it bid, and bid no nil."""
    rules = obs.rules
    seats = rules.seats_of(rules.side_of(obs.seat))
    ours = [contracts[seat] for seat in seats]
    taken = sum(obs.tricks_won[seat] for seat in seats)
    return all(c.tricks > 0 for c in ours) and taken >= sum(c.tricks for c in ours)


class SearchBot:
    """Sampling and double-dummy search; see the module docstring.

    ``samples``: the deals per decision, fewer while many tricks are left (a deal
    costs the solver more then); ``dd``: with four hands, the most tricks left at
    which the solver is used; ``time``: if given, a cap in seconds on sampling
    (after at least ``min_samples`` deals), which makes play depend on the
    machine's speed: without it every decision is repeatable from the seed;
    ``draft``: the sampled stocks per two-player draft choice (0: the medium
    player's rule); ``bids``: the sampled deals per bid (by default
    :attr:`BID_DEALS`: solved with two players, played out with four) or partnership
    blind nil declaration
    (0: the medium player's rule); ``early``: the sampled deals
    played out per card before the solver takes over with four hands (0: the medium
    player's card); ``fit``: the deals drawn at most for one sample that agrees with
    the bids made (1: the first deal drawn stands); ``leads``: the deals for a lead (no
    card on the table yet) whatever the tricks left, where a guess costs most and a deal
    costs the solver no more than for any other card. ``blind_nil``: the blind nil policy
    (:mod:`.policy`) within which the search (or, with two players, the medium player's
    rule) decides. ``own_bags``: in the card play, once the side has made its contract,
    what each further trick costs in shares of the sandbag penalty (:func:`match_value`;
    by default :attr:`OWN_BAGS`, one share). ``belief``: how the hidden cards are dealt in
    the bidding and the play, ``uniform`` (every deal that fits what was seen alike; with
    two players the opponent's hand as a simulated draft keeps it) or ``learned`` (card by
    card as the learned model of :mod:`.learned` says each is likely to lie); by default
    :attr:`BELIEF`'s, by the number of players.
    """

    # the deals a bid samples unless ``bids`` says: solved ones with two players (a bid
    # solves them all, so more of them cost little), played-out ones with four
    BID_DEALS: ClassVar[dict[int, int]] = {2: 256, 4: 32}
    # the shares of the sandbag penalty a bag costs in the play once the contract is made
    OWN_BAGS: ClassVar[float] = 1.0
    # the belief unless ``belief`` says: learned with two players (+9.0 a hand against the
    # Spadsbook opponent, level against medium and the Jus144tice opponent:
    # docs/benchmarks.md), uniform with four (level over 60 boards)
    BELIEF: ClassVar[dict[int, str]] = {2: "learned", 4: "uniform"}

    def __init__(self, rng: random.Random, samples: int = 24, dd: int = 6,
                 time: float | None = None, min_samples: int = 4, draft: int = 48,
                 bids: int | None = None, early: int = 0, fit: int = 8, leads: int = 48,
                 blind_nil: BlindNilPolicy | str = "always",
                 own_bags: float | None = None, belief: str | None = None) -> None:
        for name, value, kind in (("samples", samples, int), ("dd", dd, int),
                                  ("min_samples", min_samples, int), ("fit", fit, int),
                                  ("time", time, (int, float, type(None)))):
            if not isinstance(value, kind) or isinstance(value, bool) or (
                    value is not None and value <= 0):
                raise SpadesError(f"the budget {name} must be a positive number, not {value!r}")
        for name, value in (("draft", draft), ("bids", 0 if bids is None else bids),
                            ("early", early), ("leads", leads)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SpadesError(f"the budget {name} must be a whole number from 0, not "
                                  f"{value!r}")
        if own_bags is not None and (not isinstance(own_bags, (int, float))
                                     or isinstance(own_bags, bool) or own_bags < 0):
            raise SpadesError(f"the budget own_bags must be a number from 0, not {own_bags!r}")
        if belief is not None and belief not in BELIEFS:
            raise SpadesError(f"the belief must be one of {', '.join(BELIEFS)}, not {belief!r}")
        self.rng = rng
        self.models = {n: shipped(n) for n in (2, 4)
                       if (belief or self.BELIEF[n]) == "learned"}
        self._weighed: tuple[Observation, Weights | None] | None = None
        self.samples, self.dd, self.time_budget = samples, dd, time
        self.min_samples, self.draft_samples = min_samples, draft
        self.bids, self.early_samples, self.fit_attempts = bids, early, fit
        self.lead_samples, self.own_bags = leads, own_bags
        self.blind_nil = BlindNilPolicy.parse(blind_nil)
        self.fallback = MediumBot(random.Random(rng.random()), self.blind_nil)

    def act(self, observation: Observation) -> Action:
        """The action to take: searched where the search has a method, else medium's."""
        return self.explain(observation)[0]

    def explain(self, observation: Observation) -> tuple[Action, str]:
        """The action to take, with a one-line reason for a person (the hint)."""
        obs = observation
        if len(obs.legal) == 1:
            return obs.legal[0], "the only legal action"
        kind = obs.legal[0].kind
        if kind is Kind.DECLARE and not self.blind_nil.allows(obs):
            return Action(NO_BLIND_NIL), f"no blind nil: {self.blind_nil.describe()}"
        try:
            searched = self._searched(kind, obs)
        except SampleError:  # no consistent deal found in time: play by the rules instead
            return self.fallback.act(obs), "by rule of thumb: no deal fits what was seen"
        if searched is not None:
            return searched
        why = {Kind.PLAY: f"by rule of thumb (the search starts with {self.dd} tricks left)",
               Kind.DECLARE: f"by rule of thumb: the score ({self.blind_nil.describe()})"}
        return self.fallback.act(obs), why.get(
            kind, "by rule of thumb: hand strength, score and bags")

    def _searched(self, kind: Kind, obs: Observation) -> tuple[Action, str] | None:
        """The searched action of this ``kind`` and why, or None where the search has no
        method (or no budget) for it."""
        match kind:
            case Kind.PLAY if self._can_search(obs):
                return self._play(obs)
            case Kind.PLAY if self.early_samples:
                return self._play_early(obs)
            case Kind.BID if obs.rules.players == 2 and self._bid_deals(obs):
                return self._bid_two_player(obs)
            case Kind.BID if self._bid_deals(obs):
                return self._bid_partnership(obs)
            case Kind.DECLARE if obs.rules.players == 4 and self._bid_deals(obs):
                action, why = self._declare(obs)
                return action, f"{why} ({self.blind_nil.describe()})"
            case Kind.DRAFT if self.draft_samples and obs.seat not in obs.blind_nil:
                return self._draft(obs)
        return None

    # ----- the samples

    def _can_search(self, obs: Observation) -> bool:
        return obs.rules.players == 2 or len(obs.hand) <= self.dd

    def _bid_deals(self, obs: Observation) -> int:
        """The deals a bid or blind nil declaration samples: the ``bids`` budget."""
        if self.bids is not None:
            return self.bids
        return self.BID_DEALS[obs.rules.players]

    def _sample_count(self, obs: Observation) -> int:
        """Deals for this decision: a third with 11 or more tricks left, half with 8 to 10;
        a lead at least ``leads``."""
        left = len(obs.hand)
        share = 3 if left > 10 else 2 if left > 7 else 1
        leading = self.lead_samples if not (obs.trick and obs.trick.cards) else 0
        return max(self.min_samples, self.samples // share, leading)

    def _worlds(self, obs: Observation, most: int | None = None
                ) -> Callable[[], list[int] | None]:
        """A source of hidden deals: the next sampled deal, or None when the budget (``most``
        deals, or the card play's) is spent."""
        most = most or self._sample_count(obs)
        deadline = None if self.time_budget is None else time.perf_counter() + self.time_budget
        drawn = 0

        def next_world() -> list[int] | None:
            nonlocal drawn
            late = (deadline is not None and drawn >= self.min_samples
                    and time.perf_counter() > deadline)
            if drawn >= most or late:
                return None
            drawn += 1
            return self._sample(obs)

        return next_world

    def _sample(self, obs: Observation) -> list[int]:
        """One deal of the hidden cards consistent with what the seat has seen, and with
        the bids made by the other seats if one of ``fit`` deals drawn is (else the last
        drawn stands). Blind nils are no bids to fit."""
        weights = self._weights(obs)
        hands = sample_hands(obs, self.rng, drafted=True, weights=weights)
        if all(bid is None or seat in obs.blind_nil for seat, bid in enumerate(obs.bids)):
            return hands
        played = obs.played_by()
        for _ in range(self.fit_attempts - 1):
            if self._bids_fit(obs, _at_bidding(hands, played)):
                break
            hands = sample_hands(obs, self.rng, drafted=True, weights=weights)
        return hands

    def _weights(self, obs: Observation) -> Weights | None:
        """The learned model's weights for the hidden cards of ``obs`` (in the bidding and
        the play, where the belief is learned; else None), worked out once a decision."""
        if obs.rules.players not in self.models or obs.phase not in (Phase.BIDDING, Phase.PLAY):
            return None
        if self._weighed is None or self._weighed[0] is not obs:
            self._weighed = (obs, self.models[obs.rules.players].weights(obs, knowledge(obs)))
        return self._weighed[1]

    def _bids_fit(self, obs: Observation, hands: list[int]) -> bool:
        """Whether the medium player, given ``hands`` (the hands as the bidding began),
        would have bid what the other seats did, within a trick and nil exactly when nil.
        Blind nils are not checked; in two-player, nothing is after an exchange (the
        hands at the bidding are not known then)."""
        if obs.rules.players == 4:
            assert obs.dealer is not None
            return Rollout(obs.rules, hands, obs.dealer).fits(
                obs.bids, self.rng.getrandbits(32), {obs.seat, *obs.blind_nil})
        other = 1 - obs.seat
        bid = obs.bids[other]
        if bid is None or obs.blind_nil:
            return True
        # her discards: the cards in neither hand nor among the seat's own discards
        discards = FULL_DECK & ~hands[0] & ~hands[1] & ~mask_of(obs.discards)
        view = replace(obs, seat=other, phase=Phase.BIDDING, to_move=other,
                       hand=tuple(cards_in(hands[other])), offered=None,
                       discards=tuple(cards_in(discards)), tricks=(), trick=None,
                       tricks_won=(0, 0), spades_broken=False,
                       legal=tuple(Action.bid(b) for b in obs.rules.bids))
        return bid_agrees(self.fallback.act(view).tricks, bid)

    def _play(self, obs: Observation) -> tuple[Action, str]:
        bids = contracts(obs.bids, obs.blind_nil)
        own_bags = self.OWN_BAGS if self.own_bags is None else self.own_bags
        evaluate = match_value(obs, bids, own_bags)
        how = "deals"
        if own_bags and contract_made(obs, bids) and obs.rules.bag_limit:
            share = own_bags * obs.rules.bag_penalty / obs.rules.bag_limit
            yours = "your" if obs.rules.partner_of(obs.seat) is None else "your side's"
            how = f"deals, a bag counted as {share:g} points now that {yours} contract is made"
        totals: dict[int, float] = {}
        next_world = self._worlds(obs)
        deals = 0
        while (hands := next_world()) is not None:
            deals += 1
            deal = Deal.from_observation(obs, hands)
            for card, value in score_values(deal, bids, obs.rules, evaluate).items():
                totals[card] = totals.get(card, 0.0) + value
        return _best_card({a: totals.get(a.card, float("-inf")) for a in obs.legal}, deals,
                          how)

    def _play_early(self, obs: Observation) -> tuple[Action, str]:
        """A card before the solver takes over (four hands): every legal card on the same
        sampled deals, the rest of the hand played out by the medium player, whose own
        card stands unless another is worth :data:`ROLLOUT_MARGIN` more. Cards between
        which every card has been played are worth the same: one of them is played out
        for all (the medium player's, if it is one of them)."""
        assert obs.dealer is not None
        played = obs.played_by()
        so_far = [card for trick in obs.tricks_so_far for card in trick.cards]
        medium = self.fallback.act(obs)
        groups = _equal_cards([a.card for a in obs.legal], reduce(or_, played))
        tried = [medium.card if medium.card in group else group[0] for group in groups]
        if len(tried) == 1:
            return medium, "these cards are all worth the same"
        value = match_value(obs, contracts(obs.bids, obs.blind_nil))
        totals = dict.fromkeys(tried, 0.0)
        for _ in range(self.early_samples):
            hands = self._sample(obs)
            rollout = Rollout(obs.rules, _at_bidding(hands, played), obs.dealer, obs.blind_nil)
            seed = self.rng.getrandbits(32)
            for card in tried:
                totals[card] += value(tuple(rollout.play(obs.bids, seed, [*so_far, card]).tricks))
        return _best_card({Action.play(c): v for c, v in totals.items()}, self.early_samples,
                          "deals played out", prefer=medium, margin=ROLLOUT_MARGIN)

    def _draft(self, obs: Observation) -> tuple[Action, str]:
        """Keep or discard by sampling: deal the unseen cards to the other player's hand,
        her discards and the stock, finish the draft both ways (later choices by a quick
        rule), and compare the double-dummy tricks of the hands it ends with."""
        rules, me, offered = obs.rules, obs.seat, obs.offered
        assert offered is not None
        leader = rules.opening_leader(obs.dealer, obs.first_drawer)
        hand = mask_of(obs.hand)
        seen = hand | mask_of(obs.discards) | 1 << offered
        unseen = [c for c in range(DECK_SIZE) if not seen >> c & 1]
        theirs_so_far = (DECK_SIZE - obs.stock_left) // 2 - len(obs.hand)
        tricks = {KEEP: 0, DISCARD: 0}
        deals = self.draft_samples
        for _ in range(deals):
            self.rng.shuffle(unseen)
            theirs = mask_of(unseen[:theirs_so_far])
            stock = unseen[2 * theirs_so_far:]  # the cards after the offered one, in order
            for choice in tricks:
                first_card = stock[0]
                mine = hand | 1 << draft_pick(offered, first_card, choice == KEEP)[0]
                hands = [mine, theirs]
                drawer = 1
                for i in range(1, len(stock), 2):  # the other player draws next, then alternate
                    top = stock[i]
                    hands[drawer] |= 1 << draft_pick(top, stock[i + 1], worth_keeping(top))[0]
                    drawer = 1 - drawer
                seat_hands = (hands[0], hands[1]) if me == 0 else (hands[1], hands[0])
                tricks[choice] += opening_tricks(seat_hands, leader, me, rules)
        keep, discard = tricks[KEEP] / deals, tricks[DISCARD] / deals
        if keep == discard:
            return self.fallback.act(obs), "keeping or not made no difference on the samples"
        choice = Action(KEEP if keep > discard else DISCARD)
        return choice, (f"{keep:.1f} tricks on average keeping {card_text(offered)}, "
                        f"{discard:.1f} discarding it, over {deals} sampled stocks")

    def _bid_two_player(self, obs: Observation) -> tuple[Action, str]:
        """The bid with the best mean score over sampled deals' double-dummy tricks; a
        bag also costs its share of the sandbag penalty. A nil is bid when the medium
        player would bid it. (Each deal's tricks counted one less while the samples drew
        the opponent's hand uniformly; drafted samples make her strong enough already:
        docs/benchmarks.md.)
        """
        medium = self.fallback.act(obs)
        if medium.tricks == 0:
            return medium, "a nil: the hand has few sure tricks and little danger"
        rules = obs.rules
        leader = rules.opening_leader(obs.dealer, obs.first_drawer)
        counts: list[int] = []
        next_world = self._worlds(obs, self._bid_deals(obs))
        while (hands := next_world()) is not None:
            counts.append(opening_tricks(hands, leader, obs.seat, rules))
        bag_cost = rules.bag_penalty / rules.bag_limit if rules.bag_limit else 0.0

        def expected(bid: int) -> float:
            results = [score_side([Contract(bid)], [tricks], rules) for tricks in counts]
            return sum(r.points - r.bags * bag_cost for r in results) / len(results)

        legal_bids = [a for a in obs.legal if a.tricks > 0]
        best = max(legal_bids, key=lambda a: (expected(a.tricks), -a.tricks))
        return best, (f"expected {expected(best.tricks):+.1f} points over {len(counts)} sampled "
                      "deals")

    def _bid_partnership(self, obs: Observation) -> tuple[Action, str]:
        """The bid with the best mean value over sampled deals played out by the medium
        player, the same deals for every bid considered: nil, and the likely tricks of
        the hand from one below to two above. A sampled deal must agree with the bids
        already made (the medium player would have bid them); after a few tries the
        last one drawn stands.
        """
        medium = self.fallback.act(obs)
        likely = round(estimate_tricks(obs.hand, 0, 4))
        wanted = {0, medium.tricks, *range(likely - 1, likely + 3)}
        choices = [a for a in obs.legal if a.tricks in wanted]
        assert obs.dealer is not None
        totals = dict.fromkeys(choices, 0.0)
        deals = self._bid_deals(obs)
        for _ in range(deals):
            rollout = Rollout(obs.rules, self._sample(obs), obs.dealer, obs.blind_nil)
            seed = self.rng.getrandbits(32)
            for choice in choices:
                bids = [choice.tricks if s == obs.seat else b for s, b in enumerate(obs.bids)]
                totals[choice] += _played_value(obs, rollout.play(bids, seed))
        ranked = sorted(choices, key=lambda a: (totals[a], a == medium), reverse=True)
        best, second = ranked[0], ranked[1]
        return best, (f"expected {totals[best] / deals:+.1f} points over {deals} sampled deals "
                      "played out, " + _compared((totals[best] - totals[second]) / deals,
                                                 f"bidding {second.tricks or 'nil'}"))

    def _declare(self, obs: Observation) -> tuple[Action, str]:
        """Blind nil or not, with four hands: the better mean value over sampled deals
        played out by the medium player (who exchanges and bids) once declaring and once
        not, the same deals both ways."""
        assert obs.dealer is not None
        totals = {True: 0.0, False: 0.0}
        deals = self._bid_deals(obs)
        for _ in range(deals):
            rollout = Rollout(obs.rules, self._sample(obs), obs.dealer, obs.blind_nil,
                              deciding=obs.seat)
            seed = self.rng.getrandbits(32)
            for declares in totals:
                outcome = rollout.play([None] * obs.rules.players, seed, declares=declares)
                totals[declares] += _played_value(obs, outcome)
        declares = totals[True] > totals[False]
        return Action(BLIND_NIL if declares else NO_BLIND_NIL), (
            f"{abs(totals[True] - totals[False]) / deals:.1f} points more on average "
            f"{'declaring' if declares else 'not declaring'} blind nil, over {deals} sampled "
            "deals played out")


def _played_value(obs: Observation, outcome: Outcome) -> float:
    """The value to the seat's side of a hand played out in a rollout."""
    return match_value(obs, contracts(outcome.bids, outcome.blind_nil))(tuple(outcome.tricks))


def _best_card(totals: dict[Action, float], deals: int, how: str,
               prefer: Action | None = None, margin: float = 0.0) -> tuple[Action, str]:
    """The card with the best total value over ``deals``, ``prefer`` counted ``margin``
    points higher (and winning ties), with the reason for a person."""
    ranked = sorted(totals, key=lambda a: (totals[a] + (a == prefer) * margin * deals,
                                           a == prefer), reverse=True)
    best, second = ranked[0], ranked[1]
    return best, (f"worth {totals[best] / deals:+.1f} points to your side on average over "
                  f"{deals} sampled {how}, "
                  + _compared((totals[best] - totals[second]) / deals, card_text(second.card)))


def _compared(more: float, other: str) -> str:
    """How much more the chosen action is worth than the next best, ``other``, for a
    person; less where a preferred action stood within its margin."""
    if abs(more) < 0.05:
        return f"as much as {other}"
    return f"{abs(more):.1f} {'more' if more > 0 else 'less'} than {other}"


def _at_bidding(hands: Sequence[int], played: Sequence[int]) -> list[int]:
    """The hands as the bidding began: each seat's cards now and those it has played."""
    return [hand | cards for hand, cards in zip(hands, played, strict=True)]


def _equal_cards(cards: Sequence[int], played: int) -> list[list[int]]:
    """``cards`` (one seat's) in groups of the same suit with only ``played`` cards
    between them, which win and lose the same tricks."""
    groups: list[list[int]] = []
    for card in sorted(cards):
        if groups and card // RANKS_PER_SUIT == groups[-1][-1] // RANKS_PER_SUIT and all(
                played >> between & 1 for between in range(groups[-1][-1] + 1, card)):
            groups[-1].append(card)
        else:
            groups.append([card])
    return groups


class CheatBot(SearchBot):
    """The search with every card known: a benchmark's upper bound, never offered to players.

    With four hands it searches from the first trick (``dd`` 13: one search of the true
    deal takes milliseconds), and bids what its side takes double dummy: the first of the
    side to bid half of it, the second the rest. It bids no nil of its own; after a
    partner's nil, its bid is the rollouts' (:meth:`SearchBot._bid_partnership`).
    It plays for the hand's points with no share of the penalty on its bags
    (``own_bags`` 0): the ceiling every earlier figure was measured against.
    The driver must call :meth:`reveal` with a function giving the true hands.
    """

    OWN_BAGS: ClassVar[float] = 0.0

    def __init__(self, rng: random.Random, **budget: Any) -> None:
        super().__init__(rng, **{"dd": 13, **budget})
        # one deal, the true one, is enough for the rollouts too
        self.bids = 1 if self.bids is None else min(self.bids, 1)
        self.early_samples = min(self.early_samples, 1)
        self.true_hands: Callable[[], list[int]] | None = None

    def reveal(self, true_hands: Callable[[], list[int]]) -> None:
        """Let this bot see every hand (benchmarks only)."""
        self.true_hands = true_hands

    def act(self, observation: Observation) -> Action:
        """The search's action, with the true hands as its only sample."""
        if self.true_hands is None:
            raise SpadesError("cheat was not shown the hands: the driver must call reveal()")
        return super().act(observation)

    def _worlds(self, obs: Observation, most: int | None = None
                ) -> Callable[[], list[int] | None]:
        given = [self._sample(obs)]
        return lambda: given.pop() if given else None

    def _sample(self, obs: Observation) -> list[int]:
        assert self.true_hands is not None
        return self.true_hands()

    def _bid_partnership(self, obs: Observation) -> tuple[Action, str]:
        """The side's double-dummy tricks on the true deal, less the partner's bid."""
        rules = obs.rules
        partner = rules.partner_of(obs.seat)
        assert partner is not None
        partner_bid = obs.bids[partner]
        if partner_bid == 0 or partner in obs.blind_nil:
            return super()._bid_partnership(obs)
        leader = rules.opening_leader(obs.dealer, obs.first_drawer)
        side_tricks = opening_tricks(self._sample(obs), leader, obs.seat, rules)
        wanted = side_tricks // 2 if partner_bid is None else side_tricks - partner_bid
        bid = min((a for a in obs.legal if a.tricks > 0),
                  key=lambda a: (abs(a.tricks - wanted), a.tricks))
        return bid, f"the side takes {side_tricks} tricks with every card known"


def hard(rng: random.Random, **budget: Any) -> SearchBot:
    """``hard``: the search at its default budget."""
    return SearchBot(rng, **budget)


class ExpertSearch(SearchBot):
    """``expert``: the search with a larger budget, twice ``hard``'s deals for each
    card, lead, draft choice and two-player bid."""

    BID_DEALS: ClassVar[dict[int, int]] = {2: 512, 4: 32}

    def __init__(self, rng: random.Random, **budget: Any) -> None:
        super().__init__(rng, **{"samples": 48, "draft": 96, "leads": 96, **budget})


def expert(rng: random.Random, **budget: Any) -> SearchBot:
    """``expert``: the search with a larger budget."""
    return ExpertSearch(rng, **budget)
