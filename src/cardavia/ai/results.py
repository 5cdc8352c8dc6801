"""An arena run's results file: one JSON line per seed group, so that a long run can stop and
go on later (`cardavia arena --results FILE`) and its report covers every group played.

The first line says what is measured: the game, the candidate, the reference and a fingerprint
of the code that plays that game (the shared search and rules, and the game's own modules).
Groups from other code never mix into a report: a file started by other code is refused, not
extended. A line cut short by a killed run is dropped when the file is opened again.
"""

from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

PACKAGE = Path(__file__).resolve().parents[1]
# The code a game's play depends on: the agents, the games and the shared rules...
PLAYING_CODE = ("ai", "games", "rules")
# ...but for the modules that never choose a move, so that work on them (the hint's words,
# this file, reading deal records) does not void a long measurement.
NOT_PLAYING = (
    "ai/explain.py",
    "ai/results.py",
    "ai/selfplay.py",
    "ai/workers.py",
    "rules/record.py",
)
# Within a game's agents (`ai/games/<game>.py`) the hint's words are the top-level `explain`,
# functions named `_explain…`, constants named `EXPLAIN_…` and the imports from `ai/explain.py`:
# left out too.
HINT_NAMES = ("_explain", "EXPLAIN_")


class ResultsError(Exception):
    """The results file is not one this run can extend."""


def fingerprint(package: Path = PACKAGE, game: str | None = None) -> str:
    """A hash of the code that decides how the agents play: every game's, or one game's.

    The games share nothing but `rules` and the search, so one game's hash leaves out the others'
    packages and greedy policies: work on one game's agent does not void another's measurement.
    """
    mine = game.replace("-", "_") if game else None  # a game's package and module names
    others = (
        {
            d.name
            for d in (package / "games").iterdir()
            if (d / "__init__.py").exists() and d.name != mine
        }
        if game
        else set()
    )
    if mine:  # a variant of another game (Two Seven Ten of Paohuzi) plays its code too
        others -= _built_on(package, mine)
    skip = set(NOT_PLAYING) | {f"ai/games/{other}.py" for other in others}
    folders = tuple(f"{folder}/{o}/" for o in others for folder in ("games", "ai/games"))
    digest = hashlib.sha256()
    for part in PLAYING_CODE:
        for path in sorted((package / part).rglob("*.py")):
            name = path.relative_to(package).as_posix()
            if name not in skip and not name.startswith(folders):
                digest.update(name.encode())
                digest.update(_code_of(path, agents=name.startswith("ai/games/")).encode())
    return digest.hexdigest()[:16]


def _built_on(package: Path, game: str) -> set[str]:
    """The other games whose packages or agents a game's own modules import."""
    mine = [*(package / "games" / game).rglob("*.py"), package / "ai" / "games" / f"{game}.py"]
    found: set[str] = set()
    for path in mine:
        if not path.exists():
            continue
        for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:2] == ["cardavia", "games"] and len(parts) > 2:
                    found.add(parts[2])
                if parts[:3] == ["cardavia", "ai", "games"] and len(parts) > 3:
                    found.add(parts[3])
    return found - {game}


def _code_of(path: Path, agents: bool = False) -> str:
    """The module's syntax tree without its docstrings: a comment or a docstring reworded does not
    void a measurement, any change to what runs does. (The tree's dump may differ between Python
    versions: a results file is extended with the Python that started it.)"""
    tree = ast.parse(path.read_bytes(), filename=str(path))
    if agents:  # a game's agents: without the hint's words
        tree.body = [node for node in tree.body if not _hint_only(node)] or [ast.Pass()]
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def _hint_only(node: ast.stmt) -> bool:
    """A top-level statement of the hint's words (`HINT_NAMES`), not of how the agents play."""
    if isinstance(node, ast.ImportFrom):
        return node.module == "cardavia.ai.explain"
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return node.name == "explain" or node.name.startswith(HINT_NAMES)
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return all(isinstance(t, ast.Name) and t.id.startswith(HINT_NAMES) for t in targets)
    return False


class Results:
    """The seed groups recorded so far, and the file to append new ones to."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = {**header, "code": fingerprint(game=header["game"])}
        self.groups: dict[int, dict[str, Any]] = {}
        self._file: IO[str] | None = None
        if path.exists():
            self._load()

    def _load(self) -> None:
        lines = self.path.read_text(encoding="utf-8").splitlines(keepends=True)
        complete = [line for line in lines if line.endswith("\n")]
        try:
            header = json.loads(complete[0]) if complete else None
            rows = [json.loads(line) for line in complete[1:]]
        except json.JSONDecodeError as err:
            raise ResultsError(f"{self.path}: not an arena results file ({err})") from None
        if header is None:
            return
        if header != self.header:
            theirs = ", ".join(
                f"{k}={header.get(k)!r}" for k in self.header if header.get(k) != self.header[k]
            )
            raise ResultsError(f"{self.path} holds another measurement ({theirs}); give a new file")
        self.groups = {row["seed"]: row for row in rows}
        if len(complete) < len(lines):  # drop the line a killed run left unfinished
            self.path.write_text("".join(complete), encoding="utf-8")

    def missing(self, seeds: Iterable[int]) -> list[int]:
        return [s for s in seeds if s not in self.groups]

    def add(self, group: dict[str, Any]) -> None:
        """Store one group's result (on disk before it counts)."""
        if self._file is None:
            new = not self.path.exists() or self.path.stat().st_size == 0
            self._file = self.path.open("a", encoding="utf-8")
            if new:
                self._file.write(json.dumps(self.header) + "\n")
        self._file.write(json.dumps(group) + "\n")
        self._file.flush()
        self.groups[group["seed"]] = group

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
