"""The German catalog: complete, current, with the English's parameters; and the German notation."""

from __future__ import annotations

import re

import pytest

from buraco_core import messages, parse_card, parse_cards
from buraco_core.cards import card_text
from buraco_core.game import parse_action
from buraco_core.messages import LANGUAGES, catalog, parameters, render, translation_problems
from buraco_core.rules import RULESETS


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
                "Nachziehstapel": "Stapel", "Sequenz": "Folge", "Straße": "Folge", "Strasse": "Folge",
                "Drilling": "Satz", "Kombination": "Meldung", "Quelle": "Topf", "Tote": "Topf", "Pott": "Topf",
                "Korb": "Buraco", "Rausgehen": "Ausmachen", "rausgehen": "ausmachen", "Aktion": "Spielzug",
                "Deck": "Kartenspiel", "Coach": "Trainer", "Score": "Punkte", "Schutzregel": "Sperre",
                "Topf-Schutzregel": "Topfsperre", "Zielpunktzahl": "Ziel", "Nennwert": "Zahlenwert"}

#: One phrasing for one thing: a pattern another phrasing matches, and the course's phrasing.
_OTHER_PHRASES = {
    r"\brück(?:t|en|te)\b": "die wilde Karte wandert",
    r"\bGeben wandert|\bwandert das Geben": "das Geben geht weiter",
    r"\bnicht (?:gespielt|benutzt)\w*": "ein aufgenommener, aber nicht genutzter Topf",
    r"\bTopf\w*\b[^.;:]*\bgenommen|\bgenommen\w*\s+Topf": "den Topf aufnehmen (aufgenommen)",
    r"\bnicht ein(?:e|en|er|em|es)?\b": "kein, keine, keinen",
}


def test_the_german_catalog_says_each_thing_by_one_term() -> None:
    de, en = catalog("de"), catalog("en")
    for key, text in de.items():
        if (key.startswith("glossary.") and key.endswith((".names", "lookup-tip"))) or key.startswith("widget.lookup."):
            continue
        for other, term in _OTHER_NAMES.items():
            assert not re.search(rf"\b{other}\w*", text), f"{key}: „{other}“ where the course says „{term}“: {text}"
        for pattern, phrase in _OTHER_PHRASES.items():
            assert not re.search(pattern, text), f"{key}: the course says „{phrase}“: {text}"
        # the discard pile is the Ablagestapel: „Stapel“ alone is the stock
        if re.search(r"\bpile\b", en[key]) and not re.search(r"\bstock\b", en[key]) and not key.startswith("glossary.stock."):
            assert not re.search(r"\bStapel\b", text), f"{key}: „Stapel“ for the discard pile: {text}"


def test_a_sentence_built_from_parts_says_kein_not_nicht_ein() -> None:
    from buraco_core.game.actions import parse_action
    from buraco_core.teach.puzzles.explain import play_words

    kinds = ("clean", "semi-clean", "dirty", "royal", "ace-to-ace")
    for kind in kinds:
        for want in kinds:
            text = render("feedback.kind-is", "de", kind=messages.Message(f"teach.a-kind.{kind}"),
                          want=messages.Message(f"teach.a-kind.{want}"))
            assert not re.search(_NICHT_EIN, text), text
    for play in ("draw", "take", "meld 4h 5h 6h", "add 1 7h", "discard Kc", "next"):
        text = render("feedback.play-refused", "de", play=play_words(parse_action(play), 0), why="x")
        assert not re.search(_NICHT_EIN, text), text


_NICHT_EIN = r"\bnicht ein(?:e|en|er|em|es)?\b"


def test_a_task_is_a_sentence_with_its_article() -> None:
    """„Gesucht: Meldung.“ was a telegram: the task names what to make with its article."""
    from buraco_core.teach import Puzzle

    made = {}
    for kind in ("", "run", "set"):
        goal = {"meld_kind": kind} if kind else {}
        p = Puzzle(id="t", kind="make-meld", rules="buraco", hand=("4h", "5h", "6h", "9c", "9d", "9s"), goal=goal)
        from buraco_core.teach.puzzles.kinds import KINDS

        made[kind] = KINDS["make-meld"].prompt(p).text("de")
    assert "daraus eine Meldung." in made[""] and "daraus eine Folge." in made["run"] and "daraus einen Satz." in made["set"]
    assert not any("Gesucht" in text for text in made.values())


def test_the_german_glossary_finds_the_words_german_players_use() -> None:
    from buraco_core.teach.course.glossary import course_glossary

    terms = course_glossary("de")
    for word, term in [("Kombination", "meld"), ("Drilling", "set"), ("Straße", "run"), ("Nachziehstapel", "stock"),
                       ("Pott", "pot"), ("Korb", "buraco"), ("Rausgehen", "going-out"), ("Tote", "pot"),
                       ("Figur", "meld"), ("Gruppe", "set"), ("den Toten", "pot"), ("der Tote", "pot")]:
        found = terms.find(word)
        assert found and found[0].id == term, f"„{word}“ finds {[t.id for t in found]}, not {term}"


def test_the_german_lessons_say_each_thing_by_one_term() -> None:
    """In the lessons' German, another name stands only where the English cell names it too (the
    glossary page lists the names players use)."""
    from lesson_prose import SOURCES, prose

    assert SOURCES and all(prose(source) for source in SOURCES)     # the sources are read, cell by cell
    for source in SOURCES:
        for _line, cell in prose(source):
            english, german = cell.get("en", ""), cell.get("de", "")
            for other, term in _OTHER_NAMES.items():
                if re.search(rf"\b{other}\w*", german) and other not in english:
                    raise AssertionError(f"{source.name}: „{other}“ where the course says „{term}“")
            for pattern, phrase in _OTHER_PHRASES.items():
                found = re.search(pattern, german)
                assert not found, f"{source.name}: „{found.group(0) if found else ''}“ where the course says „{phrase}“"


# ------------------------------------------------------------------ a German learner is never stuck

def test_a_wild_card_stands_for_a_rank_in_the_learners_letters() -> None:
    """Feedback passed ``Meld.wild_label`` (English "Q") into German sentences; it passes the rank,
    with its article in a set ("JK steht für eine Dame", not "für D")."""
    from buraco_core import make_meld
    from buraco_core.teach import Puzzle, check

    queens = make_meld("Qc Qd JK", "buraco")
    assert messages.show(queens.wild_stands, "de") == "eine Dame" and messages.show(queens.wild_stands, "en") == "a queen"
    run = make_meld("9h 10h JK Qh", "buraco")
    assert messages.show(run.wild_stands, "de") == "B♥" and messages.show(run.wild_stands, "en") == "J♥"
    p = Puzzle(id="t", kind="make-meld", rules="buraco", hand=("Qc", "Qd", "JK", "5s"), goal={"wild": False})
    said = check(p, "Qc Qd JK").explain("de")
    assert "steht für eine Dame" in said and "für Q" not in said and "für D " not in said


def test_allowed_or_refused_is_read_in_the_words_the_question_asks_for() -> None:
    from buraco_core.teach import Puzzle, check
    from buraco_core.teach.puzzles.answers import read_bool

    assert render("answer.allowed-or-refused", "de") == "Antworte mit „erlaubt“ oder „nicht erlaubt“."
    assert [read_bool(w) for w in ("erlaubt", "Nicht erlaubt", "ja", "nein", "allowed", "refused")] == \
        [True, False, True, False, True, False]
    refused = Puzzle(id="t", kind="legal-play", rules="buraco", goal={"scenario": "pot-guard", "play": "meld 4h 5h 6h"})
    assert check(refused, "nicht erlaubt").correct and check(refused, "erlaubt").answered


def test_the_typed_play_reads_the_ends_the_lessons_name() -> None:
    """The lessons say the wild card goes to the lower end („unten“, „niedrig“) or the upper one."""
    for word in ("unten", "niedrig", "tief", "low"):
        assert str(parse_action(f"anlegen 2 7h {word}")) == "add 2 7h low"
    for word in ("oben", "hoch", "high"):
        assert str(parse_action(f"anlegen 2 7h {word}")) == "add 2 7h high"
    from lesson_prose import ROOT, prose

    lesson = "\n".join(cell.get("de", "") for _line, cell in prose(ROOT / "lessons" / "source" / "08_play.md"))
    plays = re.findall(r"anlegen \d+ \w+ \w+", lesson)
    assert plays, "lesson 08 shows how to type the end of a moving wild card"
    for play in plays:
        assert parse_action(play).wild_end in ("low", "high"), play  # type: ignore[union-attr]


def test_an_error_the_teaching_layer_catches_is_said_in_the_learners_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from buraco_core.errors import NotationError
    from buraco_core.teach import Puzzle, check
    from buraco_core.teach.puzzles.kinds import KINDS

    def broken(*_args: object) -> None:
        raise NotationError("notation.not-a-card", token="7x")

    monkeypatch.setattr(KINDS["make-meld"], "check", broken)
    fb = check(Puzzle(id="t", kind="make-meld", rules="buraco", hand=("4h",)), "4h")
    assert not fb.answered
    assert fb.explain("de") == render("teach.broken", "de", error=messages.Message("notation.not-a-card", {"token": "7x"}))
    assert "is not a card" not in fb.explain("de") and "is not a card" in fb.explain("en")


def test_a_widgets_guard_says_an_error_in_the_pages_language() -> None:
    from buraco_widgets._common import guard

    from buraco_core.rules import RULESETS, Rules

    shown: list[str] = []

    class Owner:
        lang = "de"

        def say(self, message: str) -> None:
            shown.append(message)

    def inconsistent() -> None:
        import dataclasses

        dataclasses.replace(RULESETS["buraco"], allow_sets=False, set_max_cards=4)

    guard(Owner().say, inconsistent)()
    assert shown[-1] == render("widget.went-wrong", "de", reason=render("house.problem.max-without-sets", "de"))
    guard(Owner().say, lambda: 1 // 0)()        # a bug: no English, no developer words on the page
    assert shown[-1] == render("widget.went-wrong", "de", reason=render("widget.unexpected", "de"))
    assert "division" not in shown[-1] and isinstance(RULESETS["buraco"], Rules)


def test_the_royal_buraco_is_all_thirteen_ranks_in_every_sentence() -> None:
    """The house panel called the royal buraco "ace to ace": the engine's royal is a clean run of
    thirteen cards, the ace-to-ace one of fourteen."""
    from buraco_core import RULESETS, make_meld

    royal = make_meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", RULESETS["fechado"])
    assert royal.buraco_type == "royal" and len(royal.cards) == 13
    for lang, thirteen, ace_to_ace in (("en", "thirteen", "ace to ace"), ("de", "dreizehn", "Ass bis Ass")):
        for key in ("house.field.royal_bonus.means", "clause.buraco-royal.text", "glossary.royal.text"):
            text = render(key, lang, value=500)
            assert thirteen in text and ace_to_ace not in text, f"{lang} {key}: {text}"


def test_a_progress_record_that_cannot_be_read_is_said_in_the_learners_language() -> None:
    from buraco_widgets import Progress

    from buraco_core.teach.learners.record import RecordError, read_record

    with pytest.raises(RecordError) as caught:
        read_record('{"format": "buraco-progress/2", "answers": [{"clause": "run"}]}')
    assert str(caught.value).startswith("answer 1: an answer lacks")            # str() stays English
    assert caught.value.message.text("de").startswith("Antwort 1: Einer Antwort fehlt")
    page = Progress(lang="de")
    page.import_text("nope")                     # neither a record nor a hand-in code
    assert page.message == render("widget.progress.not-imported", "de", error=messages.Message("handin.not-a-record"))
    assert "Fortschrittsdatei" in page.message and "not" not in page.message.split()


def test_a_royal_or_ace_to_ace_buraco_is_never_said_to_be_not_clean() -> None:
    """„Es ist ein königlicher Buraco – ein sauberer Buraco ist es nicht.“ taught a false rule: a royal
    buraco is clean, and only scored as the royal kind (issue 37, W1)."""
    for lang in LANGUAGES:
        for kind in ("royal", "ace-to-ace"):
            text = render("feedback.kind-is", lang, kind=messages.Message(f"teach.a-kind.{kind}"),
                          want=messages.Message("teach.a-kind.clean"))
            assert not re.search(r"ist es nicht|kein sauberer|is not (?:a )?clean|not a clean one", text), text
    assert render("feedback.kind-is", "de", kind=messages.Message("teach.a-kind.royal"),
                  want=messages.Message("teach.a-kind.clean")) == \
        "gewertet wird er als ein königlicher Buraco, nicht als ein sauberer Buraco."


def test_the_glossary_says_what_the_piles_are_and_when_the_stock_ends() -> None:
    """M2: „darfst du ihn aufnehmen“ had the stock as its nearest antecedent; M3: the stock's end
    left out that a pot nobody took becomes the stock first (Italian Burraco, Buraco Fechado)."""
    assert "darfst du den Ablagestapel aufnehmen" in render("glossary.discard-pile.text", "de")
    assert "you may take the discard pile" in render("glossary.discard-pile.text", "en")
    for lang, pot in (("de", "zum Stapel"), ("en", "becomes the stock")):
        assert pot in render("glossary.stock.text", lang)
    for lang, must in (("de", "musst du in diesem Zug auslegen"), ("en", "you must meld the deepest")):
        assert must in render("compare.take-any", lang)                                   # M9


def test_a_predicted_wild_card_of_a_new_meld_does_not_move() -> None:
    """„wandert“ is the course's word for [wild-moves]; in a meld laid anew nothing moves (M1)."""
    for outcome in ("gap", "low", "high"):
        assert "wandert" not in render(f"outcome.predict.{outcome}", "de")
        assert "moves" not in render(f"outcome.predict.{outcome}", "en")


#: The review's awkward and typography findings (2026-12-05), fixed: key, parameters, what the sentence
#: now says, what it said.
_REVIEWED = [
    ("meld.run-suit-extend", {"suit": messages.Message("suit.h"), "card": parse_card("Kc")},
     "das ist eine Herz-Folge: K♣ passt nicht hinein", "ganz in"),                                   # A15
    ("coach.discard-sheds", {"points": 10}, "damit hast du 10\u00a0Punkte weniger auf der Hand", "nimmt"),  # A16
    ("illegal.top-card-no-finish", {"card": parse_card("7h"), "reason": "x"}, "noch beenden könntest", "kannst"),
    ("hint.here.play-dig", {"card": parse_card("Kc")}, "Sieh dir K♣ an, die Karte, bis zu der", "an, bis zu der"),
    ("feedback.predict.no-semi-clean", {"rules": "x"}, "ganz gleich, wo", "wo auch immer"),
    ("feedback.slip.pot-unused-once", {"n": 100}, "nur einmal abgezogen", "werden einmal"),
    ("widget.game.choose-end", {}, "an jedes der beiden Enden dieser Meldung wandern", "an beide Enden dieser Meldung:"),
    ("widget.solved-shown", {}, "wurde schon gezeigt", "war schon gezeigt"),
    ("coach.discard-wild", {"card": parse_card("2c")}, "Behältst du sie, kann sie", "Behalten, kann"),
    ("coach.wild-lay", {"card": parse_card("2c"), "second": "x"}, "hält die Suche das für besser", "findet"),
    ("coach.draw", {"card": parse_card("8s")}, "passt zu keiner deiner Karten", "von dir"),
    ("house.field.tie.draw", {}, "Bei Gleichstand endet die Partie unentschieden.", "bleibt"),
    ("mastery.level.weak", {}, "zuletzt falsch: noch einmal ansehen", "verfehlt"),
    ("feedback.slip.unused-missed", {"rules": "x", "points": 100}, "bevor der Spieler, der abgeworfen hat,", "dieser Spieler"),
    ("fact.pot-unused", {}, "bevor der Spieler, der abgeworfen hat,", "dieser Spieler"),                 # A13
    ("handin.copy-failed", {}, "(Strg+C oder ⌘C auf einem Mac)", "Strg+C, oder"),                          # T9
    ("outcome.predict.clean-meld", {}, "Noch kein Buraco und ohne wilde Karte.", "Buraco, und"),
    ("house.field.target.none", {}, "(Expressspiel)", "Schnellpartie"),
    ("hint.here.run", {"suit": messages.Message("suit.h"), "ace": ""}, "deine Herzkarten an: Welche", "Herz-Karten"),  # T10, T1
    ("glossary.names", {"names": messages.Message("glossary.meld.names")}, "Andere Namen: Kombination oder Figur.",
     "Namen: auch"),
    ("coach.puzzle-wrong", {"play": "x", "points": 74, "why": "y"}, "weniger als die beste Wahl (y)", "Wahl hier"),  # A10
    ("hint.here.which", {"wilds": messages.Message("hint.here.which-none")}, "Hier gibt es keine wilde Karte: Sind",
     "Ist jede davon"),                                                                                   # A19
    ("feedback.bonus-left-out", {"kind": messages.Message("buraco-kind.dirty")},
     "aber den Bonus für den schmutzigen Buraco weggelassen", "(schmutzig)"),                            # old #35
    ("feedback.and-bonus", {"kind": messages.Message("buraco-kind.ace-to-ace")},
     "Dann zähle den Bonus für den Ass-bis-Ass-Buraco dazu.", "des Buracos"),
    ("classroom.level.weak", {}, "zuletzt falsch beantwortet", "verfehlt"),                              # old #28
    ("classroom.learners.weak", {}, "Zuletzt falsch beantwortet", "verfehlt"),
    ("classroom.map.chip", {"rule": "x", "mastered": 1, "learning": 2, "weak": 3, "new": 4},
     "3 zuletzt falsch beantwortet", "verfehlt"),
    ("compare.row.discard pile seen", {}, "Ablagestapel sichtbar", "vom Ablagestapel"),                  # old #37
    ("compare.seen-whole", {}, "ganz", "der ganze Ablagestapel"),
    ("house.field.player_counts.label", {}, "Spieler am Tisch", "Tische mit"),                          # old #47
    ("explain.add", {"cards": "7♥", "n": 1, "old": "4♥ 5♥ 6♥", "new": "4♥ 5♥ 6♥ 7♥"},
     "7♥ ergänzt 4♥ 5♥ 6♥ zu 4♥ 5♥ 6♥ 7♥.", "kommt an"),                                                  # old #36
    ("feedback.lacks-royal", {"n": 12}, "deine Folge enthält 12 der dreizehn Ränge", "Ränge der dreizehn"),
    ("feedback.slip.wild-as-clean", {"label": "3♠–10♠", "wild": "JK", "stands": "3♠"},
     "enthält eine wilde Karte (JK steht für 3♠), und ein Buraco", "JK für 3♠:"),
    ("feedback.line-sign", {"label": messages.Message("score-line.in-hand"), "points": "-15"},
     "du hast die Zeile „Karten auf der Hand“ mit dem falschen Vorzeichen gezählt; richtig ist −15.",
     "Karten auf der Hand ist"),
    ("compare.not-a-meld", {"error": "nur Folgen"}, "keine Meldung: nur Folgen", "Buraco"),           # T11: the row names it
    ("coach.puzzle-wrong", {"play": "x", "points": 74, "why": messages.Message("coach.reason-then", {"first": "a, b",
                                                                                              "then": "c"})},
     "als die beste Wahl (a, b; c).", "b, c"),                                                           # A10
    ("hint.here.run-buraco", {"suit": messages.Message("suit.c"), "ace": "", "n": 7, "wild": ""},
     "Sieh dir deine Kreuzkarten an", "Kreuz-Karten"),                                                   # T10's rest
    ("hint.here.run-wild", {"suit": messages.Message("suit.h"), "ace": "", "wild": "JK"},
     "Sieh dir deine Herzkarten und", "Herz-Karten"),
    ("feedback.other-values", {"other": RULESETS["brazilian"], "rules": RULESETS["buraco"]},
     "die Kartenwerte des Brasilianischen Buraco, nicht die des Klassischen Buraco", "im Regelwerk"),  # A14's rest
]


@pytest.mark.parametrize(("key", "params", "now", "before"), _REVIEWED, ids=[r[0] for r in _REVIEWED])
def test_the_reviews_awkward_german_is_fixed(key: str, params: dict[str, object], now: str, before: str) -> None:
    text = render(key, "de", **params)
    assert now in text and before not in text, text
