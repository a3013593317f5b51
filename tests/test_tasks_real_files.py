"""Real task files from public repositories (tests/data/tasks/SOURCES.md), each read against the truth written
by hand beside it (``NAME.truth``: line, id, status, optional), before the parser was run on it."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from score_tasks import FILES, score_all, score_file, summary, task_files  # noqa: E402

REAL_FILES = task_files()


def test_the_set_is_big_and_varied_enough():
    real = [f for f in REAL_FILES if not f.name.startswith("lookalike-")]
    origins = {f.name.split("-")[0] for f in real}
    assert len(real) >= 20 and len(origins) >= 6
    sources = (FILES.parent / "SOURCES.md").read_text(encoding="utf-8")
    for f in REAL_FILES:
        assert f"| {f.name} |" in sources, f"{f.name} has no source line in SOURCES.md"
        assert f.with_suffix(".truth").exists()


@pytest.mark.parametrize("path", REAL_FILES, ids=[f.name for f in REAL_FILES])
def test_each_file_is_read_as_a_person_reads_it(path):
    score = score_file(path)
    assert score.differences == [], "\n".join(score.differences)


def test_scores_over_the_whole_set():
    scores = score_all(REAL_FILES)
    matched = sum(s.matched for s in scores)
    assert sum(s.ids_right for s in scores) / matched >= 0.95, summary(scores)
    assert matched / sum(s.truth for s in scores) >= 0.99, summary(scores)
    assert matched / sum(s.found for s in scores) >= 0.95, summary(scores)
