"""The table's JavaScript and `web/strings/` name the same keys.

`t("key")` of a key the page was not sent shows the raw key to the player, so every key the
scripts ask for must be in the strings that game's page gets (`strings/core.py` and the game's
own `strings/<game>.py`), and every key sent must be asked for somewhere (or come from the
server, like the hint's `why_` sentences and the review's `review_` ones). A word only one
game's table asks for is that game's, not the core's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import pytest

from cardavia.games.registry import GAMES as REGISTERED
from cardavia.web.strings import core, game_strings, plurals_for, strings_for

TABLE_JS = Path(__file__).parents[2] / "src" / "cardavia" / "web" / "static" / "table"
GAMES = sorted(REGISTERED)
LITERAL = re.compile(r"\b(tn?)\(\s*\"([a-z0-9_]+)\"")
# t(`phz_caption_${…}`): only the part before the first substitution is known statically
TEMPLATE = re.compile(r"\b(tn?)\(\s*`([a-z0-9_]*)\$\{")
# keys handed to t() as values: `const key = \`caption_${…}\``, `label: "act_pass"` …
QUOTED = re.compile(r"[\"`]([a-z][a-z0-9_]*)[\"`$]")
# the hint's reasons, named by the server (cardavia.ai.explain and each game's explain)
SERVER = ("why_", "review_")  # the hint's and the review's sentences, named by the server


# a whole line of comment (core/main.js opens with a sample plugin that asks for a status key)
COMMENT_LINE = re.compile(r"^\s*//.*$", re.MULTILINE)
# `import … from "./x.js"` (and `export … from`): the modules a table's script is made of
IMPORT = re.compile(r"^(?:import|export)\b[^;]*?\bfrom\s*\"(\.{1,2}/[^\"]+)\"", re.MULTILINE)


def _js(path: Path) -> str:
    return COMMENT_LINE.sub("", path.read_text())


def _modules(entry: Path) -> list[Path]:
    """`entry` and every module it imports, directly or not (relative imports)."""
    found: list[Path] = []
    todo = [entry.resolve()]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.append(path)
        if path.is_file():  # a missing one is the test's below to name
            todo.extend((path.parent / spec).resolve() for spec in IMPORT.findall(path.read_text()))
    return found


def _core() -> str:
    """The table's words that are no game's: the core's modules and the widgets games share."""
    modules = [*TABLE_JS.glob("core/*.js"), *TABLE_JS.glob("shared/*.js")]
    return "".join(_js(p) for p in sorted(modules))


def _plugin(game: str) -> str:
    return _js(TABLE_JS / f"{game}.js")


def _script(game: str) -> str:
    """All that the game's table runs: its plugin and the modules it imports."""
    return "".join(_js(p) for p in _modules(TABLE_JS / f"{game}.js") if p.is_file())


def _asks_for(script: str, key: str) -> bool:
    """Does `script` name `key`, literally or as the start of a key built at run time?"""
    prefixes = {p for _, p in TEMPLATE.findall(script)}
    prefixes |= set(re.findall(r"`([a-z][a-z0-9_]*)\$\{", script))
    return key in set(QUOTED.findall(script)) or key.startswith(tuple(prefixes))


@pytest.mark.parametrize("game", GAMES)
def test_every_key_a_table_asks_for_is_sent_to_it(game: str) -> None:
    strings = strings_for(game)
    plurals = plurals_for(game)
    script = _script(game)
    literal = LITERAL.findall(script)
    assert len(literal) > 20, "the key pattern no longer matches the scripts"
    for fn, key in literal:
        assert key in (plurals if fn == "tn" else strings), f"{game}.js: {fn}({key!r}) is not sent"
    for fn, prefix in TEMPLATE.findall(script):
        known = plurals if fn == "tn" else strings
        assert any(k.startswith(prefix) for k in known), f"{game}.js: no key starts {prefix!r}"
    # a key handed to t() as a value (`const SET_KEYS = ["kind_pair", …]`): any key of any
    # table the scripts name must be sent to this one
    every_key = {*core.STRINGS, *core.PLURALS}
    for other in GAMES:
        every_key |= {*game_strings(other).STRINGS, *game_strings(other).PLURALS}
    named = set(QUOTED.findall(script)) & every_key
    missing = sorted(named - strings.keys() - plurals.keys())
    assert not missing, f"{game}.js names keys its table is not sent: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_key_of_a_game_is_asked_for_by_its_table(game: str) -> None:
    """A key in `strings/<game>.py` that neither the core nor the game's plugin names is dead
    weight in six catalogs (the other tables are never sent it)."""
    module = game_strings(game)
    script = _script(game)
    unused = [
        k
        for k in [*module.STRINGS, *module.PLURALS]
        if not k.startswith(SERVER) and not _asks_for(script, k)
    ]
    assert not unused, f"strings/{module.__name__.rpartition('.')[2]}.py: never asked for: {unused}"


def test_every_core_key_is_the_core_s_or_shared() -> None:
    """A key of `strings/core.py` is asked for by the core (`core/`, or the widgets in `shared/`)
    or by two games' plugins at least; a word one game alone uses belongs in that game's
    module, so that removing a game leaves no word of it behind."""
    core_js = _core()
    plugins = {game: _plugin(game) for game in GAMES}
    misplaced = {}
    for key in [*core.STRINGS, *core.PLURALS]:
        if key.startswith(SERVER) or _asks_for(core_js, key):
            continue
        users = [game for game, script in plugins.items() if _asks_for(script, key)]
        if len(users) < 2:
            misplaced[key] = users
    assert not misplaced, f"core keys of one game or none (key: games): {misplaced}"


@pytest.mark.parametrize("game", GAMES)
def test_a_table_s_script_is_its_plugin_and_what_it_imports(game: str) -> None:
    """The key checks above read what the game's page loads: its plugin, the core (through
    `core/main.js`) and the shared widgets it uses; every module imported is there."""
    modules = _modules(TABLE_JS / f"{game}.js")
    assert all(p.is_file() for p in modules), [p for p in modules if not p.is_file()]
    names = {p.relative_to(TABLE_JS.resolve()).as_posix() for p in modules}
    assert {f"{game}.js", "core/main.js", "core/strings.js"} <= names, names
    assert not any(f"{other}.js" in names for other in GAMES if other != game), names


AI = Path(__file__).parents[2] / "src" / "cardavia" / "ai"
# `sentence("key")` or `sentence("key", n, …)` (cardavia.ai.explain): a hint's or review's reason,
# sent to the page as {key, n, params}; `n` is the number a plural form is picked by, or None
SENTENCE = re.compile(r"\bsentence\(\s*\"([a-z0-9_]+)\"\s*(?:,\s*([^,)=]+?)\s*[,)])?")


def test_a_server_sentence_with_a_number_is_a_plural() -> None:
    """The page says a sentence with a number through tn() (core/hint.js, replay/review.js), so
    its key must be a plural (NP_, with the real forms of ru, uk and cs), and one without a
    number a string: "%(n)s card(s)" or "карт(ы)" has no place in a sentence."""
    strings = set(core.STRINGS)
    plurals = set(core.PLURALS)
    for game in GAMES:
        strings |= set(game_strings(game).STRINGS)
        plurals |= set(game_strings(game).PLURALS)
    found = []
    for path in sorted(AI.rglob("*.py")):
        for key, n in SENTENCE.findall(path.read_text()):
            counted = n not in ("", "None")
            found.append(key)
            where = "PLURALS" if counted else "STRINGS"
            assert key in (plurals if counted else strings), f"{path.name}: {key} not in {where}"
    assert "review_cp_risk" in found and len(found) > 10, "the pattern no longer matches"


def test_the_cards_a_chuopai_play_risks_pick_the_plural(monkeypatch: pytest.MonkeyPatch) -> None:
    """CP§4.1: the review's "your play put about 1 card at risk" counts the cards (`n`), so the
    page picks the form (ru "около 1 карты", "около 5 карт"), not a makeshift "карт(ы)"."""
    from cardavia.ai.games import chuopai
    from cardavia.web.i18n import translations

    risk = {"mine": 3.4, "better": 1.2}
    monkeypatch.setattr(chuopai, "cards_at_risk", lambda observation, action: risk[action])
    [why] = chuopai.review_why(cast(Any, {}), [], "mine", "better")
    assert why == {"key": "review_cp_risk", "n": 3, "params": {"played": 3, "better": 1}}
    # said only where your play risked more, in whole cards: never "about 0 cards at risk, the
    # better one 1" (it read as a reason against the better play: usability walk)
    for mine, better in ((0.3, 1.0), (1.2, 3.4), (1.4, 0.6)):
        risk.update(mine=mine, better=better)
        assert chuopai.review_why(cast(Any, {}), [], "mine", "better") == []
    risk.update(mine=1.5, better=0.4)  # half a card counts as one
    [why] = chuopai.review_why(cast(Any, {}), [], "mine", "better")
    assert why["params"] == {"played": 2, "better": 0}
    one, many = plurals_for("chuopai")["review_cp_risk"]
    ru = translations("ru")
    said = {n: ru.ngettext(one, many, n) % {"played": n, "better": 3} for n in (1, 2, 5)}
    assert "около 1 карты," in said[1] and "около 2 карт," in said[2], said
    assert "около 5 карт," in said[5] and not any("(" in s for s in said.values()), said


def test_a_fraction_takes_the_few_form_in_russian_and_ukrainian() -> None:
    """Intl.PluralRules calls 1.5 "other" in ru and uk, where a fraction takes the form of 2
    ("1,5 очка", "2,5 туна"), not of 5 ("очков": the history's mean score, review of this
    change); whole numbers never fall in "other" there."""
    from cardavia.web.i18n import plural_categories, translations

    for lang, two in (("ru", "%(n)s очка"), ("uk", "%(n)s очки")):
        forms = plural_categories(lang)
        assert forms["one"] == 0 and forms["few"] == 1 and forms["many"] == 2
        assert forms["other"] == forms["few"]
        assert translations(lang).ngettext("%(n)s point", "%(n)s points", 2) == two
    assert plural_categories("cs")["other"] == 2 and plural_categories("en")["other"] == 1
