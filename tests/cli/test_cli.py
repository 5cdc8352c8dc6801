"""The command line (architecture.md §5)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardavia.cli import main


def test_selfplay_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "sisepai", "--deals", "20", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("game", "deals", "wins", "draws", "mean_scores", "deals_per_second", "errors"):
        assert key in report
    assert report["deals"] == 20 and report["errors"] == 0
    assert sum(report["wins"]) + report["draws"] == 20
    assert len(report["wins"]) == len(report["mean_scores"]) == 4


def test_selfplay_rejects_wrong_agent_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --game, the first game in GAMES is played."""
    from cardavia.games.registry import GAMES

    first = next(iter(GAMES.values()))
    assert main(["selfplay", "--agents", "greedy", "--deals", "1"]) == 2
    assert f"--agents needs {first.players} names for {first.name}" in capsys.readouterr().err
    names = ",".join(["greedy", "x", *["random"] * (first.players - 2)])
    assert main(["selfplay", "--agents", names, "--deals", "1"]) == 2
    assert "unknown agent 'x'" in capsys.readouterr().err


def _record_file(tmp_path: Path) -> Path:
    from cardavia.ai.play import play_deal
    from cardavia.ai.registry import make_agent
    from cardavia.games.registry import find_game
    from cardavia.rules.record import dumps, make_record

    state = play_deal(
        find_game("sisepai"), 5, [make_agent("greedy", "sisepai", s) for s in range(4)]
    )
    path = tmp_path / "deal.json"
    path.write_text(dumps(make_record(state, 5, None, None)), encoding="utf-8")
    return path


def test_replay_prints_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record_file(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["over"] is True
    assert out["result"] == json.loads(path.read_text())["result"]


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda r: r["actions"].__setitem__(0, {"seat": 0, "action": "discard rZ"}), "actions[0]"),
        (lambda r: r.update(game="go"), "game"),
    ],
)
def test_replay_bad_record_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit, named: str
) -> None:
    path = _record_file(tmp_path)
    record = json.loads(path.read_text())
    edit(record)
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err


def test_replay_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_text("{")
    assert main(["replay", str(path)]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_replay_record_of_another_game_with_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--game` names the game the record must be of (the replay page's check, issue 23):
    a Sì Sè Pái record asked for as Nantong's is refused in one line naming both games."""
    path = _record_file(tmp_path)
    assert main(["replay", str(path), "--game", "sisepai"]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--game", "nantong"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "game: a record of 'sisepai', not of 'nantong'" in err
    assert main(["replay", str(path), "--game", "go"]) == 2
    assert "go" in capsys.readouterr().err


def test_replay_illegal_action_names_the_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A legal-looking move made by the wrong seat: one line naming the move and the seat."""
    path = _record_file(tmp_path)
    record = json.loads(path.read_text())
    first = record["actions"][0]
    record["actions"][0] = {"seat": (first["seat"] + 1) % 4, "action": first["action"]}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "actions[0]" in err and first["action"] in err


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "sisepai", "--seconds", "0.05", "--repeat", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)["figures"]
    assert set(figures) >= {
        "random_deals_per_second",
        "greedy_deals_per_second",
        "hand_checks_per_second",
    }
    assert all(v > 0 for v in figures.values())


def test_bench_memory_json(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/benchmarks.md: what a deal holds in memory, and that idle deals beyond `keep` go."""
    assert (
        main(["bench", "--memory", "--game", "chuopai", "--deals", "4", "--keep", "1", "--json"])
        == 0
    )
    memory = json.loads(capsys.readouterr().out)
    assert memory["deals_in_memory"] == 1 and memory["kib_per_deal"] > 0
    assert memory["kib_held"] < memory["kib_held_all"]


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--game", "go"]) == 2
    assert "unknown game 'go'" in capsys.readouterr().err


def test_arena_duplicate_seating(capsys: pytest.CaptureFixture[str]) -> None:
    """ai.md: every seed once with the candidate in each seat; a paired interval per seed group."""
    assert (
        main(
            [
                "arena",
                "--game",
                "sisepai",
                "--candidate",
                "greedy",
                "--reference",
                "random",
                "--deals",
                "12",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 12 * 4 and report["illegal_actions"] == 0
    share = report["win_share"]
    assert share["low"] <= share["mean"] <= share["high"]
    assert share["mean"] > report["fair_share"]  # greedy beats random even on 12 seeds
    assert report["latency_ms"]["p50"] <= report["latency_ms"]["p95"] <= report["latency_ms"]["max"]


def test_arena_with_a_search_agent_in_workers(capsys: pytest.CaptureFixture[str]) -> None:
    """Search agents take part through `act_with_worlds`; worker processes give the same
    report as one process (the seed groups are independent and the search is seeded)."""
    spec = "search:samples=2,depth=4"
    args = [
        "arena",
        "--game",
        "nantong",
        "--candidate",
        spec,
        "--reference",
        "greedy",
        "--deals",
        "2",
        "--seed",
        "5",
        "--json",
    ]
    assert main(args) == 0
    alone = json.loads(capsys.readouterr().out)
    assert main([*args, "--jobs", "2"]) == 0
    together = json.loads(capsys.readouterr().out)
    assert alone["deals"] == 6 and alone["illegal_actions"] == 0
    assert alone["win_share"] == together["win_share"]
    assert alone["mean_score"] == together["mean_score"]
    assert alone["decisions"] == together["decisions"] > 0


@pytest.mark.parametrize(
    "spec", ["search:depth=x", "search:speed=3", "search:budget=none", "nobody"]
)
def test_arena_refuses_unknown_agents(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--candidate", spec, "--deals", "1"]) == 2
    assert "cardavia arena" in capsys.readouterr().err


def test_arena_results_file_goes_on_where_it_stopped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--results`: a run stopped part-way (here: a shorter run, and a line cut short by a kill)
    goes on without playing its groups again, and reports the same as one run in one go."""
    path = tmp_path / "run.jsonl"
    base = [
        "arena",
        "--game",
        "sisepai",
        "--candidate",
        "greedy",
        "--reference",
        "random",
        "--seed",
        "40",
        "--json",
    ]
    assert main([*base, "--deals", "6"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert main([*base, "--deals", "3", "--results", str(path)]) == 0
    capsys.readouterr()
    lines = path.read_text().splitlines(keepends=True)
    assert len(lines) == 1 + 3 and json.loads(lines[0])["candidate"] == "greedy"
    path.write_text("".join(lines) + '{"seed": 43, "sha')  # killed while writing
    assert main([*base, "--deals", "6", "--results", str(path)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in resumed.items() if k not in ("latency_ms", "forced_latency_ms")} == {
        k: v for k, v in whole.items() if k not in ("latency_ms", "forced_latency_ms")
    }
    seeds = [json.loads(line)["seed"] for line in path.read_text().splitlines()[1:]]
    assert seeds == [40, 41, 42, 43, 44, 45]  # each group once, the cut line gone


def test_arena_results_file_of_another_measurement_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.jsonl"
    base = [
        "arena",
        "--game",
        "sisepai",
        "--reference",
        "random",
        "--deals",
        "1",
        "--results",
        str(path),
    ]
    assert main([*base, "--candidate", "greedy"]) == 0
    before = path.read_text()
    capsys.readouterr()
    assert main([*base, "--candidate", "random"]) == 2
    assert (
        "another measurement" in capsys.readouterr().err
        and "candidate" in path.read_text()
        and path.read_text() == before
    )
    path.write_text("not json\n")
    assert main([*base, "--candidate", "greedy"]) == 2
    assert "not an arena results file" in capsys.readouterr().err


def test_results_fingerprint_follows_the_playing_code_only(tmp_path: Path) -> None:
    """A results file is bound to the code that plays (the agents, games, rules): the hint's
    words may change under a long measurement, a policy may not."""
    import shutil

    from cardavia.ai.results import PACKAGE, PLAYING_CODE, fingerprint

    for part in PLAYING_CODE:
        shutil.copytree(PACKAGE / part, tmp_path / part)
    before = fingerprint(tmp_path)
    assert before == fingerprint()
    for not_playing in (tmp_path / "ai" / "explain.py", tmp_path / "rules" / "record.py"):
        with not_playing.open("a") as f:
            f.write("\nREWORDED = 1\n")
    assert fingerprint(tmp_path) == before
    # a game's hint reasons (its `explain`, `_explain…`, `EXPLAIN_…`) are not how it plays
    agents = tmp_path / "ai" / "games" / "chuopai.py"
    text = agents.read_text()
    assert "def explain(" in text and "EXPLAIN_SURE = 0.995" in text
    agents.write_text(
        text.replace("def explain(", "def explain(  # reworded\n", 1)
        .replace("EXPLAIN_SURE = 0.995", "EXPLAIN_SURE = 0.99", 1)
        .replace("    if hold >= EXPLAIN_SURE:", "    if hold >= EXPLAIN_SURE or not legal:", 1)
        + "\n\ndef _explain_more() -> None:\n    pass\n"
    )
    assert fingerprint(tmp_path) == before
    with agents.open("a") as f:
        f.write("\nPOLICY_CHANGE = 1\n")
    assert fingerprint(tmp_path) != before
    agents.write_text(text)
    # a playing module's comments and docstrings are not what it plays
    search = tmp_path / "ai" / "search.py"
    text = search.read_text()
    search.write_text(
        text.replace('"""Determinized', '"""Reworded: determinized', 1).replace(
            "# Weight of", "# Reworded: weight of", 1
        )
        + "\n# a comment\n"
    )
    assert search.read_text() != text
    assert fingerprint(tmp_path) == before
    with search.open("a") as f:
        f.write("\nPOLICY_CHANGE = 1\n")
    assert fingerprint(tmp_path) != before


def test_results_fingerprint_of_one_game_leaves_the_others_out(tmp_path: Path) -> None:
    """A change to one game's agent or engine voids that game's measurements only (and those of a
    variant built on it); a change to the shared search voids them all."""
    import shutil

    from cardavia.ai.results import PACKAGE, PLAYING_CODE, fingerprint
    from cardavia.games.registry import GAMES

    for part in PLAYING_CODE:
        shutil.copytree(PACKAGE / part, tmp_path / part)
    games = sorted(GAMES)

    def hashes() -> dict[str, str]:
        return {g: fingerprint(tmp_path, game=g) for g in games}

    before = hashes()
    assert before == {g: fingerprint(game=g) for g in games}
    assert len(set(before.values())) == len(games)
    for changed in (
        tmp_path / "ai" / "games" / "paohuzi.py",
        tmp_path / "games" / "nantong" / "hands.py",
    ):
        game = changed.stem if changed.parent.parent.name == "ai" else changed.parent.name
        with changed.open("a") as f:
            f.write("\nPOLICY_CHANGE = 1\n")
        after = hashes()
        # a variant built on the game (Two Seven Ten on Paohuzi's engine and agents) plays its
        # code too: its measurements are voided with it
        variants = {"erqishi"} if game == "paohuzi" else set()
        assert {g for g in games if after[g] != before[g]} == {game} | variants
        before = after
    with (tmp_path / "ai" / "search.py").open("a") as f:
        f.write("\nPOLICY_CHANGE = 1\n")
    assert all(v != before[g] for g, v in hashes().items())


@pytest.mark.parametrize("content", [b"not a database, just text" * 40, None])
def test_serve_with_a_bad_deals_file_says_so(
    tmp_path: Path, content: bytes | None, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file that is not SQLite, or a folder that does not exist: one line and exit code 2,
    before anything is served."""
    db = tmp_path / "deals.db" if content is not None else tmp_path / "missing" / "deals.db"
    if content is not None:
        db.write_bytes(content)
    assert main(["serve", "--port", "1", "--db", str(db)]) == 2
    captured = capsys.readouterr()
    assert "cannot use the deals file" in captured.err and str(db) in captured.err
    assert "Cardavia on" not in captured.out


def test_serve_names_the_working_directory_of_a_relative_deals_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A relative --db is the working directory's: a service's is often /, so the refusal
    names it (operator walk: "cardavia.db: unable to open database file" said nothing of
    where)."""
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--port", "1", "--db", "missing/deals.db"]) == 2
    err = capsys.readouterr().err
    assert f"cannot use the deals file (in the working directory {tmp_path})" in err


def test_serve_refuses_a_negative_number_of_ai_searches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--ai-processes -1 was taken, and then no AI seat ever searched (each waited 60 s for a
    worker): refused like --workers 0, before anything is served."""
    db = tmp_path / "deals.db"
    assert main(["serve", "--port", "1", "--db", str(db), "--ai-processes", "-1"]) == 2
    captured = capsys.readouterr()
    assert "--ai-processes must be 0" in captured.err and "Cardavia on" not in captured.out
    assert not db.exists()


def test_an_emptied_deals_file_is_said_once_with_its_time(tmp_path: Path) -> None:
    """An empty deals file starts with no deals and says so (operations.md), once, as a log
    line with its time (operator walk: printed twice, once bare, once by the logger)."""
    import socket
    import subprocess
    import sys

    db = tmp_path / "deals.db"
    db.touch()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = "from cardavia.cli import main; raise SystemExit(main())"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--db", str(db)]
    server = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()  # the banner comes after the store is opened
        assert "Cardavia on" in banner, banner
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert err.count("EMPTY") == 1, err
    assert re.search(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} WARNING .*EMPTY", err, re.M), err
