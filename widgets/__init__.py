"""buraco_widgets: the ipywidgets views of the Buraco trainer (installed from widgets/).

Every widget is a thin view around ``buraco_core``: it shows the engine's state, sends the
learner's action to the engine and shows the engine's answer (its reason, when a play is
refused). Nothing here decides a rule or a point.

Every widget speaks the course's language: :func:`use_language` (``"en"`` or ``"de"``) sets it
for the widgets built after it in this kernel, and each widget's ``lang`` argument overrides it.

Importing the package imports none of its widgets: each name imports its module when a page first
uses it (PEP 562), so a lesson pays for the widgets it shows, not for the teacher's page or the game
table (about a third of what ``import buraco_widgets`` cost a lesson's first cell).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .kernel_gc import freeze_between_cells

freeze_between_cells()  # first: what the cells build stays out of the collector's way (issue 38)

from ._common import log_to_server  # noqa: E402

# every widget speaks the language; imported here, so that the module's name does not hide the function
from .language import language as language  # noqa: E402
from .language import use_language as use_language  # noqa: E402
from .page_console import log_to_page  # noqa: E402

if TYPE_CHECKING:  # what a type checker and an editor see; at run time __getattr__ imports each on first use
    from .assignment import AssignmentMaker as AssignmentMaker
    from .assignment import AssignmentResults as AssignmentResults
    from .cheatsheet import CheatSheet as CheatSheet
    from .choice import Choice as Choice
    from .class_export import ClassExport as ClassExport
    from .class_learners import ClassLearners as ClassLearners
    from .class_map import ClassMap as ClassMap
    from .class_map import ClassMistakes as ClassMistakes
    from .classroom import ClassLoader as ClassLoader
    from .feedback import FeedbackBox as FeedbackBox
    from .game_table import GameTable as GameTable
    from .glossary import GlossaryList as GlossaryList
    from .glossary import GlossaryLookup as GlossaryLookup
    from .hand import Hand as Hand
    from .handin import HandIn as HandIn
    from .house import HouseRules as HouseRules
    from .keeper import GameKeeper as GameKeeper
    from .language_menu import LanguageMenu as LanguageMenu
    from .mastery import MasteryMap as MasteryMap
    from .meld_views import MeldView as MeldView
    from .meld_views import TableView as TableView
    from .picker import RulesetPicker as RulesetPicker
    from .progress import Progress as Progress
    from .progress import follow_course as follow_course
    from .puzzle import MeldPuzzle as MeldPuzzle
    from .quiz import PuzzleSet as PuzzleSet
    from .quiz import Quiz as Quiz
    from .referee import RefereePage as RefereePage
    from .review import Review as Review
    from .score_quiz import ScoreQuiz as ScoreQuiz
    from .scorepad import ScorePadPage as ScorePadPage
    from .setlink import PageLink as PageLink
    from .tabletop import TableTop as TableTop

#: Each name of the face and the module it lives in (tests/widgets/test_face.py holds it to the
#: imports above).
_WHERE: dict[str, str] = {
    "AssignmentMaker": "assignment",
    "AssignmentResults": "assignment",
    "CheatSheet": "cheatsheet",
    "Choice": "choice",
    "ClassExport": "class_export",
    "ClassLearners": "class_learners",
    "ClassLoader": "classroom",
    "ClassMap": "class_map",
    "ClassMistakes": "class_map",
    "FeedbackBox": "feedback",
    "GameKeeper": "keeper",
    "GameTable": "game_table",
    "GlossaryList": "glossary",
    "GlossaryLookup": "glossary",
    "Hand": "hand",
    "HandIn": "handin",
    "HouseRules": "house",
    "LanguageMenu": "language_menu",
    "MasteryMap": "mastery",
    "MeldPuzzle": "puzzle",
    "MeldView": "meld_views",
    "PageLink": "setlink",
    "Progress": "progress",
    "PuzzleSet": "quiz",
    "Quiz": "quiz",
    "RefereePage": "referee",
    "Review": "review",
    "RulesetPicker": "picker",
    "ScorePadPage": "scorepad",
    "ScoreQuiz": "score_quiz",
    "TableTop": "tabletop",
    "TableView": "meld_views",
    "follow_course": "progress",
}

__all__ = sorted([*_WHERE, "language", "use_language"])


def __getattr__(name: str) -> Any:
    """The widget ``name`` from its module, imported on first use (then kept as the package's own)."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


log_to_server()  # a bug a page meets is in the server's log, with its traceback
log_to_page()  # and in the page's browser console, without it
