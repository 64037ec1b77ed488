"""A widget shows every error the same way (``reason``, ``guard``): an error a learner may meet in
its own sentence, in the page's language; a bug as a sentence saying so, while the server's log
gets the bug with its traceback: nothing is swallowed."""

from __future__ import annotations

import logging
from typing import Any

import anywidget
import pytest
import traitlets
from buraco_widgets._common import guard, ordered_input, reason

from buraco_core import get_rules, parse_cards
from buraco_core.errors import LearnerError
from buraco_core.messages import render
from buraco_core.teach.handin import HandInError
from buraco_core.teach.mastery import RecordError


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
