"""Benchmark: what verification costs ralphy itself per iteration, beyond the check command's own time.

    .venv/bin/python benchmarks/bench_verify.py [--repeat 30] [--tool-calls 400]

Per iteration, verification adds to the loop: running the check through ``ralphy.verify.run_check`` instead of
a bare ``subprocess.run`` of the same command (process group, output pump, bounded log, tail), recording it
(``Store.add_verification``, one committed transaction), the evidence per delegation (``DelegationTracker``
following every file edit, Bash call and usage event, ``cost_shares``, the project-relative file list), and
the second working-tree fingerprint (``worktree.fingerprints`` instead of ``fingerprint``). Each is timed
against its baseline in the same run, on the same inputs; the goal is under 20 ms per iteration in total.

The baseline check is ``true`` run by ``/bin/sh`` (a check's own cost is the project's business). The event
stream is synthetic but shaped like the CLI's: one delegation making ``--tool-calls`` Write/Edit/Bash calls
with their results, task_progress events, a task_notification and a result with modelUsage.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ralphy import worktree  # noqa: E402
from ralphy.claude.delegation import DelegationTracker, cost_shares  # noqa: E402
from ralphy.claude.events import parse_line  # noqa: E402
from ralphy.loop import _WorkFiles  # noqa: E402
from ralphy.store import Store  # noqa: E402
from ralphy.testing import init_git_project  # noqa: E402
from ralphy.verify import failure_instruction, run_check  # noqa: E402


def stream(project: Path, calls: int) -> list[str]:
    """Stream-json lines of one iteration: an Agent call whose subagent makes ``calls`` tool calls."""
    import json

    lines = [json.dumps({"type": "assistant", "parent_tool_use_id": None, "message": {"id": "m0", "content": [
        {"type": "tool_use", "id": "toolu_agent", "name": "Agent",
         "input": {"subagent_type": "builder", "description": "Tasks 1.1, 1.2: Models", "prompt": "do it"}}]}})]
    for i in range(calls):
        name = ("Write", "Edit", "Bash")[i % 3]
        data = {"command": f"pytest -q tests/test_{i}.py"} if name == "Bash" else {
            "file_path": str(project / "src" / f"m{i % 40}.py"), "content": "x = 1\n", "old_string": "a",
            "new_string": "b"}
        lines.append(json.dumps({"type": "assistant", "parent_tool_use_id": "toolu_agent", "message": {
            "id": f"m{i + 1}", "content": [{"type": "tool_use", "id": f"toolu_{i}", "name": name, "input": data}]}}))
        lines.append(json.dumps({"type": "user", "parent_tool_use_id": "toolu_agent", "message": {"content": [
            {"type": "tool_result", "tool_use_id": f"toolu_{i}", "content": "ok", "is_error": i % 17 == 0}]}}))
        if i % 25 == 0:
            lines.append(json.dumps({"type": "system", "subtype": "task_progress", "tool_use_id": "toolu_agent",
                                     "usage": {"total_tokens": 1000 + i, "tool_uses": i, "duration_ms": 10 * i}}))
    lines.append(json.dumps({"type": "system", "subtype": "task_notification", "tool_use_id": "toolu_agent",
                             "status": "completed", "usage": {"total_tokens": 41230, "tool_uses": calls,
                                                              "duration_ms": 38120}}))
    lines.append(json.dumps({"type": "user", "parent_tool_use_id": None, "message": {"content": [
        {"type": "tool_result", "tool_use_id": "toolu_agent", "content": "done"}]},
        "tool_use_result": {"status": "completed", "agentType": "builder", "totalTokens": 41230}}))
    lines.append(json.dumps({"type": "result", "subtype": "success", "modelUsage": {"m": {
        "inputTokens": 50000, "outputTokens": 9000, "cacheReadInputTokens": 0, "cacheCreationInputTokens": 0}}}))
    return lines


class NoEvidence(DelegationTracker):
    """The tracker as it was before evidence: delegations and their status only."""

    def _evidence_call(self, event) -> None:
        pass

    def _evidence_result(self, event) -> None:
        pass

    def _with_evidence(self, delegation):
        return delegation


def timed(fn, repeat: int) -> float:
    """Median seconds of ``fn()`` over ``repeat`` runs (after one warm-up)."""
    fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--tool-calls", type=int, default=400)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = init_git_project(Path(tmp) / "project")
        (project / "src").mkdir()
        for i in range(40):
            (project / "src" / f"m{i}.py").write_text(f"x = {i}\n")
        (project / "TASKS.md").write_text("## Models\n- [x] 1.1 A\n- [x] 1.2 B\n")
        log = project / ".ralphy" / "transcripts" / "check.log"
        events = [event for line in stream(project, args.tool_calls) for event in parse_line(line)]
        final = events[-1]

        raw = timed(lambda: subprocess.run(["/bin/sh", "-c", "true"], capture_output=True), args.repeat)
        check = timed(lambda: run_check("true", project, timeout=60, output_path=log), args.repeat)

        with Store.open(project) as store:
            run = store.start_run(config_json="{}", argv=[])
            it = store.start_iteration(run, 1, prompt_chars=1)
            verification = run_check("false", project, timeout=60, output_path=log)
            record = timed(lambda: store.add_verification(
                run, it, command=verification.command, exit_code=verification.exit_code, passed=False,
                duration_s=verification.duration_s, output_tail=verification.output_tail,
                output_path=verification.output_path), args.repeat)

        def track(cls) -> None:
            tracker = cls()
            for event in events:
                tracker.feed(event)
            delegations = tracker.delegations
            if cls is DelegationTracker:
                cost_shares(delegations, final.model_usage)
                files = _WorkFiles(project, project / "TASKS.md")
                [files(d.files_changed) for d in delegations]
                failure_instruction(verification, ["1.1", "1.2"])

        plain = timed(lambda: track(NoEvidence), args.repeat)
        evidence = timed(lambda: track(DelegationTracker), args.repeat)
        one = timed(lambda: worktree.fingerprint(project), args.repeat)
        two = timed(lambda: worktree.fingerprints(project, "TASKS.md"), args.repeat)

    parts = [
        ("run_check vs bare subprocess.run of the same command", check, raw),
        ("recording the check (Store.add_verification)", record, 0.0),
        (f"evidence over {len(events)} events ({args.tool_calls} tool calls)", evidence, plain),
        ("fingerprints (with and without TASKS.md) vs fingerprint", two, one),
    ]
    total = 0.0
    print(f"python {sys.version.split()[0]}, {args.repeat} runs each, medians")
    for name, ours, base in parts:
        extra = ours - base
        total += extra
        base_text = f", baseline {base * 1000:.2f} ms" if base else ""
        print(f"  {name}: {ours * 1000:.2f} ms{base_text} -> +{extra * 1000:.2f} ms")
    print(f"verification bookkeeping per iteration: {total * 1000:.2f} ms (goal < 20 ms); "
          f"ratio to the bare check run: {(check + record) / raw:.2f}x")


if __name__ == "__main__":
    main()
