"""The Claude CLI as a command: which binary, which arguments, which environment; start it, end it.

Kept light (stdlib only, no ralphy imports beyond errors) so ``ralphy dev`` can start the CLI before it imports
the rest of ralphy: the CLI needs ~0.4 s to boot before it reads its prompt, and ralphy's own start-up fits in
that time instead of adding to it.
"""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING, Mapping, Sequence

if TYPE_CHECKING:  # imported where used: resolving the binary (`ralphy prompt`) needs neither
    import subprocess

from ralphy.errors import ClaudeNotFoundError


def install_hint() -> str:
    """How to install the CLI, at the version ralphy is tested with (``version.INSTALL_COMMAND``, read only when a
    hint is shown: this module stays light)."""
    from ralphy.claude.version import INSTALL_COMMAND

    return f"install it with `{INSTALL_COMMAND}`"


def start_hint(binary: str, errno: int | None) -> str:
    """What to do when ``binary`` cannot be started. An npm install whose postinstall did not run (``--ignore-scripts``,
    pnpm without approving the package's build) leaves the package's ``bin/claude.exe`` a shell script with no
    ``#!`` line that only prints an error: exec says "Exec format error", and the package's ``install.cjs`` puts the
    native binary in its place."""
    import errno as errnos

    if errno == errnos.ENOEXEC:
        from ralphy.claude.version import cli_package
        from ralphy.termsafe import shell_word

        package = os.path.dirname(os.path.dirname(os.path.realpath(binary)))
        if cli_package(binary) is not None and os.path.isfile(os.path.join(package, "install.cjs")):
            return ("its native binary is not installed (npm's postinstall did not run: --ignore-scripts, or pnpm "
                    f"without approving its build); run `node {shell_word(os.path.join(package, 'install.cjs'))}` "
                    "once, or reinstall it without --ignore-scripts")
    return install_hint()


# Set by Claude Code for the processes it starts; a nested CLI would take them as its own.
CLAUDE_CODE_MARKERS = (
    "CLAUDECODE",
    "CLAUDE_CODE_ENTRYPOINT",
    "CLAUDE_CODE_SESSION_ID",
    "CLAUDE_CODE_CHILD_SESSION",
    "CLAUDE_CODE_SSE_PORT",
)
# stream-json in both directions and permission requests on stdio: how ``ralphy.claude.driver`` talks to the CLI
STREAM_FLAGS = ("--input-format", "stream-json", "--output-format", "stream-json", "--verbose",
                "--permission-prompt-tool", "stdio")


def build_argv(
    claude_bin: str,
    *,
    model: str | None,
    permission_mode: str | None,
    allowed_tools: Sequence[str],
    max_turns: int | None,
    extra_args: Sequence[str],
    resume_session: str | None = None,
) -> list[str]:
    """The CLI command line for one headless run driven over stream-json in both directions
    (``ralphy.claude.driver``): the prompt goes as a user turn on stdin, permission requests come back."""
    argv = [claude_bin, "-p", *STREAM_FLAGS]
    if allowed_tools:
        argv += ["--allowedTools", ",".join(allowed_tools)]
    if model:
        argv += ["--model", model]
    if permission_mode:
        argv += ["--permission-mode", permission_mode]
    if max_turns is not None:
        argv += ["--max-turns", str(max_turns)]
    if resume_session:
        argv += ["--resume", resume_session]
    return argv + list(extra_args)


def with_stream_flags(argv: Sequence[str]) -> list[str]:
    """``argv`` with the stream-json input and stdio permission flags (added after ``-p`` when missing)."""
    argv = list(argv)
    extra: list[str] = []
    if "--input-format" not in argv:
        extra += ["--input-format", "stream-json"]
    if "--permission-prompt-tool" not in argv:
        extra += ["--permission-prompt-tool", "stdio"]
    if "--output-format" not in argv:
        extra += ["--output-format", "stream-json", "--verbose"]
    if "-p" not in argv and "--print" not in argv:
        extra = ["-p", *extra]
    return argv[:1] + extra + argv[1:]


def argv_for(claude_bin: str, config, resume_session: str | None = None) -> list[str]:
    """``build_argv`` with the settings of a ``ralphy.config.Config``: its ``allowed_tools`` without the entries a
    deny or ask rule of its ``permissions`` names (``permissions.split_allowed_tools``: ralphy's policy decides
    those, so the rules are consulted)."""
    allowed_tools = config.allowed_tools
    if config.permissions:  # most configs have none: the pre-start path imports nothing more
        from ralphy.claude.permissions import split_allowed_tools

        allowed_tools = split_allowed_tools(allowed_tools, config.permissions)[0]
    return build_argv(
        claude_bin, model=config.model, permission_mode=config.permission_mode, allowed_tools=allowed_tools,
        max_turns=config.max_turns, extra_args=config.extra_args, resume_session=resume_session,
    )


def searched_path(path: str | None) -> str:
    """``PATH`` without its relative entries (``.``, ``node_modules/.bin``, an empty one): those name folders of
    whatever the current folder is, the repository ralphy runs on, which could ship its own ``claude`` or
    ``git`` there. Like Go's ``exec.LookPath`` since 1.19, ralphy looks programs up in absolute folders only."""
    return os.pathsep.join(entry for entry in (path or os.defpath).split(os.pathsep) if os.path.isabs(entry))


def find_program(name: str, environ: Mapping[str, str] = os.environ) -> str | None:
    """The absolute path of program ``name`` (a bare name) on ``PATH``'s absolute entries, or None."""
    found = shutil.which(name, path=searched_path(environ.get("PATH")))
    return os.path.abspath(found) if found else None


def exec_argv(argv: Sequence[str], environ: Mapping[str, str]) -> list[str]:
    """``argv`` as ralphy executes it: a script whose ``#!`` line is ``/usr/bin/env NAME`` (npm's ``cli.js`` is
    ``#!/usr/bin/env node``, up to CLI 2.1.1xx) is run by ``NAME`` from ``PATH``'s absolute entries, the way
    ralphy finds the CLI itself. Left to the kernel, ``env`` looks ``NAME`` up on the whole ``PATH`` from the
    CLI's folder, the project: a relative entry (``node_modules/.bin``) ran the repository's own ``node``.
    Anything else is executed as it is."""
    try:
        with open(argv[0], "rb") as script:
            head = script.read(256)
    except OSError:
        return list(argv)
    if not head.startswith(b"#!"):
        return list(argv)
    words = head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").split()
    if len(words) < 2 or os.path.basename(words[0]) != "env":
        return list(argv)
    program, options = (words[2], words[3:]) if words[1] == "-S" and len(words) > 2 else (words[1], [])
    if len(words) > 2 and words[1] != "-S" or program.startswith("-") or "=" in program or os.sep in program:
        return list(argv)  # not one program name: env's own options, an assignment, a path (taken as it is)
    found = find_program(program, environ)
    if found is None:
        raise ClaudeNotFoundError(
            f"the Claude CLI {argv[0]} is run by `{program}` (its #! line), which is not in an absolute folder of "
            f"PATH{_relative_hint(program, environ.get('PATH', os.defpath))}; {install_hint()}")
    return [found, *options, *argv]


def _relative_hint(name: str, path: str) -> str:
    """Says so when only a relative PATH entry holds ``name`` (ralphy does not search those)."""
    relative = [entry or "." for entry in path.split(os.pathsep) if not os.path.isabs(entry)]
    if relative and shutil.which(name, path=os.pathsep.join(e or "." for e in relative)):
        return (f" (PATH's relative entries such as {relative[0]!r} are not searched: a repository could ship its "
                f"own `{name}` there; give the CLI's absolute path with --claude-bin or RALPHY_CLAUDE_BIN)")
    return ""


def resolve_claude_bin(explicit: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The CLI to run, as an absolute path: ``--claude-bin``, else ``$RALPHY_CLAUDE_BIN``, else ``claude`` on
    ``PATH`` (its absolute entries only: see ``searched_path``). A path with a ``/`` is the user's own choice
    (flags and variables are trusted) and is made absolute, since the CLI runs in the project's folder."""
    path = environ.get("PATH", os.defpath)
    from_env = environ.get("RALPHY_CLAUDE_BIN")
    # a Config's claude_bin may itself come from RALPHY_CLAUDE_BIN: name the variable then
    explicit_origin = "RALPHY_CLAUDE_BIN" if explicit and explicit == from_env else "--claude-bin"
    for origin, wanted in ((explicit_origin, explicit), ("RALPHY_CLAUDE_BIN", from_env)):
        if wanted:
            if os.sep in wanted or (os.altsep and os.altsep in wanted):
                found = shutil.which(wanted, path=path)
            else:
                found = shutil.which(wanted, path=searched_path(path))
            if found is None:
                hint = "" if os.sep in wanted else _relative_hint(wanted, path)
                raise ClaudeNotFoundError(
                    f"{origin} {wanted!r} is not an executable Claude CLI{hint}; fix it or {install_hint()}"
                )
            return os.path.abspath(found)
    found = shutil.which("claude", path=searched_path(path))
    if found is None:
        raise ClaudeNotFoundError(
            f"the Claude CLI (`claude`) is not on PATH{_relative_hint('claude', path)}; {install_hint()}")
    return os.path.abspath(found)


def child_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The CLI's environment: ``environ`` without the markers of running inside Claude Code, and with
    ``PATH``'s relative entries after its absolute ones. The CLI runs in the project, where a relative entry
    (``node_modules/.bin``) names the repository's folder: CLI 2.1.62 runs ``npm root -g`` as it starts, and
    npm's ``#!/usr/bin/env node`` ran the repository's ``node_modules/.bin/node`` before any model turn (in
    ``ralphy doctor`` too). After the absolute entries, a program the system has is the system's, and a tool
    only the project has (``jest``) is still found."""
    env = {key: value for key, value in environ.items() if key not in CLAUDE_CODE_MARKERS}
    if "PATH" in env:
        entries = env["PATH"].split(os.pathsep)
        absolute = [entry for entry in entries if os.path.isabs(entry)]
        env["PATH"] = os.pathsep.join(absolute + [entry for entry in entries if not os.path.isabs(entry)])
    return env


def spawn(argv: Sequence[str], *, cwd: str | os.PathLike[str], env: Mapping[str, str]) -> subprocess.Popen[bytes]:
    """Start the CLI in a process group of its own, with pipes for stdin, stdout and stderr. Not in a folder
    whose ``.claude/settings*.json`` send the CLI's traffic elsewhere, unless the user trusted it
    (``ralphy.trust.require_cli_settings_trusted``)."""
    import subprocess

    from ralphy.trust import require_cli_settings_trusted

    from ralphy import interrupts

    require_cli_settings_trusted(cwd)

    process = None
    try:
        with interrupts.held():  # Ctrl-C while it starts: raised once it is ours to end (below)
            process = subprocess.Popen(
                exec_argv(argv, env),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=dict(env),
                start_new_session=True,
            )
    except OSError as error:
        if error.filename is not None and os.fspath(error.filename) == os.fspath(cwd):
            raise  # the working directory is wrong: the caller's concern, not a missing CLI
        raise ClaudeNotFoundError(f"cannot start the Claude CLI {argv[0]!r} ({error.strerror}); "
                                  f"{start_hint(argv[0], error.errno)}") from None
    except BaseException:
        if process is not None:  # interrupted as it started: not left working in the project
            end_group(process, grace=1.0)
            for pipe in (process.stdin, process.stdout, process.stderr):
                try:
                    pipe.close()
                except OSError:
                    pass
        raise
    return process


def end_group(proc: subprocess.Popen[bytes], grace: float) -> None:
    """End the CLI and everything in its process group: SIGTERM, then SIGKILL after ``grace`` seconds.

    The leader is waited for without being reaped (``WNOWAIT``) until the final SIGKILL, so its
    process-group id cannot be reused by an unrelated process meanwhile.
    """
    import signal
    import time

    signal_group(proc.pid, signal.SIGTERM)
    wait_for_exit(proc, time.monotonic() + grace)
    signal_group(proc.pid, signal.SIGKILL)
    proc.kill()  # in case the CLI moved itself to another group; harmless otherwise (not yet reaped)
    proc.wait()


def wait_for_exit(proc: subprocess.Popen[bytes], deadline: float) -> bool:
    """Wait until the CLI has exited (without reaping it where the OS allows) or ``deadline``; True if it exited."""
    import time

    while not has_exited(proc):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)
    return True


def has_exited(proc: subprocess.Popen[bytes]) -> bool:
    """Has the CLI exited? Where ``os.waitid`` exists (Linux; macOS from Python 3.13) the child is not reaped,
    so its process-group id cannot be reused before ``end_group`` signals the group; elsewhere it is reaped."""
    if not hasattr(os, "waitid"):
        return proc.poll() is not None
    try:
        return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # already reaped
        return True


def signal_group(pgid: int, signum: int) -> None:
    try:
        os.killpg(pgid, signum)
    except ProcessLookupError:  # nobody left in the group
        pass
