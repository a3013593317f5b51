"""Prompt templates: the Jinja environment and ``render_dev_prompt``.

Templates ship in this package. A project may override any of them with a file of the same name in
``.ralphy/prompts/`` (or point ``prompt_template`` in its config at a file); the override is loaded in
preference to the packaged one. Rendering uses ``StrictUndefined``: a template that needs a variable ralphy
does not provide is a TemplateError naming the variable and the template. Variable values are data: Jinja
never evaluates text inside them, so ``{{ x }}`` in an agent description appears verbatim.

A project's template comes with the repository, so it is data, not code: every template renders in Jinja's
sandbox (``ImmutableSandboxedEnvironment``, with ``*`` and ``**`` bounded), a template file must be a regular
file of at most 1 MiB that stays inside the project (links followed), the rendered prompt is at most
``MAX_OUTPUT_CHARS``, and rendering stops after ``RENDER_SECONDS`` (the limits live in ``ralphy.prompts.sandbox``). Whatever the sandbox
or these limits refuse is a one-line TemplateError naming the file.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from ralphy.errors import TemplateError
from ralphy.prompts.sandbox import CAN_FORK, render_here, render_in_child, require_safe_jinja

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_PROMPTS_DIR = Path(".ralphy") / "prompts"
DEV_PROMPT = "dev_prompt.md"
TDD_INSTRUCTIONS = "tdd_instructions.md"


def template_search_path(project_dir: str | os.PathLike[str] | None = None) -> list[Path]:
    """Where templates are looked up, first match wins: the project's ``.ralphy/prompts/``, then the package."""
    path = []
    if project_dir is not None:
        override = Path(project_dir) / PROJECT_PROMPTS_DIR
        if override.is_dir():
            path.append(override)
    path.append(PACKAGE_DIR)
    return path


def render(
    name: str,
    context: Mapping[str, Any],
    *,
    project_dir: str | os.PathLike[str] | None = None,
    template_path: str | os.PathLike[str] | None = None,
) -> str:
    """Render template ``name`` (or the file ``template_path``) with ``context``."""
    search: list[tuple[Path, Path]]
    if template_path is not None:
        template_path = Path(template_path)
        if not os.path.lexists(template_path) or template_path.is_dir():
            raise TemplateError(f"{template_path}: prompt template not found")
        root = template_path.parent
        if project_dir is not None:
            project, real_root = Path(os.path.realpath(project_dir)), Path(os.path.realpath(root))
            if project == real_root or project in real_root.parents:
                root = project
        search, name = [(template_path.parent, root)], template_path.name
    else:
        search = [(p, p if p == PACKAGE_DIR else Path(project_dir or p)) for p in template_search_path(project_dir)]
    if not _untrusted(search):
        return render_here(search, name, context)
    found = next((base for base, _ in search if os.path.lexists(base / name)), None)
    if found != PACKAGE_DIR:  # the repository's template (a packaged one includes none of the project's)
        require_safe_jinja(str((found or search[0][0]) / name))
    if not CAN_FORK:
        return render_here(search, name, context)
    return render_in_child(search, name, context)


def _untrusted(search: list[tuple[Path, Path]]) -> bool:
    """Does the search path hold a template of the project's (not only the packaged ones)?"""
    return any(base != PACKAGE_DIR for base, _ in search)



def render_dev_prompt(
    *,
    discovered_agents: str,
    tdd_instructions: str,
    tasks_content: str,
    resume_instruction: str = "",
    language: str = "python",
    test_command: str = "pytest",
    tasks_file: str = "TASKS.md",
    agents_total: int | None = None,
    agents_shown: int | None = None,
    project_dir: str | os.PathLike[str] | None = None,
    template_path: str | os.PathLike[str] | None = None,
    delegation_tool: str = "Agent",
    **extra: Any,
) -> str:
    """Render the dev prompt. ``discovered_agents`` is the formatted list (empty: direct implementation).
    ``delegation_tool`` is what the Claude CLI calls its subagent tool (``ralphy.claude.version.delegation_tool``)."""
    shown = discovered_agents.count("\n") + 1 if discovered_agents else 0
    context = {
        "discovered_agents": discovered_agents,
        "tdd_instructions": tdd_instructions,
        "tasks_content": tasks_content,
        "resume_instruction": resume_instruction,
        "language": language,
        "test_command": test_command,
        "tasks_file": tasks_file,
        "agents_total": shown if agents_total is None else agents_total,
        "agents_shown": shown if agents_shown is None else agents_shown,
        "delegation_tool": delegation_tool,
        **extra,
    }
    return render(DEV_PROMPT, context, project_dir=project_dir, template_path=template_path)
