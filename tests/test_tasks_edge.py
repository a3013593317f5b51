"""Task files at their edges: 10^5 tasks (read in linear time, shown in part in the dev prompt), mixed line
endings, tabs and spaces in nesting, and a parent ticked before its sub-items (what "done" is for the loop)."""

import time

from ralphy.tasks import COMPLETED, PENDING, PROMPT_TASKS_CHARS, parse_tasks, prompt_tasks_text


def _read(text: str) -> list[tuple[int, str, str]]:
    return [(t.line, t.id, t.status) for t in parse_tasks(text).tasks]


def test_a_parent_ticked_before_its_sub_items_leaves_them_open_and_the_loop_not_done():
    text = "# Plan\n- [x] 1. Parent\n  - [ ] 1.1 First\n  - [x] 1.2 Second\n"
    task_list = parse_tasks(text)
    assert _read(text) == [(3, "1.1", PENDING), (4, "1.2", COMPLETED)]  # the parent is their group, not a task
    assert not task_list.all_completed and task_list.tasks[0].group == "1. Parent"
    # the other way round: every sub-item ticked, the parent not yet: the work is done
    assert parse_tasks(text.replace("[x] 1. Parent", "[ ] 1. Parent").replace("[ ] 1.1", "[x] 1.1")).all_completed


def test_a_heading_task_says_done_while_a_step_is_open_its_own_word_wins():
    text = "# Plan\n### Task 1: Build ✅ COMPLETE\n- [x] Step 1: write\n- [ ] Step 2: polish\n### Task 2: Ship\n- [ ] Tag\n"
    assert _read(text) == [(2, "1", COMPLETED), (5, "2", PENDING)]


def test_mixed_line_endings_and_a_lone_cr_file():
    mixed = "# T\r\n## A\n- [ ] 1.1 One\r\n- [x] 1.2 Two\n\r\n- [ ] 1.3 Three\r"
    assert _read(mixed) == [(3, "1.1", PENDING), (4, "1.2", COMPLETED), (6, "1.3", PENDING)]
    assert [t.title for t in parse_tasks(mixed).tasks] == ["One", "Two", "Three"]  # no CR left in a title
    classic_mac = "# T\r## A\r- [ ] 1.1 One\r- [x] 1.2 Two\r"
    assert _read(classic_mac) == [(3, "1.1", PENDING), (4, "1.2", COMPLETED)]


def test_tabs_and_spaces_nest_alike():
    # a tab is a tab stop of 4 (CommonMark): "\t", four spaces and "  \t" are one level under the parent
    text = "# T\n- [ ] 1. Parent\n\t- [x] 1.1 Tab\n    - [ ] 1.2 Spaces\n  \t- [ ] 1.3 Both\n- [ ] 2. Alone\n"
    assert _read(text) == [(3, "1.1", COMPLETED), (4, "1.2", PENDING), (5, "1.3", PENDING), (6, "2", PENDING)]
    assert {t.group for t in parse_tasks(text).tasks[:3]} == {"1. Parent"}
    no_ids = "# T\n- [x] Parent\n\t- [ ] Child one\n  - [x] Child two\n- [ ] Other\n"
    assert [(t.title, t.group) for t in parse_tasks(no_ids).tasks] == [
        ("Child one", "Parent"), ("Child two", "Parent"), ("Other", "T")]


def test_a_hundred_thousand_tasks_are_read_in_linear_time():
    # the newest reader (items led by a mark); boxes, headings and duplicates: test_tasks_shapes, bench_tasks.py
    def cpu(n: int) -> float:
        text = "# P\n## Left\n" + "".join(f"- ⬜ Thing number {i}\n" for i in range(n))
        started = time.process_time()  # CPU time: other work on the machine stretches wall time, not this
        assert len(parse_tasks(text).tasks) == n
        return time.process_time() - started

    small = min(cpu(2_000) for _ in range(3))
    assert cpu(100_000) < 200 * max(small, 1e-3)  # 50x the tasks: about 50x the time (quadratic: 2,500x)


def test_the_prompt_shows_a_huge_file_in_part_from_its_first_open_task():
    done = "".join(f"- [x] T{i:06d} Done thing {i}\n" for i in range(5_000))
    open_ = "".join(f"- [ ] T{i:06d} Open thing {i}\n" for i in range(5_000, 20_000))
    text = "# Tasks\n\n## Phase 1: Done\n" + done + "\n## Phase 2: Open\n" + open_
    task_list = parse_tasks(text)
    shown = prompt_tasks_text(task_list)
    assert len(shown) <= PROMPT_TASKS_CHARS + 300
    assert shown.startswith("## Phase 2: Open\n- [ ] T005000 Open thing 5000\n")
    assert shown.splitlines()[-1].startswith("[ralphy: the file is ") and "20,000 tasks, 15,000 not completed" in shown
    small = "# Tasks\n- [ ] 1. One\n"
    assert prompt_tasks_text(parse_tasks(small)) == small.strip("\n")  # a file of usual size: whole, as it is
