"""The whole match as one state machine: ``to_move``, ``legal_actions()``, ``apply()``.

Every hand goes through the phases of its variant (docs/rules.md): blind nil
declarations, the two-player draft or the four-player deal, blind nil exchanges,
bidding and 13 tricks; it is then scored and the next hand starts by itself,
until a side wins. Each legality rule is written once, in :meth:`Game._refusal`:
``verify()`` raises it, ``can_apply()`` asks it, ``apply()`` verifies then does, and
``legal_actions()`` lists from the same rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from .actions import (
    BID,
    BID_BASE,
    BLIND_NIL,
    DECLARE,
    DISCARD,
    DRAFT,
    END_GIVE,
    GIVE,
    GIVE_BASE,
    KEEP,
    NO_BLIND_NIL,
    PLAY,
    Action,
    give_steps,
    parse_give,
)
from .cards import (
    DECK_SIZE,
    RANKS_PER_SUIT,
    SPADE_MASK,
    SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    card_text,
    cards_in,
    mask_of,
    sorted_cards,
    winning_index,
)
from .chance import Chance, as_cards, as_deck
from .errors import IllegalAction, SpadesError, quoted
from .observation import Observation, Phase, Trick
from .position import SEAT_VIEW_REFUSED, Exchange, Position, PositionError, known
from .rules import Rules
from .scoring import HandResult, contracts, score_hand

__all__ = ["ChanceStep", "Game", "HandLog", "Phase"]  # Phase is the observation's


@dataclass(frozen=True)
class ChanceStep:
    """What the game waits for in phase ``deal`` or ``draw``: ``count`` different cards
    of ``cards``, in order, every order as likely."""

    cards: tuple[Card, ...]
    count: int


@dataclass
class HandLog:
    """What happened in one hand, in the order it happened: the record's hand object.
    ``tricks`` are the tricks completed; the one under way is the game's
    (:attr:`Game.current_trick`)."""

    number: int
    deck: list[Card]
    dealer: int | None
    first_drawer: int | None
    blind_nil: list[int] = field(default_factory=list)
    blind_nil_declined: list[int] = field(default_factory=list)
    draft: list[tuple[int, Card, Card, Card]] = field(default_factory=list)
    exchanges: list[tuple[int, tuple[Card, ...], tuple[Card, ...] | None]] = field(
        default_factory=list
    )
    holdings: list[int] = field(default_factory=list)  # a mask per seat, when bidding starts
    bids: list[tuple[int, int]] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)  # those completed, in order
    result: HandResult | None = None

    def seat_bids(self, players: int) -> tuple[int | None, ...]:
        """Each seat's bid so far: 0 for nil and blind nil, None before it bids."""
        bids: list[int | None] = [None] * players
        for seat in self.blind_nil:
            bids[seat] = 0
        for seat, bid in self.bids:
            bids[seat] = bid
        return tuple(bids)


_FIRST_SPADE = SPADES * RANKS_PER_SUIT
_SUIT_BITS = (1 << RANKS_PER_SUIT) - 1
_BITS = tuple(1 << card for card in range(DECK_SIZE))
_BIDS = tuple(Action.bid(n) for n in range(14))
# the phases as module names: an enum's attribute is looked up through its class, slowly
_DEAL, _DRAW, _BLIND_NIL, _DRAFT, _EXCHANGE, _BIDDING, _PLAY, _OVER = (
    Phase.DEAL, Phase.DRAW, Phase.BLIND_NIL, Phase.DRAFT, Phase.EXCHANGE, Phase.BIDDING,
    Phase.PLAY, Phase.OVER)
_DECK = ChanceStep(tuple(range(DECK_SIZE)), DECK_SIZE)
# the kind of action each phase takes, and its name in a refusal
_EXPECTED = {
    Phase.BLIND_NIL: (DECLARE, "'blind nil' or 'no blind nil'"),
    Phase.DRAFT: (DRAFT, "'keep' or 'discard'"),
    Phase.EXCHANGE: (GIVE, "'give' and a card"),
    Phase.BIDDING: (BID, "a bid"),
    Phase.PLAY: (PLAY, "a card to play"),
}
# why no action is taken in the other phases
_WAITING = {
    Phase.DEAL: "the hand has not been dealt",
    Phase.DRAW: "the cards drawn from the discard pile are awaited",
    Phase.OVER: "the game is over",
}
_EITHER = {DECLARE: (Action(BLIND_NIL), Action(NO_BLIND_NIL)),
           DRAFT: (Action(KEEP), Action(DISCARD))}


def _suit_table(suit: int, base: int) -> tuple[tuple[Action, ...], ...]:
    """For each set of ranks (13 bits), the actions ``base`` + card of those cards of
    ``suit``, lowest first."""
    table: list[tuple[Action, ...]] = [()]
    for bits in range(1, 1 << RANKS_PER_SUIT):
        high = bits.bit_length() - 1
        table.append(table[bits ^ (1 << high)]
                     + (Action(base + suit * RANKS_PER_SUIT + high),))
    return tuple(table)


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = _SUIT_PLAYS = tuple(_suit_table(s, 0) for s in range(4))
_SUIT_GIVES = tuple(_suit_table(s, GIVE_BASE) for s in range(4))


def _plays(mask: int) -> list[Action]:
    """The play actions of the cards in ``mask``, lowest first."""
    return [*_CLUBS[mask & _SUIT_BITS], *_DIAMONDS[mask >> 13 & _SUIT_BITS],
            *_HEARTS[mask >> 26 & _SUIT_BITS], *_SPADES[mask >> 39]]


def _gives(mask: int) -> list[Action]:
    """The give steps of the cards in ``mask``, lowest first."""
    clubs, diamonds, hearts, spades = _SUIT_GIVES
    return [*clubs[mask & _SUIT_BITS], *diamonds[mask >> 13 & _SUIT_BITS],
            *hearts[mask >> 26 & _SUIT_BITS], *spades[mask >> 39]]


def draft_pick(offered: Card, under: Card, keep: bool) -> tuple[Card, Card]:
    """The two-player draft's rule (docs/rules.md §2): keeping the offered card discards the card
    under it, discarding it keeps that one. The cards kept and discarded, in that order."""
    return (offered, under) if keep else (under, offered)


def _read(action: Action | int | str) -> Action:
    """An action given as text or as its integer code."""
    return Action.parse(action) if isinstance(action, str) else Action.from_code(action)


class Game:
    """A match of Spades from its first hand until a side wins.

    ``seed`` (an int or a ``random.Random``) shuffles each hand's deck and draws the
    two-player exchange; ``decks`` gives the first hands' decks explicitly (their
    draws seeded by the deck). With neither left, the game waits in phase ``deal`` for
    :meth:`deal`, and in that hand each two-player exchange waits in phase ``draw`` for
    :meth:`draw`: :attr:`chance_step` says what each needs. :meth:`copy` is cheap;
    ``undoable`` keeps the state before each step, for :meth:`undo`.

    Read, never assign: ``phase``; ``to_move``, the seat that decides next (None in
    phases ``deal``, ``draw`` and ``game over``); ``scores`` and ``bag_totals`` by side;
    ``winner``; ``hands``, the log of every hand so far.
    """

    phase: Phase
    to_move: int | None

    def __init__(
        self,
        rules: Rules,
        seed: int | str | random.Random | None = None,
        decks: Iterable[Sequence[Card | str]] = (),
        *,
        chance: Chance | None = None,
        undoable: bool = False,
    ) -> None:
        rng = seed if isinstance(seed, random.Random) or seed is None else random.Random(seed)
        self.rules = rules
        self._chance = chance or Chance(rng, decks)
        self._n = rules.players
        self.scores = [0, 0]
        self.bag_totals = [0, 0]
        self.winner: int | None = None
        self.hands: list[HandLog] = []
        self._first = 1  # the number of the first hand of ``hands``
        # the scores and bags when it began
        self._opening: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 0), (0, 0))
        # the states before each action and chance step, last last (None: not kept)
        self._history: list[Game] | None = [] if undoable else None
        self._clear_hand()  # the state an observation reads: empty until the first deal
        self._start_hand()

    # ----------------------------------------------------------------- queries

    @property
    def hand_number(self) -> int:
        """The number of the current (or last) hand, from 1."""
        return self._first - 1 + len(self.hands)

    @property
    def over(self) -> bool:
        """True once a side has won."""
        return self.phase is _OVER

    def hand_masks(self) -> list[int]:
        """Every seat's cards as a mask (the full state: for a cheating benchmark bot only)."""
        return list(self._hands)

    def hand_of(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds (the full state: not for a player's eyes)."""
        return list(cards_in(self._hands[self._seat(seat)]))

    def _seat(self, seat: object) -> int:
        """``seat``, checked to be a seat of this game."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._n:
            raise SpadesError(f"no seat {quoted(seat)}: seats are 0..{self._n - 1}")
        return seat

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now (listed from the rules that
        :meth:`verify` checks)."""
        phase = self.phase
        if phase is _PLAY:
            playable, trick = self._playable(), self._trick
            if trick:  # following, most often in the suit led alone: one look-up
                suit = trick[0] // RANKS_PER_SUIT
                if not playable & ~SUIT_MASKS[suit]:
                    return list(_SUIT_PLAYS[suit][playable >> RANKS_PER_SUIT * suit])
            return _plays(playable)
        if phase is _BIDDING:
            return list(_BIDS[self.rules.bids.start:])
        if phase is _EXCHANGE:
            chosen, sizes = self._chosen, self.rules.give_sizes
            count = chosen.bit_count()
            steps = _gives(self._hands[self._mover()] & ~chosen) if count < sizes[-1] else []
            if count in sizes:
                steps.append(Action(END_GIVE))
            return steps
        if phase in _WAITING:
            return []
        return list(_EITHER[_EXPECTED[phase][0]])

    @property
    def chance_step(self) -> ChanceStep | None:
        """What the game waits for: in phase ``deal`` the 52 cards (the deck, in order),
        in phase ``draw`` the cards the exchange draws from the discard pile (the pile in
        the order its cards joined it); None in any other phase."""
        if self.phase is _DEAL:
            return _DECK
        if self.phase is _DRAW:
            return ChanceStep(tuple(self._pile), self._chosen.bit_count())
        return None

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now (docs/rules.md §5), and nothing more."""
        return self._view(self._seat(seat))

    def spectator_observation(self) -> Observation:
        """What anyone watching may know now: the public part of every seat's view
        (its ``seat`` is None; no cards of any hand, no legal actions)."""
        return self._view(None)

    def _view(self, seat: int | None) -> Observation:
        """The observation of ``seat`` (None: a spectator's)."""
        log = self.hands[-1] if self.hands else HandLog(0, [], None, None)
        gave: tuple[Card, ...] = ()
        received: tuple[Card, ...] = ()
        exchanged: list[int | None] = [None] * self._n
        for who, gave_cards, received_cards in log.exchanges:
            exchanged[who] = len(gave_cards)
            if who == seat:
                gave, received = gave_cards, received_cards or ()
        giving: tuple[Card, ...] = ()  # nobody else learns which or how many
        if self._chosen and seat is not None and seat == self._queue[0]:
            giving = tuple(cards_in(self._chosen))
        offered = None
        if self.phase is _DRAFT and self.to_move == seat:
            offered = log.deck[self._stock_pos]
        tricks = tuple(log.tricks)
        return Observation(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            hand_number=self.hand_number,
            dealer=log.dealer,
            first_drawer=log.first_drawer,
            scores=tuple(self.scores),
            bag_totals=tuple(self.bag_totals),
            hand=() if seat is None or self.phase is _BLIND_NIL else tuple(
                sorted_cards(cards_in(self._hands[seat]))),
            offered=offered,
            discards=() if seat is None else tuple(cards_in(self._discards[seat])),
            stock_left=self._stock_left(),
            blind_nil=tuple(log.blind_nil),
            gave=tuple(gave),
            received=tuple(received),
            giving=giving,
            exchanged=tuple(exchanged),
            bids=log.seat_bids(self._n),
            tricks=tricks,
            trick=self.current_trick,
            tricks_won=tuple(self._won),
            spades_broken=self._broken,
            legal=tuple(self.legal_actions()) if self.to_move == seat else (),
            results=tuple(h.result for h in self.hands if h.result is not None),
            winner=self.winner,
            last_trick=self._last_trick(),
        )

    @property
    def current_trick(self) -> Trick | None:
        """The trick under way in phase ``play`` (no card yet at its start), else None."""
        if self.phase is not _PLAY:
            return None
        return Trick.of(self._leader, self._trick, self._n)

    def _last_trick(self) -> Trick | None:
        """The last trick completed, of this hand or, before its first, of the hand before."""
        for log in reversed(self.hands[-2:]):
            if log.tricks:
                return log.tricks[-1]
        return None

    # ------------------------------------------------------------ copy, undo

    def copy(self) -> Game:
        """An independent copy, its :meth:`undo` history included: applying to one never
        changes the other. Finished hands' logs are shared (no step changes them)."""
        new = self._clone()
        new._history = None if self._history is None else list(self._history)
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def undo(self, steps: int = 1) -> None:
        """Return to the state before the last ``steps`` actions and chance steps
        (:meth:`apply`, :meth:`deal`, :meth:`draw`), exactly as it was, chance included;
        the game must have been made ``undoable``."""
        history = self._history
        if history is None:
            raise SpadesError("this game keeps no undo history: make it with undoable=True")
        if isinstance(steps, bool) or not isinstance(steps, int) or not 0 < steps <= len(
                history):
            raise SpadesError(f"cannot undo {quoted(steps)} steps: {len(history)} taken")
        self._return_to(history[-steps], len(history) - steps)

    def _return_to(self, earlier: Game, kept: int) -> None:
        """Become the state ``earlier`` again, with the first ``kept`` undo steps."""
        history = self._history
        self.__dict__.update(earlier._clone().__dict__)
        if history is not None:
            del history[kept:]
        self._history = history

    @property
    def undo_steps(self) -> int:
        """How many steps :meth:`undo` can take back (0 unless ``undoable``)."""
        return 0 if self._history is None else len(self._history)

    def _clone(self) -> Game:
        """A copy of the state without the undo history (its ``_history`` is None)."""
        new = object.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._history = None
        new._chance = self._chance.copy()
        new.scores, new.bag_totals = list(self.scores), list(self.bag_totals)
        new._hands, new._discards, new._won = list(self._hands), list(self._discards), list(
            self._won)
        new._pile, new._bids, new._blind = list(self._pile), list(self._bids), list(self._blind)
        new._pending, new._queue = dict(self._pending), list(self._queue)
        new._trick, new.hands = list(self._trick), list(self.hands)
        if self.hands:  # the hand under way: its lists are new, its values shared
            log = self.hands[-1]
            new.hands[-1] = HandLog(
                log.number, log.deck, log.dealer, log.first_drawer, list(log.blind_nil),
                list(log.blind_nil_declined), list(log.draft), list(log.exchanges),
                list(log.holdings), list(log.bids), list(log.tricks), log.result)
        return new

    # ----------------------------------------------------------------- actions

    def apply(self, action: Action | int | str, seat: int | None = None) -> None:
        """Take ``action`` for the seat to move (or check that it is ``seat``'s turn):
        :meth:`verify`, then do it. A give's text of two or more cards (``'give 2C QH
        KD'``) is a whole exchange, taken by :meth:`give`; ``'give 2C'`` is one step."""
        if type(action) is not Action:
            if isinstance(action, str):
                cards = parse_give(action)
                if cards is not None and len(cards) > 1:
                    self.give(cards, seat)
                    return
            action = _read(action)
        if self.phase is _PLAY:
            # the common case first: a legal play, by the rule _refusal applies
            if not (seat is None and action < BID_BASE and self._playable() >> action & 1):
                action = self.verify(action, seat)
            if self._history is not None:
                self._history.append(self._clone())
            self._play(action)
            return
        action = self.verify(action, seat)
        if self._history is not None:
            self._history.append(self._clone())
        self._take_undoably(action)

    def verify(self, action: Action | int | str, seat: int | None = None) -> Action:
        """``action`` read (text, a code or an Action), if the seat to move (or ``seat``)
        may take it now; else :class:`IllegalAction` with its ``seat``, ``action``,
        ``phase`` and ``reason``. Unreadable text or codes raise :class:`NotationError`."""
        if type(action) is not Action:
            action = _read(action)
        reason = self._refusal(action, seat)
        if reason is not None:
            raise IllegalAction(self.to_move if seat is None else seat, action, self.phase,
                                reason)
        return action

    def can_apply(self, action: Action | int | str, seat: int | None = None) -> bool:
        """Whether :meth:`verify` accepts ``action`` (unreadable input still raises)."""
        if type(action) is not Action:
            action = _read(action)
        return self._refusal(action, seat) is None

    def _refusal(self, action: Action, seat: int | None) -> str | None:
        """Why ``action`` may not be taken now (by ``seat``, if named), or None if it may:
        the legality rules, each written here once."""
        phase, mover = self.phase, self.to_move
        if seat is not None and seat != mover:
            return "it is nobody's turn" if mover is None else f"it is seat {mover}'s turn"
        if phase is _PLAY and action < BID_BASE:  # the most common question first
            return None if self._playable() >> action & 1 else self._unplayable(action)
        if phase in _WAITING:
            return _WAITING[phase]
        kind, expected = _EXPECTED[phase]
        if action.kind != kind:
            return f"expected {expected}"
        if phase is _BIDDING and action.tricks not in self.rules.bids:
            return "nil is not allowed in this game"
        if phase is _EXCHANGE:
            return self._ungivable(action, self._chosen)
        return None

    def _ungivable(self, step: Action, chosen: int) -> str | None:
        """Why the seat to move may not take give step ``step`` with the cards of mask
        ``chosen`` chosen so far in her exchange, or None."""
        sizes, count = self.rules.give_sizes, chosen.bit_count()
        if step == END_GIVE:
            return None if count in sizes else self._give_rule()
        card = step - GIVE_BASE
        if chosen >> card & 1:
            return f"already chose {card_text(card)}"
        if not self._hands[self._mover()] >> card & 1:
            return f"does not hold {card_text(card)}"
        return None if count < sizes[-1] else self._give_rule()

    def _give_rule(self) -> str:
        """How many cards an exchange gives, as a refusal's reason."""
        sizes = self.rules.give_sizes
        return f"must give {'at most' if len(sizes) > 1 else 'exactly'} {sizes[-1]} cards"

    def verify_give(self, cards: Iterable[Card | str], seat: int | None = None) -> list[Action]:
        """The steps of giving ``cards`` as a whole exchange (each card, then
        :data:`~spades.actions.END_GIVE` if fewer than the most), all verified before any
        is taken: the seat to move (or ``seat``) must be exchanging with no card chosen
        yet and may give these cards, else :class:`IllegalAction` names the first step
        refused. Cards are ints or text such as ``'QH'``; others raise SpadesError."""
        if isinstance(cards, str):
            raise SpadesError(f"a give takes a list of cards, not the text {quoted(cards)}")
        steps = give_steps(as_cards(cards, "a give"), self.rules.exchange_cards)
        first = self.verify(steps[0], seat)
        if self._chosen:
            texts = " ".join(map(card_text, cards_in(self._chosen)))
            raise IllegalAction(self.to_move, first, self.phase,
                                f"already chose {texts}: a whole give starts with none chosen")
        chosen = 0
        for step in steps:
            reason = self._ungivable(step, chosen)
            if reason is not None:
                raise IllegalAction(self.to_move, step, self.phase, reason)
            if step != END_GIVE:
                chosen |= 1 << step.card
        return steps

    def give(self, cards: Iterable[Card | str], seat: int | None = None) -> list[Action]:
        """Give ``cards`` as a whole blind nil exchange: :meth:`verify_give`, then each
        step (one undo step each); the steps taken are returned. A draw refused (a
        record's) raises and leaves the game as it was before the give."""
        steps = self.verify_give(cards, seat)
        before, kept = self._clone(), self.undo_steps
        try:
            for step in steps:
                self.apply(step)
        except SpadesError:  # the draw refused (a record's): the whole give is not taken
            self._return_to(before, kept)
            raise
        return steps

    def _unplayable(self, card: Card) -> str:
        """Why the seat to move may not play ``card``, which :meth:`_playable` refuses."""
        if not self._hands[self._mover()] >> card & 1:
            return f"does not hold {card_text(card)}"
        if self._trick:
            return f"must follow {SUIT_NAMES[self._trick[0] // RANKS_PER_SUIT]}"
        return "spades are not broken"

    def deal(self, deck: Sequence[Card | str]) -> None:
        """Start the waiting hand (phase ``deal``) with ``deck``; its two-player exchanges
        will wait for :meth:`draw`."""
        if self.phase is not _DEAL:
            raise SpadesError(f"no deck is needed now: the game is in phase {self.phase}")
        checked = as_deck(deck)
        if self._history is not None:
            self._history.append(self._clone())
        self._begin_hand(checked, by_caller=True)

    def draw(self, cards: Sequence[Card | str]) -> None:
        """Finish the waiting exchange (phase ``draw``) with ``cards`` drawn from the
        discard pile (:attr:`chance_step`)."""
        if self.phase is not _DRAW:
            raise SpadesError(f"no draw is needed now: the game is in phase {self.phase}")
        drawn = tuple(as_cards(cards, "a draw"))
        if self._history is not None:
            self._history.append(self._clone())
        self._take_undoably(drawn)

    def _take_undoably(self, step: Action | tuple[Card, ...]) -> None:
        """Take an action verified (in any phase but play) or a draw (a tuple of cards);
        a draw the pile cannot give (a record's, say) raises and leaves no undo step."""
        try:
            if isinstance(step, Action):
                self._take(step)
            else:
                self._exchange_with_pile(tuple(cards_in(self._chosen)), step)
        except SpadesError:
            history = self._history
            if history is not None:  # as it was, the chance's own state too
                self._return_to(history[-1], len(history) - 1)
            raise

    def _take(self, action: Action) -> None:
        """Take an action already verified, in any phase but play."""
        phase = self.phase
        if phase is _BIDDING:
            self._bid(action.tricks)
        elif phase is _DRAFT:
            self._draft(action == KEEP)
        elif phase is _BLIND_NIL:
            self._declare(action == BLIND_NIL)
        else:
            self._choose(action)

    # ------------------------------------------------------------ hand set-up

    def _clear_hand(self) -> None:
        """The state of a hand before its deal."""
        n = self._n
        self._by_caller = False
        self._hands, self._discards, self._won = [0] * n, [0] * n, [0] * n
        self._pile: list[Card] = []
        # the cards of the exchange under way, a mask: chosen so far, or given (two
        # players) and waiting for the draw
        self._chosen = 0
        self._stock_pos = 0
        self._bids: list[int | None] = [None] * n
        self._blind = [False] * n
        self._pending: dict[int, tuple[Card, ...]] = {}
        self._trick: list[Card] = []  # the cards of the trick under way
        self._leader = 0  # who leads it
        self._broken = False
        self._order: list[int] = []
        self._queue: list[int] = []

    def _start_hand(self) -> None:
        deck = self._chance.deck()
        if deck is None:
            self.phase, self.to_move = _DEAL, None
        else:
            self._begin_hand(deck)

    def _begin_hand(self, deck: list[Card], by_caller: bool = False) -> None:
        n, number = self._n, self._first + len(self.hands)
        self._clear_hand()
        self._by_caller = by_caller  # the caller dealt: she draws too
        if n == 2:
            first = (number - 1) % 2
            log = HandLog(number, deck, None, first)
            self._order = self.rules.bidding_order(None, first)
        else:
            dealer = (3 + number - 1) % 4
            log = HandLog(number, deck, dealer, None)
            self._order = self.rules.bidding_order(dealer, None)
            # dealt from the dealer's left; a deck's cards are different: their bits add up
            for i, seat in enumerate(self._order):
                self._hands[seat] = sum(itemgetter(*deck[i::4])(_BITS))
        self.hands.append(log)
        self._queue = [s for s in self._declaring_order(log) if self._may_declare(s)]
        if self._queue:
            self.phase, self.to_move = _BLIND_NIL, self._queue[0]
        else:
            self._after_declarations()

    def _declaring_order(self, log: HandLog) -> list[int]:
        """The order the seats are asked to declare blind nil in the hand of ``log``."""
        if log.first_drawer is not None:
            return [log.first_drawer, 1 - log.first_drawer]
        return self.rules.bidding_order(log.dealer, None)

    def _may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may declare blind nil this hand."""
        rules = self.rules
        if not (rules.blind_nil and rules.nil):
            return False
        if rules.blind_nil_deficit <= 0:
            return True
        side = rules.side_of(seat)
        return self.scores[1 - side] - self.scores[side] >= rules.blind_nil_deficit

    def _after_declarations(self) -> None:
        if self._n == 2:
            log = self.hands[-1]
            self.phase, self.to_move = _DRAFT, log.first_drawer
        else:
            self._start_exchange()

    def _start_exchange(self) -> None:
        log = self.hands[-1]
        if self._n == 2:
            self._queue = list(log.blind_nil)
        else:
            self._queue = []
            for seat in log.blind_nil:
                partner = self._partner(seat)
                if not self._blind[partner]:
                    self._queue += [seat, partner]
        self._next_exchange()

    def _mover(self) -> int:
        """The seat to move, in a phase that has one."""
        seat = self.to_move
        assert seat is not None, f"nobody moves in phase {self.phase}"
        return seat

    def _partner(self, seat: int) -> int:
        """The partner of ``seat``, in a four-player game."""
        partner = self.rules.partner_of(seat)
        assert partner is not None, "two players have no partners"
        return partner

    def _next_exchange(self) -> None:
        if self._queue:
            self.phase, self.to_move = _EXCHANGE, self._queue[0]
        else:
            self._start_bidding()

    def _start_bidding(self) -> None:
        log = self.hands[-1]
        log.holdings = list(self._hands)
        self._queue = [s for s in self._order if not self._blind[s]]
        if self._queue:
            self.phase, self.to_move = _BIDDING, self._queue[0]
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        log = self.hands[-1]
        self.to_move = self._leader = self.rules.opening_leader(log.dealer, log.first_drawer)

    # ------------------------------------------------------------ each phase

    def _declare(self, declares: bool) -> None:
        seat = self._queue.pop(0)
        log = self.hands[-1]
        if declares:
            self._blind[seat] = True
            self._bids[seat] = 0
            log.blind_nil.append(seat)
        else:
            log.blind_nil_declined.append(seat)
        if self._queue:
            self.to_move = self._queue[0]
        else:
            self._after_declarations()

    def _draft(self, keep: bool) -> None:
        seat, log = self._mover(), self.hands[-1]
        offered = log.deck[self._stock_pos]
        kept, discarded = draft_pick(offered, log.deck[self._stock_pos + 1], keep)
        self._hands[seat] |= 1 << kept
        self._discards[seat] |= 1 << discarded
        self._pile.append(discarded)
        log.draft.append((seat, offered, kept, discarded))
        self._stock_pos += 2
        if self._stock_pos < len(log.deck):
            self.to_move = 1 - seat
        else:
            self._start_exchange()

    def _choose(self, step: Action) -> None:
        """A step of the exchange: a card chosen (the last allowed one gives them all)
        or the end of it. The last card joins the chosen ones only once its draw is taken:
        a draw refused changes nothing."""
        chosen = self._chosen if step == END_GIVE else self._chosen | 1 << step.card
        if step != END_GIVE and chosen.bit_count() < self.rules.give_sizes[-1]:
            self._chosen = chosen
            return
        self._give(tuple(cards_in(chosen)))

    def _give(self, cards: tuple[Card, ...]) -> None:
        log = self.hands[-1]
        if self._n == 2:
            if cards and self._by_caller:  # a chance step: wait for draw(), cards chosen
                self._chosen = mask_of(cards)
                self.phase, self.to_move = _DRAW, None
            else:
                drawn = self._chance.draw(self._pile, len(cards), log.deck)
                self._exchange_with_pile(cards, tuple(drawn))
            return
        seat = self._queue.pop(0)
        self._chosen = 0
        self._hands[seat] &= ~mask_of(cards)
        self._pending[seat] = cards
        log.exchanges.append((seat, cards, None))
        partner = self._partner(seat)
        if partner in self._pending:
            for i, (who, gave_cards, _) in enumerate(log.exchanges):
                if who in (seat, partner):
                    got = self._pending[self._partner(who)]
                    log.exchanges[i] = (who, gave_cards, got)
                    self._hands[who] |= mask_of(got)
            del self._pending[seat], self._pending[partner]
        self._next_exchange()

    def _exchange_with_pile(self, cards: tuple[Card, ...], received: tuple[Card, ...]) -> None:
        """The two-player exchange of the seat to give: ``cards`` for ``received``, which
        must be as many different cards of the discard pile."""
        count = len(cards)
        if len(received) != count or len(set(received)) != count or not set(
                self._pile).issuperset(received):
            raise SpadesError(
                f"the cards received must be {count} different cards of the discard pile")
        seat = self._queue.pop(0)
        self._pile = [c for c in self._pile if c not in received] + list(cards)
        self._hands[seat] = self._hands[seat] & ~mask_of(cards) | mask_of(received)
        self.hands[-1].exchanges.append((seat, cards, received))
        self._chosen = 0
        self._next_exchange()

    def _bid(self, tricks: int) -> None:
        seat = self._queue.pop(0)
        self._bids[seat] = tricks
        self.hands[-1].bids.append((seat, tricks))
        if self._queue:
            self.to_move = self._queue[0]
        else:
            self._start_play()

    def _playable(self) -> int:
        """The mask of cards the seat to move may play."""
        seat = self.to_move
        assert seat is not None  # in phase play
        hand = self._hands[seat]
        trick = self._trick
        if trick:
            follow = hand & SUIT_MASKS[trick[0] // RANKS_PER_SUIT]
            return follow or hand
        if self._broken or self.rules.lead_spades_anytime:
            return hand
        return hand & ~SPADE_MASK or hand

    def _play(self, card: Card) -> None:
        seat = self.to_move
        assert seat is not None  # in phase play
        self._hands[seat] ^= 1 << card
        trick = self._trick
        trick.append(card)
        if card >= _FIRST_SPADE and not self._broken:
            self._broken = len(trick) == 1 or trick[0] < _FIRST_SPADE
        if len(trick) < self._n:
            self.to_move = (seat + 1) % self._n
            return
        tricks, leader = self.hands[-1].tricks, self._leader
        taker = (leader + winning_index(trick)) % self._n
        tricks.append(Trick.of(leader, trick, self._n, taker))
        self._won[taker] += 1
        if len(tricks) == 13:
            self._score_hand()
            return
        self._trick = []
        self.to_move = self._leader = taker

    def _score_hand(self) -> None:
        log = self.hands[-1]
        log.result, self.winner = score_hand(contracts(self._bids, log.blind_nil), self._won,
                                             self.scores, self.bag_totals, self.rules)
        self.scores, self.bag_totals = list(log.result.scores), list(log.result.bag_totals)
        if self.winner is None:
            self._start_hand()
        else:
            self.phase, self.to_move = _OVER, None

    def _stock_left(self) -> int:
        if self._n != 2 or not self.hands:
            return 0
        return len(self.hands[-1].deck) - self._stock_pos

    # ------------------------------------------------------------ the position

    def position(self, seat: int | None = None) -> str:
        """The match as one line of text (:mod:`spades.position`, docs/record.md §5): as an
        all-seeing observer sees it, which :meth:`from_position` loads; with ``seat``, as
        that seat has seen it, each card it has not seen ``??``."""
        return self.position_value(None if seat is None else self._seat(seat)).text()

    def position_value(self, seat: int | None = None) -> Position:
        """The fields of :meth:`position`."""
        if self.phase is _DEAL:
            return Position(self.rules, self.hand_number + 1, tuple(self.scores),
                            tuple(self.bag_totals), None, seat=seat)
        log = self.hands[-1]
        before = self.hands[-2].result if len(self.hands) > 1 else None
        scores, bags = self._opening if before is None else (before.scores, before.bag_totals)
        decided = {*log.blind_nil, *log.blind_nil_declined}
        plays = [t.cards for t in log.tricks]
        if self._trick and self.phase is _PLAY:
            plays.append(tuple(self._trick))
        return Position(
            self.rules, log.number, tuple(scores), tuple(bags), self._deck_seen(log, seat),
            tuple(s in log.blind_nil for s in self._declaring_order(log) if s in decided),
            tuple(None if seat not in (None, who) else kept == offered
                  for who, offered, kept, _ in log.draft),
            self._exchanges_seen(log, seat), tuple(bid for _, bid in log.bids), tuple(plays),
            seat)

    def _deck_seen(self, log: HandLog, seat: int | None) -> tuple[Card | None, ...]:
        """The hand's deck, each card ``seat`` has not seen None (None: all seen)."""
        if seat is None:
            return tuple(log.deck)
        seen = [False] * DECK_SIZE
        if self._n == 4 and self.phase is not _BLIND_NIL:  # its own cards, dealt
            seen = [self._order[place % 4] == seat for place in range(DECK_SIZE)]
        for pair, (who, *_) in enumerate(log.draft):  # the pairs it drafted
            seen[2 * pair] = seen[2 * pair + 1] = who == seat
        if self.phase is _DRAFT and self.to_move == seat:  # the card offered to it
            seen[self._stock_pos] = True
        return tuple(card if seen[place] else None for place, card in enumerate(log.deck))

    def _exchanges_seen(self, log: HandLog, seat: int | None) -> tuple[Exchange, ...]:
        """The hand's exchanges, and the one under way, as ``seat`` has seen them (None:
        all): its own, its partner's once both gave, the others' cards unseen."""
        partner = None if seat is None else self.rules.partner_of(seat)
        exchanges = []
        for who, gave, received in log.exchanges:
            if seat in (None, who) or (who == partner and received is not None):
                exchanges.append(Exchange(gave, received or ()))
            else:
                exchanges.append(Exchange((None,) * len(gave), (None,) * len(received or ())))
        if self._chosen and seat in (None, self._queue[0]):  # being chosen, or given
            exchanges.append(Exchange(tuple(cards_in(self._chosen)),
                                      () if self.phase is _DRAW else None))
        return tuple(exchanges)

    @classmethod
    def from_position(cls, text: str | Position,
                      seed: int | random.Random | None = None) -> Game:
        """The game of an all-seeing :meth:`position` (its text, or its fields), its hand
        dealt and replayed, every rule checked; bad text raises
        :class:`~spades.position.PositionError` in one line.
        ``seed`` deals later hands and draws the hand's later exchanges (without it, the
        next hand waits for :meth:`deal`; the draws are seeded by the deck). Earlier hands
        are not part of a position: ``hands`` starts with this one."""
        position = text if isinstance(text, Position) else Position.parse(text)
        if position.seat is not None:
            raise PositionError(SEAT_VIEW_REFUSED)
        rng = seed if isinstance(seed, random.Random) or seed is None else random.Random(seed)
        game = cls(position.rules, chance=Chance(None))  # waits for the deal, no hand yet
        game._first, game._chance = position.hand, Chance(rng)
        game._opening = (position.scores, position.bag_totals)
        game.scores, game.bag_totals = list(position.scores), list(position.bag_totals)
        if position.deck is None:
            if any((position.declarations, position.draft, position.exchanges, position.bids,
                    position.tricks)):
                raise PositionError("a hand not dealt yet (deck '-') has no decisions")
            if rng is not None:
                game._start_hand()
            return game
        # dealt by the caller: each two-player exchange waits for its draw
        game.deal(known(position.deck))
        game._replay(position)
        game._by_caller = game.phase is _DRAW  # else later draws are the chance's
        return game

    def _replay(self, position: Position) -> None:
        """Take the decisions of ``position``'s hand, in order."""
        fields: tuple[tuple[str, Sequence[Any]], ...] = (
            ("declaration", position.declarations), ("draft decision", position.draft),
            ("exchange", position.exchanges), ("bid", position.bids),
            ("trick", position.tricks))
        for name, items in fields:
            for number, item in enumerate(items, 1):
                try:
                    self._position_step(name, item, number == len(items))
                except SpadesError as error:
                    raise PositionError(f"the position's {name} {number}: {error}") from None
        written = zip(position.exchanges, self.hands[-1].exchanges, strict=False)
        for number, (exchange, (seat, _, received)) in enumerate(written, 1):
            if tuple(received or ()) != exchange.received:  # a partner's gift, written wrong
                said = " ".join(map(card_text, known(exchange.received or ()))) or "nothing"
                raise PositionError(f"the position's exchange {number}: seat {seat} received "
                                    f"{' '.join(map(card_text, received or ())) or 'nothing'}"
                                    f", the position says {said}")
        if self.hands[-1].result is not None and not self.over:
            raise PositionError("the position's hand is over and the game goes on: write "
                                "the next hand's position (its deck '-')")

    def _position_step(self, name: str, item: Any, last: bool) -> None:
        """Take one decision of a position's field ``name`` (``last``: the field's last)."""
        if name == "declaration":
            self.apply(BLIND_NIL if item else NO_BLIND_NIL)
        elif name == "draft decision":
            self.apply(KEEP if item else DISCARD)
        elif name == "exchange":
            self._exchange(item)
        elif name == "bid":
            self.apply(Action.bid(item))
        else:
            self._play_trick(item, last)

    def _exchange(self, exchange: Exchange) -> None:
        """Take a position's exchange: choose its cards, or give them and take the draw."""
        if exchange.received is None:  # still choosing
            for card in known(exchange.gave):
                self.apply(Action.give(card))
            return
        self.give(known(exchange.gave))
        if self.phase is _DRAW and exchange.received:
            self.draw(known(exchange.received))

    def _play_trick(self, cards: tuple[Card, ...], last: bool) -> None:
        """Play a position's trick: ``n`` cards (fewer only in the last)."""
        if len(cards) > self._n or (len(cards) < self._n and not last):
            raise SpadesError(f"a trick has {self._n} cards (fewer only in the last one), "
                              f"not {len(cards)}")
        for card in cards:
            self.apply(Action.play(card))

    def __repr__(self) -> str:
        return (f"<Game {self.rules.variant} hand {self.hand_number} {self.phase}"
                f" to_move={self.to_move} scores={self.scores}>")
