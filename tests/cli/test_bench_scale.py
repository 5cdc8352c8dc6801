"""`cardavia bench --scale` (docs/benchmarks.md, "Beyond one process") at a tiny size: each
measurement starts its servers, runs, stops them, and reports the fields with sane values. No
timed assertions: the figures are the benchmark's to report, not the tests' to judge."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardavia.bench_scale import (
    FLOOD,
    VICTIM,
    _descendants,
    format_report,
    run_flood,
    run_memory,
    run_pace,
    run_throughput,
    scale_server,
)
from cardavia.cli import main
from tests.backends import pg_server

pytestmark = pytest.mark.serial  # measures load: alone on the machine


def _latency(figures: dict[str, Any], n_min: int = 1) -> None:
    assert figures["n"] >= n_min
    assert 0 < figures["p50"] <= figures["p95"] <= figures["p99"] <= figures["max"]


def test_servers_are_stopped_with_their_children() -> None:
    with scale_server() as server:
        pid = server.process.pid
        assert server.process.poll() is None
    assert server.process.poll() is not None
    assert not _descendants(pid)


def test_throughput_sqlite() -> None:
    report = run_throughput(
        None, deals=6, seconds=1, connections=4, rounds=2, tool="python", warmup=0.5
    )
    assert list(report["servers"]) == ["sqlite --workers 1"]
    server = report["servers"]["sqlite --workers 1"]
    assert server["deals"] == server["waiting_for_seat0"] == 6
    assert len(server["runs"]) == 2
    for run in server["runs"]:
        assert run["requests_per_s"] > 0
        assert run["non_2xx"] == 0
        assert run["rss"]["server_kib"] > 10_000
    assert server["median_requests_per_s"] > 0
    assert "ratio_workers" not in report


@pytest.mark.postgres
def test_throughput_postgres_one_and_two_web_processes() -> None:
    report = run_throughput(
        pg_server(), deals=4, seconds=1, connections=4, rounds=1, tool="python", warmup=0.5
    )
    assert list(report["servers"]) == [
        "sqlite --workers 1",
        "postgresql --workers 1",
        "postgresql --workers 2",
    ]
    for server in report["servers"].values():
        assert server["median_requests_per_s"] > 0
        assert server["runs"][0]["non_2xx"] == 0
    # the supervisor's children: two web processes at least
    assert report["servers"]["postgresql --workers 2"]["runs"][0]["rss"]["children"] >= 2
    assert report["ratio_workers"] > 0


def test_flood_quiet_and_flooded_side_by_side() -> None:
    report = run_flood(None, "sqlite", 1, flood_deals=4, victims=1, seconds=3)
    quiet, flood = report["phases"]["quiet"], report["phases"]["flood"]
    _latency(quiet["ai_turn_ms"])
    _latency(flood["ai_turn_ms"])
    assert flood["flood_created"] == 4 and flood["flood_refused_429"] == 0
    assert report["ratio_p95"] > 0
    assert report["error_count"] == 0
    assert f"from {FLOOD}" in format_report({"flood": [report]})
    assert VICTIM != FLOOD


def test_flood_is_cut_by_the_creation_limit() -> None:
    report = run_flood(None, "sqlite", 1, flood_deals=6, victims=1, seconds=2, creates_per_minute=2)
    flood = report["phases"]["flood"]
    assert flood["flood_created"] == 2 and flood["flood_refused_429"] == 4


def test_memory_samples() -> None:
    report = run_memory(unknown=60, deals=30, every=10, unknown_every=30, threads=2, settle=0.5)
    assert report["unknown_statuses"] == {"404": 60}
    assert report["deal_statuses"] == {"201": 30}
    assert [s["requests"] for s in report["unknown_samples"]] == [0, 30, 60]
    assert [s["deals"] for s in report["deal_samples"]] == [0, 10, 20, 30]
    for sample in report["unknown_samples"] + report["deal_samples"]:
        assert sample["server_kib"] > 10_000
    assert report["after_idle"]["server_kib"] > 10_000
    assert not report["stopped_early"]


def test_pace_sqlite() -> None:
    # the greedy level answers at once: a searching level on a busy machine (CI) held each of
    # the three players in long polls for the whole three seconds, and no view was timed
    report = run_pace(None, deals=3, seconds=3, ramp=1, think=(0.2, 0.5), level="greedy")
    server = report["servers"]["sqlite --workers 1"]
    _latency(server["get_view_ms"])
    _latency(server["create_ms"], 3)
    assert server["error_count"] == 0
    assert server["open_ai_jobs"]["samples"] >= 0


def test_the_command(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert main(["bench", "--scale", "nonsense"]) == 2
    assert "no benchmark nonsense" in capsys.readouterr().err
    monkeypatch.delenv("CARDAVIA_TEST_PG", raising=False)  # SQLite only
    assert (
        main(
            [
                "bench",
                "--scale",
                "flood",
                "--deals",
                "2",
                "--seconds",
                "2",
                "--rounds",
                "1",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["pg"] is False
    assert [f["store"] for f in report["flood"]] == ["sqlite"]
    assert report["flood"][0]["phases"]["flood"]["flood_created"] == 2
    assert len(report["flood"][0]["per_round"]) == 1
