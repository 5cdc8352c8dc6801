"""`cardavia review RECORD` and `cardavia review-quality` (README, docs/ai.md "Review")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardavia.cli import main
from tests.cli.test_cli import _record_file


def test_review_of_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record_file(tmp_path)
    record = json.loads(path.read_text())
    assert main(["review", str(path), "--seat", "1"]) == 0
    review = json.loads(capsys.readouterr().out)
    assert review["seat"] == 1
    assert review["decisions"] == len(review["moves"]) >= review["agreed"] >= 0
    for move in review["moves"]:
        assert record["actions"][move["step"]] == {"seat": 1, "action": move["played"]}


def test_review_refuses_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record_file(tmp_path)
    assert main(["review", str(path), "--seat", "7"]) == 2
    assert "--seat must be from 0 to 3" in capsys.readouterr().err
    record = json.loads(path.read_text())
    record["actions"][0] = {"seat": 0, "action": "discard rZ"}
    path.write_text(json.dumps(record))
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "actions[0]" in err
    record["actions"], record["result"] = [], None  # a deal not over
    path.write_text(json.dumps(record))
    assert main(["review", str(path)]) == 2
    assert "not over" in capsys.readouterr().err


def test_review_quality_reports_both_measures(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["review-quality", "--game", "sisepai", "--deals", "1", "--blunders", "1"]
    assert main([*args, "--others", "greedy", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "sisepai" and report["deals"] == 1 and report["blunders"] == 1
    assert 0 <= report["flagged"] <= report["decisions"]
    assert report["caught"] in (0, 1) and sum(k[0] for k in report["kinds"].values()) == 1


def test_review_quality_rechecks_every_blunder_to_confirm_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--recheck LEVEL`: each blunder the review passed is played on by that level too; with
    `--recheck-which all` the caught blunders get a second opinion too, and the blunders it
    confirms (the review's own test passed by searching players) are counted with how many of
    them the review caught: the share flagged among plants that are blunders by a judge other
    than the review's simulation (docs/ai.md "Review quality")."""
    # the 4th planted blunder of these seeds is a passed win the review lets through
    # (docs/measurements/review-quality/erqishi.log): a win is the hard level's move unsearched
    args = ["review-quality", "--game", "erqishi", "--deals", "0", "--blunders", "4"]
    args += ["--recheck", "greedy", "--recheck-worlds", "4", "--recheck-which", "all", "--json"]
    assert main(args) == 0
    report = json.loads(capsys.readouterr().out)
    missed, caught = report["rechecked"], report["rechecked_caught"]
    assert missed[0] == report["blunders"] - report["caught"] >= 1
    assert 0 <= missed[2] <= missed[1] <= missed[0]  # significant <= costly <= missed
    assert caught[0] == report["caught"] >= 1
    confirmed, confirmed_caught = report["confirmed"]
    assert confirmed == missed[2] + caught[2]
    assert confirmed_caught == caught[2] <= confirmed


def test_review_quality_rechecks_only_the_caught_when_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["review-quality", "--game", "erqishi", "--deals", "0", "--blunders", "4"]
    args += ["--recheck", "greedy", "--recheck-worlds", "4", "--recheck-which", "caught"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "(deal 1000" in out  # each blunder's line names its deal, to recheck it alone
    # the three caught get an opinion, the missed one none (and no confirmed share is told,
    # which needs both); one run only: each reviews and rechecks four deals' blunders
    assert out.count("level on: loss") == 3 and "of the 3 caught" in out and "missed," not in out
    assert "confirmed blunders" not in out


@pytest.mark.parametrize(
    ("given", "told"),
    [(["--recheck", "hardest"], "hardest"), (["--recheck-which", "all"], "--recheck LEVEL")],
    ids=["unknown-level", "which-without-level"],
)
def test_review_quality_refuses_a_bad_recheck_at_once(
    capsys: pytest.CaptureFixture[str], given: list[str], told: str
) -> None:
    """A typo or a missing level is told at once, not at the first blunder minutes later."""
    args = ["review-quality", "--game", "erqishi", "--deals", "0", "--blunders", "1"]
    assert main([*args, *given]) == 2
    assert told in capsys.readouterr().err
