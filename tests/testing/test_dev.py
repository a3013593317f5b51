"""DevScenario's parsing and decisions, on request bodies shaped like the CLI's."""

from __future__ import annotations

from ralphy.tasks import parse_tasks
from ralphy.testing import DevScenario, Request, text
from ralphy.testing.dev import completion_edit, listed_agents, parse_prompt_tasks, read_tool_content
from ralphy.testing.scenario import ToolUseBlock
from tests.testing.conftest import TASKS_MD, dev_prompt

MAIN_SYSTEM = [{"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.197.1; cc_entrypoint=sdk-cli;"},
               {"type": "text", "text": "You are an interactive agent.\n - Primary working directory: /p\n"}]
TOOLS = [{"name": "Agent"}, {"name": "Write"}, {"name": "Read"}, {"name": "Edit"}]


def main_request(prompt: str, *turns: dict) -> Request:
    first = {"role": "user", "content": [{"type": "text", "text": "<system-reminder>\nctx\n</system-reminder>"},
                                         {"type": "text", "text": prompt}]}
    return Request({"system": MAIN_SYSTEM, "tools": TOOLS, "messages": [first, *turns]})


def test_parses_checkbox_and_status_tasks():
    tasks = parse_prompt_tasks(TASKS_MD + "\n## Task 3: Add search\n- **Status**: pending\n"
                               "## Task 4: Old\n- **Status**: completed\n- [x] 5.1 Done thing\n")
    assert [(t.id, t.title, t.group, t.done) for t in tasks] == [
        ("1.1", "Create the User model", "Models", False),
        ("1.2", "Create the Post model", "Models", False),
        ("2.1", "Add the users endpoint", "API", False),
        ("3", "Add search", "Tasks", False),
        ("5.1", "Done thing", "Task 4: Old", True),  # a heading over checkboxes with ids is their group
    ]


def test_parses_the_shapes_ralphy_reads():
    spec_kit = "## Phase 1: Setup\n- [X] T001 [P] Layout\n- [ ] T002 [US1] Model\n"
    kiro = "- [ ] 2. Core\n  - [ ] 2.1 Accounts\n  - [ ]* 2.2a Property tests\n"
    tasks = parse_prompt_tasks(dev_prompt(spec_kit + "\n" + kiro, {}))
    assert [(t.id, t.title, t.group, t.done) for t in tasks] == [
        ("T001", "Layout", "Phase 1: Setup", True),
        ("T002", "Model", "Phase 1: Setup", False),
        ("2.1", "Accounts", "2. Core", False),
        ("2.2a", "Property tests", "2. Core", False),
    ]
    assert completion_edit(spec_kit, "T002") == ("- [ ] T002 [US1] Model", "- [X] T002 [US1] Model")  # its own tick
    assert completion_edit(kiro, "2.2a") == ("  - [ ]* 2.2a Property tests", "  - [x]* 2.2a Property tests")
    steps = "### T3: Docs\n- [x] **Step 1:** write\n- [ ] **Step 2:** check\n"
    assert completion_edit(steps, "T3") == (steps.rstrip("\n"), steps.rstrip("\n").replace("[ ]", "[x]"))


def test_lists_only_the_agent_orchestration_section():
    prompt = dev_prompt(TASKS_MD, {"tdd-orchestrator": "TDD", "api-designer": "APIs"}) + "\n- **Note**: not an agent\n"
    assert listed_agents(prompt) == ["tdd-orchestrator", "api-designer"]


def test_completion_edit_for_both_shapes():
    assert completion_edit(TASKS_MD, "1.2") == ("- [ ] 1.2 Create the Post model", "- [x] 1.2 Create the Post model")
    status_md = "## Task 3: Add search\n- **Notes**: fast\n- **Status**: pending\n"
    assert completion_edit(status_md, "3") == (status_md.rstrip("\n"), status_md.rstrip("\n").replace(
        "pending", "completed"))
    assert completion_edit(TASKS_MD, "9.9") is None
    assert completion_edit(TASKS_MD, "1") is None


def test_read_tool_content_strips_line_numbers():
    assert read_tool_content("1\t# Tasks\n2\t\n3\t- [ ] 1.1 A") == "# Tasks\n\n- [ ] 1.1 A"


def test_first_turn_delegates_a_listed_agent_only():
    prompt = dev_prompt(TASKS_MD, {"tdd-orchestrator": "TDD"})
    reply = DevScenario(delegate={"models": "tdd-orchestrator"})(main_request(prompt))
    [call] = reply.blocks
    assert call.name == "Agent" and call.input["subagent_type"] == "tdd-orchestrator"
    assert call.input["description"] == "Tasks 1.1, 1.2: Models"
    assert "- 1.1: Create the User model\n- 1.2: Create the Post model" in call.input["prompt"]
    unlisted = DevScenario(delegate={"models": "tdd-orchestrator"})(main_request(dev_prompt(TASKS_MD)))
    assert [b.name for b in unlisted.blocks[1:]] == ["Write", "Write"]
    assert unlisted.blocks[1].input["file_path"] == "/p/src/t1_1_create_the_user_model.py"


def test_failed_delegation_falls_back_to_doing_it_directly():
    prompt = dev_prompt(TASKS_MD, {"tdd-orchestrator": "TDD"})
    call = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Agent", "input": {}}]}
    result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "is_error": True,
                                           "content": "Agent type 'tdd-orchestrator' not found."}]}
    reply = DevScenario(delegate={"Models": "tdd-orchestrator"})(main_request(prompt, call, result))
    assert [b.name for b in reply.blocks[1:]] == ["Write", "Write"]


def test_question_is_asked_until_answered():
    scenario = DevScenario(question="Should I run the migration now?")
    asked = scenario(main_request(dev_prompt(TASKS_MD)))
    assert asked.stop_reason == "end_turn" and asked.blocks[0].text.endswith("Should I run the migration now?")
    answered = scenario(main_request(dev_prompt(TASKS_MD),
                                     {"role": "assistant", "content": asked.blocks[0].text},
                                     {"role": "user", "content": "Yes, run it."}))
    assert answered.stop_reason == "tool_use"


def test_intercept_replaces_the_answer():
    scenario = DevScenario(intercept=lambda request: text("intercepted") if request.assistant_turns == 0 else None)
    assert scenario(main_request(dev_prompt(TASKS_MD))).blocks[0].text == "intercepted"


def test_nothing_pending_and_no_tasks():
    assert "already completed" in DevScenario()(main_request(TASKS_MD.replace("[ ]", "[x]"))).blocks[0].text
    assert "no tasks" in DevScenario()(main_request("Hello there")).blocks[0].text


def test_request_view_helpers():
    request = main_request("do it",
                           {"role": "assistant", "content": [{"type": "tool_use", "id": "a", "name": "Read"}]},
                           {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "a",
                                                         "content": [{"type": "text", "text": "body"}]}]})
    assert request.first_user_text == "do it" and request.last_user_text == ""
    assert request.last_tool_results == [("a", "body", False)]
    assert request.assistant_turns == 1 and request.cwd == "/p"
    assert request.is_main and not request.is_subagent and not request.is_side
    sub = Request({"system": "x-anthropic-billing-header: cc_version=1; cc_is_subagent=true;\nBODY\n"
                             "Working directory: /q", "tools": TOOLS, "messages": []},
                  agent_bodies={"tdd": "BODY"})
    assert sub.is_subagent and sub.agent_name == "tdd" and sub.cwd == "/q"


KIRO = "# Implementation Plan\n\n- [ ] 1. Build the greeter\n  - [ ] 1.1 Add a greet function\n\n" \
       "- [ ] 2. Document it\n  - [ ] 2.1 Write the usage section\n\n- [ ]* 3. Add property-based tests\n"


def turn(call_id: str, name: str, given: dict, result: str, *, is_error: bool = False) -> tuple[dict, dict]:
    return ({"role": "assistant", "content": [{"type": "tool_use", "id": call_id, "name": name, "input": given}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id, "is_error": is_error,
                                          "content": result}]})


def test_a_read_the_cli_answers_with_its_unchanged_note_uses_the_earlier_read_and_own_edits():
    # 2.1.250, tests/e2e test_kiro_tasks_md: the main agent's second Read of TASKS.md (the subagent in the background
    # had edited it meanwhile) came back as the CLI's note, not the text; the model is told to use its earlier Read
    prompt = f"Work through TASKS.md.\n<tasks>\n{KIRO}</tasks>\n\n## Agent Orchestration\n- **tdd-orchestrator**: TDD\n"
    listing = "\n".join(f"{n:6}\t{line}" for n, line in enumerate(KIRO.split("\n"), 1))
    before = [
        *turn("a", "Agent", {"subagent_type": "tdd-orchestrator"}, "Async agent launched successfully."),
        *turn("w1", "Write", {"file_path": "/p/src/t2_1.py", "content": "#"}, "File created successfully"),
        *turn("r1", "Read", {"file_path": "/p/TASKS.md"}, listing),
        *turn("e1", "Edit", {"file_path": "/p/TASKS.md", "old_string": "  - [ ] 2.1 Write the usage section",
                             "new_string": "  - [x] 2.1 Write the usage section"}, "The file has been updated."),
        *turn("w2", "Write", {"file_path": "/p/src/t3.py", "content": "#"}, "File created successfully"),
    ]
    scenario = DevScenario(delegate={"Build the greeter": "tdd-orchestrator"})
    for note in ("Wasted call \u2014 file unchanged since your last Read. Refer to that earlier tool_result instead.",
                 "File unchanged since last read. The content from the earlier Read tool_result in this conversation"
                 " is still current \u2014 refer to that instead of re-reading."):
        reply = scenario(main_request(prompt, *before, *turn("r2", "Read", {"file_path": "/p/TASKS.md"}, note)))
        [edit] = [block for block in reply.blocks if block.name == "Edit"]
        assert edit.input == {"file_path": "/p/TASKS.md", "old_string": "- [ ]* 3. Add property-based tests",
                              "new_string": "- [x]* 3. Add property-based tests"}


def test_a_read_the_cli_refuses_is_made_again_before_the_tasks_are_ticked():
    # 2.1.331 under load (test_a_done_list_without_checkboxes..., test_an_autospec_tasks_yaml..., the kanban marks
    # test: a second iteration each): the main agent's Edit replaced TASKS.md while the background subagent's Read of
    # it was between the CLI's permission check and the open; the CLI refused that Read and said to retry, and the
    # scripted subagent read the refusal as the file, found no task in it, marked nothing and said it had
    refused = ("Refusing to read /p/TASKS.md: its symlink resolution changed after permission was checked (it opened "
               "at a different path than approved). If a link in the working directory is being rewritten "
               "concurrently, stop that and retry.")
    listing = "\n".join(f"{n:6}\t{line}" for n, line in enumerate(KIRO.split("\n"), 1))
    first = {"role": "user", "content": "Complete these tasks from TASKS.md (group \"Build the greeter\"):\n"
                                        "- 1.1: Add a greet function\n\nCreate one source file per task, then mark "
                                        "each task completed in TASKS.md."}
    wrote = turn("w", "Write", {"file_path": "/p/src/t1_1.py", "content": "#"}, "File created successfully")

    def subagent(*reads: tuple[str, bool]) -> Request:
        turns = [step for n, (result, failed) in enumerate(reads)
                 for step in turn(f"r{n}", "Read", {"file_path": "/p/TASKS.md"}, result, is_error=failed)]
        return Request({"system": "Working directory: /p", "tools": TOOLS, "messages": [first, *wrote, *turns]})

    scenario = DevScenario()
    for reads in ([(refused, True)], [(refused, True), (refused, True)]):
        [read] = [block for block in scenario(subagent(*reads)).blocks if isinstance(block, ToolUseBlock)]
        assert (read.name, read.input) == ("Read", {"file_path": "/p/TASKS.md"})
    [edit] = [block for block in scenario(subagent((refused, True), (listing, False))).blocks if block.name == "Edit"]
    assert (edit.input["old_string"], edit.input["new_string"]) == ("  - [ ] 1.1 Add a greet function",
                                                                    "  - [x] 1.1 Add a greet function")
    # refused every time: no Read without end; the subagent goes on and marks nothing
    given_up = scenario(subagent(*[(refused, True)] * 3))
    assert [block for block in given_up.blocks if isinstance(block, ToolUseBlock)] == []


def test_completion_edit_of_a_line_written_twice_is_unique_in_the_file():
    # org-gilgamesh.org's "** Test simplify" under two headings: the Edit tool refuses an old string found twice
    org = "* StateChange\n** Test simplify\n\n* Subroutine\n** Recursive subroutines\n** Test simplify\n"
    name = "TODO.org"  # a bare outline is org by its name (tasks17)
    first, second = (task.id for task in parse_tasks(org, name).tasks if task.title == "Test simplify")
    assert completion_edit(org, first, name) == ("** Test simplify\n\n* Subroutine",
                                                 "** DONE Test simplify\n\n* Subroutine")
    assert completion_edit(org, second, name) == ("** Recursive subroutines\n** Test simplify\n",
                                                  "** Recursive subroutines\n** DONE Test simplify\n")  # at the end
    ticked = org
    for task_id in (first, second):  # as the scripted model edits: each from the text it read
        old, new = completion_edit(org, task_id, name)
        assert ticked.count(old) == 1
        ticked = ticked.replace(old, new, 1)
    assert [(task.title, task.status) for task in parse_tasks(ticked, name).tasks] == [
        ("Test simplify", "completed"), ("Recursive subroutines", "pending"), ("Test simplify", "completed")]
    markdown = "- [ ] Count option\n- [ ] Count option\n"
    edits = [completion_edit(markdown, task.id) for task in parse_tasks(markdown).tasks]
    assert [markdown.count(old) for old, _ in edits] == [1, 1]


def test_completion_edit_reads_a_todo_org_by_its_name():
    org = "# my list, an org comment\n* Core\n** TODO Add it\n"  # '# ...' is a Markdown heading without the name
    assert completion_edit(org, "add-it") is None
    assert completion_edit(org, "add-it", "/project/TODO.org") == ("** TODO Add it", "** DONE Add it")
