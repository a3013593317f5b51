"""Folders of an agent directory that the repository's ignore files name: CLI 2.0.x lists agent files with
``rg --files --hidden --follow --glob '*.md' DIR``, and ripgrep does not go into a folder that a ``.gitignore``
(of the folder or above it in the git repository), ``.git/info/exclude`` or the user's ``core.excludesFile``
names; the ``*.md`` glob keeps every ``.md`` file of a folder it does go into, so only folders count, and a rule
naming the agent directory or a folder above it (``.claude/``) keeps nothing out, as ripgrep starts inside it
(measured on 2.0.0; 2.1.x walks the folders itself and ignores nothing). git answers which folders those are;
when git says the agent directory itself is ignored it cannot tell the rules below apart, and nothing is left
out.

ripgrep's own ``.ignore`` and ``.rgignore`` files are not read here (docs/claude-cli.md)."""

from __future__ import annotations

import logging
import os
import subprocess
from pathlib import Path
from typing import Iterable

log = logging.getLogger("ralphy.agents.discovery")


def _git_would_wait(folders: list[Path]) -> str | None:
    """Why ``git check-ignore`` would wait on these folders: git opens every ``.gitignore`` on their way from the
    work tree's root, and its own HEAD, config and excludes, with a blocking open(), and a FIFO there (an archive
    can ship one) held it for the whole timeout in every command that discovers agents for a 2.0.x CLI."""
    import stat as stat_module

    from ralphy.worktree import git_unsafe, git_root

    top = git_root(folders[0])
    if top is None:
        return None
    if (why := git_unsafe(top, None)) is not None:
        return why
    seen: set[Path] = set()
    for folder in folders:
        for place in (folder, *folder.parents):
            if place in seen or (place != top and top not in place.parents):
                break
            seen.add(place)
            try:
                mode = os.lstat(place / ".gitignore").st_mode
            except OSError:
                continue
            if not (stat_module.S_ISREG(mode) or stat_module.S_ISLNK(mode)):
                return f"{place / '.gitignore'} is not a regular file (git would wait on it)"
    return None


def ignored_folders(root: Path, files: Iterable[Path]) -> set[Path]:
    """The folders below ``root`` (holding some of ``files``, or above them) that git says are ignored. Empty
    outside a git work tree, without git, or when git cannot answer (a folder reached through a symlink)."""
    folders: set[Path] = set()
    for path in files:
        for parent in path.parents:
            if parent == root or root not in parent.parents:
                break
            folders.add(parent)
    if not folders:
        return set()
    from ralphy.claude.command import find_program

    git = find_program("git")  # on PATH's absolute entries: a relative one would find the project's own ./git
    if git is None:
        return set()
    # root itself first: ripgrep starts inside it, so a rule naming root or a folder above it (".claude/") keeps
    # nothing out, while git would call everything below ignored with it
    ordered = [root, *sorted(folders)]
    if (why := _git_would_wait(ordered)) is not None:
        log.warning("%s; the agent folders' ignore rules are not checked", why)
        return set()
    try:
        done = subprocess.run(
            # core.fsmonitor names a command git may run: a .git/config shipped with the files must not choose it
            [git, "-c", "core.fsmonitor=false", "check-ignore", "--stdin", "-z"],
            cwd=root, input=b"".join(os.fsencode(folder) + b"\0" for folder in ordered),
            capture_output=True, timeout=30, check=False,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        log.debug("git check-ignore in %s: %s", root, exc)
        return set()
    if done.returncode not in (0, 1):  # 128: not a git work tree, a path past a symlink or outside the tree
        log.debug("git check-ignore in %s: exit %s: %s", root, done.returncode, done.stderr[-300:])
        return set()
    answered = {os.fsdecode(item).rstrip("/") for item in done.stdout.split(b"\0") if item}
    if os.fspath(root) in answered:
        return set()
    return {folder for folder in ordered if os.fspath(folder) in answered}
