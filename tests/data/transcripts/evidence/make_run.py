"""How run-2.1.197.jsonl was made: the real Claude CLI 2.1.197 under `ralphy dev`, against this scripted model.

A subagent writes two files, has two edits rejected by the CLI (a missing file; TASKS.md not read first), runs
Bash; the main agent then reads TASKS.md, ticks 1.1 itself and writes docs/usage.md. Run from the repository
root with RALPHY_TEST_CLAUDE_BIN set: `.venv/bin/python tests/data/transcripts/evidence/make_run.py /tmp/evgen`;
the transcript is left in <dir>/work/project/.ralphy/transcripts/run1-iteration1.jsonl.
"""
import os, shutil, subprocess, sys, pathlib
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[4]))
from ralphy.testing import FakeMessagesAPI, claude_env, init_git_project, text, tool_use
from ralphy.testing.scenario import Request

SUB = "EVIDENCE: build the models."

def scenario(request: Request):
    root = (request.cwd or "").rstrip("/") + "/"
    calls = request.tool_calls
    if request.first_user_text.startswith(SUB):
        n = len(calls)
        if n == 0:
            return (text("Writing the models.") + tool_use("Write", {"file_path": root + "src/models.py", "content": "class User: ...\n"})
                    + tool_use("Write", {"file_path": root + "tests/test_models.py", "content": "def test_user(): pass\n"}))
        if n == 2:
            return tool_use("Edit", {"file_path": root + "src/missing.py", "old_string": "a", "new_string": "b"})
        if n == 3:
            return tool_use("Edit", {"file_path": root + "TASKS.md", "old_string": "- [ ] 1.1 User model", "new_string": "- [x] 1.1 User model"})
        if n == 4:
            return tool_use("Bash", {"command": "ls src tests", "description": "List files"})
        return text("Models written; I could not tick TASKS.md.")
    if not request.first_user_text.startswith("# Development") and "TASKS" not in request.first_user_text:
        return text("ok")
    n = len(calls)
    if n == 0:
        return tool_use("Agent", {"subagent_type": "builder", "description": "Build the models", "prompt": SUB})
    if n == 1:
        return tool_use("Read", {"file_path": root + "TASKS.md"})
    if n == 2:
        return (tool_use("Edit", {"file_path": root + "TASKS.md", "old_string": "- [ ] 1.1 User model", "new_string": "- [x] 1.1 User model"})
                + tool_use("Write", {"file_path": root + "docs/usage.md", "content": "# Usage\n"}))
    return text("Ticked 1.1 after the builder wrote the models.")

work = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/evgen") / "work"
shutil.rmtree(work, ignore_errors=True)
root = work / "project"
(root / ".claude/agents").mkdir(parents=True)
(root / ".claude/agents/builder.md").write_text("---\nname: builder\ndescription: Builds models.\ntools: Read, Write, Edit, Bash\n---\nYou build models.\n")
(root / "TASKS.md").write_text("## Models\n- [ ] 1.1 User model\n")
init_git_project(root)
with FakeMessagesAPI(scenario) as api:
    env = claude_env(api.url, work / "home")
    env["RALPHY_CLAUDE_BIN"] = os.environ["RALPHY_TEST_CLAUDE_BIN"]
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", "--json", "--max-iterations", "1", "--verify-command", "", str(root)],
                          env=env, capture_output=True, text=True, timeout=200)
print(proc.returncode); print(proc.stdout[-3000:]); print(proc.stderr[-1500:])
