"""tests/conftest.py's xfail marks on the real CLI's tests (tests/e2e/known_failures.py): a supported CLI has only
its listed entries marked, so no other failure there is hidden, and a test that passes where it is marked shows as
XPASS without failing the run (strict=False); on a CLI older than ralphy supports, a real-CLI test's failure is xfail
only when it shows ralphy's refusal of that CLI, in a real pytest run (pytester)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from ralphy.claude.version import MIN_SUPPORTED
from tests.conftest import pytest_collection_modifyitems
from tests.e2e.known_failures import BELOW_THE_RANGE, KNOWN_FAILURES, below_the_range, known_failure

LISTED_VERSION, LISTED = next((version, tests) for version, tests in KNOWN_FAILURES.items() if tests)
LISTED_TEST = next(iter(LISTED))
UNLISTED_TEST = "tests/e2e/test_dev_loop.py::test_not_in_any_list_zz"
OLD_LISTED_TEST = next(iter(KNOWN_FAILURES["1.0.128"]))


def test_a_listed_failure_is_known_on_its_version_only():
    assert known_failure(LISTED_VERSION, LISTED_TEST) == LISTED[LISTED_TEST]
    for version in ("1.0.128", str(MIN_SUPPORTED), "2.1.330", "3.0.0", "claude"):
        assert known_failure(version, UNLISTED_TEST) is None, version


def test_below_the_range_only_below_the_range():
    below = BELOW_THE_RANGE.format(minimum=MIN_SUPPORTED)
    assert below_the_range("1.0.128") == below_the_range("1.99.999") == below
    for supported in (str(MIN_SUPPORTED), "2.1.62", "2.1.330", "3.0.0"):
        assert below_the_range(supported) is None, supported
    assert below_the_range("claude") is None  # a binary whose version was not read: nothing taken for the refusal


def _fake_cli(folder: Path, version: str) -> str:
    """A stand-in CLI of ``version`` that answers ``--version`` and fails any run at once."""
    path = folder / f"claude-fake-{version}"
    path.write_text(f"#!/bin/sh\nif [ \"$1\" = --version ]; then echo '{version} (Claude Code)'; "
                    "else echo 'a stand-in: no run' >&2; exit 3; fi\n")
    path.chmod(0o755)
    return str(path)


def _item(binary: str, nodeid: str) -> SimpleNamespace:
    item = SimpleNamespace(fixturenames=("claude_bin",), callspec=SimpleNamespace(params={"claude_bin": binary}),
                           nodeid=f"{nodeid}[claude-x]", marks=[], stash={})
    item.add_marker = item.marks.append
    return item


def test_collection_marks_a_listed_test_xfail_strict_below_the_range_only_and_nothing_else(tmp_path: Path):
    listed, supported, old = (_fake_cli(tmp_path, version) for version in (LISTED_VERSION, "2.1.330", "1.0.128"))
    items = [_item(listed, LISTED_TEST), _item(old, OLD_LISTED_TEST), _item(listed, UNLISTED_TEST),
             _item(supported, UNLISTED_TEST), _item(old, UNLISTED_TEST)]
    pytest_collection_modifyitems(None, items)
    (mark,), (old_mark,) = items[0].marks, items[1].marks
    assert mark.name == "xfail" and mark.kwargs["strict"] is False and LISTED_VERSION in mark.kwargs["reason"]
    assert old_mark.name == "xfail" and old_mark.kwargs["strict"] is True  # certain below the range
    assert [item.marks for item in items[2:]] == [[], [], []]  # below the range: judged by the failure, not marked
    assert list(items[4].stash.values()) == [f"known to fail on 1.0.128: {BELOW_THE_RANGE.format(minimum=MIN_SUPPORTED)}"]


# A real-CLI test's failure on each side of the range, in a pytest run of its own with tests/conftest.py's hooks.
INNER_TESTS = """
import subprocess
import sys

import pytest


def test_ralphy_refuses_the_cli_in_process(claude_bin):
    from ralphy.claude.version import check, claude_version

    check(claude_version(claude_bin), claude_bin)


def test_a_run_of_ralphy_is_refused(claude_bin, tmp_path):
    (tmp_path / "TASKS.md").write_text("## Core\\n- [ ] 1.1 Do it\\n")
    proc = subprocess.run([sys.executable, "-m", "ralphy", "dev", "--claude-bin", claude_bin], cwd=tmp_path,
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    sys.stderr.write(proc.stderr)
    assert proc.returncode == 0


@pytest.mark.parametrize("columns", [80])
def test_parametrized_by_another_value(claude_bin, columns):
    from ralphy.claude.version import check, claude_version

    check(claude_version(claude_bin), claude_bin)


def test_another_failure(claude_bin):
    assert "the report" == "another report"


def test_that_needs_no_run(claude_bin):
    pass


def test_of_no_cli_saying_the_words():
    raise AssertionError("older than ralphy supports")
"""


@pytest.mark.parametrize(("version", "outcomes"), [
    ("1.0.128", {"xfailed": 3, "failed": 2, "passed": 1}),
    ("2.1.330", {"failed": 3, "passed": 3}),
])
def test_below_the_range_only_the_refusal_is_xfail(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                                    version: str, outcomes: dict[str, int]):
    monkeypatch.setenv("RALPHY_TEST_CLAUDE_BINS", _fake_cli(pytester.path, version))
    pytester.makeconftest("from tests.conftest import claude_bin, pytest_collection_modifyitems, "
                          "pytest_runtest_makereport  # noqa: F401")
    pytester.makepyfile(test_inner=INNER_TESTS)
    result = pytester.runpytest("-p", "no:cacheprovider", "-rxf")
    result.assert_outcomes(**outcomes)
    if version == "1.0.128":
        result.stdout.fnmatch_lines(["XFAIL *test_ralphy_refuses_the_cli_in_process* - known to fail on 1.0.128: *",
                                     "XFAIL *test_a_run_of_ralphy_is_refused*",
                                     "XFAIL *test_parametrized_by_another_value*", "FAILED *test_another_failure*",
                                     "FAILED *test_of_no_cli_saying_the_words*"], consecutive=False)


def test_no_ini_setting_turns_an_xpass_into_a_failure(pytestconfig: pytest.Config):
    assert not pytestconfig.getini("xfail_strict")
