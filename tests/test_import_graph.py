"""The package stays layered: no import circle between ralphy's modules at import time.

Read from the source (``ast``), not by importing: an import at a module's top level (also inside ``try``/``if``
and class bodies, which run at import time) is an edge; one inside a function is lazy and runs after every
module has loaded, and one under ``if TYPE_CHECKING`` never runs, so neither is. A child importing its own
package is no edge (the package is already loading). The circle ``cli/agents.py <-> cli/catalog.py <->
cli/factory.py`` that stop 9 removed is checked by name as well, at any depth, and each of those modules is
imported alone in a fresh interpreter.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _modules(root: Path, package: str) -> dict[str, Path]:
    found = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(body: list[ast.stmt], *, lazy_too: bool) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not lazy_too:
            continue
        if isinstance(node, ast.If) and _type_checking(node.test):
            found += _imports(node.orelse, lazy_too=lazy_too)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
            continue
        for name in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, name, None)
            if isinstance(block, list):
                found += _imports(block, lazy_too=lazy_too)
    return found


def import_graph(root: Path, package: str, *, lazy_too: bool = False) -> dict[str, set[str]]:
    """module -> the package's modules it imports (at import time, or also lazily)."""
    modules = _modules(root, package)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: list[str] = []
        for node in _imports(ast.parse(path.read_text(encoding="utf-8")).body, lazy_too=lazy_too):
            if isinstance(node, ast.Import):
                targets += [alias.name for alias in node.names]
                continue
            base = node.module or ""
            if node.level:  # relative: from the importing module's package
                here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                base = ".".join(here[: len(here) - node.level + 1] + ([base] if base else []))
            targets += [base] + [f"{base}.{alias.name}" for alias in node.names]
        deps = set()
        for target in targets:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):  # importing a.b.c loads a and a.b first
                module = ".".join(parts[:i])
                if module in modules and module != name and not name.startswith(module + "."):
                    deps.add(module)
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for dep in sorted(graph[module]):
            if dep not in index:
                visit(dep)
                low[module] = min(low[module], low[dep])
            elif dep in on_stack:
                low[module] = min(low[module], index[dep])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_the_check_finds_a_circle_and_passes_over_lazy_and_type_only_imports(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import thing\n",
        "pkg/b.py": "import pkg.sub.c\nthing = 1\n",
        "pkg/sub/__init__.py": "from . import c\n",
        "pkg/sub/c.py": "try:\n    from .. import a\nexcept ImportError:\n    pass\n",
        "pkg/lazy.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import d\n"
                       "def f():\n    from pkg import d\n",
        "pkg/d.py": "from pkg import lazy\n",
        "pkg/child.py": "import pkg\n",
    })
    graph = import_graph(root, "pkg")
    assert graph["pkg.a"] == {"pkg.b"}
    assert graph["pkg.b"] == {"pkg.sub", "pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.a"}  # relative, inside try
    assert graph["pkg.lazy"] == set() and graph["pkg.child"] == set()
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c"]]
    assert ["pkg.d", "pkg.lazy"] in cycles(import_graph(root, "pkg", lazy_too=True))


def test_ralphy_has_no_import_circle() -> None:
    graph = import_graph(ROOT, "ralphy")
    assert len(graph) > 80 and "ralphy.store" in graph["ralphy.loop"]  # the graph was really read
    assert cycles(graph) == []


def reached(graph: dict[str, set[str]], module: str) -> set[str]:
    """Every module ``module`` imports, itself or through the modules it imports, at any depth."""
    found: set[str] = set()
    todo = [module]
    while todo:
        for dep in graph[todo.pop()] - found:
            found.add(dep)
            todo.append(dep)
    return found


def test_the_agents_commands_do_not_import_each_other() -> None:
    """``ralphy agents`` loads recommend/gaps/capabilities (cli/catalog.py) and create (cli/factory.py) from a
    table of names; none of the three imports another, lazily or not, itself or through another module."""
    graph = import_graph(ROOT, "ralphy", lazy_too=True)
    commands = {"ralphy.cli.agents", "ralphy.cli.catalog", "ralphy.cli.factory"}
    assert "ralphy.agents.factory" in reached(graph, "ralphy.cli.factory")  # the graph was really read
    for module in sorted(commands):
        assert not (commands - {module}) & reached(graph, module), module
    assert reached({"a": {"b"}, "b": {"c"}, "c": set()}, "a") == {"b", "c"}


@pytest.mark.parametrize("module", ["ralphy.cli.agents", "ralphy.cli.catalog", "ralphy.cli.factory",
                                    "ralphy.agents.factory"])
def test_each_agents_module_imports_alone_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
