"""A page's kernel keeps what its cells built out of the garbage collector's way between cells.

A lesson's cells build the page once: the imports, the course, the puzzles and their widgets stay
for as long as the page is open. Python's collector still walked all of them in every full
collection, and twice more when the tab closed (IPython's reset and the interpreter's own end):
a closed lesson's kernel spent 0.15 s of CPU on its way out, a bare ipywidgets page's 0.12 s, most
of it there. For a class arriving at a warm pool that was about half of the server's CPU per
learner (issue 38).

So once a cell has run, everything alive is frozen (:func:`gc.freeze`: the collector skips it; a
frozen object whose last reference goes is freed as ever), after a young collection that clears
what the cell left in cycles; and before the next cell runs, it is thawed, so a notebook run again
and again in JupyterLab does not keep each run's old widgets. What the learner's clicks make
between cells (a new question, a feedback line) is collected as before. Importing the widgets
does it, once per kernel, first thing: what the kernel held before (IPython, ipywidgets) is frozen
at once, so the collections the imports set off do not walk it (the first cell of lesson 04 took
0.155 s of CPU instead of 0.175 s). Outside IPython it does nothing.
"""

from __future__ import annotations

import gc
from typing import Any

__all__ = ["freeze_between_cells"]


def _freeze(_result: Any = None) -> None:
    gc.collect(1)
    gc.freeze()


def _thaw(_info: Any = None) -> None:
    gc.unfreeze()


def freeze_between_cells(shell: Any = None) -> bool:
    """Freeze what is alive after each cell of ``shell`` (the running IPython by default), thaw it
    before the next; once per shell. False where there is no IPython shell."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    events = getattr(shell, "events", None)
    if events is None:
        return False
    # found by name, also when this module was imported a second time
    mine = (__name__, _freeze.__name__)
    if not any((getattr(f, "__module__", ""), getattr(f, "__name__", "")) == mine
               for f in events.callbacks.get("post_run_cell", [])):
        events.register("pre_run_cell", _thaw)
        events.register("post_run_cell", _freeze)
        gc.freeze()  # the kernel's own, while the cell importing the widgets runs (until it ends)
    return True
