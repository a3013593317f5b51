"""The hand-labelled project sets are well-formed (tests/data/routing/README.md): every agent is in the corpus,
labels name agents of their project, every third project is held out, and about a fifth of the tasks have no
fitting agent. The figures on them are in docs/benchmarks.md ("Routing"), from benchmarks/bench_routing.py."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_routing import PROJECTS, PROJECTS_LARGE, load_corpus, load_projects, project_set_problems  # noqa: E402


@pytest.fixture(scope="module")
def names() -> set[str]:
    return {agent.name for agent in load_corpus()}


@pytest.fixture(scope="module")
def large() -> list[dict]:
    return load_projects(PROJECTS_LARGE)


def test_the_large_set_is_well_formed(large, names) -> None:
    assert project_set_problems(large, names, agents=(8, 15), tasks=(6, 10)) == []


def test_the_large_set_is_bigger_than_the_first_and_holds_out_every_third_project(large) -> None:
    tasks = [item for project in large for item in project["tasks"]]
    assert len(large) >= 40 and len(tasks) >= 300
    assert [project["project"] for project in load_projects(PROJECTS_LARGE, split="test")] == [
        project["project"] for project in large[2::3]]
    assert len({project["project"] for project in large}) == len(large)
    first = {item["task"] for project in load_projects(PROJECTS) for item in project["tasks"]}
    assert not first & {item["task"] for item in tasks}  # no task copied from the first set


def test_the_first_set_is_well_formed_too(names) -> None:
    assert project_set_problems(load_projects(PROJECTS), names, agents=(4, 15), tasks=(5, 10)) == []


def _broken(large: list[dict], change) -> list[dict]:
    projects = copy.deepcopy(large)
    change(projects)
    return projects


@pytest.mark.parametrize(("change", "problem"), [
    (lambda p: p[0]["agents"].append("no-such-agent"), "django-web-shop: agent 'no-such-agent' is not in the corpus"),
    (lambda p: p[0]["tasks"][0].update(expected=["golang-pro"]),
     "'Add a wishlist model and page to the storefront' names 'golang-pro', not an agent of the project"),
    (lambda p: p[0]["tasks"][0].update(expected=[]),
     "django-web-shop: 'Add a wishlist model and page to the storefront' has no label (a list of agents, or null)"),
    (lambda p: p[1].update(split="test"), "data-pipeline: split 'test', every third project is test (expected train)"),
    (lambda p: p[2].pop("split"), "react-native-app: split None, every third project is test (expected test)"),
    (lambda p: p[0].update(agents=p[0]["agents"][:5]), "django-web-shop: 5 agents, not 8-15"),
    (lambda p: p[0]["tasks"].append(dict(p[0]["tasks"][0])), "django-web-shop: a task is listed twice"),
    (lambda p: [item.update(expected=None) for project in p[:12] for item in project["tasks"]],
     "have no fitting agent, not 15%-25%"),
    (lambda p: [item.update(expected=[project["agents"][0]]) for project in p for item in project["tasks"]
                if item["expected"] is None and project["split"] == "train"], "have no fitting agent, not 15%-25%"),
])
def test_a_broken_set_is_reported(large, names, change, problem) -> None:
    problems = project_set_problems(_broken(large, change), names, agents=(8, 15), tasks=(6, 10))
    assert any(problem in line for line in problems), problems
