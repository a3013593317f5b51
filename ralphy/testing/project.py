"""A project to run ralphy on: a git repository, as the Claude CLI expects one (discovery stops at its root)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def git(root: str | os.PathLike[str], *args: str) -> None:
    """Run ``git`` in ``root``; a failure raises with git's own output."""
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, timeout=60)


def init_git_project(root: str | os.PathLike[str], *, commit: bool = True) -> Path:
    """``git init`` ``root`` (created if missing) and, with ``commit``, commit everything in it."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q")
    if commit:
        git(root, "add", "-A")
        git(root, "-c", "user.name=ralphy", "-c", "user.email=ralphy@example.invalid", "commit", "-qm", "start",
            "--allow-empty")
    return root
