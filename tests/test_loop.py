"""Pieces of the loop that need no Claude CLI (the loop itself runs end to end in tests/e2e/test_dev_loop.py)."""

from ralphy.loop_resume import resume_text as _resume_text
from ralphy.loop_start import prune_transcripts as _prune_transcripts


def test_transcripts_of_runs_older_than_the_kept_ones_are_deleted(tmp_path):
    for run in range(1, 6):
        for n in (1, 2):
            (tmp_path / f"run{run}-iteration{n}.jsonl").write_text("{}\n")
    (tmp_path / "notes.txt").write_text("not ours")
    for name in ("run1-iteration2-verify.log", "run1-start-verify.log", "run5-iteration1-verify.log", "run1-mine.txt"):
        (tmp_path / name).write_text("checked\n")
    _prune_transcripts(tmp_path, run_id=5, keep_runs=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "notes.txt", "run1-mine.txt", "run4-iteration1.jsonl", "run4-iteration2.jsonl", "run5-iteration1-verify.log",
        "run5-iteration1.jsonl", "run5-iteration2.jsonl",
    ]


def test_resume_text_says_what_happened_and_what_to_do():
    text = _resume_text("failed", "HTTP 529: Overloaded")
    assert text.startswith("The previous iteration ended with an error: HTTP 529: Overloaded.")
    assert "git status" in text and "TASKS.md" in text
    assert _resume_text("interrupted", None).startswith("The previous iteration was interrupted")
