"""`ralphy dev` while the user edits TASKS.md: the loop reads the file again for every iteration, so a task the
user adds while an iteration runs is worked on in the next one, and the user's lines (and their own ticks) are
kept. ralphy never writes the task file; Claude edits it line by line. The real ralphy drives the real Claude CLI
against the scripted model; the user's edit is made by the test while the first iteration's model request is
being answered."""

from __future__ import annotations

import json

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, Request

from tests.e2e.scripted import handled_by, ralphy, summary

pytestmark = pytest.mark.e2e

ADDED = "- [ ] 2.2 Write the changelog\n"
USER_NOTE = "<!-- the user's note: keep this line -->\n"


def test_a_task_added_while_an_iteration_runs_is_done_next_and_the_users_lines_are_kept(project, claude_home,
                                                                                          claude_bin):
    tasks_md = project / "TASKS.md"
    edited: list[str] = []

    def user_edits_tasks_md(request: Request) -> None:
        if not edited and "Development iteration" in request.first_user_text:
            text = tasks_md.read_text()
            tasks_md.write_text(USER_NOTE + text.replace("- [ ] 2.1 Write the usage section\n",
                                                         "- [ ] 2.1 Write the usage section\n" + ADDED))
            edited.append(tasks_md.read_text())
        return None  # the scripted model answers as usual

    scenario = DevScenario({"Core library": "tdd-orchestrator"}, max_groups_per_run=1, intercept=user_edits_tasks_md)
    with FakeMessagesAPI(scenario) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json")
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert edited, "the user's edit was never made"
    assert data["status"] == "completed"
    assert data["tasks"] == {"completed": 4, "total": 4}  # the added task counted and done
    assert handled_by(data) == {"1.1": "tdd-orchestrator", "1.2": "tdd-orchestrator", "2.1": "direct",
                                "2.2": "direct"}
    second_prompt = [json.dumps(r) for r in api.requests if "Development iteration" in json.dumps(r)][-1]
    assert "2.2" in second_prompt and "Write the changelog" in second_prompt  # read again for the next iteration
    final = tasks_md.read_text()
    assert final.startswith(USER_NOTE)  # the user's own line, where they put it
    assert "- [x] 2.2 Write the changelog\n" in final and "- [ ]" not in final
    assert final.replace("[x]", "[ ]") == edited[0]  # nothing but the ticks changed after the user's edit


# The check after the iteration (``--verify-command``) is where a user's edit lands between two readings: the
# iteration's own reading of TASKS.md came before it. This check stands in for the user: the first time it runs it
# adds a task, then passes.
ADD_WHILE_CHECKING = ("grep -q 'Write the changelog' TASKS.md || printf -- '- [ ] 2.2 Write the changelog\\n' "
                      ">> TASKS.md")


def test_a_task_added_while_the_check_runs_is_not_lost_the_run_goes_on(project, claude_home, claude_bin):
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--verify-command", ADD_WHILE_CHECKING)
    data = summary(proc)
    assert proc.returncode == 0, proc.stderr
    assert data["status"] == "completed"
    assert data["tasks"] == {"completed": 4, "total": 4}  # not "completed" with the added task still open
    assert len(data["iterations"]) == 2 and handled_by(data)["2.2"] == "direct"
    assert (project / "TASKS.md").read_text().endswith("- [x] 2.2 Write the changelog\n")
