"""Which Claude CLI ralphy drives: its version, read cheaply, and what that version does differently.

``claude --version`` costs 0.02 s on a new CLI and 1-2 s on an old one, so it is asked once per binary (or read
from the ``package.json`` of the npm package the binary belongs to, which is instant) and the answer cached in the user's cache directory (``$XDG_CACHE_HOME/ralphy`` or ``~/.cache/ralphy``), keyed by the
binary's real path, size and modification time: a reinstalled or upgraded CLI is asked again. The ``init``
line of a run carries ``claude_code_version`` (2.1.62 and later); ``confirm`` corrects the cache if it ever
disagrees.

One supported range (``MIN_SUPPORTED`` .. ``NEWEST_TESTED``) is declared here and nowhere else. ``check``
refuses a CLI below it (one line naming the version found and the range) and returns a warning for one newer
than the newest tested. The facts per version (see docs/claude-cli.md) are functions of a ``Version`` here, so
the prompt, lint, discovery and ``ralphy doctor`` agree: ``delegation_tool``, ``permission_modes``,
``DiscoveryRules``. Stdlib only and light: ``ralphy dev`` calls it before the rest of ralphy loads.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ralphy import jsontext
from ralphy.errors import UnsupportedClaudeError


@dataclass(frozen=True, order=True)
class Version:
    """A Claude CLI version, ``major.minor.patch``, ordered."""

    major: int
    minor: int
    patch: int

    @classmethod
    def parse(cls, text: object) -> "Version | None":
        """The version at the start of ``text`` ("2.1.197 (Claude Code)", "2.1.62"), or None."""
        if not isinstance(text, str):
            return None
        match = _VERSION.match(text.strip())
        if match is None:
            return None
        return cls(*(int(part) for part in match.groups()))

    def __str__(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


_VERSION = re.compile(r"v?(\d{1,6})\.(\d{1,6})\.(\d{1,9})(?![\d.])")

# The supported range: the oldest CLI ralphy works with and the newest it was tested on (CI runs the end-to-end
# suite on MIN_SUPPORTED, LAST_TASK_TOOL and NEWEST_TESTED; scripts/setup.sh installs them).
MIN_SUPPORTED = Version(2, 0, 0)
NEWEST_TESTED = Version(2, 1, 331)
# How to install the CLI ralphy is tested with: every install or upgrade hint says this (scripts/setup.sh and the
# README pin the same version; tests/claude/test_install_hint.py reads them)
INSTALL_COMMAND = f"npm install -g @anthropic-ai/claude-code@{NEWEST_TESTED}"
LAST_TASK_TOOL = Version(2, 1, 62)  # the last CLI whose delegation tool is called "Task"
FIRST_AGENT_TOOL = Version(2, 1, 63)

VERSION_TIMEOUT_S = 15.0  # `claude --version` of 1.0.128 takes ~2 s cold on a slow machine
CACHE_FILE = "claude-versions.json"
_CACHE_ENTRIES = 64  # binaries remembered; the oldest entries go first


def supported_range() -> str:
    return f"{MIN_SUPPORTED} to {NEWEST_TESTED}"


# ------------------------------------------------------------------------------------------------- facts


def delegation_tool(version: Version | None) -> str:
    """The name of the tool the model delegates to a subagent with: ``Task`` before 2.1.63, ``Agent`` from then
    (``init.tools`` still says "Task" on 2.1.197 and later: it is not evidence). Unknown: ``Agent``."""
    if version is not None and version < FIRST_AGENT_TOOL:
        return "Task"
    return "Agent"


_ALL_PERMISSION_MODES = ("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto")


def permission_modes(version: Version | None) -> tuple[str, ...]:
    """The ``--permission-mode`` values the CLI accepts (2.0.x lacks dontAsk and auto; 2.1.62 lacks auto)."""
    if version is None:
        return _ALL_PERMISSION_MODES
    if version < Version(2, 1, 0):
        return ("default", "acceptEdits", "bypassPermissions", "plan")
    if version <= LAST_TASK_TOOL:
        return ("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk")
    return _ALL_PERMISSION_MODES


FIRST_USAGE_EVENTS = Version(2, 1, 45)  # the first CLI with rate_limit_event (2.1.44 and older have none)


def reports_usage(version: Version | None) -> bool:
    """Whether the CLI writes ``rate_limit_event`` lines, the only place ralphy learns how much of a usage window
    is used (``--stop-at-usage``): from 2.1.45 (bisected on the npm releases 2.0.77 .. 2.1.62). Unknown: yes."""
    return version is None or version >= FIRST_USAGE_EVENTS


def initialize_reports_agents(version: Version | None) -> bool:
    """Whether the ``initialize`` control request answers with the agents the CLI loaded (from ~2.1.100)."""
    return version is None or version >= Version(2, 1, 100)


@dataclass(frozen=True)
class DiscoveryRules:
    """How a CLI version finds and reads agent files; the defaults are 2.1.197's. Read from each CLI's bundle and
    checked against the CLI itself by tests/e2e/test_discovery_parity.py (see docs/claude-cli.md)."""

    # "yaml": YAML 1.2, second chance quoting values holding YAML syntax or ": ", leading tabs made spaces.
    # "yaml-2.1.62": the same without ": " among the special characters, without the tab fix, and duplicate
    # keys are an error. "yaml-node" (2.1.63-2.1.112, cli.js on Node's `yaml`): as 2.1.62's, with ": " special.
    # "yaml-bun-2.1.150" (2.1.113-2.1.150): as "yaml", but a line's leading tabs are no indentation (the older
    # Bun parser loads "\tdescription: ..." as a key). "lines" (2.0.x): no YAML at all, every "key: value" line is a string (quotes trimmed).
    frontmatter: str = "yaml"
    bom_is_frontmatter: bool = False  # ~2.1.250+: a file starting with U+FEFF then "---" has frontmatter
    dash_names: bool = False  # up to 2.1.62: a name may start with '-'
    walk_to_git_root: bool = True  # 2.0.x: only the working directory's own .claude/agents
    max_file_bytes: int | None = 1024 * 1024  # up to 2.1.62: no size limit
    sorted_walk: bool = False  # from 2.1.330 (after 2.1.300): each folder walked in name order, so the
    # last file by name wins a clash inside one folder (earlier: the last in directory-listing order)
    plugins: bool = True  # 2.0.x: plugin agents only with ENABLE_PLUGINS set, and no --plugin-dir flag
    colon_names: bool = True  # up to 2.1.197: from 2.1.237 a name holding ':' (after NFKC) is refused
    max_name_length: int | None = None  # from 2.1.300: at most 256 (JavaScript's length: UTF-16 code units)
    ignore_files: bool = False  # 2.0.x: ripgrep lists the files, skipping folders the repository's ignore files name
    nearest_dir_wins: bool = True  # up to 2.1.150: of two project folders defining one name, the farther one
    # (nearer the git root) wins, as the CLI merges the folders nearest first and the last one read wins

    @classmethod
    def for_version(cls, version: Version | None) -> "DiscoveryRules":
        if version is None:
            return cls()
        old = version < Version(2, 1, 0)
        up_to_62 = version <= LAST_TASK_TOOL
        up_to_150 = version <= LAST_FAR_WINS
        return cls(
            frontmatter=("lines" if old else "yaml-2.1.62" if up_to_62 else "yaml-node" if version <= LAST_NODE_CLI
                         else "yaml-bun-2.1.150" if up_to_150 else "yaml"),
            bom_is_frontmatter=version >= BOM_FRONTMATTER_FROM,
            dash_names=up_to_150,
            walk_to_git_root=not old,
            max_file_bytes=None if up_to_150 else 1024 * 1024,
            sorted_walk=version >= SORTED_WALK_FROM,
            plugins=not old or bool(os.environ.get("ENABLE_PLUGINS")),
            colon_names=version < COLON_NAMES_REFUSED_FROM,
            max_name_length=MAX_NAME_LENGTH if version >= NAME_LENGTH_FROM else None,
            ignore_files=old,
            nearest_dir_wins=not up_to_150,
        )


BOM_FRONTMATTER_FROM = Version(2, 1, 250)
# The npm package is cli.js run by Node up to 2.1.112 and a Bun binary from 2.1.113 (read from the packages).
LAST_NODE_CLI = Version(2, 1, 112)
# The last CLI measured with 2.1.62's rules for a name starting with '-', no size limit, and the farther project
# folder winning a clash (2.1.100, 2.1.113 and 2.1.150 measured; 2.1.197 has the newer rules; first between: unknown)
LAST_FAR_WINS = Version(2, 1, 150)
# A name holding ':' is refused from 2.1.237 (2.1.197 loads it; first between: unknown), one longer than 256 from
# 2.1.300 (2.1.250 loads it): read from each CLI's bundle, checked by tests/e2e/test_discovery_parity.py
COLON_NAMES_REFUSED_FROM = Version(2, 1, 237)
NAME_LENGTH_FROM = Version(2, 1, 300)
MAX_NAME_LENGTH = 256
SORTED_WALK_FROM = Version(2, 1, 330)  # 2.1.300 walks in listing order, 2.1.330 by name (first between: unknown)


# -------------------------------------------------------------------------------------- the supported range


def check(version: Version | None, binary: str) -> str | None:
    """Refuse a CLI below the supported range (UnsupportedClaudeError, one line naming the version and the
    range); return a warning line for one newer than the newest tested, else None. An unknown version (a
    wrapper script that does not answer ``--version``) passes: ralphy assumes the newest behaviour, and
    ``ralphy doctor`` says so."""
    if version is None:
        return None
    if version < MIN_SUPPORTED:
        raise UnsupportedClaudeError(
            f"the Claude CLI {binary} is version {version}, older than ralphy supports ({supported_range()}); "
            f"upgrade it with `{INSTALL_COMMAND}`"
        )
    if version > NEWEST_TESTED:
        return (f"the Claude CLI {binary} is version {version}, newer than the newest ralphy was tested with "
                f"({NEWEST_TESTED}); it will probably work — report anything odd")
    return None


def check_permission_mode(version: Version | None, permission_mode: str | None, binary: str) -> None:
    """A ``--permission-mode`` value the CLI does not know fails every run the same way: refuse it before."""
    if not permission_mode or permission_mode in permission_modes(version):
        return
    raise UnsupportedClaudeError(
        f"permission_mode {permission_mode!r} is not known to the Claude CLI {binary} (version {version}, which "
        f"accepts {', '.join(permission_modes(version))}); choose one of those or upgrade the CLI"
    )


# ------------------------------------------------------------------------------------------- reading it


def cache_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_CACHE_HOME/ralphy``, else ``~/.cache/ralphy``."""
    base = environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path(environ.get("HOME") or Path.home()) / ".cache") / "ralphy"


def _key(binary: str) -> tuple[str, dict[str, int]] | None:
    try:
        real = os.path.realpath(binary)
        stat = os.stat(real)
    except OSError:
        return None
    return real, {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def _load_cache(path: Path) -> dict[str, dict]:
    try:
        data = jsontext.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_cache(path: Path, data: dict[str, dict]) -> None:
    """Atomic replace; a cache that cannot be written is only slower next time."""
    if len(data) > _CACHE_ENTRIES:
        data = dict(list(data.items())[-_CACHE_ENTRIES:])
    import tempfile

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".claude-versions.", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(data, handle)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass


def cached_version(binary: str, environ: Mapping[str, str] = os.environ) -> Version | None:
    """The cached version of ``binary`` if the cache has it for the binary's current size and mtime."""
    key = _key(binary)
    if key is None:
        return None
    entry = _load_cache(cache_dir(environ) / CACHE_FILE).get(key[0])
    if not isinstance(entry, dict) or any(entry.get(k) != v for k, v in key[1].items()):
        return None
    return Version.parse(entry.get("version"))


def remember(binary: str, version: Version, environ: Mapping[str, str] = os.environ) -> None:
    key = _key(binary)
    if key is None:
        return
    path = cache_dir(environ) / CACHE_FILE
    data = _load_cache(path)
    data.pop(key[0], None)
    data[key[0]] = {**key[1], "version": str(version)}
    _save_cache(path, data)


def ask_version(binary: str, env: Mapping[str, str] | None = None, timeout: float = VERSION_TIMEOUT_S) -> Version | None:
    """Run ``binary --version`` (no cache); None when it fails, hangs or prints no version.

    The CLI runs with a throwaway ``CLAUDE_CONFIG_DIR``: reading a version must not write the user's
    ``~/.claude.json``, and a 2.0.x CLI whose global config is corrupt (two CLIs writing it at once) starts its
    interactive repair screen instead of printing the version."""
    import subprocess
    import tempfile

    from ralphy.claude.command import exec_argv
    from ralphy.errors import ClaudeNotFoundError

    environment = dict(os.environ if env is None else env)
    try:
        with tempfile.TemporaryDirectory(prefix="ralphy-version-") as config_dir:
            environment["CLAUDE_CONFIG_DIR"] = config_dir
            done = subprocess.run(exec_argv([binary, "--version"], environment), capture_output=True, text=True,
                                  timeout=timeout, env=environment, stdin=subprocess.DEVNULL, check=False)
    except (OSError, subprocess.SubprocessError, ValueError, ClaudeNotFoundError):
        return None
    return version_in_output(done.stdout) if done.returncode == 0 else None


def version_in_output(output: str) -> Version | None:
    """The version ``claude --version`` printed: its ``2.1.62 (Claude Code)`` line, else the first line that starts
    with a version. A wrapper script or a shell profile may print a notice first ("Update available: 2.1.331"):
    read as a whole, that output named no version, so a 2.1.62 behind it was taken for the newest CLI (told to
    delegate with Agent) and a 1.0.128 behind it was not refused."""
    lines = output.splitlines()
    for line in sorted(lines, key=lambda line: not line.strip().endswith("(Claude Code)")):  # stable: order kept
        if (version := Version.parse(line)) is not None:
            return version
    return None


def npm_package_version(binary: str) -> Version | None:
    """The version in the ``package.json`` of the npm package ``@anthropic-ai/claude-code`` the binary belongs to
    (``.../node_modules/@anthropic-ai/claude-code/cli.js`` or ``.../bin/claude.exe``), or None: instant, where
    ``claude --version`` boots the whole CLI (2 s for 1.0.128 on a busy machine)."""
    package = cli_package(binary)
    return None if package is None else Version.parse(package.get("version"))


def cli_package(binary: str) -> dict | None:
    """The ``package.json`` of the npm package ``@anthropic-ai/claude-code`` the binary belongs to (beside it, or
    one folder up), or None; at most 1 MiB of it is read."""
    try:
        directory = Path(os.path.realpath(binary)).parent
    except (OSError, ValueError):
        return None
    for candidate in (directory, directory.parent):
        try:
            with open(candidate / "package.json", "rb") as handle:
                package = json.loads(handle.read(1024 * 1024))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(package, dict) and package.get("name") == "@anthropic-ai/claude-code":
            return package
    return None


def claude_version(binary: str, env: Mapping[str, str] | None = None, *,
                   environ: Mapping[str, str] = os.environ) -> Version | None:
    """The version of the CLI ``binary``: from the cache when the binary is unchanged, else from its npm
    package, else ``--version``."""
    version = cached_version(binary, environ)
    if version is None:
        version = npm_package_version(binary) or ask_version(binary, env)
        if version is not None:
            remember(binary, version, environ)
    return version


def version_in_use(claude_bin: str | None = None, environ: Mapping[str, str] = os.environ) -> Version | None:
    """The version of the CLI ``ralphy dev`` would run (``claude_bin``, ``$RALPHY_CLAUDE_BIN`` or ``claude`` on
    PATH), or None when there is none or it cannot tell. Never raises."""
    from ralphy.claude.command import resolve_claude_bin
    from ralphy.errors import ClaudeNotFoundError

    try:
        binary = resolve_claude_bin(claude_bin, environ)
    except ClaudeNotFoundError:
        return None
    return claude_version(binary, environ=environ)


def confirm(binary: str, known: Version | None, reported: object,
            environ: Mapping[str, str] = os.environ) -> Version | None:
    """The ``init`` line's ``claude_code_version`` confirms ``known``; if it differs, it wins and is cached."""
    version = Version.parse(reported)
    if version is not None and version != known:
        remember(binary, version, environ)
        return version
    return known
