"""A check shared by the effects tables' tests (test_effects, test_role_effects)."""

from __future__ import annotations

import pytest

from ralphy.agents import activities, routing


def ranked_first_only_with(router: routing.Router, monkeypatch: pytest.MonkeyPatch, task: str, right: set[str],
                           table: str) -> None:
    """``task``'s right agent is ranked first by ``router``, and is not once ``activities.<table>`` (the effects
    look-up the table feeds) finds nothing: the table, not the words, puts it there."""
    activities.asked_activity.cache_clear()
    try:
        assert router.rank(task, limit=1)[0].agent in right
        monkeypatch.setattr(activities, table, lambda lowered: ())
        activities.asked_activity.cache_clear()
        assert router.rank(task, limit=1)[0].agent not in right
    finally:
        activities.asked_activity.cache_clear()
