"""The four card traditions (decks) of the site and their games (site.md, "Pages").

Only what the site says of a game lives here (its name, summary, whether its table is open, the
way play goes round): what the rules say (how many play) is the game's own, in
`cardavia.games.registry.GAMES`. A deck names the module of `cardavia.render` that draws its
cards, so a game's card faces are found through its deck.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardavia.games.registry import GAMES


def N_(text: str) -> str:
    """Mark a message for translation; it is translated where it is shown."""
    return text


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    summary: str
    playable: bool
    # Play goes you, AI 1, AI 2… clockwise (Chuo Pai's seed) or anticlockwise (the Chinese
    # habit, and Sì Sè Pái's); the table seats AI 1 on your left or your right to match.
    clockwise: bool = False
    # How many play, said here only of a game with no rules engine yet (not in GAMES).
    players_without_engine: int | None = None
    # The game whose table this one's is drawn like (its plugin's family): the page links that
    # game's styles before this one's, so the first layout is already the styled one.
    family: str | None = None

    @property
    def players(self) -> int:
        game = GAMES.get(self.id)
        if game is not None:
            return game.players
        if self.players_without_engine is None:
            raise ValueError(f"{self.id}: not in GAMES, and no players_without_engine")
        return self.players_without_engine

    @property
    def opponents(self) -> int:
        """The AI seats facing you at the table."""
        return self.players - 1


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
    # The module of `cardavia.render` that draws the deck's cards (None: none yet).
    renderer: str | None
    games: tuple[GameInfo, ...]
    # A few of its cards (renderer codes) that show the deck at a glance on the card traditions
    # page; the deck's own page shows every face.
    showcase: tuple[str, ...] = ()
    # Its Wikipedia article in other languages than English, where one exists: (lang, url)
    wikipedia_in: tuple[tuple[str, str], ...] = ()

    def wikipedia_for(self, lang: str) -> tuple[str, str]:
        """The article in the page's language if there is one, else the English one, with its
        language."""
        return next(
            ((code, url) for code, url in self.wikipedia_in if code == lang), ("en", self.wikipedia)
        )


SISEPAI = GameInfo(
    "sisepai",
    N_("Sì Sè Pái"),
    N_(
        "Sì Sè Pái uses command groups, field groups, identical sets and mixed-colour soldier "
        "groups to meld all 21 cards, including the new card."
    ),
    True,
)

DECKS: tuple[Deck, ...] = (
    Deck(
        "four-colour-cards",
        N_("Four-colour cards"),
        "四色牌",
        N_("Southern Fujian"),
        N_("China"),
        120,
        "https://en.wikipedia.org/wiki/Four_color_cards",
        N_("Chess figures and soldiers in four colours: red, yellow, white and green."),
        "sisepai",
        (SISEPAI,),
        showcase=("rK", "yA", "wE", "gC", "rH", "yN", "wS", "F1"),
        wikipedia_in=(("zh", "https://zh.wikipedia.org/wiki/%E5%9B%9B%E8%89%B2%E7%89%8C"),),
    ),
    Deck(
        "nantong-long-cards",
        N_("Nantong long cards"),
        "南通长牌",
        N_("Nantong, Jiangsu"),
        N_("China"),
        125,
        "https://en.wikipedia.org/wiki/Chinese_playing_cards",
        N_("Long money-suited cards: Myriads, Strings and Coins, with honour cards."),
        "longcards",
        (
            GameInfo(
                "nantong",
                N_("Nantong long cards"),
                N_(
                    "Nantong long cards with two indicators: draw and discard, pong and kong "
                    "claims but no runs from discards; win with seven groups and a pair."
                ),
                True,
            ),
        ),
        showcase=("1M", "5M", "9M", "3S", "9S", "1C", "T", "W", "R"),
    ),
    Deck(
        "sichuan-cards",
        N_("Sichuan cards"),
        "川牌",
        N_("Sichuan"),
        N_("China"),
        92,
        "https://en.wikipedia.org/wiki/Chinese_dominoes",
        N_("Thin Sichuan cards with the pips of a pair of dice, for Chuo Pai."),
        "sichuan",
        (
            GameInfo(
                "chuopai",
                N_("Chuo Pai"),
                N_(
                    "Chuo Pai uses the larger combinations of the domino system to compete "
                    "for banked cards."
                ),
                True,
                clockwise=True,
            ),
        ),
        showcase=("6-6", "1-1", "4-4", "1-3", "5-6", "2-3", "1-2", "2-4"),
    ),
    Deck(
        "chinese-number-cards",
        N_("Chinese number cards"),
        "字牌",
        N_("Zhejiang"),
        N_("China"),
        80,
        "https://en.wikipedia.org/wiki/Zi_pai",
        N_(
            "Two series of numerals in small and large Chinese characters, for Paohuzi and "
            "Two Seven Ten."
        ),
        "numbercards",
        (
            GameInfo(
                "paohuzi",
                N_("Paohuzi"),
                N_("Paohuzi uses the small and large numerals to collect groups worth huxi."),
                True,
            ),
            GameInfo(
                "erqishi",
                N_("Two Seven Ten"),
                N_(
                    "Two Seven Ten, Leshan style, basic: the same number cards as Paohuzi; win "
                    "on any revealed card or discard with seven groups worth at least 10 huxi."
                ),
                True,
                family="paohuzi",
            ),
        ),
        showcase=("s1", "s2", "s7", "s10", "L1", "L2", "L7", "L10"),
        wikipedia_in=(("zh", "https://zh.wikipedia.org/wiki/%E5%AD%97%E7%89%8C"),),
    ),
)


# Games that were listed under another id: their old pages lead to the new ones for good.
FORMER_IDS: dict[str, str] = {"two-seven-ten": "erqishi"}


def find_deck(deck_id: str) -> Deck | None:
    return next((d for d in DECKS if d.id == deck_id), None)


def find_game_info(game_id: str) -> tuple[Deck, GameInfo] | None:
    for deck in DECKS:
        for game in deck.games:
            if game.id == game_id:
                return deck, game
    return None
