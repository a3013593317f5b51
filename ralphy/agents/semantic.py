"""The optional semantic signal of routing: a static embedding model whose weights ship inside its wheel.

``wordllama`` (``pip install 'ralphy[semantic]'``; the ``l2_supercat`` model, 256 dimensions, 16 MB of weights
in the wheel) turns a text into a vector by averaging word vectors: no network, no GPU, a few milliseconds per
text. It is loaded from its own package folder with downloads disabled, and the Hugging Face libraries under it
are told to stay offline, so nothing is fetched at run time. Nothing here is imported until a router asks for
it (``ralphy --help`` and commands that do not route never load numpy or the model).

The model is loaded once per process and every agent's vector is remembered by the text it was computed from,
so a long-lived process (the MCP server, a benchmark) embeds each agent once. See docs/decisions.md.
"""
from __future__ import annotations

import functools
import importlib.util
import os
import threading
from collections.abc import Sequence
from typing import Any

from ralphy.agents.spec import AgentSpec
from ralphy.agents.terms import split_examples
from ralphy.errors import ConfigError

MODEL = "l2_supercat"
DIMENSIONS = 256
TEXT_LIMIT = 2000  # characters of an agent's text that are embedded
MODES = ("auto", "on", "off")

_VECTORS: dict[str, Any] = {}  # agent text -> its unit vector
_VECTORS_SIZE = 8192
_LOCK = threading.Lock()


class SemanticUnavailable(ConfigError):
    """The semantic signal was asked for (``routing_semantic = "on"``) but cannot be loaded."""


@functools.lru_cache(maxsize=1)
def installed() -> bool:
    """Whether ``wordllama`` can be imported (checked without importing it)."""
    try:
        return importlib.util.find_spec("wordllama") is not None
    except (ImportError, ValueError):
        return False


def wanted(mode: str | bool | None) -> bool:
    """Whether a router with ``mode`` (auto/on/off, or a bool) uses the semantic signal.

    ``auto`` (and None): when wordllama is installed. ``on``: always (``SemanticUnavailable`` if it is not).
    """
    if mode in (False, "off"):
        return False
    if mode in (True, "on"):
        if not installed():
            raise SemanticUnavailable(
                "routing_semantic is on but wordllama is not installed (pip install 'ralphy[semantic]')"
            )
        return True
    return installed()


@functools.lru_cache(maxsize=1)
def model() -> Any:
    """The embedding model, loaded once per process from the files inside its wheel (nothing downloaded)."""
    for name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
        os.environ.setdefault(name, "1")
    from pathlib import Path

    try:
        import wordllama
        from wordllama import WordLlama

        # The wheel keeps the weights under weights/ and the tokenizer under tokenizers/ of its own folder;
        # cache_dir pointing there, with downloads off, is what makes it load them instead of fetching.
        return WordLlama.load(config=MODEL, dim=DIMENSIONS, cache_dir=Path(wordllama.__file__).parent,
                              disable_download=True)
    except Exception as exc:  # noqa: BLE001 - a broken optional install must not break routing
        raise SemanticUnavailable(f"wordllama could not be loaded: {exc}") from exc


def agent_text(agent: AgentSpec) -> str:
    """What is embedded for ``agent``: its name, its description without the example blocks' answers, and the
    user lines of those examples."""
    main, users, _rest = split_examples(agent.description or "")
    name = agent.name.replace("-", " ").replace("_", " ").replace(":", " ")
    return " ".join([name, main, " ".join(users)])[:TEXT_LIMIT]


def agent_vectors(agents: Sequence[AgentSpec]) -> list[Any]:
    """The unit vector of each agent, computed once per process per agent text."""
    texts = [agent_text(agent) for agent in agents]
    with _LOCK:
        missing = list(dict.fromkeys(text for text in texts if text not in _VECTORS))
        if missing:
            if len(_VECTORS) + len(missing) > _VECTORS_SIZE:
                _VECTORS.clear()
            for text, vector in zip(missing, model().embed(missing, norm=True)):
                _VECTORS[text] = vector
        return [_VECTORS[text] for text in texts]


class SemanticIndex:
    """The vectors of a router's agents, and their cosine similarity to a task."""

    def __init__(self, agents: Sequence[AgentSpec]) -> None:
        import numpy

        vectors = agent_vectors(agents)
        self._matrix = numpy.vstack(vectors) if vectors else numpy.zeros((0, DIMENSIONS), dtype="float32")

    def similarities(self, task: str) -> list[float]:
        """The cosine similarity of ``task`` to each agent, in the router's order."""
        if not self._matrix.shape[0]:
            return []
        query = model().embed([task[:TEXT_LIMIT]], norm=True)[0]
        return [float(value) for value in self._matrix @ query]
