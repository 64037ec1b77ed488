"""The German catalog: complete, current, with the English's parameters; and the German notation."""

from __future__ import annotations

import re

import pytest

from buraco_core import messages, parse_card, parse_cards
from buraco_core.cards import card_text
from buraco_core.game import parse_action
from buraco_core.messages import LANGUAGES, catalog, parameters, render, translation_problems


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_sentence_has_a_current_translation_with_the_same_parameters(lang: str) -> None:
    problems = translation_problems(lang)
    assert not problems, "\n".join(problems[:40])


def test_a_missing_a_stale_and_a_mismatched_translation_are_each_found(monkeypatch: pytest.MonkeyPatch) -> None:
    english = {"a.one": "one {card}", "a.two": "two", "a.three": "{n:card|cards}", "a.four": "four"}
    german = {"a.one": "eine {karte}", "a.three": "{n} Karten", "a.four": "vier", "a.five": "fünf"}
    stamps = {k: messages.source_stamp(v) for k, v in english.items()} | {"a.four": messages.source_stamp("old four")}
    monkeypatch.setattr(messages, "catalog", lambda lang="en": english if lang == "en" else german)
    monkeypatch.setattr(messages, "source_stamps", lambda lang: stamps)
    problems = "\n".join(translation_problems("de"))
    assert "a.two: no de sentence" in problems
    assert "a.one: parameters differ" in problems
    assert "a.three: plural choices differ" in problems
    assert "a.four: translated from another English sentence" in problems
    assert "a.five: the English catalog has no such sentence" in problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_of_every_language_formats_with_its_own_parameters(lang: str) -> None:
    for key, template in catalog(lang).items():
        params = {name: 2 for name in parameters(template)}
        assert isinstance(render(key, lang, **params), str), key


# words that are the same in both languages, or names: a German sentence equal to its English one is
# otherwise a sentence nobody translated
_SAME = re.compile(r"^(|[-–{}#:|,.()=+ 0-9A-Z♠♥♦♣✓◀▶]*|.*\{.*\}.*|Burraco|Buraco Fechado|Buracos|Joker|Quiz|"
                   r"Team|Partner|Bonus|Start|[A-Z]|JK)$")


def test_no_german_sentence_is_left_in_english() -> None:
    en, de = catalog("en"), catalog("de")
    autonyms = {f"language.{lang}" for lang in LANGUAGES}      # each language is named in its own words
    same = [k for k in en if de.get(k) == en[k] and not _SAME.match(en[k]) and re.search(r"[a-z]{3,}", en[k])
            and k not in autonyms]
    assert not same, f"German sentences still in English: {same}"


def test_german_cards_are_written_and_read_with_german_rank_letters() -> None:
    assert [card_text(c, "de") for c in parse_cards("Jh Qs Kc Ad 10c JK")] == ["B♥", "D♠", "K♣", "A♦", "10♣", "JK"]
    assert parse_card("Bh") == parse_card("Jh") and parse_card("d♠") == parse_card("Qs")
    assert render("play-words.discard", "de", card=parse_card("Qh")).count("D♥") == 1
    assert str(parse_card("Dd")) == "Q♦"          # str() stays English


def test_german_verbs_are_read_as_the_english_actions() -> None:
    for german, english in [("ziehen", "draw"), ("nehmen", "take"), ("nehmen 5h 2", "take 5h 2"),
                            ("melden Bh Dh Kh", "meld Jh Qh Kh"), ("anlegen 2 7h", "add 2 7h"),
                            ("anlegen 1:3 JK hoch", "add 1:3 JK high"), ("abwerfen Dc", "discard Qc"),
                            ("weiter", "next")]:
        assert str(parse_action(german)) == english


def test_a_german_notation_error_is_german() -> None:
    from buraco_core.errors import NotationError

    with pytest.raises(NotationError) as caught:
        parse_action("abwerfen 1h")
    assert "abwerfen" in caught.value.message.text("de")
    assert "discard" in str(caught.value)                 # str() stays English


#: Words German Buraco pages also use for a thing the course has one term for: the glossary names
#: them (``glossary.<term>.names``, and its search box's tip), nowhere else may they stand in.
_OTHER_NAMES = {"Talon": "Stapel", "Abwurfstapel": "Ablagestapel", "Abwurf": "abgeworfene Karte",
                "Sequenz": "Folge", "Straße": "Folge", "Strasse": "Folge", "Drilling": "Satz",
                "Kombination": "Meldung", "Quelle": "Topf", "Tote": "Topf", "Pott": "Topf", "Aktion": "Spielzug",
                "Deck": "Kartenspiel", "Coach": "Trainer", "Score": "Punkte"}


def test_the_german_catalog_says_each_thing_by_one_term() -> None:
    de = catalog("de")
    for key, text in de.items():
        if (key.startswith("glossary.") and key.endswith((".names", "lookup-tip"))) or key.startswith("widget.lookup."):
            continue
        for other, term in _OTHER_NAMES.items():
            assert not re.search(rf"\b{other}\w*", text), f"{key}: „{other}“ where the course says „{term}“: {text}"


def test_the_german_lessons_say_each_thing_by_one_term() -> None:
    """In the lessons' German, another name stands only where the English cell names it too (the
    glossary page lists the names players use)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for source in sorted((root / "lessons" / "source").glob("*.md")):
        cells: list[dict[str, list[str]]] = []
        part = None
        for line in source.read_text(encoding="utf-8").splitlines():
            if line.startswith("%% "):
                part = line[3:].strip()
                if part in ("markdown", "code"):
                    cells.append({})
            elif cells and part in ("en", "de"):
                cells[-1].setdefault(part, []).append(line)
        for cell in cells:
            english, german = "\n".join(cell.get("en", [])), "\n".join(cell.get("de", []))
            for other, term in _OTHER_NAMES.items():
                if re.search(rf"\b{other}\w*", german) and other not in english:
                    raise AssertionError(f"{source.name}: „{other}“ where the course says „{term}“")
