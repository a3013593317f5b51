"""Router: whole-word matching, signals (name, description, examples, keywords, notForTasks), confidence,
gaps, prompt selection, and the LLM re-ranking against the scripted Messages API."""

from __future__ import annotations

from pathlib import Path

import anthropic
import pytest

from ralphy.agents.discovery import load_agent_file
from ralphy.agents.formatting import format_agents
from ralphy.agents.routing import (
    NO_BACKGROUND,
    Router,
    find_gaps,
    select_for_prompt,
    stem,
    terms,
)
from ralphy.agents.spec import AgentSpec
from ralphy.agents.terms import american, split_examples
from ralphy.testing import FakeMessagesAPI, Request, overloaded, text, tool_use
from tests.conftest import CORPUS

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"


def agent(name: str, description: str, body: str = "", **metadata: object) -> AgentSpec:
    return AgentSpec(name=name, description=description, path=Path(f"/agents/{name}.md"), body=body,
                     metadata={"name": name, "description": description, **metadata})


def corpus_agents(*names: str) -> list[AgentSpec]:
    loaded = [load_agent_file(FURAI / f"{name}.md") for name in names]
    assert all(isinstance(spec, AgentSpec) for spec in loaded)
    return loaded  # type: ignore[return-value]


# -- words ---------------------------------------------------------------------------------------------

def test_stemming_joins_word_forms_and_keeps_other_words_apart() -> None:
    assert stem("testing") == stem("tests") == stem("tester") == stem("test")
    assert stem("optimize") == stem("optimization") == stem("optimizing")
    assert stem("latest") != stem("test")
    assert stem("accessible") == stem("accessibility") and stem("scalable") == stem("scalability")
    assert terms("Caching the caches") == [stem("cache")] * 2


def test_a_plural_loses_its_s_once() -> None:
    # "releases" had lost "es" and then its stem's own s ("relea"), so it never met "release" (catalog18)
    for plural, singular in [("releases", "release"), ("databases", "database"), ("responses", "response"),
                             ("phases", "phase"), ("warehouses", "warehouse"), ("purposes", "purpose"),
                             ("parser", "parse"), ("licensing", "license")]:
        assert stem(plural) == stem(singular), (plural, singular)
    assert stem("classes") == stem("class") and stem("processes") == stem("process")


def test_british_spellings_meet_the_american_ones_of_the_agents() -> None:
    # the agents' files are American, the tasks people write often British (catalog18)
    for british, us in [("colour", "color"), ("colours", "colors"), ("behaviour", "behavior"),
                              ("behavioural", "behavioral"), ("favourite", "favorite"), ("labour", "labor"),
                              ("neighbourhood", "neighborhood"), ("centre", "center"), ("centres", "centers"),
                              ("metre", "meter"), ("fibre", "fiber"), ("theatre", "theater"),
                              ("catalogue", "catalog"), ("dialogue", "dialog"), ("licence", "license"),
                              ("licences", "licenses"), ("defence", "defense"), ("analyse", "analyze"),
                              ("analysing", "analyzing"), ("modelling", "modeling"), ("labelled", "labeled"),
                              ("cancelled", "canceled"), ("travelling", "traveling"), ("programme", "program"),
                              ("controller", "control"), ("controlling", "control")]:
        assert stem(british) == stem(us), (british, us)
    # words that only look like them are left as they are
    for word in ("hour", "hours", "tour", "detour", "contour", "install", "installing", "excellent", "recent",
                 "licensee", "analyst", "model", "channels", "centrex", "catalogues2"):
        assert american(word) == word, word
    assert terms("the colour of the licence") == terms("the color of the license")


def test_matching_is_whole_words_only() -> None:
    assert "ui" not in terms("build the latest guide")
    assert stem("test") not in terms("ship the latest build")
    router = Router([agent("ui-designer", "Designs UI screens and test plans")], background=NO_BACKGROUND)
    assert router.rank("Build the latest release") == []


def test_general_abbreviations_match_their_long_form() -> None:
    router = Router([agent("kubernetes-expert", "Kubernetes clusters and deployments"),
                     agent("database-admin", "Database backups"),
                     agent("js-expert", "JavaScript and TypeScript code")])
    assert router.recommend("Roll out the k8s cluster upgrade").recommended == "kubernetes-expert"
    assert router.rank("Restore the db backup")[0].agent == "database-admin"
    assert terms("C++ and C# on .NET with Node.js") == ["cpp", "csharp", "dotnet", "node"]
    assert stem("docker") in terms("Shrink the Dockerfile")  # a build file named after its tool


# -- signals -------------------------------------------------------------------------------------------

def test_playwright_task_goes_to_the_playwright_agent_with_a_reason() -> None:
    router = Router(corpus_agents("playwright-expert", "cypress-expert", "postgres-expert", "redis-expert"))
    result = router.recommend("Fix flaky Playwright login test")
    assert result.recommended == "playwright-expert"
    assert 0.7 <= result.confidence <= 1.0
    assert "'playwright' in name" in result.reason
    assert [a.agent for a in result.alternatives][0] == "cypress-expert"


def test_a_word_read_as_two_terms_is_named_once_in_the_reason() -> None:
    # 'OIDC' is read as 'openid' and 'oidc' (a synonym); the reason said "matches 'oidc', 'oidc' in name"
    router = Router(corpus_agents("oauth-oidc-expert", "postgres-expert"))
    best = router.rank("Set up OIDC login", limit=1)[0]
    assert best.agent == "oauth-oidc-expert"
    assert best.reason.startswith("matches 'oidc' in name")
    assert best.reason.count("'oidc'") == 1


def test_example_user_lines_are_strong_signals_and_quoted_in_the_reason() -> None:
    description = ('Rails backend work. Examples: <example>Context: a SaaS app user: "Implement recurring billing '
                   'system" assistant: "I\'ll use the rails agent" <commentary>billing</commentary></example>')
    main, users, _ = split_examples(description)
    assert users == ["Implement recurring billing system"]
    assert "recurring" not in main
    router = Router([agent("rails-backend", description), agent("ledger", "Accounting reports")])
    result = router.recommend("Add recurring billing for subscriptions")
    assert result.recommended == "rails-backend"
    assert "example task 'Implement recurring billing system'" in result.reason


def test_keywords_and_example_tasks_from_frontmatter_count() -> None:
    plain = agent("infra", "Cloud infrastructure")
    tagged = agent("infra-tagged", "Cloud infrastructure", keywords=["s3", "bucket"],
                   exampleTasks=["Create an S3 bucket with versioning"])
    ranked = Router([plain, tagged]).rank("Write Terraform for an S3 bucket with versioning")
    assert ranked[0].agent == "infra-tagged"
    assert "example task 'Create an S3 bucket with versioning'" in ranked[0].reason


def test_not_for_tasks_is_a_strong_negative() -> None:
    base = "Writes and fixes end-to-end browser tests"
    specs = [agent("e2e-tests", base, notForTasks=["flaky login test"]), agent("browser-qa", "Browser QA tests")]
    result = Router(specs).recommend("Fix flaky login test")
    assert result.recommended != "e2e-tests"
    excluded = next(a for a in result.alternatives if a.agent == "e2e-tests")
    assert "not for 'flaky login test'" in excluded.reason


# -- confidence, ordering, gaps --------------------------------------------------------------------------

def test_ranking_is_deterministic_sorted_and_bounded() -> None:
    specs = corpus_agents("postgres-expert", "mysql-expert", "sql-expert", "sqlite-expert", "redis-expert")
    first = Router(specs).recommend("Optimize the slow SQL query with an index", top=4).to_dict()
    second = Router(list(reversed(specs))).recommend("Optimize the slow SQL query with an index", top=4).to_dict()
    assert first == second
    assert set(first) == {"recommended", "confidence", "reason", "alternatives"}
    everyone = [(first["confidence"], first["recommended"])] + [(a["confidence"], a["agent"]) for a in first["alternatives"]]
    assert everyone == sorted(everyone, key=lambda pair: (-pair[0], pair[1]))
    assert all(0.0 <= confidence <= 1.0 for confidence, _ in everyone)


def test_unrelated_task_is_a_gap_and_threshold_decides() -> None:
    specs = corpus_agents("playwright-expert", "postgres-expert", "docker-expert")
    gap = Router(specs).recommend("Bump the package version to 2.4.0")
    assert gap.recommended is None and gap.confidence < 0.7
    assert "work directly" in gap.reason
    best = Router(specs).recommend("Fix flaky Playwright login test")
    assert Router(specs, threshold=0.999).recommend("Fix flaky Playwright login test").recommended is None
    assert Router(specs, threshold=0.0).recommend("Fix flaky Playwright login test").recommended == best.recommended


def test_no_agents_or_no_words_give_an_empty_gap() -> None:
    assert Router([]).recommend("Fix flaky Playwright login test").to_dict() == {
        "recommended": None, "confidence": 0.0, "alternatives": [],
        "reason": "no agent's name, description or examples mention these words"}
    assert Router(corpus_agents("docker-expert")).recommend("the and of").recommended is None


def test_find_gaps_per_group() -> None:
    router = Router(corpus_agents("playwright-expert", "postgres-expert", "docker-expert"))
    matches = find_gaps(router, {"Database": ["Optimize the slow PostgreSQL query", "Add a partial index"],
                                 "Release": ["Bump the version to 2.4.0"]})
    assert [m.group for m in matches] == ["Database", "Release"]
    assert matches[0].recommended == "postgres-expert" and matches[0].confidence >= 0.7
    assert matches[1].recommended is None
    assert matches[1].to_dict()["tasks"] == ["Bump the version to 2.4.0"]


# -- prompt selection ------------------------------------------------------------------------------------

def test_small_sets_are_listed_whole() -> None:
    specs = corpus_agents("playwright-expert", "postgres-expert")
    selection = select_for_prompt(specs, {"Tests": ["Fix flaky test"]}, threshold=20, limit=10)
    assert selection.agents == specs and selection.total == 2 and not selection.selected_by_relevance


def test_large_sets_keep_the_best_per_group_first() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_routing import load_corpus

    agents = load_corpus()
    groups = {"Database": ["Write a Flyway migration that adds the archived_at column"],
              "E2E": ["Fix flaky Playwright login test"],
              "Infra": ["Write Terraform for an S3 bucket with versioning"]}
    selection = select_for_prompt(agents, groups, threshold=20, limit=10)
    names = [spec.name for spec in selection.agents]
    assert selection.selected_by_relevance and selection.total == len(agents) > 500 - 1
    assert len(names) == 10 == len(set(names))
    assert names[0] == "flyway-expert"
    assert names[1] in {"playwright", "playwright-expert"}
    assert "terraform" in names[2]
    section = format_agents(selection.agents)
    assert len(section) / 4 < 2500  # tokens, at about four characters a token


def test_prompt_selection_reads_names_and_descriptions_not_bodies() -> None:
    # Written by hand: 26 agents (over the threshold of 20); the word "kubernetes" is in one agent's description,
    # in another's keywords (ralphy's own frontmatter key), and only at the very start of a third one's body.
    # Selection ranks on what Claude Code shows the model to pick a subagent with (name and description) and on
    # ralphy's routing keys, not on bodies: the first two are listed, the third is not, and the specs listed are
    # the whole ones (the prompt and the CLI get the full agent, body included).
    said = agent("cluster-helper", "Deploys to kubernetes clusters.", body="Follow the house conventions.")
    keyed = agent("infra-helper", "Helps with operations work.", body="Keep changes small.", keywords=["kubernetes"])
    hidden = agent("ops-helper", "Answers questions about billing invoices.",
                   body="You deploy to kubernetes clusters. You roll out kubernetes manifests.")
    others = [agent(f"writer-{i}", f"Writes release note number {i}.", body="Prose only.") for i in range(23)]
    selection = select_for_prompt([hidden, said, keyed, *others], {"Deploy": ["Roll out the kubernetes manifests"]},
                                  threshold=20, limit=10)
    names = [spec.name for spec in selection.agents]
    assert sorted(names) == ["cluster-helper", "infra-helper"]
    assert {id(spec) for spec in selection.agents} == {id(said), id(keyed)}
    # the same agents with the body's words in the description: the third is listed then
    told = agent("ops-helper", "Answers questions about billing invoices. You deploy to kubernetes clusters.")
    again = select_for_prompt([told, said, keyed, *others], {"Deploy": ["Roll out the kubernetes manifests"]},
                              threshold=20, limit=10)
    assert "ops-helper" in [spec.name for spec in again.agents]


def test_prompt_selection_ranks_only_the_next_pending_groups() -> None:
    # Written by hand: 30 groups of writing work come first, a kubernetes group comes 31st. Only the next 30
    # pending groups choose agents, so the kubernetes agent is not listed; with the kubernetes group among them
    # it is.
    deployer = agent("cluster-deployer", "Deploys kubernetes manifests to clusters.")
    writers = [agent(f"writer-{i}", f"Writes release note prose number {i}.") for i in range(24)]
    writing = {f"Notes {i}": ["Write the release note prose"] for i in range(30)}
    later = select_for_prompt([deployer, *writers], {**writing, "Deploy": ["Deploy the kubernetes manifests"]},
                              threshold=20, limit=10)
    sooner = select_for_prompt([deployer, *writers], {"Deploy": ["Deploy the kubernetes manifests"], **writing},
                               threshold=20, limit=10)
    assert "cluster-deployer" not in [spec.name for spec in later.agents]
    assert [spec.name for spec in sooner.agents][0] == "cluster-deployer"


# -- the LLM path ----------------------------------------------------------------------------------------

def ranking_scenario(request: Request):
    assert request.tools == ["rank_agents"]
    return tool_use("rank_agents", {"rankings": [
        {"agent": "postgres-expert", "confidence": 0.4, "reason": "SQL, but not about Redis"},
        {"agent": "redis-expert", "confidence": 0.93, "reason": "Redis caching with TTLs"},
    ]})


def test_llm_rank_uses_the_models_ranking() -> None:
    router = Router(corpus_agents("postgres-expert", "redis-expert", "docker-expert"))
    with FakeMessagesAPI(ranking_scenario) as api:
        with anthropic.Anthropic(base_url=api.url, api_key="fake", max_retries=0, timeout=10) as client:
            result = router.recommend_llm("Cache the slow SQL query results in Redis", client=client)
        sent = api.requests[0]
    assert result.recommended == "redis-expert" and result.confidence == 0.93
    assert result.reason == "LLM: Redis caching with TTLs"
    assert [a.agent for a in result.alternatives] == ["postgres-expert"]
    assert sent["tool_choice"] == {"type": "tool", "name": "rank_agents"}
    assert "Task: Cache the slow SQL query results in Redis" in sent["messages"][0]["content"]


def test_llm_rank_reads_key_and_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    router = Router(corpus_agents("postgres-expert", "redis-expert"))
    with FakeMessagesAPI(ranking_scenario) as api:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        monkeypatch.setenv("ANTHROPIC_API_KEY", "fake")
        result = router.recommend_llm("Cache the slow SQL query results in Redis")
    assert result.recommended == "redis-expert"


@pytest.mark.parametrize("reply", [
    overloaded(),
    text("I think redis-expert fits."),  # no tool call
    tool_use("rank_agents", {"rankings": [{"agent": "no-such-agent", "confidence": 0.9, "reason": "?"}]}),
])
def test_llm_rank_falls_back_to_the_deterministic_ranking_on_any_error(reply) -> None:
    router = Router(corpus_agents("playwright-expert", "postgres-expert", "docker-expert"))
    expected = router.recommend("Fix flaky Playwright login test")
    with FakeMessagesAPI(lambda request: reply) as api:
        with anthropic.Anthropic(base_url=api.url, api_key="fake", max_retries=0, timeout=10) as client:
            result = router.recommend_llm("Fix flaky Playwright login test", client=client)
    assert result.recommended == expected.recommended and result.confidence == expected.confidence
    assert result.alternatives == expected.alternatives
    assert "LLM ranking failed" in result.reason and "deterministic ranking used" in result.reason


def test_llm_rank_without_a_key_or_a_cli_falls_back(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.delenv("RALPHY_CLAUDE_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no claude there
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")  # nothing listens there
    result = Router(corpus_agents("playwright-expert")).recommend_llm("Fix flaky Playwright login test")
    assert result.recommended == "playwright-expert" and "LLM ranking failed" in result.reason


def test_llm_candidates_are_every_agent_up_to_50_and_the_best_10_beyond() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from bench_routing import load_corpus

    corpus = sorted(load_corpus(), key=lambda a: a.name)
    for agents, sent in ((corpus[:50], 50), (corpus, 10)):
        with FakeMessagesAPI(lambda request: text("no tool")) as api:
            with anthropic.Anthropic(base_url=api.url, api_key="fake", max_retries=0, timeout=10) as client:
                Router(agents).recommend_llm("Write a Flyway migration that adds a column", client=client)
            tool = api.requests[0]["tools"][0]
        names = tool["input_schema"]["properties"]["rankings"]["items"]["properties"]["agent"]["enum"]
        assert len(names) == sent
    assert "flyway-expert" in names  # the keyword pre-filter keeps the right one


def test_an_llm_confidence_under_070_is_a_gap() -> None:
    router = Router(corpus_agents("postgres-expert", "redis-expert"))
    reply = tool_use("rank_agents", {"rankings": [{"agent": "redis-expert", "confidence": 0.65, "reason": "maybe"}]})
    with FakeMessagesAPI(lambda request: reply) as api:
        with anthropic.Anthropic(base_url=api.url, api_key="fake", max_retries=0, timeout=10) as client:
            result = router.recommend_llm("Cache the slow SQL query results in Redis", client=client)
    assert result.recommended is None and result.confidence == 0.65 and "work directly" in result.reason
