"""The widgets' front ends (widgets/front_end.py): every anywidget class is a FrontEnd whose ``_esm`` is a
short module that asks the kernel once per page for its kind's module and style sheets; the kernel
answers that question (as anywidget's invoke asks) from any widget of the kind, and the widgets' own
handlers of the page's messages never see it (a house-rules panel read its "name" as a rule's)."""

from __future__ import annotations

import importlib
import inspect
import json
from typing import Any

import anywidget
import buraco_widgets
import pytest
from buraco_widgets import HouseRules, MeldPuzzle, Progress, ScorePadPage, use_language
from buraco_widgets.front_end import _MODULES, FrontEnd


def anywidget_classes() -> list[type[anywidget.AnyWidget]]:
    """Every anywidget class of the package's modules."""
    found: dict[str, type[anywidget.AnyWidget]] = {}
    for module in sorted(set(buraco_widgets._WHERE.values())):
        for name, value in vars(importlib.import_module(f"buraco_widgets.{module}")).items():
            if inspect.isclass(value) and issubclass(value, anywidget.AnyWidget) and value.__module__.startswith("buraco_widgets") and value is not FrontEnd:
                found[f"{value.__module__}.{name}"] = value
    return list(found.values())


def key_of(esm: str) -> str:
    return str(json.loads(esm.split("const key = ", 1)[1].split(";", 1)[0]))


def ask(widget: Any, key: str) -> list[dict[str, Any]]:
    """What the widget sends back when the page asks for the front end ``key``, as anywidget's invoke asks."""
    sent: list[dict[str, Any]] = []
    widget.send = lambda content, buffers=None: sent.append(content)
    widget._handle_custom_msg({"id": "q1", "kind": "anywidget-command", "name": "_front_end", "msg": key}, [])
    return sent


def test_every_widget_class_asks_for_its_module_once_per_page_and_the_kernel_has_it() -> None:
    classes = anywidget_classes()
    assert len(classes) >= 25
    for cls in classes:
        assert issubclass(cls, FrontEnd), cls
        esm = str(cls._esm)
        if "page_console.js" in esm:  # no view: its module runs as its model starts, so it goes with the model
            assert "export default await made.get(key)" in esm
            continue
        assert len(esm) < 2000 and 'invoke("_front_end", key' in esm, cls
        module = _MODULES[key_of(esm)]
        assert "export default" in str(module["source"]) and isinstance(module["styles"], list), cls


@pytest.mark.parametrize("make", [
    lambda: MeldPuzzle.generate("make-meld", seed=1, record=False),
    lambda: HouseRules("buraco"),
    lambda: Progress.for_lesson("03"),
    lambda: ScorePadPage(),
])
def test_the_kernel_answers_the_question_and_nothing_else_changes(make: Any) -> None:
    use_language("en")
    host = make()
    state = host.get_state()
    key = key_of(str(host._esm))
    [answer] = ask(host, key)
    assert answer["id"] == "q1" and answer["kind"] == "anywidget-command-response"
    assert answer["response"] == _MODULES[key]
    assert ask(host, "no-such.js@000000000000")[0]["response"] == {}  # the page then says so in its console
    assert host.get_state() == state
