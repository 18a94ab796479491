"""The game record of docs/record.md (format ``spades-record``, version 1): write, read, replay.

``dumps``/``loads``/``dump``/``load`` have ``json``'s shape. Reading a record replays
it through :class:`spades.Game`, so every rule is checked on the way; a record that
breaks one raises :class:`RecordError` naming the hand, the trick and the reason.
Besides the fields of docs/record.md §2 a hand carries ``blind_nil_declined`` (the seats that
declined blind nil, in order), so that a record cut during the declarations
rebuilds exactly; a record without it is read as everyone having declined.

Reading requires every field docs/record.md names, of the type it names (an integer is
never a float or a bool); of the rules, the ones it shows, the variant's own
(``exchange_cards``, ``first_drawer_bids_first``) being the variant's when absent.
Nothing else in a record can make the reader fail otherwise than with RecordError.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, TypeGuard

from .actions import BLIND_NIL, DISCARD, KEEP, NO_BLIND_NIL, Action
from .cards import Card, card_text, cards_in, parse_card
from .chance import RecordedChance, as_deck
from .errors import RecordError, SpadesError, quoted
from .game import Game, HandLog
from .observation import Phase, Trick
from .rules import Rules, rules_for
from .scoring import HandResult

FORMAT, VERSION = "spades-record", 1


def _texts(cards: Iterable[Card]) -> list[str]:
    return [card_text(c) for c in cards]


def _hand_json(log: HandLog, under_way: Trick | None = None) -> dict[str, Any]:
    """A hand's object; ``under_way``, the trick being played, ends its tricks if begun."""
    hand: dict[str, Any] = {
        "number": log.number,
        "deck": _texts(log.deck),
        "dealer": log.dealer,
        "first_drawer": log.first_drawer,
        "blind_nil": list(log.blind_nil),
        "blind_nil_declined": list(log.blind_nil_declined),
        "draft": [
            {"seat": seat, "offered": card_text(offered), "kept": card_text(kept),
             "discarded": card_text(discarded)}
            for seat, offered, kept, discarded in log.draft
        ],
        "exchanges": [
            {"seat": seat, "gave": _texts(gave),
             "received": None if received is None else _texts(received)}
            for seat, gave, received in log.exchanges
        ],
        "holdings": [_texts(cards_in(h)) for h in log.holdings],
        "bids": [{"seat": seat, "bid": bid} for seat, bid in log.bids],
        "tricks": [trick.to_json() for trick in (*log.tricks, under_way)
                   if trick is not None and trick.cards],
    }
    if log.result is not None:
        hand["result"] = log.result.to_json()
    return hand


def game_record(game: Game, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The docs/record.md document of ``game`` as it stands (a JSON-ready dict); ``players``
    are the names of the seats (``"seat 0"`` and so on by default)."""
    n = game.rules.players
    names = list(players) if players is not None else [f"seat {s}" for s in range(n)]
    if len(names) != n:
        raise SpadesError(f"{len(names)} player names for {n} seats")
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.rules.variant,
        "rules": game.rules.to_dict(),
        "players": names,
        "hands": [_hand_json(log) for log in game.hands[:-1]]
                 + [_hand_json(log, game.current_trick) for log in game.hands[-1:]],
        "winner": game.winner,
        "scores": list(game.scores),
    }


NAME_LIMIT = 40  # the characters of a name shown, its ellipsis included


def display_name(name: str, limit: int = NAME_LIMIT) -> str:
    """A player's name as data for a person to read, wherever it came from (a record, a
    client): each character that does not print (a control character such as ESC, a
    line break, a direction override) shown as its escape (``\\x1b``, ``\\u202e``), and a
    name longer than ``limit`` characters cut, ending in "…"."""
    pieces: list[str] = []
    size = 0
    for char in name[:limit + 1]:  # a longer name is cut anyway: never escape all of it
        piece = char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        pieces.append(piece)
        size += len(piece)
    if size <= limit and len(name) <= limit:
        return "".join(pieces)
    while size > limit - 1:  # room for the ellipsis; an escape is kept whole or dropped
        size -= len(pieces.pop())
    return "".join(pieces) + "…"


# ---------------------------------------------------------------- reading

# The fields docs/record.md requires: of the document, of its rules, of a hand, of its entries.
RECORD_FIELDS = ("format", "version", "variant", "rules", "players", "hands", "winner", "scores")
RULE_FIELDS = ("target", "lose_threshold", "nil", "nil_points", "blind_nil", "blind_nil_points",
               "blind_nil_deficit", "bag_limit", "bag_penalty", "lead_spades_anytime")
HAND_LISTS = ("blind_nil", "draft", "exchanges", "holdings", "bids", "tricks")
HAND_FIELDS = ("number", "deck", "dealer", "first_drawer", *HAND_LISTS)
ENTRY_FIELDS = {"draft": ("seat", "offered", "kept", "discarded"),
                "exchanges": ("seat", "gave", "received"), "bids": ("seat", "bid"),
                "tricks": ("leader", "cards", "winner")}
MAX_DIGITS = 15  # no integer of a record comes near; int() of a long one is slow


def parse(data: str | bytes) -> Any:
    """JSON text (a str, or UTF-8 bytes) as Python values; any fault is a RecordError.

    Refused: bytes that are not UTF-8 (a binary or UTF-16 file), text that is not JSON,
    NaN and Infinity, integers of more than ``MAX_DIGITS`` digits, nesting too deep for
    the parser.
    """
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")  # a byte order mark is let through
        except UnicodeDecodeError as error:
            raise RecordError(f"not UTF-8 text: byte {data[error.start]:#04x} at offset "
                              f"{error.start}") from None
    if not isinstance(data, str):
        raise RecordError(f"expected JSON text, got {quoted(data)}")
    try:
        return json.loads(data, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as error:
        raise RecordError(f"not JSON: {error}") from None
    except RecursionError:
        raise RecordError("not a record: JSON nested too deeply") from None


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise RecordError(f"not a record: a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _parse_constant(name: str) -> float:
    raise RecordError(f"not JSON: {name}")


def _is_int(value: object) -> TypeGuard[int]:
    """Whether ``value`` is an integer (not a bool, not a float) of a record's size."""
    return (isinstance(value, int) and not isinstance(value, bool)
            and abs(value) < 10 ** MAX_DIGITS)


def _ints(value: object, count: int) -> bool:
    """Whether ``value`` is a list of ``count`` integers."""
    return isinstance(value, list) and len(value) == count and all(map(_is_int, value))


def _is_text(value: object) -> bool:
    """Whether ``value`` is text that can be written out (JSON's "\\ud800", a lone
    surrogate, cannot)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _require(obj: dict[str, Any], keys: Sequence[str], where: str) -> None:
    """Refuse ``obj`` unless it has every one of ``keys``."""
    missing = [key for key in keys if key not in obj]
    if missing:
        raise RecordError(f"{where}: no {', '.join(repr(key) for key in missing)}")


def _card(text: Any, where: str) -> Card:
    """A card's text, read; errors start with ``where``."""
    if not isinstance(text, str):
        raise RecordError(f"{where}: expected a card, got {quoted(text)}")
    return parse_card(text)


def _cards(texts: Any, where: str) -> list[Card]:
    """A list of cards' text, read; errors start with ``where``."""
    if not isinstance(texts, list):
        raise RecordError(f"{where}: expected a list of cards, got {quoted(texts)}")
    return [_card(t, where) for t in texts]


def _check_hand(hand: Any, where: str) -> None:
    """Refuse a hand object that lacks a field of docs/record.md or has one of the wrong type."""
    if not isinstance(hand, dict):
        raise RecordError(f"{where}: expected a hand object, got {quoted(hand)}")
    _require(hand, HAND_FIELDS, where)
    for key in (*HAND_LISTS, "blind_nil_declined"):
        value = hand.get(key, [])
        if not isinstance(value, list):
            raise RecordError(f"{where}: '{key}' must be a list, got {quoted(value)}")
    for key in ("blind_nil", "blind_nil_declined"):
        if not all(map(_is_int, hand.get(key, []))):
            raise RecordError(f"{where}: '{key}' must list seat numbers, "
                              f"got {quoted(hand[key])}")


def _deck(hand: dict[str, Any], where: str) -> list[Card]:
    """A hand's deck, checked to hold each card once."""
    try:
        return as_deck(_cards(hand["deck"], where))
    except SpadesError as error:
        raise RecordError(f"{where}: {error}") from None


def _int(obj: dict[str, Any], key: str, where: str) -> int:
    """The integer ``obj[key]``, which must be there."""
    value = obj.get(key)
    if not _is_int(value):
        raise RecordError(f"{where}: '{key}' must be an integer, got {quoted(value)}")
    return value


def _rules(doc: dict[str, Any]) -> Rules:
    """The rules of a record, every field docs/record.md shows being there."""
    options = doc["rules"]
    if not isinstance(options, dict) or not all(isinstance(key, str) for key in options):
        raise RecordError(f"'rules' must be an object, got {quoted(options)}")
    missing = [key for key in RULE_FIELDS if key not in options]
    if missing:
        raise RecordError(f"'rules' lacks {', '.join(missing)}")
    try:
        return rules_for(doc["variant"], **options)
    except SpadesError as error:
        raise RecordError(str(error)) from None


def replay(document: dict[str, Any] | str | bytes, seed: int | random.Random | None = None,
           before_play: Callable[[Game, Card], None] | None = None) -> Game:
    """Rebuild the game of a record, checking every rule and every written result.

    ``document`` is the record's JSON text or the object :func:`parse` makes of it.
    ``before_play(game, card)`` is called before each card of the record is played
    (``spades analyze`` looks at every position this way).
    """
    doc = parse(document) if isinstance(document, str | bytes) else document
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} document")
    _require(doc, RECORD_FIELDS, "record")
    if not _is_int(doc["version"]) or doc["version"] != VERSION:
        raise RecordError(f"unsupported {FORMAT} version {quoted(doc['version'])}")
    rules = _rules(doc)
    players = doc["players"]
    if not (isinstance(players, list) and len(players) == rules.players
            and all(map(_is_text, players))):
        raise RecordError(f"'players' must be {rules.players} names, got {quoted(players)}")
    winner, scores = doc["winner"], doc["scores"]
    if not (winner is None or _is_int(winner)):
        raise RecordError(f"'winner' must be a side number or null, got {quoted(winner)}")
    if not _ints(scores, rules.sides):
        raise RecordError(f"'scores' must be {rules.sides} integers, got {quoted(scores)}")
    hands = doc["hands"]
    if not isinstance(hands, list):
        raise RecordError(f"record: 'hands' must be a list, got {quoted(hands)}")
    for i, hand in enumerate(hands):
        _check_hand(hand, f"hand {i + 1}")
    try:
        decks = [_deck(h, f"hand {i + 1}") for i, h in enumerate(hands)]
        draws = ([] if rules.players != 2 else
                 [_cards(e.get("received"), f"hand {i + 1}: exchange")
                  for i, h in enumerate(hands) for e in h["exchanges"] if isinstance(e, dict)])
        rng = seed if isinstance(seed, random.Random) or seed is None else random.Random(seed)
        game = Game(rules, chance=RecordedChance(decks, draws, rng))
    except SpadesError as error:
        raise RecordError(str(error)) from None
    for index, hand in enumerate(hands):
        _replay_hand(game, hand, index + 1, index == len(hands) - 1, before_play)
    if game.winner != winner:
        raise RecordError(f"the winner is {game.winner}, the record says {quoted(winner)}")
    if game.scores != scores:
        raise RecordError(f"the scores are {game.scores}, the record says {quoted(scores)}")
    return game


def _replay_hand(game: Game, hand: dict[str, Any], number: int, last: bool,
                 before_play: Callable[[Game, Card], None] | None) -> None:
    """Play one hand of a record into ``game``, checking it as it goes."""
    replay = _HandReplay(game, hand, number, before_play)
    try:
        replay.declarations()
        replay.draft()
        replay.exchanges()
        replay.bids()
        replay.tricks()
    except SpadesError as error:
        if isinstance(error, RecordError):
            raise
        raise replay.fail(str(error)) from None
    _check_result(replay.log, hand, replay.where, last)


class _HandReplay:
    """Replays one hand object of a record, phase by phase; errors name the hand and step."""

    def __init__(self, game: Game, hand: dict[str, Any], number: int,
                 before_play: Callable[[Game, Card], None] | None = None) -> None:
        self.game, self.where, self.step = game, f"hand {number}", ""
        self.before_play = before_play
        if hand["number"] != number or not _is_int(hand["number"]):
            raise RecordError(f"{self.where}: expected a hand object numbered {number}")
        if game.hand_number != number or game.phase in (Phase.OVER, Phase.DEAL):
            raise RecordError(f"{self.where}: the game has already ended" if game.over else
                              f"{self.where}: the hand before it is not finished")
        self.log = game.hands[-1]
        for key, expected in (("dealer", self.log.dealer),
                              ("first_drawer", self.log.first_drawer)):
            value = hand[key]
            if value != expected or not (value is None or _is_int(value)):
                raise RecordError(f"{self.where}: '{key}' is {expected}, "
                                  f"the record says {quoted(value)}")
        self.lists = {key: hand.get(key, []) for key in (*HAND_LISTS, "blind_nil_declined")}
        if len(self.lists["tricks"]) > 13:
            raise RecordError(f"{self.where}: a hand has 13 tricks, the record has "
                              f"{len(self.lists['tricks'])}")

    @property
    def context(self) -> str:
        """The hand and the step being replayed, as error messages start."""
        return f"{self.where}, {self.step}" if self.step else self.where

    def fail(self, reason: str) -> RecordError:
        """An error naming the hand and the step being replayed."""
        return RecordError(f"{self.context}: {reason}")

    def entries(self, key: str, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
        """The objects of list ``key``, numbered from 1, setting the step as each is read;
        each must have the fields of docs/record.md."""
        for i, entry in enumerate(self.lists[key], 1):
            self.step = f"{name} {i}"
            if not isinstance(entry, dict):
                raise self.fail(f"expected an object, got {quoted(entry)}")
            _require(entry, ENTRY_FIELDS[key], self.context)
            yield i, entry

    def card(self, text: Any) -> Card:
        return _card(text, self.context)

    def cards(self, texts: Any) -> list[Card]:
        return _cards(texts, self.context)

    def act(self, seat: Any, action: Action | int) -> None:
        """Apply ``action``, which the record says ``seat`` took."""
        self.turn(seat)
        self.game.apply(action)

    def turn(self, seat: Any) -> None:
        """Check that the record has the seat to move act."""
        if not _is_int(seat):
            raise self.fail(f"expected a seat number, got {quoted(seat)}")
        if seat != self.game.to_move:
            raise self.fail(f"the record has seat {seat} act, "
                            f"but it is seat {self.game.to_move}'s turn")

    def declarations(self) -> None:
        self.step = "declaring blind nil"
        declared, declined = list(self.lists["blind_nil"]), self.lists["blind_nil_declined"]
        later = any(self.lists[k] for k in ("draft", "exchanges", "bids", "tricks"))
        game = self.game
        while game.phase is Phase.BLIND_NIL and game.hands[-1] is self.log:
            seat = game.to_move
            if declared and declared[0] == seat:
                declared.pop(0)
                self.act(seat, BLIND_NIL)
            elif seat in declined or (later and seat not in declared):
                self.act(seat, NO_BLIND_NIL)
            else:
                break
        if declared:
            raise self.fail(f"seat {declared[0]} cannot declare blind nil here")

    def draft(self) -> None:
        for _, entry in self.entries("draft", "draft"):
            offered, kept = self.card(entry["offered"]), self.card(entry["kept"])
            written = (offered, kept, self.card(entry["discarded"]))
            self.act(entry["seat"], KEEP if kept == offered else DISCARD)
            real = self.log.draft[-1][1:]
            if written != real:
                raise self.fail(f"the stock offers {card_text(real[0])} then "
                                f"{card_text(real[1] ^ real[2] ^ real[0])}, the record says "
                                f"{' '.join(_texts(written))}")

    def exchanges(self) -> None:
        entries = []
        for i, entry in self.entries("exchanges", "exchange"):
            entries.append((i, entry))
            gave = self.cards(entry["gave"])
            if len(set(gave)) != len(gave):
                raise self.fail(f"a card given twice: {quoted(entry['gave'])}")
            self.turn(entry["seat"])
            self.game.give(gave)
        for (i, entry), (seat, _, received) in zip(entries, self.log.exchanges, strict=False):
            self.step = f"exchange {i}"
            written = entry["received"]
            if written is None and received is None:
                continue  # the partner has not given yet
            if written is None or received is None or sorted(self.cards(written)) != sorted(
                    received):
                said = "null" if written is None else quoted(written)
                raise self.fail(f"seat {seat} received "
                                f"{'nothing yet' if received is None else _texts(received)}, "
                                f"the record says {said}")

    def bids(self) -> None:
        for _, entry in self.entries("bids", "bid"):
            self.act(entry["seat"], Action.bid(_int(entry, "bid", self.context)))
        self.step = ""
        holdings = self.lists["holdings"]
        if [sorted(self.cards(h)) for h in holdings] != [list(cards_in(h))
                                                          for h in self.log.holdings]:
            raise self.fail("the holdings when bidding starts are not the record's")

    def tricks(self) -> None:
        for t, trick in self.entries("tricks", "trick"):
            leader = _int(trick, "leader", self.context)
            if leader != self.game.to_move:
                raise self.fail(f"seat {self.game.to_move} leads, the record says seat {leader}")
            cards = self.cards(trick["cards"])
            n = self.game.rules.players
            if len(cards) > n or (len(cards) < n and t < len(self.lists["tricks"])):
                raise self.fail(f"a trick has {n} cards (fewer only in the last one), "
                                f"the record has {len(cards)}")
            for card in cards:
                if self.before_play is not None and card in self.game.legal_actions():
                    self.before_play(self.game, card)
                self.game.apply(Action.play(card))
            done = self.log.tricks
            real_winner, winner = done[t - 1].winner if len(done) >= t else None, trick["winner"]
            if winner != real_winner or not (winner is None or _is_int(winner)):
                raise self.fail(f"the winner is "
                                f"{'nobody yet' if real_winner is None else real_winner}, "
                                f"the record says {quoted(winner)}")


def _check_result(log: HandLog, hand: dict[str, Any], where: str, last: bool) -> None:
    """The written result must be the one the replay scored; only an unfinished hand, the
    last, lacks it."""
    written = hand.get("result")
    if log.result is None:
        if written is not None:
            raise RecordError(f"{where}: the record has a result for an unfinished hand")
        if not last:
            raise RecordError(f"{where}: the hand is unfinished but later hands follow")
        return
    if written is None:
        raise RecordError(f"{where}: the hand is finished but the record lacks its result")
    if not isinstance(written, dict):
        raise RecordError(f"{where}: unreadable result {quoted(written)}")
    for name in log.result.__dataclass_fields__:
        size = len(getattr(log.result, name))
        if not _ints(written.get(name), size):
            raise RecordError(f"{where}: unreadable result: '{name}' must be a list of {size} "
                              f"integers, got {quoted(written.get(name))}")
    result = HandResult.from_json(written)
    if result != log.result:
        for name in log.result.__dataclass_fields__:
            real, mine = getattr(log.result, name), getattr(result, name)
            if real != mine:
                raise RecordError(f"{where}: result {name} is {list(real)}, "
                                  f"the record says {list(mine)}")


def json_text(document: dict[str, Any]) -> str:
    """A record document as JSON text: one line for the header and one per hand."""
    header = {key: value for key, value in document.items() if key != "hands"}
    lines = [json.dumps(h, ensure_ascii=False) for h in document["hands"]]
    return (json.dumps(header, ensure_ascii=False)[:-1] + ', "hands": [\n'
            + ",\n".join(lines) + "\n]}\n")


def dumps(game: Game, players: Sequence[str] | None = None) -> str:
    """The record of ``game`` as JSON text."""
    return json_text(game_record(game, players))


def loads(text: str | bytes, seed: int | random.Random | None = None) -> Game:
    """The game of a record's JSON text (or its UTF-8 bytes), replayed and checked."""
    return replay(text, seed)


def dump(game: Game, fp: IO[str], players: Sequence[str] | None = None) -> None:
    """Write the record of ``game`` to a text file."""
    fp.write(dumps(game, players))


def load(fp: IO[str] | IO[bytes], seed: int | random.Random | None = None) -> Game:
    """Read, replay and check the record in a file (text, or binary holding UTF-8)."""
    return loads(fp.read(), seed)
