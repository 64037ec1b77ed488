"""House variants: the shared text, its round trips, its refusals, and the fields' metadata."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buraco_core import RULESETS, Rules, RulesError, get_rules
from buraco_core.messages import catalog
from buraco_core.variants import (
    Variant,
    VariantError,
    field_info,
    field_infos,
    meaning,
    parse_variant,
    rules_text,
    variant_rules,
)


def test_the_issue_s_table() -> None:
    v = parse_variant("buraco+target=1505+set_max_cards=4;players=2;name=Our family")
    assert v.rules == dataclasses.replace(RULESETS["buraco"], target=1505, set_max_cards=4)
    assert (v.players, v.name, v.preset) == (2, "Our family", RULESETS["buraco"])
    assert v.changes == {"set_max_cards": 4, "target": 1505}
    assert get_rules(v.text()) == v.rules  # every place that takes a ruleset name takes the text
    assert variant_rules(v) is v.rules and variant_rules("italian") is RULESETS["italian"]


def test_every_field_has_metadata_a_control_and_words() -> None:
    infos = field_infos()
    assert [i.name for i in infos] == [f.name for f in dataclasses.fields(Rules)]
    words = catalog("en")
    for info in infos:
        assert info.doc and info.group, info.name
        assert f"house.field.{info.name}.label" in words
        if info.kind in ("number", "optional-number", "numbers", "counts"):
            assert info.low <= info.high, info.name
        # every preset's value is inside the panel's range and reads back
        for rules in RULESETS.values():
            value = getattr(rules, info.name)
            assert info.read(info.show(value)) == value, (info.name, rules.name)
            assert str(meaning(info.name, value))


def test_a_field_without_metadata_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new Rules field of numbers without a range (or without words) is refused by field_infos."""
    from buraco_core import variants

    hints = dict(typing.get_type_hints(Rules))
    hints["new_rule"] = int
    fake = [*dataclasses.fields(Rules), dataclasses.field()]
    fake[-1].name = "new_rule"
    monkeypatch.setattr(variants.dataclasses, "fields", lambda _cls: fake)
    monkeypatch.setattr(variants.typing, "get_type_hints", lambda _cls: hints)
    variants.field_infos.clear()
    try:
        with pytest.raises(TypeError, match="new_rule"):
            variants.field_infos()
    finally:
        variants.field_infos.clear()


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_preset_round_trips(name: str) -> None:
    v = Variant(RULESETS[name])
    assert v.text() == name == rules_text(RULESETS[name])
    assert parse_variant(v.text()) == v
    for players in RULESETS[name].player_counts:
        named = Variant(RULESETS[name], players, f"{name} at home; with friends")
        assert parse_variant(named.text()) == named


def _value(info_name: str) -> st.SearchStrategy[object]:
    info = field_info(info_name)
    number = st.integers(info.low, info.high).map(lambda n: n - (n - info.low) % info.step)
    if info.kind == "switch":
        return st.booleans()
    if info.kind == "number":
        return number
    if info.kind == "optional-number":
        return st.none() | number
    if info.kind == "choice":
        enum_type = typing.get_type_hints(Rules)[info_name]
        return st.sampled_from(list(enum_type))
    if info.kind == "counts":
        return st.sets(st.integers(2, 4), min_size=1).map(lambda s: tuple(sorted(s)))
    return st.lists(number, min_size=info.length, max_size=info.length).map(tuple)


@st.composite
def variants(draw: st.DrawFn) -> Variant:
    base = RULESETS[draw(st.sampled_from(list(RULESETS)))]
    names = [i.name for i in field_infos() if i.name != "name"]
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=6))
    values = {n: draw(_value(n)) for n in chosen}
    try:
        rules = dataclasses.replace(base, **values)  # type: ignore[arg-type]
    except RulesError:
        rules = base
    players = draw(st.none() | st.sampled_from(rules.player_counts))
    name = draw(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20))
    return Variant(rules, players, name)


@settings(max_examples=200, deadline=None)
@given(variants())
def test_random_variants_round_trip(v: Variant) -> None:
    assert parse_variant(v.text()) == v
    assert get_rules(v.text()) == v.rules if (";" in v.text() or "+" in v.text()) else True


def test_a_contradiction_names_its_fields() -> None:
    with pytest.raises(RulesError) as caught:
        parse_variant("buraco+allow_sets=no+set_max_cards=4")
    assert not isinstance(caught.value, VariantError)
    assert set(caught.value.fields) == {"set_max_cards", "allow_sets"}
    assert [p.key for p in caught.value.problems] == ["max-without-sets"]
    assert f"house.problem.{caught.value.problems[0].key}" in catalog("en")
    with pytest.raises(RulesError) as caught:
        dataclasses.replace(RULESETS["buraco"], partnerships=False)
    assert caught.value.fields == ("pots", "partnerships")


def test_every_problem_has_a_sentence() -> None:
    import inspect

    from buraco_core import rules

    source = inspect.getsource(rules.Rules.__post_init__)
    keys = set(__import__("re").findall(r'refuse\("([a-z-]+)"', source))
    assert keys and all(f"house.problem.{k}" in catalog("en") for k in keys)


@pytest.mark.parametrize(("text", "key", "field"), [
    ("", "empty", ""),
    ("chess", "not-a-preset", "name"),
    ("buraco+colour=red", "unknown-field", "colour"),
    ("buraco+target=10000000", "not-a-number", "target"),
    ("buraco+target=5", "out-of-range", "target"),
    ("buraco+target=1507", "out-of-range", "target"),
    ("buraco+allow_sets=maybe", "not-a-switch", "allow_sets"),
    ("buraco+discard_take=all", "not-a-choice", "discard_take"),
    ("buraco+card_values=1,2", "count", "card_values"),
    ("buraco+target", "no-value", "target"),
    ("buraco+target=1505+target=1505", "twice", "target"),
    ("buraco;players=3", "players", "players"),
    ("buraco;seats=3", "option", "seats"),
    ("buraco+name=italian", "name-field", "name"),
    ("x" * 3000, "too-long", ""),
])
def test_bad_texts_are_refused_with_what_is_allowed(text: str, key: str, field: str) -> None:
    before = dict(RULESETS)
    with pytest.raises(VariantError) as caught:
        parse_variant(text)
    assert caught.value.key == f"house.error.{key}" and caught.value.field == field
    assert str(caught.value) == str(caught.value.message) and "{" not in str(caught.value)
    assert dict(RULESETS) == before  # nothing changed


def test_players_follow_the_ruleset() -> None:
    v = Variant(RULESETS["buraco"], players=4)
    three = v.replace(partnerships=False, pots=0, out_needs_pot=False, pot_guard=False,
                      player_counts=(2, 3, 4), stock_end=RULESETS["buraco"].stock_end, players=3)
    assert three.players == 3 and parse_variant(three.text()) == three
    assert v.replace(player_counts=(2,)).players is None  # 4 no longer allowed: the table's default


def test_variants_work_without_docstrings() -> None:
    """The static site strips docstrings (python -OO): the variants and the panel still work there."""
    import subprocess
    import sys

    code = ("from buraco_core.variants import field_infos, parse_variant\n"
            "from buraco_widgets import HouseRules\n"
            "assert len(field_infos()) > 30 and field_infos()[1].group == 'Meld fields'\n"
            "assert parse_variant('buraco+target=1505;players=2').players == 2\n"
            "HouseRules('buraco+set_max_cards=4').edit('target', '1505')\n")
    subprocess.run([sys.executable, "-OO", "-c", code], check=True, timeout=120)
