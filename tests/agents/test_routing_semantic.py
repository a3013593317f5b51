"""The optional semantic signal (ralphy.agents.semantic, wordllama): used when installed, never downloads,
never imported by commands that do not route, and routing without it is the lexical router unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.agents import semantic
from ralphy.agents.routing import CALIBRATION, Router
from ralphy.agents.spec import AgentSpec
from ralphy.errors import ConfigError

REPO = Path(__file__).resolve().parents[2]


def agent(name: str, description: str) -> AgentSpec:
    return AgentSpec(name=name, description=description, path=Path(f"/agents/{name}.md"), body="",
                     metadata={"name": name, "description": description})


AGENTS = [
    agent("security-auditor", "Reviews code for vulnerabilities, authentication flaws and injection attacks."),
    agent("frontend-developer", "Builds React user interfaces, components and CSS layouts."),
    agent("data-engineer", "Designs ETL pipelines, data warehouses and batch jobs."),
]


@pytest.fixture
def without_wordllama(monkeypatch: pytest.MonkeyPatch):
    """wordllama as if it were not installed: importing it fails, find_spec finds nothing."""
    monkeypatch.setitem(sys.modules, "wordllama", None)
    semantic.installed.cache_clear()
    yield
    semantic.installed.cache_clear()


def test_without_wordllama_auto_is_the_lexical_router(without_wordllama) -> None:
    assert not semantic.installed()
    auto, off = Router(AGENTS), Router(AGENTS, semantic="off")
    assert not auto.semantic
    for task in ("Audit the login flow for injection attacks", "Paint the fence", "Build a React form"):
        assert auto.recommend(task) == off.recommend(task)
        features = auto.top_features(task)
        assert features is None or len(features[1]) == len(CALIBRATION)


def test_without_wordllama_on_is_a_clear_config_error(without_wordllama) -> None:
    with pytest.raises(ConfigError, match=r"routing_semantic is on but wordllama is not installed .*ralphy\[semantic\]"):
        Router(AGENTS, semantic="on")


def test_config_accepts_auto_on_off_only() -> None:
    from ralphy.config import check_value

    assert check_value("routing_semantic", "off", "test") == "off"
    with pytest.raises(ConfigError, match="routing_semantic must be one of auto, on, off"):
        check_value("routing_semantic", "yes", "test")


needs_wordllama = pytest.mark.skipif(not semantic.installed(), reason="wordllama is not installed (ralphy[semantic])")


@needs_wordllama
def test_with_wordllama_auto_uses_it_and_finds_an_agent_by_meaning() -> None:
    router = Router(AGENTS)
    assert router.semantic
    # No word of the task is in any description: the lexical router has nothing, the embedding does.
    task = "Check the sign-in page for exploitable holes"
    assert Router(AGENTS, semantic="off").rank(task) == []
    ranked = router.rank(task, limit=3)
    assert ranked[0].agent == "security-auditor", ranked
    assert ranked[0].reason == "close in meaning to its description"
    assert all(0.0 <= alternative.confidence <= 1.0 for alternative in ranked)


@needs_wordllama
def test_agent_vectors_are_computed_once_per_process() -> None:
    first = semantic.agent_vectors(AGENTS)
    again = semantic.agent_vectors(list(reversed(AGENTS)))
    assert [id(vector) for vector in again] == [id(vector) for vector in reversed(first)]
    assert semantic.model() is semantic.model()


@needs_wordllama
def test_the_model_loads_offline_with_no_network_and_downloads_nothing(tmp_path: Path) -> None:
    """A fresh process with an empty Hugging Face cache, the offline variables set and every socket refused."""
    code = (
        "import socket\n"
        "def refuse(*args, **kwargs):\n"
        "    raise OSError('network used')\n"
        "socket.socket.connect = refuse\n"
        "socket.create_connection = refuse\n"
        "socket.getaddrinfo = refuse\n"
        "from pathlib import Path\n"
        "from ralphy.agents.routing import Router\n"
        "from ralphy.agents.spec import AgentSpec\n"
        "a = [AgentSpec(name=n, description=d, path=Path('/x.md'), body='', metadata={}) for n, d in [\n"
        "    ('security-auditor', 'Reviews code for vulnerabilities and injection attacks.'),\n"
        "    ('frontend-developer', 'Builds React user interfaces and CSS layouts.')]]\n"
        "r = Router(a, semantic='on')\n"
        "print(r.semantic, r.rank('Check the sign-in page for exploitable holes', 1)[0].agent)\n"
    )
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "HF_HOME": str(home / "hf"), "XDG_CACHE_HOME": str(home / "cache"),
           "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "NO_PROXY": "", "HTTPS_PROXY": "http://127.0.0.1:9"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "security-auditor"]
    assert list(home.rglob("*")) == []  # no cache written anywhere under the home folder


@pytest.mark.parametrize("argv", [["--help"], ["agents", "list"], ["status"]])
def test_commands_that_do_not_route_never_import_it(argv: list[str], tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "ralphy", *argv], capture_output=True,
                            text=True, cwd=tmp_path, timeout=120)
    imported = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in result.stderr.splitlines()
                if line.startswith("import time:")}
    assert "ralphy" in imported, result.stderr[-2000:]
    assert not imported & {"wordllama", "numpy", "tokenizers", "safetensors"}, sorted(imported)
