import pytest

from ralphy.config import Config, load_config
from ralphy.errors import ConfigError


def test_zero_config_gives_defaults(tmp_path):
    assert load_config(tmp_path, environ={}) == Config()


def test_pyproject_table_is_read(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.ralphy]\nlanguage = "go"\ntest_command = "go test ./..."\n')
    config = load_config(tmp_path, environ={})
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
        ("max_cost_usd = -1", "must not be negative"),
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
