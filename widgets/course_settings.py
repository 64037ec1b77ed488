"""Widgets that follow the course's ruleset: a puzzle, a quiz, the game table, the cheat sheet and
a ruleset picker made in a lesson take the ruleset the learner chose for the course (a setting of
the learner's record in :class:`~buraco_widgets.Progress`: :meth:`Progress.choose_ruleset
<buraco_widgets.Progress.choose_ruleset>`), now, when the browser says which it is, and when the
learner chooses another; until the learner has chosen one, each keeps the ruleset it was made
with. Each widget's own observer of its ruleset deals in the new one.

>>> import traitlets
>>> from buraco_widgets import Progress
>>> from buraco_widgets.course_settings import follow
>>> class Shown(traitlets.HasTraits):
...     rules = traitlets.Unicode("buraco")
>>> progress, shown = Progress(), Shown()
>>> follow(progress, shown)
>>> shown.rules                      # nothing chosen yet: as it was made
'buraco'
>>> progress.choose_ruleset("italian")
>>> shown.rules
'italian'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import traitlets

if TYPE_CHECKING:
    from .progress import Progress

__all__ = ["follow"]


def follow(progress: Progress, *widgets: traitlets.HasTraits, trait: str = "rules") -> None:
    """Make the trait ``trait`` of each widget (one that holds a ruleset's name) follow the
    course's ruleset of ``progress``, as :class:`Progress` reads it from its ``settings``."""
    for widget in widgets:
        if not widget.has_trait(trait):
            raise TypeError(f"{type(widget).__name__} has no {trait!r} trait to follow the course's ruleset")
        update = functools.partial(_follow, progress, widget, trait)
        update(None)
        progress.observe(update, "settings")


def _follow(progress: Progress, widget: traitlets.HasTraits, trait: str, _change: Any) -> None:
    name = progress.chosen_ruleset
    if name and getattr(widget, trait) != name:
        widget.set_trait(trait, name)
