"""The siblings field (ralphy/agents/siblings.py): the words the other collections' agents of the same role use,
read from a packaged table built from the public corpus, so a task worded in those words finds the agent (issue 15)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import load_corpus, sibling_table  # noqa: E402

from ralphy.agents import routing_fields, siblings  # noqa: E402
from ralphy.agents.routing import Router  # noqa: E402
from ralphy.agents.routing_fields import tokenise  # noqa: E402
from ralphy.agents.siblings import SIBLINGS_FILE, Siblings, default_siblings, fingerprint, role_key  # noqa: E402
from ralphy.agents.spec import AgentSpec  # noqa: E402


@pytest.fixture(scope="module")
def corpus():
    return {agent.name: agent for agent in load_corpus()}


@pytest.fixture
def no_siblings(monkeypatch):
    """Routing as it was before the siblings field (its fields tokenised again, not from the cache)."""
    monkeypatch.setattr(siblings, "SIBLINGS_ENABLED", False)
    monkeypatch.setattr(routing_fields, "FIELDS_CACHE", {})


def test_the_packaged_table_is_what_the_corpus_gives() -> None:
    """routing_siblings.json is data computed from tests/data/agent-corpus and tests/data/agent-siblings
    (bench_routing.py --write-siblings), not edited by hand: building it again gives the same file."""
    assert sibling_table() == json.loads(SIBLINGS_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("name", "key"), [
    ("golang-pro", "go"), ("go-expert", "go"), ("kotlin-specialist", "kotlin"), ("ml-engineer", "machine learning"),
    ("machine-learning-engineer", "machine learning"), ("postgresql-expert", "postgres"), ("postgres-pro", "postgres"),
    ("payment-integration", "payment integration"), ("security-auditor", "security audit"), ("pro", "pro"),
])
def test_a_role_is_the_name_without_its_generic_suffix(name: str, key: str) -> None:
    assert role_key(name) == key


def test_a_wshobson_plugin_copy_has_its_roles_siblings() -> None:
    """wshobson's plugin copies carry the plugin in their name; the table knows them under their role."""
    table = default_siblings()
    assert table.aliases["comprehensive review security auditor"] == "security audit"
    assert table.counts("comprehensive-review-security-auditor", "not any corpus description")


def test_an_agent_gets_its_siblings_words_not_its_own(corpus) -> None:
    """VoltAgent's payment-integration gets the words of wshobson's (PayPal, HMAC), not its own file's."""
    agent = corpus["payment-integration"]
    assert "VoltAgent" in str(agent.path)
    own = set().union(*tokenise(agent, siblings=False)[0].values())
    counts = default_siblings().counts(agent.name, agent.description)
    assert {"paypal", "hmac"} <= counts.keys()
    assert "paypal" not in own and "hmac" not in own
    members = default_siblings().roles["payment integration"]
    assert fingerprint(agent.description) in {member for member, _ in members}
    own_print = fingerprint(agent.description)
    assert sum(counts.values()) == sum(len(terms) for member, terms in members if member != own_print)


# Written by hand before the router was run on it: capturing packets to see where a TLS handshake stalls is the
# network engineer's work in a team that also has a backend and a front-end developer, a DevOps engineer and a
# security auditor. VoltAgent's network-engineer names neither tcpdump nor Wireshark; wshobson's two do.
TEAM = ["network-engineer", "backend-developer", "frontend-developer", "devops-engineer", "security-auditor"]
TASK = "Capture the traffic with tcpdump and read it in Wireshark to see where the TLS handshake stalls"


def test_a_siblings_word_finds_the_agent(corpus) -> None:
    assert "VoltAgent" in str(corpus["network-engineer"].path)
    ranked = Router([corpus[name] for name in TEAM]).rank(TASK, limit=3)
    assert ranked[0].agent == "network-engineer"
    assert ("'tcpdump', 'wireshark' not in its own file; other public collections' network agents use them "
            "(a weak match)") in ranked[0].reason


def test_a_word_only_the_siblings_use_is_said_plainly(corpus) -> None:
    # was: "matches 'bake' in the words of its role's other agents" for a cake: a reason nobody could follow (the
    # word is another collection's docker-expert's "Bake multi-target builds"); the ranking itself is unchanged
    from ralphy.agents.agent_file import load_agent_file
    from tests.conftest import FURAI

    docker = load_agent_file(FURAI / "docker-expert.md")
    [ranked] = Router([docker]).rank("Bake a chocolate cake", limit=1)
    assert ranked.agent == "docker-expert" and ranked.confidence < 0.5
    assert ranked.reason == "'bake' not in its own file; other public collections' docker agents use it (a weak match)"


def test_without_siblings_the_agent_is_not_found(corpus, no_siblings) -> None:
    ranked = Router([corpus[name] for name in TEAM]).rank(TASK, limit=3)
    assert ranked[0].agent == "security-auditor"


def _agent(name: str, description: str) -> AgentSpec:
    return AgentSpec(name=name, description=description, path=Path(f"/agents/{name}.md"))


def test_an_agent_the_corpus_does_not_know_gets_none() -> None:
    agent = _agent("invoice-reconciler", "Matches supplier invoices to purchase orders.")
    assert tokenise(agent)[0]["siblings"] == {}
    assert default_siblings().counts("invoice-reconciler", "x") == {}


def test_a_users_own_agent_of_a_known_role_gets_every_siblings_words() -> None:
    """A description the corpus does not hold excludes no member: the role as every collection wrote it."""
    agent = _agent("payment-integration", "Our own payments helper.")
    counts = tokenise(agent)[0]["siblings"]
    members = default_siblings().roles["payment integration"]
    assert sum(counts.values()) == sum(len(terms) for _, terms in members)


@pytest.mark.parametrize("name", [
    "../../../etc/passwd", "/etc/passwd", "routing_siblings.json", "..", "__proto__", "constructor", "a/../../b",
    "C:\\Windows\\win.ini", "payment-integration/../../x", "\x00", "", "-" * 10_000, "é" * 300,
])
def test_a_hostile_name_reads_nothing_outside_the_table(name: str, monkeypatch) -> None:
    """A name is only a key into the packaged table: nothing is opened for it, whatever it spells."""
    table = default_siblings()

    def refuse(*args, **kwargs):
        raise AssertionError(f"opened a file for the name {name!r}")

    monkeypatch.setattr("builtins.open", refuse)
    monkeypatch.setattr(Path, "read_text", refuse)
    monkeypatch.setattr(Path, "read_bytes", refuse)
    assert table.counts(name, "a description") in ({},) or role_key(name) in table.roles
    assert siblings.sibling_counts(name, "a description") == table.counts(name, "a description")


def test_an_empty_table_gives_nothing() -> None:
    assert Siblings({}).counts("payment-integration", "") == {}
