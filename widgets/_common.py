"""Shared helpers of the widgets: the static folder, card payloads for the front end, rules lookup,
buttons, and the guard that turns an error into a message.

Nothing here decides a rule: card names, codes and drawings all come from ``buraco_core``.
"""

from __future__ import annotations

import html
import logging
import os
import pathlib
import sys
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets
import traitlets
from ipywidgets.widgets.widget_description import DescriptionStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from buraco_core import RULESETS, Card, Meld, Rules, get_rules, parse_cards
from buraco_core.cards import card_text
from buraco_core.errors import learner_message
from buraco_core.messages import Message, catalog, render, show, typeset
from buraco_core.svg import card_name, card_svg, meld_svg
from buraco_core.variants import rules_text

from .language import resolve

STATIC = pathlib.Path(__file__).parent / "static"
_LOG = logging.getLogger("buraco_widgets")


__all__ = [
    "LOG_LINE",
    "STATIC",
    "PlainLayout",
    "Retiring",
    "as_cards",
    "as_rules",
    "button",
    "card_item",
    "description_style",
    "discard",
    "esc",
    "guard",
    "log_to_server",
    "meld_item",
    "ordered_input",
    "plain_html",
    "plain_layout",
    "reason",
    "rules_key",
    "ruleset_names",
    "template",
    "watch_logs",
]


def ruleset_names() -> list[str]:
    """The engine's ruleset names, in its own order."""
    return list(RULESETS)


def as_rules(rules: Rules | str) -> Rules:
    """A :class:`Rules` from a name or a Rules value (the engine's own lookup and message)."""
    return get_rules(rules)


def rules_key(rules: Rules | str) -> str:
    """The text a widget's ``rules`` trait holds for a ruleset: a preset's name (``"buraco"``), or a
    house variant's text (``"buraco+target=1505"``), so that house rules survive the trait."""
    return rules_text(as_rules(rules))


def as_cards(cards: str | Iterable[Card | str] | None) -> list[Card]:
    """Cards from notation (``"4h 5h JK"``), a list of tokens, or Card values."""
    if cards is None:
        return []
    return parse_cards(cards)


def esc(text: object) -> str:
    return html.escape(str(text))


def template(key: str, lang: str) -> str:
    """A catalog sentence of ``lang`` with its typography, its ``{parameters}`` left for the page
    to fill (English where ``lang`` has no sentence yet, as :meth:`Message.text` does)."""
    sentence = catalog(lang).get(key)
    return typeset(sentence, lang) if sentence is not None else catalog("en")[key]


def _stands_text(meld: Meld, lang: str) -> str | None:
    """What the meld's wild card stands for in ``lang``'s notation (``D♥`` in a run, ``eine Dame`` in a set)."""
    stands = meld.wild_stands
    return None if stands is None else show(stands, lang)


def card_item(card: Card, *, width: int = 60, four_color: bool = False, face_down: bool = False,
              stands_for: str | None = None, lang: str = "en") -> dict[str, str]:
    """What the front end needs to draw and announce one card, in ``lang``: ``name`` for screen
    readers (``card.name_message``), ``text`` its notation (``card_text``)."""
    if face_down:
        return {"code": "", "name": render("widget.cards.face-down", lang), "text": "🂠",
                "svg": card_svg(card, width=width, four_color=four_color, face_down=True, lang=lang)}
    options: dict[str, Any] = {"width": width, "four_color": four_color, "lang": lang}
    if stands_for is not None:
        options["stands_for"] = stands_for
    return {"code": card.code, "name": card_name(card, stands_for=stands_for, lang=lang),
            "text": card_text(card, lang), "svg": card_svg(card, **options)}


def meld_item(meld: Meld, *, width: int = 48, four_color: bool = False, lang: str = "en") -> dict[str, Any]:
    """What the front end needs to draw, label and announce one meld, in ``lang`` (all from the engine)."""
    stands = _stands_text(meld, lang)
    wild = (Message("meld.describe-wild", {"wild": meld.wild, "stands": stands}) if meld.wild is not None
            else Message("meld.nothing"))
    kind = Message(f"meld.kind.{meld.kind}")
    return {
        "text": " ".join(card_text(c, lang) for c in meld.cards),
        "label": meld.label_message.text(lang),
        "kind": meld.kind,
        "describe": meld.description.text(lang),
        "plain": render("widget.cards.meld-plain", lang, kind=kind, label=meld.label_message, wild=wild),
        "wild": stands or "",
        "wild_text": render("widget.cards.wild-text", lang, wild=meld.wild, stands=stands) if meld.wild is not None else "",
        "buraco": meld.buraco_type or "",
        "points": meld.points,
        "svg": meld_svg(meld, width=width, four_color=four_color, lang=lang),
        "cards": [card_item(c, width=width, four_color=four_color,
                            stands_for=meld.wild_label if i == meld.wild_index else None, lang=lang)
                  for i, c in enumerate(meld.cards)],
    }


class _Frozen:
    """A layout or a style many widgets share: its values cannot change (a change would reach every
    widget that shares it), and :func:`discard` leaves it open."""

    _frozen = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen and not name.startswith("_") and name in self.keys:  # type: ignore[attr-defined]
            raise AttributeError(f"{type(self).__name__} is shared by many widgets and cannot change"
                                 f" ({name}); give this widget a {type(self).__bases__[1].__name__} of its own")
        super().__setattr__(name, value)


class _PlainLayout(_Frozen, ipywidgets.Layout):  # type: ignore[misc]
    pass


class _PlainHTMLStyle(_Frozen, HTMLStyle):  # type: ignore[misc]
    pass


class _PlainButtonStyle(_Frozen, ipywidgets.ButtonStyle):  # type: ignore[misc]
    pass


class _PlainDescriptionStyle(_Frozen, DescriptionStyle):  # type: ignore[misc]
    pass


_SHARED: dict[tuple[type, tuple[tuple[str, str], ...]], Any] = {}


def _shared(kind: type, **values: str) -> Any:
    """The kernel's one ``kind`` with these ``values`` (made again if it was closed)."""
    key = (kind, tuple(sorted(values.items())))
    made = _SHARED.get(key)
    if made is None or made.comm is None:
        made = _SHARED[key] = kind(**values)
        made._frozen = True
    return made


def plain_layout(**values: str) -> ipywidgets.Layout:
    """The kernel's one Layout of these values (none: the defaults), shared by every widget that
    never changes its layout: a widget model fewer per widget on the page (issue 38). It cannot
    change (an AttributeError says so); a widget whose layout changes (shown, hidden) keeps its own.

    >>> plain_layout() is plain_layout(), plain_layout().width, plain_layout(width="auto").width
    (True, None, 'auto')
    """
    return _shared(_PlainLayout, **values)


def description_style(**values: str) -> DescriptionStyle:
    """The kernel's one DescriptionStyle of these values (a text box's, a dropdown's), shared as
    :func:`plain_layout` is."""
    return _shared(_PlainDescriptionStyle, **values)


class PlainLayout(traitlets.HasTraits):
    """Mixed into a widget class whose widgets never change their layout: their ``layout`` is
    :func:`plain_layout` unless one is given."""

    @traitlets.default("layout")
    def _plain_layout(self) -> ipywidgets.Layout:
        return plain_layout()


def plain_html(value: str = "", css: str | None = None) -> ipywidgets.HTML:
    """An HTML widget that shares the kernel's one plain layout and style (one model, not three),
    with the CSS class ``css``."""
    widget = ipywidgets.HTML(value, layout=plain_layout(), style=_shared(_PlainHTMLStyle))
    if css:
        widget.add_class(css)
    return widget


def button(description: str, css: str, tooltip: str, style: str = "", *, hides: bool = False) -> ipywidgets.Button:
    """A button sized to its words, with the CSS class ``css`` (the browser tests' hook) and a
    tooltip saying what it does. Its layout and style are the kernel's shared ones (one model, not
    three), unless it ``hides`` (``b.layout.display = "none"``): then its layout is its own."""
    b = ipywidgets.Button(description=description, tooltip=tooltip, button_style=style,
                          layout=ipywidgets.Layout(width="auto") if hides else plain_layout(width="auto"),
                          style=_shared(_PlainButtonStyle))
    b.add_class(css)
    return b


def reason(error: BaseException, lang: str) -> str:
    """An error's sentence in ``lang``: the catalog message every error a learner may meet
    carries (a :class:`~buraco_core.errors.LearnerError`, a bad answer); any other error is a
    bug, whose text is English and for developers: the page gets a sentence of its language
    saying so, the server's log the error with its traceback
    (:func:`~buraco_core.errors.learner_message`)."""
    return learner_message(error, _LOG).text(lang)


_SERVER_LOG = "buraco-server-log"


class _ServerLog(logging.Handler):
    """Writes a record to the server's log, never to a page. In a kernel ``sys.stderr`` is
    ipykernel's stream to the notebook (on a Voilà page, a comm's output goes nowhere). When the
    kernel captures the process's stderr, its ``fileno()`` is the stderr the kernel had before: the
    terminal of Voilà or Jupyter, their log; when it does not (Voilà's kernels), it has no
    ``fileno()`` and the process's own stderr (``sys.__stderr__``) is that log. Elsewhere it is the
    process's stderr."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = self.format(record) + "\n"
            fd = _server_fd()
            if fd is not None:
                os.write(fd, text.encode("utf-8", "replace"))
            else:
                sys.stderr.write(text)
        except Exception:
            self.handleError(record)


def _server_fd() -> int | None:
    """The file descriptor of the server's log (:class:`_ServerLog`), None where there is none."""
    for stream in (sys.stderr, sys.__stderr__):
        try:
            if stream is not None:
                return stream.fileno()
        except (AttributeError, OSError, ValueError):  # a stream with no file (io.UnsupportedOperation)
            continue
    return None


#: The line a logged record makes, in the server's log and in the page's console.
LOG_LINE = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def watch_logs(make: Callable[[], logging.Handler], name: str) -> None:
    """Give the loggers of ``buraco_core`` and the widgets the handler ``make()`` returns, named
    ``name``; once per kernel, found by name (also under a second import of this module)."""
    loggers = [logging.getLogger(n) for n in ("buraco_core", "buraco_widgets")]
    if any(h.name == name for logger in loggers for h in logger.handlers):
        return
    handler = make()
    handler.name = name
    for logger in loggers:
        logger.addHandler(handler)


def log_to_server(level: int = logging.WARNING) -> None:
    """Send the warnings and errors of ``buraco_core`` and the widgets (a bug a page met, with its
    traceback) to the server's log; once per kernel (importing the widgets does it)."""

    def make() -> logging.Handler:
        handler = _ServerLog(level)
        handler.setFormatter(logging.Formatter(LOG_LINE))
        return handler

    watch_logs(make, _SERVER_LOG)


def guard(show: Callable[[str], None], handler: Callable[..., Any], *, lang: str | None = None) -> Callable[..., None]:
    """``handler`` for a button or an observer, showing any error through ``show`` as a message:
    a learner's page never gets a traceback. The message is in ``lang``: by default the language
    of the widget ``show`` belongs to (its ``lang``), else the course's."""
    if lang is None:
        lang = getattr(getattr(show, "__self__", None), "lang", None)
    words = resolve(lang)

    def run(*args: Any) -> None:
        try:
            handler(*args)
        except Exception as exc:
            show(render("widget.went-wrong", words, reason=reason(exc, words)))

    return run


def ordered_input(widget: Any, *traits: str) -> None:
    """Let the page set ``traits`` of ``widget`` by message (``{"set": {trait: value}}``), so that
    the learner's changes reach the kernel in the order they were made.

    ipywidgets sends a model's trait change at once only when the kernel has answered the model's
    previous one; later changes wait, merged, for that answer. A button's click is a message and
    goes out at once. On a busy kernel a Check clicked right after the last card overtook the
    selection, and the engine judged a partial one ("wrong" for a right answer). Messages keep
    their order (one websocket, one kernel queue), so a front end sends the learner's changes of
    these traits with ``model.send({ set: { selected } })``, never ``model.save_changes()``.

    Each of these traits must be tagged ``echo_update=False``: the kernel then does not echo the
    page's own change back (an echo of an older pick would undo a newer one on the page); a value
    the kernel corrects or refuses is sent back, so the page shows what the kernel holds.
    """
    for name in traits:
        if widget.trait_metadata(name, "echo_update", True) is not False:
            raise TypeError(f"{type(widget).__name__}.{name} must be tagged echo_update=False"
                            " to be set by the page through ordered_input")
    allowed = frozenset(traits)

    def take(_widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("set"), dict):
            return
        state = {k: v for k, v in content["set"].items() if k in allowed}
        if not state:
            return
        try:
            widget.set_state(state)
        except Exception as exc:  # a value the widget refuses: the page gets back what the kernel holds
            if not isinstance(exc, traitlets.TraitError):  # any other error is a bug: logged, not swallowed
                _LOG.error("%s could not take %s from the page", type(widget).__name__, sorted(state), exc_info=exc)
            widget.send_state(list(state))

    widget.on_msg(take)


class Retiring:
    """Widgets a page stopped showing, closed one replacement later, not at once. A page may still be
    building the model that showed them from its first state (a house variant restored while the page
    loads re-deals a quiz before the page has made the quiz's model): a child closed by then is a
    "widget model not found" error on the page. So the caller shows the new widgets first, then
    retires the old ones; they are closed when the next ones are retired."""

    def __init__(self) -> None:
        self._last: list[Any] = []

    def retire(self, *widgets: Any) -> None:
        """Retire ``widgets`` (None ignored) and close those retired before them."""
        last, self._last = self._last, [w for w in widgets if w is not None]
        for widget in last:
            widget.close()


def discard(*widgets: Any) -> None:
    """Close widgets that will not be shown, with their layout and style models: a page (and a class
    arriving at once) never receives them. Their traits can still be read from Python."""
    for widget in widgets:
        for part in (getattr(widget, "layout", None), getattr(widget, "style", None), widget):
            if part is not None and not isinstance(part, _Frozen) and getattr(part, "comm", None) is not None:
                part.close()
