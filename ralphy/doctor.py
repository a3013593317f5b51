"""``ralphy doctor``: is everything in place for ``ralphy dev`` here? One check per line, each with what to do.

The checks: the Claude CLI (found, its path and version, inside the supported range), logged in or not (the
CLI's own ``initialize`` answer: no model call), the agents the CLI itself loads compared with ralphy's
discovery for that version (the driver's ``initialize_info``, the one way ralphy asks a CLI what it loaded),
the project's config (and whether it needs ``ralphy trust``), and what the project's ``.claude/settings*.json``
lets the CLI do unasked.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

OK, WARNING, PROBLEM = "ok", "warning", "problem"
# Agents every CLI brings itself (not from files): left out when comparing with ralphy's discovery.
BUILT_IN_AGENTS = frozenset({"general-purpose", "Explore", "Plan", "statusline-setup", "claude", "output-style-setup"})


@dataclass
class Check:
    """One line of the report: ``status`` ok | warning | problem, ``fix`` what to do (None when ok)."""

    name: str
    status: str
    message: str
    fix: str | None = None


@dataclass
class Diagnosis:
    project_dir: str
    checks: list[Check] = field(default_factory=list)
    claude: dict[str, Any] = field(default_factory=dict)
    logged_in: bool | None = None
    agents: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(check.status == PROBLEM for check in self.checks)

    def add(self, name: str, status: str, message: str, fix: str | None = None) -> None:
        self.checks.append(Check(name, status, message, fix))

    def to_dict(self) -> dict[str, Any]:
        return {"project_dir": self.project_dir, "ok": self.ok, "claude": self.claude, "logged_in": self.logged_in,
                "agents": self.agents, "checks": [asdict(check) for check in self.checks]}


def diagnose(project_dir: str | os.PathLike[str], *, claude_bin: str | None = None,
             environ: Mapping[str, str] = os.environ, timeout: float = 30.0, start_cli: bool = False) -> Diagnosis:
    """Every check for ``project_dir``; never raises for what it finds (that is what it reports).

    The CLI is asked what it loads by starting it in the project, which runs what the project's
    ``.claude/settings*.json`` and ``.mcp.json`` name (hooks, helper commands, servers). Where they name any
    (``project_programs``), doctor asks the CLI in an empty folder instead (version, login) and compares no
    agents, unless ``start_cli`` (the user reviewed them: ``ralphy doctor --start-cli``)."""
    from ralphy.errors import RalphyError

    project = Path(project_dir).resolve()
    diagnosis = Diagnosis(str(project))
    config = _check_config(diagnosis, project, claude_bin)
    _check_claude_settings(diagnosis, project)
    _check_git(diagnosis, project)
    try:
        binary = _check_cli(diagnosis, config.claude_bin if config else claude_bin, environ)
    except RalphyError as exc:  # pragma: no cover - _check_cli reports its own errors
        diagnosis.add("claude", PROBLEM, str(exc))
        return diagnosis
    if binary is None:
        return diagnosis
    from ralphy.claude.version import Version

    version = Version.parse(diagnosis.claude.get("version"))
    chosen = [] if start_cli else project_programs(project)
    if chosen:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="ralphy-doctor-") as empty:  # the CLI, but none of the project
            found = _ask_cli(binary, version, Path(empty), environ, timeout)
        if _old_node(diagnosis, found):
            return diagnosis
        _check_login(diagnosis, found)
        if not found.started:
            return diagnosis
        _not_started(diagnosis, project, chosen, version)
        return diagnosis
    found = _ask_cli(binary, version, project, environ, timeout)
    if _old_node(diagnosis, found):
        return diagnosis
    _check_login(diagnosis, found)
    if not found.started:
        return diagnosis
    _compare_agents(diagnosis, project, config, version, found)
    from ralphy import mcp_use  # the project's .mcp.json servers: started by `claude -p` or not (asks the CLI)

    mcp_use.check(diagnosis.add, project, binary, version, environ, timeout)
    return diagnosis


def project_programs(project: Path) -> list[str]:
    """What starting the Claude CLI in ``project`` would run that the repository chose: its settings' hooks,
    helper commands and server approvals (``ralphy.trust.claude_settings_risks``, but a permission mode, which
    runs nothing by itself), and its ``.mcp.json`` servers other than the entry ``ralphy mcp --install`` writes."""
    from ralphy import mcp_use
    from ralphy.mcp_install import server_entry
    from ralphy.trust import claude_settings_risks

    found = [risk for risk in claude_settings_risks(project) if "permission mode" not in risk]
    ours = server_entry()
    named = mcp_use.project_servers(project)
    if named is None:  # ralphy cannot tell what it names; the CLI may read it and start them
        found.append(".mcp.json is there and ralphy cannot read it (a link, too large, or not JSON to ralphy); "
                     "the CLI may start the servers it names")
    servers = sorted(name for name, entry in (named or {}).items() if entry != ours)
    if servers:
        found.append(f".mcp.json names servers ({', '.join(map(repr, servers[:5]))}) the CLI starts")
    return found


def _ralphys_agents(diagnosis: Diagnosis, project: Path, version: Any) -> dict[str, Any]:
    """The agents ralphy finds for this CLI version (name -> description), set as ``diagnosis.agents`` with no
    CLI list yet."""
    from ralphy.agents.discovery import discover_agents
    from ralphy.claude.version import DiscoveryRules

    discovery = discover_agents(project, scopes=("all",), rules=DiscoveryRules.for_version(version))
    ours = {spec.name: spec.description for spec in discovery.agents}
    diagnosis.agents = {"ralphy": [{"name": n, "description": d} for n, d in sorted(ours.items())],
                        "cli": None, "cli_source": "none", "only_cli": [], "only_ralphy": [],
                        "description_differs": [], "skipped_files": len(discovery.problems)}
    return ours


def _not_started(diagnosis: Diagnosis, project: Path, chosen: list[str], version: Any) -> None:
    ours = _ralphys_agents(diagnosis, project, version)
    from ralphy.termsafe import shell_word

    fix = (f"review them (`ralphy dev` runs them), then `ralphy doctor --start-cli {shell_word(str(project))}` to compare with "
           "what the CLI loads")
    diagnosis.add("agents", WARNING, f"ralphy finds {len(ours)} agent(s); the CLI was not started in the "
                  f"project to compare, as that runs what the repository chose: {'; '.join(chosen)}", fix)
    if any(".mcp.json" in what for what in chosen):
        diagnosis.add("mcp", WARNING, "whether `claude -p` starts .mcp.json's servers was not asked (asking "
                      "starts them): " + next(what for what in chosen if what.startswith(".mcp.json")), fix)


@dataclass
class _Found:
    """What the CLI said about itself (``ralphy.claude.driver.initialize_info``), or why it could not say."""

    agents: list[dict] | None = None  # [{name, description (None when the CLI gives names only)}]
    agents_source: str = "none"  # initialize | init | none
    account: dict | None = None
    error: str | None = None
    old_node: bool = False  # it failed to start, run by a Node older than its package asks for (``error`` says so)
    started: bool = True  # False: the CLI could not be started at all (`ralphy dev` cannot either)

    def custom_agents(self, own: Iterable[str] = ()) -> list[dict] | None:
        """The CLI's agents but its built-ins. A built-in's name that ralphy also found (``own``) stays: a
        project or user agent of that name replaces the built-in in the CLI's list (2.1.330 says so with the
        file's description), so it is compared like any other."""
        if self.agents is None:
            return None
        own = set(own)
        return [{"name": agent["name"], "description": agent["description"]} for agent in self.agents
                if agent["name"] not in BUILT_IN_AGENTS or agent["name"] in own]

    def logged_in(self) -> bool | None:
        """True with an API key or a login token, False with neither, None when the CLI did not say (or uses a
        cloud provider's credentials, which ralphy cannot see)."""
        if not isinstance(self.account, dict):
            return None
        if self.account.get("apiProvider") not in (None, "firstParty"):
            return None
        token, key = self.account.get("tokenSource"), self.account.get("apiKeySource")
        return bool((token and token != "none") or (key and key != "none"))


def _old_node(diagnosis: Diagnosis, found: _Found) -> bool:
    """The CLI failed to start, run by a Node older than its package asks for: one ``node`` problem, and no login
    or agents checks, which would only repeat the crash."""
    if found.old_node:
        diagnosis.add("node", PROBLEM, found.error or "")
    return found.old_node


def _ask_cli(binary: str, version: Any, project: Path, environ: Mapping[str, str], timeout: float) -> _Found:
    """The CLI's ``initialize`` answer (and, before ~2.1.100, the names of its ``init`` line); no model call."""
    from ralphy.claude.command import child_env
    from ralphy.claude.driver import initialize_info
    from ralphy.claude.version import Version, initialize_reports_agents
    from ralphy.errors import ClaudeNotFoundError, RalphyError

    needs_init = not initialize_reports_agents(version)
    argv = [binary, "-p"]
    if needs_init and version is not None and version >= Version(2, 1, 62):
        argv.append("--no-session-persistence")  # the turn sent for the init line leaves no session behind
    from ralphy.claude.driver import NodeTooOldError

    try:
        info = initialize_info(argv, cwd=project, env=child_env(environ), timeout=timeout, init_fallback=needs_init)
    except NodeTooOldError as exc:
        return _Found(error=str(exc), old_node=True)
    except ClaudeNotFoundError as exc:
        return _Found(error=str(exc), started=False)
    except RalphyError as exc:
        return _Found(error=str(exc))
    return _Found(agents=info.agents, agents_source=info.agents_source if info.agents is not None else "none",
                  account=info.account)


def _check_config(diagnosis: Diagnosis, project: Path, claude_bin: str | None) -> Any:
    from ralphy.config import load_config
    from ralphy.errors import RalphyError

    overrides = {"claude_bin": claude_bin} if claude_bin else {}
    try:
        config = load_config(project, overrides)
    except RalphyError as exc:
        untrusted = type(exc).__name__ == "UntrustedConfigError"
        # the error says what to do when it is about trust (said once); the rest want the file or variable fixed
        diagnosis.add("config", PROBLEM, str(exc), None if untrusted else "fix the file or variable named")
        try:  # the rest of the checks still want the readable part of the config, never what is not trusted
            return load_config(project, overrides, ignore_untrusted=True)
        except (RalphyError, TypeError):
            return None
    diagnosis.add("config", OK, "the project's ralphy config is valid" + ("" if not _has_config(project) else
                                                                             " and trusted where it needs to be"))
    _check_tasks(diagnosis, project, config.tasks_file)
    return config


def _check_tasks(diagnosis: Diagnosis, project: Path, tasks_file: str) -> None:
    """The task file read as `ralphy dev` reads it: a FIFO, a folder or a broken JSON list is the error dev would
    stop on, not "no TASKS.md"."""
    from ralphy.errors import TasksFileError
    from ralphy.tasks import NO_TASKS, load_tasks, missing_tasks_hint, other_task_file

    if not os.path.lexists(project / tasks_file):  # the other tool's task list dev names, if the project has one
        found = other_task_file(project / tasks_file, project)
        diagnosis.add("tasks", WARNING, f"no {tasks_file} in {project}", missing_tasks_hint(found) if found else
                      "write one (`- [ ] 1.1 ...` items) before `ralphy dev`")
        return
    try:
        task_list = load_tasks(project / tasks_file, root=project)
    except TasksFileError as exc:
        diagnosis.add("tasks", PROBLEM, str(exc), "fix the file named")
        return
    counts = task_list.counts()
    if not counts["total"]:
        diagnosis.add("tasks", WARNING, f"{tasks_file}: {NO_TASKS}")
    else:
        diagnosis.add("tasks", OK, f"{tasks_file}: {counts['total'] - counts['completed']} of {counts['total']} "
                                   "tasks to do")


def _check_git(diagnosis: Diagnosis, project: Path) -> None:
    """A file git would wait on (a FIFO): `ralphy dev` stops on it, as the CLI's own git would hang there."""
    from ralphy import worktree
    from ralphy.termsafe import shell_word

    root = worktree.git_root(project)
    why = worktree.git_unsafe(project, root) if root is not None else None
    if why is not None:
        diagnosis.add("git", PROBLEM, f"{why}; `ralphy dev` stops on it (the Claude CLI's git would hang there)",
                      f"remove it: `rm {shell_word(why.path)}`")


def _has_config(project: Path) -> bool:
    return (project / ".ralphy.toml").is_file() or (project / "pyproject.toml").is_file()


def _check_claude_settings(diagnosis: Diagnosis, project: Path) -> None:
    try:
        from ralphy.trust import claude_settings_risks
    except ImportError:  # pragma: no cover - older trees
        return
    from ralphy.trust import claude_memory_risk, is_trusted

    memory = claude_memory_risk(project)
    for risk in claude_settings_risks(project):
        if risk == memory:
            if not is_trusted(project):
                from ralphy.termsafe import shell_word

                diagnosis.add("claude-memory", PROBLEM, risk, f"review it, then run `ralphy trust {shell_word(str(project))}`"
                              " (`ralphy dev` does not start the CLI here until then)")
            continue
        diagnosis.add("claude-settings", WARNING, f"{risk}: the Claude CLI runs it without asking in headless mode",
                      "review the project's .claude/settings*.json")


def _check_cli(diagnosis: Diagnosis, claude_bin: str | None, environ: Mapping[str, str]) -> str | None:
    from ralphy.claude.command import resolve_claude_bin
    from ralphy.claude.version import (
        INSTALL_COMMAND, MIN_SUPPORTED, NEWEST_TESTED, claude_version, delegation_tool, supported_range,
    )
    from ralphy.errors import ClaudeNotFoundError

    try:
        binary = resolve_claude_bin(claude_bin, environ)
    except ClaudeNotFoundError as exc:
        diagnosis.claude = {"path": None, "version": None, "supported": False, "range": supported_range()}
        diagnosis.add("claude", PROBLEM, str(exc))  # it says how to install the CLI
        return None
    version = claude_version(binary, environ=environ)
    supported = version is not None and MIN_SUPPORTED <= version
    diagnosis.claude = {"path": binary, "version": str(version) if version else None, "supported": supported,
                        "range": supported_range(), "newest_tested": str(NEWEST_TESTED),
                        "delegation_tool": delegation_tool(version)}
    if version is None:
        diagnosis.add("claude", WARNING, f"{binary}: `claude --version` gave no version; ralphy assumes the newest "
                      f"behaviour", "check that it is the Claude CLI (`claude --version`)")
        return binary
    if not supported:
        diagnosis.add("claude", PROBLEM, f"{binary} is version {version}, older than ralphy supports "
                      f"({supported_range()})", f"upgrade it: {INSTALL_COMMAND}")
        return None
    if version > NEWEST_TESTED:
        diagnosis.add("claude", WARNING, f"{binary} is version {version}, newer than the newest ralphy was tested "
                      f"with ({NEWEST_TESTED})", "it will probably work; report anything odd")
    else:
        diagnosis.add("claude", OK, f"{binary} is version {version} (supported: {supported_range()})")
    return binary  # its Node is asked about only if the CLI fails to start (_ask_cli): a package's engines is a claim


def _check_login(diagnosis: Diagnosis, found: Any) -> None:
    if not found.started:
        diagnosis.add("claude", PROBLEM, found.error)
        return
    if found.error:
        diagnosis.add("login", WARNING, f"could not ask the CLI: {found.error}", "run `claude -p hi` to see why")
        return
    diagnosis.logged_in = found.logged_in()
    account = found.account or {}
    if diagnosis.logged_in:
        source = account.get("apiKeySource") or account.get("tokenSource")
        diagnosis.add("login", OK, f"logged in ({source})")
    elif diagnosis.logged_in is False:
        diagnosis.add("login", PROBLEM, "the Claude CLI has no credentials (no API key, not logged in)",
                      "run `claude` once and log in, or set ANTHROPIC_API_KEY")
    else:
        provider = account.get("apiProvider") or "somewhere ralphy cannot see"
        diagnosis.add("login", WARNING, f"credentials come from {provider}; not checked",
                      "make sure that provider's credentials are set up")


def _compare_agents(diagnosis: Diagnosis, project: Path, config: Any, version: Any, found: Any) -> None:
    ours = _ralphys_agents(diagnosis, project, version)
    cli = found.custom_agents(ours)
    diagnosis.agents.update(cli=cli, cli_source=found.agents_source)
    if cli is None:
        diagnosis.add("agents", WARNING, f"ralphy finds {len(ours)} agent(s); the CLI's own list: not reported by "
                      "this CLI", "see `ralphy agents list --scope all`")
        return
    theirs = {agent["name"]: agent["description"] for agent in cli}
    only_cli, only_ralphy = sorted(set(theirs) - set(ours)), sorted(set(ours) - set(theirs))
    differs = sorted(name for name in set(ours) & set(theirs)
                     if theirs[name] is not None and theirs[name] != ours[name])
    diagnosis.agents.update(only_cli=only_cli, only_ralphy=only_ralphy, description_differs=differs)
    if not (only_cli or only_ralphy or differs):
        what = ("the names and descriptions of" if found.agents_source == "initialize"
                else "the names (this CLI gives no descriptions) of")
        diagnosis.add("agents", OK, f"the CLI and ralphy agree on {what} {len(theirs)} agent(s)")
    for name in only_cli:
        diagnosis.add("agents", WARNING, f"{name!r}: the CLI loads it, ralphy's discovery does not",
                      "`ralphy dev` lists what the CLI reports; please report this difference as a ralphy bug")
    for name in only_ralphy:
        diagnosis.add("agents", WARNING, f"{name!r}: ralphy finds it, the CLI did not load it",
                      "`ralphy agents check` says why a file may be skipped; please report it as a ralphy bug")
    for name in differs:
        diagnosis.add("agents", WARNING, f"{name!r}: the CLI and ralphy read its description differently",
                      "please report it as a ralphy bug")
    if skipped := diagnosis.agents["skipped_files"]:
        diagnosis.add("agent-files", WARNING, f"{skipped} agent file(s) are skipped",
                      "`ralphy agents check` says which and why")
