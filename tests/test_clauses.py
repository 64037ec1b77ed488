"""The clause ids of the rulebook (docs/RULES.md): the catalog of clauses, and that the engine's
refusals name a clause that applies to the ruleset they were made under."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from buraco_core import CLAUSES, RULESETS, IllegalAction, Refusal
from buraco_core.bots import draw_candidates, play_candidates
from buraco_core.clauses import SECTIONS
from buraco_core.game import Phase, apply, check, new_game
from buraco_core.messages import catalog

#: The specification the rulebook was first written from, kept outside the repository where the
#: project is developed (absent in CI): an optional cross-check of the ids, not a dependency.
SPECIFICATION = Path(__file__).resolve().parents[2] / "shared" / "RULES.md"


def test_there_are_49_clauses_in_rulebook_order_each_with_a_title_and_a_sentence() -> None:
    assert len(CLAUSES) == 49
    assert list(CLAUSES)[:4] == ["deck", "deal", "wild-one", "natural-two"]
    assert list(CLAUSES)[-3:] == ["match-end", "match-tie", "seats"]
    sections = [c.section for c in CLAUSES.values()]
    assert sorted(set(sections), key=SECTIONS.index) == list(SECTIONS)
    assert sections == sorted(sections, key=SECTIONS.index), "sections in rulebook order"
    for c in CLAUSES.values():
        assert c.title and c.text and c.title != c.text
        assert c.rulesets, f"{c.id} applies to no preset"


@pytest.mark.skipif(not SPECIFICATION.exists(), reason="the optional cross-check: no specification beside the checkout")
def test_the_ids_are_those_of_the_specification_in_its_order() -> None:
    text = SPECIFICATION.read_text(encoding="utf-8")
    listed = text.split("## Clause ids")[1]
    ids = re.findall(r"`([a-z-]+)`", listed)
    assert ids == list(CLAUSES)
    in_text = list(dict.fromkeys(re.findall(r"`\[([a-z-]+)\]`", text.split("## Clause ids")[0])))
    assert in_text == list(CLAUSES)


@pytest.mark.parametrize(("clause", "rulesets"), [
    ("single-take", ("italian",)),
    ("pot-guard", ("buraco",)),
    ("wild-last-discard", ("buraco",)),
    ("draw", ("buraco", "italian", "burraco")),
    ("draw-dig", ("brazilian",)),
    ("draw-top-card", ("fechado",)),
    ("no-sets", ("fechado",)),
    ("set-brazilian", ("brazilian",)),
    ("no-direct-pot", ("italian",)),
    ("pot-to-stock", ("italian", "fechado")),
    ("pot-waiting", ("buraco",)),
    ("pot-unused", ("fechado",)),
    ("score-alone", ("brazilian",)),
    ("buraco-royal", ("fechado",)),
    ("pot", ("buraco", "italian", "burraco", "fechado")),
    ("wild-one", tuple(RULESETS)),
])
def test_where_a_clause_applies_follows_rules_md(clause: str, rulesets: tuple[str, ...]) -> None:
    assert CLAUSES[clause].rulesets == rulesets


def test_a_house_rule_gets_the_clauses_it_plays_by() -> None:
    house = dataclasses.replace(RULESETS["buraco"], pot_guard=False, single_take_no_discard=True)
    assert not CLAUSES["pot-guard"].applies(house)
    assert CLAUSES["single-take"].applies(house)


def test_every_clause_title_and_sentence_comes_from_the_catalog() -> None:
    for c in CLAUSES.values():
        assert catalog()[f"clause.{c.id}.title"] == c.title
        assert catalog()[f"clause.{c.id}.text"] == c.text


def test_a_refusal_must_name_a_known_clause() -> None:
    with pytest.raises(ValueError, match="no clause 'potguard'"):
        IllegalAction("potguard", "illegal.pot-guard-meld")
    assert issubclass(IllegalAction, Refusal) and issubclass(Refusal, ValueError)


@pytest.mark.parametrize("rules", sorted(RULESETS))
def test_every_refusal_in_random_games_names_a_clause_of_its_ruleset(rules: str) -> None:
    """Seeded random play-outs: every candidate move refused along the way names a clause that
    applies to the ruleset (no single-take outside italian, no pot-guard outside buraco), with a
    sentence from the catalog."""
    seen: set[str] = set()
    for seed in range(3):
        s = new_game(rules, 4 if rules != "brazilian" else 3, seed)
        rng = random.Random(seed)
        while s.phase in (Phase.DRAW, Phase.PLAY):
            options = draw_candidates(s) if s.phase is Phase.DRAW else play_candidates(s)
            legal = []
            for act in options:
                reason = check(s, act)
                if reason is None:
                    legal.append(act)
                    continue
                assert CLAUSES[reason.rule].applies(s.rules), (reason.rule, str(reason))
                assert reason.key in catalog() and str(reason)
                seen.add(reason.rule)
            s = apply(s, rng.choice(legal))
    assert len(seen) >= 3, seen


def test_a_varying_clause_names_the_fields_it_reads_and_groups_the_rulesets_by_them() -> None:
    """Coverage is counted per way of reading a clause: rulesets that agree on the fields a clause
    reads read it alike (issue 9: "all 49 clauses covered, in every ruleset where they differ")."""
    fields = {f.name for f in dataclasses.fields(RULESETS["buraco"])}
    for c in CLAUSES.values():
        assert bool(c.reads) == c.varies, c.id
        assert set(c.reads) <= fields, c.id
        groups = c.readings
        assert sorted(name for g in groups for name in g) == sorted(c.rulesets)
        if c.varies:
            assert len(groups) >= 2, f"{c.id} varies but every ruleset reads it alike"
            for g in groups:
                assert len({c.reading(RULESETS[name]) for name in g}) == 1
        else:
            assert len(groups) == 1
    assert CLAUSES["stock-end"].readings == (("buraco",), ("brazilian",), ("italian", "fechado"), ("burraco",))
    assert sum(len(c.readings) for c in CLAUSES.values()) == 75
