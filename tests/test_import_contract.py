"""The floors of the house and the contract that holds them (issue 35, docs/architecture.md).

The floors are checked by import-linter (``lint-imports``, configured in pyproject.toml's
``[tool.importlinter]``): ``make check`` runs it, and so does this module, so that ``make test`` and
CI hold the contract too. The other tests here hold what a floor relies on where it reads no module
above it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from buraco_core.clauses import CLAUSES
from buraco_core.errors import Refusal, _known_clause
from buraco_core.messages import catalog

ROOT = Path(__file__).resolve().parent.parent
#: The contracts of pyproject.toml's [tool.importlinter], by id.
CONTRACTS = ("packages", "no-widgets", "floors", "engine", "game")


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
