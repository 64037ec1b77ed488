"""The rulebook in the repository (docs/RULES.md, docs/de/RULES.md): generated from the clauses and
the catalog by scripts/rulebook.py, current, and naming every clause with its rule, where it
applies and how each ruleset reads it."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from buraco_core import CLAUSES, RULESETS
from buraco_core.messages import LANGUAGES, render
from buraco_core.rulebook import clause_block, rulebook

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rulebook_writer", ROOT / "scripts" / "rulebook.py")
assert _spec and _spec.loader
writer = importlib.util.module_from_spec(_spec)
sys.modules["rulebook_writer"] = writer
_spec.loader.exec_module(writer)


def test_the_rulebooks_in_the_repository_are_current() -> None:
    assert writer.stale() == [], "run: .venv/bin/python scripts/rulebook.py"
    assert [writer.target(lang).relative_to(ROOT).as_posix() for lang in LANGUAGES] == ["docs/RULES.md",
                                                                                          "docs/de/RULES.md"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_clause_has_its_id_title_and_rule_in_rulebook_order(lang: str) -> None:
    text = rulebook(lang)
    headings = re.findall(r"^### `\[([a-z-]+)\]` (.+)$", text, re.M)
    assert [h[0] for h in headings] == list(CLAUSES)
    for (_, title), clause in zip(headings, CLAUSES.values(), strict=True):
        assert title == clause.title_message.text(lang)
        assert clause.text_message.text(lang) in text
    assert re.findall(r"`([a-z-]+)`", text.split(f"## {render('rulebook.ids', lang)}")[1]) == list(CLAUSES)


def test_a_clause_says_where_it_applies_and_how_each_ruleset_reads_it() -> None:
    only = "\n".join(clause_block(CLAUSES["single-take"]))
    assert "Played in Italian Burraco only." in only and "How the rulesets read it" not in only
    values = "\n".join(clause_block(CLAUSES["card-values"], "de"))
    assert values.count("\n- ") == len(CLAUSES["card-values"].readings) == 3
    assert "- Brasilianisches Buraco: " in values and "20, 15, 2, 3, 4" in values


def test_the_rulebook_follows_the_engine_s_rulesets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is typed by hand: a ruleset reading a clause otherwise changes what the rulebook says."""
    changed = dict(RULESETS)
    changed["italian"] = dataclasses.replace(RULESETS["italian"], semi_clean_bonus=170)
    monkeypatch.setattr("buraco_core.clauses.RULESETS", changed)
    monkeypatch.setattr("buraco_core.rulebook.RULESETS", changed)
    block = "\n".join(clause_block(CLAUSES["buraco-semi-clean"]))
    assert "- Italian Burraco: A semi-clean buraco scores 170 bonus points." in block


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rulebook_reads_a_rulesets_real_values(lang: str) -> None:
    """It said „0 Töpfe werden beiseitegelegt“, „verliert 0 Punkte“ and „0 Joker“ (Brazilian Buraco
    has no pots, Buraco Fechado no jokers), „Ein Topf hat 11 Karten“ where there are none, „Nur in
    Klassisches Buraco“ and „2005 Punkten“ under „2.005“ (issue 37, M8, A3, T7)."""
    text = rulebook(lang)
    assert not re.search(r"\b0 (?:Töpfe|pots|Joker|jokers|Punkte|points)\b|verliert 0\b|loses 0\b|holds 0\b", text)
    brazilian = [line for line in text.splitlines() if line.startswith(("- Brazilian Buraco", "- Brasilianisches Buraco"))]
    assert brazilian and not [line for line in brazilian if re.search(r"Topf hat|pot holds|verliert|loses", line)]
    if lang == "de":
        assert "Es werden keine Töpfe beiseitegelegt." in text and "Es gibt keine Joker." in text
        assert "Nur im Buraco Fechado." in text and not re.search(r"\bin (?:Klassisches|Brasilianisches|Italienisches)", text)
        assert "endet bei 2.005\u00a0Punkten" in text and "2005" not in text
        assert "So lesen die Regelwerke diese Regel:" in text and "ihn lesen" not in text  # „ihn“ had no antecedent
