"""ralphy's exceptions: one tree, one clear line each.

    RalphyError                  bad input or a condition the user can fix (exit 1 unless noted)
    ├── ConfigError              a config file, env var or flag is wrong
    │   └── UntrustedConfigError the project's config sets keys that choose what runs; `ralphy trust` first
    ├── TemplateError            the dev prompt template is missing, broken or needs an unknown variable
    ├── TasksFileError           TASKS.md is missing, unreadable or not UTF-8
    ├── ClaudeNotFoundError      the Claude CLI binary cannot be found
    ├── UnsupportedClaudeError   the Claude CLI is older than ralphy supports, or lacks a value asked of it
    ├── AuthenticationError      the Messages API refused the credentials (401/403)
    ├── StoreError               .ralphy/ralphy.db is corrupt, foreign or unwritable
    ├── BreakerStateError        .ralphy/breaker.json is corrupt, foreign or unwritable
    ├── AgentCreationError       `ralphy agents create` could not produce a valid agent
    └── UnsafePathError          a state path is a link, a FIFO, a folder where a file belongs (or the reverse)

The CLI prints ``str(error)`` as one line on stderr and exits with ``error.exit_code``.
Anything that is not a RalphyError is a bug and keeps its traceback.
"""

from __future__ import annotations


class RalphyError(Exception):
    """Base class: something the user can fix. ``str()`` is the one line shown to them."""

    exit_code = 1


class ConfigError(RalphyError):
    pass


class UntrustedConfigError(ConfigError):
    pass


class TemplateError(RalphyError):
    pass


class TasksFileError(RalphyError):
    pass


class ClaudeNotFoundError(RalphyError):
    pass


class UnsupportedClaudeError(RalphyError):
    pass


class AuthenticationError(RalphyError):
    pass


class StoreError(RalphyError):
    pass


class BreakerStateError(RalphyError):
    pass


class AgentCreationError(RalphyError):
    pass


class UnsafePathError(RalphyError):
    pass
