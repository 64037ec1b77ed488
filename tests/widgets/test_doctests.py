"""The docstring examples of the widgets package run."""

import doctest
import importlib

import pytest

MODULES = ["hand", "meld_views", "picker", "progress", "course_settings", "feedback", "puzzle", "puzzle_buttons", "verdict",
           "score_quiz", "quiz", "steps", "answers", "game_table", "house", "language"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"buraco_widgets.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
