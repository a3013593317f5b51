"""``ralphy mcp --install``: the ``ralphy`` server added to the project's ``.mcp.json``, started as this very
ralphy whatever PATH the client has; every other server and key of the file kept."""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from ralphy import jsontext
from ralphy.errors import ConfigError
from ralphy.mcp_server import SERVER_NAME

MCP_JSON = ".mcp.json"


def server_entry(*, argv0: str | None = None, search_path: str | None = None) -> dict[str, Any]:
    """How a client starts ``ralphy mcp`` in the project folder: this very ralphy, whatever PATH the client has.

    The absolute path of the running ``ralphy`` program, since Claude Code may be started with a PATH that does
    not hold the virtual environment ralphy runs from (an editor, another shell, a desktop launcher). A plain
    ``ralphy`` (portable, fit for a shared ``.mcp.json``) only when PATH finds this same program outside any
    activated environment (pipx's or uv's ``~/.local/bin``, a system install). Without a ``ralphy`` program (run
    as ``python -m ralphy``), this Python with ``-m ralphy``. ``argv0`` / ``search_path``: the program and PATH
    to judge (default: this process's).
    """
    running = _running_program(sys.argv[0] if argv0 is None else argv0)
    if running is None:
        return {"command": sys.executable, "args": ["-m", "ralphy", "mcp"]}
    found = shutil.which("ralphy", path=search_path)
    if found and _same_file(found, running) and not _in_an_environment(Path(os.path.abspath(found)).parent):
        return {"command": "ralphy", "args": ["mcp"]}
    return {"command": str(running), "args": ["mcp"]}


def _running_program(argv0: str) -> Path | None:
    """The ``ralphy`` program this process runs as (absolute, links kept), else the one beside this Python."""
    candidates = [Path(argv0)] if Path(argv0).name == "ralphy" else []
    candidates.append(Path(sysconfig.get_path("scripts")) / "ralphy")
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return Path(os.path.abspath(candidate))
    return None


def _same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _in_an_environment(folder: Path) -> bool:
    """Is ``folder`` inside a virtual or conda environment, on PATH only while that environment is activated?"""
    prefixes = [os.environ.get("VIRTUAL_ENV"), os.environ.get("CONDA_PREFIX")]
    if sys.prefix != sys.base_prefix:
        prefixes.append(sys.prefix)
    real = Path(os.path.realpath(folder))
    return any(real.is_relative_to(os.path.realpath(prefix)) for prefix in prefixes if prefix)


MAX_MCP_JSON_BYTES = 16 * 1024 * 1024


def install(project_dir: str | os.PathLike[str], entry: dict[str, Any] | None = None) -> tuple[Path, str]:
    """Add the ``ralphy`` server to the project's ``.mcp.json``, keeping every other server and key.

    Returns (the file, what happened: "created", "added", "updated" or "unchanged"). A file that is not a JSON
    object with an object ``mcpServers``, or that gives a key twice in one object, is refused (ConfigError) and left
    as it is.
    """
    path = Path(project_dir) / MCP_JSON
    entry = entry or server_entry()
    data: dict[str, Any] = {}
    mode = None  # a new file: 0o666 less the umask, as any editor would create it
    if path.exists() or path.is_symlink():
        if path.is_symlink():  # a repository's link may point anywhere: nothing is written through one
            raise ConfigError(f"{path} is a symbolic link (to {_link_target(path)}); ralphy writes no file through a "
                              "link: replace the link with a copy, or add the server where it points yourself; nothing "
                              "was written")
        if path.is_dir():
            raise ConfigError(f"{path} is a folder, not a file; nothing was written")
        if not path.is_file():
            raise ConfigError(f"{path} is not a regular file; nothing was written")
        mode = stat.S_IMODE(path.stat().st_mode)
        if not mode & 0o222:  # checked by its mode, not os.access: root may write anything
            raise ConfigError(f"{path} is read-only; nothing was written (make it writable to add the server)")
        from ralphy import safefs
        from ralphy.errors import UnsafePathError

        try:
            text = safefs.read_text(path, limit=MAX_MCP_JSON_BYTES, what=".mcp.json")
            data = jsontext.loads(text)
        except UnsafePathError as exc:  # a sparse 10 GB file was read whole into memory
            raise ConfigError(f"{exc}; nothing was written") from None
        except OSError as exc:  # unreadable (permissions), which root never meets
            raise ConfigError(f"cannot read {path}: {exc.strerror or exc}; nothing was written") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ConfigError(f"{path} is not valid JSON ({exc}); fix it or move it away, nothing was written") from None
        if not isinstance(data, dict) or not isinstance(data.get("mcpServers", {}), dict):
            raise ConfigError(f"{path} must be a JSON object whose mcpServers is an object; nothing was written")
        twice = jsontext.duplicate_key(text)
        if twice:  # the parse kept the last; written back, the first would be gone
            raise ConfigError(f"{path} has the key {' > '.join(twice)} twice; JSON keeps only the last, so writing the "
                              "file back would lose the first: remove one, nothing was written")
    try:  # NaN or Infinity (not JSON), or 1e999 read as inf: written back, no JSON parser would read the file
        json.dumps(data, allow_nan=False)
    except ValueError:
        raise ConfigError(f"{path} holds a number JSON cannot write back (NaN, Infinity, or past 1.8e308 such as "
                          "1e999); fix it, nothing was written") from None
    servers = data.setdefault("mcpServers", {})
    if servers.get(SERVER_NAME) == entry:
        return path, "unchanged"
    outcome = "created" if not path.exists() else "updated" if SERVER_NAME in servers else "added"
    servers[SERVER_NAME] = entry
    if mode is None:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        fd, temp = tempfile.mkstemp(prefix=".mcp.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise ConfigError(f"cannot write {path}: {exc.strerror or exc}; nothing was written") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        os.chmod(temp, mode)  # mkstemp's 0600 would hide the file from the rest of the team
        os.replace(temp, path)
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise ConfigError(f"cannot write {path}: {exc.strerror or exc}; it was left as it was") from None
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path, outcome


def _link_target(path: Path) -> str:
    """Where the link ``path`` points, as written in it (shortened), for a message (the CLI shows its controls)."""
    try:
        target = os.readlink(path)
    except OSError:
        return "?"
    return target if len(target) <= 200 else target[:197] + "..."
