"""The learner's answer: one small input per form of answer, found in :data:`INPUTS` by the name
the engine gives the form (:data:`buraco_core.teach.ANSWER_FORMS`, a kind's ``form``).

Each input draws its own controls from the session's :class:`~buraco_core.teach.Situation`, as
parts of the puzzle's one model (:mod:`buraco_widgets.parts`), and reads them back with
:meth:`AnswerInput.answer`, in the form :func:`buraco_core.teach.check` takes; a puzzle never asks
which form it shows. A new form of answer (an ordering, say) is one
more entry in the engine's ``ANSWER_FORMS`` and one more class here.

============ ==================================================== ==============================
form         controls                                              answer
============ ==================================================== ==============================
``cards``    the hand, to pick cards from                         the picked cards' codes
``extend``   the table's melds (one to click), the hand and, where ``(meld index, card codes)``
             the task asks, the end the wild card goes to          (and the end chosen)
``choice``   the options as a radio group (:class:`Choice`)        the chosen option's value
``number``   a box for a number (``.bw-number``)                   the number
============ ==================================================== ==============================

>>> from buraco_core.teach import generate
>>> from buraco_core.sessions import PuzzleSession
>>> situation = PuzzleSession(generate("meld-value", "buraco", 3)).situation()
>>> box = INPUTS[situation.form](situation, "en")
>>> box.number.value = 40; box.answer()
40
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from buraco_core.messages import render
from buraco_core.sessions import Situation

from .choice import ChoicePart
from .hand import HandPart
from .meld_views import TablePart
from .parts import Number, Part
from .scene import melds_view

__all__ = ["INPUTS", "AnswerInput", "CardsInput", "ChoiceInput", "ExtendInput", "NumberInput", "input_for"]


class AnswerInput:
    """The controls of one form of answer; it draws the parts of the situation the answer is
    picked from (``situation.picks``: the hand, the table), which the scene above leaves out.
    ``parts``: its controls by slot (``note``, ``table``, ``hand``, ``end``, ``choice``, ``number``), in order;
    ``hand``, ``table``, ``choice``, ``number``, ``end``: each (None where it has none). This base
    class is the input of a puzzle that cannot be answered (an unknown kind): no controls."""

    form: ClassVar[str] = ""

    def __init__(self, situation: Situation, lang: str) -> None:
        self.situation = situation
        self.lang = lang
        self.parts: dict[str, Part] = {}
        self.hand: HandPart | None = None
        self.table: TablePart | None = None
        self.choice: ChoicePart | None = None
        self.number: Number | None = None
        self.end: ChoicePart | None = None

    def answer(self) -> object:
        """What the controls hold, in the form :func:`~buraco_core.teach.check` takes (None: nothing yet)."""
        return None

    def _hand(self) -> HandPart:
        self.hand = HandPart(list(self.situation.hand), label=self.situation.hand_label.text(self.lang), lang=self.lang)
        self.parts["hand"] = self.hand
        return self.hand


class CardsInput(AnswerInput):
    """Cards picked from the hand."""

    form = "cards"

    def __init__(self, situation: Situation, lang: str) -> None:
        super().__init__(situation, lang)
        self._hand()

    def answer(self) -> object:
        assert self.hand is not None
        return [c.code for c in self.hand.selected_cards]


class ExtendInput(AnswerInput):
    """A meld of the table (the task's, already chosen, or one the learner clicks) and cards from
    the hand to add to it; where the task asks where the wild card goes (``situation.ends``), a
    choice of the ends too (``end``, :class:`Choice`; its value ``"low"``/``"high"``, or None)."""

    form = "extend"

    def __init__(self, situation: Situation, lang: str) -> None:
        super().__init__(situation, lang)
        note, self.table = melds_view(situation, lang, selectable=True)
        if note is not None:
            self.parts["note"] = note
        self.parts["table"] = self.table
        if situation.meld is not None:
            self.table.selected = [0, situation.meld]
        self._hand()
        if situation.ends:
            self.end = ChoicePart([(o.value, o.label.text(lang)) for o in situation.ends],
                                  label=render("widget.wild-end", lang), lang=lang)
            self.end.add_class("bw-wild-end")
            self.parts["end"] = self.end

    def answer(self) -> object:
        assert self.hand is not None and self.table is not None
        cards = [c.code for c in self.hand.selected_cards]
        meld = self.table.selected[1] if len(self.table.selected) == 2 else self.situation.default_meld
        if meld is None:
            return None
        if self.end is not None and self.end.value is not None:
            return (int(meld), cards, self.end.value)
        return (int(meld), cards)


class ChoiceInput(AnswerInput):
    """One of the options, as a radio group (card pictures inside the options that are cards)."""

    form = "choice"

    def __init__(self, situation: Situation, lang: str) -> None:
        super().__init__(situation, lang)
        self.choice = ChoicePart([(o.value, o.label.text(lang), o.cards) for o in situation.options],
                                 label=render("widget.choose", lang), lang=lang)
        self.choice.add_class("bw-choice")
        self.parts["choice"] = self.choice

    def answer(self) -> object:
        assert self.choice is not None
        return self.choice.value


class NumberInput(AnswerInput):
    """A number typed in a box (``.bw-number``)."""

    form = "number"

    def __init__(self, situation: Situation, lang: str) -> None:
        super().__init__(situation, lang)
        self.number = Number(value=0, description=situation.number_label.text(lang))
        self.number.add_class("bw-number")
        self.parts["number"] = self.number

    def answer(self) -> object:
        assert self.number is not None
        return self.number.value


#: The input of each form of answer, by the form's name.
INPUTS: Mapping[str, type[AnswerInput]] = {cls.form: cls for cls in (CardsInput, ExtendInput, ChoiceInput, NumberInput)}


def input_for(situation: Situation, lang: str) -> AnswerInput:
    """The input for the situation's form of answer (no controls for a puzzle that has none)."""
    return INPUTS.get(situation.form, AnswerInput)(situation, lang)
