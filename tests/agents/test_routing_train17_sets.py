"""The train sets of stop 17 (projects_train5.json, voltagent_train5.jsonl; tests/data/routing/README.md, "Stop 17
(data17)") are well-formed and of the shape issue 15's check describes: 30 projects whose sizes spread over the
check's 5-14 agents, 7-9 tasks each (about 210 in all), about 20% with no fitting agent, and a VoltAgent set of
about 120 tasks with about 15% with no fit; names of the corpus (or VoltAgent's 158) and of their project, every
project or task ``train``, no task or project name shared with or near-copied from another set, and the files are
what their make_*.py scripts write. The router is not run here: the sets are for tuning, ``bench_routing.py``
reports them."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    LABELLED, PROJECTS_TRAIN5, VOLTAGENT, VOLTAGENT_TRAIN5, catalog_set_problems, load_corpus, load_labelled,
    load_projects, project_set_problems,
)

ROUTING = LABELLED.parent


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


def test_the_fifth_train_projects_have_the_checked_shape_and_are_all_train() -> None:
    train5 = load_projects(PROJECTS_TRAIN5)
    corpus = {agent.name for agent in load_corpus()}
    assert len(train5) == 30
    assert 200 <= sum(len(project["tasks"]) for project in train5) <= 240
    assert project_set_problems(train5, corpus, agents=(5, 14), tasks=(7, 9), no_fit=(0.18, 0.22),
                                every="train") == []


def test_the_fifth_train_projects_spread_over_the_checked_sizes() -> None:
    sizes = [len(project["agents"]) for project in load_projects(PROJECTS_TRAIN5)]
    assert min(sizes) == 5 and max(sizes) == 14
    assert sum(size <= 8 for size in sizes) >= 10 and sum(size >= 12 for size in sizes) >= 5


def test_the_fifth_train_projects_draw_on_all_five_collections() -> None:
    by_name = {agent.name: agent for agent in load_corpus()}
    collections = {Path(by_name[name].path).relative_to(ROUTING.parent / "agent-corpus").parts[0]
                   for project in load_projects(PROJECTS_TRAIN5) for name in project["agents"]}
    assert len(collections) == 5


def test_the_fifth_train_projects_are_apart_from_every_other_set() -> None:
    train5 = load_projects(PROJECTS_TRAIN5)
    tasks = [item["task"] for project in train5 for item in project["tasks"]]
    others, projects = other_sets(PROJECTS_TRAIN5)
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & others
    assert not {project["project"] for project in train5} & projects


def test_no_task_of_the_fifth_train_projects_is_a_near_copy_of_another_set() -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(PROJECTS_TRAIN5.name, 0.5) == []


def test_the_fifth_train_projects_are_what_their_script_writes() -> None:
    assert runpy.run_path(str(ROUTING / "make_projects_train5.py"))["P"] == json.loads(
        PROJECTS_TRAIN5.read_text(encoding="utf-8"))


def test_the_fifth_voltagent_train_set_is_well_formed() -> None:
    train5 = load_labelled(VOLTAGENT_TRAIN5)
    assert 110 <= len(train5) <= 150
    voltagent = {agent.name for agent in load_corpus(VOLTAGENT)}
    assert catalog_set_problems(train5, voltagent, "train", no_fit=(0.12, 0.18)) == []


def test_the_fifth_voltagent_train_set_is_apart_from_every_other_set() -> None:
    tasks = [item["task"] for item in load_labelled(VOLTAGENT_TRAIN5)]
    others, _ = other_sets(VOLTAGENT_TRAIN5)
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & others


def test_no_task_of_the_fifth_voltagent_train_set_is_a_near_copy_of_another_set() -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(VOLTAGENT_TRAIN5.name, 0.5) == []


def test_the_fifth_voltagent_train_set_is_what_its_script_writes() -> None:
    written = runpy.run_path(str(ROUTING / "make_voltagent_train5.py"))["T"]
    assert [{**item, "split": "train"} for item in written] == load_labelled(VOLTAGENT_TRAIN5)
