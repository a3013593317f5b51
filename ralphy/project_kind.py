"""The project's kind from the marker files in its root: the ``language`` and ``test_command`` the dev prompt
names when no config (the project's, the user's, ``RALPHY_*``, flags) sets them.

``detect(project_dir)`` is a ``ProjectKind`` (language, test command, the marker that said so) or None when no
marker is there (the config's defaults, python and pytest, stay). Only whether a name in the project's root is a
file (or, for a few hints, a folder) is asked: nothing is opened or read, so a marker that is a FIFO, a device
or a link to one cannot hang or feed anything to ralphy (``os.path.isfile`` stats, it does not open).

A detected test command is a hint for the prompt only: ralphy never runs it (``ralphy.config`` turns
verification on from a ``test_command`` some config SETS, never from a detected one). docs/decisions.md says why
the rules are these.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class ProjectKind:
    language: str
    test_command: str
    marker: str  # the file in the project's root that said so


def _is_file(root: str, name: str) -> bool:
    return os.path.isfile(os.path.join(root, name))  # stat, never open; False for FIFOs, devices, folders


def _is_dir(root: str, name: str) -> bool:
    return os.path.isdir(os.path.join(root, name))


def _rust(root: str) -> tuple[str, str]:
    return "rust", "cargo test"


def _go(root: str) -> tuple[str, str]:
    return "go", "go test ./..."


def _maven(root: str) -> tuple[str, str]:
    return "java", "./mvnw test" if _is_file(root, "mvnw") else "mvn test"


def _gradle(root: str) -> tuple[str, str]:
    if _is_dir(root, "src/main/kotlin"):
        language = "kotlin"
    elif _is_dir(root, "src/main/java"):
        language = "java"
    else:  # the build script's own language is the best guess left
        kotlin_dsl = _is_file(root, "build.gradle.kts") or _is_file(root, "settings.gradle.kts")
        language = "kotlin" if kotlin_dsl else "java"
    return language, "./gradlew test" if _is_file(root, "gradlew") else "gradle test"


def _python(root: str) -> tuple[str, str]:
    return "python", "pytest"


def _ruby(root: str) -> tuple[str, str]:
    rspec = _is_file(root, ".rspec") or _is_dir(root, "spec")
    return "ruby", "bundle exec rspec" if rspec else "bundle exec rake test"


def _php(root: str) -> tuple[str, str]:
    phpunit = _is_file(root, "phpunit.xml") or _is_file(root, "phpunit.xml.dist")
    return "php", "vendor/bin/phpunit" if phpunit else "composer test"


def _node(root: str) -> tuple[str, str]:
    language = "typescript" if _is_file(root, "tsconfig.json") else "javascript"
    if _is_file(root, "pnpm-lock.yaml"):
        runner = "pnpm test"
    elif _is_file(root, "yarn.lock"):
        runner = "yarn test"
    elif _is_file(root, "bun.lock") or _is_file(root, "bun.lockb"):
        runner = "bun run test"
    else:
        runner = "npm test"
    return language, runner


# First match wins. The build files of compiled languages first; Python before package.json (a Django or Flask
# project often has a package.json for its front end; a JavaScript project rarely has a pyproject.toml);
# Gemfile and composer.json before package.json too (Rails and Laravel ship one).
RULES: tuple[tuple[tuple[str, ...], Callable[[str], tuple[str, str]]], ...] = (
    (("Cargo.toml",), _rust),
    (("go.mod",), _go),
    (("pom.xml",), _maven),
    (("build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle"), _gradle),
    (("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt"), _python),
    (("Gemfile",), _ruby),
    (("composer.json",), _php),
    (("package.json",), _node),
)


def detect(project_dir: str | os.PathLike[str]) -> ProjectKind | None:
    """The kind of the project in ``project_dir`` from its root's marker files; None when there is none."""
    root = os.fspath(project_dir)
    for markers, kind in RULES:
        for marker in markers:
            if _is_file(root, marker):
                language, test_command = kind(root)
                return ProjectKind(language, test_command, marker)
    return None
