"""The fresh held-out sets of stop 11 are well-formed (tests/data/routing/README.md, "Fresh held-out sets"):
the VoltAgent tasks name only agents of VoltAgent's 158, the fresh projects only agents of the corpus and of
their project, about 15% and 20% of the tasks have no fitting agent, nothing is copied from the older sets, the
files are what their make_*.py scripts write, and ``bench_routing.py --fresh`` reports both. Only the last
test looks at the router's figures on them: a floor at what the lead read (the sets are read by the lead only,
never for tuning)."""

from __future__ import annotations

import copy
import json
import re
import runpy
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_routing  # noqa: E402
from bench_routing import (  # noqa: E402
    HELDOUT, LABELLED, PROJECTS, PROJECTS_FRESH, PROJECTS_FRESH2, PROJECTS_FRESH4, PROJECTS_FRESH_TRAIN,
    PROJECTS_LARGE, VALIDATION, VOLTAGENT, VOLTAGENT_HELDOUT, VOLTAGENT_HELDOUT2, VOLTAGENT_HELDOUT4, VOLTAGENT_TRAIN,
    VOLTAGENT_TRAIN2, VOLTAGENT_TRAIN3, calibration_sets, catalog_set_problems, load_corpus, load_labelled,
    load_projects, project_set_problems,
)

ROUTING = LABELLED.parent


@pytest.fixture(scope="module")
def voltagent() -> set[str]:
    return {agent.name for agent in load_corpus(VOLTAGENT)}


@pytest.fixture(scope="module")
def corpus() -> set[str]:
    return {agent.name for agent in load_corpus()}


@pytest.fixture(scope="module")
def catalog_tasks() -> list[dict]:
    return load_labelled(VOLTAGENT_HELDOUT)


@pytest.fixture(scope="module")
def fresh() -> list[dict]:
    return load_projects(PROJECTS_FRESH)


def test_voltagent_is_the_158_agent_catalog(voltagent, corpus) -> None:
    assert len(voltagent) == 158
    assert voltagent <= corpus


def test_the_voltagent_set_is_well_formed(catalog_tasks, voltagent) -> None:
    assert len(catalog_tasks) >= 100
    assert catalog_set_problems(catalog_tasks, voltagent, "heldout", no_fit=(0.12, 0.18)) == []


def test_the_fresh_projects_are_well_formed_and_all_held_out(fresh, corpus) -> None:
    assert len(fresh) == 15
    assert project_set_problems(fresh, corpus, agents=(5, 14), tasks=(7, 7), no_fit=(0.18, 0.22),
                                every="test") == []
    assert len({project["project"] for project in fresh}) == len(fresh)


def test_nothing_is_copied_from_the_older_sets(catalog_tasks, fresh) -> None:
    older = {item["task"] for path in (LABELLED, HELDOUT, ROUTING / "catalog_roles_train.jsonl")
             for item in load_labelled(path)}
    older |= {item["task"] for path in (PROJECTS, PROJECTS_LARGE)
              for project in load_projects(path) for item in project["tasks"]}
    new = {item["task"] for item in catalog_tasks} | {item["task"] for p in fresh for item in p["tasks"]}
    assert len(new) == len(catalog_tasks) + sum(len(p["tasks"]) for p in fresh)
    assert not new & older


def test_the_voltagent_train_set_is_well_formed_and_apart_from_the_held_out_ones(catalog_tasks, fresh,
                                                                                voltagent) -> None:
    train = load_labelled(VOLTAGENT_TRAIN)
    assert len(train) >= 60
    assert catalog_set_problems(train, voltagent, "train", no_fit=(0.12, 0.18)) == []
    held_out = {item["task"] for item in catalog_tasks} | {item["task"] for p in fresh for item in p["tasks"]}
    assert not {item["task"] for item in train} & held_out


def test_the_second_voltagent_train_set_is_well_formed_and_apart_from_every_other_set(catalog_tasks, fresh,
                                                                                   voltagent) -> None:
    train2 = load_labelled(VOLTAGENT_TRAIN2)
    assert len(train2) >= 80
    assert catalog_set_problems(train2, voltagent, "train", no_fit=(0.12, 0.18)) == []
    others = {item["task"] for item in catalog_tasks} | {item["task"] for p in fresh for item in p["tasks"]}
    others |= {item["task"] for path in (LABELLED, HELDOUT, VOLTAGENT_TRAIN, ROUTING / "catalog_roles_train.jsonl")
               for item in load_labelled(path)}
    others |= {item["task"] for path in (PROJECTS, PROJECTS_LARGE, PROJECTS_FRESH_TRAIN)
               for project in load_projects(path) for item in project["tasks"]}
    assert not {item["task"] for item in train2} & others


def test_the_third_voltagent_train_set_is_well_formed_and_apart_from_every_other_set(catalog_tasks, fresh,
                                                                                  voltagent) -> None:
    train3 = load_labelled(VOLTAGENT_TRAIN3)
    assert len(train3) >= 100
    assert catalog_set_problems(train3, voltagent, "train", no_fit=(0.12, 0.18)) == []
    others = {item["task"] for item in catalog_tasks} | {item["task"] for p in fresh for item in p["tasks"]}
    others |= {item["task"] for path in (LABELLED, HELDOUT, VOLTAGENT_TRAIN, VOLTAGENT_TRAIN2, VOLTAGENT_HELDOUT2,
                                         ROUTING / "catalog_roles_train.jsonl") for item in load_labelled(path)}
    others |= {item["task"] for path in (PROJECTS, PROJECTS_LARGE, PROJECTS_FRESH_TRAIN)
               for project in load_projects(path) for item in project["tasks"]}
    assert not {item["task"] for item in train3} & others


def test_the_second_voltagent_held_out_set_is_well_formed_and_apart_from_every_other_set(catalog_tasks, fresh,
                                                                                       voltagent) -> None:
    """Only its shape: the router is never run on it here (the lead reads it with ``bench_routing.py --fresh``)."""
    heldout2 = load_labelled(VOLTAGENT_HELDOUT2)
    assert len(heldout2) >= 120
    assert catalog_set_problems(heldout2, voltagent, "heldout", no_fit=(0.12, 0.18)) == []
    others = {item["task"] for item in catalog_tasks} | {item["task"] for p in fresh for item in p["tasks"]}
    others |= {item["task"] for path in (LABELLED, HELDOUT, VOLTAGENT_TRAIN, VOLTAGENT_TRAIN2, VOLTAGENT_TRAIN3,
                                         ROUTING / "catalog_roles_train.jsonl") for item in load_labelled(path)}
    others |= {item["task"] for path in (PROJECTS, PROJECTS_LARGE, PROJECTS_FRESH_TRAIN)
               for project in load_projects(path) for item in project["tasks"]}
    assert not {item["task"] for item in heldout2} & others


def test_the_second_fresh_projects_are_well_formed_all_held_out_and_apart_from_every_other_set(fresh, corpus
                                                                                          ) -> None:
    """Only its shape: the router is never run on it here (the lead reads it with ``bench_routing.py --fresh``)."""
    fresh2 = load_projects(PROJECTS_FRESH2)
    assert len(fresh2) == 15
    assert project_set_problems(fresh2, corpus, agents=(5, 14), tasks=(7, 8), no_fit=(0.18, 0.22),
                                every="test") == []
    older = [PROJECTS, PROJECTS_LARGE, PROJECTS_FRESH, PROJECTS_FRESH_TRAIN]
    assert not {p["project"] for p in fresh2} & {p["project"] for path in older for p in load_projects(path)}
    others = {item["task"] for path in older for project in load_projects(path) for item in project["tasks"]}
    others |= {item["task"] for path in (LABELLED, HELDOUT, VOLTAGENT_HELDOUT, VOLTAGENT_HELDOUT2, VOLTAGENT_TRAIN,
                                         VOLTAGENT_TRAIN2, VOLTAGENT_TRAIN3, ROUTING / "catalog_roles_train.jsonl")
               for item in load_labelled(path)}
    tasks = [item["task"] for project in fresh2 for item in project["tasks"]]
    assert len(set(tasks)) == len(tasks) and not set(tasks) & others


@pytest.mark.parametrize("name", [VOLTAGENT_TRAIN3.name, VOLTAGENT_HELDOUT2.name, PROJECTS_FRESH2.name])
def test_no_task_of_the_stop_14_sets_is_a_near_copy_of_another_set(name) -> None:
    """near_copies.py, the check they were written with: no task shares half its words with a task of another
    set."""
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(name, 0.5) == []


def test_near_copies_finds_a_reworded_task(tmp_path) -> None:
    """The check can fail: a task reworded from voltagent_train3.jsonl (two words changed) is found."""
    module = runpy.run_path(str(ROUTING / "near_copies.py"))
    original = load_labelled(VOLTAGENT_TRAIN3)[0]["task"]
    reworded = original.replace("Port", "Move").replace("assets", "jobs")
    assert reworded != original
    (tmp_path / "reworded.jsonl").write_text(json.dumps({"task": reworded, "expected": None}) + "\n")
    (tmp_path / VOLTAGENT_TRAIN3.name).write_text(VOLTAGENT_TRAIN3.read_text(encoding="utf-8"))
    found = module["near_copies"]("reworded.jsonl", 0.5, tmp_path)
    assert [(task, other_file, other) for _, task, other_file, other in found] == [
        (reworded, VOLTAGENT_TRAIN3.name, original)]


def test_the_fresh_train_projects_are_well_formed_and_apart_from_the_held_out_ones(fresh, catalog_tasks,
                                                                                 corpus) -> None:
    train = load_projects(PROJECTS_FRESH_TRAIN)
    assert len(train) == 8
    assert project_set_problems(train, corpus, agents=(5, 14), tasks=(7, 7), no_fit=(0.18, 0.24),
                                every="train") == []
    held_out = {item["task"] for item in catalog_tasks} | {item["task"] for p in fresh for item in p["tasks"]}
    assert not {item["task"] for p in train for item in p["tasks"]} & held_out
    assert not {p["project"] for p in train} & {p["project"] for p in fresh}


def test_the_files_are_what_their_scripts_write(catalog_tasks, fresh) -> None:
    written = runpy.run_path(str(ROUTING / "make_voltagent_heldout.py"))["T"]
    assert [{**item, "split": "heldout"} for item in written] == catalog_tasks
    written = runpy.run_path(str(ROUTING / "make_voltagent_train.py"))["T"]
    assert [{**item, "split": "train"} for item in written] == load_labelled(VOLTAGENT_TRAIN)
    written = runpy.run_path(str(ROUTING / "make_voltagent_train2.py"))["T"]
    assert [{**item, "split": "train"} for item in written] == load_labelled(VOLTAGENT_TRAIN2)
    written = runpy.run_path(str(ROUTING / "make_voltagent_train3.py"))["T"]
    assert [{**item, "split": "train"} for item in written] == load_labelled(VOLTAGENT_TRAIN3)
    written = runpy.run_path(str(ROUTING / "make_voltagent_heldout2.py"))["T"]
    assert [{**item, "split": "heldout"} for item in written] == load_labelled(VOLTAGENT_HELDOUT2)
    assert runpy.run_path(str(ROUTING / "make_projects_fresh.py"))["P"] == json.loads(
        PROJECTS_FRESH.read_text(encoding="utf-8"))
    assert runpy.run_path(str(ROUTING / "make_projects_fresh_train.py"))["P"] == json.loads(
        PROJECTS_FRESH_TRAIN.read_text(encoding="utf-8"))
    assert runpy.run_path(str(ROUTING / "make_projects_fresh2.py"))["P"] == json.loads(
        PROJECTS_FRESH2.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("change", "problem"), [
    (lambda t: t[0].update(expected=["go-expert"]), "names 'go-expert', not an agent of the catalog"),
    (lambda t: t[0].update(expected=[]), "has no label (a list of agents, or null)"),
    (lambda t: t[0].update(expected="security-auditor"), "has no label (a list of agents, or null)"),
    (lambda t: t[0].update(expected=["security-auditor", "security-auditor"]), "names an agent twice"),
    (lambda t: t.append(dict(t[1])), "is listed twice"),
    (lambda t: t[3].update(split="train"), "split 'train', not 'heldout'"),
    (lambda t: t[3].update(task=""), "task 4: no task text"),
    (lambda t: [item.update(expected=None) for item in t[:20]], "have no fitting agent, not 12%-18%"),
    (lambda t: [item.update(expected=["debugger"]) for item in t if item["expected"] is None],
     "have no fitting agent, not 12%-18%"),
])
def test_a_broken_catalog_set_is_reported(catalog_tasks, voltagent, change, problem) -> None:
    items = copy.deepcopy(catalog_tasks)
    change(items)
    problems = catalog_set_problems(items, voltagent, "heldout", no_fit=(0.12, 0.18))
    assert any(problem in line for line in problems), problems


def test_a_fresh_project_outside_the_test_split_is_reported(fresh, corpus) -> None:
    projects = copy.deepcopy(fresh)
    projects[0]["split"] = "train"
    problems = project_set_problems(projects, corpus, agents=(5, 14), tasks=(7, 7), no_fit=(0.18, 0.22),
                                    every="test")
    assert problems == [f"{projects[0]['project']}: split 'train', every project is test (expected test)"]


def test_bench_routing_fresh_reports_both_sets(capsys) -> None:
    bench_routing.main(["--fresh"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8
    assert re.match(r"voltagent_heldout over 158 VoltAgent agents +tasks=121 +with agent=103 +top-1=\d\.\d{3} "
                    r"+recall@10=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[0]), "the VoltAgent line is not the expected shape"
    assert re.match(r"projects_fresh +projects=15 +tasks=105 +with agent= 84 +decision=\d\.\d{3} +false "
                    r"recommendations=\d\.\d{3} +missed=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[1]), \
        "the projects line is not the expected shape"
    assert re.match(r"voltagent_heldout2 over 158 VoltAgent agents +tasks=168 +with agent=145 +top-1=\d\.\d{3} "
                    r"+recall@10=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[2]), "the second VoltAgent line is not the expected shape"
    assert re.match(r"projects_fresh2 +projects=15 +tasks=111 +with agent= 90 +decision=\d\.\d{3} +false "
                    r"recommendations=\d\.\d{3} +missed=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[3]), \
        "the second projects line is not the expected shape"
    assert re.match(r"voltagent_heldout3 over 158 VoltAgent agents +tasks=141 +with agent=121 +top-1=\d\.\d{3} "
                    r"+recall@10=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[4]), "the third VoltAgent line is not the expected shape"
    assert re.match(r"projects_fresh3 +projects=15 +tasks=121 +with agent= 95 +decision=\d\.\d{3} +false "
                    r"recommendations=\d\.\d{3} +missed=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[5]), \
        "the third projects line is not the expected shape"
    assert re.match(r"voltagent_heldout4 over 158 VoltAgent agents +tasks=116 +with agent=100 +top-1=\d\.\d{3} "
                    r"+recall@10=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[6]), "the fourth VoltAgent line is not the expected shape"
    assert re.match(r"projects_fresh4 +projects=30 +tasks=230 +with agent=181 +decision=\d\.\d{3} +false "
                    r"recommendations=\d\.\d{3} +missed=\d\.\d{3} +top-1 ranked=\d\.\d{3}$", lines[7]), \
        "the fourth projects line is not the expected shape"


def test_the_router_stays_where_it_was_measured_on_the_fresh_sets() -> None:
    """The lead's reads (docs/benchmarks.md, "Fresh held-out sets"): VoltAgent top-1 0.669 / recall@10 0.981
    before stop 11's routing change, 0.678 / 0.981 after, 0.727 / 0.990 at stop 12, 0.769 / 1.000 at stop 13;
    fresh projects decisions 0.848 -> 0.829 -> 0.829 -> 0.838, false recommendations 0.095, 0.095, 0.086, 0.076. A floor against falling further, not the goal (0.90 top-1, 0.85 / 0.10)."""
    from ralphy.agents.routing import Router

    catalog = bench_routing.evaluate(Router(load_corpus(VOLTAGENT)), load_labelled(VOLTAGENT_HELDOUT))
    assert catalog["top1"] >= 0.76 and catalog["recall10"] >= 0.99, catalog["misses"]
    projects = bench_routing.evaluate_projects(load_projects(PROJECTS_FRESH), load_corpus())
    assert projects["decision"] >= 0.83 and projects["false_recommendation"] <= 0.08, projects["errors"]


def test_the_stop_20_pair_is_held_out_not_validation_or_fitted() -> None:
    """data20's pair is read only with ``--fresh``: not a validation set (whose figures ``--split train`` prints)
    and in no calibration set."""
    assert PROJECTS_FRESH4 not in VALIDATION and VOLTAGENT_HELDOUT4 not in VALIDATION
    fitted = {item["task"] for cases in calibration_sets(load_corpus()).values() for _, items in cases for item in items}
    mine = {item["task"] for project in load_projects(PROJECTS_FRESH4) for item in project["tasks"]}
    assert fitted and not fitted & (mine | {item["task"] for item in load_labelled(VOLTAGENT_HELDOUT4)})


def test_the_router_stays_where_it_was_first_read_on_the_stop_20_pair() -> None:
    """data20's one read of its own pair (docs/benchmarks.md, "Stop 20: the third blind pair"), right after the labels
    were committed, with the router of main at b421412: voltagent_heldout4 top-1 0.647 / recall@10 0.940 (116 tasks),
    projects_fresh4 decisions 0.778 / false recommendations 0.065 (230 tasks). A floor a few tasks under that read,
    so that a change losing several of them fails here, not the goal (0.90 top-1, 0.85 / 0.10)."""
    from ralphy.agents.routing import Router

    catalog = bench_routing.evaluate(Router(load_corpus(VOLTAGENT)), load_labelled(VOLTAGENT_HELDOUT4))
    assert catalog["top1"] >= 0.62 and catalog["recall10"] >= 0.91, "voltagent_heldout4 fell under its floor"
    projects = bench_routing.evaluate_projects(load_projects(PROJECTS_FRESH4), load_corpus())
    assert projects["decision"] >= 0.76 and projects["false_recommendation"] <= 0.08, \
        "projects_fresh4 fell under its floor"
