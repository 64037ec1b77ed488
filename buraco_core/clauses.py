"""The clauses of RULES.md: one stable id each, the project's vocabulary for a rule.

Every clause of ``RULES.md`` carries an id in brackets (``[pot-guard]``). The engine's refusals
name the clause they apply (:attr:`buraco_core.errors.Refusal.rule`), puzzles list the clauses
they exercise, feedback names the clause a verdict turns on, and a learner's progress is kept
per clause. :data:`CLAUSES` holds them all in rulebook order, each with its section, a short
title and the rule in a learner's words (both from the message catalog), and where it applies.

Where it applies is decided from a ruleset's fields (:meth:`Clause.applies`), so a house rule
(``dataclasses.replace``) gets the clauses it really plays by; this module is the one place that
maps fields to clauses.

>>> len(CLAUSES), list(CLAUSES)[:3]
(49, ['deck', 'deal', 'wild-one'])
>>> c = CLAUSES["pot-guard"]
>>> c.title, c.section, c.rulesets
('no going out before a buraco', 'pot', ('buraco',))
>>> CLAUSES["single-take"].applies(RULESETS["italian"]), CLAUSES["single-take"].applies(RULESETS["buraco"])
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from .messages import Message
from .rules import RULESETS, DiscardTake, IndirectPot, Rules, StockEnd

__all__ = ["CLAUSES", "SECTIONS", "Clause"]

#: The sections of RULES.md, in order: (id, catalog key of its title).
SECTIONS: tuple[str, ...] = ("common", "buracos", "turn", "pot", "going-out", "scoring", "match")


def _always(rules: Rules) -> bool:
    return True


@dataclass(frozen=True)
class Clause:
    """One clause of RULES.md.

    ``id`` as in RULES.md; ``section`` one of :data:`SECTIONS`; ``varies``: the clause reads
    differently from one ruleset to another (card values, going out, ...), so it is taught and
    exercised per ruleset.
    """

    id: str
    section: str
    varies: bool = False
    _applies: Callable[[Rules], bool] = _always

    def applies(self, rules: Rules) -> bool:
        """Whether a game under ``rules`` plays by this clause."""
        return self._applies(rules)

    @property
    def rulesets(self) -> tuple[str, ...]:
        """The names of the presets (:data:`~buraco_core.rules.RULESETS`) that play by it."""
        return tuple(name for name, rules in RULESETS.items() if self.applies(rules))

    @property
    def title_message(self) -> Message:
        return Message(f"clause.{self.id}.title")

    @property
    def text_message(self) -> Message:
        return Message(f"clause.{self.id}.text")

    @property
    def title(self) -> str:
        """A short learner's title (``"one wild card per meld"``), in English."""
        return self.title_message.text("en")

    @property
    def text(self) -> str:
        """The rule in one or two sentences a learner reads, in English."""
        return self.text_message.text("en")


def _pots(rules: Rules) -> bool:
    return rules.pots > 0


_LIST: tuple[Clause, ...] = (
    # common ground
    Clause("deck", "common", varies=True),
    Clause("deal", "common", varies=True),
    Clause("wild-one", "common"),
    Clause("natural-two", "common"),
    Clause("run", "common"),
    Clause("run-places", "common", varies=True),
    Clause("set", "common", _applies=lambda r: r.allow_sets),
    Clause("set-brazilian", "common",
           _applies=lambda r: r.allow_sets and (r.set_max_cards is not None or r.set_distinct_suits)),
    Clause("no-sets", "common", _applies=lambda r: not r.allow_sets),
    Clause("two-naturals", "common"),
    Clause("meld-owner", "common", varies=True),
    Clause("extend", "common"),
    Clause("wild-moves", "common"),
    Clause("wild-two-home", "common"),
    Clause("wild-stays", "common"),
    Clause("fewest-wilds", "common"),
    Clause("wild-place", "common"),
    Clause("card-points", "common"),
    Clause("card-values", "common", varies=True),
    # buracos
    Clause("buraco", "buracos"),
    Clause("buraco-clean", "buracos"),
    Clause("buraco-semi-clean", "buracos", varies=True),
    Clause("buraco-dirty", "buracos"),
    Clause("buraco-royal", "buracos", _applies=lambda r: r.royal_bonus is not None),
    Clause("ace-to-ace", "buracos", _applies=lambda r: r.ace_to_ace),
    Clause("worked-example", "buracos", varies=True),
    # the turn
    Clause("turn", "turn", varies=True),
    Clause("draw", "turn", _applies=lambda r: r.discard_take is DiscardTake.WHOLE),
    Clause("draw-dig", "turn", _applies=lambda r: r.discard_take is DiscardTake.ANY_DEPTH),
    Clause("draw-top-card", "turn", _applies=lambda r: r.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS),
    Clause("single-take", "turn", _applies=lambda r: r.single_take_no_discard),
    Clause("wild-last-discard", "turn", _applies=lambda r: r.wild_last_discard_guard),
    Clause("discard-pile", "turn", varies=True),
    # the pot
    Clause("pot", "pot", _applies=_pots),
    Clause("pot-indirect", "pot", varies=True, _applies=_pots),
    Clause("no-direct-pot", "pot", _applies=lambda r: r.pots > 0 and not r.direct_pot),
    Clause("one-pot", "pot", _applies=_pots),
    Clause("pot-to-stock", "pot", _applies=lambda r: r.pots > 0 and r.stock_end is StockEnd.EMPTY_NO_POT),
    Clause("pot-guard", "pot", _applies=lambda r: r.pot_guard),
    Clause("turn-guard", "pot", varies=True),
    # going out and the end of a hand
    Clause("going-out", "going-out", varies=True),
    Clause("stock-end", "going-out", varies=True),
    # scoring a hand
    Clause("hand-score", "scoring", varies=True),
    Clause("pot-waiting", "scoring",
           _applies=lambda r: r.pots > 0 and r.indirect_pot is IndirectPot.NEXT_TURN),
    Clause("pot-unused", "scoring", _applies=lambda r: r.pots > 0 and r.pot_unused_penalty > 0),
    Clause("score-alone", "scoring", _applies=lambda r: not r.partnerships),
    # the match
    Clause("match-end", "match", varies=True),
    Clause("match-tie", "match", varies=True),
    Clause("seats", "match", varies=True),
)

#: Every clause of RULES.md by id, in rulebook order.
CLAUSES: MappingProxyType[str, Clause] = MappingProxyType({c.id: c for c in _LIST})
