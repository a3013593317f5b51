"""Selection recall: is a right agent among the agents the dev prompt lists for a task's group?

    .venv/bin/python benchmarks/bench_selection.py [--groups 1,5,10] [--body-chars N] [--errors]

With more agents than ``prompt_agent_threshold`` (20), ``ralphy prompt`` / ``ralphy dev`` list only the
``prompt_agent_limit`` (10) agents ``ralphy.agents.selection.select_for_prompt`` picks for the pending task
groups. Over the train splits of the labelled catalog sets (the only ones with more than 20 agents:
``labelled_tasks.jsonl`` and ``catalog_roles_train.jsonl`` over the whole corpus, ``voltagent_train.jsonl`` over
VoltAgent's 158 agents; the small projects list all their agents), each task with a fitting agent is a task
group of its own, and the tasks are put, in file order, into task files of ``G`` groups (``--groups``; 1: each
task alone gets the ten places, 10: ten groups share them, as in a real TASKS.md). Reported per set and ``G``:
the share of tasks for which a labelled agent is among the selected ones. ``--body-chars N`` sets how much of
each body selection reads (``selection.SELECTION_BODY_CHARS``; -1: the whole body), to compare with what
selection reads now. Train splits only: never the test split or the held-out sets.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_routing import ROLES, VOLTAGENT, VOLTAGENT_TRAIN, load_corpus, load_labelled  # noqa: E402

from ralphy.agents import selection  # noqa: E402
from ralphy.agents.spec import AgentSpec  # noqa: E402


def selection_recall(agents: list[AgentSpec], items: list[dict[str, Any]], groups: int,
                     errors: list[str] | None = None) -> tuple[int, int]:
    """(tasks with a right agent among the selected, tasks with a fitting agent), ``groups`` tasks per file."""
    positives = [item for item in items if item["expected"]]
    hits = 0
    for start in range(0, len(positives), groups):
        chunk = positives[start:start + groups]
        chosen = selection.select_for_prompt(agents, {item["task"]: [] for item in chunk})
        names = {agent.name for agent in chosen.agents}
        for item in chunk:
            hit = not names.isdisjoint(item["expected"])
            hits += hit
            if not hit and errors is not None:
                errors.append(f"  - {item['task']!r}: expected {item['expected'][:3]}, listed {sorted(names)}")
    return hits, len(positives)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", default="1,5,10", help="task groups per task file, comma-separated")
    parser.add_argument("--body-chars", type=int, default=None,
                        help="how much of each body selection reads (-1: all; default: selection's own)")
    parser.add_argument("--errors", action="store_true", help="list the tasks whose right agent is not listed")
    args = parser.parse_args(argv)
    if args.body_chars is not None:
        selection.SELECTION_BODY_CHARS = sys.maxsize if args.body_chars < 0 else args.body_chars
    corpus = load_corpus()
    sets = (("catalog train", corpus, load_labelled(split="train")),
            ("roles train", corpus, load_labelled(ROLES, split="train")),
            ("voltagent train", load_corpus(VOLTAGENT), load_labelled(VOLTAGENT_TRAIN, split="train")))
    print(f"selection reads the body's first {selection.SELECTION_BODY_CHARS} characters; "
          f"{selection.SELECTION_GROUPS} groups ranked, 10 agents listed")
    for groups in (int(value) for value in args.groups.split(",")):
        total_hits = total = 0
        for label, agents, items in sets:
            errors: list[str] | None = [] if args.errors else None
            hits, positives = selection_recall(agents, items, groups, errors)
            total_hits += hits
            total += positives
            print(f"{label:16} over {len(agents):3} agents, {groups:2} groups per file: "
                  f"{hits}/{positives} = {hits / positives:.3f}")
            for line in errors or ():
                print(line)
        print(f"{'all three':16} {groups:2} groups per file: {total_hits}/{total} = {total_hits / total:.3f}")


if __name__ == "__main__":
    main()
