"""Every button or label a lesson's prose quotes exists, in the lesson's language, among the
widgets' labels: a learner told to press **Noch eine** must find a button called so.

A lesson quotes a label in bold (``**Prüfen**``). A bold phrase counts as a label quote where the
prose presses, clicks or uses it (``drücke auf **Prüfen**``, ``**Tipp** nennt ...``), or where it is a
label of the catalog in one language: the same cell of the other language then quotes that
label's own words (English **Another one** is German **Neue Aufgabe**, never **Noch eine**).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from lesson_prose import SOURCES, prose

from buraco_core.messages import catalog

#: The catalog families whose sentences are the widgets' buttons, menus, headings and labels.
LABEL_FAMILIES = ("widget.", "review.", "house.", "cheat.", "glossary.lookup", "mastery.", "language.", "score.",
                  "handin.", "classroom.", "assign.", "table.")

_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_PRESSED_BEFORE = re.compile(r"(?:press|click|choose|drücke?|klicke?|wähle|auf|mit)\s*$", re.I)
_PRESSED_AFTER = re.compile(r"^\s*(?:\([^)]*\)\s*)?(?:oben\s+|unten\s+|above\s+|below\s+)?"
                            r"(?:drücken|stellt|gibt|geht|führt|sucht|zeigt|druckt|nennt|bittest|moves|deals|gives|"
                            r"shows|prints|asks|looks|names|goes)\b", re.I)


def _normal(text: str) -> str:
    return " ".join(text.replace("▶", "").replace("◀", "").replace("…", "").replace("...", "")
                    .strip().rstrip(":").split()).casefold()


def labels(lang: str) -> dict[str, set[str]]:
    """Each label of ``lang`` (as written, made comparable) and the keys that say it."""
    found: dict[str, set[str]] = defaultdict(set)
    for key, text in catalog(lang).items():
        if key.startswith(LABEL_FAMILIES) and "{" not in text:
            found[_normal(text)].add(key)
    return found


def quotes(text: str) -> list[tuple[str, bool]]:
    """The bold phrases of a text (links left out), each with whether the prose presses it."""
    out = []
    for m in _BOLD.finditer(text):
        if "](" in m.group(1):
            continue
        pressed = bool(_PRESSED_BEFORE.search(text[max(0, m.start() - 24):m.start()])
                       or _PRESSED_AFTER.match(text[m.end():m.end() + 40]))
        out.append((m.group(1), pressed))
    return out


def label_problems(name: str, cells: list[tuple[int, dict[str, str]]]) -> list[str]:
    """What is wrong with the labels the prose cells of a lesson quote (each cell: its line, its
    text by language)."""
    known = {lang: labels(lang) for lang in ("en", "de")}
    problems = []
    for line, text in cells:
        said = {lang: quotes(text.get(lang, "")) for lang in ("en", "de")}
        for lang, other in (("en", "de"), ("de", "en")):
            theirs = [known[other].get(_normal(q), set()) for q, _ in said[other]]
            for quote, pressed in said[lang]:
                keys = known[lang].get(_normal(quote))
                if keys is None:
                    if pressed:
                        problems.append(f"{name}:{line}: [{lang}] **{quote}** is no label of the {lang} widgets")
                    continue
                if not any(keys & other_keys for other_keys in theirs):
                    wanted = " or ".join(sorted({catalog(other)[k] for k in keys}))
                    problems.append(f"{name}:{line}: [{lang}] **{quote}** is quoted, but the {other} cell does not "
                                    f"quote its label **{wanted}**")
    return problems


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.stem)
def test_every_label_a_lesson_quotes_exists_in_its_language(path: Path) -> None:
    cells = prose(path)
    assert cells, f"{path.name}: no prose read"
    problems = label_problems(path.name, cells)
    assert not problems, "\n".join(problems)


def test_a_button_that_does_not_exist_is_found() -> None:
    cell = {"en": "Press **Another one** for more, then **Review again**.",
            "de": "Drücke auf **Noch eine**, dann **Erneut wiederholen** sucht weiter."}
    problems = "\n".join(label_problems("99_x.md", [(1, cell)]))
    assert "99_x.md:1: [de] **Noch eine** is no label of the de widgets" in problems
    assert "[en] **Another one** is quoted, but the de cell does not quote its label **Neue Aufgabe**" in problems
    assert "**Erneut wiederholen** is no label" in problems and "its label **Noch einmal**" in problems
    right = {"en": "Press **Another one**.", "de": "Drücke auf **Neue Aufgabe**."}
    assert label_problems("99_x.md", [(1, right)]) == []
