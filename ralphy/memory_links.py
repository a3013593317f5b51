"""The project's memory files (``CLAUDE.md`` and the files it imports) that lead out of the project (newuser20).

The Claude CLI reads the project's ``CLAUDE.md``, ``CLAUDE.local.md`` and ``.claude/CLAUDE.md`` into the system
prompt of every request, and follows a link there: measured with 2.0.0 and 2.1.331 and a scripted API, a
repository's ``CLAUDE.md`` that is a link to ``~/.ssh/id_rsa`` sent the key to the model in the first request.
The CLI refuses an ``@`` import that names a file outside the project (``@~/.ssh/id_rsa``, ``@../x``: not
imported by either version in ``claude -p``), but 2.0.0 imports ``@notes.txt`` when ``notes.txt`` in the project
is a link to a file outside it (2.1.331 does not). Git stores links, so a stranger's repository can ship either.

``outside_reads`` names each such file: a memory file, or a relative import inside the project, whose real path
is a file outside it. Nothing is followed past the project except to ask where a link ends (``realpath``), and
what is read (memory files and imports inside the project, for their ``@`` words) is a regular file read
without blocking, bounded in size and count.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

MEMORY_FILES = ("CLAUDE.md", "CLAUDE.local.md", os.path.join(".claude", "CLAUDE.md"))
MAX_IMPORT_DEPTH = 5  # the CLI's own limit on imports of imports
MAX_FILES = 200  # files read for their imports, at most
MAX_BYTES = 4 * 1024 * 1024  # each, at most (a larger one is not read for imports)
# "@path" after a line's start or white space, as the CLI finds imports (an escaped space belongs to the path)
_IMPORT = re.compile(r"(?:^|\s)@((?:[^\s\\]|\\ )+)")


def outside_reads(project_dir: str | os.PathLike[str]) -> list[tuple[str, str, str]]:
    """(file, where it leads, the memory file importing it or "") for each memory file or import of the project
    that the CLI would read from outside it: ``("CLAUDE.md", "/home/me/.ssh/id_rsa", "")``, ``("notes.txt",
    "/home/me/.aws/credentials", "CLAUDE.md")``; paths relative to the project."""
    root = os.path.realpath(project_dir)
    found: list[tuple[str, str, str]] = []
    queue: list[tuple[str, int]] = []  # (a file inside the project, relative to it; its depth)
    for name in MEMORY_FILES:
        path = os.path.join(root, name)
        if not os.path.lexists(path):
            continue
        real = os.path.realpath(path)
        if not _inside(real, root):
            if os.path.isfile(real):
                found.append((name, real, ""))
            continue
        queue.append((name, 0))
    seen: set[str] = set()
    while queue and len(seen) < MAX_FILES:
        name, depth = queue.pop(0)
        real = os.path.realpath(os.path.join(root, name))
        if real in seen or depth >= MAX_IMPORT_DEPTH:
            continue
        seen.add(real)
        for target in dict.fromkeys(_imports(real)):  # each word once
            if target.startswith(("~", "/")):
                continue  # outside by its own words: the CLI does not import it headless
            lexical = os.path.normpath(os.path.join(os.path.dirname(os.path.join(root, name)), target))
            if not _inside(lexical, root):
                continue  # the same: "../x" names a file outside, which the CLI does not import
            if not os.path.lexists(lexical):  # most "@" words (mail, handles): one system call, not a realpath
                continue  # each (a 4 MB file of them took 7 s), and a word holding a NUL is no path (it raised)
            real_target = os.path.realpath(lexical)
            rel = os.path.relpath(lexical, root)
            if not _inside(real_target, root):
                if os.path.isfile(real_target) and rel not in [file for file, _, _ in found]:
                    found.append((rel, real_target, name))
            elif os.path.isfile(real_target):
                queue.append((rel, depth + 1))
    return found


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _imports(path: str) -> list[str]:
    """The ``@`` words of one memory file (a regular file; anything else or unreadable: none)."""
    from ralphy import safefs
    from ralphy.errors import RalphyError

    try:
        text = safefs.read_bytes(Path(path), limit=MAX_BYTES).decode("utf-8", "replace")
    except (OSError, ValueError, RalphyError):  # a FIFO, a folder, too large, unreadable: nothing imported
        return []
    return [match.replace("\\ ", " ") for match in _IMPORT.findall(text)]
