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
    LABELLED, VOLTAGENT, VOLTAGENT_HELDOUT3, catalog_set_problems, load_corpus, load_labelled,
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


@pytest.mark.parametrize("name", [VOLTAGENT_HELDOUT3.name])
def test_no_task_of_the_stop_15_sets_is_a_near_copy_of_another_set(name) -> None:
    near_copies = runpy.run_path(str(ROUTING / "near_copies.py"))["near_copies"]
    assert near_copies(name, 0.5) == []


def test_the_third_voltagent_held_out_file_is_what_its_script_writes(heldout3) -> None:
    written = runpy.run_path(str(ROUTING / "make_voltagent_heldout3.py"))["T"]
    assert [{**item, "split": "heldout"} for item in written] == heldout3
