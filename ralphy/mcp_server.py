"""``ralphy mcp``: the project's agents, tasks and run status as MCP tools, so Claude Code itself (or any MCP
client) can route work to the project's own agents.

The tools are plain functions over a ``ProjectTools`` (testable without any MCP machinery); ``build_server``
wraps them in the official ``mcp`` SDK's ``MCPServer`` (``ralphy.mcp_app``, imported only by ``ralphy mcp``,
never by ``ralphy --help``), each marked read-only and idempotent. Bad input is a tool error with one clear line; the server keeps running.

- ``agent_recommend``: the AutomatosX contract. Input ``task`` (1-2000 characters), optional ``team``,
  ``requiredCapabilities``, ``excludeAgents``, ``maxResults`` (1-10, default 3). Output ``recommended`` (an agent
  name, or null when nothing fits: the fallback is to work directly, said in ``fallback``), ``confidence`` in
  [0, 1], ``reason``, ``alternatives`` [{agentId, confidence, reason}], sorted by confidence then id;
  deterministic.
- ``agent_capabilities``: optional ``category``; ``capabilities``, ``agentsByCapability``,
  ``capabilitiesByAgent``.
- ``task_list``: the tasks of the project's task file with their statuses; ``run_status``: the circuit
  breaker, task counts, the last run and the questions waiting for an answer.

The agent catalog is loaded once and loaded again only when an agent file or folder changes (size or mtime).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ralphy.errors import ConfigError, RalphyError

logger = logging.getLogger(__name__)

SERVER_NAME = "ralphy"
MAX_TASK_CHARS = 2000
MAX_RESULTS = 10
MAX_CAPABILITIES = 200  # requiredCapabilities entries (a CLI has some 40 tools)
MAX_EXCLUDED = 100_000  # excludeAgents entries: every agent of the largest catalogs, as the contract allows


class ToolInputError(RalphyError):
    """A tool was called with input it cannot use (the message says which and why)."""


@dataclass(frozen=True)
class _Catalog:
    signature: tuple[Any, ...]
    agents: tuple[Any, ...]  # AgentSpec, sorted by name
    routers: dict[tuple[str, ...], Any]  # agent names -> Router over them


class ProjectTools:
    """The tools' logic for one project folder."""

    def __init__(self, project_dir: str | os.PathLike[str], *, scopes: Sequence[str] | None = None) -> None:
        self.project_dir = Path(project_dir).resolve()
        if not self.project_dir.is_dir():
            raise ConfigError(f"{self.project_dir} is not a folder")
        self._scopes = tuple(scopes) if scopes else None
        self._catalog: _Catalog | None = None
        self._searched: tuple[Path, ...] = ()
        self._plugin_files: tuple[Path, ...] = ()
        self._claude_bin: tuple[Path, ...] = ()  # the CLI whose version chose the discovery rules (an upgrade is seen)
        self._agent_scopes: tuple[str, ...] = ("project",)
        # the SDK runs each call of a plain function in a worker thread, so two calls (and warm()) may overlap
        self._lock = threading.RLock()
        self._warming = False

    # -- the agent catalog ------------------------------------------------------------------------------

    def _config(self) -> Any:
        from ralphy.config import load_config

        return load_config(self.project_dir, {"agent_scopes": list(self._scopes) if self._scopes else None},
                           require_trust=False)

    def _signature(self) -> tuple[Any, ...]:
        """What the agents depend on (``ralphy.mcp_watch``): every agent folder and file discovery read, walked
        through linked folders, the ``.claude/agents`` folders that may appear up to the git root, the config
        files that choose the scopes and the threshold, and with plugins the files that choose those."""
        from ralphy.mcp_watch import ignore_files, project_candidates, signature

        files = [self.project_dir / ".ralphy.toml", self.project_dir / "pyproject.toml", *self._plugin_files,
                 *ignore_files(self.project_dir), *self._claude_bin]
        return signature([*self._searched, *project_candidates(self.project_dir)], files)

    def _rules(self) -> Any:
        """The discovery rules of the CLI ``ralphy dev`` would run, as ``ralphy agents list`` reads them (2.0.x skips
        the folders the repository's ignore files name): its binary from the trusted config only, since finding its
        version may run it."""
        from ralphy.claude.command import resolve_claude_bin
        from ralphy.claude.version import DiscoveryRules, claude_version
        from ralphy.config import load_config
        from ralphy.errors import ClaudeNotFoundError

        trusted = load_config(self.project_dir, ignore_untrusted=True, say_limits=False)
        try:
            binary = resolve_claude_bin(trusted.claude_bin)
        except ClaudeNotFoundError:
            self._claude_bin = ()
            return DiscoveryRules.for_version(None)
        self._claude_bin = (Path(binary),)
        return DiscoveryRules.for_version(claude_version(binary))

    def catalog(self) -> _Catalog:
        """The agents, discovered once and again only when an agent file changed."""
        with self._lock:
            return self._load()

    def _load(self) -> _Catalog:
        # the state before reading: an agent file written while discovery reads it (an editor's truncate, then
        # write) is then seen as changed at the next call, where a signature taken after the read hid it for good
        current = self._signature()
        if self._catalog is not None and current == self._catalog.signature:
            return self._catalog
        from ralphy.agents.discovery import discover_agents

        watched = (self._searched, self._plugin_files, self._claude_bin)
        config = self._config()
        discovery = discover_agents(self.project_dir, scopes=tuple(config.agent_scopes), rules=self._rules())
        self._searched = tuple(Path(folder) for folder in discovery.searched)
        self._plugin_files = ()
        if {"plugins", "all"} & set(config.agent_scopes):
            from ralphy.agents.agent_dirs import default_config_dir
            from ralphy.mcp_watch import plugin_files

            self._plugin_files = tuple(plugin_files(default_config_dir(), self.project_dir))
        self._threshold = config.recommend_threshold
        self._agent_scopes = tuple(config.agent_scopes)
        if (self._searched, self._plugin_files, self._claude_bin) != watched:  # other files now: their state as read
            current = self._signature()
        self._catalog = _Catalog(current, tuple(discovery.agents), {})
        logger.info("loaded %d agents from %s", len(discovery.agents), self.project_dir)
        return self._catalog

    def warm_in_background(self) -> None:
        """``warm`` in a thread, once: the server starts it when a client lists the tools. Not at start: with
        the GIL, a thread reading 158 agents beside the SDK's start made ``initialize`` slower, not faster."""
        with self._lock:
            if self._warming:
                return
            self._warming = True
        threading.Thread(target=self.warm, name="ralphy-mcp-warm", daemon=True).start()

    def warm(self) -> None:
        """Load the catalog and build the router over every agent now, so the first call finds them ready. A
        broken project is left for the first call to report as a tool error."""
        try:
            catalog = self.catalog()
            self._router(catalog, catalog.agents)
        except (RalphyError, OSError) as exc:
            logger.info("warming the catalog of %s failed: %s", self.project_dir, exc)

    def _router(self, catalog: _Catalog, agents: Sequence[Any]) -> Any:
        """The router over ``agents`` of ``catalog`` (the one the caller read them from: one look at the files
        per call, and never a router of one catalog's agents cached in another's)."""
        from ralphy.agents.routing import Router

        with self._lock:
            key = tuple(agent.name for agent in agents)
            router = catalog.routers.get(key)
            if router is None:
                if len(catalog.routers) >= 32:
                    catalog.routers.clear()
                router = catalog.routers[key] = Router(agents, threshold=self._threshold)
            return router

    # -- the tools --------------------------------------------------------------------------------------

    def agent_recommend(
        self,
        task: Any,
        team: Any = None,
        required_capabilities: Any = None,
        exclude_agents: Any = None,
        max_results: Any = 3,
    ) -> dict[str, Any]:
        """The best agent of the project for ``task``, or none (work directly), with alternatives."""
        from ralphy.agents.capabilities import agent_tools

        task = _text(task, "task", MAX_TASK_CHARS)
        team = None if team is None else _text(team, "team", 200)
        required = _names(required_capabilities, "requiredCapabilities", MAX_CAPABILITIES)
        excluded = set(_names(exclude_agents, "excludeAgents", MAX_EXCLUDED))
        max_results = _whole_number(max_results, "maxResults", 1, MAX_RESULTS)
        catalog = self.catalog()
        agents = list(catalog.agents)
        if not agents:
            return _fallback(0.0, f"the project has no agents ({self._where()}){self._elsewhere()}", [])
        if team is not None:
            everyone, agents = agents, _of_team(agents, team, self.project_dir)
            if not agents:
                # not an error: the contract's fallback, which names the teams a typo missed
                there = _teams_there(everyone, self.project_dir)
                return _fallback(0.0, f"no agent is in team {_shown(team)} ({there})", [])
        agents = [agent for agent in agents if agent.name not in excluded]
        if not agents:
            return _fallback(0.0, "every agent" + (f" of team {_shown(team)}" if team else "") + " is in excludeAgents",
                             [])
        candidates = agents
        if required:
            agents = [agent for agent in agents if set(required) <= set(agent_tools(agent))]
        if not agents:
            return _fallback(0.0, "no agent" + (f" of team {_shown(team)}" if team else "") +
                             (" left after excludeAgents" if excluded else "") +
                             f" has every tool of requiredCapabilities ({', '.join(required)})" +
                             _case_hint(required, candidates), [])
        router = self._router(catalog, agents)
        ranked = router.rank(task, limit=max_results + 1)  # a longer ranking starts with the shorter (RANK_WINDOW)
        if not ranked:
            return _fallback(0.0, "no agent's name, description or examples mention the task's words", [])
        best = ranked[0]
        if best.confidence >= router.threshold:
            return {"recommended": best.agent, "confidence": best.confidence, "reason": best.reason,
                    "alternatives": [_alternative(a) for a in ranked[1 : max_results + 1]], "fallback": None}
        from ralphy.agents.chores import is_chore

        reason = f"no agent is a confident match (best: {best.agent} at {best.confidence:.2f})"
        if is_chore(task):  # said as `ralphy agents recommend` says it
            reason = f"a small edit (a chore): no specialist needed (best: {best.agent} at {best.confidence:.2f})"
        return _fallback(best.confidence, reason, [_alternative(a) for a in ranked[:max_results]])

    def agent_capabilities(self, category: Any = None) -> dict[str, Any]:
        """Which agent has which tools; with ``category``, only the agents of that category (or team)."""
        from ralphy.agents.capabilities import capability_map

        agents = self.catalog().agents
        if category is not None:
            agents = tuple(_of_team(agents, _text(category, "category", 200), self.project_dir))
        return capability_map(agents)

    def _where(self) -> str:
        """Where the agents were looked for, for a message."""
        folders = self._searched or (self.project_dir / ".claude" / "agents",)
        return "looked in " + ", ".join(str(folder) for folder in folders)

    def _elsewhere(self) -> str:
        """For a project without agents: the agents of the scopes not searched (the user's ~/.claude/agents, the
        enabled plugins), which Claude Code loads and ``--scope all`` would offer; "" when there are none."""
        from ralphy.agents.discovery import SCOPES, discover_agents

        scopes = set(SCOPES) if "all" in self._agent_scopes else set(self._agent_scopes)
        missing = [scope for scope in SCOPES if scope not in scopes]
        if not missing:
            return ""
        try:
            found = discover_agents(self.project_dir, scopes=tuple(missing)).agents
        except (RalphyError, OSError, ValueError):
            return ""
        counts = {scope: sum(1 for agent in found if agent.scope == scope.rstrip("s")) for scope in missing}
        said = [f"{count} agent{'s' * (count != 1)} of the {scope.rstrip('s')} scope" for scope, count in counts.items()
                if count]
        if not said:
            return ""
        return (f"; Claude Code also loads {' and '.join(said)}, not searched here: start the server as "
                "`ralphy mcp --scope all` or set agent_scopes")

    def task_list(self) -> dict[str, Any]:
        """The tasks of the project's task file, each with its status, and the counts."""
        from ralphy.errors import TasksFileError
        from ralphy.tasks import load_tasks

        tasks_file = self._config().tasks_file
        try:
            tasks = load_tasks(self.project_dir / tasks_file, root=self.project_dir)
        except TasksFileError as exc:
            raise ToolInputError(str(exc)) from None
        return {
            "file": str(tasks_file),
            "counts": tasks.counts(),
            "tasks": [{"id": t.id, "title": t.title, "group": t.group, "status": t.status, "line": t.line}
                      for t in tasks.tasks],
        }

    def run_status(self) -> dict[str, Any]:
        """The circuit breaker, the task counts, the last run and the pending questions (no database: no runs)."""
        from ralphy.breaker import BREAKER_FILE, CircuitBreaker
        from ralphy.errors import BreakerStateError, TasksFileError
        from ralphy.store import Store, db_path
        from ralphy.tasks import load_tasks

        try:
            breaker = CircuitBreaker.load(self.project_dir / BREAKER_FILE)
            breaker_state = {"state": breaker.state.value, "reason": breaker.reason, "trip": breaker.trip,
                             "error": None}
        except BreakerStateError as exc:
            breaker_state = {"state": None, "reason": None, "trip": None, "error": str(exc)}
        tasks_file = self._config().tasks_file
        try:
            counts: dict[str, Any] = load_tasks(self.project_dir / tasks_file, root=self.project_dir).counts()
        except TasksFileError as exc:
            counts = {"error": str(exc)}
        last_run, pending = None, []
        if db_path(self.project_dir).exists():
            with Store.open(self.project_dir) as store:
                runs = store.runs(limit=1)
                if runs:
                    last_run = {**runs[-1].to_dict(), "iterations": len(store.iterations(runs[-1].id))}
                pending = [question.to_dict() for question in store.pending_questions()]
        return {"project": str(self.project_dir), "breaker": breaker_state, "tasks": counts,
                "last_run": last_run, "pending_questions": pending}


def _shown(value: Any) -> str:
    """A value as the client sent it, shortened, for a message: a text quoted as ralphy's command-line errors
    quote one (Python's repr: ``'qa'``), anything else as JSON writes it (``true``, ``null``, ``2.5``, ``['a', 1]``)."""
    parts: list[str] = []
    _render(value, parts, 0)
    text = "".join(parts)
    return text if len(text) <= 40 else text[:37] + "..."


def _render(value: Any, parts: list[str], depth: int) -> None:
    """``value`` into ``parts``, stopping once they are past 40 characters (a client's value may be huge)."""
    if sum(map(len, parts)) > 40 or depth > 20:
        parts.append("...")
    elif isinstance(value, str):
        parts.append(repr(value[:41]))
    elif isinstance(value, (list, tuple, dict)):
        items = list(value.items())[:10] if isinstance(value, dict) else list(value[:10])
        parts.append("{" if isinstance(value, dict) else "[")
        for i, item in enumerate(items):
            parts.append(", " if i else "")
            if isinstance(value, dict):
                _render(item[0], parts, depth + 1)
                parts.append(": ")
                item = item[1]
            _render(item, parts, depth + 1)
        parts.append("}" if isinstance(value, dict) else "]")
    else:
        try:
            parts.append(json.dumps(value))
        except (TypeError, ValueError):
            parts.append(repr(value))


def _whole_number(value: Any, name: str, low: int, high: int) -> int:
    """A JSON integer from ``low`` to ``high``: ``3`` or ``3.0`` (JSON Schema's integer), never ``true`` or
    ``"3"`` (what the input schema says is not an integer)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ToolInputError(f"{name} must be a whole number from {low} to {high} (got {_shown(value)})")
    return value


def _of_team(agents: Sequence[Any], team: str, project_dir: Path) -> list[Any]:
    """The agents of ``team`` (case-insensitive); none when no agent has it."""
    wanted = team.strip().lower()
    return [agent for agent in agents if wanted in _teams(agent, project_dir)]


def _teams_there(agents: Sequence[Any], project_dir: Path) -> str:
    """The project's teams, in words, for a filter that selected no agent."""
    known = sorted(set().union(*(_teams(agent, project_dir) for agent in agents)))
    if known:
        return "the project's teams: " + ", ".join(known)
    return "the project's agents have no team (a folder under .claude/agents, or a team key)"


def _text(value: Any, name: str, limit: int) -> str:
    if value is None:
        raise ToolInputError(f"{name} is missing")
    if not isinstance(value, str):
        raise ToolInputError(f"{name} must be a string (got {_shown(value)})")
    if not value.strip():
        raise ToolInputError(f"{name} is empty")
    if len(value) > limit:
        raise ToolInputError(f"{name} is {len(value)} characters; at most {limit}")
    return value


def _names(value: Any, name: str, limit: int) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ToolInputError(f"{name} must be a list of strings (got {_shown(value)})")
    if len(value) > limit:
        raise ToolInputError(f"{name} has {len(value)} entries; at most {limit:,}")
    return [item.strip() for item in value if item.strip()]


def _teams(agent: Any, project_dir: Path) -> set[str]:
    """The teams (categories) an agent belongs to: its ``team`` / ``agentCategory`` / ``category`` keys and the
    folders between ``.claude/agents`` and its file (``backend/api.md`` -> ``backend``), lowercased."""
    teams = {str(agent.metadata.get(key)).lower() for key in ("team", "agentCategory", "category")
             if isinstance(agent.metadata.get(key), str)}
    parts = agent.path.parts
    for index in range(len(parts) - 1, 0, -1):
        if parts[index] == "agents" and parts[index - 1] == ".claude":
            teams.update(part.lower() for part in parts[index + 1 : -1])
            break
    return teams


def _case_hint(required: Sequence[str], agents: Sequence[Any]) -> str:
    """For requiredCapabilities that no agent has as written but some agent has in another case (``bash``):
    the names as the CLI writes them, since its tool names are case-sensitive."""
    from ralphy.agents.capabilities import agent_tools

    known = {tool.lower(): tool for agent in agents for tool in agent_tools(agent)}
    exact = set(known.values())
    meant = [known[name.lower()] for name in required if name not in exact and name.lower() in known]
    if not meant:
        return ""
    return f" (tool names are case-sensitive: {', '.join(_shown(name) for name in dict.fromkeys(meant))})"


def _alternative(alternative: Any) -> dict[str, Any]:
    return {"agentId": alternative.agent, "confidence": alternative.confidence, "reason": alternative.reason}


def _fallback(confidence: float, why: str, alternatives: list[dict[str, Any]]) -> dict[str, Any]:
    return {"recommended": None, "confidence": confidence, "reason": f"{why}; work directly",
            "alternatives": alternatives, "fallback": "direct: no agent fits, the main agent does the task itself"}


# --- the MCP server -----------------------------------------------------------------------------------------


def build_server(project_dir: str | os.PathLike[str], *, scopes: Sequence[str] | None = None) -> Any:
    """An ``mcp.server.mcpserver.MCPServer`` named ``ralphy`` with the four read-only tools (see
    ``ralphy.mcp_app``, where the SDK is imported)."""
    from ralphy.mcp_app import build_server as build

    return build(ProjectTools(project_dir, scopes=scopes))


def serve(project_dir: str | os.PathLike[str], *, scopes: Sequence[str] | None = None) -> None:
    """Run the server over stdio until the client closes it. The catalog is not read before serving: the
    client's ``initialize`` is answered once the SDK is imported; listing the tools starts loading the agents
    (``ProjectTools.warm_in_background``) and a call that comes first loads them itself."""
    build_server(project_dir, scopes=scopes).run("stdio")

