"""The `cardavia` command line (architecture.md §5)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardavia.rules.errors import RulesError

if TYPE_CHECKING:
    from cardavia.rules.core import State

GAME_HELP = "a game's id (default: the first in cardavia.games.registry.GAMES)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cardavia", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("selfplay", help="play deals between agents")
    p.add_argument("--game", default=None, help=GAME_HELP)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default=None, help="comma-separated agent per seat (default greedy)")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("arena", help="duplicate seating: a candidate agent against a reference")
    p.add_argument("--game", default=None, help=GAME_HELP)
    p.add_argument("--candidate", default="greedy")
    p.add_argument("--reference", default="random")
    p.add_argument("--deals", type=int, default=200, help="seed groups (each played per seat)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1, help="worker processes playing seed groups")
    p.add_argument(
        "--results",
        default=None,
        metavar="FILE",
        help="JSON-lines file of seed group results: groups already in it are not "
        "played again, new ones are added as they end",
    )
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("replay", help="re-validate a deal record and print its result")
    p.add_argument("file")
    p.add_argument(
        "--game", default=None, help="the game the record must be of (else exit 2 naming it)"
    )

    p = sub.add_parser(
        "review", help="review one seat's decisions in a deal record against the hard level"
    )
    p.add_argument("file")
    p.add_argument("--seat", type=int, default=0)
    p.add_argument("--seed", type=int, default=0, help="seeds the sampled worlds")

    p = sub.add_parser(
        "review-quality",
        help="how often the review flags the hard level's own decisions and planted blunders",
    )
    p.add_argument("--game", action="append", default=None, help="a game's id (repeatable)")
    p.add_argument("--deals", type=int, default=200, help="deals played by the hard level")
    p.add_argument("--blunders", type=int, default=100, help="planted blunders judged")
    p.add_argument(
        "--others", default="hard", help="the other seats' level in the hard-level deals"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--minutes", type=float, default=None, help="stop each game after this")
    p.add_argument(
        "--recheck",
        default=None,
        metavar="LEVEL",
        help="play blunders on with this level in every seat, a second opinion (which: "
        "--recheck-which)",
    )
    p.add_argument("--recheck-worlds", type=int, default=48, help="paired worlds of --recheck")
    p.add_argument(
        "--recheck-which",
        # review_quality.RECHECK_WHICH, not imported here: the AI loads only when a command runs
        choices=("missed", "caught", "all"),
        default="missed",
        help="which blunders --recheck plays on: those the review missed, caught, or all",
    )
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("bench", help="engine and agent benchmarks")
    p.add_argument("--game", default=None, help=GAME_HELP)
    p.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="time per measurement (default 3; --scale: per benchmark)",
    )
    p.add_argument("--repeat", type=int, default=3, help="measurements per figure (median)")
    p.add_argument(
        "--http",
        action="store_true",
        help="API latency with many deals in progress (starts a server)",
    )
    p.add_argument(
        "--deals",
        type=int,
        default=None,
        help="deals in progress at once (--http, default 50), deals played "
        "(--memory, default 50; --timing, per game, default 8)",
    )
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean seconds a player thinks per decision (--http; 0: none)",
    )
    p.add_argument(
        "--level",
        default="normal",
        choices=("greedy", "easy", "normal", "hard"),
        help="the AI seats' level (--http, --timing)",
    )
    p.add_argument(
        "--memory",
        action="store_true",
        help="memory a deal holds at a server, and that idle deals leave it",
    )
    p.add_argument(
        "--keep",
        type=int,
        default=10,
        help="deals a server keeps in memory however idle (--memory)",
    )
    p.add_argument(
        "--timing",
        action="store_true",
        help="whether the time to your next event tells that an AI seat was asked "
        "to claim (starts a server; --deals per game, default 8; --seed)",
    )
    p.add_argument("--seed", type=int, default=0, help="deal seeds and random moves (--timing)")
    p.add_argument(
        "--scale",
        default=None,
        metavar="WHAT",
        help="the site beyond one process (starts servers): throughput, flood, "
        "memory, pace, comma-separated, or all; --deals and --seconds change "
        'the sizes (docs/benchmarks.md, "Beyond one process")',
    )
    p.add_argument(
        "--pg",
        default=None,
        metavar="URL",
        help="a PostgreSQL server to make fresh databases on (--scale; default "
        "$CARDAVIA_TEST_PG; without either, SQLite only)",
    )
    p.add_argument(
        "--connections",
        type=int,
        default=50,
        help="keep-alive connections at saturation (--scale throughput)",
    )
    p.add_argument(
        "--requests", type=int, default=100_000, help="unknown-id requests (--scale memory)"
    )
    p.add_argument(
        "--workers",
        type=int,
        default=2,
        help="web processes to compare with one (--scale, PostgreSQL)",
    )
    p.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="rounds, each side by side (--scale throughput, flood)",
    )
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("serve", help="run the site")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; 0.0.0.0: every interface)",
    )
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument(
        "--db",
        default=None,
        metavar="PATH|URL",
        help="where deals are stored: a SQLite file, or a PostgreSQL database "
        "(postgresql://user@host/dbname) (default $CARDAVIA_DB or cardavia.db)",
    )
    p.add_argument(
        "--head-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="close a connection whose request head is not whole in time (default 10)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=1000,
        metavar="N",
        help="open connections; past it, the longest idle one is closed (default 1000, "
        "less if the open-files limit is lower)",
    )
    p.add_argument(
        "--creates-per-minute",
        type=float,
        default=30.0,
        metavar="N",
        help="deals one client address may create a minute, per web process (0: no limit)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="web processes (more than one needs a PostgreSQL --db)",
    )
    p.add_argument(
        "--ai-processes",
        type=int,
        default=None,
        metavar="N",
        help="AI searches at once in this server (default: a core less than the "
        "machine has, 2 at least; 0: none, `cardavia worker` processes run them)",
    )

    p = sub.add_parser("worker", help="run AI jobs for every server on a database")
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="the servers' PostgreSQL database (default $CARDAVIA_DB)",
    )
    p.add_argument(
        "--processes",
        type=int,
        default=None,
        metavar="N",
        help="searches at once (default: a core less than the machine has, 2 at least)",
    )

    args = parser.parse_args(argv)
    try:
        handler = {
            "selfplay": _selfplay,
            "arena": _arena,
            "replay": _replay,
            "review": _review,
            "review-quality": _review_quality,
            "bench": _bench,
            "serve": _serve,
            "worker": _worker,
        }
        return handler[args.command](args)
    except _UsageError as err:
        print(f"cardavia {args.command}: {err}", file=sys.stderr)
        return 2


class _UsageError(Exception):
    pass


def _game(name: str | None) -> Any:
    from cardavia.games.registry import GAMES, find_game

    try:
        return find_game(next(iter(GAMES)) if name is None else name)
    except KeyError as err:
        raise _UsageError(err.args[0]) from None


def _selfplay(args: argparse.Namespace) -> int:
    from cardavia.ai.selfplay import selfplay

    game = _game(args.game)
    names = args.agents.split(",") if args.agents else ["greedy"] * game.players
    if len(names) != game.players:
        raise _UsageError(f"--agents needs {game.players} names for {game.name}, got {len(names)}")
    try:
        report = selfplay(game, args.deals, args.seed, names)
    except KeyError as err:
        raise _UsageError(err.args[0]) from None
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['game']}: {report['deals']} deals, agents {', '.join(names)}")
        for seat, (wins, mean) in enumerate(
            zip(report["wins"], report["mean_scores"], strict=True)
        ):
            print(f"  seat {seat} ({names[seat]}): {wins} wins, mean score {mean:.3f}")
        print(
            f"  draws {report['draws']}, errors {report['errors']}, "
            f"{report['deals_per_second']:.1f} deals/s"
        )
    return 1 if report["errors"] else 0


def _arena(args: argparse.Namespace) -> int:
    from cardavia.ai.arena import arena
    from cardavia.ai.results import ResultsError

    game = _game(args.game)
    results = None if args.results is None else Path(args.results)
    try:
        report = arena(
            game, args.candidate, args.reference, args.deals, args.seed, args.jobs, results
        )
    except KeyError as err:
        raise _UsageError(err.args[0]) from None
    except (ResultsError, OSError) as err:
        raise _UsageError(str(err)) from None
    if args.json:
        print(json.dumps(report))
    else:
        share, score, lat = report["win_share"], report["mean_score"], report["latency_ms"]
        print(
            f"{report['game']}: {report['candidate']} vs {report['reference']}, "
            f"{report['seed_groups']} seed groups ({report['deals']} deals)"
        )
        print(
            f"  win share {share['mean']:.3f} [{share['low']:.3f}, {share['high']:.3f}] "
            f"(fair {report['fair_share']:.3f})"
        )
        edge = report["score_edge"]
        print(
            f"  mean score {score['mean']:.2f} [{score['low']:.2f}, {score['high']:.2f}]; "
            f"reference {report['reference_mean_score']['mean']:.2f}; edge "
            f"{edge['mean']:+.2f} [{edge['low']:+.2f}, {edge['high']:+.2f}]"
        )
        forced = report["forced_latency_ms"]
        print(f"  draws {report['draw_rate']:.1%}; illegal actions {report['illegal_actions']}")
        print(
            f"  decision latency p50 {lat['p50']:.2f} ms, p95 {lat['p95']:.2f} ms, "
            f"max {lat['max']:.2f} ms ({report['decisions']} choices, {report['overruled']} "
            f"overruled by the search); forced decisions "
            f"p95 {forced['p95']:.3f} ms, max {forced['max']:.3f} ms"
        )
    return 1 if report["illegal_actions"] else 0


def _read_record(path: str, expected: str | None = None) -> tuple[dict[str, Any], State]:
    """The deal record in file `path` and its replayed state; a file that cannot be read or a
    record the rules refuse is a usage error naming the file (exit 2)."""
    from cardavia.games.registry import GAMES
    from cardavia.rules.record import loads, replay

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise _UsageError(f"{path}: {err}") from None
    try:
        record = loads(text)
        return record, replay(record, GAMES, expected)
    except RulesError as err:
        raise _UsageError(f"{path}: {err}") from None


def _replay(args: argparse.Namespace) -> int:
    _, state = _read_record(args.file, _game(args.game).name if args.game is not None else None)
    result = state.result()
    print(
        json.dumps(
            {
                "over": state.is_over(),
                "actions": len(state.actions),
                "result": result.to_json() if result is not None else None,
            },
            ensure_ascii=False,
        )
    )
    return 0


def _review(args: argparse.Namespace) -> int:
    import random

    from cardavia.ai.review import points_of, review, start_of

    record, state = _read_record(args.file)
    if not state.is_over():
        raise _UsageError(f"{args.file}: the deal is not over")
    if not 0 <= args.seat < state.game.players:
        raise _UsageError(f"--seat must be from 0 to {state.game.players - 1}")
    points = points_of(
        start_of(record, state.game), state.actions, args.seat, random.Random(args.seed)
    )
    print(json.dumps(review(state.game.name, points, args.seat, args.seed), ensure_ascii=False))
    return 0


def _review_quality(args: argparse.Namespace) -> int:
    import time

    from cardavia.ai.levels import API_LEVELS
    from cardavia.ai.review_quality import measure
    from cardavia.games.registry import GAMES

    if args.recheck is None and args.recheck_which != "missed":
        raise _UsageError(f"--recheck-which {args.recheck_which}: give --recheck LEVEL too")
    if args.recheck is not None and args.recheck not in API_LEVELS:
        raise _UsageError(f"--recheck {args.recheck!r}: a level, one of {', '.join(API_LEVELS)}")
    names = args.game or list(GAMES)
    reports = []
    for name in names:
        game = _game(name)
        deadline = None if args.minutes is None else time.monotonic() + 60 * args.minutes
        found = measure(
            game,
            args.deals,
            args.blunders,
            args.others,
            args.seed,
            deadline,
            None if args.json else lambda line: print("  " + line, flush=True),
            args.recheck,
            args.recheck_worlds,
            args.recheck_which,
        )
        report = found.as_json()
        reports.append(report)
        if args.json:
            print(json.dumps(report), flush=True)
        else:
            print(
                f"{name}: {report['deals']} hard-level deals, {report['flagged']} of "
                f"{report['decisions']} decisions flagged ({report['flagged_share'] or 0:.1%}); "
                f"review per deal median {report['review_s_median']} s, "
                f"p95 {report['review_s_p95']} s; planted blunders caught {report['caught']} "
                f"of {report['blunders']} ({report['caught_share'] or 0:.1%}) {report['kinds']}; "
                f"of those costing at least the margin ({report['margin']}) "
                f"{report['costly'][1]} of {report['costly'][0]}, at least twice it "
                f"{report['clear'][1]} of {report['clear'][0]}"
                + "".join(
                    f"; of the {opinions[0]} {which}, {opinions[1]} cost at least the margin "
                    f"with the {args.recheck} level playing on ({opinions[2]} significantly)"
                    for which, opinions in (
                        ("missed", report["rechecked"]),
                        ("caught", report["rechecked_caught"]),
                    )
                    if opinions is not None
                )
                + (
                    f"; confirmed blunders (loss at least the margin, interval above 0): "
                    f"{report['confirmed'][0]}, of them caught {report['confirmed'][1]}"
                    if report["confirmed"] is not None
                    else ""
                ),
                flush=True,
            )
    return 0


def _bench(args: argparse.Namespace) -> int:
    from cardavia.bench import run_bench

    game = _game(args.game)
    if args.scale:
        return _bench_scale(args)
    if args.seconds is None:
        args.seconds = 3.0
    if args.timing:
        from cardavia.bench_timing import format_report, run_timing_bench

        timing = run_timing_bench(8 if args.deals is None else args.deals, args.level, args.seed)
        print(json.dumps(timing) if args.json else format_report(timing))
        return 0
    if args.deals is None:
        args.deals = 50
    if args.http:
        from cardavia.bench_http import run_http_bench

        http = run_http_bench(game.name, args.deals, args.seconds, args.think, args.level)
        if args.json:
            print(json.dumps(http))
        else:
            print(
                f"{http['game']}: {http['deals_in_progress']} deals in progress, "
                f"{http['seconds']:.0f} s, think {http['think_seconds']} s, AI {http['level']}, "
                f"requests {http['requests']}"
            )
            for key in ("get_view_ms", "post_action_ms"):
                print(
                    f"  {key:16} median {http[key]['median']:.1f} ms, p95 {http[key]['p95']:.1f} ms"
                )
            print(f"  errors {http['error_count']}")
        return 1 if http["error_count"] else 0
    if args.memory:
        from cardavia.bench_memory import run_memory_bench

        memory = run_memory_bench(game.name, args.deals, args.keep)
        if args.json:
            print(json.dumps(memory))
        else:
            print(
                f"{memory['game']}: {memory['deals']} deals; the agents' caches "
                f"{memory['kib_caches']:.0f} KiB; every deal held: {memory['kib_per_deal']:.0f} "
                f"KiB each, {memory['kib_held_all']:.0f} KiB; keep={memory['keep']}, all idle: "
                f"{memory['deals_in_memory']} deals, {memory['kib_held']:.0f} KiB"
            )
        return 0
    report = run_bench(game, seconds=args.seconds, repeat=args.repeat)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['game']} (one process, median of {args.repeat}):")
        for key, value in report["figures"].items():
            print(f"  {key:28} {value:>12,.0f}")
    return 0


def _bench_scale(args: argparse.Namespace) -> int:
    import os

    from cardavia.bench_scale import SCENARIOS, format_report, run_scale

    which = list(SCENARIOS) if args.scale == "all" else args.scale.split(",")
    unknown = [name for name in which if name not in SCENARIOS]
    if unknown:
        raise _UsageError(
            f"--scale: no benchmark {', '.join(unknown)} (one of {', '.join(SCENARIOS)}, or all)"
        )
    pg = args.pg or os.environ.get("CARDAVIA_TEST_PG")
    report = run_scale(
        which,
        pg,
        args.deals,
        args.seconds,
        args.connections,
        args.requests,
        args.workers,
        args.rounds,
        progress=lambda line: print(line, file=sys.stderr, flush=True),
    )
    print(json.dumps(report) if args.json else format_report(report))
    return 0


def _serve(args: argparse.Namespace) -> int:
    import importlib

    try:
        server = importlib.import_module("cardavia.web.server")
    except ImportError as err:
        raise _UsageError(f"the site is not available: {err}") from None
    from cardavia.store.base import StoreError

    try:
        server.serve(
            args.host,
            args.port,
            args.db,
            args.head_timeout,
            args.max_connections,
            args.creates_per_minute,
            args.workers,
            args.ai_processes,
        )
    except StoreError as err:
        raise _UsageError(_store_refused(args.db, err)) from None
    except server.UsageError as err:
        raise _UsageError(str(err)) from None
    return 0


def _store_refused(db: str | None, err: Exception) -> str:
    """Why `serve` cannot use its store, naming what it is: a PostgreSQL database, or a SQLite
    file, whose relative path is the working directory's (a service's is often /)."""
    import os

    from cardavia.store import is_postgres_url
    from cardavia.web.app import default_db_path

    path = db or default_db_path()
    if is_postgres_url(path):
        return f"cannot use the database: {err}"
    where = "" if os.path.isabs(path) else f" (in the working directory {os.getcwd()})"
    return f"cannot use the deals file{where}: {err}"


def _worker(args: argparse.Namespace) -> int:
    import os

    from cardavia.store import is_postgres_url
    from cardavia.store.base import StoreError
    from cardavia.table.worker import run_worker

    db = args.db or os.environ.get("CARDAVIA_DB")
    if not db or not is_postgres_url(db):
        raise _UsageError(
            "--db must name the servers' PostgreSQL database (postgresql://…): "
            "with a SQLite file, `cardavia serve` runs the AI itself"
        )
    if args.processes is not None and args.processes < 1:
        raise _UsageError("--processes must be at least 1")
    from cardavia.web.server import log_to_stderr

    log_to_stderr()
    try:
        run_worker(db, args.processes)
    except StoreError as err:
        raise _UsageError(f"cannot use the database: {err}") from None
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
