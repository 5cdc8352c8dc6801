"""The styles by feature (docs/table-client.md, Styles): every page loads the shared parts,
in order; a rules page adds its own; a table adds the rules' (for its rules drawer), the
table's and then its game's (after its family's: Two Seven Ten's is Paohuzi's), and no page
loads another game's styles but its family's. The shared files name
no game, and a game's file no other game."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.traditions import DECKS

STATIC = Path(__file__).resolve().parents[2] / "src" / "cardavia" / "web" / "static"
SHARED = ["/static/css/base.css", "/static/css/pages.css"]
PLAYABLE = [g.id for d in DECKS for g in d.games if g.playable]
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
SCOPE = re.compile(r"""data-game=["']?([\w-]+)""")


class _Stylesheets(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "stylesheet":
            self.hrefs.append(str(a["href"]))


def stylesheets(client: TestClient, path: str) -> list[str]:
    r = client.get(path)
    assert r.status_code == 200, path
    parser = _Stylesheets()
    parser.feed(r.text)
    return parser.hrefs


def test_pages_without_a_table_load_only_the_shared_styles(client: TestClient) -> None:
    deck = DECKS[0]
    assert stylesheets(client, "/en/") == SHARED
    assert stylesheets(client, f"/zh/decks/{deck.id}") == SHARED
    for game in (g for d in DECKS for g in d.games):
        assert stylesheets(client, f"/en/games/{game.id}/rules") == [
            *SHARED,
            "/static/css/rules.css",
        ], game.id


# a game whose table is drawn like another's links that one's styles first, from the page: a
# sheet its plugin linked came after the first layout (a phone's first decision scrolled by it)
FAMILY = {g.id: g.family for d in DECKS for g in d.games if g.family}


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_table_loads_the_table_s_styles_then_its_game_s(client: TestClient, game: str) -> None:
    # the rules' styles too, for the rules drawer (every playable game has its rules)
    family = [f"/static/table/{FAMILY[game]}.css"] if game in FAMILY else []
    assert bool(family) == (game == "erqishi")  # Two Seven Ten's table is drawn like Paohuzi's
    own = ["/static/css/table.css", *family, f"/static/table/{game}.css"]
    assert stylesheets(client, f"/en/games/{game}/table") == [
        *SHARED,
        "/static/css/rules.css",
        "/static/css/rules-drawer.css",
        *own,
    ]
    # the pages drawn with the game's table: its replay and its guided deal
    for page in ("replay", "learn"):
        sheets = stylesheets(client, f"/en/games/{game}/{page}")
        at = sheets.index(own[0])
        assert sheets[at : at + len(own)] == own, page


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_has_its_styles(game: str) -> None:
    assert (STATIC / "table" / f"{game}.css").is_file(), f"static/table/{game}.css"


@pytest.mark.parametrize("path", sorted((STATIC / "css").glob("*.css")), ids=lambda p: p.name)
def test_the_shared_styles_name_no_game(path: Path) -> None:
    code = COMMENT.sub("", path.read_text(encoding="utf-8"))
    assert not SCOPE.findall(code), f"css/{path.name} scopes rules to a game"
    named = [g for g in GAMES if re.search(rf"\b{re.escape(g)}\b", code)]
    assert not named, f"css/{path.name} names {named}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_s_styles_are_scoped_to_that_game(game: str) -> None:
    code = COMMENT.sub("", (STATIC / "table" / f"{game}.css").read_text(encoding="utf-8"))
    others = sorted(set(SCOPE.findall(code)) - {game})
    assert not others, f"table/{game}.css styles {others}"
