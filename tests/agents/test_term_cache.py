"""The user's cache of agents' routing terms (ralphy.agents.term_cache): the prompt is byte for byte the one
built without it, on the real agent corpus with the real task files; a corrupt or hostile cache is harmless."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from ralphy.agents import routing, term_cache
from ralphy.agents.dev_agent import DevAgent
from ralphy.testing import init_git_project
from tests.conftest import CORPUS

TASK_FILES = sorted((Path(__file__).resolve().parent.parent / "data" / "tasks" / "files").glob("*.md"))
CORPUS_AGENTS = 500  # loadable agents of tests/data/agent-corpus, deduplicated by name (docs/benchmarks.md)


@pytest.fixture(scope="module")
def corpus_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project whose .claude/agents is the whole real corpus (licences kept beside the files)."""
    root = init_git_project(tmp_path_factory.mktemp("corpus") / "project", commit=False)
    shutil.copytree(CORPUS, root / ".claude" / "agents")
    return root


def forget_terms() -> None:
    """What a fresh process starts with: no agent tokenised yet."""
    routing._FIELDS_CACHE.clear()


def build(project: Path, cache: bool) -> tuple[str, DevAgent]:
    agent = DevAgent(project, term_cache=cache)
    return agent.build_prompt(), agent


def cache_path(project: Path) -> Path:
    return term_cache.cache_file(project)


def test_prompts_are_byte_identical_with_a_cold_and_a_warm_cache_on_every_real_task_file(corpus_project: Path) -> None:
    assert len(TASK_FILES) >= 25
    expected = {}
    for task_file in TASK_FILES:
        shutil.copyfile(task_file, corpus_project / "TASKS.md")
        expected[task_file.name], agent = build(corpus_project, cache=False)
        assert agent.agents_total == CORPUS_AGENTS  # selection ranks them (over prompt_agent_threshold)
    assert not cache_path(corpus_project).exists()  # term_cache=False writes nothing

    shutil.copyfile(TASK_FILES[0], corpus_project / "TASKS.md")
    forget_terms()
    cold, _ = build(corpus_project, cache=True)
    assert cold == expected[TASK_FILES[0].name]
    stored = json.loads(cache_path(corpus_project).read_text())
    assert len(stored["entries"]) == CORPUS_AGENTS

    for task_file in TASK_FILES:
        shutil.copyfile(task_file, corpus_project / "TASKS.md")
        forget_terms()
        cache = term_cache.TermCache.for_project(corpus_project)
        cache.load([])  # nothing asked, nothing read
        assert cache.hits == 0
        warm, agent = build(corpus_project, cache=True)
        assert warm == expected[task_file.name], task_file.name
    # the warm builds read every agent's terms from the file, none tokenised again
    forget_terms()
    tokenised = []
    original = routing._tokenise
    try:
        routing._tokenise = lambda agent: tokenised.append(agent.name) or original(agent)  # type: ignore[assignment]
        assert build(corpus_project, cache=True)[0] == expected[TASK_FILES[-1].name]
    finally:
        routing._tokenise = original  # type: ignore[assignment]
    assert tokenised == []


def test_a_changed_agent_is_tokenised_again_and_the_file_rewritten(tmp_path: Path) -> None:
    project = init_git_project(tmp_path / "project", commit=False)
    shutil.copytree(CORPUS / "0xfurai--claude-code-subagents", project / ".claude" / "agents")
    shutil.copyfile(TASK_FILES[0], project / "TASKS.md")
    forget_terms()
    build(project, cache=True)
    before = json.loads(cache_path(project).read_text())["entries"]
    target = next((project / ".claude" / "agents" / "agents").glob("python-expert.md"))
    target.write_text(target.read_text().replace("description:", "description: Django ORM migrations and Celery queues.", 1))
    forget_terms()
    expected = build(project, cache=False)[0]
    forget_terms()
    assert build(project, cache=True)[0] == expected
    after = json.loads(cache_path(project).read_text())["entries"]
    assert len(after) == len(before) and len(set(after) - set(before)) == 1  # one new entry, the stale one gone


@pytest.fixture
def furai_project(tmp_path: Path) -> Path:
    project = init_git_project(tmp_path / "project", commit=False)
    shutil.copytree(CORPUS / "0xfurai--claude-code-subagents", project / ".claude" / "agents")
    shutil.copyfile(TASK_FILES[3], project / "TASKS.md")
    return project


def expected_prompt(project: Path) -> str:
    forget_terms()
    return build(project, cache=False)[0]


def one_valid_entry(project: Path) -> tuple[dict, str]:
    """A valid cache file's data and the key of one entry in it."""
    forget_terms()
    build(project, cache=True)
    data = json.loads(cache_path(project).read_text())
    return data, next(iter(data["entries"]))


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
    data, key = one_valid_entry(furai_project)
    data["entries"] = {k: BAD_ENTRIES[damage](v) for k, v in data["entries"].items()}
    cache_path(furai_project).write_text(json.dumps(data))
    forget_terms()
    cache = term_cache.TermCache.for_project(furai_project)
    assert build(furai_project, cache=True)[0] == expected
    rewritten = json.loads(cache_path(furai_project).read_text())["entries"]
    assert term_cache._entry(rewritten[key]) is not None  # written again, valid
    cache.load([])  # and nothing else breaks


HOSTILE_FILES = {
    "not JSON": b"\x00\xff garbage",
    "truncated JSON": b'{"format": 1, "code": "',
    "NaN counts": None,  # built from a valid file below
    "nested 100,000 deep": b"[" * 100_000,
    "a list": b"[1, 2, 3]",
    "another format": b'{"format": 999, "code": "x", "entries": {}}',
    "entries not a mapping": None,
    "an integer of 10,000 digits": b'{"format": ' + b"9" * 10_000 + b"}",
}


@pytest.mark.parametrize("kind", list(HOSTILE_FILES))
def test_a_corrupt_or_hostile_cache_file_is_ignored_and_replaced(furai_project: Path, kind: str) -> None:
    expected = expected_prompt(furai_project)
    data, key = one_valid_entry(furai_project)
    content = HOSTILE_FILES[kind]
    if kind == "NaN counts":
        content = json.dumps(data).replace(": 1,", ": NaN,").replace(": 1}", ": Infinity}").encode()
        assert b"NaN" in content
    elif kind == "entries not a mapping":
        content = json.dumps({**data, "entries": list(data["entries"])}).encode()
    cache_path(furai_project).write_bytes(content)
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert term_cache._entry(json.loads(cache_path(furai_project).read_text())["entries"][key]) is not None


def test_a_cache_of_another_ralphy_is_not_read(furai_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    expected = expected_prompt(furai_project)
    data, key = one_valid_entry(furai_project)
    # same code hash, poisoned counts: used (this is what the code hash guards) ...
    data["entries"][key][0][0] = {"poison": 1}
    cache_path(furai_project).write_text(json.dumps(data))
    forget_terms()
    cache = term_cache.TermCache.for_project(furai_project)
    cache.load(list(DevAgent(furai_project, term_cache=False)._discover_agents()))
    assert cache.hits > 0
    # ... but under another tokeniser's hash nothing is used
    monkeypatch.setattr(term_cache, "_code_hash", "another ralphy")
    forget_terms()
    cache = term_cache.TermCache.for_project(furai_project)
    cache.load(list(DevAgent(furai_project, term_cache=False)._discover_agents()))
    assert cache.hits == 0
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected


def test_a_cache_over_the_size_limit_is_not_read(furai_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    one_valid_entry(furai_project)
    size = cache_path(furai_project).stat().st_size
    monkeypatch.setattr(term_cache, "MAX_CACHE_BYTES", size - 1)
    forget_terms()
    cache = term_cache.TermCache.for_project(furai_project)
    agents = list(DevAgent(furai_project, term_cache=False)._discover_agents())
    cache.load(agents)
    assert cache.hits == 0
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected_prompt(furai_project)


def test_a_link_at_the_cache_path_is_neither_followed_nor_written_through(furai_project: Path, tmp_path: Path) -> None:
    expected = expected_prompt(furai_project)
    data, _ = one_valid_entry(furai_project)
    victim = tmp_path / "victim.json"
    victim.write_text(json.dumps(data))  # a valid cache, behind a link: still not read
    before = victim.read_bytes()
    path = cache_path(furai_project)
    path.unlink()
    path.symlink_to(victim)
    forget_terms()
    cache = term_cache.TermCache.for_project(furai_project)
    cache.load(list(DevAgent(furai_project, term_cache=False)._discover_agents()))
    assert cache.hits == 0
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


def test_an_unusable_cache_folder_only_costs_time(furai_project: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    expected = expected_prompt(furai_project)
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    forget_terms()
    assert build(furai_project, cache=True)[0] == expected
    assert blocker.read_text() == ""


def test_files_of_projects_unused_for_30_days_are_removed_and_nothing_else(furai_project: Path, tmp_path: Path) -> None:
    folder = cache_path(furai_project).parent
    folder.mkdir(parents=True, exist_ok=True)
    old_time = 1_000_000_000  # 2001
    stale, fresh = folder / ("a" * 64 + ".json"), folder / ("b" * 64 + ".json")
    left_over = folder / ("." + "d" * 64 + ".json.0123abcd.tmp")  # a ralphy killed while writing
    foreign, link_target = folder / "notes.json", tmp_path / "kept.json"
    link = folder / ("c" * 64 + ".json")
    for path in (stale, fresh, foreign, link_target, left_over):
        path.write_text("{}")
    link.symlink_to(link_target)
    for path in (stale, foreign, link_target, left_over):
        os.utime(path, (old_time, old_time))
    os.utime(link, (old_time, old_time), follow_symlinks=False)
    forget_terms()
    build(furai_project, cache=True)
    assert not stale.exists() and not left_over.exists()
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
