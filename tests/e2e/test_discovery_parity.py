"""ralphy's agent discovery must give the same agents as each real Claude CLI it is run with (no model call):
the pinned one, and in CI the oldest supported, the last with `Task` and the newest (tests/conftest.py)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.agents.discovery import DiscoveryRules, discover_agents
from ralphy.claude.version import LAST_FAR_WINS, LAST_NODE_CLI, Version
from ralphy.testing import init_git_project
from tests.conftest import CORPUS
from tests.e2e.cli_oracle import cli_agents, comparable, custom_agents

pytestmark = pytest.mark.e2e


def agent(name: str, description: str, extra: str = "", body: str = "You are a test agent.") -> str:
    return f"---\nname: {name}\ndescription: {description}\n{extra}---\n\n{body}\n"


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def build_tricky_tree(root: Path) -> Path:
    """A git repo whose agent folders hold every shape we know of; returns the nested working directory."""
    repo = root / "repo"
    work = repo / "packages" / "app"
    work.mkdir(parents=True)
    init_git_project(repo, commit=False)
    far, near = repo / ".claude" / "agents", work / ".claude" / "agents"
    outside = root / ".claude" / "agents"  # above the git root: the CLI must not look here
    write(outside / "outsider.md", agent("outsider", "Above the git root."))
    write(far / "shared.md", agent("shared", "Far copy (repo root)."))
    write(near / "shared.md", agent("shared", "Near copy (working dir) wins."))
    write(far / "far-only.md", agent("far-only", "Only in the repo root folder."))
    write(far / "deep" / "er" / "nested.md", agent("nested-agent", "Found recursively."))
    write(near / "a.md", agent("twin", "Twin A in one folder."))
    write(near / "b.md", agent("twin", "Twin B in one folder."))
    write(near / "file-name-differs.md", agent("real-name", "Identity is the frontmatter name."))
    write(near / "literal-newline.md", agent("literal-nl", r"First line\nsecond line"))
    write(near / "crlf.md", agent("crlf-agent", "Windows line endings.").replace("\n", "\r\n"))
    write(near / "bom.md", "\ufeff" + agent("bom-agent", "Starts with a byte-order mark."))
    write(near / "tools-string.md", agent("tools-string", "Tools as a string.", "tools: Read, Bash(git *), Grep\n"))
    write(near / "tools-list.md", agent("tools-list", "Tools as a list.", "tools:\n  - Read\n  - Edit\n"))
    write(near / "yaml11.md", agent("yes", "A YAML 1.1 boolean as name."))
    write(near / "date.md", agent("dated", "2024-01-01"))
    write(near / "colon.md", agent("colon-desc", "Use this: when things break. Also #hash and [brackets"))
    write(near / "tab.md", "---\nname: tabbed\n\tdescription: tab-indented key\n---\nbody\n")
    write(near / "no-name.md", "---\ndescription: Has no name.\n---\nbody\n")
    write(near / "dash.md", agent("-dash", "Name starts with a dash."))
    write(near / "numeric.md", agent("12345", "A numeric name."))
    write(near / "empty-desc.md", "---\nname: empty-desc\ndescription: \"\"\n---\nbody\n")
    write(near / "no-desc.md", "---\nname: no-desc\n---\nbody\n")
    write(near / "bad-yaml.md", "---\nname: bad-yaml\ndescription: [unclosed\n  - x: {\n---\nbody\n")
    write(near / "no-frontmatter.md", "# Just a markdown file\n")
    write(near / "dup-keys.md", "---\nname: dup-one\nname: dup-two\ndescription: Duplicate key.\n---\nbody\n")
    write(near / "notes.txt", agent("txt-agent", "Not a .md file."))
    write(near / "UPPER.MD", agent("upper-md", "Upper-case extension."))
    write(near / "dir.md" / "inside.md", agent("inside-dir-md", "In a folder called dir.md."))
    write(near / "binary.md", bytes(range(256)) * 4)
    write(near / "latin1.md", agent("latin1", "Caf\u00e9 au lait.").encode("latin-1"))
    write(near / "big.md", agent("too-big", "Over one MiB.", body="x" * (1024 * 1024)))
    write(near / "exact.md", _exactly_one_mib(agent("exact-limit", "Exactly one MiB.", body="")))
    write(near / "dashes-in-desc.md", "---\nname: dashes\ndescription: before---after\n---\nbody\n")
    # control characters YAML calls non-printable: the CLIs' parsers take them as they are
    write(near / "esc.md", agent("esc-agent", "Reviews \x1b[31mred\x1b[0m code"))
    write(near / "bell.md", agent("bell-agent", "Rings \x07 and \x01 and \x7f and \x9b"))
    write(near / "quoted-esc.md", agent("quoted-esc", '"Quoted \x1b]0;title\x07 escape"'))
    # not a NUL: 2.1.62 and 2.1.197 load a description holding one, 2.1.330 skips the file (ralphy skips it)
    (near / "loop").symlink_to(near)
    (near / "broken.md").symlink_to(near / "missing-target.md")
    (near / "link-to-far.md").symlink_to(far / "far-only.md")
    for sub in ("0xfurai--claude-code-subagents", "lst97--claude-code-sub-agents"):
        shutil.copytree(CORPUS / sub, far / "corpus" / sub)
    return work


def _exactly_one_mib(text: str) -> bytes:
    data = text.encode()
    return data + b"y" * (1024 * 1024 - len(data))


def ralphy_agents(*args: str, cwd: Path, home: Path, claude_bin: str) -> dict[str, str]:
    env = {**os.environ, "HOME": str(home), "CLAUDE_CONFIG_DIR": str(home / ".claude"), "RALPHY_CLAUDE_BIN": claude_bin}
    done = subprocess.run([sys.executable, "-m", "ralphy", "agents", "list", "--json", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=True)
    return {item["name"]: item["description"] for item in json.loads(done.stdout)}


TWINS = ("Twin A in one folder.", "Twin B in one folder.")


def listed_in_any_order(claude_version, ours: dict[str, str], expected: dict[str, str | None]) -> dict[str, str]:
    """``ours`` with the twin the CLI chose, where the CLI lists a folder with ripgrep (`rg --files`, up to 2.1.112:
    its walk is parallel, so which of two files of one folder naming one agent comes last changes from run to
    run, mostly the reverse of the directory's order; measured on 2.1.100). Later CLIs read the folder in order."""
    if Version(2, 1, 0) <= claude_version <= LAST_NODE_CLI and expected.get("twin") is not None:
        assert expected["twin"] in TWINS and ours.get("twin") in TWINS
        return {**ours, "twin": expected["twin"]}
    return ours


def test_project_scope_matches_the_cli(tmp_path: Path, claude_bin: str, claude_version, claude_home: Path) -> None:
    work = build_tricky_tree(tmp_path)
    expected = custom_agents(cli_agents(claude_bin, work, claude_home))
    # up to 2.1.150 the farther folder wins a clash (DiscoveryRules.nearest_dir_wins)
    winner = "Near copy (working dir) wins." if claude_version > LAST_FAR_WINS else "Far copy (repo root)."
    assert "shared" in expected and expected["shared"] in (winner, None)
    listed = ralphy_agents(cwd=work, home=claude_home, claude_bin=claude_bin)
    assert comparable(listed_in_any_order(claude_version, listed, expected), expected) == expected
    discovery = discover_agents(work, rules=DiscoveryRules.for_version(claude_version))
    ours = {spec.name: spec.description for spec in discovery.agents}
    assert comparable(listed_in_any_order(claude_version, ours, expected), expected) == expected
    assert [clash.name for clash in discovery.clashes if clash.name == "twin"] == ["twin"]


def test_all_scopes_match_the_cli(tmp_path: Path, claude_bin: str, claude_version, claude_home: Path) -> None:
    work = build_tricky_tree(tmp_path)
    config = claude_home / ".claude"
    write(config / "agents" / "shared.md", agent("shared", "User copy, shadowed by the project."))
    write(config / "agents" / "user-only.md", agent("user-only", "Only in the user folder."))
    enabled = _install_plugin(config, tmp_path / "market", "helper", enabled=True)
    _install_plugin(config, tmp_path / "market", "sleeper", enabled=False)
    write(config / "settings.json", json.dumps({"enabledPlugins": enabled}))
    session = tmp_path / "session-plugin"
    write(session / "agents" / "solo.md", agent("solo", "From --plugin-dir."))
    write(session / "agents" / "sub" / "nested.md", "---\ndescription: No name: the file name is used.\n---\n")
    if claude_version < Version(2, 1, 0):  # 2.0.x: no --plugin-dir, and installed plugins only with ENABLE_PLUGINS
        expected = custom_agents(cli_agents(claude_bin, work, claude_home))
        assert "user-only" in expected and not any(":" in name for name in expected)
        listed = ralphy_agents("--scope", "all", cwd=work, home=claude_home, claude_bin=claude_bin)
        assert comparable(listed, expected) == expected
        return
    expected = custom_agents(cli_agents(claude_bin, work, claude_home, plugin_dirs=(session,)))
    assert "helper:reviewer" in expected and "session-plugin:solo" in expected
    assert not any(name.startswith("sleeper:") for name in expected)
    listed = ralphy_agents("--scope", "all", "--plugin-dir", str(session), cwd=work, home=claude_home,
                           claude_bin=claude_bin)
    assert comparable(listed_in_any_order(claude_version, listed, expected), expected) == expected


def _install_plugin(config: Path, market: Path, name: str, *, enabled: bool) -> dict[str, bool]:
    """A plugin installed from a local directory marketplace, registered the way `claude plugin install` does."""
    root = market / "plugins" / name
    write(root / ".claude-plugin" / "plugin.json", json.dumps({"name": name, "version": "1.0.0"}))
    write(root / "agents" / "reviewer.md", agent("reviewer", f"Reviewer from {name}."))
    catalog = market / ".claude-plugin" / "marketplace.json"
    plugins = json.loads(catalog.read_text())["plugins"] if catalog.exists() else []
    plugins.append({"name": name, "source": f"./plugins/{name}", "description": name})
    write(catalog, json.dumps({"name": "local", "owner": {"name": "test"}, "plugins": plugins}))
    known = {"local": {"source": {"source": "directory", "path": str(market)}, "installLocation": str(market),
                       "lastUpdated": "2026-01-01T00:00:00.000Z"}}
    write(config / "plugins" / "known_marketplaces.json", json.dumps(known))
    installed_file = config / "plugins" / "installed_plugins.json"
    installed = json.loads(installed_file.read_text()) if installed_file.exists() else {"version": 2, "plugins": {}}
    installed["plugins"][f"{name}@local"] = [{"scope": "user", "installPath": str(root), "version": "1.0.0",
                                              "installedAt": "2026-01-01T00:00:00.000Z",
                                              "lastUpdated": "2026-01-01T00:00:00.000Z"}]
    write(installed_file, json.dumps(installed))
    previous = json.loads((config / "settings.json").read_text()).get("enabledPlugins", {}) \
        if (config / "settings.json").exists() else {}
    return {**previous, f"{name}@local": enabled}
