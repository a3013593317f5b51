"""Where the Claude CLI looks for agent files and how it walks those folders: project folders up to the git
root, the user folder, and enabled plugins."""

from __future__ import annotations

import itertools
import logging
import os
import stat as stat_module
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from ralphy import jsontext

log = logging.getLogger("ralphy.agents.discovery")

_PLUGIN_MAX_DEPTH = 32


@dataclass(frozen=True)
class AgentFile:
    """One file looked at: ``outcome`` is loaded, skipped (not an agent: see ``reason``), shadowed (another
    file with the same name wins) or ignored (not an agent file at all, e.g. ``LICENSE``)."""

    path: Path
    scope: str
    outcome: str
    name: str | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "scope": self.scope, "outcome": self.outcome, "name": self.name,
                "reason": self.reason}



# ---------------------------------------------------------------------------------------------------------
# Walking directories


# A child path from a listed name, as ``Path.iterdir`` builds it (a quarter of ``directory / name``'s cost).
_child_path: Any = getattr(Path, "_make_child_relpath", Path.__truediv__)

# Files and folders one agent directory's walk looks at, at most: links are followed as the CLI follows them, and
# a repository's `.claude/agents/x -> /` walked the whole file system (minutes, in every command that discovers
# agents). The largest real catalogs hold a few thousand.
MAX_WALK_ENTRIES = 100_000

# A file to read: (path, the path as a string, agent name prefix, whether a project/user file is a symlink).
_FileItem = tuple[Path, str, str, bool]


def _walk_agent_dir(root: Path, scope: str, sort: bool = False) -> list[_FileItem | AgentFile]:
    """``*.md`` files under ``root`` in the CLI's order: depth first, directory-listing order, symlinks
    followed, each directory (by device and inode) visited once. Anything else the CLI passes over comes as
    an "ignored" ``AgentFile`` of ``scope``."""
    found: list[_FileItem | AgentFile] = []
    seen: set[tuple[int, int]] = set()
    budget = [MAX_WALK_ENTRIES]  # entries left to look at (a link to / would walk the whole file system)

    def listing(directory: Path) -> Iterator[tuple[Path, os.DirEntry[str]]] | None:
        try:
            stat = directory.stat()
        except OSError as exc:
            log.debug("cannot stat %s: %s", directory, exc)
            return None
        key = (stat.st_dev, stat.st_ino)
        if key in seen:
            log.debug("skipping already visited directory (symlink loop): %s", directory)
            return None
        seen.add(key)
        try:
            with os.scandir(directory) as scan:
                entries = list(itertools.islice(scan, budget[0] + 1))
            if sort:  # newer CLIs walk each folder in name order, not listing order
                entries.sort(key=lambda entry: entry.name)
        except OSError as exc:
            log.debug("cannot list %s: %s", directory, exc)
            return None
        budget[0] -= len(entries)
        return iter([(directory, entry) for entry in entries])

    # Depth first with a stack of listings, not recursion: a repository can nest folders 1,500 deep
    # (.claude/agents/a/a/a/...), past Python's recursion limit (that was a RecursionError traceback).
    first = listing(root)
    stack = [first] if first is not None else []
    while stack:
        if budget[0] < 0:
            why = (f"more than {MAX_WALK_ENTRIES:,} files and folders below it (a link to a large folder, or to /?); "
                   "the rest was not searched")
            log.warning("%s: %s", root, why)
            found.append(AgentFile(root, scope, "ignored", reason=why))
            break
        try:
            directory, entry = next(stack[-1])
        except StopIteration:
            stack.pop()
            continue
        name = entry.name
        path = _child_path(directory, name)
        try:
            symlink = entry.is_symlink()
            if symlink:
                mode = os.stat(entry.path).st_mode
                is_file, is_dir = stat_module.S_ISREG(mode), stat_module.S_ISDIR(mode)
            else:
                is_file = entry.is_file(follow_symlinks=False)
                is_dir = not is_file and entry.is_dir(follow_symlinks=False)
        except OSError as exc:
            found.append(AgentFile(path, scope, "ignored",
                                   reason=f"cannot follow the symlink: {exc.strerror or exc}"))
            continue
        if is_file and name.endswith(".md"):
            found.append((path, entry.path, "", symlink))
        elif is_dir:
            inner = listing(path)
            if inner is not None:
                stack.append(inner)
        else:
            found.append(AgentFile(path, scope, "ignored",
                                   reason="not a '.md' file (the CLI reads only *.md, case-sensitive)"))
    return found


def _walk_plugin_dir(root: Path) -> list[tuple[Path, str, tuple[str, ...]]]:
    """Plugin agent files (path, the path as a string, sub-folder names): no symlinks, ``.md`` in any case,
    depth < 32."""
    found: list[tuple[Path, str, tuple[str, ...]]] = []

    def visit(directory: Path, parts: tuple[str, ...]) -> None:
        if len(parts) >= _PLUGIN_MAX_DEPTH:
            return
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError as exc:
            log.debug("cannot list %s: %s", directory, exc)
            return
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                visit(directory / entry.name, (*parts, entry.name))
            elif entry.is_file(follow_symlinks=False) and entry.name.lower().endswith(".md"):
                found.append((directory / entry.name, entry.path, parts))

    visit(root, ())
    return found


# ---------------------------------------------------------------------------------------------------------
# Where to look


def find_git_root(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` holding ``.git`` (a directory or a worktree file)."""
    for directory in (start, *start.parents):
        if (directory / ".git").exists():
            return directory
    return None


def project_agent_dirs(project_dir: Path, *, walk_to_git_root: bool = True) -> list[Path]:
    """Every existing ``.claude/agents`` from ``project_dir`` up to the git root (or /), nearest first,
    stopping before the home directory. Without ``walk_to_git_root`` (2.0.x): ``project_dir``'s own only."""
    start = Path(os.path.abspath(project_dir))
    home = Path(os.path.abspath(Path.home()))
    git_root = find_git_root(start)
    found = []
    for directory in (start, *start.parents):
        if directory == home:
            break
        candidate = directory / ".claude" / "agents"
        if os.path.lexists(candidate) and _exists(candidate):
            found.append(candidate)
        if directory == git_root or not walk_to_git_root:
            break
    return found


def _exists(path: Path) -> bool:
    try:
        path.stat()
    except OSError:
        return False
    return True


def default_config_dir() -> Path:
    """``$CLAUDE_CONFIG_DIR`` or ``~/.claude``, as the CLI resolves its config directory."""
    env = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(env) if env else Path.home() / ".claude"


# ---------------------------------------------------------------------------------------------------------
# Plugins


@dataclass(frozen=True)
class Plugin:
    """An enabled plugin: its name (used as the agent prefix) and root directory."""

    name: str
    root: Path


def _read_json(path: Path) -> Any:
    try:
        return jsontext.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.debug("cannot read %s: %s", path, exc)
        return None


def _plugin_manifest(root: Path) -> dict[str, Any]:
    manifest = _read_json(root / ".claude-plugin" / "plugin.json")
    return manifest if isinstance(manifest, dict) else {}


def _plugin_from_dir(root: Path, default_name: str) -> Plugin:
    name = _plugin_manifest(root).get("name")
    return Plugin(name if isinstance(name, str) and name else default_name, root)


def _enabled_plugin_ids(config_dir: Path, project_dir: Path) -> dict[str, Any]:
    """``enabledPlugins`` merged over the settings files the CLI reads (later files win)."""
    merged: dict[str, Any] = {}
    for settings_file in (config_dir / "settings.json", project_dir / ".claude" / "settings.json",
                          project_dir / ".claude" / "settings.local.json"):
        settings = _read_json(settings_file) if settings_file.is_file() else None
        if isinstance(settings, dict) and isinstance(settings.get("enabledPlugins"), dict):
            merged.update(settings["enabledPlugins"])
    return merged


def installed_plugins(config_dir: Path, project_dir: Path) -> list[Plugin]:
    """Installed plugins that are enabled (``enabledPlugins["name@marketplace"] is true``), whose marketplace
    is registered in ``known_marketplaces.json`` and whose ``installPath`` exists."""
    plugins_dir = config_dir / "plugins"
    installed = _read_json(plugins_dir / "installed_plugins.json")
    known = _read_json(plugins_dir / "known_marketplaces.json")
    if not isinstance(installed, dict) or not isinstance(installed.get("plugins"), dict):
        return []
    known = known if isinstance(known, dict) else {}
    found = []
    for plugin_id, enabled in sorted(_enabled_plugin_ids(config_dir, project_dir).items()):
        name, _, marketplace = plugin_id.partition("@")
        if enabled is not True or not name or marketplace not in known:
            continue
        install_path = _install_path(installed["plugins"].get(plugin_id), project_dir)
        if install_path is not None and install_path.is_dir():
            found.append(_plugin_from_dir(install_path, name))
    return found


def _install_path(entries: Any, project_dir: Path) -> Path | None:
    if isinstance(entries, dict):  # version 1: one entry per plugin
        entries = [entries]
    if not isinstance(entries, list):
        return None
    usable = [entry for entry in entries if isinstance(entry, dict) and isinstance(entry.get("installPath"), str)
              and (entry.get("scope", "user") in ("user", "managed")
                   or entry.get("projectPath") == str(project_dir))]
    return Path(usable[0]["installPath"]) if usable else None


def _plugin_agent_roots(plugin: Plugin) -> list[Path]:
    """The plugin's ``agents/`` folder, or the paths its manifest lists under ``agents`` instead."""
    declared = _plugin_manifest(plugin.root).get("agents")
    if declared is None:
        return [plugin.root / "agents"]
    paths = [declared] if isinstance(declared, str) else declared if isinstance(declared, list) else []
    return [plugin.root / item for item in paths if isinstance(item, str)]

