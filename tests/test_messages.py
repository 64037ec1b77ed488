"""The message catalog: keys, parameters, plurals, nesting, and that every key the code names
is in the catalog (and every sentence of the catalog is used)."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

from buraco_core import RULESETS, Message, message, parse_card, parse_cards
from buraco_core.messages import catalog, parameters, render, show

ROOT = Path(__file__).resolve().parent.parent


def test_a_message_renders_its_parameters_in_the_catalog_sentence() -> None:
    m = message("illegal.not-holding", card=parse_card("7h"))
    assert str(m) == m.text("en") == "you do not hold 7♥"
    assert m.key == "illegal.not-holding" and dict(m.params) == {"card": parse_card("7h")}


def test_plurals_pick_the_form_and_hash_stands_for_the_number() -> None:
    assert render("hand.cards", n=1) == "1 card"
    assert render("hand.cards", n=0) == "0 cards"
    assert render("meld.gaps-no-wild", gaps=1).endswith("these leave a gap, and there is no wild card to fill it")
    assert "these leave 3 gaps" in render("meld.gaps-no-wild", gaps=3)


def test_messages_nest_and_values_show_as_a_learner_reads_them() -> None:
    inner = message("illegal.no-way-to-meld", card=parse_card("Ks"))
    outer = message("illegal.dig-must-meld", card=parse_card("Ks"), reason=inner)
    assert str(outer).endswith(": there would be no legal way left to meld the K♠ you took")
    assert show(parse_cards("4h 5h JK")) == "4♥ 5♥ JK"
    assert show(RULESETS["fechado"]) == "Buraco Fechado"


def test_messages_are_values() -> None:
    a = message("illegal.not-holding", card=parse_card("7h"))
    b = Message("illegal.not-holding", {"card": parse_card("7h")})
    assert a == b and hash(a) == hash(b) and a != message("illegal.not-holding", card=parse_card("8h"))
    assert pickle.loads(pickle.dumps(a)) == a
    with pytest.raises(TypeError):
        a.params["card"] = parse_card("8h")  # type: ignore[index]


def test_an_unknown_key_or_a_missing_parameter_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match=r"no message 'illegal\.nothing'"):
        message("illegal.nothing")
    with pytest.raises(KeyError, match="needs a parameter 'card'"):
        str(Message("illegal.not-holding"))
    with pytest.raises(KeyError, match="no catalog for language 'xx'"):
        Message("illegal.match-over").text("xx")


def test_parameters_lists_what_a_sentence_names() -> None:
    assert parameters(catalog()["illegal.dig-copy"]) == {"seen", "card", "copy"}


# --------------------------------------------------------------------------- keys in the code

_KEY = re.compile(r"""["']((?:[a-z0-9-]+\.)+[a-z0-9-]+)["']""")
_DYNAMIC = ("ruleset.", "suit.", "rank.", "card.letter.", "notation.verb.", "notation.also.", "compare.", "language.", "clause.", "buraco-kind.", "meld.kind.", "number.", "section.",
            "teach.a-kind.", "prompt.a-", "outcome.play.", "outcome.predict.", "feedback.outcome.", "feedback.predict.why-",
            "feedback.predict.new-", "fact.tie-", "fact.stock-end-", "widget.kind.", "widget.progress.",
            "widget.feedback.", "puzzle.", "glossary.", "cheat.part.", "mastery.level.", "mastery.mark.",
            "house.field.", "house.problem.", "house.error.", "house.group.", "svg.a-rank.", "record.",
            "classroom.level.", "classroom.mark.", "widget.game.how.")
"""Keys the code builds from a value (``f"suit.{s}"``): checked through those values below."""


def _source_keys() -> set[str]:
    prefixes = {key.split(".")[0] for key in catalog()}
    keys = set()
    for path in [*(ROOT / "buraco_core").rglob("*.py"), *(ROOT / "widgets").rglob("*.py"), ROOT / "scripts" / "lessons.py",
                 ROOT / "scripts" / "build_site.py"]:
        for key in _KEY.findall(path.read_text(encoding="utf-8")):
            if key.split(".")[0] in prefixes and not key.endswith((".py", ".md", ".toml", ".json", ".js", ".css", ".ipynb", ".html")):
                keys.add(key)
    return keys


def test_every_key_the_code_names_is_in_the_catalog() -> None:
    keys = _source_keys()
    assert keys, "no catalog keys found in the code"
    missing = sorted(k for k in keys if k not in catalog())
    assert not missing, f"keys named in the code but not in the catalog: {missing}"


def test_every_sentence_of_the_catalog_is_used() -> None:
    used = _source_keys()
    unused = sorted(k for k in catalog() if k not in used and not k.startswith(_DYNAMIC))
    assert not unused, f"catalog sentences nothing uses: {unused}"


def test_the_dynamic_keys_exist_for_every_value_the_code_builds_them_from() -> None:
    from buraco_core.cards import RANK_NAMES, SUITS
    from buraco_core.clauses import CLAUSES, SECTIONS

    cat = catalog()
    for name in RULESETS:
        assert f"ruleset.{name}" in cat
    for s in SUITS:
        assert f"suit.{s}" in cat
    for r in [0, *RANK_NAMES]:
        assert f"rank.one.{r}" in cat and f"rank.many.{r}" in cat
    for c in CLAUSES:
        assert f"clause.{c}.title" in cat and f"clause.{c}.text" in cat
    for s in SECTIONS:
        assert f"section.{s}" in cat
    for kind in ("clean", "semi-clean", "dirty", "royal", "ace-to-ace"):
        assert f"buraco-kind.{kind}" in cat
    for kind in ("run", "set"):
        assert f"meld.kind.{kind}" in cat
    for r in RANK_NAMES:  # what a wild card in a set stands for (buraco_core/svg.py)
        assert f"svg.a-rank.{r}" in cat
    from buraco_core.teach.learners.classroom import LEVELS

    for level in LEVELS:  # the class's map (buraco_core/teach/learners/classroom.py)
        assert f"classroom.level.{level}" in cat and f"classroom.mark.{level}" in cat
    from buraco_widgets.game_board import HOW_BUTTONS

    for how, buttons in HOW_BUTTONS.items():  # how to make the play a refusal asks for (the game table)
        assert f"illegal.{how}" in cat and all(f"widget.game.{b}" in cat for b in buttons)
        assert f"widget.game.how.{how}-typed" in cat and f"widget.game.how.{how}-button" in cat
    assert not [k for k in cat if k.startswith("widget.game.how.")
                and k.removeprefix("widget.game.how.").rsplit("-", 1)[0] not in HOW_BUTTONS]


def test_every_sentence_formats_with_its_own_parameters() -> None:
    """No sentence is malformed: each renders when given every parameter it names."""
    for key, template in catalog().items():
        params = {name: 2 for name in parameters(template)}
        assert isinstance(render(key, "en", **params), str), key


def test_the_teaching_keys_exist_for_every_value_they_are_built_from() -> None:
    from buraco_widgets.feedback import _texts
    from buraco_widgets.progress import _TEXTS

    from buraco_core.rules import StockEnd, Tie
    from buraco_core.teach import KINDS
    from buraco_core.teach.puzzles.kinds.outcome import OUTCOMES
    from buraco_core.teach.puzzles.kinds.predict import KIND_OUTCOMES, WILD_OUTCOMES

    cat = catalog()
    for kind in ("clean", "semi-clean", "dirty", "royal", "ace-to-ace"):
        assert f"teach.a-kind.{kind}" in cat
    for o in OUTCOMES:
        assert f"outcome.play.{o}" in cat
        assert f"feedback.outcome.{o}" in cat or o == "refused"
    for o in (*WILD_OUTCOMES, *KIND_OUTCOMES):
        assert f"outcome.predict.{o}" in cat
        assert o == "hand" or f"feedback.predict.why-{o}" in cat
    for o in ("natural", "gap", "low", "high"):
        assert f"feedback.predict.new-{o}" in cat
    for tie in Tie:
        assert f"fact.tie-{tie.value}" in cat
    for end in StockEnd:
        assert f"fact.stock-end-{end.value}" in cat
    for kind in KINDS:
        assert f"widget.kind.{kind}" in cat
    for key in _TEXTS:
        assert f"widget.progress.{key}" in cat
    assert _texts("en")


def test_every_puzzle_sentence_belongs_to_a_puzzle_of_the_lessons() -> None:
    """[puzzle.<file>.<id>] holds the prompt and hint of a lesson's puzzle: every entry belongs to
    a puzzle that reads it (a puzzle that has its own prompt in its file does not)."""
    import yaml

    used = set()
    for path in sorted((ROOT / "lessons" / "puzzles").glob("*.yaml")):
        for p in yaml.safe_load(path.read_text(encoding="utf-8"))["puzzles"]:
            for part in ("prompt", "hint"):
                if part not in p:
                    used.add(f"puzzle.{path.stem}.{p['id']}.{part}")
    keys = {k for k in catalog() if k.startswith("puzzle.")}
    assert keys, "no puzzle sentences"
    assert keys <= used, f"sentences of no puzzle: {sorted(keys - used)}"


def test_a_catalogs_table_is_kept_as_json_and_read_again_only_while_its_toml_is_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every kernel reads both catalogs before a lesson's first answer: the table TOML reads is kept
    as JSON (quick to read), named by the TOML text's stamp, so an edited catalog is read again."""
    import tomllib

    import buraco_core.messages as messages

    toml = (Path(messages.__file__).parent / "en.toml").read_text(encoding="utf-8")
    monkeypatch.setattr(messages, "_KEPT", tmp_path)
    assert messages._table("en", write=False) == tomllib.loads(toml) and not list(tmp_path.iterdir())
    stale = tmp_path / "en.toml.0000000000000000.json"
    stale.write_text('{"stale": "yes"}', encoding="utf-8")
    assert messages._table("en", write=False) == tomllib.loads(toml)  # another stamp: not used
    messages.keep_tables()
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert len(kept) == 2 and not stale.exists() and all(re.fullmatch(r"(en|de)\.toml\.[0-9a-f]{16}\.json", k) for k in kept)
    # read from the JSON now: what it holds is what the catalog gets
    [english] = tmp_path.glob("en.toml.*.json")
    english.write_text('{"kept": "read from here"}', encoding="utf-8")
    assert messages._table("en") == {"kept": "read from here"}
