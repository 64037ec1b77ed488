"""Every error a learner can meet answers the same way (``.key``, ``.params``, ``.explain(lang)``,
``str()`` in English), from one base, so a page shows any of them without asking which it is; a
bug is logged with its traceback, never swallowed."""

from __future__ import annotations

import dataclasses
import importlib
import logging
import pickle
import pkgutil
from collections.abc import Callable

import pytest

import buraco_core
from buraco_core import RULESETS, get_rules, parse_cards
from buraco_core.errors import LearnerError, NotationError, Refusal, learner_message, message_of
from buraco_core.game.actions import IllegalAction
from buraco_core.melds import InvalidMeld
from buraco_core.messages import Message, catalog
from buraco_core.rules import RulesError
from buraco_core.sessions.puzzle import SessionError
from buraco_core.teach.learners.assignment import AssignmentError, parse_assignment
from buraco_core.teach.learners.handin import HandInError
from buraco_core.teach.learners.mastery import RecordError
from buraco_core.variants import VariantError, parse_variant


def _raised(make: Callable[[], object]) -> LearnerError:
    with pytest.raises(LearnerError) as caught:
        make()
    return caught.value


#: One error of each kind, made the way a learner meets it where that is one call.
EXAMPLES: dict[type[LearnerError], Callable[[], LearnerError]] = {
    NotationError: lambda: _raised(lambda: parse_cards("4x")),
    Refusal: lambda: Refusal("wild-one", "meld.one-wild-set"),
    InvalidMeld: lambda: InvalidMeld("wild-one", "meld.one-wild-set"),
    IllegalAction: lambda: IllegalAction("wild-one", "meld.one-wild-set"),
    RulesError: lambda: _raised(lambda: get_rules("canasta")),
    VariantError: lambda: _raised(lambda: parse_variant("")),
    RecordError: lambda: RecordError("answer-lacks", fields="clause"),
    SessionError: lambda: SessionError(Message("widget.no-other", {"error": Message("widget.unexpected")})),
    HandInError: lambda: HandInError("handin.name-missing"),
    AssignmentError: lambda: _raised(lambda: parse_assignment("n:0")),
}


def _every_module() -> None:
    for info in pkgutil.walk_packages(buraco_core.__path__, "buraco_core."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)


def _subclasses(cls: type[LearnerError]) -> set[type[LearnerError]]:
    found = set(cls.__subclasses__())
    return found.union(*(_subclasses(c) for c in found))


def test_every_error_a_learner_meets_is_one_of_the_protocol() -> None:
    _every_module()
    assert _subclasses(LearnerError) == set(EXAMPLES)  # a new kind of error gets an example here


@pytest.mark.parametrize("cls", list(EXAMPLES), ids=lambda c: c.__name__)
def test_each_kind_says_why_in_every_language_of_the_catalog(cls: type[LearnerError]) -> None:
    error = EXAMPLES[cls]()
    assert type(error) is cls and isinstance(error, ValueError)
    assert error.key == error.message.key and error.params == dict(error.message.params)
    assert error.key in catalog("en") and error.key in catalog("de")
    assert str(error) == error.explain("en") == error.explain()
    assert error.explain("de") == error.message.text("de") != error.explain("en")
    assert message_of(error) is error.message
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), again.key, again.params, str(again)) == (cls, error.key, error.params, str(error))


def test_a_ruleset_that_contradicts_itself_says_each_problem_in_the_catalogs_words() -> None:
    error = _raised(lambda: dataclasses.replace(RULESETS["buraco"], target=100, pots=3))
    assert isinstance(error, RulesError) and [p.key for p in error.problems] == ["pots-count", "target-range"]
    assert str(error) == "; ".join(p.text for p in error.problems)  # the developer's sentences, as before
    german = error.explain("de")
    assert all(p.message.text("de") in german for p in error.problems)


def test_a_wrong_player_count_is_the_same_sentence_the_comparison_uses() -> None:
    from buraco_core.game.state import new_game, players_problem

    error = _raised(lambda: new_game("italian", 3))
    assert error.message == players_problem(RULESETS["italian"], 3)


def test_a_bug_is_logged_with_its_traceback_and_the_page_gets_a_sentence(caplog: pytest.LogCaptureFixture) -> None:
    log = logging.getLogger("buraco_core.test")

    def broken() -> None:
        raise KeyError("seat")  # the bug

    try:
        broken()
    except KeyError as bug:
        with caplog.at_level(logging.ERROR):
            said = learner_message(bug, log, "testing")
    assert said == Message("widget.unexpected")
    (record,) = caplog.records
    assert record.levelno == logging.ERROR and record.getMessage().startswith("testing:")
    assert record.exc_info is not None and "in broken" in caplog.text and "KeyError" in caplog.text


def test_an_error_with_its_own_sentence_is_no_bug(caplog: pytest.LogCaptureFixture) -> None:
    error = EXAMPLES[NotationError]()
    with caplog.at_level(logging.DEBUG):
        assert learner_message(error, logging.getLogger("buraco_core.test")) is error.message
    assert not caplog.records


def _a_bug(*_args: object) -> object:
    raise KeyError("seat")  # the bug


def test_a_bug_in_checking_a_puzzle_is_logged_and_the_page_says_the_trainer_met_one(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    from buraco_core.sessions import PuzzleSession
    from buraco_core.sessions import puzzle as session
    from buraco_core.teach import check, generate
    from buraco_core.teach.puzzles import core

    puzzle = generate("make-meld", "buraco", 1)
    monkeypatch.setattr(core, "get_rules", _a_bug)
    with caplog.at_level(logging.ERROR):
        fb = check(puzzle, [])
    assert fb.verdict == Message("teach.broken", {"error": Message("widget.unexpected")})  # not the bug's "'seat'"
    assert "in _a_bug" in caplog.text and puzzle.id in caplog.text

    caplog.clear()
    monkeypatch.setattr(session, "check", _a_bug)
    with caplog.at_level(logging.ERROR):
        fb = PuzzleSession(puzzle).check(["4h"])
    assert fb.verdict == Message("widget.could-not-check", {"error": Message("widget.unexpected")})
    assert not fb.answered and "in _a_bug" in caplog.text
