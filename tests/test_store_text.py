"""Text SQLite's UTF-8 cannot hold (a lone surrogate: from JSON's "\\ud800", or an undecodable byte of a command
line kept by Python as "\\udcff") is stored with U+FFFD in its place, in every column and every JSON column; before,
the write raised a UnicodeEncodeError (the iteration lost, a traceback), or a JSON column kept the escape and the
surrogate came back to crash `ralphy report`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ralphy.claude.events import AssistantText, ResultEvent, parse_line
from ralphy.jsontext import well_formed, well_formed_text
from ralphy.store import Store

LONE = "\ud800"
BYTE = "\udcff"  # b"\xff" in a command line, as Python decodes it (surrogateescape)


def test_every_text_written_is_stored_with_replacement_characters(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run = store.start_run(config_json={"model": f"m{BYTE}"}, argv=["ralphy", "dev", f"--model=m{BYTE}"])
        it = store.start_iteration(run, 1, resumed_session=f"s{LONE}")
        store.add_delegation(it, tool_use_id=f"t{LONE}", agent=f"a{LONE}", description=f"Tasks 1.1{LONE}",
                             task_ids=[f"1.1{LONE}"], status="completed", error=f"e{LONE}",
                             files_changed=[f"src/{LONE}.py"], bash_commands=[f"echo {LONE}"],
                             usage={"note": f"u{LONE}"})
        store.add_task_outcome(it, task_id="1.1", title=f"Title {LONE}", group=f"G{LONE}", handled_by=f"a{LONE}")
        question = store.add_question(it, session_id="s", text=f"Which {LONE}?", confidence=0.9, header=f"H{LONE}",
                                      options=[{"label": f"A{LONE}", "description": f"d{LONE}"}])
        store.finish_iteration(it, outcome="ok", result_text=f"Done {LONE} \ud83d\ude00", error=f"x{LONE}")
        store.add_verification(run, it, command=f"pytest {BYTE}", exit_code=0, passed=True, duration_s=1.0,
                               output_tail=f"ok {LONE}")
        store.answer_question(question, f"yes {BYTE}")
        store.finish_run(run, status="completed", reason=f"all done {LONE}")

        record = store.runs()[0]
        iteration = store.iterations(run)[0]
    assert record.argv == ["ralphy", "dev", "--model=m\ufffd"] and record.reason == "all done \ufffd"
    assert iteration.result_text == "Done \ufffd \U0001f600"  # a valid pair is its one character, kept
    delegation = iteration.delegations[0]
    assert (delegation.description, delegation.task_ids, delegation.bash_commands, delegation.files_changed) == (
        "Tasks 1.1\ufffd", ("1.1\ufffd",), ("echo \ufffd",), ("src/\ufffd.py",))
    # nothing of a lone surrogate anywhere in the file, escaped or not
    import sqlite3

    with sqlite3.connect(tmp_path / ".ralphy" / "ralphy.db") as db:
        dump = "\n".join(db.iterdump())
    assert "\\ud800" not in dump and "\\udcff" not in dump and "\ufffd" in dump
    dump.encode("utf-8")


def test_ralphy_answer_with_an_undecodable_byte_and_the_report_of_its_run(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        run = store.start_run(config_json={}, argv=["ralphy", "dev", BYTE])
        it = store.start_iteration(run, 1)
        store.add_question(it, session_id="s", text="Which database?", confidence=0.9)
        store.finish_iteration(it, outcome="question")
        store.finish_run(run, status="question", reason="Claude asked a question")
    environ = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    answered = subprocess.run([sys.executable, "-m", "ralphy", "answer", "1", b"SQLite \xff", str(tmp_path)],
                              capture_output=True, env=environ, timeout=60)
    assert answered.returncode == 0 and b"Traceback" not in answered.stderr, answered.stderr
    for args in (["report", str(tmp_path), "-o", str(tmp_path / "run.html")], ["log", str(tmp_path)],
                 ["questions", str(tmp_path), "--json"]):
        shown = subprocess.run([sys.executable, "-m", "ralphy", *args], capture_output=True, env=environ, timeout=60)
        assert shown.returncode == 0 and b"Traceback" not in shown.stderr, (args, shown.stderr)
    assert "SQLite \ufffd" in (tmp_path / "run.html").read_text(encoding="utf-8")


def test_the_streams_lone_surrogates_are_replacement_characters_when_read() -> None:
    line = json.dumps({"type": "assistant", "message": {"content": [{"type": "text", "text": f"a{LONE}b \U0001f600"}]}})
    assert "\\ud800" in line and "\\ud83d\\ude00" in line  # how JSON escapes them (the CLI writes the first so)
    (event,) = parse_line(line)
    assert isinstance(event, AssistantText) and event.text == "a\ufffdb \U0001f600"
    result = json.dumps({"type": "result", "subtype": "success", "result": LONE, "is_error": False,
                         f"k{LONE}": [LONE, {"x": LONE}]})
    (event,) = parse_line(result)
    assert isinstance(event, ResultEvent) and event.result == "\ufffd"


def test_well_formed_walks_only_what_escapes_a_surrogate() -> None:
    data = {"a": [f"x{LONE}", {"k\udc00": 1}], "b": 2}
    text = json.dumps(data)
    assert well_formed(data, text) == {"a": ["x\ufffd", {"k\ufffd": 1}], "b": 2}
    untouched = {"a": LONE}
    assert well_formed(untouched, '{"a": "no escape here"}') is untouched  # no look inside without an escape
    assert well_formed_text("\udc00\ud800") == "\ufffd\ufffd" and well_formed_text("plain é") == "plain é"


def test_a_history_written_before_keeps_no_surrogate_on_the_way_out(tmp_path: Path) -> None:
    """ralphy wrote JSON columns with escapes (``"\\udcff"`` in argv_json), which came back as surrogates and
    crashed `ralphy report`; what reads the history (and transcripts, settings files) replaces them."""
    import sqlite3

    with Store.open(tmp_path) as store:
        run = store.start_run(config_json={}, argv=["ralphy", "dev"])
        store.finish_run(run, status="completed", reason="done")
    with sqlite3.connect(tmp_path / ".ralphy" / "ralphy.db") as db:  # as an older ralphy stored a command line
        db.execute("UPDATE runs SET argv_json = ? WHERE id = ?", ('["ralphy", "dev", "\\udcff"]', run))
    with Store.open(tmp_path) as store:
        assert store.runs()[0].argv == ["ralphy", "dev", "\ufffd"]
    shown = subprocess.run([sys.executable, "-m", "ralphy", "report", str(tmp_path), "-o", str(tmp_path / "r.html")],
                           capture_output=True, timeout=60)
    assert shown.returncode == 0 and b"Traceback" not in shown.stderr, shown.stderr
