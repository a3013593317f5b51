"""The ``ralphy`` command line: parse, call the library, echo. No library logic lives here.

Each command group has its own module (``ralphy.cli.<module>``), imported only when one of its commands runs:
``COMMANDS`` names each command's module and the one-line help ``ralphy --help`` shows, so ``ralphy --help``
imports nothing but click (a test checks these lines against the commands' own). This module also holds the
error boundary: a RalphyError is one line on stderr and its exit code; anything else is a bug and keeps its
traceback.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from ralphy import __version__
from ralphy.errors import RalphyError

# command -> (module that defines it, its short help as `ralphy --help` lists it)
COMMANDS: dict[str, tuple[str, str]] = {
    "agents": ("ralphy.cli.agents", "The project's Claude Code subagents."),
    "answer": ("ralphy.cli.history", "Answer question ID with TEXT; the next `ralphy dev` resumes Claude's session with it."),
    "doctor": ("ralphy.cli.doctor", "Check the Claude CLI, login, agents, config and trust for PROJECT_DIR (default: here)."),
    "dev": ("ralphy.cli.dev", "Run Claude Code on PROJECT_DIR iteration after iteration until TASKS.md is done."),
    "log": ("ralphy.cli.history", "The run history of PROJECT_DIR (default: here): the last run, or the last N, iteration by iteration."),
    "mcp": ("ralphy.cli.mcp", "An MCP server over stdio: the agents of PROJECT_DIR (default: here) for Claude Code to route to."),
    "prompt": ("ralphy.cli.prompt", "Print the dev prompt ralphy would give Claude for PROJECT_DIR (default: here)."),
    "questions": ("ralphy.cli.history", "The questions Claude asked in PROJECT_DIR (default: here) that wait for an answer."),
    "report": ("ralphy.cli.report", "Write one self-contained HTML page of a run of PROJECT_DIR (default: here): who did what, cost, time."),
    "reset": ("ralphy.cli.dev", "Close the circuit breaker of PROJECT_DIR (after you fixed what opened it)."),
    "serve": ("ralphy.cli.report", "Serve a live page of PROJECT_DIR's run (default: here) on 127.0.0.1; answer Claude's questions from it."),
    "status": ("ralphy.cli.history", "Where PROJECT_DIR stands: circuit breaker, tasks done per group, the last run, pending questions."),
    "tasks": ("ralphy.cli.tasks", "How ralphy reads PROJECT_DIR's task file (default: here): each task's id, group, status and line."),
    "trust": ("ralphy.cli.trust", "Trust PROJECT_DIR's ralphy config to choose what runs (claude_bin, extra_args, ...)."),
}  # fmt: skip


class _HelpFormatter(click.HelpFormatter):
    """click's help formatter, wrapping at spaces only: a model id (claude-sonnet-4-6), an option or a path is
    never cut at one of its hyphens."""

    def write_text(self, text: str) -> None:
        with _whole_words():
            super().write_text(text)

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:  # type: ignore[no-untyped-def]
        with _whole_words():
            super().write_dl(rows, col_max, col_spacing)


class _whole_words:  # noqa: N801 (a context manager; contextlib is not imported for `ralphy --help`)
    """While help is written, click's wrapper does not break words on hyphens."""

    def __enter__(self) -> None:
        try:
            import click._textwrap as textwrap_module
        except ImportError:  # pragma: no cover - another click: its own wrapping
            self.module = None
            return
        self.module, self.original = textwrap_module, textwrap_module.TextWrapper
        original = self.original

        class WholeWords(original):  # type: ignore[misc, valid-type]
            def __init__(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def]
                super().__init__(*args, **{**kwargs, "break_on_hyphens": False})

        textwrap_module.TextWrapper = WholeWords  # type: ignore[misc]

    def __exit__(self, *exc: object) -> None:
        if self.module is not None:
            self.module.TextWrapper = self.original  # type: ignore[misc]


class _Context(click.Context):
    formatter_class = _HelpFormatter


class RalphyGroup(click.Group):
    """The top-level group: commands load on first use, and a RalphyError becomes one line on stderr."""

    context_class = _Context

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(COMMANDS))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(COMMANDS[name][0])  # its decorators register it on `cli`
        command = self.commands.get(name)
        if command is not None:
            _accept_verbose(command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Every command with its whole one-line help (click wraps it; nothing is cut mid-word)."""
        rows = []
        for name in self.list_commands(ctx):
            if name in COMMANDS:
                rows.append((name, COMMANDS[name][1]))
            else:
                rows.append((name, self.commands[name].get_short_help_str(300)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _options_after_command(self, ctx, args))

    def resolve_command(self, ctx: click.Context, args: list[str]):  # type: ignore[no-untyped-def]
        return _resolve_naming_the_closest(self, ctx, args, super().resolve_command)

    def make_context(self, info_name, args, parent=None, **extra):  # type: ignore[no-untyped-def]
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.ClickException as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except RalphyError as exc:
            from ralphy.termsafe import one_line

            click.echo(f"ralphy: error: {one_line(str(exc))}", err=True)  # a path holding a newline: still one line
            ctx.exit(exc.exit_code)
        except click.ClickException as exc:  # a bad option or argument of a command: click says it in 4 lines
            raise _one_line(exc) from None
        except (KeyboardInterrupt, click.Abort):  # Ctrl-C: click said "Aborted!" and exit 1
            newline = "\n" if sys.stderr.isatty() else ""  # after the terminal's ^C
            click.echo(f"{newline}ralphy: interrupted", err=True)
            ctx.exit(130)


def _resolve_naming_the_closest(group: click.Group, ctx: click.Context, args: list[str], resolve):  # type: ignore[no-untyped-def]
    """``resolve(ctx, args)``, but a name that is no command is refused naming the closest of every command the
    group has: click suggests from the commands loaded so far, which for a group that loads them on first use is
    none (``ralphy agent list`` said only "No such command 'agent'")."""
    name = args[0] if args else ""
    if name and not name.startswith("-") and not ctx.resilient_parsing and group.get_command(ctx, name) is None:
        import difflib

        close = difflib.get_close_matches(name, group.list_commands(ctx), n=3)
        hint = (f" Did you mean {close[0]!r}?" if len(close) == 1
                else f" (Possible options: {', '.join(map(repr, close))})" if close else "")
        raise click.UsageError(f"No such command {name!r}.{hint}", ctx=ctx)
    return resolve(ctx, args)


def _options_after_command(group: click.Group, ctx: click.Context, args: list[str]) -> list[str]:
    """``args`` with a command's options written before its name moved after it: ``ralphy --json status`` is
    ``ralphy status --json``, ``ralphy -n 2 log`` is ``ralphy log -n 2`` (the group's own ``-v``, ``--version``
    and ``--help`` stay). Only when every word before the name is an option of that command, or its value; anything
    else is left for click to refuse as before. A group's subcommand right after it is the command
    (``ralphy --json agents list``)."""
    if not args or not args[0].startswith("-") or args[0] == "--":
        return args  # the usual line: the command first
    own = {opt for param in group.params for opt in (*param.opts, *param.secondary_opts)} | set(ctx.help_option_names)
    names = set(group.list_commands(ctx))
    for index, word in enumerate(args):
        if word == "--":
            return args
        if word not in names:
            continue
        command, path, rest = group.get_command(ctx, word), [word], args[index + 1:]
        if isinstance(command, click.Group) and rest and rest[0] in command.list_commands(ctx):
            command, path, rest = command.get_command(ctx, rest[0]), [word, rest[0]], rest[1:]
        split = _split_before(args[:index], own, command) if command is not None else None
        if split is not None:
            kept, moved = split
            return kept + path + moved + rest
    return args


def _split_before(words: list[str], own: set[str], command: click.Command) -> tuple[list[str], list[str]] | None:
    """(the group's own options, the command's options with their values) of ``words``, or None when a word is
    neither or a value is missing."""
    takes_value = {}
    for param in command.params:
        if isinstance(param, click.Option):
            for opt in param.opts:
                takes_value[opt] = not (param.is_flag or param.count)
            for opt in param.secondary_opts:
                takes_value[opt] = False
    kept: list[str] = []
    moved: list[str] = []
    position = 0
    while position < len(words):
        word = words[position]
        position += 1
        if word in own or (len(word) > 1 and word.startswith("-") and set(word[1:]) == {"v"}):
            kept.append(word)  # -v, -vv, --verbose, --version, -h, --help: the group's
            continue
        name = word.split("=", 1)[0] if word.startswith("--") else word
        if name not in takes_value:
            return None
        moved.append(word)
        if takes_value[name] and "=" not in word:
            if position >= len(words):
                return None
            moved.append(words[position])
            position += 1
    return (kept, moved) if moved else None


def _one_line(exc: click.ClickException) -> click.ClickException:
    """``exc`` shown as every other error is: one ``ralphy: error: ...`` line on stderr (its exit code kept: 2 for
    a usage error), naming the command whose ``--help`` lists the options, instead of click's usage block."""

    def show(file=None) -> None:  # type: ignore[no-untyped-def]
        ctx = getattr(exc, "ctx", None)
        where = f" (see `{ctx.command_path} --help`)" if isinstance(exc, click.UsageError) and ctx else ""
        from ralphy.termsafe import one_line

        click.echo(f"ralphy: error: {one_line(exc.format_message().rstrip('.'))}{where}", err=True)

    exc.show = show  # type: ignore[method-assign]
    return exc


_verbosity = 0  # -v counted before and after the subcommand


def _configure_logging(verbose: int) -> None:
    """Warnings as ``ralphy: warning: ...`` lines on stderr (and the info a command asks for as ``ralphy: ...``);
    with -v (info) or -vv (debug) every record, with its level and logger."""
    import logging

    global _verbosity
    _verbosity = verbose
    level = logging.DEBUG if verbose > 1 else logging.INFO if verbose else logging.WARNING
    handler = logging.StreamHandler(sys.stderr)
    if verbose:
        handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    else:
        handler.setFormatter(_PlainFormatter())
    root = logging.getLogger("ralphy")
    root.handlers[:] = [handler]
    root.setLevel(level)
    root.propagate = False


def _PlainFormatter():  # noqa: N802 (a class made on first use: logging is not imported for `ralphy --help`)
    import logging

    class PlainFormatter(logging.Formatter):
        def format(self, record: logging.LogRecord) -> str:
            text = record.getMessage()
            if record.levelno >= logging.WARNING:
                return f"ralphy: {record.levelname.lower()}: {text}"
            return f"ralphy: {text}"

    return PlainFormatter()


def _verbose_given(ctx: click.Context, param: click.Parameter, value: int) -> None:
    if value:
        _configure_logging(_verbosity + value)


def _accept_verbose(command: click.Command) -> None:
    """Give ``command`` (and, for a group, each of its commands) the ``-v`` option, so that ``ralphy status -v``
    works like ``ralphy -v status``."""
    command.context_class = _Context  # help wrapped at spaces only
    if not any("-v" in param.opts or "--verbose" in param.opts for param in command.params):
        command.params.append(click.Option(["-v", "--verbose"], count=True, expose_value=False,
                                           callback=_verbose_given, help="Log to stderr (-v info, -vv debug)."))
    if isinstance(command, click.Group) and not getattr(command, "_accepts_verbose", False):
        command._accepts_verbose = True  # type: ignore[attr-defined]
        find = command.get_command  # its own, which may import the subcommand on first use

        def get_command(ctx: click.Context, name: str) -> click.Command | None:
            sub = find(ctx, name)
            if sub is not None:
                _accept_verbose(sub)
            return sub

        command.get_command = get_command  # type: ignore[method-assign]
        parse, resolve = command.parse_args, command.resolve_command
        command.parse_args = lambda ctx, args: parse(ctx, _options_after_command(command, ctx, args))  # type: ignore[method-assign]
        command.resolve_command = lambda ctx, args: _resolve_naming_the_closest(command, ctx, args, resolve)  # type: ignore[method-assign]


@click.group(cls=RalphyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="ralphy")
@click.option("-v", "--verbose", count=True, help="Log to stderr (-v info, -vv debug); also after the command.")
def cli(verbose: int) -> None:
    """A dev loop for Claude Code: discover subagents, render the dev prompt, run the Claude CLI until TASKS.md
    is done."""
    global _verbosity
    _verbosity = 0  # a new command line (tests run several in one process)
    _configure_logging(verbose)


# what writes data for a program on stdout, left as ralphy made it when piped: the prompt Claude gets, JSON (which
# escapes control characters itself), the MCP server's JSON-RPC; everything else there is text for people
_DATA_COMMANDS = frozenset({"prompt", "mcp"})


def _for_people(args: list[str]) -> bool:
    """The command line's stdout is text for people (tables, summaries, the plain output of `ralphy dev`)."""
    if "--json" in args:
        return False
    command = next((arg for arg in args if not arg.startswith("-")), None)
    return command not in _DATA_COMMANDS


def main() -> None:
    """The ``ralphy`` program. Once the command is done, the process ends without the interpreter's teardown of
    every imported module (about 25 ms, a tenth of a ``ralphy dev`` iteration against a fast model): by then
    everything ralphy writes is closed or committed, and stdout, stderr and the log handlers are flushed here."""
    from ralphy.interrupts import ignore_from_now, stop_on_termination
    from ralphy.termsafe import guard_streams

    stop_on_termination()  # (done already when started as `ralphy`; here for a caller of this function)
    guard_streams(_for_people(sys.argv[1:]))  # text from the repository or the model never drives the user's terminal
    try:
        cli.main(prog_name="ralphy")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
    ignore_from_now()  # the command is over: a late signal must not cut the way out short with a traceback
    from ralphy import prestart

    prestart.end_unused()  # a CLI started for a `dev` that never ran (e.g. a usage error)
    if "logging" in sys.modules:
        sys.modules["logging"].shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)
