"""No loss on faults (issue 10, point 6): SIGHUP, runs that abort mid-way, interrupted iterations, a full disk."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ralphy.testing import init_git_project

# A fake Claude CLI (the thing under test is ralphy, not the CLI): it notes its pid and a grandchild's, says
# init, then works "forever".
SLOW_CLI = r"""#!/bin/sh
read -r request
id=$(printf '%s' "$request" | sed -n 's/.*"request_id": *"\([^"]*\)".*/\1/p')
printf '{{"type":"control_response","response":{{"subtype":"success","request_id":"%s","response":{{}}}}}}\n' "$id"
read -r turn
sleep 300 &
echo $! > "{dir}/grandchild.pid"
echo $$ > "{dir}/cli.pid"
echo '{{"type":"system","subtype":"init","session_id":"s1"}}'
wait
"""


@pytest.fixture
def two_task_git_project(tmp_path: Path) -> Path:
    root = init_git_project(tmp_path / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n- [ ] 1.2 Other\n")
    return root


VERSION = 'if [ "$1" = --version ]; then echo "2.1.197 (Claude Code)"; exit 0; fi\n'


def fake_cli(tmp_path: Path, text: str) -> Path:
    cli = tmp_path / "bin" / "claude"
    cli.parent.mkdir(exist_ok=True)
    cli.write_text(text.format(dir=tmp_path).replace("#!/bin/sh\n", "#!/bin/sh\n" + VERSION, 1))
    cli.chmod(0o755)
    return cli


def start_dev(project: Path, cli: Path, *args: str, preexec_fn=None) -> subprocess.Popen:
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(cli), "RALPHY_BACKOFF_SECONDS": "0"}
    return subprocess.Popen([sys.executable, "-m", "ralphy", "dev", str(project), "--json", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=preexec_fn)


def wait_for(path: Path, timeout: float = 30) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return int(path.read_text())
        time.sleep(0.05)
    raise AssertionError(f"{path} never appeared")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0] if Path(f"/proc/{pid}").exists() else "Z"
    return state != "Z"


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_the_cli_group_records_the_iteration_and_saves_the_breaker(two_task_git_project, tmp_path,
                                                                                 signum):
    dev = start_dev(two_task_git_project, fake_cli(tmp_path, SLOW_CLI))
    cli_pid, grandchild = wait_for(tmp_path / "cli.pid"), wait_for(tmp_path / "grandchild.pid")
    time.sleep(0.3)
    dev.send_signal(signum)
    out, err = dev.communicate(timeout=30)
    assert dev.returncode == 130, err
    summary = json.loads(out)
    assert summary["status"] == "interrupted" and summary["iterations"][-1]["outcome"] == "interrupted"
    deadline = time.monotonic() + 5
    while (alive(cli_pid) or alive(grandchild)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(cli_pid) and not alive(grandchild)
    assert json.loads((two_task_git_project / ".ralphy" / "breaker.json").read_text())["state"] == "closed"
    log = subprocess.run([sys.executable, "-m", "ralphy", "log", str(two_task_git_project), "--json"], capture_output=True, text=True)
    run = json.loads(log.stdout)
    text = json.dumps(run)
    assert '"interrupted"' in text


def test_under_nohup_sighup_leaves_the_run_going(two_task_git_project, tmp_path):
    """``nohup ralphy dev`` starts ralphy with SIGHUP ignored: the terminal closing must not end the run (it did
    when ``ralphy dev`` set its own SIGHUP handler whatever it was started with)."""
    listening = SLOW_CLI.replace("wait\n", 'cat > "{dir}/stdin.txt"\n')  # what ralphy sends during the turn
    dev = start_dev(two_task_git_project, fake_cli(tmp_path, listening),
                    preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
    cli_pid = wait_for(tmp_path / "cli.pid")
    time.sleep(0.3)
    dev.send_signal(signal.SIGHUP)
    time.sleep(1.5)  # an interrupted turn is asked to end at once (an `interrupt` request), then given 5 s
    assert dev.poll() is None and alive(cli_pid), dev.poll() is not None and dev.communicate()
    assert "interrupt" not in (tmp_path / "stdin.txt").read_text()
    dev.send_signal(signal.SIGTERM)
    out, err = dev.communicate(timeout=30)
    assert dev.returncode == 130, err
    assert json.loads(out)["status"] == "interrupted"
    deadline = time.monotonic() + 5
    while alive(cli_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(cli_pid)


def test_interrupted_iterations_are_not_no_progress(two_task_git_project, tmp_path):
    cli = fake_cli(tmp_path, SLOW_CLI)
    for _ in range(4):  # no_progress_open is 3: four interrupted runs would have opened it
        (tmp_path / "cli.pid").unlink(missing_ok=True)
        dev = start_dev(two_task_git_project, cli)
        wait_for(tmp_path / "cli.pid")
        time.sleep(0.2)
        dev.send_signal(signal.SIGINT)
        dev.communicate(timeout=30)
        assert dev.returncode == 130
    state = json.loads((two_task_git_project / ".ralphy" / "breaker.json").read_text())
    assert state["state"] == "closed" and state["counters"]["no_progress"] == 0


VANISHING_CLI = r"""#!/bin/sh
read -r request
id=$(printf '%s' "$request" | sed -n 's/.*"request_id": *"\([^"]*\)".*/\1/p')
printf '{{"type":"control_response","response":{{"subtype":"success","request_id":"%s","response":{{}}}}}}\n' "$id"
read -r turn
echo '{{"type":"system","subtype":"init","session_id":"s1"}}'
echo "work $$" >> work.txt
echo '{{"type":"result","subtype":"success","is_error":false,"result":"worked","num_turns":1,"session_id":"s1","total_cost_usd":0.01}}'
rm -f "$0"
"""

TASKS_TO_FOLDER_CLI = r"""#!/bin/sh
read -r request
id=$(printf '%s' "$request" | sed -n 's/.*"request_id": *"\([^"]*\)".*/\1/p')
printf '{{"type":"control_response","response":{{"subtype":"success","request_id":"%s","response":{{}}}}}}\n' "$id"
read -r turn
echo '{{"type":"system","subtype":"init","session_id":"s1"}}'
echo "work $$" >> work.txt
rm TASKS.md && mkdir TASKS.md
echo '{{"type":"result","subtype":"success","is_error":false,"result":"worked","num_turns":1,"session_id":"s1","total_cost_usd":0.01}}'
"""


@pytest.mark.parametrize("script, words", [(VANISHING_CLI, "cannot start the Claude CLI"),
                                           (TASKS_TO_FOLDER_CLI, "TASKS.md")])
def test_a_run_that_aborts_midway_records_why_and_still_prints_its_json(two_task_git_project, tmp_path, script, words):
    dev = start_dev(two_task_git_project, fake_cli(tmp_path, script))
    out, err = dev.communicate(timeout=60)
    assert dev.returncode == 1, err
    assert "Traceback" not in err
    summary = json.loads(out)  # --json still prints its object
    assert summary["status"] == "error" and words in summary["reason"]
    assert [line for line in err.splitlines() if line.startswith("ralphy: error:")] == [
        f"ralphy: error: {summary['reason']}"]  # said once, on stderr
    log = json.loads(subprocess.run([sys.executable, "-m", "ralphy", "log", str(two_task_git_project), "--json"],
                                    capture_output=True, text=True).stdout)
    text = json.dumps(log)
    assert words in text  # the run's reason is in the history
    run = log[0] if isinstance(log, list) else log
    run = run.get("run", run)
    assert run["reason"] and words in run["reason"] and run["finished_at"]
    iterations = (log[0] if isinstance(log, list) else log)["iterations"]
    assert iterations and all(i["outcome"] is not None for i in iterations), iterations
