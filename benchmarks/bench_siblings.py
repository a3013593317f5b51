"""The siblings field (``ralphy.agents.siblings``) on the train sets: off, and at a few weights (issue 15, expand16).

    .venv/bin/python benchmarks/bench_siblings.py [--weights 0.1 0.2 0.4]

One line per setting: over every train set (the catalog and roles sets on the 500-agent corpus, the four VoltAgent
train sets on VoltAgent's 158 agents, the five small-project train sets, each project with its own router) the right
decisions, the false recommendations (an agent recommended that is not a right one) and the tasks whose best-ranked
agent is right; then the same for the small-project sets alone, and per set. The packaged calibration is used
throughout (``--fit`` in bench_routing.py refits it). Train sets only: never run this on a held-out set.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_routing as b  # noqa: E402

from ralphy.agents import routing, routing_fields, siblings  # noqa: E402

SMALL = ("projects", "large", "fresh", "projects3", "projects4")


def figures() -> dict[str, tuple[int, int, int]]:
    """Per train set: (right decisions, false recommendations, best-ranked right)."""
    routing_fields.FIELDS_CACHE.clear()  # the siblings field is part of an agent's cached fields
    corpus = b.load_corpus()
    catalog, voltagent = b.Router(corpus), b.Router(b.load_corpus(b.VOLTAGENT))
    out = {}
    catalog_sets = (("catalog", catalog, b.LABELLED), ("roles", catalog, b.ROLES),
                    ("voltagent", voltagent, b.VOLTAGENT_TRAIN), ("voltagent2", voltagent, b.VOLTAGENT_TRAIN2),
                    ("voltagent3", voltagent, b.VOLTAGENT_TRAIN3), ("voltagent4", voltagent, b.VOLTAGENT_TRAIN4))
    for label, router, path in catalog_sets:
        result = b.evaluate(router, b.load_labelled(path, split="train"))
        false = sum(1 for miss in result["misses"] if miss[2] is not None)
        ranked = round(result["top1_ranked"] * result["with_agent"])
        out[label] = (round(result["top1"] * result["tasks"]), false, ranked)
    for label, path, split in (("projects", b.PROJECTS, "train"), ("large", b.PROJECTS_LARGE, "train"),
                               ("fresh", b.PROJECTS_FRESH_TRAIN, "all"), ("projects3", b.PROJECTS_TRAIN3, "all"),
                               ("projects4", b.PROJECTS_TRAIN4, "all")):
        result = b.evaluate_projects(b.load_projects(path, split=split), corpus)
        tasks = result["tasks"]
        out[label] = (round(result["decision"] * tasks), round(result["false_recommendation"] * tasks),
                      round(result["top1_ranked"] * result["with_agent"]))
    return out


def line(label: str, out: dict[str, tuple[int, int, int]]) -> str:
    total = tuple(sum(value[i] for value in out.values()) for i in range(3))
    small = tuple(sum(out[name][i] for name in SMALL) for i in range(3))
    sets = "  ".join(f"{name} {'/'.join(map(str, value))}" for name, value in out.items())
    return f"{label:10} right/false/ranked all {'/'.join(map(str, total))}  small {'/'.join(map(str, small))}  {sets}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=float, nargs="+", default=[0.1, 0.2, 0.4])
    args = parser.parse_args()
    packaged = routing.FIELD_WEIGHTS["siblings"]
    siblings.SIBLINGS_ENABLED = False
    print(line("off", figures()), flush=True)
    siblings.SIBLINGS_ENABLED = True
    for weight in args.weights:
        routing.FIELD_WEIGHTS["siblings"] = weight
        print(line(f"w={weight}" + (" *" if weight == packaged else ""), figures()), flush=True)


if __name__ == "__main__":
    main()
