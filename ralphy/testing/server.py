"""`FakeMessagesAPI`: a local HTTP server speaking the Anthropic Messages API, answered by a scenario."""

from __future__ import annotations

import itertools
import json
import logging
import socket
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ralphy.testing.scenario import (
    Fault,
    Reply,
    Request,
    Scenario,
    TextBlock,
    ToolUseBlock,
    server_error,
    side_reply,
    tool_use_id,
)

logger = logging.getLogger(__name__)

MODEL_FALLBACK = "claude-fake"


def estimate_tokens(body: dict[str, Any]) -> int:
    """A plausible token count for a request body: about four characters a token."""
    size = len(json.dumps(body.get("system", ""))) + len(json.dumps(body.get("messages", [])))
    return max(1, size // 4)


def message_json(reply: Reply, message_id: str, model: str, input_tokens: int) -> dict[str, Any]:
    """The non-streaming Messages API response for ``reply``."""
    return {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [_content_block(b, message_id, i) for i, b in enumerate(reply.blocks)],
        "stop_reason": reply.stop_reason,
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": _output_tokens(reply)},
    }


def sse_events(reply: Reply, message_id: str, model: str, input_tokens: int) -> list[tuple[str, dict[str, Any]]]:
    """The (event name, data) pairs of the streaming response for ``reply``."""
    events: list[tuple[str, dict[str, Any]]] = [("message_start", {"type": "message_start", "message": {
        "id": message_id, "type": "message", "role": "assistant", "model": model, "content": [],
        "stop_reason": None, "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": 1},
    }})]
    for index, block in enumerate(reply.blocks):
        start = _content_block(block, message_id, index)
        if isinstance(block, TextBlock):
            start["text"] = ""
            delta = {"type": "text_delta", "text": block.text}
        else:
            start["input"] = {}
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block.input)}
        events += [
            ("content_block_start", {"type": "content_block_start", "index": index, "content_block": start}),
            ("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": index}),
        ]
    events += [
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": reply.stop_reason, "stop_sequence": None},
                           "usage": {"output_tokens": _output_tokens(reply)}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return events


def _content_block(block: TextBlock | ToolUseBlock, message_id: str, index: int) -> dict[str, Any]:
    if isinstance(block, TextBlock):
        return {"type": "text", "text": block.text}
    return {"type": "tool_use", "id": block.id or tool_use_id(message_id, index), "name": block.name,
            "input": block.input}


def _output_tokens(reply: Reply) -> int:
    size = sum(len(b.text) if isinstance(b, TextBlock) else len(json.dumps(b.input)) for b in reply.blocks)
    return max(1, size // 4)


class _Server(ThreadingHTTPServer):
    """Tracks open connections so that closing the server ends idle keep-alive ones too."""

    daemon_threads = False
    block_on_close = True

    def __init__(self, api: FakeMessagesAPI, port: int) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.api = api
        self.connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self.connections_lock:
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self.connections_lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client hanging up is normal (the CLI aborts, a test ends); anything else is logged."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            logger.debug("fake messages api: %s hung up", client_address)
        else:
            logger.exception("fake messages api: error while serving %s", client_address)

    def drop_connections(self) -> None:
        with self.connections_lock:
            for conn in self.connections:
                try:
                    conn.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        logger.debug("fake messages api: " + format, *args)

    def do_GET(self) -> None:
        self._discard_body()
        self._send_error(Fault(404, "not_found_error", f"Not found: {self.command} {self.path}"))

    do_PUT = do_DELETE = do_PATCH = do_HEAD = do_GET

    def do_POST(self) -> None:
        route = self.path.split("?", 1)[0].rstrip("/")
        if route not in ("/v1/messages", "/v1/messages/count_tokens"):
            return self.do_GET()
        body = self._read_json()
        if body is None:
            return
        if route.endswith("count_tokens"):
            return self._send_json(200, {"input_tokens": estimate_tokens(body)})
        api = self.server.api
        request = Request(body, self.path, dict(self.headers.items()), api.agent_bodies)
        api.record(body)
        reply = api.answer(request)
        if not api.wait(reply.delay):
            return
        if reply.fault is not None:
            return self._send_error(reply.fault)
        message_id = "msg_fake_" + tool_use_id(json.dumps(body.get("messages")), api.next_id())[6:]
        model = str(body.get("model") or MODEL_FALLBACK)
        if request.stream:
            self._send_stream(reply, message_id, model, estimate_tokens(body))
        else:
            self._send_json(200, message_json(reply, message_id, model, estimate_tokens(body)), dict(reply.headers))

    def _discard_body(self) -> None:
        length = int(self.headers.get("content-length") or 0)
        if length:
            self.rfile.read(length)

    def _read_json(self) -> dict[str, Any] | None:
        raw = self.rfile.read(int(self.headers.get("content-length") or 0))
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not isinstance(body, dict):
            self._send_error(Fault(400, "invalid_request_error", "The request body is not a JSON object."))
            return None
        return body

    def _send_json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("request-id", f"req_fake_{self.server.api.next_id()}")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_error(self, fault: Fault) -> None:
        self._send_json(fault.status, json.loads(fault.body()), fault.headers)

    def _send_stream(self, reply: Reply, message_id: str, model: str, input_tokens: int) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("connection", "close")
        self.send_header("request-id", f"req_fake_{self.server.api.next_id()}")
        for name, value in reply.headers:
            self.send_header(name, value)
        self.end_headers()
        self.close_connection = True
        events = sse_events(reply, message_id, model, input_tokens)
        if reply.cut_after is not None:
            events = events[: reply.cut_after]
        try:
            for number, (name, data) in enumerate(events):
                if number and not self.server.api.wait(reply.between):
                    return
                self.wfile.write(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode())
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            logger.debug("fake messages api: client went away mid-stream")


class FakeMessagesAPI:
    """A scripted Anthropic Messages API on 127.0.0.1 for the real Claude CLI (or any client).

    ``with FakeMessagesAPI(scenario) as api:`` serves until the block ends; point the client at
    ``api.url``. Requests without tools (the CLI's side requests: titles, summaries, quota checks)
    go to ``side`` instead of the scenario. ``agent_bodies`` (name -> agent file body) lets
    ``Request.agent_name`` tell which subagent a request comes from. ``port`` 0 picks a free one.
    """

    def __init__(self, scenario: Scenario, *, side: Scenario = side_reply,
                 agent_bodies: dict[str, str] | None = None, port: int = 0) -> None:
        self.scenario = scenario
        self.port = port
        self.side = side
        self.agent_bodies = dict(agent_bodies or {})
        self._requests: list[dict[str, Any]] = []
        self._errors: list[Exception] = []
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._stopping = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """The base URL for ANTHROPIC_BASE_URL (no trailing slash)."""
        if self._server is None:
            raise RuntimeError("FakeMessagesAPI is not running: use it as a context manager")
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[dict[str, Any]]:
        """A copy of the parsed bodies of every ``POST /v1/messages`` received, in order."""
        with self._lock:
            return list(self._requests)

    @property
    def errors(self) -> list[Exception]:
        """Exceptions the scenario raised (each answered with a 500); empty when all went well."""
        with self._lock:
            return list(self._errors)

    def record(self, body: dict[str, Any]) -> None:
        with self._lock:
            self._requests.append(body)

    def next_id(self) -> int:
        with self._lock:
            return next(self._ids)

    def answer(self, request: Request) -> Reply:
        """The scenario's reply (or the side handler's), logged at debug level."""
        handler = self.side if request.is_side else self.scenario
        try:
            reply = handler(request)
        except Exception as exc:  # a scenario bug: answer 500 and keep it for the test to see
            logger.exception("fake messages api: the scenario raised")
            with self._lock:
                self._errors.append(exc)
            return server_error()
        logger.debug("fake messages api: %s request -> %s", "side" if request.is_side else "main", reply)
        return reply

    def wait(self, seconds: float) -> bool:
        """Sleep ``seconds`` unless the server is closing; False when it is."""
        if seconds <= 0:
            return not self._stopping.is_set()
        return not self._stopping.wait(seconds)

    def start(self) -> FakeMessagesAPI:
        self._stopping.clear()
        self._server = _Server(self, self.port)
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-messages-api", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop serving, end open connections and join every thread."""
        if self._server is None:
            return
        self._stopping.set()
        self._server.shutdown()
        self._server.drop_connections()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join()
        self._server = None

    def __enter__(self) -> FakeMessagesAPI:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()
