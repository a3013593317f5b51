"""``ralphy dev``: run the Claude CLI iteration after iteration until TASKS.md is done or a stop fires.

One iteration: render the dev prompt afresh (or resume Claude's session with the answer to its question),
run the CLI headless, read its event stream as it arrives, then compare TASKS.md and the working tree with
what they were. Every task that became completed is attributed to the subagent whose delegation named it,
else to "direct". The circuit breaker (``ralphy.breaker``) gets one outcome per iteration; the history goes
to SQLite (``ralphy.store``) as the run goes. The model's own claims are shown, never trusted over the event
stream and TASKS.md.

Verification (``ralphy.verify``; ``ralphy.loop_checks``): after every iteration in which tasks became completed,
ralphy runs ``verify_command`` itself; its result is each new task's ``verified``. A run is ``completed`` only when
every task is ticked *and* a check made after the last iteration passed (it runs once more when none did). A
failed check tells the next iteration what failed and counts towards the breaker's ``verify_failures_open``.

Exit codes (``RunSummary.exit_code``): 0 every task done, 1 error, 3 circuit open, 4 paused for a question,
5 usage limit with ``--no-wait``, 130 interrupted.
"""

from __future__ import annotations

import logging
import subprocess
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Callable, Mapping

from ralphy.breaker import BREAKER_FILE, BUDGET_TRIPS, BreakerSettings, CircuitBreaker, IterationOutcome, State
from ralphy.claude.delegation import DelegationTracker
from ralphy.claude.events import Event, InitEvent
from ralphy.claude.limits import classify_failure, login_hint
from ralphy.claude.command import argv_for, end_group
from ralphy.claude.driver import INITIALIZE_TIMEOUT_S, Session
from ralphy.claude.quota import QuotaGuard
from ralphy.claude.silence import SilenceWatch
from ralphy.claude.task_edits import TasksFileEdits
from ralphy.claude.version import Version, confirm
from ralphy.config import Config
from ralphy.errors import RalphyError, TasksFileError
from ralphy.loop_reports import (  # noqa: F401 (the reports are offered here too: ralphy.output, cli/dev.py, tests)
    EXIT_CIRCUIT_OPEN,
    EXIT_DONE,
    EXIT_ERROR,
    EXIT_INTERRUPTED,
    EXIT_QUESTION,
    EXIT_USAGE_LIMIT,
    TRANSCRIPTS_DIR,
    DelegationReport,
    IterationReport,
    Reporter,
    RunSummary,
    WorkFiles as _WorkFiles,
    attribute_work,
    fill_report,
    record_iteration,
    summary_json,
)
from ralphy.loop_checks import CheckPolicy
from ralphy.loop_failures import Aborted, FailurePolicy, Interrupted, reason_of
from ralphy.loop_resume import (  # noqa: F401
    AUTO_REPLY,
    MAX_AUTO_REPLIES,
    QuestionPolicy,
    Resume as _Resume,
    answer_message as _answer_message,
    resume_instruction_from_history,
    resume_text as _resume_text,
)
from ralphy.loop_start import keep_out_of_git, prune_transcripts
from ralphy.runlock import RunLock, end_orphaned_cli, forget_cli, record_cli
from ralphy.store import Store
from ralphy.tasks import NO_TASKS, TaskList, load_tasks
from ralphy import __version__, worktree
from ralphy.verify import off_notice, resolve_command

logger = logging.getLogger(__name__)

AUTH_ENV = ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN")  # credentials the CLI reads
FAILED_KINDS = {"timeout", "crashed", "max_turns", "rate_limited", "overloaded", "server_error", "error"}


@dataclass
class LoopOptions:
    project_dir: Path
    config: Config
    claude_bin: str
    env: Mapping[str, str]
    reporter: Reporter
    on_question: str = "pause"  # ask | pause | auto
    ask: Callable[[str], str | None] | None = None  # asks the person; None = no answer in time
    no_wait: bool = False
    argv: tuple[str, ...] = ()
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.time
    # The CLI already started (argv, process) so it boots while ralphy starts; used by the first iteration if
    # that runs exactly this argv, ended otherwise.
    prestarted: "tuple[list[str], subprocess.Popen[bytes]] | None" = None
    claude_version: "Version | None" = None  # of claude_bin (ralphy.claude.version); None: unknown, the newest assumed


class DevLoop(QuestionPolicy, CheckPolicy, FailurePolicy):
    def __init__(self, options: LoopOptions):
        self.o = options
        self.project = options.project_dir
        self.config = options.config
        self.tasks_path = self.project / self.config.tasks_file
        self.breaker_path = self.project / BREAKER_FILE
        self.summary = RunSummary(status="error", reason="", exit_code=EXIT_ERROR)
        self.failures_in_a_row = 0
        self.resume_instruction = ""
        self.resume: _Resume | None = None
        self.verify_command = resolve_command(self.config)
        self.check_is_fresh = False  # a check ran after the latest iteration (or, with none yet, in this run)
        self.last_iteration: tuple[int, IterationReport] | None = None  # (its id in the store, its report)
        self.cli_version_seen: str | None = None  # as the CLI's init event says; recorded with the run
        self.quota = QuotaGuard(self.config.stop_at_usage)  # --stop-at-usage: a window's use reached the limit
        self._differences_noted: set[str] = set()

    # ------------------------------------------------------------------------------------------ the run

    def run(self) -> RunSummary:
        task_list = load_tasks(self.tasks_path, root=self.project)
        from ralphy.agents.dev_agent import DevAgent

        self.dev_agent = DevAgent(self.project, self.config, claude_version=self.o.claude_version)
        self.dev_agent.defer_term_cache = True  # the terms cache is written after the turn, not before the prompt
        keep_out_of_git(self.project / ".ralphy")
        self.breaker = CircuitBreaker.load(self.breaker_path, BreakerSettings.from_config(self.config), self.o.clock)
        if task_list.tasks and not task_list.all_completed:
            if (root := worktree.git_root(self.project)) is None:  # once, go on
                logger.warning("%s", worktree.OUTSIDE_GIT_WARNING.format(project=self.project))
            elif (why := worktree.git_unsafe(self.project, root)) is not None:
                # the CLI runs git in the project too: each iteration would wait until its timeout (first19)
                from ralphy.termsafe import in_project, shell_word

                raise RalphyError(f"{why}; the Claude CLI runs git in the project too, so every iteration would "
                                  f"hang until its timeout: remove it (`rm {shell_word(why.path)}`), then run "
                                  f"`{in_project('ralphy dev', self.project)}` again")
        with RunLock(self.project), Store.open(self.project) as store:
            orphan = end_orphaned_cli(self.project, claude_bin=self.o.claude_bin)
            if orphan is not None:
                self.o.reporter.note(f"ended the Claude CLI (pid {orphan}) a killed ralphy had left running")
            self.store = store
            self.run_id = store.start_run(config_json=asdict(self.config), argv=list(self.o.argv),
                                          ralphy_version=__version__)
            prune_transcripts(self.project / TRANSCRIPTS_DIR, self.run_id, self.config.transcript_keep_runs)
            self.summary.run_id = self.run_id
            try:
                self._loop(task_list)
            except (Interrupted, KeyboardInterrupt):
                from ralphy.termsafe import in_project

                self._stop("interrupted", f"interrupted by a signal; state saved, run `{in_project('ralphy dev', self.project)}` "
                           "to continue", EXIT_INTERRUPTED)
            except Aborted as exc:
                self._stop("error", exc.reason, EXIT_ERROR)
            except RalphyError as exc:  # between iterations (e.g. TASKS.md became unreadable): the run's reason
                self._stop("error", str(exc), EXIT_ERROR)
            finally:
                self._take_prestarted(None)  # not used (nothing to do, or resumed a session): end it
                self.breaker.save(self.breaker_path)
                counts = self._tasks_or(task_list).counts()
                store.finish_run(
                    self.run_id, status=self.summary.status, reason=self.summary.reason,
                    exit_code=self.summary.exit_code, tasks_done=counts["completed"], tasks_total=counts["total"],
                    claude_version=self.cli_version_seen or (str(self.o.claude_version) if self.o.claude_version else None),
                )
        final = self._tasks_or(task_list)
        counts = final.counts()
        self.summary.tasks_done, self.summary.tasks_total = counts["completed"], counts["total"]
        self.o.reporter.run_finished(self.summary, final)
        return self.summary

    def _loop(self, task_list: TaskList) -> None:
        if self.breaker.start_run() is State.OPEN:  # a new run lifts a used-up budget, nothing else
            return self._stop("circuit_open", self._open_reason(), EXIT_CIRCUIT_OPEN)
        self.resume_instruction = resume_instruction_from_history(self.store, self.run_id)
        if not self._take_answered_question() and self._pending_question_blocks():
            return
        n = 0
        while True:
            if n:  # read again: the user may have edited it since the last iteration's reading (while a check ran)
                task_list = self._tasks_or(task_list)
            if task_list.all_completed and self.resume is None and self._completion_checked():
                count = len(task_list.tasks)
                every = (f"the 1 task in {self.config.tasks_file} is completed" if count == 1
                         else f"all {count} tasks in {self.config.tasks_file} are completed")
                return self._stop("completed", every
                                  + (f" and `{self.verify_command}` passed" if self.verify_command else ""), EXIT_DONE)
            if not task_list.tasks:
                return self._stop("error", f"{self.tasks_path}: {NO_TASKS}", EXIT_ERROR)
            if self.quota.reached is not None:  # --stop-at-usage: no new iteration on a nearly used-up window
                return self._stop("usage_limit", f"stopped at --stop-at-usage: {self.quota.reached.describe()}. "
                                  "Run `ralphy dev` again then", EXIT_USAGE_LIMIT)
            if self.breaker.check_budgets() is State.OPEN:  # OPEN after the last iteration, or a budget now used
                return self._stop("circuit_open", self._open_reason(), EXIT_CIRCUIT_OPEN)
            if n == 0 and self.verify_command is None and self.config.verify_command is None:
                # once, before work that goes unchecked ("" is off on purpose)
                self.o.reporter.note(off_notice(self.config.tasks_file, self.config.test_command))
            n += 1
            report, task_list, stop = self._iteration(n, task_list)
            self.summary.iterations.append(report)
            if stop:
                return

    def _take_prestarted(self, argv: list[str] | None) -> "subprocess.Popen[bytes] | None":
        """The CLI ``ralphy dev`` started early with ``argv``, if it was started with exactly these; any other
        pre-started CLI is ended."""
        prestarted, self.o.prestarted = self.o.prestarted, None
        if prestarted is None:
            return None
        started_argv, process = prestarted
        if started_argv == argv:
            return process
        end_group(process, 1.0)
        return None

    def _stop(self, status: str, reason: str, exit_code: int) -> None:
        self.summary.status, self.summary.reason, self.summary.exit_code = status, reason, exit_code

    def _open_reason(self) -> str:
        from ralphy.termsafe import in_project

        if self.breaker.trip in BUDGET_TRIPS:
            how = f"run `{in_project('ralphy dev', self.project)}` again for a new budget"
        else:
            how = f"fix the cause, then run `{in_project('ralphy reset', self.project)}`"
        return f"circuit breaker open: {self.breaker.reason}; {how}"

    # ------------------------------------------------------------------------------------ one iteration

    def _iteration(self, n: int, before: TaskList) -> tuple[IterationReport, TaskList, bool]:
        resume, self.resume = self.resume, None
        report = IterationReport(n=n)
        self.check_is_fresh = False
        tree_before = worktree.fingerprints(self.project, self.config.tasks_file)
        tracker = DelegationTracker()
        edits = TasksFileEdits(self.tasks_path, self.project, before.text)

        live = self._live_questions(before, lambda: iteration_id)
        quiet = SilenceWatch(self.dev_agent.claude_version, self.o.reporter.note,  # old CLIs retry in silence
                             after_s=self.config.retry_notice_seconds, timeout_s=self.config.iteration_timeout)

        def on_event(event: Event) -> None:
            quiet.feed(event)
            live.feed(event)
            if isinstance(event, InitEvent) and event.version:  # the running CLI's own word on its version
                self.dev_agent.claude_version = confirm(self.o.claude_bin, self.dev_agent.claude_version, event.version)
            tracker.feed(event)
            edits.feed(event)
            self.o.reporter.event(event)
            if (reached := self.quota.feed(event)) is not None:
                self.o.reporter.note(f"{reached.describe()}: ending the turn (--stop-at-usage)")
                session.stop_turn()

        transcript = self.project / TRANSCRIPTS_DIR / f"run{self.run_id}-iteration{n}.jsonl"
        from ralphy.claude.permissions import Policy

        policy = Policy.from_config(self.config.permissions, self.config.allowed_tools, cwd=str(self.project),
                                    ask=self.o.ask, fallback=live.on_request)
        argv = argv_for(self.o.claude_bin, self.config, resume.session_id if resume else None)
        resumed_session = resume.session_id if resume else None
        iteration_id: int | None = None
        try:
            # The CLI boots while ralphy renders; its `initialize` answer says which agents it really loaded.
            session = Session.start(argv, cwd=self.project, env=self.o.env, process=self._take_prestarted(argv),
                                    on_event=on_event, on_request=policy.answer, transcript_path=transcript,
                                    transcript_max_bytes=self.config.transcript_max_bytes)
        except (RalphyError, OSError) as exc:
            iteration_id = self.store.start_iteration(self.run_id, n, prompt_chars=0, resumed_session=resumed_session)
            self._finish_aborted(iteration_id, report, reason_of(exc))
            raise Aborted(reason_of(exc)) from None
        try:
            record_cli(self.project, session.proc.pid, argv)  # so a run after a kill -9 of this one can end it
            info = session.initialize(min(INITIALIZE_TIMEOUT_S, self.config.iteration_timeout))
            if info is None and (refused := session.usage_error()):
                from ralphy.claude.node import node_problem

                self._stop("error", node_problem(argv[0], self.o.env) or (
                    f"the Claude CLI crashed as it started: {refused}" if session.crashed else
                    f"the Claude CLI refused its command line ({' '.join(argv[1:])}): {refused}"), EXIT_ERROR)
                return report, before, True
            if info is not None and info.version:  # 2.1.330+ says its version here
                self.dev_agent.claude_version = confirm(self.o.claude_bin, self.dev_agent.claude_version, info.version)
            if resume:
                prompt = resume.message
            else:
                prompt = self.dev_agent.build_prompt(resume_instruction=self.resume_instruction,
                                                     cli_agents=info.agents if info else None)
                self._note_cli_differences()
            iteration_id = self.store.start_iteration(self.run_id, n, prompt_chars=len(prompt),
                                                      resumed_session=resumed_session)
            for question_id in resume.question_ids if resume else ():
                self.store.mark_question_delivered(question_id, iteration_id)
            self.o.reporter.iteration_started(n, self.config.max_iterations, resumed=resume is not None)
            with quiet.watching():
                result = session.run_turn(prompt, timeout=self.config.iteration_timeout)
            self.dev_agent.write_term_cache()
        except (Interrupted, KeyboardInterrupt):
            session.cancel()
            session.close()
            if iteration_id is not None:
                self._finish_interrupted(iteration_id, report, before, tracker, edits, transcript,
                                         session.result().result)
            raise Interrupted from None
        except (RalphyError, OSError) as exc:
            session.close()
            if iteration_id is None:
                raise  # the prompt could not be built (a template error...): said as it is, no iteration ran
            self._finish_aborted(iteration_id, report, reason_of(exc))
            raise Aborted(reason_of(exc)) from None
        finally:
            session.close()
            forget_cli(self.project)
            if iteration_id is not None and policy.decisions:
                self.store.add_permission_decisions(iteration_id, policy.decisions)

        after = self._tasks_or(before)
        self.cli_version_seen = fill_report(report, result, tracker, edits, before, after, project=self.project,
                                            tasks_path=self.tasks_path) or self.cli_version_seen
        tree_after = worktree.fingerprints(self.project, self.config.tasks_file)
        progress = before.statuses() != after.statuses() or tree_after[0] != tree_before[0]
        kind = classify_failure(result) if live.paused is None else "ok"  # paused on a live question: no failure
        if kind in FAILED_KINDS and session.stop_requested and self.quota.reached is not None:
            kind = "usage_stop"  # ralphy ended the turn itself, before the window is used up: no failure
        if report.tasks_completed and kind not in ("auth", "usage_limit"):
            try:
                self._check_tasks(report, iteration_id, claimed_only=tree_after[1] == tree_before[1])
            except (Interrupted, KeyboardInterrupt):  # during the check (run_check has ended it): record, stop
                self._finish_interrupted(iteration_id, report, before, tracker, edits, transcript)
                raise Interrupted from None
        stop = False
        question_asked = False
        if kind == "auth":
            report.outcome = "auth"
        elif kind == "usage_limit":
            report.outcome = "usage_limit"
        elif kind == "usage_stop":
            report.outcome, report.error = "usage_limit", f"stopped at --stop-at-usage: {self.quota.reached.describe()}"
        elif kind in FAILED_KINDS:
            report.outcome = "timeout" if kind == "timeout" else "failed"
            report.error = report.error or kind
        elif live.paused is not None:  # an AskUserQuestion recorded while the turn waited; nobody answered it
            report.outcome, report.question, question_asked = "question", live.paused_text, True
            report.is_error, report.error = False, None  # the CLI's "error_during_execution": ralphy ended the turn
        elif not after.all_completed and report.claimed:
            question_asked = self._detect_question(report)

        outcome = IterationOutcome(
            progress=progress,
            failed=report.outcome in ("failed", "timeout"),
            error=report.error if report.outcome in ("failed", "timeout") else None,
            permission_denials=len(result.result.permission_denials) if result.result else 0,
            question=question_asked,
            cost_usd=report.cost_usd,
            usage_limited=report.outcome == "usage_limit",
            verified=report.verification.passed if report.verification else None,
            verify_command=report.verification.command if report.verification else None,
        )
        if kind != "auth":  # refused credentials say nothing about the work: no breaker trip, no `ralphy reset`
            self.breaker.record(outcome)
            if after.all_completed:  # the last task done on the budget's last iteration: no breaker left open
                self.breaker.lift_budget()
            self.breaker.save(self.breaker_path)
        report.breaker_state, report.breaker_reason = self.breaker.state.value, self.breaker.reason
        record_iteration(self.store, iteration_id, report)
        self.last_iteration = (iteration_id, report)
        self.o.reporter.iteration_finished(report, after)

        if kind == "auth":
            has_key = any(self.o.env.get(name) for name in AUTH_ENV)
            self._stop("error", login_hint(report.error or "HTTP 401", has_key), EXIT_ERROR)
            return report, after, True
        if kind == "usage_limit":
            stop = self._wait_for_usage_limit(result)
        elif report.outcome in ("failed", "timeout"):
            self.failures_in_a_row += 1
            self.resume_instruction = _resume_text(report.outcome, report.error)
            if self.breaker.state is not State.OPEN:
                self._backoff()
        else:
            self.failures_in_a_row = 0
            self.resume_instruction = ""
        if report.verification and not report.verification.passed:
            self._correct_course(report.verification, [task.id for task in report.tasks_completed])
        if live.paused is not None:  # recorded while the turn waited: the run stops on it (exit 4)
            self._stop("question", _paused_reason(live, self.project), EXIT_QUESTION)
            self.summary.asked = [*live.paused_text.strip("\n").splitlines()[:40], _how_to_answer(live, self.project)]
            stop = True
        elif question_asked:
            stop = self._handle_question(iteration_id, report, after)
        return report, after, stop

    def _note_cli_differences(self) -> None:
        """Say once per run each way the running CLI's agents differ from ralphy's discovery."""
        for line in self.dev_agent.cli_differences:
            if line not in self._differences_noted:
                self._differences_noted.add(line)
                logger.info("%s", line)
                self.o.reporter.note(line)

    def _tasks_or(self, fallback: TaskList) -> TaskList:
        """TASKS.md as it is now; if Claude broke it (deleted, made unreadable), the last good reading."""
        try:
            return load_tasks(self.tasks_path, root=self.project)
        except TasksFileError as exc:  # warn, and keep going on what we knew
            logger.warning("%s", exc)
            return fallback


def _paused_reason(live, project: Path) -> str:
    """The run's reason when it pauses on a live question: the question (its options are in `ralphy questions`) on
    one line, and how to answer it."""
    asked = " / ".join(line for line in live.paused_text.strip().splitlines() if not line.startswith("  "))
    return f"Claude asked: {asked[:300]} — {_how_to_answer(live, project)}"


def _how_to_answer(live, project: Path) -> str:
    from ralphy.live_questions import how_to_answer
    from ralphy.termsafe import in_project

    paused = live.paused_question
    how = how_to_answer(live.paused, bool(paused and paused.options), bool(paused and paused.multi_select), quote="`",
                        project=project)
    return f"answer with {how}, then run `{in_project('ralphy dev', project)}`"


def dev(options: LoopOptions) -> RunSummary:
    """Run the dev loop with ``options``; see the module docstring."""
    return DevLoop(options).run()


