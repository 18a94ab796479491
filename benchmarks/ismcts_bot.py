"""An independent Spades player for the arena: information-set Monte Carlo tree search.

A second yardstick beside ``guide_bot.py``, from another source: the search of Cowling,
Powley and Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG, 2012),
written here from the paper's description and from ``docs/rules.md``. It shares no
code, no heuristic and no model with this project's players: it imports nothing from
``spades`` (it reads the bot protocol's JSON text, docs/bot-protocol.md), it has its own
trick and scoring code, and it has no double-dummy solver and no model of the draft.

- **Card play.** Single-observer ISMCTS: each iteration deals the cards the seat has not
  seen at random among the other seats, within the voids their plays showed (uniformly;
  with two players the opponent drafted, so a card is the likelier hers the more it is
  worth),
  walks one tree of the seat's information set by UCB1 over the moves available in that
  deal, adds one node, and plays the hand out by a quick policy for every seat. The
  reward is the hand's score for the side that moved, less the other side's, a bag
  charged half its share of the sandbag penalty.
- **Playouts.** A side that still needs tricks wins as cheaply as it can, and leads its
  highest card; a side that has its contract ducks with its highest losing card; a nil
  bidder plays the highest card that loses. One move in ten is random.
- **Bids.** Deals sampled the same way are played out by the quick policy with every
  seat taking what it can; the bid is the one with the best mean score over the tricks
  the seat (with a partner who has bid: the side) took. Nil is weighed the same way,
  played out with the seat ducking.
- **Draft (two players).** Keep the offered card when it is worth more than the mean of
  the cards it could be swapped for, by a fixed table of how often a card takes a trick.
- Never blind nil; in an exchange, the highest cards for a blind nil bidder, the lowest
  for her partner.

Run it where a bot is named: ``spades arena --a "cmd:python benchmarks/ismcts_bot.py"``
(``--iterations N``, 1 000 by default; ``--seed S``: every decision is repeatable).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from dataclasses import dataclass

RANKS = "23456789TJQKA"
SUITS = "SHDC"  # suit 0 is spades
SPADE = 0
EXPLORE = 0.7  # UCB1's exploration constant, for rewards scaled to about [-1, 1]
REWARD_SCALE = 200.0
RANDOM_MOVE = 0.1  # the share of playout moves taken at random
BID_DEALS = 200


def to_int(text: str) -> int:
    """A card's text (``AS``) as suit * 13 + rank."""
    return SUITS.index(text[1]) * 13 + RANKS.index(text[0])


def to_text(card: int) -> str:
    """A card's text from its number."""
    return RANKS[card % 13] + SUITS[card // 13]


def beats(card: int, best: int) -> bool:
    """Whether ``card`` beats the card ``best`` winning a trick so far."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == SPADE


@dataclass
class Position:
    """One deal of every hand, from the current point of the hand on."""

    players: int
    hands: list[list[int]]
    bids: list[int]  # 0 is nil; -1 not bid yet
    won: list[int]
    leader: int
    trick: list[int]
    broken: bool
    lead_anytime: bool

    def copy(self) -> Position:
        return Position(self.players, [list(h) for h in self.hands], list(self.bids),
                        list(self.won), self.leader, list(self.trick), self.broken,
                        self.lead_anytime)

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def legal(self) -> list[int]:
        hand = self.hands[self.to_move()]
        if self.trick:
            suit = self.trick[0] // 13
            same = [c for c in hand if c // 13 == suit]
            return same or hand
        if self.broken or self.lead_anytime:
            return hand
        return [c for c in hand if c // 13 != SPADE] or hand

    def winning(self) -> tuple[int, int]:
        """The card winning the trick so far and its index in the trick."""
        best, where = self.trick[0], 0
        for i, card in enumerate(self.trick[1:], 1):
            if beats(card, best):
                best, where = card, i
        return best, where

    def play(self, card: int) -> None:
        seat = self.to_move()
        self.hands[seat].remove(card)
        if card // 13 == SPADE:
            self.broken = True
        self.trick.append(card)
        if len(self.trick) == self.players:
            _, where = self.winning()
            winner = (self.leader + where) % self.players
            self.won[winner] += 1
            self.leader, self.trick = winner, []


@dataclass
class Table:
    """What the seat knows, read from the observation."""

    seat: int
    players: int
    rules: dict
    hand: list[int]
    bids: list[int]
    blind: set[int]
    won: list[int]
    leader: int
    trick: list[int]
    broken: bool
    held: list[int]  # cards each seat holds now
    pool: list[int]  # the cards the seat has not seen, some of which are out of play
    known: list[list[int]]  # cards known to be in a seat's hand (given to a partner)
    void: list[set[int]]

    def side(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    def deal(self, rng: random.Random) -> Position:
        """The hidden hands dealt at random within what the seat knows."""
        hands = [list(self.known[s]) for s in range(self.players)]
        hands[self.seat] = list(self.hand)
        if self.players == 2:
            other = 1 - self.seat
            allowed = [c for c in self.pool if c // 13 not in self.void[other]]
            need = self.held[other] - len(hands[other])
            hands[other] += drafted(allowed if len(allowed) >= need else self.pool, need, rng)
        else:
            hands = self._deal_three(hands, rng)
        return Position(self.players, hands, list(self.bids), list(self.won), self.leader,
                        list(self.trick), self.broken, bool(self.rules["lead_spades_anytime"]))

    def _deal_three(self, known: list[list[int]], rng: random.Random) -> list[list[int]]:
        """Four players: the pool dealt to the other three, each within its voids (the
        most constrained cards first; after many failures, voids are ignored)."""
        for attempt in range(100):
            hands = [list(h) for h in known]
            room = [self.held[s] - len(hands[s]) for s in range(self.players)]
            room[self.seat] = 0
            cards = list(self.pool)
            rng.shuffle(cards)
            options = {c: [s for s in range(self.players) if room[s] and (
                attempt == 99 or c // 13 not in self.void[s])] for c in cards}
            cards.sort(key=lambda c: len(options[c]))
            for card in cards:
                seats = [s for s in options[card] if room[s]]
                if not seats:
                    break
                s = rng.choices(seats, weights=[room[x] for x in seats])[0]
                room[s] -= 1
                hands[s].append(card)
            else:
                return hands
        raise RuntimeError("no deal fits the cards seen")

    def value(self, won: list[int], bids: list[int]) -> list[float]:
        """Each side's hand points, a bag charged half its share of the penalty."""
        rules = self.rules
        bag_cost = 0.5 * rules["bag_penalty"] / rules["bag_limit"] if rules["bag_limit"] else 0
        sides = 2
        points = [0.0] * sides
        for side in range(sides):
            seats = [s for s in range(self.players) if self.side(s) == side]
            contract = sum(bids[s] for s in seats if bids[s] > 0)
            took = sum(won[s] for s in seats if bids[s] > 0)
            bags = 0
            if contract:
                if took >= contract:
                    points[side] += 10 * contract + took - contract
                    bags += took - contract
                else:
                    points[side] -= 10 * contract
            for s in seats:
                if bids[s] == 0:
                    worth = rules["blind_nil_points"] if s in self.blind else rules["nil_points"]
                    points[side] += worth if won[s] == 0 else -worth + won[s]
                    bags += won[s]
            points[side] -= bag_cost * bags
        return points


def drafted(cards: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` of ``cards`` for a two-player opponent's hand: she drafted, so a card is
    the likelier hers the more it is worth (weight 1 + 2 * :func:`card_worth`; about 2.7
    to 1 for an ace against a low card, the odds that a player who keeps what is good
    holds each), drawn without replacement (Efraimidis and Spirakis's keys)."""
    keyed = sorted(cards, key=lambda c: rng.random() ** (1 / (1 + 2 * card_worth(c))))
    return keyed[-count:] if count else []


def read(obs: dict) -> Table:
    """The seat's knowledge of the hand from its observation."""
    seat, players = obs["seat"], len(obs["bids"])
    hand = [to_int(c) for c in obs["hand"]]
    played: list[list[int]] = [[] for _ in range(players)]
    void: list[set[int]] = [set() for _ in range(players)]
    broken = False
    done = list(obs["tricks"]) + ([obs["trick"]] if obs["trick"] else [])
    for trick in done:
        cards = [to_int(c) for c in trick["cards"]]
        if not cards:
            continue
        led = cards[0] // 13
        if led == SPADE and not broken and not obs["rules"]["lead_spades_anytime"]:
            void[trick["leader"]].update((1, 2, 3))
        for i, card in enumerate(cards):
            s = (trick["leader"] + i) % players
            played[s].append(card)
            if card // 13 != led:
                void[s].add(led)
            if card // 13 == SPADE:
                broken = True
    current = obs["trick"] or {"leader": seat, "cards": []}
    leader = current["leader"] if current["cards"] else seat  # the seat to move leads
    out = {c for p in played for c in p} | set(hand)
    known: list[list[int]] = [[] for _ in range(players)]
    gave = [to_int(c) for c in obs.get("gave", [])]
    mine_out = {to_int(c) for c in obs.get("discards", [])}
    if players == 4:
        partner = (seat + 2) % 4
        known[partner] = [c for c in gave if c not in out]
        out |= set(known[partner])
    else:
        other = 1 - seat
        if not (obs["exchanged"][other] or 0):
            out |= mine_out | set(gave)
    pool = [c for c in range(52) if c not in out]
    bids = [-1 if b is None else b for b in obs["bids"]]
    return Table(seat, players, obs["rules"], hand, bids, set(obs["blind_nil"]),
                 list(obs["tricks_won"]), leader, [to_int(c) for c in current["cards"]],
                 broken, [13 - len(p) for p in played], pool, known, void)


# ------------------------------------------------------------------ the quick policy


def needs(pos: Position, table: Table, seat: int) -> bool:
    """Whether ``seat``'s side still wants tricks (bids not yet made count as wanting)."""
    side = table.side(seat)
    seats = [s for s in range(pos.players) if table.side(s) == side and pos.bids[s] != 0]
    if any(pos.bids[s] < 0 for s in seats):
        return True
    return sum(pos.won[s] for s in seats) < sum(pos.bids[s] for s in seats)


def quick_move(pos: Position, table: Table, rng: random.Random) -> int:
    """The playout policy's card (see the module docstring)."""
    legal = pos.legal()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < RANDOM_MOVE:
        return rng.choice(legal)
    seat = pos.to_move()
    strength = lambda c: c % 13 + (13 if c // 13 == SPADE else 0)  # noqa: E731
    if not pos.trick:
        if pos.bids[seat] == 0 or not needs(pos, table, seat):
            return min(legal, key=strength)
        return max(legal, key=strength)
    best, where = pos.winning()
    winners = [c for c in legal if beats(c, best)]
    losers = [c for c in legal if not beats(c, best)]
    partner_wins = pos.players == 4 and (pos.leader + where) % 4 == (seat + 2) % 4
    if pos.bids[seat] == 0 and pos.won[seat] == 0:
        return max(losers, key=strength) if losers else max(legal, key=strength)
    if needs(pos, table, seat) and winners and not partner_wins:
        return min(winners, key=strength)
    return max(losers, key=strength) if losers else min(legal, key=strength)


def playout(pos: Position, table: Table, rng: random.Random) -> list[float]:
    """Play the hand out by the quick policy; each side's value."""
    while not pos.over():
        pos.play(quick_move(pos, table, rng))
    return table.value(pos.won, pos.bids)


# ------------------------------------------------------------------ the tree search


class Node:
    """A node of the information-set tree: the moves tried from it and their rewards."""

    __slots__ = ("available", "children", "reward", "side", "visits")

    def __init__(self, side: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0  # to the side that moved into this node
        self.available = 0
        self.side = side


def search(table: Table, iterations: int, rng: random.Random) -> int:
    """The card the most visited by ISMCTS from the seat's information set."""
    root = Node(table.side(table.seat))
    for _ in range(iterations):
        pos = table.deal(rng)
        node, path = root, [root]
        while not pos.over():
            legal = pos.legal()
            untried = [c for c in legal if c not in node.children]
            if untried:
                card = rng.choice(untried)
                child = Node(table.side(pos.to_move()))
                node.children[card] = child
                for c in legal:
                    if c in node.children:
                        node.children[c].available += 1
                pos.play(card)
                path.append(child)
                break
            for c in legal:
                node.children[c].available += 1
            card = max(legal, key=lambda c: _ucb(node.children[c]))
            node = node.children[card]
            pos.play(card)
            path.append(node)
        values = playout(pos, table, rng)
        for visited in path:
            visited.visits += 1
            mine = values[visited.side] - values[1 - visited.side]
            visited.reward += mine / REWARD_SCALE
    return max(root.children, key=lambda c: root.children[c].visits)


def _ucb(node: Node) -> float:
    return (node.reward / node.visits
            + EXPLORE * math.sqrt(math.log(max(node.available, 1)) / node.visits))


# ------------------------------------------------------------------ the other decisions


def contract_points(contract: int, took: int, rules: dict) -> float:
    """A contract's points: made, with its overtricks less their bag charge; or set."""
    if took < contract:
        return -10.0 * contract
    bag_cost = 0.5 * rules["bag_penalty"] / rules["bag_limit"] if rules["bag_limit"] else 0
    return 10.0 * contract + (took - contract) * (1 - bag_cost)


def choose_bid(table: Table, legal: list[str], rng: random.Random) -> str:
    """The bid with the best mean score over sampled deals played out (module docstring)."""
    seat, rules = table.seat, table.rules
    partner = (seat + 2) % 4 if table.players == 4 else None
    partner_bid = table.bids[partner] if partner is not None else -1
    mine, side, partner_alone, nil_made = [], [], [], 0
    for _ in range(BID_DEALS):
        pos = table.deal(rng)
        pos.bids = [b if b >= 0 else 13 for b in pos.bids]  # unbid seats take what they can
        for bid in (13, 0):
            trying = pos.copy()
            trying.bids[seat] = bid
            playout(trying, table, rng)
            if bid:
                mine.append(trying.won[seat])
                side.append(trying.won[seat] + (trying.won[partner] if partner_bid > 0 else 0))
            else:
                nil_made += trying.won[seat] == 0
                partner_alone.append(trying.won[partner] if partner_bid > 0 else 0)

    def mean_points(bid: int) -> float:
        if partner_bid > 0:
            return sum(contract_points(partner_bid + bid, t, rules) for t in side) / len(side)
        return sum(contract_points(bid, t, rules) for t in mine) / len(mine)

    options: dict[str, float] = {}
    for action in legal:
        if action == "nil":
            p, worth = nil_made / BID_DEALS, rules["nil_points"]
            partner_points = sum(contract_points(partner_bid, t, rules)
                                 for t in partner_alone) / BID_DEALS if partner_bid > 0 else 0.0
            options[action] = (2 * p - 1) * worth + partner_points
        else:
            options[action] = mean_points(int(action.split()[1]))
    return max(options, key=lambda a: options[a])


def card_worth(card: int) -> float:
    """How often a card takes a trick, roughly: spades by rank, side suits their honours."""
    r = card % 13
    if card // 13 == SPADE:
        return 0.35 + 0.05 * r
    return {12: 0.9, 11: 0.65, 10: 0.4, 9: 0.2}.get(r, 0.05)


def keeps(obs: dict) -> bool:
    """Draft: keep the offered card if it is worth more than the unseen cards on average."""
    seen = {to_int(c) for c in obs["hand"] + obs["discards"]} | {to_int(obs["offered"])}
    rest = [c for c in range(52) if c not in seen]
    mean = sum(card_worth(c) for c in rest) / len(rest)
    return card_worth(to_int(obs["offered"])) > mean


def give(obs: dict, legal: list[str]) -> str:
    """An exchange step: the highest card for a blind nil bidder, else the lowest."""
    cards = [a for a in legal if a != "give"]
    if not cards:
        return "give"
    worth = lambda a: card_worth(to_int(a.split()[1]))  # noqa: E731
    return max(cards, key=worth) if obs["seat"] in obs["blind_nil"] else min(cards, key=worth)


def decide(message: dict, iterations: int, seed: int) -> str:
    """The action for one decision message."""
    obs, legal = message["observation"], message["legal"]
    if len(legal) == 1:
        return legal[0]
    rng = random.Random(f"{seed}:{obs['seat']}:{obs['hand_number']}:{message['decision']}:"
                        f"{' '.join(obs['hand'])}")
    phase = obs["phase"]
    if phase == "blind nil":
        return "no blind nil"
    if phase == "draft":
        return "keep" if keeps(obs) else "discard"
    if phase == "exchange":
        return give(obs, legal)
    table = read(obs)
    if phase == "bidding":
        return choose_bid(table, legal, rng)
    card = "play " + to_text(search(table, iterations, rng))
    return card if card in legal else legal[0]  # never: the tree's moves are the legal ones


def main() -> None:
    """Answer each decision line with one action line until the input ends."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "decision":
            print(json.dumps({"action": decide(message, args.iterations, args.seed)}),
                  flush=True)


if __name__ == "__main__":
    main()
