"""buraco_widgets: the ipywidgets views of the Buraco trainer (installed from widgets/).

Every widget is a thin view around ``buraco_core``: it shows the engine's state, sends the
learner's action to the engine and shows the engine's answer (its reason, when a play is
refused). Nothing here decides a rule or a point.

Every widget speaks the course's language: :func:`use_language` (``"en"`` or ``"de"``) sets it
for the widgets built after it in this kernel, and each widget's ``lang`` argument overrides it.
"""

from ._common import log_to_server
from .assignment import AssignmentMaker, AssignmentResults
from .cheatsheet import CheatSheet
from .choice import Choice
from .class_export import ClassExport
from .class_learners import ClassLearners
from .class_map import ClassMap, ClassMistakes
from .classroom import ClassLoader
from .feedback import FeedbackBox
from .game_table import GameTable
from .glossary import GlossaryList, GlossaryLookup
from .hand import Hand
from .handin import HandIn
from .house import HouseRules
from .keeper import GameKeeper
from .language import language, use_language
from .language_menu import LanguageMenu
from .mastery import MasteryMap
from .meld_views import MeldView, TableView
from .page_console import log_to_page
from .picker import RulesetPicker
from .progress import Progress, follow_course
from .puzzle import MeldPuzzle
from .quiz import PuzzleSet, Quiz
from .referee import RefereePage
from .review import Review
from .score_quiz import ScoreQuiz
from .scorepad import ScorePadPage
from .setlink import PageLink
from .tabletop import TableTop

__all__ = ["AssignmentMaker", "AssignmentResults", "CheatSheet", "Choice", "ClassExport", "ClassLearners", "ClassLoader",
           "ClassMap", "ClassMistakes", "FeedbackBox", "GameKeeper", "GameTable", "GlossaryList", "GlossaryLookup", "Hand", "HandIn",
           "HouseRules", "LanguageMenu", "MasteryMap", "MeldPuzzle", "MeldView", "PageLink", "Progress", "PuzzleSet", "Quiz",
           "RefereePage", "Review", "RulesetPicker", "ScorePadPage", "ScoreQuiz", "TableTop", "TableView", "follow_course", "language", "use_language"]

log_to_server()  # a bug a page meets is in the server's log, with its traceback
log_to_page()  # and in the page's browser console, without it

