"""Seeded puzzles: a fresh, solvable puzzle of a kind, or one that exercises a given clause.

:func:`generate` deals from a seed: the same seed gives the same puzzle, the next seed another one
("Another one" in a widget). Every puzzle is validated and solved by the engine before it is
returned; a deal that is not sound is dealt again from the same random stream, so the result
stays replayable. A generated puzzle's ``clauses`` are the clauses its verdicts name: the right
answer's, and those of the wrong answers a learner might give (:meth:`Kind.tempting`).

>>> p = generate("make-buraco", "buraco", 7, buraco="dirty")
>>> p == generate("make-buraco", "buraco", 7, buraco="dirty")
True
>>> from buraco_core.teach import check, solve
>>> check(p, solve(p)).correct, p.clauses[0]
(True, 'buraco-dirty')
>>> q = generate(rules="italian", seed=3, clause="single-take")
>>> q.kind, q.clauses[0], check(q, solve(q)).rule
('legal-play', 'single-take', 'single-take')
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from ...cards import parse_cards
from ...clauses import CLAUSES
from ...rules import Rules
from ...variants import get_rules
from .core import check, solve, validate
from .kinds import KINDS, Kind
from .kinds.base import Params
from .puzzle import Puzzle

__all__ = ["dealers", "generate"]

_TRIES = 200


def dealers(clause: str, rules: Rules | str) -> list[tuple[Kind, Params]]:
    """The kinds (with parameters) that can deal a puzzle exercising ``clause`` under ``rules``."""
    rules = get_rules(rules)
    if clause not in CLAUSES:
        raise ValueError(f"no clause {clause!r} in docs/RULES.md: see buraco_core.CLAUSES")
    if not CLAUSES[clause].applies(rules):
        return []
    return [(kind, params) for kind in KINDS.values() for params in kind.deals(rules).get(clause, ())]


def _pid(kind: str, rules: Rules, seed: int, params: Params, clause: str | None) -> str:
    tag = "".join(f"-{k}={v}" for k, v in sorted(params.items()))
    return f"{kind}-{rules.name}-{seed}{tag}" + (f"-for-{clause}" if clause else "")


def _clauses(puzzle: Puzzle, kind: Kind, first: str | None) -> tuple[str, ...]:
    """The clauses the puzzle's verdicts name: the right answer's, then the tempting wrong
    answers'."""
    rules = get_rules(puzzle.rules)
    found: list[str] = [first] if first else []
    for answer in (solve(puzzle), *kind.tempting(puzzle)):
        fb = check(puzzle, answer)
        if fb.rule and fb.rule not in found and CLAUSES[fb.rule].applies(rules):
            found.append(fb.rule)
    return tuple(found)


def _has_wild_cards(puzzle: Puzzle) -> bool:
    """Whether a joker or a 2 appears anywhere in the puzzle (a plain puzzle has none: the lessons
    before the one on wild cards)."""
    texts = [*puzzle.hand, *puzzle.table, *puzzle.options]
    return any(c.rank in (0, 2) for text in texts for c in parse_cards(text))


def generate(kind: str | None = None, rules: Rules | str = "buraco", seed: int = 0, *,
             clause: str | None = None, **params: object) -> Puzzle:
    """A fresh puzzle of ``kind`` under ``rules`` from ``seed``, solved by the engine before it is
    returned; with ``clause``, one whose right answer's feedback names that clause (any kind that
    can deal it, or ``kind`` if given). ``plain=True``: no joker and no 2 anywhere in the puzzle. Raises ValueError for an unknown kind, a goal the ruleset
    does not have, or a clause no generator deals under the ruleset."""
    rules = get_rules(rules)
    plain = bool(params.pop("plain", False))
    choices: Sequence[tuple[Kind, Params]]
    if clause is not None:
        choices = [(k, {**p, **params}) for k, p in dealers(clause, rules) if kind in (None, k.name)]
        if not choices:
            raise ValueError(f"no generator deals a puzzle for [{clause}] under {rules.name}"
                             + (f" with kind {kind!r}" if kind else ""))
    else:
        if kind is None or kind not in KINDS:
            raise ValueError(f"no generator for kind {kind!r}: choose one of {', '.join(KINDS)}")
        choices = [(KINDS[kind], params)]
    stream = f"{kind or ''}/{clause or ''}/{rules.name}/{seed}/{sorted(params.items())}" + ("/plain" if plain else "")
    rng = random.Random(stream)
    for _ in range(_TRIES):
        k, p = choices[rng.randrange(len(choices))]
        candidate = k.generate(rng, rules, p)
        if candidate is None or (plain and _has_wild_cards(candidate)):
            continue
        try:
            puzzle = k.prepare(dataclasses.replace(
                candidate, id=_pid(k.name, rules, seed, {**params, **({"plain": True} if plain else {})}, clause),
                seed=seed, clauses=()))
            if validate(puzzle) is not None:
                continue
            if clause is not None:
                puzzle = dataclasses.replace(puzzle, clauses=(clause,))
            fb = check(puzzle, solve(puzzle))
        except ValueError:
            continue
        if clause is not None and fb.rule != clause and clause not in _clauses(puzzle, k, None):
            continue
        return dataclasses.replace(puzzle, clauses=_clauses(puzzle, k, clause))
    raise ValueError(f"could not deal a sound {kind or clause} puzzle for {rules.name} from seed {seed}")
