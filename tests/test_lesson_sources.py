"""The lessons of every language are built from one source per lesson (scripts/lessons.py)."""

from __future__ import annotations

import importlib.util
import itertools
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("lesson_builder", ROOT / "scripts" / "lessons.py")
assert _spec and _spec.loader
lessons = importlib.util.module_from_spec(_spec)
sys.modules["lesson_builder"] = lessons      # its dataclasses look their module up
_spec.loader.exec_module(lessons)

SOURCES = sorted((ROOT / "lessons" / "source").glob("*.md"))


def test_every_built_notebook_is_current_with_its_source() -> None:
    assert lessons.stale() == [], "run: .venv/bin/python scripts/lessons.py --execute"


def test_every_lesson_has_a_source_and_every_language_a_notebook() -> None:
    english = sorted(p.stem for p in (ROOT / "lessons").glob("*.ipynb"))
    german = sorted(p.stem for p in (ROOT / "lessons" / "de").glob("*.ipynb"))
    assert english == german == sorted(p.stem for p in SOURCES)
    assert len(english) >= 14


def test_built_code_cells_have_outputs_where_nbval_checks_them() -> None:
    for lang in lessons.LANGS:
        for source in SOURCES:
            nb = json.loads(lessons.target(source.stem, lang).read_text(encoding="utf-8"))
            for cell in nb["cells"]:
                if cell["cell_type"] == "code" and "NBVAL_CHECK_OUTPUT" in "".join(cell["source"]):
                    assert cell["outputs"], f"{lang}/{source.stem}: a checked cell has no stored output"


_KEPT = re.compile(r"<a id=\"[^\"]+\"></a>|\]\(([^)\s]+)\)")


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
def test_each_language_keeps_the_anchors_and_link_targets_of_the_english(source: Path) -> None:
    """A translation may word a cell as it likes, but it links and anchors the same places, so a link
    to ``05_pot.ipynb#clause-pot-guard`` or a glossary term works in every language."""
    for cell in lessons.read_source(source):
        if cell.kind != "markdown":
            continue
        english = [m.group(0) if m.group(1) is None else m.group(1) for m in _KEPT.finditer(cell.text["en"])]
        for lang in lessons.LANGS[1:]:
            other = [m.group(0) if m.group(1) is None else m.group(1) for m in _KEPT.finditer(cell.text[lang])]
            assert other == english, f"{source.name}:{cell.line}: {lang} links {other}, the English {english}"


EN, DE = '+++ {"lang": "en"}\n', '+++ {"lang": "de"}\n'
CODE = "```{code-cell} ipython3\n"


@pytest.mark.parametrize(("text", "problem"), [
    ("# a title\n", ":1: text before the first cell"),
    ("%% markdown\n%% en\nHello\n", ":1: a source in the first format (%% markers): convert it"),
    ("---\njupytext: {}\n", ":1: the header begun by '---' is never closed"),
    ("+++\n# no language\n", ":1: a markdown cell names its language"),
    ("+++ {lang: en}\nHello\n", ":1: the cell's metadata is not JSON"),
    (EN + "Hello\n", ":1: this markdown cell has no de text"),
    (EN + "Hello\n" + DE + "Hallo\n" + DE + "Noch mal\n", ":5: this markdown cell already has its 'de' part"),
    (CODE + "x = 1\n```\n" + DE + "Hallo\n", ":4: this 'de' cell has no en cell above it"),
    (EN + "Hi\n" + DE + "Hallo\n" + '+++ {"lang": "fr"}\nSalut\n', ":5: a markdown cell names its language"),
    (CODE + "x = 1\n", ":1: this code cell is never closed"),
    (CODE + "x = 1\n```\nloose words\n", ":4: text after a code cell"),
])
def test_a_malformed_source_is_reported_with_its_file_and_line(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "99_bad.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(lessons.SourceError) as caught:
        lessons.read_source(path)
    assert str(caught.value).startswith(str(path)) and problem in str(caught.value), str(caught.value)


def test_a_source_builds_both_languages_with_their_words(tmp_path: Path) -> None:
    path = tmp_path / "99_demo.md"
    path.write_text(f"---\njupytext: {{}}\n---\n\n{EN}\n# Hello\n\n{DE}\n# Hallo\n\n{CODE}"
                    "LANG = {{LANG}}\nP = get_course().puzzle_file(\"99\")\n```\n", encoding="utf-8")
    cells = lessons.read_source(path)
    en, de = lessons.notebook(cells, "en"), lessons.notebook(cells, "de")
    assert en["cells"][0]["source"] == ["# Hello"] and de["cells"][0]["source"] == ["# Hallo"]
    # one code for every language: the course finds its puzzle file, wherever the notebook is
    assert "".join(en["cells"][1]["source"]) == 'LANG = "en"\nP = get_course().puzzle_file("99")'
    assert "".join(de["cells"][1]["source"]) == 'LANG = "de"\nP = get_course().puzzle_file("99")'
    assert de["metadata"]["buraco"]["lang"] == "de" and de["metadata"]["buraco"]["loading"]


# ------------------------------------------------------------------ one name per lesson (issue 37)

def _markdown(lang: str) -> dict[str, str]:
    """Each source's markdown cells of ``lang``, joined."""
    out = {}
    for source in SOURCES:
        nb = json.loads(lessons.target(source.stem, lang).read_text(encoding="utf-8"))
        out[source.stem] = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_lesson_is_named_alike_in_the_index_the_links_and_its_own_title(lang: str) -> None:
    """The newcomer read „Fünf Regelwerke“ in the index and „Die Regelwerke im Vergleich“ on the
    page, „Eine Runde spielen“ and „Eine Runde mit dem Trainer“: every link to a lesson,
    ``[07 Name](07_rulesets.ipynb)``, names it as its title does (``# 07 · Name``, or the part
    before a subtitle's colon)."""
    pages = _markdown(lang)
    titles = {}
    for stem, text in pages.items():
        heading = re.search(r"^# (\d\d) · (.+)$", text, re.M)
        if heading:
            titles[stem] = (heading.group(1), heading.group(2))
    assert len(titles) == 11, sorted(titles)  # 01 to 11; 00 is the welcome
    wrong = []
    for stem, text in pages.items():
        for number, name, target in re.findall(r"\[(\d\d) ([^\]]+)\]\((\d\d_\w+)\.ipynb\)", text):
            n, title = titles[target]
            if number != n or name not in (title, title.split(": ")[0]):
                wrong.append(f"{stem}: [{number} {name}] for {target} ({n} · {title})")
    assert wrong == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_lesson_but_the_last_ends_pointing_to_the_next(lang: str) -> None:
    """Lesson 09's end sent the learner back to the start, though lessons 10 and 11 follow: the
    last markdown cell of a lesson that links one links the next one."""
    numbered = sorted(s.stem for s in SOURCES if re.match(r"\d\d_", s.stem))
    for stem, following in itertools.pairwise(numbered[1:]):
        nb = json.loads(lessons.target(stem, lang).read_text(encoding="utf-8"))
        cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
        last = next(c for c in reversed(cells) if re.search(r"\]\(\d\d_\w+\.ipynb\)", c))
        assert f"]({following}.ipynb)" in last, f"{stem} ends: {last!r}"
