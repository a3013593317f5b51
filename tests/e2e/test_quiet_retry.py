"""An old CLI waiting out a 429's Retry-After says nothing (no api_retry event before 2.1.100): ralphy says once
what is likely going on, so the user does not think it hung. Newer CLIs report the retry themselves."""

from __future__ import annotations

import json
import time

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, rate_limited
from ralphy.testing.scenario import with_fault
from tests.e2e.scripted import cli_version, ralphy

pytestmark = pytest.mark.e2e

RETRY_AFTER = 10  # seconds the API asks for; the notice comes after 3 s of silence (retry_notice_seconds)


def test_a_long_retry_after_is_said_once_on_a_cli_that_does_not_report_it(project, claude_home, claude_bin):
    dev = DevScenario({})
    limited: dict[str, float] = {}

    def scenario(request):  # as the API does: every main request is refused until RETRY_AFTER s after the first
        if request.is_main:
            until = limited.setdefault("until", time.time() + RETRY_AFTER)
            if time.time() < until:
                return rate_limited(RETRY_AFTER)
        return dev(request)

    with FakeMessagesAPI(scenario) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json",
                      extra_env={"RALPHY_RETRY_NOTICE_SECONDS": "3", "CLAUDE_CODE_MAX_RETRIES": None})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert json.loads(proc.stdout)["status"] == "completed"
    quiet = [line for line in proc.stderr.splitlines() if "has said nothing for" in line]
    if cli_version(claude_bin) < (2, 1, 100):  # 2.0.0, 2.1.62: the CLI waits out the Retry-After without a word
        assert len(quiet) == 1, proc.stderr[-3000:]
        assert "while waiting for the API: probably a rate limit's Retry-After or a retry" in quiet[0]
        assert "retrying" not in proc.stderr  # nothing else said it
    else:  # the CLI says it itself (an api_retry event), so ralphy adds nothing
        assert quiet == [], proc.stderr[-3000:]
        assert "retrying (HTTP 429" in proc.stderr
