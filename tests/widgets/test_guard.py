"""A widget shows every error the same way (``reason``, ``guard``): an error a learner may meet in
its own sentence, in the page's language; a bug as a sentence saying so, while the server's log
gets the bug with its traceback: nothing is swallowed."""

from __future__ import annotations

import io
import logging
from typing import Any

import anywidget
import pytest
import traitlets
from buraco_widgets._common import guard, ordered_input, reason

from buraco_core import get_rules, parse_cards
from buraco_core.errors import LearnerError
from buraco_core.messages import render
from buraco_core.teach.learners.handin import HandInError
from buraco_core.teach.learners.mastery import RecordError


class Owner:
    """What a guarded handler belongs to: a widget with a language and a place to say things."""

    lang = "de"

    def __init__(self) -> None:
        self.shown: list[str] = []

    def say(self, text: str) -> None:
        self.shown.append(text)


def _raises(make: Any) -> LearnerError:
    with pytest.raises(LearnerError) as caught:
        make()
    return caught.value


@pytest.mark.parametrize("make", [
    lambda: _raises(lambda: parse_cards("4x")),
    lambda: _raises(lambda: get_rules("canasta")),
    lambda: RecordError("answer-lacks", fields="clause"),
    lambda: HandInError("handin.name-missing"),
], ids=["notation", "rules", "record", "hand-in"])
def test_every_learners_error_is_said_in_the_pages_language_and_is_no_bug(
        make: Any, caplog: pytest.LogCaptureFixture) -> None:
    error = make()
    owner = Owner()

    def handler() -> None:
        raise error

    with caplog.at_level(logging.WARNING):
        guard(owner.say, handler)()
        assert reason(error, "de") == error.explain("de")
    assert owner.shown == [render("widget.went-wrong", "de", reason=error.explain("de"))]
    assert not caplog.records


def test_a_bug_in_a_guarded_handler_is_logged_with_its_traceback_not_swallowed(caplog: pytest.LogCaptureFixture) -> None:
    owner = Owner()

    def broken_handler() -> None:
        {"seat": 1}.pop("hand")

    with caplog.at_level(logging.ERROR, logger="buraco_widgets"):
        guard(owner.say, broken_handler)()
    assert owner.shown == [render("widget.went-wrong", "de", reason=render("widget.unexpected", "de"))]
    assert "hand" not in owner.shown[0]  # the bug's words stay off the page
    (record,) = caplog.records
    assert record.name == "buraco_widgets" and record.exc_info is not None
    assert "in broken_handler" in caplog.text and "KeyError: 'hand'" in caplog.text


class Picker(anywidget.AnyWidget):  # type: ignore[misc]
    _esm = "export default { render() {} };"
    picked = traitlets.Int(0).tag(sync=True, echo_update=False)

    @traitlets.validate("picked")
    def _valid(self, proposal: Any) -> int:
        value = int(proposal["value"])
        if value < 0:
            raise traitlets.TraitError("no negative picks")
        if value == 13:
            raise RuntimeError("the picker's bug")
        return value


def _from_page(widget: Any, content: dict[str, Any]) -> None:
    widget.comm.handle_msg({"content": {"comm_id": widget.comm.comm_id,
                                        "data": {"method": "custom", "content": content}}, "buffers": []})


def test_a_value_the_page_sends_is_refused_quietly_but_a_bug_taking_it_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    picker = Picker()
    ordered_input(picker, "picked")
    sent: list[Any] = []
    picker.send_state = lambda names: sent.append(names)
    with caplog.at_level(logging.ERROR, logger="buraco_widgets"):
        _from_page(picker, {"set": {"picked": -1}})  # refused: the page gets the kernel's value back
        assert sent == [["picked"]] and not caplog.records
        _from_page(picker, {"set": {"picked": 13}})
    assert sent == [["picked"], ["picked"]]
    assert "Picker could not take ['picked']" in caplog.text and "RuntimeError: the picker's bug" in caplog.text


class KernelStderr:
    """ipykernel's stand-in for ``sys.stderr``: what is written goes to the notebook (on a Voilà
    page, nowhere); ``fileno()`` is the stderr the kernel had, the server's log."""

    def __init__(self, server_fd: int) -> None:
        self.server_fd = server_fd
        self.to_the_notebook: list[str] = []

    def write(self, text: str) -> int:
        self.to_the_notebook.append(text)
        return len(text)

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        return self.server_fd


def test_a_bug_a_page_meets_is_in_the_servers_log_and_not_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys

    from buraco_widgets._common import log_to_server

    log_to_server()  # importing the widgets did it already: once is enough
    assert sum(h.name == "buraco-server-log" for h in logging.getLogger("buraco_widgets").handlers) == 1
    read, write = os.pipe()
    stderr = KernelStderr(write)
    monkeypatch.setattr(sys, "stderr", stderr)
    owner = Owner()

    def broken_handler() -> None:
        {"seat": 1}.pop("hand")

    guard(owner.say, broken_handler)()
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as server:
        logged = server.read()
    assert "ERROR buraco_widgets: a page's action: an error without a message reached a page" in logged
    assert "in broken_handler" in logged and "KeyError: 'hand'" in logged
    assert stderr.to_the_notebook == [] and "hand" not in owner.shown[0]


class VoilaKernelStderr(KernelStderr):
    """ipykernel's stream when the kernel does not capture the process's stderr (Voila's kernels):
    no ``fileno()``; the process's own stderr is the server's log."""

    def fileno(self) -> int:
        raise io.UnsupportedOperation("fileno")


class ProcessStderr:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def fileno(self) -> int:
        return self.fd


def test_in_a_kernel_that_does_not_capture_stderr_a_bug_still_reaches_the_servers_log(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys

    read, write = os.pipe()
    stderr = VoilaKernelStderr(-1)
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "__stderr__", ProcessStderr(write))

    def broken_handler() -> None:
        {"seat": 1}.pop("hand")

    guard(Owner().say, broken_handler)()
    os.close(write)
    with os.fdopen(read, encoding="utf-8") as server:
        logged = server.read()
    assert "ERROR buraco_widgets: a page's action" in logged and "KeyError: 'hand'" in logged
    assert stderr.to_the_notebook == []  # before: written to the notebook, which Voila shows nowhere


def test_a_bug_a_page_meets_reaches_the_pages_console_without_its_traceback() -> None:
    from buraco_widgets.page_console import PageConsole, page_console

    console = page_console()
    assert isinstance(console, PageConsole) and page_console() is console  # one per kernel
    last = console.lines[-1]["n"] if console.lines else 0
    owner = Owner()

    def broken_handler() -> None:
        {"seat": 1}.pop("hand")

    guard(owner.say, broken_handler)()
    entry = console.lines[-1]
    assert entry["n"] == last + 1 and entry["level"] == "error"  # one line, an error
    assert entry["text"].endswith(
        "ERROR buraco_widgets: a page's action: an error without a message reached a page (KeyError: 'hand')")
    assert "Traceback" not in entry["text"] and "broken_handler" not in entry["text"]  # the traceback: server's log only
    assert "hand" not in owner.shown[0]  # and the page says nothing of the bug


def test_a_learners_error_is_not_written_to_the_pages_console() -> None:
    from buraco_widgets.page_console import page_console

    before = list(page_console().lines)
    owner = Owner()

    def refused() -> None:
        parse_cards("4x")

    guard(owner.say, refused)()
    assert owner.shown and page_console().lines == before


def test_a_warning_of_the_engine_reaches_the_pages_console_as_a_warning() -> None:
    from buraco_widgets.page_console import page_console

    from buraco_core.sessions.table import TableSession

    session = TableSession(rules="buraco", seed=1)
    assert session.restore("{not a kept table") is False
    entry = page_console().lines[-1]
    assert entry["level"] == "warn"
    assert "WARNING buraco_core.sessions.table: the game kept in the browser could not be resumed" in entry["text"]


def test_the_console_keeps_its_last_lines_each_numbered_once() -> None:
    from buraco_widgets.page_console import KEPT, PageConsole

    console = PageConsole()
    for i in range(KEPT + 3):
        console.say("warn", f"line {i}")
    assert len(console.lines) == KEPT
    assert [e["n"] for e in console.lines] == list(range(4, KEPT + 4))
    assert console.lines[-1] == {"n": KEPT + 3, "level": "warn", "text": f"line {KEPT + 2}"}
