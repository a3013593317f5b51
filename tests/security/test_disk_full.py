"""A full disk (issue 10, point 6): the database stays whole with its WAL, ralphy says "disk full" in one line
while it lasts, reads the history meanwhile, and carries on with nothing lost once there is space again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.errors import StoreError
from ralphy.store import Store


@pytest.fixture
def small_disk(tmp_path: Path):
    mount = tmp_path / "disk"
    mount.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], check=True,
                       capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("cannot mount a small file system here (not root, or no mount)")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


def fill(store: Store, run: int) -> int:
    """Write iterations until the disk is full; return how many were committed."""
    n = 0
    with pytest.raises(StoreError) as info:
        while True:
            iteration = store.start_iteration(run, n + 1, prompt_chars=1)
            store.finish_iteration(iteration, outcome="ok", error="x" * 3000)
            n += 1
    message = str(info.value)
    assert "the disk is full" in message and "\n" not in message
    return n


def test_after_enospc_the_database_is_whole_readable_and_carries_on_once_there_is_space(small_disk):
    project = small_disk / "project"
    project.mkdir()
    ballast = small_disk / "ballast"
    ballast.write_bytes(b"\0" * 64 * 1024)
    with Store.open(project) as store:
        run = store.start_run(config_json="{}", argv=["ralphy", "dev"])
        committed = fill(store, run)
    assert committed >= 1

    with Store.open(project) as store:  # while the disk is still full: not "truncated", the history is there
        assert len(store.iterations(run)) >= committed
    status = subprocess.run([sys.executable, "-m", "ralphy", "log", str(project)], capture_output=True, text=True)
    assert status.returncode == 0 and "truncated" not in status.stderr, status.stderr

    ballast.unlink()  # space again
    with Store.open(project) as store:
        assert len(store.iterations(run)) >= committed
        store.finish_run(run, status="completed", exit_code=0)
        assert store.last_run().status == "completed"
