"""The docs/ai.md table of the levels' strength from `scripts/measure-levels DIR` reports.

Usage: python scripts/levels_table.py DIR  (prints Markdown rows, one per game and level)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cardavia.games.registry import GAMES


def row(report: dict) -> str:
    w, e, lat = report["win_share"], report["score_edge"], report["latency_ms"]
    forced = (
        f"{report['forced_latency_ms']['p95']:.2f} ms" if report["forced_decisions"] else "none"
    )
    return (
        f"| {GAMES[report['game']].title} | `{report['candidate']}` | {report['seed_groups']:,} "
        f"| {w['mean']:.3f} [{w['low']:.3f}, {w['high']:.3f}] | {report['fair_share']:.3f} "
        f"| {w['mean'] / report['fair_share']:.2f} | {report['mean_score']['mean']:.2f} "
        f"| {report['reference_mean_score']['mean']:.2f} "
        f"| {e['mean']:+.2f} [{e['low']:+.2f}, {e['high']:+.2f}] "
        f"| {lat['p50'] / 1000:.2f} / {lat['p95'] / 1000:.2f} / {lat['max'] / 1000:.2f} s "
        f"| {forced} | {report['overruled']:,} of {report['decisions']:,} "
        f"| {report['illegal_actions']} |"
    )


def main(folder: str) -> None:
    print(
        "| game | level | seed groups | win share [95%] | fair | × fair | mean score "
        "| greedy seats | edge [95%] | latency p50 / p95 / max | forced p95 | overruled "
        "| illegal |"
    )
    print("|" + "---|" * 13)
    for game in GAMES:
        for level in ("normal", "hard"):
            path = Path(folder) / f"{game}-{level}.report.json"
            if path.exists():
                print(row(json.loads(path.read_text())))


if __name__ == "__main__":
    main(sys.argv[1])
