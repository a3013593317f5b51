"""``ralphy serve``'s HTTP server, for real on 127.0.0.1: the page, its events, and answering a question safely."""

from __future__ import annotations

import http.client
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from ralphy.report.server import make_server
from ralphy.store import Store
from tests.report.histories import T0
from tests.report.page import rows, section_text
from tests.report.test_report import delegation_run


@pytest.fixture
def served(tmp_path):
    server, dashboard = make_server(tmp_path, port=0, poll_seconds=0.05)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield dashboard
    dashboard.stopping.set()
    server.shutdown()
    server.server_close()
    thread.join(5)


def request(dashboard, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
            host: str | None = None) -> tuple[int, dict, str]:
    conn = http.client.HTTPConnection("127.0.0.1", dashboard.port, timeout=10)
    all_headers = {"Host": host or f"127.0.0.1:{dashboard.port}", **(headers or {})}
    conn.request(method, path, body=body, headers=all_headers)
    response = conn.getresponse()
    text = response.read().decode()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, text


def post_answer(dashboard, fields: dict, headers: dict | None = None, host: str | None = None):
    body = urlencode(fields).encode()
    return request(dashboard, "POST", "/answer", body,
                   {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}, host)


def token_in(page: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', page).group(1)


def pending(project: Path) -> list[int]:
    with Store.open(project) as store:
        return [q.id for q in store.pending_questions()]


def test_the_page_is_the_report_with_an_answer_form(served, tmp_path):
    delegation_run(tmp_path)
    status, headers, page = request(served, "GET", "/")
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert rows(page, "group")[0][:2] == ["Core library", "delegated to tdd-orchestrator"]
    assert "script-src 'nonce-" in headers["content-security-policy"]
    nonce = re.search(r"'nonce-([^']+)'", headers["content-security-policy"]).group(1)
    assert f'<script nonce="{nonce}">' in page and token_in(page) == served.token
    assert re.search(r'<form method="post" action="/answer" class="answer">', page)
    status, _, sections = request(served, "GET", "/sections")
    assert status == 200 and sections.lstrip().startswith('<section id="run" data-section ')
    assert "<html" not in sections


def test_no_history_yet_is_a_waiting_page(served, tmp_path):
    status, _, page = request(served, "GET", "/")
    assert status == 200 and "No run yet" in section_text(page, "run")
    assert not (tmp_path / ".ralphy").exists()  # serving never creates the history


def test_answer_from_the_page_takes_the_path_of_ralphy_answer(served, tmp_path):
    delegation_run(tmp_path)
    _, _, page = request(served, "GET", "/")
    status, headers, _ = post_answer(served, {"id": "1", "text": "No: raise TypeError", "token": token_in(page)},
                                     {"Origin": f"http://127.0.0.1:{served.port}", "Sec-Fetch-Site": "same-origin"})
    assert status == 303 and headers["location"] == "/?answered=1#questions"
    with Store.open(tmp_path) as store:
        question = store.question(1)
    assert (question.answer, question.answered_by) == ("No: raise TypeError", "user")
    _, _, after = request(served, "GET", "/?answered=1")
    assert "Answered question 1." in section_text(after, "questions")
    assert "Answer (user," in section_text(after, "questions") and "<form" not in after
    again = post_answer(served, {"id": "1", "text": "twice", "token": served.token})
    assert again[0] == 409 and "question 1 was already answered" in again[2]
    assert post_answer(served, {"id": "7", "text": "x", "token": served.token})[0] == 409
    assert post_answer(served, {"id": "1", "text": "   ", "token": served.token})[2].strip() == "the answer is empty"


@pytest.mark.parametrize("case", ["no token", "wrong token", "other origin", "cross-site fetch", "foreign host",
                                  "not a form", "too big"])
def test_a_forged_answer_is_refused_and_nothing_is_written(served, tmp_path, case):
    delegation_run(tmp_path)
    fields = {"id": "1", "text": "forged", "token": served.token}
    headers: dict = {}
    host = None
    if case == "no token":
        del fields["token"]
    elif case == "wrong token":
        fields["token"] = served.token[:-1] + ("A" if served.token[-1] != "A" else "B")
    elif case == "other origin":
        headers["Origin"] = "http://evil.example"
    elif case == "cross-site fetch":
        headers["Sec-Fetch-Site"] = "cross-site"
    elif case == "foreign host":
        host = f"evil.example:{served.port}"  # DNS rebinding: a page of evil.example resolved to 127.0.0.1
    if case == "not a form":
        status = request(served, "POST", "/answer", b'{"id": 1}', {"Content-Type": "application/json"})[0]
    elif case == "too big":
        fields["text"] = "x" * 70_000
        status = post_answer(served, fields)[0]
    else:
        status = post_answer(served, fields, headers, host)[0]
    assert status in (400, 403, 421)
    assert pending(tmp_path) == [1]


def test_reading_needs_our_host_too(served, tmp_path):
    delegation_run(tmp_path)
    status, _, body = request(served, "GET", "/", host="attacker.example")
    assert status == 421 and served.token not in body
    assert request(served, "GET", "/", host=f"localhost:{served.port}")[0] == 200


def test_events_say_change_when_the_history_changes(served, tmp_path):
    delegation_run(tmp_path)
    sock = socket.create_connection(("127.0.0.1", served.port), timeout=10)
    sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n\r\n".encode())
    received = b""
    while b"retry: 2000" not in received:
        received += sock.recv(4096)
    assert b"text/event-stream" in received  # the stream read the history's version before it answered
    with Store.open(tmp_path) as store:
        it = store.start_iteration(1, 3, started_at=T0 + 200)
        store.finish_iteration(it, outcome="ok", finished_at=T0 + 210)
    deadline = time.monotonic() + 30  # a wait for the event, ended by it: generous for a loaded machine
    while b"event: change" not in received and time.monotonic() < deadline:
        received += sock.recv(4096)
    sock.close()
    assert b"event: change" in received


def test_serve_command_prints_its_address_and_stops_on_sigterm(tmp_path):
    delegation_run(tmp_path)
    with subprocess.Popen([sys.executable, "-m", "ralphy", "serve", str(tmp_path), "--port", "0"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
        try:
            line = proc.stdout.readline()
            match = re.search(r"at http://127\.0\.0\.1:(\d+)/ \(Ctrl-C to stop\)", line)
            assert match, line
            conn = http.client.HTTPConnection("127.0.0.1", int(match.group(1)), timeout=10)
            conn.request("GET", "/")
            response = conn.getresponse()
            assert response.status == 200 and "tdd-orchestrator" in response.read().decode()
            conn.close()
        finally:
            proc.terminate()
        assert proc.wait(10) == 0
        assert proc.stderr.read() == ""


def test_serve_on_a_busy_port_is_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "ralphy", "serve", str(tmp_path), "--port", str(port)],
                              capture_output=True, text=True, timeout=30)
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"ralphy: error: cannot listen on 127.0.0.1:{port}: ")
    assert proc.stderr.count("\n") == 1 and "try another --port" in proc.stderr
