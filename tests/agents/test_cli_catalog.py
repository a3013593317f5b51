"""ralphy agents recommend / gaps / capabilities on a real project folder with real agent files."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.cli import cli
from tests.conftest import CORPUS

FURAI = CORPUS / "0xfurai--claude-code-subagents" / "agents"


@pytest.fixture
def catalog_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "config"))
    agents = tmp_path / "project" / ".claude" / "agents"
    agents.mkdir(parents=True)
    for name in ("playwright-expert", "postgres-expert", "docker-expert"):
        shutil.copy(FURAI / f"{name}.md", agents)
    (tmp_path / "project" / "TASKS.md").write_text(
        "# Tasks\n\n## Database\n- [ ] Optimize the slow PostgreSQL query\n- [x] Add the users table\n\n"
        "## Release\n- [ ] Bump the version to 2.4.0\n\n## Done\n- [x] Set up the repo\n", encoding="utf-8")
    return tmp_path / "project"


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_recommend_text_and_json(catalog_project: Path) -> None:
    output = run("agents", "recommend", "Fix flaky Playwright login test", str(catalog_project), "--top", "2")
    assert output.startswith("Recommended: playwright-expert (confidence 0.9")
    assert "'playwright' in name" in output and "Alternatives:" in output
    data = json.loads(run("agents", "recommend", "Fix flaky Playwright login test", str(catalog_project), "--json"))
    assert data["recommended"] == "playwright-expert"
    assert set(data) == {"recommended", "confidence", "reason", "alternatives"}


def test_recommend_threshold_makes_a_gap(catalog_project: Path) -> None:
    output = run("agents", "recommend", "Fix flaky Playwright login test", str(catalog_project), "--threshold", "1")
    assert output.startswith("No agent recommended")
    assert "work directly" in output


def test_a_confidence_just_under_the_threshold_is_not_shown_as_reaching_it(catalog_project: Path) -> None:
    task = "Optimize the slow PostgreSQL query"
    confidence = json.loads(run("agents", "recommend", task, str(catalog_project), "--json"))["confidence"]
    # the next hundredth above it: 0.949 -> 0.95 (rounded, it would read as reaching it), 0.930 -> 0.94
    threshold = (math.floor(round(confidence * 100, 6)) + 1) / 100
    assert confidence < threshold
    output = run("agents", "recommend", task, str(catalog_project), "--threshold", str(threshold))
    shown = re.match(r"No agent recommended \(confidence (\d\.\d\d), under ([\d.]+)\)", output)
    assert shown, output
    assert float(shown.group(1)) < threshold == float(shown.group(2))


def test_recommend_llm_falls_back_without_an_api(catalog_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "fake")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")  # nothing listens there
    data = json.loads(run("agents", "recommend", "Fix flaky Playwright login test", str(catalog_project), "--llm",
                          "--json"))
    assert data["recommended"] == "playwright-expert"
    assert "LLM ranking failed" in data["reason"]


def test_gaps_per_pending_group(catalog_project: Path) -> None:
    data = json.loads(run("agents", "gaps", str(catalog_project), "--json"))
    assert [(m["group"], m["recommended"]) for m in data] == [("Database", "postgres-expert"), ("Release", None)]
    assert data[0]["tasks"] == ["Optimize the slow PostgreSQL query"]
    output = run("agents", "gaps", str(catalog_project))
    assert "Database (1 pending): postgres-expert" in output
    assert "Release (1 pending): GAP (no agent fits: work directly)" in output


def test_gaps_without_tasks_file_is_one_clear_line(catalog_project: Path) -> None:
    (catalog_project / "TASKS.md").unlink()
    result = CliRunner().invoke(cli, ["agents", "gaps", str(catalog_project)])
    assert result.exit_code == 1
    assert result.output.startswith("ralphy: error: ") and "TASKS.md" in result.output
    assert result.output.count("\n") == 1


def test_capabilities(catalog_project: Path) -> None:
    data = json.loads(run("agents", "capabilities", str(catalog_project), "--json"))
    assert sorted(data["capabilitiesByAgent"]) == ["docker-expert", "playwright-expert", "postgres-expert"]
    assert data["agentsByCapability"]["Bash"] == ["docker-expert", "playwright-expert", "postgres-expert"]
    by_tool = run("agents", "capabilities", str(catalog_project), "--by-tool")
    assert "Bash (3): docker-expert, playwright-expert, postgres-expert" in by_tool
