"""RulesetPicker: a dropdown of the engine's rulesets that the lesson's widgets follow.

The landing page's picker is the course's setting (``RulesetPicker(course=True)``): the learner's
choice is kept in the browser (:meth:`Progress.choose_ruleset`). Every other picker starts from
that choice, once the browser has said it (``RulesetPicker()``), and a change there deals that
page's linked widgets in another ruleset without changing the course's. A picker made with a
ruleset of its own (``RulesetPicker("italian")``) keeps it.

>>> from buraco_widgets import Hand, RulesetPicker, TableView
>>> picker = RulesetPicker()
>>> table = TableView(["4h 5h 6h"])
>>> _ = picker.link(table)
>>> picker.value = "italian"; table.rules
'italian'
"""

from __future__ import annotations

from typing import Any

import ipywidgets
import traitlets

from buraco_core import Rules
from buraco_core.messages import render, show

from ._common import PlainLayout, as_rules, description_style, ruleset_names
from .language import resolve
from .progress import Progress

__all__ = ["RulesetPicker"]


class RulesetPicker(PlainLayout, ipywidgets.Dropdown):  # type: ignore[misc]
    """Choose one of ``buraco_core.RULESETS``; every linked widget's ``rules`` trait follows.

    A widget can be linked if it has a ``rules`` trait (all the lesson widgets do); a puzzle
    re-deals itself in the new ruleset.
    """

    def __init__(self, value: Rules | str | None = None, *, lang: str | None = None, course: bool = False,
                 progress: Progress | None = None, **kwargs: Any) -> None:
        lang = resolve(lang)
        kwargs.setdefault("description", render("widget.ruleset-menu", lang))
        kwargs.setdefault("style", description_style(description_width="initial"))
        # a learner reads the rulesets' display names; the value stays the ruleset's name
        options = [(show(as_rules(name), lang), name) for name in ruleset_names()]
        self._course = progress if progress is not None else Progress.shared()
        start = as_rules(value if value is not None else self._course.ruleset).name
        super().__init__(options=options, value=start, **kwargs)
        self.add_class("bw-ruleset-picker")
        self._links: list[traitlets.dlink] = []
        self.course = course
        if value is None or course:
            self._course.follow(self, trait="value")
        if course:
            self.observe(lambda change: self._course.choose_ruleset(change["new"]), "value")

    @property
    def rules(self) -> Rules:
        return as_rules(self.value)

    def link(self, *widgets: traitlets.HasTraits) -> RulesetPicker:
        """Make each widget's ``rules`` follow this picker (set now, and on every change)."""
        for widget in widgets:
            if not widget.has_trait("rules"):
                raise TypeError(f"{type(widget).__name__} has no 'rules' trait to follow a ruleset")
            self._links.append(traitlets.dlink((self, "value"), (widget, "rules")))
        return self

    def unlink(self) -> None:
        for link in self._links:
            link.unlink()
        self._links.clear()
