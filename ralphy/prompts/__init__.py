"""Prompt templates: the Jinja environment and ``render_dev_prompt``.

Templates ship in this package. A project may override any of them with a file of the same name in
``.ralphy/prompts/`` (or point ``prompt_template`` in its config at a file); the override is loaded in
preference to the packaged one. Rendering uses ``StrictUndefined``: a template that needs a variable ralphy
does not provide is a TemplateError naming the variable and the template. Variable values are data: Jinja
never evaluates text inside them, so ``{{ x }}`` in an agent description appears verbatim.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

from ralphy.errors import TemplateError

PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_PROMPTS_DIR = Path(".ralphy") / "prompts"
DEV_PROMPT = "dev_prompt.md"
TDD_INSTRUCTIONS = "tdd_instructions.md"


def _environment(search_path: list[Path]):
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(p) for p in search_path], encoding="utf-8"),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


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
    import jinja2

    if template_path is not None:
        template_path = Path(template_path)
        if not template_path.is_file():
            raise TemplateError(f"{template_path}: prompt template not found")
        search, name = [template_path.parent], template_path.name
    else:
        search = template_search_path(project_dir)
    env = _environment(search)
    where = name
    try:
        template = env.get_template(name)
        where = template.filename or name
        return template.render(**context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"{exc.filename or name}:{exc.lineno}: template syntax error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(
            f"{where}: {exc.message} (ralphy provides: {', '.join(sorted(context))})"
        ) from None
    except jinja2.TemplateNotFound:
        raise TemplateError(f"prompt template {name!r} not found in {', '.join(map(str, search))}") from None
    except UnicodeDecodeError:
        raise TemplateError(f"{name}: prompt template is not UTF-8 text") from None


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
    **extra: Any,
) -> str:
    """Render the dev prompt. ``discovered_agents`` is the formatted list (empty: direct implementation)."""
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
        **extra,
    }
    return render(DEV_PROMPT, context, project_dir=project_dir, template_path=template_path)
