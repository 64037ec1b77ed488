"""How a page starts the widgets' front end: one module per kind of widget per page.

anywidget makes a module of its own of a widget's ``_esm`` for every model (it imports the text from
a Blob URL of its own), and puts its ``_css`` into the page again for every model: on a lesson page
of about twenty such models the browser compiled and ran the same modules over and over, and each
model's front end must start within anywidget's fixed 2 s or the widget fails ("[anywidget] Failed
to initialize model"), which a slow laptop or a browser sharing a busy machine reached.

So the ``_esm`` of each anywidget class here (:func:`front_end`) is a module around the code of the
class's real module (``static/<name>.js``, its ``export default`` made the value of a function) and
the text of its style sheets (``static/<name>.css``): the first model of a kind on the page runs
that function and puts the style sheets into the page, in the page's own registry
(``globalThis.__buracoWidgets``, keyed by the files' hash), and every other model of that kind takes
the same front end from there. The browser compiles each front end once per page, and every widget
of the kind shares its functions. Nothing is fetched from the server and nothing is configured: it
works wherever anywidget does (Voila, the static site, JupyterLab). Its limit: each model's state
still carries the code (the server sends it with every model of the kind; the page reads it, but
runs nothing of it after the first).

The code sits in the wrapper itself, not in a string the first model imports from a Blob URL of its
own: each such import costs the browser about 4.5 ms of CPU whatever its size (the URL registered
with the browser's process, the module fetched back from it), one per kind per page (issue 38).
"""

from __future__ import annotations

import hashlib
import json

from ._common import STATIC

__all__ = ["front_end"]

#: The ``_esm`` of a class: its key, its module's and style sheets' text filled in.
_WRAPPER = """\
// buraco_widgets/front_end.py: {script}, made once per page and shared by every widget of its kind
const key = {key};
const made = (globalThis.__buracoWidgets ??= new Map());
if (!made.has(key)) {{
  made.set(key, (() => {{
    for (const css of {styles}) {{
      const style = document.createElement("style");
      style.dataset.buracoWidgets = key;
      style.textContent = css;
      document.head.append(style);
    }}
{source}
  }})());
}}
export default made.get(key);
"""


def front_end(script: str, *styles: str, dom: bool = False, parts: tuple[str, ...] = (),
              views: dict[str, str] | None = None) -> str:
    """The ``_esm`` of an anywidget class whose module is ``static/<script>`` and whose style sheets
    are ``static/<styles>`` (the class then needs no ``_css``); with ``dom``, the helpers several
    front ends share (``static/dom.js``: ``make``, ``uid``, ``fill``, ``whenPageRan``,
    ``sendWhileHere``, ``keepInBrowser``, ``keptInBrowser``, ``onChanges``, ``drawButton``, ``textsOf``, ``clickButton``) come first in
    the module (a front end imports nothing: it runs as the body of a function); ``parts``,
    other such shared pieces (``static/cardpicker.js``, the real-table pages' card picker) follow them;
    ``views``, the front ends of the parts a host model draws (:mod:`buraco_widgets.parts`: kind ->
    ``static/<name>.js``), each in a scope of its own as ``VIEWS[kind]``, its ``export default`` the
    scope's value.

    >>> wrapper = front_end("keeper.js")
    >>> "export default made.get(key)" in wrapper and "keeper.js" in wrapper
    True
    """
    source = _returned((STATIC / script).read_text(encoding="utf-8"), script)
    shared = [(STATIC / name).read_text(encoding="utf-8") for name in (*(("dom.js",) if dom else ()), *parts)]
    if views is not None:
        shared.append("const VIEWS = {};")
        for kind, name in views.items():
            text = _returned((STATIC / name).read_text(encoding="utf-8"), name)
            shared.append(f"VIEWS[{json.dumps(kind)}] = (() => {{\n{text}\n}})();")
    if shared:
        source = "\n".join([*shared, source])
    sheets = [(STATIC / name).read_text(encoding="utf-8") for name in styles]
    digest = hashlib.sha256("\0".join([source, *sheets]).encode()).hexdigest()[:12]
    return _WRAPPER.format(script=script, key=json.dumps(f"{script}@{digest}"), styles=json.dumps(sheets),
                           source=source)


def _returned(text: str, name: str) -> str:
    """A front end's module as the body of a function: its ``export default`` (its last statement;
    the modules import nothing and export nothing else) becomes the function's ``return``."""
    if text.count("export default ") != 1 or "\nimport " in text or text.startswith("import "):
        raise ValueError(f"static/{name}: a front end exports one default (its last statement) and imports nothing")
    return text.replace("export default ", "return ")
