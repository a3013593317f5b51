"""Record what one Claude CLI version reports about the agents of tests/agents/test_discovery_versions.py's tree.

Run: `.venv/bin/python tests/data/transcripts/make_discovery.py <claude binary> <out.jsonl>`. It writes the raw
`initialize` control_response line and the `system/init` line of a first turn (the API is a closed local port,
so no model is called), with the working directory rewritten to /home/user/project.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.agents.test_discovery_versions import write_tree  # noqa: E402


def main(binary: str, out: str) -> None:
    root = Path(tempfile.mkdtemp())
    try:
        work = write_tree(root / "repo")
        home = root / "home"
        (home / ".claude").mkdir(parents=True)
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "ANTHROPIC"))}
        env.update(HOME=str(home), CLAUDE_CONFIG_DIR=str(home / ".claude"), ANTHROPIC_API_KEY="dummy",
                   ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}", CLAUDE_CODE_MAX_RETRIES="0",
                   CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1", DISABLE_TELEMETRY="1", DISABLE_AUTOUPDATER="1")
        proc = subprocess.Popen([binary, "-p", "--input-format", "stream-json", "--output-format", "stream-json",
                                 "--verbose"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                cwd=work, env=env, text=True)
        proc.stdin.write('{"type":"control_request","request_id":"r1","request":{"subtype":"initialize"}}\n')
        proc.stdin.flush()
        kept = []
        for line in proc.stdout:
            message = json.loads(line) if line.startswith("{") else {}
            if message.get("type") == "control_response":
                kept.append(line)
                proc.stdin.write('{"type":"user","message":{"role":"user","content":"hi"}}\n')
                proc.stdin.flush()
            elif message.get("type") == "system" and message.get("subtype") == "init":
                kept.append(line)
                break
        proc.kill()
        proc.wait()
        text = "".join(kept).replace(str(work), "/home/user/project").replace(str(home), "/home/user")
        Path(out).write_text(text, encoding="utf-8")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main(*sys.argv[1:3])
