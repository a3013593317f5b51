"""`ralphy doctor`'s comparison of the CLI's own agent list with ralphy's discovery, on real files, with the CLI's
answer as data (tests/e2e/test_discovery_tricky.py asks the real CLIs)."""

from __future__ import annotations

from pathlib import Path

from ralphy.doctor import Diagnosis, _compare_agents, _Found
from ralphy.claude.version import Version

BUILT_IN_GENERAL = "General-purpose agent for researching complex questions."


def project_with_a_general_purpose_agent(tmp_path: Path) -> Path:
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    (folder / "gp.md").write_text("---\nname: general-purpose\ndescription: The project's own.\n---\nbody\n")
    (folder / "other.md").write_text("---\nname: other\ndescription: Another.\n---\nbody\n")
    return tmp_path


def compare(project: Path, cli: list[dict]) -> Diagnosis:
    diagnosis = Diagnosis(str(project))
    _compare_agents(diagnosis, project, None, Version(2, 1, 330), _Found(agents=cli, agents_source="initialize"))
    return diagnosis


def test_an_agent_named_like_a_built_in_is_compared_not_called_missing(tmp_path: Path) -> None:
    project = project_with_a_general_purpose_agent(tmp_path)
    diagnosis = compare(project, [{"name": "general-purpose", "description": "The project's own."},
                                  {"name": "Explore", "description": "Fast agent for exploring codebases."},
                                  {"name": "other", "description": "Another."}])
    agents = diagnosis.agents
    assert agents["only_ralphy"] == agents["only_cli"] == agents["description_differs"] == []
    assert [agent["name"] for agent in agents["cli"]] == ["general-purpose", "other"]
    assert [check.status for check in diagnosis.checks if check.name == "agents"] == ["ok"]


def test_the_built_in_still_listed_instead_of_the_projects_is_a_difference(tmp_path: Path) -> None:
    project = project_with_a_general_purpose_agent(tmp_path)
    diagnosis = compare(project, [{"name": "general-purpose", "description": BUILT_IN_GENERAL},
                                  {"name": "other", "description": "Another."}])
    assert diagnosis.agents["description_differs"] == ["general-purpose"]


def test_built_ins_the_project_does_not_name_stay_out(tmp_path: Path) -> None:
    (tmp_path / ".claude" / "agents").mkdir(parents=True)
    diagnosis = compare(tmp_path, [{"name": "general-purpose", "description": BUILT_IN_GENERAL},
                                   {"name": "Plan", "description": "Plans."}])
    assert diagnosis.agents["cli"] == [] and diagnosis.agents["only_cli"] == []
