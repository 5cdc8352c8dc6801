"""Tables for friends (architecture.md §6, issue "Play with friends" 2-4 and 6): human seats
taken through invite codes, the waiting table, the race for the last seat, every human's own
view, absent players timed out to the AI and back, the next deal for the same friends."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from cardavia.games.registry import GAMES
from cardavia.web.app import create_app
from tests.backends import execute
from tests.conformance.test_games import hidden_from, words_of

pytestmark = pytest.mark.backends

per_game = pytest.mark.parametrize("game", sorted(GAMES))


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def raw(db: str) -> Any:
    with TestClient(create_app(db, seeds_with_friends=True)) as c:
        yield c


def _friends(
    raw: TestClient, game: str = "sisepai", seed: int = 1, humans: int = 2, **extra: Any
) -> dict[str, Any]:
    players = GAMES[game].players
    kinds = ["human"] * humans + ["ai"] * (players - humans)
    r = raw.post(
        "/api/games",
        json={"game": game, "seed": seed, "level": "greedy", "seats": kinds, **extra},
    )
    assert r.status_code == 201, r.text
    return dict(r.json())


def _join(raw: TestClient, code: str, name: str = "Mei") -> Any:
    return raw.post(f"/api/invites/{code}", json={"name": name})


def _seated(raw: TestClient, game: str = "sisepai", seed: int = 1, humans: int = 2) -> Any:
    """A friends table with every human seat taken: (deal id, {seat: token})."""
    made = _friends(raw, game, seed, humans)
    tokens = {0: made["token"]}
    for seat, code in made["invites"].items():
        r = _join(raw, code, f"P{seat}")
        assert r.status_code == 201, r.text
        tokens[int(seat)] = r.json()["token"]
    return made["id"], tokens


def _view(raw: TestClient, deal_id: str, token: str | None = None) -> dict[str, Any]:
    headers = _bearer(token) if token else {}
    view: dict[str, Any] = raw.get(f"/api/games/{deal_id}", headers=headers).json()["view"]
    return view


def test_a_friends_table_gives_an_invite_per_other_human_seat(raw: TestClient) -> None:
    made = _friends(raw, "sisepai", humans=3, name="Ana")
    assert set(made["invites"]) == {"1", "2"}  # seat 0 is the creator's (§6)
    codes = list(made["invites"].values())
    assert len(set(codes)) == 2 and all(len(c) >= 22 and made["id"] not in c for c in codes)
    view = made["view"]
    assert view["waiting"] is True
    assert [s["kind"] for s in view["seats"]] == ["human", "human", "human", "ai"]
    assert [s["joined"] for s in view["seats"]] == [True, False, False, True]
    assert view["seats"][0]["name"] == "Ana" and view["seats"][3]["level"] == "greedy"
    assert view["allowance"] == 45.0  # the default (§6 absent players)
    # the codes are stored hashed only, like tokens
    table = raw.app.state.tables._tables[made["id"]]  # type: ignore[attr-defined]
    assert all(code not in repr(table.seats) for code in codes)


def test_the_table_waits_until_every_human_seat_is_taken(raw: TestClient) -> None:
    made = _friends(raw, "chuopai", seed=3)
    deal_id, token = made["id"], made["token"]
    before = _view(raw, deal_id, token)
    assert before["legal_actions"] == [] and before["to_act"] == []  # nobody owes anything yet
    r = raw.post(
        f"/api/games/{deal_id}/actions",
        json={"action": "pass", "version": before["version"]},
        headers=_bearer(token),
    )
    assert r.status_code == 409 and r.json()["error"]["code"] == "waiting"
    # nor is a move searched for a hint: seat 0 leads this deal, but not yet (QA)
    hint = raw.post(
        f"/api/games/{deal_id}/hint", json={"version": before["version"]}, headers=_bearer(token)
    )
    assert hint.status_code == 409 and hint.json()["error"]["code"] == "waiting", hint.text
    assert _view(raw, deal_id, token)["table"] == before["table"]  # nobody played, AI neither
    joined = _join(raw, made["invites"]["1"], "Bo")
    assert joined.status_code == 201
    body = joined.json()
    assert body["id"] == deal_id and body["seat"] == 1 and body["view"]["seat"] == 1
    view = _view(raw, deal_id, token)
    assert view["waiting"] is False and view["seats"][1]["name"] == "Bo"
    # a long poll sent with the seats shown before the join answers at once (table/live.py)
    stale = f"/api/games/{deal_id}?wait={before['version']}&seats={before['seats_tag']}"
    polled = raw.get(stale, headers=_bearer(token)).json()["view"]
    assert polled["seats_tag"] == view["seats_tag"] != before["seats_tag"]
    for bad in ("zz", "1234567", before["seats_tag"] + "0"):
        r = raw.get(f"/api/games/{deal_id}?wait=0&seats={bad}", headers=_bearer(token))
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", bad


def test_invite_statuses(raw: TestClient) -> None:
    made = _friends(raw)
    code = made["invites"]["1"]
    assert _join(raw, "no-such-code").status_code == 404
    assert _join(raw, "x" * 500).status_code == 404
    # and (security test, 2026-12-05) names that draw nothing: Hangul fillers, the blank
    # Braille pattern, marks alone, a variation selector, noncharacters, and (2026-12-06) an
    # unassigned code point of plane 14, beside its tags, which Python counts as "Cn"
    invisible = (
        *("\u3164", "\u2800", "\u115f\u1160", "\u0301\u0301", "\U000e0100", "\uffff"),
        *("\U000e0080", "\U000e01f0", "\U00050000", "\u2065", "\ufff0", "\ufff8", "\U0001d159"),
    )
    for bad in ("", "   ", "x" * 25, "a\u0000b", "a\u202eb", 7, *invisible, "\U0010ffff"):
        r = raw.post(f"/api/invites/{code}", json={"name": bad})
        assert r.status_code == 422 and r.json()["error"]["code"] == "bad_name", bad
    # a letter or sign that shows is enough, an emoji newer than Python's tables too (🩷, 🪿:
    # Unicode 15, unassigned to Python 3.11's)
    for good in ("é", "李", "\u3164Li", "😀", "-", "Anna 🩷", "🪿"):
        r = raw.post(
            "/api/games", json={"game": "sisepai", "seats": ["human", "ai"] * 2, "name": good}
        )
        assert r.status_code == 201, good
    assert _join(raw, code, "  Li   Wei ").json()["view"]["seats"][1]["name"] == "Li Wei"
    again = _join(raw, code, "Zed")
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"
    assert _view(raw, made["id"])["seats"][1]["name"] == "Li Wei"


def _preview(raw: TestClient, code: Any) -> Any:
    return raw.post("/api/invite-preview", json={"code": code})


def test_an_invite_shows_who_invites_before_joining(raw: TestClient) -> None:
    """POST /api/invite-preview: the invited see the game, their seat, the level and who sits
    where, as a spectator does (the usability walk: the invite page named nobody), and
    nothing changes; never a token, a code, the deal's id or a hand. The code goes in the body,
    never in a path a server log keeps; a seat taken already says so and nothing more."""
    made = _friends(raw, "paohuzi", humans=2, name="Olga", level="normal")
    code = made["invites"]["1"]
    before = _view(raw, made["id"])
    shown = _preview(raw, code)
    assert shown.status_code == 200, shown.text
    body = shown.json()
    assert set(body) == {"free", "game", "seat", "level", "seats"}
    assert body["game"] == "paohuzi" and body["seat"] == 1 and body["free"] is True
    assert body["level"] == "normal"
    assert [(s["kind"], s["name"], s["joined"]) for s in body["seats"]] == [
        ("human", "Olga", True),
        ("human", None, False),
        ("ai", None, True),
    ]
    text = shown.text
    assert made["id"] not in text and made["token"] not in text and code not in text
    assert _view(raw, made["id"]) == before  # looking took nothing
    assert _join(raw, code, "Mei").status_code == 201
    assert _preview(raw, code).json() == {"free": False}  # nothing of the table any more
    for bad in ("no-such-code", "x" * 500, "", 7, None):
        r = _preview(raw, bad)
        assert r.status_code == 404 and r.json()["error"]["code"] == "unknown_invite", bad
    r = raw.post("/api/invite-preview", json={"code": code, "name": "x"})
    assert r.status_code == 422  # a field it does not take
    # no code in a path: the old GET form is no route
    assert raw.get(f"/api/invites/{code}").status_code == 405
    # a seat the creator gave to the AI is no longer free either
    other = _friends(raw, "paohuzi", seed=2, humans=2)
    assert raw.post(
        f"/api/games/{other['id']}/start", json={}, headers=_bearer(other["token"])
    ).is_success
    assert _preview(raw, other["invites"]["1"]).json() == {"free": False}


def test_a_seated_player_takes_no_second_seat_at_the_table(raw: TestClient) -> None:
    """One seat a player: the creator (or a friend) who sends their seat token with another
    seat's invite code is refused (409 seat_held) and the seat stays free for its friend (the
    security test took seat 1 with seat 0's token and held two hands). A token of another
    table's seat is no bar."""
    made = _friends(raw, "chuopai", humans=3)
    codes, creator = made["invites"], made["token"]
    held = raw.post(f"/api/invites/{codes['1']}", json={"name": "me-too"}, headers=_bearer(creator))
    assert held.status_code == 409 and held.json()["error"]["code"] == "seat_held", held.text
    assert _view(raw, made["id"])["seats"][1]["joined"] is False
    friend = _join(raw, codes["1"], "Mei")
    assert friend.status_code == 201
    # a code used already answers as taken, whoever sends it (docs/api.md)
    used = raw.post(f"/api/invites/{codes['1']}", json={"name": "x"}, headers=_bearer(creator))
    assert used.status_code == 409 and used.json()["error"]["code"] == "seat_taken"
    again = raw.post(
        f"/api/invites/{codes['2']}", json={"name": "Mei2"}, headers=_bearer(friend.json()["token"])
    )
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_held"
    elsewhere = _friends(raw, "chuopai")["token"]  # a seat at another table
    other = raw.post(f"/api/invites/{codes['2']}", json={"name": "Bo"}, headers=_bearer(elsewhere))
    assert other.status_code == 201 and other.json()["seat"] == 2


def test_a_name_is_kept_as_text(raw: TestClient) -> None:
    """Markup in a name is text: the API gives it back as sent, the pages escape it."""
    made = _friends(raw)
    name = "<b>&amp;</b>"
    assert _join(raw, made["invites"]["1"], name).status_code == 201
    assert _view(raw, made["id"])["seats"][1]["name"] == name


def test_bad_seats_are_refused(raw: TestClient) -> None:
    for seats in (["ai", "human", "ai", "ai"], ["human", "ai"], ["human", "x", "ai", "ai"], "h"):
        r = raw.post("/api/games", json={"game": "sisepai", "seats": seats})
        assert r.status_code == 422, seats
    r = raw.post("/api/games", json={"game": "sisepai", "allowance": 1})
    assert r.status_code == 422


def test_the_creator_starts_with_the_ai_in_empty_seats(raw: TestClient) -> None:
    made = _friends(raw, humans=3)
    deal_id, token = made["id"], made["token"]
    joined = _join(raw, made["invites"]["1"]).json()
    r = raw.post(f"/api/games/{deal_id}/start", json={}, headers=_bearer(joined["token"]))
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_creator"
    assert raw.post(f"/api/games/{deal_id}/start", json={}).status_code == 403
    r = raw.post(f"/api/games/{deal_id}/start", json={}, headers=_bearer(token))
    assert r.status_code == 200
    view = r.json()["view"]
    assert view["waiting"] is False
    assert [s["kind"] for s in view["seats"]] == ["human", "human", "ai", "ai"]
    late = _join(raw, made["invites"]["2"])  # its seat went to the AI
    assert late.status_code == 409 and late.json()["error"]["code"] == "seat_taken"


def test_the_race_for_the_last_seat_has_one_winner(db: str) -> None:
    """Four requests for one seat at once, through two servers on the same store (as two web
    processes): exactly one is seated, the others hear seat_taken."""
    with (
        TestClient(create_app(db, seeds_with_friends=True)) as first,
        TestClient(create_app(db, seeds_with_friends=True)) as second,
    ):
        made = _friends(first)
        code = made["invites"]["1"]
        barrier = threading.Barrier(4)
        answers: list[tuple[int, Any]] = []

        def take(client: TestClient, name: str) -> None:
            barrier.wait()
            r = _join(client, code, name)
            answers.append((r.status_code, r.json()))

        threads = [
            threading.Thread(target=take, args=(c, f"n{i}"))
            for i, c in enumerate([first, second, first, second])
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(status for status, _ in answers) == [201, 409, 409, 409]
        (won,) = [body for status, body in answers if status == 201]
        for client in (first, second):
            view = _view(client, made["id"], won["token"])
            assert view["seat"] == 1 and view["seats"][1]["name"] == won["view"]["seats"][1]["name"]


def _play(
    raw: TestClient, deal_id: str, tokens: dict[int, str], rng: random.Random, check: Any = None
) -> dict[str, Any]:
    """Play the deal to its end with every human seat's token, choosing at random; `check`
    is called with the views after every step. Returns seat 0's last view."""
    for _ in range(600):
        views = {seat: _view(raw, deal_id, token) for seat, token in tokens.items()}
        if check is not None:
            check(views)
        if views[0]["over"]:
            return views[0]
        acted = False
        for seat, view in views.items():
            if view["legal_actions"]:
                raw.post(
                    f"/api/games/{deal_id}/actions",
                    json={"action": rng.choice(view["legal_actions"]), "version": view["version"]},
                    headers=_bearer(tokens[seat]),
                )
                acted = True
        if not acted:
            raw.get(f"/api/games/{deal_id}?wait={views[0]['version']}", headers=_bearer(tokens[0]))
    raise AssertionError("the deal did not end")


@per_game
@pytest.mark.parametrize("seed", range(3))
def test_every_human_and_the_spectator_see_only_their_own_cards(
    raw: TestClient, game: str, seed: int
) -> None:
    """Every seat human (invited), random deals played to the end: after every step each
    player's whole answer holds no card another seat conceals that the player cannot see,
    and the spectator's none concealed in any hand (issue "Play with friends", Show)."""
    tables = raw.app.state.tables  # type: ignore[attr-defined]
    players = GAMES[game].players
    deal_id, tokens = _seated(raw, game, seed, humans=players)

    checked = []

    def snapshot() -> tuple[list[int], list[Any], list[list[str]]]:
        """The table's versions, observations and owed actions, read in the server's own event
        loop: from the test's thread a step could be seen half taken (a timed step settling)."""
        table = tables._tables[deal_id]
        state = table.state
        owed = [
            state.legal_actions(s) if s in state.to_act() and not table.seating else []
            for s in range(players)
        ]
        return list(table.versions), [state.observation(s) for s in range(players)], owed

    def check(views: dict[int, dict[str, Any]]) -> None:
        watched = _view(raw, deal_id)
        assert raw.portal is not None
        versions, truth, owed = raw.portal.call(snapshot)
        if watched["version"] != versions[-1] or any(
            view["version"] != versions[seat] for seat, view in views.items()
        ):
            return  # the deal moved on since these views: they are not of this state
        checked.append(1)
        for seat, view in views.items():
            assert view["seat"] == seat
            leaked = hidden_from(truth, seat) & words_of(view)
            assert not leaked, f"{game} {seed}: seat {seat} was shown {sorted(leaked)}"
            assert view["legal_actions"] == owed[seat]
        concealed = {c for obs in truth for c in obs["hand"]}
        open_to_all = set.intersection(*(words_of(obs) for obs in truth))
        leaked = (concealed - open_to_all) & words_of(watched)
        assert not leaked, f"{game} {seed}: the spectator was shown {sorted(leaked)}"

    end = _play(raw, deal_id, tokens, random.Random(seed), check)
    assert end["result"] is not None and len(checked) > 5


def test_each_human_answers_a_claim_window_and_the_ai_waits(raw: TestClient) -> None:
    """The table waits for every human seat's decision: the AI never plays a human seat that
    is not away, and a view never lists a seat asked privately (Sì Sè Pái's claim windows)."""
    tables = raw.app.state.tables  # type: ignore[attr-defined]
    deal_id, tokens = _seated(raw, "sisepai", 4)
    rng = random.Random(4)
    seen_owing: set[int] = set()

    checked = []

    def snapshot() -> tuple[list[int], set[int]]:
        """Read in the server's event loop, as in the test above."""
        table = tables._tables[deal_id]
        return list(table.versions), set(table.state.public_to_act())

    def check(views: dict[int, dict[str, Any]]) -> None:
        assert raw.portal is not None
        versions, public = raw.portal.call(snapshot)
        if any(view["version"] != versions[seat] for seat, view in views.items()):
            return  # the deal moved on since these views: they are not of this state
        checked.append(1)
        for seat, view in views.items():
            assert set(view["to_act"]) <= public | {seat}
            if view["legal_actions"]:
                seen_owing.add(seat)
                assert view["seats"][seat]["time_left"] is not None  # its own countdown
            for other, shown in enumerate(view["seats"]):
                if other != seat and other not in public:
                    assert shown["time_left"] is None

    _play(raw, deal_id, tokens, rng, check)
    stored = raw.app.state.tables.store.load(deal_id)  # type: ignore[attr-defined]
    humans_played = {seat for seat, _ in stored.actions} & {0, 1}
    assert humans_played == {0, 1} and seen_owing == {0, 1} and len(checked) > 10


def test_a_closed_tab_goes_away_and_comes_back(db: str) -> None:
    """Seat 1's player stops answering: once its allowance has run out (the sweep is run at a
    later clock, no real waiting), the AI plays it, marked away, also after a restart; its
    player acting again takes it back (architecture.md §6, absent players)."""
    with TestClient(create_app(db, seeds_with_friends=True)) as raw:
        made = _friends(raw, "chuopai", seed=3, allowance=30)
        deal_id = made["id"]
        tokens = {0: made["token"], 1: _join(raw, made["invites"]["1"]).json()["token"]}
        # seat 0 plays until seat 1 owes a decision
        for _ in range(100):
            mine = _view(raw, deal_id, tokens[1])
            if mine["legal_actions"]:
                break
            zero = _view(raw, deal_id, tokens[0])
            if zero["legal_actions"]:
                raw.post(
                    f"/api/games/{deal_id}/actions",
                    json={"action": zero["legal_actions"][0], "version": zero["version"]},
                    headers=_bearer(tokens[0]),
                )
            else:
                raw.get(f"/api/games/{deal_id}?wait={zero['version']}", headers=_bearer(tokens[0]))
        assert mine["legal_actions"] and mine["seats"][1]["time_left"] is not None
        assert 0 < mine["seats"][1]["time_left"] <= 30
        watched = _view(raw, deal_id)
        assert watched["seats"][1]["time_left"] is not None  # a public turn: its countdown shows
        tables = raw.app.state.tables  # type: ignore[attr-defined]
        assert raw.portal is not None
        raw.portal.call(tables.drain)  # the AI's step that opened the decision, stored whole
        store = tables.store
        assert store.seats(deal_id)[1].deadline is not None  # kept in the store, for a restart
        played = [seat for seat, _ in store.load(deal_id).actions].count(1)
        before = len(store.load(deal_id).actions)
        assert not store.load(deal_id).for_away
    with TestClient(
        create_app(db, seeds_with_friends=True)
    ) as raw:  # a restart: the timer is the store's
        tables = raw.app.state.tables  # type: ignore[attr-defined]
        assert tables._sweeper is not None  # looking for deadlines before any request
        portal = raw.portal
        assert portal is not None
        portal.call(tables.sweep, time.time() + 120)
        portal.call(tables.drain)
        view = _view(raw, deal_id, tokens[0])
        assert view["seats"][1]["away"] is True and view["seats"][1]["level"] == "greedy"
        # the AI played seat 1's decision, stored as played for the absent player (its review
        # leaves it out), and only that: none of seat 0's, none before
        stored = tables.store.load(deal_id)
        assert [seat for seat, _ in stored.actions].count(1) > played
        assert stored.for_away and {stored.actions[n][0] for n in stored.for_away} == {1}
        assert min(stored.for_away) >= before  # seat 1's own moves before it went away are its own
        # seat 1's player comes back: acting when owed, or taking the seat back
        r = raw.post(f"/api/games/{deal_id}/back", json={}, headers=_bearer(tokens[1]))
        assert r.status_code == 200 and r.json()["view"]["seats"][1]["away"] is False
        assert tables.store.seats(deal_id)[1].away is False


def test_solo_tables_have_no_timer(raw: TestClient) -> None:
    r = raw.post("/api/games", json={"game": "chuopai", "seed": 3, "level": "greedy"})
    view = r.json()["view"]
    assert view["allowance"] is None and all(s["time_left"] is None for s in view["seats"])


def test_the_next_deal_keeps_the_friends_in_their_seats(raw: TestClient) -> None:
    deal_id, tokens = _seated(raw, "chuopai", 2)
    end = _play(raw, deal_id, tokens, random.Random(2))
    after = {"game": "chuopai", "level": "greedy", "after": deal_id}
    assert raw.post("/api/games", json=after).status_code == 403  # a player of it deals it
    first = raw.post("/api/games", json=after, headers=_bearer(tokens[1]))
    assert first.status_code == 201
    body = first.json()
    assert body["seat"] == 1 and body["token"] == tokens[1]
    second = raw.post("/api/games", json=after, headers=_bearer(tokens[0])).json()
    assert second["id"] == body["id"] and second["seat"] == 0  # one next deal, not two
    nxt = body["id"]
    assert _view(raw, nxt, tokens[1])["level"] == "greedy"
    assert _view(raw, deal_id, tokens[0])["match"]["next"] == nxt
    for seat, token in tokens.items():
        view = _view(raw, nxt, token)
        assert view["seat"] == seat and view["seats"][1]["name"] == "P1"
    assert _view(raw, nxt)["match"]["totals_before"] == end["match"]["totals"]


def test_a_friends_tables_next_deal_counts_against_the_creators_limit(db: str) -> None:
    """Reliability finding (2026-12-05): the next deal of a friends table skipped the limit on
    the deals a client creates a minute, so one client chained 119 deals a minute (each
    queueing a review per human). Dealing it counts as a deal; finding it dealt does not."""
    with TestClient(create_app(db, seeds_with_friends=True, creates_per_minute=3)) as site:
        # the limit's clock stands still: a slow machine's minute refills no token meanwhile
        site.app.state.create_limit.clock = lambda: 0.0  # type: ignore[attr-defined]
        deal_id, tokens = _seated(site, "chuopai", 2)  # the first deal of the three
        _play(site, deal_id, tokens, random.Random(2))
        after = {"game": "chuopai", "level": "greedy", "after": deal_id}
        dealt = site.post("/api/games", json=after, headers=_bearer(tokens[1]))
        assert dealt.status_code == 201  # the second
        found = site.post("/api/games", json=after, headers=_bearer(tokens[0]))
        assert found.status_code == 201 and found.json()["id"] == dealt.json()["id"]  # not one
        nxt = dealt.json()["id"]
        _play(site, nxt, tokens, random.Random(3))
        third = site.post("/api/games", json={**after, "after": nxt}, headers=_bearer(tokens[0]))
        assert third.status_code == 201
        _play(site, third.json()["id"], tokens, random.Random(4))
        refused = site.post(
            "/api/games",
            json={**after, "after": third.json()["id"]},
            headers=_bearer(tokens[0]),
        )
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "too_many_requests"
        assert _view(site, third.json()["id"], tokens[0])["match"]["next"] is None


def test_the_site_never_lets_a_friend_choose_the_deal(db: str) -> None:
    """A seed names the deal, so whoever chose it would know every other hand: on the site
    (no `seeds_with_friends`) a table of friends refuses one, at its first deal and its next,
    and the next deal keeps the match's level whatever its asker names."""
    with TestClient(create_app(db)) as site:
        friends = {"game": "chuopai", "level": "greedy", "seats": ["human", "human", "ai"]}
        refused = site.post("/api/games", json={**friends, "seed": 3})
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"]["code"] == "seed_with_friends"
        solo = site.post("/api/games", json={"game": "chuopai", "seed": 3, "level": "greedy"})
        assert solo.status_code == 201  # alone, a seed only spoils your own game
        made = site.post("/api/games", json=friends)
        assert made.status_code == 201, made.text
        tokens = {0: made.json()["token"]}
        joined = _join(site, made.json()["invites"]["1"])
        tokens[1] = joined.json()["token"]
        deal_id = made.json()["id"]
        _play(site, deal_id, tokens, random.Random(5))
        after = {"game": "chuopai", "after": deal_id, "level": "hard"}
        chosen = site.post("/api/games", json={**after, "seed": 7}, headers=_bearer(tokens[1]))
        assert chosen.status_code == 422 and chosen.json()["error"]["code"] == "seed_with_friends"
        assert _view(site, deal_id, tokens[0])["match"]["next"] is None  # nothing dealt
        nxt = site.post("/api/games", json=after, headers=_bearer(tokens[1]))
        assert nxt.status_code == 201, nxt.text
        assert nxt.json()["view"]["level"] == "greedy"  # the match's, not the asker's


def _until_seat_1_owes(raw: TestClient, deal_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Seat 0 plays (its first legal action) until seat 1 owes a decision everyone may know it
    owes (one asked privately, as Chuo Pai's forced answers are, it answers itself): seat 1's
    view."""
    for _ in range(100):
        mine = _view(raw, deal_id, tokens[1])
        if mine["legal_actions"] and 1 in _view(raw, deal_id)["to_act"]:
            return mine
        if mine["legal_actions"]:
            raw.post(
                f"/api/games/{deal_id}/actions",
                json={"action": mine["legal_actions"][0], "version": mine["version"]},
                headers=_bearer(tokens[1]),
            )
            continue
        zero = _view(raw, deal_id, tokens[0])
        if zero["legal_actions"]:
            raw.post(
                f"/api/games/{deal_id}/actions",
                json={"action": zero["legal_actions"][0], "version": zero["version"]},
                headers=_bearer(tokens[0]),
            )
        else:
            raw.get(f"/api/games/{deal_id}?wait={zero['version']}", headers=_bearer(tokens[0]))
    raise AssertionError("seat 1 never had a decision")


def test_acting_takes_an_away_seat_back(raw: TestClient) -> None:
    """An away player whose seat owes a decision the AI has not made yet acts: the action is
    theirs, and the seat is theirs again (§6, absent players)."""
    deal_id, tokens = _seated(raw, "chuopai", 3)
    mine = _until_seat_1_owes(raw, deal_id, tokens)
    tables = raw.app.state.tables  # type: ignore[attr-defined]
    table = tables._tables[deal_id]

    before: list[int] = []

    async def away_then_act() -> None:
        # away, as a sweep leaves it, and the player's action in before the AI's (no request
        # comes between to let the AI play the seat)
        await asyncio.to_thread(tables.store.set_away, deal_id, 1, True)
        table.seats[1].away = True
        before.append(len(table.state.actions))
        await tables.human_act(table, mine["legal_actions"][0], mine["version"], 1)

    assert raw.portal is not None
    raw.portal.call(away_then_act)
    view = _view(raw, deal_id, tokens[1])
    assert view["seats"][1]["away"] is False and view["version"] > mine["version"]
    assert tables.store.seats(deal_id)[1].away is False
    # the stored action is the player's own, not the AI's
    assert tuple(tables.store.load(deal_id).actions[before[0]]) == (1, mine["legal_actions"][0])


def test_two_servers_time_out_a_decision_once(db: str) -> None:
    """Two web processes on one store look for deadlines past: the seat goes away once, and its
    timed-out decision is played once (the store's action numbers decide)."""
    with (
        TestClient(create_app(db, seeds_with_friends=True)) as first,
        TestClient(create_app(db, seeds_with_friends=True)) as second,
    ):
        deal_id, tokens = _seated(first, "chuopai", 3)
        mine = _until_seat_1_owes(first, deal_id, tokens)
        later = time.time() + 120
        for client in (first, second):
            tables = client.app.state.tables  # type: ignore[attr-defined]
            assert client.portal is not None
            client.portal.call(tables.sweep, later)
        for client in (first, second):
            tables = client.app.state.tables  # type: ignore[attr-defined]
            assert client.portal is not None
            client.portal.call(tables.drain)
        store = first.app.state.tables.store  # type: ignore[attr-defined]
        assert store.seats(deal_id)[1].away is True
        view = _view(second, deal_id, tokens[1])
        assert view["version"] > mine["version"] and view["seats"][1]["away"] is True
        # both processes' copies are the store's deal: one move each time, never two
        stored = [tuple(a) for a in store.load(deal_id).actions]
        for client in (first, second):
            _view(client, deal_id, tokens[0])  # a request catches the copy up
            table = client.app.state.tables._tables[deal_id]  # type: ignore[attr-defined]
            assert [tuple(a) for a in table.state.actions] == stored


def test_a_friend_gets_the_steps_of_a_replay_too(raw: TestClient) -> None:
    """The steps of docs/api.md (each step's table on its last log entry) go to every human
    seat, so that a friend's table shows the AI's moves one by one as the creator's does."""
    deal_id, tokens = _seated(raw, "sisepai", 2)
    carried = 0
    for _ in range(60):
        mine = _view(raw, deal_id, tokens[1])
        if mine["over"]:
            break
        if mine["legal_actions"]:
            r = raw.post(
                f"/api/games/{deal_id}/actions",
                json={"action": mine["legal_actions"][0], "version": mine["version"]},
                headers=_bearer(tokens[1]),
            )
            view = r.json()["view"]
        else:
            zero = _view(raw, deal_id, tokens[0])
            if zero["legal_actions"]:
                raw.post(
                    f"/api/games/{deal_id}/actions",
                    json={"action": zero["legal_actions"][0], "version": zero["version"]},
                    headers=_bearer(tokens[0]),
                )
            view = raw.get(
                f"/api/games/{deal_id}?wait={mine['version']}", headers=_bearer(tokens[1])
            ).json()["view"]
        steps = [e for e in view["log"] if "table" in e and e["v"] > mine["version"]]
        for entry in steps:
            assert set(entry["table"]) == set(view["table"])  # seat 1's own table, by step
        carried += len(steps)
    assert carried > 0


def test_a_friends_replay_is_drawn_round_the_asking_seat(raw: TestClient) -> None:
    """The replay a friend asks for with their token is their seat's: their log, each step's
    table their own observation (its hand theirs, drawn at the bottom), and who sat where."""
    deal_id, tokens = _seated(raw, "sisepai", 3, humans=3)
    _play(raw, deal_id, tokens, random.Random(3))
    replay = raw.get(f"/api/games/{deal_id}/replay", headers=_bearer(tokens[1])).json()
    assert replay["seat"] == 1
    assert [(s["kind"], s.get("name")) for s in replay["seats"]] == [
        ("human", None),  # the creator gives no name
        ("human", "P1"),
        ("human", "P2"),
        ("ai", None),
    ]
    for step in replay["steps"]:
        assert step["table"]["hand"] == step["hands"][1]
    creator = raw.get(f"/api/games/{deal_id}/replay", headers=_bearer(tokens[0])).json()
    assert all(s["table"]["hand"] == s["hands"][0] for s in creator["steps"])
    assert creator["steps"][-1]["hands"] == replay["steps"][-1]["hands"]


def _refused(r: Any, reason: str) -> None:
    assert r.status_code == 422, r.text
    body = r.json()
    assert body["error"]["code"] == "bad_name" and body["reason"] == reason, body
    assert body["error"]["message"]


def test_a_name_that_reads_as_a_seat_label_is_refused(raw: TestClient) -> None:
    """Nobody may go by what the table calls a seat, in any of the six languages, compared
    NFKC-normalised, case-folded and without white space: "You", "AI n", another seat's
    "Player n"; a seat's own "Player n" names nobody else. A refused joiner's seat stays free."""
    for label in ("You", "ai 2", "ＡＩ１", "A I 3", "Ты", "你", "Tú", "ИИ 1", "Ші 2", "玩家 3"):
        r = raw.post(
            "/api/games", json={"game": "sisepai", "seats": ["human", "ai"] * 2, "name": label}
        )
        _refused(r, "seat_label")
    for own in ("player", "Hráč", "Игрок", "玩家"):  # seat 0's own label
        r = raw.post(
            "/api/games", json={"game": "sisepai", "seats": ["human", "ai"] * 2, "name": own}
        )
        assert r.status_code == 201, (own, r.text)
    made = _friends(raw, humans=3)
    code = made["invites"]["1"]
    labels = ("you", "AI 1", "Player", "Игрок 3", "Jugador", "IA 2", " ＰＬＡＹＥＲ\u30003 ")
    for label in labels:
        _refused(_join(raw, code, label), "seat_label")
    view = _view(raw, made["id"])
    assert view["seats"][1]["joined"] is False and view["seats"][1]["name"] is None
    # seat 1 is "Player 1" unnamed (numbered as "AI 1" would be): its own label
    _refused(_join(raw, code, "Player 2"), "seat_label")
    joined = _join(raw, code, "Player 1")
    assert joined.status_code == 201, joined.text
    assert joined.json()["view"]["seats"][1]["name"] == "Player 1"
    # and names that only look like labels to a reader of another alphabet stay names
    assert _join(raw, made["invites"]["2"], "AI-chan").status_code == 201


def test_a_name_another_seat_has_is_refused(raw: TestClient) -> None:
    """A joiner may not take the creator's name, nor an earlier joiner's, however it is cased,
    spaced or written in full-width letters; the seat stays free for another name."""
    made = _friends(raw, humans=4, name="Li Wei")
    deal_id, invites = made["id"], made["invites"]
    for same in ("Li Wei", "li wei", "LiWei", " L i  W e i ", "ＬＩ ＷＥＩ"):
        _refused(_join(raw, invites["1"], same), "name_taken")
    assert _join(raw, invites["1"], "Bo").status_code == 201
    _refused(_join(raw, invites["2"], "BO"), "name_taken")
    _refused(_join(raw, invites["2"], "li wei"), "name_taken")
    assert _join(raw, invites["2"], "Bo Li").status_code == 201
    view = _view(raw, deal_id)
    assert [s["name"] for s in view["seats"]] == ["Li Wei", "Bo", "Bo Li", None]
    assert view["waiting"] is True  # seat 3 still free
    # a seat taken already says so, whatever its name
    again = _join(raw, invites["1"], "Li Wei")
    assert again.status_code == 409 and again.json()["error"]["code"] == "seat_taken"


def _join_at_once(joins: list[tuple[TestClient, str, str]]) -> list[tuple[int, Any]]:
    """Each (client, code, name) joined from a thread of its own, all at once: the answers."""
    barrier = threading.Barrier(len(joins))
    answers: list[tuple[int, Any]] = []

    def take(client: TestClient, code: str, name: str) -> None:
        barrier.wait()
        r = _join(client, code, name)
        answers.append((r.status_code, r.json()))

    threads = [threading.Thread(target=take, args=join) for join in joins]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_two_friends_joining_at_once_under_one_name_get_one_seat(db: str) -> None:
    """Three friends with three invite codes of one table join at once under one name (in
    other spelling: "Mei", "MEI", "mei "), through two servers on one store (as two web
    processes): one is seated, the others hear name_taken and keep their seats free. Three
    tables, so that a check made outside the store's transaction would be caught."""
    with (
        TestClient(create_app(db, seeds_with_friends=True)) as first,
        TestClient(create_app(db, seeds_with_friends=True)) as second,
    ):
        for round_ in range(3):
            made = _friends(first, seed=round_, humans=4)
            answers = _join_at_once(
                [
                    (first, made["invites"]["1"], "Mei"),
                    (second, made["invites"]["2"], "MEI"),
                    (second, made["invites"]["3"], "mei "),
                ]
            )
            assert sorted(status for status, _ in answers) == [201, 422, 422], answers
            assert all(b["reason"] == "name_taken" for s, b in answers if s == 422), answers
            (won,) = [body for status, body in answers if status == 201]
            view = _view(second, made["id"])
            assert [s["joined"] for s in view["seats"]].count(True) == 2  # the creator's, one
            assert view["seats"][won["seat"]]["name"] in ("Mei", "MEI", "mei")


def test_only_a_friends_table_is_started(raw: TestClient) -> None:
    """`start` at a table of one human with the AI answers 409 not_friends_table and changes
    nothing; at a friends table, started or not, and at a next deal of friends (which never
    waits), it is the same 200 each time."""
    for body in (
        {"game": "chuopai", "seed": 3, "level": "greedy"},
        {"game": "sisepai", "seed": 2, "level": "greedy", "seats": ["human", "ai", "ai", "ai"]},
    ):
        made = raw.post("/api/games", json=body).json()
        deal_id, token = made["id"], made["token"]
        for _ in range(100):  # until the AI seats have played and seat 0 owes a decision
            view = _view(raw, deal_id, token)
            if view["legal_actions"]:
                break
            raw.get(f"/api/games/{deal_id}?wait={view['version']}", headers=_bearer(token))
        before = _view(raw, deal_id, token)
        assert before["legal_actions"]
        seats = raw.app.state.store.seats(deal_id)  # type: ignore[attr-defined]
        r = raw.post(f"/api/games/{deal_id}/start", json={}, headers=_bearer(token))
        assert r.status_code == 409, r.text
        assert r.json()["error"]["code"] == "not_friends_table" and r.json()["error"]["message"]
        assert raw.app.state.store.seats(deal_id) == seats  # type: ignore[attr-defined]
        assert _view(raw, deal_id, token) == before
        # (a token of no seat is still 403 first)
        other = raw.post(f"/api/games/{deal_id}/start", json={}, headers=_bearer("nobody's"))
        assert other.status_code == 403
    # a friends table: started with its friend's seat empty (one human left), then again
    made = _friends(raw, "chuopai", seed=3)
    deal_id, token = made["id"], made["token"]
    for _ in range(2):
        r = raw.post(f"/api/games/{deal_id}/start", json={}, headers=_bearer(token))
        assert r.status_code == 200, r.text
        assert [s["kind"] for s in r.json()["view"]["seats"]] == ["human", "ai", "ai"]
        assert r.json()["view"]["waiting"] is False
    # the next deal of friends: nothing waits, nothing to start, and no error either
    deal_id, tokens = _seated(raw, "chuopai", 2)
    _play(raw, deal_id, tokens, random.Random(2))
    after = {"game": "chuopai", "level": "greedy", "after": deal_id}
    nxt = raw.post("/api/games", json=after, headers=_bearer(tokens[0])).json()["id"]
    seats = raw.app.state.store.seats(nxt)  # type: ignore[attr-defined]
    r = raw.post(f"/api/games/{nxt}/start", json={}, headers=_bearer(tokens[0]))
    assert r.status_code == 200, r.text
    assert raw.app.state.store.seats(nxt) == seats  # type: ignore[attr-defined]


@pytest.mark.backends("sqlite")  # a name of bytes: only a SQLite column holds one
def test_a_damaged_deal_does_not_stop_the_others_timing_out(raw: TestClient, db: str) -> None:
    """The sweep meets a deal whose seat row is damaged (unreadable, 410) among those with a
    deadline past: its deadlines go, and the other deals' decisions time out all the same
    (review of this change: the damaged row's error stopped the whole sweep, for good)."""
    deals = []
    for seed in (1, 2):
        deal_id, _ = _seated(raw, "chuopai", seed)
        tables = raw.app.state.tables  # type: ignore[attr-defined]
        assert raw.portal is not None
        raw.portal.call(tables.drain)
        assert any(s.deadline is not None for s in tables.store.seats(deal_id))
        deals.append(deal_id)
    damaged, healthy = deals
    execute(db, "UPDATE seats SET name = ? WHERE deal_id = ? AND seat = 1", (b"\xff", damaged))
    tables._tables.clear()  # both read back from the store
    portal = raw.portal
    assert portal is not None
    portal.call(tables.sweep, time.time() + 120)
    portal.call(tables.drain)
    left = execute(db, "SELECT deadline FROM seats WHERE deal_id = ?", (damaged,))
    assert left and all(at is None for (at,) in left)
    assert raw.get(f"/api/games/{damaged}").status_code == 410
    # the healthy deal's owed decision timed out: its seat away, the AI playing it
    assert any(s.away for s in tables.store.seats(healthy))


@pytest.mark.backends("postgres")  # one store shared by two processes, with announcements
def test_a_next_deal_dealt_on_one_server_wakes_a_poll_on_another(db: str) -> None:
    """A friend's page polls the finished deal on one process while another player deals the
    next on another: the poll answers with `match.next` as soon as it is dealt (the store
    announces it), not at the poll's end 25 s on, when the friend's time may have run out; a
    poll that begins once it is dealt answers at once."""
    with (
        TestClient(create_app(db, seeds_with_friends=True)) as first,
        TestClient(create_app(db, seeds_with_friends=True)) as second,
    ):
        deal_id, tokens = _seated(first, "chuopai", 2)
        _play(first, deal_id, tokens, random.Random(2))
        version = _view(second, deal_id, tokens[1])["version"]  # the deal in both memories
        answered: dict[str, Any] = {}

        def poll() -> None:
            began = time.monotonic()
            r = second.get(f"/api/games/{deal_id}?wait={version}", headers=_bearer(tokens[1]))
            answered.update(view=r.json()["view"], took=time.monotonic() - began)

        waiting = threading.Thread(target=poll)
        waiting.start()
        time.sleep(1)
        assert waiting.is_alive()  # the poll is held, so what answers it next is the wake-up
        after = {"game": "chuopai", "level": "greedy", "after": deal_id}
        nxt = first.post("/api/games", json=after, headers=_bearer(tokens[0])).json()["id"]
        waiting.join(40)
        assert answered["view"]["match"]["next"] == nxt
        assert answered["took"] < 15, answered["took"]  # woken, not the poll's 25 s
        began = time.monotonic()
        again = second.get(f"/api/games/{deal_id}?wait={version}", headers=_bearer(tokens[1]))
        assert again.json()["view"]["match"]["next"] == nxt
        assert time.monotonic() - began < 15
