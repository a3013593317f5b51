"""``python -m ralphy.testing serve`` as a real process."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
import time

import pytest

from tests.conftest import CORPUS, REPO


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ralphy.testing", "serve", *args], cwd=REPO, text=True,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def exports(server: subprocess.Popen[str]) -> dict[str, str]:
    """Read the server's header up to its last export line: NAME -> value."""
    found: dict[str, str] = {}
    while "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC" not in found:
        line = server.stdout.readline()
        assert line, "the server ended its output early"
        assert line.startswith(("# ", "export ")), line  # all of it can be sourced by a shell
        if line.startswith("export "):
            found.update(pair.split("=", 1) for pair in line.split()[1:])
    return found


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


def test_serves_with_no_stdin_until_killed_and_says_what_to_export():
    with start("--scenario", "fault-529", "--times", "1") as server:
        env = exports(server)
        url = env["ANTHROPIC_BASE_URL"]
        assert url.startswith("http://127.0.0.1:") and env["ANTHROPIC_API_KEY"]
        time.sleep(1.0)
        assert server.poll() is None  # stdin at its end (as for `... &` in a script) does not stop it
        assert [post_status(url), post_status(url)] == [529, 200]
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=10) == 0
        server.stderr.read()


def test_stops_on_sigint():
    with start("--scenario", "dev", "--delegate", "Models=tdd-orchestrator") as server:
        url = exports(server)["ANTHROPIC_BASE_URL"]
        assert post_status(url) == 200
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=10) == 0
        server.stderr.read()


def test_agents_create_and_recommend_llm_work_offline_against_it(tmp_path):
    agents = tmp_path / "project" / ".claude" / "agents"
    agents.mkdir(parents=True)
    for name in ("postgres-expert", "docker-expert", "playwright-expert"):
        shutil.copy(CORPUS / "0xfurai--claude-code-subagents" / "agents" / f"{name}.md", agents)
    with start() as server:
        env = {**os.environ, **exports(server), "HOME": str(tmp_path / "home")}
        env.pop("CLAUDE_CONFIG_DIR", None)

        def ralphy(*args: str) -> subprocess.CompletedProcess:
            return subprocess.run([sys.executable, "-m", "ralphy", *args, str(tmp_path / "project")], env=env,
                                  cwd=REPO, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)

        created = ralphy("agents", "create", "Reviews SQL migrations for locking problems")
        recommended = ralphy("agents", "recommend", "--llm", "--json", "Optimize the slow PostgreSQL query")
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        server.stderr.read()
    assert created.returncode == 0, created.stderr
    (path,) = (agents / "generated").iterdir()
    from ralphy.agents.discovery import load_agent_file

    spec = load_agent_file(path)
    assert spec.name == "reviews-sql-migrations" and spec.tools == ("Read", "Grep", "Glob")  # a reviewer: read-only
    assert recommended.returncode == 0, recommended.stderr
    data = json.loads(recommended.stdout)
    assert data["recommended"] == "postgres-expert" and data["reason"].startswith("LLM: ")  # the model answered


def test_bad_delegate_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "ralphy.testing", "serve", "--delegate", "Models"],
                          cwd=REPO, capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "GROUP=AGENT" in done.stderr


@pytest.mark.parametrize("name", ["stuck", "question", "fault-401", "usage-limit", "slow", "cut"])
def test_every_scenario_name_builds(name):
    from ralphy.testing.__main__ import build_scenario, parser

    assert callable(build_scenario(parser().parse_args(["serve", "--scenario", name])))
