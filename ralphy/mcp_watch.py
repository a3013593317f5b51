"""What ``ralphy mcp`` watches to notice that the agents Claude Code would load have changed: a signature of
every agent folder (walked as discovery walks it, through linked folders), every agent file, the
``.claude/agents`` folders that may appear between the project and its git root, the files that choose the
plugins, and the ignore files a 2.0.x CLI's file listing follows (``ignore_files``). Stat calls only, no reads:
it is taken before every tool call."""

from __future__ import annotations

import itertools
import os
import stat as stat_module
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ralphy.agents.agent_dirs import MAX_WALK_ENTRIES, find_git_root

Entry = tuple[str, int, int]


def _stat(path: str | os.PathLike[str]) -> Entry:
    """(path, mtime, size) following links; (path, -1, -1) when it is not there."""
    try:
        stat_ = os.stat(path)
    except OSError:
        return (os.fspath(path), -1, -1)
    return (os.fspath(path), stat_.st_mtime_ns, stat_.st_size)


def project_candidates(project_dir: Path) -> list[Path]:
    """Every ``.claude/agents`` the CLI would read from ``project_dir`` up to the git root (or /), stopping before
    the home folder, whether it exists yet or not (``agent_dirs.project_agent_dirs`` gives the existing ones)."""
    home = Path(os.path.abspath(Path.home()))
    git_root = find_git_root(project_dir)
    found = []
    for directory in (project_dir, *project_dir.parents):
        if directory == home:
            break
        found.append(directory / ".claude" / "agents")
        if directory == git_root:
            break
    return found


def plugin_files(config_dir: Path, project_dir: Path) -> list[Path]:
    """The files that say which plugins are installed and enabled, and each installed plugin's manifest (which
    may list its agent files)."""
    from ralphy.agents.agent_dirs import installed_plugins

    files = [config_dir / "settings.json", project_dir / ".claude" / "settings.json",
             project_dir / ".claude" / "settings.local.json", config_dir / "plugins" / "installed_plugins.json",
             config_dir / "plugins" / "known_marketplaces.json"]
    return files + [plugin.root / ".claude-plugin" / "plugin.json" for plugin in installed_plugins(config_dir, project_dir)]


def ignore_files(project_dir: Path) -> list[Path]:
    """The ignore files CLI 2.0.x's ripgrep follows above the agent folders (``ralphy.agents.ignored_dirs``; those
    inside them are stat'ed by the walk): each ``.gitignore`` from ``project_dir`` up to its git root, the
    repository's ``info/exclude`` (a linked worktree's common one too), the user's default global ignore file and
    the git configs that may name another (a ``core.excludesFile`` elsewhere is not watched)."""
    git_root = find_git_root(project_dir)
    if git_root is None:
        return []
    files = [directory / ".gitignore" for directory in (project_dir, *project_dir.parents)
             if directory == git_root or git_root in directory.parents]
    from ralphy.git_reads import git_folders

    for folder in git_folders(git_root):
        files += [folder / "info" / "exclude", folder / "config"]
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return files + [Path(xdg) / "git" / "ignore", Path(xdg) / "git" / "config", Path.home() / ".gitconfig"]


def _walk(root: str, entries: list[Entry]) -> None:
    """Each folder's, ``.md`` file's and ``.gitignore``'s (path, mtime, size) under ``root``, links followed, each
    folder once; a folder's mtime changes when a file is added, removed or renamed in it."""
    seen: set[tuple[int, int]] = set()
    budget = MAX_WALK_ENTRIES
    stack = [root]
    while stack and budget > 0:
        folder = stack.pop()
        try:
            stat_ = os.stat(folder)
            if (stat_.st_dev, stat_.st_ino) in seen:
                continue
            seen.add((stat_.st_dev, stat_.st_ino))
            with os.scandir(folder) as scan:  # at most the budget's entries: a folder of millions is not read whole
                listed = sorted(itertools.islice(scan, budget), key=lambda entry: entry.name)
        except OSError:
            continue
        entries.append((folder, stat_.st_mtime_ns, -2))
        budget -= len(listed)
        for entry in listed:
            try:
                mode = entry.stat().st_mode  # through a link, as discovery reads it
            except OSError:
                continue
            if stat_module.S_ISDIR(mode):
                stack.append(entry.path)
            elif entry.name.lower().endswith(".md") or entry.name == ".gitignore":
                entries.append(_stat(entry.path))


def signature(roots: Iterable[Path], files: Sequence[Path]) -> tuple[Any, ...]:
    """The signature of the agent ``roots`` (folders, or single agent files a plugin lists) and other ``files``."""
    entries: list[Entry] = [_stat(path) for path in files]
    for root in dict.fromkeys(roots):
        path = os.fspath(root)
        if os.path.isdir(path):
            _walk(path, entries)
        else:
            entries.append(_stat(path))
    return tuple(entries)
