"""What every card renderer draws or names the same way: the `<svg>` element with its accessible
name, the card's outline and inset frames, the far end turned 180°, and card names in the
supported languages with English as the fallback.

A deck's card names are data, one file per deck: `render/names/<renderer>.json`, by language
then card code, as the full rules write them ("5 of Coins", "пятёрка Монет", "红帥").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib.resources import files

from cardavia.render.fonts import num

LANGS = ("en", "zh", "uk", "es", "cs", "ru")

CARD_BACK_NAMES = {
    "en": "card back",
    "zh": "牌背",
    "uk": "сорочка карти",
    "es": "dorso de carta",
    "cs": "rub karty",
    "ru": "рубашка карты",
}

# unit vectors to the corners of a regular pentagon, first one straight up (rounded constants
# rather than trigonometry, so the output cannot vary between platforms)
PENTAGON = ((0.0, -1.0), (0.951, -0.309), (0.588, 0.809), (-0.588, 0.809), (-0.951, -0.309))


def language(lang: str) -> str:
    """`lang` if cards are named in it, else English."""
    return lang if lang in LANGS else "en"


def back_name(lang: str) -> str:
    """The accessible name of a card back."""
    return CARD_BACK_NAMES[language(lang)]


@cache
def card_names(deck: str) -> dict[str, dict[str, str]]:
    """The names of a deck's cards, by language and code (`render/names/<deck>.json`)."""
    names: dict[str, dict[str, str]] = json.loads(
        files("cardavia.render").joinpath("names", f"{deck}.json").read_text(encoding="utf-8")
    )
    return names


def card_name_in(deck: str, code: str, lang: str) -> str:
    """The accessible name of a known card `code` of `deck` in `lang`, else in English."""
    return card_names(deck)[language(lang)][code]


def underline(cx: float, y: float, width: float, colour: str) -> str:
    """A short rule under an index digit, so a 6 and a 9 seen upside down are not confused."""
    return (
        f'<path d="M{num(cx - width / 2)} {num(y)}h{num(width)}" stroke="{colour}" '
        'stroke-width=".6" stroke-linecap="round"/>'
    )


@dataclass(frozen=True, slots=True)
class Canvas:
    """A card's drawing area: viewBox 0 0 `width` `height`, y down."""

    width: int
    height: int

    @property
    def centre(self) -> tuple[float, float]:
        return self.width / 2, self.height / 2

    @property
    def view_box(self) -> str:
        return f"0 0 {self.width} {self.height}"

    def svg(self, label: str, *parts: str, standalone: bool = True) -> str:
        """An `<svg>` image named `label` (title and aria-label) drawing `parts` in order.

        Not `standalone`: without the namespace, for inline use in HTML.
        """
        text = escape(label, quote=True)
        xmlns = 'xmlns="http://www.w3.org/2000/svg" ' if standalone else ""
        body = "".join(parts)
        return (
            f'<svg {xmlns}viewBox="{self.view_box}" role="img" aria-label="{text}">'
            f"<title>{text}</title>{body}</svg>"
        )

    def outline(self, fill: str, *, edge: str, rx: float) -> str:
        """The card itself: its whole area in `fill`, with an `edge` border."""
        return (
            f'<rect x=".5" y=".5" width="{self.width - 1}" height="{self.height - 1}" '
            f'rx="{num(rx)}" fill="{fill}" stroke="{edge}" stroke-width=".8"/>'
        )

    def inset(
        self,
        inset: float,
        rx: float,
        *,
        stroke: str,
        stroke_width: str,
        fill: str = "none",
    ) -> str:
        """A rectangle `inset` in from the card's edge all round (a frame or a panel).

        `stroke_width` is written as given, e.g. ".5".
        """
        return (
            f'<rect x="{num(inset)}" y="{num(inset)}" width="{num(self.width - 2 * inset)}" '
            f'height="{num(self.height - 2 * inset)}" rx="{num(rx)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{stroke_width}"/>'
        )

    def turned(self, body: str) -> str:
        """`body` turned 180° about the card's centre, to read from the other end."""
        cx, cy = self.centre
        return f'<g transform="rotate(180 {num(cx)} {num(cy)})">{body}</g>'
