"""buraco_widgets: the ipywidgets views of the Buraco trainer (installed from widgets/).

Every widget is a thin view around ``buraco_core``: it shows the engine's state, sends the
learner's action to the engine and shows the engine's answer (its reason, when a play is
refused). Nothing here decides a rule or a point.
"""

from .choice import Choice
from .feedback import FeedbackBox
from .game_table import GameTable
from .hand import Hand
from .keeper import GameKeeper
from .picker import RulesetPicker
from .progress import Progress
from .puzzle import MeldPuzzle, PuzzleSet, Quiz, ScoreQuiz
from .table import MeldView, TableView
from .tabletop import TableTop

__all__ = ["Choice", "FeedbackBox", "GameKeeper", "GameTable", "Hand", "MeldPuzzle", "MeldView", "Progress", "PuzzleSet", "Quiz", "RulesetPicker",
           "ScoreQuiz", "TableTop", "TableView"]
