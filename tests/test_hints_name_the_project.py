"""The commands ralphy suggests name the project when it is not the current folder (first18).

`ralphy dev ~/src/app` run from the home folder paused on a question with "answer with `ralphy answer 1 "..."`, then
run `ralphy dev`"; pasted there, `ralphy answer` said "there is no question 1: /home/me has no runs yet", and
`ralphy dev` looked for a TASKS.md in the home folder. The same for `ralphy reset` after a breaker trip (which
closes the breaker of whatever project the shell is in). Each hint now carries the project's folder, as a shell
word, when the command ran from elsewhere, and stays as it was when run in the project.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.breaker import BREAKER_FILE, CircuitBreaker, IterationOutcome
from ralphy.store import Store
from ralphy.termsafe import shell_word
from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, init_git_project


def ralphy(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ralphy", *args], capture_output=True, text=True, cwd=cwd,
                          env=env or dict(os.environ), timeout=120)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = init_git_project(tmp_path / "My Projects" / "shop", commit=False)
    (root / "TASKS.md").write_text("## Models\n- [ ] 1.1 Add the order model\n")
    return root


def _open_breaker(project: Path) -> None:
    breaker = CircuitBreaker()
    for _ in range(breaker.settings.failures_open):
        breaker.record(IterationOutcome(failed=True, error="API Error: 529 Overloaded"))
    breaker.save(project / BREAKER_FILE)


def _ask(project: Path) -> int:
    with Store.open(project) as store:
        run = store.start_run(config_json={}, argv=[], ralphy_version="test")
        iteration = store.start_iteration(run, 1)
        return store.add_question(iteration, session_id="s-1", text="Postgres or SQLite?", confidence=0.9)


def test_status_from_another_folder_names_the_project_in_its_hints(project, tmp_path):
    _open_breaker(project)
    _ask(project)
    word = shell_word(str(project))
    elsewhere = ralphy("status", str(project), cwd=tmp_path).stdout
    assert f"close it with `ralphy reset {word}`" in elsewhere, elsewhere
    assert f'answer with: ralphy answer 1 "..." {word}' in elsewhere, elsewhere
    here = ralphy("status", cwd=project).stdout
    assert "close it with `ralphy reset`" in here and 'answer with: ralphy answer 1 "..."\n' in here, here


def test_the_reset_hint_pasted_from_another_folder_closes_that_projects_breaker(project, tmp_path):
    _open_breaker(project)
    line = next(line for line in ralphy("status", str(project), cwd=tmp_path).stdout.splitlines() if "reset" in line)
    [command] = re.findall(r"`(ralphy reset[^`]*)`", line)
    subprocess.run(["bash", "-c", command.replace("ralphy", f"{sys.executable} -m ralphy", 1)], cwd=tmp_path,
                   check=True, capture_output=True, timeout=60)
    assert json.loads((project / BREAKER_FILE).read_text())["state"] == "closed"


def test_answer_and_questions_name_the_project_when_run_from_elsewhere(project, tmp_path):
    _ask(project)
    listed = ralphy("questions", str(project), cwd=tmp_path).stdout
    [hint] = re.findall(r"answer with: (ralphy answer .*)", listed)
    pasted = hint.replace('"..."', '"Use SQLite"').replace("ralphy", f"{sys.executable} -m ralphy", 1)
    answered = subprocess.run(["bash", "-c", pasted], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert answered.returncode == 0, answered.stderr
    assert f"Run `ralphy dev {shell_word(str(project))}` to resume" in answered.stdout, answered.stdout
    with Store.open(project) as store:
        assert store.question(1).answer == "Use SQLite"


@pytest.mark.e2e
def test_a_question_from_dev_run_elsewhere_is_answered_by_pasting_the_hint(project, tmp_path, claude_home, claude_bin):
    """The whole first-hour path: `ralphy dev DIR` pauses on a question; the printed commands, pasted in the same
    shell, answer it and finish the run."""
    question = "Should the order total include tax?"
    with FakeMessagesAPI(DevScenario({}, question=question)) as api:
        env = {**claude_env(api.url, claude_home), "RALPHY_CLAUDE_BIN": claude_bin, "RALPHY_BACKOFF_SECONDS": "0"}
        paused = ralphy("dev", str(project), "--on-question", "pause", cwd=tmp_path, env=env)
        assert paused.returncode == 4, paused.stderr
        [line] = [line for line in (paused.stdout + paused.stderr).splitlines() if line.startswith("ralphy: question:")]
        answer, then = re.findall(r"`(ralphy [^`]*)`", line)
        for command in (answer.replace('"..."', '"Yes, with tax."'), then):
            done = subprocess.run(["bash", "-c", command.replace("ralphy", f"{sys.executable} -m ralphy", 1)],
                                  cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    assert "- [x] 1.1" in (project / "TASKS.md").read_text()
