"""``python -m ralphy.testing serve`` as a real process."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from tests.conftest import REPO


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ralphy.testing", "serve", *args], cwd=REPO, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def post_status(url: str) -> int:
    request = urllib.request.Request(url + "/v1/messages", method="POST", data=json.dumps(
        {"model": "m", "max_tokens": 5, "tools": [{"name": "Read"}],
         "messages": [{"role": "user", "content": "hi"}]}).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code


def test_serves_a_fault_then_stops_at_stdin_eof():
    with start("--scenario", "fault-529", "--times", "1") as server:
        url = server.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        assert [post_status(url), post_status(url)] == [529, 200]
        server.stdin.close()
        assert server.wait(timeout=10) == 0
        server.stderr.read()


def test_stops_on_sigterm():
    with start("--scenario", "dev", "--delegate", "Models=tdd-orchestrator") as server:
        url = server.stdout.readline().strip()
        assert post_status(url) == 200
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=10) == 0
        server.stdin.close()
        server.stderr.read()


def test_bad_delegate_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "ralphy.testing", "serve", "--delegate", "Models"],
                          cwd=REPO, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "GROUP=AGENT" in done.stderr


@pytest.mark.parametrize("name", ["stuck", "question", "fault-401", "usage-limit", "slow", "cut"])
def test_every_scenario_name_builds(name):
    from ralphy.testing.__main__ import build_scenario, parser

    assert callable(build_scenario(parser().parse_args(["serve", "--scenario", name])))
