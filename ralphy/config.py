"""Configuration: defaults < ``[tool.ralphy]`` in pyproject.toml < ``.ralphy.toml`` < ``RALPHY_*`` env < flags.

Zero configuration works: every key has a default. Unknown keys and wrong types are a ConfigError naming
the file (or env var) and the key.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from ralphy.errors import ConfigError

ENV_PREFIX = "RALPHY_"


@dataclass(frozen=True)
class Config:
    # The project
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

    # Agents
    agent_scopes: list[str] = field(default_factory=lambda: ["project"])
    recommend_threshold: float = 0.70
    prompt_agent_threshold: int = 20
    prompt_agent_limit: int = 10

    def replace(self, **changes: Any) -> "Config":
        return dataclasses.replace(self, **changes)


_CHOICES: dict[str, tuple[str, ...]] = {
    "permission_mode": ("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"),
    "on_question": ("ask", "pause", "auto"),
}
_LIST_CHOICES: dict[str, tuple[str, ...]] = {"agent_scopes": ("project", "user", "plugins", "all")}


@functools.cache
def _fields() -> dict[str, dataclasses.Field]:
    return {f.name: f for f in dataclasses.fields(Config)}


@functools.cache
def _hints() -> dict[str, Any]:
    return typing.get_type_hints(Config)


def _base(hint: Any) -> tuple[Any, bool]:
    """(the type inside an Optional, whether None is allowed)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return args[0], True
    return hint, False


def _type_name(hint: Any) -> str:
    base, optional = _base(hint)
    if optional:
        return _type_name(base) + " or nothing"
    if typing.get_origin(hint) is list:
        return "a list of strings"
    return {str: "a string", int: "an integer", float: "a number", bool: "true or false"}[hint]


def _check(key: str, value: Any, where: str) -> Any:
    """Validate one value against Config's type for ``key``; return it, converted where lossless."""
    hints = _hints()
    if key not in hints:
        known = ", ".join(sorted(hints))
        raise ConfigError(f"{where}: unknown key {key!r} (known keys: {known})")
    hint = hints[key]
    base, optional = _base(hint)
    if value is None and optional:
        return None
    ok: bool
    if base is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif base is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif base is bool:
        ok = isinstance(value, bool)
    elif base is str:
        ok = isinstance(value, str)
    elif typing.get_origin(base) is list:
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    else:  # pragma: no cover - a new field type without support here is a bug
        raise TypeError(f"unsupported config type {hint!r}")
    if not ok:
        raise ConfigError(f"{where}: {key} must be {_type_name(hint)}, got {value!r}")
    if key in _CHOICES and value not in _CHOICES[key]:
        raise ConfigError(f"{where}: {key} must be one of {', '.join(_CHOICES[key])}, got {value!r}")
    if key in _LIST_CHOICES:
        bad = [v for v in value if v not in _LIST_CHOICES[key]]
        if bad:
            raise ConfigError(f"{where}: {key} entries must be among {', '.join(_LIST_CHOICES[key])}, got {bad[0]!r}")
    if base in (int, float) and value < 0:
        raise ConfigError(f"{where}: {key} must not be negative, got {value!r}")
    return value


def _parse_env(key: str, raw: str, where: str) -> Any:
    hint = _hints().get(key)
    if hint is None:
        return raw  # _check reports the unknown key
    base, optional = _base(hint)
    if raw == "" and optional:
        return None
    try:
        if base is bool:
            low = raw.strip().lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        if base is int:
            return int(raw)
        if base is float:
            return float(raw)
        if typing.get_origin(base) is list:
            if raw.lstrip().startswith("["):
                import json

                return json.loads(raw)
            if key == "extra_args":
                import shlex

                return shlex.split(raw)
            return [part for part in raw.replace(",", " ").split() if part]
    except ValueError:  # json.JSONDecodeError is a ValueError
        raise ConfigError(f"{where}: {raw!r} is not {_type_name(hint)}") from None
    return raw


def _read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # here: only a project with a config file pays for it

    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None


def _from_file(path: Path, table: Mapping[str, Any], where: str) -> dict[str, Any]:
    if not isinstance(table, Mapping):
        raise ConfigError(f"{where} must be a table")
    return {key: _check(key, value, f"{path}: {where}") for key, value in table.items()}


def load_config(
    project_dir: str | os.PathLike[str] = ".",
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> Config:
    """Build the Config for ``project_dir``. ``overrides`` come from flags; None values are ignored."""
    project = Path(project_dir)
    values: dict[str, Any] = {}

    pyproject = project / "pyproject.toml"
    if pyproject.is_file():
        tool = _read_toml(pyproject).get("tool", {})
        if isinstance(tool, Mapping) and "ralphy" in tool:
            values.update(_from_file(pyproject, tool["ralphy"], "[tool.ralphy]"))

    dotfile = project / ".ralphy.toml"
    if dotfile.is_file():
        data = _read_toml(dotfile)
        table = data.get("ralphy", data) if set(data) == {"ralphy"} else data
        values.update(_from_file(dotfile, table, "top level"))

    env = os.environ if environ is None else environ
    for name, raw in env.items():
        if not name.startswith(ENV_PREFIX):
            continue
        key = name[len(ENV_PREFIX) :].lower()
        if key not in _fields():
            continue  # other RALPHY_* variables (RALPHY_CLAUDE_BIN is a field; others may be ours or the user's)
        values[key] = _check(key, _parse_env(key, raw, f"environment variable {name}"), f"environment variable {name}")

    for key, value in (overrides or {}).items():
        if value is not None:
            values[key] = _check(key, value, f"option --{key.replace('_', '-')}")

    if "verify_command" not in values and values.get("test_command"):
        values["verify_command"] = values["test_command"]  # the project's own tests are its check (ralphy.verify)

    return Config(**values)
