"""What every ``make_*.py`` here does once its tasks are labelled: check the set, write it beside them, say what
it holds. The checks are ``bench_routing``'s (``catalog_set_problems``, ``project_set_problems``: the ones the
tests run on the files), so a writer refuses what the tests would; none of a set's labels is here.
"""
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "benchmarks"))
from bench_routing import VOLTAGENT, catalog_set_problems, load_corpus, project_set_problems  # noqa: E402

ANY_SHARE = (0.0, 1.0)  # a writer does not check the share of tasks no agent fits: the tests do, per set


def catalog_names(catalog: str = "all") -> set[str]:
    """The agent names a set is routed over: the whole corpus (``all``) or VoltAgent's 158 (``voltagent``)."""
    if catalog == "voltagent":
        names = {agent.name for agent in load_corpus(VOLTAGENT)}
        assert len(names) == 158, len(names)
        return names
    return {agent.name for agent in load_corpus()}


def write_tasks(file_name: str, tasks: list[dict], split: str, *, catalog: str = "all") -> None:
    """Write ``tasks`` (each ``{"task", "expected"}``) to ``file_name`` here as JSON lines with ``split``, once
    every label names an agent of ``catalog``, no task is there twice and no label names an agent twice."""
    items = [{**item, "split": split} for item in tasks]
    problems = catalog_set_problems(items, catalog_names(catalog), split, no_fit=ANY_SHARE)
    assert not problems, problems
    (HERE / file_name).write_text("".join(json.dumps(item) + "\n" for item in items))
    print(len(items), "tasks,", sum(item["expected"] is None for item in items), "null")


def write_projects(file_name: str, projects: list[dict], split: str) -> None:
    """Write ``projects`` (each ``{"project", "agents", "tasks", "split"}``) to ``file_name`` here as JSON, once
    each has 5 to 14 agents of the corpus, listed once, every label names agents of its project and every
    project is ``split``."""
    problems = project_set_problems(projects, catalog_names(), agents=(5, 14), tasks=(1, 100), no_fit=ANY_SHARE,
                                    every=split)
    assert not problems, problems
    (HERE / file_name).write_text(json.dumps(projects, indent=1) + "\n")
    tasks = [task for item in projects for task in item["tasks"]]
    print(len(projects), "projects,", len(tasks), "tasks,", sum(task["expected"] is None for task in tasks), "null")
