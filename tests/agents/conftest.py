"""The agents' tests' fixtures: ``project``, an empty git repository; ``voltagent``, a router over VoltAgent's 158
real agents (the benchmarks' corpus)."""

from __future__ import annotations

import sys
from pathlib import Path
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


@pytest.fixture(scope="module")
def voltagent() -> Router:
    """A ``Router`` over VoltAgent's 158 real agents (``bench_routing.VOLTAGENT``), built once per module."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    from bench_routing import VOLTAGENT, load_corpus

    from ralphy.agents.routing import Router

    return Router(load_corpus(VOLTAGENT))
