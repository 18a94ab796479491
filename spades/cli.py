"""The ``spades`` command: play, simulate, replay, arena, analyze, bench."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import Field
from pathlib import Path
from typing import Any, NoReturn

from . import bench, record
from .arena import run_arena, side_bots
from .bots import BOTS, check_bot_name, close_bot, make_bot, reveal_hands
from .cards import card_text, cards_in, sorted_cards
from .errors import RecordError, SpadesError
from .game import Game, HandLog
from .observation import Trick
from .progress import progress_bar
from .rules import PRESETS, Rules, rules_for
from .server.settings import bounded, check, said


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


def _side_name(rules: Rules, side: int) -> str:
    return f"seat {side}" if rules.players == 2 else f"seats {side} and {side + 2}"


def format_hand(log: HandLog, rules: Rules, players: Sequence[str],
                under_way: Trick | None = None) -> list[str]:
    """A hand as text: holdings, bids, each trick with its winner (``under_way``, the trick
    being played, last if begun), the result."""
    who = log.first_drawer if rules.players == 2 else log.dealer
    role = "first drawer" if rules.players == 2 else "dealer"
    lines = [f"Hand {log.number} ({role}: {players[who]})"]
    for seat, mask in enumerate(log.holdings):
        cards = sorted_cards(cards_in(mask))
        lines.append(f"  {players[seat]:>12}: {' '.join(map(card_text, cards))}")
    for seat in log.blind_nil:
        lines.append(f"  {players[seat]} bids blind nil")
    for seat, gave, received in log.exchanges:
        got = " ".join(map(card_text, received or ()))
        lines.append(f"  {players[seat]} gives {' '.join(map(card_text, gave)) or 'nothing'}"
                     f", receives {got or 'nothing'}")
    if log.bids:
        lines.append("  bids: " + ", ".join(
            f"{players[seat]} {'nil' if bid == 0 else bid}" for seat, bid in log.bids))
    tricks = list(log.tricks)
    if under_way is not None and under_way.cards:
        tricks.append(under_way)
    for number, trick in enumerate(tricks, 1):
        taker = "…" if trick.winner is None else players[trick.winner]
        lines.append(f"  trick {number:>2}: {players[trick.leader]} leads "
                     f"{' '.join(map(card_text, trick.cards))} → {taker}")
    if log.result is not None:
        r = log.result
        for side in range(rules.sides):
            penalty = f", penalty -{r.penalties[side]}" if r.penalties[side] else ""
            lines.append(f"  {_side_name(rules, side)}: {r.points[side]:+d} points, "
                         f"{r.bags[side]} bags{penalty}; score {r.scores[side]}, "
                         f"bags {r.bag_totals[side]}")
    return lines


def format_game(game: Game, names: Sequence[str]) -> str:
    """A whole game as text, hand by hand, with the outcome; ``names`` (from a file, say)
    are shown as data (:func:`record.display_name`)."""
    players = [f"{seat}:{record.display_name(name)}" for seat, name in enumerate(names)]
    lines = [f"{game.rules.variant}: {', '.join(players)}"]
    for log in game.hands:
        under_way = game.current_trick if log is game.hands[-1] else None
        lines += format_hand(log, game.rules, players, under_way)
    if game.over:
        lines.append(f"Winner: {_side_name(game.rules, game.winner or 0)} "
                     f"with {max(game.scores)} to {min(game.scores)}")
    else:
        lines.append(f"Unfinished; scores {game.scores}")
    return "\n".join(lines)


def _bot_names(text: str, players: int) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise SpadesError(f"--bots needs one name or {players} names, got {len(names)}")
    for name in names:
        check_bot_name(name, benchmark=True)
    return names


def play_game(rules: Rules, bot_names: Sequence[str], seed: str, max_hands: int) -> Game:
    """One game between computer players, stopped after ``max_hands`` hands."""
    game = Game(rules, seed=f"{seed}:deal")
    bots = [make_bot(name, f"{seed}:seat {s}", benchmark=True) for s, name in enumerate(bot_names)]
    for bot in bots:
        reveal_hands(bot, game.hand_masks)
    try:
        while game.to_move is not None and game.hand_number <= max_hands:
            seat = game.to_move
            game.apply(bots[seat].act(game.observation(seat)))
    finally:
        for seat, bot in enumerate(bots):
            for problem in close_bot(bot)[:5]:
                print(f"seat {seat} ({bot_names[seat]}): {problem}", file=sys.stderr)
    return game


def parse_rules(settings: Sequence[str]) -> dict[str, Any]:
    """``['target=300', 'nil=false']`` as rule options: whole numbers, true, false, none."""
    words = {"true": True, "false": False, "none": None}
    options: dict[str, Any] = {}
    for setting in settings:
        name, sep, text = setting.partition("=")
        if not sep or not name:
            raise SpadesError(f"bad --rule {setting!r}: expected NAME=VALUE, e.g. target=300")
        value = text.strip().lower()
        try:
            options[name.strip()] = words[value] if value in words else int(value)
        except ValueError:
            raise SpadesError(f"bad --rule {setting!r}: the value must be a whole number, "
                              "true, false or none") from None
    return options


def _simulate(args: argparse.Namespace) -> int:
    rules = rules_for(args.variant, **parse_rules(args.rule))
    names = _bot_names(args.bots, rules.players)
    if args.games < 1 or args.max_hands < 1:
        raise SpadesError("--games and --max-hands must be at least 1")
    if args.records:
        _make_dir(args.records)
    start = time.perf_counter()
    wins, totals, hands = [0, 0], [0, 0], 0
    for n in range(1, args.games + 1):
        game = play_game(rules, names, f"{args.seed}:{n}", args.max_hands)
        hands += sum(log.result is not None for log in game.hands)
        if game.winner is not None:
            wins[game.winner] += 1
        for side in range(2):
            totals[side] += game.scores[side]
        if args.records:
            _write_text(Path(args.records, f"game-{n}.json"), record.dumps(game, names))
        if args.verbose:
            print(format_game(game, names))
    summary = {
        "variant": rules.variant,
        "games": args.games,
        "hands": hands,
        "wins": wins,
        "mean_scores": [round(t / args.games, 2) for t in totals],
        "seconds": round(time.perf_counter() - start, 3),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        unfinished = args.games - sum(wins)
        print(f"{rules.variant}: {args.games} games, {hands} hands in {summary['seconds']} s")
        for side in range(2):
            print(f"  {_side_name(rules, side)}: {wins[side]} wins, "
                  f"mean score {summary['mean_scores'][side]}")
        if unfinished:
            print(f"  {unfinished} games unfinished after {args.max_hands} hands")
    return 0


def _make_dir(path: str) -> None:
    """Create directory ``path`` (and its parents), or raise a SpadesError saying why not."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SpadesError(f"cannot make the directory {path}: {error.strerror}") from None


def _write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, or raise a SpadesError saying why not."""
    try:
        path.write_text(text)
    except OSError as error:
        raise SpadesError(f"cannot write {path}: {error.strerror}") from None


def _read_bytes(path: str) -> bytes:
    """A file's bytes, or a SpadesError saying why it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise SpadesError(f"cannot read {path}: {error.strerror}") from None


def _replay(args: argparse.Namespace) -> int:
    data = _read_bytes(args.file)
    try:
        document = record.parse(data)
        game = record.replay(document)
    except RecordError as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 1
    print(format_game(game, document["players"]))
    return 0


def _analyze(args: argparse.Namespace) -> int:
    from .analysis import analyze, format_analysis  # the solver: the bots extra

    data = _read_bytes(args.file)
    try:
        document = record.parse(data)
        plays = analyze(document, args.hand, args.tricks_left)
    except RecordError as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps([p.to_json() for p in plays]))
        return 0
    names = [f"{seat}:{record.display_name(name)}"
             for seat, name in enumerate(document["players"])]
    print(format_analysis(plays, names))
    return 0


def _bench(args: argparse.Namespace) -> int:
    report = bench.run(args.seconds, args.seed, args.rounds)
    if args.json:
        print(json.dumps(report))
        return 0
    print("\n".join(bench.format_report(report)))
    return 0


def _arena(args: argparse.Namespace) -> int:
    rules = rules_for(args.variant, **parse_rules(args.rule))
    for spec in (args.a, args.b):
        for name in side_bots(spec):
            check_bot_name(name, benchmark=True)
    boards = args.hands if args.hands is not None else args.matches
    if boards < 1 or args.workers < 1:
        raise SpadesError("--hands/--matches and --workers must be at least 1")
    if args.records:
        _make_dir(args.records)
    with progress_bar("boards") as progress:
        report = run_arena(rules, args.a, args.b, boards, args.seed,
                           matches=args.matches is not None, workers=args.workers, ray=args.ray,
                           records_dir=args.records, progress=progress)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_arena(report))
    return 0


def format_arena(report: dict[str, Any]) -> str:
    """The arena's report as text."""
    points, wins = report["points_per_hand"], report["win_rate"]
    unit = "matches" if report["mode"] == "matches" else "hands"
    lines = [
        f"{report['variant']}: A = {report['a']}, B = {report['b']}, "
        f"{report['boards']} duplicate {unit} in {report['seconds']} s",
        f"  points per hand A-B: {points['mean']:+.2f}  "
        f"(95% CI {points['ci95'][0]:+.2f} .. {points['ci95'][1]:+.2f})",
    ]
    if "points_per_hand_bags_charged" in report:
        charged, bags = report["points_per_hand_bags_charged"], report["bots"]
        lines.append(
            f"  the same, each bag charged {report['bag_charge']:g} of its later penalty: "
            f"{charged['mean']:+.2f}  (95% CI {charged['ci95'][0]:+.2f} .. "
            f"{charged['ci95'][1]:+.2f}); bags a hand A {bags['a']['bags_per_hand'] or 0:.2f}, "
            f"B {bags['b']['bags_per_hand'] or 0:.2f}")
    if "matches" in report:
        played = report["matches"]
        lines.append(f"  matches won: A {played['a_won']}, B {played['b_won']} "
                     f"of {played['played']}")
    one = "match" if report["mode"] == "matches" else "hand"
    lines.append(
        f"  A's {one} win rate: {wins['value']:.1%}  "
        f"(95% CI {wins['ci95'][0]:.1%} .. {wins['ci95'][1]:.1%})")
    for role in ("a", "b"):
        s = report["bots"][role]
        t = s["decision_seconds"]
        rate = "—" if s["set_rate"] is None else f"{s['set_rate']:.1%}"
        nil = "—" if s["nil_success"] is None else f"{s['nil_success']:.0%}"
        blind = "—" if s["blind_nil_success"] is None else f"{s['blind_nil_success']:.0%}"
        times = ("" if t["p50"] is None else
                 f"; decisions p50 {t['p50'] * 1000:.1f} ms, p95 {t['p95'] * 1000:.1f} ms, "
                 f"p99 {t['p99'] * 1000:.1f} ms")
        lines.append(
            f"  {role.upper()} {report[role]}: set {rate}, nil {s['nil_bids']} ({nil} made), "
            f"blind nil {s['blind_nil_bids']} ({blind} made), "
            f"{s['bags_per_hand'] or 0:.2f} bags/hand{times}")
        if s["problems"]:
            lines.append(f"    {s['problems']} problems with the program, the first: "
                         + "; ".join(s["first_problems"]))
    return "\n".join(lines)


def _train_data(args: argparse.Namespace) -> int:
    from .train import generate  # numpy: the bots extra

    if args.games < 1 or not 0 < args.rate <= 1:
        raise SpadesError("--games must be at least 1 and --rate in (0, 1]")
    names = [name.strip() for name in args.bots.split(",")]
    for name in names:
        check_bot_name(name)
    rules = parse_rules(args.rule)
    for variant in ("two-player", "partnership"):
        rules_for(variant, **rules)
    try:
        with progress_bar("games") as progress:
            summary = generate(args.out, args.games, args.seed, names, args.rate, rules,
                               progress=progress)
    except OSError as error:
        raise SpadesError(f"cannot write {args.out}: {error.strerror}") from None
    print(json.dumps(summary))
    return 0


def _train_fit(args: argparse.Namespace) -> int:
    from .bots.learned import SHIPPED
    from .train import fit

    if args.epochs < 1 or args.hidden < 1:
        raise SpadesError("--epochs and --hidden must be at least 1")
    try:
        with progress_bar("steps") as progress:
            report = fit(args.data, args.out or SHIPPED, args.seed, args.hidden, args.epochs,
                         progress=progress)
    except OSError as error:
        raise SpadesError(f"{error.filename}: {error.strerror}") from None
    print(json.dumps(report))
    return 0


def _play(args: argparse.Namespace) -> int:
    from .tui import play

    house_rules = {name: value for name, value in (
        ("target", args.target), ("blind_nil_deficit", args.blind_nil_deficit))
        if value is not None}
    play(args.variant, args.level, args.seed, args.name, args.resume, **house_rules)
    return 0


def _serve(args: argparse.Namespace) -> int:
    from .server.serve import serve
    from .server.store import is_postgres

    if args.workers < 1:
        raise SpadesError("--workers must be at least 1")
    if args.workers > 1 and not is_postgres(args.db or ""):
        raise SpadesError(f"--workers {args.workers} needs a PostgreSQL store "
                          "(--db postgresql://...): a SQLite store serves one process")
    serve(args.host, args.port, args.db, args.computer_delay, args.away, tuple(args.origin),
          args.workers, {f.name: getattr(args, f.name) for f in bounded()})
    return 0


def _setting(setting: Field[Any]) -> Callable[[str], float]:
    """An argument type: a value of the server's ``setting`` within its bounds."""
    def parse(text: str) -> float:
        try:
            return check(setting, text)
        except SpadesError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return parse


def _port(text: str) -> int:
    """A TCP port number, 0..65535 (an argument type)."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port {port} is not in 0..65535")
    return port


def _seconds(text: str) -> float:
    """A finite number of seconds, at least 0 (an argument type)."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not (math.isfinite(seconds) and seconds >= 0):
        raise argparse.ArgumentTypeError(f"seconds must be finite and at least 0, not {text!r}")
    return seconds


RULE_HELP = ("a house rule, e.g. blind_nil_deficit=100 or nil=false (repeatable; the "
             "options of spades.rules_for)")


def build_parser() -> argparse.ArgumentParser:
    """The ``spades`` argument parser with its subcommands."""
    parser = _Parser(prog="spades", description="Spades: the engine, its games and its tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = commands.add_parser("play", help="play against the computer in the terminal")
    play.add_argument("--variant", choices=list(PRESETS),
                      help="the game to start (default: two-player-300), or with --resume "
                           "the game to resume (default: the newest saved)")
    play.add_argument("--level", choices=list(BOTS),
                      help="the computer players' level (default: your preference, medium)")
    play.add_argument("--seed", help="shuffle from this seed (default: a random one)")
    play.add_argument("--name", default="You", help="your name on the table")
    play.add_argument("--target", type=int, help="play to this score (house rule)")
    play.add_argument("--blind-nil-deficit", type=int, metavar="N",
                      help="blind nil only for a side trailing by N points or more (house rule)")
    play.add_argument("--resume", action="store_true",
                      help="continue the newest unfinished saved game (of --variant if given)")
    play.set_defaults(run=_play)

    simulate = commands.add_parser("simulate", help="play games between computer players")
    simulate.add_argument("--variant", choices=list(PRESETS), default="partnership")
    simulate.add_argument("--bots", default="random",
                          help="one bot name for every seat, or one per seat, comma-separated")
    simulate.add_argument("--games", type=int, default=1)
    simulate.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                          help=RULE_HELP)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--max-hands", type=int, default=200,
                          help="stop a game that has not ended after this many hands")
    simulate.add_argument("--records", metavar="DIR", help="write each game as DIR/game-<n>.json")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.add_argument("--verbose", action="store_true", help="print every game hand by hand")
    simulate.set_defaults(run=_simulate)

    replay = commands.add_parser("replay", help="check a game record and print it")
    replay.add_argument("file")
    replay.set_defaults(run=_replay)

    arena = commands.add_parser("arena", help="duplicate comparison of two computer players")
    arena.add_argument("--variant", choices=list(PRESETS), default="partnership")
    arena.add_argument("--a", required=True,
                       help="bot A (side 0 first; seats 0 and 2), or two partners: hard,medium")
    arena.add_argument("--b", required=True, help="bot B, or two partners")
    size = arena.add_mutually_exclusive_group(required=True)
    size.add_argument("--hands", type=int, help="duplicate hands, each from 0-0")
    size.add_argument("--matches", type=int, help="duplicate whole matches")
    arena.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                       help=RULE_HELP)
    arena.add_argument("--seed", type=int, default=0)
    where = arena.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="processes in parallel")
    where.add_argument("--ray", metavar="ADDRESS",
                       help="play the boards as tasks on the Ray cluster at ADDRESS, or on a "
                            "Ray runtime started here with 'local' (extra cluster)")
    arena.add_argument("--records", metavar="DIR", help="write every game played to DIR")
    arena.add_argument("--json", action="store_true", help="print one JSON object")
    arena.set_defaults(run=_arena)

    train = commands.add_parser(
        "train", help="the learned model of where the hidden cards are: its data, its training")
    steps = train.add_subparsers(dest="step", required=True, parser_class=_Parser)
    data = steps.add_parser("data", help="play hands and record decisions with the true hands")
    data.add_argument("--games", type=int, default=2000,
                      help="hands to play, two-player and partnership alternately")
    data.add_argument("--bots", default="easy,medium",
                      help="the bots drawn at random for each seat, comma-separated "
                           "(cmd:PROGRAM too)")
    data.add_argument("--rate", type=float, default=0.2,
                      help="the share of bidding and play decisions recorded")
    data.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                      help=RULE_HELP)
    data.add_argument("--seed", type=int, default=0)
    data.add_argument("--out", required=True, help="the .npz file to write")
    data.set_defaults(run=_train_data)
    fit_cmd = steps.add_parser("fit", help="train the model on recorded data")
    fit_cmd.add_argument("data", help="a file written by 'spades train data'")
    fit_cmd.add_argument("--out", help="the weights file (default: the one the package ships)")
    fit_cmd.add_argument("--epochs", type=int, default=20)
    fit_cmd.add_argument("--hidden", type=int, default=32, help="the hidden layer's width")
    fit_cmd.add_argument("--seed", type=int, default=0)
    fit_cmd.set_defaults(run=_train_fit)

    analyze_cmd = commands.add_parser(
        "analyze", help="the double-dummy value of every card of a record, and the costly ones")
    analyze_cmd.add_argument("file")
    analyze_cmd.add_argument("--hand", type=int, help="only this hand (from 1)")
    analyze_cmd.add_argument("--tricks-left", type=int, metavar="K",
                             help="analyse positions with at most K tricks left "
                                  "(default: all with two players, 6 with four)")
    analyze_cmd.add_argument("--json", action="store_true", help="print every play as JSON")
    analyze_cmd.set_defaults(run=_analyze)

    bench_cmd = commands.add_parser("bench", help="random hands per second, against OpenSpiel")
    bench_cmd.add_argument("--seconds", type=_seconds, default=3.0,
                           help="each loop's processor time, split into the rounds (at most "
                                f"{bench.MAX_SECONDS:g})")
    bench_cmd.add_argument("--rounds", type=int, default=bench.DEFAULT_ROUNDS,
                           help="short rounds, each running every loop once in turn "
                                f"(1 to {bench.MAX_ROUNDS})")
    bench_cmd.add_argument("--seed", type=int, default=0)
    bench_cmd.add_argument("--json", action="store_true", help="print one JSON object")
    bench_cmd.set_defaults(run=_bench)

    serve_cmd = commands.add_parser("serve", help="the web game: tables for people and computers")
    serve_cmd.add_argument("--host", default="127.0.0.1")
    serve_cmd.add_argument("--port", type=_port, default=8000)
    serve_cmd.add_argument("--db", help="a SQLite file (default: in your data directory), or a "
                           "PostgreSQL URL postgresql://USER:PASSWORD@HOST/DATABASE")
    serve_cmd.add_argument("--workers", type=int, default=1,
                           help="server processes sharing the port, on one store (more than "
                                "one needs PostgreSQL)")
    serve_cmd.add_argument("--computer-delay", type=_seconds, default=0.6, metavar="SECONDS",
                           help="how long a computer player waits before it acts")
    serve_cmd.add_argument("--away", type=_seconds, default=60.0, metavar="SECONDS",
                           help="a person gone this long is played by the computer")
    serve_cmd.add_argument("--origin", action="append", default=[], metavar="URL",
                           help="also accept websockets from pages of this origin, e.g. "
                                "https://spades.example.org behind a proxy (repeatable)")
    for setting in bounded():  # the server's limits, each with its bounds from Settings
        low, high = setting.metadata["bounds"]
        seconds = setting.name.endswith(("_seconds", "_every"))
        serve_cmd.add_argument(f"--{setting.name.replace('_', '-')}", type=_setting(setting),
                               default=setting.default, metavar="SECONDS" if seconds else "N",
                               help=f"{setting.metadata['help']} (default "
                                    f"{said(setting.default)}; {said(low)} to {said(high)})")
    serve_cmd.set_defaults(run=_serve)
    return parser


# the extras that bring each optional module a command may need
EXTRAS = {"numba": ("bots",), "llvmlite": ("bots",), "numpy": ("bots",), "textual": ("play",),
          "rich": ("play",), "platformdirs": ("play", "serve"), "starlette": ("serve",),
          "uvicorn": ("serve",), "websockets": ("serve",), "psycopg": ("postgres",),
          "ray": ("cluster",)}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``spades`` command; errors are one line on stderr and exit 2, as is a
    missing extra (which one to install)."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except SpadesError as error:
        print(f"spades {args.command}: {error}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:
        extras = EXTRAS.get((error.name or "").partition(".")[0])
        if extras is None:
            raise
        extra = args.command if args.command in extras else extras[0]  # the command's own
        print(f"spades {args.command} needs the {extra} extra: pip install 'spades[{extra}]'",
              file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away, as `spades replay X | head` does
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
