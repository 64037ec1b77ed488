"""A printable cheat sheet per ruleset, generated from the engine's rules and the clause catalog.

Nothing on a sheet is typed by hand: the figures are the rows of the rulesets' comparison
(:data:`buraco_core.compare.ROWS`, read from the ruleset's fields), the rules are the clauses
that the ruleset plays by, in the learner's words of the catalog as the ruleset plays them
(:func:`~buraco_core.teach.puzzles.feedback.rule_text`: a house rule's own value, the ruleset's own deck
and seats, never a sentence about another ruleset), so a
change of a ruleset (or a house rule made with ``dataclasses.replace``) changes its sheet. The
sheet has the parts of :data:`PARTS`: the table and the deal, card values, melds and wild cards,
buracos and bonuses, the turn, the pot, going out, the end of a hand, the match.

:meth:`CheatSheet.html` is the sheet as a fragment (a notebook shows it), :meth:`CheatSheet.document`
a whole page with its print stylesheet (``cheatsheet.css`` beside this module: A4, two
columns), which prints on two A4 sides.

>>> sheet = cheat_sheet("italian")
>>> sheet.title
'Italian Burraco: cheat sheet'
>>> dict(sheet.part("buracos").rows)["semi-clean buraco"]
'150'
>>> [c for c in sheet.part("turn").clauses]
['turn', 'draw', 'single-take', 'discard-pile']
>>> import dataclasses
>>> from buraco_core import RULESETS
>>> dict(cheat_sheet(dataclasses.replace(RULESETS["italian"], semi_clean_bonus=170)).part("buracos").rows)["semi-clean buraco"]
'170'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from importlib import resources

from ...clauses import CLAUSES
from ...compare import ROWS
from ...memo import remembered
from ...messages import render
from ...rules import Rules
from ...variants import get_rules
from ..puzzles.feedback import rule_text

__all__ = ["PARTS", "CheatSheet", "Part", "cheat_sheet", "sheet_stylesheet"]

#: The parts of a sheet: (id, the comparison rows it shows, the clauses whose rule it states).
PARTS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("table", ("players", "sides", "deck", "cards dealt", "pots", "first discard pile", "discard pile seen"),
     ("deck", "deal", "seats")),
    ("values", ("joker", "2", "ace", "3 to 7", "8 to K"), ("card-points", "card-values")),
    ("melds", ("sets",),
     ("run", "run-places", "set", "set-brazilian", "no-sets", "wild-one", "natural-two", "two-naturals", "meld-owner",
      "extend", "wild-moves", "wild-two-home", "wild-stays", "fewest-wilds", "wild-place")),
    ("buracos", ("buraco from", "clean buraco", "dirty buraco", "semi-clean buraco", "royal", "ace-to-ace"),
     ("buraco", "buraco-clean", "buraco-semi-clean", "buraco-dirty", "buraco-royal", "ace-to-ace", "worked-example")),
    ("turn", ("taking the pile",), ("turn", "draw", "draw-dig", "draw-top-card", "single-take", "wild-last-discard",
                                    "discard-pile")),
    ("pot", ("pot on the fly (direct)", "pot by a discard", "pot never taken", "pot taken, not used"),
     ("pot", "pot-indirect", "no-direct-pot", "one-pot", "pot-to-stock", "pot-guard", "turn-guard")),
    ("going-out", ("going out needs", "going out by", "going out bonus"), ("going-out",)),
    ("end", ("the hand also ends when",), ("stock-end", "hand-score", "pot-waiting", "pot-unused", "score-alone")),
    ("match", ("match", "tie"), ("match-end", "match-tie")),
)
#: A comparison value that means "not in this ruleset": its row is left off the sheet.
_NOT_HERE = "compare.dash"


@dataclass(frozen=True)
class Part:
    """One part of a sheet: its id, (label, value) rows, and the clauses it states."""

    id: str
    rows: tuple[tuple[str, str], ...]
    clauses: tuple[str, ...]


@dataclass(frozen=True)
class CheatSheet:
    """The cheat sheet of one ruleset (:func:`cheat_sheet`)."""

    rules: Rules
    parts: tuple[Part, ...]
    lang: str = "en"

    @property
    def title(self) -> str:
        return render("cheat.title", self.lang, rules=self.rules)

    def part(self, part_id: str) -> Part:
        for p in self.parts:
            if p.id == part_id:
                return p
        raise KeyError(f"no part {part_id!r}: the parts are {', '.join(p.id for p in self.parts)}")

    def html(self) -> str:
        """The sheet as an HTML fragment (``<article class="bw-cheat">``)."""
        blocks = []
        for p in self.parts:
            rows = "".join(f"<tr><th scope='row'>{escape(render(f'compare.row.{label}', self.lang))}</th>"
                           f"<td>{escape(value)}</td></tr>"
                           for label, value in p.rows)
            table = f"<table>{rows}</table>" if rows else ""
            rules = "".join(
                f"<li><b>{escape(CLAUSES[c].title_message.text(self.lang))}</b>: "
                f"{escape(rule_text(c, self.rules).text(self.lang))}</li>" for c in p.clauses)
            listing = f"<ul>{rules}</ul>" if rules else ""
            blocks.append(f"<section class='bw-cheat-part' data-part='{p.id}'>"
                          f"<h3>{escape(render(f'cheat.part.{p.id}', self.lang))}</h3>{table}{listing}</section>")
        return (f"<article class='bw-cheat' data-rules='{escape(self.rules.name)}' lang='{self.lang}'>"
                f"<header><h2>{escape(self.title)}</h2>"
                f"<p>{escape(render('cheat.from-engine', self.lang, rules=self.rules))}</p></header>"
                f"<div class='bw-cheat-parts'>{''.join(blocks)}</div></article>")

    def document(self) -> str:
        """A whole HTML page of the sheet with its print stylesheet (two A4 sides)."""
        return (f"<!doctype html><html lang='{self.lang}'><head><meta charset='utf-8'>"
                f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
                f"<title>{escape(self.title)}</title><style>{sheet_stylesheet()}</style></head>"
                f"<body class='bw-cheat-page'><main>{self.html()}</main></body></html>")

    def _repr_html_(self) -> str:
        return f"<style>{sheet_stylesheet()}</style>{self.html()}"


@remembered("cheatsheet.stylesheet", 1)
def sheet_stylesheet() -> str:
    """The sheet's stylesheet: on screen, and for print (A4, two columns)."""
    return resources.files(__package__).joinpath("cheatsheet.css").read_text(encoding="utf-8")


def cheat_sheet(rules: Rules | str, lang: str = "en") -> CheatSheet:
    """The cheat sheet of a ruleset (a name, or any :class:`~buraco_core.rules.Rules`)."""
    rules = get_rules(rules)
    readers = dict(ROWS)
    parts = []
    for part_id, labels, clauses in PARTS:
        values = [(label, readers[label](rules)) for label in labels]
        rows = tuple((label, value.text(lang)) for label, value in values if value.key != _NOT_HERE)
        parts.append(Part(part_id, rows,
                          tuple(c for c in clauses if CLAUSES[c].applies(rules))))
    return CheatSheet(rules, tuple(parts), lang)
