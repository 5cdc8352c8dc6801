"""Guided first deals (`/{lang}/games/{game}/learn`, docs/learn.md): one fixed deal per game,
played step by step, each taught decision with its lesson and the rules section it comes from.

A guided deal is the game's own data, found by its id, never named here:
`content/learn/<game>/deal.toml` holds the deal's seed and dealer, the learner's seat, the
whole deal as a record's actions (every seat's: the AI seats play fixed moves), the result it
ends with, and the lessons: for each taught decision its index in the actions, the one
intended action (in the game's notation, docs/notation.md), the key of its text, the spec
clause and the rules page's section id it comes from. `content/learn/<game>/<lang>.toml` holds
the texts of the six languages by key (`do`, what to do; `why`, why), and `intro` and `end`.

`check` replays the script with the engine and fails, naming the step, if an intended action
is not legal where the script puts it or the deal ends otherwise; `steps` cuts the deal into
the learner's steps, each the learner's own view (its observation: nobody else's concealed
cards), so that the page shows the deal as the table would and works out no rule itself.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from cardavia.rules.core import Game, State
from cardavia.rules.errors import RecordError, RulesError
from cardavia.rules.record import FORMAT, replay

LANGUAGES = ("en", "zh", "ru", "uk", "cs", "es")
TEXT_FIELDS = ("do", "why")  # a lesson's texts: what to do, and why
DEAL_TEXTS = ("intro", "end")  # the deal's own texts, besides its lessons'


class ScriptError(ValueError):
    """A guided deal that cannot be used: a malformed file, a missing text, an intended action
    the rules refuse where the script puts it, or a deal that ends otherwise than it says."""


@dataclass(frozen=True)
class Lesson:
    at: int  # the index of the taught decision in the deal's actions
    action: str  # the one intended action, in the game's notation
    key: str  # its texts' key in <lang>.toml
    clause: str  # the spec's clause id the lesson comes from (shared/rules/<game>.md)
    section: str  # the id of that section on the game's rules page


@dataclass(frozen=True)
class GuidedDeal:
    game: str
    seed: int
    dealer: int | None
    seat: int  # the learner's
    actions: tuple[tuple[int, str], ...]
    lessons: tuple[Lesson, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def record(self, game: Game) -> dict[str, Any]:
        """The deal as a deal record (docs/deal-record.md), its result left for the replay to
        check against `winners` and `scores`."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": game.rules_version,
            "seed": self.seed,
            "dealer": self.dealer,
            "position": None,
            "actions": [{"seat": seat, "action": action} for seat, action in self.actions],
            "result": None,
        }


def _folder(game: str) -> Any:
    return files("cardavia") / "content" / "learn" / game


def _toml(game: str, name: str) -> dict[str, Any]:
    path = _folder(game) / name
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScriptError(f"{game}: no guided deal (content/learn/{game}/{name})") from None
    except tomllib.TOMLDecodeError as err:
        raise ScriptError(f"{game}: content/learn/{game}/{name}: {err}") from None


def _int(data: Mapping[str, Any], key: str, where: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScriptError(f"{where}: {key} must be an integer, got {value!r}")
    return value


def _str(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ScriptError(f"{where}: {key} must be a text, got {value!r}")
    return value


@cache
def load(game: str) -> GuidedDeal:
    """The guided deal of `game`, its shape checked (not yet its moves: `check`)."""
    where = f"content/learn/{game}/deal.toml"
    data = _toml(game, "deal.toml")
    dealer = data.get("dealer")
    if dealer is not None:
        dealer = _int(data, "dealer", where)
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        raise ScriptError(f"{where}: actions must be a list of [seat, action]")
    pairs: list[tuple[int, str]] = []
    for i, entry in enumerate(actions):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or not isinstance(entry[1], str)
        ):
            raise ScriptError(f"{where}: actions[{i}] must be [seat, action], got {entry!r}")
        pairs.append((entry[0], entry[1]))
    lessons: list[Lesson] = []
    raw_lessons = data.get("lesson")
    if not isinstance(raw_lessons, list) or not raw_lessons:
        raise ScriptError(f"{where}: no [[lesson]]")
    for n, raw in enumerate(raw_lessons, 1):
        at = f"{where}: lesson {n}"
        lesson = Lesson(
            _int(raw, "at", at),
            _str(raw, "action", at),
            _str(raw, "key", at),
            _str(raw, "clause", at),
            _str(raw, "section", at),
        )
        if not 0 <= lesson.at < len(pairs):
            raise ScriptError(f"{at}: at {lesson.at} is not an index of the actions")
        if lessons and lesson.at <= lessons[-1].at:
            raise ScriptError(f"{at}: lessons must follow the deal's order")
        lessons.append(lesson)
    result = data.get("result")
    if not isinstance(result, dict):
        raise ScriptError(f"{where}: [result] with winners and scores is required")
    winners, scores = result.get("winners"), result.get("scores")
    if not isinstance(winners, list) or not isinstance(scores, list):
        raise ScriptError(f"{where}: result: winners and scores must be lists")
    return GuidedDeal(
        game,
        _int(data, "seed", where),
        dealer,
        _int(data, "seat", where),
        tuple(pairs),
        tuple(lessons),
        tuple(winners),
        tuple(scores),
    )


def has_guided_deal(game: str) -> bool:
    """The game has a guided deal (its file is there and reads)."""
    try:
        load(game)
    except ScriptError:
        return False
    return True


@cache
def texts(game: str, lang: str) -> dict[str, Any]:
    """The guided deal's texts in `lang`: `intro`, `end`, and each lesson's by its key."""
    return _toml(game, f"{lang}.toml")


def check(deal: GuidedDeal, games: Mapping[str, Game]) -> State:
    """Replay the script with the engine: every action legal, each lesson's intended action
    the learner's legal choice at its step, and the deal ending as the script says. Returns
    the finished deal; raises ScriptError naming the step that fails."""
    game = games.get(deal.game)
    if game is None:
        raise ScriptError(f"{deal.game}: not a game")
    if not 0 <= deal.seat < game.players:
        raise ScriptError(f"{deal.game}: seat {deal.seat} is not a seat of the table")
    taught = {lesson.at: lesson for lesson in deal.lessons}
    state = game.new_deal(deal.seed, deal.dealer)
    for i, (seat, action) in enumerate(deal.actions):
        lesson = taught.get(i)
        if lesson is not None:
            legal = state.legal_actions(deal.seat)
            if seat != deal.seat:
                raise ScriptError(
                    f"{deal.game}: lesson {lesson.key!r} is at action {i}, seat {seat}'s, "
                    f"not the learner's (seat {deal.seat})"
                )
            if lesson.action not in legal:
                raise ScriptError(
                    f"{deal.game}: lesson {lesson.key!r}: {lesson.action!r} is not legal at "
                    f"action {i} (legal: {', '.join(legal) or 'nothing'})"
                )
            if action != lesson.action:
                raise ScriptError(
                    f"{deal.game}: lesson {lesson.key!r} teaches {lesson.action!r} but the "
                    f"deal plays {action!r} at action {i}"
                )
        try:
            state.apply(seat, action)
        except RulesError as err:
            raise ScriptError(
                f"{deal.game}: action {i} ({action!r} by seat {seat}) is refused: {err}"
            ) from None
    result = state.result()
    if result is None:
        raise ScriptError(f"{deal.game}: the deal is not over after its {len(deal.actions)} moves")
    if result.winners != deal.winners or result.scores != deal.scores:
        raise ScriptError(
            f"{deal.game}: the deal ends with winners {list(result.winners)} and scores "
            f"{list(result.scores)}, the script says {list(deal.winners)} and {list(deal.scores)}"
        )
    # the record replays too, as every deal's does (the same engine, the recorded result)
    record = deal.record(game)
    record["result"] = result.to_json()
    try:
        replay(record, dict(games), deal.game)
    except RecordError as err:
        raise ScriptError(f"{deal.game}: its record does not replay: {err}") from None
    return state


def steps(deal: GuidedDeal, game: Game) -> list[dict[str, Any]]:
    """The learner's steps: one per lesson, at its decision, then the deal's end. Each is the
    learner's view then, as the table would send it (`version`, `to_act`, `legal_actions`,
    `action_facts`, `over`, `result`, `log` up to it, `table`: the learner's observation),
    with `since`, the version the step before showed, and `lesson`, the taught decision's index
    among the lessons (None at the end). The log's entries of a decision the deal makes for the
    learner (one it does not teach) carry `for_you`, and the last entry of each move since the
    step before carries `table`, the learner's table after it. The deal is played lazily, as
    the table plays it, so that the log counts the same events (a held step settled before
    each decision)."""
    seat = deal.seat
    taught = {lesson.at: n for n, lesson in enumerate(deal.lessons)}
    state = game.new_deal(deal.seed, deal.dealer, lazy=True)
    log: list[dict[str, Any]] = []
    version = 0
    out: list[dict[str, Any]] = []
    tables: dict[int, Any] = {}  # the learner's table after each move, by the version it made

    def adopt(events: list[Any], for_you: bool = False) -> None:
        nonlocal version
        seen = version
        for event in events:
            if event.visible_to(seat):
                version += 1
                # `for_you`: what a decision the deal makes for the learner showed
                log.append(
                    {"v": version, **event.to_json(), **({"for_you": True} if for_you else {})}
                )
        if version != seen:
            tables[version] = state.observation(seat)

    def view(lesson: int | None) -> dict[str, Any]:
        over = state.is_over()
        result = state.result()
        since = out[-1]["version"] if out else 0
        return {
            "version": version,
            "since": since,
            "seat": seat,
            # as the table says it to a seat: who everyone may know decides, and the seat
            # itself when it owes a decision
            "to_act": [] if over else sorted(set(state.public_to_act()) | {seat}),
            "legal_actions": [] if over else state.legal_actions(seat),
            "action_facts": {} if over else dict(state.action_facts(seat)),
            "over": over,
            "result": result.to_json() if result is not None else None,
            # the moves since the step before, each with the table after it, as the table's
            # log carries them for a paced client (docs/api.md), so that they can be shown
            # one by one; older entries without (the step before showed them)
            "log": [
                {**e, "table": tables[e["v"]]} if e["v"] > since and e["v"] in tables else e
                for e in log
            ],
            "table": state.observation(seat),
            "lesson": lesson,
        }

    adopt(state.opening)
    for i, (who, action) in enumerate(deal.actions):
        adopt(state.settle_all())
        if i in taught:
            out.append(view(taught[i]))
        adopt(state.apply(who, action), for_you=who == seat and i not in taught)
    adopt(state.settle_all())
    out.append(view(None))
    return out


@cache
def cached_steps(game: Game) -> tuple[dict[str, Any], ...]:
    """`steps` of the game's guided deal, worked out once per process (the deal is fixed)."""
    return tuple(steps(load(game.name), game))
