"""An independent Spades player after published strategy texts: "the Spadsbook" and club tips.

It imports nothing from ``spades`` and shares no code or heuristic with this project's
players (``spades/bots``, ``benchmarks/guide_bot.py``, ``benchmarks/ismcts_bot.py``): it
reads the bot protocol's JSON (docs/bot-protocol.md) and the rules of docs/rules.md, and
its rules are re-expressed here from these public texts. None of the pages states a
licence, so their authors keep all rights: only ideas are taken, no text is copied, and
the pages are cited, not reproduced. This is a re-expression, not a copy:

- **The Spadsbook** (sharkfeeder.com/spadsbook), chapters *Bidding*
  (http://www.sharkfeeder.com/spadsbook/basicbidding.html) and *Playing*
  (http://sharkfeeder.com/spadsbook/playing.html). Taken from it: the fractional trick
  count (a side ace one trick in a suit of six or fewer, a half in a longer one; a king a
  quarter alone, three quarters in two to four cards, a quarter in five or more, a quarter
  more beside the ace, queen or jack of a suit under six; a queen a quarter in five or
  fewer, a half under the ace and king); a high trump counted as a trick when the unowned
  ranks above it are fewer than the trumps held below it, and spare trumps as ruffs; the
  score adjusting the bid. From *Playing*: the goal of each trick chosen among *Take
  Em* (win what the side still needs), *Dump Em* (once made, lose the rest), *Set or
  Bag* (keep taking when the opponents can still be set, else duck and leave them the
  overtricks), *Nil*, *Nil Cover* and *Set Enemy Nil*; lead low from the weakest suit early
  and avoid leading suits holding honours unless they are masters of a long suit.
- **"Spades tips and strategies, part 5"** (buckeye_4_ever_1970, eliters.com spady club,
  2003; http://www.eliters.com/clubs/main/message.asp?lid=spady&msgid=49543). Taken from
  it, the attack on a nil: never cover the opponents' nil (play under her), make her
  partner spend his trumps, trump high when it cannot cover her, never lead a suit she has
  shown void in, and never set one's own contract for a nil that cannot be set.
- Nil cover from the *Beginners' Corner* column (warpedcentral.50megs.com/SpadesTips.html)
  and dachimpy.com's tips: the cover hand overtakes the nil bidder's card whenever she is
  winning, plays high before her so she can play under, and leads the suits she is void in
  so she can throw her dangerous cards; the nil hand keeps its trumps for last.

What the bot does beyond those texts is bookkeeping they assume a good player does:
full card counting (the unseen cards, which of its cards are masters, each seat's voids
from its failures to follow, its own draft discards in two-player), the tricks its side
still needs against the tricks left and its sure winners, and the same for the opponents
(set them when they are close). Bags: once the contract is made it ducks, and it rounds
its bid up rather than down when its side is near the bag limit.

Every variant: two-player (the draft: keep a card worth more than an average unseen card;
blind nil only far behind, giving back its dangerous cards against the discards),
two-player-300, partnership (nil, blind nil when far behind, the three-card exchange: the
blind nil hand gives its highest cards, the partner its lowest). No randomness: the same
message always gets the same answer. Decisions take about a millisecond.

Run it where a bot is named: ``spades arena --a "cmd:python benchmarks/spadsbook_bot.py" ...``
"""

from __future__ import annotations

import json
import sys

RANKS = "23456789TJQKA"
SUITS = "SHDC"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit(card: str) -> str:
    return card[1]


STRICT = False  # tests set it: a bug raises instead of playing the first legal action
ALL = [r + s for s in SUITS for r in RANKS]


def by_suit(cards):
    out = {s: [] for s in SUITS}
    for c in cards:
        out[suit(c)].append(c)
    for s in out:
        out[s].sort(key=rank, reverse=True)
    return out


# --------------------------------------------------------------------------- bidding


def trick_count(hand, two_player, unseen_extra=()):
    """The Spadsbook's fractional count of the hand's tricks."""
    suits = by_suit(hand)
    total = 0.0
    spades = suits["S"]
    for s in "HDC":
        cards = suits[s]
        n = len(cards)
        ranks = {rank(c) for c in cards}
        if 12 in ranks:
            total += 1.0 if n < 7 else 0.5
        if 11 in ranks:
            if n == 1:
                total += 0.25 if not two_player else 0.5
            elif n <= 4:
                total += 0.75
            else:
                total += 0.25
            if n < 6 and ranks & {12, 10, 9}:
                total += 0.25
        if 10 in ranks:
            if 12 in ranks and 11 in ranks:
                total += 0.5
            elif n <= 5 and n >= (2 if two_player else 3):
                total += 0.25 if not two_player else 0.4
        if two_player and 9 in ranks and n in (3, 4) and ranks & {12, 11, 10}:
            total += 0.25
    # trumps: a high trump is a trick when the unowned ranks above it are fewer than the
    # trumps held below it
    sr = sorted((rank(c) for c in spades), reverse=True)
    counted = 0
    for i, r in enumerate(sr):
        above_unowned = sum(1 for x in range(r + 1, 13) if x not in sr)
        below = len(sr) - i - 1
        if r == 12 or above_unowned < below or (above_unowned == 0):
            counted += 1
        elif r >= 9 and above_unowned <= below + (1 if two_player else 0):
            total += 0.5
    total += counted
    spare = len(sr) - counted
    # spare trumps beyond the opponents' share are tricks by length, or ruffs in short suits
    length_tricks = max(0, len(sr) - (3 if two_player else 4))
    ruffs = 0.0
    for s in "HDC":
        n = len(suits[s])
        if n == 0:
            ruffs += 1.0
        elif n == 1:
            ruffs += 0.6
        elif n == 2:
            ruffs += 0.25
    total += min(spare, max(length_tricks, ruffs))
    return total


def nil_danger(hand, two_player):
    """How likely the hand is to be forced to win a trick (0 safe .. large hopeless)."""
    suits = by_suit(hand)
    danger = 0.0
    sp = [rank(c) for c in suits["S"]]
    if any(r >= 10 for r in sp):  # Q, K, A of spades
        danger += 3
    if len(sp) >= 4:
        danger += 2 + (len(sp) - 4)
    for r in sp:
        if r >= 7:
            danger += 0.8 if r < 9 else 1.4
    for s in "HDC":
        cards = sorted((rank(c) for c in suits[s]), reverse=True)
        lows = sum(1 for r in cards if r <= 6)  # eights and below duck under honours
        honours = [r for r in cards if r >= 8]
        for i, r in enumerate(honours):  # an A needs 3 low guards, a T one; each more
            need = (r - 6) // 2 + i  # honour in the suit needs one guard more
            if lows < need:
                danger += (need - lows) * (0.5 + (r - 8) * 0.15)
        if cards and cards[-1] >= 7:  # no low card at all in the suit
            danger += 0.4
    if two_player:
        danger *= 1.3
    return danger


def choose_bid(obs, legal):
    hand = obs["hand"]
    two = obs.get("partner") is None
    me = obs["seat"]
    side = me % 2 if not two else me
    bids = obs["bids"]
    partner = obs.get("partner")
    est = trick_count(hand, two)
    rules = obs["rules"]
    scores = obs["scores"]
    bags = obs["bag_totals"]
    target = rules.get("target", 500)
    lim = rules.get("bag_limit", 10) or 0
    mine, theirs = scores[side], scores[1 - side]
    # nil
    if "nil" in legal:
        danger = nil_danger(hand, two)
        pbid = bids[partner] if partner is not None else None
        # measured against medium: nils above a danger of 1.6 failed more often than not
        ok = est <= (1.25 if not two else 0.75) and danger <= (1.6 if not two else 1.2)
        if partner is not None and pbid == 0:
            ok = ok and danger <= 1.0
        if partner is not None and pbid is not None and pbid >= 4:
            ok = ok or (est <= 1.5 and danger <= 2.0)
        if ok:
            return "nil"
    if two:  # measured: with 26 cards out, a drafted hand's count runs about one trick
        # high, more so for big hands; bid so the contract is made about nine times in ten
        est = est - 1.0 - 0.25 * max(0.0, est - 7.0) + 0.5
    # round: down normally, up near the bag limit or when behind late
    frac = est - int(est)
    bid = int(est)
    near_bags = lim and bags[side] >= lim - 3
    if frac >= 0.75 or (frac >= 0.5 and (near_bags or theirs >= target - 100)):
        bid += 1
    if two:
        bid = max(bid, 1)
    else:
        others = [b for i, b in enumerate(bids) if b is not None and i != me]
        if len(others) == 3:  # last to bid: keep the table near 13
            table = sum(others) + bid
            if table > 14 and bid > 1:
                bid -= 1
        bid = max(bid, 1)
        if mine >= target - 10 * bid and mine > theirs:
            bid = max(1, bid - 0)  # only the contract matters: bid what is sure
    text = f"bid {min(bid, 13)}"
    if text in legal:
        return text
    nums = [int(a.split()[1]) for a in legal if a.startswith("bid ")]
    if nums:
        return f"bid {min(nums, key=lambda b: abs(b - bid))}"
    return legal[0]


def choose_blind_nil(obs, legal):
    if "blind nil" not in legal:
        return legal[0]
    two = obs.get("partner") is None
    me = obs["seat"]
    side = me if two else me % 2
    scores = obs["scores"]
    target = obs["rules"].get("target", 500)
    behind = scores[1 - side] - scores[side]
    if two:
        go = behind >= 300 and scores[1 - side] >= target - 200
    else:
        partner = obs.get("partner")
        if partner in obs.get("blind_nil", []):
            go = False
        else:
            go = behind >= 200 and scores[1 - side] >= target - 250
    return "blind nil" if go else "no blind nil"


def card_value_draft(card, kept):
    r = rank(card)
    if suit(card) == "S":
        return 4.0 + r * 0.5  # every spade is worth more than a low side card
    same = sum(1 for c in kept if suit(c) == suit(card))
    base = {12: 8.0, 11: 5.5, 10: 3.0, 9: 1.5}.get(r, 0.3 + r * 0.05)
    if r >= 10 and same >= 4:
        base *= 0.7
    return base


def choose_draft(obs, legal):
    if len(legal) == 1:
        return legal[0]
    card = obs["offered"]
    kept = obs["hand"]
    seen = set(kept) | set(obs.get("discards", [])) | {card}
    rest = [c for c in ALL if c not in seen]
    avg = sum(card_value_draft(c, kept) for c in rest) / max(1, len(rest))
    return "keep" if card_value_draft(card, kept) > avg else "discard"


def choose_give(obs, legal):
    me = obs["seat"]
    hand = [c for c in obs["hand"] if c not in obs.get("giving", [])]
    two = obs.get("partner") is None
    sizes = obs["rules"].get("give_sizes") or [obs["rules"].get("exchange_cards", 3)]
    n = max(sizes)
    nil_me = me in obs.get("blind_nil", [])

    def danger(c):
        r = rank(c)
        return r + (8 if suit(c) == "S" else 0)

    if nil_me:
        ranked = sorted(hand, key=danger, reverse=True)
        if two:  # give only what is worse than an average replacement
            chosen = [c for c in ranked if (suit(c) == "S" and rank(c) >= 5) or rank(c) >= 9][:n]
        else:
            chosen = ranked[:n]
    else:  # partner of a blind nil: give low side cards
        chosen = sorted(hand, key=lambda c: (suit(c) == "S", rank(c)))[:n]
    if not chosen:
        return "give" if "give" in legal else legal[0]
    if len(chosen) >= 2 and len(chosen) in sizes:
        return "give " + " ".join(chosen)
    a = "give " + chosen[0]
    return a if a in legal else legal[0]


# --------------------------------------------------------------------------- play


class Table:
    """What the seat knows of the hand: the unseen cards, voids, needs."""

    def __init__(self, obs):
        self.obs = obs
        self.me = obs["seat"]
        self.partner = obs.get("partner")
        self.two = self.partner is None
        self.n = 2 if self.two else 4
        self.hand = obs["hand"]
        self.bids = obs["bids"]
        self.won = obs["tricks_won"]
        self.rules = obs["rules"]
        played = []
        self.void = {s: set() for s in range(self.n)}
        tricks = list(obs["tricks"])
        cur = obs.get("trick")
        self.trick_cards = []
        self.leader = None
        for t in tricks + ([cur] if cur else []):
            cards = t["cards"]
            lead = suit(cards[0]) if cards else None
            for k, c in enumerate(cards):
                seat = (t["leader"] + k) % self.n
                played.append(c)
                if lead and suit(c) != lead:
                    self.void[seat].add(lead)
        if cur:
            self.trick_cards = list(cur["cards"])
            self.leader = cur["leader"]
        self.played = set(played)
        known = set(self.hand) | self.played | set(obs.get("discards", []))
        self.unseen = [c for c in ALL if c not in known]
        self.unseen_by = by_suit(self.unseen)
        self.mine = by_suit(self.hand)
        self.tricks_left = len(self.hand)
        self.opps = [s for s in range(self.n) if s != self.me and s != self.partner]
        self.my_side = [self.me] + ([self.partner] if self.partner is not None else [])
        self.nil_live = {s for s in range(self.n) if self.bids[s] == 0 and self.won[s] == 0}
        self.need = self.side_need(self.my_side)
        if self.bids[self.me] == 0:
            # a broken nil's tricks are bags and never count for the partner: win only
            # to set the opponents
            self.need = min(self.need, 0)
        self.opp_need = self.side_need(self.opps)
        self.spades_broken = obs.get("spades_broken", False)
        side = self.me % 2 if not self.two else self.me
        self.side = side
        self.bags = obs["bag_totals"]
        self.scores = obs["scores"]

    def p_hold(self):
        """Two-player: the chance an unseen card is in the opponent's hand (the rest are
        her discards)."""
        if not self.unseen:
            return 0.0
        return min(1.0, self.tricks_left_opp() / len(self.unseen))

    def tricks_left_opp(self):
        on_table = 1 if (self.trick_cards and self.leader != self.me) else 0
        return self.tricks_left - on_table

    def likely(self, card):
        """The chance the card wins when led (two-player: nobody higher in her hand)."""
        s = suit(card)
        h = sum(1 for u in self.unseen_by[s] if rank(u) > rank(card))
        p = self.p_hold() if self.two else 1.0
        chance = (1 - p) ** h if self.two else (1.0 if h == 0 else 0.0)
        if s != "S":
            opp = self.opps[0] if self.two else None
            if self.two and s in self.void[opp]:
                chance *= 0.0 if self.unseen_by["S"] and "S" not in self.void[opp] else 1.0
            elif not self.two and any(self.may_ruff(o, s) for o in self.opps):
                chance = 0.0
        return chance

    def side_need(self, seats):
        contract = sum(self.bids[s] for s in seats if self.bids[s])
        took = sum(self.won[s] for s in seats if self.bids[s])
        return contract - took if contract else -99

    def beats(self, a, b, lead):
        """Whether card a beats card b on a trick led in suit lead."""
        if suit(a) == suit(b):
            return rank(a) > rank(b)
        if suit(a) == "S":
            return True
        if suit(b) == "S":
            return False
        return suit(a) == lead

    def winner_card(self):
        lead = suit(self.trick_cards[0])
        best = self.trick_cards[0]
        for c in self.trick_cards[1:]:
            if self.beats(c, best, lead):
                best = c
        return best, (self.leader + self.trick_cards.index(best)) % self.n

    def is_master(self, card):
        """No unseen card of the suit is higher."""
        return all(rank(u) < rank(card) for u in self.unseen_by[suit(card)])

    def may_ruff(self, seat, s):
        """Seat may trump a lead of suit s (known void, and trumps unseen)."""
        return s in self.void[seat] and "S" not in self.void[seat] and bool(self.unseen_by["S"])

    def sure_winners(self):
        n = 0
        for s in SUITS:
            unseen_hi = [rank(u) for u in self.unseen_by[s]]
            for c in self.mine[s]:
                higher = sum(1 for u in unseen_hi if u > rank(c))
                if higher == 0:
                    if s == "S" or not any(self.may_ruff(o, s) for o in self.opps):
                        n += 1
                else:
                    break
        # long trumps once the others have none left
        if not self.unseen_by["S"]:
            n = max(n, len(self.mine["S"]))
        return n

    def after_me(self):
        k = len(self.trick_cards)
        return [(self.me + i) % self.n for i in range(1, self.n - k)]


def goal(t):
    """'win' or 'lose' for the side's plain goal (no nil involved)."""
    if t.need > 0:
        return "win"
    # made: set them if it can be done, else duck (bags)
    if t.opp_need > 0:
        to_set = t.tricks_left - t.opp_need + 1
        sure = t.sure_winners()
        if t.two:
            pot = min(t.tricks_left, sum(t.likely(c) for c in t.hand))
        else:
            pot = sure + 0.5 * max(0, t.tricks_left - sure) / 2
        if to_set <= pot + (1 if t.scores[1 - t.side] >= t.rules.get("target", 500) - 120 else 0):
            return "win"
    return "lose"  # duck: no bags for us, and any overtricks go to them


def lowest(cards):
    return min(cards, key=rank)


def highest(cards):
    return max(cards, key=rank)


def discard_choice(t, legal_cards, want_lose):
    """A card thrown when not following suit and not trumping."""
    side = [c for c in legal_cards if suit(c) != "S"]
    pool = side or legal_cards
    if want_lose:
        # throw the most dangerous: highest side card, from the shortest suit on ties
        return max(pool, key=lambda c: (rank(c) if suit(c) != "S" else -1,
                                        -len(t.mine[suit(c)])))
    # keep winners: throw the lowest card of the shortest suit (towards a void)
    non_master = [c for c in pool if not t.is_master(c)] or pool
    return min(non_master, key=lambda c: (rank(c) >= 9, len(t.mine[suit(c)]), rank(c)))


def play_nil(t, cards):
    """The nil bidder: lose every trick, keeping its highest safe card play."""
    if not t.trick_cards:
        # lead: the lowest card, where the most unseen cards lie above it
        def key(c):
            above = sum(1 for u in t.unseen_by[suit(c)] if rank(u) > rank(c))
            return (suit(c) == "S", -above + rank(c) * 0.1)
        return min(cards, key=key)
    best, _ = t.winner_card()
    lead = suit(t.trick_cards[0])
    losers = [c for c in cards if not t.beats(c, best, lead)]
    if losers:
        following = [c for c in losers if suit(c) == lead]
        if following:
            return highest(following)
        if any(suit(c) != "S" for c in losers):
            return discard_choice(t, losers, True)
        return highest(losers)
    # every card wins now: the lowest, hoping someone after overtakes
    if t.after_me():
        return lowest(cards)
    return highest(cards)


def cheapest_winner(t, cards, best, lead):
    wins = [c for c in cards if t.beats(c, best, lead)]
    if not wins:
        return None
    same = [c for c in wins if suit(c) == suit(best) or suit(c) == lead]
    if same:
        return lowest(same)
    return min(wins, key=lambda c: (suit(c) == "S" and lead != "S", rank(c)))


def will_hold(t, card, lead):
    """Card would win against everyone still to play (by the count)."""
    for seat in t.after_me():
        s = suit(card)
        if s == lead or s == "S":
            higher = [u for u in t.unseen_by[s] if rank(u) > rank(card)]
            if higher and s not in t.void[seat]:
                return False
            if s != "S" and t.may_ruff(seat, lead):
                return False
        else:
            return False
    return True


def follow(t, cards):
    best, who = t.winner_card()
    lead = suit(t.trick_cards[0])
    after = t.after_me()
    following = [c for c in cards if suit(c) == lead]
    partner = t.partner
    # ---- covering the partner's nil
    if partner is not None and partner in t.nil_live:
        if who == partner:  # she is winning: overtake
            w = cheapest_winner(t, cards, best, lead)
            if w:
                return w
        elif partner in after:  # she plays after me: set the bar high
            if following:
                top = highest(following)
                if t.beats(top, best, lead):
                    return top
                return lowest(following)
            if t.unseen_by["S"] or True:
                spades = [c for c in cards if suit(c) == "S"]
                if spades and lead not in t.void[partner]:
                    w = [c for c in spades if t.beats(c, best, lead)]
                    if w:
                        return highest(w) if len(spades) <= 2 else lowest(
                            [c for c in w if rank(c) >= 6] or w)
    # ---- attacking an opponent's nil
    live_opp_nil = [s for s in t.opps if s in t.nil_live]
    desperate = t.need > 0 and t.need >= t.tricks_left - 1
    if live_opp_nil and not desperate:
        nil = live_opp_nil[0]
        if who == nil:  # she is winning: stay under her
            under = [c for c in cards if not t.beats(c, best, lead)]
            if under:
                f = [c for c in under if suit(c) == lead]
                return highest(f) if f else discard_choice(t, under, True)
        elif nil in after:  # she still plays: duck low so she may have to win
            if following:
                cover = (nil + 2) % 4 if not t.two else None
                if who == cover or (cover is not None and cover in after):
                    return lowest(following)
                return lowest(following)
            non_spade = [c for c in cards if suit(c) != "S"]
            if non_spade:
                return min(non_spade, key=rank)
    # ---- plain goal
    g = goal(t)
    partner_winning = partner is not None and who == partner
    if g == "win":
        if partner_winning and will_hold(t, best, lead):
            return lowest(following) if following else discard_choice(t, cards, False)
        w = cheapest_winner(t, cards, best, lead)
        if w is None:
            return lowest(following) if following else discard_choice(t, cards, False)
        if not after:
            return w
        if suit(w) == lead:
            wins = sorted([c for c in following if t.beats(c, best, lead)], key=rank)
            holders = [c for c in wins if will_hold(t, c, lead)]
            if holders:
                return holders[0]
            # second hand low (four players, partner still to come), third hand high
            if len(after) == 2 and partner in after:
                return lowest(following)
            return wins[-1] if rank(wins[-1]) >= 9 else wins[0]
        # trumping: the lowest that wins, higher if someone after may overtrump
        spades = sorted([c for c in cards if suit(c) == "S" and t.beats(c, best, lead)], key=rank)
        if partner_winning and partner not in after and rank(best) >= 10 and suit(best) == lead:
            return lowest(following) if following else discard_choice(t, cards, False)
        safe = [c for c in spades if will_hold(t, c, lead)]
        return safe[0] if safe else spades[0]
    # lose
    under = [c for c in cards if not t.beats(c, best, lead)]
    if under:
        f = [c for c in under if suit(c) == lead]
        if f:
            return highest(f)
        return discard_choice(t, under, True)
    # must win (or may be overtaken later)
    if after:
        return lowest(cards)
    return highest(following) if following else lowest(cards)


def lead(t, cards):
    partner = t.partner
    # ---- partner's nil: lead her voids, or high cards she can play under
    if partner is not None and partner in t.nil_live:
        voids = [c for c in cards if suit(c) in t.void[partner] and suit(c) != "S"]
        if voids:
            return highest(voids)
        masters = [c for c in cards if t.is_master(c) and suit(c) != "S"]
        if masters:
            return masters[0]
        side = [c for c in cards if suit(c) != "S"]
        spades = [c for c in cards if suit(c) == "S"]
        if spades and (not side or max(rank(c) for c in side) < 7) and (
                t.is_master(highest(spades)) or "S" in t.void[partner]):
            return highest(spades)  # a low side lead would pass through her honours
        if side:
            return max(side, key=lambda c: (rank(c), -len(t.mine[suit(c)])))
        return highest(cards)
    # ---- opponent's nil: lead low into her suits
    live_opp_nil = [s for s in t.opps if s in t.nil_live]
    if live_opp_nil and not (t.need > 0 and t.need >= t.tricks_left - 1):
        nil = live_opp_nil[0]
        ok = [c for c in cards if suit(c) not in t.void[nil]]
        if ok:
            def key(c):  # low, and with many unseen cards above it (she has to hold some)
                above = sum(1 for u in t.unseen_by[suit(c)] if rank(u) > rank(c))
                return (rank(c), -above)
            return min(ok, key=key)
    g = goal(t)
    if g == "win":
        # cash masters that nobody can ruff
        cash = []
        for c in cards:
            s = suit(c)
            if t.is_master(c) and (s == "S" or not any(t.may_ruff(o, s) for o in t.opps)):
                cash.append(c)
        if t.two:
            probable = [c for c in cards if c not in cash and t.likely(c) >= 0.6]
            if not cash and probable:
                return max(probable, key=lambda c: (t.likely(c), suit(c) != "S", -rank(c)))
        if cash:
            side = [c for c in cash if suit(c) != "S"]
            # draw trumps first when holding the top spades and many of them
            sp = [c for c in cash if suit(c) == "S"]
            if sp and len(t.mine["S"]) >= len(t.unseen_by["S"]) / (1 if t.two else 2):
                return highest(sp)
            return (side or sp)[0]
        # lead low from the weakest suit (no honours), or a short suit when holding spare trumps
        side = [c for c in cards if suit(c) != "S"]
        if side:
            def key(c):
                s = suit(c)
                hon = any(rank(x) >= 9 for x in t.mine[s])
                short = len(t.mine[s])
                ruff_plan = len(t.mine["S"]) >= 2 and short <= 2
                return (hon and not ruff_plan, not ruff_plan, rank(c))
            return min(side, key=key)
        return lowest(cards) if not t.is_master(highest(cards)) else highest(cards)
    # lose: lead a low card with many unseen above it
    def key(c):
        above = sum(1 for u in t.unseen_by[suit(c)] if rank(u) > rank(c))
        return (suit(c) == "S", -above, rank(c))
    return min(cards, key=key)


def choose_play(obs, legal):
    cards = [a.split()[1] for a in legal if a.startswith("play ")]
    if len(cards) == 1:
        return "play " + cards[0]
    t = Table(obs)
    me = t.me
    if t.bids[me] == 0 and me in t.nil_live:
        c = play_nil(t, cards)
    elif t.trick_cards:
        c = follow(t, cards)
    else:
        c = lead(t, cards)
    return "play " + c


def decide(message):
    obs = message["observation"]
    legal = message["legal"]
    phase = obs["phase"]
    try:
        if phase == "blind nil":
            return choose_blind_nil(obs, legal)
        if phase == "draft":
            return choose_draft(obs, legal)
        if phase == "exchange":
            return choose_give(obs, legal)
        if phase == "bidding":
            return choose_bid(obs, legal)
        if phase == "play":
            a = choose_play(obs, legal)
            return a if a in legal else legal[0]
    except Exception as exc:  # never lose a seat to a bug: say so and play legally
        if STRICT:
            raise
        print(f"spadsbook_bot: {exc!r}", file=sys.stderr)
    for safe in ("no blind nil", "bid 2", "bid 1", "give"):
        if safe in legal:
            return safe
    return legal[-1] if phase == "bidding" else legal[0]


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("type") != "decision":
            continue
        print(json.dumps({"action": decide(message)}), flush=True)


if __name__ == "__main__":
    main()
