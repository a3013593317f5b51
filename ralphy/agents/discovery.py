"""Find Claude Code subagents exactly as the Claude CLI does: by default as the newest (2.1.197's rules), or as
another version with ``rules=DiscoveryRules.for_version(version)`` (``ralphy.claude.version``; what differs is
in docs/claude-cli.md).

Split by what changes together: ``frontmatter`` (the CLI's parser of an agent file's header), ``agent_file``
(one file: read, checked, turned into an ``AgentSpec``), ``agent_dirs`` (where the CLI looks, how it walks,
plugins); this module resolves clashes and scopes into a ``Discovery``.

What 2.1.197 does (read from its bundle, checked by ``tests/e2e/test_discovery_parity.py``):

* **Project scope**: ``<dir>/.claude/agents`` for every directory from the working directory up to the git
  root (outside a git repository: up to the file-system root), never the home directory itself (that one is
  the user scope). The nearest directory wins a name clash (up to CLI 2.1.150 the farthest: DiscoveryRules).
* **User scope**: ``$CLAUDE_CONFIG_DIR/agents`` or ``~/.claude/agents``. Project beats user beats plugin.
* Each directory is walked recursively, following symlinks (a directory seen twice is skipped, so loops end),
  in directory-listing order; files whose name ends in ``.md`` (case-sensitive) are read. Inside one
  directory the *last* file walked wins a name clash. A file reached twice through a hard link is read once.
* A file must be a regular file of at most 1 MiB. The frontmatter is the text between a first line ``---``
  and the next ``---``; it is parsed as YAML 1.2 (Bun's parser), with the CLI's fallback that quotes values
  holding YAML special characters when the first parse fails.
* The agent's identity is the frontmatter ``name`` (a non-empty string not starting with ``-``); a
  non-empty string ``description`` is required; a literal ``\\n`` in it becomes a newline.
* **Plugins** (``<plugin>/agents/**/*.md``, no symlinks followed, ``.md`` case-insensitive) are lenient: the
  name defaults to the file name, the description to ``Agent from <plugin> plugin``; the agent is called
  ``plugin:name`` or ``plugin:sub:name``. The plugin's name comes from ``.claude-plugin/plugin.json`` when it
  has one, else from the directory (``--plugin-dir``) or the installed id (``name@marketplace``).

Nothing here raises for a bad agent file: every file looked at is in ``Discovery.files`` with its outcome,
and every skipped one in ``Discovery.problems`` with a reason a person understands.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ralphy.agents.agent_dirs import (  # noqa: F401 - re-exported: the public API of discovery
    AgentFile,
    Plugin,
    _FileItem,
    _walk_agent_dir,
    _walk_plugin_dir,
    default_config_dir,
    find_git_root,
    installed_plugins,
    project_agent_dirs,
    _plugin_agent_roots,
    _plugin_from_dir,
)
from ralphy.agents.agent_file import (  # noqa: F401
    MAX_AGENT_FILE_BYTES,
    NEWEST_RULES,
    AgentProblem,
    _agent_from_text,
    _read_text,
    load_agent_file,
    parse_tools,
)
from ralphy.agents.frontmatter import find_frontmatter, simple_frontmatter, split_frontmatter  # noqa: F401
from ralphy.agents.spec import AgentSpec
from ralphy.claude.version import DiscoveryRules

__all__ = [
    "MAX_AGENT_FILE_BYTES", "SCOPES", "AgentClash", "AgentFile", "AgentProblem", "Discovery", "DiscoveryRules",
    "Plugin", "default_config_dir", "discover_agents", "find_frontmatter", "find_git_root", "installed_plugins",
    "load_agent_file", "parse_tools", "project_agent_dirs", "simple_frontmatter", "split_frontmatter",
]
log = logging.getLogger(__name__)

SCOPES = ("project", "user", "plugins")


@dataclass(frozen=True)
class AgentClash:
    """Several files in one agent directory define the same name; ``winner`` is the one the CLI uses."""

    name: str
    winner: Path
    losers: tuple[Path, ...]



@dataclass
class Discovery:
    """The result of ``discover_agents``: winners sorted by name plus everything needed to explain them."""

    agents: list[AgentSpec] = field(default_factory=list)
    problems: list[AgentProblem] = field(default_factory=list)
    clashes: list[AgentClash] = field(default_factory=list)
    searched: list[Path] = field(default_factory=list)
    files: list[AgentFile] = field(default_factory=list)
    shadowed: dict[str, list[AgentSpec]] = field(default_factory=dict)
    cli_version: Any = None  # the ralphy.claude.version.Version whose rules were followed, when the caller knew it

    def by_name(self, name: str) -> AgentSpec | None:
        """The winning agent called ``name``, or None."""
        return next((spec for spec in self.agents if spec.name == name), None)


@dataclass(frozen=True)
class _Source:
    """One directory of agent files and where it ranks (higher rank wins)."""

    directory: Path
    scope: str
    rank: int
    plugin: str = ""



# ---------------------------------------------------------------------------------------------------------
# Discovery


@dataclass(slots=True)
class _Candidate:
    spec: AgentSpec
    source: _Source


def discover_agents(
    project_dir: str | os.PathLike[str],
    *,
    scopes: Sequence[str] = ("project",),
    config_dir: str | os.PathLike[str] | None = None,
    plugin_dirs: Iterable[str | os.PathLike[str]] = (),
    rules: DiscoveryRules | None = None,
) -> Discovery:
    """Find the subagents the Claude CLI would load when started in ``project_dir``.

    ``scopes`` is any of ``project``, ``user``, ``plugins`` (``all`` means every one). ``config_dir``
    overrides ``$CLAUDE_CONFIG_DIR`` / ``~/.claude``; ``plugin_dirs`` are loaded like ``--plugin-dir``.
    Never raises for bad agent files.
    """
    project_dir = Path(os.path.abspath(project_dir))
    wanted = set(SCOPES) if "all" in scopes else set(scopes)
    unknown = wanted - set(SCOPES)
    if unknown:
        raise ValueError(f"unknown scope(s): {', '.join(sorted(unknown))}")
    config = Path(config_dir) if config_dir is not None else default_config_dir()
    discovery = Discovery()
    rules = NEWEST_RULES if rules is None else rules
    candidates = _collect(discovery, _sources(project_dir, wanted, config, plugin_dirs, rules), rules)
    _resolve(discovery, candidates)
    return discovery


def _sources(project_dir: Path, wanted: set[str], config: Path, plugin_dirs: Iterable[Any],
             rules: DiscoveryRules) -> list[_Source]:
    """Every agent directory in the order the CLI reads them (user, then project nearest first, then plugins)."""
    sources = []
    if "user" in wanted:
        sources.append(_Source(config / "agents", "user", rank=1))
    if "project" in wanted:
        dirs = project_agent_dirs(project_dir, walk_to_git_root=rules.walk_to_git_root)
        # the nearest folder wins a clash from 2.1.197; up to 2.1.150 the farthest (DiscoveryRules.nearest_dir_wins)
        sources += [_Source(d, "project", rank=2 + (len(dirs) - i if rules.nearest_dir_wins else i))
                    for i, d in enumerate(dirs)]
    if "plugins" in wanted and rules.plugins:
        plugins = _plugins(project_dir, config, plugin_dirs)
        sources += [_Source(root, "plugin", rank=0, plugin=p.name) for p in plugins for root in _plugin_agent_roots(p)]
    return sources


def _plugins(project_dir: Path, config: Path, plugin_dirs: Iterable[Any]) -> list[Plugin]:
    session = [_plugin_from_dir(Path(os.path.abspath(d)), Path(os.path.abspath(d)).name) for d in plugin_dirs]
    overridden = {p.name for p in session}  # --plugin-dir replaces an installed plugin of the same name
    return session + [p for p in installed_plugins(config, project_dir) if p.name not in overridden]


def _collect(discovery: Discovery, sources: list[_Source], rules: DiscoveryRules) -> list[_Candidate]:
    candidates: list[_Candidate] = []
    seen_files = _SeenFiles()
    for source in sources:
        discovery.searched.append(source.directory)
        for item in _source_files(source, rules):
            if isinstance(item, AgentFile):
                discovery.files.append(item)
                continue
            path, os_path, prefix, through_symlink = item
            text, status = _read_text(os_path, path, rules.max_file_bytes)
            if seen_files.seen_before(os_path, source.scope, None if through_symlink else status):
                continue
            result = (text if isinstance(text, AgentProblem)
                      else _agent_from_text(path, text, source.scope, prefix, rules))
            if isinstance(result, AgentProblem):
                discovery.problems.append(result)
                discovery.files.append(AgentFile(path, source.scope, "skipped", reason=result.reason))
            else:
                candidates.append(_Candidate(result, source))
    return candidates


def _source_files(source: _Source, rules: DiscoveryRules) -> Iterator[_FileItem | AgentFile]:
    """The files to read in ``source`` and the entries passed over (``AgentFile``)."""
    if source.scope != "plugin":
        found = _walk_agent_dir(source.directory, source.scope, sort=rules.sorted_walk)
        if rules.ignore_files:
            found = _without_ignored_folders(source, found)
        yield from found
        return
    if source.directory.suffix == ".md" and source.directory.is_file():
        yield source.directory, os.fspath(source.directory), f"{source.plugin}:", False
        return
    for path, os_path, parts in _walk_plugin_dir(source.directory):
        yield path, os_path, ":".join((source.plugin, *parts)) + ":", False


def _without_ignored_folders(source: _Source, found: list[_FileItem | AgentFile]) -> list[_FileItem | AgentFile]:
    """2.0.x lists files with ripgrep, which does not go into a folder the repository's ignore files name."""
    from ralphy.agents.ignored_dirs import ignored_folders

    files = [item[0] for item in found if not isinstance(item, AgentFile)]
    ignored = ignored_folders(source.directory, files)
    if not ignored:
        return found
    kept: list[_FileItem | AgentFile] = []
    for item in found:
        if not isinstance(item, AgentFile) and any(parent in ignored for parent in item[0].parents):
            kept.append(AgentFile(item[0], source.scope, "ignored", reason="in a folder the repository's ignore "
                                  "files name (CLI 2.0.x lists agent files with ripgrep, which skips it)"))
        else:
            kept.append(item)
    return kept


class _SeenFiles:
    """The CLI reads a file once even when hard-linked (or reached via a symlinked folder) twice.

    Its key is (device, inode) from ``lstat`` for project and user files and from ``stat`` for plugin files.
    The open file's ``fstat`` gives that same key, saving a system call, except for a project or user file
    reached through a symlink (``lstat`` describes the link itself): callers pass ``opened=None`` then.
    """

    def __init__(self) -> None:
        self._keys: set[tuple[int, int]] = set()

    def seen_before(self, os_path: str, scope: str, opened: os.stat_result | None) -> bool:
        """Whether the file was already read; records it otherwise. A file that cannot be stat'ed is new."""
        stat = opened
        if stat is None:
            try:
                stat = os.stat(os_path) if scope == "plugin" else os.lstat(os_path)
            except OSError:
                return False
        key = (stat.st_dev, stat.st_ino)
        if key in self._keys:
            log.debug("skipping %s: the same file was already read", os_path)
            return True
        self._keys.add(key)
        return False


def _resolve(discovery: Discovery, candidates: list[_Candidate]) -> None:
    """Pick one winner per name (highest rank; inside one directory the last file walked) and record the rest."""
    by_name: dict[str, list[_Candidate]] = {}
    for candidate in sorted(candidates, key=lambda c: c.source.rank):  # stable: walk order within a rank
        by_name.setdefault(candidate.spec.name, []).append(candidate)
    for name, group in by_name.items():
        winner = group[-1]
        discovery.agents.append(winner.spec)
        discovery.files.append(AgentFile(winner.spec.path, winner.source.scope, "loaded", name))
        if len(group) > 1:
            _record_losers(discovery, name, group[:-1], winner)
    discovery.agents.sort(key=lambda spec: spec.name)
    discovery.clashes.sort(key=lambda clash: clash.name)


def _record_losers(discovery: Discovery, name: str, losers: list[_Candidate], winner: _Candidate) -> None:
    same_dir = [c for c in losers if c.source == winner.source]
    if same_dir:
        discovery.clashes.append(AgentClash(name, winner.spec.path, tuple(c.spec.path for c in same_dir)))
    for loser in losers:
        how = "in the same folder" if loser.source == winner.source else f"({winner.source.scope} scope)"
        discovery.files.append(AgentFile(loser.spec.path, loser.source.scope, "shadowed", name,
                                         f"{name!r} is defined again by {winner.spec.path} {how}"))
    discovery.shadowed[name] = [c.spec for c in reversed(losers)]
    _collect_same_dir_clashes(discovery, name, losers, winner)


def _collect_same_dir_clashes(discovery: Discovery, name: str, losers: list[_Candidate], winner: _Candidate) -> None:
    """Clashes inside a directory whose winner is itself shadowed by a nearer directory."""
    by_source: dict[_Source, list[_Candidate]] = {}
    for loser in losers:
        if loser.source != winner.source:
            by_source.setdefault(loser.source, []).append(loser)
    for group in by_source.values():
        if len(group) > 1:
            discovery.clashes.append(AgentClash(name, group[-1].spec.path, tuple(c.spec.path for c in group[:-1])))
