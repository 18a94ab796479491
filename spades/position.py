"""A match's state as one line of text, like chess's FEN (docs/record.md §5).

A position holds what a game needs to go on: the rules, the hand's number, the totals
when the hand began, and the hand so far: its deck and every decision taken in it, in
order. Ten fields, one space between each, ``-`` for a field with nothing in it::

    partnership 3 120,85 4,7 <deck> nnbn - 9H8H7H>2C3C4C,2C3C4C>9H8H7H 4,3,2 KHAHQH2H/5C6C

1. the variant, then ``:`` and the rules that differ from its own, ``name=value`` by
   commas (``partnership:target=300,nil=false``; values ``true``, ``false``, ``none``, an
   integer);
2. the number of the hand (from 1);
3. the scores when the hand began, side 0's then side 1's, by a comma;
4. the bags then, the same way;
5. the deck, its 52 cards in the record's notation (``AS``, ``TH``) with nothing between
   them (``-`` while the hand awaits its deal);
6. the blind nil declarations in the order the seats were asked: ``b`` declared,
   ``n`` declined;
7. the two-player draft, in order: ``k`` kept the offered card, ``d`` discarded it;
8. the blind nil exchanges in order, by commas: each the cards given, ``>``, the cards
   received (none yet: the partner has not given, or the draw from the discard pile is
   awaited); an exchange being chosen is the cards chosen so far and ``+``;
9. the bids in order, by commas, ``0`` for nil (blind nil bids are the declarations');
10. the cards played, in order, each trick's after ``/``.

Who acts is the engine's business: a position is loaded (:meth:`spades.Game.from_position`)
by dealing the deck and taking the decisions in order, so every rule is checked. A
seat's view (:meth:`spades.Game.position` with ``seat``) writes ``??`` for each card the
seat has not seen and ``?`` for a draft decision it did not see, leaves out an exchange
being chosen by another seat, and adds an eleventh field, ``seat:`` and the seat's
number; it does not load.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from .cards import DECK_SIZE, Card, card_text, parse_card
from .errors import NotationError, SpadesError, quoted
from .rules import PRESETS, Rules, rules_for

UNSEEN = "??"
SEAT_VIEW_REFUSED = "a seat's view does not load: the cards it has not seen are unknown"
_NUMBER = re.compile(r"-?\d{1,15}")
_OPTIONS = {f.name: str(f.type) for f in fields(Rules) if f.name not in ("variant", "players")}
FIELDS = ("variant", "hand", "scores", "bags", "deck", "declarations", "draft", "exchanges",
          "bids", "plays")


class PositionError(SpadesError):
    """Text that is not a position, or a position whose hand breaks a rule."""


@dataclass(frozen=True)
class Exchange:
    """A blind nil exchange: the cards given and the cards received, in a position.

    ``received`` is None while the seat is still choosing (``gave`` holds the cards chosen
    so far); empty while nothing has come back yet. A card None is one the seat whose view
    this is has not seen."""

    gave: tuple[Card | None, ...]
    received: tuple[Card | None, ...] | None = ()

    def text(self) -> str:
        """The exchange as field 8 writes it."""
        if self.received is None:
            return _cards_text(self.gave) + "+"
        return _cards_text(self.gave) + ">" + _cards_text(self.received)


@dataclass(frozen=True)
class Position:
    """The fields of a position (see the module's description). Cards None are unseen
    (a seat's view, whose ``seat`` is set); ``draft`` None is a decision unseen."""

    rules: Rules
    hand: int
    scores: tuple[int, ...]
    bag_totals: tuple[int, ...]
    deck: tuple[Card | None, ...] | None
    declarations: tuple[bool, ...] = ()
    draft: tuple[bool | None, ...] = ()
    exchanges: tuple[Exchange, ...] = ()
    bids: tuple[int, ...] = ()
    tricks: tuple[tuple[Card, ...], ...] = ()
    seat: int | None = None

    def text(self) -> str:
        """The position as one line."""
        parts = [
            _rules_text(self.rules), str(self.hand), _pair(self.scores), _pair(self.bag_totals),
            "-" if self.deck is None else _cards_text(self.deck),
            "".join("b" if declared else "n" for declared in self.declarations),
            "".join("?" if keep is None else "k" if keep else "d" for keep in self.draft),
            ",".join(exchange.text() for exchange in self.exchanges),
            ",".join(map(str, self.bids)),
            "/".join(_cards_text(trick) for trick in self.tricks if trick),
        ]
        if self.seat is not None:
            parts.append(f"seat:{self.seat}")
        return " ".join(part or "-" for part in parts)

    @classmethod
    def parse(cls, text: str) -> Position:
        """Read a position written by :meth:`text` (not a seat's view); a fault is a
        :class:`PositionError` naming the field."""
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {quoted(text)}")
        parts = text.split(" ")
        if len(parts) == len(FIELDS) + 1 and parts[-1].startswith("seat:"):
            raise PositionError(SEAT_VIEW_REFUSED)
        if len(parts) != len(FIELDS):
            raise PositionError(f"a position has {len(FIELDS)} fields, one space between "
                                f"each; {quoted(text)} has {len(parts)}")
        read = {name: _field(name, part) for name, part in zip(FIELDS, parts, strict=True)}
        rules = _read_rules(read["variant"])
        exchanges, plays = read["exchanges"], read["plays"]
        hand = _numbers(read["hand"], "hand", 1)[0]
        if hand < 1:
            raise PositionError(f"the position's hand must be 1 or more, not {hand}")
        return cls(
            rules=rules, hand=hand,
            scores=_numbers(read["scores"], "scores", rules.sides),
            bag_totals=_numbers(read["bags"], "bags", rules.sides),
            deck=None if read["deck"] == "" else _deck(read["deck"]),
            declarations=tuple(_letters(read["declarations"], "declarations", "bn")),
            draft=tuple(_letters(read["draft"], "draft", "kd")),
            exchanges=tuple(map(_exchange, exchanges.split(","))) if exchanges else (),
            bids=_numbers(read["bids"], "bids", None) if read["bids"] else (),
            tricks=tuple(tuple(_cards(t, "plays")) for t in plays.split("/")) if plays else (),
        )


def known(cards: Sequence[Card | None]) -> tuple[Card, ...]:
    """``cards``, every one known: a card unseen (a seat's view) cannot be played out."""
    if None in cards:
        raise PositionError(SEAT_VIEW_REFUSED)
    return tuple(card for card in cards if card is not None)


def _field(name: str, part: str) -> str:
    """A field's text, ``-`` read as empty."""
    if not part:
        raise PositionError(f"the position's {name} is empty (two spaces?): write '-'")
    return "" if part == "-" else part


def _cards_text(cards: tuple[Card | None, ...]) -> str:
    return "".join(UNSEEN if card is None else card_text(card) for card in cards)


def _pair(values: tuple[int, ...]) -> str:
    return ",".join(map(str, values))


def _value_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rules_text(rules: Rules) -> str:
    """The variant, and the options that differ from its preset."""
    preset = PRESETS[rules.variant]
    changed = [f"{name}={_value_text(getattr(rules, name))}" for name in _OPTIONS
               if getattr(rules, name) != getattr(preset, name)]
    return rules.variant + (":" + ",".join(changed) if changed else "")


def _read_rules(text: str) -> Rules:
    variant, _, options = text.partition(":")
    values: dict[str, Any] = {}
    for option in options.split(",") if options else ():
        name, equals, value = option.partition("=")
        if not equals:
            raise PositionError(f"the position's rules are name=value by commas, not "
                                f"{quoted(option)}")
        values[name] = {"true": True, "false": False, "none": None}.get(value, value)
        if isinstance(values[name], str):
            if not _NUMBER.fullmatch(value):
                raise PositionError(f"the rule {quoted(name)} is true, false, none or an "
                                    f"integer, not {quoted(value)}")
            values[name] = int(value)
    try:
        return rules_for(variant, **values)
    except SpadesError as error:
        raise PositionError(f"the position's rules: {error}") from None


def _numbers(text: str, name: str, count: int | None) -> tuple[int, ...]:
    """Integers by commas: ``count`` of them (None: any number)."""
    words = text.split(",")
    if not all(_NUMBER.fullmatch(word) for word in words) or (
            count is not None and len(words) != count):
        many = ("an integer" if count == 1 else
                f"{'' if count is None else f'{count} '}integers by commas")
        raise PositionError(f"the position's {name} must be {many}, not {quoted(text)}")
    return tuple(int(word) for word in words)


def _letters(text: str, name: str, letters: str) -> list[bool]:
    """A field of letters, each the first (True) or the second (False) of ``letters``."""
    wrong = set(text) - set(letters)
    if wrong:
        raise PositionError(f"the position's {name} are the letters {letters[0]} and "
                            f"{letters[1]}, not {quoted(min(wrong))}")
    return [letter == letters[0] for letter in text]


def _cards(text: str, name: str) -> list[Card]:
    """Cards written two characters each, nothing between them."""
    if UNSEEN in text:
        raise PositionError(SEAT_VIEW_REFUSED)
    if len(text) % 2:
        raise PositionError(f"the position's {name} are cards of two characters each "
                            f"(AS, TH), not {quoted(text)}")
    try:
        return [parse_card(text[i:i + 2]) for i in range(0, len(text), 2)]
    except NotationError as error:
        raise PositionError(f"the position's {name}: {error}") from None


def _deck(text: str) -> tuple[Card, ...]:
    deck = _cards(text, "deck")
    if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
        raise PositionError(f"the position's deck must hold each of the 52 cards once, "
                            f"got {len(deck)} cards ({len(set(deck))} different)")
    return tuple(deck)


def _exchange(text: str) -> Exchange:
    if text.endswith("+"):
        return Exchange(tuple(_cards(text[:-1], "exchanges")), None)
    gave, arrow, received = text.partition(">")
    if not arrow:
        raise PositionError(f"an exchange is the cards given, '>', the cards received, or "
                            f"the cards chosen and '+', not {quoted(text)}")
    return Exchange(tuple(_cards(gave, "exchanges")), tuple(_cards(received, "exchanges")))
