"""Routing benchmark: accuracy on the labelled set and query latency over the real agent corpus.

    .venv/bin/python benchmarks/bench_routing.py [--split train|test|all] [--errors] [--heldout] [--fit]
                                                 [--write-background] [--write-roles] [--write-siblings]
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
- top-1 ranked: the best-ranked agent is a labelled one, threshold aside (tasks with an agent only, as recall@10).

``voltagent_train.jsonl`` to ``voltagent_train6.jsonl`` (train sets of the same kinds, over VoltAgent's 158 agents),
``projects_fresh_train.json`` (8 train projects of the fresh kind), ``projects_train3.json`` (12 train projects,
stop 15), ``projects_train4.json``, ``projects_train5.json`` and ``projects_train6.json`` (30 train projects each in
the shape of issue 15's check, stops 16, 17 and 19) are reported with the train split, each on a line of its own.
The sets of stops 17 and 19 are validation sets (``VALIDATION``): ``--errors`` does not list their misses.
``--fresh`` reports only the fresh held-out sets of stop 11 (README.md, "Fresh held-out sets"):
``voltagent_heldout.jsonl`` routed over VoltAgent's 158 agents only, and ``projects_fresh.json``; then, on lines of
their own, the fresh held-out sets of stop 14 (README.md, "Stop 14"): ``voltagent_heldout2.jsonl`` over the same
158 agents and ``projects_fresh2.json``; then stop 15's (README.md, "Stop 15"): ``voltagent_heldout3.jsonl`` and
``projects_fresh3.json``; then stop 20's third blind pair (README.md, "Stop 20 (data20)"): ``voltagent_heldout4.jsonl``
and ``projects_fresh4.json``. Held out: read them to report, never to tune.
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
VOLTAGENT_TRAIN2 = REPO / "tests" / "data" / "routing" / "voltagent_train2.jsonl"
VOLTAGENT_TRAIN3 = REPO / "tests" / "data" / "routing" / "voltagent_train3.jsonl"
VOLTAGENT_TRAIN4 = REPO / "tests" / "data" / "routing" / "voltagent_train4.jsonl"
VOLTAGENT_TRAIN5 = REPO / "tests" / "data" / "routing" / "voltagent_train5.jsonl"
VOLTAGENT_TRAIN6 = REPO / "tests" / "data" / "routing" / "voltagent_train6.jsonl"
VOLTAGENT_HELDOUT2 = REPO / "tests" / "data" / "routing" / "voltagent_heldout2.jsonl"
PROJECTS_FRESH2 = REPO / "tests" / "data" / "routing" / "projects_fresh2.json"
VOLTAGENT_HELDOUT3 = REPO / "tests" / "data" / "routing" / "voltagent_heldout3.jsonl"
PROJECTS_FRESH3 = REPO / "tests" / "data" / "routing" / "projects_fresh3.json"
VOLTAGENT_HELDOUT4 = REPO / "tests" / "data" / "routing" / "voltagent_heldout4.jsonl"
PROJECTS_FRESH4 = REPO / "tests" / "data" / "routing" / "projects_fresh4.json"
PROJECTS_FRESH_TRAIN = REPO / "tests" / "data" / "routing" / "projects_fresh_train.json"
PROJECTS_TRAIN3 = REPO / "tests" / "data" / "routing" / "projects_train3.json"
PROJECTS_TRAIN4 = REPO / "tests" / "data" / "routing" / "projects_train4.json"
PROJECTS_TRAIN5 = REPO / "tests" / "data" / "routing" / "projects_train5.json"
PROJECTS_TRAIN6 = REPO / "tests" / "data" / "routing" / "projects_train6.json"

sys.path.insert(0, str(REPO))

from ralphy.agents import routing_confidence  # noqa: E402
from ralphy.agents.discovery import AgentProblem, load_agent_file  # noqa: E402
from ralphy.agents.roles import ROLES_FILE, build_lexicon  # noqa: E402
from ralphy.agents.routing import BACKGROUND_FILE, NO_BACKGROUND, Background, Router, default_background  # noqa: E402
from ralphy.agents.siblings import SIBLINGS_FILE, build_table  # noqa: E402
from ralphy.agents.spec import AgentSpec  # noqa: E402


def load_corpus(root: Path = CORPUS) -> list[AgentSpec]:
    """Every loadable agent under ``root``, one per name (first in sorted path order wins)."""
    agents: dict[str, AgentSpec] = {}
    for path in sorted(root.rglob("*.md")):
        loaded = load_agent_file(path)
        if not isinstance(loaded, AgentProblem):
            agents.setdefault(loaded.name, loaded)
    return list(agents.values())


SIBLING_CORPUS = REPO / "tests" / "data" / "agent-siblings"  # more collections, read only for the siblings table


def sibling_table(roots: tuple[Path, ...] = (CORPUS, SIBLING_CORPUS)) -> dict[str, Any]:
    """The siblings table (``ralphy.agents.siblings``) of every loadable agent file under ``root`` (copies and
    agents of one name in several collections included: they are the siblings), each agent's terms read from its
    own fields only."""
    from ralphy.agents.routing_fields import tokenise

    members = []
    for root, path in ((root, path) for root in roots for path in sorted(root.rglob("*.md"))):
        loaded = load_agent_file(path)
        if isinstance(loaded, AgentProblem):
            continue
        parts = path.relative_to(root).parts
        plugin = parts[parts.index("plugins") + 1] if "plugins" in parts[:-2] else None
        fields, _ = tokenise(loaded, siblings=False)
        members.append((loaded.name, loaded.description or "", plugin,
                        {term for name, counts in fields.items() if name != "siblings" for term in counts}))
    return build_table(members)


def load_labelled(path: Path = LABELLED, split: str = "all") -> list[dict[str, Any]]:
    """The labelled tasks of ``split`` (train, test or all)."""
    items = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [item for item in items if split == "all" or item["split"] == split]


def evaluate(router: Router, items: list[dict[str, Any]]) -> dict[str, Any]:
    """top-1 accuracy, recall@10 and the misses of ``router`` on ``items``."""
    top1 = recall = positives = ranked_right = 0
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
            ranked_right += bool(ranked) and ranked[0] in expected
        top1 += hit
        if not hit:
            misses.append((item["task"], expected, recommendation.recommended, recommendation.confidence,
                           [(a.agent, a.confidence) for a in router.rank(item["task"], limit=3)]))
    return {
        "tasks": len(items),
        "with_agent": positives,
        "top1": top1 / len(items) if items else 0.0,
        "recall10": recall / positives if positives else 0.0,
        "top1_ranked": ranked_right / positives if positives else 0.0,
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


ROLES = REPO / "tests" / "data" / "routing" / "catalog_roles_train.jsonl"
# the alternatives evaluate_projects / evaluate ask for
TOP = {"projects": 3, "large": 3, "fresh": 3, "projects3": 3, "projects4": 3, "projects5": 3, "catalog": 5, "roles": 5,
       "voltagent": 5, "voltagent2": 5, "voltagent3": 5, "voltagent4": 5, "voltagent5": 5}


def calibration_sets(corpus: list[AgentSpec], split: str = "train") -> dict[str, list[tuple[Any, list[dict[str, Any]]]]]:
    """Every labelled set's ``split`` as (router, tasks) pairs, by set: the catalog tasks and the roles set on the
    whole corpus, the five voltagent_train sets on VoltAgent's agents, and each small project (the six project
    sets) with a router of its own."""
    by_name = {agent.name: agent for agent in corpus}
    catalog = Router(corpus)
    sets: dict[str, list[tuple[Any, list[dict[str, Any]]]]] = {
        label: [(Router([by_name[name] for name in project["agents"]]), project["tasks"])
                for project in load_projects(path, split=split)]
        for label, path in (("projects", PROJECTS), ("large", PROJECTS_LARGE), ("fresh", PROJECTS_FRESH_TRAIN),
                            ("projects3", PROJECTS_TRAIN3), ("projects4", PROJECTS_TRAIN4),
                            ("projects5", PROJECTS_TRAIN5))}
    sets["catalog"] = [(catalog, load_labelled(split=split))]
    sets["roles"] = [(catalog, load_labelled(ROLES, split=split))]
    voltagent = Router(load_corpus(VOLTAGENT))
    sets["voltagent"] = [(voltagent, load_labelled(VOLTAGENT_TRAIN, split=split))]
    sets["voltagent2"] = [(voltagent, load_labelled(VOLTAGENT_TRAIN2, split=split))]
    sets["voltagent3"] = [(voltagent, load_labelled(VOLTAGENT_TRAIN3, split=split))]
    sets["voltagent4"] = [(voltagent, load_labelled(VOLTAGENT_TRAIN4, split=split))]
    sets["voltagent5"] = [(voltagent, load_labelled(VOLTAGENT_TRAIN5, split=split))]
    return {label: cases for label, cases in sets.items() if any(items for _, items in cases)}


def calibration_samples(corpus: list[AgentSpec], split: str = "train", by_set: bool = False) -> Any:
    """(features of the best-ranked agent, 1 if it is a right pick) for every task of ``split`` in every labelled
    set (``calibration_sets``); a task labelled ``null`` is never a right pick. ``by_set``: a dict of lists by
    set. Tasks no agent matches at all are left out (they get no recommendation whatever the weights)."""
    samples: dict[str, list[tuple[tuple[float, ...], int]]] = {}
    for label, cases in calibration_sets(corpus, split).items():
        rows = samples[label] = []
        for router, items in cases:
            for item in items:
                top = router.top_features(item["task"])
                if top is not None:
                    rows.append((top[1], int(item["expected"] is not None and top[0] in item["expected"])))
    return samples if by_set else [row for rows in samples.values() for row in rows]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix . x = vector (Gauss-Jordan with partial pivoting; the matrix is small and well-posed)."""
    size = len(vector)
    rows = [row[:] + [value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column])]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def fit_logistic(samples: list[tuple[tuple[float, ...], int]], l2: float = 0.01, rounds: int = 50,
                 weights: list[float] | None = None) -> tuple[list[float], float]:
    """Weights and bias of a logistic regression minimising the (weighted) mean log loss plus l2/2 |w|^2 (the
    bias not penalised), by Newton's method: it converges to the one optimum, so a refit gives the same
    numbers. Plain Python."""
    size = len(samples[0][0]) + 1
    given = weights or [1.0] * len(samples)
    total = sum(given)
    share = [weight / total for weight in given]
    rows = [(list(features) + [1.0], label, w) for (features, label), w in zip(samples, share)]
    beta = [0.0] * size
    for _ in range(rounds):
        gradient = [l2 * beta[i] if i < size - 1 else 0.0 for i in range(size)]
        hessian = [[l2 if i == j and i < size - 1 else 0.0 for j in range(size)] for i in range(size)]
        for z, label, w in rows:
            logit = max(-50.0, min(50.0, sum(a * b for a, b in zip(beta, z))))
            p = 1 / (1 + math.exp(-logit))
            error, curvature = (p - label) * w, p * (1 - p) * w
            for i in range(size):
                gradient[i] += error * z[i]
                scaled, line = curvature * z[i], hessian[i]
                for j in range(i, size):
                    line[j] += scaled * z[j]
        for i in range(size):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = _solve(hessian, gradient)
        beta = [b - s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta[:-1], beta[-1]


def decisions(cases: list[tuple[Any, list[dict[str, Any]]]], weights: list[float], bias: float,
              threshold: float, top: int = 3) -> tuple[float, float]:
    """(decision accuracy, false recommendations) of ``router.recommend`` on ``cases`` with the calibration
    ``weights``/``bias`` and ``threshold`` in place of the packaged ones (``recommend`` names the most
    confident of the best ranked, so a calibration can also change which agent that is)."""
    packaged = routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS
    routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS = tuple(weights), bias
    right = false = total = 0
    try:
        for router, items in cases:
            router.threshold = threshold
            for item in items:
                total += 1
                got = router.recommend(item["task"], top=top).recommended
                expected = item["expected"]
                ok = got is None if expected is None else got in expected
                right += ok
                false += got is not None and not ok
    finally:
        routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS = packaged
    return (right / total, false / total) if total else (0.0, 0.0)


# the train sets the packaged calibration is fitted on: every one, each task weighing the same (calib16; stop 17's two
# since calib17)
FIT_SETS = ("projects", "large", "fresh", "projects3", "projects4", "projects5", "catalog", "roles", "voltagent",
            "voltagent2", "voltagent3", "voltagent4", "voltagent5")
# Validation sets (stop 18): labelled blind, barely tuned on. Their figures are printed, their misses are not, so that
# a rule written from train misses can be seen to carry over (or not) to tasks nobody read for it.
# data19's pair (stop 19) joined them, labelled blind the same way; they are in no calibration set: nothing is fitted on
# them.
VALIDATION = (VOLTAGENT_TRAIN5, PROJECTS_TRAIN5, VOLTAGENT_TRAIN6, PROJECTS_TRAIN6)
VALIDATION_NOTE = "  (a validation set: its misses are not listed; write no rule from its tasks)"

PROJECT_SETS = ("projects", "large", "fresh", "projects3", "projects4", "projects5")  # the small-project train sets
FALSE_CAP = 0.08  # the threshold is chosen for false recommendations at most this on PROJECT_SETS (goal: 0.10)
# ... and on each of these alone: the sets built in the shape of the check (30 projects, ~210 tasks, a fifth
# with no fitting agent). The check is one such set, and pooled with the others one of them went over the goal
# unseen (calib17's refit at 0.41: projects5 0.108 false recommendations while the pool was at 0.078).
ONE_BY_ONE = ("projects4", "projects5")
# The calibration fitted on the train splits at stop 18's final ranking (catalog18's spellings, rank18's team stack),
# compared and not packaged (calib18): at the threshold choose_threshold picks for it (0.49) it has more right
# decisions on the train sets (every line 1,423 right / 123 false recommendations of 1,712, against the packaged
# 1,411 / 113 at 0.50; small projects 839 / 59 of 1,031 against 827 / 49, or 835 / 58 at the packaged constants' own
# choice, 0.46), but the validation line projects_train5 is worse (170 / 16 of 223 against 169 / 13: three more false
# recommendations for one right decision), and the held-out floor (tests/agents/test_routing_fresh_sets.py) fails with
# it at 0.49 and at 0.50. test_routing_calibration accepts the packaged fit or this one, so the next ranking change is
# refitted and compared again (docs/decisions.md, "The refit declined, again").
# Compared again at stop 19's final ranking (tune19, main at 22:30): the refit is this one to the digit, and
# projects_train6 is worse with it (0.694 / 0.092 -> 0.703 / 0.109): declined a third time.
DECLINED_FIT = ((1.434, 0.144, 0.260, 0.675, 0.830, -0.544, 0.159), -2.677)


def fit_calibration(samples: dict[str, list[tuple[tuple[float, ...], int]]], sets: tuple[str, ...] = FIT_SETS
                    ) -> tuple[list[float], float]:
    """The calibration fitted on ``sets`` of ``samples`` (every task weighing the same), rounded as printed."""
    weights, bias = fit_logistic([row for label in sets for row in samples[label]])
    return [round(w, 3) for w in weights], round(bias, 3)


def best_picks(cases: list[tuple[Any, list[dict[str, Any]]]], weights: list[float], bias: float, top: int = 3
               ) -> list[tuple[Any, str | None, float]]:
    """(the labels, the agent ``recommend`` would name at any threshold, its confidence) for every task of
    ``cases`` with the calibration ``weights``/``bias``: what ``rates`` reads for every threshold at once."""
    packaged = routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS
    routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS = tuple(weights), bias
    picks = []
    try:
        for router, items in cases:
            for item in items:
                ranked = router.rank(item["task"], limit=top + 1)
                best = ranked[0] if ranked else None
                picks.append((item["expected"], best and best.agent, best.confidence if best else 0.0))
    finally:
        routing_confidence.CALIBRATION, routing_confidence.CALIBRATION_BIAS = packaged
    return picks


def rates(picks: list[tuple[Any, str | None, float]], threshold: float) -> tuple[int, int, int]:
    """(right decisions, false recommendations, tasks) of ``picks`` at ``threshold``, as ``decisions`` counts."""
    right = false = 0
    for expected, agent, confidence in picks:
        got = agent if agent is not None and confidence >= threshold else None
        ok = got is None if expected is None else got in expected
        right += ok
        false += got is not None and not ok
    return right, false, len(picks)


def choose_threshold(picks: dict[str, list[tuple[Any, str | None, float]]], sets: tuple[str, ...] = PROJECT_SETS,
                     cap: float = FALSE_CAP, one_by_one: tuple[str, ...] = ONE_BY_ONE) -> tuple[float, float, float]:
    """(threshold, decision accuracy, false recommendations) on ``sets`` taken together: of the thresholds 0.30,
    0.31 ... 0.80 whose false recommendations are at most ``cap`` on ``sets`` taken together and on each set of
    ``one_by_one`` alone, those with the most right decisions, of them those with the fewest false
    recommendations, and of those the middle one (the furthest from a task's confidence on either side)."""
    pooled = [pick for label in sets for pick in picks[label]]
    if not pooled:
        raise ValueError(f"no tasks in {', '.join(sets)} to choose a threshold on")

    def under_cap(threshold: float) -> bool:
        for label in one_by_one:
            _, false, total = rates(picks[label], threshold)
            if false > cap * total:
                return False
        return True

    counted = [(step / 100, *rates(pooled, step / 100)) for step in range(30, 81)]
    allowed = [row for row in counted if row[2] <= cap * row[3] and under_cap(row[0])]
    if not allowed:
        raise ValueError(f"no threshold up to 0.80 keeps false recommendations at most {cap}")
    most = max(row[1] for row in allowed)
    fewest = min(row[2] for row in allowed if row[1] == most)
    best = [row for row in allowed if row[1] == most and row[2] == fewest]
    threshold, right, false, total = best[len(best) // 2]
    return threshold, right / total, false / total


def fit_report(corpus: list[AgentSpec]) -> None:
    """``--fit``: the calibration fitted on the train sets of ``FIT_SETS``; for it and for the packaged one, the
    threshold ``choose_threshold`` picks on the small-project train sets, and every train set's right decisions /
    false recommendations / tasks at the packaged threshold and at the chosen one."""
    sets = calibration_sets(corpus, "train")
    samples = calibration_samples(corpus, "train", by_set=True)
    weights, bias = fit_calibration(samples)
    print(f"calibration fitted on {sum(len(samples[label]) for label in FIT_SETS)} train tasks "
          f"({', '.join(FIT_SETS)}): CALIBRATION = ({', '.join(f'{w:.3f}' for w in weights)}), "
          f"CALIBRATION_BIAS = {bias:.3f}")
    for name, (w, b) in (("packaged", (list(routing_confidence.CALIBRATION), routing_confidence.CALIBRATION_BIAS)),
                         ("refit", (weights, bias))):
        picks = {label: best_picks(cases, w, b, TOP[label]) for label, cases in sets.items()}
        chosen, decision, false = choose_threshold(picks)
        print(f"{name}: threshold {chosen:.2f} (small-project train sets: decisions {decision:.3f}, "
              f"false recommendations {false:.3f} <= {FALSE_CAP})")
        for threshold in sorted({routing_confidence.DEFAULT_THRESHOLD, chosen}):
            counts = {label: rates(p, threshold) for label, p in picks.items()}
            right, wrong, total = (sum(c[i] for c in counts.values()) for i in range(3))
            small = [sum(counts[label][i] for label in PROJECT_SETS) for i in range(3)]
            line = "  ".join(f"{label} {r}/{f}/{n}" for label, (r, f, n) in counts.items())
            print(f"  {name} at {threshold:.2f}: all {right}/{wrong}/{total}, small {small[0]}/{small[1]}/{small[2]} "
                  f"(decisions {small[0] / small[2]:.3f}, false {small[1] / small[2]:.3f})  {line}")


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
    small projects, each routed with its own agents, by the router as it is now; stop 14's, stop 15's and stop 20's
    sets after them, each on a line of its own."""
    catalog = load_corpus(VOLTAGENT)
    report_fresh_catalog(VOLTAGENT_HELDOUT, catalog, errors)
    report_fresh_projects(PROJECTS_FRESH, errors)
    report_fresh_catalog(VOLTAGENT_HELDOUT2, catalog, errors)
    report_fresh_projects(PROJECTS_FRESH2, errors)
    report_fresh_catalog(VOLTAGENT_HELDOUT3, catalog, errors)
    report_fresh_projects(PROJECTS_FRESH3, errors)
    report_fresh_catalog(VOLTAGENT_HELDOUT4, catalog, errors)
    report_fresh_projects(PROJECTS_FRESH4, errors)


def task_figures(result: dict[str, Any]) -> str:
    """The figures of ``evaluate``'s result, as each report line gives them."""
    return (f"tasks={result['tasks']:3}  with agent={result['with_agent']:3}  top-1={result['top1']:.3f}  "
            f"recall@10={result['recall10']:.3f}  top-1 ranked={result['top1_ranked']:.3f}")


def print_misses(result: dict[str, Any]) -> None:
    """``evaluate``'s misses, one a line (``--errors``)."""
    for task, expected, got, confidence, top3 in result["misses"]:
        print(f"  - {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")


def report_fresh_catalog(path: Path, catalog: list[AgentSpec], errors: bool = False) -> None:
    """One line for a held-out set of tasks routed over ``catalog`` (``--fresh``)."""
    result = evaluate(Router(catalog), load_labelled(path))
    print(f"{path.stem} over {len(catalog)} VoltAgent agents  {task_figures(result)}")
    if errors:
        print_misses(result)


def report_fresh_projects(path: Path, errors: bool = False) -> None:
    """One line for a held-out set of small projects (``--fresh``), each project routed with its own agents."""
    result = evaluate_projects(load_projects(path), load_corpus())
    print(f"{path.stem}  projects={result['projects']:2}  tasks={result['tasks']:3}  "
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
    parser.add_argument("--write-roles", action="store_true", help=f"regenerate {ROLES_FILE.name} (after the background)")
    parser.add_argument("--write-siblings", action="store_true",
                        help=f"regenerate {SIBLINGS_FILE.name} (after the background)")
    parser.add_argument("--fit", action="store_true", help="fit the confidence calibration on the train splits")
    parser.add_argument("--heldout", action="store_true",
                        help=f"also the second held-out catalog set ({HELDOUT.name}; read it only to report)")
    parser.add_argument("--fresh", action="store_true",
                        help=f"only the fresh held-out sets ({VOLTAGENT_HELDOUT.name}, {PROJECTS_FRESH.name}, "
                             f"{VOLTAGENT_HELDOUT2.name}, {PROJECTS_FRESH2.name}, {VOLTAGENT_HELDOUT3.name}, "
                             f"{PROJECTS_FRESH3.name}, {VOLTAGENT_HELDOUT4.name}, {PROJECTS_FRESH4.name}; read them only "
                             "to report)")
    args = parser.parse_args(argv)
    if args.fresh:
        report_fresh(errors=args.errors)
        return
    agents = load_corpus()
    if args.fit:
        fit_report(agents)
    if args.write_background:
        background = Background(len(agents), Router(agents, background=NO_BACKGROUND).document_frequencies())
        BACKGROUND_FILE.write_text(json.dumps(background.to_dict(), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {BACKGROUND_FILE} ({len(background.frequencies)} terms)")
    if args.write_roles:
        background = default_background()
        lexicon = build_lexicon([agent.name for agent in agents],
                                {term: count / background.agents for term, count in background.frequencies.items()})
        ROLES_FILE.write_text(json.dumps(lexicon.to_dict(), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {ROLES_FILE} ({len(lexicon.roles)} roles, {len(lexicon.technologies)} technologies, "
              f"{len(lexicon.prefixes)} prefixes)")
    if args.write_siblings:
        table = sibling_table()
        SIBLINGS_FILE.write_text(json.dumps(table, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {SIBLINGS_FILE} ({len(table['roles'])} roles)")
    router = Router(agents)
    print(f"corpus: {len(agents)} agents (deduplicated by name)")
    for split in ("all", "train", "test") if args.split == "all" else (args.split,):
        result = evaluate(router, load_labelled(split=split))
        print(f"{split:5}  {task_figures(result)}")
    if args.split in ("train", "all"):
        result = evaluate(router, load_labelled(ROLES, split="train"))
        print(f"{ROLES.stem} train  {task_figures(result)}")
    if args.split in ("all", "train"):
        catalog = load_corpus(VOLTAGENT)
        voltagent = Router(catalog)
        for path in (VOLTAGENT_TRAIN, VOLTAGENT_TRAIN2, VOLTAGENT_TRAIN3, VOLTAGENT_TRAIN4, VOLTAGENT_TRAIN5,
                     VOLTAGENT_TRAIN6):
            result = evaluate(voltagent, load_labelled(path))
            print(f"{path.stem} over {len(catalog)} VoltAgent agents  {task_figures(result)}")
            if args.errors:
                print_misses(result) if path not in VALIDATION else print(VALIDATION_NOTE)
    if args.heldout:
        result = evaluate(router, load_labelled(HELDOUT))
        print(f"{HELDOUT.stem}  {task_figures(result)}")
    for label, path in (("projects", PROJECTS), ("large", PROJECTS_LARGE)):
        for split in ("train", "test") if args.split == "all" else (args.split,):
            result = evaluate_projects(load_projects(path, split=split), agents)
            print(f"{label:8} {split:5}  projects={result['projects']:2}  tasks={result['tasks']:3}  "
                  f"decision={result['decision']:.3f}  false recommendations={result['false_recommendation']:.3f}  "
                  f"missed={result['missed']:.3f}  top-1 ranked={result['top1_ranked']:.3f}")
            if args.errors:
                for name, task, expected, got, confidence, top3 in result["errors"]:
                    print(f"  - [{name}] {task!r}: expected {expected}, got {got} ({confidence}); top {top3}")
    small_train = (PROJECTS_FRESH_TRAIN, PROJECTS_TRAIN3, PROJECTS_TRAIN4, PROJECTS_TRAIN5, PROJECTS_TRAIN6)
    for path in small_train if args.split in ("all", "train") else ():
        result = evaluate_projects(load_projects(path), agents)
        print(f"{path.stem} train  projects={result['projects']:2}  tasks={result['tasks']:3}  "
              f"decision={result['decision']:.3f}  false recommendations={result['false_recommendation']:.3f}  "
              f"missed={result['missed']:.3f}  top-1 ranked={result['top1_ranked']:.3f}")
        if args.errors and path in VALIDATION:
            print(VALIDATION_NOTE)
        elif args.errors:
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
