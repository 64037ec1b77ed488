"""TableSession (buraco_core/sessions/table.py): a hand at the table without a widget. The learner's plays
go to the engine, a refused one changes nothing; bots move through the engine's loop; the coach is
asked; the table is kept and resumed exactly."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from positions import FED, WILD

from buraco_core.bots import GreedyBot
from buraco_core.game import Game, Phase
from buraco_core.game.scenarios import parse_scenario
from buraco_core.sessions import SessionError
from buraco_core.sessions.table import KEPT_FORMAT, Move, TableSession, effects
from buraco_core.teach.learners.mastery import Outcome


def test_a_refused_play_changes_nothing_and_is_a_miss_on_its_clause() -> None:
    table = TableSession("buraco", seed=7)
    seen: list[tuple[str, str | None]] = []
    table.on_outcome(lambda play, refusal: seen.append((play, None if refusal is None else refusal.rule)))
    before = table.game.to_json()
    move = table.play("discard JK")
    assert move.refusal is not None and move.refusal.rule == "turn" and not move.played
    assert move.answers == (("turn", Outcome.WRONG),) and move.variant == "game-buraco-7-1-0"
    assert table.game.to_json() == before and table.log == [] and seen == [("discard JK", "turn")]


def test_a_tables_answers_carry_its_session_and_a_miss_there_stays_due() -> None:
    from datetime import date

    from buraco_core.teach.learners.mastery import Answer, clause_states, review_plan

    table, other = TableSession("buraco", seed=7), TableSession("buraco", seed=7)
    assert table.id.startswith("table-") and table.id != other.id
    day = date(2026, 5, 1)
    answers = [Answer(c, "buraco", o, m.variant, day, i, session=table.id)
               for i, m in enumerate([table.play("discard JK"), table.play("draw")]) for c, o in m.answers]
    answers.append(Answer("turn", "buraco", Outcome.FIRST, "game-buraco-7-1-9", day, 9, session=table.id))
    assert review_plan(clause_states(answers, "buraco"), day) == ["turn"]   # right later, at the same table
    answers.append(Answer("turn", "buraco", Outcome.FIRST, "game-buraco-7-2-0", day, 10, session=other.id))
    assert review_plan(clause_states(answers, "buraco"), day) == []         # at another table: relearned


def test_text_that_is_no_play_is_not_judged() -> None:
    table = TableSession("buraco", seed=7)
    seen: list[str] = []
    table.on_outcome(lambda play, refusal: seen.append(play))
    move = table.play("fly away")
    assert move.unreadable is not None and move.refusal is None and move.answers == () and seen == []


def test_a_play_made_is_told_as_the_learner_saw_it() -> None:
    table = TableSession("buraco", seed=7)
    move = table.play("draw")
    assert move.played and move.text == "draw" and move.told[0].key == "narrate.you.draw"
    assert move.events[0].kind == "drew" and move.events[0].card in table.view.hand
    assert table.log == [move.told] and move.clauses == () and move.answers == ()
    table.play(f"discard {table.view.hand[0].code}")
    words = table.log_words("en")
    assert words == ["You draw the 8♠ from the stock.", "You discard the 5♥."]
    assert table.log_words("de", start=1) == [" ".join(m.text("de") for m in table.log[1])]


def test_a_play_that_used_a_rule_counts_and_after_suggest_as_helped() -> None:
    table = TableSession(game=Game.scenario("pot-direct"))
    table.play("meld 4h 5h 6h")
    move = table.play("meld 9c 9d 9s")  # the last cards: the pot on the fly
    assert move.clauses == ("pot",) and move.answers == (("pot", Outcome.FIRST),)
    helped = TableSession(game=Game.scenario("pot-direct"))
    helped.play("meld 4h 5h 6h")
    assert helped.suggest().action and helped.suggested
    assert helped.play("meld 9c 9d 9s").answers == (("pot", Outcome.HELPED),) and not helped.suggested


def test_nothing_is_judged_out_of_turn() -> None:
    table = TableSession("buraco", seed=7, seat=1)
    move = table.play("draw")
    assert move.blocked is not None and move.blocked.key == "widget.game.not-your-turn"
    assert "Right opponent (seat 0)" in move.blocked.text("en") and table.game.history == []
    with pytest.raises(SessionError):
        table.suggest()


def test_the_bots_move_one_at_a_time_until_the_learners_turn() -> None:
    table = TableSession("buraco", seed=7, seat=2)
    assert table.bots_to_move
    first = table.step()
    assert first is not None and (first.seat, first.text) == (0, "draw") and first.fresh == {"seat": 0, "what": "draw"}
    assert first.told[0].text("en") == "Partner (seat 0) draws a card from the stock."
    assert first.events[0].kind == "drew" and first.events[0].card is None  # as the learner saw it
    rest = table.advance()
    assert rest and not table.bots_to_move and table.view.my_turn and table.step() is None
    assert len(table.log) == 1 + len(rest) and table.fresh == rest[-1].fresh


def test_a_meld_a_bot_made_is_marked() -> None:
    table = TableSession("buraco", seed=7, seat=2)
    for _ in range(400):
        move = table.step()
        if move is None:
            table.play("draw")
            table.play(f"discard {table.view.hand[0].code}")
            continue
        if move.text.startswith("meld"):
            team = table.game.state.team_of(move.seat)
            assert move.fresh["meld"] == [team, len(table.game.melds[team]) - 1]
            return
    raise AssertionError("no bot melded")


class Broken:
    """A bot with a bug: it plays well for a while, then its choose raises."""

    name = "broken"

    def __init__(self, moves: int) -> None:
        self.greedy = GreedyBot(1)
        self.moves = moves

    def choose(self, view: Any) -> Any:
        if self.moves == 0:
            raise RuntimeError("the bot lost its notes")
        self.moves -= 1
        return self.greedy.choose(view)


def test_a_failing_bot_stops_the_hand_until_a_new_game() -> None:
    table = TableSession("buraco", seed=7, bots=[Broken(1), "greedy", "greedy"])
    table.play("draw")
    table.play(f"discard {table.view.hand[0].code}")
    moves = table.advance()
    failed = moves[-1]
    assert failed.failure is not None and not failed.played and table.bot_error is not None
    assert table.bot_error.text("en").startswith("Left opponent (seat 1) could not move")
    assert failed.told[0].text("en").startswith("Left opponent (seat 1): could not move: the broken bot")
    before = table.game.to_json()
    assert table.step() is None and table.play("draw").blocked == table.bot_error and table.game.to_json() == before
    table.new_game(seed=8)
    assert table.bot_error is None and table.log == [] and table.game.history == [] and table.seed == 8


def test_run_bots_at_once_without_a_pace_and_in_the_background_with_one() -> None:
    table = TableSession("buraco", seed=7)
    table.play("draw")
    table.play(f"discard {table.view.hand[0].code}")
    assert not table.learner_to_play
    seen: list[Move] = []
    done: list[Exception | None] = []
    table.run_bots(0, seen.append, done.append)
    assert seen and done == [None] and table.view.my_turn and not table.busy and table.learner_to_play

    async def background() -> tuple[list[int], bool]:
        again = TableSession("buraco", seed=7)
        again.play("draw")
        again.play(f"discard {again.view.hand[0].code}")
        counts: list[int] = []
        finished: list[Exception | None] = []
        again.run_bots(0.001, lambda m: counts.append(len(again.log)), finished.append)
        assert again.busy and not again.learner_to_play and again.play("draw").blocked is not None  # bots moving
        while again.busy:
            await asyncio.sleep(0.001)
        return counts, finished == [None] and again.view.my_turn

    counts, ok = asyncio.run(background())
    assert ok and counts == sorted(counts) and len(counts) == len(seen)


def test_a_bug_while_the_bots_play_in_the_background_is_handed_on(monkeypatch: Any) -> None:
    async def background() -> list[Exception | None]:
        table = TableSession("buraco", seed=7, seat=1)

        def broken() -> Move:
            raise KeyError("oops")

        monkeypatch.setattr(table, "step", broken)
        finished: list[Exception | None] = []
        table.run_bots(0.001, lambda m: None, finished.append)
        while table.busy:
            await asyncio.sleep(0.001)
        return finished

    finished = asyncio.run(background())
    assert len(finished) == 1 and isinstance(finished[0], KeyError)


def test_the_coach_remarks_on_a_discard_that_fed_the_next_player() -> None:
    table = TableSession(game=parse_scenario(FED), coach_worlds=4)
    table.play("discard 7s")
    table.advance()
    found = table.after_turn()
    assert found and found[0].played == "discard 7s" and table.remarks == found


def test_the_debrief_reviews_the_learners_hand() -> None:
    table = TableSession("buraco", seed=5, coach_worlds=4)
    assert table.debrief() is None  # nothing played yet
    for _ in range(400):
        if table.view.phase not in (Phase.DRAW, Phase.PLAY):
            break
        if table.view.my_turn:
            table.play("draw") if table.view.phase is Phase.DRAW else table.play(f"discard {table.view.hand[0].code}")
        else:
            table.advance()
    remarks = table.debrief()
    assert remarks is not None and 1 <= len(remarks) <= 3 and remarks == sorted(remarks, key=lambda r: -r.points)
    assert table.next_hand().played and table.remarks == [] and table.game.state.hand_number == 2
    assert table.next_hand().blocked is not None and table.next_hand().blocked.key == "widget.game.hand-not-over"


def test_a_new_game_in_a_house_variant_with_its_players() -> None:
    table = TableSession("buraco", seed=7)
    table.play("draw")
    table.new_game("buraco+target=1505;players=2")
    assert table.game.players == 2 and table.game.rules.target == 1505 and table.game.history == []
    table.new_game("italian")
    assert table.game.players == 2 and table.game.rules.name == "italian"


def test_a_ruleset_text_names_this_game_or_another() -> None:
    table = TableSession("buraco+target=1505;players=2", seed=7)
    assert table.is_this_game("buraco+target=1505") and table.is_this_game("buraco+target=1505;players=2")
    assert not table.is_this_game("buraco+target=1505;players=4") and not table.is_this_game("buraco")
    with pytest.raises(ValueError):
        table.is_this_game("no such rules")


def test_the_table_is_kept_and_resumed_exactly() -> None:
    table = TableSession("buraco", seed=7)
    table.play("draw")
    table.play(f"discard {table.view.hand[0].code}")
    table.advance()
    kept = table.saved("de")
    data = json.loads(kept)
    assert data["format"] == KEPT_FORMAT and data["log"][0].startswith("Du ")
    again = TableSession("buraco", seed=7)
    assert again.restore(kept)
    assert again.game.to_json() == table.game.to_json() and again.saved("de") == kept
    assert again.turn_start == len(table.game.state.history)
    for t in (table, again):  # the bots go on as they would have
        t.play("draw")
        t.play(f"discard {t.view.hand[0].code}")
        t.advance()
    assert again.game.to_json() == table.game.to_json()
    assert not again.restore('{"format": "buraco-table/1", "game": {"format": "nope"}}')
    assert not again.restore("not json") and again.game.to_json() == table.game.to_json()


def test_an_addition_whose_wild_card_could_go_to_either_end_offers_both() -> None:
    table = TableSession(game=parse_scenario(WILD))
    ends = table.wild_ends("add 1 4h")
    assert set(ends) == {"low", "high"} and ends["low"].cards != ends["high"].cards
    assert table.wild_ends("add 1 4h high") == {} and table.wild_ends("draw") == {} and table.wild_ends("add 9 4h") == {}
    assert table.wild_ends("add one 4h") == {}  # no play: nothing to ask, the play says why
    table.busy = True  # the bots moving: nothing is judged, so nothing is asked
    assert table.wild_ends("add 1 4h") == {} and table.play("add 1 4h").blocked is not None
    table.busy = False
    move = table.play("add 1 4h high")
    assert str(move.action) == "add 1 4h high" and move.clauses == ("wild-moves",)  # the events' clause
    assert [e.kind for e in move.events] == ["added"] and move.events[0].wild_moved_to == 7
    assert [c.code for c in table.game.melds[0][0].cards] == [c.code for c in ends["high"].cards]


def test_effects_is_where_the_table_learns_what_a_play_did() -> None:
    game = Game.scenario("pot-direct")
    game.play("meld 4h 5h 6h")
    action = game.play("meld 9c 9d 9s")
    mine = effects(game.last_events, game.state, 0, action, viewer=0)
    theirs = effects(game.last_events, game.state, 0, action, viewer=1)
    assert mine.clauses == ("pot",) and mine.fresh == {} and mine.told[0].key == "narrate.you.meld"
    assert [e.kind for e in mine.events] == ["melded", "pot-taken"] and mine.events[1].cards  # the learner's own pot
    assert theirs.clauses == () and theirs.fresh["meld"] == [0, len(game.melds[0]) - 1] and theirs.fresh["pot"] == 0
    assert theirs.events[1].cards is None  # another seat's pot cards are not shown


def test_the_hand_over_is_known_to_the_session() -> None:
    table = TableSession("buraco", seed=7)
    assert not table.hand_over
    for _ in range(3000):
        if table.hand_over:
            break
        if table.bots_to_move:
            table.step()
            continue
        move = table.play("draw")
        if not move.played:
            table.play(f"discard {table.view.hand[0].code}")
    assert table.hand_over and table.view.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
