"""`ralphy dev` through the stream-json driver, end to end with the real Claude CLI (any version:
RALPHY_TEST_CLAUDE_BIN picks it): the prompt names what the running CLI loaded; live questions; permissions."""

from __future__ import annotations

import functools

import pytest

from ralphy.testing import FakeMessagesAPI, text
from ralphy.testing.dev import listed_agents
from tests.e2e.cli_oracle import cli_agents, custom_agents
from tests.e2e import scripted
from tests.e2e.scripted import cli_version
from tests.e2e.test_discovery_parity import build_tricky_tree

pytestmark = pytest.mark.e2e


ralphy = functools.partial(scripted.ralphy, timeout=180)


def main_prompts(api: FakeMessagesAPI) -> list[str]:
    """The first user text of every main-agent conversation the CLI sent (the dev prompts)."""
    prompts = []
    for body in api.requests:
        if not body.get("tools"):
            continue
        first = body["messages"][0]["content"]
        texts = [first] if isinstance(first, str) else [b.get("text", "") for b in first if isinstance(b, dict)]
        prompt = "\n".join(t for t in texts if not t.lstrip().startswith("<system-reminder>"))
        if "TASKS.md" in prompt and prompt not in prompts:
            prompts.append(prompt)
    return prompts


def test_the_prompt_names_exactly_the_agents_the_running_cli_loaded(tmp_path, claude_home, claude_bin):
    work = build_tricky_tree(tmp_path)
    (work / "TASKS.md").write_text("## Core\n- [ ] 1.1 Add a greet function\n")
    loaded = custom_agents(cli_agents(claude_bin, work, claude_home))
    with FakeMessagesAPI(lambda request: text("Nothing done.")) as api:
        proc = ralphy(work, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1",
                      extra_env={"RALPHY_PROMPT_AGENT_THRESHOLD": "1000"})
    assert proc.stdout.strip(), proc.stderr[-2000:]
    [prompt] = main_prompts(api)
    in_prompt = set(listed_agents(prompt))
    if cli_version(claude_bin) >= (2, 1, 100):  # the CLI says what it loaded: the prompt follows it exactly
        assert in_prompt == set(loaded), (in_prompt ^ set(loaded))
    else:  # older CLIs do not say: ralphy's own discovery decides
        assert in_prompt
