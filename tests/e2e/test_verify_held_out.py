"""Verification replayed the way issue 12's held-out check would, with shapes our other tests do not use: a
spec-kit task file ticked by a model that builds nothing, a Kiro task file whose two groups go to two agents of which
one ticks its task without the work (a shell check of `test && python`), a check that passes only after the second
iteration, and checks that flood their output or leave a child holding it open.

The truth, by hand, before each run: what the scripted model writes (DevScenario: one ``src/t<id>_*.py`` per task it
really does, nothing when ``ticks_only``) and what each check below says about that.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI
from ralphy.testing.scenario import Request
from tests.e2e.scripted import handled_by, ralphy, scripted_project, summary
from tests.processes import gone_within
from tests.report.page import rows

pytestmark = pytest.mark.e2e

PYTHON = shlex.quote(sys.executable)
# every task of the spec-kit file that is ticked has its source file (src/t<id lowercased>_*.py)
SPEC_CHECK = """\
import pathlib, re, sys
ticked = re.findall(r"^- \\[[xX]\\] (T\\d+) ", pathlib.Path("specs/001-greet/tasks.md").read_text(), re.M)
missing = [t for t in ticked if not list(pathlib.Path("src").glob("t" + t.lower() + "_*.py"))]
print("missing code for " + ", ".join(missing) if missing else "ok")
sys.exit(1 if missing else 0)
"""
SPEC_TASKS = """\
# Tasks: Greeting service

**Input**: Design documents from `/specs/001-greet/`

## Phase 1: Setup

- [ ] T001 Create project structure per implementation plan
- [ ] T002 [P] Configure linting and formatting tools

## Phase 2: User Story 1 - Greet a user (Priority: P1)

- [ ] T003 [P] [US1] Implement greet() in src/greet.py
"""


def test_a_model_that_ticks_a_spec_kit_file_and_builds_nothing_is_caught(tmp_path, claude_home, claude_bin):
    project = scripted_project(tmp_path / "project", agents=False, tasks="# Tasks\n\nSee specs/.\n",
                               files={"check.py": SPEC_CHECK})
    (project / "specs" / "001-greet").mkdir(parents=True)
    (project / "specs" / "001-greet" / "tasks.md").write_text(SPEC_TASKS)
    with FakeMessagesAPI(DevScenario({}, ticks_only=True, tasks_file="specs/001-greet/tasks.md")) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--verify-command",
                      f"{PYTHON} check.py", extra_env={"RALPHY_TASKS_FILE": "specs/001-greet/tasks.md",
                                                      "RALPHY_VERIFY_FAILURES_OPEN": "2"})
    data = summary(proc)
    assert proc.returncode == 3 and data["status"] == "circuit_open", proc.stderr[-2000:]
    assert "- [ ]" not in (project / "specs" / "001-greet" / "tasks.md").read_text()  # all ticked...
    assert not (project / "src").exists()  # ...nothing built
    first = data["iterations"][0]
    assert {t["id"]: (t["verified"], t["claimed_without_changes"]) for t in first["tasks_completed"]} == {
        "T001": (False, True), "T002": (False, True), "T003": (False, True)}
    assert first["verification"]["output_tail"] == "missing code for T001, T002, T003"
    assert data["verification"]["passed"] is False and data["tasks"] == {"completed": 3, "total": 3}
    assert "3/3 tasks ticked (the last check failed)" in proc.stderr


KIRO_FILE = ".kiro/specs/greeter/tasks.md"
KIRO = """\
# Implementation Plan

- [ ] 1. Data models
  - [ ] 1.1 Create the Greeting model
    - Fields: name and text
    - _Requirements: 1.1_
  - [ ] 1.2 Validate an empty name
    - _Requirements: 1.2_

- [ ] 2. HTTP API
  - [ ] 2.1 Add the greet endpoint
    - _Requirements: 2.1, 2.2_
"""
KIRO_CHECK = """\
import pathlib, re, sys
text = pathlib.Path(".kiro/specs/greeter/tasks.md").read_text()
ticked = re.findall(r"^\\s+- \\[[xX]\\] (\\d+\\.\\d+) ", text, re.M)
missing = [t for t in ticked if not list(pathlib.Path("src").glob("t" + t.replace(".", "_") + "_*.py"))]
print("no code for " + ", ".join(missing) if missing else str(len(ticked)) + " ticked, all built")
sys.exit(1 if missing else 0)
"""
MODELS_BODY = "You write the data models of the project."
API_BODY = "You write the HTTP endpoints of the project."
AGENTS = {
    "model-builder": f"---\nname: model-builder\ndescription: Writes data models. Use for model tasks.\n"
                     f"tools: Read, Write, Edit, Bash\n---\n{MODELS_BODY}\n",
    "api-builder": f"---\nname: api-builder\ndescription: Writes HTTP endpoints. Use for API tasks.\n"
                   f"tools: Read, Write, Edit, Bash\n---\n{API_BODY}\n",
}
BODIES = {"model-builder": MODELS_BODY, "api-builder": API_BODY}
DELEGATE = {"Data models": "model-builder", "HTTP API": "api-builder"}


def kiro_project(tmp_path):
    project = scripted_project(tmp_path / "project", agents=False, tasks="# Tasks\n\nSee .kiro/specs.\n",
                               files={"check.py": KIRO_CHECK})
    (project / ".kiro" / "specs" / "greeter").mkdir(parents=True)
    (project / KIRO_FILE).write_text(KIRO)
    (project / ".claude" / "agents").mkdir(parents=True)
    for name, body in AGENTS.items():
        (project / ".claude" / "agents" / f"{name}.md").write_text(body)
    return project


def main_prompts(api: FakeMessagesAPI) -> list[str]:
    """The dev prompt of each CLI run, in order (the main agent's first request of each)."""
    requests = [Request(body) for body in api.requests]
    return [r.first_user_text for r in requests
            if r.is_main and r.assistant_turns == 0 and r.first_user_text.startswith("# Development")]


def test_two_agents_one_ticking_its_kiro_task_without_the_work(tmp_path, claude_home, claude_bin):
    """model-builder writes 1.1 and 1.2 and ticks them; api-builder ticks 2.1 and writes nothing (in the background,
    side by side, from 2.1.198). The check names 2.1; every task of the iteration is unverified (the check is per
    iteration), each credited to its own agent, each delegation with its own files; the next prompt is told."""
    project = kiro_project(tmp_path)
    honest = DevScenario(DELEGATE, tasks_file=KIRO_FILE)
    lazy = DevScenario({}, ticks_only=True, tasks_file=KIRO_FILE)

    def model(request):
        if request.agent_name == "api-builder":
            return lazy(request)
        return honest(request)

    with FakeMessagesAPI(model, agent_bodies=BODIES) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--verify-command",
                      f"test -f {KIRO_FILE} && {PYTHON} check.py",
                      extra_env={"RALPHY_TASKS_FILE": KIRO_FILE, "RALPHY_VERIFY_FAILURES_OPEN": "2"}, timeout=300)
        prompts = main_prompts(api)
    data = summary(proc)
    assert proc.returncode == 3 and data["status"] == "circuit_open", proc.stderr[-2000:]
    first = data["iterations"][0]
    assert {t["id"]: (t["verified"], t["claimed_without_changes"]) for t in first["tasks_completed"]} == {
        "1.1": (False, False), "1.2": (False, False), "2.1": (False, False)}
    assert handled_by(data) == {"1.1": "model-builder", "1.2": "model-builder", "2.1": "api-builder"}
    assert first["verification"]["output_tail"].strip() == "no code for 2.1"
    dels = {d["agent"]: d for d in first["delegations"]}
    assert sorted(dels["model-builder"]["files_changed"]) == [
        "src/t1_1_create_the_greeting_model.py", "src/t1_2_validate_an_empty_name.py"]
    assert dels["api-builder"]["files_changed"] == []  # the tasks file is no evidence (docs/decisions.md)
    assert len(prompts) >= 2 and "no code for 2.1" in prompts[1] and "exited with code 1" in prompts[1]


CHECK_ALL = """\
import pathlib, sys
made = sorted(p.name for p in pathlib.Path("src").glob("t*.py")) if pathlib.Path("src").is_dir() else []
print(f"{len(made)} of 3 task files")
sys.exit(0 if len(made) == 3 else 1)
"""


def test_a_check_that_passes_only_after_the_second_iteration(tmp_path, claude_home, claude_bin, claude_version):
    """One group per iteration, honest work, a check that wants all three tasks' files: it fails after iteration 1
    (two of three) and passes after iteration 2. The run completes; per iteration the history keeps what each
    check said, and the run's summary and report say the first group was verified by the later check."""
    from ralphy.claude.version import FIRST_AGENT_TOOL

    project = scripted_project(tmp_path / "project", files={"check.py": CHECK_ALL})
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"}, max_groups_per_run=1)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--verify-command",
                      f"{PYTHON} check.py")
    data = summary(proc)
    assert proc.returncode == 0 and data["status"] == "completed", proc.stderr[-2000:]
    first, second = data["iterations"]
    assert [(t["id"], t["verified"]) for t in first["tasks_completed"]] == [("1.1", False), ("1.2", False)]
    assert first["verification"]["output_tail"] == "2 of 3 task files"
    assert [(t["id"], t["verified"]) for t in second["tasks_completed"]] == [("2.1", True)]
    assert second["verification"]["passed"] is True and data["verification"]["passed"] is True
    closing = proc.stderr[proc.stderr.index("Completed this run, by task group:"):]
    who = "delegated to tdd-orchestrator" if claude_version is None or claude_version >= FIRST_AGENT_TOOL else ""
    core = next(line for line in closing.splitlines() if line.startswith("  Core library: "))
    assert who in core and "— verified after iteration 2 (failed after iteration 1)" in core, core
    assert "check failed" not in closing
    assert "  Documentation: done directly (2.1) — verified" in closing
    html = subprocess.run([sys.executable, "-m", "ralphy", "report", str(project), "-o", "-"], capture_output=True,
                          text=True, timeout=60).stdout
    groups = {row[0]: row[3] for row in rows(html, "group")}
    assert groups == {"Core library": "verified after iteration 2 the check after iteration 1 failed",
                      "Documentation": "verified"}, groups


def test_a_check_that_floods_its_output_and_leaves_a_child_holding_it(tmp_path, claude_home, claude_bin):
    """3.9 MB of output, an escape sequence and a bell, a child left running with the pipe open, exit 2: the log
    keeps 1 MiB and says it was cut, the tail is bounded and printable, the run is not held up by the child, and
    the next prompt carries the tail (not megabytes)."""
    project = scripted_project(tmp_path / "project", agents=False, tasks="## Core\n- [ ] 1.1 Add a greet function\n")
    flood = (f"{PYTHON} -c 'import sys; sys.stdout.write((\"x\" * 99 + \"\\n\") * 40000)'; "
             "sleep 300 & echo \"$!\" > child.pid; printf '\\033[31mFAILED: boom\\007\\n'; exit 2")
    with FakeMessagesAPI(DevScenario({}, ticks_only=True)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "2",
                      "--verify-command", flood)
        prompts = [body for body in api.requests if body.get("tools")]
    data = summary(proc)
    assert proc.returncode == 3, proc.stderr[-2000:]
    check = data["iterations"][0]["verification"]
    assert (check["exit_code"], check["passed"], check["timed_out"]) == (2, False, False)
    assert check["duration_s"] < 30  # the child's 300 s did not hold the check up
    assert len(check["output_tail"]) <= 2000 and check["output_tail"].endswith("x\n?[31mFAILED: boom?")
    log = Path(check["output_path"]).read_bytes()
    assert len(log) < 1024 * 1024 + 100 and log.endswith(b"\n[ralphy: output cut at 1048576 bytes]\n")
    told = json.dumps(prompts[-1])
    assert "FAILED: boom" in told and "exited with code 2" in told and len(told) < 200_000
    child = int((project / "child.pid").read_text())

    assert gone_within(child), "the check's child outlived its check"
