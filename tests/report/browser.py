"""A real browser for the report's tests: headless Chromium (Debian's ``chromium`` package).

- ``dump_dom(url)`` / ``screenshot(url, path)``: one ``chromium --headless`` each, the DOM as rendered.
- ``Browser``: a Chromium kept open, driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``:
  JSON messages ended by NUL on fds 3 and 4, no websocket library needed), to watch a live page change and to
  fill and submit its forms as a person would.

scripts/setup.sh installs Chromium where it can (apt-get, as root or with sudo). Where it cannot, the browser
tests are skipped with that reason; ``RALPHY_TEST_CHROMIUM`` names another binary.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
         "--disable-sync", "--metrics-recording-only", "--hide-scrollbars", "--mute-audio"]  # fmt: skip


def find_chromium() -> str | None:
    override = os.environ.get("RALPHY_TEST_CHROMIUM")
    if override:
        return override
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium_or_skip() -> str:
    path = find_chromium()
    if path is None:
        pytest.skip("Chromium is not installed (scripts/setup.sh installs Debian's `chromium` when it runs as root "
                    "or can sudo and apt-get exists; or set RALPHY_TEST_CHROMIUM)")
    return path


def _run(chromium: str, args: list[str], timeout: float = 60) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory(prefix="ralphy-chromium-") as profile:
        return subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True,
                              text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def dump_dom(chromium: str, url: str, *, budget_ms: int = 2000) -> str:
    """The DOM after the page loaded (and ``budget_ms`` of virtual time ran), serialized."""
    proc = _run(chromium, [f"--virtual-time-budget={budget_ms}", "--dump-dom", url])
    assert proc.returncode == 0 and proc.stdout.strip(), proc.stderr[-2000:]
    return proc.stdout


def screenshot(chromium: str, url: str, path: Path, *, width: int = 1280, height: int = 1600) -> Path:
    proc = _run(chromium, [f"--window-size={width},{height}", f"--screenshot={path}", url])
    assert proc.returncode == 0 and path.is_file() and path.stat().st_size > 10_000, proc.stderr[-2000:]
    return path


class Browser:
    """One headless Chromium with one page, driven over the DevTools protocol on a pipe."""

    def __init__(self, chromium: str, *, width: int = 1280, height: int = 1600) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="ralphy-chromium-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def on_fds_3_and_4() -> None:  # in the child: the browser reads commands on fd 3, writes answers on fd 4
            import fcntl

            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        self.proc = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={self._profile.name}", f"--window-size={width},{height}",
             "--remote-debugging-pipe", "about:blank"],
            preexec_fn=on_fds_3_and_4, close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # every other descriptor of ours is close-on-exec already
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.session: str | None = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 30) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith(("Target.", "Browser.")):
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            for reply in self._messages(deadline):
                if reply.get("id") == self._next_id:
                    if "error" in reply:
                        raise RuntimeError(f"{method}: {reply['error']}")
                    return reply.get("result", {})

    def _messages(self, deadline: float) -> list[dict[str, Any]]:
        import select

        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("Chromium did not answer")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self._buffer += chunk
        *complete, self._buffer = self._buffer.split(b"\0")
        return [json.loads(m) for m in complete if m]

    def open(self, url: str) -> None:
        self.call("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && location.href !== 'about:blank'")

    def evaluate(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 30, every: float = 0.1) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None  # the page is between documents
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"still false after {timeout}s: {expression}")
            time.sleep(every)

    def screenshot(self, path: Path) -> Path:
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._profile.cleanup()

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
