"""GameTable: the learner's plays go to the engine; refused plays change nothing and show why;
bots move one at a time; the coach suggests; the score sheet holds the engine's lines."""

import asyncio
import html
import json

import pytest
from buraco_widgets import GameTable
from positions import FED

from buraco_core.game import Game, NewMeld, Phase
from buraco_core.game.scenarios import parse_scenario
from buraco_core.messages import render

ADD_POSITION = """
description: add the king to the kings
rules: buraco
players: 4
seed: 1
turn: 0
phase: play
hand 0: 4h 5h 6h 9c 9d Kc
melds 0: Ks Kh Kd
discard: 3c 8d
"""


def play_out_with_the_coach(table: GameTable, limit: int = 500) -> None:
    """Play the learner's seat as the coach suggests, to the end of the hand."""
    for _ in range(limit):
        if table.view.phase not in (Phase.DRAW, Phase.PLAY):
            return
        suggestion = table.suggest()
        assert suggestion is not None
        assert table.play(suggestion), table.feedback.value
    raise AssertionError("the hand did not end")


def test_a_refused_play_changes_nothing_and_shows_the_engine_reason() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    before = table.game.to_json()
    hand_before = list(table.board.hand.codes)
    assert table.play("discard " + table.board.hand.codes[0]) is False  # must draw first
    reason = table.game.why_illegal("discard " + table.board.hand.codes[0])
    assert reason and str(reason) in table.feedback.value
    assert table.feedback.status == "wrong"
    assert table.game.to_json() == before and table.board.hand.codes == hand_before


def test_a_refused_meld_keeps_the_selection() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.controls.draw_button.click()
    before = table.game.to_json()
    table.board.hand.selected = [0, 1, 2]
    text = "meld " + " ".join(c.code for c in table.board.hand.selected_cards)
    reason = table.game.why_illegal(text)
    if reason is not None:  # the three first cards of this deal are not a meld
        table.controls.meld_button.click()
        assert str(reason) in table.feedback.value and table.game.to_json() == before
        assert table.board.hand.selected == [0, 1, 2]


def test_nonsense_text_is_refused_with_a_message() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    before = table.game.to_json()
    assert table.play("fly away") is False
    assert table.feedback.value.startswith("Not understood: 'fly away' is not an action: write one of: draw, take")
    assert table.game.to_json() == before


@pytest.mark.parametrize("coach", [True, False])
def test_a_mistyped_play_gets_the_notation_errors_own_sentence(coach: bool) -> None:
    table = GameTable(rules="buraco", seed=7, pace=0, coach=coach)
    table.controls.command.value = "meld 4h 5h 6"
    table.controls.command_button.click()
    assert table.feedback.value == ("Not understood: meld: '6' is not a card: write a rank (A, 2-10 or T, J, Q, K) "
                                    "and a suit (s h d c or ♠ ♥ ♦ ♣), or JK for a joker.")
    table.controls.draw_button.click()
    held = set(table.board.hand.codes)
    missing = next(c for c in ("As", "Ah", "Ad", "Ac", "Ks", "Kh") if c not in held)
    table.controls.command.value = f"discard {missing}"   # a card it does not hold: said, even without the coach
    table.controls.command_button.click()
    assert table.feedback.value.startswith("Refused: you do not hold") and "not allowed here" not in table.feedback.value


def test_a_refusal_says_how_to_play_by_the_buttons_used_or_in_the_notation_typed() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.play("discard JK")   # as the buttons play it
    assert table.feedback.value == ("Refused: first draw: take a card from the stock or take the discard pile. "
                                    'Press "Draw" or "Take the pile".')
    assert "write" not in table.feedback.value.lower()
    table.controls.command.value = "discard JK"
    table.controls.command_button.click()
    assert table.feedback.value.endswith("discard pile. Write draw or take.")
    german = GameTable(rules="buraco", seed=7, pace=0, lang="de")
    german.play("discard JK")
    assert german.feedback.value.endswith("Drücke „Ziehen“ oder „Aufnehmen“.")


def test_coach_off_hides_the_reason_and_the_suggest_button() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0, coach=False)
    table.play("discard JK")
    assert table.feedback.value == "Refused: that play is not allowed here."
    assert not table.controls.suggest_button.shown


def test_draw_then_meld_selected_cards_then_discard_passes_the_turn_to_the_bots() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    assert table.view.my_turn and not table.controls.draw_button.disabled
    table.controls.draw_button.click()
    assert len(table.board.hand.codes) == 12 and table.game.phase is Phase.PLAY
    meld = next((a for a in table.game.legal_actions() if isinstance(a, NewMeld)), None)
    if meld is not None:
        table.board.hand.select_cards(list(meld.cards))
        table.controls.meld_button.click()
        assert [str(m) for m in table.game.melds[0]] != []
        assert table.board.table.melds[0], "the new meld is on the table"
    moves_before = len(table.log)
    table.board.hand.select_cards(table.board.hand.codes[0])
    table.controls.discard_button.click()
    # pace 0: the three bots played, and it is the learner's turn again
    assert table.view.my_turn
    bot_lines = table.log[moves_before + 1:]
    assert bot_lines and all(not line.startswith("You ") for line in bot_lines)


def test_discard_needs_exactly_one_selected_card() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.draw()
    before = table.game.to_json()
    table.board.hand.selected = [0, 1]
    assert table.discard() is False and "just one card" in table.feedback.value
    assert table.game.to_json() == before


def test_add_by_clicking_a_meld() -> None:
    table = GameTable(game=parse_scenario(ADD_POSITION), pace=0)
    table.board.hand.select_cards("Kc")
    table.board.table.select(0, 0)  # a click on "Your side", meld 1
    assert [c.code for c in table.game.melds[0][0].cards].count("Kc") == 1
    assert table.log[-1] == "You add K♣ to your side's kings (3 cards) (meld 1)."
    assert table.board.table.selected == []


def test_a_refused_add_changes_nothing() -> None:
    table = GameTable(game=parse_scenario(ADD_POSITION), pace=0)
    before = table.game.to_json()
    table.board.hand.select_cards("9c")
    table.board.table.select(0, 0)
    assert str(table.game.why_illegal("add 1 9c")) in table.feedback.value
    assert table.game.to_json() == before


def test_not_your_turn() -> None:
    table = GameTable(rules="buraco", seed=7, seat=1, pace=0, autoplay=False)
    before = table.game.to_json()
    assert table.draw() is False and "not your turn" in table.feedback.value
    assert table.game.to_json() == before


def test_step_plays_one_bot_move_at_a_time() -> None:
    table = GameTable(rules="buraco", seed=7, seat=2, pace=0, autoplay=False)
    assert table.log == []  # autoplay off: the bots wait
    text = table.step()  # seat 0 (a bot, the partner of seat 2) moves once
    assert text == "draw" and table.log == ["Partner (seat 0) draws a card from the stock."]
    played = table.advance_bots()
    assert table.view.my_turn and len(table.log) == 1 + len(played)


def test_bots_move_one_by_one_at_the_given_pace() -> None:
    async def scenario() -> tuple[list[int], bool]:
        table = GameTable(rules="buraco", seed=7, pace=0.01)
        table.draw()
        table.board.hand.select_cards(table.board.hand.codes[0])
        table.discard()
        assert table.busy  # the bots play in the background
        seen = []
        while table.busy:
            seen.append(len(table.log))
            await asyncio.sleep(0.002)
        return seen, table.view.my_turn

    seen, my_turn = asyncio.run(scenario())
    assert my_turn and len(set(seen)) > 2  # the log grew a move at a time


def test_suggest_selects_the_cards_of_the_suggested_play() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.draw()
    text = table.suggest()
    assert text and table.session.advice is not None and table.session.advice.action == text
    assert "The coach suggests:" in table.coach_panel.note.value
    if text.startswith("discard"):
        assert [c.code for c in table.board.hand.selected_cards] == [text.split()[1]]


def test_a_whole_hand_ends_with_the_engine_score_sheet() -> None:
    table = GameTable(rules="burraco", seed=3, pace=0, coach_worlds=4)
    play_out_with_the_coach(table)
    assert table.game.is_hand_over or table.game.is_match_over
    for score in table.game.scores:
        for label, points in score.lines:
            assert label in table.board.score_sheet.value and f"{points:+d}" in table.board.score_sheet.value
    if table.game.is_hand_over and not table.game.is_match_over:
        assert table.controls.next_button.shown
        assert table.next_hand()
        assert table.game.state.hand_number == 2


def test_a_game_can_be_saved_and_loaded_into_a_table() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.draw()
    again = GameTable(game=Game.from_json(table.game.to_json()), pace=0)
    assert again.board.hand.codes == sorted(again.board.hand.codes, key=lambda c: again.board.hand.codes.index(c))
    assert sorted(again.board.hand.codes) == sorted(table.board.hand.codes)


def test_ruleset_switch_deals_a_new_game_in_that_ruleset() -> None:
    from buraco_widgets import RulesetPicker

    table = GameTable(rules="buraco", seed=7, pace=0)
    table.draw()
    picker = RulesetPicker()
    picker.link(table)
    picker.value = "brazilian"
    assert table.game.rules.name == "brazilian" and table.game.history == []
    assert table.log == [] and "Brazilian Buraco" in table.feedback.value
    assert table.board.table.rules == "brazilian"


def test_a_finished_hand_is_recorded_in_progress() -> None:
    from buraco_widgets import Progress

    progress = Progress()
    table = GameTable(rules="italian", seed=3, pace=0, lesson="08", progress=progress, coach_worlds=4,
                      debrief=False)
    assert progress.expected == {"08": ["hand"]} and not progress.is_solved("08", "hand")
    play_out_with_the_coach(table)
    assert progress.is_solved("08", "hand")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hands_chip_in_the_progress_panel_is_words_of_the_page(lang: str) -> None:
    """The table's item in the progress panel was its id, "hand" (a German page showed "4. hand")."""
    from buraco_widgets import Progress

    progress = Progress(lang=lang)
    GameTable(rules="buraco", seed=1, pace=0, lesson="08", progress=progress, lang=lang, debrief=False)
    assert progress.labels["hand"] == render("widget.progress.hand", lang)


def test_a_typed_play_goes_to_the_engine() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    before = table.game.to_json()
    table.controls.command.value = "discard JK"
    table.controls.command_button.click()
    assert table.game.to_json() == before and table.feedback.value.startswith("Refused:")
    assert table.controls.command.value == "discard JK"  # kept, to fix it
    table.controls.command.value = "draw"
    table.controls.command_button.click()
    assert table.game.phase is Phase.PLAY and table.controls.command.value == ""


def test_new_deal_button_deals_the_next_seed_in_the_same_ruleset() -> None:
    table = GameTable(rules="italian", seed=9, pace=0)
    before = table.game.state.hands
    table.controls.draw_button.click()
    table.controls.new_deal_button.click()
    assert table.game.state.seed == 9 and table.game.history, "New deal asks first"
    assert table.controls.asking and "Throw this hand away" in table.controls.confirm.value
    table.controls.confirm_no.click()
    assert table.game.state.seed == 9 and not table.controls.asking
    table.controls.new_deal_button.click()
    table.controls.confirm_yes.click()
    assert table.game.rules.name == "italian"
    assert table.game.state.seed == 10 and not table.game.history
    assert table.game.state.hands != before
    assert table.game.state.hands == Game(rules="italian", players=4, seed=10).state.hands


class _BrokenBot:
    """A bot with a bug: it chooses well for a while, then its choose raises."""

    name = "broken"

    def __init__(self, moves: int) -> None:
        from buraco_core.bots import GreedyBot

        self.greedy = GreedyBot(1)
        self.moves = moves

    def choose(self, view: object) -> object:
        if self.moves == 0:
            raise RuntimeError("the bot lost its notes")
        self.moves -= 1
        return self.greedy.choose(view)  # type: ignore[arg-type]


def test_a_failing_bot_is_shown_on_the_page_and_in_the_logs(caplog: object) -> None:
    import logging

    caplog.set_level(logging.ERROR)  # type: ignore[attr-defined]
    table = GameTable(rules="buraco", seed=7, pace=0, bots=[_BrokenBot(1), "greedy", "greedy"])
    table.draw()
    table.board.hand.select_cards(table.board.hand.codes[0])
    table.discard()  # the bots play: seat 1 draws, then fails
    assert table.bot_error.startswith("Left opponent (seat 1) could not move")
    # the bot's bug is in the log, the page says the trainer met one (no developer's words on a page)
    assert "the broken bot of seat 1 could not choose a move: the trainer met an error of its own" in table.bot_error
    assert "notes" not in table.bot_error
    assert "New deal" in table.bot_error
    assert table.feedback.value == table.bot_error and table.feedback.status == "wrong"
    assert table.log[-1].startswith("Left opponent (seat 1): could not move: the broken bot")
    assert table.bot_error.split(" (")[0] in table.board.status.value
    assert "the bot lost its notes" in caplog.text  # type: ignore[attr-defined]
    before = table.game.to_json()
    assert table.step() is None and table.game.to_json() == before  # the hand stops
    assert table.play("discard " + table.board.hand.codes[0]) is False
    assert table.feedback.value == table.bot_error and table.game.to_json() == before
    table.controls.new_deal_button.click()  # a new deal clears it
    assert table.bot_error == "" and table.view.my_turn


def test_a_bot_choosing_a_refused_move_is_shown_too() -> None:
    class Stubborn:
        name = "stubborn"

        def choose(self, view: object) -> str:
            return "discard JK"

    table = GameTable(rules="buraco", seed=7, pace=0, seat=1, bots=[Stubborn(), "greedy", "greedy"])
    assert "the stubborn bot of seat 0 chose discard JK, which the rules refuse" in table.bot_error
    assert table.game.history == []


# ---------------------------------------------------------------- issue 11: a table a learner can read

def test_every_computer_play_leaves_a_log_line_in_words() -> None:
    table = GameTable(rules="buraco", seed=7, seat=2, pace=0, autoplay=False)
    moves = table.advance_bots()
    assert moves and len(table.log) == len(moves)
    for line in table.log:
        assert line.endswith(".") and line[0].isupper()
        assert not any(word in line.split() for word in ("draw", "take", "meld", "add", "discard")), line
        assert line.startswith(("Partner", "Left opponent", "Right opponent")), line


def test_the_whole_log_is_kept_and_scrollable() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0, coach_worlds=4, debrief=False)
    play_out_with_the_coach(table)
    assert len(table.log) == len(table.game.state.history)
    assert table.board.log_view.value.count("<li>") == len(table.log) > 8
    assert "role='log'" in table.board.log_view.value and "tabindex='0'" in table.board.log_view.value
    assert "The hand is over." in table.log[-1] and "went out" in table.log[-1]


def test_suggest_selects_the_cards_and_the_meld_and_gives_reasons() -> None:
    table = GameTable(game=parse_scenario(ADD_POSITION), pace=0)
    text = table.suggest()
    assert text == "add 1 Kc" and table.session.advice is not None
    assert [c.code for c in table.board.hand.selected_cards] == ["Kc"]
    assert table.board.table.selected == [0, 0], "the meld to add to is selected too"
    note = html.unescape(table.coach_panel.note.value)
    assert "The coach suggests: add K♣ to your side's meld 1" in note and "10 more points" in note
    assert table.add(), table.feedback.value  # the selection is the play
    assert table.coach_panel.note.value == ""


def test_suggest_is_honest_when_the_choice_is_close() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0, coach_worlds=4)
    table.draw()
    advice = None
    for _ in range(30):  # discard as the coach says until some choice is a close call
        table.suggest()
        advice = table.session.advice
        assert advice is not None
        if advice.close:
            break
        table.play(advice.action)
    assert advice is not None and advice.close
    assert "a close call" in table.coach_panel.note.value and "within 5 points" in table.coach_panel.note.value




def test_a_discard_that_feeds_the_next_player_gets_a_remark() -> None:
    table = GameTable(game=parse_scenario(FED), pace=0, coach_worlds=4)
    table.play("discard 7s")
    assert table.view.my_turn or table.game.is_hand_over
    assert table.session.remarks and table.session.remarks[0].played == "discard 7s"
    assert "you discarded the 7♠" in table.coach_panel.note.value.lower()
    assert "Left opponent" in table.coach_panel.note.value


def test_the_hand_ends_with_the_debrief() -> None:
    table = GameTable(rules="buraco", seed=5, pace=0, coach_worlds=4)
    for _ in range(400):  # the learner always draws and discards the first card: costly plays
        if table.view.phase not in (Phase.DRAW, Phase.PLAY):
            break
        if table.view.phase is Phase.DRAW:
            assert table.draw()
        else:
            assert table.play(f"discard {table.view.hand[0].code}") or table.play(
                f"discard {table.view.hand[-1].code}")
    assert table.game.is_hand_over
    assert "The coach's review of your hand" in html.unescape(table.coach_panel.note.value)
    assert 1 <= len(table.session.remarks) <= 3
    assert table.session.remarks == sorted(table.session.remarks, key=lambda r: -r.points)
    assert all(f"Move {r.move + 1} (about {r.points} points):" in table.coach_panel.note.value for r in table.session.remarks)


def test_enter_in_the_box_plays_and_empties_it() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.controls.command_row.handle({"event": "submit", "text": "draw"})  # what Enter in the box sends
    assert table.game.phase is Phase.PLAY and table.controls.command.value == ""


def test_the_game_is_kept_and_a_reload_resumes_it_exactly() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.draw()
    table.play(f"discard {table.view.hand[0].code}")
    kept = table.kept.keeper.saved
    assert kept and json.loads(kept)["format"] == "buraco-table/1"
    # a reload: a new kernel builds the table afresh, and the page hands back what it kept
    again = GameTable(rules="buraco", seed=7, pace=0)
    again.kept.keeper.restored = kept
    assert again.game.to_json() == table.game.to_json() and again.log == table.log
    # and the bots go on exactly as they would have
    for t in (table, again):
        t.play("draw")
        t.play(f"discard {t.view.hand[0].code}")
    assert again.game.to_json() == table.game.to_json()


def test_a_damaged_kept_game_is_ignored() -> None:
    table = GameTable(rules="buraco", seed=7, pace=0)
    before = table.game.to_json()
    table.kept.keeper.restored = '{"format": "buraco-table/1", "game": {"format": "nope"}}'
    assert table.game.to_json() == before and table.kept.keeper.saved


def test_a_plays_outcome_is_known_in_one_place() -> None:
    seen: list[tuple[str, str | None]] = []
    table = GameTable(rules="buraco", seed=7, pace=0)
    table.session.on_outcome(lambda play, refusal: seen.append((play, None if refusal is None else refusal.rule)))
    table.play("discard JK")
    table.play("draw")
    assert seen == [("discard JK", "turn"), ("draw", None)]


def test_the_table_takes_a_rules_object() -> None:
    from buraco_core import get_rules

    rules = get_rules("italian")
    table = GameTable(rules=rules, seed=2, pace=0)
    assert table.game.rules == rules and table.rules == "italian"


def test_the_table_top_seats_everyone_around_the_learner() -> None:
    table = GameTable(rules="buraco", seed=7, seat=0, pace=0)
    data = table.board.center.data
    where = {s["seat"]: s["where"] for s in data["seats"]}
    assert where == {1: "left", 2: "top", 3: "right"}
    assert all(s["count"] == 11 and "11 cards" in s["label"] for s in data["seats"])
    assert [p["down"] for p in data["pots"]] == [True, True] and data["stock"] == table.view.stock_count
    assert "<svg" in data["back"]


def test_the_last_computer_play_is_marked_and_the_learners_own_is_not() -> None:
    table = GameTable(rules="buraco", seed=7, seat=2, pace=0, autoplay=False)
    table.step()  # seat 0 (the partner) draws
    fresh = table.board.center.data["fresh"]
    assert fresh == {"seat": 0, "what": "draw"}
    table.advance_bots()
    table.draw()
    assert table.board.center.data["fresh"] == {} and table.board.table.highlight == []


def step_until(table: GameTable, done: object, limit: int = 2000) -> str:
    """Let the bots move one at a time (the learner draws and discards its first card) until
    ``done(text)`` holds for a computer move; return that move's text."""
    for _ in range(limit):
        if table.view.my_turn:
            table.draw()
            table.play(f"discard {table.view.hand[0].code}")
            continue
        text = table.step()
        assert text is not None, "the hand ended first"
        if done(text):  # type: ignore[operator]
            return text
    raise AssertionError("no such move")


def test_a_meld_the_computer_grew_is_highlighted() -> None:
    table = GameTable(rules="buraco", seed=7, seat=2, pace=0, autoplay=False)
    text = step_until(table, lambda t: t.startswith(("meld", "add")))
    fresh = table.board.center.data["fresh"]
    team, index = fresh["meld"]
    assert text.startswith("meld") or int(text.split()[1].split(":")[-1]) == index + 1
    assert table.board.table.highlight == [table.board.group_teams.index(team), index]


def test_a_pot_the_computer_picks_up_is_announced() -> None:
    table = GameTable(rules="buraco", seed=7, seat=2, pace=0, autoplay=False)
    step_until(table, lambda _t: any(w in table.log[-1] for w in ("Pot picked up", "Pot earned", "went out")))
    assert table.feedback.value == table.log[-1]


def test_a_kept_game_in_house_rules_resumes_in_them() -> None:
    """A reload of a house-rules table (lesson 11) set the table's ruleset to the preset's name,
    which dealt a new game in the preset and lost the one resumed."""
    table = GameTable(rules="buraco+target=1505", seed=7, pace=0)
    table.draw()
    again = GameTable(rules="buraco+target=1505", seed=7, pace=0)
    again.kept.keeper.restored = table.kept.keeper.saved
    assert again.game.to_json() == table.game.to_json() and again.game.rules.target == 1505
    assert again.rules == "buraco+target=1505" and "Welcome back" in again.feedback.value


def test_a_new_game_marks_no_computer_play_of_the_last_one() -> None:
    """The last computer play's mark (a seat's flash, a meld's highlight) stayed on the new table."""
    table = GameTable(rules="buraco", seed=7, seat=2, pace=0, autoplay=False)
    table.step()
    assert table.board.center.data["fresh"] == {"seat": 0, "what": "draw"}
    table.new_game(seed=8)
    assert table.board.center.data["fresh"] == {} and table.board.table.highlight == []
