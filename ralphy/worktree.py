"""Did the working tree change? A cheap fingerprint of the project's files, for the breaker's "progress".

In a git repository: HEAD plus ``git status --porcelain`` plus each changed file's size and mtime (a file
edited twice stays "modified" in git status; its mtime still moves). Elsewhere: every file's path, size and
mtime under the project. ralphy's own ``.ralphy/`` is left out: ralphy writes there every iteration.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

_SKIP_DIRS = {".git", ".ralphy", "node_modules", ".venv", "__pycache__"}
_MAX_FILES = 50_000


def fingerprint(project_dir: str | os.PathLike[str]) -> str:
    project = Path(project_dir)
    digest = hashlib.sha256()
    listed = _git_changes(project)
    if listed is None:
        paths = _walk(project)
    else:
        head, paths = listed
        digest.update(head)
    for path in paths:
        digest.update(str(path).encode("utf-8", "surrogateescape") + b"\0")
        try:
            stat = (project / path).stat()
            digest.update(f"{stat.st_size}:{stat.st_mtime_ns}".encode())
        except OSError:
            digest.update(b"missing")
    return digest.hexdigest()


def _git_changes(project: Path) -> tuple[bytes, list[str]] | None:
    """(HEAD, changed paths) or None when ``project`` is not in a git work tree (or git is missing)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=project, capture_output=True, timeout=30
        ).stdout.strip()
        status = subprocess.run(
            ["git", "status", "--porcelain=v1", "-z", "--untracked-files=all", "--", ".", ":(exclude).ralphy"],
            cwd=project,
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if status.returncode != 0:
        return None
    entries = [entry for entry in status.stdout.split(b"\0") if entry]
    paths = [os.fsdecode(entry[3:]) for entry in entries if len(entry) > 3]
    return head + status.stdout, paths


def _walk(project: Path) -> list[str]:
    paths: list[str] = []
    for root, dirs, files in os.walk(project):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
        for name in sorted(files):
            paths.append(os.path.relpath(os.path.join(root, name), project))
            if len(paths) >= _MAX_FILES:
                return paths
    return paths
