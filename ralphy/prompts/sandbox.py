"""Rendering a template a project may have written: Jinja's sandbox with bounds on what a template may build,
and limits on its time, memory and output (docs/security.md, "Templates are data, not code").

``render_here`` renders in this process (packaged templates, or where a child cannot be forked);
``render_in_child`` renders a project's template in a forked child with its address space and CPU time capped.
Whatever the sandbox or the limits refuse is a one-line TemplateError naming the file. The limits are this
module's constants (tests lower them here).
"""

from __future__ import annotations

import contextlib
import functools
import os
import re
import sys
from pathlib import Path
from typing import Any, Mapping

from ralphy.errors import TemplateError

MAX_TEMPLATE_BYTES = 1024 * 1024
MAX_OUTPUT_CHARS = 16 * 1024 * 1024  # far above any prompt the CLI takes
MAX_REPEAT_CHARS = 1024 * 1024  # "x" * n, [..] * n in a template
RENDER_SECONDS = 10.0


class _TooMuch(Exception):
    """A template asked for more than the limits allow."""


@functools.cache
def _sandbox_class():
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError

    from jinja2.compiler import CodeGenerator

    class BoundedConcat(CodeGenerator):
        """``a ~ b`` calls ``environment.concat_bounded`` (Jinja's own ``str_join`` is out of the sandbox's reach:
        ``ns.s ~ ns.s`` in a loop doubles a string to gigabytes)."""

        def visit_Concat(self, node, frame):
            self.write("environment.concat_bounded((")
            for arg in node.nodes:
                self.visit(arg, frame)
                self.write(", ")
            self.write("))")

    class Sandbox(ImmutableSandboxedEnvironment):
        """Jinja's immutable sandbox, with repetition and powers bounded (they would exhaust memory or time)."""

        intercepted_binops = frozenset(["*", "**", "%", "+"])
        bounded_filters: dict = {}
        code_generator_class = BoundedConcat

        @staticmethod
        def concat(parts) -> str:  # {% set %}...{% endset %}, macros and blocks join their output with this
            texts = list(parts)
            if sum(map(len, texts)) > MAX_OUTPUT_CHARS:
                raise _TooMuch(f"a string of over {MAX_OUTPUT_CHARS} characters")
            return "".join(texts)

        @classmethod
        def concat_bounded(cls, parts) -> str:
            return cls.concat([str(part) for part in parts])

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.filters.update(self.bounded_filters)

        def call_binop(self, context, operator, left, right):
            if operator == "%" and isinstance(left, str):
                _check_printf(left, right)
            if operator == "+" and isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
                if len(left) + len(right) > MAX_OUTPUT_CHARS:
                    raise _TooMuch(f"a sequence of over {MAX_OUTPUT_CHARS} items")
            if operator == "*":
                for seq, n in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_REPEAT_CHARS:
                        raise SecurityError(f"a repetition of {len(seq)} x {n} is over the limit")
            if operator == "*" and isinstance(left, int) and isinstance(right, int):
                if left.bit_length() + right.bit_length() > 100_000:  # squaring in a loop: minutes in one C call
                    raise SecurityError("a product that large is over the limit")
            if operator == "**" and isinstance(left, int) and isinstance(right, int):
                if abs(left) > 1 and right * max(abs(left).bit_length(), 1) > 100_000:
                    raise SecurityError("a power that large is over the limit")
            return super().call_binop(context, operator, left, right)

        def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 - Jinja's own signature
            _check_call(__obj, args, kwargs)
            return super().call(__context, __obj, *args, **kwargs)

    class Loader(jinja2.BaseLoader):
        """Templates from ``search`` (first match wins), each a regular file inside its root, links followed."""

        def __init__(self, search: list[tuple[Path, Path]]):
            self.search = search

        def get_source(self, environment, template):
            from jinja2.loaders import split_template_path

            from ralphy import safefs
            from ralphy.errors import UnsafePathError

            pieces = split_template_path(template)  # refuses ".." and absolute names
            if not _NAME.fullmatch(template):
                raise TemplateError(_name_refused(self.search[0][0], template))
            for base, root in self.search:
                path = base.joinpath(*pieces)
                if not os.path.lexists(path):
                    continue
                # realpath: Path.resolve raises RuntimeError on a link to itself (Python 3.11)
                real, real_root = Path(os.path.realpath(path)), Path(os.path.realpath(root))
                if real != real_root and real_root not in real.parents:
                    raise TemplateError(f"{path}: prompt template leads outside {root} (to {real}); remove the link")
                try:
                    text = safefs.read_text(path, limit=MAX_TEMPLATE_BYTES, what="prompt template")
                except UnsafePathError as exc:
                    raise TemplateError(str(exc)) from None
                except IsADirectoryError:
                    continue
                except OSError as exc:
                    raise TemplateError(f"{path}: cannot read the prompt template: {exc.strerror or exc}") from None
                return text, str(path), lambda: True
            raise jinja2.TemplateNotFound(template)

    def _bounded_filter(name, check):
        plain = jinja2.filters.FILTERS[name]

        @functools.wraps(plain)
        def bounded(*args, **kwargs):
            check(args, kwargs)
            return plain(*args, **kwargs)

        return bounded

    def _check_format_filter(args, kwargs):
        if args and isinstance(args[0], str):
            _check_printf(args[0], tuple(args[1:]) + tuple(kwargs.values()))

    plain_join = jinja2.filters.FILTERS["join"]

    @jinja2.pass_eval_context
    def bounded_join(eval_ctx, value, d="", attribute=None):
        items = list(value)
        if isinstance(d, str) and len(d) * len(items) > MAX_REPEAT_CHARS * 16:
            raise _refuse("a join that long")
        return plain_join(eval_ctx, items, d, attribute)

    # Filters whose output size the template chooses (a width, a separator, a replacement): bounded like `*`.
    Sandbox.bounded_filters = {
        "center": _bounded_filter("center", lambda args, kwargs: _check_sizes(args[1:], kwargs)),
        "indent": _bounded_filter("indent", lambda args, kwargs: _check_sizes(args[1:], kwargs)),
        "format": _bounded_filter("format", _check_format_filter),
        "replace": _bounded_filter("replace", lambda args, kwargs: _check_replace(*args[1:4])),
        "join": bounded_join,
    }
    return Sandbox, Loader


# The characters a template's file name may hold. Jinja writes a template's name into the Python it compiles
# (before 3.1.5 inside an f-string: `{...}` in the name of a template that imports a missing name ran as code,
# CVE-2024-56201); a repository chooses its file names, so a name with braces, quotes, backslashes or control
# characters is refused before Jinja sees it, whatever Jinja's version.
_NAME = re.compile(r"[\w.\- /+@,~=]+")
# Jinja releases with known ways out of the sandbox for a template's author: CVE-2024-56201 (3.1.5),
# CVE-2024-56326 (3.1.5), CVE-2025-27516 (3.1.6). A project's template is not rendered by one of them.
SAFE_JINJA = (3, 1, 6)


def _name_refused(folder: Path, name: str) -> str:
    return (f"{folder}: the prompt template {name!r} has a file name ralphy does not load (letters, digits, spaces"
            " and . _ - / + @ , ~ = only: Jinja compiles a template's name into Python); rename it")


def unsafe_jinja() -> str | None:
    """The installed Jinja's version when it is older than SAFE_JINJA (its sandbox has known escapes), else None."""
    import jinja2

    version = getattr(jinja2, "__version__", "0")
    parts = []
    for piece in version.split(".")[:3]:
        digits = re.match(r"\d*", piece).group()
        parts.append(int(digits) if digits else 0)
    return version if tuple(parts) < SAFE_JINJA else None


def require_safe_jinja(where: str) -> None:
    """A TemplateError naming ``where`` when the installed Jinja's sandbox has known escapes."""
    version = unsafe_jinja()
    if version is not None:
        raise TemplateError(
            f"{where}: not rendered: Jinja {version} is installed, whose sandbox a template can escape "
            f"(CVE-2024-56201, CVE-2024-56326, CVE-2025-27516); upgrade it "
            f"(`pip install 'jinja2>={'.'.join(map(str, SAFE_JINJA))}'`) or remove the project's template"
        )


_WIDTH = re.compile(r"\d{7,}")  # a width or precision of a million or more in a format string
_PRINTF_STAR = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d*\.\*)")
_NESTED_FIELD = re.compile(r"\{[^{}]*\{")
_WIDTH_METHODS = frozenset(["center", "ljust", "rjust", "zfill", "expandtabs"])
_FORMAT_METHODS = frozenset(["format", "format_map"])


def _refuse(what: str):
    from jinja2.sandbox import SecurityError

    return SecurityError(f"{what} is over the limit of {MAX_REPEAT_CHARS} characters")


def _check_sizes(args, kwargs) -> None:
    """No int argument that asks for a string of over MAX_REPEAT_CHARS characters (a width, a tab size)."""
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_REPEAT_CHARS:
            raise _refuse(f"a width of {value}")


def _check_printf(text: str, values) -> None:
    """``'%9999999999d' % 1`` (or ``'%*d' % (10**10, 1)``) would allocate gigabytes in one C call."""
    if _WIDTH.search(text):
        raise _refuse(f"a format width in {text[:40]!r}")
    if _PRINTF_STAR.search(text):
        _check_sizes(values if isinstance(values, tuple) else (values,), {})


def _check_replace(text=None, old=None, new=None) -> None:
    if isinstance(text, str) and isinstance(old, str) and isinstance(new, str) and len(new) > len(old):
        grows = (text.count(old) if old else len(text) + 1) * (len(new) - len(old))
        if len(text) + grows > MAX_REPEAT_CHARS * 16:
            raise _refuse("a replace that grows the text")


def _check_call(obj, args, kwargs) -> None:
    """Calls of str methods whose output size the template chooses, checked before they allocate."""
    obj = getattr(obj, "__wrapped__", obj)  # the sandbox wraps str.format / format_map
    owner, name = getattr(obj, "__self__", None), getattr(obj, "__name__", "")
    if not isinstance(owner, str):
        return
    if name in _WIDTH_METHODS:
        if name == "expandtabs":
            args = tuple(a * max(owner.count("\t"), 1) if isinstance(a, int) else a for a in args)
        _check_sizes(args, kwargs)
    elif name in _FORMAT_METHODS:
        if _WIDTH.search(owner):
            raise _refuse(f"a format width in {owner[:40]!r}")
        if _NESTED_FIELD.search(owner):  # '{:>{w}}': a width given as an argument
            _check_sizes(args, kwargs)
            if name == "format_map" and args and isinstance(args[0], dict):
                _check_sizes((), args[0])
    elif name == "replace":
        _check_replace(owner, *args[:2])
    elif name == "join" and args and isinstance(args[0], (list, tuple)):
        if len(owner) * len(args[0]) > MAX_REPEAT_CHARS * 16:
            raise _refuse("a join that long")


def _environment(search_path: list[Path] | list[tuple[Path, Path]]):
    import jinja2

    sandbox, loader = _sandbox_class()
    search = [entry if isinstance(entry, tuple) else (entry, entry) for entry in search_path]
    return sandbox(
        loader=loader(search),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        optimized=False,  # nothing computed while compiling, outside the sandbox's checks and the time limit
    )

def render_here(search: list[tuple[Path, Path]], name: str, context: Mapping[str, Any]) -> str:
    """Load and render in this process; whatever goes wrong is a one-line TemplateError."""
    import jinja2

    from jinja2.sandbox import SecurityError

    env = _environment(search)
    where = next((str(base / name) for base, _ in search if os.path.lexists(base / name)), name)
    try:
        # compiled inside the bounds too: Jinja's code generator evaluates constant output expressions while
        # compiling, even unoptimised ({{ [0]|batch(330000000, 0)|first|length }} took 2.6 GB there)
        return _render_bounded(lambda: env.get_template(name), context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateError(f"{exc.filename or name}:{exc.lineno}: template syntax error: {exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise TemplateError(
            f"{where}: {exc.message} (ralphy provides: {', '.join(sorted(context))})"
        ) from None
    except jinja2.TemplateNotFound as exc:
        missing = "" if exc.name == name else f" (it includes {exc.name!r})"
        raise TemplateError(f"prompt template {name!r} not found in {', '.join(str(b) for b, _ in search)}{missing}") from None
    except UnicodeDecodeError:
        raise TemplateError(f"{where}: prompt template is not UTF-8 text") from None
    except SecurityError as exc:
        raise TemplateError(f"{_at(exc, where)}: the template does what a prompt template may not ({exc})") from None
    except _TooMuch as exc:
        raise TemplateError(f"{_at(exc, where)}: {exc}") from None
    except RecursionError as exc:
        raise TemplateError(f"{_at(exc, where)}: the template recurses too deeply") from None
    except MemoryError as exc:
        raise TemplateError(f"{_at(exc, where)}: the template needs too much memory") from None
    except (jinja2.TemplateError, ArithmeticError, TypeError, ValueError, LookupError, AttributeError) as exc:
        raise TemplateError(f"{_at(exc, where)}: the template failed: {type(exc).__name__}: {exc}") from None



# A project's template renders in a child process (fork) on Linux: its address space (RLIMIT_AS) and CPU time
# (RLIMIT_CPU) are capped there whatever threads this process runs (`ralphy dev` renders while the CLI's reader
# threads run, when the memory cap cannot be set here: a process started meanwhile would inherit it), and one C
# call the time limit cannot interrupt ends with the child (`[0]|batch(5*10**8, 0)`, ``'{:999999}' * 50000``).
CAN_FORK = hasattr(os, "fork") and sys.platform.startswith("linux")
CHILD_GRACE_SECONDS = 5.0  # past RENDER_SECONDS, before the child is killed


def render_in_child(search: list[tuple[Path, Path]], name: str, context: Mapping[str, Any]) -> str:
    """``render_here`` in a forked child with its memory and CPU capped; its text (or its one-line error)
    comes back through a pipe. A child that dies (a signal, the CPU limit) or outlives the time limit is ended
    and is a one-line TemplateError naming the template."""
    import select
    import signal
    import time

    where = next((str(base / name) for base, _ in search if os.path.lexists(base / name)), name)
    try:
        read_fd, write_fd = os.pipe()
    except OSError:  # out of descriptors: render here, with the limits this process can set
        return render_here(search, name, context)
    try:
        pid = os.fork()
    except OSError:  # out of processes or memory for one
        os.close(read_fd)
        os.close(write_fd)
        return render_here(search, name, context)
    if pid == 0:  # the child: never returns, never runs the parent's handlers or cleanup
        status = 1
        try:
            os.close(read_fd)
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGALRM):
                signal.signal(signum, signal.SIG_DFL)  # ralphy dev's handlers end the CLI: not the child's to run
            _cap_child_cpu()
            try:
                reply = b"O" + render_here(search, name, context).encode("utf-8", "surrogatepass")
            except TemplateError as exc:
                reply = b"E" + str(exc).encode("utf-8", "replace")
            except MemoryError:
                reply = b"E" + f"{where}: the template needs too much memory".encode("utf-8", "replace")
            except Exception as exc:  # noqa: BLE001 - said as one line by the parent, never a silent exit
                reply = b"E" + f"{where}: the template failed: {type(exc).__name__}: {exc}".encode("utf-8", "replace")
            view = memoryview(reply)
            while view:
                view = view[os.write(write_fd, view):]
            status = 0
        finally:
            os._exit(status)
    os.close(write_fd)
    chunks: list[bytes] = []
    deadline = time.monotonic() + RENDER_SECONDS + CHILD_GRACE_SECONDS
    ended = False
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read_fd], [], [], left)[0]:
                break
            chunk = os.read(read_fd, 1 << 20)
            if not chunk:
                ended = True
                break
            chunks.append(chunk)
    finally:
        os.close(read_fd)
        if not ended:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _, status = os.waitpid(pid, 0)
    reply = b"".join(chunks)
    if not ended:
        raise TemplateError(f"{where}: the template took over {RENDER_SECONDS:.0f} s to render (a loop too large?)")
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and reply[:1] in (b"O", b"E"):
        text = reply[1:].decode("utf-8", "surrogatepass")
        if reply[:1] == b"E":
            raise TemplateError(text)
        return text
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        raise TemplateError(f"{where}: the template took over {RENDER_SECONDS:.0f} s to render (a loop too large?)")
    if os.WIFSIGNALED(status):
        raise TemplateError(f"{where}: rendering the template was ended by signal {os.WTERMSIG(status)}"
                            " (it needs too much memory or time)")
    raise TemplateError(f"{where}: the template needs too much memory")


def _cap_child_cpu() -> None:
    """The child's CPU time: RENDER_SECONDS and a little, then SIGXCPU (uninterruptible C calls included)."""
    try:
        import resource

        seconds = int(RENDER_SECONDS) + 2
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        used = int(sum(os.times()[:2])) + 1  # the limit counts what the parent used before the fork too
        want = used + seconds
        if hard == resource.RLIM_INFINITY or want < hard:
            resource.setrlimit(resource.RLIMIT_CPU, (want, hard))
    except (ImportError, OSError, ValueError):
        pass


def _at(exc: BaseException, default: str) -> str:
    """``file:line`` of the template line that raised (Jinja puts template frames in the traceback)."""
    found, tb = default, exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename and not filename.endswith(".py") and not filename.startswith("<"):
            found = f"{filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return found


MEMORY_HEADROOM = 2 * 1024**3  # what a template may allocate on top of what the process uses (Linux)


@contextlib.contextmanager
def _memory_bounded():
    """While a template renders, the address space is capped at what the process uses plus MEMORY_HEADROOM
    (RLIMIT_AS): one C call the checks above do not know (a filter, a method) can then fail with a
    MemoryError instead of taking the machine's memory. The limit is the process's, and a process started
    meanwhile would inherit it (the Claude CLI's node reserves gigabytes of address space), so it is set only
    while no other thread runs. Where ``/proc/self/statm`` is missing (macOS), or a lower limit is set
    already, nothing changes."""
    import threading

    if threading.active_count() > 1:
        yield
        return
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm", encoding="ascii") as fh:
            used = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (ImportError, OSError, ValueError, IndexError, AttributeError):
        yield
        return
    want = used + MEMORY_HEADROOM
    unlimited = resource.RLIM_INFINITY
    if (soft != unlimited and soft <= want) or (hard != unlimited and hard < want):
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (want, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _render_bounded(load, context: Mapping[str, Any]) -> str:
    """Compile (``load()`` gives the template) and render with the output size, the memory and (on the main
    thread) the time bounded."""
    import signal
    import threading

    timed = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    if timed:
        def on_alarm(signum, frame):
            raise _TooMuch(f"the template took over {RENDER_SECONDS:.0f} s to render (a loop too large?)")

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, RENDER_SECONDS)
    try:
        parts, size = [], 0
        with _memory_bounded():
            template = load()
            for part in template.generate(**context):
                size += len(part)
                if size > MAX_OUTPUT_CHARS:
                    raise _TooMuch(f"the rendered prompt is over {MAX_OUTPUT_CHARS} characters")
                parts.append(part)
        return "".join(parts)
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
