"""Would git wait before it answers? Every file git may open in a work tree's git folder, looked at without opening.

git opens what it reads with a blocking ``open()``: a FIFO where it reads (an archive or a clone of a stranger's
repository can ship one; git itself stores none) holds ``git rev-parse``, ``git config``, ``git status`` and
``git check-ignore`` until ralphy's timeout, 60 s, before and after every iteration. hostile14 looked at the
fixed places (HEAD, config, index, info/exclude, the top ``.gitignore``); first19 measured the others, each one a
hang of ``git status``: a branch or ``packed-refs``, ``shallow``, a loose object, ``objects/info/alternates``,
``config.worktree``, a link in the git folder to a FIFO anywhere, and the files the repository's own config
names: an ``[include]`` or ``[includeIf]`` path (and what those include), ``core.excludesFile``,
``core.attributesFile``. So:

- the git folder (and the common one of a linked worktree, and the object folders ``alternates`` names) is
  walked once, at most ``MAX_ENTRIES`` entries: anything but a file, a folder or a link to one of them is
  refused (``scandir``'s file types, a ``stat`` only for links: nothing is opened);
- the repository's config files are read by git itself (``git config --file F --no-includes``: exactly git's
  syntax, no include followed, nothing run) for those four keys, and each file they name is looked at with
  ``stat``; an included config is read the same way, ten deep at most (git's own limit);
- each submodule ``git status`` goes into (the index's gitlinks whose folder holds a ``.git``; loose20) is looked
  at the same way, ten deep: its top ``.gitignore``, ``.gitattributes`` and ``.gitmodules``, its git folder
  where its ``.git`` file points (or its own ``.git`` folder) unless already walked, its config's named files.

Not covered (said in docs/decisions.md): the user's own global and system configs, and a ``.gitignore`` below
the top folder (hostile14: one timeout per run, then the run compares the files itself).
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import subprocess
from pathlib import Path

MAX_ENTRIES = 200_000  # entries walked in the git folders; a repository with more is not looked at further
MAX_DEPTH = 10  # includes within includes (git stops at 10), alternates within alternates (git: 5)
_KEYS = r"^(include\.path|includeif\..*\.path|core\.excludesfile|core\.attributesfile)$"
_SMALL = 64 * 1024  # a .git file, commondir, alternates; a config read whole before git is asked about it
# Each of _KEYS holds one of these words as written (git's section and key names are letters, digits and '-',
# case-insensitive): a config without any names no file
_MAY_NAME = re.compile(rb"include|excludesfile|attributesfile", re.IGNORECASE)


def would_wait(git: str | None, top: Path) -> Wait | None:
    """Why git would wait in the work tree ``top`` (the folder holding ``.git``) on a file it reads, or None."""
    return _repository(git, top, [MAX_ENTRIES], [], 0)


def _repository(git: str | None, top: Path, budget: list[int], walked: list[str], depth: int) -> Wait | None:
    """``would_wait`` for one work tree, then for each submodule ``git status`` goes into (``walked``: the git
    folders already walked, which a submodule's under ``.git/modules`` is part of)."""
    if (why := _top_files(top)) is not None:
        return why
    folders = git_folders(top)
    if not folders:
        return None
    gitdir = folders[0]
    for folder in folders:
        real = os.path.realpath(folder)
        if any(real == done or real.startswith(done.rstrip(os.sep) + os.sep) for done in walked):
            continue
        walked.append(real)
        if (why := _walk(folder, budget)) is not None:
            return why
    for folder in folders:
        if (why := _alternates(folder / "objects", budget, 0)) is not None:
            return why
    configs = [folder / "config" for folder in reversed(folders)] + [gitdir / "config.worktree"]
    for config in dict.fromkeys(configs):
        if git is not None and (why := _named_files(git, config, top, 0)) is not None:
            return why
    if git is None or depth >= MAX_DEPTH:
        return None
    for path in _submodules(git, top):
        if budget[0] <= 0:
            break
        budget[0] -= 1  # a git process each: a repository of thousands of submodules is not looked at whole
        if (why := _repository(git, top / path, budget, walked, depth + 1)) is not None:
            return why
    return None


# Read at a work tree's top by `git status`, the project's and each submodule's (the deeper .gitignore files are
# not looked at: see the module's docstring)
_TOP_FILES = (".gitignore", ".gitattributes", ".gitmodules")


def _top_files(top: Path) -> Wait | None:
    for name in _TOP_FILES:
        try:
            mode = os.stat(top / name).st_mode
        except OSError:
            continue
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            return _why(top / name, mode)
    return None


def _submodules(git: str, top: Path) -> list[str]:
    """The submodules ``git status`` goes into: the index's gitlinks (mode 160000; with or without a
    ``.gitmodules`` entry) whose folder, reached through no link, holds a ``.git``. Asked of git after the checks
    above, so it cannot wait."""
    try:
        listed = subprocess.run(
            [git, "--no-optional-locks", "-c", "core.fsmonitor=false", "ls-files", "--stage", "-z"],
            cwd=top, capture_output=True, timeout=30, check=False, stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.SubprocessError):
        return []
    found, real_top = [], os.path.realpath(top)
    for entry in listed.split(b"\0"):
        if entry.startswith(b"160000 "):
            path = os.fsdecode(entry.partition(b"\t")[2])
            # git enters no submodule through a link ("expected submodule path not to be a symbolic link") nor
            # outside the work tree: such a path would lead the walk out of the project
            if (path and os.path.realpath(top / path) == os.path.join(real_top, path)
                    and os.path.lexists(top / path / ".git")):
                found.append(path)
    return found


def _gitdir(top: Path) -> Path | None:
    dot = top / ".git"
    try:
        mode = os.stat(dot).st_mode
    except OSError:
        return None
    if stat.S_ISDIR(mode):
        return dot
    text = _read_small(dot) if stat.S_ISREG(mode) else None  # a linked worktree's "gitdir: PATH"
    if text is None or not text.startswith(b"gitdir:"):
        return None
    rest = text[len(b"gitdir:"):].strip()
    if not rest:
        return None
    folder = top / os.fsdecode(rest.splitlines()[0].strip())
    # git takes a folder without HEAD for no repository (and reads nothing in it): "gitdir: /dev" in a stranger's
    # submodule is not walked, and no one is told to `rm` a device
    return folder if os.path.isdir(folder) and os.path.lexists(folder / "HEAD") else None


def git_folders(top: Path) -> list[Path]:
    """The git folder of the work tree ``top`` and, for a linked worktree, the common one (empty when none)."""
    gitdir = _gitdir(top)
    if gitdir is None:
        return []
    folders = [gitdir]
    common = _read_small(gitdir / "commondir")
    if common is not None and common.strip():
        folder = gitdir / os.fsdecode(common.strip().splitlines()[0])
        if os.path.isdir(folder) and os.path.realpath(folder) != os.path.realpath(gitdir):
            folders.append(folder)
    return folders


class Wait(str):
    """Why git would wait (the text shown), with ``path``: the file it would wait on."""

    path: str


def wait(path: str | os.PathLike[str], text: str) -> Wait:
    from ralphy.termsafe import one_line

    why = Wait(one_line(text))
    why.path = os.path.normpath(os.fspath(path))
    return why


def _why(path: str | os.PathLike[str], mode: int, named_by: str = "") -> Wait:
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return wait(path, f"{os.path.normpath(os.fspath(path))}{named_by} is {kind}, not a regular file "
                      "(git would wait on it)")


def _walk(top: Path, budget: list[int]) -> Wait | None:
    """The first entry below ``top`` that is neither a file nor a folder, nor a link to one (links not entered)."""
    stack = [os.fspath(top)]
    while stack and budget[0] > 0:
        try:
            with os.scandir(stack.pop()) as listing:
                # at most the budget's entries listed: one folder of millions is not read whole into memory
                entries = list(itertools.islice(listing, budget[0]))
        except OSError:
            continue
        budget[0] -= len(entries)
        for entry in entries:
            try:
                if entry.is_symlink():
                    mode = os.stat(entry.path).st_mode  # what it leads to: git follows links in its folder
                    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                        return _why(entry.path, mode)
                elif entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                elif not entry.is_file(follow_symlinks=False):
                    return _why(entry.path, entry.stat(follow_symlinks=False).st_mode)
            except OSError:
                continue  # gone, or a link that leads nowhere: git cannot open it either
    return None


def _read_small(path: Path) -> bytes | None:
    """A small regular file's bytes (links followed), or None: a FIFO is never waited on (O_NONBLOCK)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.read(fd, _SMALL)
    except OSError:
        return None
    finally:
        os.close(fd)


def _alternates(objects: Path, budget: list[int], depth: int) -> Wait | None:
    """A FIFO in an object folder ``objects/info/alternates`` names (git reads their objects too)."""
    text = _read_small(objects / "info" / "alternates")
    if text is None or depth >= MAX_DEPTH:
        return None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(b"#"):
            continue
        other = objects / os.fsdecode(line)
        try:
            mode = os.stat(other).st_mode
        except OSError:
            continue
        if not stat.S_ISDIR(mode):
            if not stat.S_ISREG(mode):
                return _why(other, mode, f" (named by {objects / 'info' / 'alternates'})")
            continue
        if (why := _walk(other, budget)) is not None or (why := _alternates(other, budget, depth + 1)) is not None:
            return why
    return None


def _named_files(git: str, config: Path, top: Path, depth: int) -> Wait | None:
    """A file ``config`` includes or names as an ignore or attributes file that is a FIFO (or a device)."""
    try:
        if not stat.S_ISREG(os.stat(config).st_mode):
            return None  # missing; a FIFO at a config is the walk's (or hostile14's) to find
        text = _read_small(config)
        if text is not None and len(text) < _SMALL and not _MAY_NAME.search(text):
            return None  # none of the four keys can be in it: no git process (one a submodule adds up)
        listed = subprocess.run(
            # no repository around it: in one, git reads that repository's config first, includes and all
            [git, f"--git-dir={os.devnull}", "config", "--file", os.fspath(config), "--no-includes", "-z",
             "--get-regexp", _KEYS],
            cwd="/", capture_output=True, timeout=30, check=False, stdin=subprocess.DEVNULL).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    for item in listed.split(b"\0"):
        key, _, value = item.partition(b"\n")
        if not value:
            continue
        name = os.fsdecode(value)
        include = key.endswith(b".path")
        # relative: an include from the including file's folder; an ignore or attributes file from where git runs
        for base in ([config.parent] if include else [top, config.parent]):
            path = Path(os.path.expanduser(name)) if name.startswith("~") else base / name
            try:
                mode = os.stat(path).st_mode
            except OSError:
                continue
            if stat.S_ISREG(mode):
                if include and depth + 1 < MAX_DEPTH and (why := _named_files(git, path, top, depth + 1)):
                    return why
            elif not stat.S_ISDIR(mode):
                return _why(path, mode, f" (named by {config}'s {os.fsdecode(key)})")
    return None
