"""The live status line fitted to the terminal's width (ralphy/status_line.py); on a real pty in
tests/e2e/test_status_line.py."""

from __future__ import annotations

import pytest

from ralphy.status_line import middle_cut, status_line, terminal_columns
from ralphy.termsafe import display_width

LONG = "subagent postgresql-schema-migration-and-query-performance-specialist > Bash"


def test_a_short_line_is_the_whole_line() -> None:
    assert status_line(2, 20, 65, "subagent tdd-orchestrator > Bash", 3, 0.1234, 120) == (
        "⠿ iteration 2/20 · 1m05s · subagent tdd-orchestrator > Bash · delegations: 3 · $0.1234")
    assert status_line(1, 20, 0, "", 0, 0.0, 120) == "⠿ iteration 1/20 · 0m00s · thinking · delegations: 0 · $0.0000"


@pytest.mark.parametrize("columns", [*range(4, 130), 500])
@pytest.mark.parametrize("doing", [LONG, "Bash", "", "subagent 数据库迁移专家数据库迁移专家数据库迁移专家 > Read",
                                   "subagent evil\x1b]0;title\x07name > Bash"])
def test_every_width_gets_one_row_that_leaves_the_last_column_free(columns: int, doing: str) -> None:
    line = status_line(12, 100, 3_725, doing, 17, 12.5, columns)
    assert display_width(line) <= max(columns - 1, 1), line
    assert "\x1b" not in line and "\x07" not in line and "\n" not in line  # a repository's name is shown, not obeyed


def test_what_is_long_is_cut_in_the_middle_keeping_both_ends() -> None:
    at_80 = status_line(1, 20, 5, LONG, 1, 0.0, 80)
    assert at_80.startswith("⠿ iteration 1/20 · 0m05s · subagent ") and at_80.endswith(" > Bash · delegations: 1 · $0.0000")
    assert "…" in at_80 and display_width(at_80) == 79
    at_40 = status_line(1, 20, 5, LONG, 1, 0.0, 40)  # the counters give way before the activity is cut short
    assert at_40.startswith("⠿ 1/20 · 0m05s · subagent p") and at_40.endswith("> Bash") and "…" in at_40


def test_middle_cut_counts_columns_not_characters() -> None:
    assert middle_cut("abcdefghij", 10) == "abcdefghij"
    assert middle_cut("abcdefghij", 5) == "ab…ij"
    assert display_width(middle_cut("数据库迁移专家", 8)) == 7  # two columns each: no half a character
    cut = middle_cut("数据库迁移专家", 9)
    assert display_width(cut) == 9 and cut.startswith("数据") and cut.endswith("专家")


def test_columns_come_from_columns_then_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "57")
    assert terminal_columns(None) == 57
    monkeypatch.delenv("COLUMNS")

    class NotATerminal:
        def fileno(self) -> int:
            raise OSError("no terminal")

    assert terminal_columns(NotATerminal()) >= 1  # shutil's fallback (80), never an error


def test_the_counters_give_way_when_that_shows_the_whole_activity() -> None:
    retry = "retrying (HTTP 529, attempt 3/10)"
    assert status_line(1, 20, 5, retry, 2, 0.5, 80) == f"⠿ iteration 1/20 · 0m05s · {retry} · $0.5000"
    assert status_line(1, 20, 5, retry, 2, 0.5, 120).endswith(f"{retry} · delegations: 2 · $0.5000")
