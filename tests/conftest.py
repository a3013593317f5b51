"""Shared fixtures. The one thing faked anywhere in these tests is the model (ralphy.testing)."""

from __future__ import annotations

import functools
import os
import shutil
import signal
from pathlib import Path

import pytest

# A shell starts a background job (`pytest ... &`, as scripts/test-range does) with SIGINT ignored, and an ignored
# signal stays ignored in every program it starts: the ralphy processes of the Ctrl-C tests would then never see
# their ^C. Python's own handler here is reset to the default in each child at exec.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A throwaway HOME / CLAUDE_CONFIG_DIR for the whole session, and the real ~/.claude.json checked untouched at its end.
pytest_plugins = ["tests.home_guard", "pytester"]

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
CORPUS = DATA / "agent-corpus"
TRANSCRIPTS = DATA / "transcripts"
FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"
VOLT = CORPUS / "VoltAgent--awesome-claude-code-subagents" / "categories"


def _ignored_for_children_only() -> None:
    """A test runner started under ``nohup`` (SIGHUP), or as a background job of a script (SIGINT), has the signal
    ignored, and an ignored signal stays ignored through exec: every ralphy the tests start would keep it ignored, as
    ``nohup ralphy dev`` must (tests/security/test_faults.py), and the tests that send it would fail. A handler that
    does nothing leaves the runner as deaf as it was started, while exec gives each child the default again."""
    for signum in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) == signal.SIG_IGN:
            signal.signal(signum, lambda *_: None)


_ignored_for_children_only()


def claude_bins_under_test() -> list[str]:
    """The real Claude CLIs the end-to-end tests run on: ``$RALPHY_TEST_CLAUDE_BINS`` (several, separated by
    ``os.pathsep``; CI sets the oldest supported, the last with ``Task`` and the newest), else the pinned one
    (``$RALPHY_TEST_CLAUDE_BIN``, which scripts/setup.sh exports), else ``claude`` on PATH."""
    listed = [path for path in os.environ.get("RALPHY_TEST_CLAUDE_BINS", "").split(os.pathsep) if path]
    if listed:
        return listed
    one = os.environ.get("RALPHY_TEST_CLAUDE_BIN") or shutil.which("claude")
    return [one] if one else []


@functools.lru_cache(maxsize=None)
def _version_id(path: str) -> str:
    """``claude-2.1.62`` (read without touching the user's version cache: this runs before the fixtures)."""
    from ralphy.claude.version import ask_version, npm_package_version

    return f"claude-{npm_package_version(path) or ask_version(path) or os.path.basename(path)}"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that takes ``claude_bin`` runs once per CLI of ``claude_bins_under_test()`` (ids like
    ``[claude-2.1.62]``, so ``-k 2.1.62`` picks one version)."""
    bins = claude_bins_under_test()
    if "claude_bin" in metafunc.fixturenames and len(bins) > 1:
        metafunc.parametrize("claude_bin", bins, ids=[_version_id(path) for path in bins], indirect=True,
                             scope="session")


_BELOW_THE_RANGE = pytest.StashKey[str]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests known to fail on a CLI version (tests/e2e/known_failures.py) are marked xfail there, with the
    reason; they still run, and one that starts to pass shows as XPASS (strict on a CLI older than ralphy supports:
    a failure certain there). On such a CLI, another test of the real CLI failing with ralphy's refusal of it is
    reported xfail (known_failures.BELOW_THE_RANGE, ``pytest_runtest_makereport``)."""
    from tests.e2e.known_failures import below_the_range, known_failure

    bins = claude_bins_under_test()
    for item in items:
        if "claude_bin" not in getattr(item, "fixturenames", ()):
            continue
        callspec = getattr(item, "callspec", None)  # parametrized by claude_bin with several CLIs, or by another value
        path = (callspec.params.get("claude_bin") if callspec else None) or (bins[0] if bins else None)
        if not path:
            continue
        version = _version_id(path).removeprefix("claude-")
        reason, below = known_failure(version, item.nodeid.split("[")[0]), below_the_range(version)
        if reason:
            item.add_marker(pytest.mark.xfail(reason=f"known to fail on {version}: {reason}", strict=bool(below)))
        elif below:
            item.stash[_BELOW_THE_RANGE] = f"known to fail on {version}: {below}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A failure of a test on a CLI older than ralphy supports is xfail when it shows ralphy's refusal of that CLI
    (known_failures.shows_the_refusal); any other failure there stays one."""
    outcome = yield
    reason = item.stash.get(_BELOW_THE_RANGE, None)
    if reason is None:
        return
    from tests.e2e.known_failures import shows_the_refusal

    report = outcome.get_result()
    if report.failed and call.excinfo is not None and shows_the_refusal(report):
        report.outcome = "skipped"
        report.wasxfail = reason


@pytest.fixture(scope="session")
def claude_bin(request: pytest.FixtureRequest) -> str:
    """Path of a real Claude CLI (one of ``claude_bins_under_test()``). Never skips: a missing CLI is a failed set-up,
    not a passing suite."""
    bins = claude_bins_under_test()
    path = getattr(request, "param", None) or (bins[0] if bins else None)
    if not path or not os.access(path, os.X_OK):
        pytest.fail("the Claude CLI is not installed: run the tests with ./scripts/test (it installs it)")
    return path


@pytest.fixture
def claude_version(claude_bin: str):
    """The ``ralphy.claude.version.Version`` of ``claude_bin``."""
    from ralphy.claude.version import claude_version as read

    return read(claude_bin)


@pytest.fixture
def claude_home(tmp_path: Path) -> Path:
    """A throwaway HOME / CLAUDE_CONFIG_DIR so the user's own ~/.claude never leaks into a test."""
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    return home


@pytest.fixture(autouse=True)
def _own_user_state(tmp_path_factory, monkeypatch):
    """Tests never read or write the real user's ralphy config or state (trusted configs): both live in a
    throwaway folder, also for the ralphy processes a test starts."""
    home = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.delenv("RALPHY_CONFIG", raising=False)
    monkeypatch.delenv("RALPHY_STATE_DIR", raising=False)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory, monkeypatch):
    """The Claude CLI versions ralphy caches go to a folder of this test session, never the user's cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A folder ``repo`` holding TASKS.md with one pending task (``## Core`` / ``1.1 Do it``): no git, no agents.
    tests/agents and tests/e2e have a ``project`` of their own (their conftest.py); a module whose project differs
    names its fixture for what differs (``git_project``, ``shop``, ``catalog_project``...)."""
    root = tmp_path / "repo"
    root.mkdir()
    (root / "TASKS.md").write_text("## Core\n- [ ] 1.1 Do it\n")
    return root


# --------------------------------------------------------------------------- a new user's project, from a shell
def user_project(root: Path, agents: dict[str, str | Path] | None = None, tasks: str | None = "## Core\n- [ ] 1.1 One\n",
                 ) -> Path:
    """``root`` made the project a new user runs ralphy on: ``.claude/agents/`` holding ``agents`` (file name ->
    its text, or a file to copy), a ``.git`` folder (the repository's root, where discovery stops; no commit) and
    ``tasks`` as TASKS.md (None: no TASKS.md). For a real git repository with a commit, see tests/e2e/scripted.py."""
    folder = root / ".claude" / "agents"
    folder.mkdir(parents=True)
    (root / ".git").mkdir()
    for name, content in (agents or {}).items():
        if isinstance(content, Path):
            shutil.copy(content, folder / name)
        else:
            (folder / name).write_text(content, encoding="utf-8")
    if tasks is not None:
        (root / "TASKS.md").write_text(tasks, encoding="utf-8")
    return root


def ralphy_as_user(home: Path, *args: str | Path, columns: int = 150, env: dict[str, str] | None = None,
                   cwd: Path | None = None) -> "subprocess.CompletedProcess[str]":
    """``python -m ralphy ARGS`` as a user runs it from a shell ``columns`` wide: HOME ``home`` (its state and cache
    inside), no CLAUDE_CONFIG_DIR, no RALPHY_CLAUDE_BIN, no API key; ``env`` on top; stdin closed."""
    import subprocess
    import sys

    environ = {**os.environ, "HOME": str(home), "COLUMNS": str(columns), "XDG_STATE_HOME": str(home / "state"),
               "XDG_CACHE_HOME": str(home / "cache")}
    for name in ("CLAUDE_CONFIG_DIR", "RALPHY_CLAUDE_BIN", "ANTHROPIC_API_KEY"):
        environ.pop(name, None)
    environ.update(env or {})
    return subprocess.run([sys.executable, "-m", "ralphy", *map(str, args)], env=environ, capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL, cwd=cwd)


# ----------------------------------------------------------------------------------- the MCP server's project
@pytest.fixture
def team_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project of real agent files for ``ralphy mcp`` (tests/test_mcp.py, tests/test_mcp_quoting.py):
    postgres-expert and docker-expert, and team "qa" by its folder (playwright-expert, code-reviewer); TASKS.md with
    two groups, one task done of three."""
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "config"))
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    agents = root / ".claude" / "agents"
    (agents / "qa").mkdir(parents=True)
    for name in ("postgres-expert", "docker-expert"):
        shutil.copy(FURAI / f"{name}.md", agents)
    shutil.copy(FURAI / "playwright-expert.md", agents / "qa")
    shutil.copy(VOLT / "04-quality-security" / "code-reviewer.md", agents / "qa")
    (root / "TASKS.md").write_text("# Tasks\n\n## Database\n- [ ] 1.1 Optimize the slow PostgreSQL query\n"
                                   "- [x] 1.2 Add the users table\n\n## Release\n- [ ] 2.1 Bump the version\n",
                                   encoding="utf-8")
    return root


def mcp_calls(server_or_params, *calls: tuple[str, dict]):
    """(the tools listed, each call's result): ``calls`` (tool name, arguments) made in order through the ``mcp``
    SDK's own client, on a server built in process or started from ``StdioServerParameters``."""
    import asyncio

    from mcp import Client

    async def run():
        async with Client(server_or_params, read_timeout_seconds=60) as client:
            listed = await client.list_tools()
            return listed, [await client.call_tool(name, arguments) for name, arguments in calls]

    return asyncio.run(run())
