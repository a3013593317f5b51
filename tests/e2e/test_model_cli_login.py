"""`agents recommend --llm` and `agents create` through a Claude CLI without a valid login, on every CLI version.

Measured with a throwaway HOME and no key: 2.0.0 says "Invalid API key · Please run /login" at once (the same words
it uses for a refused key), 2.1.62 and later "Not logged in · Please run /login". A login the API refuses (an
expired or revoked token) is where 2.0.x hangs: it retries the 401 silently (10 requests in 90 s, measured) and the
call waited out ralphy's whole time limit (180 s). ralphy caps those silent retries as `ralphy dev` does, and says
one line: the CLI is not logged in, and what to do; `--llm` falls back to the deterministic ranking.

2.1.62 with no login never ended a --json-schema call: its answers are synthetic ("Not logged in"), and its
StructuredOutput stop hook asks for the tool again and again (thousands of times a minute; --max-turns does not
count them; SIGTERM is ignored meanwhile), so both commands waited out the 180 s. ralphy reads the CLI's stream
and stops at its first such answer (tests/data/transcripts/auth/json-schema-not-logged-in-2.1.62.jsonl)."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from ralphy.testing import FakeMessagesAPI, claude_env, init_git_project
from ralphy.testing.scenario import authentication_error
from tests.conftest import CORPUS

pytestmark = pytest.mark.e2e

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"
SAID = "the Claude CLI is not logged in; run `claude /login` or set ANTHROPIC_API_KEY"


def _project(tmp_path: Path) -> Path:
    project = init_git_project(tmp_path / "project", commit=False)
    (project / ".claude" / "agents").mkdir(parents=True)
    for name in ("postgres-expert", "docker-expert"):
        shutil.copy(FURAI / f"{name}.md", project / ".claude" / "agents")
    return project


def test_recommend_llm_with_no_login_says_so_and_falls_back(tmp_path: Path, claude_bin: str,
                                                                  claude_home: Path) -> None:
    project = _project(tmp_path)
    env: dict[str, str | None] = {key: None for key in os.environ if key.startswith(("ANTHROPIC_", "CLAUDE"))}
    env.update({"HOME": str(claude_home), "CLAUDE_CONFIG_DIR": str(claude_home / ".claude"),
                "RALPHY_CLAUDE_BIN": claude_bin, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"})
    started = time.monotonic()
    recommend = CliRunner().invoke(cli, ["agents", "recommend", "Optimize the slow PostgreSQL query", str(project),
                                         "--llm", "--json"], env=env)
    assert time.monotonic() - started < 30  # 2.1.62 waited the whole 180 s
    assert recommend.exit_code == 0, recommend.output
    data = json.loads(recommend.stdout)
    assert data["recommended"] == "postgres-expert" and SAID in data["reason"], data["reason"]
    assert "deterministic ranking used" in data["reason"]


def test_a_login_the_api_refuses_ends_in_seconds_not_the_time_limit(tmp_path: Path, claude_bin: str,
                                                                    claude_home: Path) -> None:
    from ralphy.agents.model_client import ClaudeCliClient
    from ralphy.agents.routing_llm import _llm_tool
    from ralphy.errors import AuthenticationError

    with FakeMessagesAPI(lambda request: authentication_error()) as api:
        env = dict(claude_env(api.url, claude_home, oauth=True))  # a login token the CLI reads itself, no API key
        del env["CLAUDE_CODE_MAX_RETRIES"]  # as a user has it: the CLI's own retries
        client = ClaudeCliClient(claude_bin, environ=env, timeout=120)
        started = time.monotonic()
        with pytest.raises(AuthenticationError) as raised:
            client.messages.create(model="claude-sonnet-4-6", tools=[_llm_tool(["a", "b"])],
                                   messages=[{"role": "user", "content": "Rank them"}])
        took = time.monotonic() - started
    assert took < 75, f"took {took:.0f} s"  # 2.0.0 retried for the whole 120 s (10 requests in 90 s)
    assert str(raised.value).startswith(SAID), str(raised.value)
    assert len(api.requests) <= 8


def test_create_with_no_login_ends_at_the_clis_first_answer(tmp_path: Path, claude_bin: str,
                                                            claude_home: Path) -> None:
    """On every CLI, within seconds: 2.1.62 looped on its StructuredOutput stop hook until the 180 s time limit."""
    from ralphy.agents.model_client import ClaudeCliClient
    from ralphy.agents.routing_llm import _llm_tool
    from ralphy.errors import AuthenticationError

    env = {key: value for key, value in os.environ.items() if not key.startswith(("ANTHROPIC_", "CLAUDE"))}
    env.update({"HOME": str(claude_home), "CLAUDE_CONFIG_DIR": str(claude_home / ".claude"),
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"})
    started = time.monotonic()
    project = _project(tmp_path)
    create = CliRunner().invoke(cli, ["agents", "create", "reviews code", str(project)],
                                env={**{key: None for key in os.environ}, **env, "RALPHY_CLAUDE_BIN": claude_bin})
    took = time.monotonic() - started
    assert took < 30, f"took {took:.0f} s"
    assert create.exit_code == 1 and create.output.startswith(f"ralphy: error: {SAID} — it said: "), create.output
    assert len(create.output.strip().splitlines()) == 1
    client = ClaudeCliClient(claude_bin, environ=env, timeout=60)
    started = time.monotonic()
    with pytest.raises(AuthenticationError) as raised:
        client.messages.create(model="claude-sonnet-4-6", tools=[_llm_tool(["a", "b"])],
                               messages=[{"role": "user", "content": "Rank them"}])
    took = time.monotonic() - started
    assert took < 20, f"took {took:.0f} s"  # on main 2.1.62 gave AgentCreationError after the whole 60 s
    assert str(raised.value).startswith(SAID), str(raised.value)
    assert not list((tmp_path / "project" / ".claude" / "agents").glob("generated/*"))
