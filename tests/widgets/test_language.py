"""The course's language (issue 14): every widget built after ``use_language("de")`` shows its
words, its cards and the engine's sentences in German, from the catalog; English stays the
default, and a widget's ``lang`` argument wins over the course's.

Each German word is compared with the catalog's German sentence (``render(key, "de")``), never
with a German string written here: a test cannot pass by copying a translation.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import buraco_widgets
import pytest
from buraco_widgets import (
    CheatSheet,
    Choice,
    FeedbackBox,
    GameTable,
    GlossaryLookup,
    Hand,
    HouseRules,
    MasteryMap,
    MeldPuzzle,
    MeldView,
    Progress,
    PuzzleSet,
    Quiz,
    Review,
    RulesetPicker,
    ScoreQuiz,
    TableTop,
    TableView,
    language,
    use_language,
)
from buraco_widgets._common import card_item, meld_item, template

from buraco_core import RULESETS, Card, make_meld, parse_cards
from buraco_core.board import center_html, score_sheet_html, table_html, table_text
from buraco_core.cards import card_text
from buraco_core.game import Game
from buraco_core.messages import LANGUAGES, Message, render, show
from buraco_core.narrate import narrate
from buraco_core.svg import card_back_svg, card_svg, cards_svg, meld_svg
from buraco_core.teach import check, generate

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "lessons" / "puzzles"


def de(key: str, **params: object) -> str:
    return render(key, "de", **params)


@pytest.fixture
def german() -> Iterator[None]:
    use_language("de")
    try:
        yield
    finally:
        use_language("en")


def labels(svg: str) -> list[str]:
    return re.findall(r'aria-label="([^"]*)"', svg)


# -- the course's language ---------------------------------------------------------------------

def test_english_until_a_notebook_says_otherwise_and_a_bad_language_is_refused() -> None:
    assert language() == "en" and buraco_widgets.language() == "en"
    with pytest.raises(ValueError, match=r"no language 'fr': choose one of en, de"):
        use_language("fr")
    assert language() == "en"  # refused: nothing changed
    with pytest.raises(ValueError, match="choose one of"):
        Hand("4h", lang="EN")


def test_use_language_returns_the_language_and_every_new_widget_takes_it(german: None) -> None:
    assert language() == "de" and set(LANGUAGES) >= {"en", "de"}
    assert Hand("Qh").lang == "de" and Hand("Qh", lang="en").lang == "en"
    assert Hand("Qh", lang="en")._items[0]["text"] == "Q♥"


# -- cards, melds and drawings -------------------------------------------------------------------

def test_a_card_item_carries_the_german_name_and_letter() -> None:
    queen = Card(12, "d")
    item = card_item(queen, lang="de")
    assert item["text"] == card_text(queen, "de") == "D♦"
    assert item["name"] == queen.name_message.text("de")
    assert labels(item["svg"]) == [queen.name_message.text("de")]
    assert ">D</text>" in item["svg"] and ">Q</text>" not in item["svg"]
    down = card_item(queen, face_down=True, lang="de")
    assert down["name"] == de("widget.cards.face-down") and labels(down["svg"]) == [de("svg.face-down")]
    wild = card_item(Card(2, "s"), stands_for="Q♥", lang="de")
    assert wild["name"] == de("svg.standing-for", card=Card(2, "s").name_message, stands=Card(12, "h").name_message)
    assert ">D</text>" in wild["svg"]  # the ribbon says what it stands for in German letters


def test_a_meld_item_and_drawing_in_german() -> None:
    meld = make_meld("10h Jh 2s Kh", RULESETS["buraco"])  # the 2 stands for the queen
    item = meld_item(meld, lang="de")
    assert item["describe"] == meld.description.text("de")
    assert item["label"] == meld.label_message.text("de")
    assert item["text"] == "10♥ B♥ 2♠ K♥"
    assert item["kind"] == "run"  # an id for the page, not a word
    assert item["plain"].startswith(de("meld.kind.run") + " ")
    assert item["wild"] == "D♥" and item["wild_text"] == de("widget.cards.wild-text", wild=Card(2, "s"), stands="D♥")
    points = Message("svg.points", {"n": meld.points})
    assert de("svg.meld-caption", kind=Message("meld.kind.run"), points=points) in item["svg"]
    assert item["cards"][2]["name"] == de("svg.standing-for", card=Card(2, "s").name_message,
                                          stands=Card(12, "h").name_message)
    names = ", ".join(c["name"] for c in item["cards"])
    assert labels(item["svg"])[0] == de("svg.meld-label", kind=Message("meld.kind.run"), points=points, cards=names)


def test_a_set_stands_for_a_rank_in_german_words() -> None:
    meld = make_meld("Qs Qh JK", RULESETS["buraco"])
    svg = meld_svg(meld, lang="de")
    assert de("svg.a-rank.12") in labels(svg)[0]
    assert meld_item(meld, lang="de")["wild"] == "eine Dame"


def test_every_drawing_speaks_the_language_and_english_stays_the_default() -> None:
    cards = parse_cards("Qh JK")
    assert labels(cards_svg(cards, selected=[1], lang="de")) == [
        de("svg.row", n=2, cards=", ".join([Card(12, "h").name_message.text("de"),
                                            de("svg.in-row-selected", card=Message("card.joker"))]))]
    assert labels(cards_svg([], lang="de")) == [de("svg.no-cards")]
    assert labels(card_back_svg(lang="de")) == [de("svg.face-down")]
    assert labels(card_svg(Card(12, "h"), selected=True, lang="de")) == [
        de("svg.selected", card=Card(12, "h").name_message)]
    assert labels(card_svg(Card(12, "h"))) == ["queen of hearts"]
    assert labels(cards_svg(cards)) == ["2 cards: queen of hearts, joker"]


def test_the_table_and_score_sheet_in_german() -> None:
    game = Game("buraco", players=4, seed=7)
    v = game.view(0)
    page = table_html(v, lang="de")
    assert de("table.players") in page and de("table.match") in page
    assert de("table.your-hand", seat=0) in page
    assert f"<h4>{de('table.players')}</h4>" in center_html(v, lang="de")
    hand = " ".join(card_text(c, "de") for c in sorted(v.hand, key=lambda c: (c.suit, c.rank)))
    assert all(card_text(c, "de") in table_text(v, lang="de") for c in v.hand) and hand
    assert score_sheet_html(v, lang="de") == ""  # the hand is on: no sheet yet
    assert table_html(v) == game._repr_html_()  # English stays the notebook's default


# -- the widgets ---------------------------------------------------------------------------------

def test_hand_table_and_meld_views_in_german(german: None) -> None:
    hand = Hand("Qh JK 10c")
    assert hand.label == de("widget.your-hand")
    assert hand.texts["sort-suit"] == template("widget.hand.sort-suit", "de")
    assert hand.texts["cards"] == de("hand.cards", n=3)
    assert [i["text"] for i in hand._items] == ["D♥", "JK", "10♣"]
    assert [i["name"] for i in hand._items] == [c.name_message.text("de") for c in parse_cards("Qh JK 10c")]
    table = TableView({"x": ["4h 5h 6h", "4h 5h 7c"]})
    assert (table.label, table.empty_text) == (de("widget.table"), de("widget.no-melds"))
    assert table.texts["meld-n"] == template("widget.melds.meld-n", "de")
    good, bad = table._groups[0]["melds"]
    assert good["describe"] == make_meld("4h 5h 6h", RULESETS["buraco"]).description.text("de")
    assert bad["error"] and bad["error"] in bad["describe"]  # the engine's refusal, in German
    view = MeldView("Jh Qh Kh")
    assert view.label == de("widget.cards.meld-view") and "B♥" in view._groups[0]["melds"][0]["text"]


def test_feedback_choice_and_tabletop_in_german(german: None) -> None:
    box = FeedbackBox()
    assert box.hint_label == de("widget.hint") and box.texts["rule"] == de("widget.feedback.rule")
    choice = Choice([("a", "A", ["Qh", "Kh"])])
    assert labels(choice.items[0]["svg"])[0].startswith(de("svg.row", n=2, cards=""))
    top = TableTop()
    game = Game("buraco", players=4, seed=7)
    top.show(game.view(0))
    assert top.label == de("widget.game.table-label")
    assert top.data["stock_label"] == de("table.stock-label", n=game.view(0).stock_count)
    assert top.data["pile_empty"] == de("table.pile-empty")


@pytest.mark.parametrize("kind", ["make-meld", "extend", "which-is-meld", "meld-value"])
def test_a_puzzle_in_german_and_its_feedback_is_the_engines_german_sentence(german: None, kind: str) -> None:
    w = MeldPuzzle.generate(kind, rules="buraco", seed=5, progress=Progress())
    assert w.lang == "de" and w.feedback.lang == "de"
    shown = [part for part in (w.hand, w.table, w.choice) if part is not None]  # a puzzle shows only its parts
    assert shown and all(part.lang == "de" for part in shown)
    assert w.check_button.description == de("widget.check")
    assert w.hint_button.description == de("widget.hint")
    assert w.another_button.tooltip == de("widget.another-tip")
    form = w.kind.form
    if form == "cards":
        answer: object = [c for c in w.puzzle.hand][:1]
        w.hand.select_cards(answer)
        answer = [c.code for c in w.hand.selected_cards]
    elif form == "extend":
        w.hand.select_cards(w.puzzle.hand[:1])
        answer = w.answer()
    elif form == "choice":
        w.choice.index = 0
        answer = w.choice.value
    else:
        w.number.value = 1
        answer = 1
    fb = check(w.puzzle, answer)
    w.check()
    assert w.feedback.value == fb.message.text("de")
    if fb.clause is not None:
        assert w.feedback.rule_title == fb.clause.title_message.text("de")
    w.show_hint()
    assert w.feedback.hint.startswith(de("widget.hint-label", n=1, of=3))


def test_score_quiz_puzzle_set_and_quiz_in_german(german: None) -> None:
    score = ScoreQuiz.generate(rules="buraco", seed=4, progress=Progress())
    assert score.number.description == de("widget.points")
    puzzles = [generate("make-meld", "buraco", s) for s in (1, 2)]
    pset = PuzzleSet(puzzles, progress=Progress())
    assert pset.next_button.description == de("widget.next")
    assert de("widget.puzzle-n", n=1, of=2) in pset.header.value
    assert pset.current.lang == "de" and pset.current.check_button.description == de("widget.check")
    quiz = Quiz(puzzles, progress=Progress(), follow=False)
    assert quiz.new_button.description == de("widget.new-quiz") and quiz.current.lang == "de"
    assert de("widget.score-so-far", right=0, n=2, first=0) in quiz.score_label.value


def test_the_course_widgets_in_german(german: None) -> None:
    progress = Progress()
    assert progress.texts["title"] == template("widget.progress.title", "de")
    picker = RulesetPicker(progress=progress)
    assert picker.description == de("widget.ruleset-menu")
    assert [label for label, _ in picker.options] == [show(rules, "de") for rules in RULESETS.values()]
    assert MasteryMap(progress=progress).texts["title"] == template("mastery.title", "de")
    review = Review(progress=progress)
    assert review.mixed_button.description == de("review.mixed")
    assert GlossaryLookup().texts["placeholder"] == template("widget.lookup.placeholder", "de")
    assert CheatSheet("buraco", progress=progress).texts["print"] == template("cheat.print", "de")
    assert HouseRules("buraco").texts["title"] == template("house.title", "de")


def test_the_game_table_in_german(german: None) -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    assert table.controls.draw_button.description == de("widget.game.draw")
    assert table.controls.command_row.texts["placeholder"] == de("widget.play.placeholder")
    assert table.board.hand.lang == table.board.table.lang == table.board.center.lang == table.feedback.lang == "de"
    assert table.board.hand.label == de("widget.game.hand-label")
    # a refused play: the engine's German reason
    text = "discard " + table.board.hand.codes[0]
    reason = table.game.why_illegal(text)
    assert table.play(text) is False and reason is not None
    assert table.feedback.value == de("widget.game.refused", reason=f"{reason.explain('de')}.") + " " + de(
        "widget.game.how.draw-first-button", draw=de("widget.game.draw"), take=de("widget.game.take"))
    # a play: the log tells it in German, as narrate says it
    before = table.game.state
    assert table.draw()
    told = narrate(before, table.game.state, 0, "draw", viewer=0)
    assert table.log[-1] == " ".join(m.text("de") for m in told)
    assert de("widget.play.log-title", n=len(table.log)) in table.board.log_view.value
    assert de("widget.game.status-play") in table.board.status.value
    assert table.suggest() is not None
    assert de("coach.suggest", play="").split(":")[0] in table.coach_panel.note.value


def test_an_error_in_a_widget_is_said_in_its_language(german: None) -> None:
    from buraco_widgets._common import guard

    from buraco_core import parse_card

    shown: list[str] = []

    class Owner:
        lang = "de"

        def say(self, message: str) -> None:
            shown.append(message)

    guard(Owner().say, lambda: parse_card("7x"))()
    try:
        parse_card("7x")
    except ValueError as exc:
        assert shown == [de("widget.went-wrong", reason=exc.explain("de"))]  # type: ignore[attr-defined]


def test_the_language_menu_links_the_same_page_in_each_other_language() -> None:
    from buraco_widgets import LanguageMenu

    english, german = LanguageMenu("en"), LanguageMenu("de")
    assert (english.label, german.label) == ("Language", "Sprache")
    assert english.choices == [{"lang": "de", "name": "Deutsch", "href": "de/"}]
    assert german.choices == [{"lang": "en", "name": "English", "href": "../"}]
    with pytest.raises(ValueError, match="no language 'fr'"):
        LanguageMenu("fr")
