"""Trusting a project's ralphy config (``ralphy trust``), like ``direnv allow`` / ``mise trust``.

A repository's ``.ralphy.toml`` / ``[tool.ralphy]`` may not choose what runs (``ralphy.config.POWER_KEYS``:
the CLI binary, extra CLI arguments, a bypass permission mode, more tools, a verify command...) until the user
trusts it. ``ralphy trust DIR`` records a sha-256 of the project's whole ralphy config (both tables, parsed, so
the rest of pyproject.toml may change freely) in the user's own state; a changed config needs trusting again.

The user's state is ``$RALPHY_STATE_DIR``, else ``$XDG_STATE_HOME/ralphy``, else ``~/.local/state/ralphy``:
one file per project under ``trusted/`` (named by a hash of the project's real path), 0600 in 0700 folders.

Also here: what the project's ``.claude/settings*.json`` lets the Claude CLI do on its own (hooks, a bypass
permission mode). ``claude -p`` skips Claude Code's trust dialog, so ralphy is the one to say it.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Mapping

from ralphy import jsontext
from ralphy.errors import UntrustedConfigError
from ralphy.memory_links import outside_reads

TRUST_DIR = "trusted"


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The user's own ralphy state folder (not the project's)."""
    env = os.environ if environ is None else environ
    if env.get("RALPHY_STATE_DIR"):
        return Path(env["RALPHY_STATE_DIR"]).expanduser()
    base = env.get("XDG_STATE_HOME")
    return (Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "state") / "ralphy"


def config_digest(project_dir: str | os.PathLike[str]) -> tuple[str, list[Path]]:
    """(sha-256 of the project's ralphy config, the files it comes from). Empty config: the digest of []."""
    from ralphy.config import project_tables

    tables = project_tables(project_dir)
    items: list[Any] = [[path.name, where, table] for path, where, table in tables]
    redirects = claude_settings_redirects(project_dir)
    if redirects:  # only then: a project without them keeps the digest it had (and its users their trust)
        items.append(["claude settings env", [list(found) for found in redirects]])
    outside = outside_reads(project_dir)
    if outside:  # the same: only then
        items.append(["claude memory outside the project", [list(found) for found in outside]])
    canonical = json.dumps(items, sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest(), [path for path, _, _ in tables]


def _record_path(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> Path:
    real = os.path.realpath(project_dir)
    return state_dir(environ) / TRUST_DIR / (hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest() + ".json")


def trusted_digest(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> str | None:
    """The digest the user trusted for this project, or None."""
    from ralphy import safefs

    try:
        data = json.loads(safefs.read_text(_record_path(project_dir, environ), limit=64 * 1024, follow=False))
        return data["sha256"] if isinstance(data, dict) and isinstance(data.get("sha256"), str) else None
    except (OSError, ValueError, KeyError, UnicodeDecodeError):
        return None
    except Exception:  # noqa: BLE001 - an unreadable record is no trust, never a crash
        return None


def trust(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> tuple[str, list[Path]]:
    """Trust the project's current ralphy config; returns (digest, its files)."""
    from ralphy import safefs

    digest, files = config_digest(project_dir)
    record = _record_path(project_dir, environ)
    root = state_dir(environ)
    _ensure_state_dir(root)
    safefs.ensure_dir(record.parent, root)
    data = {"project": os.path.realpath(project_dir), "sha256": digest, "files": [str(f) for f in files]}
    safefs.write_atomic(record, json.dumps(data, indent=2) + "\n")
    return digest, files


def untrust(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> bool:
    """Forget the trust of this project; True if there was one."""
    try:
        os.unlink(_record_path(project_dir, environ))
        return True
    except FileNotFoundError:
        return False


def _ensure_state_dir(root: Path) -> None:
    """The user's state folder: created 0700 with its parents (these are the user's own, not a repository's)."""
    if not root.is_dir():
        root.mkdir(parents=True, mode=0o700, exist_ok=True)


def is_trusted(project_dir: str | os.PathLike[str], environ: Mapping[str, str] | None = None) -> bool:
    """The user trusted the project's current ralphy config."""
    return trusted_digest(project_dir, environ) == config_digest(project_dir)[0]


def require_trusted(project_dir: Path, needs: Mapping[str, Path], environ: Mapping[str, str] | None = None) -> None:
    """Raise UntrustedConfigError unless the project's current config is trusted. ``needs``: key -> its file."""
    digest, _ = config_digest(project_dir)
    recorded = trusted_digest(project_dir, environ)
    if recorded == digest:
        return
    files = sorted({str(p) for p in needs.values()})
    keys = ", ".join(sorted(needs))
    changed = " changed since you trusted it and" if recorded else ""
    raise UntrustedConfigError(
        f"{', '.join(files)}{changed} sets {keys}, which {'choose' if len(needs) > 1 else 'chooses'} what runs; ralphy does not honour that from a "
        f"repository until you trust it: review it, then run `ralphy trust {_shell_path(project_dir)}` "
        f"(or set {'them' if len(needs) > 1 else 'it'} with a flag, a RALPHY_* variable or your own config file)"
    )


def _shell_path(path: Path) -> str:
    from ralphy.termsafe import shell_word

    return shell_word(str(path))  # one line, and pasted it names the folder, whatever the folder's name holds


# ------------------------------------------------------------------------ .claude/settings*.json of the project

SETTINGS_FILES = (Path(".claude") / "settings.json", Path(".claude") / "settings.local.json")
_BYPASS = {"bypassPermissions"}
SETTINGS_LIMIT = 64 * 1024 * 1024  # the settings files ralphy parses; the CLI reads larger ones too


def _read_settings(project_dir: str | os.PathLike[str]) -> list[tuple[Path, dict[str, Any] | str | None]]:
    """(path relative to the project, what it holds) for each settings file there: the JSON object; None when
    the CLI would not read it either (not JSON, not an object, unreadable); or, when the CLI may read what ralphy
    cannot parse, why not (``unchecked``) and a fingerprint of the file, after a ``;``. The CLI (2.1.330) skips a UTF-8 BOM,
    reads files past 1 MiB and JSON nested deeper than Python's recursion limit: such a file set
    ANTHROPIC_BASE_URL while ralphy, which skipped what it could not parse, saw nothing in it."""
    from ralphy import safefs
    from ralphy.errors import UnsafePathError

    found: list[tuple[Path, dict[str, Any] | str | None]] = []
    for rel in SETTINGS_FILES:
        path = Path(project_dir) / rel
        if not os.path.lexists(path):
            continue
        try:
            raw = safefs.read_bytes(path, limit=SETTINGS_LIMIT, what="settings file")
        except UnsafePathError as exc:
            if "too large" in str(exc):
                try:
                    st = os.stat(path)
                    seen = f"{st.st_size}:{st.st_mtime_ns}"
                except OSError:
                    seen = "?"
                found.append((rel, f"too large (over {SETTINGS_LIMIT // (1024 * 1024)} MiB); {seen}"))
            continue  # a FIFO, a device: not settings the CLI reads
        except OSError:
            continue  # missing, unreadable: the CLI cannot read it either
        try:
            data: Any = jsontext.loads(jsontext.cli_text(raw))  # as the CLI reads it
        except json.JSONDecodeError as exc:
            if exc.msg == "nested too deeply":  # valid JSON to the CLI, past Python's recursion limit
                found.append((rel, f"nested too deeply; sha256 {hashlib.sha256(raw).hexdigest()}"))
            continue
        except Exception:  # noqa: BLE001 - unreadable settings: the CLI will say so itself
            continue
        found.append((rel, data if isinstance(data, dict) else None))
    return found


UNCHECKED = "(unchecked)"


def unchecked(value: str) -> str:
    """Why a settings file was not checked, from the value ``claude_settings_redirects`` gives it."""
    return value.split(";")[0]


def claude_settings_redirects(project_dir: str | os.PathLike[str]) -> list[tuple[str, str, str]]:
    """(settings file, variable, value) for each variable of the project's settings ``env`` that chooses where
    the Claude CLI sends your credentials and prompts (``_redirects``); a file the CLI reads and ralphy cannot
    parse is one (file, UNCHECKED, why and its fingerprint): it may set any (trusting it holds until it changes)."""
    found = []
    for rel, data in _read_settings(project_dir):
        if isinstance(data, dict):
            found += [(str(rel), name, value) for name, value in _redirect_env(data).items()]
        elif isinstance(data, str):
            found.append((str(rel), UNCHECKED, data))
    return found


def _redirect_env(data: dict[str, Any]) -> dict[str, str]:
    """The variables of one settings file's ``env`` that choose where the CLI sends your credentials and prompts."""
    env = data.get("env")
    if not isinstance(env, dict):
        return {}
    return {str(name): str(value) for name, value in env.items() if _redirects(str(name))}


def require_cli_settings_trusted(project_dir: str | os.PathLike[str]) -> None:
    """Raise UntrustedConfigError when the project's settings redirect the CLI's traffic (its API endpoint, a
    proxy, the certificates it accepts, a telemetry collector) and the user has not trusted the project."""
    found = claude_settings_redirects(project_dir)
    outside = outside_reads(project_dir)
    if not (found or outside) or is_trusted(project_dir):
        return
    if not found:
        raise UntrustedConfigError(
            f"{outside_read(project_dir, outside)}: the Claude CLI would read that file into what it sends to the "
            f"model; ralphy does not start it in this project until you trust that: review it, then run "
            f"`ralphy trust {_shell_path(Path(project_dir))}`")
    rel, name, value = found[0]
    if name == UNCHECKED:
        raise UntrustedConfigError(
            f"{Path(project_dir) / rel} is {unchecked(value)} for ralphy to check what it sets in the Claude CLI's environment, "
            f"and the CLI reads it: it could send your credentials and prompts elsewhere; ralphy does not start it "
            f"in this project until you trust that: review it, then run `ralphy trust {_shell_path(Path(project_dir))}`")
    others = sorted({n for _, n, _ in found} - {name})
    more = f" (and {', '.join(others)})" if others else ""
    where = ("your prompts to the provider or the account it names" if _chooses_account(name)
             else "your credentials and prompts there")
    raise UntrustedConfigError(
        f"{Path(project_dir) / rel} sets {shown_setting(name, value)}{more} in the Claude CLI's environment: the CLI would "
        f"send {where}; ralphy does not start it in this project "
        f"until you trust that: review it, then run `ralphy trust {_shell_path(Path(project_dir))}`")


def outside_read(project_dir: str | os.PathLike[str], outside: list[tuple[str, str, str]]) -> str:
    """The first of ``outside_reads``'s finds in words: "/p/CLAUDE.md is a link to /home/me/.ssh/id_rsa, outside
    the project" (" (imported by CLAUDE.md)"; " (and 2 more)")."""
    file, real, importer = outside[0]
    by = f" (imported by {importer})" if importer else ""
    more = f" (and {len(outside) - 1} more)" if len(outside) > 1 else ""
    return f"{Path(project_dir) / file}{by} leads to {real}, outside the project{more}"


def claude_memory_risk(project_dir: str | os.PathLike[str]) -> str | None:
    """``outside_read`` as one of ``claude_settings_risks``'s findings, or None."""
    outside = outside_reads(project_dir)
    return f"{outside_read(project_dir, outside)}, and the CLI reads it into what it sends to the model" if outside \
        else None


def claude_settings_risks(project_dir: str | os.PathLike[str]) -> list[str]:
    """What the project's own Claude Code settings make the CLI do without asking: one text per finding."""
    memory = claude_memory_risk(project_dir)
    findings = [memory] if memory else []
    for rel, data in _read_settings(project_dir):
        if isinstance(data, str):
            findings.append(f"{rel} is {unchecked(data)} for ralphy to check what it makes the CLI do")
        if not isinstance(data, dict):
            continue
        if redirected := sorted(_redirect_env(data)):
            findings.append(f"{rel} sets {', '.join(redirected[:5])}, where the CLI sends your credentials and "
                            "prompts")
        hooks = data.get("hooks")
        if isinstance(hooks, dict) and hooks:
            findings.append(f"{rel} defines hooks ({', '.join(sorted(map(str, hooks))[:5])}) that run commands")
        permissions = data.get("permissions")
        modes = [permissions.get("defaultMode") if isinstance(permissions, dict) else None, data.get("defaultMode")]
        bypass = [mode for mode in modes if isinstance(mode, str) and mode in _BYPASS]  # any JSON value may be there
        if bypass:
            findings.append(f"{rel} sets the permission mode {bypass[0]}")
        helpers = [key for key in _HELPER_COMMANDS if isinstance(data.get(key), str) and data[key].strip()]
        if helpers:
            findings.append(f"{rel} sets {', '.join(helpers)}, {'commands' if len(helpers) > 1 else 'a command'}"
                            " the CLI runs")
        if data.get("enableAllProjectMcpServers") is True:
            findings.append(f"{rel} sets enableAllProjectMcpServers: the CLI starts every server .mcp.json names")
        approved = data.get("enabledMcpjsonServers")
        if isinstance(approved, list) and any(isinstance(name, str) for name in approved):
            names = sorted({name for name in approved if isinstance(name, str)})
            findings.append(f"{rel} approves .mcp.json servers ({', '.join(names[:5])}) that the CLI starts")
        env = data.get("env")
        risky = sorted(str(name) for name in env if str(name).upper() in _RISKY_ENV) if isinstance(env, dict) else []
        if risky:
            findings.append(f"{rel} sets {', '.join(risky[:5])} in the environment of what the CLI runs")
    return findings


# Settings whose value is a command the CLI runs (its schema in 2.1.330: "Path to a script that ...",
# "Shell command that ..."); apiKeyHelper was the first.
_HELPER_COMMANDS = ("apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "gcpAuthRefresh", "otelHeadersHelper",
                    "proxyAuthHelper")
# Variables that choose where the CLI sends your credentials and prompts: its API endpoint (measured with 2.0.0 and
# 2.1.330: a project's ANTHROPIC_BASE_URL wins over yours, and its server got the request, your key in it), a
# proxy and the certificates it accepts, a telemetry collector.
_REDIRECT_ENV = frozenset({"HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "NODE_EXTRA_CA_CERTS",
                           "NODE_TLS_REJECT_UNAUTHORIZED", "SSL_CERT_FILE", "SSL_CERT_DIR"})


# Variables that choose the provider or the account the CLI sends your prompts to (first18; measured with 2.0.0 and
# 2.1.331: a project's CLAUDE_CODE_USE_BEDROCK with its AWS_BEARER_TOKEN_BEDROCK sent every request to Bedrock in
# the account that token names, whose invocation logging keeps request bodies; a project's ANTHROPIC_API_KEY won over
# yours). Their values are credentials, some of them perhaps yours (a settings.local.json): never shown.
_ACCOUNT_ENV = frozenset({
    "ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN", "ANTHROPIC_FOUNDRY_API_KEY",
    "ANTHROPIC_FOUNDRY_RESOURCE", "ANTHROPIC_VERTEX_PROJECT_ID", "GOOGLE_APPLICATION_CREDENTIALS",
    "GOOGLE_CLOUD_PROJECT", "AWS_BEARER_TOKEN_BEDROCK", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY",
    "AWS_SESSION_TOKEN", "AWS_PROFILE", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE", "AWS_ROLE_ARN",
    "AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_CONTAINER_CREDENTIALS_FULL_URI", "AWS_CONTAINER_AUTHORIZATION_TOKEN"})
_ACCOUNT_PREFIXES = ("CLAUDE_CODE_USE_", "AWS_ENDPOINT_URL")


def _redirects(name: str) -> bool:
    upper = name.upper()
    return (upper.endswith("_BASE_URL") or upper in _REDIRECT_ENV
            or (upper.startswith("OTEL_EXPORTER_OTLP") and "ENDPOINT" in upper) or _chooses_account(upper))


def _chooses_account(name: str) -> bool:
    upper = name.upper()
    return upper in _ACCOUNT_ENV or upper.startswith(_ACCOUNT_PREFIXES)


def shown_setting(name: str, value: str) -> str:
    """``NAME='value'`` for an endpoint or a switch, and for a credential only its name: the value may be the user's."""
    if _chooses_account(name) and not name.upper().startswith("CLAUDE_CODE_USE_"):
        return f"{name} (its value not shown)"
    return f"{name}={value!r}"


# Variables that choose what a program loads or runs: in a repository's "env", they turn every command the CLI
# runs (its Bash tool, hooks, MCP servers) into the repository's.
_RISKY_ENV = frozenset({"PATH", "NODE_OPTIONS", "LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES",
                        "DYLD_LIBRARY_PATH", "PYTHONPATH", "PYTHONSTARTUP", "BASH_ENV", "ENV", "PERL5OPT",
                        "RUBYOPT", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF", "PROMPT_COMMAND", "SHELL"})
