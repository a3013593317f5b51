from pathlib import Path

from ralphy.testing.project import git, init_git_project
from ralphy.worktree import fingerprint


def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "a.py").write_text("one\n")
    return init_git_project(root)


def test_clean_tree_is_stable_and_ralphy_state_is_ignored(tmp_path):
    root = repo(tmp_path)
    before = fingerprint(root)
    (root / ".ralphy").mkdir()
    (root / ".ralphy" / "ralphy.db").write_bytes(b"x")
    assert fingerprint(root) == before


def test_every_kind_of_change_moves_it(tmp_path):
    root = repo(tmp_path)
    seen = {fingerprint(root)}
    (root / "a.py").write_text("two\n")  # modified
    seen.add(fingerprint(root))
    (root / "a.py").write_text("three\n")  # modified again: same git status, other content
    seen.add(fingerprint(root))
    (root / "b.py").write_text("new\n")  # untracked
    seen.add(fingerprint(root))
    git(root, "add", "-A")
    git(root, "-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "work")  # committed: HEAD moves
    seen.add(fingerprint(root))
    assert len(seen) == 5


def test_rewriting_the_same_bytes_is_no_change(tmp_path):
    root = repo(tmp_path)
    (root / "notes.md").write_text("same\n")
    before = fingerprint(root)
    (root / "notes.md").write_text("same\n")  # a stuck model rewriting its file: not progress
    assert fingerprint(root) == before


def test_outside_git_new_files_count(tmp_path):
    before = fingerprint(tmp_path)
    (tmp_path / "x.txt").write_text("x")
    assert fingerprint(tmp_path) != before


def test_git_root_finds_the_work_tree_upwards_or_none(tmp_path):
    from ralphy.worktree import git_root

    outside = tmp_path / "plain" / "project"
    outside.mkdir(parents=True)
    assert git_root(outside) is None
    root = tmp_path / "repo"
    (root / "sub" / "deeper").mkdir(parents=True)
    init_git_project(root)
    assert git_root(root / "sub" / "deeper") == root.resolve()
    linked = tmp_path / "linked"  # a linked worktree has a .git file
    linked.mkdir()
    (linked / ".git").write_text("gitdir: /somewhere/.git/worktrees/linked\n")
    assert git_root(linked) == linked.resolve()
