"""The one-way layering of architecture.md §1: rules → agents → table → web."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "cardavia"

# the rules and the games are pure: no clock, no store, nothing above them
RULES_LAYER = (
    "cardavia.ai",
    "cardavia.table",
    "cardavia.store",
    "cardavia.web",
    "starlette",
    "sqlite3",
    "uvicorn",
    "jinja2",
    "time",
    "datetime",
)
FORBIDDEN = {
    "rules": RULES_LAYER,
    "games": RULES_LAYER,
    "ai": ("cardavia.table", "cardavia.store", "cardavia.web", "starlette", "sqlite3"),
    "render": ("cardavia.table", "cardavia.store", "cardavia.web", "starlette", "sqlite3"),
    "table": ("cardavia.web", "starlette"),
    "store": ("cardavia.web", "starlette", "cardavia.table"),
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_lower_layers_never_import_higher_ones(layer: str) -> None:
    files = list((SRC / layer).rglob("*.py"))
    for path in files:
        for name in _imports(path):
            for bad in FORBIDDEN[layer]:
                assert name != bad and not name.startswith(bad + "."), f"{path} imports {name}"


def test_agents_never_hold_a_state() -> None:
    """ai.md: agents see observations only; only the self-play runner touches a State."""
    for path in (SRC / "ai").rglob("*.py"):
        if path.name in {"play.py", "selfplay.py"}:
            continue
        text = path.read_text(encoding="utf-8")
        assert "State" not in text or "state" not in _imports(path), path
        assert not any(n.endswith(".state") for n in _imports(path)), path


def test_the_catalogue_of_games_stays_below_the_table() -> None:
    """`traditions.py` (the card traditions and games the pages list) is read by every layer."""
    for name in _imports(SRC / "traditions.py"):
        for bad in FORBIDDEN["table"] + ("cardavia.table", "cardavia.store"):
            assert name != bad and not name.startswith(bad + "."), f"traditions.py imports {name}"
