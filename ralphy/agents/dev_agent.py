"""DevAgent: builds the dev prompt for a project, from its subagents, its TASKS.md and its config.

This is the library entry point other automation uses; it needs neither the CLI nor the Claude CLI::

    from ralphy.agents import DevAgent
    prompt = DevAgent("path/to/project").build_prompt()

The behaviour matrix:

    ==============================  ==================  ================  ===========================
    case                            discovered_agents   TDD instructions  behaviour
    ==============================  ==================  ================  ===========================
    no .claude/agents/              empty               included          direct implementation
    empty .claude/agents/           empty               included          direct implementation
    agents exist                    formatted list      excluded          orchestration
    agents exist, none matches      formatted list      excluded          Claude decides
    ==============================  ==================  ================  ===========================
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING

from ralphy.agents.discovery import Discovery, discover_agents
from ralphy.agents.formatting import format_agents, skipped_notice
from ralphy.agents.spec import AgentSpec
from ralphy.claude.version import DiscoveryRules, Version, delegation_tool
from ralphy.config import Config, load_config
from ralphy.errors import TasksFileError
from ralphy.prompts import TDD_INSTRUCTIONS, render, render_dev_prompt
from ralphy.tasks import TaskList, load_tasks, prompt_hints

if TYPE_CHECKING:
    from ralphy.agents.term_cache import TermCache

logger = logging.getLogger(__name__)
LOGGED_NAMES = 20  # agent names in the discovery log line; the rest are counted


class DevAgent:
    """The dev prompt for ``project_path``. ``config`` defaults to the project's own (``load_config``).

    ``claude_version`` is the version of the Claude CLI that will run the prompt (a ``Version`` or "2.1.62"):
    the prompt then names that CLI's delegation tool (``Task`` before 2.1.63) and lists the agents it loads.
    None (no CLI known): the newest behaviour, the ``Agent`` tool.

    ``term_cache``: with many agents, keep their routing terms in the user's cache between runs
    (``ralphy.agents.term_cache``; the prompt is the same either way, only faster the next time). With
    ``defer_term_cache`` set, ``build_prompt`` leaves what the cache lacked to ``write_term_cache``, for the
    caller to write once the prompt is out (the next ``build_prompt`` writes it first otherwise).
    """

    def __init__(self, project_path: str | os.PathLike[str], config: Config | None = None, *,
                 claude_version: "Version | str | None" = None, term_cache: bool = True):
        self.project_path = Path(project_path)
        self.config = config if config is not None else load_config(self.project_path)
        self.claude_version = claude_version if not isinstance(claude_version, str) else Version.parse(claude_version)
        self.discovery: Discovery | None = None
        self.agents_total = 0
        self._skipped_said = False
        self.cli_differences: list[str] = []  # ralphy's discovery vs the running CLI's agents (last build)
        self.use_term_cache = term_cache
        self.defer_term_cache = False
        self._unwritten_terms: TermCache | None = None  # a deferred write, for write_term_cache

    @property
    def tasks_path(self) -> Path:
        return self.project_path / self.config.tasks_file

    def _discover_agents(self) -> list[AgentSpec]:
        """The subagents Claude would see in this project (the config's scopes; project only by default)."""
        self.discovery = discover_agents(self.project_path, scopes=tuple(self.config.agent_scopes),
                                         rules=DiscoveryRules.for_version(self.claude_version))
        for problem in self.discovery.problems:
            logger.debug("Skipped agent file %s: %s", problem.path, problem.reason)
        agents = list(self.discovery.agents)
        self.agents_total = len(agents)
        if agents:
            names = [agent.name for agent in agents]
            more = len(names) - LOGGED_NAMES
            # The line issue 2 specifies exactly: "Discovered 2 agents: ['security-auditor', 'tdd-orchestrator']".
            logger.info("Discovered %d %s: %s%s", len(names), "agent" if len(names) == 1 else "agents",
                        names[:LOGGED_NAMES], f" (and {more} more)" if more > 0 else "")
        else:
            logger.info("No agents found, using direct implementation")
        notice = skipped_notice(len(self.discovery.problems))
        if notice and not self._skipped_said:  # once per DevAgent: `ralphy dev` builds a prompt per iteration
            self._skipped_said = True
            logger.warning("%s", notice)
        return agents

    def _as_loaded(self, agents: list[AgentSpec], cli_agents: list[dict]) -> list[AgentSpec]:
        """The agents the running CLI loaded (``initialize``), as ``ralphy.claude.loaded_agents`` reconciles them."""
        from ralphy.claude.loaded_agents import BUILTIN_AGENTS, reconcile

        unknown = {agent["name"] for agent in cli_agents} - {agent.name for agent in agents} - BUILTIN_AGENTS
        elsewhere: list[str] = []
        if unknown and "all" not in self.config.agent_scopes:  # left out by the configured scopes, not missed
            everywhere = discover_agents(self.project_path, scopes=("all",),
                                         rules=DiscoveryRules.for_version(self.claude_version))
            elsewhere = [agent.name for agent in everywhere.agents]
        reconciled = reconcile(agents, cli_agents, known_elsewhere=elsewhere)
        self.cli_differences = reconciled.differences
        self.agents_total = len(reconciled.agents)
        return reconciled.agents

    def _select_agents(self, agents: list[AgentSpec], task_list: TaskList | None) -> list[AgentSpec]:
        """All agents, or with many of them, the most relevant to the pending task groups."""
        if len(agents) <= self.config.prompt_agent_threshold:
            return agents
        from ralphy.agents.selection import select_for_prompt

        groups = {}
        if task_list is not None:
            groups = {group: [task.title for task in tasks] for group, tasks in task_list.pending_groups().items()}
        selection = select_for_prompt(
            agents, groups, threshold=self.config.prompt_agent_threshold, limit=self.config.prompt_agent_limit,
            cache=self._term_cache(),
        )
        return list(selection.agents)

    def _term_cache(self) -> "TermCache | None":
        """The user's cache of this project's agents' routing terms (None: ``use_term_cache`` is off, or the
        cache folder has no path, e.g. no HOME)."""
        self.write_term_cache()  # a previous build's deferred write, before it is replaced
        if not self.use_term_cache:
            return None
        from ralphy.agents.term_cache import TermCache, cache_file

        try:
            cache = TermCache(cache_file(self.project_path), deferred=self.defer_term_cache)
        except (OSError, RuntimeError, ValueError):
            return None
        if self.defer_term_cache:
            self._unwritten_terms = cache
        return cache

    def write_term_cache(self) -> None:
        """Write what the last ``build_prompt`` left for the terms cache when ``defer_term_cache`` is set (a
        cache that cannot be written only costs time: nothing is raised)."""
        cache, self._unwritten_terms = self._unwritten_terms, None
        if cache is not None:
            cache.flush()

    def _format_agents(self, agents: list[AgentSpec] | None = None) -> str:
        """One ``- **name**: description`` line per agent, sorted by name (``agents``: the project's own,
        discovered, when not given; issue 2 names it ``_format_agents()``)."""
        return format_agents(self._discover_agents() if agents is None else agents)

    def _read_tasks(self) -> tuple[str, TaskList | None]:
        """TASKS.md's text and parsed form; ("", None) when there is none (the prompt says so)."""
        try:
            task_list = load_tasks(self.tasks_path, root=self.project_path)
        except TasksFileError as exc:
            if self.tasks_path.exists():
                raise
            logger.info("%s", exc)
            return "", None
        from ralphy.tasks import prompt_tasks_text

        return prompt_tasks_text(task_list), task_list  # a huge file is shown in part (its open tasks first)

    def tdd_instructions(self) -> str:
        context = {"language": self.config.language, "test_command": self.config.test_command}
        return render(TDD_INSTRUCTIONS, context, project_dir=self.project_path).strip("\n")

    def build_prompt(self, resume_instruction: str = "", cli_agents: list[dict] | None = None) -> str:
        """Render the dev prompt: orchestration when the project has agents, direct TDD otherwise.

        ``cli_agents``: the agents the running Claude CLI loaded (``initialize``'s ``[{name, description,
        model}]``); the prompt then names exactly those (differences in ``cli_differences``)."""
        tasks_content, task_list = self._read_tasks()
        agents = self._discover_agents()
        if cli_agents is not None:
            agents = self._as_loaded(agents, cli_agents)
        agents = self._select_agents(agents, task_list)
        discovered = self._format_agents(agents)
        template_path = None
        if self.config.prompt_template:
            template_path = self.project_path / self.config.prompt_template
        return render_dev_prompt(
            discovered_agents=discovered,
            tdd_instructions="" if discovered else self.tdd_instructions(),
            tasks_content=tasks_content,
            resume_instruction=resume_instruction,
            language=self.config.language,
            test_command=self.config.test_command,
            tasks_file=self.config.tasks_file,
            agents_total=self.agents_total,
            agents_shown=len(agents),
            project_dir=self.project_path,
            template_path=template_path,
            **prompt_hints(task_list),
            delegation_tool=delegation_tool(self.claude_version),
        )
