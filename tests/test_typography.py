"""Typography by rule (buraco_core.messages.typography): each German rule on its own, on real
catalog sentences, and English kept as written."""

from __future__ import annotations

import re

import pytest

from buraco_core import make_meld, parse_card
from buraco_core.messages import LANGUAGES, Message, catalog, format_number, render, typeset
from buraco_core.messages.typography import MINUS, NBSP


def de(text: str) -> str:
    return typeset(text, "de")


# --------------------------------------------------------------------------- numbers and minus

def test_a_number_parameter_is_grouped_and_signed_the_german_way() -> None:
    assert format_number(1000, "de") == "1.000" and format_number(2005, "de") == "2.005"
    assert format_number(999, "de") == "999" and format_number(-100, "de") == MINUS + "100"
    assert format_number(-12500, "de") == MINUS + "12.500" and format_number(20, "de", signed=True) == "+20"
    assert format_number(12.5, "de") == "12,5" and format_number(0, "de", signed=True) == "0"
    assert render("table.team-points", "de", team="Team 1", n=-1200) == f"Team 1: {MINUS}1.200{NBSP}Punkte"
    assert render("table.team-points", "de", team="Team 1", n=1005).endswith(f"1.005{NBSP}Punkte")  # in a plural too


def test_a_hyphen_standing_for_a_minus_becomes_the_minus_sign() -> None:
    assert render("answer.number", "de") == f"Gib eine ganze Punktzahl ein, etwa 165 oder {MINUS}20."
    assert de("100 - 20 = 80") == f"100 {MINUS} 20 = 80"
    assert de("(-100)") == f"({MINUS}100)" and de("3-mal") == "3-mal" and de("A-2-3") == "A-2-3"


def test_literal_numbers_of_the_german_catalog_are_grouped() -> None:
    """A number the catalog writes itself is written the German way; the typed examples of a
    variant's text (``target=1505``) stay as they are typed."""
    for key, text in catalog("de").items():
        for number in re.findall(r"(?<![=\d.-])\d{4,}(?![\d.-])", text):
            raise AssertionError(f"{key}: {number} is written without its thousands point: {text}")


# --------------------------------------------------------------------------- ellipsis, dashes, spaces

def test_the_ellipsis_is_one_character_and_keeps_its_space() -> None:
    assert de("A, 2, ..., K, A") == "A, 2, …, K, A"
    assert de("Löschen…") == f"Löschen{NBSP}…" and de("am Zug …") == f"am Zug{NBSP}…"
    assert render("widget.progress.clear", "de") == f"Löschen{NBSP}…"
    assert "..." not in render("clause.run-places.text", "de") and "…" in render("clause.run-places.text", "de")


def test_a_range_has_an_en_dash_and_a_sequence_keeps_its_hyphens() -> None:
    assert de("Ränge 2-10") == "Ränge 2–10" and de("4♥-10♥") == "4♥–10♥" and de("B♥-K♥") == "B♥–K♥"
    assert de("(A-2-3) oder (D-K-A), nie K-A-2") == "(A-2-3) oder (D-K-A), nie K-A-2"
    assert de("Ass-bis-Ass-Folge, Pik-Zwei, A4-Seiten") == "Ass-bis-Ass-Folge, Pik-Zwei, A4-Seiten"
    meld = make_meld("4h 5h 6h 7h 8h 9h 10h", "buraco")
    assert meld.describe("de").startswith("Folge 4♥–10♥") and meld.describe("en").startswith("run 4♥-10♥")


def test_abbreviations_and_units_are_held_together() -> None:
    assert de("z. B. target=1505") == f"z.{NBSP}B. target=1505" and de("z.B.") == f"z.{NBSP}B."
    assert de("d. h. so") == f"d.{NBSP}h. so"
    assert de("100 Punkte, 11 Karten, in 3 Tagen, 500 Bonuspunkte") == \
        f"100{NBSP}Punkte, 11{NBSP}Karten, in 3{NBSP}Tagen, 500{NBSP}Bonuspunkte"
    assert de("4 Spieler") == "4 Spieler"
    assert f"z.{NBSP}B." in render("house.error.empty", "de")


def test_an_apostrophe_is_typographic() -> None:
    assert de("Weiter geht's") == "Weiter geht’s"


# --------------------------------------------------------------------------- the capital after a colon

def test_a_full_sentence_after_a_colon_begins_with_a_capital() -> None:
    refused = Message("explain.refused", {"why": Message("illegal.stock-empty")})
    assert refused.text("de") == "Nicht erlaubt: Der Stapel ist leer."
    assert refused.text("en") == "Refused: the stock is empty."      # English keeps its lower case
    assert de("Nein: die Regeln erlauben das.") == "Nein: Die Regeln erlauben das."
    assert de("Hier ist deine Variante: kopiere den Text") == "Hier ist deine Variante: Kopiere den Text"
    assert de("falls es eine gibt: wo steht sie?") == "falls es eine gibt: Wo steht sie?"
    inner = Message("illegal.no-way-to-meld", {"card": parse_card("Ks")})
    outer = Message("illegal.dig-must-meld", {"card": parse_card("Ks"), "reason": inner})
    assert outer.text("de").endswith(": Danach gäbe es keinen erlaubten Weg mehr, die aufgenommene Karte K♠ auszulegen")
    # T1: a sentence whose first word is a verb, a preposition or an adverb (the review's examples)
    for fragment, capital in [("ergibt sie mit Karten deiner Hand eine Meldung?", "Ergibt"),
                              ("fehlt zwischen ihnen ein Platz?", "Fehlt"),
                              ("aus 3♥ 4♥ JK 6♥ 7♥ wird eine Folge.", "Aus"),
                              ("von 7♠ gibt es nur zwei.", "Von"), ("dort kann JK nicht bleiben.", "Dort"),
                              ("auf dem Tisch liegen die Meldungen 1 bis 3.", "Auf")]:
        assert de("Sieh hin: " + fragment) == "Sieh hin: " + capital + fragment[len(capital):]


def test_a_fragment_after_a_colon_stays_small() -> None:
    assert de("Richtig: erlaubt.") == "Richtig: erlaubt."
    assert de("Deine nächste Wiederholung: in 3 Tagen") == f"Deine nächste Wiederholung: in 3{NBSP}Tagen"
    assert de("Folgen: wird gelernt") == "Folgen: wird gelernt"
    assert de("schreib eine dieser Eingaben: ziehen, nehmen") == "schreib eine dieser Eingaben: ziehen, nehmen"
    assert de("anlegen 1:3 7h") == "anlegen 1:3 7h"
    # T2: a fragment that begins with an article stays small (the review's examples)
    assert de("Sag, was du tun willst: den Ablagestapel aufnehmen.") == \
        "Sag, was du tun willst: den Ablagestapel aufnehmen."
    assert de("Du hast eine Zeile weggelassen: die erste Karte des Ablagestapels, -1.") == \
        f"Du hast eine Zeile weggelassen: die erste Karte des Ablagestapels, {MINUS}1."
    assert de("Wohin geht die Karte: in die eine Lücke, wenn es eine gibt") == \
        "Wohin geht die Karte: in die eine Lücke, wenn es eine gibt"
    assert de("raus: wir, oder raus: keiner") == "raus: wir, oder raus: keiner"


# --------------------------------------------------------------------------- one place, every sentence

def test_english_is_kept_as_written() -> None:
    for key, text in catalog("en").items():
        assert typeset(text, "en") == text, key
    assert format_number(-1000, "en") == "-1000"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_typesetting_is_applied_once_and_is_stable(lang: str) -> None:
    for key, text in catalog(lang).items():
        once = typeset(text, lang)
        assert typeset(once, lang) == once, key


def test_the_widgets_templates_get_the_same_typography() -> None:
    from buraco_widgets._common import template

    assert template("widget.progress.clear", "de") == f"Löschen{NBSP}…"
    assert template("widget.progress.clear", "en") == catalog("en")["widget.progress.clear"]


def test_a_question_that_ends_a_part_takes_no_period_after_it() -> None:
    """T3: „…, dann deine wilde Karte, 2♠: Wo darf sie stehen?.“ (hint.here.run-buraco with buraco-wild)."""
    for lang in ("de", "en"):
        text = render("hint.here.run-buraco", lang, suit=Message("suit.s"), ace="", n=7,
                      wild=Message("hint.here.buraco-wild", {"wild": parse_card("2s")}))
        assert text.endswith("?") and "?." not in text, text
    assert typeset("Noch eine Karte. Fertig?", "de") == "Noch eine Karte. Fertig?"
