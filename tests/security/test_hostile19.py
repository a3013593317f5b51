"""A stranger's repository, round nine (loose19): an agent file whose read never ends.

Discovery checks an agent file's size by ``fstat`` (the CLI skips one over 1 MiB) and then read it to its end, so a
file that grew or claimed size 0 was still read whole, as the CLI reads it. A /proc file claims size 0, and
``.claude/agents/x.md`` linked to ``/proc/self/pagemap`` (8 bytes for each page of the reader's address space:
hundreds of gigabytes of zeros) was read on until memory ran out: `ralphy agents list` was still reading after 20 s.
The read now stops past the larger of the size ``fstat`` gave and the CLI's 1 MiB, and the file is skipped with the
reason. Each test runs discovery in a child with a timeout and an address-space limit, so that the code before the fix
fails it instead of taking the machine's memory.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.testing import init_git_project

PAGEMAP = Path("/proc/self/pagemap")
AGENT = "---\nname: {name}\ndescription: Reviews code\n---\nYou review code.\n"

DISCOVER = """
import json, sys
from ralphy.agents.discovery import DiscoveryRules, discover_agents
from ralphy.claude.version import Version
rules = DiscoveryRules.for_version(Version.parse(sys.argv[2])) if sys.argv[2] != "newest" else None
found = discover_agents(sys.argv[1], rules=rules)
print(json.dumps({"agents": [a.name for a in found.agents], "problems": [[str(p.path), p.reason] for p in found.problems]}))
"""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # 2 GiB: the unbounded read failed on memory


def _discover(tmp_path: Path, target: Path, cli: str) -> dict:
    project = init_git_project(tmp_path / "repo")
    agents = project / ".claude" / "agents"
    agents.mkdir(parents=True)
    (agents / "reviewer.md").write_text(AGENT.format(name="reviewer"))
    (agents / "endless.md").symlink_to(target)
    proc = subprocess.run([sys.executable, "-c", DISCOVER, str(project), cli], capture_output=True, text=True,
                          timeout=60, preexec_fn=_limited, env={**os.environ, "CLAUDE_CONFIG_DIR": str(tmp_path / "c")})
    assert proc.returncode == 0, proc.stderr[-2000:]
    found = json.loads(proc.stdout)
    assert found["agents"] == ["reviewer"]
    (problem,) = found["problems"]
    assert problem[0].endswith("endless.md") and "\n" not in problem[1], problem
    return found


@pytest.mark.skipif(not PAGEMAP.exists() or PAGEMAP.stat().st_size != 0, reason="no /proc/self/pagemap")
@pytest.mark.parametrize("cli", ["newest", "2.1.62"])  # 2.1.62 and before: no size limit at all
def test_an_agent_file_linked_to_a_proc_file_that_never_ends_is_skipped(tmp_path: Path, cli: str) -> None:
    _discover(tmp_path, PAGEMAP, cli)  # read in chunks pagemap refuses (EINVAL) or stopped at the bound: skipped


def _kallsyms_size() -> int:
    try:
        with open("/proc/kallsyms", "rb") as handle:
            return 0 if os.fstat(handle.fileno()).st_size else len(handle.read())
    except OSError:
        return 0


@pytest.mark.skipif(_kallsyms_size() <= 2 << 20, reason="no /proc/kallsyms of more than 2 MiB claiming size 0")
@pytest.mark.parametrize("cli", ["newest", "2.1.62"])
def test_a_file_holding_more_than_fstat_said_stops_at_the_bound(tmp_path: Path, cli: str) -> None:
    found = _discover(tmp_path, Path("/proc/kallsyms"), cli)
    assert "grew past 1,048,576 bytes while being read" in found["problems"][0][1], found
