"""A delegation still running when its iteration was interrupted, timed out or failed is recorded as not finished
(ralphy.loop_reports.settle_unfinished); after a turn that ended normally it is left as the stream said."""

from __future__ import annotations

import pytest

from ralphy.loop_reports import DelegationReport, IterationReport, settle_unfinished


def report(outcome: str, *statuses: str) -> IterationReport:
    made = IterationReport(n=1)
    made.outcome = outcome
    made.delegations = [DelegationReport("tdd", f"Task {i}", [str(i)], status) for i, status in enumerate(statuses)]
    return made


@pytest.mark.parametrize("outcome, why", [("interrupted", "the iteration was interrupted"),
                                          ("timeout", "the iteration ran out of time"),
                                          ("failed", "the iteration ended with an error")])
def test_running_delegations_of_an_iteration_that_did_not_end_are_not_finished(outcome, why):
    settled = report(outcome, "running", "completed", "failed")
    settled.delegations[2].error = "Agent type 'x' not found"
    settle_unfinished(settled)
    assert [(d.status, d.error) for d in settled.delegations] == [
        ("failed", f"not finished: {why}"), ("completed", None), ("failed", "Agent type 'x' not found")]


@pytest.mark.parametrize("outcome", ["ok", "question", "usage_limit", "auth"])
def test_other_outcomes_leave_them_as_the_stream_said(outcome):
    kept = report(outcome, "running", "completed")
    settle_unfinished(kept)
    assert [(d.status, d.error) for d in kept.delegations] == [("running", None), ("completed", None)]
