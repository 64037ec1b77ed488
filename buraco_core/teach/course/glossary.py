"""The glossary a learner consults: the course's words, defined once in the message catalog.

Each :class:`Term` has its words, the names players use at the table (``morto``, ``pozzetto``,
``Tote``, ...) and its meaning, all from the catalog (``glossary.<id>``), and the clauses of
docs/RULES.md it belongs to, whose lesson section it links. The lessons link their terms to the
glossary page (``glossary.ipynb#term-<id>``: :func:`term_link`); the page shows
:func:`glossary`, which draws itself as HTML with one anchor per term.

>>> g = course_glossary()
>>> [t.id for t in g.terms][:4]
['meld', 'run', 'set', 'wild-card']
>>> pot = g.term("pot")
>>> pot.word(), term_link("pot")
('pot', 'glossary.ipynb#term-pot')
>>> "morto" in pot.names() and "Quelle" in pot.names()
True
>>> g.find("pozzetto") == [pot]
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ...messages import catalog, render
from .course import Course, get_course

__all__ = ["GLOSSARY_PAGE", "TERMS", "Glossary", "Term", "course_glossary", "term_link"]

#: The page that shows the glossary, beside the lessons.
GLOSSARY_PAGE = "glossary.ipynb"


@dataclass(frozen=True)
class Term:
    """A word of the glossary: its id (``direct-indirect``) and the clauses it belongs to."""

    id: str
    clauses: tuple[str, ...]

    @property
    def anchor(self) -> str:
        return f"term-{self.id}"

    def word(self, lang: str = "en") -> str:
        return render(f"glossary.{self.id}.term", lang)

    def names(self, lang: str = "en") -> str:
        """The other names of the term at the table ("" where it has none)."""
        key = f"glossary.{self.id}.names"
        return render(key, lang) if key in catalog(lang) else ""

    def text(self, lang: str = "en") -> str:
        return render(f"glossary.{self.id}.text", lang)


#: Every term, in the order a learner meets them.
TERMS: tuple[Term, ...] = (
    Term("meld", ("run", "set", "meld-owner")),
    Term("run", ("run",)),
    Term("set", ("set",)),
    Term("wild-card", ("wild-one",)),
    Term("natural-two", ("natural-two",)),
    Term("buraco", ("buraco",)),
    Term("clean", ("buraco-clean",)),
    Term("dirty", ("buraco-dirty",)),
    Term("semi-clean", ("buraco-semi-clean",)),
    Term("royal", ("buraco-royal",)),
    Term("ace-to-ace", ("ace-to-ace",)),
    Term("pot", ("pot",)),
    Term("direct-indirect", ("pot-indirect",)),
    Term("going-out", ("going-out",)),
    Term("stock", ("turn", "stock-end")),
    Term("discard-pile", ("discard-pile",)),
)


def term_link(term: str, page: str = GLOSSARY_PAGE) -> str:
    """Where a lesson links a term: ``glossary.ipynb#term-pot``."""
    if term not in {t.id for t in TERMS}:
        raise KeyError(f"no term {term!r} in the glossary: its terms are {', '.join(t.id for t in TERMS)}")
    return f"{page}#term-{term}"


@dataclass(frozen=True)
class Glossary:
    """The glossary in one language; in a notebook it draws itself (one anchor per term)."""

    terms: tuple[Term, ...] = TERMS
    lang: str = "en"
    of: Course | None = None
    """The course whose sections the terms link (default: the installed course)."""

    def term(self, term_id: str) -> Term:
        for t in self.terms:
            if t.id == term_id:
                return t
        raise KeyError(f"no term {term_id!r} in the glossary")

    def find(self, text: str) -> list[Term]:
        """The terms whose words, other names or meaning hold ``text`` (any case); the terms
        whose own words or names hold it come first."""
        needle = text.strip().casefold()
        if not needle:
            return list(self.terms)
        named = [t for t in self.terms if needle in f"{t.word(self.lang)} {t.names(self.lang)}".casefold()]
        meant = [t for t in self.terms if t not in named and needle in t.text(self.lang).casefold()]
        return named + meant

    def entries(self) -> list[dict[str, str]]:
        """Each term as words to show: id, anchor, word, names, text, and the link to the lesson
        section that teaches it (href and words)."""
        out = []
        for t in self.terms:
            taught = get_course(self.of)
            href, words = next((link for link in (taught.link(c, self.lang) for c in t.clauses) if link.href),
                               ("", ""))
            names = t.names(self.lang)
            out.append({"id": t.id, "anchor": t.anchor, "word": t.word(self.lang),
                        "names": render("glossary.names", self.lang, names=names) if names else "",
                        "text": t.text(self.lang), "href": href, "taught": words})
        return out

    def _repr_html_(self) -> str:
        taught = escape(render("glossary.taught", self.lang))
        items = []
        for e in self.entries():
            link = (f" <span class='bw-term-taught'>{taught} <a href='{escape(e['href'])}'>{escape(e['taught'])}</a>."
                    "</span>") if e["href"] else ""
            names = f" <span class='bw-term-names'><em>{escape(e['names'])}</em></span>" if e["names"] else ""
            items.append(f"<dt id='{e['anchor']}' style='font-weight:600;margin-top:10px;float:none;width:auto;text-align:left'>{escape(e['word'])}</dt>"
                         f"<dd style='margin:2px 0 0 1.2em;line-height:1.45'>{escape(e['text'])}{names}{link}</dd>")
        return f"<dl class='bw-glossary' style='max-width:48em'>{''.join(items)}</dl>"


def course_glossary(lang: str = "en", of: Course | None = None) -> Glossary:
    """The course's glossary (in ``lang``), linking the lesson sections of the course ``of``
    (default: the installed course)."""
    return Glossary(TERMS, lang, of)
