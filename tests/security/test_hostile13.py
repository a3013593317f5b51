"""Issue 10's held-out categories attacked afresh (hostile13): what the earlier rounds had not tried.

Each test was written before its fix and failed on the code before it (``# was: ...``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.agents import DevAgent
from ralphy.errors import TemplateError
from tests.security.test_templates import template_project

REPO = Path(__file__).resolve().parents[2]

# A template file name that is Python: Jinja before 3.1.5 (CVE-2024-56201) wrote a template's name into the
# code it compiles as part of an f-string, so `{...}` in the name of a template that imports a name its source
# does not export ran as Python in ralphy's process, sandbox or not. A repository chooses its file names.
CODE_NAME = "a{__import__(chr(111)+chr(115)).mkdir(chr(80)+chr(87)+chr(78))}.md"


@pytest.mark.parametrize("name", [CODE_NAME, "b'.md", 'c".md', "d\\.md", "e\x1b]0;x\x07.md", "f\n.md"])
def test_a_template_whose_file_name_could_be_code_is_refused(tmp_path, monkeypatch, name):
    # was: rendered (and with Jinja 3.1.4, which `jinja2>=3.1` allowed, the first name made the folder PWN)
    root = template_project(tmp_path, "{% include " + repr(name) + " %}")
    (root / ".ralphy" / "prompts" / name).write_text('{% from "lib.md" import missing %}{{ missing }}')
    (root / ".ralphy" / "prompts" / "lib.md").write_text("{% macro other() %}{% endmacro %}")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TemplateError) as caught:
        DevAgent(root).build_prompt()
    message = str(caught.value)
    assert "\n" not in message and "file name" in message and ".ralphy/prompts" in message, message
    assert not (tmp_path / "PWN").exists()


def test_a_configured_template_whose_file_name_could_be_code_is_refused(tmp_path, monkeypatch):
    root = template_project(tmp_path, "x")
    (root / CODE_NAME).write_text('{% from "lib.md" import missing %}{{ missing }}')
    (root / ".ralphy.toml").write_text(f"prompt_template = {CODE_NAME!r}\n".replace("'", '"'))
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TemplateError, match="file name"):
        DevAgent(root).build_prompt()
    assert not (tmp_path / "PWN").exists()


def test_ordinary_template_names_still_load(tmp_path):
    root = template_project(tmp_path, "{% include 'part-one_2.md' %}|{% include 'sub/part two.md' %}")
    (root / ".ralphy" / "prompts" / "part-one_2.md").write_text("one")
    (root / ".ralphy" / "prompts" / "sub").mkdir()
    (root / ".ralphy" / "prompts" / "sub" / "part two.md").write_text("two")
    assert DevAgent(root).build_prompt() == "one|two"


def test_a_project_template_is_not_rendered_by_a_jinja_with_known_sandbox_escapes(tmp_path, monkeypatch):
    # was: rendered by whatever Jinja was installed (`jinja2>=3.1` allowed 3.1.0..3.1.5: CVE-2024-56201,
    # CVE-2024-56326, CVE-2025-27516, each a way out of the sandbox for a template's author)
    import jinja2

    monkeypatch.setattr(jinja2, "__version__", "3.1.4")
    root = template_project(tmp_path, "{{ tasks_content }}")
    with pytest.raises(TemplateError) as caught:
        DevAgent(root).build_prompt()
    message = str(caught.value)
    assert "3.1.4" in message and "3.1.6" in message and "dev_prompt.md" in message and "\n" not in message
    # the packaged template (ralphy's own, not the repository's) still renders
    (root / ".ralphy" / "prompts" / "dev_prompt.md").unlink()
    assert "1.1 Do it" in DevAgent(root).build_prompt()


def test_the_package_requires_a_jinja_without_the_known_escapes():
    text = (REPO / "pyproject.toml").read_text()
    found = re.search(r'"jinja2>=([0-9.]+)"', text)
    assert found, "jinja2 requirement not found in pyproject.toml"
    assert tuple(int(p) for p in found.group(1).split(".")) >= (3, 1, 6)


@pytest.mark.parametrize("tools", [
    '["Bash(git *),WebFetch"]',  # was: no trust asked (the check read "Bash"; ralphy joins entries with commas)
    '["Bash(git *) mcp__evil__run"]',  # was: the same (the CLI splits on spaces outside parentheses too)
    '["Read", "Bash(x)\\tWebSearch"]',  # was: the same
    '["Bash(git *)WebFetch"]',  # was: the same (not a tool name the CLI knows as narrowing Bash)
    '["Bash(git *"]',  # was: the same (an unclosed rule)
])  # fmt: skip
def test_tools_hidden_inside_one_allowed_tools_entry_need_trust(tmp_path, tools):
    from ralphy.config import load_config
    from ralphy.errors import UntrustedConfigError

    root = template_project(tmp_path, "x")
    (root / ".ralphy.toml").write_text(f"allowed_tools = {tools}\n")
    with pytest.raises(UntrustedConfigError, match="allowed_tools"):
        load_config(root, environ={})


@pytest.mark.parametrize("tools", ['["Bash(git *)", "Read"]', '["Bash(git commit:*)", "Edit(src/**)"]',
                                   '["Read,Grep", "Bash(npm run test:*)"]', '["Bash(echo a, b)"]'])
def test_narrowed_tools_still_need_no_trust(tmp_path, tools):
    from ralphy.config import load_config

    root = template_project(tmp_path, "x")
    (root / ".ralphy.toml").write_text(f"allowed_tools = {tools}\n")
    load_config(root, environ={})


def _archive_repo(root: Path, marker: Path) -> Path:
    """A project that came as an archive with its .git (not a clone: the .git/config is the repository's own),
    whose .git/config names filter drivers that `git status` runs on changed files."""
    import shlex

    root.mkdir(parents=True)
    run = lambda *args: subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)  # noqa: E731
    run("init", "-q", ".")
    (root / ".gitattributes").write_text("*.txt filter=evil\n*.md filter=evil.two\n")
    (root / "a.txt").write_text("one\n")
    (root / "b.md").write_text("one\n")
    run("add", ".")
    run("-c", "user.email=a@b", "-c", "user.name=a", "commit", "-qm", "first")
    touch = f"touch {shlex.quote(str(marker))}"
    run("config", "filter.evil.clean", f"{touch}; cat")
    run("config", "filter.evil.two.process", touch)
    run("config", "filter.evil.two.required", "true")
    return root


def test_git_status_runs_no_filter_a_shipped_git_config_names(tmp_path):
    # was: ralphy's record of what an iteration changed (`git status`) ran .git/config's filter.*.clean and
    # filter.*.process commands on every changed file (core.fsmonitor was the only command turned off)
    from ralphy import worktree

    marker = tmp_path / "ran"
    project = _archive_repo(tmp_path / "repo", marker)
    before = worktree.fingerprint(project)
    (project / "a.txt").write_text("two\n")
    (project / "b.md").write_text("two\n")
    after = worktree.fingerprint(project)
    assert not marker.exists()
    assert before != after  # the change is still seen
    listed = worktree._git_changes(project)
    assert listed is not None and sorted(listed[2]) == ["a.txt", "b.md"]
    assert not marker.exists()


# ------------------------------------------------------------------ hard links: another file's content, shared

from tests.security.test_hostile_repos import stand_in_cli  # noqa: E402,F401 - a fixture


@pytest.mark.parametrize("state", ["lock", "ralphy.db", "transcripts/run1-iteration1.jsonl"])
def test_a_state_file_hard_linked_to_another_file_is_refused_and_that_file_kept(tmp_path, state, stand_in_cli):
    # was: written through (the lock truncated to ralphy's pid, a transcript truncated, SQLite writing the
    # history into the other file): a hard link is another name for the same content, which O_NOFOLLOW does
    # not see; `cp -al` copies of a project share their .ralphy/ralphy.db that way
    from ralphy.testing import init_git_project

    root = init_git_project(tmp_path / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    precious = tmp_path / "precious"
    if state == "ralphy.db":  # another project's history
        from ralphy.store import Store

        Store(precious).close()
    else:
        precious.write_bytes(b"the user's data\n")
    kept = precious.read_bytes()
    (root / ".ralphy" / "transcripts").mkdir(parents=True)
    os.link(precious, root / ".ralphy" / state)
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(stand_in_cli), "RALPHY_MAX_ITERATIONS": "1",
           "RALPHY_BACKOFF_SECONDS": "0"}
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(root)], env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert precious.read_bytes() == kept
    assert "Traceback" not in proc.stderr, proc.stderr
    said = [line for line in proc.stderr.splitlines() if "hard link" in line]
    assert said and state.split("/")[-1] in said[0], proc.stderr
    if state.startswith("transcripts"):  # a transcript is not the run: said once, the run goes on without it
        assert said[0].startswith("ralphy: warning: ") and len(said) == 1, proc.stderr
    else:
        assert proc.returncode == 1 and said[0].startswith("ralphy: error: "), proc.stderr


def test_ralphys_files_are_not_truncated_through_a_hard_link(tmp_path):
    from ralphy import safefs
    from ralphy.errors import UnsafePathError

    precious = tmp_path / "precious"
    precious.write_text("keep me\n")
    os.link(precious, tmp_path / "log.txt")
    with pytest.raises(UnsafePathError, match="hard link"):
        safefs.open_write(tmp_path / "log.txt")
    assert precious.read_text() == "keep me\n"
    with safefs.open_write(tmp_path / "mine.txt") as fh:  # ralphy's own files still open, truncated as asked
        fh.write(b"long text")
    with safefs.open_write(tmp_path / "mine.txt") as fh:
        fh.write(b"x")
    assert (tmp_path / "mine.txt").read_bytes() == b"x"


# ------------------------------------------------------------- doctor starts nothing the repository chose

@pytest.mark.e2e
def test_doctor_runs_no_hook_and_no_server_the_repository_chose(tmp_path, claude_bin, claude_home):
    # was: `ralphy doctor` (a check before `ralphy dev`, said to run nothing a repository chose) started
    # `claude -p` in the project to ask what it loads: the CLI ran the project's SessionStart hook and started its
    # .mcp.json server (both markers made, with the pinned CLI)
    import json
    import shlex

    from tests.e2e.test_doctor import doctor

    hook, server = tmp_path / "hook-ran", tmp_path / "server-ran"
    project = tmp_path / "repo"
    (project / ".claude" / "agents").mkdir(parents=True)
    (project / ".claude" / "agents" / "good.md").write_text("---\nname: good\ndescription: Writes tests.\n---\nb\n")
    (project / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (project / ".claude" / "settings.json").write_text(json.dumps({"hooks": {"SessionStart": [
        {"hooks": [{"type": "command", "command": f"touch {shlex.quote(str(hook))}"}]}]}}))
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"tool": {
        "command": "sh", "args": ["-c", f"touch {shlex.quote(str(server))}; sleep 30"]}}}))
    code, report = doctor(project, claude_home, claude_bin, ANTHROPIC_API_KEY="sk-test")
    assert not hook.exists() and not server.exists()
    checks = {check["name"]: check for check in report["checks"]}
    assert report["logged_in"] is True  # asked of the CLI in an empty folder
    assert checks["agents"]["status"] == "warning" and "SessionStart" in checks["agents"]["message"]
    assert "tool" in checks["mcp"]["message"] and checks["mcp"]["status"] == "warning"
    assert "ralphy doctor --start-cli" in checks["agents"]["fix"]
    assert [agent["name"] for agent in report["agents"]["ralphy"]] == ["good"]


# ------------------------------------------------------------------ a path no file system can hold

LONG_NAME = "a" * 5000  # one name over NAME_MAX (255 bytes)
DEEP_PATH = "a/" * 3000 + "x"  # a path over PATH_MAX (4096 bytes)


@pytest.mark.parametrize("line", [f'tasks_file = "{LONG_NAME}"', f'tasks_file = "{DEEP_PATH}"',
                                  f'prompt_template = "{LONG_NAME}.md"'])
@pytest.mark.parametrize("command", ["prompt", "doctor", "dev", "tasks"])
def test_a_configured_path_too_long_for_any_file_system_is_one_line(tmp_path, line, command, stand_in_cli):
    # was: an OSError traceback (ENAMETOOLONG from Path.exists() / is_file(), which swallow only "not found")
    from ralphy.testing import init_git_project

    root = init_git_project(tmp_path / "repo", commit=False)
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    (root / ".ralphy.toml").write_text(line + "\n")
    env = {**os.environ, "RALPHY_CLAUDE_BIN": str(stand_in_cli), "RALPHY_MAX_ITERATIONS": "1"}
    proc = subprocess.run([sys.executable, "-m", "ralphy", command, str(root)], env=env, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert "Traceback" not in proc.stderr and proc.returncode == 1, proc.stderr[-800:]
    said = proc.stderr + proc.stdout
    key = line.split()[0]
    assert f"{key} is too long for a path" in said, said[-800:]


def test_the_same_length_limit_holds_for_variables_and_flags(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    proc = subprocess.run([sys.executable, "-m", "ralphy", "prompt", str(root)], capture_output=True, text=True,
                          env={**os.environ, "RALPHY_TASKS_FILE": LONG_NAME}, timeout=60)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("ralphy: error: environment variable RALPHY_TASKS_FILE")
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", str(root), "--claude-bin", DEEP_PATH],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr and "too long for a path" in proc.stderr
