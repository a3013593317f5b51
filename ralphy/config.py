"""Configuration: defaults < the user's own config file < ``[tool.ralphy]`` in pyproject.toml < ``.ralphy.toml``
< ``RALPHY_*`` env < flags.

Zero configuration works: every key has a default. Unknown keys (with the closest known one), wrong types,
non-finite numbers and zeros where zero makes no sense are a ConfigError naming the file (or env var, or flag)
and the key: one validation, check_value() (ralphy/config_check.py), for every source. The project's own config is untrusted: see
POWER_KEYS and PATH_KEYS below, and ralphy/trust.py.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from ralphy.config_check import (  # one validation for every source; offered here too (cli/options.py, tests)
    PERCENT_KEYS,  # noqa: F401
    POSITIVE_KEYS,  # noqa: F401
    UNIT_KEYS,  # noqa: F401
    _fields,
    _hints,
    check_value,
    did_you_mean,
    parse_env_value,
)
from ralphy.errors import ConfigError

ENV_PREFIX = "RALPHY_"


@dataclass(frozen=True)
class Config:
    # The project (load_config: from its marker files when no config sets them, ralphy.project_kind)
    language: str = "python"
    test_command: str = "pytest"
    tasks_file: str = "TASKS.md"
    prompt_template: str | None = None  # path relative to the project; default .ralphy/prompts/dev_prompt.md if present

    # The Claude CLI
    model: str | None = None
    claude_bin: str | None = None
    permission_mode: str = "acceptEdits"
    allowed_tools: list[str] = field(
        default_factory=lambda: ["Read", "Write", "Edit", "Glob", "Grep", "Bash", "Agent", "Task", "TodoWrite"]
    )
    max_turns: int = 50
    extra_args: list[str] = field(default_factory=list)
    iteration_timeout: float = 1800.0  # seconds for one CLI run
    retry_notice_seconds: float = 60.0  # a CLI before 2.1.100 silent this long on the API: say it may be retrying

    # The loop and its circuit breaker
    max_iterations: int = 20
    max_cost_usd: float | None = None
    max_wall_seconds: float | None = None
    no_progress_half_open: int = 2
    no_progress_open: int = 3
    same_error_open: int = 5
    failures_open: int = 3
    permission_denials_open: int = 2
    max_questions: int = 3  # question-only iterations in a row before the breaker opens
    backoff_seconds: float = 5.0
    backoff_max_seconds: float = 300.0
    usage_limit_margin_seconds: float = 60.0
    usage_limit_max_wait_seconds: float = 6 * 3600.0
    stop_at_usage: float | None = None  # percent of a usage window (five_hour, seven_day): stop (exit 5) at it
    transcript_max_bytes: int = 20 * 1024 * 1024  # per iteration
    transcript_keep_runs: int = 20  # the transcripts of older runs are deleted when a run starts

    # Verification (ralphy.verify): the check ralphy runs itself after iterations that completed tasks.
    # None: the project's own test_command when the project sets one (load_config fills it), else off.
    verify_command: str | None = None
    verify_timeout: float = 600.0
    verify_failures_open: int = 3  # failed checks in a row that open the circuit breaker

    # Questions from Claude
    on_question: str | None = None  # ask | pause | auto; None = ask on a terminal, pause otherwise
    question_threshold: float = 0.70
    question_patterns: list[str] = field(default_factory=list)
    question_answer_timeout: float = 600.0

    # Permissions (ralphy.claude.permissions): {allow, deny, ask} lists of rules in Claude Code's syntax
    permissions: dict[str, list[str]] = field(default_factory=dict)

    # Agents
    agent_scopes: list[str] = field(default_factory=lambda: ["project"])
    recommend_threshold: float = 0.50  # a calibrated probability: recommend when more likely right than not
    prompt_agent_threshold: int = 20
    prompt_agent_limit: int = 10

    def replace(self, **changes: Any) -> "Config":
        return dataclasses.replace(self, **changes)



# ---------------------------------------------------------------------------------------------------------------
# Who may set what. A project's own config (``[tool.ralphy]``, ``.ralphy.toml``) comes with the repository, and a
# repository is untrusted: the keys below choose what runs or how much power it gets, so from the project's
# config they are honoured only once the user trusts that config (``ralphy trust``, see ralphy/trust.py). Flags,
# RALPHY_* variables and the user's own config file are always trusted. Each key maps to the test "does this
# value need trust?"; None means any value other than the default does. A new key that runs a command or widens
# power is one line here.
# ---------------------------------------------------------------------------------------------------------------

POWER_PERMISSION_MODES = ("bypassPermissions", "auto")


def tool_rules(entry: str) -> list[str] | None:
    """One ``allowed_tools`` entry split the way the Claude CLI splits ``--allowedTools`` (ralphy joins the
    entries with commas): on commas and whitespace outside parentheses. None when a parenthesis is unbalanced."""
    rules, current, depth = [], "", 0
    for ch in entry:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return None
        if depth == 0 and (ch == "," or ch.isspace()):
            rules.append(current)
            current = ""
        else:
            current += ch
    rules.append(current)
    return None if depth else [rule for rule in rules if rule]


def _widens_tools(tools: list[str]) -> bool:
    """An allowed tool beyond the defaults (``Bash(git *)`` narrows ``Bash``, so it does not widen). Every rule
    inside an entry counts: ``"Bash(git *),WebFetch"`` reaches the CLI as two rules."""
    import re

    default = {tool for tool in Config().allowed_tools}
    for entry in tools:
        rules = tool_rules(entry)
        if rules is None:
            return True
        for rule in rules:
            named = re.fullmatch(r"([A-Za-z_][\w-]*)(\(.*\))?", rule, re.S)
            if named is None or named.group(1) not in default:
                return True
    return False


# how the trust error names a project's test_command that ralphy would run as its check (the user wrote no
# verify_command: "sets verify_command" sent them looking for a key their file does not hold)
TEST_COMMAND_AS_CHECK = "test_command (ralphy runs it as its check: verify_command)"
POWER_KEYS: dict[str, Callable[[Any], bool] | None] = {
    "claude_bin": None,
    "extra_args": lambda args: bool(args),
    "permission_mode": lambda mode: mode in POWER_PERMISSION_MODES,
    "allowed_tools": _widens_tools,
    "verify_command": lambda command: bool(command and command.strip()),  # also when taken from test_command
    # regular expressions ralphy runs on Claude's text: a catastrophic one ("(a+)+$") would hang ralphy
    "question_patterns": lambda patterns: bool(patterns),
    "permissions": lambda rules: bool(rules.get("allow")),  # deny and ask rules only narrow
}

# Paths that must stay inside the project when the project's config (or the default) names them: ralphy reads
# them and sends what it read to the model.
PATH_KEYS: tuple[str, ...] = ("tasks_file", "prompt_template")

# RALPHY_* variables that are not config keys but are ralphy's own (no "unknown variable" warning for them).
KNOWN_ENV: set[str] = {
    "RALPHY_CONFIG",  # the user's own config file (default $XDG_CONFIG_HOME/ralphy/config.toml)
    "RALPHY_STATE_DIR",  # the user's own ralphy state, e.g. trusted configs (default $XDG_STATE_HOME/ralphy)
    "RALPHY_TEST_CLAUDE_BIN",  # the CLI the test suite runs
    "RALPHY_TEST_RANGE",  # scripts/setup.sh: 1 installs the supported range and runs the e2e tests on each
    "RALPHY_TEST_CLAUDE_BINS",  # the CLIs the end-to-end tests run on, one after the other (CI: the supported range)
    "RALPHY_CLAUDE_CACHE",  # where scripts/setup.sh installs the pinned CLI
    "RALPHY_VENV",  # scripts/setup.sh
    "RALPHY_UPDATE_GOLDEN",  # tests: rewrite golden files
    "RALPHY_SETUP_CHROMIUM",  # scripts/setup.sh: 1 installs chromium for the browser tests (scripts/test sets it)
    "RALPHY_TEST_CHROMIUM",  # tests: the chromium binary the browser tests use
    "RALPHY_TEST_HOME_GUARD",  # tests/home_guard.py: strict (.ci/run) fails a session on any change of ~/.claude.json
}

# kept for callers of the old private names
_check = check_value
_parse_env = parse_env_value


def _read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # here: only a project with a config file pays for it

    from ralphy import safefs

    try:
        text = safefs.read_text(path, limit=MAX_CONFIG_BYTES)
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path}: not valid TOML: nested too deeply") from None
    except safefs.UnsafePathError as exc:
        raise ConfigError(str(exc)) from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not valid TOML: not UTF-8 text") from None
    except ValueError as exc:  # an integer of more than 4,300 digits (int()'s limit) is not a TOMLDecodeError
        raise ConfigError(f"{path}: not valid TOML: {str(exc).split(';')[0]}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


MAX_CONFIG_BYTES = 1024 * 1024


def _from_file(path: Path, table: Any, where: str) -> dict[str, Any]:
    if not isinstance(table, Mapping):
        raise ConfigError(f"{path}: {where} must be a table")
    return {key: check_value(key, value, f"{path}: {where}") for key, value in table.items()}


def user_config_path(environ: Mapping[str, str] | None = None) -> Path:
    """The user's own config file: ``$RALPHY_CONFIG``, else ``$XDG_CONFIG_HOME/ralphy/config.toml``, else
    ``~/.config/ralphy/config.toml``. It is trusted like a flag."""
    env = os.environ if environ is None else environ
    if env.get("RALPHY_CONFIG"):
        return Path(env["RALPHY_CONFIG"]).expanduser()
    base = env.get("XDG_CONFIG_HOME") or os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base and os.path.isabs(base) else Path.home() / ".config") / "ralphy" / "config.toml"


def project_tables(project_dir: str | os.PathLike[str]) -> list[tuple[Path, str, Mapping[str, Any]]]:
    """The project's own ralphy config, lowest precedence first: (file, where in it, table)."""
    project = Path(project_dir)
    tables: list[tuple[Path, str, Mapping[str, Any]]] = []
    pyproject = project / "pyproject.toml"
    if _exists(pyproject):
        tool = _read_toml(pyproject).get("tool", {})
        if isinstance(tool, Mapping) and "ralphy" in tool:
            tables.append((pyproject, "[tool.ralphy]", tool["ralphy"]))
    dotfile = project / ".ralphy.toml"
    if _exists(dotfile):
        data = _read_toml(dotfile)
        table = data.get("ralphy", data) if set(data) == {"ralphy"} else data
        tables.append((dotfile, "top level", table))
    return tables


def _exists(path: Path) -> bool:
    """A config file is there (a file, or anything else that is not a plain file: read it to say what is wrong)."""
    return os.path.lexists(path) and not path.is_dir()


_warned_env: set[str] = set()


def _warn_unknown_env(name: str) -> None:
    if name in _warned_env:
        return
    _warned_env.add(name)
    import logging

    suggestion = did_you_mean(name, [ENV_PREFIX + key.upper() for key in _hints()] + sorted(KNOWN_ENV))
    logging.getLogger("ralphy.config").warning(
        "unknown environment variable %s ignored%s", name, suggestion or " (not a ralphy setting)"
    )


def load_config(
    project_dir: str | os.PathLike[str] = ".",
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    require_trust: bool = True,
    ignore_untrusted: bool = False,
    say_limits: bool = True,
    _drop: frozenset[str] = frozenset(),
) -> Config:
    """Build the Config for ``project_dir``. ``overrides`` come from flags; None values are ignored.

    Precedence: defaults < the user's own config file < ``[tool.ralphy]`` < ``.ralphy.toml`` < RALPHY_* < flags.
    A project config that sets a key of POWER_KEYS is an UntrustedConfigError until the user trusts it
    (``ralphy trust``), unless a trusted source overrides that key; ``require_trust=False`` skips that check
    (for ``ralphy trust`` itself). ``ignore_untrusted=True`` (commands that only read: ``agents list``,
    ``prompt``, ``status``, ``doctor``...) leaves such keys out instead, their trusted or default value used, so
    that reading a stranger's repository never runs what it chose. Paths of PATH_KEYS from the project (or
    defaults) must stay inside it. A limit the untrusted project raises above the user's own is kept at the
    user's (ralphy/config_limits.py), said in one line unless ``say_limits`` is False.
    """
    if ignore_untrusted:
        return _load_trusted_part(project_dir, overrides, environ)
    project = Path(project_dir)
    env = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    from_project: dict[str, Path] = {}  # key -> the project file that set it (and was not overridden)
    verify_from_test = False  # the project's test_command is ralphy's check (no verify_command set anywhere)

    user_file = user_config_path(environ)
    if _exists(user_file):
        data = _read_toml(user_file)
        table = data.get("ralphy", data) if set(data) == {"ralphy"} else data
        values.update(_from_file(user_file, table, "top level"))
    from ralphy import config_limits

    ceilings = {key: values.get(key, _default(key)) for key in config_limits.LIMIT_KEYS}  # the user's own limits

    for path, where, table in project_tables(project):
        checked = {key: value for key, value in _from_file(path, table, where).items() if key not in _drop}
        values.update(checked)
        from_project.update(dict.fromkeys(checked, path))

    for name, raw in env.items():
        if not name.startswith(ENV_PREFIX):
            continue
        key = name[len(ENV_PREFIX) :].lower()
        if key not in _fields():
            if name not in KNOWN_ENV:
                _warn_unknown_env(name)
            continue
        where = f"environment variable {name}"
        values[key] = check_value(key, parse_env_value(key, raw, where), where)
        from_project.pop(key, None)

    for key, value in (overrides or {}).items():
        if value is not None:
            values[key] = check_value(key, value, f"option --{key.replace('_', '-')}")
            from_project.pop(key, None)

    if "verify_command" not in values and values.get("test_command") and not (
            "verify_command" in _drop and "test_command" in from_project):
        values["verify_command"] = values["test_command"]  # the project's own tests are its check (ralphy.verify)
        if "test_command" in from_project:  # then the repository chose the command ralphy runs
            from_project["verify_command"] = from_project["test_command"]
            verify_from_test = True
    if "language" not in values or "test_command" not in values:  # after the line above: a detected command
        from ralphy.project_kind import detect  # is a hint for the prompt, never ralphy's check

        kind = detect(project)
        if kind is not None:
            values.setdefault("language", kind.language)
            values.setdefault("test_command", kind.test_command)

    _check_paths(project, values, from_project)
    if require_trust:
        needs = {
            key: path
            for key, path in from_project.items()
            if key in POWER_KEYS and (
                values[key] != _default(key) if POWER_KEYS[key] is None else POWER_KEYS[key](values[key])
            )
        }  # fmt: skip
        if "verify_command" in needs and verify_from_test:  # named as the file writes it
            needs[TEST_COMMAND_AS_CHECK] = needs.pop("verify_command")
        if needs:
            from ralphy.trust import require_trusted

            require_trusted(project, needs)
    from ralphy.trust import is_trusted

    kept = config_limits.hold(values, ceilings, from_project, lambda: is_trusted(project))
    if kept and say_limits and require_trust:
        config_limits.say_once(config_limits.notice(project, kept))
    return Config(**values)


def _load_trusted_part(project_dir: str | os.PathLike[str], overrides: Mapping[str, Any] | None,
                       environ: Mapping[str, str] | None) -> Config:
    """``load_config``, or, when the project sets POWER_KEYS the user has not trusted, the config without the
    project's POWER_KEYS (a verify_command taken from its test_command included)."""
    from ralphy.errors import UntrustedConfigError

    try:
        return load_config(project_dir, overrides, environ, say_limits=False)  # reading: no run to limit
    except UntrustedConfigError:
        return load_config(project_dir, overrides, environ, require_trust=False, _drop=frozenset(POWER_KEYS))


def _default(key: str) -> Any:
    f = _fields()[key]
    return f.default_factory() if f.default is dataclasses.MISSING else f.default  # type: ignore[misc]


def _check_paths(project: Path, values: Mapping[str, Any], from_project: Mapping[str, Path]) -> None:
    """Paths the project's config names (or defaults) stay inside the project, links followed."""
    # os.path.realpath, not Path.resolve: a link that points at itself (TASKS.md -> TASKS.md, shipped by a
    # repository) is a RuntimeError ("Symlink loop") from resolve() in Python 3.11; realpath leaves it as it is
    # and reading it then says what is wrong
    root = Path(os.path.realpath(project))
    for key in PATH_KEYS:
        value = values.get(key, _default(key))
        if value is None or (key in values and key not in from_project):
            continue  # unset, or from a trusted source (flag, variable, the user's own config)
        where = f"{from_project[key]}: {key}" if key in from_project else key
        if os.path.isabs(value) and key in from_project:
            raise ConfigError(f"{where} must be a path inside the project, got {value!r}")
        target = Path(os.path.realpath(root / value))
        if target != root and root not in target.parents:
            shown = "" if target == (root / value) else f" (it leads to {target})"
            raise ConfigError(
                f"{where} {value!r} is outside the project{shown}; ralphy reads only files inside the project "
                f"from its config (name another file with RALPHY_{key.upper()} if you mean it)"
            )
