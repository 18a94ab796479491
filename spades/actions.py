"""Actions: one int per decision, with their text (docs/record.md) both ways.

Codes (the integer encoding for learning code): 0-51 play that card; 52-65 bid
nil, 1..13; 66 blind nil; 67 no blind nil; 68 keep; 69 discard; 70-121 give one
card in a blind nil exchange (70 + the card); 122 end the exchange with the cards
chosen so far (:data:`END_GIVE`, text ``give``). An exchange is chosen card by card;
a whole give's text (``give 2C QH KD``) is read by :func:`parse_give` and taken by
:meth:`spades.Game.give`.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from .cards import DECK_SIZE, Card, card_text, parse_card
from .errors import NotationError, quoted

BID_BASE = 52
BLIND_NIL = 66
NO_BLIND_NIL = 67
KEEP = 68
DISCARD = 69
GIVE_BASE = 70
END_GIVE = GIVE_BASE + DECK_SIZE
NUM_ACTIONS = END_GIVE + 1


class Kind(StrEnum):
    """The kinds of action (:attr:`Action.kind`); each is also its text."""

    PLAY = "play"
    BID = "bid"
    DECLARE = "blind nil"  # either answer: blind nil or no blind nil
    DRAFT = "draft"
    GIVE = "give"


PLAY, BID, DECLARE, DRAFT, GIVE = Kind


class Action(int):
    """One decision, an int with a text form: ``str(Action.play(51)) == 'play AS'``."""

    __slots__ = ()

    @classmethod
    def play(cls, card: Card) -> Action:
        """Play ``card``."""
        if not 0 <= card < DECK_SIZE:
            raise NotationError(f"not a card: {quoted(card)} (cards are 0..{DECK_SIZE - 1})")
        return _ACTIONS[card]

    @classmethod
    def bid(cls, tricks: int) -> Action:
        """Bid ``tricks`` (0 is nil)."""
        if not 0 <= tricks <= 13:
            raise NotationError(f"not a bid: {quoted(tricks)} (bids are 0..13)")
        return _ACTIONS[BID_BASE + tricks]

    @classmethod
    def give(cls, card: Card) -> Action:
        """Choose ``card`` to give in a blind nil exchange (one step of it)."""
        if not 0 <= card < DECK_SIZE:
            raise NotationError(f"not a card: {quoted(card)} (cards are 0..{DECK_SIZE - 1})")
        return _ACTIONS[GIVE_BASE + card]

    @classmethod
    def from_code(cls, code: int) -> Action:
        """The action with integer code ``code``."""
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < NUM_ACTIONS:
            raise NotationError(f"not an action code: {quoted(code)} (0..{NUM_ACTIONS - 1})")
        return _ACTIONS[code]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action's text, case-insensitively: ``'play 10h'``, ``'AS'``, ``'bid 0'``."""
        words = text.strip().lower().split()
        if not words:
            raise NotationError(f"not an action: {quoted(text)}")
        phrase = " ".join(words)
        if phrase in _WORD_ACTIONS:
            return _ACTIONS[_WORD_ACTIONS[phrase]]
        head, rest = words[0], words[1:]
        if head == "give":
            cards = parse_give(text)
            assert cards is not None  # a give's text
            if len(cards) > 1:
                raise NotationError(
                    f"not one action: {quoted(text)} (an exchange is chosen card by card, "
                    "'give 2C' each, and 'give' ends it early; Game.give or Game.apply take "
                    "a whole give)")
            return cls.give(cards[0]) if cards else _ACTIONS[END_GIVE]
        try:
            if head == "bid" and len(rest) == 1 and rest[0].isascii() and rest[0].isdigit():
                return cls.bid(int(rest[0]))
            if head == "play" and len(rest) == 1:
                return cls.play(parse_card(rest[0]))
            if not rest:
                return cls.play(parse_card(head))
        except NotationError as error:
            raise NotationError(f"not an action: {quoted(text)} ({error})") from None
        raise NotationError(
            f"not an action: {quoted(text)} (expected e.g. 'play AS', 'bid 4', 'nil', 'blind nil', "
            "'no blind nil', 'keep', 'discard', 'give 2C' or 'give')"
        )

    @property
    def kind(self) -> Kind:
        """The :class:`Kind`: ``'play'``, ``'bid'``, ``'blind nil'`` (either answer),
        ``'draft'`` or ``'give'``."""
        if self < BID_BASE:
            return PLAY
        if self < BLIND_NIL:
            return BID
        if self < KEEP:
            return DECLARE
        if self < GIVE_BASE:
            return DRAFT
        return GIVE

    @property
    def card(self) -> Card:
        """The card of a play or of a give step (not of :data:`END_GIVE`)."""
        return self - GIVE_BASE if self >= GIVE_BASE else int(self)

    @property
    def tricks(self) -> int:
        """The number bid (0 for nil)."""
        return self - BID_BASE

    def __str__(self) -> str:
        if self < BID_BASE:
            return "play " + card_text(self)
        if self < GIVE_BASE:
            return _TEXT[self - BID_BASE]
        return "give" if self == END_GIVE else "give " + card_text(self - GIVE_BASE)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_TEXT = ("nil", *(f"bid {n}" for n in range(1, 14)), "blind nil", "no blind nil", "keep", "discard")
_WORD_ACTIONS = {
    **{text: BID_BASE + i for i, text in enumerate(_TEXT)},
    "bid nil": BID_BASE,
    "bid 0": BID_BASE,
}
_ACTIONS = tuple(Action(code) for code in range(NUM_ACTIONS))


def parse_give(text: str) -> tuple[Card, ...] | None:
    """The cards of a give's text, in its order, case-insensitively: ``'give 2C QH KD'``
    (a whole give, :meth:`spades.Game.give`), ``'give 2C'`` (one card: one step) or
    ``'give'`` (none); None if ``text`` is not a give. Unreadable or repeated cards raise
    :class:`NotationError`."""
    words = text.strip().lower().split()
    if not words or words[0] != "give":
        return None
    try:
        cards = tuple(parse_card(word) for word in words[1:])
    except NotationError as error:
        raise NotationError(f"not an action: {quoted(text)} ({error})") from None
    if len(set(cards)) != len(cards):
        raise NotationError(f"not an action: {quoted(text)} (a card given twice)")
    return cards


def give_steps(cards: Iterable[Card], most: int) -> list[Action]:
    """The steps of giving ``cards`` whole in an exchange of at most ``most`` cards: each
    card, then :data:`END_GIVE` unless the last card allowed ends it by itself."""
    steps = [Action.give(card) for card in cards]
    if not steps or len(steps) < most:
        steps.append(_ACTIONS[END_GIVE])
    return steps
