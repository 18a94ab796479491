"""An independent Spades player for the arena, written from a published strategy guide.

It shares no code and no heuristic with this project's players: it imports nothing from
``spades`` (it reads the bot protocol's JSON text, docs/bot-protocol.md), and its rules
are the ones a Spades strategy guide teaches a club player, written down here from that
reading rather than from ``spades/bots``:

- **Bidding, the honour count.** A side-suit ace is a trick; a king is one when guarded
  (a second card in the suit), a queen half a trick with two guards; honours in a long
  side suit (six or more) count less, since it will be trumped. Spades: the ace and king
  are tricks, the queen with two more spades, the jack with three; each spade past the
  fourth is a trick. A void or singleton is worth a ruff for each spare spade. Bid the
  count rounded down (never below one); with two players, where 26 cards are out of
  play, the lower honours and the length count for more.
- **Nil** only with a hand that cannot be forced to win: no spade above the nine, at
  most three spades, no side ace or unguarded king or queen, and a count of at most one
  trick. Blind nil only when the side is 250 behind (never with two players).
- **Draft (two players).** Keep spades and honours (queen or better); a low card is kept
  only in a suit where it makes a void less likely to matter, otherwise it is passed for
  the next one.
- **Play.** Second hand low, third hand high, fourth hand wins as cheaply as it can;
  cash aces and masters first, lead from length otherwise; trump a side suit only when
  the trick is needed, with the lowest trump that wins; discard from the shortest suit;
  once the contract is made, duck (avoid bags) unless the opponents can still be set.
  A nil bidder plays the highest card that still loses; her partner covers by winning
  the tricks she is in danger of; against an opponent's nil, lead low and duck under her.

Run it where a bot is named: ``spades arena --a "cmd:python benchmarks/guide_bot.py" ...``.
With ``--blind-nil always`` it declares blind nil whenever it may and its partner has not
(to measure a defence against it: docs/journal.md, "Removed one-off scripts").
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SPADE = "S"
ACE, KING, QUEEN, JACK, TEN, NINE = 12, 11, 10, 9, 8, 7
BLIND_NIL_BEHIND = 250  # blind nil when the side trails by this much (unless ``always``)


def rank(card: str) -> int:
    """The card's rank, 0 (two) to 12 (ace)."""
    return RANKS.index(card[0])


def suit(card: str) -> str:
    """The card's suit letter."""
    return card[1]


def of_suit(cards: Iterable[str], s: str) -> list[str]:
    """The cards of suit ``s``, highest first."""
    return sorted((c for c in cards if suit(c) == s), key=rank, reverse=True)


def low(cards: Iterable[str]) -> str:
    """The lowest card (a side card before a spade of the same rank)."""
    return min(cards, key=lambda c: (rank(c) + (13 if suit(c) == SPADE else 0)))


def high(cards: Iterable[str]) -> str:
    """The highest card, spades above every side card."""
    return max(cards, key=lambda c: (rank(c) + (13 if suit(c) == SPADE else 0)))


def beats(card: str, best: str, led: str) -> bool:
    """Whether ``card`` beats ``best`` in a trick led in suit ``led``."""
    if suit(card) == suit(best):
        return rank(card) > rank(best)
    return suit(card) == SPADE


def trick_winner(cards: Sequence[str]) -> int:
    """The index of the winning card of a (partial) trick."""
    best = 0
    for i, card in enumerate(cards[1:], 1):
        if beats(card, cards[best], suit(cards[0])):
            best = i
    return best


# ------------------------------------------------------------------ bidding


def honour_count(hand: Sequence[str], players: int) -> float:
    """The guide's count of the tricks a hand should take."""
    count = 0.0
    spades = of_suit(hand, SPADE)
    for s in "HDC":
        cards = of_suit(hand, s)
        length = len(cards)
        ranks = [rank(c) for c in cards]
        long_cut = 0.5 if length >= 6 else 1.0
        if ACE in ranks:
            count += 1.0 if length <= 6 else 0.5
        if KING in ranks and length >= 2:
            count += (1.0 if players == 2 else 0.8) * long_cut
        elif KING in ranks and players == 2:
            count += 0.5
        if QUEEN in ranks and length >= 3:
            count += (0.75 if players == 2 else 0.5) * long_cut
        if players == 2 and JACK in ranks and length >= 4:
            count += 0.25
    ranks = [rank(c) for c in spades]
    n = len(spades)
    if ACE in ranks:
        count += 1
    if KING in ranks and n >= 2:
        count += 1
    elif KING in ranks:
        count += 0.5
    if QUEEN in ranks and n >= 3:
        count += 1
    if JACK in ranks and n >= 4:
        count += 1
    counted_spades = sum(1 for r in ranks if r >= JACK)
    count += max(0, n - 4) if players == 4 else max(0, n - 3) * 0.9
    spare = max(0, n - counted_spades - (1 if players == 4 else 0))
    ruffs = 0.0
    for s in "HDC":
        length = len(of_suit(hand, s))
        if length == 0:
            ruffs += 2
        elif length == 1:
            ruffs += 1
    count += min(spare, ruffs) * (0.8 if players == 4 else 0.5)
    return count


def nil_hand(hand: Sequence[str], players: int) -> bool:
    """The guide's nil test: nothing that can be forced to win a trick."""
    spades = of_suit(hand, SPADE)
    if len(spades) > (3 if players == 4 else 2):
        return False
    if spades and rank(spades[0]) > (NINE if players == 4 else 6):
        return False
    for s in "HDC":
        cards = of_suit(hand, s)
        for i, card in enumerate(cards):
            guards = len(cards) - 1 - i
            r = rank(card)
            if r == ACE:
                return False
            if r >= QUEEN and guards < 2:
                return False
            if r >= TEN and guards < 1:
                return False
        if players == 2 and cards and rank(cards[-1]) > 4:
            return False  # the opponent leads this suit low and we must win it
    return honour_count(hand, players) <= 1.0


def bid(obs: dict, legal: list[str]) -> str:
    """The bid: nil with a nil hand, else the count, checked against the partner's bid."""
    hand = obs["hand"]
    players = len(obs["bids"])
    partner = (obs["seat"] + 2) % 4 if players == 4 else None
    partner_bid = obs["bids"][partner] if partner is not None else None
    if "nil" in legal and partner_bid != 0 and nil_hand(hand, players):
        return "nil"
    count = int(honour_count(hand, players))
    if players == 4:
        others = sum(b for b in obs["bids"] if b is not None)
        count = min(count, max(1, 13 - others))
    tricks = max(1, min(13, count))
    choice = f"bid {tricks}"
    return choice if choice in legal else next(a for a in legal if a != "nil")


def wants_blind_nil(obs: dict, always: bool = False) -> bool:
    """Blind nil only when the side is far behind, or ``always`` (partnership only), and
    never beside a partner's."""
    if len(obs["bids"]) != 4:
        return False
    partner = (obs["seat"] + 2) % 4
    if partner in obs["blind_nil"]:
        return False
    side = obs["seat"] % 2
    return always or obs["scores"][side] - obs["scores"][1 - side] <= -BLIND_NIL_BEHIND


def give(obs: dict, legal: list[str]) -> str:
    """A blind nil exchange: the bidder gives her highest cards; her partner her lowest.
    Answered whole ("give 2C QH KD"); one card is one step ("give 2C"), then "give" ends
    the exchange (the cards chosen stay in the hand, so the choice is the same each time)."""
    hand = obs["hand"]
    size = obs["rules"]["exchange_cards"]
    if obs["seat"] in obs["blind_nil"]:
        cards = sorted(hand, key=lambda c: rank(c) + (13 if suit(c) == SPADE else 0),
                       reverse=True)
        if len(obs["bids"]) == 2:
            cards = [c for c in cards if suit(c) == SPADE or rank(c) >= TEN]
        chosen = cards[:size]
    else:
        chosen = sorted((c for c in hand if suit(c) != SPADE), key=rank)[:size]
        if len(chosen) < size:
            chosen += sorted((c for c in hand if c not in chosen), key=rank)[:size - len(chosen)]
    left = [c for c in chosen if c not in obs["giving"]]
    if not left:
        return "give" if "give" in legal else legal[0]
    if obs["giving"] or len(left) == 1:
        return f"give {left[0]}"
    return "give " + " ".join(left)


def keeps(obs: dict) -> bool:
    """Two-player draft: keep spades and honours, pass low side cards."""
    card = obs["offered"]
    if card is None:
        return True
    if obs["seat"] in obs["blind_nil"]:
        return suit(card) != SPADE and rank(card) <= 6
    if suit(card) == SPADE:
        return rank(card) >= 5 or len(of_suit(obs["hand"], SPADE)) < 4
    return rank(card) >= QUEEN


# ------------------------------------------------------------------ card play


class Knowledge:
    """What the guide's player tracks: cards gone, voids shown, the contracts."""

    def __init__(self, obs: dict) -> None:
        self.obs = obs
        self.seat = obs["seat"]
        self.n = len(obs["bids"])
        self.partner = (self.seat + 2) % 4 if self.n == 4 else None
        self.mine = {self.seat} | ({self.partner} if self.partner is not None else set())
        self.hand = obs["hand"]
        self.gone: set[str] = set(obs["discards"]) | set(obs["gave"])
        self.void: dict[int, set[str]] = {s: set() for s in range(self.n)}
        tricks = list(obs["tricks"]) + ([obs["trick"]] if obs["trick"] else [])
        for t in tricks:
            if not t["cards"]:
                continue
            led = suit(t["cards"][0])
            for i, card in enumerate(t["cards"]):
                self.gone.add(card)
                who = (t["leader"] + i) % self.n
                if suit(card) != led:
                    self.void[who].add(led)
        trick = obs["trick"]
        self.trick = trick["cards"] if trick else []
        self.leader = trick["leader"] if trick else self.seat
        self.left = 13 - len(obs["tricks"])

    def out_against(self, card: str) -> int:
        """Cards of its suit above ``card`` that neither we hold nor have seen played."""
        return sum(1 for r in range(rank(card) + 1, 13)
                   if (RANKS[r] + suit(card)) not in self.gone
                   and (RANKS[r] + suit(card)) not in self.hand)

    def master(self, card: str) -> bool:
        """No card still out is higher in its suit."""
        return self.out_against(card) == 0

    def spades_out(self) -> int:
        """Spades neither held nor seen."""
        return sum(1 for r in RANKS if r + SPADE not in self.gone and r + SPADE not in self.hand)

    def seat_of(self, index: int) -> int:
        """The seat that played the trick's card at ``index``."""
        return (self.leader + index) % self.n

    def bid_of(self, seat: int) -> int:
        """A seat's bid (0 for nil)."""
        return self.obs["bids"][seat] or 0

    def nil_alive(self, seat: int | None) -> bool:
        """The seat bid nil and has won nothing yet."""
        return (seat is not None and self.obs["bids"][seat] == 0
                and self.obs["tricks_won"][seat] == 0)

    def need(self, seats: Iterable[int]) -> int:
        """Tricks the contract of ``seats`` still needs."""
        seats = list(seats)
        contract = sum(self.bid_of(s) for s in seats)
        won = sum(self.obs["tricks_won"][s] for s in seats if self.bid_of(s) > 0)
        return max(0, contract - won)

    def opponents(self) -> list[int]:
        """The other side's seats."""
        return [s for s in range(self.n) if s not in self.mine]

    def want_tricks(self) -> bool:
        """Take tricks while the contract needs them, or while a set is in reach."""
        if self.need(self.mine) > 0:
            return True
        theirs = self.need(self.opponents())
        return theirs > 0 and theirs >= self.left - 2


def play(obs: dict, legal: list[str]) -> str:
    """The card to play by the guide's rules."""
    k = Knowledge(obs)
    cards = [a.split()[1] for a in legal]
    if k.nil_alive(k.seat):
        card = play_nil(k, cards)
    elif k.nil_alive(k.partner):
        card = cover(k, cards)
    elif any(k.nil_alive(s) for s in k.opponents()) and k.need(k.mine) < k.left:
        card = attack(k, cards)
    elif not k.trick:
        card = lead(k, cards)
    else:
        card = follow(k, cards)
    return f"play {card}"


def losing(k: Knowledge, cards: list[str]) -> list[str]:
    """The cards that do not take the lead of the current trick."""
    if not k.trick:
        return []
    best = k.trick[trick_winner(k.trick)]
    return [c for c in cards if not beats(c, best, suit(k.trick[0]))]


def winning(k: Knowledge, cards: list[str]) -> list[str]:
    """The cards that would take the lead of the current trick."""
    if not k.trick:
        return list(cards)
    lose = losing(k, cards)
    return [c for c in cards if c not in lose]


def play_nil(k: Knowledge, cards: list[str]) -> str:
    """A nil bidder: the highest card that loses; on the lead, the lowest card."""
    if not k.trick:
        side = [c for c in cards if suit(c) != SPADE] or cards
        return low(side)
    lose = losing(k, cards)
    if lose:
        led = suit(k.trick[0])
        following = [c for c in lose if suit(c) == led]
        if following:
            return max(following, key=rank)
        side = [c for c in lose if suit(c) != SPADE]
        return high(side) if side else high(lose)
    return high(cards)


def cover(k: Knowledge, cards: list[str]) -> str:
    """Partner bid nil: win the tricks she may be forced to take."""
    if not k.trick:
        masters = [c for c in cards if k.master(c)]
        if masters:
            return high(masters)
        return high(cards)
    win = winning(k, cards)
    partner_played = any(k.seat_of(i) == k.partner for i in range(len(k.trick)))
    winner_seat = k.seat_of(trick_winner(k.trick))
    if partner_played and winner_seat != k.partner:
        return low(cards)  # she is safe in this trick
    if win:
        return high(win)
    return low(cards)


def attack(k: Knowledge, cards: list[str]) -> str:
    """An opponent bid nil: lead low, and duck under her when she is winning."""
    target = next(s for s in k.opponents() if k.nil_alive(s))
    if not k.trick:
        side = [c for c in cards if suit(c) != SPADE and suit(c) not in k.void[target]]
        return low(side or cards)
    winner_seat = k.seat_of(trick_winner(k.trick))
    lose = losing(k, cards)
    if winner_seat == target and lose:
        return high(lose)
    played = any(k.seat_of(i) == target for i in range(len(k.trick)))
    if not played and lose:
        return low(lose)  # keep the trick low for her to win
    return follow(k, cards)


def lead(k: Knowledge, cards: list[str]) -> str:
    """Lead: cash masters, draw trumps when long, else low from the longest side suit."""
    if not k.want_tricks():
        side = [c for c in cards if suit(c) != SPADE] or cards
        return low(side)
    spades = of_suit(cards, SPADE)
    side = [c for c in cards if suit(c) != SPADE]
    if spades and k.master(spades[0]) and len(spades) > k.spades_out() / max(1, k.n - 1):
        return spades[0]
    safe = [c for c in side if k.master(c) and not any(
        suit(c) in k.void[s] for s in k.opponents())]
    if safe:
        return max(safe, key=rank)
    if side:
        longest = max("HDC", key=lambda s: (len(of_suit(side, s)), s))
        return of_suit(side, longest)[-1]
    return spades[-1]


def follow(k: Knowledge, cards: list[str]) -> str:
    """Second hand low, third hand high, last hand cheapest win; trump only when needed."""
    led = suit(k.trick[0])
    win = winning(k, cards)
    lose = losing(k, cards)
    winner_seat = k.seat_of(trick_winner(k.trick))
    last = len(k.trick) == k.n - 1
    partner_winning = winner_seat in k.mine
    following = any(suit(c) == led for c in cards)
    if not k.want_tricks():
        return high(lose) if lose else low(cards)
    if partner_winning and (last or k.master(k.trick[trick_winner(k.trick)])):
        return discard_low(k, cards)
    if not win:
        return discard_low(k, cards)
    if last:
        return low(win)
    if following:
        # second hand low unless the win is certain; third hand high
        masters = [c for c in win if k.master(c)]
        if len(k.trick) == 1 and k.n == 4 and not masters:
            return low(cards)
        return low(masters) if masters else high(win)
    return low(win)  # trump as cheaply as wins


def discard_low(k: Knowledge, cards: list[str]) -> str:
    """A card that wastes nothing: the lowest of the shortest side suit."""
    led = suit(k.trick[0]) if k.trick else None
    following = [c for c in cards if suit(c) == led]
    if following:
        return low(following)
    side = [c for c in cards if suit(c) != SPADE]
    if not side:
        return low(cards)
    shortest = min("HDC", key=lambda s: (len(of_suit(k.hand, s)) or 99, s))
    pool = of_suit(side, shortest) or side
    return low(pool)


def decide(message: dict, always_blind_nil: bool = False) -> str:
    """The action for one decision message; ``always_blind_nil``: declare whatever the
    score."""
    obs = message["observation"]
    legal = message["legal"]
    if len(legal) == 1:
        return legal[0]
    phase = obs["phase"]
    if phase == "blind nil":
        wanted = wants_blind_nil(obs, always_blind_nil)
        return "blind nil" if wanted and "blind nil" in legal else "no blind nil"
    if phase == "draft":
        return "keep" if keeps(obs) else "discard"
    if phase == "exchange":
        return give(obs, legal)
    if phase == "bidding":
        return bid(obs, legal)
    return play(obs, legal)


def main() -> None:
    """Answer each decision line with one action line until the input ends."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blind-nil", choices=["trailing", "always"], default="trailing",
                        help=f"declare blind nil {BLIND_NIL_BEHIND} behind (partnership), "
                        "or whatever the score")
    always = parser.parse_args().blind_nil == "always"
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") == "decision":
            print(json.dumps({"action": decide(message, always)}), flush=True)


if __name__ == "__main__":
    main()
