"""Did the working tree change? A cheap fingerprint of the project's files, for the breaker's "progress".

In a git repository: HEAD plus ``git status --porcelain`` plus the content of each changed file (a file edited
twice stays "modified" in git status, so its content tells; rewriting a file with the same bytes is no change,
so a model that keeps rewriting the same file does not look like progress). Files over 4 MiB count by size and
mtime. Outside git: every file's path, size and mtime under the project. ralphy's own ``.ralphy/`` is left out:
ralphy writes there every iteration.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

from ralphy import git_reads

_SKIP_DIRS = {".git", ".ralphy", "node_modules", ".venv", "__pycache__"}
_MAX_FILES = 50_000
_MAX_HASHED_BYTES = 4 * 1024 * 1024


OUTSIDE_GIT_WARNING = (
    "{project} is not in a git repository: Claude's edits cannot be reviewed or undone with git "
    "(`git init` and a first commit give you that); going on"
)


def git_root(project_dir: str | os.PathLike[str]) -> Path | None:
    """The work tree ``project_dir`` is in (the nearest folder upwards holding ``.git``, a folder or a file as in
    a linked worktree), or None outside git. No git process: ``ralphy dev`` asks before its first iteration."""
    path = Path(project_dir).resolve()
    for folder in (path, *path.parents):
        if (folder / ".git").exists():
            return folder
    return None


def fingerprint(project_dir: str | os.PathLike[str]) -> str:
    return fingerprints(project_dir)[0]


def fingerprints(project_dir: str | os.PathLike[str], leave_out: str | None = None) -> tuple[str, str]:
    """(the fingerprint, the fingerprint without the file ``leave_out``), from one look at the tree.

    ``leave_out`` is a path relative to the project (the tasks file): the second fingerprint tells whether
    anything else changed ("claimed without changes" when only the tasks file did). git lists paths from the
    repository's root, so a listed path also matches when it ends with ``/`` + ``leave_out``.
    """
    project = Path(project_dir)
    whole, others = hashlib.sha256(), hashlib.sha256()
    listed = _git_changes(project)
    if listed is None:
        paths, codes = _walk(project), None
    else:
        head, status, paths, codes = listed
        whole.update(head + status)
        others.update(head)
    skip = os.path.normpath(leave_out) if leave_out else None
    for index, path in enumerate(paths):
        entry = str(path).encode("utf-8", "surrogateescape") + b"\0"
        state = _file_state(project / path, by_content=listed is not None)
        whole.update(entry + state)
        if skip is None or not (path == skip or path.endswith("/" + skip)):
            others.update((codes[index] if codes else b"") + entry + state)
    return whole.hexdigest(), others.hexdigest()


def _file_state(path: Path, *, by_content: bool) -> bytes:
    """What a listed path holds. A link counts by where it points (its text, as git stores it), never by what it
    leads to: a repository's untracked link to /proc/kmsg (readable by root, a read that waits for the kernel's
    next message) hung the first fingerprint of `ralphy dev` for good. A file is opened without following links
    and without blocking, and read to at most _MAX_HASHED_BYTES."""
    import stat as stat_module

    try:
        info = os.lstat(path)
        if stat_module.S_ISLNK(info.st_mode):
            return b"link:" + os.fsencode(os.readlink(path))
        if by_content and info.st_size <= _MAX_HASHED_BYTES and stat_module.S_ISREG(info.st_mode):
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            try:
                if stat_module.S_ISREG(os.fstat(fd).st_mode):
                    digest, left = hashlib.sha256(), _MAX_HASHED_BYTES + 1
                    while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
                        digest.update(chunk)
                        left -= len(chunk)
                    return digest.digest()
            finally:
                os.close(fd)
        return f"{info.st_size}:{info.st_mtime_ns}".encode()
    except OSError:
        return b"missing"


# git opens the files it reads with a blocking open(): a FIFO where it reads HEAD, its config, the index or an
# ignore file (an archive can ship one; git itself stores none) holds `git status` until its timeout, twice per
# iteration. The fixed places are looked at first (no wait at all); a FIFO elsewhere (a folder's .gitignore)
# costs one timeout, after which the run compares the files itself (_walk), said once.
GIT_TIMEOUT_S = 60.0
_GIT_READS = (".git/HEAD", ".git/config", ".git/index", ".git/info/exclude", ".git/info/attributes", ".gitignore",
              ".gitattributes", ".git/commondir")
_git_stalled: dict[str, str] = {}  # project -> why git is not asked again in this process


def git_unsafe(project: Path, root: Path | None) -> "git_reads.Wait | None":
    """Why git would hang on this tree before it starts: a file git reads that is not a regular file."""
    import stat as stat_module

    for folder in dict.fromkeys([project, *([root] if root else [])]):
        for rel in _GIT_READS:
            try:
                mode = os.lstat(folder / rel).st_mode
            except OSError:
                continue
            if not (stat_module.S_ISREG(mode) or stat_module.S_ISLNK(mode) or stat_module.S_ISDIR(mode)):
                return git_reads.wait(folder / rel, f"{folder / rel} is not a regular file (git would wait on it)")
    from ralphy.claude.command import find_program

    return git_reads.would_wait(find_program("git"), root or project)  # every other file git reads (first19)


def _git_stalls(project: Path, why: str) -> None:
    key = os.fspath(project)
    if key not in _git_stalled:
        _git_stalled[key] = why
        import logging

        logging.getLogger("ralphy.worktree").warning(
            "%s; ralphy compares the project's files itself to tell progress in this run", why)


def _git_changes(project: Path) -> tuple[bytes, bytes, list[str], list[bytes]] | None:
    """(HEAD, git status output, changed paths, their status codes) or None when ``project`` is not in a git work tree (or git is missing)."""
    from ralphy.claude.command import find_program

    git = find_program("git")  # on PATH's absolute entries: a relative one would find the project's own ./git
    if git is None or os.fspath(project) in _git_stalled:
        return None
    why = git_unsafe(project, git_root(project))
    if why is not None:
        _git_stalls(project, why)
        return None
    try:
        head = subprocess.run(
            [git, "rev-parse", "HEAD"], cwd=project, capture_output=True, timeout=GIT_TIMEOUT_S
        ).stdout.strip()
        status = subprocess.run(
            # commands git status would run that a .git/config shipped with the files names: core.fsmonitor, and
            # the filter drivers .gitattributes assigns to changed files (clean, process); submodules' own
            # configs are not read (their commits count, not their uncommitted files). And hooks: git status
            # writes the index it refreshed, then runs the post-index-change hook (.git/hooks, or a
            # core.hooksPath into the repository's own folder): no optional index write, and no hooks folder
            [git, "--no-optional-locks", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false",
             *_no_filters(git, project), "status", "--porcelain=v1", "-z",
             "--untracked-files=all", "--ignore-submodules=dirty", "--", ".", ":(exclude).ralphy"],
            cwd=project,
            capture_output=True,
            timeout=GIT_TIMEOUT_S,
        )
    except subprocess.TimeoutExpired:
        _git_stalls(project, f"git did not answer in {GIT_TIMEOUT_S:g} s in {project} (a FIFO where git reads a "
                             ".gitignore?)")
        return None
    except OSError:
        return None
    if status.returncode != 0:
        return None
    entries = [entry for entry in status.stdout.split(b"\0") if entry]
    changed = [entry for entry in entries if len(entry) > 3]
    return head, status.stdout, [os.fsdecode(entry[3:]) for entry in changed], [entry[:3] for entry in changed]


def _no_filters(git: str, project: Path) -> list[str]:
    """``-c`` options that empty the clean and process commands of every filter driver git's config names
    (``git config`` only reads: it runs nothing), so ``git status`` compares changed files as they are. When git
    cannot answer (an OSError, a timeout) that goes to the caller, which then runs no ``git status`` at all:
    without the list, the drivers would run."""
    listed = subprocess.run([git, "config", "--name-only", "--get-regexp", r"^filter\."], cwd=project,
                            capture_output=True, timeout=GIT_TIMEOUT_S).stdout
    drivers = {os.fsdecode(name)[len("filter."):].rpartition(".")[0] for name in listed.split(b"\n") if name}
    options = []
    for driver in sorted(d for d in drivers if d):
        options += ["-c", f"filter.{driver}.clean=", "-c", f"filter.{driver}.process=",
                    "-c", f"filter.{driver}.required=false"]
    return options


def _walk(project: Path) -> list[str]:
    paths: list[str] = []
    from ralphy.safefs import walk

    for root, dirs, files in walk(project):  # not os.walk: it recurses per level (a folder 1,500 deep)
        dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
        for name in sorted(files):
            paths.append(os.path.relpath(os.path.join(root, name), project))
            if len(paths) >= _MAX_FILES:
                return paths
    return paths
