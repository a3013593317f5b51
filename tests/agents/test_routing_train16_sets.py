"""The train set of stop 16 (projects_train4.json; tests/data/routing/README.md, "Stop 16 (calib16)") is
well-formed and of the shape issue 15's check describes: 30 projects of 5-14 agents of the corpus, 7-9 tasks each
(about 210 in all), about 20% with no fitting agent, labels naming agents of their project, every project
``train``, no task or project name shared with or near-copied from another set, and the file is what its
make_*.py script writes. The router is not run here: the set is for tuning, ``bench_routing.py`` reports it."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    LABELLED, PROJECTS_TRAIN4, load_corpus, load_labelled, load_projects, project_set_problems,
)

ROUTING = LABELLED.parent


def test_the_fourth_train_projects_have_the_checked_shape_and_are_all_train() -> None:
    train4 = load_projects(PROJECTS_TRAIN4)
    corpus = {agent.name for agent in load_corpus()}
    assert len(train4) == 30
    assert 200 <= sum(len(project["tasks"]) for project in train4) <= 240
    assert project_set_problems(train4, corpus, agents=(5, 14), tasks=(7, 9), no_fit=(0.18, 0.22),
                                every="train") == []


def test_the_fourth_train_projects_are_apart_from_every_other_set() -> None:
    train4 = load_projects(PROJECTS_TRAIN4)
    tasks = [item["task"] for project in train4 for item in project["tasks"]]
    others: set[str] = set()
    names: set[str] = set()
    for path in sorted(ROUTING.glob("*.json*")):
        if path == PROJECTS_TRAIN4:
            continue
        if path.suffix == ".jsonl":
            others |= {item["task"] for item in load_labelled(path)}
        else:
            loaded = load_projects(path)
            others |= {item["task"] for project in loaded for item in project["tasks"]}
            names |= {project["project"] for project in loaded}
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & others
    assert not {project["project"] for project in train4} & names


def test_no_task_of_the_fourth_train_projects_is_a_near_copy_of_another_set() -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(PROJECTS_TRAIN4.name, 0.5) == []


def test_the_fourth_train_projects_are_what_their_script_writes() -> None:
    assert runpy.run_path(str(ROUTING / "make_projects_train4.py"))["P"] == json.loads(
        PROJECTS_TRAIN4.read_text(encoding="utf-8"))
