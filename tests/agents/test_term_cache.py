"""The user's cache of agents' routing terms (ralphy.agents.term_cache, one SQLite file per project): the prompt
is byte for byte the one built without it, on the real agent corpus with the real task files, whether the terms
come from stored postings, from stored entries or from tokenising; a corrupt or hostile cache is harmless."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from ralphy.agents import dev_agent, routing, routing_fields, term_cache
from ralphy.agents.dev_agent import DevAgent
from ralphy.testing import init_git_project
from tests.conftest import CORPUS

TASK_FILES = sorted((Path(__file__).resolve().parent.parent / "data" / "tasks" / "files").glob("*.md"))
# a real file with four pending groups to rank agents for (it was the first of TASK_FILES until bmad-*.md came)
OPEN_TASK_FILE = next(f for f in TASK_FILES if f.name == "gsd-dynamo.md")
CORPUS_AGENTS = 500  # loadable agents of tests/data/agent-corpus, deduplicated by name (docs/benchmarks.md)


@pytest.fixture(scope="module")
def corpus_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project whose .claude/agents is the whole real corpus (licences kept beside the files)."""
    root = init_git_project(tmp_path_factory.mktemp("corpus") / "project", commit=False)
    shutil.copytree(CORPUS, root / ".claude" / "agents")
    return root


def forget_terms() -> None:
    """What a fresh process starts with: no agent tokenised yet."""
    routing_fields.FIELDS_CACHE.clear()


def build(project: Path, cache: bool) -> tuple[str, DevAgent]:
    agent = DevAgent(project, term_cache=cache)
    return agent.build_prompt(), agent


def cache_path(project: Path) -> Path:
    return term_cache.cache_file(project)


def tables(path: Path) -> dict[str, dict[str, str]]:
    """The cache file's three tables, each as key -> value (read without ralphy)."""
    with sqlite3.connect(path) as db:
        return {table: dict(db.execute(f"SELECT * FROM {table}")) for table in ("meta", "entries", "postings")}


def rewrite(path: Path, sql: str, *params: object) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql, params)
    db.close()


def counting_tokenise(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the agents tokenised from now on (in this process)."""
    tokenised: list[str] = []
    original = routing_fields.tokenise
    monkeypatch.setattr(routing_fields, "tokenise", lambda agent: tokenised.append(agent.name) or original(agent))
    return tokenised


def counting_entry_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The entry keys read from the cache file from now on."""
    read: list[str] = []
    original = term_cache.TermCache.entry
    monkeypatch.setattr(term_cache.TermCache, "entry", lambda self, key: read.append(key) or original(self, key))
    return read


def discover_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each prompt build finds the corpus's agents once and reuses them: the files do not change between builds, and
    reading and parsing 500 agent files was half of the 319 builds' time (the term cache is what is tested here)."""
    found: dict[tuple, object] = {}
    original = dev_agent.discover_agents

    def discover(project_dir, **kwargs):
        key = (str(project_dir), repr(sorted(kwargs.items())))
        if key not in found:
            found[key] = original(project_dir, **kwargs)
        return found[key]

    monkeypatch.setattr(dev_agent, "discover_agents", discover)


def test_prompts_are_byte_identical_with_a_cold_and_a_warm_cache_on_every_real_task_file(
        corpus_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(TASK_FILES) >= 25
    discover_once(monkeypatch)
    expected = {}
    for task_file in TASK_FILES:
        shutil.copyfile(task_file, corpus_project / "TASKS.md")
        expected[task_file.name], agent = build(corpus_project, cache=False)
        assert agent.agents_total == CORPUS_AGENTS  # selection ranks them (over prompt_agent_threshold)
    assert not cache_path(corpus_project).exists()  # term_cache=False writes nothing

    shutil.copyfile(OPEN_TASK_FILE, corpus_project / "TASKS.md")
    forget_terms()
    cold, _ = build(corpus_project, cache=True)
    assert cold == expected[OPEN_TASK_FILE.name]
    stored = tables(cache_path(corpus_project))
    assert len(stored["entries"]) == CORPUS_AGENTS
    assert len(json.loads(stored["meta"]["lengths"])) == CORPUS_AGENTS
    first_terms = set(stored["postings"])
    assert first_terms  # the terms the first file's groups asked for

    tokenised = counting_tokenise(monkeypatch)
    # each other file asks for terms the file does not hold yet: read from every entry once, then stored
    for task_file in TASK_FILES:
        shutil.copyfile(task_file, corpus_project / "TASKS.md")
        forget_terms()
        warm, agent = build(corpus_project, cache=True)
        assert warm == expected[task_file.name], task_file.name
    assert tokenised == []  # every agent's terms came from the file
    assert len(tables(cache_path(corpus_project))["postings"]) > len(first_terms)

    # now every term is stored: each prompt reads only the entries of the agents its rankings look at closely
    read = counting_entry_reads(monkeypatch)
    for task_file in TASK_FILES:
        shutil.copyfile(task_file, corpus_project / "TASKS.md")
        forget_terms()
        read.clear()
        before = tables(cache_path(corpus_project))
        warm, agent = build(corpus_project, cache=True)
        assert warm == expected[task_file.name], task_file.name
        assert len(set(read)) < CORPUS_AGENTS / 2, task_file.name
        assert tables(cache_path(corpus_project)) == before  # nothing to add
    assert tokenised == []


def test_the_next_prompt_in_the_same_process_reads_no_file(furai_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    agent = DevAgent(furai_project)
    first = agent.build_prompt()
    read = counting_entry_reads(monkeypatch)
    tokenised = counting_tokenise(monkeypatch)
    assert agent.build_prompt() == first  # ralphy dev's next iteration
    assert read == [] and tokenised == []


def test_a_changed_agent_is_tokenised_again_and_the_file_rewritten(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = init_git_project(tmp_path / "project", commit=False)
    shutil.copytree(CORPUS / "0xfurai--claude-code-subagents", project / ".claude" / "agents")
    shutil.copyfile(OPEN_TASK_FILE, project / "TASKS.md")
    forget_terms()
    build(project, cache=True)
    before = tables(cache_path(project))
    target = next((project / ".claude" / "agents" / "agents").glob("python-expert.md"))
    target.write_text(target.read_text().replace("description:", "description: Django ORM migrations and Celery queues.", 1))
    forget_terms()
    expected = build(project, cache=False)[0]
    forget_terms()
    tokenised = counting_tokenise(monkeypatch)
    assert build(project, cache=True)[0] == expected
    assert tokenised == ["python-expert"]  # the others' entries still serve
    after = tables(cache_path(project))
    assert len(after["entries"]) == len(before["entries"])
    assert len(set(after["entries"]) - set(before["entries"])) == 1  # one new entry, the stale one gone
    assert after["meta"]["catalog"] != before["meta"]["catalog"]


@pytest.fixture
def furai_project(tmp_path: Path) -> Path:
    project = init_git_project(tmp_path / "project", commit=False)
    shutil.copytree(CORPUS / "0xfurai--claude-code-subagents", project / ".claude" / "agents")
    shutil.copyfile(OPEN_TASK_FILE, project / "TASKS.md")  # four pending groups to rank agents for
    return project


def expected_prompt(project: Path) -> str:
    forget_terms()
    return build(project, cache=False)[0]


def valid_file(project: Path) -> dict[str, dict[str, str]]:
    """A valid cache file's tables (written by a cold build)."""
    forget_terms()
    build(project, cache=True)
    return tables(cache_path(project))


BAD_ENTRIES = {
    "counts as strings": lambda e: [[{term: str(n) for term, n in f.items()} for f in e[0]], e[1]],
    "negative counts": lambda e: [[{term: -n for term, n in f.items()} for f in e[0]], e[1]],
    "true as a count": lambda e: [[{term: True for term in f} for f in e[0]], e[1]],
    "float counts": lambda e: [[{term: n + 0.5 for term, n in f.items()} for f in e[0]], e[1]],
    "five fields": lambda e: [e[0][:5], e[1]],
    "a field that is a list": lambda e: [[list(f) for f in e[0]], e[1]],
    "example lines that are numbers": lambda e: [e[0], [1, 2]],
    "an entry that is a string": lambda e: "x",
    "an entry of three parts": lambda e: [e[0], e[1], e[1]],
    "null": lambda e: None,
}


@pytest.mark.parametrize("damage", list(BAD_ENTRIES))
def test_a_malformed_entry_is_ignored_and_tokenised_again(furai_project: Path, damage: str) -> None:
    expected = expected_prompt(furai_project)
    stored = valid_file(furai_project)
    path = cache_path(furai_project)
    for key, data in stored["entries"].items():
        rewrite(path, "UPDATE entries SET data = ? WHERE key = ?", json.dumps(BAD_ENTRIES[damage](json.loads(data))), key)
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    rewritten = tables(path)["entries"]
    assert rewritten.keys() == stored["entries"].keys()
    assert all(term_cache.parse_entry(json.loads(data)) is not None for data in rewritten.values())  # written again, valid


BAD_POSTINGS = {
    "an index out of range": lambda p: [[10_000, *row[1:]] for row in p],
    "indexes not ascending": lambda p: list(reversed(p)) if len(p) > 1 else [p[0], p[0]],
    "a negative count": lambda p: [[row[0], -1, *row[2:]] for row in p],
    "no count at all": lambda p: [[row[0], 0, 0, 0, 0, 0, 0] for row in p],
    "float counts": lambda p: [[row[0], 0.5, *row[2:]] for row in p],
    "rows of five": lambda p: [row[:5] for row in p],
    "a mapping": lambda p: {"0": p},
    "NaN": lambda p: float("nan"),
}


@pytest.mark.parametrize("damage", list(BAD_POSTINGS))
def test_a_malformed_posting_is_ignored(furai_project: Path, damage: str) -> None:
    expected = expected_prompt(furai_project)
    stored = valid_file(furai_project)
    path = cache_path(furai_project)
    damaged = 0
    for term, data in stored["postings"].items():
        posting = json.loads(data)
        if posting:
            rewrite(path, "UPDATE postings SET data = ? WHERE term = ?", json.dumps(BAD_POSTINGS[damage](posting)), term)
            damaged += 1
    assert damaged
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert tables(path)["postings"] == stored["postings"]  # written anew, right again


def make_hostile(kind: str, path: Path, stored: dict[str, dict[str, str]]) -> None:
    if kind == "not SQLite":
        path.write_bytes(b"\x00\xff garbage" * 100)
    elif kind == "truncated":
        path.write_bytes(path.read_bytes()[:5000])
    elif kind == "pages overwritten":
        data = bytearray(path.read_bytes())
        data[4096:] = b"\xa5" * (len(data) - 4096)
        path.write_bytes(bytes(data))
    elif kind == "another format":
        rewrite(path, "UPDATE meta SET value = '999' WHERE key = 'format'")
    elif kind == "lengths of another shape":
        rewrite(path, "UPDATE meta SET value = ? WHERE key = 'lengths'", json.dumps([[1, 2, 3]]))
    elif kind == "lengths NaN":
        lengths = json.loads(stored["meta"]["lengths"])
        lengths[0][0] = float("nan")
        rewrite(path, "UPDATE meta SET value = ? WHERE key = 'lengths'", json.dumps(lengths))
    elif kind == "lengths nested 100,000 deep":
        rewrite(path, "UPDATE meta SET value = ? WHERE key = 'lengths'", "[" * 100_000)
    elif kind == "an integer of 10,000 digits":
        rewrite(path, "UPDATE meta SET value = ? WHERE key = 'lengths'", "[[" + "9" * 10_000 + "]]")
    elif kind == "values that are blobs":
        rewrite(path, "UPDATE entries SET data = x'00ff'")
        rewrite(path, "UPDATE postings SET data = x'00ff'")
    elif kind == "a trigger":  # would run on ralphy's own insert
        rewrite(path, "CREATE TRIGGER t AFTER INSERT ON postings BEGIN DELETE FROM entries; END")
    elif kind == "a view":
        rewrite(path, "CREATE VIEW v AS SELECT 1")
    elif kind == "another table":
        rewrite(path, "CREATE TABLE extra(x)")
    elif kind == "a table missing":
        rewrite(path, "DROP TABLE postings")
    else:
        raise AssertionError(kind)


HOSTILE_FILES = ["not SQLite", "truncated", "pages overwritten", "another format", "lengths of another shape",
                 "lengths NaN", "lengths nested 100,000 deep", "an integer of 10,000 digits", "values that are blobs",
                 "a trigger", "a view", "another table", "a table missing"]


@pytest.mark.parametrize("kind", HOSTILE_FILES)
def test_a_corrupt_or_hostile_cache_file_is_ignored_and_replaced(furai_project: Path, kind: str) -> None:
    expected = expected_prompt(furai_project)
    stored = valid_file(furai_project)
    path = cache_path(furai_project)
    make_hostile(kind, path, stored)
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    again = tables(path)
    assert again["entries"] == stored["entries"] and again["meta"] == stored["meta"]
    with sqlite3.connect(path) as db:
        assert {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type IN ('trigger', 'view')")} == set()
    db.close()


def ranked_hits(project: Path) -> int:
    """How many agents' terms a router over ``project``'s agents read from the cache, ranking one task."""
    from ralphy.agents.selection import _for_selection

    cache = term_cache.TermCache.for_project(project)
    agents = [_for_selection(agent) for agent in DevAgent(project, term_cache=False)._discover_agents()]
    router = cache.router(agents)
    router.rank("Write the Python parser tests and the Django models")
    hits = cache.hits
    cache.save(router)
    return hits


def test_a_cache_of_another_ralphy_is_not_read(furai_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = expected_prompt(furai_project)
    valid_file(furai_project)
    forget_terms()
    assert ranked_hits(furai_project) > 0  # same code hash: used (this is what the code hash guards) ...
    monkeypatch.setattr(term_cache, "_code_hash", "another ralphy")  # ... under another tokeniser's hash: not
    forget_terms()
    assert ranked_hits(furai_project) == 0
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected


def test_a_cache_over_the_size_limit_is_not_read(furai_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    valid_file(furai_project)
    size = cache_path(furai_project).stat().st_size
    monkeypatch.setattr(term_cache, "MAX_CACHE_BYTES", size - 1)
    forget_terms()
    assert ranked_hits(furai_project) == 0
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected_prompt(furai_project)


def test_a_link_at_the_cache_path_is_neither_followed_nor_written_through(furai_project: Path, tmp_path: Path) -> None:
    expected = expected_prompt(furai_project)
    valid_file(furai_project)
    path = cache_path(furai_project)
    victim = tmp_path / "victim.sqlite"
    shutil.copyfile(path, victim)  # a valid cache, behind a link: still not read
    before = victim.read_bytes()
    path.unlink()
    path.symlink_to(victim)
    forget_terms()
    assert ranked_hits(furai_project) == 0
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert victim.read_bytes() == before
    assert not path.is_symlink() and path.is_file()  # the link was replaced by the cache
    assert (path.stat().st_mode & 0o777) == 0o600


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_fifo_at_the_cache_path_neither_hangs_nor_fails(furai_project: Path, kind: str) -> None:
    expected = expected_prompt(furai_project)
    path = cache_path(furai_project)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        path.unlink()
    path.mkdir() if kind == "folder" else os.mkfifo(path)
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert path.is_dir() if kind == "folder" else path.is_fifo()  # left alone


def test_an_unusable_cache_folder_only_costs_time(furai_project: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    expected = expected_prompt(furai_project)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert blocker.read_text() == ""


def test_a_cache_file_another_process_is_writing_only_costs_time(furai_project: Path) -> None:
    valid_file(furai_project)
    path = cache_path(furai_project)
    # a task whose words the file holds no postings for: ralphy adds them, unless the file is busy
    (furai_project / "TASKS.md").write_text("# Tasks\n\n## Kotlin coroutines\n- [ ] 1.1 Port the Kotlin Flow code\n")
    expected = expected_prompt(furai_project)
    before = tables(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another ralphy writing: readers go on, a second writer waits
        forget_terms()
        assert build(furai_project, cache=True)[0] == expected
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert tables(path) == before
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert len(tables(path)["postings"]) > len(before["postings"])


def test_files_of_projects_unused_for_30_days_are_removed_and_nothing_else(furai_project: Path, tmp_path: Path) -> None:
    folder = cache_path(furai_project).parent
    folder.mkdir(parents=True, exist_ok=True)
    old_time = 1_000_000_000  # 2001
    stale, fresh = folder / ("a" * 64 + ".sqlite"), folder / ("b" * 64 + ".sqlite")
    stale_json = folder / ("e" * 64 + ".json")  # the format before
    left_over = folder / ("." + "d" * 64 + ".sqlite.0123abcd.tmp")  # a ralphy killed while writing
    foreign, link_target = folder / "notes.sqlite", tmp_path / "kept.sqlite"
    link = folder / ("c" * 64 + ".sqlite")
    own_json = cache_path(furai_project).with_suffix(".json")  # this project's file in the format before: replaced
    for path in (stale, stale_json, fresh, foreign, link_target, left_over, own_json):
        path.write_text("{}")
    link.symlink_to(link_target)
    for path in (stale, stale_json, foreign, link_target, left_over):
        os.utime(path, (old_time, old_time))
    os.utime(link, (old_time, old_time), follow_symlinks=False)
    forget_terms()
    build(furai_project, cache=True)
    assert not stale.exists() and not stale_json.exists() and not left_over.exists() and not own_json.exists()
    assert fresh.exists() and foreign.exists() and link.is_symlink() and link_target.exists()
    assert cache_path(furai_project).is_file()


def test_a_file_read_and_still_right_is_marked_as_used(furai_project: Path) -> None:
    forget_terms()
    build(furai_project, cache=True)
    path = cache_path(furai_project)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    content = path.read_bytes()
    forget_terms()
    build(furai_project, cache=True)
    assert path.stat().st_mtime > 1_000_000_000 and path.read_bytes() == content


def test_a_deferred_write_waits_for_write_term_cache_and_writes_what_a_direct_one_does(
        furai_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = expected_prompt(furai_project)
    direct = valid_file(furai_project)  # what a build writing at once leaves
    cache_path(furai_project).unlink()
    forget_terms()
    agent = DevAgent(furai_project)
    agent.defer_term_cache = True
    assert agent.build_prompt() == expected
    assert not cache_path(furai_project).exists()  # nothing written while the prompt is on its way
    agent.write_term_cache()
    assert tables(cache_path(furai_project)) == direct
    agent.write_term_cache()  # nothing left: nothing written again
    assert tables(cache_path(furai_project)) == direct
    tokenised = counting_tokenise(monkeypatch)
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected and tokenised == []  # the next process reads it


def test_a_deferred_write_never_written_is_written_before_the_next_prompt(furai_project: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    expected = expected_prompt(furai_project)
    forget_terms()
    agent = DevAgent(furai_project)
    agent.defer_term_cache = True
    assert agent.build_prompt() == expected  # ralphy dev's iteration ended before write_term_cache
    assert not cache_path(furai_project).exists()
    tokenised = counting_tokenise(monkeypatch)
    forget_terms()
    assert agent.build_prompt() == expected
    assert tokenised == []  # the first prompt's terms were written, then read back
    assert cache_path(furai_project).exists()


def test_ralphy_prompt_writes_the_prompt_out_before_the_terms_cache(furai_project: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from click.testing import CliRunner

    from ralphy.cli import cli

    expected = expected_prompt(furai_project)
    out_when_saved: list[bytes] = []
    original = term_cache.TermCache._save

    def save(self: term_cache.TermCache, router: routing.Router) -> None:
        sys.stdout.flush()
        out_when_saved.append(sys.stdout.buffer.getvalue())
        original(self, router)

    monkeypatch.setattr(term_cache.TermCache, "_save", save)
    forget_terms()
    result = CliRunner().invoke(cli, ["prompt", str(furai_project)], catch_exceptions=False)
    assert result.exit_code == 0 and result.stdout == expected
    assert out_when_saved == [expected.encode()]  # the whole prompt was out when the cache was written
    assert cache_path(furai_project).exists()


def test_ralphy_prompt_in_its_own_process_leaves_the_cache_written(furai_project: Path) -> None:
    import subprocess
    import sys

    expected = expected_prompt(furai_project)
    assert not cache_path(furai_project).exists()
    proc = subprocess.run([sys.executable, "-m", "ralphy", "prompt", str(furai_project)], capture_output=True,
                          text=True, env=os.environ, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == expected
    written = tables(cache_path(furai_project))  # written by the process before it ended
    cache_path(furai_project).unlink()
    assert written == valid_file(furai_project)  # what a build writing at once leaves
