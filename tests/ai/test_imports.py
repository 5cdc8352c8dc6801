"""The agents' modules import one another one way only (house.md §1.3): the protocol, then each
game's policies, the search and the levels, then the registry of agents by name. No import
cycle, not even one kept apart by an import inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "ai"


def _name(path: Path) -> str:
    parts = ["cardavia", *path.relative_to(AI.parent).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that `path` imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found & known


def test_no_import_cycle_among_the_agents() -> None:
    modules = {_name(p): p for p in AI.rglob("*.py")}
    graph = {name: _imports(path, set(modules)) - {name} for name, path in modules.items()}
    # a module importing itself back, through any chain: depth-first, by colour
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for other in sorted(graph[name]):
            assert state.get(other) != 1, " -> ".join([*path, name, other])
            if other not in state:
                visit(other, [*path, name])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [])
    assert "cardavia.ai.registry" in graph and "cardavia.ai.protocol" in graph
