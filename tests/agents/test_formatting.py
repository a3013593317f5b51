"""One-line agent descriptions, checked on the whole real corpus."""

from __future__ import annotations

import pytest

from ralphy.agents.discovery import load_agent_file
from ralphy.agents.formatting import condense_description, format_agent, format_agents
from ralphy.agents.spec import AgentSpec
from tests.conftest import CORPUS


def spec(name: str, description: str) -> AgentSpec:
    return AgentSpec(name=name, description=description, path=CORPUS)


def test_examples_and_commentary_are_dropped() -> None:
    text = ("Use this agent for reviews.\n\n<example>\nContext: x\nuser: 'review'\n<commentary>why</commentary>\n"
            "</example>\nAlso <b>security</b>.")
    assert condense_description(text) == "Use this agent for reviews. Also security."


def test_markdown_noise_and_whitespace() -> None:
    text = "## Role\n- **Expert** in `pytest`\n- see [docs](https://x.y)\n\n\tand   more"
    assert condense_description(text) == "Role Expert in pytest see docs and more"


def test_cut_at_a_word_boundary_with_an_ellipsis() -> None:
    text = "alpha beta gamma delta epsilon"
    assert condense_description(text, max_chars=16) == "alpha beta\u2026"
    assert condense_description(text, max_chars=100) == text


def test_unclosed_example_is_dropped_to_the_end() -> None:
    assert condense_description("Reviews code. <example>user: hi") == "Reviews code."


def test_format_agent_and_agents_sorted() -> None:
    assert format_agent(spec("b", "Two\nlines")) == "- **b**: Two lines"
    assert format_agents([spec("b", "B"), spec("a", "A")]) == "- **a**: A\n- **b**: B"


@pytest.fixture(scope="module")
def corpus_lines() -> list[str]:
    specs = [result for path in CORPUS.rglob("*.md") if isinstance(result := load_agent_file(path), AgentSpec)]
    assert len(specs) > 550
    return format_agents(specs).split("\n")


def test_every_corpus_agent_is_one_bounded_line(corpus_lines: list[str]) -> None:
    for line in corpus_lines:
        name, _, description = line.partition("**: ")
        assert "\n" not in line and "<example" not in line.lower() and "</" not in line
        assert 0 < len(description) <= 200, line
    assert any(line.endswith("\u2026") for line in corpus_lines)
