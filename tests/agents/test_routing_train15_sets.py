"""The train sets of stop 15 (tests/data/routing/README.md, "Stop 15 (trainset15)") are well-formed: names of the
corpus and of their project, about 20% of the tasks with no fitting agent, every project ``train``, no task or
project shared with or near-copied from another set, and the files are what their make_*.py scripts write. The
router is not run here: these sets are for tuning, their figures are reported by ``bench_routing.py``."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import LABELLED, PROJECTS_TRAIN3, load_corpus, load_labelled, load_projects, project_set_problems  # noqa: E402

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
