"""The live view's activity while a background subagent works and the main agent goes on with its own tools
(subagents run in the background by default from CLI 2.1.198, the pinned 2.1.331): a subagent's tool is shown
under the subagent that called it, never under the main agent's last tool ("Write > Write").

The events are the real CLI's, as `ralphy dev` wrote them to its transcript; they are fed to the LiveReporter
`ralphy dev` shows on a terminal, and each status row it would draw is read."""

from __future__ import annotations

import functools
import io
import threading

import pytest

from ralphy.claude.events import parse_line
from ralphy.output import LiveReporter
from ralphy.testing import FakeMessagesAPI, text, tool_use
from ralphy.testing.project import init_git_project
from tests.e2e import scripted
from tests.e2e.scripted import cli_version

pytestmark = pytest.mark.e2e
ralphy = functools.partial(scripted.ralphy, timeout=180)

BODY = "You are the builder. You write the files you are asked for."
AGENT = f"---\nname: builder\ndescription: Writes files. Use for build tasks.\ntools: Read, Write\n---\n{BODY}\n"


def scenario(main_wrote: threading.Event, background: bool, project):
    """The main agent delegates task 1.1 to the builder, then writes notes.md itself; the builder writes
    built.txt only after the main agent's Write has run (in the background CLIs), then ends."""

    def model(request):
        if request.is_side:
            return text("ok")
        if request.agent_name == "builder":
            if not request.tool_calls:
                if background:
                    main_wrote.wait(30)
                return tool_use("Write", {"file_path": str(project / "built.txt"), "content": "built\n"})
            return text("Built: built.txt written.")
        delegation_tool = "Agent" if "Agent" in request.tools else "Task"
        called = [call["name"] for call in request.tool_calls]
        if any("<task-notification>" in text_ for text_ in request.user_texts):
            return text("The builder finished.")
        if delegation_tool not in called:
            return tool_use(delegation_tool, {"description": "Task 1.1: Build", "prompt": "Write built.txt (task 1.1).",
                                              "subagent_type": "builder"}, id="toolu_delegate")
        if "Write" not in called:
            return tool_use("Write", {"file_path": str(project / "notes.md"), "content": "notes\n"})
        main_wrote.set()  # the main agent's Write ran (its result is in this request)
        return text("Delegated task 1.1 and wrote notes.md.")

    return model


def test_a_background_subagents_tool_is_shown_under_the_subagent(tmp_path, claude_home, claude_bin):
    project = init_git_project(tmp_path / "p")
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "builder.md").write_text(AGENT)
    (project / "TASKS.md").write_text("## Build\n- [ ] 1.1 Write built.txt\n")
    background = cli_version(claude_bin) >= (2, 1, 198)
    with FakeMessagesAPI(scenario(threading.Event(), background, project), agent_bodies={"builder": BODY}) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--max-iterations", "1",
                      extra_env={"RALPHY_PERMISSION_MODE": "acceptEdits"})
    assert (project / "built.txt").exists() and (project / "notes.md").exists(), proc.stderr[-3000:]

    live = LiveReporter(io.StringIO())
    live.iteration_started(1, 1, resumed=False)
    shown = []
    transcript = project / ".ralphy" / "transcripts" / "run1-iteration1.jsonl"
    for line in transcript.read_text().splitlines():
        try:
            events = parse_line(line)
        except ValueError:
            continue
        for event in events:
            live.event(event)
            shown.append(live.current)
    live.live.stop()
    assert "subagent builder > Write" in shown, shown
    assert "Write" in shown, shown  # the main agent's own Write
    # never a tool "inside" the main agent's last tool or its text
    assert not [doing for doing in shown if " > " in doing and not doing.startswith("subagent ")], shown
    if background:  # the main agent's Write came before the builder's: the case that read "Write > Write"
        assert shown.index("Write") < shown.index("subagent builder > Write"), shown
