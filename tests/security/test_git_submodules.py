"""The files ``git status`` reads in a repository with submodules and linked worktrees, looked at before git runs
(loose20; first19 walked the project's git folder only). Built with git itself: ``git submodule add`` of a local
repository, a submodule of a submodule, ``git worktree add``.

Each place was first measured with git: a FIFO there held a plain ``git status`` (what the Claude CLI runs in the
project) until killed; ``test_git_status_really_waits`` keeps that truth. Each check test failed before the fix.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest

from ralphy.testing import init_git_project

_AS = ["-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "protocol.file.allow=always"]


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *_AS, *args], cwd=cwd, check=True, capture_output=True, stdin=subprocess.DEVNULL)


def _repo(path: Path, name: str) -> Path:
    project = init_git_project(path)
    (project / name).write_text(name)
    _git(project, "add", name)
    _git(project, "commit", "-qm", name)
    return project


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """project/ with the submodule sub/ (its git folder at .git/modules/sub) holding the submodule inner/."""
    inner = _repo(tmp_path / "inner", "i.txt")
    lib = _repo(tmp_path / "lib", "l.txt")
    _git(lib, "submodule", "add", "-q", str(inner), "inner")
    _git(lib, "commit", "-qm", "inner")
    project = _repo(tmp_path / "project", "p.txt")
    _git(project, "submodule", "add", "-q", str(lib), "sub")
    _git(project, "submodule", "update", "-q", "--init", "--recursive")
    _git(project, "commit", "-qm", "sub")
    return project


def _fifo(path: Path) -> Path:
    if path.exists() or path.is_symlink():
        path.unlink()
    os.mkfifo(path)
    return path


def _elsewhere(project: Path) -> Path:
    """The submodule's git folder moved out of the project, its .git file pointing there (as a user may)."""
    moved = project.parent / "sub-git"
    (project / ".git" / "modules" / "sub").rename(moved)
    (project / "sub" / ".git").write_text(f"gitdir: {moved}\n")
    _git(project, "config", "--file", str(moved / "config"), "core.worktree", str(project / "sub"))
    return moved


def _own_folder(project: Path) -> Path:
    """The submodule's .git a folder of its own inside the work tree (a clone added as a submodule)."""
    folder = project / "sub" / ".git"
    folder.unlink()
    (project / ".git" / "modules" / "sub").rename(folder)
    _git(project, "config", "--file", str(folder / "config"), "--unset", "core.worktree")
    return folder


def _plant(project: Path, where: str) -> tuple[Path, Path]:
    """A FIFO where git status reads: (the folder to check, the FIFO)."""
    sub = project / "sub"
    if where == ".gitmodules":
        return project, _fifo(project / ".gitmodules")
    if where == "the submodule's .gitignore":
        return project, _fifo(sub / ".gitignore")
    if where == "the submodule's .gitattributes":
        return project, _fifo(sub / ".gitattributes")
    if where == "the submodule's .gitmodules":
        return project, _fifo(sub / ".gitmodules")
    if where == "the submodule's include":
        fifo = _fifo(project.parent / "team.fifo")
        _git(project, "config", "--file", ".git/modules/sub/config", "include.path", str(fifo))
        return project, fifo
    if where == "the submodule's core.excludesFile":
        fifo = _fifo(project.parent / "excludes.fifo")
        _git(project, "config", "--file", ".git/modules/sub/config", "core.excludesFile", "../../excludes.fifo")
        return project, fifo
    if where == "the submodule's git folder elsewhere":
        return project, _fifo(_elsewhere(project) / "index")
    if where == "the submodule's own .git folder":
        return project, _fifo(_own_folder(project) / "index")
    if where == "the submodule of the submodule's .gitignore":
        return project, _fifo(sub / "inner" / ".gitignore")
    if where == "a linked worktree's submodule":
        linked = project.parent / "linked"
        _git(project, "worktree", "add", "-q", str(linked))
        _git(linked, "submodule", "update", "-q", "--init")
        return linked, _fifo(linked / "sub" / ".gitignore")
    if where == "a linked worktree's submodule's index":
        linked = project.parent / "linked"
        _git(project, "worktree", "add", "-q", str(linked))
        _git(linked, "submodule", "update", "-q", "--init")
        index = subprocess.run(["git", "rev-parse", "--git-path", "index"], cwd=linked / "sub", check=True,
                               capture_output=True, text=True).stdout.strip()
        return linked, _fifo(linked / "sub" / index)
    raise AssertionError(where)


PLACES = [".gitmodules", "the submodule's .gitignore", "the submodule's .gitattributes",
          "the submodule's .gitmodules", "the submodule's include", "the submodule's core.excludesFile",
          "the submodule's git folder elsewhere", "the submodule's own .git folder",
          "the submodule of the submodule's .gitignore", "a linked worktree's submodule",
          "a linked worktree's submodule's index"]


@pytest.mark.parametrize("where", PLACES)
def test_git_status_really_waits(tree: Path, where: str) -> None:
    # the truth the check below is held to: plain `git status` (the Claude CLI's) waits on each of these
    folder, _ = _plant(tree, where)
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run(["git", "status"], cwd=folder, capture_output=True, timeout=2, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("where", PLACES)
def test_a_fifo_git_status_reads_in_a_submodule_is_found_first(tree: Path, where: str) -> None:
    # was: None (nothing found), and `ralphy dev` left the Claude CLI's git to wait on it
    from ralphy.worktree import git_root, git_unsafe

    folder, fifo = _plant(tree, where)
    started = time.monotonic()
    why = git_unsafe(folder, git_root(folder))
    assert time.monotonic() - started < 3
    assert why is not None and why.path == os.path.normpath(fifo), (why, fifo)
    assert "git would wait on it" in why and "\n" not in why


def test_submodules_and_worktrees_well_kept_wait_for_nothing(tree: Path) -> None:
    # the check must not stop a well-kept repository: submodules (one moved out, one nested), a linked worktree
    from ralphy.worktree import _git_changes, git_root, git_unsafe

    linked = tree.parent / "linked"
    _git(tree, "worktree", "add", "-q", str(linked))
    _git(linked, "submodule", "update", "-q", "--init")
    (tree / "sub" / ".gitignore").write_text("*.log\n")
    _elsewhere(tree)
    for folder in (tree, tree / "sub", tree / "sub" / "inner", linked, linked / "sub"):
        assert git_unsafe(folder, git_root(folder)) is None, folder
    assert _git_changes(tree) is not None


def test_a_submodule_that_leads_back_ends(tree: Path) -> None:
    # a gitlink whose folder is a link to the project itself: looked at once per depth, not for ever
    from ralphy import git_reads

    budget = [git_reads.MAX_ENTRIES]
    (tree / "sub").rename(tree / "sub-moved")
    (tree / "sub").symlink_to(tree)
    started = time.monotonic()
    assert git_reads._repository("git", tree, budget, [], 0) is None
    assert time.monotonic() - started < 10


def test_a_git_file_pointing_at_a_folder_of_devices_is_no_repository(tree: Path) -> None:
    # a stranger's submodule whose .git file says "gitdir: /dev": git calls it no repository and waits on nothing;
    # walking /dev would have named a device and told the user to `rm` it
    from ralphy.worktree import git_root, git_unsafe

    (tree / "sub" / ".git").write_text("gitdir: /dev\n")
    subprocess.run(["git", "status"], cwd=tree, capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    assert git_unsafe(tree, git_root(tree)) is None



def test_a_submodule_path_that_is_a_link_out_of_the_project_is_not_followed(tree: Path) -> None:
    # git enters no submodule through a link ("expected submodule path 'sub' not to be a symbolic link"); was: the
    # walk followed it to a repository elsewhere and named that repository's FIFO as the project's, with `rm` its fix
    from ralphy.worktree import git_root, git_unsafe

    outside = _repo(tree.parent / "outside", "o.txt")
    _fifo(outside / ".gitignore")
    (tree / "sub").rename(tree / "sub-moved")
    (tree / "sub").symlink_to(outside)
    subprocess.run(["git", "status"], cwd=tree, capture_output=True, timeout=20, stdin=subprocess.DEVNULL)
    assert git_unsafe(tree, git_root(tree)) is None
