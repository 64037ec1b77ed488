"""What the page sends a widget, delivered as the kernel delivers it: through the widget's comm, or,
for a part drawn inside another widget's model (:mod:`buraco_widgets.parts`), through its host's
comm with the slot named, as ``static/parts.js`` sends it."""

from __future__ import annotations

from typing import Any

from buraco_widgets.parts import Part


def from_page(widget: Any, content: dict[str, Any], method: str = "custom") -> None:
    """Deliver ``content`` from the page: a custom message (``method="custom"``) or a state update
    (``"update"``; for a part, the ``set`` message its view sends)."""
    if isinstance(widget, Part):
        assert widget._host is not None, "the part is drawn by no model"
        if method == "custom" and "set" not in content:
            content = {"part": widget._slot, "content": content}
        else:
            content = {"part": widget._slot, "set": content.get("set", content) if method == "custom" else content}
        widget, method = widget._host, "custom"
    data: dict[str, Any] = {"method": method}
    if method == "custom":
        data["content"] = content
    else:
        data.update(state=content, buffer_paths=[])
    widget.comm.handle_msg({"content": {"comm_id": widget.comm.comm_id, "data": data}, "buffers": []})
