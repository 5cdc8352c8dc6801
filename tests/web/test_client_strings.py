"""The table's JavaScript and `web/client_strings.py` name the same keys.

`t("key")` of a key the page was not sent shows the raw key to the player, so every key the
scripts ask for must be in the strings that game's page gets, and every key sent must be asked
for somewhere (or come from the server, like the hint's `why_` sentences).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardavia.web.client_strings import CLIENT_PLURALS, CLIENT_STRINGS, GAME_PLURALS, GAME_STRINGS

TABLE_JS = Path(__file__).parents[2] / "src" / "cardavia" / "web" / "static" / "table"
GAMES = ["sisepai", "nantong", "chuopai", "paohuzi"]
LITERAL = re.compile(r"\b(tn?)\(\s*\"([a-z0-9_]+)\"")
# t(`phz_caption_${…}`): only the part before the first substitution is known statically
TEMPLATE = re.compile(r"\b(tn?)\(\s*`([a-z0-9_]*)\$\{")
# keys handed to t() as values: `const key = \`caption_${…}\``, `label: "act_pass"` …
QUOTED = re.compile(r"[\"`]([a-z][a-z0-9_]*)[\"`$]")


def _script(game: str) -> str:
    return (TABLE_JS / "core.js").read_text() + (TABLE_JS / f"{game}.js").read_text()


@pytest.mark.parametrize("game", GAMES)
def test_every_key_a_table_asks_for_is_sent_to_it(game: str) -> None:
    strings = {**CLIENT_STRINGS, **GAME_STRINGS.get(game, {})}
    plurals = {**CLIENT_PLURALS, **GAME_PLURALS.get(game, {})}
    script = _script(game)
    literal = LITERAL.findall(script)
    assert len(literal) > 20, "the key pattern no longer matches the scripts"
    for fn, key in literal:
        assert key in (plurals if fn == "tn" else strings), f"{game}.js: {fn}({key!r}) is not sent"
    for fn, prefix in TEMPLATE.findall(script):
        known = plurals if fn == "tn" else strings
        assert any(k.startswith(prefix) for k in known), f"{game}.js: no key starts {prefix!r}"


def test_every_key_sent_is_asked_for() -> None:
    """A key no script names (literally, or as the start of a key built at run time) is dead
    weight in six catalogs. The hint's reasons are named by the server (ai/explain.py)."""
    scripts = "".join(p.read_text() for p in sorted(TABLE_JS.glob("*.js")))
    named = set(QUOTED.findall(scripts))
    prefixes = {p for _, p in TEMPLATE.findall(scripts)}
    prefixes |= set(re.findall(r"`([a-z][a-z0-9_]*)\$\{", scripts))
    keys = [*CLIENT_STRINGS, *CLIENT_PLURALS]
    keys += [k for strings in GAME_STRINGS.values() for k in strings]
    keys += [k for plurals in GAME_PLURALS.values() for k in plurals]
    built = (*prefixes, "why_")
    unused = [k for k in keys if k not in named and not k.startswith(built)]
    assert not unused, f"sent but never asked for: {unused}"
