"""A link to the lesson section that teaches a clause: what a verdict's feedback, a quiz and a
course's coverage hand the learner (the course makes it, :meth:`~buraco_core.teach.course.Course.link`).
It lives below them all, as a value, so that the feedback needs no course."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Link"]


class Link(NamedTuple):
    """Where a clause is taught: the href (relative to a lesson's page, the same in every language)
    and the words of the link (``lesson 04, A turn, step by step``); both empty where no lesson
    teaches it."""

    href: str
    words: str
