"""A busy kernel never turns a learner's right answer into "wrong".

On a class server the kernel may take a while to answer each message. The page must still deliver
the learner's clicks in the order they were made: the cards selected, then Check. Here the kernel
process is frozen (SIGSTOP) while the learner clicks the right cards and Check, then thawed: the
verdict must be the engine's "right" for exactly those cards.

(ipywidgets holds back a model's second change until the kernel has answered the first, while a
button's click goes out at once; with the selection sent as a trait change, Check overtook the last
cards and the engine judged a partial selection. The Hand and the TableView now send the learner's
changes as messages, which keep their order; see ``buraco_widgets._common.take_page_changes``.)
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import nbformat
import pytest

from .conftest import VoilaServer, kernel_id, open_notebook, write_notebook

pytestmark = pytest.mark.browser

#: Puzzles answered by clicking: the seven cards of a buraco; a meld to pick on the table, then a card.
PUZZLES = {
    "make-buraco": "generate('make-buraco', 'buraco', 3)",
    "extend": "Puzzle(id='pick', kind='extend', rules='buraco', prompt='Add a card to one of the melds.',"
              " hand=('Kh', '3d', '9s'), table=('6s 7s 8s', 'Qc Qd Qh'), goal={})",
}
IMPORTS = "from buraco_core.teach import Puzzle, generate\n"


@contextmanager
def frozen(pid: int) -> Iterator[None]:
    """The process stopped (it receives nothing, answers nothing) until the block ends."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


@pytest.mark.timeout(180)
@pytest.mark.parametrize("kind", list(PUZZLES))
def test_clicks_reach_a_frozen_kernel_in_order(page: Any, voila: VoilaServer, kind: str) -> None:
    from buraco_core.teach import Puzzle, check, generate, solve

    notebook = write_notebook(
        f"busy-{kind}.ipynb",
        nbformat.v4.new_code_cell(f"{IMPORTS}from buraco_widgets import MeldPuzzle\n"
                                  f"MeldPuzzle({PUZZLES[kind]}, record=False)"),
    )
    open_notebook(page, voila, notebook)
    puzzle = eval(PUZZLES[kind], {"Puzzle": Puzzle, "generate": generate})  # the same puzzle, here
    right = solve(puzzle)
    assert right is not None and check(puzzle, right).correct
    meld, codes = right if kind == "extend" else (None, right)
    widget = page.locator(".bw-puzzle").first
    pid = voila.kernel_pids()[kernel_id(page)]

    with frozen(pid):
        if meld is not None and len(puzzle.table) > 1 and puzzle.goal.get("meld") is None:
            # another meld first, then the right one: two changes of the table while the kernel sleeps
            widget.locator('[data-testid="meld"]').nth((int(meld) + 1) % len(puzzle.table)).click()
            widget.locator('[data-testid="meld"]').nth(int(meld)).click()
        pressed = widget.locator('[data-testid="hand"] [data-testid="card"][aria-pressed="true"]')
        for n, code in enumerate(codes, start=1):  # type: ignore[union-attr]
            card = widget.locator(f'[data-testid="hand"] [data-testid="card"][data-code="{code}"]'
                                  '[aria-pressed="false"]').first
            card.click()
            assert pressed.count() == n  # the page shows each pick at once, kernel or not
        widget.locator(".bw-check").click()

    feedback = widget.locator('[data-testid="feedback"][data-status]:not([data-status=""])')
    feedback.first.wait_for(timeout=60_000)
    status = feedback.first.get_attribute("data-status")
    shown = feedback.first.inner_text()
    assert status == "right", f"the kernel judged another answer than the one clicked: {shown!r}"
    assert str(check(puzzle, right).message).strip() in shown
    page.watch.assert_clean()
