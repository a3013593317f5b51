"""create_agent / draft_missing_agents against the scripted Messages API (real HTTP, the real anthropic SDK)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import anthropic
import pytest

from ralphy.agents.discovery import discover_agents, load_agent_file
from ralphy.agents.factory import (
    create_agent,
    draft_missing_agents,
    forbidden_tools,
    model_problems,
    name_problems,
    tool_problems,
)
from ralphy.agents.routing import GroupMatch
from ralphy.errors import AgentCreationError, AuthenticationError
from ralphy.testing import (
    FakeMessagesAPI,
    Request,
    authentication_error,
    server_error,
    text,
    tool_use,
)

REVIEWER_DESCRIPTION = (
    'Use this agent when code needs a review before merging: "correctness", style: #1 priority.\n'
    "<example>\nContext: a pull request is ready.\nuser: \"Review my change\"\n"
    "assistant: \"I'll use the code-reviewer agent.\"\n<commentary>A review is asked for.</commentary>\n</example>"
)
GOOD_REVIEWER = {
    "name": "code-reviewer",
    "description": REVIEWER_DESCRIPTION,
    "tools": ["Read", "Grep", "Glob"],
    "model": "sonnet",
    "system_prompt": "You are a meticulous code reviewer. Read the diff, then report problems by severity.",
    "exampleTasks": ["Review the parser change"],
}


def submit(answer: dict) -> object:
    return tool_use("submit_agent", answer)


def first_then(first: dict, then: dict):
    """A scenario: ``first`` for a fresh request, ``then`` once the request carries our feedback."""

    def scenario(request: Request):
        return submit(then if request.last_tool_results or request.assistant_turns else first)

    return scenario


def create(api: FakeMessagesAPI, description: str, project: Path, **kwargs):
    with anthropic.Anthropic(api_key="test-key", base_url=api.url, max_retries=0) as client:
        return create_agent(description, project, client=client, **kwargs)


def generated(project: Path) -> list[Path]:
    folder = project / ".claude" / "agents" / "generated"
    return sorted(folder.iterdir()) if folder.exists() else []


def test_a_good_first_answer_is_written_and_discovered(project: Path) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        created = create(api, "an agent that reviews Python code", project)
        requests = api.requests

    target = project / ".claude" / "agents" / "generated" / "code-reviewer.md"
    assert created.path == target and created.attempts == 1 and len(requests) == 1
    assert requests[0]["tool_choice"] == {"type": "tool", "name": "submit_agent"}
    assert "an agent that reviews Python code" in requests[0]["messages"][0]["content"]
    assert target.read_text(encoding="utf-8") == created.markdown

    found = discover_agents(project).by_name("code-reviewer")
    assert found is not None
    assert (found.description, found.tools, found.model, found.body) == (
        REVIEWER_DESCRIPTION, ("Read", "Grep", "Glob"), "sonnet", GOOD_REVIEWER["system_prompt"])
    assert (found.name, found.description, found.tools, found.model, found.body) == (
        created.spec.name, created.spec.description, created.spec.tools, created.spec.model, created.spec.body)
    assert found.metadata["created_by"] == "ralphy"
    assert found.metadata["exampleTasks"] == ["Review the parser change"]
    stamp = found.metadata["created_at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", stamp)
    written_at = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    assert abs(datetime.now(timezone.utc) - written_at) < timedelta(minutes=5)
    assert list(created.path.parent.iterdir()) == [target]  # no temp file left behind


@pytest.mark.parametrize(
    ("bad", "complaint"),
    [
        ({"name": "Code_Reviewer"}, "'Code_Reviewer' must be"),
        ({"name": "tools:reviewer"}, "'tools:reviewer' must be"),
        ({"tools": ["Read", "Telepathy"]}, "unknown tool 'Telepathy'"),
        ({"tools": ["Read", "Write"]}, "'Write' is not allowed"),
        ({"tools": ["Read", "Bash(rm -rf *)"]}, "'Bash(rm -rf *)' is not allowed"),
        ({"tools": ["*"]}, "'*' (all tools) is not allowed"),
        ({"model": "gpt-4"}, "'gpt-4' must be one of"),
        ({"description": "Reviews code."}, "1-3 complete <example>"),
        ({"system_prompt": "Review."}, "system_prompt: must be at least"),
        ({"description": "Reviews code. " * 80 + REVIEWER_DESCRIPTION}, "characters outside the examples"),
    ],
)
def test_a_rejected_answer_is_retried_with_the_problems(project: Path, bad: dict, complaint: str) -> None:
    with FakeMessagesAPI(first_then({**GOOD_REVIEWER, **bad}, GOOD_REVIEWER)) as api:
        created = create(api, "a read-only reviewer for pull requests", project)
        requests = api.requests

    assert created.attempts == 2 and len(requests) == 2
    feedback = requests[1]["messages"][-1]["content"][0]
    first_call = requests[1]["messages"][1]["content"][0]
    assert first_call["type"] == "tool_use" and first_call["input"] == {**GOOD_REVIEWER, **bad}
    assert feedback["type"] == "tool_result" and feedback["is_error"] is True
    assert feedback["tool_use_id"] == first_call["id"]
    assert complaint in feedback["content"]
    assert discover_agents(project).by_name("code-reviewer") is not None


def test_a_text_answer_instead_of_the_tool_is_retried(project: Path) -> None:
    def scenario(request: Request):
        return submit(GOOD_REVIEWER) if request.assistant_turns else text("Here is my idea...")

    with FakeMessagesAPI(scenario) as api:
        created = create(api, "reviews code", project)
        last = api.requests[1]["messages"][-1]
    assert created.attempts == 2
    assert last["role"] == "user" and "no submit_agent call" in last["content"]


def test_two_bad_answers_raise_and_write_nothing(project: Path) -> None:
    bad = {**GOOD_REVIEWER, "name": "Bad Name", "tools": ["Read", "Edit"]}
    with FakeMessagesAPI(lambda request: submit(bad)) as api:
        with pytest.raises(AgentCreationError) as caught:
            create(api, "an auditor for our SQL migrations", project)
        assert len(api.requests) == 2
    message = str(caught.value)
    assert "2 attempt(s)" in message and "'Bad Name' must be" in message and "'Edit' is not allowed" in message
    assert "\n" not in message
    assert generated(project) == []


def existing_agent(project: Path, name: str = "code-reviewer") -> Path:
    path = project / ".claude" / "agents" / "review" / "mine.md"
    path.parent.mkdir(parents=True)
    path.write_text(f"---\nname: {name}\ndescription: My own reviewer.\n---\nBe kind.\n", encoding="utf-8")
    return path


def test_a_given_name_already_taken_is_refused_before_asking(project: Path) -> None:
    mine = existing_agent(project)
    before = mine.read_bytes()
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        with pytest.raises(AgentCreationError, match=r"an agent 'code-reviewer' already exists .*mine\.md"):
            create(api, "reviews code", project, name="code-reviewer")
        assert api.requests == []
    assert mine.read_bytes() == before and generated(project) == []


def test_a_proposed_name_clashing_with_an_agent_is_rejected_like_any_problem(project: Path) -> None:
    mine = existing_agent(project, name="Code_Reviewer")  # the CLI matches names ignoring case, - and _
    before = mine.read_bytes()
    with FakeMessagesAPI(first_then(GOOD_REVIEWER, {**GOOD_REVIEWER, "name": "pr-reviewer"})) as api:
        created = create(api, "reviews code", project)
        feedback = api.requests[1]["messages"][-1]["content"][0]["content"]
    assert "'code-reviewer' already exists" in feedback
    assert created.spec.name == "pr-reviewer" and created.path.name == "pr-reviewer.md"
    assert mine.read_bytes() == before
    assert "Code_Reviewer" in [agent.name for agent in discover_agents(project).agents]


def test_an_existing_file_that_is_not_an_agent_is_never_overwritten(project: Path) -> None:
    target = project / ".claude" / "agents" / "generated" / "code-reviewer.md"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"notes, not an agent\n")  # discovery skips it, the O_EXCL write still refuses it
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        with pytest.raises(AgentCreationError, match=r"code-reviewer\.md already exists; nothing written"):
            create(api, "reviews code", project)
    assert target.read_bytes() == b"notes, not an agent\n"
    assert generated(project) == [target]


def test_dry_run_writes_nothing(project: Path) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        created = create(api, "reviews code", project, dry_run=True)
    assert created.markdown.startswith('---\nname: "code-reviewer"\n')
    assert created.path == project / ".claude" / "agents" / "generated" / "code-reviewer.md"
    assert not (project / ".claude").exists()


def test_user_overrides_win_and_are_sent_to_the_model(project: Path) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        created = create(api, "reviews code", project, name="style-checker", tools=["Read"], model="haiku")
        asked = api.requests[0]["messages"][0]["content"]
    assert "fixed its name: style-checker" in asked and "fixed its tools: Read" in asked
    found = discover_agents(project).by_name("style-checker")
    assert found is not None and found.tools == ("Read",) and found.model == "haiku"


@pytest.mark.parametrize(
    ("overrides", "complaint"),
    [
        ({"tools": ["Read", "Write"]}, "'Write' is not allowed"),
        ({"tools": ["Reed"]}, "unknown tool 'Reed'"),
        ({"name": "Reviewer"}, "'Reviewer' must be"),
        ({"name": "explore"}, "shadow Claude Code's built-in agent"),
        ({"model": "large"}, "'large' must be one of"),
    ],
)
def test_bad_user_overrides_are_refused_before_asking(project: Path, overrides: dict, complaint: str) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        with pytest.raises(AgentCreationError, match=re.escape(complaint)):
            create(api, "a code reviewer", project, **overrides)
        assert api.requests == []


def test_a_multiline_description_with_yaml_syntax_round_trips(project: Path) -> None:
    description = (
        "Use this agent for: schema work — ünïcode, 'quotes', \"double\", #hash, {braces}, [list], *star, &amp\n"
        "- a dash line\n  indented: key\n---\n<example>\nContext: x\nuser: \"y\"\nassistant: z\n</example>"
    )
    answer = {**GOOD_REVIEWER, "name": "schema-helper", "description": description, "tools": ["Read", "Edit"]}
    with FakeMessagesAPI(lambda request: submit(answer)) as api:
        created = create(api, "helps write database schemas", project)
    loaded = load_agent_file(created.path)
    assert not hasattr(loaded, "reason"), loaded
    assert loaded.description == description and loaded.tools == ("Read", "Edit")


@pytest.mark.parametrize("version", ["2.0.0", "2.1.62", "2.1.330"])
@pytest.mark.parametrize("tools", [("Read", "Write", "Edit", "Bash"), ("Read", "Bash(git log: *)", "mcp__github__list")])
def test_a_drafted_agent_has_its_tools_on_every_cli_version(project: Path, version: str, tools: tuple) -> None:
    # 2.0.x reads frontmatter line by line (no YAML): the JSON list once written there gave the agent no tools
    from ralphy.agents.discovery import DiscoveryRules
    from ralphy.claude.version import Version

    answer = {**GOOD_REVIEWER, "name": "terraform-writer", "tools": list(tools),
              "description": "Writes Terraform modules for cloud infrastructure (S3 buckets, IAM, VPCs).\n<example>\n"
                             "user: \"Write Terraform for an S3 bucket\"\nassistant: \"I'll use it.\"\n</example>"}
    with FakeMessagesAPI(lambda request: submit(answer)) as api:
        created = create(api, "an agent that writes Terraform modules", project)
    assert f"\ntools: {', '.join(tools)}\n" in created.markdown
    rules = DiscoveryRules.for_version(Version.parse(version))
    found = discover_agents(project, rules=rules).by_name("terraform-writer")
    assert found is not None and (found.tools, found.model) == (tools, "sonnet")


def test_401_is_one_clear_authentication_error(project: Path) -> None:
    with FakeMessagesAPI(lambda request: authentication_error()) as api:
        with pytest.raises(AuthenticationError) as caught:
            create(api, "reviews code", project)
    assert str(caught.value) == ("the Messages API refused the credentials (401): invalid x-api-key; "
                                 "check ANTHROPIC_API_KEY")
    assert generated(project) == []


def test_a_server_error_is_one_clear_creation_error(project: Path) -> None:
    with FakeMessagesAPI(lambda request: server_error()) as api:
        with pytest.raises(AgentCreationError, match=r"^the Messages API failed \(500\): Internal server error$"):
            create(api, "reviews code", project)


def test_an_unreachable_api_is_one_clear_creation_error(project: Path) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        url = api.url  # closed when the block ends: nothing listens there any more
    with anthropic.Anthropic(api_key="k", base_url=url, max_retries=0) as client:
        with pytest.raises(AgentCreationError, match=r"^cannot reach the Messages API at "):
            create_agent("reviews code", project, client=client)


def test_without_a_key_or_a_claude_cli_it_says_so(project: Path, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    from ralphy.errors import ClaudeNotFoundError

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.delenv("RALPHY_CLAUDE_BIN", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(ClaudeNotFoundError, match="no ANTHROPIC_API_KEY and no Claude CLI"):
        create_agent("reviews code", project)


def test_the_default_client_uses_the_environment(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "env-key")
        monkeypatch.setenv("ANTHROPIC_BASE_URL", api.url)
        created = create_agent("reviews code", project)
    assert created.path.exists()


def gap_scenario(request: Request):
    """Names the agent after the task group quoted in the request."""
    group = re.search(r"task group '([^']+)'", request.first_user_text).group(1)
    name = re.sub(r"[^a-z0-9]+", "-", group.lower()).strip("-") + "-worker"
    return submit({**GOOD_REVIEWER, "name": name, "tools": ["Read", "Edit", "Bash"],
                   "description": REVIEWER_DESCRIPTION.replace("code-reviewer", name)})


def test_draft_missing_agents_asks_before_writing_each(project: Path) -> None:
    gaps = {"Database migrations": ["Add the users table", "Backfill emails"], "Docs site": ["Build the docs"]}
    asked: list[str] = []

    def confirm(summary: str) -> bool:
        asked.append(summary)
        return "database-migrations-worker" in summary

    with FakeMessagesAPI(gap_scenario) as api:
        with anthropic.Anthropic(api_key="k", base_url=api.url, max_retries=0) as client:
            written = draft_missing_agents(project, gaps, client=client, confirm=confirm)
        first_request = api.requests[0]["messages"][0]["content"]

    assert "- Add the users table\n- Backfill emails" in first_request
    assert len(asked) == 2
    assert asked[0] == ("Create agent 'database-migrations-worker' for task group 'Database migrations' at "
                        ".claude/agents/generated/database-migrations-worker.md (tools: Read, Edit, Bash; "
                        "model: sonnet)?")
    assert [created.spec.name for created in written] == ["database-migrations-worker"]
    assert [path.name for path in generated(project)] == ["database-migrations-worker.md"]


def test_draft_missing_agents_skips_a_failing_gap_but_stops_on_auth_errors(project: Path) -> None:
    def scenario(request: Request):
        if "Broken" in request.first_user_text:
            return submit({**GOOD_REVIEWER, "name": "Nope!"})
        return gap_scenario(request)

    with FakeMessagesAPI(scenario) as api:
        with anthropic.Anthropic(api_key="k", base_url=api.url, max_retries=0) as client:
            written = draft_missing_agents(project, [("Broken", ["x"]), ("API", ["Add /health"])],
                                           client=client, confirm=lambda summary: True)
            from_routing = draft_missing_agents(project, [GroupMatch("Docs", ["Write the guide"], None, 0.1, "")],
                                                client=client, confirm=lambda summary: True)
    assert [created.spec.name for created in written] == ["api-worker"]
    assert [created.spec.name for created in from_routing] == ["docs-worker"]

    with FakeMessagesAPI(lambda request: authentication_error()) as api:
        with anthropic.Anthropic(api_key="k", base_url=api.url, max_retries=0) as client:
            with pytest.raises(AuthenticationError):
                draft_missing_agents(project, {"Docs": ["Write docs"]}, client=client, confirm=lambda s: True)


@pytest.mark.parametrize(
    ("request_text", "name", "forbidden"),
    [
        ("a code reviewer for pull requests", "", {"Write", "Edit", "NotebookEdit", "Bash"}),
        ("audits dependencies for licences", "", {"Write", "Edit", "NotebookEdit", "Bash"}),
        ("performance analysis of SQL queries", "", {"Write", "Edit", "NotebookEdit", "Bash"}),
        ("a reviewer that never edits code", "", {"Write", "Edit", "NotebookEdit", "Bash"}),
        ("read-only: explain code, then fix nothing and change nothing", "", {"Write", "Edit",
                                                                              "NotebookEdit", "Bash"}),
        ("read-only agent that fixes typos", "", {"Write", "Edit", "NotebookEdit", "Bash"}),
        ("plans database migrations", "", {"Write", "Edit", "NotebookEdit"}),
        ("breaks features into steps", "sprint-planner", {"Write", "Edit", "NotebookEdit"}),
        ("reviews and fixes flaky tests", "", set()),
        ("implements the plan for the API", "", set()),
        ("writes FastAPI endpoints", "api-builder", set()),
    ],
)
def test_least_privilege_rules(request_text: str, name: str, forbidden: set[str]) -> None:
    assert set(forbidden_tools(request_text, name)) == forbidden


@pytest.mark.parametrize(
    ("name", "ok"),
    [("code-reviewer", True), ("a11y-checker", True), ("abc", True), ("3d-modeler", False), ("ab", False), ("Code-Reviewer", False),
     ("code_reviewer", False), ("-reviewer", False), ("reviewer-", False), ("code--reviewer", False),
     ("plugin:reviewer", False), ("x" * 51, False), ("plan", False), ("general-purpose", False),
     ("output-style-setup", False)],  # a built-in of 2.0.x (its init event lists it)
)
def test_name_convention(name: str, ok: bool) -> None:
    assert (name_problems(name) == []) is ok


def test_tool_and_model_rules() -> None:
    assert tool_problems(["Read", "Bash(git log *)", "mcp__github__create_issue", "mcp__sentry"]) == []
    assert tool_problems([]) == ["tools: give an explicit, non-empty list (least privilege)"]
    assert len(tool_problems(["read", "Bash(", "mcp__"])) == 3
    assert [m for m in ("sonnet", "opus", "haiku", "inherit", "claude-opus-4-1-20250805", "claude-3.5-sonnet")
            if model_problems(m)] == []
    assert [m for m in ("Sonnet", "gpt-4", "", "claude-") if not model_problems(m)] == []


def test_an_empty_description_is_refused_before_asking(project: Path) -> None:
    with FakeMessagesAPI(lambda request: submit(GOOD_REVIEWER)) as api:
        with pytest.raises(AgentCreationError, match="the agent description is empty"):
            create(api, "  \n ", project)
        assert api.requests == []
