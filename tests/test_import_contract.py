"""The floors of the house and the contract that holds them (issue 35, docs/architecture.md).

The floors are checked by import-linter (``lint-imports``, configured in pyproject.toml's
``[tool.importlinter]``): ``make check`` runs it, and so does this module, so that ``make test`` and
CI hold the contract too. The other tests here hold what a floor relies on where it reads no module
above it.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import grimp

from buraco_core.clauses import CLAUSES
from buraco_core.errors import Refusal, _known_clause
from buraco_core.messages import catalog

ROOT = Path(__file__).resolve().parent.parent
#: The contracts of pyproject.toml's [tool.importlinter], by id.
CONTRACTS = ("packages", "no-widgets", "floors", "engine", "game", "sessions", "teach", "acyclic")


def test_lint_imports_keeps_every_contract() -> None:
    """The floors hold: lint-imports (as make check runs it) keeps every contract."""
    done = subprocess.run([str(Path(sys.executable).with_name("lint-imports")), "--no-logo", "--no-cache"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in done.stdout, done.stdout[-3000:]


def test_the_catalog_titles_exactly_the_clauses_a_refusal_may_name() -> None:
    """``errors`` (below ``rules`` and ``clauses``) learns the clause ids from the catalog's titles."""
    titled = {key.split(".")[1] for key in catalog("en") if key.startswith("clause.") and key.endswith(".title")}
    assert titled == set(CLAUSES)
    assert all(_known_clause(clause) for clause in CLAUSES)
    assert not _known_clause("no-such-clause")
    assert Refusal("pot-guard", "illegal.already-drawn").rule == "pot-guard"


def _import_cycles(graph: grimp.ImportGraph, ignored: set[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    edges = {m: sorted(i for i in graph.find_modules_directly_imported_by(m)
                       if i in graph.modules and (m, i) not in ignored) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, at = work.pop()
            if at == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            for i in range(at, len(edges[node])):
                nxt = edges[node][i]
                if nxt not in index:
                    work += [(node, i + 1), (nxt, 0)]
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        cycles.append(sorted(group))
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
    return cycles


def test_no_module_is_part_of_an_import_cycle() -> None:
    """No import cycle among the project's modules, counted as import-linter counts imports (inside
    functions too, not under TYPE_CHECKING), a package's face and its own modules included (which the
    acyclic contract, between siblings, does not see); only the drawings handed off in _repr_* are left out."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    floors = next(c for c in config["contracts"] if c["id"] == "floors")
    ignored = {(a.strip(), b.strip()) for a, b in (line.split("->") for line in floors["ignore_imports"])}
    graph = grimp.build_graph(*config["root_packages"], exclude_type_checking_imports=True, cache_dir=None)
    assert _import_cycles(graph, ignored) == []
    graph.add_import(importer="buraco_core.rules", imported="buraco_core.variants")  # as get_rules did
    assert _import_cycles(graph, ignored) == [["buraco_core.rules", "buraco_core.variants"]]


def _behind_a_face(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """Imports of the widgets and the app that reach past a package's face (its ``__init__``) into
    one of its modules: the package's own ``buraco_core`` modules (``buraco_core.messages``) and the
    faces of its packages (``buraco_core.sessions``, ``buraco_core.teach.learners``) are what they
    may read."""
    behind = []
    for importer in sorted(graph.modules):
        if not importer.startswith(("buraco_widgets", "buraco_trainer")):
            continue
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            parts = imported.split(".")
            if parts[0] != "buraco_core" or len(parts) <= 2:
                continue
            package = ".".join(parts[:-1])
            # a module inside a package with a face of its own below buraco_core
            if graph.find_children(package) and imported not in {package} and not graph.find_children(imported):
                behind.append((importer, imported))
    return behind


def test_the_widgets_and_the_app_import_faces_only() -> None:
    """Each package's face names what the floors above read: the widgets and the app import
    ``buraco_core.teach.learners``, never ``buraco_core.teach.learners.classroom``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    graph = grimp.build_graph(*config["root_packages"], exclude_type_checking_imports=True, cache_dir=None)
    assert _behind_a_face(graph) == []
    graph.add_import(importer="buraco_widgets.progress", imported="buraco_core.teach.learners.mastery")
    assert _behind_a_face(graph) == [("buraco_widgets.progress", "buraco_core.teach.learners.mastery")]
