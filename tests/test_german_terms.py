"""One German word per concept (issue 37, the German review's A6 and A7): „Aufgabe“ is a puzzle,
never the teacher's assignment („Übungsblatt“); „Trainer“ is the coach, never the app („Kurs“,
„Programm“). Checked on the learner's sentences of the catalog and on the German lessons."""

from __future__ import annotations

import json
import re
from pathlib import Path

from buraco_core.messages import catalog

ROOT = Path(__file__).resolve().parent.parent
#: the teacher's sections, which another page words (the teacher's „Sie“ pages)
TEACHERS = ("classroom.", "teacher.", "assign.", "handin.", "report.")
ASSIGNMENT = re.compile(r"(?i)assignment")
PUZZLE_WORD = re.compile(r"Aufgabe(?!ndatei)")


def _learners() -> list[tuple[str, str, str]]:
    en, de = catalog("en"), catalog("de")
    return [(k, en.get(k, ""), v) for k, v in de.items() if not k.startswith(TEACHERS)]


def test_an_assignment_is_an_uebungsblatt_not_an_aufgabe() -> None:
    wrong = [f"{k}: {de}" for k, en, de in _learners() if ASSIGNMENT.search(en) and PUZZLE_WORD.search(de)]
    assert wrong == []


def test_the_trainer_is_the_coach_not_the_app() -> None:
    """„Dieser Trainer liest …“ (the app) beside „Der Trainer schlägt vor“ (the coach)."""
    wrong = [f"{k}: {de}" for k, en, de in _learners() if "Trainer" in de and "coach" not in en.casefold()]
    assert wrong == []


def test_the_german_lessons_keep_the_two_words_apart() -> None:
    """In the lessons' prose an assignment is an „Übungsblatt“, and a refused play is refused by
    the program, not the coach (lesson 08 said „Wird ein Spielzug abgelehnt, sagt der Trainer“)."""
    wrong = []
    for notebook in sorted((ROOT / "lessons" / "de").glob("*.ipynb")):
        if notebook.stem == "teacher":
            continue
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            text = " ".join("".join(cell["source"]).split())
            if cell["cell_type"] != "markdown":
                continue
            for sentence in re.split(r"(?<=[.:;!?])\s", text):
                if "Lehrkraft" in sentence and PUZZLE_WORD.search(sentence) and "Link" in sentence:
                    wrong.append(f"{notebook.stem}: {sentence}")
                if "Trainer" in sentence and "abgelehnt" in sentence:
                    wrong.append(f"{notebook.stem}: {sentence}")
    assert wrong == []


def test_a_meld_is_named_as_german_names_it_without_colon_chains() -> None:
    """A8, A9, A11: „Satz Siebenen (3 Karten)“, „Du legst 9♥ 9♦ 9♣ aus: Neunen (3 Karten)
    (Meldung 1).“, „Zähl die 8 Karten von Neunen (8 Karten) einzeln“, „Das ist eine Meldung:
    Folge 3♥–5♥: 15 Punkte“ and „Du darfst … aufnehmen: Du darfst … aufnehmen (3 Karten), denn …,
    weil …“ (the catalog's forms of a meld's label, buraco_core/messages/grammar.py)."""
    from buraco_core import make_meld
    from buraco_core.messages import Message, render

    sevens, nines = make_meld("7s 7h 7d", "buraco"), make_meld("9h 9d 9c", "buraco")
    assert sevens.describe("de") == "Satz aus 3 Siebenen (15\u00a0Punkte)"
    assert make_meld("3h 4h 5h", "buraco").describe("de") == "Folge 3♥–5♥ (15\u00a0Punkte)"
    assert make_meld("4h 5h 6h 2s 8h 9h 10h", "buraco").describe("de") == \
        "Folge 4♥–10♥, 2♠ steht für 7♥ (schmutziger Buraco: 65 + 100 = 165\u00a0Punkte)"
    assert render("narrate.meld", "de", player=Message("table.you"), cards=nines.cards,
                  label=nines.label_message, meld=1) == "Du legst 9♥ 9♦ 9♣ als Meldung 1 aus: Satz aus Neunen."
    assert render("hint.here.value", "de", n=3, label=nines.label_message, rules=nines.rules, apart="",
                  bonus="").startswith("Zähle die 3\u00a0Karten des Satzes aus Neunen einzeln")
    dig = render("explain.take-dig", "de", card=sevens.cards[0], n=3,
                 how=Message("explain.makes-meld", {"meld": sevens.description}))
    assert dig.startswith("die 3\u00a0Karten bis zu 7♠ darfst du nehmen, weil 7♠ mit deinen Karten eine Meldung bildet")
    assert "denn" not in dig and "((" not in dig and "))" not in dig


def test_the_pot_hint_asks_short_questions_and_leaves_out_a_pot_there_is_none_of() -> None:
    """A12: „Achte darauf, was du noch auf der Hand hättest, würdest du 9♦ 10♦ B♦ auslegen (keine
    Karte), auf den Topf deines Teams (es gibt keine Töpfe) und auf seine Buracos (einer, davon 1
    sauber).“ in Brazilian Buraco, which has no pots."""
    from buraco_core.teach import hint, load_puzzle

    puzzles = ROOT / "lessons" / "puzzles" / "05_pot.yaml"
    brazilian = hint(load_puzzle(puzzles, "brazilian-meld-out"), 2)
    assert brazilian.text("de") == ("Was hättest du noch auf der Hand, wenn du 9♦ 10♦ B♦ auslegen würdest (keine "
                                    "Karte)? Und wie viele Buracos liegen auf deiner Seite (einer, und der ist sauber)?")
    assert "pot" not in brazilian.text("en")
    classic = hint(load_puzzle(puzzles, "pot-waits"), 2).text("de")
    assert "Wie steht es um den Topf deines Teams (liegt noch beiseite)?" in classic


def test_a_count_of_buracos_says_which_are_clean_as_a_teacher_would() -> None:
    """A12, A18: „(einer, davon einer sauber)“, „(einer, davon 0 sauber)“ and „Dein Team hat einen
    Buraco (davon 1 sauber).“ read as a sum; one buraco is clean or not, and of several all, none or
    some are."""
    from buraco_core.messages import message

    def de(key: str, n: int, clean: int) -> str:
        return message(key, n=n, clean=clean).text("de")

    assert de("hint.here.buracos-clean", 1, 1) == "einer, und der ist sauber"
    assert de("hint.here.buracos-unclean", 1, 0) == "einer, aber kein sauberer"
    assert de("hint.here.buracos", 3, 1) == "3, davon einer sauber"
    assert de("fact.buracos", 3, 2) == "Dein Team hat 3 Buracos, davon 2 saubere."
    assert de("fact.buracos-clean", 2, 2) == "Dein Team hat 2 Buracos, alle sauber."
    assert de("fact.buracos-unclean", 1, 0) == "Dein Team hat einen Buraco, aber keinen sauberen."
    assert str(message("hint.here.buracos-clean", n=1, clean=1)) == "one, and it is clean"


def test_the_german_lessons_say_what_the_review_found_awkward_no_more() -> None:
    """The review's old items in the lessons' prose: „Geführte Aufgaben“ beside „angeleitete Aufgaben“
    (one word, as lessons 00 to 05 say it), „mit der *gierigen* Strategie“ (a programmer's word; what
    the bot does instead), „Eine Regel, die du falsch beantwortest“ (a rule is not answered)."""
    found = []
    for source in sorted((ROOT / "lessons" / "source").glob("*.md")):
        text = " ".join(source.read_text(encoding="utf-8").split())
        found += [f"{source.stem}: {w}" for w in ("Geführte Aufgaben", "gierig", "Regel, die du falsch beantwortest")
                  if w in text]
    assert found == []


def test_the_teachers_sentences_never_say_du() -> None:
    """The teacher's page says „Sie“ („Wählen Sie eine andere Regel“); „Kopiere den ganzen Link“ stood
    among them (assign.file-damaged, which a learner opening a damaged link reads too, under „Bitte
    deine Lehrkraft …“: so it now addresses nobody)."""
    du = re.compile(r"\b(du|dein\w*|dich|dir)\b|\b(Kopiere|Wähle|Lade|Drücke|Klicke|Gib|Füge)\b")
    wrong = [f"{k}: {v}" for k, v in catalog("de").items() if k.startswith(TEACHERS) and not k.startswith("handin.")
             and du.search(str(v))]
    assert wrong == []


def test_a_made_meld_is_named_with_its_article_not_after_a_second_colon() -> None:
    """A8 / old #16: „Nicht, was die Aufgabe verlangt: Du hast ausgelegt: Folge 4♥–9♥ (40 Punkte). …“
    chained colons and named the meld without an article; the meld's ``acc`` form reads it as an object."""
    from buraco_core.melds import make_meld
    from buraco_core.messages import Message, render

    dirty = make_meld("4h 5h 6h 2s 8h 9h", "buraco").description
    sevens = make_meld("7h 7s 7d", "buraco").description
    assert render("feedback.not-a-buraco", "de", meld=dirty, min=7, n=6) == (
        "du hast eine Folge 4♥–9♥ (2♠ steht für 7♥; 55\u00a0Punkte) ausgelegt; ein Buraco braucht 7 oder mehr Karten, "
        "diese Meldung hat 6.")
    assert render("feedback.meld-kind", "de", meld=sevens, want=Message("prompt.a-run")).startswith(
        "du hast einen Satz aus 3 Siebenen (15\u00a0Punkte) ausgelegt; die Aufgabe verlangt")
    assert dirty.text("de") == "Folge 4♥–9♥, 2♠ steht für 7♥ (55\u00a0Punkte)"        # the label keeps its own form
    assert render("feedback.not-a-buraco", "en", meld=dirty, min=7, n=6) == (               # English alike
        "you made a run 4♥-9♥ (2♠ standing for 7♥; 55 points); a buraco needs 7 or more cards, and this one has 6.")


#: The imperatives of weak verbs the course writes with their -e (old #42: „zieh zuerst“ beside „ziehe vom
#: Stapel“, „Klick eine Meldung … an, dann drücke …“ in one sentence); sieh, nimm, gib, geh stay as they are.
SHORT_IMPERATIVE = re.compile(r"(?i)(?<![\w-])(zieh|drück|klick|zähl|schick|fang|stell|such|schreib|versuch(?= es)|frag)(?![\w-])")


def test_one_imperative_form_per_verb_in_the_catalog_and_the_lessons() -> None:
    wrong = [f"{k}: {v}" for k, v in catalog("de").items() if SHORT_IMPERATIVE.search(str(v))]
    for source in sorted((ROOT / "lessons" / "source").glob("*.md")):
        german = re.findall(r'\+\+\+ \{"lang": "de"\}(.*?)(?=\+\+\+ \{"lang"|```\{code-cell\}|\Z)',
                            source.read_text(encoding="utf-8"), re.S)
        wrong += [f"{source.stem}: {m}" for cell in german for m in SHORT_IMPERATIVE.findall(cell)]
    assert wrong == []
