"""The held-out sets of stop 15 (tests/data/routing/README.md, "Stop 15") are well-formed: every agent they name is
one of VoltAgent's 158 (or of the corpus and of its project), about 15% (20%) of the tasks have no fitting agent,
no task is shared with or near-copied from another set, and each file is what its make_*.py script writes.

Only their shape: the router is never run on them here. The lead reads them (``bench_routing.py --fresh``); nobody
tunes on them."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    LABELLED, PROJECTS_FRESH3, VOLTAGENT, VOLTAGENT_HELDOUT3, catalog_set_problems, load_corpus, load_labelled,
    load_projects, project_set_problems,
)

ROUTING = LABELLED.parent


def other_tasks(mine: Path) -> set[str]:
    """Every task of every other labelled set here (task lists and project sets alike)."""
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))
    return {task for path in sorted(ROUTING.glob("*.json*")) if path != mine for task in near_copies["tasks"](path)}


@pytest.fixture(scope="module")
def heldout3() -> list[dict]:
    return load_labelled(VOLTAGENT_HELDOUT3)


def test_the_third_voltagent_held_out_set_is_well_formed(heldout3) -> None:
    voltagent = {agent.name for agent in load_corpus(VOLTAGENT)}
    assert len(voltagent) == 158
    assert 120 <= len(heldout3) <= 160
    assert catalog_set_problems(heldout3, voltagent, "heldout", no_fit=(0.12, 0.18)) == []


def test_the_third_voltagent_held_out_set_shares_no_task_with_another_set(heldout3) -> None:
    assert not {item["task"] for item in heldout3} & other_tasks(VOLTAGENT_HELDOUT3)


@pytest.mark.parametrize("name", [VOLTAGENT_HELDOUT3.name, PROJECTS_FRESH3.name])
def test_no_task_of_the_stop_15_sets_is_a_near_copy_of_another_set(name) -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(name, 0.5) == []


def test_the_third_voltagent_held_out_file_is_what_its_script_writes(heldout3) -> None:
    written = runpy.run_path(str(ROUTING / "make_voltagent_heldout3.py"))["T"]
    assert [{**item, "split": "heldout"} for item in written] == heldout3


@pytest.fixture(scope="module")
def fresh3() -> list[dict]:
    return load_projects(PROJECTS_FRESH3)


def test_the_third_fresh_projects_are_well_formed_and_all_held_out(fresh3) -> None:
    corpus = {agent.name for agent in load_corpus()}
    assert len(fresh3) == 15
    assert project_set_problems(fresh3, corpus, agents=(5, 14), tasks=(7, 9), no_fit=(0.18, 0.24),
                                every="test") == []


def test_the_third_fresh_projects_share_no_task_or_name_with_another_set(fresh3) -> None:
    tasks = [item["task"] for project in fresh3 for item in project["tasks"]]
    assert len(set(tasks)) == len(tasks)
    assert not set(tasks) & other_tasks(PROJECTS_FRESH3)
    names = {project["project"] for path in sorted(ROUTING.glob("projects*.json")) if path != PROJECTS_FRESH3
             for project in load_projects(path)}
    assert not {project["project"] for project in fresh3} & names


def test_the_third_fresh_projects_file_is_what_its_script_writes(fresh3) -> None:
    assert runpy.run_path(str(ROUTING / "make_projects_fresh3.py"))["P"] == fresh3
