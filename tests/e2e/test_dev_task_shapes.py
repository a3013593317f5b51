"""`ralphy dev` end to end on task files written by other tools: a spec-kit tasks.md (ids T001, [X] ticks,
[P]/[US1] markers, a notes checklist) and a Kiro tasks.md (parents with sub-items, an optional item). The real
ralphy drives the real Claude CLI against the scripted model, which reads the tasks the way ralphy does;
attribution must come back with the file's own ids."""

from __future__ import annotations

from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, Request, init_git_project
from tests.e2e.scripted import TDD_AGENT, handled_by, ralphy, summary

pytestmark = pytest.mark.e2e

SPEC_KIT = """\
# Tasks: Greeter

**Input**: Design documents from `/specs/001-greet/`

## Phase 1: Setup
- [X] T001 Create the project layout

## Phase 2: User Story 1 - Greet people (Priority: P1) 🎯 MVP

### Tests for User Story 1
- [ ] T002 [P] [US1] Add a greet function in src/greet.py
- [ ] T003 [US1] Reject an empty name in src/greet.py

## Phase 3: Polish
- [ ] T004 Write the usage section in README.md

## Validation checklist
- [ ] Every task names a file
"""

KIRO = """\
# Implementation Plan

- [ ] 1. Build the greeter
  - [ ] 1.1 Add a greet function
    - Return "Hello, <name>!"
    - _Requirements: 1.1_
  - [ ] 1.2 Reject an empty name
    - _Requirements: 1.2_

- [ ] 2. Document it
  - [ ] 2.1 Write the usage section

- [ ]* 3. Add property-based tests
"""


def make_project(tmp_path: Path, tasks_file: str, text: str) -> Path:
    root = tmp_path / "project"
    (root / ".claude" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents" / "tdd-orchestrator.md").write_text(TDD_AGENT)
    (root / tasks_file).parent.mkdir(parents=True, exist_ok=True)
    (root / tasks_file).write_text(text)
    if tasks_file != "TASKS.md":
        (root / ".ralphy.toml").write_text(f'tasks_file = "{tasks_file}"\n')
    return init_git_project(root)


def completed_in_one_iteration(proc) -> tuple[dict, dict]:
    """`ralphy dev --json`'s object and its one iteration, after checking the run ended completed."""
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert data["status"] == "completed"
    # what each iteration did, so a run that needed two says why (under load: a refused Read, docs/decisions.md r17c)
    said = [{key: it.get(key) for key in ("n", "outcome", "error", "is_error", "num_turns", "duration_s")}
            | {"done": [t["id"] for t in it["tasks_completed"]], "delegations": it["delegations"]}
            for it in data["iterations"]]
    assert len(data["iterations"]) == 1, "\n".join(map(str, said))
    return data, data["iterations"][0]


def test_spec_kit_tasks_md_is_delegated_and_attributed_by_its_t_ids(tmp_path, claude_home, claude_bin):
    tasks_file = "specs/001-greet/tasks.md"
    project = make_project(tmp_path, tasks_file, SPEC_KIT)
    with FakeMessagesAPI(DevScenario({"User Story 1": "tdd-orchestrator"}, tasks_file=tasks_file)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data, first = completed_in_one_iteration(proc)
    assert handled_by(data) == {"T002": "tdd-orchestrator", "T003": "tdd-orchestrator", "T004": "direct"}
    assert [(d["agent"], d["task_ids"], d["status"]) for d in first["delegations"]] == [
        ("tdd-orchestrator", ["T002", "T003"], "completed")
    ]
    after = (project / tasks_file).read_text()
    assert "- [X] T002 [P] [US1]" in after and "- [X] T004" in after  # ticked the file's own way
    assert "- [ ] Every task names a file" in after  # the checklist is notes, not work
    prompts = [Request(body).first_user_text for body in api.requests]
    dev_prompt = next(p for p in prompts if "<tasks>" in p)
    assert '"Tasks T002, T003: Phase 2: User Story 1' in dev_prompt  # the prompt's example uses the file's ids


def test_kiro_tasks_md_is_delegated_and_attributed_by_its_sub_item_ids(tmp_path, claude_home, claude_bin):
    project = make_project(tmp_path, "TASKS.md", KIRO)
    with FakeMessagesAPI(DevScenario({"Build the greeter": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data, first = completed_in_one_iteration(proc)
    assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct", "3": "direct"}
    assert [(d["agent"], d["task_ids"]) for d in first["delegations"]] == [("tdd-orchestrator", ["1.1", "1.2"])]
    after = (project / "TASKS.md").read_text()
    assert "  - [x] 1.1 Add a greet function" in after and "- [x]* 3. Add property-based tests" in after


DONE_LIST = """\
# Fix Plan — greeter

Pick the first item without ✅, do it, then add ✅ at the end of its line.

## 1. Greeter

- 1.1 Create the project layout ✅
- 1.2 Add a greet function in src/greet.py
- 1.3 Reject an empty name in src/greet.py 🚧

## 2. Docs

**2.1** Write the usage section in README.md
"""


def test_a_done_list_without_checkboxes_is_delegated_by_its_ids_and_ticked_with_a_check_mark(
        tmp_path, claude_home, claude_bin):
    project = make_project(tmp_path, "TASKS.md", DONE_LIST)
    with FakeMessagesAPI(DevScenario({"1. Greeter": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data, first = completed_in_one_iteration(proc)
    assert handled_by(data) == {"1.2": "tdd-orchestrator", "1.3": "tdd-orchestrator", "2.1": "direct"}
    assert [(d["agent"], d["task_ids"]) for d in first["delegations"]] == [("tdd-orchestrator", ["1.2", "1.3"])]
    after = (project / "TASKS.md").read_text()
    assert "- 1.2 Add a greet function in src/greet.py ✅" in after
    assert "- 1.3 Reject an empty name in src/greet.py ✅" in after and "🚧" not in after
    assert "**2.1** Write the usage section in README.md ✅" in after and "[x]" not in after
    prompts = [Request(body).first_user_text for body in api.requests]
    dev_prompt = next(p for p in prompts if "<tasks>" in p)
    assert "gets ` ✅` at the end of its line" in dev_prompt  # the file's own way, not a checkbox


FILES = Path(__file__).resolve().parent.parent / "data" / "tasks" / "files"


def run_real_file(tmp_path, claude_home, claude_bin, name, delegate, tasks_file="TASKS.md"):
    """``ralphy dev --json`` on a copy of ``tests/data/tasks/files/<name>`` as ``tasks_file``, one iteration, with
    ``delegate`` ({group: agent}): (the file's bytes, the run's JSON, its first iteration, the bytes after, the prompt)."""
    raw = (FILES / name).read_bytes()
    project = make_project(tmp_path, tasks_file, raw.decode("utf-8"))
    assert (project / tasks_file).read_bytes() == raw  # written as it is: CRLF, emoji, no newline translation
    with FakeMessagesAPI(DevScenario(delegate, tasks_file=tasks_file)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data, first = completed_in_one_iteration(proc)
    prompt = next(p for p in (Request(body).first_user_text for body in api.requests) if "<tasks>" in p)
    return raw, data, first, (project / tasks_file).read_bytes(), prompt


def changed_byte_lines(before: bytes, after: bytes) -> list[tuple[bytes, bytes]]:
    """The lines an edit changed, (before, after) each; the file's line count must not change."""
    old, new = before.split(b"\n"), after.split(b"\n")
    assert len(old) == len(new)
    return [(a, b) for a, b in zip(old, new) if a != b]
