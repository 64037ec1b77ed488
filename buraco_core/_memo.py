"""Bounded answer tables per ruleset object, for the engine's pure functions (make_meld, the
three-card melds of a hand): the same question under the same ruleset gets the same answer."""

from __future__ import annotations

from typing import Generic, TypeVar

from .rules import Rules

K = TypeVar("K")
V = TypeVar("V")


class PerRules(Generic[K, V]):
    """One table of answers per ruleset object, each bounded to ``size`` answers (a full table
    starts afresh). A ruleset is found by identity; its entry keeps it alive, so its id cannot be
    reused by another ruleset while the entry exists."""

    def __init__(self, size: int, rulesets: int = 64) -> None:
        self._size = size
        self._rulesets = rulesets
        self._tables: dict[int, tuple[Rules, dict[K, V]]] = {}

    def table(self, rules: Rules) -> dict[K, V]:
        """The table of ``rules``, made if it is not there yet."""
        entry = self._tables.get(id(rules))
        if entry is None or entry[0] is not rules:
            if len(self._tables) >= self._rulesets:
                self._tables.clear()
            entry = self._tables[id(rules)] = (rules, {})
        return entry[1]

    def existing(self, rules: Rules) -> dict[K, V] | None:
        """The table of ``rules`` if there is one, without making it."""
        entry = self._tables.get(id(rules))
        return entry[1] if entry is not None and entry[0] is rules else None

    def put(self, table: dict[K, V], key: K, value: V) -> None:
        """Remember an answer in a table of this cache, keeping it within its size."""
        if len(table) >= self._size:
            table.clear()
        table[key] = value
