"""Where the installed course is: the root the app hands down.

The installed course's files (the lessons of every language, the puzzle files, the syllabus, the
anchor index) are package data of the app, ``buraco_trainer`` (``trainer/``; in a checkout the
repository's ``lessons/``). The app is a floor above, so nothing here names it: the app's
distribution declares its course as an entry point of the group :data:`GROUP`
(pyproject.toml's ``[project.entry-points."buraco_core.course"]``), which travels with the installed
package as data, so a lesson's kernel (Voilà, nbval, the static site's Pyodide), where no code of
the app runs, finds it too. :func:`~buraco_core.teach.course.get_course` and a quiz dealt without a
syllabus (:func:`~buraco_core.teach.course.syllabus.deal_quiz`) both start here; everything else is
handed its course.

>>> (installed_root() / "course.json").is_file()
True
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import distributions
from pathlib import Path

__all__ = ["GROUP", "installed_root"]

#: The entry-point group an installed course is declared in (its value: the course's folder).
GROUP = "buraco_core.course"


def installed_root() -> Path:
    """The folder of the installed course, as the distribution that installed it declares it
    (the first entry point of :data:`GROUP`, by name). :class:`LookupError` where none is
    installed: then hand :func:`~buraco_core.teach.course.get_course` a folder."""
    # the folders of sys.path only: a zip on it (the static site's python313.zip) is read by a
    # ZipFile that Pyodide's memory snapshot left with a stale file handle, which says so on the page
    folders = [entry for entry in sys.path if os.path.isdir(entry or ".")]
    found = sorted((point for dist in distributions(path=folders) for point in dist.entry_points
                    if point.group == GROUP), key=lambda point: point.name)
    if not found:
        raise LookupError(f"no course is installed (no entry point in the group {GROUP!r}): install "
                          "buraco-trainer (pip install .), or hand get_course the folder of a course")
    return Path(found[0].load())
