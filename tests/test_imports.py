"""The package's import graph, read from its source: no import circle, and no import placed
inside a function to dodge one.

An edge M -> X is an import of pokersim module X (and of the packages above X that M is not
already in) by module M at its top level (``if TYPE_CHECKING:`` blocks, which never run, are
left out). That graph has no cycle. An import inside a function is fine for a lazy load (the
command line's handlers, pandas kept off an import); it is a dodge when X reaches M in the
graph, so that the same import at the top would close a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "pokersim"

#: Imports inside a function that would close a circle, each with why it stays (for now).
ALLOWED_IN_FUNCTIONS: set[tuple[str, str]] = set()


def _modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The pokersim modules an import statement of ``module`` imports, with the packages
    above them that ``module`` is not in (each runs its ``__init__`` on first import)."""
    if isinstance(node, ast.Import):
        named = {alias.name for alias in node.names}
    else:
        if node.level:
            package = module if _is_package(module) else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = ".".join(p for p in (package, node.module) if p)
        else:
            base = node.module or ""
        # ``from base import x``: the submodule base.x where there is one, else base itself
        named = {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                 for a in node.names}
    found = set()
    for name in named:
        while name in MODULES or "." in name:
            if name in MODULES and not (module == name or module.startswith(name + ".")):
                found.add(name)
            name = name.rpartition(".")[0]
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.Module):
    """(top-level imports, imports inside functions) of a module's syntax tree."""
    top, inner = [], []

    def walk(nodes, in_function: bool):
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                (inner if in_function else top).append(node)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                walk(ast.iter_child_nodes(node), True)
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                walk(node.orelse, in_function)
            else:
                walk(ast.iter_child_nodes(node), in_function)

    walk(tree.body, False)
    return top, inner


def _graph():
    """(top-level edges, edges of imports inside functions), each module -> set of modules."""
    top_edges: dict[str, set[str]] = {}
    inner_edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        top, inner = _imports(ast.parse(path.read_text(encoding="utf-8")))
        top_edges[module] = set().union(*(_targets(module, n) for n in top))
        inner_edges[module] = set().union(*(_targets(module, n) for n in inner))
    return top_edges, inner_edges


def _reaches(edges: dict[str, set[str]], start: str) -> set[str]:
    seen, stack = set(), [start]
    while stack:
        for nxt in edges.get(stack.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import circles: each a list of modules, one per strongly connected component."""
    found = []
    for module in sorted(edges):
        if module in _reaches(edges, module) and not any(module in c for c in found):
            found.append(sorted(m for m in _reaches(edges, module)
                                if module in _reaches(edges, m)))
    return found


def test_the_reading_finds_the_package_and_its_imports():
    top, inner = _graph()
    assert {"pokersim.engine.front", "pokersim.engine.games", "pokersim.rankings.omaha"} <= set(top)
    assert "pokersim.evaluator.tables" in top["pokersim.evaluator.strengths"]
    assert "pokersim.games.game" in top["pokersim.dealing"]
    assert "pokersim.games" in top["pokersim.dealing"]  # the package above, its __init__
    assert "pokersim.cli" in inner["pokersim.__main__"]  # a lazy load, not a dodge


def test_the_reading_finds_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(edges) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle():
    top, _ = _graph()
    assert _cycles(top) == []


def test_no_import_inside_a_function_dodges_a_circle():
    top, inner = _graph()
    dodges = sorted((module, target) for module, targets in inner.items()
                    for target in targets if module in _reaches(top, target)
                    and (module, target) not in ALLOWED_IN_FUNCTIONS)
    assert dodges == []
    for module, target in ALLOWED_IN_FUNCTIONS:  # each still needed, else it goes
        assert target in inner[module] and module in _reaches(top, target)


def test_no_module_is_named_like_a_function_of_its_package():
    # docs/api.md, issue 28: ``import pokersim.equity as m`` gave the function, the submodule
    # being shadowed by it; every package's public functions and classes now have names of
    # their own
    import importlib
    import inspect

    for name, path in MODULES.items():
        if path.name != "__init__.py":
            continue
        package = importlib.import_module(name)
        for public in getattr(package, "__all__", ()):
            value = getattr(package, public)
            if inspect.isfunction(value) or inspect.isclass(value):
                assert f"{name}.{public}" not in MODULES, f"{name}.{public}"


# ----------------------------------------------------------------------------- the layers

DESIGN = PACKAGE.parent / "docs" / "design.md"


def _layers() -> list[list[str]]:
    """docs/design.md, "Layout": the drawing's lines, bottom first, each a list of places
    (``cards``, ``games/game``, ``analysis/``)."""
    section = DESIGN.read_text(encoding="utf-8").split("\n## Layout\n", 1)[1]
    block = section.split("```text\n", 1)[1].split("```", 1)[0]
    return [line.split(" · ") for line in reversed(block.strip().splitlines())]


def _line_of(module: str, layers: list[list[str]]) -> int:
    """The line of the drawing that holds ``module``: the line naming it, else the line naming
    the nearest package above it (``analysis/`` for ``pokersim.analysis.breakdown``)."""
    path = module.split(".", 1)[1].replace(".", "/")
    places = {place: n for n, line in enumerate(layers) for place in line}
    if path in places:
        return places[path]
    parts = path.split("/")
    for k in range(len(parts), 0, -1):
        if "/".join(parts[:k]) + "/" in places:
            return places["/".join(parts[:k]) + "/"]
    raise AssertionError(f"{module} is in no line of docs/design.md's layout")


def test_every_import_goes_down_the_layout_of_the_design_notes():
    layers = _layers()
    top, _ = _graph()

    def weight(target: str) -> int:
        """The line an import of ``target`` reaches: its own, or for a package, whose
        ``__init__`` runs on the way to its modules, the highest line its ``__init__`` loads
        (the bottom if it loads nothing, as a package of lazy imports)."""
        if not _is_package(target):
            return _line_of(target, layers)
        return max((weight(t) for t in top[target]), default=0)

    upward = sorted((module, target) for module, targets in top.items()
                    if module not in ("pokersim", "pokersim.__main__")  # the doors: lazy
                    for target in targets
                    if weight(target) > _line_of(module, layers))
    assert upward == []


def test_the_layout_check_sees_an_upward_import():
    layers = [["config"], ["cards"], ["analysis/"]]
    assert _line_of("pokersim.analysis.breakdown", layers) == 2
    assert _line_of("pokersim.cards", layers) > _line_of("pokersim.config", layers)
