"""The report of one run as the page shows it: ``RunReport`` and its parts (per task group who did it, per agent
what it did and cost, the iterations, the checks, the questions, the breaker's trips). Built by
``ralphy.report.model`` from the history; every text in it came from the model, TASKS.md or agent files: it is
data, escaped when the page is rendered.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class TaskDone:
    """A task of TASKS.md completed in the run."""

    id: str
    title: str
    group: str
    handled_by: str  # an agent name or "direct"
    iteration: int
    verified: bool | None = None  # ralphy's check after the iteration: passed, failed, none ran
    claimed_without_changes: bool = False  # ticked in an iteration that changed no file but the tasks file
    verified_later: str | None = None  # its check failed, a later one of the run passed: "after iteration 3"


@dataclass(frozen=True)
class Evidence:
    """What the event stream showed a delegation doing (None where the history does not have it)."""

    files: tuple[str, ...] | None = None
    tokens: int | None = None
    seconds: float | None = None
    cost_usd: float | None = None  # its share of the iteration's tokens times the iteration's cost
    tool_uses: int | None = None
    commands: tuple[str, ...] = ()  # the Bash commands it ran

    @property
    def empty(self) -> bool:
        return not self.files and not self.commands and all(
            v is None for v in (self.tokens, self.seconds, self.cost_usd, self.tool_uses))


@dataclass(frozen=True)
class DelegationView:
    iteration: int
    agent: str
    description: str
    task_ids: tuple[str, ...]
    status: str
    error: str | None
    evidence: Evidence


@dataclass
class GroupView:
    """One task group of TASKS.md, as far as the run got with it."""

    name: str
    tasks: list[TaskDone] = field(default_factory=list)
    delegations: list[DelegationView] = field(default_factory=list)
    verified: bool | None = None  # None: no verification recorded
    verified_later: tuple[str, list[int]] | None = None  # verified by a later check: (where, the iterations it failed after)
    file_done: int | None = None  # its tasks completed in the task file as it is now (None: not in the file)
    file_total: int | None = None  # its tasks in the task file as it is now

    @property
    def all_done(self) -> bool:
        """Every task of the group in the task file is completed (as the file is now)."""
        return self.file_total is not None and self.file_done == self.file_total

    @property
    def handled_by(self) -> list[str]:
        """Who completed its tasks, in order of first appearance (agent names and/or "direct")."""
        return list(dict.fromkeys(t.handled_by for t in self.tasks))

    @property
    def task_ids(self) -> list[str]:
        return [t.id for t in self.tasks]


@dataclass
class AgentView:
    """One agent (or "direct", the main agent's own work) over the run."""

    name: str
    delegations: int = 0
    failed: int = 0
    tasks: int = 0
    task_ids: list[str] = field(default_factory=list)
    tokens: int | None = None
    seconds: float | None = None
    cost_usd: float | None = None
    cost_share: float | None = None  # of the run's cost, when the history has cost per delegation


@dataclass(frozen=True)
class Check:
    """ralphy's own run of ``verify_command`` (not what Claude said)."""

    command: str
    passed: bool
    exit_code: int | None
    timed_out: bool
    duration_s: float | None
    output_tail: str | None
    output_cut: int
    output_path: str | None = None  # where all of the output is (relative to the project when inside it)


@dataclass(frozen=True)
class IterationView:
    n: int
    started_at: datetime
    finished_at: datetime | None
    duration_seconds: float | None
    outcome: str | None  # None: not finished (running, or ralphy was killed)
    is_error: bool | None
    error: str | None
    cost_usd: float | None
    num_turns: int | None
    breaker_state: str | None
    breaker_reason: str | None
    resumed_session: str | None
    session_id: str | None
    claim: str | None  # Claude's final text: shown, never trusted
    claim_cut: int  # characters of the claim left out
    tasks: tuple[TaskDone, ...]
    delegations: tuple[DelegationView, ...]
    tasks_done: int  # tasks of TASKS.md done after this iteration (those done before the run included, when known)
    cost_so_far: float
    check: Check | None = None
    cli_version: str | None = None
    answers: tuple[int, ...] = ()  # the questions whose answers this iteration took to Claude

    @property
    def verified(self) -> bool | None:
        return None if self.check is None else self.check.passed

    @property
    def claimed_without_changes(self) -> list[str]:
        return [t.id for t in self.tasks if t.claimed_without_changes]


@dataclass(frozen=True)
class QuestionView:
    id: int
    run_id: int
    iteration: int
    text: str
    asked_at: datetime
    answer: str | None
    answered_at: datetime | None
    answered_by: str | None
    delivered: bool
    header: str | None = None
    options: tuple[str, ...] = ()
    delivered_run: int | None = None  # where the answer reached Claude
    delivered_iteration: int | None = None

    @property
    def pending(self) -> bool:
        return self.answered_at is None


@dataclass(frozen=True)
class Trip:
    """The breaker left "closed" (or opened) after an iteration."""

    iteration: int
    state: str
    reason: str | None


@dataclass(frozen=True)
class RunBrief:
    id: int
    started_at: datetime
    status: str


@dataclass
class RunReport:
    project: str
    run_id: int
    started_at: datetime
    finished_at: datetime | None
    status: str
    reason: str | None
    exit_code: int | None
    duration_seconds: float | None
    cost_usd: float
    turns: int
    tasks_done: int
    tasks_total: int | None
    cli_version: str | None
    ralphy_version: str | None
    argv: list[str]
    iterations: list[IterationView]
    groups: list[GroupView]
    agents: list[AgentView]
    questions: list[QuestionView]
    trips: list[Trip]
    runs: list[RunBrief]
    generated_at: datetime
    check: Check | None = None  # the run's last check: a run is completed only when it passed

    @property
    def running(self) -> bool:
        return self.finished_at is None

    @property
    def delegated_tasks(self) -> int:
        return sum(1 for it in self.iterations for t in it.tasks if t.handled_by != "direct")

    @property
    def pending_questions(self) -> list[QuestionView]:
        return [q for q in self.questions if q.pending]
