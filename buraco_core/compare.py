"""The five rulesets side by side, generated from :data:`buraco_core.rules.RULESETS` (never typed by hand).

:func:`compare_rulesets` builds the comparison table of lesson 07 from the ``Rules`` fields;
:func:`score_under_each` scores one situation under every ruleset with ``score_side``.

>>> table = compare_rulesets()
>>> table.names
('buraco', 'brazilian', 'italian', 'burraco', 'fechado')
>>> table.row("semi-clean buraco")
('counts as dirty (100)', 'counts as dirty (100)', '150', '150', 'counts as dirty (100)')
>>> [r.total for r in score_under_each(["4h 5h 6h 7h 8h 9h 10h 2c"], "", went_out=False, took_pot=True)]
[170, 151, 220, 220, 160]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape

from .melds import InvalidMeld, make_meld
from .rules import RULESETS, DiscardTake, GoingOut, IndirectPot, Rules, RulesError, StockEnd, Tie, get_rules
from .scoring import score_side

__all__ = ["RulesetScore", "RulesetTable", "ScoreComparison", "compare_rulesets", "score_under_each"]


def _or(values: Sequence[int]) -> str:
    return " or ".join(str(v) for v in values)


def _sets(r: Rules) -> str:
    if not r.allow_sets:
        return "no sets, runs only"
    text = "yes"
    if r.set_max_cards is not None:
        text = f"at most {r.set_max_cards} cards"
    if r.set_distinct_suits:
        text += ", all of different suits"
    return text


def _bonus(r: Rules, kind: str, own: int | None) -> str:
    if kind == "semi-clean" and own is None:
        return f"counts as dirty ({r.dirty_bonus})"
    if kind in ("royal", "ace-to-ace") and own is None:
        return "-" if kind == "royal" or not r.ace_to_ace else f"counts as clean ({r.clean_bonus})"
    return str(own)


_TAKE = {
    DiscardTake.WHOLE: "the whole pile",
    DiscardTake.ANY_DEPTH: "down to any card (meld the deepest)",
    DiscardTake.WHOLE_IF_TOP_MELDS: "the whole pile, if its top card melds",
}
_INDIRECT = {IndirectPot.NEXT_TURN: "at the next turn", IndirectPot.AT_ONCE: "at once"}
_OUT_BY = {GoingOut.MELD_OR_DISCARD: "a meld or a discard", GoingOut.DISCARD: "a discard"}
_STOCK = {
    StockEnd.LAST_CARD_DRAWN: "the last stock card is drawn",
    StockEnd.EMPTY_AT_DRAW: "the stock is empty at a draw",
    StockEnd.EMPTY_NO_POT: "the stock is empty and no pot is left",
    StockEnd.TWO_LEFT: "two cards remain in the stock",
}
_TIE = {Tie.ANOTHER_HAND: "another hand", Tie.STARTER_WINS: "the side that started wins", Tie.DRAW: "a draw"}


def _values(r: Rules, ranks: Iterable[int]) -> str:
    pairs = [(x, r.card_values[x]) for x in ranks]
    values = {v for _, v in pairs}
    if len(values) == 1:
        return str(values.pop())
    if all(v == min(x, 10) for x, v in pairs):
        return "face value" + (", J Q K 10" if any(x > 10 for x, _ in pairs) else "")
    return " ".join(str(v) for _, v in pairs)


def _out_needs(r: Rules) -> str:
    parts = []
    if r.pots and r.out_needs_pot:
        parts.append("the pot taken")
    parts.append("a clean buraco" if r.out_needs_clean else "a buraco")
    return " and ".join(parts)


#: (label, how to read it from a Rules) for every row of the comparison table.
ROWS: tuple[tuple[str, Callable[[Rules], str]], ...] = (
    ("players", lambda r: _or(r.player_counts)),
    ("sides", lambda r: "partners opposite" if r.partnerships else "every player alone"),
    ("deck", lambda r: f"{r.deck_size} cards ({r.jokers} jokers)"),
    ("cards dealt", lambda r: str(r.hand_size)),
    ("pots", lambda r: f"{r.pots} of {r.pot_size}" if r.pots else "none"),
    ("first discard pile", lambda r: "one face-up card" if r.initial_discard else "empty"),
    ("discard pile seen", lambda r: "the whole pile" if r.discard_open else "the top card only"),
    ("taking the pile", lambda r: _TAKE[r.discard_take]),
    ("sets", _sets),
    ("joker", lambda r: str(r.card_values[0]) if r.jokers else f"none ({r.card_values[0]} if added)"),
    ("2", lambda r: str(r.card_values[2])),
    ("ace", lambda r: str(r.card_values[1])),
    ("3 to 7", lambda r: _values(r, range(3, 8))),
    ("8 to K", lambda r: _values(r, range(8, 14))),
    ("buraco from", lambda r: f"{r.min_buraco} cards"),
    ("clean buraco", lambda r: str(r.clean_bonus)),
    ("dirty buraco", lambda r: str(r.dirty_bonus)),
    ("semi-clean buraco", lambda r: _bonus(r, "semi-clean", r.semi_clean_bonus)),
    ("royal", lambda r: _bonus(r, "royal", r.royal_bonus)),
    ("ace-to-ace", lambda r: _bonus(r, "ace-to-ace", r.ace_to_ace_bonus) if r.ace_to_ace else "invalid"),
    ("pot on the fly (direct)", lambda r: ("yes" if r.direct_pot else "no") if r.pots else "-"),
    ("pot by a discard", lambda r: _INDIRECT[r.indirect_pot] if r.pots else "-"),
    ("going out needs", _out_needs),
    ("going out by", lambda r: _OUT_BY[r.going_out]),
    ("going out bonus", lambda r: str(r.going_out_bonus)),
    ("the hand also ends when", lambda r: _STOCK[r.stock_end]),
    ("pot never taken", lambda r: f"-{r.pot_not_taken_penalty}" if r.pots and r.pot_not_taken_penalty else "-"),
    ("pot taken, not used", lambda r: f"-{r.pot_unused_penalty}" if r.pot_unused_penalty else "-"),
    ("match", lambda r: "one hand" if r.target is None else f"to {r.target}"),
    ("tie", lambda r: _TIE[r.tie]),
)


@dataclass(frozen=True)
class RulesetTable:
    """Rows of (label, one text per ruleset); draws itself as an HTML table in a notebook."""

    names: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]

    def row(self, label: str) -> tuple[str, ...]:
        for name, values in self.rows:
            if name == label:
                return values
        raise KeyError(f"no row {label!r}: rows are {', '.join(n for n, _ in self.rows)}")

    def __str__(self) -> str:
        width = max(len(label) for label, _ in self.rows)
        lines = [" | ".join([" " * width, *self.names])]
        lines += [" | ".join([label.ljust(width), *values]) for label, values in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(_shown(n))}</th>" for n in self.names)
        body = "".join(
            "<tr><th style='text-align:left'>" + escape(label) + "</th>"
            + "".join(f"<td>{escape(v)}</td>" for v in values) + "</tr>"
            for label, values in self.rows)
        # a wide table scrolls sideways on a phone instead of running off the page
        return (f"<div style='overflow-x:auto;max-width:100%'><table class='buraco-compare'><thead><tr><th></th>"
                f"{head}</tr></thead><tbody>{body}</tbody></table></div>")


def _shown(name: str) -> str:
    """A ruleset's display name (the catalog's ``ruleset.<name>``) for a learner's page; a house
    variant's text as its preset's name with "house rules"."""
    from .messages import show

    if name in RULESETS:
        return show(RULESETS[name])
    try:
        return show(get_rules(name))
    except RulesError:
        return name


def compare_rulesets(names: Sequence[str | Rules] | None = None, rows: Sequence[str] | None = None) -> RulesetTable:
    """The comparison table of the rulesets (default: all five), read from their ``Rules``;
    ``rows`` picks rows by label (default: every row of :data:`ROWS`). A house variant (a ``Rules``
    or its text, ``buraco+target=1505``) has a column like the presets'."""
    from .variants import rules_text

    rules = [get_rules(n) for n in names] if names is not None else list(RULESETS.values())
    chosen = tuple(rules_text(r) for r in rules)
    readers = dict(ROWS)
    labels = list(rows) if rows is not None else [label for label, _ in ROWS]
    unknown = [label for label in labels if label not in readers]
    if unknown:
        raise KeyError(f"no row {unknown[0]!r}: rows are {', '.join(readers)}")
    return RulesetTable(chosen, tuple((label, tuple(readers[label](r) for r in rules)) for label in labels))


@dataclass(frozen=True)
class RulesetScore:
    """One ruleset's score of a situation: ``total`` and ``lines``, or ``problem`` (why the
    situation cannot happen under that ruleset, e.g. a set in ``fechado``)."""

    rules: str
    total: int | None
    lines: tuple[tuple[str, int], ...] = ()
    problem: str = ""

    def __str__(self) -> str:
        if self.total is None:
            return f"{self.rules}: {self.problem}"
        return f"{self.rules}: {self.total} (" + ", ".join(f"{label} {p:+d}" for label, p in self.lines) + ")"


def score_under_each(melds: Sequence[str], hand: str | Sequence[str], *, went_out: bool, took_pot: bool,
                     pot_unused: bool = False, names: Sequence[str] | None = None) -> ScoreComparison:
    """The same side's hand scored by ``score_side`` under each ruleset (default: all five)."""
    out = ScoreComparison()
    for name in names if names is not None else list(RULESETS):
        try:
            built = [make_meld(m, name) for m in melds]
        except InvalidMeld as e:
            out.append(RulesetScore(name, None, problem=f"not a meld in {name}: {e}"))
            continue
        score = score_side(built, hand, name, went_out=went_out, took_pot=took_pot, pot_unused=pot_unused)
        out.append(RulesetScore(name, score.total, score.lines))
    return out


class ScoreComparison(list[RulesetScore]):
    """``score_under_each`` as a table in a notebook."""

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{escape(_shown(s.rules))}</th><td style='text-align:right'>"
            f"{'' if s.total is None else s.total}</td><td>"
            + (escape(s.problem) if s.total is None else
               escape(", ".join(f"{label} {p:+d}" for label, p in s.lines))) + "</td></tr>"
            for s in self)
        return f"<div style='overflow-x:auto;max-width:100%'><table class='buraco-compare'><tbody>{rows}</tbody></table></div>"
