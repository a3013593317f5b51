"""Usage windows end to end with the real Claude CLI signed in as a subscriber (``claude_env(oauth=True)``):
the scripted API sends the ``anthropic-ratelimit-unified-*`` headers, the CLI turns them into
``rate_limit_event`` lines, and ralphy acts on them.

- ``--stop-at-usage PCT``: a window reported at or above PCT ends the turn through ``interrupt`` and the run
  with exit 5, its reason naming the window, its use and its reset; nothing counts as a failure, and the next
  ``ralphy dev`` carries on. 2.0.x reports no usage, so there the run simply goes on (and ralphy says so).
- a *rejected* window waits until its reset, again and again, without the breaker counting a failure.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from ralphy.testing import DevScenario, FakeMessagesAPI, usage_limit
from ralphy.testing.scenario import with_usage
from tests.e2e import scripted
from tests.e2e.scripted import claude_processes_in, cli_version

pytestmark = pytest.mark.e2e


def ralphy(project: Path, api: FakeMessagesAPI, home: Path, claude_bin: str, *args: str,
           extra_env: dict | None = None) -> subprocess.CompletedProcess:
    """ralphy signed in as a subscriber (usage windows are reported only then)."""
    return scripted.ralphy(project, api, home, claude_bin, *args, timeout=240, extra_env=extra_env, oauth=True)


def main_requests(api: FakeMessagesAPI) -> int:
    return sum(1 for body in api.requests if body.get("tools"))


def test_stop_at_usage_ends_the_turn_and_the_run_with_exit_5(project, claude_home, claude_bin):
    resets = int(time.time()) + 2 * 3600
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(resets))
    # A full run of this project takes ~10 main requests; the window is reported 95 % used from the second on.
    with FakeMessagesAPI(with_usage(DevScenario({"Core library": "tdd-orchestrator"}), 0.95, resets_at=resets,
                                    after=1)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--stop-at-usage", "90")
        requests = main_requests(api)
    data = json.loads(proc.stdout)
    if cli_version(claude_bin) < (2, 1, 0):  # 2.0.x reports no usage at all: nothing to stop on
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert "does not report usage" in proc.stderr
        return
    assert proc.returncode == 5, proc.stderr[-2000:]
    line = f"the 5-hour session usage window (five_hour) is 95% used (stop_at_usage 90%); it resets at {when}"
    assert data["status"] == "usage_limit"
    assert data["reason"] == f"stopped at --stop-at-usage: {line}. Run `ralphy dev` again then"
    (only,) = data["iterations"]  # no second iteration on a window 95 % used
    assert only["outcome"] == "usage_limit" and only["error"] == f"stopped at --stop-at-usage: {line}"
    # The turn was cut short, not finished: a whole run takes 10 requests. The interrupt races with the requests the
    # CLI (and its subagent) start meanwhile: 3 when quiet, 4 in a CI run on 2 loaded cores; 6 leaves room for that.
    assert data["tasks"]["completed"] < 3 and requests <= 6, requests
    assert f"{line}: ending the turn (--stop-at-usage)" in proc.stderr  # said while it happened
    breaker = json.loads((project / ".ralphy" / "breaker.json").read_text())
    assert breaker["state"] == "closed" and breaker["counters"]["failures"] == 0
    with sqlite3.connect(project / ".ralphy" / "ralphy.db") as db:
        assert db.execute("SELECT status, exit_code, reason FROM runs").fetchall() == [("usage_limit", 5, data["reason"])]
    transcript = Path(only["transcript"]).read_text()
    assert '"type":"result"' in transcript.replace(" ", "")  # the interrupted turn still wrote its result
    assert claude_processes_in(project) == []

    # The window has reset: the next run carries on from where the interrupted turn left off.
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        again = ralphy(project, api, claude_home, claude_bin, "dev", "--json", "--stop-at-usage", "90")
        first_prompt = json.dumps(next(body for body in api.requests if body.get("tools")))
    assert again.returncode == 0, again.stderr[-2000:]
    assert "stopped at a usage limit" in first_prompt


def test_a_window_below_the_limit_does_not_stop_the_run(project, claude_home, claude_bin):
    with FakeMessagesAPI(with_usage(DevScenario({}), 0.80)) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json", extra_env={"RALPHY_STOP_AT_USAGE": "90"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout)["status"] == "completed"


def test_a_rejected_window_waits_for_its_reset_every_time_without_a_failure(project, claude_home, claude_bin):
    """Rejected three times in a row (failures_open is 3): three waits, each until the reset, then the run
    completes; the breaker never counted a failure."""
    state = {"rejections": 0, "until": 0}

    def scenario(request):
        now = time.time()
        if now < state["until"]:  # the window is still rejected (the CLI's own retry)
            return usage_limit(resets_at=state["until"])
        if state["rejections"] < 3:  # the first request after a reset: rejected again, until 2 s from now
            state["rejections"] += 1
            state["until"] = int(now) + 2
            return usage_limit(resets_at=state["until"])
        return DevScenario({})(request)

    # 2.0.x says the reset only as a clock time cut to the minute (the wait is up to its end: capped here at 5 s)
    with FakeMessagesAPI(scenario) as api:
        proc = ralphy(project, api, claude_home, claude_bin, "dev", "--json",
                      extra_env={"RALPHY_USAGE_LIMIT_MARGIN_SECONDS": "0", "RALPHY_FAILURES_OPEN": "3",
                                 "RALPHY_USAGE_LIMIT_MAX_WAIT_SECONDS": "5"})
    data = json.loads(proc.stdout)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert [it["outcome"] for it in data["iterations"]] == ["usage_limit"] * 3 + ["ok"]
    assert all(it["breaker_state"] == "closed" for it in data["iterations"])
    breaker = json.loads((project / ".ralphy" / "breaker.json").read_text())
    assert breaker["counters"]["failures"] == 0
    waits = [float(line.split()[1].rstrip("s:")) for line in proc.stderr.splitlines()
             if line.startswith("waiting ") and "usage limit reached" in line]
    assert len(waits) == 3, proc.stderr[-2000:]
    if cli_version(claude_bin) >= (2, 1, 45):  # the rate_limit_event's resetsAt: until the reset, ~2 s, no more
        assert all(0 <= wait <= 3 for wait in waits), waits
    else:
        assert all(0 <= wait <= 5 for wait in waits), waits
