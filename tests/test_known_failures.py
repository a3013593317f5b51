"""tests/conftest.py's xfail marks on the real CLI's tests (tests/e2e/known_failures.py): a CLI older than ralphy
supports has every such test xfail, a supported one only its listed entries, so no failure on a supported CLI is
hidden; and a test that passes where it is marked shows as XPASS without failing the run (strict=False)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from ralphy.claude.version import MIN_SUPPORTED
from tests.conftest import pytest_collection_modifyitems
from tests.e2e.known_failures import BELOW_THE_RANGE, KNOWN_FAILURES, known_failure

LISTED_VERSION, LISTED = next((version, tests) for version, tests in KNOWN_FAILURES.items() if tests)
LISTED_TEST = next(iter(LISTED))
UNLISTED_TEST = "tests/e2e/test_dev_loop.py::test_not_in_any_list_zz"


def test_below_the_range_only_below_the_range():
    below = BELOW_THE_RANGE.format(minimum=MIN_SUPPORTED)
    assert known_failure("1.0.128", UNLISTED_TEST) == below
    assert known_failure("1.99.999", LISTED_TEST) == below
    for supported in (str(MIN_SUPPORTED), "2.1.62", "2.1.330", "3.0.0"):
        assert known_failure(supported, UNLISTED_TEST) is None, supported
    assert known_failure(LISTED_VERSION, LISTED_TEST) == LISTED[LISTED_TEST]
    assert known_failure("claude", UNLISTED_TEST) is None  # a binary whose version was not read: nothing hidden


def _fake_cli(tmp_path: Path, version: str) -> str:
    path = tmp_path / f"claude-fake-{version}"
    path.write_text(f"#!/bin/sh\necho '{version} (Claude Code)'\n")
    path.chmod(0o755)
    return str(path)


def _item(binary: str, nodeid: str) -> SimpleNamespace:
    item = SimpleNamespace(fixturenames=("claude_bin",), callspec=SimpleNamespace(params={"claude_bin": binary}),
                           nodeid=f"{nodeid}[claude-x]", marks=[])
    item.add_marker = item.marks.append
    return item


def test_collection_marks_xfail_not_strict_and_only_below_the_range(tmp_path: Path):
    old, supported = _fake_cli(tmp_path, "1.0.128"), _fake_cli(tmp_path, "2.1.330")
    items = [_item(old, UNLISTED_TEST), _item(supported, UNLISTED_TEST)]
    pytest_collection_modifyitems(None, items)
    (mark,), unmarked = items[0].marks, items[1].marks
    assert mark.name == "xfail" and mark.kwargs["strict"] is False and "1.0.128" in mark.kwargs["reason"]
    assert unmarked == []


def test_no_ini_setting_turns_an_xpass_into_a_failure(pytestconfig: pytest.Config):
    assert not pytestconfig.getini("xfail_strict")
