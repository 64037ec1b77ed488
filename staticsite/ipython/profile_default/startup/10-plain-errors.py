# Run by IPython while the static site's kernel starts (after 00-preload.py). Voila hides a failing
# cell's traceback (voila.json: show_tracebacks false); Voici shows it, so here a cell that fails says
# in plain words what happened instead, and the details go to the browser's developer console for a
# teacher. A malformed puzzle file is named with its file and line, as `check-puzzles` prints it.
import sys
import traceback

from IPython import get_ipython

from buraco_core.teach import PuzzleError

#: What a learner reads when a part of a lesson cannot run in the browser.
CANNOT_RUN = ("This part of the lesson could not run in your browser, so it is left out; the rest of "
              "the page works. Your teacher can open this lesson in the Voila app instead.")
#: What a learner reads when a puzzle file of the lesson has a mistake ({problem}: file:line: message).
PUZZLE_FILE = "This puzzle could not be shown: its puzzle file has a mistake ({problem})."


def _plain_error(shell, etype, value, tb, tb_offset=None):  # type: ignore[no-untyped-def]
    """IPython's custom exception handler: the sentence goes to the page where the traceback would
    (the kernel's error reply), the traceback to the developer console."""
    print("".join(traceback.format_exception(etype, value, tb)), file=sys.__stderr__)
    shown = [PUZZLE_FILE.format(problem=value) if isinstance(value, PuzzleError) else CANNOT_RUN]
    shell._showtraceback(etype, value, shown)
    return shown


_shell = get_ipython()
if _shell is not None:
    _shell.set_custom_exc((Exception,), _plain_error)
del _shell
