"""Evidence per delegation, on a real 2.1.197 transcript (tests/data/transcripts/evidence/run-2.1.197.jsonl, made
by make_run.py beside it). The expected values below were read by hand from the transcript's lines:

- line 1: the main agent's Agent call toolu_760e2eaf2e4874a447b9bb6f (builder, "Build the models");
- lines 5-9: the subagent's two Writes (src/models.py, tests/test_models.py), both "File created successfully";
- lines 11-12: its Edit of src/missing.py, rejected: "File does not exist." (is_error true);
- lines 14-15: its Edit of TASKS.md ticking 1.1, rejected: "File has not been read yet." (is_error true);
- lines 17-18: its Bash call `ls src tests`;
- line 20: task_notification usage {"total_tokens": 1185, "tool_uses": 5, "duration_ms": 809};
- lines 22-27: the main agent reads TASKS.md, ticks 1.1 (accepted) and writes docs/usage.md;
- line 29: modelUsage, one model: 20580 input + 228 output tokens.
"""

from __future__ import annotations

from pathlib import Path

from ralphy.claude.delegation import DelegationTracker, cost_shares
from ralphy.claude.events import ResultEvent, parse_line
from ralphy.claude.task_edits import TasksFileEdits
from tests.conftest import TRANSCRIPTS

ROOT = "/tmp/evgen/work/project/"  # the project the transcript was made in
AGENT_CALL = "toolu_760e2eaf2e4874a447b9bb6f"


def events(lines: int | None = None):
    """The events of the transcript's first ``lines`` lines (all when None)."""
    text = (TRANSCRIPTS / "evidence" / "run-2.1.197.jsonl").read_text(encoding="utf-8").splitlines()[:lines]
    return [event for line in text for event in parse_line(line)]


def test_files_commands_and_usage_of_the_delegation():
    tracker = DelegationTracker()
    for event in events():
        tracker.feed(event)
    (delegation,) = tracker.delegations
    assert (delegation.tool_use_id, delegation.agent, delegation.status) == (AGENT_CALL, "builder", "completed")
    assert delegation.files_changed == (ROOT + "src/models.py", ROOT + "tests/test_models.py")  # rejected: none
    assert delegation.bash_commands == ("ls src tests",)
    assert delegation.usage == {"total_tokens": 1185, "tool_uses": 5, "duration_ms": 809}
    assert (delegation.tokens, delegation.duration_s) == (1185, 0.809)
    assert tracker.direct_files == [ROOT + "TASKS.md", ROOT + "docs/usage.md"]
    result = next(event for event in events() if isinstance(event, ResultEvent))
    assert cost_shares([delegation], result.model_usage) == {AGENT_CALL: round(1185 / (20580 + 228), 4)}


def test_the_subagents_rejected_edit_of_tasks_md_credits_the_main_agent():
    edits = TasksFileEdits(Path(ROOT) / "TASKS.md", Path(ROOT), "## Models\n- [ ] 1.1 User model\n")
    for event in events():
        edits.feed(event)
    assert edits.marked_by == {"1.1": None}  # the main agent's accepted edit (line 24), not the subagent's


def test_without_its_result_an_edit_is_not_evidence():
    """The stream cut before the tool results (an interrupted run): the calls alone prove nothing."""
    tracker = DelegationTracker()
    for event in events(8):  # lines 0-7: up to the second Write, before either result
        tracker.feed(event)
    (delegation,) = tracker.delegations
    assert delegation.files_changed == () and delegation.usage == {"total_tokens": 604, "tool_uses": 2,
                                                                   "duration_ms": 132}  # last task_progress


def test_the_task_is_credited_to_direct_work_not_to_the_subagent_whose_tick_was_rejected():
    from ralphy.claude.delegation import attribute
    from ralphy.tasks import mentioned_task_ids, parse_tasks

    edits = TasksFileEdits(Path(ROOT) / "TASKS.md", Path(ROOT), "## Models\n- [ ] 1.1 User model\n")
    tracker = DelegationTracker()
    for event in events():
        edits.feed(event)
        tracker.feed(event)
    assert edits.rejected_by == {"1.1": {AGENT_CALL}}  # line 15
    after = parse_tasks("## Models\n- [x] 1.1 User model\n")
    ids_in = lambda text: mentioned_task_ids(text, after)  # noqa: E731
    # "Build the models" names the group "Models": without the rejected edit it would be the builder's
    assert [o.handled_by for o in attribute(after.tasks, tracker.delegations, ids_in)] == ["builder"]
    outcomes = attribute(after.tasks, tracker.delegations, ids_in, edits.marked_by, edits.rejected_by)
    assert [(o.id, o.handled_by) for o in outcomes] == [("1.1", "direct")]
