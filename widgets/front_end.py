"""How a page starts the widgets' front end: one module per kind of widget per page, its text sent once.

anywidget makes a module of its own of a widget's ``_esm`` for every model (it imports the text from
a Blob URL of its own), and puts its ``_css`` into the page again for every model: on a lesson page
of about twenty such models the browser compiled and ran the same modules over and over, and each
model's front end must start within anywidget's fixed 2 s or the widget fails ("[anywidget] Failed
to initialize model"), which a slow laptop or a browser sharing a busy machine reached. And every
model's state carried its module's text (a puzzle's, 47 KB of its 62 KB), which the kernel sent, the
server relayed and the page read again for every model.

So each anywidget class here is a :class:`FrontEnd`, and its ``_esm`` (:func:`front_end`) a short
module that stands for the class's real module (``static/<name>.js``) and style sheets
(``static/<name>.css``): the first widget of a kind on the page asks its kernel for their text, once
(anywidget's ``invoke``; the kernel answers from :data:`_MODULES`, :class:`FrontEnd`), makes the module and puts the
style sheets into the page, in the page's own registry (``globalThis.__buracoWidgets``, keyed by the
files' hash); every other widget of that kind takes the same module from there. The asking happens
when a widget is drawn, which anywidget does not time, never while its model starts, which it does.
Nothing is fetched over HTTP and nothing is configured: it works wherever anywidget does (Voila, the
static site, JupyterLab). A widget without a view (``inline``: the page console, whose module runs as
its model starts) carries its module's text in its state, as every widget did before.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import anywidget

from ._common import STATIC

__all__ = ["FrontEnd", "front_end"]

#: The text of each kind's module and style sheets, by the key its ``_esm`` names: what a page asks.
_MODULES: dict[str, dict[str, object]] = {}

#: The ``_esm`` of a class whose module the page asks for: its key filled in.
_ASKED = """\
// buraco_widgets/front_end.py: {script}, asked of the kernel once per page and shared by every widget of its kind
const key = {key};
const made = (globalThis.__buracoWidgets ??= new Map());
function frontEnd(invoke) {{
  if (!made.has(key)) {{
    const asked = invoke("_front_end", key, {{ signal: new AbortController().signal }}).then(async ([text]) => {{
      if (typeof text?.source !== "string") throw new Error(`buraco_widgets: the kernel has no front end ${{key}}`);
      for (const css of text.styles) {{
        const style = document.createElement("style");
        style.dataset.buracoWidgets = key;
        style.textContent = css;
        document.head.append(style);
      }}
      const url = URL.createObjectURL(new Blob([text.source], {{ type: "text/javascript" }}));
      try {{
        return (await import(url)).default;
      }} finally {{
        URL.revokeObjectURL(url);
      }}
    }});
    asked.catch(() => made.delete(key));  // the next widget asks again
    made.set(key, asked);
  }}
  return made.get(key);
}}
export default {{
  async render(context) {{
    return (await frontEnd(context.experimental.invoke)).render(context);
  }},
}};
"""

#: The ``_esm`` of an ``inline`` class: its module's and style sheets' text filled in.
_INLINE = """\
// buraco_widgets/front_end.py: {script}, made once per page and shared by every widget of its kind
const key = {key};
const made = (globalThis.__buracoWidgets ??= new Map());
if (!made.has(key)) {{
  made.set(key, (async () => {{
    for (const css of {styles}) {{
      const style = document.createElement("style");
      style.dataset.buracoWidgets = key;
      style.textContent = css;
      document.head.append(style);
    }}
    const url = URL.createObjectURL(new Blob([{source}], {{ type: "text/javascript" }}));
    try {{
      return (await import(url)).default;
    }} finally {{
      URL.revokeObjectURL(url);
    }}
  }})());
}}
export default await made.get(key);
"""


class FrontEnd(anywidget.AnyWidget):
    """An anywidget whose ``_esm`` is :func:`front_end`'s: it answers the page's one question for its
    kind's module and style sheets (anywidget's ``invoke``: ``{"kind": "anywidget-command", "name":
    "_front_end", "msg": key, "id": ...}``) before the widget's own handlers of the page's messages,
    which never see it."""

    def _handle_custom_msg(self, content: Any, buffers: list[bytes]) -> None:
        if isinstance(content, dict) and content.get("kind") == "anywidget-command" and content.get("name") == "_front_end":
            self.send({"id": content.get("id"), "kind": "anywidget-command-response",
                       "response": _MODULES.get(str(content.get("msg")), {})})
            return
        super()._handle_custom_msg(content, buffers)


def front_end(script: str, *styles: str, dom: bool = False, parts: tuple[str, ...] = (),
              views: dict[str, str] | None = None, inline: bool = False) -> str:
    """The ``_esm`` of an anywidget class whose module is ``static/<script>`` and whose style sheets
    are ``static/<styles>`` (the class then needs no ``_css``); with ``dom``, the helpers several
    front ends share (``static/dom.js``: ``make``, ``uid``, ``fill``, ``whenPageRan``,
    ``sendWhileHere``, ``keepInBrowser``, ``keptInBrowser``, ``onChanges``, ``drawButton``, ``textsOf``, ``clickButton``) come first in
    the module (one module may not import another: each is made from a Blob of its own); ``parts``,
    other such shared pieces (``static/cardpicker.js``, the real-table pages' card picker) follow them;
    ``views``, the front ends of the parts a host model draws (:mod:`buraco_widgets.parts`: kind ->
    ``static/<name>.js``), each in a scope of its own as ``VIEWS[kind]``, its ``export default`` the
    scope's value. With ``inline``, the module's text goes with every model (a widget without a view).

    >>> esm = front_end("keeper.js")
    >>> "keeper.js" in esm and len(esm) < 2000 and "export default" in _MODULES[json.loads(esm.split("const key = ")[1].split(";")[0])]["source"]
    True
    """
    source = (STATIC / script).read_text(encoding="utf-8")
    shared = [(STATIC / name).read_text(encoding="utf-8") for name in (*(("dom.js",) if dom else ()), *parts)]
    if views is not None:
        shared.append("const VIEWS = {};")
        for kind, name in views.items():
            text = (STATIC / name).read_text(encoding="utf-8").replace("export default ", "return ")
            shared.append(f"VIEWS[{json.dumps(kind)}] = (() => {{\n{text}\n}})();")
    if shared:
        source = "\n".join([*shared, source])
    sheets = [(STATIC / name).read_text(encoding="utf-8") for name in styles]
    digest = hashlib.sha256("\0".join([source, *sheets]).encode()).hexdigest()[:12]
    key = f"{script}@{digest}"
    if inline:
        return _INLINE.format(script=script, key=json.dumps(key), styles=json.dumps(sheets), source=json.dumps(source))
    _MODULES[key] = {"source": source, "styles": sheets}
    return _ASKED.format(script=script, key=json.dumps(key))
