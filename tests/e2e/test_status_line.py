"""`ralphy dev`'s live status line on a real terminal (a pty of 80 and of 40 columns): one row, whatever the
length of the subagent's name in it."""

from __future__ import annotations

import re

import pytest

from ralphy.termsafe import display_width
from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env
from tests.e2e.scripted import scripted_project
from tests.e2e.terminal import Terminal

pytestmark = pytest.mark.e2e

LONG_AGENT = "postgresql-schema-migration-and-query-performance-specialist"  # 61 characters, a real-world length
AGENT_FILE = f"""\
---
name: {LONG_AGENT}
description: Implements library code test-first. Use for tasks that add or change functions or modules.
tools: Read, Write, Edit, Glob, Grep, Bash
---
You are a test-driven developer.
"""
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def status_rows(shown: str) -> list[str]:
    """Every status row the terminal was given, its escapes taken out, split where the terminal starts a row."""
    return [row for row in re.split(r"[\r\n]+", ESCAPES.sub("\r", shown)) if row.startswith("⠿")]


@pytest.mark.parametrize("columns", [80, 40])
def test_the_status_line_fits_the_terminal(tmp_path, claude_home, claude_bin, columns):
    project = scripted_project(tmp_path / "project", agents=False,
                               files={".gitignore": ".ralphy/\n"})
    agents = project / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / f"{LONG_AGENT}.md").write_text(AGENT_FILE)
    with FakeMessagesAPI(DevScenario({"Core library": LONG_AGENT})) as api:
        env = claude_env(api.url, claude_home)
        env.update({"RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0", "TERM": "xterm-256color"})
        for name in ("COLUMNS", "LINES"):
            env.pop(name, None)
        with Terminal(["dev", str(project)], env, columns=columns) as terminal:
            code = terminal.run(lambda _: None, timeout=150)
    shown = terminal.shown
    assert code == 0, shown[-3000:]
    rows = status_rows(shown)
    assert any("subagent" in row for row in rows), rows  # the delegation was shown while it ran
    too_wide = [row for row in rows if display_width(row) >= columns]
    assert not too_wide, too_wide
    # one row: while it ran (cursor hidden), the live view never moved the cursor up to redraw a second row
    live = shown[shown.index("⠿"):shown.index("\x1b[?25h")]
    assert "\x1b[1A" not in live, live
    delegating = [row for row in rows if "subagent" in row]
    start = "⠿ iteration 1/20 · " if columns == 80 else "⠿ 1/20 · "  # narrow: the counters give way first
    assert all(row.startswith(start) for row in delegating), delegating
    assert all("…" in row for row in delegating), delegating  # the long name cut, in the middle
    if columns == 80:
        assert all(row.endswith(" · delegations: 1 · $0.0000") for row in delegating), delegating
