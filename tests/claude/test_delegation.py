"""DelegationTracker on real and hand-made event streams; attribute() as a table."""

from __future__ import annotations


import pytest

from ralphy.claude.delegation import Delegation, DelegationTracker, TaskOutcome, attribute
from ralphy.claude.events import Event, TaskNotification, TaskStarted, ToolResult, ToolUse, parse_line
from ralphy.tasks import mentioned_task_ids, parse_tasks
from tests.conftest import TRANSCRIPTS


def track(events: list[Event]) -> list[Delegation]:
    tracker = DelegationTracker()
    for event in events:
        tracker.feed(event)
    return tracker.delegations


def call(id: str, *, name: str = "Agent", parent: str | None = None, **input: str) -> ToolUse:
    return ToolUse(id, name, dict(input), parent)


def outcome(id: str, text: str = "done", *, is_error: bool = False, agent: str | None = None,
            status: str | None = "completed") -> ToolResult:
    return ToolResult(id, text, is_error, None, agent, status)


def test_real_delegation_transcript() -> None:
    lines = (TRANSCRIPTS / "delegation.jsonl").read_text(encoding="utf-8").splitlines()
    events = [event for line in lines for event in parse_line(line)]
    assert track(events) == [
        Delegation(
            tool_use_id="toolu_01",
            agent="tdd-orchestrator",
            description="Implement model tasks",
            prompt="Implement the User model with TDD.",
            status="completed",
            error=None,
        )
    ]
    # Evidence, read by hand from the transcript: the task_notification's usage (the tool_result's own totals,
    # 15 tokens, are the fallback); the subagent made no tool calls, so no files and no commands.
    (delegation,) = track(events)
    assert delegation.usage == {"total_tokens": 11, "tool_uses": 0, "duration_ms": 19}
    assert (delegation.tokens, delegation.duration_s) == (11, 0.019)
    assert delegation.files_changed == () and delegation.bash_commands == ()


def test_running_until_resolved_and_general_purpose_by_default() -> None:
    tracker = DelegationTracker()
    tracker.feed(call("t1", description="Docs", prompt="Write the docs"))
    assert tracker.delegations == [Delegation("t1", "general-purpose", "Docs", "Write the docs", "running", None)]
    tracker.feed(outcome("t1"))
    assert tracker.delegations[0].status == "completed"


def test_unknown_agent_fails_with_the_cli_message() -> None:
    message = "Agent type 'ghost' not found. Available agents: general-purpose, Explore"
    delegations = track([call("t1", subagent_type="ghost", description="d", prompt="p"),
                         outcome("t1", message, is_error=True, status=None)])
    assert delegations == [Delegation("t1", "ghost", "d", "p", "failed", message)]


def test_resolved_name_from_task_started_and_tool_result() -> None:
    # The CLI matches subagent_type case/dash-insensitively; task_started / agentType say who really ran.
    delegations = track([
        call("t1", subagent_type="TDD_Orchestrator", description="d", prompt="p"),
        TaskStarted("task1", "t1", "tdd-orchestrator", "d", "p"),
        call("t2", subagent_type="code-reviewer", description="d2", prompt="p2"),
        outcome("t2", agent="code-reviewer"),
        outcome("t1", agent="tdd-orchestrator"),
    ])
    assert [(d.tool_use_id, d.agent, d.status) for d in delegations] == [
        ("t1", "tdd-orchestrator", "completed"),
        ("t2", "code-reviewer", "completed"),
    ]


def test_old_task_tool_and_nested_delegations_count() -> None:
    delegations = track([
        call("outer", name="Task", subagent_type="planner", description="plan", prompt="p"),
        call("inner", parent="outer", subagent_type="Explore", description="look", prompt="q"),
        ToolResult("inner", "found", False, "outer", "Explore", "completed"),
        outcome("outer"),
    ])
    assert [(d.tool_use_id, d.agent, d.status) for d in delegations] == [
        ("outer", "planner", "completed"),
        ("inner", "Explore", "completed"),
    ]


def test_background_agent_completes_on_its_notification() -> None:
    tracker = DelegationTracker()
    tracker.feed(call("bg", subagent_type="tester", description="d", prompt="p", run_in_background="true"))
    tracker.feed(outcome("bg", "Async agent launched", status="async_launched"))
    assert tracker.delegations[0].status == "running"
    tracker.feed(TaskNotification("task9", "bg", "failed", "tests crashed"))
    assert tracker.delegations[0] == Delegation("bg", "tester", "d", "p", "failed", "tests crashed")


def test_other_tools_and_unmatched_ids_are_ignored() -> None:
    delegations = track([
        call("b1", name="Bash", command="ls"),
        outcome("b1"),
        TaskStarted("x", "nobody", "ghost", None, None),
        outcome("nobody", is_error=True),
        call("", description="no id"),
        ToolUse("t1", "Agent", {"subagent_type": 3, "description": None}, None),  # junk input types
    ])
    assert delegations == [Delegation("t1", "general-purpose", "", "", "running", None)]


# --- attribution ---------------------------------------------------------------------------------


TASK_LIST = parse_tasks(
    "## Models\n- [x] 1.1 User model\n- [x] 1.2 Order model\n"
    "## HTTP API\n- [x] 2.1 REST endpoints\n## Docs\n- [x] 3.1 README\n## Later\n- [x] 11.2 Far away\n"
)
TASKS = list(TASK_LIST.tasks)


def ids_in(text: str) -> list[str]:
    return mentioned_task_ids(text, TASK_LIST)


def d(agent: str, description: str, prompt: str = "", status: str = "completed") -> Delegation:
    return Delegation(f"toolu_{agent}_{description}", agent, description, prompt, status)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("delegations", "expected"),
    [
        pytest.param([], {"1.1": "direct", "1.2": "direct", "2.1": "direct", "3.1": "direct"}, id="no-delegation"),
        pytest.param(
            [d("tdd", "Implement task 1.1"), d("api-dev", "Tasks 2.1")],
            {"1.1": "tdd", "1.2": "direct", "2.1": "api-dev", "3.1": "direct"},
            id="by-id-in-description",
        ),
        pytest.param(
            [d("tdd", "Implement", "Do tasks 1.1 and 1.2 with TDD")],
            {"1.1": "tdd", "1.2": "tdd", "2.1": "direct", "3.1": "direct"},
            id="by-id-in-prompt",
        ),
        pytest.param(
            [d("ghost", "Task 1.1", status="failed"), d("tdd", "Task 1.1 again")],
            {"1.1": "tdd", "1.2": "direct", "2.1": "direct", "3.1": "direct"},
            id="failed-delegation-ignored",
        ),
        pytest.param(
            [d("ghost", "Task 1.1", status="failed")],
            {"1.1": "direct", "1.2": "direct", "2.1": "direct", "3.1": "direct"},
            id="only-failed-means-direct",
        ),
        pytest.param(
            [d("context", "Refactor", "Task 2.1 needs 1.1 first"), d("tdd", "Task 1.1")],
            {"1.1": "tdd", "1.2": "direct", "2.1": "context", "3.1": "direct"},
            id="description-beats-prompt",
        ),
        pytest.param(
            [d("first", "Task 1.1"), d("second", "Task 1.1 polish")],
            {"1.1": "first", "1.2": "direct", "2.1": "direct", "3.1": "direct"},
            id="first-call-wins",
        ),
        pytest.param(
            [d("tdd", "Implement the models group"), d("api-dev", "HTTP-API work")],
            {"1.1": "tdd", "1.2": "tdd", "2.1": "api-dev", "3.1": "direct"},
            id="group-heading-fallback",
        ),
        pytest.param(
            [d("tdd", "Models: task 1.1")],
            {"1.1": "tdd", "1.2": "direct", "2.1": "direct", "3.1": "direct"},
            id="no-group-fallback-when-ids-are-named",
        ),
        pytest.param(
            [d("tdd", "Implement modelsX"), d("doc", "Documentation")],
            {"1.1": "direct", "1.2": "direct", "2.1": "direct", "3.1": "direct"},
            id="group-heading-whole-words-only",
        ),
        pytest.param(
            [d("bg", "Task 3.1", status="running")],
            {"1.1": "direct", "1.2": "direct", "2.1": "direct", "3.1": "bg"},
            id="unsettled-delegation-counts",
        ),
    ],
)
def test_attribute(delegations: list[Delegation], expected: dict[str, str]) -> None:
    outcomes = attribute(TASKS[:4], delegations, ids_in)
    assert {o.id: o.handled_by for o in outcomes} == expected


def test_attribute_keeps_task_order_and_fields_and_only_completed_tasks_given() -> None:
    outcomes = attribute([TASKS[4], TASKS[0]], [d("tdd", "Task 1.1 and 11.2")], ids_in)
    assert outcomes == [
        TaskOutcome("11.2", "Far away", "Later", "tdd"),
        TaskOutcome("1.1", "User model", "Models", "tdd"),
    ]


def test_id_matcher_is_whole_token() -> None:
    assert ids_in("tasks 1.1 and 11.2") == ["1.1", "11.2"]
    assert ids_in("task 11.2") == ["11.2"]
    assert ids_in("v1.1.3") == []
