"""The learners: what a learner has answered (:class:`Record`, read and written as text the
learner keeps), how well each clause is known and when it is due again (:mod:`.mastery`), a
hand-in to the class (:mod:`.handin`), a teacher's assignment and its link (:mod:`.assignment`,
:mod:`.links`), the class read from its hand-ins (:mod:`.classroom`) and its printed report
(:mod:`.class_report`), and a sample class to try the teacher's page with (:mod:`.sample_class`).
"""

from .assignment import Assignment, AssignmentError, parse_assignment
from .classroom import read_class
from .handin import HandIn, HandInError, hand_in, read_handin
from .links import assignment_link
from .mastery import Answer, ClauseState, RecordError, clause_states, review_plan
from .record import Record, read_record

__all__ = [
    "Answer",
    "Assignment",
    "AssignmentError",
    "ClauseState",
    "HandIn",
    "HandInError",
    "Record",
    "RecordError",
    "assignment_link",
    "clause_states",
    "hand_in",
    "parse_assignment",
    "read_class",
    "read_handin",
    "read_record",
    "review_plan",
]
