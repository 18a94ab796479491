"""Rule-based computer players: :class:`EasyBot` (a beginner) and :class:`MediumBot`.

Both see only their seat's :class:`~spades.Observation` and answer every decision of
every variant: blind nil declarations, the two-player draft, blind nil exchanges,
bids and card play. Each takes a ``random.Random`` and is deterministic given it.

The medium player evaluates hands by counting likely tricks (high cards against the
cards that may still be out against it, spade length, ruffs), bids from that count
(nil with a hand without dangerous cards, blind nil when far behind), and plays by
the classic rules: second hand low, third hand high, win cheaply, ruff and
over-ruff cheaply, cash winners and draw trumps when strong, duck once the contract
is safe, cover a partner's nil and attack the opponents'.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from ..actions import BLIND_NIL, DISCARD, END_GIVE, KEEP, NO_BLIND_NIL, Action, Kind
from ..cards import (
    ACE,
    FULL_DECK,
    JACK,
    KING,
    QUEEN,
    RANKS_PER_SUIT,
    SPADES,
    SUIT_MASKS,
    TEN,
    Card,
    beats,
    cards_in,
    mask_of,
    rank_of,
    suit_of,
    winning_index,
)
from ..observation import Observation
from .policy import BlindNilPolicy

SIDE_SUITS = (0, 1, 2)
SET_SLACK = {2: 2, 4: 1}  # how far beyond our sure winners we still try to set
DRAW_TRUMPS = {2: 1.0, 4: 0.75}  # lead master spades holding this many times theirs
NIL_LIMITS = {2: (2.5, 1.0), 4: (2.0, 2.5)}  # a nil hand: most likely tricks, most danger


# ------------------------------------------------------------------ card helpers


def in_suit(cards: Iterable[Card], suit: int) -> list[Card]:
    """The cards of ``suit`` among ``cards``, lowest first."""
    return sorted(c for c in cards if c // 13 == suit)


def count_in(mask: int, suit: int) -> int:
    """How many cards of ``suit`` the mask holds."""
    return (mask & SUIT_MASKS[suit]).bit_count()


def higher_in(mask: int, card: Card) -> int:
    """How many cards of ``card``'s suit above it the mask holds."""
    suit_top = SUIT_MASKS[suit_of(card)]
    above = suit_top & ~((1 << (card + 1)) - 1)
    return (mask & above).bit_count()


def lowest(cards: Iterable[Card]) -> Card:
    """The lowest-ranked card (spades count above other suits on a tie)."""
    return min(cards, key=lambda c: (rank_of(c), suit_of(c) == SPADES, c))


def highest(cards: Iterable[Card]) -> Card:
    """The highest-ranked card (spades count above other suits on a tie)."""
    return max(cards, key=lambda c: (rank_of(c), suit_of(c) == SPADES, c))


def play_action(card: Card, legal: Sequence[Action]) -> Action:
    """The legal play of ``card`` (the first legal action if it is not among them)."""
    action = Action.play(card)
    return action if action in legal else legal[0]


# ------------------------------------------------------------------ hand evaluation

# Chance that the i-th round of a side suit is not ruffed, by number of players.
_ROUND_SAFE = {4: (1.0, 0.9, 0.6, 0.35, 0.2), 2: (1.0, 0.95, 0.85, 0.7, 0.55)}


def _honor_chance(higher: int, below: int, players: int) -> float:
    """Chance that a card with ``higher`` cards out above it and ``below`` guards wins."""
    if higher == 0:
        return 1.0
    # a given higher card is not in an opponent's hand: with two players she drafted,
    # keeping honours rather than passing them (0.3, not an even 0.5: docs/benchmarks.md)
    absent = 0.3 if players == 2 else 1 / 3
    free = absent**higher
    if below >= higher:  # guarded: it wins when the higher cards fall first
        return free + (1 - free) * (0.55 if players == 2 else 0.5) * (0.8 ** (higher - 1))
    return free * 0.8


def long_chance(index: int, against: int, players: int) -> float:
    """Chance that our spade ranked ``index`` from the top wins once the others run out."""
    out = count_in(against, SPADES)
    longest = out / 2 + 0.7 if players == 2 else out / 3 + 1.3
    return min(1.0, max(0.0, index + 1 - longest))


def estimate_tricks(hand: Iterable[Card], known_out: int, players: int) -> float:
    """Likely tricks of ``hand``; ``known_out`` are cards no opponent holds."""
    cards = list(hand)
    mine = mask_of(cards)
    against = FULL_DECK & ~mine & ~known_out
    total = 0.0
    spade_tricks = 0.0
    for suit in range(4):
        held = in_suit(cards, suit)[::-1]
        for i, card in enumerate(held):
            chance = _honor_chance(higher_in(against, card), len(held) - 1 - i, players)
            if suit != SPADES:
                rounds = _ROUND_SAFE[players]
                chance *= rounds[min(i, len(rounds) - 1)]
                total += chance
            else:
                spade_tricks += max(chance, long_chance(i, against, players))
    total += spade_tricks
    spare = count_in(mine, SPADES) - spade_tricks
    ruffs = 0.0
    for suit in SIDE_SUITS:
        ruffs += {0: 1.6, 1: 0.9, 2: 0.3}.get(len(in_suit(cards, suit)), 0.0)
    total += min(ruffs, max(0.0, spare)) * (0.7 if players == 4 else 0.5)
    return total


def sure_spades(hand: Iterable[Card]) -> int:
    """The spades of ``hand`` that win whatever is out: its run down from the ace."""
    held = mask_of(hand)
    top = SPADES * RANKS_PER_SUIT + ACE
    run = 0
    while run < RANKS_PER_SUIT and held >> (top - run) & 1:
        run += 1
    return run


_SPADE_DANGER = {ACE: 9.0, KING: 4.0, QUEEN: 2.5, JACK: 1.5, TEN: 1.0, 7: 0.6, 6: 0.4}


def card_danger(card: Card, hand: Sequence[Card]) -> float:
    """How likely ``card`` is to win a trick its nil bidder does not want."""
    rank = rank_of(card)
    if suit_of(card) == SPADES:
        return _SPADE_DANGER.get(rank, 0.2)
    lower = sum(1 for c in hand if suit_of(c) == suit_of(card) and c < card)
    danger = max(0, rank - 5) / 7
    danger *= 0.55**lower
    if rank == ACE:
        danger = max(danger, 0.6)
    return danger


def nil_danger(hand: Sequence[Card], players: int = 4) -> float:
    """How risky a nil bid is with ``hand``: the sum of its cards' danger, spade length.

    With two players the one opponent leads low into each suit, so a suit whose
    lowest card we hold is not low is a danger of its own.
    """
    spades = sum(1 for c in hand if suit_of(c) == SPADES)
    danger = sum(card_danger(c, hand) for c in hand) + max(0, spades - 3) * 1.0
    if players == 2:
        for suit in range(4):
            held = in_suit(hand, suit)
            if held:
                danger += 0.25 * rank_of(held[0])
    return danger


# ------------------------------------------------------------------ what the seat knows


class Table:
    """What a seat knows during play, read from its observation."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.n = obs.rules.players
        self.seat = obs.seat
        self.partner = obs.rules.partner_of(obs.seat)
        self.side = [s for s in (obs.seat, self.partner) if s is not None]
        self.opponents = [s for s in range(self.n) if s not in self.side]
        self.hand = list(obs.hand)
        self.hand_mask = mask_of(self.hand)
        shown = obs.voids()
        self.voids: list[set[int]] = [
            {suit for suit in range(4) if shown[seat] & SUIT_MASKS[suit] == SUIT_MASKS[suit]}
            for seat in range(self.n)]
        played = 0
        for trick in obs.tricks_so_far:
            played |= mask_of(trick.cards)
        self.played = played
        known_out = mask_of(obs.gave) if self.n == 4 else mask_of(obs.discards) | mask_of(obs.gave)
        self.unseen = FULL_DECK & ~self.hand_mask & ~played & ~known_out
        self.plays = obs.trick.plays if obs.trick is not None else ()
        self.trick = [card for _, card in self.plays]
        self.leader = obs.trick.leader if obs.trick is not None else obs.seat
        self.tricks_left = 13 - len(obs.tricks)

    # ----- the current trick

    @property
    def position(self) -> int:
        """How many cards were played to the trick before ours."""
        return len(self.trick)

    def after_me(self) -> list[int]:
        """The seats still to play to this trick after us."""
        return [(self.seat + k) % self.n for k in range(1, self.n - self.position)]

    def winner(self) -> tuple[int, Card] | None:
        """The seat winning the trick so far and its card (None on the lead)."""
        if not self.trick:
            return None
        return self.plays[winning_index(self.trick)]

    def played_by(self, seat: int) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        return next((card for who, card in self.plays if who == seat), None)

    # ----- cards still out

    def higher_out(self, card: Card) -> int:
        """How many cards above ``card`` in its suit other players may hold."""
        return higher_in(self.unseen, card)

    def lower_out(self, card: Card) -> int:
        """How many cards below ``card`` in its suit other players may hold."""
        return (self.unseen & SUIT_MASKS[suit_of(card)] & ((1 << card) - 1)).bit_count()

    def is_master(self, card: Card) -> bool:
        """Whether no card still out beats ``card`` in its own suit."""
        return self.higher_out(card) == 0

    def may_ruff(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may trump a lead of ``suit`` (void shown, or suit nearly gone)."""
        if suit == SPADES or SPADES in self.voids[seat] or not self.unseen & SUIT_MASKS[SPADES]:
            return False
        return suit in self.voids[seat] or count_in(self.unseen, suit) < len(self.opponents)

    def safe_from(self, card: Card, seats: Iterable[int]) -> bool:
        """Whether ``card``, winning now, stays the winner against ``seats``."""
        seats = [s for s in seats if s not in self.side]
        if not seats:
            return True
        if not self.is_master(card):
            return False
        led = suit_of(self.trick[0]) if self.trick else suit_of(card)
        if suit_of(card) == SPADES:
            return True
        return not any(self.may_ruff(s, led) for s in seats)

    def opponent_share(self) -> float:
        """The part of the unseen cards the opponents hold (the rest: discards, partner)."""
        if self.n == 4:
            return 2 / 3
        unseen = self.unseen.bit_count()
        held = self.tricks_left - (1 if self.trick and self.leader != self.seat else 0)
        return min(1.0, held / unseen) if unseen else 0.0

    # ----- the contract

    def bid(self, seat: int) -> int | None:
        """The bid of ``seat`` (0 for nil), None if not made yet."""
        return self.obs.bids[seat]

    def nil_alive(self, seat: int) -> bool:
        """Whether ``seat`` bid nil (or blind nil) and has not won a trick yet."""
        return self.bid(seat) == 0 and self.obs.tricks_won[seat] == 0

    def need(self, seats: Sequence[int]) -> int:
        """Tricks the non-nil bidders of ``seats`` still need for their contract."""
        contract = sum(self.bid(s) or 0 for s in seats)
        won = sum(self.obs.tricks_won[s] for s in seats if self.bid(s))
        return max(0, contract - won)

    def winners_held(self) -> int:
        """Our cards that should win a trick: masters and long spades."""
        masters = [c for c in self.hand if self.is_master(c)]
        master_spades = sum(1 for c in masters if suit_of(c) == SPADES)
        spades = count_in(self.hand_mask, SPADES)
        long_spades = max(0, spades - master_spades - count_in(self.unseen, SPADES))
        return len(masters) + long_spades


# ------------------------------------------------------------------ shared decisions


def side_score_gap(obs: Observation) -> int:
    """Our side's score minus the other side's."""
    side = obs.rules.side_of(obs.seat)
    return obs.scores[side] - obs.scores[1 - side]


def give_action(cards: Iterable[Card], obs: Observation) -> Action:
    """The next step of giving ``cards`` in the exchange: the first of them not chosen
    yet, or the end of the exchange once all are (the first legal step if that is not
    legal). The cards chosen stay in the hand, so a rule choosing from the hand picks
    the same cards at every step."""
    step = next((Action.give(c) for c in cards if c not in obs.giving), Action(END_GIVE))
    return step if step in obs.legal else obs.legal[0]


def partner_gives(hand: Sequence[Card], size: int) -> list[Card]:
    """Cards to give a blind nil partner: low side cards, from short suits first."""
    def cost(card: Card) -> tuple[float, int]:
        length = sum(1 for c in hand if suit_of(c) == suit_of(card))
        spade = 20 if suit_of(card) == SPADES else 0
        return rank_of(card) + 0.4 * length + spade, card
    return sorted(hand, key=cost)[:size]


# ------------------------------------------------------------------ medium


class MediumBot:
    """A sound rule-based player (see the module docstring); ``blind_nil`` is its blind
    nil policy (:mod:`.policy`), which bounds its own rule."""

    def __init__(self, rng: random.Random, blind_nil: BlindNilPolicy | str = "always") -> None:
        self.rng = rng
        self.blind_nil = BlindNilPolicy.parse(blind_nil)

    def act(self, observation: Observation) -> Action:
        """The action to take in this position: one of ``observation.legal``."""
        obs = observation
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        match legal[0].kind:
            case Kind.DECLARE:
                declares = self.blind_nil.allows(obs) and self._wants_blind_nil(obs)
                return Action(BLIND_NIL if declares else NO_BLIND_NIL)
            case Kind.DRAFT:
                return Action(KEEP if self._keeps(obs) else DISCARD)
            case Kind.GIVE:
                return self._give(obs)
            case Kind.BID:
                return Action.bid(max(self._bid(obs), legal[0].tricks))
            case Kind.PLAY:
                return play_action(self._play(Table(obs)), legal)

    # ----- blind nil, draft, exchange

    @staticmethod
    def _wants_blind_nil(obs: Observation) -> bool:
        """Blind nil when far behind, or behind while the other side nears the target."""
        if obs.rules.partner_of(obs.seat) in obs.blind_nil:
            return False
        gap = side_score_gap(obs)
        their = obs.scores[1 - obs.rules.side_of(obs.seat)]
        late = their >= obs.rules.target * 0.8
        if obs.rules.players == 2:  # a lone blind nil rarely survives: only when desperate
            return late and gap <= -200
        return gap <= -200 or (gap <= -120 and late)

    @staticmethod
    def _known_out(obs: Observation) -> int:
        """Cards we know no opponent holds (our discards; given to a partner)."""
        return mask_of(obs.discards) | mask_of(obs.gave)

    def _keeps(self, obs: Observation) -> bool:
        """Keep every spade, ace and king (the hands this leaves take 0.23 tricks more
        double dummy than keeping what adds most to the trick estimate:
        docs/benchmarks.md); as a blind nil bidder, keep the offered card when it is less
        dangerous than a random next card."""
        offered = obs.offered
        if offered is None:
            return True
        if obs.seat not in obs.blind_nil:
            return suit_of(offered) == SPADES or rank_of(offered) >= KING
        hand = list(obs.hand)
        out = self._known_out(obs)
        pool = [c for c in cards_in(FULL_DECK & ~mask_of(hand) & ~out) if c != offered]
        if not pool:
            return True
        keep = -nil_danger([*hand, offered], 2)
        discard = sum(-nil_danger([*hand, c], 2) for c in pool) / len(pool)
        return keep >= discard

    def _give(self, obs: Observation) -> Action:
        """Blind nil exchange: the bidder sheds danger; her partner sends low cards."""
        hand = list(obs.hand)
        size = obs.rules.exchange_cards
        if obs.seat not in obs.blind_nil:
            return give_action(partner_gives(hand, size), obs)
        ranked = sorted(hand, key=lambda c: (card_danger(c, hand), c), reverse=True)
        if obs.rules.players == 4:
            return give_action(ranked[:size], obs)
        # two players: a card drawn from the discards replaces each card given; the
        # pile is our discards and as many cards we have not seen
        ours = list(obs.discards)
        unseen = list(cards_in(FULL_DECK & ~mask_of(hand) & ~mask_of(ours)))
        chosen: list[Card] = []
        for card in ranked[:size]:
            rest = [c for c in hand if c != card and c not in chosen]

            def mean_danger(pool: list[Card], rest: list[Card] = rest) -> float:
                return sum(nil_danger([*rest, c], 2) for c in pool) / max(1, len(pool))
            drawn = (mean_danger(ours) + mean_danger(unseen)) / 2 if ours else mean_danger(unseen)
            if drawn < nil_danger([*rest, card], 2):
                chosen.append(card)
        return give_action(chosen, obs)

    # ----- bidding

    def _bid(self, obs: Observation) -> int:
        """A bid from the hand's likely tricks, nil (when legal) with a safe hand."""
        hand = list(obs.hand)
        players = obs.rules.players
        estimate = estimate_tricks(hand, self._known_out(obs), players)
        partner = obs.rules.partner_of(obs.seat)
        partner_bid = obs.bids[partner] if partner is not None else None
        if obs.rules.nil and Action.bid(0) in obs.legal and partner_bid != 0 and self._nil_hand(
                hand, estimate, players):
            return 0
        side = obs.rules.side_of(obs.seat)
        bags = obs.bag_totals[side]
        near_limit = obs.rules.bag_limit > 0 and bags >= obs.rules.bag_limit - 3
        if players == 2:
            expected = self._two_player_tricks(estimate, obs.bids[1 - obs.seat])
            bid = int(expected - 0.5 + (0.3 if near_limit else 0.0))
        else:
            # 0.3 under the estimate: what paid in the tricks its sides took (docs/benchmarks.md)
            bid = int(estimate - 0.3 + (0.3 if near_limit else 0.0))
        others = sum(b for b in obs.bids if b is not None)
        if players == 4 and others + bid > 14:
            bid -= 1
        return max(1, min(13, bid), sure_spades(hand))

    @staticmethod
    def _two_player_tricks(estimate: float, hers: int | None) -> float:
        """The tricks a two-player hand takes: its estimate, which overstates strong
        hands and understates weak ones, drawn toward the mean; once she has bid (not nil),
        four tenths of the way toward 12 less her bid (the tricks her bid leaves, one left
        for her overtricks). Fitted to the tricks medium took in 800 hands against the
        Spadsbook opponent (docs/benchmarks.md)."""
        expected = 0.7 + 0.86 * estimate
        if hers:
            expected = 0.6 * expected + 0.4 * (12 - hers)
        return expected

    @staticmethod
    def _nil_hand(hand: Sequence[Card], estimate: float, players: int) -> bool:
        """A hand with no dangerous card: few low spades, high cards well guarded."""
        most_tricks, most_danger = NIL_LIMITS[players]
        return estimate < most_tricks and nil_danger(hand, players) < most_danger

    # ----- card play

    def _play(self, t: Table) -> Card:
        """The card to play."""
        legal = [a.card for a in t.obs.legal]
        if t.nil_alive(t.seat):
            return self._play_nil(t, legal)
        if t.partner is not None and t.nil_alive(t.partner):
            return self._play_cover(t, legal)
        target = next((s for s in t.opponents if t.nil_alive(s)), None)
        want = self._want_tricks(t)
        if target is not None and t.need(t.side) < t.tricks_left:
            card = self._attack_nil(t, legal, target, want)
            if card is not None:
                return card
        if not t.trick:
            return self._lead(t, legal, want)
        return self._follow(t, legal, want)

    @staticmethod
    def _want_tricks(t: Table) -> bool:
        """Whether to take tricks: the contract needs them, or the opponents can be set."""
        if t.need(t.side) > 0:
            return True
        opp_need = t.need(t.opponents)
        if opp_need <= 0:
            return False
        to_set = t.tricks_left - opp_need + 1
        return to_set <= t.winners_held() + SET_SLACK[t.n]

    # leading

    def _lead(self, t: Table, legal: list[Card], want: bool) -> Card:
        """The card to lead."""
        if not want:
            return self._safe_low(t, legal)
        spades = [c for c in legal if suit_of(c) == SPADES]
        side = [c for c in legal if suit_of(c) != SPADES]
        out_spades = count_in(t.unseen, SPADES) * t.opponent_share()
        # draw trumps when strong
        if spades and out_spades and len(spades) >= out_spades * DRAW_TRUMPS[t.n]:
            top = max(spades)
            if t.is_master(top):
                return top
        # cash side winners that will not be trumped
        cash = [c for c in side if t.is_master(c) and not any(
            t.may_ruff(s, suit_of(c)) for s in t.opponents)]
        if cash:
            return max(cash, key=lambda c: (count_in(t.unseen, suit_of(c)), c))
        if not side:
            top = max(spades)
            return top if t.is_master(top) else min(spades)
        return self._lead_side(t, side, spades)

    @staticmethod
    def _lead_side(t: Table, side: list[Card], spades: list[Card]) -> Card:
        """A low lead in the best side suit: short (to ruff later) or long, not from K or Qx."""
        best: tuple[float, Card] | None = None
        for suit in {suit_of(c) for c in side}:
            held = in_suit(side, suit)
            top = held[-1]
            score = 0.0
            if rank_of(top) >= QUEEN and not t.is_master(top):
                score -= 3 if t.higher_out(top) <= len(held) else 0.5
            if len(held) == 1 and spades and not t.is_master(top):
                score += 2  # lead the singleton, ruff the suit later
            score += 0.3 * len(held)
            if any(t.may_ruff(s, suit) for s in t.opponents):
                score -= 2
            if t.partner is not None and suit in t.voids[t.partner] and spades:
                score += 1.5
            if best is None or score > best[0]:
                best = (score, held[0])
        assert best is not None
        return best[1]

    @staticmethod
    def _safe_low(t: Table, legal: list[Card]) -> Card:
        """A lead that most likely loses: the card with the most cards out above it."""
        def risk(card: Card) -> tuple[float, int]:
            higher = t.higher_out(card)
            spade = 1 if suit_of(card) == SPADES else 0
            return (-higher + 3 * spade - 0.1 * (12 - rank_of(card)), card)
        return min(legal, key=risk)

    # following

    def _follow(self, t: Table, legal: list[Card], want: bool) -> Card:
        """The card to play to a trick already led."""
        win = t.winner()
        assert win is not None
        holder, best = win
        later = t.after_me()
        ours = holder in t.side
        winning = [c for c in legal if beats(c, best)]
        led = suit_of(t.trick[0])
        following = suit_of(legal[0]) == led
        if not want:
            return self._duck(t, legal, best, later)
        if ours and t.safe_from(best, later):
            return self._discard(t, legal) if not following else min(legal)
        if not winning:
            return self._discard(t, legal) if not following else min(legal)
        if not later or all(s in t.side for s in later):
            return min(winning)  # last to play (or only partner after): win cheaply
        sure = [c for c in winning if t.safe_from(c, later)]
        if sure:
            return min(sure)
        if not following:  # a ruff that later players may over-ruff
            return min(winning)
        if t.position == 1 and t.n == 4:
            return min(legal)  # second hand low
        return self._third_hand(t, winning)

    @staticmethod
    def _third_hand(t: Table, winning: list[Card]) -> Card:
        """Third hand high, but the lowest of equal cards (with KQ, the Q)."""
        ranked = sorted(winning, reverse=True)
        card = ranked[0]
        for lower in ranked[1:]:
            between = SUIT_MASKS[suit_of(card)] & ((1 << card) - 1) & ~((1 << (lower + 1)) - 1)
            if suit_of(lower) != suit_of(card) or t.unseen & between:
                break
            card = lower
        return card

    def _duck(self, t: Table, legal: list[Card], best: Card, later: list[int]) -> Card:
        """Play to lose the trick: the highest card that loses, or dump when forced."""
        losing = [c for c in legal if not beats(c, best)]
        if losing:
            following = suit_of(legal[0]) == suit_of(t.trick[0])
            if following:
                return max(losing)
            return self._dump(losing)
        if later:
            return min(legal)  # someone may still go over
        return max(legal)  # the trick is ours anyway: spend the highest

    @staticmethod
    def _dump(cards: list[Card]) -> Card:
        """The most dangerous card to get rid of: highest, spades first."""
        return max(cards, key=lambda c: (rank_of(c) + (3 if suit_of(c) == SPADES else 0), c))

    @staticmethod
    def _discard(t: Table, legal: list[Card]) -> Card:
        """The least useful card when void: low, from short side suits, keeping guards."""
        side = [c for c in legal if suit_of(c) != SPADES]
        if not side:
            return min(legal)

        def worth(card: Card) -> tuple[float, int]:
            held = [c for c in t.hand if suit_of(c) == suit_of(card)]
            value = rank_of(card) + (8 if t.is_master(card) else 0)
            guards_honor = any(rank_of(h) >= QUEEN and h > card and not t.is_master(h)
                               for h in held) and len(held) <= 3
            return value + (6 if guards_honor else 0) + 0.3 * len(held), card
        return min(side, key=worth)

    # nil

    def _play_nil(self, t: Table, legal: list[Card]) -> Card:
        """As a nil bidder: lead low, play the highest card that still loses."""
        if not t.trick:
            return self._safe_low(t, legal)
        win = t.winner()
        assert win is not None
        _, best = win
        later = t.after_me()
        losing = [c for c in legal if not beats(c, best)]
        following = suit_of(legal[0]) == suit_of(t.trick[0])
        if losing:
            return max(losing) if following else self._dump(losing)
        if later:
            return min(legal)
        return max(legal)

    def _play_cover(self, t: Table, legal: list[Card]) -> Card:
        """Cover a partner's nil: go over her cards, lead high: first in a suit she is
        void in (she throws a dangerous card), then the master spade (she plays a spade
        under it, which might otherwise win late)."""
        assert t.partner is not None
        if not t.trick:
            shed = [c for c in legal if suit_of(c) != SPADES and suit_of(c) in t.voids[t.partner]]
            if shed:
                return max(shed)
            spades = [c for c in legal if suit_of(c) == SPADES]
            if spades and t.is_master(max(spades)) and SPADES not in t.voids[t.partner]:
                return max(spades)
            masters = [c for c in legal if t.is_master(c) and suit_of(c) != SPADES]
            if masters:
                return max(masters)
            side = [c for c in legal if suit_of(c) != SPADES and suit_of(c) not in
                    t.voids[t.partner]] or legal
            # she plays under it when she holds a lower card of its suit: the more such
            # cards are out and the fewer above, the likelier
            return max(side, key=lambda c: (t.lower_out(c) - t.higher_out(c), rank_of(c)))
        win = t.winner()
        assert win is not None
        holder, best = win
        winning = [c for c in legal if beats(c, best)]
        partner_card = t.played_by(t.partner)
        if holder == t.partner:
            if winning:
                return min(winning)
            return min(legal)
        if partner_card is None:  # partner plays after us: make the trick high
            if not winning:
                return min(legal)
            following = suit_of(legal[0]) == suit_of(t.trick[0])
            return max(winning) if following else min(winning)
        return self._follow(t, legal, self._want_tricks(t))

    def _attack_nil(self, t: Table, legal: list[Card], target: int, want: bool) -> Card | None:
        """Against a nil: lead low into it, never go over the nil bidder's card, keep the
        card she must beat low while she is still to play, and keep low cards to lead."""
        if not t.trick:
            return self._lead_into_nil(t, legal, target)
        win = t.winner()
        assert win is not None
        holder, best = win
        following = suit_of(legal[0]) == suit_of(t.trick[0])
        if holder == target:
            losing = [c for c in legal if not beats(c, best)]
            if losing:
                return max(losing) if following else self._shed(t, losing)
            return None
        if target in t.after_me():
            if following:
                return min(legal)
            if holder in t.side or not want:
                return self._shed(t, legal)
        return None

    @staticmethod
    def _lead_into_nil(t: Table, legal: list[Card], target: int) -> Card | None:
        """A low lead in a suit the nil bidder may hold and her partner can follow: the
        card with the most cards out above it."""
        cover = t.obs.rules.partner_of(target)
        side = [c for c in legal if suit_of(c) != SPADES and suit_of(c) not in t.voids[target]]
        followed = [c for c in side if cover is None or suit_of(c) not in t.voids[cover]]
        if not side:
            return None
        return max(followed or side, key=lambda c: (t.higher_out(c) - 0.2 * rank_of(c), -c))

    @staticmethod
    def _shed(t: Table, cards: list[Card]) -> Card:
        """A discard against a nil: the highest side card that is not a winner (low cards
        are what she must go under), else the usual discard."""
        spent = [c for c in cards if suit_of(c) != SPADES and not t.is_master(c)]
        if spent:
            return max(spent, key=lambda c: (rank_of(c), -c))
        return MediumBot._discard(t, cards)


# ------------------------------------------------------------------ easy


class EasyBot:
    """A beginner: simple rules (count aces and kings, follow high or low), with slips.
    It never declares blind nil, so every ``blind_nil`` policy holds."""

    SLIP = 0.18

    def __init__(self, rng: random.Random, blind_nil: BlindNilPolicy | str = "always") -> None:
        self.rng = rng
        BlindNilPolicy.parse(blind_nil)  # refused if unreadable, as by every bot

    def act(self, observation: Observation) -> Action:
        """The action to take: usually by simple rules, sometimes any legal move."""
        obs = observation
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        slip = self.rng.random() < self.SLIP
        match legal[0].kind:
            case Kind.DECLARE:
                return Action(NO_BLIND_NIL) if Action(NO_BLIND_NIL) in legal else legal[0]
            case Kind.DRAFT:
                return self._draft(obs) if not slip else self.rng.choice(legal)
            case Kind.GIVE:
                hand = list(obs.hand)
                size = obs.rules.exchange_cards
                if obs.seat in obs.blind_nil:
                    return give_action(sorted(hand, key=rank_of)[-size:] if size else [], obs)
                return give_action(sorted(hand, key=rank_of)[:size], obs)
            case Kind.BID:
                bid = self._bid(obs)
                if slip:
                    bid += self.rng.choice((-1, 1))
                return Action.bid(max(legal[0].tricks, min(13, max(1, bid) if bid else 0)))
            case Kind.PLAY:
                if slip:
                    return self.rng.choice(legal)
                return play_action(self._play(obs), legal)

    @staticmethod
    def _draft(obs: Observation) -> Action:
        """Keep spades and high cards."""
        card = obs.offered
        keep = card is not None and (suit_of(card) == SPADES or rank_of(card) >= QUEEN)
        return Action(KEEP if keep else DISCARD)

    def _bid(self, obs: Observation) -> int:
        """Aces and kings, plus spades beyond three; nil (when legal) once in a while with
        nothing."""
        hand = obs.hand
        count = sum(1 for c in hand if rank_of(c) == ACE)
        count += sum(1 for c in hand if rank_of(c) == KING) * 0.7
        spades = sum(1 for c in hand if suit_of(c) == SPADES)
        count += max(0, spades - 3)
        if obs.rules.players == 2:
            count += 1.5
        high = sum(1 for c in hand if rank_of(c) >= JACK)
        if (obs.rules.nil and Action.bid(0) in obs.legal and high == 0 and spades <= 2
                and self.rng.random() < 0.5):
            return 0
        return max(1, round(count))

    def _play(self, obs: Observation) -> Card:
        """Lead the highest card; follow high if it can win, low if not; trump when void."""
        legal = [a.card for a in obs.legal]
        trick = list(obs.trick.cards) if obs.trick is not None else []
        if not trick:
            side = [c for c in legal if suit_of(c) != SPADES] or legal
            return highest(side)
        best = trick[winning_index(trick)]
        winning = [c for c in legal if beats(c, best)]
        if suit_of(legal[0]) == suit_of(trick[0]):
            return max(winning) if winning else min(legal)
        spades = [c for c in winning if suit_of(c) == SPADES]
        if spades:
            return min(spades)
        return lowest(legal)
