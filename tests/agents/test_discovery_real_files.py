"""Discovery on real files: symlinks (loops, broken, to files), unreadable files, binary and non-UTF-8 data."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ralphy.agents.discovery import discover_agents


def agent(name: str, description: str = "Does things.") -> str:
    return f"---\nname: {name}\ndescription: {description}\n---\nbody\n"


@pytest.fixture
def agents_dir(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    folder = tmp_path / "repo" / ".claude" / "agents"
    folder.mkdir(parents=True)
    return folder


def test_symlink_loops_end_and_symlinks_are_followed(agents_dir: Path, tmp_path: Path) -> None:
    (agents_dir / "real.md").write_text(agent("real"))
    (agents_dir / "loop").symlink_to(agents_dir)
    (agents_dir / "sub").mkdir()
    (agents_dir / "sub" / "up").symlink_to(agents_dir / "sub")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "linked.md").write_text(agent("linked"))
    (agents_dir / "linked-dir").symlink_to(outside)
    (agents_dir / "broken.md").symlink_to(agents_dir / "nope.md")
    discovery = discover_agents(agents_dir.parent.parent)
    assert [s.name for s in discovery.agents] == ["linked", "real"]
    broken = [f for f in discovery.files if f.path.name == "broken.md"]
    assert broken[0].outcome == "ignored" and "symlink" in broken[0].reason


def test_hard_link_is_read_once(agents_dir: Path) -> None:
    (agents_dir / "a.md").write_text(agent("once"))
    os.link(agents_dir / "a.md", agents_dir / "b.md")
    discovery = discover_agents(agents_dir.parent.parent)
    assert [s.name for s in discovery.agents] == ["once"] and discovery.clashes == []


def test_binary_and_latin1_files(agents_dir: Path) -> None:
    (agents_dir / "binary.md").write_bytes(bytes(range(256)) * 8)
    (agents_dir / "latin1.md").write_bytes(agent("latin1", "Caf\u00e9").encode("latin-1"))
    discovery = discover_agents(agents_dir.parent.parent)
    assert [(s.name, s.description) for s in discovery.agents] == [("latin1", "Caf\ufffd")]  # as the CLI decodes
    assert [p.path.name for p in discovery.problems] == ["binary.md"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads chmod 000 files, so the case cannot happen here")
def test_unreadable_file_is_a_problem(agents_dir: Path) -> None:
    locked = agents_dir / "locked.md"
    locked.write_text(agent("locked"))
    locked.chmod(0)
    try:
        discovery = discover_agents(agents_dir.parent.parent)
    finally:
        locked.chmod(0o644)
    assert "cannot read" in discovery.problems[0].reason


def test_unreadable_directory_does_not_raise(agents_dir: Path) -> None:
    """Root can list a chmod 000 directory too; a FIFO named x.md is what root cannot read as a file."""
    os.mkfifo(agents_dir / "pipe.md")
    (agents_dir / "ok.md").write_text(agent("ok"))
    discovery = discover_agents(agents_dir.parent.parent)
    assert [s.name for s in discovery.agents] == ["ok"]
    assert any(f.path.name == "pipe.md" and f.outcome == "ignored" for f in discovery.files)


def test_a_symlink_to_a_file_is_read_as_its_own_file(agents_dir: Path) -> None:
    """Project files are told apart by lstat, so a symlink beside its target is a second file (a clash)."""
    (agents_dir / "a.md").write_text(agent("twin"))
    (agents_dir / "b.md").symlink_to(agents_dir / "a.md")
    discovery = discover_agents(agents_dir.parent.parent)
    [clash] = discovery.clashes
    assert clash.name == "twin" and {clash.winner.name, *(p.name for p in clash.losers)} == {"a.md", "b.md"}


def test_hard_link_reached_through_a_symlinked_folder_is_read_once(agents_dir: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (agents_dir / "a.md").write_text(agent("once"))
    os.link(agents_dir / "a.md", outside / "same.md")
    (agents_dir / "linked").symlink_to(outside)
    discovery = discover_agents(agents_dir.parent.parent)
    assert [s.name for s in discovery.agents] == ["once"] and discovery.clashes == []
    assert sum(f.outcome == "loaded" for f in discovery.files) == 1


def test_plugin_hard_link_is_read_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    agents = tmp_path / "demo" / "agents"
    (agents / "sub").mkdir(parents=True)
    (agents / "a.md").write_text(agent("one"))
    os.link(agents / "a.md", agents / "sub" / "b.md")
    discovery = discover_agents(tmp_path, scopes=("plugins",), plugin_dirs=[tmp_path / "demo"])
    assert [s.name for s in discovery.agents] == ["demo:one"]
