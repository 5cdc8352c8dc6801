"""`cardavia bench --timing`: does the time until your next event tell that an AI seat was
secretly asked to claim your card? (security review, finding M2)

Measured as the review did: a server on a free loopback port with a fresh SQLite file
(`bench_http.running_server`); one client plays each game that has claim windows as the human
(seat 0) with random legal moves through the HTTP API. For every human action it times, from
receiving the answer to the action, until the long poll `GET /api/games/{id}?wait=V` (V the
answer's version) returns a higher version. Once a deal is over its record is fetched and the
true deal rebuilt step by step as the table steps it (a lazy deal, held steps settled before
each action): right after each human action, an AI seat in `to_act()` but not in
`public_to_act()` with more than one legal action was *asked* (with a real choice); no AI seat
in `to_act()` outside `public_to_act()` is *not asked*; hidden AI seats with a single legal
action only are kept apart (`asked_no_choice`). The time tells nothing when the best single
threshold separates asked from not asked no better than chance (balanced accuracy 0.5).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from cardavia.ai.search import needs_search
from cardavia.ai.stats import percentile
from cardavia.bench_http import _Client, running_server
from cardavia.games.registry import GAMES
from cardavia.rules.core import Game, State
from cardavia.rules.record import replay

HUMAN = 0  # the human's seat at a table (cardavia.table.live.HUMAN)
CLASSES = ("asked", "not_asked", "asked_no_choice")
FIXED_THRESHOLD_MS = 10.0  # the review's rule: slower than 10 ms means an AI seat was asked
POLL_LIMIT_S = 300.0  # a deal that shows no new event for this long is an error, not a sample


def classify(state: State) -> str:
    """Right after a human action, on the true (lazy) deal: `asked` when an AI seat is being
    asked privately (in `to_act()`, not in `public_to_act()`) with more than one legal action,
    `asked_no_choice` when the only such seats have one legal action, else `not_asked`."""
    public = set(state.public_to_act())
    hidden = [s for s in state.to_act() if s != HUMAN and s not in public]
    if any(len(state.legal_actions(s)) > 1 for s in hidden):
        return "asked"
    return "asked_no_choice" if hidden else "not_asked"


def ai_turn_next(state: State) -> bool:
    """An AI seat's public decision comes right after the human action (its thinking shows, as
    a player's at a real table: no claim window, but it may take a while)."""
    public = set(state.public_to_act())
    return any(s != HUMAN and s in public for s in state.to_act())


def searched(state: State) -> bool:
    """Some AI seat asked privately has a choice its level searches (not a win, which every
    level takes at once: ai/search.py `obvious`)."""
    public = set(state.public_to_act())
    return any(
        needs_search(state.legal_actions(s))
        for s in state.to_act()
        if s != HUMAN and s not in public
    )


def classify_record(record: dict[str, Any]) -> list[tuple[str, bool, bool]]:
    """(class, AI turn next, searched) after each of the human's actions in a finished deal's
    record, on the true deal rebuilt as the table steps it (`cardavia.table.live.Table`)."""
    replay(record, GAMES)  # validates every action and the result first
    game = GAMES[record["game"]]
    if record["position"] is not None:
        state = game.from_position(record["position"], lazy=True)
    else:
        state = game.new_deal(record["seed"], record["dealer"], lazy=True)
    out: list[tuple[str, bool, bool]] = []
    for entry in record["actions"]:
        state.settle_all()
        state.apply(entry["seat"], entry["action"])
        if entry["seat"] == HUMAN:
            out.append((classify(state), ai_turn_next(state), searched(state)))
    return out


def has_claim_windows(game: Game, deals: int = 20, seed: int = 0) -> bool:
    """Whether any seat is ever asked privately in `deals` deals of random play (Chuo Pai: never,
    the seat to act is always public)."""
    rng = random.Random(seed)
    for n in range(deals):
        state = game.new_deal(seed + n)
        while not state.is_over():
            if set(state.to_act()) - set(state.public_to_act()):
                return True
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return False


def _call(client: _Client, method: str, path: str, body: Any = None) -> Any:
    status, payload, _ = client.call(method, path, body)
    if status not in (200, 201):
        raise RuntimeError(f"{method} {path}: {status} {payload}")
    return payload


def _wait_past(client: _Client, deal: str, view: dict[str, Any]) -> dict[str, Any]:
    """Long-poll until the deal shows an event past `view`'s version."""
    version, deadline = view["version"], time.monotonic() + POLL_LIMIT_S
    while view["version"] <= version:
        if time.monotonic() > deadline:
            raise RuntimeError(f"deal {deal}: no event for {POLL_LIMIT_S:.0f} s")
        view = _call(client, "GET", f"/api/games/{deal}?wait={version}")["view"]
    return view


def _warm_up(client: _Client, game: str, level: str) -> None:
    """Start the server's worker processes with one hint before anything is timed, so the
    first search of a measured deal does not pay for them (a running server has them)."""
    view = _call(client, "POST", "/api/games", {"game": game, "seed": 0, "level": level})["view"]
    rng = random.Random(0)
    for _ in range(200):
        if view["over"]:
            return
        legal = view["legal_actions"]
        if not legal:
            view = _wait_past(client, view["id"], view)
        elif len(set(legal)) > 1 and "win" not in legal:
            _call(client, "POST", f"/api/games/{view['id']}/hint", {"version": view["version"]})
            return
        else:
            view = _call(
                client,
                "POST",
                f"/api/games/{view['id']}/actions",
                {"action": rng.choice(legal), "version": view["version"]},
            )["view"]


def _play(
    client: _Client, game: str, level: str, seed: int
) -> tuple[list[tuple[str, float | None, str]], dict[str, Any]]:
    """One deal: each human action with its time in ms (None when no event was to come: the
    deal was over or the human owed the next decision, and why), and the deal's record."""
    rng = random.Random(seed)
    view = _call(client, "POST", "/api/games", {"game": game, "seed": seed, "level": level})["view"]
    deal = view["id"]
    timed: list[tuple[str, float | None, str]] = []
    while not view["over"]:
        if not view["legal_actions"]:
            view = _wait_past(client, deal, view)  # the AI seats play (not timed)
            continue
        action = rng.choice(view["legal_actions"])
        status, body, _ = client.call(
            "POST", f"/api/games/{deal}/actions", {"action": action, "version": view["version"]}
        )
        answered = time.perf_counter()
        if status != 200:
            raise RuntimeError(f"deal {deal}: {action!r} answered {status} {body}")
        view = body["view"]
        if view["over"]:
            timed.append((action, None, "over"))
        elif view["legal_actions"]:
            timed.append((action, None, "your_turn"))
        else:
            view = _wait_past(client, deal, view)
            timed.append((action, (time.perf_counter() - answered) * 1000, ""))
    record = _call(client, "GET", f"/api/games/{deal}/record")
    return timed, record


def _stats(values: list[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0, "median": None, "p90": None, "min": None, "max": None}
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p90": percentile(values, 0.9),
        "min": min(values),
        "max": max(values),
    }


def _best_split(asked: list[float], not_asked: list[float]) -> tuple[float, float | None, bool]:
    """The best balanced accuracy of one threshold, either way round, its threshold (midway
    between two times) and whether asked is the slower side."""
    best, threshold, slower = 0.5, None, True
    marks = sorted([(x, True) for x in asked] + [(x, False) for x in not_asked])
    below_asked = below_not = 0  # at or below the threshold
    for i, (x, is_asked) in enumerate(marks):
        below_asked += is_asked
        below_not += not is_asked
        if i + 1 < len(marks) and marks[i + 1][0] == x:
            continue  # a threshold goes between two different times
        score = ((len(asked) - below_asked) / len(asked) + below_not / len(not_asked)) / 2
        if max(score, 1 - score) > best + 1e-12:
            best, slower = max(score, 1 - score), score >= 0.5
            threshold = (x + marks[i + 1][0]) / 2 if i + 1 < len(marks) else x
    return best, threshold, slower


def separation(asked: list[float], not_asked: list[float], shuffles: int = 200) -> dict[str, Any]:
    """How well one threshold on the time tells asked from not asked: the best balanced
    accuracy over every threshold, either way round (0.5: no information, 1: always), what the
    same gets with the classes shuffled (the best of many thresholds beats 0.5 by chance on few
    samples: median and 95th percentile of `shuffles` shufflings), and the review's fixed rule
    (slower than FIXED_THRESHOLD_MS: asked)."""
    if not asked or not not_asked:
        return {
            "best_balanced_accuracy": None,
            "threshold_ms": None,
            "asked_slower": None,
            "chance": None,
            "fixed": None,
        }
    best, threshold, slower = _best_split(asked, not_asked)
    rng = random.Random(0)
    pooled, chance = asked + not_asked, []
    for _ in range(shuffles):
        rng.shuffle(pooled)
        chance.append(_best_split(pooled[: len(asked)], pooled[len(asked) :])[0])
    right_asked = sum(x > FIXED_THRESHOLD_MS for x in asked)
    right_not = sum(x <= FIXED_THRESHOLD_MS for x in not_asked)
    return {
        "best_balanced_accuracy": best,
        "threshold_ms": threshold,
        "asked_slower": slower,
        "chance": {"median": statistics.median(chance), "p95": percentile(chance, 0.95)},
        "fixed": {
            "threshold_ms": FIXED_THRESHOLD_MS,
            "asked_right": right_asked,
            "asked": len(asked),
            "not_asked_right": right_not,
            "not_asked": len(not_asked),
            "balanced_accuracy": (right_asked / len(asked) + right_not / len(not_asked)) / 2,
        },
    }


def _measure_game(client: _Client, game: str, deals: int, level: str, seed: int) -> dict[str, Any]:
    counts = dict.fromkeys(CLASSES, 0)
    untimed = {"over": 0, "your_turn": 0}
    times: dict[str, list[float]] = {c: [] for c in CLASSES}
    ai_turn = 0  # timed not-asked actions after which an AI seat's public turn came
    unsearched = 0  # timed asked actions where no asked seat had a choice to search (a win)
    human_actions = 0
    for i in range(deals):
        played, record = _play(client, game, level, seed * 1000 + i)
        classes = classify_record(record)
        ours = [a["action"] for a in record["actions"] if a["seat"] == HUMAN]
        if ours != [action for action, _, _ in played]:
            raise RuntimeError(f"{game} deal {i}: the record's human actions are not those played")
        human_actions += len(played)
        for (_, ms, why), (cls, turn, search) in zip(played, classes, strict=True):
            counts[cls] += 1
            if ms is None:
                untimed[why] += 1
                continue
            times[cls].append(ms)
            ai_turn += cls == "not_asked" and turn
            unsearched += cls == "asked" and not search
    return {
        "game": game,
        "deals": deals,
        "human_actions": human_actions,
        "counts": counts,
        "untimed": untimed,
        "not_asked_ai_turn_next": ai_turn,
        "asked_without_search": unsearched,
        "ms": {c: _stats(times[c]) for c in CLASSES},
        "separation": separation(times["asked"], times["not_asked"]),
        "times_ms": {c: [round(x, 2) for x in times[c]] for c in CLASSES},
    }


def run_timing_bench(
    deals: int = 8, level: str = "normal", seed: int = 0, games: list[str] | None = None
) -> dict[str, Any]:
    """Measure every game of `games` (default: all) that has claim windows; deal `i` of each
    game is dealt from `seed * 1000 + i` and played with `random.Random` of that seed."""
    names = list(GAMES) if games is None else games
    measured = [g for g in names if has_claim_windows(GAMES[g])]
    skipped = {
        g: "no claim window: the seat to act is always public" for g in names if g not in measured
    }
    reports = []
    with running_server() as port:
        client = _Client(port)
        try:
            if measured and level in ("normal", "hard"):
                _warm_up(client, measured[0], level)
            for game in measured:
                reports.append(_measure_game(client, game, deals, level, seed))
        finally:
            client.conn.close()
    return {
        "level": level,
        "deals_per_game": deals,
        "seed": seed,
        "fixed_threshold_ms": FIXED_THRESHOLD_MS,
        "games": reports,
        "skipped": skipped,
    }


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def format_report(report: dict[str, Any]) -> str:
    """The report as Markdown tables (as docs/benchmarks.md shows it)."""
    lines = [
        f"Claim-window timing: level {report['level']}, {report['deals_per_game']} deals per "
        f"game, seed {report['seed']}; ms from the answer to your move until the long poll "
        f"shows the next event",
        "",
        "| game | right after your move | n | median | p90 | min | max |",
        "|---|---|---|---|---|---|---|",
    ]
    names = {
        "asked": "an AI seat asked (a choice)",
        "not_asked": "no AI seat asked",
        "asked_no_choice": "an AI seat asked (one action)",
    }
    for g in report["games"]:
        for c in CLASSES:
            s = g["ms"][c]
            if c == "asked_no_choice" and not s["n"]:
                continue
            note = ""
            if c == "not_asked" and g["not_asked_ai_turn_next"]:
                note = f" (of which {g['not_asked_ai_turn_next']} an AI seat's public turn)"
            if c == "asked" and g["asked_without_search"]:
                note = f" (of which {g['asked_without_search']} a win, taken without search)"
            lines.append(
                f"| {g['game']} | {names[c]}{note} | {s['n']} | {_ms(s['median'])} | "
                f"{_ms(s['p90'])} | {_ms(s['min'])} | {_ms(s['max'])} |"
            )
    lines += [
        "",
        f"| game | your moves (untimed: deal over / your turn again) | best threshold: balanced "
        f"accuracy | slower than {report['fixed_threshold_ms']:g} ms means asked: not asked "
        f"right, asked right (balanced accuracy) |",
        "|---|---|---|---|",
    ]
    for g in report["games"]:
        sep, u = g["separation"], g["untimed"]
        if sep["best_balanced_accuracy"] is None:
            best = fixed = "— (a class is empty)"
        else:
            way = "slower" if sep["asked_slower"] else "faster"
            best = (
                f"{sep['best_balanced_accuracy']:.2f} (asked {way} than "
                f"{sep['threshold_ms']:.1f} ms; shuffled classes: "
                f"{sep['chance']['median']:.2f}, p95 {sep['chance']['p95']:.2f})"
            )
            f = sep["fixed"]
            fixed = (
                f"{f['not_asked_right']}/{f['not_asked']}, {f['asked_right']}/{f['asked']} "
                f"({f['balanced_accuracy']:.2f})"
            )
        lines.append(
            f"| {g['game']} | {g['human_actions']} ({u['over']} / {u['your_turn']}) | "
            f"{best} | {fixed} |"
        )
    for game, why in report["skipped"].items():
        lines.append(f"\n{game}: skipped ({why})")
    return "\n".join(lines)
