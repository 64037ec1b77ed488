"""A page's kernel freezes what its cells built between cells, and thaws it while a cell runs
(buraco_widgets.kernel_gc, issue 38). Cells run here as IPython runs them, with IPython's own
event manager (an InteractiveShell in this process would leave IPython's builtins to the tests
after it); one test imports the widgets in a real shell, in a process of its own."""

from __future__ import annotations

import gc
import subprocess
import sys
import textwrap
import weakref
from collections.abc import Iterator
from typing import Any

import pytest
from buraco_widgets import kernel_gc
from buraco_widgets.kernel_gc import freeze_between_cells
from IPython.core.events import EventManager, available_events


class Cells:
    """Runs cells as IPython does: ``pre_run_cell``, the code, ``post_run_cell``."""

    def __init__(self) -> None:
        self.events = EventManager(self, available_events)
        self.user_ns: dict[str, Any] = {}

    def run_cell(self, source: str) -> None:
        self.events.trigger("pre_run_cell", None)
        try:
            exec(source, self.user_ns)
        finally:
            self.events.trigger("post_run_cell", None)


@pytest.fixture
def shell() -> Iterator[Cells]:
    yield Cells()
    gc.unfreeze()


def test_what_a_cell_built_is_frozen_after_it_and_thawed_while_the_next_runs(shell: Cells) -> None:
    assert freeze_between_cells(shell)
    assert gc.get_freeze_count() > 0  # what the process held already, while the importing cell runs
    shell.run_cell("import gc\nbuilt = [object() for _ in range(10)]")
    assert gc.get_freeze_count() > 0  # the page as the cell left it
    shell.run_cell("while_running = gc.get_freeze_count()")
    assert shell.user_ns["while_running"] == 0
    assert gc.get_freeze_count() > 0


def test_a_cycle_built_by_one_cell_and_dropped_by_the_next_is_collected(shell: Cells) -> None:
    """A notebook run again and again (JupyterLab) keeps no old run's widgets: while a cell runs,
    what earlier cells built is the collector's again (here a full collection the cell asks for;
    Python's own come as a cell allocates)."""
    freeze_between_cells(shell)
    shell.run_cell("import gc\nclass Node:\n    pass\nnode = Node()\nnode.me = node")
    gone = weakref.ref(shell.user_ns["node"])
    shell.run_cell("del node")
    assert gone() is not None  # a cycle: only the collector frees it, and it was frozen again
    shell.run_cell("gc.collect()")
    assert gone() is None


def test_the_hooks_are_registered_once_per_shell(shell: Cells) -> None:
    for _ in range(3):
        freeze_between_cells(shell)
    for event in ("pre_run_cell", "post_run_cell"):
        assert sum(getattr(f, "__module__", "") == kernel_gc.__name__ for f in shell.events.callbacks[event]) == 1


def test_without_an_ipython_shell_nothing_is_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    import IPython

    monkeypatch.setattr(IPython, "get_ipython", lambda: None)  # as outside a kernel
    assert freeze_between_cells() is False
    assert freeze_between_cells(object()) is False
    assert gc.get_freeze_count() == 0


def test_importing_the_widgets_in_ipython_freezes_after_each_cell() -> None:
    """The real path: a kernel's shell, a first cell importing the widgets, a second cell."""
    script = textwrap.dedent("""
        import gc
        from IPython.core.interactiveshell import InteractiveShell
        from traitlets.config import Config
        config = Config()
        config.HistoryManager.enabled = False
        shell = InteractiveShell.instance(config=config)
        assert shell.run_cell("import buraco_widgets").success
        after_first = gc.get_freeze_count()
        assert shell.run_cell("import gc; during = gc.get_freeze_count()").success
        print(after_first > 0, shell.user_ns["during"] == 0, gc.get_freeze_count() > 0)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True"]
