"""``ralphy serve``: the report page, live, on 127.0.0.1 (standard library HTTP server, no dependency).

Routes:

- ``GET /[?run=N]``: the page (the last run by default: a new run shows up when it starts);
- ``GET /sections[?run=N][&answered=N]``: the page's sections alone (the notice of an answer too), which the page
  swaps in when the history changes and whenever its event stream opens;
- ``GET /events[?run=N]``: server-sent events; ``change`` whenever the history does. Each stream polls the
  SQLite history through its own read-only connection (a handful of ``count(*)`` a second);
- ``POST /answer`` (``id``, ``text``, ``token``): answers a pending question the way ``ralphy answer`` does.

The server is local, but any web page the user opens can make the browser send requests to it. So every
request must carry a ``Host`` naming this server (a DNS-rebinding page cannot read it), and an answer must come
with this server's random token (only pages served by it hold it), from no other origin (``Origin`` and
``Sec-Fetch-Site`` checked when present), as a form post of at most 64 KiB.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from ralphy.errors import RalphyError, StoreError

logger = logging.getLogger(__name__)

MAX_BODY = 64 * 1024
POLL_SECONDS = 0.5
HEARTBEAT_SECONDS = 15.0


@dataclass
class Dashboard:
    """What the handlers share: the project, the secret token, and a stop signal for event streams."""

    project_dir: Path
    host: str
    port: int = 0
    poll_seconds: float = POLL_SECONDS
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    stopping: threading.Event = field(default_factory=threading.Event)

    def allowed_hosts(self) -> set[str]:
        names = {"127.0.0.1", "localhost", "[::1]", self.host if ":" not in self.host else f"[{self.host}]"}
        return {f"{name}:{self.port}" for name in names} | (names if self.port == 80 else set())

    def allowed_origins(self) -> set[str]:
        return {f"http://{host}" for host in self.allowed_hosts()}


class _Handler(BaseHTTPRequestHandler):
    server_version = "ralphy-serve"
    protocol_version = "HTTP/1.1"
    dashboard: Dashboard  # set on the subclass made per server

    # ------------------------------------------------------------------------------------------- routing

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        if not self._host_ok():
            return
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        try:
            run_id = _run_param(query)
        except ValueError:
            return self._plain(HTTPStatus.BAD_REQUEST, "run must be a number")
        if url.path in ("/", "/sections"):  # the sections the page fetches say what the page said: its notice too
            message = None
            if query.get("answered", [""])[0].isdigit():
                message = (f"Answered question {int(query['answered'][0])}. ralphy dev resumes Claude's session "
                           "with it (run `ralphy dev` if it is not running).")
            return self._page(run_id, sections_only=url.path == "/sections", message=message)
        if url.path == "/events":
            return self._events(run_id)
        if url.path == "/favicon.ico":
            return self._plain(HTTPStatus.NO_CONTENT, "")
        self._plain(HTTPStatus.NOT_FOUND, "not found")

    def do_HEAD(self) -> None:  # noqa: N802
        self._plain(HTTPStatus.METHOD_NOT_ALLOWED, "")

    def do_POST(self) -> None:  # noqa: N802
        if not self._host_ok():
            return
        if urlsplit(self.path).path != "/answer":
            return self._plain(HTTPStatus.NOT_FOUND, "not found")
        refused = self._cross_site()
        if refused:
            return self._plain(HTTPStatus.FORBIDDEN, refused)
        form, problem = self._form()
        if problem:
            return self._plain(HTTPStatus.BAD_REQUEST, problem)
        if not hmac.compare_digest(form.get("token", "").encode(), self.dashboard.token.encode()):
            return self._plain(HTTPStatus.FORBIDDEN, "this answer did not come from a page of this server")
        try:
            question_id = int(form.get("id", ""))
        except ValueError:
            return self._plain(HTTPStatus.BAD_REQUEST, "id must be a question number")
        from ralphy.answers import answer_question

        try:
            answer_question(self.dashboard.project_dir, question_id, form.get("text", ""))
        except RalphyError as exc:
            return self._plain(HTTPStatus.CONFLICT, str(exc))
        logger.info("answered question %d from the dashboard", question_id)
        self.send_response(HTTPStatus.SEE_OTHER)
        self.send_header("Location", f"/?answered={question_id}#questions")
        self.send_header("Content-Length", "0")
        self.end_headers()

    # ------------------------------------------------------------------------------------------- checks

    def _host_ok(self) -> bool:
        host = (self.headers.get("Host") or "").strip().lower()
        if host in self.dashboard.allowed_hosts():
            return True
        self._plain(HTTPStatus.MISDIRECTED_REQUEST, "unknown Host: this server answers only to its own address")
        return False

    def _cross_site(self) -> str | None:
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower() not in self.dashboard.allowed_origins():
            return "cross-site request refused"
        site = self.headers.get("Sec-Fetch-Site")
        if site is not None and site not in ("same-origin", "none"):
            return "cross-site request refused"
        return None

    def _form(self) -> tuple[dict[str, str], str | None]:
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind != "application/x-www-form-urlencoded":
            return {}, "send the answer as a form (application/x-www-form-urlencoded)"
        try:
            length = int(self.headers.get("Content-Length") or "")
        except ValueError:
            return {}, "Content-Length is missing"
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            return {}, f"the answer is too long (at most {MAX_BODY // 1024} KiB)"
        body = self.rfile.read(length)
        try:
            fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=10, strict_parsing=False)
        except (UnicodeDecodeError, ValueError):
            return {}, "the form is not UTF-8 text"
        return {key: values[0] for key, values in fields.items()}, None

    # ------------------------------------------------------------------------------------------- answers

    def _page(self, run_id: int | None, *, sections_only: bool, message: str | None) -> None:
        nonce = secrets.token_urlsafe(16)
        html = render_live(self.dashboard, run_id, nonce=nonce, sections_only=sections_only, message=message)
        body = html.encode("utf-8")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")  # "no-referrer" would make the form send Origin: null
        self.send_header(
            "Content-Security-Policy",
            f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-{nonce}'; "
            "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        )
        self.end_headers()
        self.wfile.write(body)

    def _events(self, run_id: int | None) -> None:
        # The history as it is before the page can know the stream is open: the page fetches its sections
        # again when it opens (or reopens), so a change between the page's render and this read is on the page,
        # and every later one is a `change` here (read after the headers, one could fall between the two).
        watcher = _Watcher(self.dashboard.project_dir)
        last = watcher.version()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        try:
            self.wfile.write(b"retry: 2000\n\n")
            self.wfile.flush()
            beat = time.monotonic()
            while not self.dashboard.stopping.wait(self.dashboard.poll_seconds):
                now = watcher.version()
                if now != last:
                    last = now
                    self.wfile.write(b"event: change\ndata: " + str(sum(now or ())).encode() + b"\n\n")
                    self.wfile.flush()
                    beat = time.monotonic()
                elif time.monotonic() - beat > HEARTBEAT_SECONDS:
                    self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
                    beat = time.monotonic()
        except (BrokenPipeError, ConnectionResetError, TimeoutError, OSError):
            pass  # the page went away
        finally:
            watcher.close()

    def _plain(self, status: HTTPStatus, text: str) -> None:
        if status >= 400 and self.command == "POST":
            self.close_connection = True  # the body may be unread: never parse it as the next request
        body = (text + "\n").encode("utf-8") if text else b""
        self.send_response(status)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the standard library's name)
        logger.info("%s %s", self.address_string(), format % args)


class _Watcher:
    """The history's version, read again whenever the database or its WAL file changed on disk.

    Each read is a fresh read-only connection: one kept open across the writer's sessions may have opened the
    file when no ``-shm`` was there, and such a connection does not see what a later writer puts in the WAL.
    """

    def __init__(self, project_dir: Path) -> None:
        self.project_dir = project_dir
        self.stamp: tuple[int, ...] | None = None
        self.last: tuple[int, ...] | None = None

    def version(self) -> tuple[int, ...] | None:
        from ralphy.report.model import connect_readonly, db_file, history_version

        path = db_file(self.project_dir)
        stamp = _stamp(path) + _stamp(Path(f"{path}-wal"))
        if stamp == self.stamp:
            return self.last
        try:
            db = connect_readonly(path)
            try:
                self.last = history_version(db)
            finally:
                db.close()
        except (StoreError, sqlite3.Error) as exc:
            logger.debug("history not readable yet: %s", exc)
            self.last = None
            return None  # read again at the next poll
        self.stamp = stamp
        return self.last

    def close(self) -> None:
        pass


def _stamp(path: Path) -> tuple[int, ...]:
    try:
        st = path.stat()
    except OSError:
        return (-1, -1, -1)
    return (st.st_mtime_ns, st.st_size, st.st_ino)


def render_live(dashboard: Dashboard, run_id: int | None, *, nonce: str, sections_only: bool = False,
                message: str | None = None) -> str:
    """The dashboard page (or its sections) for ``run_id`` (None: the last run), or a waiting page."""
    from ralphy.report.model import NoSuchRun, db_file, load_report
    from ralphy.report.render import render_report, render_waiting

    live = {"token": dashboard.token, "nonce": nonce, "message": message}
    try:
        report = load_report(dashboard.project_dir, run_id)
    except StoreError as exc:
        # no history yet, or not that run: a run will come. Anything else (damaged, locked, not ralphy's) is said
        # as such: `ralphy dev` would refuse that file too, so "as soon as ralphy dev starts one" would be untrue.
        missing = isinstance(exc, NoSuchRun) or not db_file(dashboard.project_dir).is_file()
        heading = None if missing else "The history cannot be read"
        if isinstance(exc, NoSuchRun) and exc.run_id is not None:
            heading = f"No run {exc.run_id}"
        return render_waiting(str(dashboard.project_dir.resolve()), str(exc), live=live, sections_only=sections_only,
                              heading=heading, problem=not missing)
    return render_report(report, live=live, sections_only=sections_only)


def _run_param(query: dict[str, list[str]]) -> int | None:
    values = query.get("run")
    if not values or not values[0]:
        return None
    return int(values[0])


def make_server(project_dir: Path, *, host: str = "127.0.0.1", port: int = 0,
                poll_seconds: float = POLL_SECONDS) -> tuple[ThreadingHTTPServer, Dashboard]:
    """A server bound to ``host``:``port`` (0: a free port), not yet serving. OSError when it cannot bind."""
    dashboard = Dashboard(Path(project_dir), host, port, poll_seconds)
    handler = type("Handler", (_Handler,), {"dashboard": dashboard})
    server_class = type("Server", (ThreadingHTTPServer,), {"daemon_threads": True, "allow_reuse_address": True})
    if ":" in host:
        import socket

        server_class.address_family = socket.AF_INET6
    server = server_class((host, port), handler)
    dashboard.port = server.server_address[1]
    return server, dashboard
