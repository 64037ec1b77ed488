"""The learner's answer: one small input per form of answer, found in :data:`INPUTS` by the name
the engine gives the form (:data:`buraco_core.teach.ANSWER_FORMS`, a kind's ``form``).

Each input draws its own controls from the session's :class:`~buraco_core.teach.Situation` and
reads them back with :meth:`AnswerInput.answer`, in the form :func:`buraco_core.teach.check`
takes; a puzzle never asks which form it shows. A new form of answer (an ordering, say) is one
more entry in the engine's ``ANSWER_FORMS`` and one more class here.

============ ==================================================== ==============================
form         controls                                              answer
============ ==================================================== ==============================
``cards``    the hand, to pick cards from                         the picked cards' codes
``extend``   the table's melds (one to click), the hand and, where ``(meld index, card codes)``
             the task asks, the end the wild card goes to          (and the end chosen)
``choice``   the options as a radio group (:class:`Choice`)        the chosen option's value
``number``   a box for a number (``.bw-number``)                  the number
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
from typing import Any, ClassVar

import ipywidgets

from buraco_core.messages import render
from buraco_core.sessions import Situation

from ._common import PlainLayout, description_style, plain_layout
from .choice import Choice
from .hand import Hand
from .meld_views import TableView
from .scene import melds_view

__all__ = ["INPUTS", "AnswerInput", "CardsInput", "ChoiceInput", "ExtendInput", "NumberInput", "input_for"]


class AnswerInput(PlainLayout, ipywidgets.VBox):  # type: ignore[misc]
    """The controls of one form of answer; it draws the parts of the situation the answer is
    picked from (``situation.picks``: the hand, the table), which the scene above leaves out.
    ``hand``, ``table``, ``choice``, ``number``, ``end``: its controls (None where it has none). This base
    class is the input of a puzzle that cannot be answered (an unknown kind): no controls."""

    form: ClassVar[str] = ""

    def __init__(self, situation: Situation, lang: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("bw-answer")
        self.situation = situation
        self.lang = lang
        self.hand: Hand | None = None
        self.table: TableView | None = None
        self.choice: Choice | None = None
        self.number: ipywidgets.IntText | None = None
        self.end: Choice | None = None

    def answer(self) -> object:
        """What the controls hold, in the form :func:`~buraco_core.teach.check` takes (None: nothing yet)."""
        return None

    def close(self) -> None:
        for child in self.children:
            child.close()
        super().close()

    def _hand(self) -> Hand:
        return Hand(list(self.situation.hand), label=self.situation.hand_label.text(self.lang), lang=self.lang)


class CardsInput(AnswerInput):
    """Cards picked from the hand."""

    form = "cards"

    def __init__(self, situation: Situation, lang: str, **kwargs: Any) -> None:
        super().__init__(situation, lang, **kwargs)
        self.hand = self._hand()
        self.children = [self.hand]

    def answer(self) -> object:
        assert self.hand is not None
        return [c.code for c in self.hand.selected_cards]


class ExtendInput(AnswerInput):
    """A meld of the table (the task's, already chosen, or one the learner clicks) and cards from
    the hand to add to it; where the task asks where the wild card goes (``situation.ends``), a
    choice of the ends too (``end``, :class:`Choice`; its value ``"low"``/``"high"``, or None)."""

    form = "extend"

    def __init__(self, situation: Situation, lang: str, **kwargs: Any) -> None:
        super().__init__(situation, lang, **kwargs)
        parts = melds_view(situation, lang, selectable=True)
        self.table = parts[-1]
        assert self.table is not None
        if situation.meld is not None:
            self.table.selected = [0, situation.meld]
        self.hand = self._hand()
        children: list[ipywidgets.Widget] = [*parts, self.hand]
        if situation.ends:
            self.end = Choice([(o.value, o.label.text(lang)) for o in situation.ends],
                              label=render("widget.wild-end", lang), lang=lang)
            self.end.add_class("bw-wild-end")
            children.append(self.end)
        self.children = children

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

    def __init__(self, situation: Situation, lang: str, **kwargs: Any) -> None:
        super().__init__(situation, lang, **kwargs)
        self.choice = Choice([(o.value, o.label.text(lang), o.cards) for o in situation.options],
                             label=render("widget.choose", lang), lang=lang)
        self.choice.add_class("bw-choice")
        self.children = [self.choice]

    def answer(self) -> object:
        assert self.choice is not None
        return self.choice.value


class NumberInput(AnswerInput):
    """A number typed in a box (``.bw-number``)."""

    form = "number"

    def __init__(self, situation: Situation, lang: str, **kwargs: Any) -> None:
        super().__init__(situation, lang, **kwargs)
        self.number = ipywidgets.IntText(value=0, description=situation.number_label.text(lang),
                                         layout=plain_layout(width="16em", max_width="100%"),
                                         style=description_style())
        self.number.add_class("bw-number")
        self.children = [self.number]

    def answer(self) -> object:
        assert self.number is not None
        return self.number.value


#: The input of each form of answer, by the form's name.
INPUTS: Mapping[str, type[AnswerInput]] = {cls.form: cls for cls in (CardsInput, ExtendInput, ChoiceInput, NumberInput)}


def input_for(situation: Situation, lang: str) -> AnswerInput:
    """The input for the situation's form of answer (no controls for a puzzle that has none)."""
    return INPUTS.get(situation.form, AnswerInput)(situation, lang)
