import pytest

from ralphy.config import Config, load_config
from ralphy.errors import ConfigError


def test_zero_config_gives_defaults(tmp_path):
    assert load_config(tmp_path, environ={}) == Config()


def test_pyproject_table_is_read(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.ralphy]\nlanguage = "go"\ntest_command = "go test ./..."\n')
    config = load_config(tmp_path, environ={}, require_trust=False)
    assert (config.language, config.test_command) == ("go", "go test ./...")


def test_dotfile_overrides_pyproject_and_env_overrides_both(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.ralphy]\nmodel = "opus"\nmax_iterations = 3\n')
    (tmp_path / ".ralphy.toml").write_text('model = "sonnet"\n')
    config = load_config(tmp_path, environ={"RALPHY_MAX_ITERATIONS": "7"})
    assert (config.model, config.max_iterations) == ("sonnet", 7)


def test_flags_override_env_and_none_flags_are_ignored(tmp_path):
    config = load_config(tmp_path, {"tasks_file": "PLAN.md", "model": None}, environ={"RALPHY_TASKS_FILE": "X.md"})
    assert config.tasks_file == "PLAN.md"
    assert config.model is None


def test_unknown_key_names_file_and_key(tmp_path):
    (tmp_path / ".ralphy.toml").write_text('lanugage = "go"\n')
    with pytest.raises(ConfigError, match=r"\.ralphy\.toml.*unknown key 'lanugage'"):
        load_config(tmp_path, environ={})


@pytest.mark.parametrize(
    "line, message",
    [
        ("max_iterations = 'ten'", "max_iterations must be an integer"),
        ("max_iterations = true", "max_iterations must be an integer"),
        ("allowed_tools = 'Read'", "allowed_tools must be a list of strings"),
        ("permission_mode = 'yolo'", "permission_mode must be one of"),
        ("backoff_seconds = -1", "must not be negative"),
        ("max_cost_usd = -1", "must be greater than 0"),
    ],
)
def test_wrong_types_are_clear_errors(tmp_path, line, message):
    (tmp_path / ".ralphy.toml").write_text(line + "\n")
    with pytest.raises(ConfigError, match=message):
        load_config(tmp_path, environ={})


def test_int_is_accepted_for_float(tmp_path):
    (tmp_path / ".ralphy.toml").write_text("max_cost_usd = 2\n")
    assert load_config(tmp_path, environ={}).max_cost_usd == 2.0


def test_bad_env_value_names_variable(tmp_path):
    with pytest.raises(ConfigError, match="RALPHY_MAX_TURNS"):
        load_config(tmp_path, environ={"RALPHY_MAX_TURNS": "many"})


def test_env_lists(tmp_path):
    config = load_config(
        tmp_path, environ={"RALPHY_ALLOWED_TOOLS": "Read, Edit", "RALPHY_EXTRA_ARGS": "--add-dir '/a b'"}
    )
    assert config.allowed_tools == ["Read", "Edit"]
    assert config.extra_args == ["--add-dir", "/a b"]


def test_invalid_toml_is_config_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.ralphy\n")
    with pytest.raises(ConfigError, match="pyproject.toml: not valid TOML"):
        load_config(tmp_path, environ={})


def test_default_allowed_tools_are_real_claude_code_tools():
    from ralphy.agents.lint import CLAUDE_CODE_TOOLS

    assert set(Config().allowed_tools) <= CLAUDE_CODE_TOOLS


# --- one validation for files, environment variables and flags (issue 14, point 7) ---------------------------

@pytest.mark.parametrize("key, raw", [
    ("iteration_timeout", "nan"), ("iteration_timeout", "inf"), ("max_cost_usd", "nan"), ("max_cost_usd", "1e999"),
    ("max_wall_seconds", "-inf"), ("backoff_seconds", "NaN"), ("question_threshold", "nan"),
    ("stop_at_usage", "nan"), ("stop_at_usage", "inf"),
])  # fmt: skip
def test_non_finite_numbers_are_refused_from_every_source(tmp_path, key, raw):
    value = float(raw)
    with pytest.raises(ConfigError, match=f"environment variable RALPHY_{key.upper()}: {key} must be a finite"):
        load_config(tmp_path, environ={f"RALPHY_{key.upper()}": raw})
    with pytest.raises(ConfigError, match=f"option --{key.replace('_', '-')}: {key} must be a finite"):
        load_config(tmp_path, {key: value}, environ={})
    toml = {"nan": "nan", "NaN": "nan", "inf": "inf", "-inf": "-inf", "1e999": "1e999"}[raw]
    (tmp_path / ".ralphy.toml").write_text(f"{key} = {toml}\n")
    with pytest.raises(ConfigError, match=rf"\.ralphy\.toml: top level: {key} must be a finite"):
        load_config(tmp_path, environ={})


@pytest.mark.parametrize("key", ["max_iterations", "max_wall_seconds", "max_cost_usd", "iteration_timeout",
                                 "max_turns", "failures_open", "no_progress_open", "transcript_keep_runs",
                                 "stop_at_usage"])
def test_zero_where_zero_makes_no_sense_is_refused_from_every_source(tmp_path, key):
    with pytest.raises(ConfigError, match=f"{key} must be greater than 0"):
        load_config(tmp_path, {key: 0}, environ={})
    with pytest.raises(ConfigError, match=f"RALPHY_{key.upper()}: {key} must be greater than 0"):
        load_config(tmp_path, environ={f"RALPHY_{key.upper()}": "0"})
    (tmp_path / ".ralphy.toml").write_text(f"{key} = 0\n")
    with pytest.raises(ConfigError, match=f"{key} must be greater than 0"):
        load_config(tmp_path, environ={})


def test_zero_is_fine_where_it_means_something(tmp_path):
    config = load_config(tmp_path, {"backoff_seconds": 0, "usage_limit_margin_seconds": 0}, environ={})
    assert (config.backoff_seconds, config.usage_limit_margin_seconds) == (0.0, 0.0)


def test_a_fraction_above_one_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="question_threshold must be between 0 and 1"):
        load_config(tmp_path, environ={"RALPHY_QUESTION_THRESHOLD": "1.5"})


def test_stop_at_usage_is_a_percentage_from_every_source(tmp_path):
    assert load_config(tmp_path, environ={}).stop_at_usage is None
    assert load_config(tmp_path, environ={"RALPHY_STOP_AT_USAGE": "90"}).stop_at_usage == 90.0
    assert load_config(tmp_path, {"stop_at_usage": 100}, environ={}).stop_at_usage == 100.0
    with pytest.raises(ConfigError, match="RALPHY_STOP_AT_USAGE: stop_at_usage must be a percentage, at most 100, got 100.5"):
        load_config(tmp_path, environ={"RALPHY_STOP_AT_USAGE": "100.5"})
    with pytest.raises(ConfigError, match="stop_at_usage must be greater than 0, got -5"):
        load_config(tmp_path, {"stop_at_usage": -5}, environ={})
    (tmp_path / ".ralphy.toml").write_text("stop_at_usage = '90%'\n")
    with pytest.raises(ConfigError, match=r"\.ralphy\.toml: top level: stop_at_usage must be a number or nothing, got '90%'"):
        load_config(tmp_path, environ={})


def test_a_huge_integer_for_a_float_key_is_not_a_crash(tmp_path):
    (tmp_path / ".ralphy.toml").write_text("max_cost_usd = 1" + "0" * 400 + "\n")
    with pytest.raises(ConfigError, match="max_cost_usd must be a finite number"):
        load_config(tmp_path, environ={})


def test_a_bad_question_pattern_is_a_config_error(tmp_path):
    (tmp_path / ".ralphy.toml").write_text("question_patterns = ['(unclosed']\n")
    with pytest.raises(ConfigError, match="question_patterns entry '\\(unclosed' is not a regular expression"):
        load_config(tmp_path, environ={})


@pytest.mark.parametrize("args, message", [
    (["--max-iterations", "0"], "max_iterations must be greater than 0"),
    (["--max-time", "0"], "max_wall_seconds must be greater than 0"),
    (["--max-cost", "nan"], "max_cost_usd must be a finite number"),
    (["--iteration-timeout", "inf"], "iteration_timeout must be a finite number"),
    (["--stop-at-usage", "0"], "stop_at_usage must be greater than 0"),
    (["--stop-at-usage", "101"], "stop_at_usage must be a percentage, at most 100"),
    (["--stop-at-usage", "nan"], "stop_at_usage must be a finite number"),
])  # fmt: skip
def test_dev_flags_go_through_the_same_validation(tmp_path, args, message):
    from click.testing import CliRunner

    from ralphy.cli import cli

    (tmp_path / "TASKS.md").write_text("- [ ] 1 x\n")
    result = CliRunner().invoke(cli, ["dev", str(tmp_path), *args])
    assert result.exit_code == 2, result.output
    assert message in result.output


# --- did you mean (issue 14, point 10) ---------------------------------------------------------------------

def test_unknown_key_names_the_closest_known_one_not_all_of_them(tmp_path):
    (tmp_path / ".ralphy.toml").write_text("max_iteratons = 5\n")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path, environ={})
    assert str(info.value).endswith("unknown key 'max_iteratons' (did you mean max_iterations?)")
    assert "language" not in str(info.value)


def test_unknown_key_with_nothing_close_says_where_the_keys_are(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.ralphy]\nfrobnicate = 1\n")
    with pytest.raises(ConfigError, match=r"unknown key 'frobnicate' \(not a ralphy setting"):
        load_config(tmp_path, environ={})


def test_unknown_ralphy_variable_is_warned_about_with_the_closest(tmp_path, caplog):
    import ralphy.config

    ralphy.config._warned_env.clear()
    with caplog.at_level("WARNING", logger="ralphy.config"):
        load_config(tmp_path, environ={"RALPHY_MAX_ITERATONS": "5", "RALPHY_TEST_CLAUDE_BIN": "x", "OTHER_X": "1"})
        load_config(tmp_path, environ={"RALPHY_MAX_ITERATONS": "5"})
    lines = [r.getMessage() for r in caplog.records]
    assert lines == ["unknown environment variable RALPHY_MAX_ITERATONS ignored (did you mean RALPHY_MAX_ITERATIONS?)"]


def test_unknown_variable_warning_reaches_the_user_of_the_program(tmp_path):
    import subprocess
    import sys

    env = {**__import__("os").environ, "RALPHY_MAX_ITERATONS": "5"}
    proc = subprocess.run([sys.executable, "-m", "ralphy", "status", str(tmp_path)], capture_output=True, text=True,
                          env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("RALPHY_MAX_ITERATONS") == 1 and "RALPHY_MAX_ITERATIONS" in proc.stderr


# --- the user's own config file ------------------------------------------------------------------------------

def test_user_config_file_is_read_below_the_project(tmp_path, monkeypatch):
    user = tmp_path / "user.toml"
    user.write_text('model = "opus"\nmax_iterations = 4\nclaude_bin = "/opt/claude"\n')
    project = tmp_path / "p"
    project.mkdir()
    (project / ".ralphy.toml").write_text("max_iterations = 3\n")  # a project may lower a limit (raise: hostile14)
    config = load_config(project, environ={"RALPHY_CONFIG": str(user)})
    assert (config.model, config.max_iterations, config.claude_bin) == ("opus", 3, "/opt/claude")


def test_user_config_file_defaults_to_xdg_config_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    (tmp_path / "cfg" / "ralphy").mkdir(parents=True)
    (tmp_path / "cfg" / "ralphy" / "config.toml").write_text("max_turns = 7\n")
    assert load_config(tmp_path, environ={}).max_turns == 7


def test_a_fifo_as_config_file_is_an_error_not_a_hang(tmp_path):
    import os

    os.mkfifo(tmp_path / ".ralphy.toml")
    with pytest.raises(ConfigError, match="FIFO"):
        load_config(tmp_path, environ={})


def test_every_ralphy_variable_our_scripts_use_is_known_not_warned_about():
    """scripts/test exported RALPHY_SETUP_CHROMIUM, and every `ralphy dev` under the suite warned about it."""
    import re
    from pathlib import Path

    from ralphy.config import KNOWN_ENV, _hints

    root = Path(__file__).resolve().parent.parent
    used: set[str] = set()
    for path in [*root.joinpath("scripts").iterdir(), root / ".ci" / "run"]:
        used |= set(re.findall(r"\bRALPHY_[A-Z_]+[A-Z]\b", path.read_text(encoding="utf-8")))
    settings = {"RALPHY_" + key.upper() for key in _hints()}
    assert used, "the scripts name no RALPHY_ variable: the pattern is wrong"
    assert sorted(used - KNOWN_ENV - settings) == []
