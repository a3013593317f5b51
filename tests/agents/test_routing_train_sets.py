"""The train sets of stops 15-17 and the validation pair of stop 19 (tests/data/routing/README.md: "Stop 15
(trainset15)", "Stop 16 (calib16)", "Stop 17 (data17)", "Stop 19 (data19)") are well-formed: names of the corpus (or
VoltAgent's 158) and of their project, about 20% (15%) of the tasks with no fitting agent, every project or task
``train``, no task or project name shared with or near-copied from another set, and each file is what its make_*.py
script writes. projects_train4.json, projects_train5.json and projects_train6.json have the shape issue 15's check
describes (30 projects of 5-14 agents, 6-10 tasks each, about 210 in all); projects_train5.json's and
projects_train6.json's sizes spread over the check's 5-14 agents and draw on all five collections (as do those of
stop 20's held-out projects_fresh4.json, whose other shape tests are in test_routing_heldout15_sets.py). The router is
not run here: these sets are for tuning and validation, their figures are reported by ``bench_routing.py``."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    LABELLED, PROJECTS_FRESH4, PROJECTS_TRAIN3, PROJECTS_TRAIN4, PROJECTS_TRAIN5, PROJECTS_TRAIN6, VALIDATION, VOLTAGENT,
    VOLTAGENT_TRAIN4, VOLTAGENT_TRAIN5, VOLTAGENT_TRAIN6, calibration_sets, catalog_set_problems, load_corpus,
    load_labelled, load_projects, project_set_problems,
)

ROUTING = LABELLED.parent

# each project set, what writes it, how many projects it has, tasks per project, and tasks in all (None: any)
PROJECT_SETS = [pytest.param(*row, id=row[0].name) for row in [
    (PROJECTS_TRAIN3, "make_projects_train3.py", 12, (8, 11), None),
    (PROJECTS_TRAIN4, "make_projects_train4.py", 30, (7, 9), (200, 240)),
    (PROJECTS_TRAIN5, "make_projects_train5.py", 30, (7, 9), (200, 240)),
    (PROJECTS_TRAIN6, "make_projects_train6.py", 30, (6, 10), (200, 240)),
]]
# the project sets spread over the check's whole range of sizes, from all five collections (stop 20's held-out
# projects_fresh4.json too: its shape only, the router is not run on it here)
SPREAD_SETS = [pytest.param(path, id=path.name) for path in (PROJECTS_TRAIN5, PROJECTS_TRAIN6, PROJECTS_FRESH4)]
# each VoltAgent set, what writes it, and how many tasks it has (None: no upper bound)
CATALOG_SETS = [pytest.param(*row, id=row[0].name) for row in [
    (VOLTAGENT_TRAIN4, "make_voltagent_train4.py", (100, None)),
    (VOLTAGENT_TRAIN5, "make_voltagent_train5.py", (110, 150)),
    (VOLTAGENT_TRAIN6, "make_voltagent_train6.py", (90, 130)),
]]


@pytest.fixture(scope="module")
def corpus() -> set[str]:
    return {agent.name for agent in load_corpus()}


def other_sets(mine: Path) -> tuple[set[str], set[str]]:
    """(tasks, project names) of every labelled set here but ``mine``."""
    tasks: set[str] = set()
    projects: set[str] = set()
    for path in sorted(ROUTING.glob("*.json*")):
        if path == mine:
            continue
        if path.suffix == ".jsonl":
            tasks |= {item["task"] for item in load_labelled(path)}
        else:
            loaded = load_projects(path)
            tasks |= {item["task"] for project in loaded for item in project["tasks"]}
            projects |= {project["project"] for project in loaded}
    return tasks, projects


@pytest.mark.parametrize(("path", "script", "count", "tasks", "total"), PROJECT_SETS)
def test_the_train_projects_are_well_formed_and_all_train(corpus, path, script, count, tasks, total) -> None:
    projects = load_projects(path)
    assert len(projects) == count
    if total is not None:
        assert total[0] <= sum(len(project["tasks"]) for project in projects) <= total[1]
    assert project_set_problems(projects, corpus, agents=(5, 14), tasks=tasks, no_fit=(0.18, 0.22),
                                every="train") == []


@pytest.mark.parametrize(("path", "script", "count", "tasks", "total"), PROJECT_SETS)
def test_the_train_projects_are_apart_from_every_other_set(path, script, count, tasks, total) -> None:
    projects = load_projects(path)
    written = [item["task"] for project in projects for item in project["tasks"]]
    others, names = other_sets(path)
    assert len(set(written)) == len(written)
    assert not set(written) & others
    assert not {project["project"] for project in projects} & names


@pytest.mark.parametrize(("path", "script", "count", "tasks", "total"), PROJECT_SETS)
def test_the_train_projects_are_what_their_script_writes(path, script, count, tasks, total) -> None:
    assert runpy.run_path(str(ROUTING / script))["P"] == json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SPREAD_SETS)
def test_the_projects_spread_over_the_checked_sizes(path) -> None:
    sizes = [len(project["agents"]) for project in load_projects(path)]
    assert min(sizes) == 5 and max(sizes) == 14
    assert sum(size <= 8 for size in sizes) >= 10 and sum(size >= 12 for size in sizes) >= 5


@pytest.mark.parametrize("path", SPREAD_SETS)
def test_the_projects_draw_on_all_five_collections(path) -> None:
    by_name = {agent.name: agent for agent in load_corpus()}
    collections = {Path(by_name[name].path).relative_to(ROUTING.parent / "agent-corpus").parts[0]
                   for project in load_projects(path) for name in project["agents"]}
    assert len(collections) == 5


@pytest.mark.parametrize(("path", "script", "size"), CATALOG_SETS)
def test_the_voltagent_train_set_is_well_formed(path, script, size) -> None:
    train = load_labelled(path)
    assert size[0] <= len(train) and (size[1] is None or len(train) <= size[1])
    voltagent = {agent.name for agent in load_corpus(VOLTAGENT)}
    assert catalog_set_problems(train, voltagent, "train", no_fit=(0.12, 0.18)) == []


@pytest.mark.parametrize(("path", "script", "size"), CATALOG_SETS)
def test_the_voltagent_train_set_is_apart_from_every_other_set(path, script, size) -> None:
    tasks = [item["task"] for item in load_labelled(path)]
    others, _ = other_sets(path)
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & others


@pytest.mark.parametrize(("path", "script", "size"), CATALOG_SETS)
def test_the_voltagent_train_set_is_what_its_script_writes(path, script, size) -> None:
    written = runpy.run_path(str(ROUTING / script))["T"]
    assert [{**item, "split": "train"} for item in written] == load_labelled(path)


@pytest.mark.parametrize("path", [PROJECTS_TRAIN3, PROJECTS_TRAIN4, PROJECTS_TRAIN5, PROJECTS_TRAIN6, VOLTAGENT_TRAIN4,
                                  VOLTAGENT_TRAIN5, VOLTAGENT_TRAIN6], ids=lambda path: path.name)
def test_no_task_of_the_train_set_is_a_near_copy_of_another_set(path) -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(path.name, 0.5) == []


def test_the_stop_19_pair_is_validation_only() -> None:
    """data19's pair is reported with its misses hidden (``VALIDATION``) and fitted on by no calibration set."""
    assert PROJECTS_TRAIN6 in VALIDATION and VOLTAGENT_TRAIN6 in VALIDATION
    fitted = {item["task"] for cases in calibration_sets(load_corpus()).values()
              for _, items in cases for item in items}
    mine = {item["task"] for project in load_projects(PROJECTS_TRAIN6) for item in project["tasks"]}
    assert fitted and not fitted & (mine | {item["task"] for item in load_labelled(VOLTAGENT_TRAIN6)})
