"""The floors of the house and the contract that holds them (issue 35, docs/architecture.md).

The floors are checked by import-linter (``lint-imports``, configured in pyproject.toml's
``[tool.importlinter]``): ``make check`` runs it, and so does this module, so that ``make test`` and
CI hold the contract too. The other tests here hold what a floor relies on where it reads no module
above it.
"""

from __future__ import annotations

from buraco_core.clauses import CLAUSES
from buraco_core.errors import Refusal, _known_clause
from buraco_core.messages import catalog


def test_the_catalog_titles_exactly_the_clauses_a_refusal_may_name() -> None:
    """``errors`` (below ``rules`` and ``clauses``) learns the clause ids from the catalog's titles."""
    titled = {key.split(".")[1] for key in catalog("en") if key.startswith("clause.") and key.endswith(".title")}
    assert titled == set(CLAUSES)
    assert all(_known_clause(clause) for clause in CLAUSES)
    assert not _known_clause("no-such-clause")
    assert Refusal("pot-guard", "illegal.already-drawn").rule == "pot-guard"
