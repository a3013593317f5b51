"""Lists the tasks of one labelled set that are near-copies of a task in any other set here.

    .venv/bin/python tests/data/routing/near_copies.py voltagent_train3.jsonl [--threshold 0.5]

A near-copy: the two tasks share at least ``threshold`` of their words (Jaccard on lower-cased words of three
letters or more, a plural's trailing s dropped). Used while writing a set, before committing it, so that no task
is shared with or reworded from another set.
"""
import argparse
import json
import pathlib
import re

HERE = pathlib.Path(__file__).resolve().parent


def words(text: str) -> set[str]:
    return {word[:-1] if word.endswith("s") and len(word) > 3 else word
            for word in re.findall(r"[a-z0-9][a-z0-9+#.-]*", text.lower()) if len(word) >= 3}


def tasks(path: pathlib.Path) -> list[str]:
    if path.suffix == ".jsonl":
        return [json.loads(line)["task"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [task["task"] for project in json.loads(path.read_text(encoding="utf-8")) for task in project["tasks"]]


def near_copies(name: str, threshold: float, folder: pathlib.Path = HERE) -> list[tuple[float, str, str, str]]:
    """(share, task, other file, other task) for each task of ``name`` near a task of a set in ``folder``."""
    mine = [(task, words(task)) for task in tasks(folder / name)]
    found = []
    for path in sorted(folder.glob("*.json*")):
        theirs = [(other, words(other)) for other in tasks(path)]
        for task, a in mine:
            for other, b in theirs:
                if path.name == name and other == task:
                    continue
                union = len(a | b)
                score = len(a & b) / union if union else 0.0
                if score >= threshold:
                    found.append((score, task, path.name, other))
    return sorted(found, reverse=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name")
    parser.add_argument("--threshold", type=float, default=0.5)
    args = parser.parse_args()
    for score, task, other_file, other in near_copies(args.name, args.threshold):
        print(f"{score:.2f}  {task!r}\n      ~ {other_file}: {other!r}")
