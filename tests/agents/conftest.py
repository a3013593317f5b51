"""The agents' tests' fixtures: ``project``, an empty git repository; ``voltagent``, a router over VoltAgent's 158
real agents; ``team_router``, a router over a team of the benchmarks' corpus; and ``term``, the term a word is read
as."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

from ralphy.testing import init_git_project

if TYPE_CHECKING:
    from ralphy.agents.routing import Router

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A git repository ``project`` with nothing in it (no commit), so agent discovery stops at its root."""
    return init_git_project(tmp_path / "project", commit=False)


def _bench_routing() -> ModuleType:
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    import bench_routing

    return bench_routing


def term(word: str) -> str:
    """The term ``word`` is read as (``ralphy.agents.terms``: "searches" -> its stem)."""
    from ralphy.agents.terms import terms

    return terms(word)[0]


@pytest.fixture(scope="module")
def voltagent() -> Router:
    """A ``Router`` over VoltAgent's 158 real agents (``bench_routing.VOLTAGENT``), built once per module."""
    from ralphy.agents.routing import Router

    bench_routing = _bench_routing()
    return Router(bench_routing.load_corpus(bench_routing.VOLTAGENT))


@pytest.fixture(scope="module")
def team_router() -> Callable[[Iterable[str]], Router]:
    """``team_router(names)``: a ``Router`` over the agents of the benchmarks' corpus so named (a team of real
    agents); the corpus is read once per module."""
    from ralphy.agents.routing import Router

    by_name = {agent.name: agent for agent in _bench_routing().load_corpus()}
    return lambda names: Router([by_name[name] for name in names])
