"""Org-mode TODO files (ralphy/tasks_org.py; docs/tasks.md, "Org-mode TODO files"): keyword headings are tasks, a
task is a leaf, checkboxes count, a file's own #+TODO keywords are read; an outline of bare headings has its leaves
as tasks; Markdown is never read as org."""

import time

from ralphy.tasks import COMPLETED, IN_PROGRESS, PENDING, load_tasks, parse_tasks, prompt_hints
from ralphy.testing.dev import completion_edit

ORG = """\
#+TITLE: Greeter
#+TODO: TODO REVIEW | DONE CANCELLED

* Core
** TODO [#A] Add a greet function :api:
** DONE Reject an empty name
   CLOSED: [2026-11-20 Fri 10:00]
** REVIEW Trim the name
** CANCELLED Support Klingon
** TODO Add a CLI [1/2]
*** DONE Parse the arguments
*** TODO Print the greeting
* Docs
** Notes
#+BEGIN_SRC org
** TODO not a task: inside a source block
#+END_SRC
** TODO Write the README
   - [ ] the install section
   - [X] the usage section
"""


def test_keyword_headings_are_the_tasks_and_a_parent_is_its_childrens_group():
    tasks = parse_tasks(ORG, "TODO.org").tasks
    assert [(t.line, t.title, t.status, t.group) for t in tasks] == [
        (5, "Add a greet function", PENDING, "Core"),  # priority cookie and tags are not the title
        (6, "Reject an empty name", COMPLETED, "Core"),
        (8, "Trim the name", IN_PROGRESS, "Core"),  # the file's own REVIEW keyword, an open one
        (11, "Parse the arguments", COMPLETED, "Add a CLI"),  # CANCELLED (line 9) dropped; line 10 is a group
        (12, "Print the greeting", PENDING, "Add a CLI"),
        (19, "the install section", PENDING, "Write the README"),  # boxes under a heading: its tasks
        (20, "the usage section", COMPLETED, "Write the README")]
    assert prompt_hints(parse_tasks(ORG, "TODO.org"))["tick_rule"].startswith("a task heading's `TODO`")


def test_a_bare_outline_has_its_leaves_as_tasks_and_ticking_one_keeps_the_others():
    text = "* Entry points\n** Edit the entry point\n\n* ROM\n** Test ExLoROM\n** Test ExHiROM\n*** missing cases\n"
    tasks = parse_tasks(text, "TODO.org").tasks  # org by its name: bare `** ` lines alone do not make a file org
    assert [(t.line, t.title, t.group) for t in tasks] == [
        (2, "Edit the entry point", "Entry points"), (5, "Test ExLoROM", "ROM"), (7, "missing cases", "Test ExHiROM")]
    old, new = completion_edit(text, tasks[1].id, "TODO.org")
    assert (old, new) == ("** Test ExLoROM", "** DONE Test ExLoROM")
    after = parse_tasks(text.replace(old, new, 1), "TODO.org").tasks
    assert [(t.title, t.status) for t in after] == [("Edit the entry point", PENDING), ("Test ExLoROM", COMPLETED),
                                                    ("missing cases", PENDING)]


def test_markdown_bullets_and_bold_are_not_org(tmp_path):
    text = "# Tasks\n\n* TODO fix the build\n**Bold** note\n- [ ] 1.1 Add it\n"
    assert [t.id for t in parse_tasks(text).tasks] == ["1.1"]
    no_headings = "* TODO fix the build\n* [ ] 1.1 Add it\n* [x] 1.2 Test it\n"  # a star bullet's box: Markdown
    assert [(t.id, t.status) for t in parse_tasks(no_headings).tasks] == [("1.1", PENDING), ("1.2", COMPLETED)]
    path = tmp_path / "TASKS.md"
    path.write_text("* Core\n  * a bullet\n- [ ] 1.1 Add it\n", encoding="utf-8")
    assert [t.id for t in load_tasks(path).tasks] == ["1.1"]


# Markdown files without a heading whose lines start with stars (tasks17): bold written with a blank, footnotes, a
# TODO bullet. Read as org they lost their ids ("1.1 Add the parser" as a title) and their [/] marks. The truth of each
# (line, id, title, status) was written by hand before the reading was changed.
MARKDOWN_WITH_STARS = [
    ("** Note: run the tests before ticking anything.\n\n- [ ] 1.1 Add the parser\n- [x] 1.2 Write the tests\n"
     "- [/] 1.3 Wire the CLI\n",
     [(3, "1.1", "Add the parser", PENDING), (4, "1.2", "Write the tests", COMPLETED),
      (5, "1.3", "Wire the CLI", IN_PROGRESS)]),
    ("Sprint 4\n\n** Important ** the API freezes on Friday\n\n- [ ] T001 Freeze the schema\n- [X] T002 Tag it\n",
     [(5, "T001", "Freeze the schema", PENDING), (6, "T002", "Tag it", COMPLETED)]),
    ("- [ ] 1. Benchmark the parser*\n- [x] 2. Benchmark the writer**\n\n* on the CI machine\n** if time allows\n",
     [(1, "1", "Benchmark the parser*", PENDING), (2, "2", "Benchmark the writer**", COMPLETED)]),
    ("**  Release checklist**\n- [ ] R1 Bump the version\n- [ ] R2 Write the notes\n*** \n- [x] R3 Tag it\n",
     [(2, "R1", "Bump the version", PENDING), (3, "R2", "Write the notes", PENDING), (5, "R3", "Tag it", COMPLETED)]),
]
# Org without its name or a #+ line: what org writes and Markdown never does makes it org.
ORG_WITHOUT_NAME = [
    ("* Core\n** NEXT Add it\n** Notes\n", [(2, "Add it", PENDING)]),  # a keyword heading
    ("* TODO Add it\n* DONE Test it\n", [(1, "Add it", PENDING), (2, "Test it", COMPLETED)]),
    ("* Core\n** [#A] Add it\n** Test it :cli:\n", [(2, "Add it", PENDING), (3, "Test it", PENDING)]),  # cookie, tags
    ("* Core\n** Add it\n   SCHEDULED: <2026-11-24 Tue>\n** Test it\n", [(2, "Add it", PENDING), (4, "Test it", PENDING)]),
    ("* Core\n** Add it [1/2]\n   - [X] parse\n   - [ ] print\n", [(3, "parse", COMPLETED), (4, "print", PENDING)]),
]


def test_markdown_lines_that_start_with_stars_are_not_org():
    for text, truth in MARKDOWN_WITH_STARS:
        assert [(t.line, t.id, t.title, t.status) for t in parse_tasks(text, "TASKS.md").tasks] == truth, text


def test_org_says_it_is_org_without_its_name():
    for text, truth in ORG_WITHOUT_NAME:
        assert [(t.line, t.title, t.status) for t in parse_tasks(text, "TASKS.md").tasks] == truth, text


def test_no_real_markdown_file_is_read_as_org_nor_changes_with_a_starred_note():
    """Every Markdown file of the real set is Markdown; a ``** Note`` line put on top of it (bold with a blank)
    changes no task but moves each down by its two lines."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from score_tasks import task_files

    from ralphy.tasks_org import is_org
    from ralphy.tasks_yaml import read_yaml

    for path in task_files():
        if path.suffix != ".md":
            continue
        text = path.read_bytes().decode("utf-8-sig")
        assert not is_org(text, path.name), path.name
        if text.startswith("---") and read_yaml(text):
            continue  # tasks in front matter (a Cursor plan's todos): front matter is only what opens the file
        before = [(t.line + 2, t.id, t.status, t.group) for t in parse_tasks(text, path.name).tasks]
        after = [(t.line, t.id, t.status, t.group) for t in parse_tasks("** Note: read me first\n\n" + text,
                                                                        path.name).tasks]
        assert after == before, path.name


def test_an_org_file_by_name_and_crlf(tmp_path):
    path = tmp_path / "work.org"
    path.write_bytes(b"* Core\r\n** TODO Add it\r\n** DONE Test it\r\n")
    assert [(t.title, t.status) for t in load_tasks(path).tasks] == [("Add it", PENDING), ("Test it", COMPLETED)]
    old, new = completion_edit(path.read_bytes().decode(), load_tasks(path).tasks[0].id)
    assert (old, new) == ("** TODO Add it\r", "** DONE Add it\r")


def test_a_hundred_thousand_org_tasks_are_read_in_linear_time():
    def cpu(n: int) -> float:  # one top heading over n TODO headings, each over a box: every entry looks below
        text = "#+TITLE: big\n* Top\n" + "".join(f"** TODO Thing {i}\n*** TODO Part {i}\n" for i in range(n // 2))
        started = time.process_time()  # CPU time: other work on the machine stretches wall time, not this
        assert len(parse_tasks(text).tasks) == n // 2
        return time.process_time() - started

    small = min(cpu(2_000) for _ in range(3))
    assert cpu(100_000) < 200 * max(small, 1e-3)  # 50x the tasks: about 50x the time (quadratic: 2,500x)


def test_long_runs_of_blanks_in_a_line_are_read_in_linear_time():
    # a lazy title before trailing blanks (`(\S.*?)[ \t]*$`) is quadratic in a run of blanks: 10^5 blanks were seconds
    shapes = ["* Top\n** TODO a{0}[1/2]{0}:tag:\n", "#+TITLE: x\n* Top\n- [ ] a{0}b\n",
              "development_status:\n  # Epic 1: a{0}b\n  epic-1: backlog\n  1-1-x: done\n",
              "epics:\n  E1:\n    stories:\n      S1: done{0}# a{0}b\n"]

    def cpu(blanks: int) -> float:
        started = time.process_time()
        for shape in shapes:
            assert len(parse_tasks(shape.format(" " * blanks), "x.org" if shape[0] in "*#" else None).tasks) == 1
        return time.process_time() - started

    small = min(cpu(4_000) for _ in range(3))
    assert cpu(200_000) < 200 * max(small, 1e-3)  # 50x the blanks: about 50x the time (quadratic: 2,500x)


def test_the_tick_rule_names_what_is_read_as_tasks():
    def rule(text):
        return prompt_hints(parse_tasks(text, "TODO.org"))["tick_rule"]

    # a file of NEXT headings is a keyword file: putting DONE after the stars would make 'DONE NEXT x' a new title
    assert rule("* Core\n** NEXT Add it\n** DONE Test it\n").startswith("a task heading's `TODO`")
    declared = "#+TODO: IDEA | DONE\n* Core\n** IDEA Add it\n"
    assert [t.title for t in parse_tasks(declared, "TODO.org").tasks] == ["Add it"]
    assert rule(declared).startswith("a task heading's `TODO`")
    # checkboxes under bare headings are the tasks: their box is ticked, no heading gets DONE
    boxes = "* Core\n- [ ] Add it\n- [X] Test it\n"
    assert [t.title for t in parse_tasks(boxes, "TODO.org").tasks] == ["Add it", "Test it"]
    assert rule(boxes) == "a checkbox task's `[ ]` becomes `[X]`, the rest of its line unchanged"
    assert "checkbox" in rule(ORG) and "`TODO`" in rule(ORG)
    assert rule("* Core\n** Add it\n").startswith("a task heading gets `DONE` after its stars")


def test_a_file_that_declares_its_keywords_keeps_its_bare_headings_as_notes_once_every_todo_is_done():
    text = "#+TODO: TODO | DONE\n* Core\n** DONE Add it\n** DONE Test it\n* Notes\n** Design\n** Ideas\n"
    assert [(t.title, t.status) for t in parse_tasks(text, "TODO.org").tasks] == [
        ("Add it", COMPLETED), ("Test it", COMPLETED)]  # not Design and Ideas, pending
    # without the declaration the same text is a bare outline ticked partway: its bare leaves are still to do
    bare = text.split("\n", 1)[1]
    assert [(t.title, t.status) for t in parse_tasks(bare, "TODO.org").tasks][2:] == [
        ("Design", PENDING), ("Ideas", PENDING)]


def test_a_block_never_closed_hides_no_task():
    text = "#+TITLE: x\n* Core\n** TODO Add it\n#+BEGIN_SRC python\nprint(1)\n** TODO Test it\n** TODO Ship it\n"
    assert [t.title for t in parse_tasks(text, "TODO.org").tasks] == ["Add it", "Test it", "Ship it"]
    closed = text.replace("print(1)\n", "print(1)\n#+END_SRC\n")
    assert [t.title for t in parse_tasks(closed, "TODO.org").tasks] == ["Add it", "Test it", "Ship it"]
    inside = text.replace("print(1)\n", "print(1)\n** TODO not a task\n#+END_SRC\n")
    assert [t.title for t in parse_tasks(inside, "TODO.org").tasks] == ["Add it", "Test it", "Ship it"]
