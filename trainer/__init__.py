"""The Buraco trainer as installed: where its files are.

The course (the lessons of every language, the puzzle files, the syllabus and the anchor index,
:data:`LESSONS`), Voilà's settings (:data:`VOILA_JSON`) and the lab template without CDN links
(:data:`JUPYTER_PATH`, a folder for ``JUPYTER_PATH``) are package data of this package, in
``data/``, laid out as in the repository; in a checkout (an editable install) they are the
repository's own files. ``buraco-trainer`` (:mod:`buraco_trainer.app`) serves them with Voilà.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["JUPYTER_PATH", "LESSONS", "ROOT", "VOILA_JSON"]

_HERE = Path(__file__).resolve().parent
#: The folder holding ``lessons/``, ``share/jupyter/`` and ``voila.json``: the package data in a
#: wheel, the repository's root in a checkout.
ROOT = _HERE / "data" if (_HERE / "data" / "voila.json").is_file() else _HERE.parent
#: The installed course (see :mod:`buraco_core.teach.course`).
LESSONS = ROOT / "lessons"
#: Voilà's settings.
VOILA_JSON = ROOT / "voila.json"
#: Voilà's lab template without CDN links, under ``voila/templates/lab/``.
JUPYTER_PATH = ROOT / "share" / "jupyter"
