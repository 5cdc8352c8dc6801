"""Every game with a rules engine, by its short name (python-chess's `find_variant` idea)."""

from __future__ import annotations

from cardavia.games.chuopai.game import ChuoPai
from cardavia.games.erqishi.game import Erqishi
from cardavia.games.nantong.game import Nantong
from cardavia.games.paohuzi.game import Paohuzi
from cardavia.games.sisepai.game import SiSePai
from cardavia.rules.core import Game

GAMES: dict[str, Game] = {
    game.name: game for game in (SiSePai(), Paohuzi(), Nantong(), ChuoPai(), Erqishi())
}


def find_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"unknown game {name!r} (known: {known})") from None
