"""A bug a page meets in a live Voila: the page says the trainer met an error of its own, the
server's log has the bug with its traceback, and the page's browser console has its log line
(``console.error``, no traceback) for a developer who opens the developer tools."""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

from .conftest import VoilaServer, open_notebook, write_notebook

pytestmark = pytest.mark.browser

#: The log line of the bug, as guard() logs it (the page's console gets it with the error's last line).
LINE = "ERROR buraco_widgets: a page's action: an error without a message reached a page (KeyError: 'hand')"


@pytest.mark.timeout(180)
def test_a_bug_a_page_meets_is_in_the_browser_console_and_the_servers_log_not_on_the_page(
        page: Any, voila: VoilaServer) -> None:
    notebook = write_notebook(
        "page_console.ipynb",
        nbformat.v4.new_code_cell(
            "from buraco_widgets import MeldPuzzle\n"
            "p = MeldPuzzle.generate('make-buraco', rules='buraco', seed=3)\n"
            "def broken_check(answer):\n"
            "    return {'seat': 1}.pop('hand')  # a bug in the session behind the puzzle\n"
            "p.session.check = broken_check\np"),
    )
    open_notebook(page, voila, notebook)
    logged = len(voila.log())
    page.locator(".bw-check").first.click()
    feedback = page.locator('[data-testid="feedback"]').first
    feedback.filter(has_text="error of its own").wait_for()
    for _ in range(300):  # the console's model starts beside the feedback's update: its line may come after
        if any(c.startswith("error") for c in page.watch.console):
            break
        page.wait_for_timeout(100)
    assert "hand" not in feedback.inner_text() and "Traceback" not in page.inner_text("body")

    errors = [c for c in page.watch.console if c.startswith("error")]
    assert len(errors) == 1 and errors[0].endswith(LINE), page.watch.console
    assert "Traceback" not in errors[0] and "broken_check" not in errors[0]
    for _ in range(300):  # the kernel writes its log line beside the reply: it may reach the file after
        log = voila.log()[logged:]
        if "KeyError: 'hand'" in log:
            break
        page.wait_for_timeout(100)
    assert LINE.split(" (")[0] in log and "in broken_check" in log and "KeyError: 'hand'" in log
    page.watch.console.remove(errors[0])  # the one line expected; nothing else may be wrong
    page.watch.assert_clean()
