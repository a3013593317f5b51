"""Run `ralphy dev` end to end on a copy of examples/demo: the real Claude CLI against the bundled scripted model.

Called by scripts/demo after set-up. The scripted model (ralphy.testing.DevScenario) serves on 127.0.0.1; it
delegates the "Core library" group to the project's tdd-orchestrator subagent and does the rest directly.
Nothing leaves this machine and the user's own ~/.claude is not touched (the CLI gets a throwaway home).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ralphy.testing import DevScenario, FakeMessagesAPI, claude_env, find_claude_cli, init_git_project

ROOT = Path(__file__).resolve().parent.parent


def run(*argv: str, env: dict[str, str], check: bool = False) -> int:
    return subprocess.run(list(argv), env=env, check=check).returncode


def main(extra_args: list[str]) -> int:
    claude = find_claude_cli()
    if claude is None:
        print("demo: the Claude CLI is not installed (scripts/setup.sh installs it)", file=sys.stderr)
        return 1
    work = Path(tempfile.mkdtemp(prefix="ralphy-demo."))
    project = work / "demo"
    shutil.copytree(ROOT / "examples" / "demo", project)
    init_git_project(project)

    ralphy = [sys.executable, "-m", "ralphy"]
    with FakeMessagesAPI(DevScenario({"Core library": "tdd-orchestrator"})) as api:
        env = claude_env(api.url, work / "home")
        env["RALPHY_CLAUDE_BIN"] = claude
        env["RALPHY_STATE_DIR"] = str(work / "state")  # the demo's trust record stays in its own folder
        # the demo's pyproject.toml sets test_command, which ralphy runs as its check: trust that config first
        run(*ralphy, "trust", str(project), env=env, check=True)
        # the demo's test_command is its check; run it with this Python, which has pytest
        env["RALPHY_VERIFY_COMMAND"] = f"{shlex.quote(sys.executable)} -m pytest -q -p no:cacheprovider"
        print(f"== ralphy dev {project}   (real Claude CLI {claude}, scripted model at {api.url})", flush=True)
        status = run(*ralphy, "dev", str(project), *extra_args, env=env)
    print(f"\n== TASKS.md after the run (exit code {status})", flush=True)
    print((project / "TASKS.md").read_text())
    print("== what the Claude CLI changed (git status)", flush=True)
    run("git", "-C", str(project), "status", "--short", env=dict(os.environ))
    print("\n== ralphy log", flush=True)
    run(*ralphy, "log", str(project), env=dict(os.environ))
    print(closing_hint(project, Path(sys.executable).parent))
    return status


def closing_hint(project: Path, bin_dir: Path) -> str:
    """What to try next, with a command that works as printed: `ralphy` is in the demo's venv, not on PATH."""
    from ralphy.termsafe import shell_word  # a checkout in "My Projects" pastes back as one word

    ralphy = bin_dir / "ralphy"
    word = shell_word(str(project))
    if shutil.which("ralphy") and Path(shutil.which("ralphy") or "").resolve() == ralphy.resolve():
        return f"\nThe demo project stays in {project}; try `ralphy status {word}`."
    return (f"\nThe demo project stays in {project}; try `{shell_word(str(ralphy))} status {word}`\n"
            f"(ralphy is installed in {bin_dir.parent}, not on your PATH: "
            f"`source {shell_word(str(bin_dir / 'activate'))}` puts it there).")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
