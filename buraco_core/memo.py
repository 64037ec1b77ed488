"""Remembered answers: every cache of the engine and the bots, and the one way to clear them.

The engine's functions are pure: the same question (the same cards, meld or hand, under the same
ruleset object) always gets the same answer, so an answer may be remembered. Every cache is one
object of this module's classes, made by the module that asks the question and registered here
by name (:func:`caches` lists them); :func:`clear_caches` empties them all. Clearing never
changes an answer, it only costs the time to find them again.

A cache per ruleset object (:class:`PerRules`) finds the ruleset by identity; its entry holds
the ruleset, so that the id cannot be reused by another ruleset while the entry lives. Every
cache is bounded: a full table starts afresh. A function whose every answer is remembered, a
file read once (the message catalog, ``board.css``) or a value made once (the installed course),
is :func:`remembered`: the same registered table, cleared with the others (the file is read again
when next asked). Values an object computes once about itself, such as a meld's hash or a state's
number of teams, are no cache of this module.

>>> from buraco_core import RULESETS, make_meld
>>> _ = make_meld("4h 5h 6h", RULESETS["buraco"])
>>> "melds.make_meld" in caches() and len(caches()["melds.make_meld"]) > 0
True
>>> clear_caches()
>>> len(caches()["melds.make_meld"])
0
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Generic, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["Bounded", "Cache", "PerRules", "Remembered", "caches", "clear_caches", "remembered"]

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")


class Cache(Protocol):
    """What every registered cache has: a name, a size (answers held now) and ``clear``."""

    name: str

    def __len__(self) -> int: ...

    def clear(self) -> None: ...


_REGISTRY: dict[str, Cache] = {}


def _register(cache: Cache) -> None:
    if cache.name in _REGISTRY:
        raise ValueError(f"a cache called {cache.name!r} is registered already")
    _REGISTRY[cache.name] = cache


def caches() -> Mapping[str, Cache]:
    """Every registered cache by name (``"melds.make_meld"``: module, then question)."""
    return MappingProxyType(_REGISTRY)


def clear_caches() -> None:
    """Forget every remembered answer (answers stay the same; finding them takes longer)."""
    for cache in _REGISTRY.values():
        cache.clear()


class Bounded(Generic[K, V]):
    """One table of answers, at most ``size`` of them (a full table starts afresh).

    ``data`` is the dict itself, for the hottest lookups (``cache.data.get(key)``); it is
    cleared in place, never replaced, so a reference to it stays valid.
    """

    def __init__(self, name: str, size: int) -> None:
        self.name = name
        self.size = size
        self.data: dict[K, V] = {}
        _register(self)

    def get(self, key: K) -> V | None:
        return self.data.get(key)

    def put(self, key: K, value: V) -> None:
        """Remember an answer, keeping the table within its size."""
        data = self.data
        if len(data) >= self.size:
            data.clear()
        data[key] = value

    def __len__(self) -> int:
        return len(self.data)

    def clear(self) -> None:
        self.data.clear()


class PerRules(Generic[K, V]):
    """One table of answers per ruleset object, each bounded to ``size`` answers (a full table
    starts afresh), for at most ``rulesets`` ruleset objects at a time."""

    def __init__(self, name: str, size: int, rulesets: int = 64) -> None:
        self.name = name
        self._size = size
        self._rulesets = rulesets
        self._tables: dict[int, tuple[Rules, dict[K, V]]] = {}
        _register(self)

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

    def __len__(self) -> int:
        """The answers held, over every ruleset."""
        return sum(len(table) for _, table in self._tables.values())

    def clear(self) -> None:
        self._tables.clear()


class Remembered(Generic[P, V]):
    """A function with its answers remembered by its arguments (hashable ones), in a registered
    :class:`Bounded` table of its own: what ``functools.cache`` does, listed by :func:`caches` and
    emptied by :func:`clear_caches`. Made by :func:`remembered`."""

    def __init__(self, func: Callable[P, V], name: str, size: int) -> None:
        self._func = func
        self.table: Bounded[object, V] = Bounded(name, size)
        self._data = self.table.data  # cleared in place, never replaced
        self.name = name
        functools.update_wrapper(self, func)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> V:
        key = (args, tuple(kwargs.items())) if kwargs else args
        try:
            return self._data[key]
        except KeyError:
            value = self._func(*args, **kwargs)
            self.table.put(key, value)
            return value

    def __len__(self) -> int:
        return len(self.table)

    def clear(self) -> None:
        self.table.clear()


def remembered(name: str, size: int = 64) -> Callable[[Callable[P, V]], Remembered[P, V]]:
    """Remember a function's answers under ``name`` (at most ``size``; a full table starts afresh).

    >>> @remembered("doctest.square", 4)
    ... def square(n: int) -> int:
    ...     return n * n
    >>> square(3), square(3), len(square), "doctest.square" in caches()
    (9, 9, 1, True)
    >>> square.clear(); len(square)
    0
    """
    def make(func: Callable[P, V]) -> Remembered[P, V]:
        return Remembered(func, name, size)
    return make
