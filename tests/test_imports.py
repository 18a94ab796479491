"""No import circles among the modules of ``spades``: each import, at module level, in a
function or for type checking only, goes one way."""

from __future__ import annotations

import ast
from pathlib import Path

import spades

ROOT = Path(spades.__file__).parent


def modules(package: Path) -> dict[str, tuple[Path, bool]]:
    """Each module of ``package`` by dotted name: its file, and whether it is a package."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imports(package: Path) -> dict[str, dict[str, list[int]]]:
    """Each module's imports of the package's other modules, with their lines: every
    ``import`` and ``from ... import`` in the file, wherever it stands."""
    known = modules(package)
    graph: dict[str, dict[str, list[int]]] = {}
    for name, (path, is_package) in known.items():
        edges = graph.setdefault(name, {})
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    here = name.split(".") if is_package else name.split(".")[:-1]
                    here = here[:len(here) - node.level + 1]
                    base = ".".join([*here, *([node.module] if node.module else [])])
                submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
                # names that are not submodules come from the package itself
                targets = submodules + ([base] if len(submodules) < len(node.names) else [])
            else:
                continue
            for target in targets:
                if target in known and target != name:
                    edges.setdefault(target, []).append(node.lineno)
    return graph


def circles(graph: dict[str, dict[str, list[int]]]) -> list[list[str]]:
    """The import circles of ``graph``: its strongly connected parts of two modules or more
    (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in graph.get(module, {}):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            part = [stack.pop()]
            while part[-1] != module:
                part.append(stack.pop())
            if len(part) > 1:
                found.append(sorted(part))

    for module in graph:
        if module not in index:
            visit(module)
    return found


def test_no_module_of_spades_is_in_an_import_circle() -> None:
    graph = imports(ROOT)
    # the scan sees imports at module level, in functions and for type checking alike
    assert "spades.game" in graph["spades.record"]
    assert "spades.server.cluster" in graph["spades.server.app"]
    found = circles(graph)
    assert not found, "\n".join(
        " <-> ".join(part) + ": " + "; ".join(
            f"{a} imports {b} (lines {graph[a][b]})" for a in part for b in part if b in graph[a])
        for part in found)


def test_a_circle_through_a_function_or_type_checking_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from .b import B\n")
    (package / "b.py").write_text("def f():\n    from . import a\n")
    (package / "sub" / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..sub.d import D\n")
    (package / "sub" / "d.py").write_text("import pkg.sub.c\n")
    (package / "e.py").write_text("from .a import B\n")
    assert sorted(circles(imports(package))) == [["pkg.a", "pkg.b"], ["pkg.sub.c", "pkg.sub.d"]]
