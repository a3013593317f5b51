"""The one bounded read loop (``safefs.read_limited``), as its two readers use it: ralphy's own state and config
files (``safefs.read_bytes``) and the task file (``tasks.load_tasks``). The FIFO, device, folder, symlink and
over-large cases are guarded where each reader is tested (tests/test_tasks_shapes.py, tests/security/); these are
the loop's own: a file exactly at the limit is read whole, and a file that holds more than ``fstat`` said (one that
grew while read; a /proc file says size 0) stops at the limit and is refused, never read to its end."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ralphy import safefs, tasks
from ralphy.errors import TasksFileError, UnsafePathError

GROWS = Path("/proc/self/maps")  # a regular file whose fstat size is 0 and whose content is kilobytes

needs_proc = pytest.mark.skipif(not GROWS.is_file() or os.stat(GROWS).st_size != 0, reason="no /proc/self/maps")


def test_a_file_exactly_at_the_limit_is_read_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "TASKS.md"
    text = "- [ ] 1.1 Add the store\n" * 100
    path.write_text(text, encoding="utf-8")
    assert safefs.read_bytes(path, limit=len(text)) == text.encode()
    with pytest.raises(UnsafePathError, match=rf"too large for a file \({len(text)} bytes, at most {len(text) - 1}\)"):
        safefs.read_bytes(path, limit=len(text) - 1)
    monkeypatch.setattr(tasks, "MAX_TASKS_FILE_BYTES", len(text))
    assert len(tasks.load_tasks(path).tasks) == 100


@needs_proc
def test_a_file_larger_than_fstat_said_is_refused_at_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(UnsafePathError, match=r"/proc/self/maps: too large for a map \(over 100 bytes\)"):
        safefs.read_bytes(GROWS, limit=100, what="map")
    monkeypatch.setattr(tasks, "MAX_TASKS_FILE_BYTES", 100)
    with pytest.raises(TasksFileError, match=r"^/proc/self/maps: grew past 0 MB while being read$"):
        tasks.load_tasks(GROWS)
    read = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(UnsafePathError):
        safefs.read_bytes(GROWS, limit=100)
    assert sum(read) <= 101  # asked for no more than one byte past the limit
