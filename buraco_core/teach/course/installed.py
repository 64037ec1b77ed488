"""Where the installed course is: the one place that asks the app for it.

The installed course's files (the lessons of every language, the puzzle files, the syllabus, the
anchor index) are package data of the app, ``buraco_trainer`` (``trainer/``; in a checkout the
repository's ``lessons/``). :func:`~buraco_core.teach.course.get_course` and a quiz dealt without a
syllabus (:func:`~buraco_core.teach.course.syllabus.deal_quiz`) both start here; everything else is handed
its course.
"""

from __future__ import annotations

import importlib
from pathlib import Path

__all__ = ["installed_root"]


def installed_root() -> Path:
    """The folder of the installed course (``buraco_trainer.LESSONS``)."""
    # the app is a floor above: it is found by name when asked, never imported (issue 35: the app
    # is to hand the root down instead)
    trainer = importlib.import_module("buraco_trainer")
    return Path(trainer.LESSONS)
