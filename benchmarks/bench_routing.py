"""Routing benchmark: accuracy on the labelled set and query latency over the real agent corpus.

    .venv/bin/python benchmarks/bench_routing.py [--split train|test|all] [--errors]

The corpus (tests/data/agent-corpus, five public collections) is loaded as one list of agents, one per
name: files in sorted path order, the first file with a name wins, as a name clash resolves in one scope.

- top-1: the task's ``recommended`` agent is one of the labelled agents; for a task labelled ``null``
  (no agent fits), ``recommended`` is ``None``. The threshold applies, so a right agent recommended with
  too little confidence counts as a miss.
- recall@10: a labelled agent is among the 10 best ranked (tasks with an agent only).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "data" / "agent-corpus"
LABELLED = REPO / "tests" / "data" / "routing" / "labelled_tasks.jsonl"

sys.path.insert(0, str(REPO))

from ralphy.agents.discovery import AgentProblem, load_agent_file  # noqa: E402
from ralphy.agents.routing import BACKGROUND_FILE, NO_BACKGROUND, Background, Router  # noqa: E402
from ralphy.agents.spec import AgentSpec  # noqa: E402


def load_corpus(root: Path = CORPUS) -> list[AgentSpec]:
    """Every loadable agent under ``root``, one per name (first in sorted path order wins)."""
    agents: dict[str, AgentSpec] = {}
    for path in sorted(root.rglob("*.md")):
        loaded = load_agent_file(path)
        if not isinstance(loaded, AgentProblem):
            agents.setdefault(loaded.name, loaded)
    return list(agents.values())


def load_labelled(path: Path = LABELLED, split: str = "all") -> list[dict[str, Any]]:
    """The labelled tasks of ``split`` (train, test or all)."""
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [item for item in items if split == "all" or item["split"] == split]


def evaluate(router: Router, items: list[dict[str, Any]]) -> dict[str, Any]:
    """top-1 accuracy, recall@10 and the misses of ``router`` on ``items``."""
    top1 = recall = positives = 0
    misses = []
    for item in items:
        expected = item["expected"]
        recommendation = router.recommend(item["task"], top=5)
        if expected is None:
            hit = recommendation.recommended is None
        else:
            positives += 1
            hit = recommendation.recommended in expected
            ranked = [alternative.agent for alternative in router.rank(item["task"], limit=10)]
            recall += any(name in expected for name in ranked)
        top1 += hit
        if not hit:
            misses.append((item["task"], expected, recommendation.recommended, recommendation.confidence,
                           [(a.agent, a.confidence) for a in router.rank(item["task"], limit=3)]))
    return {
        "tasks": len(items),
        "with_agent": positives,
        "top1": top1 / len(items) if items else 0.0,
        "recall10": recall / positives if positives else 0.0,
        "misses": misses,
    }


def latency(agents: list[AgentSpec], tasks: list[str], rounds: int = 5) -> dict[str, float]:
    """Build time and per-query latency (milliseconds) of a Router over ``agents``."""
    started = time.perf_counter()
    router = Router(agents)
    build = time.perf_counter() - started
    timings = []
    for _ in range(rounds):
        for task in tasks:
            started = time.perf_counter()
            router.recommend(task)
            timings.append(time.perf_counter() - started)
    timings.sort()
    return {
        "agents": len(agents),
        "build_ms": build * 1000,
        "median_ms": statistics.median(timings) * 1000,
        "p95_ms": timings[int(len(timings) * 0.95) - 1] * 1000,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("train", "test", "all"), default="all")
    parser.add_argument("--errors", action="store_true", help="list the misses")
    parser.add_argument("--write-background", action="store_true", help=f"regenerate {BACKGROUND_FILE.name}")
    args = parser.parse_args(argv)
    agents = load_corpus()
    if args.write_background:
        background = Background(len(agents), Router(agents, background=NO_BACKGROUND).document_frequencies())
        BACKGROUND_FILE.write_text(json.dumps(background.to_dict(), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {BACKGROUND_FILE} ({len(background.frequencies)} terms)")
    router = Router(agents)
    print(f"corpus: {len(agents)} agents (deduplicated by name)")
    for split in ("all", "train", "test") if args.split == "all" else (args.split,):
        result = evaluate(router, load_labelled(split=split))
        print(f"{split:5}  tasks={result['tasks']:3}  with agent={result['with_agent']:3}  "
              f"top-1={result['top1']:.3f}  recall@10={result['recall10']:.3f}")
    timing = latency(agents, [item["task"] for item in load_labelled()])
    print(f"latency over {timing['agents']} agents: build {timing['build_ms']:.0f} ms, "
          f"query median {timing['median_ms']:.3f} ms, p95 {timing['p95_ms']:.3f} ms")
    if args.errors:
        for task, expected, got, confidence, top3 in evaluate(router, load_labelled(split=args.split))["misses"]:
            print(f"- {task!r}: expected {expected and expected[:3]}, got {got} ({confidence}); top {top3}")


if __name__ == "__main__":
    main()
