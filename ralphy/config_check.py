"""One validation for every source of configuration: files, ``RALPHY_*`` variables and flags all go through
``check_value(key, value, where)``, which checks a value against ``ralphy.config.Config``'s type and limits for
the key (choices, positive numbers, fractions, percentages, permission rules, regular expressions) and says what
is wrong in one line naming ``where``; ``parse_env_value`` reads a variable's text as the key's type first.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import types
import typing
from typing import Any, Iterable, Mapping

from ralphy.errors import ConfigError


_CHOICES: dict[str, tuple[str, ...]] = {
    "permission_mode": ("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"),
    "on_question": ("ask", "pause", "auto"),
}
_LIST_CHOICES: dict[str, tuple[str, ...]] = {"agent_scopes": ("project", "user", "plugins", "all")}
# Numbers where zero makes no sense (a limit of zero would stop at once or never let anything through).
POSITIVE_KEYS: set[str] = {
    "max_turns", "iteration_timeout", "max_iterations", "max_cost_usd", "max_wall_seconds",
    "no_progress_half_open", "no_progress_open", "same_error_open", "failures_open", "permission_denials_open",
    "max_questions", "transcript_max_bytes", "transcript_keep_runs", "question_answer_timeout",
    "prompt_agent_limit", "verify_timeout", "verify_failures_open", "stop_at_usage", "retry_notice_seconds",
}  # fmt: skip
# Numbers that are fractions (a confidence).
UNIT_KEYS: set[str] = {"question_threshold", "recommend_threshold"}
# Numbers that are percentages (of a usage window).
PERCENT_KEYS: set[str] = {"stop_at_usage"}
# Numbers of seconds: ralphy sleeps, waits and shows a clock time that far ahead, and Python's sleep, waits and
# clock refuse what is past time_t (`backoff_seconds = 1e15` was an OverflowError traceback). Finite is not
# enough: at most MAX_SECONDS (about 31 years), far beyond any wait that means something.
SECONDS_KEYS: set[str] = {
    "iteration_timeout", "retry_notice_seconds", "max_wall_seconds", "backoff_seconds", "backoff_max_seconds",
    "usage_limit_margin_seconds", "usage_limit_max_wait_seconds", "verify_timeout", "question_answer_timeout",
}  # fmt: skip
MAX_SECONDS = 1e9


@functools.cache
def _fields() -> dict[str, dataclasses.Field]:
    from ralphy.config import Config  # here: config.py imports this module

    return {f.name: f for f in dataclasses.fields(Config)}


@functools.cache
def _hints() -> dict[str, Any]:
    from ralphy.config import Config

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
    if typing.get_origin(hint) is dict:
        return "a table of rule lists (JSON in a variable)"
    return {str: "a string", int: "an integer", float: "a number", bool: "true or false"}[hint]


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean X?)`` for the closest of ``known``, or ``""``."""
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.7)
    return f" (did you mean {close[0]}?)" if close else ""


def _unknown_key(key: str, where: str) -> ConfigError:
    hint = did_you_mean(key, _hints()) or " (not a ralphy setting; README.md#configuration lists them)"
    return ConfigError(f"{where}: unknown key {key!r}{hint}")


# Keys that name a file: a name no file system can hold (a component over 255 bytes, a path over 4096) is a
# config error here, once, instead of an ENAMETOOLONG OSError from whichever Path.exists() or is_file() meets it
# first (they swallow only "not found": a traceback in prompt, tasks, doctor and dev).
_PATHS = frozenset({"tasks_file", "prompt_template", "claude_bin"})
NAME_MAX, PATH_MAX = 255, 4096


def _check_path_length(key: str, value: str, where: str) -> None:
    encoded = os.fsencode(value) if "\x00" not in value else value.encode("utf-8", "replace")
    longest = max((len(part) for part in encoded.split(b"/")), default=0)
    if len(encoded) >= PATH_MAX or longest > NAME_MAX:
        what = f"a name of {longest} bytes (at most {NAME_MAX})" if longest > NAME_MAX else \
            f"{len(encoded)} bytes (under {PATH_MAX})"
        raise ConfigError(f"{where}: {key} is too long for a path ({what}): {value[:60]!r}...")


def check_value(key: str, value: Any, where: str) -> Any:
    """Validate one value against Config's type and limits for ``key``; return it, converted where lossless.

    The one validation for every source (files, environment variables, flags); ``where`` names the source.
    """
    hints = _hints()
    if key not in hints:
        raise _unknown_key(key, where)
    hint = hints[key]
    if key == "permissions":
        return _check_permissions(value, where)
    base, optional = _base(hint)
    if value is None and optional:
        return None
    ok: bool
    if base is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        if ok:
            try:
                value = float(value)
            except OverflowError:  # an integer too large for a float
                value = math.inf
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
    if isinstance(value, str) and "\x00" in value or isinstance(value, list) and any("\x00" in v for v in value):
        raise ConfigError(f"{where}: {key} must not contain a NUL character")
    if key in _PATHS and isinstance(value, str):
        _check_path_length(key, value, where)
    if key in _CHOICES and value not in _CHOICES[key]:
        raise ConfigError(f"{where}: {key} must be one of {', '.join(_CHOICES[key])}, got {value!r}")
    if key in _LIST_CHOICES:
        bad = [v for v in value if v not in _LIST_CHOICES[key]]
        if bad:
            raise ConfigError(f"{where}: {key} entries must be among {', '.join(_LIST_CHOICES[key])}, got {bad[0]!r}")
    if base in (int, float):
        if base is float and not math.isfinite(value):
            raise ConfigError(f"{where}: {key} must be a finite number, got {value!r}")
        if key in POSITIVE_KEYS and value <= 0:
            raise ConfigError(f"{where}: {key} must be greater than 0, got {value!r}")
        if value < 0:
            raise ConfigError(f"{where}: {key} must not be negative, got {value!r}")
        if key in UNIT_KEYS and value > 1:
            raise ConfigError(f"{where}: {key} must be between 0 and 1, got {value!r}")
        if key in SECONDS_KEYS and value > MAX_SECONDS:
            raise ConfigError(f"{where}: {key} must be at most {MAX_SECONDS:.0e} seconds (about 31 years), got {value!r}")
        if key in PERCENT_KEYS and value > 100:
            raise ConfigError(f"{where}: {key} must be a percentage, at most 100, got {value!r}")
    if key == "question_patterns":
        _check_patterns(value, where)
    return value


def _check_permissions(value: Any, where: str) -> dict[str, list[str]]:
    from ralphy.claude.permissions import KINDS, RuleError, parse_rules

    if not isinstance(value, Mapping):
        raise ConfigError(f"{where}: permissions must be a table of allow, deny and ask lists, got {value!r}")
    for kind, rules in value.items():
        if kind not in KINDS:
            raise ConfigError(f"{where}: permissions.{kind} is not a list ralphy knows{did_you_mean(str(kind), KINDS)}"
                              " (allow, deny, ask)")
        if not isinstance(rules, list) or not all(isinstance(rule, str) for rule in rules):
            raise ConfigError(f"{where}: permissions.{kind} must be a list of strings, got {rules!r}")
        if any("\x00" in rule for rule in rules):
            raise ConfigError(f"{where}: permissions.{kind} must not contain a NUL character")
    try:
        parse_rules(value)
    except RuleError as exc:
        raise ConfigError(f"{where}: permissions: {exc}") from None
    return {kind: list(rules) for kind, rules in value.items()}


def _check_patterns(patterns: list[str], where: str) -> None:
    import re

    for pattern in patterns:
        try:
            re.compile(pattern)
        except (re.error, RecursionError, OverflowError) as exc:
            raise ConfigError(f"{where}: question_patterns entry {pattern!r} is not a regular expression: {exc}") from None


def parse_env_value(key: str, raw: str, where: str) -> Any:
    """The value of a ``RALPHY_<KEY>`` variable (text) as the type of ``key``; check_value() checks it."""
    hint = _hints().get(key)
    if hint is None:
        return raw  # check_value reports the unknown key
    base, optional = _base(hint)
    if raw == "" and optional:
        return None
    try:
        if key == "permissions":
            import json

            return json.loads(raw)  # RALPHY_PERMISSIONS='{"deny": ["Bash(rm *)"]}'
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
    except ValueError:  # json.JSONDecodeError is a ValueError; shlex's "No closing quotation" too
        if base is int and raw.strip().lstrip("+-").isdigit():  # int() refuses more than 4,300 digits
            raise ConfigError(f"{where}: {_shown(raw)} is far too large") from None
        raise ConfigError(f"{where}: {_shown(raw)} is not {_type_name(hint)}") from None
    return raw


def _shown(raw: str, limit: int = 60) -> str:
    """``raw`` quoted for an error line, cut to ``limit`` characters (a value can be megabytes long)."""
    return repr(raw) if len(raw) <= limit else f"{raw[:limit]!r}... ({len(raw):,} characters)"
