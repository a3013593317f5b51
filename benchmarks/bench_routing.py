"""Routing benchmark: accuracy on the labelled set and query latency over the real agent corpus.

    .venv/bin/python benchmarks/bench_routing.py [--split train|test|all] [--errors] [--heldout] [--fit]
    .venv/bin/python benchmarks/bench_routing.py --fresh [--errors]

Three hand-labelled sets (tests/data/routing/README.md): the catalog tasks, and two sets of small projects
(``projects.json``, 30 projects of 4-7 agents; ``projects_large.json``, 43 projects of 9-13 agents), each
project's agents routed on their own; train and held-out test splits reported separately.

The corpus (tests/data/agent-corpus, five public collections) is loaded as one list of agents, one per
name: files in sorted path order, the first file with a name wins, as a name clash resolves in one scope.

- top-1: the task's ``recommended`` agent is one of the labelled agents; for a task labelled ``null``
  (no agent fits), ``recommended`` is ``None``. The threshold applies, so a right agent recommended with
  too little confidence counts as a miss.
- recall@10: a labelled agent is among the 10 best ranked (tasks with an agent only).

``voltagent_train.jsonl`` (a train set of the same kinds, over VoltAgent's 158 agents) and
``projects_fresh_train.json`` (8 train projects of the fresh kind) are reported with the train split.
``--fresh`` reports only the fresh held-out sets of stop 11 (README.md, "Fresh held-out sets"):
``voltagent_heldout.jsonl`` routed over VoltAgent's 158 agents only, and ``projects_fresh.json``. Held out:
read them to report, never to tune.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "data" / "agent-corpus"
LABELLED = REPO / "tests" / "data" / "routing" / "labelled_tasks.jsonl"
PROJECTS = REPO / "tests" / "data" / "routing" / "projects.json"
PROJECTS_LARGE = REPO / "tests" / "data" / "routing" / "projects_large.json"
HELDOUT = REPO / "tests" / "data" / "routing" / "catalog_heldout.jsonl"
VOLTAGENT = CORPUS / "VoltAgent--awesome-claude-code-subagents"
VOLTAGENT_HELDOUT = REPO / "tests" / "data" / "routing" / "voltagent_heldout.jsonl"
PROJECTS_FRESH = REPO / "tests" / "data" / "routing" / "projects_fresh.json"
VOLTAGENT_TRAIN = REPO / "tests" / "data" / "routing" / "voltagent_train.jsonl"
PROJECTS_FRESH_TRAIN = REPO / "tests" / "data" / "routing" / "projects_fresh_train.json"

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


def load_projects(path: Path = PROJECTS, split: str = "all") -> list[dict[str, Any]]:
    """The small labelled projects of ``split`` (train, test or all)."""
    projects = json.loads(path.read_text(encoding="utf-8"))
    return [project for project in projects if split == "all" or project["split"] == split]


def project_set_problems(projects: list[dict[str, Any]], names: set[str], agents: tuple[int, int] = (4, 15),
                         tasks: tuple[int, int] = (1, 10), no_fit: tuple[float, float] = (0.15, 0.25),
                         every: str | None = None) -> list[str]:
    """What is wrong with a labelled project set, one line each (none when well-formed): every agent is one of
    ``names`` (the corpus), each project has ``agents`` agents and ``tasks`` tasks (inclusive ranges), labels
    name agents of that project (a non-empty list, or ``null`` when none fits), every third project is the
    held-out ``test`` split and the others ``train`` (every project ``every`` when given), and the share
    of ``null`` tasks is within ``no_fit``."""
    problems = []
    total = no_agent = 0
    for index, project in enumerate(projects):
        name = project.get("project", f"#{index}")
        members = project.get("agents", [])
        if not agents[0] <= len(members) <= agents[1]:
            problems.append(f"{name}: {len(members)} agents, not {agents[0]}-{agents[1]}")
        if len(set(members)) != len(members):
            problems.append(f"{name}: an agent is listed twice")
        for member in sorted(set(members) - names):
            problems.append(f"{name}: agent {member!r} is not in the corpus")
        split = every or ("test" if index % 3 == 2 else "train")
        if project.get("split") != split:
            rule = f"every project is {every}" if every else "every third project is test"
            problems.append(f"{name}: split {project.get('split')!r}, {rule} (expected {split})")
        items = project.get("tasks", [])
        if not tasks[0] <= len(items) <= tasks[1]:
            problems.append(f"{name}: {len(items)} tasks, not {tasks[0]}-{tasks[1]}")
        for item in items:
            expected = item.get("expected")
            total += 1
            if expected is None:
                no_agent += 1
            elif not expected or not isinstance(expected, list):
                problems.append(f"{name}: {item.get('task')!r} has no label (a list of agents, or null)")
            else:
                for label in expected:
                    if label not in members:
                        problems.append(f"{name}: {item.get('task')!r} names {label!r}, not an agent of the project")
        if len({item.get("task") for item in items}) != len(items):
            problems.append(f"{name}: a task is listed twice")
    share = no_agent / total if total else 0.0
    if not no_fit[0] <= share <= no_fit[1]:
        problems.append(f"{no_agent} of {total} tasks ({share:.0%}) have no fitting agent, not "
                        f"{no_fit[0]:.0%}-{no_fit[1]:.0%}")
    return problems


def catalog_set_problems(items: list[dict[str, Any]], names: set[str], split: str,
                         no_fit: tuple[float, float] = (0.10, 0.20)) -> list[str]:
    """What is wrong with a labelled catalog set, one line each (none when well-formed): each task is text,
    listed once, labelled with a non-empty list of agents of ``names`` (the catalog it is routed over) or
    ``null``, every task's ``split`` is ``split``, and the share of ``null`` tasks is within ``no_fit``."""
    problems = []
    seen: set[str] = set()
    no_agent = 0
    for number, item in enumerate(items, 1):
        task = item.get("task")
        if not isinstance(task, str) or not task.strip():
            problems.append(f"task {number}: no task text")
            continue
        if task in seen:
            problems.append(f"{task!r} is listed twice")
        seen.add(task)
        expected = item.get("expected", [])
        if expected is None:
            no_agent += 1
        elif not expected or not isinstance(expected, list):
            problems.append(f"{task!r} has no label (a list of agents, or null)")
        else:
            if len(set(expected)) != len(expected):
                problems.append(f"{task!r} names an agent twice")
            for label in expected:
                if label not in names:
                    problems.append(f"{task!r} names {label!r}, not an agent of the catalog")
        if item.get("split") != split:
            problems.append(f"{task!r}: split {item.get('split')!r}, not {split!r}")
    share = no_agent / len(items) if items else 0.0
    if not no_fit[0] <= share <= no_fit[1]:
        problems.append(f"{no_agent} of {len(items)} tasks ({share:.0%}) have no fitting agent, not "
                        f"{no_fit[0]:.0%}-{no_fit[1]:.0%}")
    return problems


def evaluate_projects(projects: list[dict[str, Any]], corpus: list[AgentSpec], make_router: Any = Router
                      ) -> dict[str, Any]:
    """Decision accuracy on small projects: each project's agents get a router of their own.

    A decision is right when the recommended agent is one of the labelled ones, or when nothing is
    recommended for a task labelled ``null``. ``false_recommendation``: an agent was recommended and it is
    not a right one (share of all tasks). ``missed``: nothing was recommended though an agent fits (share of
    the tasks with a fitting agent). ``top1_ranked``: the best-ranked agent is a right one, threshold aside.
    """
    by_name = {agent.name: agent for agent in corpus}
    right = false = missed = positives = ranked_right = total = 0
    errors = []
    for project in projects:
        router = make_router([by_name[name] for name in project["agents"]])
        for item in project["tasks"]:
            total += 1
            expected = item["expected"]
            recommendation = router.recommend(item["task"], top=3)
            got = recommendation.recommended
            if expected is None:
                ok = got is None
            else:
                positives += 1
                ok = got in expected
                missed += got is None
                best = router.rank(item["task"], limit=1)
                ranked_right += bool(best) and best[0].agent in expected
            right += ok
            false += got is not None and not ok
            if not ok:
                errors.append((project["project"], item["task"], expected, got, recommendation.confidence,
                               [(a.agent, a.confidence) for a in router.rank(item["task"], limit=3)]))
    return {"projects": len(projects), "tasks": total, "with_agent": positives,
            "decision": right / total if total else 0.0, "false_recommendation": false / total if total else 0.0,
            "missed": missed / positives if positives else 0.0,
            "top1_ranked": ranked_right / positives if positives else 0.0, "errors": errors}


def calibration_samples(corpus: list[AgentSpec], split: str = "train") -> list[tuple[tuple[float, ...], int]]:
    """(features of the best-ranked agent, 1 if it is a right pick) for every task of ``split``: the small
    projects, each with a router of its own, and the catalog. A task labelled ``null`` is never a right pick."""
    by_name = {agent.name: agent for agent in corpus}
    cases = [(Router([by_name[name] for name in project["agents"]]), project["tasks"])
             for project in load_projects(split=split)]
    cases.append((Router(corpus), load_labelled(split=split)))
    samples = []
    for router, items in cases:
        for item in items:
            top = router.top_features(item["task"])
            if top is not None:
                samples.append((top[1], int(item["expected"] is not None and top[0] in item["expected"])))
    return samples


def fit_logistic(samples: list[tuple[tuple[float, ...], int]], l2: float = 0.01, rounds: int = 4000,
                 rate: float = 0.5) -> tuple[list[float], float]:
    """Weights and bias of a logistic regression (batch gradient descent, light L2), in plain Python."""
    size = len(samples[0][0])
    weights, bias = [0.0] * size, 0.0
    for _ in range(rounds):
        grad, grad_bias = [0.0] * size, 0.0
        for features, label in samples:
            z = bias + sum(w * x for w, x in zip(weights, features))
            error = 1 / (1 + math.exp(-z)) - label
            grad_bias += error
            for i, x in enumerate(features):
                grad[i] += error * x
        weights = [w - rate * (g / len(samples) + l2 * w) for w, g in zip(weights, grad)]
        bias -= rate * grad_bias / len(samples)
    return weights, bias


def project_latency(corpus: list[AgentSpec], size: int = 15, rounds: int = 30) -> dict[str, float]:
    """A whole ``agents recommend`` on a project of ``size`` agent files, warm (in one process, after a first
    run): discover the files, build the router, recommend. Milliseconds; the median and the best."""
    import shutil
    import tempfile

    from ralphy.agents.discovery import discover_agents

    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        (project / ".git").mkdir()
        (project / ".claude" / "agents").mkdir(parents=True)
        for agent in sorted(corpus, key=lambda a: a.name)[:: max(1, len(corpus) // size)][:size]:
            shutil.copy(agent.path, project / ".claude" / "agents" / agent.path.name)
        timings = []
        for _ in range(rounds + 1):
            started = time.perf_counter()
            Router(discover_agents(project).agents).recommend("Write unit tests for the ISBN validator")
            timings.append(time.perf_counter() - started)
    timings = sorted(timings[1:])
    return {"agents": size, "median_ms": statistics.median(timings) * 1000, "best_ms": timings[0] * 1000}


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


def report_fresh(errors: bool = False) -> None:
    """The fresh held-out sets (``--fresh``): the VoltAgent tasks over VoltAgent's agents only, and the fresh
    small projects, each routed with its own agents, by the router as it is now."""
    catalog = load_corpus(VOLTAGENT)
    result = evaluate(Router(catalog), load_labelled(VOLTAGENT_HELDOUT))
    print(f"{VOLTAGENT_HELDOUT.stem} over {len(catalog)} VoltAgent agents  tasks={result['tasks']:3}  "
          f"with agent={result['with_agent']:3}  top-1={result['top1']:.3f}  recall@10={result['recall10']:.3f}")
    if errors:
        for task, expected, got, confidence, top3 in result["misses"]:
            print(f"  - {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")
    result = evaluate_projects(load_projects(PROJECTS_FRESH), load_corpus())
    print(f"{PROJECTS_FRESH.stem}  projects={result['projects']:2}  tasks={result['tasks']:3}  "
          f"with agent={result['with_agent']:3}  decision={result['decision']:.3f}  "
          f"false recommendations={result['false_recommendation']:.3f}  missed={result['missed']:.3f}  "
          f"top-1 ranked={result['top1_ranked']:.3f}")
    if errors:
        for name, task, expected, got, confidence, top3 in result["errors"]:
            print(f"  - [{name}] {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("train", "test", "all"), default="all")
    parser.add_argument("--errors", action="store_true", help="list the misses")
    parser.add_argument("--write-background", action="store_true", help=f"regenerate {BACKGROUND_FILE.name}")
    parser.add_argument("--fit", action="store_true", help="fit the confidence calibration on the train splits")
    parser.add_argument("--heldout", action="store_true",
                        help=f"also the second held-out catalog set ({HELDOUT.name}; read it only to report)")
    parser.add_argument("--fresh", action="store_true",
                        help=f"only the fresh held-out sets ({VOLTAGENT_HELDOUT.name}, {PROJECTS_FRESH.name}; "
                             "read them only to report)")
    args = parser.parse_args(argv)
    if args.fresh:
        report_fresh(errors=args.errors)
        return
    agents = load_corpus()
    if args.fit:
        samples = calibration_samples(agents, "train")
        weights, bias = fit_logistic(samples)
        print(f"calibration fitted on {len(samples)} train tasks: CALIBRATION = "
              f"({', '.join(f'{w:.3f}' for w in weights)}), CALIBRATION_BIAS = {bias:.3f}")
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
    if args.split in ("all", "train"):
        catalog = load_corpus(VOLTAGENT)
        result = evaluate(Router(catalog), load_labelled(VOLTAGENT_TRAIN))
        print(f"{VOLTAGENT_TRAIN.stem} over {len(catalog)} VoltAgent agents  tasks={result['tasks']:3}  "
              f"with agent={result['with_agent']:3}  top-1={result['top1']:.3f}  recall@10={result['recall10']:.3f}")
        if args.errors:
            for task, expected, got, confidence, top3 in result["misses"]:
                print(f"  - {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")
    if args.heldout:
        result = evaluate(router, load_labelled(HELDOUT))
        print(f"{HELDOUT.stem}  tasks={result['tasks']:3}  with agent={result['with_agent']:3}  "
              f"top-1={result['top1']:.3f}  recall@10={result['recall10']:.3f}")
    for label, path in (("projects", PROJECTS), ("large", PROJECTS_LARGE)):
        for split in ("train", "test") if args.split == "all" else (args.split,):
            result = evaluate_projects(load_projects(path, split=split), agents)
            print(f"{label:8} {split:5}  projects={result['projects']:2}  tasks={result['tasks']:3}  "
                  f"decision={result['decision']:.3f}  false recommendations={result['false_recommendation']:.3f}  "
                  f"missed={result['missed']:.3f}  top-1 ranked={result['top1_ranked']:.3f}")
            if args.errors:
                for name, task, expected, got, confidence, top3 in result["errors"]:
                    print(f"  - [{name}] {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")
    if args.split in ("all", "train"):
        result = evaluate_projects(load_projects(PROJECTS_FRESH_TRAIN), agents)
        print(f"{PROJECTS_FRESH_TRAIN.stem} train  projects={result['projects']:2}  tasks={result['tasks']:3}  "
              f"decision={result['decision']:.3f}  false recommendations={result['false_recommendation']:.3f}  "
              f"missed={result['missed']:.3f}  top-1 ranked={result['top1_ranked']:.3f}")
        if args.errors:
            for name, task, expected, got, confidence, top3 in result["errors"]:
                print(f"  - [{name}] {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")
    timing = latency(agents, [item["task"] for item in load_labelled()])
    print(f"latency over {timing['agents']} agents: build {timing['build_ms']:.0f} ms, "
          f"query median {timing['median_ms']:.3f} ms, p95 {timing['p95_ms']:.3f} ms")
    small = project_latency(agents)
    print(f"recommend on a {small['agents']}-agent project (discover + build + query, warm): "
          f"median {small['median_ms']:.1f} ms, best {small['best_ms']:.1f} ms")
    if args.errors:
        for task, expected, got, confidence, top3 in evaluate(router, load_labelled(split=args.split))["misses"]:
            print(f"- {task!r}: expected {expected and expected[:3]}, got {got} ({confidence}); top {top3}")


if __name__ == "__main__":
    main()
