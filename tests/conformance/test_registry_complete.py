"""Every game in `cardavia.games.registry.GAMES` has each of its pieces, each in the place named
for the game (house.md §4, issue 19). A game is added by adding it to `GAMES`; this test then
names every file still missing, one failing test per piece:

- engine: its rules package, `src/cardavia/games/<game>/`;
- observation: its observation, event and result types, `src/cardavia/games/<game>/observation.py`
  (`Phase`, `EventKind`, `narrow`; `cardavia.rules.types`);
- agents: its policies and hint reasons, `src/cardavia/ai/games/<game>.py` (`GREEDY`, `explain`);
- rules: its full rules in every site language, `src/cardavia/content/rules/<game>/<lang>.md`;
- table: its table client, `src/cardavia/web/static/table/<game>.js`, the ES module that
  `table.html` loads for the game, which registers itself (`registerGame("<game>", …)`);
- strings: its table's words, `src/cardavia/web/strings/<game>.py` (or its section of
  `web/client_strings.py`, until that file is split);
- traditions: its entry on the site, a `GameInfo` in `src/cardavia/traditions.py`;
- deck: a renderer for its deck's cards (`Deck.renderer`, `src/cardavia/render/<renderer>.py`)
  that draws every card the game deals;
- golden: at least two golden playthroughs, `tests/golden/data/<game>-<seed>.json`;
- learn: its guided first deal and its texts in every site language,
  `src/cardavia/content/learn/<game>/deal.toml` and `<lang>.toml` (docs/learn.md; the engine
  checks its script in tests/table/test_learn.py).

(A hyphen in a game's id is an underscore in the names of its Python modules.)
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from cardavia.games.registry import GAMES
from cardavia.traditions import find_game_info
from cardavia.web.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "cardavia"
GOLDEN = ROOT / "tests" / "golden" / "data"
PLAYTHROUGHS = 2  # golden playthroughs per game, at least


def module(game: str) -> str:
    """A game's name as a Python module (its package, its agents)."""
    return game.replace("-", "_")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def engine(game: str) -> list[str]:
    package = SRC / "games" / module(game)
    if not (package / "__init__.py").is_file():
        return [f"{rel(package)}/__init__.py (the game's rules package)"]
    where = type(GAMES[game]).__module__
    if not where.startswith(f"cardavia.games.{module(game)}."):
        return [f"{rel(package)}/: GAMES[{game!r}] is defined in {where}, not in its package"]
    return []


def observation(game: str) -> list[str]:
    path = SRC / "games" / module(game) / "observation.py"
    if not path.is_file():
        return [f"{rel(path)} (the game's observation, event kinds and phases as types)"]
    types_module = importlib.import_module(f"cardavia.games.{module(game)}.observation")
    return [
        f"{rel(path)}: no {name}"
        for name in ("Phase", "EventKind", "narrow")
        if not hasattr(types_module, name)
    ]


def agents(game: str) -> list[str]:
    path = SRC / "ai" / "games" / f"{module(game)}.py"
    if not path.is_file():
        return [f"{rel(path)} (the game's GREEDY policy and its hint's explain)"]
    agents_module = importlib.import_module(f"cardavia.ai.games.{module(game)}")
    return [
        f"{rel(path)}: no {name}"
        for name in ("GREEDY", "explain")
        if not hasattr(agents_module, name)
    ]


def rules(game: str) -> list[str]:
    folder = SRC / "content" / "rules" / game
    return [
        f"{rel(folder / f'{lang}.md')} (the full rules in {name})"
        for lang, name in LANGUAGES.items()
        if not (folder / f"{lang}.md").is_file()
    ]


def table(game: str) -> list[str]:
    plugin = SRC / "web" / "static" / "table" / f"{game}.js"
    if not plugin.is_file():
        return [f"{rel(plugin)} (the table client, which templates/table.html loads)"]
    if f'registerGame("{game}"' not in plugin.read_text(encoding="utf-8"):
        return [f'{rel(plugin)}: no registerGame("{game}", …)']
    return []


def _has_section(path: Path, dict_name: str, key: str) -> bool:
    """Does the module at `path` assign `dict_name = {..., key: ..., ...}`? (Read, not imported:
    the file is being split into per-game modules.)"""
    if not path.is_file():
        return False
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        target: ast.expr
        value: ast.expr | None
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == dict_name and isinstance(value, ast.Dict):
            return any(isinstance(k, ast.Constant) and k.value == key for k in value.keys)
    return False


def strings(game: str) -> list[str]:
    per_game = SRC / "web" / "strings" / f"{module(game)}.py"
    if per_game.is_file() or _has_section(SRC / "web" / "client_strings.py", "GAME_STRINGS", game):
        return []
    return [
        f"{rel(per_game)} (the table's words; or a GAME_STRINGS[{game!r}] section of "
        "src/cardavia/web/client_strings.py)"
    ]


def traditions(game: str) -> list[str]:
    found = find_game_info(game)
    if found is None:
        return [f"src/cardavia/traditions.py: a GameInfo({game!r}, …) in its deck's games"]
    info = found[1]
    said = []
    if info.players_without_engine is not None:
        said.append(
            f"src/cardavia/traditions.py: {game} has an engine, so its players come "
            "from GAMES (drop players_without_engine)"
        )
    if not info.playable:
        said.append(f"src/cardavia/traditions.py: {game} is in GAMES but not playable")
    return said


def deck(game: str) -> list[str]:
    found = find_game_info(game)
    if found is None:
        return ["src/cardavia/traditions.py: no deck lists the game, so no renderer draws it"]
    if found[0].renderer is None:
        return [f"src/cardavia/traditions.py: Deck {found[0].id!r} names no renderer"]
    path = SRC / "render" / f"{found[0].renderer}.py"
    if importlib.util.find_spec(f"cardavia.render.{found[0].renderer}") is None:
        return [f"{rel(path)} (the renderer of deck {found[0].id!r})"]
    faces = set(importlib.import_module(f"cardavia.render.{found[0].renderer}").CODES)
    package = type(GAMES[game]).__module__.rpartition(".")[0]
    notation = importlib.import_module(f"{package}.cards").NOTATION
    missing = sorted({notation.code(card) for card in notation.deck} - faces)
    return [f"{rel(path)}: no face for {', '.join(missing)}"] if missing else []


def golden(game: str) -> list[str]:
    found = sorted(GOLDEN.glob(f"{game}-*.json"))
    if len(found) >= PLAYTHROUGHS:
        return []
    return [
        f"{rel(GOLDEN)}/{game}-<seed>.json: {len(found)} of at least {PLAYTHROUGHS} "
        "golden playthroughs (tests/golden/make.py)"
    ]


def learn(game: str) -> list[str]:
    folder = SRC / "content" / "learn" / game
    if not (folder / "deal.toml").is_file():
        return [f"{rel(folder / 'deal.toml')} (the guided first deal, docs/learn.md)"]
    return [
        f"{rel(folder / f'{lang}.toml')} (the guided deal's texts in {name})"
        for lang, name in LANGUAGES.items()
        if not (folder / f"{lang}.toml").is_file()
    ]


PIECES: dict[str, Callable[[str], list[str]]] = {
    "engine": engine,
    "observation": observation,
    "agents": agents,
    "rules": rules,
    "table": table,
    "strings": strings,
    "traditions": traditions,
    "deck": deck,
    "golden": golden,
    "learn": learn,
}


@pytest.mark.parametrize(
    ("game", "piece"),
    [pytest.param(game, piece, id=f"{game}-{piece}") for game in sorted(GAMES) for piece in PIECES],
)
def test_every_game_has_every_piece(game: str, piece: str) -> None:
    missing = PIECES[piece](game)
    assert not missing, f"{game} is in GAMES but lacks:\n  " + "\n  ".join(missing)


def test_every_game_module_is_a_registered_game() -> None:
    """The other way round: no rules package or agents module for a game that is not in GAMES
    (a renamed or removed game leaves nothing behind)."""
    registered = {module(game) for game in GAMES}
    packages = {p.parent.name for p in (SRC / "games").glob("*/__init__.py")}
    agent_modules = {p.stem for p in (SRC / "ai" / "games").glob("*.py")} - {"__init__"}
    assert packages - registered == set(), "rules packages of no game in GAMES"
    assert agent_modules - registered == set(), "agents modules of no game in GAMES"


def test_the_checks_name_what_a_game_lacks() -> None:
    """A game with none of its pieces is told every one of them, by file."""
    told = {piece: check("no-such-game") for piece, check in PIECES.items()}
    assert all(told.values()), told
    assert told["engine"] == [
        "src/cardavia/games/no_such_game/__init__.py (the game's rules package)"
    ]
    assert len(told["rules"]) == len(LANGUAGES)
    assert (
        "src/cardavia/content/rules/no-such-game/en.md (the full rules in English)" in told["rules"]
    )
