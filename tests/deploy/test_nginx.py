"""The recipe of docs/deploy.md, run: two web processes (`cardavia serve --ai-processes 0`) and
one AI worker on a new PostgreSQL database, behind nginx configured with the nginx block of the
doc itself (its ports swapped for free ones). Through nginx only, a deal at the normal level is
played to the end with long polls; requests reach both web processes; halfway one of them is
killed with -9 and the deal still finishes through the other. Also through nginx: `/readyz`, the
Origin check of POSTs (which needs the client's Host, port included) and the `limit_req` on
creating deals. nginx is Debian's (`scripts/setup --deploy` installs it); without it the test
fails."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.backends import execute, fresh_database
from tests.live import free_port
from tests.seated import auth, remember

pytestmark = pytest.mark.postgres

NGINX = Path("/usr/sbin/nginx")
DOC = Path(__file__).resolve().parents[2] / "docs" / "deploy.md"
DOC_LISTEN = "listen 80;"
DOC_UPSTREAMS = ("server 127.0.0.1:8001;", "server 127.0.0.1:8002;")
DOC_LOG = "access_log /var/log/nginx/access.log cardavia;"
DEADLINE_S = 100.0  # for the whole deal, from its creation
KILL_AFTER = 5  # moves of seat 0 (a deal has a dozen or more)


def recipe() -> str:
    """The nginx block of docs/deploy.md: the fenced ```nginx block whose first line is the
    comment `# cardavia-nginx-recipe`."""
    blocks = re.findall(
        r"^```nginx\n(# cardavia-nginx-recipe.*?)^```\s*$",
        DOC.read_text(),
        re.MULTILINE | re.DOTALL,
    )
    assert len(blocks) == 1, (
        "docs/deploy.md must hold one ```nginx block starting with # cardavia-nginx-recipe"
    )
    text: str = blocks[0]
    for line in (DOC_LISTEN, *DOC_UPSTREAMS, DOC_LOG):
        assert text.count(line) == 1, f"the recipe has no single `{line}` to substitute"
    return text


def nginx_conf(folder: Path, listen: int, upstreams: tuple[int, int]) -> str:
    """A whole nginx.conf around the recipe, everything nginx writes inside `folder`; the
    access log says which web process answered each request."""
    snippet = recipe().replace(DOC_LISTEN, f"listen 127.0.0.1:{listen};")
    # the recipe's log, in a form that also says which web process answered (the path as the
    # recipe logs it, an invite code left out)
    snippet = snippet.replace(DOC_LOG, f"access_log {folder / 'access.log'} upstreams;")
    for line, port in zip(DOC_UPSTREAMS, upstreams, strict=True):
        snippet = snippet.replace(line, f"server 127.0.0.1:{port};")
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # as root, the workers would otherwise run as nobody, who cannot enter pytest's tmp folder
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}daemon off;
worker_processes 1;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 256; }}
http {{
    log_format upstreams '$request_method $cardavia_uri $status $upstream_addr';
    access_log {folder / "access.log"} upstreams;
{temp}
{snippet}
}}
"""


def start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """A process in a session of its own (so that it and its children are killed together),
    its output in `log`."""
    with log.open("ab") as out:
        return subprocess.Popen(
            args,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )


def kill(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the process's session (its own children, nginx's workers), then reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(10)


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 40.0,
    seen: dict[str, str] | None = None,
) -> tuple[int, Any]:
    """One request to 127.0.0.1:`port`; the status and the body (JSON when it is JSON). A body
    is sent as JSON, with an Origin naming the host asked, as the site's own pages send it.
    `seen`, if given, gets the answer's headers (their names in lower case)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        sent = dict(headers or {})
        if body is not None:
            sent = {
                "Content-Type": "application/json",
                "Origin": f"http://127.0.0.1:{port}",
                **sent,
            }
        conn.request(method, path, json.dumps(body) if body is not None else None, auth(path, sent))
        response = conn.getresponse()
        raw = response.read()
        if seen is not None:
            seen.update((name.lower(), value) for name, value in response.getheaders())
        if response.getheader("content-type", "").startswith("application/json"):
            answer = json.loads(raw)
            if response.status == 201:
                remember(answer)  # a new deal's seat token, for its actions
            return response.status, answer
        return response.status, raw.decode(errors="replace")
    finally:
        conn.close()


def wait_until_up(
    port: int, path: str, proc: subprocess.Popen[bytes], log: Path, seconds: float = 30.0
) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert proc.poll() is None, f"{proc.args!r} ended:\n{log.read_text()[-3000:]}"
        with contextlib.suppress(OSError, http.client.HTTPException):
            if call(port, "GET", path, timeout=2)[0] == 200:
                return
        time.sleep(0.1)
    raise AssertionError(f"{proc.args!r} not up in {seconds:g} s:\n{log.read_text()[-3000:]}")


def answered_by(access_log: Path) -> list[tuple[str, str, int, tuple[str, ...]]]:
    """(method, uri with its query, status, web processes tried in turn) of each request
    nginx logged."""
    rows = []
    for line in access_log.read_text().splitlines():
        method, uri, status, tried = line.split(" ", 3)
        rows.append((method, uri, int(status), tuple(tried.split(", "))))
    return rows


@pytest.fixture
def db() -> Iterator[str]:
    with fresh_database() as url:
        yield url


def test_the_deploy_recipe_behind_nginx(db: str, tmp_path: Path) -> None:
    assert NGINX.exists(), (
        f"{NGINX} is missing: run scripts/setup --deploy as root (or apt-get install -y nginx)"
    )
    procs: list[subprocess.Popen[bytes]] = []
    pool = ThreadPoolExecutor(2)
    try:
        webs = (free_port(), free_port())
        web_procs = []
        for port in webs:
            log = tmp_path / f"web-{port}.log"
            proc = start(
                [
                    sys.executable,
                    "-m",
                    "cardavia",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--db",
                    db,
                    "--ai-processes",
                    "0",
                ],
                log,
            )
            procs.append(proc)
            web_procs.append(proc)
            wait_until_up(port, "/healthz", proc, log)
        worker = start(
            [sys.executable, "-m", "cardavia", "worker", "--db", db, "--processes", "1"],
            tmp_path / "worker.log",
        )
        procs.append(worker)

        listen = free_port()
        conf = tmp_path / "nginx.conf"
        conf.write_text(nginx_conf(tmp_path, listen, webs))
        nginx_args = [
            str(NGINX),
            "-p",
            str(tmp_path),
            "-c",
            str(conf),
            "-e",
            str(tmp_path / "error.log"),
        ]
        checked = subprocess.run(
            [*nginx_args, "-t"], capture_output=True, text=True, timeout=30, check=False
        )
        assert checked.returncode == 0, f"nginx -t refused the recipe:\n{checked.stderr}"
        nginx = start(nginx_args, tmp_path / "nginx.log")
        procs.append(nginx)
        wait_until_up(listen, "/healthz", nginx, tmp_path / "error.log")

        status, body = call(
            listen, "POST", "/api/games", {"game": "nantong", "level": "normal", "seed": 3}
        )
        assert status == 201, body
        deal_id, view = body["id"], body["view"]
        access_log = tmp_path / "access.log"
        upstreams = tuple(f"127.0.0.1:{port}" for port in webs)
        deadline = time.monotonic() + DEADLINE_S
        moves, polls, killed = 0, 0, None
        held: list[Future[tuple[int, Any]]] = []
        cut, cut_version = "", 0
        while not view["over"]:
            assert time.monotonic() < deadline, f"the deal did not finish in {DEADLINE_S:g} s"
            if 0 in view["to_act"] and view["legal_actions"]:
                status, body = call(
                    listen,
                    "POST",
                    f"/api/games/{deal_id}/actions",
                    {"action": view["legal_actions"][0], "version": view["version"]},
                )
                if status == 200:
                    moves += 1
                elif status == 503 and killed is not None:
                    # sent to the killed process: nginx does not send a POST again (its 502,
                    # answered in the API's form, `unavailable`)
                    assert body["error"]["code"] == "unavailable", body
                    status, body = call(listen, "GET", f"/api/games/{deal_id}")
                assert status in (200, 409), (status, body)  # 409: a step came first
                view = body["view"]
            else:
                status, body = call(listen, "GET", f"/api/games/{deal_id}?wait={view['version']}")
                assert status == 200, (status, body)
                view, polls = body["view"], polls + 1
            if (
                killed is None
                and moves >= KILL_AFTER
                and not view["over"]
                and 0 in view["to_act"]
                and view["legal_actions"]
            ):
                served = {
                    tried[-1]
                    for _, uri, status, tried in answered_by(access_log)
                    if uri.startswith("/api/games") and status in (200, 201)
                }
                assert served == set(upstreams), f"not both web processes answered: {served}"
                # Two long polls, held until seat 0 moves: one by each web process (nginx takes
                # them in turn). The one held by the process killed now is sent to the other.
                cut_version = view["version"]
                cut = f"/api/games/{deal_id}?wait={cut_version}"
                held = [pool.submit(call, listen, "GET", cut) for _ in range(2)]
                time.sleep(0.5)
                kill(web_procs[0])
                killed = len(answered_by(access_log))
                time.sleep(0.2)  # for nginx to see the connections it had to it close
        assert killed is not None, f"the deal ended after {moves} moves, before the kill"
        assert view["result"] is not None and polls > 0

        # the long polls both answered, one after it was sent again to the other process
        for poll in held:
            status, body = poll.result(timeout=30)
            assert status == 200 and body["view"]["version"] > cut_version, (status, body)
        polled = sorted(
            (tried for _, uri, _, tried in answered_by(access_log) if uri == cut), key=len
        )
        assert polled == [upstreams[1:], upstreams], polled
        # after the kill, the other web process answered everything that succeeded
        after = answered_by(access_log)[killed:]
        assert {tried[-1] for _, _, status, tried in after if status < 500} == {upstreams[1]}
        # nothing acknowledged was lost: the record holds every stored action
        status, record = call(listen, "GET", f"/api/games/{deal_id}/record")
        assert status == 200, record
        ((stored,),) = execute(db, "SELECT count(*) FROM actions WHERE deal_id = ?", (deal_id,))
        assert len(record["actions"]) == stored and record["result"] == view["result"]
        # the AI seats were searched by the worker, not by the web processes
        workers = execute(db, "SELECT DISTINCT worker FROM jobs WHERE finished IS NOT NULL")
        assert workers and all(f":{worker.pid}/" in name for (name,) in workers), workers

        status, body = call(listen, "GET", "/readyz")
        assert (status, body) == (200, {"status": "ready"})
        # (security test, 2026-12-06) a join refused leaves its invite code unused: no log of
        # nginx holds it, nor the code of a join that went through
        status, body = call(
            listen, "POST", "/api/games", {"game": "sisepai", "seats": ["human"] * 2 + ["ai"] * 2}
        )
        assert status == 201, body
        code = body["invites"]["1"]
        assert call(listen, "POST", f"/api/invites/{code}", {"name": "  "})[0] == 422
        assert call(listen, "POST", f"/api/invites/{code}", {"name": "Bo"})[0] == 201
        logged, deadline = "", time.monotonic() + 10
        while logged.count("/api/invites/") < 2 and time.monotonic() < deadline:
            time.sleep(0.05)  # nginx logs a request once its answer is sent
            logged = access_log.read_text()
        assert logged.count("POST /api/invites/(code) ") == 2, logged
        assert code not in logged
        # the Origin check: another site, or this host on another port (which passes only if
        # nginx forwarded the Host without its port)
        for origin in ("http://evil.example", f"http://127.0.0.1:{webs[1]}"):
            status, body = call(
                listen, "POST", "/api/games", {"game": "nantong"}, headers={"Origin": origin}
            )
            assert status == 403 and body["error"]["code"] == "cross_origin", (origin, body)
        # creating deals is limited at nginx (30 a minute per address, a burst of 10)
        waits: list[dict[str, str]] = [{} for _ in range(16)]
        answers = [
            call(listen, "POST", "/api/games", {"game": "nantong", "level": "easy"}, seen=seen)
            for seen in waits
        ]
        statuses = [status for status, _ in answers]
        assert statuses[0] == 201 and 429 in statuses, statuses
        assert set(statuses) == {201, 429}, statuses
        # nginx's own answer, in the API's form, with when to ask again
        assert all(
            body["error"]["code"] == "too_many_requests"
            for status, body in answers
            if status == 429
        ), answers
        assert all(
            seen.get("retry-after") == "2"
            for (status, _), seen in zip(answers, waits, strict=True)
            if status == 429
        ), waits
        # a body past nginx's size is refused in the API's form too
        status, body = call(listen, "POST", "/api/invite-preview", {"code": "x" * 20_000})
        assert status == 413 and body["error"]["code"] == "too_large", (status, body)
        # a deal record up to the site's own limit passes nginx (a long Nantong deal's is
        # over the 16 KiB of every other body)
        record = {"game": "nantong", "record": "{" + " " * 100_000}
        status, body = call(listen, "POST", "/api/replays", record)
        assert status == 422 and body["error"]["code"] == "bad_record", (status, body)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        for proc in reversed(procs):
            if proc.poll() is None:
                kill(proc)
            else:
                proc.wait(10)
