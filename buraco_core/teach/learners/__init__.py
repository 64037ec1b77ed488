"""The learners: what a learner has answered (:class:`Record`, read and written as text the
learner keeps), how well each clause is known and when it is due again (:mod:`.mastery`), a
hand-in to the class (:mod:`.handin`), a teacher's assignment and its link (:mod:`.assignment`,
:mod:`.links`), the class read from its hand-ins (:mod:`.classroom`) and its printed report
(:mod:`.class_report`), and a sample class to try the teacher's page with (:mod:`.sample_class`).
"""

from .assignment import Assignment, AssignmentError, parse_assignment
from .class_report import report_document, report_html, report_stylesheet
from .classroom import (
    BEHIND_BY,
    LEVELS,
    ClassView,
    Learner,
    MistakeRow,
    Problem,
    answer_words,
    assignment_results,
    course_puzzles,
    mistake_words,
    pasted_codes,
    question_words,
    read_class,
    read_folder,
)
from .handin import (
    HandIn,
    HandInError,
    class_folder,
    hand_in,
    hub_user,
    read_progress,
    write_to_class,
)
from .links import REVIEW_PAGE, assignment_link
from .mastery import (
    Answer,
    ClauseState,
    clause_states,
    mixed_plan,
    next_due,
    review_plan,
)
from .record import DEFAULT_RULESET, LearnerClock, Record, read_record, solved_lines
from .sample_class import ASSIGNMENT, sample_class

__all__ = [
    "ASSIGNMENT",
    "BEHIND_BY",
    "DEFAULT_RULESET",
    "LEVELS",
    "REVIEW_PAGE",
    "Answer",
    "Assignment",
    "AssignmentError",
    "ClassView",
    "ClauseState",
    "HandIn",
    "HandInError",
    "Learner",
    "LearnerClock",
    "MistakeRow",
    "Problem",
    "Record",
    "answer_words",
    "assignment_link",
    "assignment_results",
    "class_folder",
    "clause_states",
    "course_puzzles",
    "hand_in",
    "hub_user",
    "mistake_words",
    "mixed_plan",
    "next_due",
    "parse_assignment",
    "pasted_codes",
    "question_words",
    "read_class",
    "read_folder",
    "read_progress",
    "read_record",
    "report_document",
    "report_html",
    "report_stylesheet",
    "review_plan",
    "sample_class",
    "solved_lines",
    "write_to_class",
]
