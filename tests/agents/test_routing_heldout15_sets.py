"""The held-out sets of stop 15 and stop 20 (tests/data/routing/README.md, "Stop 15", "Stop 20 (data20)") are
well-formed: every agent they name is one of VoltAgent's 158 (or of the corpus and of its project), about 15% (20%)
of the tasks have no fitting agent, no task is shared with or near-copied from another set, no project name is
reused, and each file is what its make_*.py script writes. Stop 20's projects also spread over the 5-14 agents of
issue 15's check and draw on all five collections (test_routing_train_sets.py's ``SPREAD_SETS``).

Only their shape: the router is never run on them here. The lead reads them (``bench_routing.py --fresh``); nobody
tunes on them (test_routing_fresh_sets.py holds a floor at the lead's, or for stop 20 its writer's, one read)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import (  # noqa: E402
    LABELLED, PROJECTS_FRESH3, PROJECTS_FRESH4, VOLTAGENT, VOLTAGENT_HELDOUT3, VOLTAGENT_HELDOUT4,
    catalog_set_problems, load_corpus, load_labelled, load_projects, project_set_problems,
)

ROUTING = LABELLED.parent

# each VoltAgent set, what writes it, and the range of its task count
CATALOG_SETS = [pytest.param(*row, id=row[0].name) for row in [
    (VOLTAGENT_HELDOUT3, "make_voltagent_heldout3.py", (120, 160)),
    (VOLTAGENT_HELDOUT4, "make_voltagent_heldout4.py", (100, 130)),
]]
# each project set, what writes it, how many projects, tasks per project, the share with no fitting agent
PROJECT_SETS = [pytest.param(*row, id=row[0].name) for row in [
    (PROJECTS_FRESH3, "make_projects_fresh3.py", 15, (7, 9), (0.18, 0.24)),
    (PROJECTS_FRESH4, "make_projects_fresh4.py", 30, (6, 9), (0.18, 0.24)),
]]


def other_tasks(mine: Path) -> set[str]:
    """Every task of every other labelled set here (task lists and project sets alike)."""
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))
    return {task for path in sorted(ROUTING.glob("*.json*")) if path != mine for task in near_copies["tasks"](path)}


@pytest.mark.parametrize(("path", "script", "size"), CATALOG_SETS)
def test_the_voltagent_held_out_set_is_well_formed(path, script, size) -> None:
    voltagent = {agent.name for agent in load_corpus(VOLTAGENT)}
    assert len(voltagent) == 158
    items = load_labelled(path)
    assert size[0] <= len(items) <= size[1]
    assert catalog_set_problems(items, voltagent, "heldout", no_fit=(0.12, 0.18)) == []


@pytest.mark.parametrize(("path", "script", "size"), CATALOG_SETS)
def test_the_voltagent_held_out_set_shares_no_task_with_another_set(path, script, size) -> None:
    assert not {item["task"] for item in load_labelled(path)} & other_tasks(path)


@pytest.mark.parametrize("name", [VOLTAGENT_HELDOUT3.name, PROJECTS_FRESH3.name, VOLTAGENT_HELDOUT4.name,
                                  PROJECTS_FRESH4.name])
def test_no_task_of_the_held_out_set_is_a_near_copy_of_another_set(name) -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(name, 0.5) == []


@pytest.mark.parametrize(("path", "script", "size"), CATALOG_SETS)
def test_the_voltagent_held_out_file_is_what_its_script_writes(path, script, size) -> None:
    written = runpy.run_path(str(ROUTING / script))["T"]
    assert [{**item, "split": "heldout"} for item in written] == load_labelled(path)


@pytest.mark.parametrize(("path", "script", "count", "tasks", "no_fit"), PROJECT_SETS)
def test_the_fresh_projects_are_well_formed_and_all_held_out(path, script, count, tasks, no_fit) -> None:
    corpus = {agent.name for agent in load_corpus()}
    projects = load_projects(path)
    assert len(projects) == count
    assert project_set_problems(projects, corpus, agents=(5, 14), tasks=tasks, no_fit=no_fit, every="test") == []


@pytest.mark.parametrize(("path", "script", "count", "tasks", "no_fit"), PROJECT_SETS)
def test_the_fresh_projects_share_no_task_or_name_with_another_set(path, script, count, tasks, no_fit) -> None:
    projects = load_projects(path)
    written = [item["task"] for project in projects for item in project["tasks"]]
    assert len(set(written)) == len(written)
    assert not set(written) & other_tasks(path)
    names = {project["project"] for other in sorted(ROUTING.glob("projects*.json")) if other != path
             for project in load_projects(other)}
    assert not {project["project"] for project in projects} & names


@pytest.mark.parametrize(("path", "script", "count", "tasks", "no_fit"), PROJECT_SETS)
def test_the_fresh_projects_file_is_what_its_script_writes(path, script, count, tasks, no_fit) -> None:
    assert runpy.run_path(str(ROUTING / script))["P"] == load_projects(path)
