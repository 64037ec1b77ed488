"""The five rulesets side by side, generated from :data:`buraco_core.rules.RULESETS` (never typed by hand).

:func:`compare_rulesets` builds the comparison table of lesson 07 from the ``Rules`` fields;
:func:`score_under_each` scores one situation under every ruleset with ``score_side``.

>>> table = compare_rulesets()
>>> table.names
('buraco', 'brazilian', 'italian', 'burraco', 'fechado')
>>> table.row("players")
('2 or 4', '2, 3 or 4', '2 or 4', '2 or 4', '2 or 4')
>>> table.row("semi-clean buraco")
('counts as dirty (100)', 'counts as dirty (100)', '150', '150', 'counts as dirty (100)')
>>> [r.total for r in score_under_each(["4h 5h 6h 7h 8h 9h 10h 2c"], "", went_out=False, took_pot=True)]
[170, 151, 220, 220, 160]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from importlib import resources

from .clauses import going_out_by, going_out_needs
from .melds import InvalidMeld, make_meld
from .messages import Message, format_number, render, show
from .rules import RULESETS, DiscardTake, IndirectPot, Rules, RulesError, StockEnd, Tie, or_list
from .scoring import ScoreLine, score_side
from .variants import get_rules, rules_text

__all__ = ["RulesetScore", "RulesetTable", "ScoreComparison", "compare_rulesets", "score_under_each"]


def _m(key: str, /, **params: object) -> Message:
    return Message(f"compare.{key}", params)


def _sets(r: Rules) -> Message:
    if not r.allow_sets:
        return _m("no-sets")
    max_part = _m("sets-max", n=r.set_max_cards) if r.set_max_cards is not None else _m("yes")
    return _m("sets-suits", text=max_part) if r.set_distinct_suits else max_part


def _bonus(r: Rules, kind: str, own: int | None) -> Message:
    if kind == "semi-clean" and own is None:
        return _m("as-dirty", bonus=r.dirty_bonus)
    if kind in ("royal", "ace-to-ace") and own is None:
        return _m("dash") if kind == "royal" or not r.ace_to_ace else _m("as-clean", bonus=r.clean_bonus)
    return _m("number", n=own)


_TAKE = {
    DiscardTake.WHOLE: "take-whole",
    DiscardTake.ANY_DEPTH: "take-any",
    DiscardTake.WHOLE_IF_TOP_MELDS: "take-if-top",
}
_INDIRECT = {IndirectPot.NEXT_TURN: "indirect-next", IndirectPot.AT_ONCE: "indirect-at-once"}
_STOCK = {
    StockEnd.LAST_CARD_DRAWN: "stock-last-card",
    StockEnd.EMPTY_AT_DRAW: "stock-empty-at-draw",
    StockEnd.EMPTY_NO_POT: "stock-empty-no-pot",
    StockEnd.TWO_LEFT: "stock-two-left",
}
_TIE = {Tie.ANOTHER_HAND: "tie-another-hand", Tie.STARTER_WINS: "tie-starter-wins", Tie.DRAW: "tie-draw"}


def _values(r: Rules, ranks: Iterable[int]) -> Message:
    pairs = [(x, r.card_values[x]) for x in ranks]
    values = {v for _, v in pairs}
    if len(values) == 1:
        return _m("number", n=values.pop())
    if all(v == min(x, 10) for x, v in pairs):
        return _m("face-value-court") if any(x > 10 for x, _ in pairs) else _m("face-value")
    return _m("values", values=[_n(v) for _, v in pairs])


def _yes_no(flag: bool) -> Message:
    return _m("yes") if flag else _m("no")


def _n(n: object) -> Message:
    return _m("number", n=n)


#: (label, how to read it from a Rules) for every row of the comparison table; a row's words are
#: the catalog's ``compare.row.<label>``, its values ``compare.*`` messages.
ROWS: tuple[tuple[str, Callable[[Rules], Message]], ...] = (
    ("players", lambda r: or_list(r.player_counts)),
    ("sides", lambda r: _m("partners") if r.partnerships else _m("alone")),
    ("deck", lambda r: _m("deck", n=r.deck_size, jokers=r.jokers)),
    ("cards dealt", lambda r: _n(r.hand_size)),
    ("pots", lambda r: _m("pots", n=r.pots, size=r.pot_size) if r.pots else _m("none")),
    ("first discard pile", lambda r: _m("one-face-up") if r.initial_discard else _m("empty")),
    ("discard pile seen", lambda r: _m("seen-whole") if r.discard_open else _m("seen-top")),
    ("taking the pile", lambda r: _m(_TAKE[r.discard_take])),
    ("sets", _sets),
    ("joker", lambda r: _n(r.card_values[0]) if r.jokers else _m("joker-none", value=r.card_values[0])),
    ("2", lambda r: _n(r.card_values[2])),
    ("ace", lambda r: _n(r.card_values[1])),
    ("3 to 7", lambda r: _values(r, range(3, 8))),
    ("8 to K", lambda r: _values(r, range(8, 14))),
    ("buraco from", lambda r: _m("cards", n=r.min_buraco)),
    ("clean buraco", lambda r: _n(r.clean_bonus)),
    ("dirty buraco", lambda r: _n(r.dirty_bonus)),
    ("semi-clean buraco", lambda r: _bonus(r, "semi-clean", r.semi_clean_bonus)),
    ("royal", lambda r: _bonus(r, "royal", r.royal_bonus)),
    ("ace-to-ace", lambda r: _bonus(r, "ace-to-ace", r.ace_to_ace_bonus) if r.ace_to_ace else _m("invalid")),
    ("pot on the fly (direct)", lambda r: _yes_no(r.direct_pot) if r.pots else _m("dash")),
    ("pot by a discard", lambda r: _m(_INDIRECT[r.indirect_pot]) if r.pots else _m("dash")),
    ("going out needs", going_out_needs),
    ("going out by", going_out_by),
    ("going out bonus", lambda r: _n(r.going_out_bonus)),
    ("the hand also ends when", lambda r: _m(_STOCK[r.stock_end])),
    ("pot never taken", lambda r: _m("penalty", n=r.pot_not_taken_penalty)
     if r.pots and r.pot_not_taken_penalty else _m("dash")),
    ("pot taken, not used", lambda r: _m("penalty", n=r.pot_unused_penalty) if r.pot_unused_penalty else _m("dash")),
    ("match", lambda r: _m("match-one-hand") if r.target is None else _m("match-to", target=r.target)),
    ("tie", lambda r: _m(_TIE[r.tie])),
)


@dataclass(frozen=True, repr=False)
class RulesetTable:
    """Rows of (label, one message per ruleset), shown in ``lang``; draws itself as an HTML table
    in a notebook. ``row(label)`` gives a row's texts in that language."""

    names: tuple[str, ...]
    values: tuple[tuple[str, tuple[Message, ...]], ...]
    lang: str = "en"

    @property
    def rows(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """(label, one text per ruleset), the label the row's id and the texts in ``lang``."""
        return tuple((label, tuple(v.text(self.lang) for v in values)) for label, values in self.values)

    def row(self, label: str) -> tuple[str, ...]:
        for name, values in self.rows:
            if name == label:
                return values
        raise KeyError(f"no row {label!r}: rows are {', '.join(n for n, _ in self.values)}")

    def __repr__(self) -> str:
        return str(self)

    def _label(self, label: str) -> str:
        return render(f"compare.row.{label}", self.lang)

    def __str__(self) -> str:
        width = max(len(self._label(label)) for label, _ in self.rows)
        lines = [" | ".join([" " * width, *(_shown(n, self.lang) for n in self.names)])]
        lines += [" | ".join([self._label(label).ljust(width), *values]) for label, values in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(_shown(n, self.lang))}</th>" for n in self.names)
        body = "".join(
            "<tr><th scope='row'>" + escape(self._label(label)) + "</th>"
            + "".join(f"<td>{escape(v)}</td>" for v in values) + "</tr>"
            for label, values in self.rows)
        return _scroll_box(f"<table class='buraco-compare'><thead><tr><th></th>{head}</tr></thead><tbody>{body}"
                           "</tbody></table>", render("compare.table-label", self.lang))


def _shown(name: str, lang: str = "en") -> str:
    """A ruleset's display name (the catalog's ``ruleset.<name>``) for a learner's page; a house
    variant's text as its preset's name with "house rules"."""
    if name in RULESETS:
        return show(RULESETS[name], lang)
    try:
        return show(get_rules(name), lang)
    except RulesError:
        return name


def compare_rulesets(names: Sequence[str | Rules] | None = None, rows: Sequence[str] | None = None,
                     lang: str = "en") -> RulesetTable:
    """The comparison table of the rulesets (default: all five), read from their ``Rules``;
    ``rows`` picks rows by label (default: every row of :data:`ROWS`). A house variant (a ``Rules``
    or its text, ``buraco+target=1505``) has a column like the presets'. Shown in ``lang``."""
    rules = [get_rules(n) for n in names] if names is not None else list(RULESETS.values())
    chosen = tuple(rules_text(r) for r in rules)
    readers = dict(ROWS)
    labels = list(rows) if rows is not None else [label for label, _ in ROWS]
    unknown = [label for label in labels if label not in readers]
    if unknown:
        raise KeyError(f"no row {unknown[0]!r}: rows are {', '.join(readers)}")
    return RulesetTable(chosen, tuple((label, tuple(readers[label](r) for r in rules)) for label in labels), lang)


@dataclass(frozen=True)
class RulesetScore:
    """One ruleset's score of a situation: ``total`` and ``items`` (the score's lines), or
    ``problem`` (why the situation cannot happen under that ruleset, e.g. a set in ``fechado``)."""

    rules: str
    total: int | None
    items: tuple[ScoreLine, ...] = ()
    problem: Message | None = None

    @property
    def lines(self) -> tuple[tuple[str, int], ...]:
        """(label, points) per line, the labels in English."""
        return tuple((item.label.text("en"), item.points) for item in self.items)

    def text(self, lang: str = "en") -> str:
        """The score in words of ``lang``: the ruleset, the total and its lines, or the problem."""
        if self.total is None:
            return f"{_shown(self.rules, lang)}: {self.problem.text(lang) if self.problem else ''}"
        return f"{_shown(self.rules, lang)}: {format_number(self.total, lang)} ({self.detail(lang)})"

    def detail(self, lang: str = "en") -> str:
        return render("list.separator", lang).join(f"{item.label.text(lang)} {format_number(item.points, lang, signed=True)}"
                                                   for item in self.items)

    def __str__(self) -> str:
        return self.text("en")


def score_under_each(melds: Sequence[str], hand: str | Sequence[str], *, went_out: bool, took_pot: bool,
                     pot_unused: bool = False, names: Sequence[str] | None = None,
                     lang: str = "en") -> ScoreComparison:
    """The same side's hand scored by ``score_side`` under each ruleset (default: all five);
    shown in ``lang``."""
    out = ScoreComparison(lang=lang)
    for name in names if names is not None else list(RULESETS):
        try:
            built = [make_meld(m, name) for m in melds]
        except InvalidMeld as e:
            out.append(RulesetScore(name, None, problem=_m("not-a-meld", error=e.message)))
            continue
        score = score_side(built, hand, name, went_out=went_out, took_pot=took_pot, pot_unused=pot_unused)
        out.append(RulesetScore(name, score.total, score.items))
    return out


class ScoreComparison(list[RulesetScore]):
    """``score_under_each`` as a table in a notebook, in the language it was made for."""

    def __init__(self, *args: Iterable[RulesetScore], lang: str = "en") -> None:
        super().__init__(*args)
        self.lang = lang

    def _repr_html_(self) -> str:
        lang = self.lang
        rows = "".join(
            f"<tr><th scope='row'>{escape(_shown(s.rules, lang))}</th><td class='buraco-compare-number'>"
            f"{'' if s.total is None else s.total}</td><td>"
            + (escape(s.problem.text(lang) if s.problem else "") if s.total is None else escape(s.detail(lang)))
            + "</td></tr>"
            for s in self)
        return _scroll_box(f"<table class='buraco-compare'><tbody>{rows}</tbody></table>",
                           render("compare.scores-label", lang))


def stylesheet() -> str:
    """The rules of ``compare.css`` beside this module, the looks of the tables' scroll box, without
    its comments and indentation (each table's output carries them)."""
    text = resources.files("buraco_core").joinpath("compare.css").read_text(encoding="utf-8")
    return " ".join(line.strip() for line in re.sub(r"/\*.*?\*/", "", text, flags=re.S).splitlines() if line.strip())


def _scroll_box(table: str, label: str) -> str:
    """A wide table in a box of its own that scrolls sideways on a phone instead of running off the
    page, reachable by keyboard and named for a screen reader; its looks (the row labels kept in
    view, the cue that more lies to the side) come with it, :func:`stylesheet` as a ``<style>``
    element, as the board's do (``board.style_tag``): the table looks the same on every page."""
    return (f"<style>{stylesheet()}</style>"
            f"<div class='buraco-compare-scroll' role='region' tabindex='0' aria-label='{escape(label)}'>"
            f"{table}</div>")
