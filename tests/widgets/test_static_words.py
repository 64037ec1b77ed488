"""The front end holds no word a learner reads or hears: every word reaches the page from Python,
in the widget's state, from the message catalog in the course's language.

The scan reads every string literal of ``widgets/static/*.js`` (template literals with their
``${...}`` taken out) and finds the ones a learner would meet:

- a literal that reads as words (two words, or a capitalised word): "Sort by suit", "No cards";
- any literal with letters that is put where a learner reads or hears it: ``textContent``,
  ``title``, ``placeholder``, ``alt``, ``aria-label`` (and the other ``aria-`` texts),
  ``createTextNode``, or a template literal with words in it (`${n} selected`);

and ``content:`` of the stylesheets must hold no letters (marks such as ✓ are fine). Names the
code compares against (key names, event names) are allowed by name in ``ALLOWED``.
"""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"

#: Literals that are code, not words: the keyboard's key names.
ALLOWED = frozenset({"ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End", "Enter", "Escape", "Tab"})

_PROSE = re.compile(r"[A-Za-z]{2,}[,.:;!?…]*\s+[A-Za-z]{2,}|^\s*[A-Z][a-z]{2,}")
# a word in a template's text (its ${...} as \0): letters with a space on one side at least
# (" selected: ", "Meld \0", " card\0"), not "change:\0", "\0px", "bw-lvl-\0"
_TEMPLATE_WORD = re.compile(r"(?:^|(?<=[\s\0]))[A-Za-z]{2,}[,.:;!?…]*(?=[\s\0]|$)")
_WORD = re.compile(r"[A-Za-z]{2,}")
# where a literal is read or heard (the code just before the literal)
_SPOKEN = re.compile(
    r"(?:\.(?:textContent|innerText|title|placeholder|alt)\s*=\s*"
    r"|setAttribute\(\s*[\"'](?:aria-label|aria-description|aria-roledescription|aria-valuetext|title|alt|placeholder)"
    r"[\"']\s*,\s*"
    r"|createTextNode\(\s*)$")


def _code_names(text: str) -> bool:
    """Class names and ids, each with a "-" or "_" in it ("bw-chip bw-lvl-"): code, not words."""
    tokens = text.split()
    return bool(tokens) and all(re.fullmatch(r"[\w\0-]*[-_][\w\0-]*", t) for t in tokens)


def literals(source: str) -> list[tuple[int, int, str]]:
    """(start, end, literal) of every string and template literal of ``source``, comments skipped
    (a small tokenizer: a quote inside a comment, or a "//" inside a string, is no surprise)."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif c in "\"'`":
            j = i + 1
            depth = 0
            while j < n:
                if source[j] == "\\":
                    j += 2
                    continue
                if c == "`" and source.startswith("${", j):
                    depth += 1
                    j += 2
                    continue
                if c == "`" and depth and source[j] == "}":
                    depth -= 1
                elif source[j] == c and not depth:
                    break
                j += 1
            out.append((i, j + 1, source[i:j + 1]))
            i = j + 1
        else:
            i += 1
    return out


def english_literals(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every literal in ``source`` a learner would read or hear."""
    found = []
    for start, _end, raw in literals(source):
        text = raw[1:-1]
        if raw[0] == "`":
            text = re.sub(r"\$\{[^}]*\}", "\0", text)
        if text in ALLOWED or not _WORD.search(text) or _code_names(text):
            continue
        spoken = bool(_SPOKEN.search(source[max(0, start - 80):start]))
        template_words = raw[0] == "`" and any(
            re.search(r"\s", text[max(0, m.start() - 1):m.end() + 1]) for m in _TEMPLATE_WORD.finditer(text))
        if _PROSE.search(text) or spoken or template_words:
            found.append((source.count("\n", 0, start) + 1, raw))
    return found


def test_the_scan_finds_english_where_a_learner_meets_it() -> None:
    # the words the widgets' JS held before issue 14, in each of the contexts the scan knows
    sample = """
      sortSuit.textContent = "Sort by suit";
      b.title = 'shuffle';
      shown.textContent = `${picked.length} selected: ${names}`;
      m.setAttribute("aria-label", `Meld ${i + 1}: ${words}`);
      row.setAttribute("aria-label", `${model.get("label")}: ${items.length} card${items.length === 1 ? "" : "s"}`);
      input.placeholder = "morto, on the fly, canasta…";
      li.append(document.createTextNode("taught in"));
      // a comment with "Words in quotes" is not shown
      el.className = "bw-chip bw-lvl-" + level; model.on("change:texts", draw);
      if (event.key === "ArrowRight") next();
      tag.textContent = (ok ? "✓ " : "○ ") + words;
    """
    found = [literal for _, literal in english_literals(sample)]
    assert found == ['"Sort by suit"', "'shuffle'", "`${picked.length} selected: ${names}`",
                     "`Meld ${i + 1}: ${words}`",
                     '`${model.get("label")}: ${items.length} card${items.length === 1 ? "" : "s"}`',
                     '"morto, on the fly, canasta…"', '"taught in"']


def test_no_english_literal_in_the_widgets_javascript() -> None:
    files = sorted(STATIC.glob("*.js"))
    assert files
    found = {f.name: english_literals(f.read_text(encoding="utf-8")) for f in files}
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_no_words_in_the_stylesheets_generated_content() -> None:
    files = sorted(STATIC.glob("*.css"))
    assert files
    contents = {f.name: re.findall(r"(?<![\w-])content:\s*([^;}]*)", f.read_text(encoding="utf-8")) for f in files}
    assert any(contents.values())
    assert {name: [c for c in cs if _WORD.search(c)] for name, cs in contents.items()
            if any(_WORD.search(c) for c in cs)} == {}
