"""The train sets of stop 15 (projects_train3.json, voltagent_train4.jsonl; tests/data/routing/README.md,
"Stop 15 (trainset15)") are well-formed: names of the corpus (or VoltAgent's 158) and of their project, about 20%
(15%) of the tasks with no fitting agent, every project or task ``train``, no task or project shared with or
near-copied from another set, and the files are what their make_*.py scripts write. The router is not run here:
these sets are for tuning, their figures are reported by ``bench_routing.py``."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    LABELLED, PROJECTS_TRAIN3, VOLTAGENT, VOLTAGENT_TRAIN4, catalog_set_problems, load_corpus, load_labelled,
    load_projects, project_set_problems,
)

ROUTING = LABELLED.parent


@pytest.fixture(scope="module")
def corpus() -> set[str]:
    return {agent.name for agent in load_corpus()}


def other_sets(*mine: Path) -> tuple[set[str], set[str]]:
    """(tasks, project names) of every labelled set here but ``mine``."""
    tasks: set[str] = set()
    projects: set[str] = set()
    for path in sorted(ROUTING.glob("*.json*")):
        if path in mine:
            continue
        if path.suffix == ".jsonl":
            tasks |= {item["task"] for item in load_labelled(path)}
        else:
            loaded = load_projects(path)
            tasks |= {item["task"] for project in loaded for item in project["tasks"]}
            projects |= {project["project"] for project in loaded}
    return tasks, projects


def test_the_third_train_projects_are_well_formed_and_all_train(corpus) -> None:
    train3 = load_projects(PROJECTS_TRAIN3)
    assert len(train3) == 12
    assert project_set_problems(train3, corpus, agents=(5, 14), tasks=(8, 11), no_fit=(0.18, 0.22),
                                every="train") == []


def test_the_third_train_projects_are_apart_from_every_other_set() -> None:
    train3 = load_projects(PROJECTS_TRAIN3)
    tasks = [item["task"] for project in train3 for item in project["tasks"]]
    others, projects = other_sets(PROJECTS_TRAIN3)
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & others
    assert not {project["project"] for project in train3} & projects


def test_no_task_of_the_third_train_projects_is_a_near_copy_of_another_set() -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(PROJECTS_TRAIN3.name, 0.5) == []


def test_the_third_train_projects_are_what_their_script_writes() -> None:
    assert runpy.run_path(str(ROUTING / "make_projects_train3.py"))["P"] == json.loads(
        PROJECTS_TRAIN3.read_text(encoding="utf-8"))


def test_the_fourth_voltagent_train_set_is_well_formed() -> None:
    train4 = load_labelled(VOLTAGENT_TRAIN4)
    assert len(train4) >= 100
    voltagent = {agent.name for agent in load_corpus(VOLTAGENT)}
    assert catalog_set_problems(train4, voltagent, "train", no_fit=(0.12, 0.18)) == []


def test_the_fourth_voltagent_train_set_is_apart_from_every_other_set() -> None:
    tasks = [item["task"] for item in load_labelled(VOLTAGENT_TRAIN4)]
    others, _ = other_sets(VOLTAGENT_TRAIN4)
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & others


def test_no_task_of_the_fourth_voltagent_train_set_is_a_near_copy_of_another_set() -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(VOLTAGENT_TRAIN4.name, 0.5) == []


def test_the_fourth_voltagent_train_set_is_what_its_script_writes() -> None:
    written = runpy.run_path(str(ROUTING / "make_voltagent_train4.py"))["T"]
    assert [{**item, "split": "train"} for item in written] == load_labelled(VOLTAGENT_TRAIN4)
