"""The browser console of the page a kernel serves: where a developer who opens the page's developer
tools finds what the kernel logged (a bug a guarded handler caught, a failing bot, a kept game that
could not be resumed), beside the server's log (:func:`~buraco_widgets._common.log_to_server`).

:func:`log_to_page` (importing the widgets does it) sends every warning and error of ``buraco_core``
and ``buraco_widgets`` to :class:`PageConsole`, one invisible widget per kernel, made at the first
record: its ``lines`` carry the log line (time, level, logger, message, and for an error its last
line, ``KeyError: 'hand'``; never the traceback, which stays in the server's log), and its front end
(``static/page_console.js``) writes each new line once with ``console.error`` (an error) or
``console.warn`` (a warning). The page itself shows only the learner's sentence. The same widget
works in Voila and on the static site (it is a plain anywidget model: the front end makes it
whether or not it is displayed).
"""

from __future__ import annotations

import logging
import traceback

import anywidget
import traitlets

from ._common import LOG_LINE, PlainLayout, watch_logs
from .front_end import front_end

__all__ = ["PageConsole", "log_to_page", "page_console"]

#: How many lines the widget keeps (a page that connects late still gets the last ones).
KEPT = 50

_HANDLER = "buraco-page-console"


class PageConsole(PlainLayout, anywidget.AnyWidget):
    """An invisible widget whose front end writes each new entry of ``lines`` to the browser console."""

    _esm = front_end("page_console.js")

    lines = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The last :data:`KEPT` entries, ``{"n": 1, "level": "error", "text": "..."}``; ``n`` counts up,
    so the page writes each entry once."""

    def say(self, level: str, text: str) -> None:
        """Add one line (``level`` ``"error"`` or ``"warn"``) for the page's console."""
        n = self.lines[-1]["n"] + 1 if self.lines else 1
        self.lines = [*self.lines[-(KEPT - 1):], {"n": n, "level": level, "text": text}]


_CONSOLE: list[PageConsole] = []


def page_console() -> PageConsole:
    """This kernel's console widget, made on first use (and again if it was closed)."""
    if not _CONSOLE or _CONSOLE[0].comm is None:
        _CONSOLE[:] = [PageConsole()]
    return _CONSOLE[0]


class _LineFormatter(logging.Formatter):
    """The server's log line without the traceback: an error's last line (``KeyError: 'hand'``) instead."""

    def format(self, record: logging.LogRecord) -> str:
        record.message = record.getMessage()
        record.asctime = self.formatTime(record, self.datefmt)
        line = self.formatMessage(record)
        if record.exc_info and record.exc_info[1] is not None:
            line += " (" + traceback.format_exception_only(record.exc_info[1])[-1].strip() + ")"
        return line


class _PageConsoleHandler(logging.Handler):
    """Hands a record's line to :func:`page_console`; a record logged while doing so is dropped."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self._busy = False

    def emit(self, record: logging.LogRecord) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            page_console().say("error" if record.levelno >= logging.ERROR else "warn", self.format(record))
        except Exception:
            self.handleError(record)
        finally:
            self._busy = False


def log_to_page(level: int = logging.WARNING) -> None:
    """Send the warnings and errors of ``buraco_core`` and the widgets to the page's browser console
    (:class:`PageConsole`); once per kernel (importing the widgets does it)."""

    def make() -> logging.Handler:
        handler = _PageConsoleHandler(level)
        handler.setFormatter(_LineFormatter(LOG_LINE))
        return handler

    watch_logs(make, _HANDLER)
