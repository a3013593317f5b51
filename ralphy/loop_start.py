"""What ``ralphy dev`` does before its first iteration: ``.ralphy/`` kept out of git, the transcripts of old runs
pruned, and with ``--create-missing`` an agent drafted for each task group no agent fits.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from ralphy.config import Config
from ralphy.errors import StoreError
from ralphy.tasks import load_tasks


def prune_transcripts(directory: Path, run_id: int, keep_runs: int) -> None:
    """Delete the transcripts of runs older than the last ``keep_runs`` (this one included); the history in
    SQLite keeps their paths, marked as gone by their absence."""
    if not directory.is_dir():
        return
    for path in directory.glob("run*-*"):  # transcripts, and the checks' output (ralphy.verify)
        match = re.fullmatch(r"run(\d+)-(?:iteration\d+\.jsonl|(?:iteration\d+|start)-verify\.log)", path.name)
        if match and int(match.group(1)) <= run_id - keep_runs:
            path.unlink(missing_ok=True)


def keep_out_of_git(state_dir: Path) -> None:
    """ralphy's state is not the project's work: a ``.ralphy/.gitignore`` of ``*`` keeps git status clean."""
    from ralphy import safefs

    try:  # .ralphy/ and what is in it are checked first: a repository may ship links there (ralphy.safefs)
        safefs.prepare_state_dir(state_dir.parent)
    except OSError as exc:
        raise StoreError(f"{state_dir}: cannot write ralphy's state there: {exc.strerror or exc}") from None


def create_missing_agents(project_dir: Path, config: Config, confirm: Callable[[str], bool]) -> list:
    """``ralphy dev --create-missing``: draft an agent (``ralphy.agents.factory``) for each pending task group
    no discovered agent fits (a gap, by ``ralphy.agents.routing``), writing those ``confirm`` accepts."""
    from ralphy.agents.discovery import discover_agents
    from ralphy.agents.factory import draft_missing_agents
    from ralphy.agents.routing import Router, find_gaps

    task_list = load_tasks(project_dir / config.tasks_file, root=project_dir)
    groups = {group: [task.title for task in tasks] for group, tasks in task_list.pending_groups().items()}
    agents = discover_agents(project_dir, scopes=tuple(config.agent_scopes)).agents
    gaps = [match for match in find_gaps(Router(agents, threshold=config.recommend_threshold), groups)
            if match.recommended is None]
    if not gaps:
        return []
    return draft_missing_agents(project_dir, gaps, confirm=confirm)
