"""`ralphy mcp` answer time: the real server in its own process over stdio, driven by the mcp SDK's client.

    .venv/bin/python benchmarks/bench_mcp.py [--agents 15] [--calls 50]

A project of N agent files from tests/data/agent-corpus is written to a temporary folder; after one warm-up
call, each tool call (agent_recommend, agent_capabilities, task_list) is timed from the client's side: the
JSON-RPC round trip through the pipe, the tool's work and the SDK's validation. Baseline in the same run: the
SDK's own round trip for a tool that does nothing (a server with one no-op tool, same transport), so the
ratio says what ralphy adds to the protocol's floor.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

sys.path.insert(0, str(REPO / "benchmarks"))
from bench_routing import load_corpus  # noqa: E402

# the SDK's floor: a server with one no-op tool named like ralphy's (benchmarks/bench_mcp_start.py starts it too)
NOOP_SERVER = """
from mcp.server.mcpserver import MCPServer
server = MCPServer("noop", log_level="WARNING")
@server.tool()
def agent_recommend(task: str) -> dict:
    return {"task": task}
server.run("stdio")
"""


async def _timed(params, calls: list[tuple[str, dict]], rounds: int) -> dict[str, list[float]]:
    from mcp import Client

    timings: dict[str, list[float]] = {}
    async with Client(params, read_timeout_seconds=60) as client:
        for name, arguments in calls:  # warm-up: first call of each tool
            await client.call_tool(name, arguments)
        for _ in range(rounds):
            for name, arguments in calls:
                started = time.perf_counter()
                result = await client.call_tool(name, arguments)
                timings.setdefault(name, []).append(time.perf_counter() - started)
                assert not result.is_error, result
    return timings


def main(argv: list[str] | None = None) -> None:
    from mcp.client.stdio import StdioServerParameters

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", type=int, default=15)
    parser.add_argument("--calls", type=int, default=50)
    args = parser.parse_args(argv)
    corpus = sorted(load_corpus(), key=lambda agent: agent.name)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        (project / ".git").mkdir()
        (project / ".claude" / "agents").mkdir(parents=True)
        for agent in corpus[:: max(1, len(corpus) // args.agents)][: args.agents]:
            shutil.copy(agent.path, project / ".claude" / "agents" / agent.path.name)
        (project / "TASKS.md").write_text("# Tasks\n\n## Core\n- [ ] 1.1 Write unit tests for the parser\n")
        ralphy = StdioServerParameters(command=sys.executable, args=["-m", "ralphy", "mcp", str(project)], env=env)
        noop = StdioServerParameters(command=sys.executable, args=["-c", NOOP_SERVER], env=env)
        task = {"task": "Write unit tests for the ISBN validator"}
        ours = asyncio.run(_timed(ralphy, [("agent_recommend", task), ("agent_capabilities", {}),
                                           ("task_list", {})], args.calls))
        floor = asyncio.run(_timed(noop, [("agent_recommend", task)], args.calls))["agent_recommend"]
    base = statistics.median(floor) * 1000
    print(f"project: {args.agents} agents; {args.calls} calls per tool after a warm-up; python {sys.version.split()[0]}")
    print(f"SDK no-op tool round trip (baseline): median {base:.2f} ms")
    for name, values in ours.items():
        median = statistics.median(values) * 1000
        p95 = sorted(values)[int(len(values) * 0.95) - 1] * 1000
        print(f"{name}: median {median:.2f} ms, p95 {p95:.2f} ms, {median / base:.1f}x the baseline")


if __name__ == "__main__":
    main()
