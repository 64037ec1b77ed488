"""Parts: pieces of a page drawn inside one widget model, not a model each (issue 38).

Every ipywidgets model is a comm the kernel opens, state it sends and a view the page builds, one
after another; a puzzle made of a box, its texts, a hand, a choice, a row of buttons and a feedback
box was ten models, and a lesson page of them opened slowly and, on a slow laptop, failed. So a
puzzle is one model (a :class:`PartHost`) whose parts (:class:`Part`) keep the Python face they have
as widgets of their own (``puzzle.hand.select_cards(...)``, ``puzzle.feedback.value``): the hand, the
table, a choice, the buttons, the feedback box are each written once (``HandFace``, ...) and made
either a widget (:class:`~buraco_widgets.Hand`) or a part (``Hand.Part``).

A host keeps each part's synced traits in a trait of its own, its *slot* (a dict, with the part's
``kind`` and CSS ``classes``), and its ``order`` says where each slot is drawn. The page
(``static/parts.js``) draws each slot with the front end of the part's kind, through a model-like
view of the slot; what the learner changes comes back as ``{"part": slot, "set": {...}}`` (in the
order made, as :func:`~buraco_widgets._common.ordered_input` asks) and is not echoed back.

>>> class Text(Part):
...     kind = "html"
...     value = traitlets.Unicode("").tag(sync=True)
>>> import anywidget
>>> class Page(PartHost, anywidget.AnyWidget):
...     note = traitlets.Dict().tag(sync=True)
>>> page, text = Page(), Text(value="<b>Hi</b>")
>>> page.place("note", text); page.note["value"], page.note["kind"]
('<b>Hi</b>', 'html')
>>> text.value = "<b>Bye</b>"; page.note["value"]
'<b>Bye</b>'
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any, ClassVar, Self

import traitlets

__all__ = ["Face", "Html", "Number", "Part", "PartHost", "Seen"]

_LOG = logging.getLogger(__name__)

Handler = Callable[[Any, Any, list[Any]], Any]


class Face(traitlets.HasTraits):
    """The class body of a widget that is also drawn as a part (``HandFace``: :class:`Hand` and
    ``HandPart``): what it may ask of either (an ipywidgets widget, a :class:`Part`)."""

    if TYPE_CHECKING:
        def add_class(self, css: str) -> Any: ...
        def hold_sync(self) -> AbstractContextManager[Any]: ...
        def on_msg(self, handler: Handler) -> None: ...
        def send_state(self, key: Any = None) -> None: ...


class Seen:
    """One trait of a widget or a part seen from Python as an ipywidgets Text or HTML is: ``value``
    (a game table's typed play, a quiz's score line); read-only where not ``settable`` (the New
    deal question, a puzzle's solved badge)."""

    def __init__(self, owner: traitlets.HasTraits, name: str, *, settable: bool = True) -> None:
        self._owner, self._name, self._settable = owner, name, settable

    @property
    def value(self) -> str:
        value: str = getattr(self._owner, self._name)
        return value

    @value.setter
    def value(self, text: str) -> None:
        if not self._settable:
            raise AttributeError(f"{self._name} is read-only here")
        setattr(self._owner, self._name, text)


class Part(traitlets.HasTraits):
    """A piece of a page drawn by its host's model: its synced traits are mirrored into the host's
    slot. It answers what its class asks of a widget (``add_class``, ``hold_sync``, ``on_msg``,
    ``set_state``, ``send_state``, ``close``), so one class body serves both. ``kind`` names its
    front end on the page (``static/parts.js``' views)."""

    kind: ClassVar[str] = ""

    def __init__(self, **kwargs: Any) -> None:
        self._host: PartHost | None = None
        self._slot = ""
        self._classes: list[str] = []
        self._hidden = False
        self._handlers: list[Handler] = []
        super().__init__(**kwargs)
        self.observe(self._changed, names=self.trait_names(sync=True))

    # -- what a widget's class body asks of it ---------------------------------------------------
    def add_class(self, css: str) -> Self:
        if css not in self._classes:
            self._classes.append(css)
            self._changed(None)
        return self

    @property
    def hidden(self) -> bool:
        """Not shown on the page (a widget's ``layout.display = "none"``)."""
        return self._hidden

    @hidden.setter
    def hidden(self, hidden: bool) -> None:
        if hidden != self._hidden:
            self._hidden = bool(hidden)
            self._changed(None)

    def hold_sync(self) -> Any:
        return self._host.hold_sync() if self._host is not None else nullcontext()

    def on_msg(self, handler: Handler) -> None:
        """``handler(part, content, buffers)`` for a message the page's view of this part sends."""
        self._handlers.append(handler)

    def set_state(self, state: dict[str, Any]) -> None:
        """Set synced traits, as the page sets a widget's (others are refused)."""
        unknown = set(state) - set(self.trait_names(sync=True))
        if unknown:
            raise traitlets.TraitError(f"{type(self).__name__} has no synced trait {sorted(unknown)}")
        with self.hold_trait_notifications():
            for name, value in state.items():
                setattr(self, name, value)

    def send_state(self, key: Any = None) -> None:
        """Send the part's state to the page again (a value the page set and the kernel refused)."""
        if self._host is not None:
            self._host.send_state([self._slot])

    def close(self) -> None:
        """Take the part out of its host (the host's slot keeps its last state until replaced)."""
        self._host = None

    # -- its slot ----------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """What the page draws: the synced traits, the ``kind``, the CSS ``classes`` and ``hidden``."""
        return {**{name: getattr(self, name) for name in self.trait_names(sync=True)},
                "kind": self.kind, "classes": list(self._classes), "hidden": self._hidden}

    def _changed(self, _change: Any) -> None:
        if self._host is not None:
            self._host._draw(self)

    def _from_page(self, content: Any) -> None:
        for handler in list(self._handlers):
            handler(self, content, [])


class PartHost(traitlets.HasTraits):
    """Mixed into an anywidget class whose model draws :class:`Part` s: each slot is a synced
    ``traitlets.Dict`` of the class (declared, not made on the fly) and ``order`` lists the slots
    shown, in order, each as ``{"slot": name, "box": css}`` (slots next to each other with the same
    ``box`` are drawn in one ``<div class=box>``). :meth:`place` puts a part in a slot."""

    order = traitlets.List(traitlets.Dict()).tag(sync=True)

    if TYPE_CHECKING:  # the anywidget's
        def hold_sync(self) -> AbstractContextManager[Any]: ...
        def on_msg(self, handler: Handler) -> None: ...
        def send_state(self, key: Any = None) -> None: ...
        def _lock_property(self, **properties: Any) -> AbstractContextManager[Any]: ...

    def __init__(self, **kwargs: Any) -> None:
        self._parts: dict[str, Part] = {}
        self._revision = 0
        self._taking: Part | None = None
        super().__init__(**kwargs)
        self.on_msg(self._on_part_msg)

    def place(self, slot: str, part: Part | None) -> None:
        """Draw ``part`` in ``slot`` (None: empty it); a part it held before is taken out."""
        old = self._parts.pop(slot, None)
        if old is not None and old is not part:
            old.close()
        if part is None:
            setattr(self, slot, {})
            return
        part._host, part._slot = self, slot
        self._parts[slot] = part
        self._draw(part)

    def _draw(self, part: Part) -> None:
        """Send the part's state. Each state the kernel sends has a new ``revision``: the page holds
        the learner's changes in its view of the slot (not echoed back, so its copy of the slot is
        older), and a state equal to that older copy would otherwise change nothing there."""
        if self._parts.get(part._slot) is not part:
            return
        if self._taking is not part:
            self._revision += 1
        setattr(self, part._slot, {**part.state(), "revision": self._revision if self._taking is not part
                                   else getattr(self, part._slot).get("revision", 0)})

    def _on_part_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """``{"part": slot, "set": {trait: value}}`` (a change the learner made) or
        ``{"part": slot, "content": ...}`` (a message of the part's view)."""
        if not isinstance(content, dict):
            return
        part = self._parts.get(str(content.get("part")))
        if part is None:
            return
        if isinstance(content.get("set"), dict):
            self._take(part, content["set"])
        elif "content" in content:
            part._from_page(content["content"])

    def _take(self, part: Part, state: dict[str, Any]) -> None:
        """The page's change, not echoed back: the slot is sent only where the kernel then holds
        something else than the page shows (a value corrected, refused or redrawn)."""
        slot = part._slot
        shown = json.loads(json.dumps({**getattr(self, slot), **state}))
        self._taking = part
        try:
            with self._lock_property(**{slot: shown}):
                part.set_state(state)
        except Exception as exc:  # a value the part refuses: the page gets back what the kernel holds
            if not isinstance(exc, traitlets.TraitError):
                _LOG.error("%s could not take %s from the page", type(part).__name__, sorted(state), exc_info=exc)
        finally:
            self._taking = None
        if json.loads(json.dumps(getattr(self, slot))) != shown:
            self._draw(part)


class Html(Part):
    """HTML (the kernel escapes what it puts in), drawn as an ipywidgets HTML is (``.widget-html``)."""

    kind = "html"
    value = traitlets.Unicode("").tag(sync=True)


class Number(Part):
    """A whole number typed in a box under its label, drawn as an ipywidgets IntText is
    (``.widget-text``, its ``input`` of type number): ``value``, ``description``."""

    kind = "number"
    value = traitlets.Int(0).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
