"""The clauses of docs/RULES.md: one stable id each, the project's vocabulary for a rule.

Every clause of ``docs/RULES.md`` carries an id in brackets (``[pot-guard]``). The engine's refusals
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

from .cards import rank_message
from .messages import Message
from .rules import RULESETS, DiscardTake, GoingOut, IndirectPot, Rules, StockEnd
from .variants import get_rules

__all__ = ["CLAUSES", "SECTIONS", "Clause", "going_out_by", "going_out_needs", "shares_answers"]

#: The sections of docs/RULES.md, in order: (id, catalog key of its title).
SECTIONS: tuple[str, ...] = ("common", "buracos", "turn", "pot", "going-out", "scoring", "match")


def _always(rules: Rules) -> bool:
    return True


@dataclass(frozen=True)
class Clause:
    """One clause of docs/RULES.md.

    ``id`` as in docs/RULES.md; ``section`` one of :data:`SECTIONS`; ``varies``: the clause reads
    differently from one ruleset to another (card values, going out, ...), so it is taught and
    exercised per ruleset; ``reads``: the :class:`~buraco_core.rules.Rules` fields it reads
    differently by (rulesets that agree on them read the clause alike: :attr:`readings`).
    """

    id: str
    section: str
    varies: bool = False
    _applies: Callable[[Rules], bool] = _always
    reads: tuple[str, ...] = ()

    def applies(self, rules: Rules) -> bool:
        """Whether a game under ``rules`` plays by this clause."""
        return self._applies(rules)

    def reading(self, rules: Rules) -> tuple[object, ...]:
        """How ``rules`` reads the clause: the values of the fields it reads (the same tuple for
        rulesets that read it alike)."""
        return tuple(getattr(rules, name) for name in self.reads)

    @property
    def readings(self) -> tuple[tuple[str, ...], ...]:
        """The presets that play by the clause, grouped by how they read it: one group for a
        clause that does not vary, one group per way of reading it for one that does.

        >>> CLAUSES["card-values"].readings
        (('buraco', 'italian', 'burraco'), ('brazilian',), ('fechado',))
        >>> CLAUSES["single-take"].readings
        (('italian',),)
        """
        groups: dict[tuple[object, ...], list[str]] = {}
        for name in self.rulesets:
            groups.setdefault(self.reading(RULESETS[name]), []).append(name)
        return tuple(tuple(group) for group in groups.values())

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

    def text_for(self, rules: Rules) -> Message:
        """The rule as ``rules`` plays it: :attr:`text_message`, or where that sentence speaks of
        rulesets that differ (the deck, the seats), the sentence of ``rules``' own reading.

        >>> CLAUSES["deck"].text_for(RULESETS["fechado"]).text("en")
        '2 decks of 52 cards and no jokers: 104 cards, so the eight 2s are the only wild cards.'
        >>> CLAUSES["card-values"].text_for(RULESETS["brazilian"]).text("en")
        'Each card has a value. In Brazilian Buraco: jokers 20, twos 2, aces 15, threes to nines as many as their number, tens to kings 10 each.'
        >>> CLAUSES["seats"].text_for(RULESETS["brazilian"]).text("en")
        'The player after the dealer plays first, and the deal passes to the left each hand. Every player plays alone: there are no partners.'
        """
        here = _HERE.get(self.id)
        return here(rules) if here is not None else self.text_message

    @property
    def title(self) -> str:
        """A short learner's title (``"jokers and 2s are wild, one per meld"``), in English."""
        return self.title_message.text("en")

    @property
    def text(self) -> str:
        """The rule in one or two sentences a learner reads, in English."""
        return self.text_message.text("en")


def _deck_here(rules: Rules) -> Message:
    cards = 52 * rules.decks + rules.jokers
    if rules.jokers:
        return Message("clause.deck.here", {"decks": rules.decks, "jokers": rules.jokers, "cards": cards})
    return Message("clause.deck.here-no-jokers", {"decks": rules.decks, "cards": cards})


def _seats_here(rules: Rules) -> Message:
    return Message("clause.seats.text" if rules.partnerships else "clause.seats.here-alone")


def _card_values_here(rules: Rules) -> Message:
    """What each card is worth in ``rules``: the joker (where the deck has jokers), the 2 and the
    ace each by itself, then the ranks 3 to K in bands of one value (or each worth its number)."""
    values = rules.card_values
    parts = [_value_of(0, values[0])] if rules.jokers else []
    parts += [_value_of(2, values[2]), _value_of(1, values[1])]
    runs: list[list[int]] = []  # the ranks 3 to K in runs of one value
    for rank in range(3, 14):
        if runs and values[runs[-1][-1]] == values[rank]:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    bands: list[tuple[list[int], bool]] = []  # and single ranks in a row, each worth its number, as one band
    for run in runs:
        face = len(run) == 1 and values[run[0]] == run[0]
        if face and bands and bands[-1][1]:
            bands[-1][0].append(run[0])
        else:
            bands.append((run, face))
    for ranks, face in bands:
        low, high = rank_message(ranks[0], plural=True), rank_message(ranks[-1], plural=True)
        parts.append(_value_of(ranks[0], values[ranks[0]]) if len(ranks) == 1 else
                     Message("clause.card-values.here-face", {"low": low, "high": high}) if face else
                     Message("clause.card-values.here-each", {"low": low, "high": high, "points": values[ranks[0]]}))
    return Message("clause.card-values.here", {"rules": rules, "values": tuple(parts)})


def _value_of(rank: int, points: int) -> Message:
    return Message("clause.card-values.here-one", {"rank": rank_message(rank, plural=True), "points": points})


def going_out_needs(rules: Rules) -> Message:
    """What going out needs in ``rules`` (the [going-out] clause as the ruleset reads it, and the
    row of the rulesets' comparison, :mod:`buraco_core.compare`)."""
    buraco = Message("compare.out-clean") if rules.out_needs_clean else Message("compare.out-buraco")
    if not (rules.pots and rules.out_needs_pot):
        return buraco
    # where an untaken pot becomes the stock, a side may go out with no pot left to take
    return Message("compare.out-pot-if-left-and" if rules.stock_end is StockEnd.EMPTY_NO_POT else "compare.out-pot-and",
                   {"buraco": buraco})


_OUT_BY = {GoingOut.MELD_OR_DISCARD: "compare.out-by-meld-or-discard", GoingOut.DISCARD: "compare.out-by-discard"}


def going_out_by(rules: Rules) -> Message:
    """How a player goes out in ``rules``: by a meld or a discard, or only by a discard."""
    return Message(_OUT_BY[rules.going_out])


def _going_out_here(rules: Rules) -> Message:
    """What going out needs in ``rules`` and how a player goes out."""
    return Message("clause.going-out.here", {"rules": rules, "needs": going_out_needs(rules),
                                             "by": going_out_by(rules)})


#: The clauses whose general sentence speaks of rulesets that differ, and each ruleset's own sentence.
_HERE: dict[str, Callable[[Rules], Message]] = {"deck": _deck_here, "seats": _seats_here,
                                                 "card-values": _card_values_here, "going-out": _going_out_here}


def _pots(rules: Rules) -> bool:
    return rules.pots > 0


_LIST: tuple[Clause, ...] = (
    # common ground
    Clause("deck", "common", varies=True, reads=('decks', 'jokers')),
    Clause("deal", "common", varies=True, reads=('hand_size', 'pots', 'pot_size')),
    Clause("wild-one", "common"),
    Clause("natural-two", "common"),
    Clause("run", "common"),
    Clause("run-places", "common", varies=True, reads=('ace_to_ace',)),
    Clause("set", "common", _applies=lambda r: r.allow_sets),
    Clause("set-brazilian", "common",
           _applies=lambda r: r.allow_sets and (r.set_max_cards is not None or r.set_distinct_suits)),
    Clause("no-sets", "common", _applies=lambda r: not r.allow_sets),
    Clause("two-naturals", "common"),
    Clause("meld-owner", "common", varies=True, reads=('meld_on_any',)),
    Clause("extend", "common"),
    Clause("wild-moves", "common"),
    Clause("wild-two-home", "common"),
    Clause("wild-stays", "common"),
    Clause("fewest-wilds", "common"),
    Clause("wild-place", "common"),
    Clause("card-points", "common"),
    Clause("card-values", "common", varies=True, reads=('card_values',)),
    # buracos
    Clause("buraco", "buracos"),
    Clause("buraco-clean", "buracos"),
    Clause("buraco-semi-clean", "buracos", varies=True, reads=('semi_clean_bonus',)),
    Clause("buraco-dirty", "buracos"),
    Clause("buraco-royal", "buracos", _applies=lambda r: r.royal_bonus is not None),
    Clause("ace-to-ace", "buracos", _applies=lambda r: r.ace_to_ace),
    Clause("worked-example", "buracos", varies=True, reads=('semi_clean_bonus',)),
    # the turn
    Clause("turn", "turn", varies=True, reads=('meld_on_any',)),
    Clause("draw", "turn", _applies=lambda r: r.discard_take is DiscardTake.WHOLE),
    Clause("draw-dig", "turn", _applies=lambda r: r.discard_take is DiscardTake.ANY_DEPTH),
    Clause("draw-top-card", "turn", _applies=lambda r: r.discard_take is DiscardTake.WHOLE_IF_TOP_MELDS),
    Clause("single-take", "turn", _applies=lambda r: r.single_take_no_discard),
    Clause("wild-last-discard", "turn", _applies=lambda r: r.wild_last_discard_guard),
    Clause("discard-pile", "turn", varies=True, reads=('initial_discard', 'discard_open')),
    # the pot
    Clause("pot", "pot", _applies=_pots),
    Clause("pot-indirect", "pot", varies=True, _applies=_pots, reads=('indirect_pot',)),
    Clause("no-direct-pot", "pot", _applies=lambda r: r.pots > 0 and not r.direct_pot),
    Clause("one-pot", "pot", _applies=_pots),
    Clause("pot-to-stock", "pot", _applies=lambda r: r.pots > 0 and r.stock_end is StockEnd.EMPTY_NO_POT),
    Clause("pot-guard", "pot", _applies=lambda r: r.pot_guard),
    Clause("turn-guard", "pot", varies=True, reads=('going_out',)),
    # going out and the end of a hand
    Clause("going-out", "going-out", varies=True, reads=('pots', 'out_needs_clean', 'going_out')),
    Clause("stock-end", "going-out", varies=True, reads=('stock_end',)),
    # scoring a hand
    Clause("hand-score", "scoring", varies=True, reads=('partnerships', 'pot_not_taken_penalty', 'pot_unused_penalty')),
    Clause("pot-waiting", "scoring",
           _applies=lambda r: r.pots > 0 and r.indirect_pot is IndirectPot.NEXT_TURN),
    Clause("pot-unused", "scoring", _applies=lambda r: r.pots > 0 and r.pot_unused_penalty > 0),
    Clause("score-alone", "scoring", _applies=lambda r: not r.partnerships),
    # the match
    Clause("match-end", "match", varies=True, reads=('target',)),
    Clause("match-tie", "match", varies=True, reads=('tie',)),
    Clause("seats", "match", varies=True, reads=('partnerships',)),
)

#: Every clause of docs/RULES.md by id, in rulebook order.
CLAUSES: MappingProxyType[str, Clause] = MappingProxyType({c.id: c for c in _LIST})


def shares_answers(clause: str, recorded: str, rules: Rules | str) -> bool:
    """Whether an answer on ``clause`` recorded under the ruleset named ``recorded`` counts for
    ``rules``: the same ruleset, or a preset that reads the clause alike (what a learner's record
    and a quiz's syllabus both ask, so it lives with the clauses).

    >>> shares_answers("run", "buraco", "italian"), shares_answers("card-values", "buraco", "brazilian")
    (True, False)
    """
    rules = get_rules(rules)
    if recorded == rules.name:
        return True
    other = RULESETS.get(recorded)
    c = CLAUSES[clause]
    return other is not None and c.applies(other) and c.applies(rules) and c.reading(other) == c.reading(rules)
