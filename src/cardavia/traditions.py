"""The four card traditions (decks) of the site and their games (site.md, "Pages")."""

from __future__ import annotations

from dataclasses import dataclass


def N_(text: str) -> str:
    """Mark a message for translation; it is translated where it is shown."""
    return text


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    summary: str
    players: int
    opponents: int
    playable: bool
    # Play goes you, AI 1, AI 2… clockwise (Chuo Pai's seed) or anticlockwise (the Chinese
    # habit, and Sì Sè Pái's); the table seats AI 1 on your left or your right to match.
    clockwise: bool = False


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    native_name: str
    region: str
    country: str
    cards: int
    wikipedia: str
    description: str
    games: tuple[GameInfo, ...]


SISEPAI = GameInfo(
    "sisepai", N_("Sì Sè Pái"),
    N_("Sì Sè Pái uses command groups, field groups, identical sets and mixed-colour soldier "
       "groups to meld all 21 cards, including the new card."),
    4, 3, True)

DECKS: tuple[Deck, ...] = (
    Deck("four-colour-cards", N_("Four-colour cards"), "四色牌", N_("Southern Fujian"),
         N_("China"), 120, "https://en.wikipedia.org/wiki/Four_color_cards",
         N_("Chess figures and soldiers in four colours: red, yellow, white and green."),
         (SISEPAI,)),
    Deck("nantong-long-cards", N_("Nantong long cards"), "南通长牌", N_("Nantong, Jiangsu"),
         N_("China"), 125, "https://en.wikipedia.org/wiki/Chinese_playing_cards",
         N_("Long money-suited cards: Myriads, Strings and Coins, with honour cards."),
         (GameInfo("nantong", N_("Nantong long cards"),
                   N_("Nantong long cards with two indicators: draw and discard, pong and kong "
                      "claims but no runs from discards; win with seven groups and a pair."),
                   3, 2, True),)),
    Deck("sichuan-cards", N_("Sichuan cards"), "川牌", N_("Sichuan"), N_("China"), 92,
         "https://en.wikipedia.org/wiki/Chinese_dominoes",
         N_("Thin Sichuan cards with the pips of a pair of dice, for Chuo Pai."),
         (GameInfo("chuopai", N_("Chuo Pai"),
                   N_("Chuo Pai uses the larger combinations of the domino system to compete "
                      "for banked cards."), 3, 2, True, clockwise=True),)),
    Deck("chinese-number-cards", N_("Chinese number cards"), "字牌", N_("Zhejiang"),
         N_("China"), 80, "https://en.wikipedia.org/wiki/Zi_pai",
         N_("Two series of numerals in small and large Chinese characters, for Paohuzi."),
         (GameInfo("paohuzi", N_("Paohuzi"),
                   N_("Paohuzi uses the small and large numerals to collect groups worth huxi."),
                   3, 2, True),
          GameInfo("two-seven-ten", N_("Two Seven Ten"),
                   N_("Two Seven Ten: the classic 2-7-10 game of the number cards."),
                   3, 2, False))),
)


def find_deck(deck_id: str) -> Deck | None:
    return next((d for d in DECKS if d.id == deck_id), None)


def find_game_info(game_id: str) -> tuple[Deck, GameInfo] | None:
    for deck in DECKS:
        for game in deck.games:
            if game.id == game_id:
                return deck, game
    return None
