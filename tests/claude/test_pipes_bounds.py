"""What the Claude CLI prints is bounded: the lines read and not yet handled (back-pressure on its pipe) and each
line (a longer one is skipped, said once). Real subprocesses flood the pipe; memory is benchmarks/bench_flood.py's."""

from __future__ import annotations

import json
import logging
import sys
import textwrap
import threading
import time
from pathlib import Path

from ralphy.claude.driver import Session
from ralphy.claude.pipes import MAX_LINE_BYTES, QUEUE_BYTES

FLOOD_LINES = 40_000  # ~10 MB of events, past QUEUE_BYTES twice over


def fake_cli(tmp_path: Path, body: str) -> str:
    script = tmp_path / "claude"
    script.write_text(f"#!{sys.executable}\nimport json, sys\nfrom pathlib import Path\nHERE = Path(__file__).parent\n"
                      + textwrap.dedent(body))
    script.chmod(0o755)
    return str(script)


def start(bin: str, tmp_path: Path, **kwargs) -> Session:
    return Session.start([bin, "-p"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"}, **kwargs)


FLOOD = f"""
    sys.stdin.readline()
    out = sys.stdout.buffer
    out.write(json.dumps({{"type": "system", "subtype": "init", "session_id": "s1", "tools": [], "agents": []}}).encode() + b"\\n")
    pad = "x" * 200
    for i in range({FLOOD_LINES}):
        out.write(json.dumps({{"type": "system", "subtype": "status", "status": pad, "n": i}}).encode() + b"\\n")
    out.flush()
    (HERE / "written").write_text("all")
    out.write(json.dumps({{"type": "result", "subtype": "success", "is_error": False, "result": "done",
                          "num_turns": 1, "session_id": "s1"}}).encode() + b"\\n")
    out.flush()
    sys.stdin.readline()
"""


def test_a_cli_that_writes_faster_than_ralphy_reads_waits_on_its_pipe_and_loses_nothing(tmp_path):
    assert FLOOD_LINES * 250 > 2 * QUEUE_BYTES
    release = threading.Event()
    seen: list[str] = []

    def slow(event):  # the first event holds ralphy up, as a slow terminal or a question would
        seen.append(type(event).__name__)
        release.wait(30)

    session = start(fake_cli(tmp_path, FLOOD), tmp_path, on_event=slow, transcript_path=tmp_path / "t.jsonl")
    runner = threading.Thread(target=lambda: session.run_turn("go", timeout=60))
    runner.start()
    try:
        time.sleep(2.0)  # unbounded, the reader takes all 10 MB in well under a second
        assert not (tmp_path / "written").exists(), "the CLI wrote everything while ralphy read nothing"
    finally:
        release.set()
        runner.join(60)
    assert not runner.is_alive()
    assert (tmp_path / "written").exists()
    assert session.results and session.results[-1].result == "done"
    lines = (tmp_path / "t.jsonl").read_text().splitlines()
    assert len(lines) == FLOOD_LINES + 2  # every line, in order
    assert [json.loads(line).get("n") for line in lines[1:-1]] == list(range(FLOOD_LINES))


def test_a_line_past_the_cap_is_skipped_with_one_warning_and_the_run_goes_on(tmp_path, caplog):
    bin = fake_cli(tmp_path, f"""
        sys.stdin.readline()
        out = sys.stdout.buffer
        out.write(b'{{"type": "system", "subtype": "init", "session_id": "s1"}}\\n')
        chunk = b"y" * (1 << 20)
        for _ in range({MAX_LINE_BYTES} // len(chunk) + 2):
            out.write(chunk)   # one line with no newline, 2 MiB past the cap
        out.write(b"\\n")
        out.write(b'{{"type": "result", "subtype": "success", "is_error": false, "result": "done", "session_id": "s1"}}\\n')
        out.flush()
        sys.stdin.readline()
    """)
    caplog.set_level(logging.WARNING)
    session = start(bin, tmp_path, transcript_path=tmp_path / "t.jsonl")
    result = session.run_turn("go", timeout=60)
    assert result.result is not None and result.result.result == "done"
    assert result.init is not None
    size = MAX_LINE_BYTES + 2 * (1 << 20)
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [f"claude: line 2 of its output is {size:,} bytes, past the 32 MiB a line may hold; "
                        "skipped it (an event on it is lost)"]
    transcript = (tmp_path / "t.jsonl").read_text().splitlines()
    assert json.loads(transcript[1]) == {"type": "ralphy_line_cut", "line": 2, "bytes": size,
                                         "max_bytes": MAX_LINE_BYTES}
    assert len(transcript) == 3 and (tmp_path / "t.jsonl").stat().st_size < 1000


def test_a_line_of_exactly_the_cap_is_kept(tmp_path):
    # the longest line kept is MAX_LINE_BYTES and its newline; here an event padded to that length
    head = b'{"type": "result", "subtype": "success", "is_error": false, "session_id": "s1", "result": "'
    bin = fake_cli(tmp_path, f"""
        sys.stdin.readline()
        head = {head!r}
        out = sys.stdout.buffer
        out.write(head + b"z" * ({MAX_LINE_BYTES} - len(head) - 2) + b'"}}\\n')
        out.flush()
        sys.stdin.readline()
    """)
    result = start(bin, tmp_path).run_turn("go", timeout=60)
    assert result.result is not None and len(result.result.result) == MAX_LINE_BYTES - len(head) - 2


def test_a_cli_that_never_stops_writing_is_ended_without_a_hang(tmp_path, caplog):
    bin = fake_cli(tmp_path, """
        sys.stdin.readline()
        out = sys.stdout.buffer
        line = b'{"type": "system", "subtype": "status", "status": "' + b"x" * 4000 + b'"}\\n'
        while True:
            out.write(line)
    """)
    caplog.set_level(logging.WARNING)
    session = start(bin, tmp_path, kill_grace=1.0)
    began = time.monotonic()
    result = session.run_turn("go", timeout=3)
    assert result.timed_out
    assert time.monotonic() - began < 15
    assert not [r for r in caplog.records if "still holds" in r.getMessage()]
    assert all(not thread.is_alive() for thread in session._threads)
