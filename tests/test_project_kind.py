"""The dev prompt's language and test command come from the project's marker files when no config sets them
(ralphy.project_kind), and a detected test command is never something ralphy runs (verification stays off)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from ralphy.agents.dev_agent import DevAgent
from ralphy.cli import cli
from ralphy.config import Config, load_config
from ralphy.project_kind import detect
from ralphy.verify import resolve_command

TASKS = "## Core\n- [ ] 1.1 Add the parser\n"

# The truth, written by hand: the files in a project's root -> the language and test command the prompt names.
CASES = [
    (["Cargo.toml"], "rust", "cargo test"),
    (["go.mod"], "go", "go test ./..."),
    (["pom.xml"], "java", "mvn test"),
    (["pom.xml", "mvnw"], "java", "./mvnw test"),
    (["build.gradle"], "java", "gradle test"),
    (["build.gradle", "gradlew"], "java", "./gradlew test"),
    (["build.gradle.kts", "gradlew"], "kotlin", "./gradlew test"),
    (["build.gradle.kts", "gradlew", "src/main/java/App.java"], "java", "./gradlew test"),
    (["build.gradle", "src/main/kotlin/App.kt"], "kotlin", "gradle test"),
    (["settings.gradle.kts"], "kotlin", "gradle test"),
    (["pyproject.toml"], "python", "pytest"),
    (["setup.py"], "python", "pytest"),
    (["setup.cfg"], "python", "pytest"),
    (["requirements.txt"], "python", "pytest"),
    (["package.json"], "javascript", "npm test"),
    (["package.json", "tsconfig.json"], "typescript", "npm test"),
    (["package.json", "tsconfig.json", "pnpm-lock.yaml"], "typescript", "pnpm test"),
    (["package.json", "yarn.lock"], "javascript", "yarn test"),
    (["package.json", "bun.lockb"], "javascript", "bun run test"),
    (["Gemfile"], "ruby", "bundle exec rake test"),
    (["Gemfile", ".rspec"], "ruby", "bundle exec rspec"),
    (["composer.json"], "php", "composer test"),
    (["composer.json", "phpunit.xml.dist"], "php", "vendor/bin/phpunit"),
    # more than one marker: the project's main language, not its front end's tooling
    (["requirements.txt", "manage.py", "package.json"], "python", "pytest"),
    (["Gemfile", "package.json", "yarn.lock"], "ruby", "bundle exec rake test"),
    (["composer.json", "package.json"], "php", "composer test"),
    (["go.mod", "package.json", "tsconfig.json"], "go", "go test ./..."),
    (["Cargo.toml", "package.json"], "rust", "cargo test"),
]


def make_project(root: Path, files: list[str], tasks: str | None = TASKS) -> Path:
    for name in files:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")  # what is in a marker does not matter: ralphy never reads it
    if tasks is not None:
        (root / "TASKS.md").write_text(tasks)
    return root


def says(prompt: str, language: str, test_command: str) -> bool:
    return f"on the {language} project in the current directory" in prompt and f"run `{test_command}`" in prompt


@pytest.mark.parametrize(("files", "language", "test_command"), CASES, ids=[" ".join(c[0]) for c in CASES])
def test_dev_agent_prompt_names_the_detected_kind(tmp_path, files, language, test_command):
    prompt = DevAgent(make_project(tmp_path, files)).build_prompt()
    assert says(prompt, language, test_command), prompt[:400]
    assert f"Write the simplest {language} code" in prompt  # the TDD instructions too (no agents here)
    if language != "python":
        assert "pytest" not in prompt


@pytest.mark.parametrize(("files", "language", "test_command"), [
    (["Cargo.toml"], "rust", "cargo test"),
    (["package.json", "tsconfig.json"], "typescript", "npm test"),
    (["go.mod"], "go", "go test ./..."),
])
def test_ralphy_prompt_names_the_detected_kind(tmp_path, files, language, test_command):
    result = CliRunner().invoke(cli, ["prompt", str(make_project(tmp_path, files))], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert says(result.stdout, language, test_command)
    assert "pytest" not in result.stdout


def test_no_marker_keeps_python_and_pytest(tmp_path):
    make_project(tmp_path, ["README.md", "Makefile", "src/main.c"])
    assert detect(tmp_path) is None
    config = load_config(tmp_path)
    assert (config.language, config.test_command) == ("python", "pytest") == (Config().language, Config().test_command)
    assert says(DevAgent(tmp_path).build_prompt(), "python", "pytest")


def test_markers_below_the_root_do_not_count(tmp_path):
    make_project(tmp_path, ["web/package.json", "crates/core/Cargo.toml"])
    assert detect(tmp_path) is None
    assert says(DevAgent(tmp_path).build_prompt(), "python", "pytest")


def test_the_project_config_wins(tmp_path):
    make_project(tmp_path, ["Cargo.toml", "package.json"])
    # verify_command = "" keeps the project's test_command a prompt hint (running it would need `ralphy trust`)
    (tmp_path / ".ralphy.toml").write_text('language = "python"\ntest_command = "pytest -q"\nverify_command = ""\n')
    assert says(DevAgent(tmp_path).build_prompt(), "python", "pytest -q")


def test_pyproject_tool_ralphy_wins(tmp_path):
    make_project(tmp_path, ["package.json", "tsconfig.json"])
    (tmp_path / "pyproject.toml").write_text('[tool.ralphy]\nlanguage = "typescript"\ntest_command = "npx vitest run"\n')
    config = load_config(tmp_path, ignore_untrusted=True)  # what `ralphy agents list` reads: runs nothing
    assert (config.language, config.test_command, config.verify_command) == ("typescript", "npx vitest run", None)


def test_the_users_config_env_and_flags_win(tmp_path, monkeypatch):
    make_project(tmp_path, ["Cargo.toml"])
    user_file = tmp_path.parent / f"{tmp_path.name}-user.toml"
    user_file.write_text('language = "rust (nightly)"\n')
    monkeypatch.setenv("RALPHY_CONFIG", str(user_file))
    config = load_config(tmp_path)
    assert (config.language, config.test_command) == ("rust (nightly)", "cargo test")  # each key on its own
    config = load_config(tmp_path, environ={"RALPHY_CONFIG": str(user_file), "RALPHY_TEST_COMMAND": "cargo nextest run"})
    assert (config.language, config.test_command) == ("rust (nightly)", "cargo nextest run")
    config = load_config(tmp_path, {"language": "Rust", "test_command": "make check"}, environ={})
    assert (config.language, config.test_command) == ("Rust", "make check")


def test_a_config_that_sets_only_the_language_gets_the_detected_command(tmp_path):
    make_project(tmp_path, ["package.json"])
    (tmp_path / ".ralphy.toml").write_text('language = "typescript"\n')
    assert says(DevAgent(tmp_path).build_prompt(), "typescript", "npm test")


@pytest.mark.parametrize("files", [c[0] for c in CASES[:3]] + [["package.json"], ["pyproject.toml"]])
def test_a_detected_command_does_not_turn_verification_on(tmp_path, files):
    make_project(tmp_path, files)
    config = load_config(tmp_path)
    assert config.verify_command is None and resolve_command(config) is None
    assert load_config(tmp_path, ignore_untrusted=True).verify_command is None


def test_a_set_test_command_still_is_the_check(tmp_path):
    """The rule before this change stands: a test_command some trusted config SETS is ralphy's check."""
    make_project(tmp_path, ["Cargo.toml"])
    config = load_config(tmp_path, environ={"RALPHY_TEST_COMMAND": "cargo test --all"})
    assert resolve_command(config) == "cargo test --all"


def _detect_within(path: Path, seconds: float = 5.0):
    found: list = []
    worker = threading.Thread(target=lambda: found.append(detect(path)), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "detect() hung on a marker"
    return found[0]


def test_a_fifo_marker_does_not_hang_and_is_not_a_marker(tmp_path):
    os.mkfifo(tmp_path / "Cargo.toml")  # opening it for reading would block forever
    (tmp_path / "tsconfig.json").symlink_to(tmp_path / "Cargo.toml")
    os.mkfifo(tmp_path / "package.json")
    assert _detect_within(tmp_path) is None
    (tmp_path / "go.mod").symlink_to(tmp_path / "Cargo.toml")  # a link to a FIFO is no marker either
    assert _detect_within(tmp_path) is None
    make_project(tmp_path, [], tasks=TASKS)
    assert says(DevAgent(tmp_path).build_prompt(), "python", "pytest")


def test_a_folder_or_a_dangling_link_is_not_a_marker(tmp_path):
    (tmp_path / "Cargo.toml").mkdir()
    (tmp_path / "go.mod").symlink_to(tmp_path / "nowhere")
    assert detect(tmp_path) is None


def test_a_linked_marker_counts_without_being_read(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "Cargo.toml").write_text("\x00 not toml at all")
    project = tmp_path / "project"
    project.mkdir()
    (project / "Cargo.toml").symlink_to(outside / "Cargo.toml")
    kind = detect(project)
    assert (kind.language, kind.test_command, kind.marker) == ("rust", "cargo test", "Cargo.toml")


def test_a_missing_project_has_no_kind(tmp_path):
    assert detect(tmp_path / "missing") is None
