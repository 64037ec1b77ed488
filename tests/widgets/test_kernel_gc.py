"""A page's kernel freezes what its cells built between cells, and thaws it while a cell runs
(buraco_widgets.kernel_gc, issue 38): run in a real IPython shell, as a kernel runs cells."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from buraco_widgets import kernel_gc
from buraco_widgets.kernel_gc import freeze_between_cells
from IPython.core.interactiveshell import InteractiveShell


@pytest.fixture
def shell() -> Iterator[InteractiveShell]:
    shell = InteractiveShell()
    yield shell
    gc.unfreeze()
    for event in ("pre_run_cell", "post_run_cell"):
        shell.events.callbacks[event] = [f for f in shell.events.callbacks[event]
                                         if getattr(f, "__module__", "") != kernel_gc.__name__]


def run(shell: InteractiveShell, source: str) -> None:
    result = shell.run_cell(source)
    assert result.success, result.error_in_exec or result.error_before_exec


def test_what_a_cell_built_is_frozen_after_it_and_thawed_while_the_next_runs(shell: InteractiveShell) -> None:
    assert freeze_between_cells(shell)
    assert gc.get_freeze_count() > 0  # what the kernel held already, while the importing cell runs
    run(shell, "import gc\nbuilt = [object() for _ in range(10)]")
    assert gc.get_freeze_count() > 0  # the page as the cell left it
    run(shell, "while_running = gc.get_freeze_count()")
    assert shell.user_ns["while_running"] == 0
    assert gc.get_freeze_count() > 0


def test_a_cycle_built_by_one_cell_and_dropped_by_the_next_is_collected(shell: InteractiveShell) -> None:
    """A notebook run again and again (JupyterLab) keeps no old run's widgets: while a cell runs,
    what earlier cells built is the collector's again (here a full collection the cell asks for;
    Python's own come as a cell allocates)."""
    freeze_between_cells(shell)
    run(shell, "import gc\nclass Node:\n    pass\nnode = Node()\nnode.me = node")
    gone = weakref.ref(shell.user_ns["node"])
    run(shell, "del node")
    assert gone() is not None  # a cycle: only the collector frees it, and it was frozen again
    run(shell, "gc.collect()")
    assert gone() is None


def test_the_hooks_are_registered_once_per_shell(shell: InteractiveShell) -> None:
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
