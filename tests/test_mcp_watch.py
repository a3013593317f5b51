"""What ``ralphy mcp`` looks at to notice changed agent files stays within its budget, however big a folder is."""
from __future__ import annotations

from ralphy import mcp_watch


def test_the_walk_lists_no_more_entries_than_its_budget(tmp_path, monkeypatch) -> None:
    for i in range(50):
        (tmp_path / f"agent-{i}.md").write_text("---\nname: a\n---\n", encoding="utf-8")
    monkeypatch.setattr(mcp_watch, "MAX_WALK_ENTRIES", 7)
    entries: list = []
    mcp_watch._walk(str(tmp_path), entries)
    assert len(entries) == 1 + 7  # the folder and the 7 files its budget allows, not the 50 it holds
    monkeypatch.setattr(mcp_watch, "MAX_WALK_ENTRIES", 100)
    entries = []
    mcp_watch._walk(str(tmp_path), entries)
    assert len(entries) == 1 + 50
