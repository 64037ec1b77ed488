"""A learner's lesson page without a browser, for bench_class.py's ``--clients protocol``: over HTTP and the
kernel's websocket it does what a Voila lesson page does (fetch the page and the files a real page fetched,
open the kernel's channel, ask for the widgets' state, send what the page's widgets send, press the first
Check, wait for the answer, close as a tab does), with no rendering. The frames are the kernel websocket's
v1 protocol (JupyterLab's services), read and written as jupyter_server reads and writes them
(tests/test_benchmarks.py checks both ways).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

#: The kernel websocket protocol Voila's page speaks (JupyterLab's services): binary frames.
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
CONTROL_TARGET = "jupyter.widget.control"
#: ipywidgets' control protocol (ipywidgets.widgets.widget.__control_protocol_version__)
CONTROL_VERSION = "1.0.0"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def ws_pack(channel: str, parts: list[bytes]) -> bytes:
    """A message as the v1 protocol frames it: the offsets, the channel, header, parent header,
    metadata, content and buffers."""
    offsets = [8 * (len(parts) + 3)]
    offsets.append(offsets[-1] + len(channel.encode()))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([len(offsets).to_bytes(8, "little"), *(o.to_bytes(8, "little") for o in offsets),
                     channel.encode(), *parts])


def ws_unpack(frame: bytes) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[bytes]]:
    """(channel, header, parent header, content, buffers) of a v1 frame."""
    n = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(n)]
    channel = frame[offsets[0]:offsets[1]].decode()
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(1, n - 1)]
    header, parent, _metadata, content = (json.loads(p) for p in parts[:4])
    return channel, header, parent, content, parts[4:]


def page_config(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', html, re.S)
    return dict(json.loads(found.group(1))) if found else {}


def shown_models(html: str) -> list[str]:
    """The widget models a rendered page shows, in page order (Voila's cell outputs)."""
    out = []
    for block in re.findall(r'<script type="application/vnd.voila.cell-output\+json">(.*?)</script>', html, re.S):
        view = json.loads(block).get("data", {}).get(WIDGET_VIEW)
        if view:
            out.append(str(view["model_id"]))
    return out


def referenced(state: Any) -> list[str]:
    """The models a widget's state refers to ("IPY_MODEL_<id>"), in order: its children first."""
    if isinstance(state, str):
        return [state[10:]] if state.startswith("IPY_MODEL_") else []
    if isinstance(state, dict):
        return [m for v in state.values() for m in referenced(v)]
    if isinstance(state, list):
        return [m for v in state for m in referenced(v)]
    return []


def page_order(states: dict[str, Any], roots: list[str]) -> list[str]:
    """Every model reachable from the shown ones, depth first: the order of the page's elements."""
    seen: list[str] = []

    def walk(model: str) -> None:
        if model in seen or model not in states:
            return
        seen.append(model)
        state = states[model]["state"]
        for child in state.get("children", []) + referenced({k: v for k, v in state.items() if k != "children"}):
            walk(child[10:] if child.startswith("IPY_MODEL_") else child)

    for root in roots:
        walk(root)
    return seen


#: The message a click on the first Check sends: a puzzle's row of buttons reads ``button``, an
#: ipywidgets Button (the floor's) only ``event``.
CLICK = {"event": "click", "button": "check"}


def first_check(states: dict[str, Any], roots: list[str]) -> tuple[str, set[str], str, dict[str, Any]]:
    """What the page clicks (bench_lessons.answer_first_click): the first puzzle's Check button, or
    a floor page's button; with the models whose update is the answer, which key of their state says
    it came, and the click's message. A puzzle is one model whose row of buttons is a part
    (:mod:`buraco_widgets.parts`): the click names the part's slot, and the feedback's slot answers;
    a floor's button (an ipywidgets Button) is clicked with :data:`CLICK` and its "description"
    answers (a puzzle drawn by models of its own: its ``bw-check`` or ``bw-puzzle-buttons`` model,
    and the "status" of its feedback)."""
    order = page_order(states, roots)
    classes = {m: states[m]["state"].get("_dom_classes", []) for m in order}
    bare = [m for m in order if "bw-bare" in classes[m]]
    if bare:
        return bare[0], {bare[0]}, "description", CLICK
    puzzle = next((m for m in order if "bw-puzzle" in classes[m]), None)
    if puzzle is None:
        raise RuntimeError("the protocol clients answer a puzzle's Check: this notebook shows no puzzle")
    if "_buttons" in states[puzzle]["state"]:
        return puzzle, {puzzle}, "_feedback", {"part": "_buttons", "content": CLICK}
    inside = page_order(states, [puzzle])
    check = next(m for m in inside if {"bw-check", "bw-puzzle-buttons"} & set(classes.get(m, [])))
    return check, set(inside), "status", CLICK


@dataclass
class Traffic:
    """What one learner's page (or protocol client) exchanged with the server."""

    http: int = 0
    http_bytes: int = 0
    sent: int = 0
    received: int = 0
    received_bytes: int = 0
    statics: list[str] = field(default_factory=list)
    #: what was sent over the websocket: message type (and widget method) -> count
    kinds: dict[str, int] = field(default_factory=dict)
    #: anywidget messages the page sent before the click: (its model's _anywidget_id, content)
    replay: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    def row(self) -> str:
        kinds = ", ".join(f"{k} {n}" for k, n in sorted(self.kinds.items()))
        return (f"{self.http:>4} HTTP requests, websocket {self.sent:>3} sent, {self.received:>4} received"
                f" ({self.received_bytes / 1e6:5.2f} MB); sent: {kinds}")

    def count(self, header: dict[str, Any], content: dict[str, Any]) -> None:
        method = (content.get("data") or {}).get("method") if isinstance(content.get("data"), dict) else None
        kind = f"{header['msg_type']}/{method}" if method else str(header["msg_type"])
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


@dataclass
class Learner:
    answered: float | None = None
    why: str = ""
    kernel: str = ""
    traffic: Traffic = field(default_factory=Traffic)


class Wire:
    """One kernel websocket, as the page's kernel connection speaks it."""

    def __init__(self, conn: Any, traffic: Traffic) -> None:
        self.conn, self.traffic = conn, traffic
        self.session = uuid.uuid4().hex

    async def send(self, channel: str, msg_type: str, content: dict[str, Any],
                   metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "", "session": self.session,
                  "date": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime()), "version": "5.2"}
        parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
        await self.conn.write_message(ws_pack(channel, parts), binary=True)
        self.traffic.sent += 1
        self.traffic.count(header, content)
        return msg_id

    async def receive(self) -> tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[bytes]]:
        frame = await self.conn.read_message()
        if frame is None:
            raise ConnectionError("the kernel's websocket closed")
        self.traffic.received += 1
        self.traffic.received_bytes += len(frame)
        return ws_unpack(frame if isinstance(frame, bytes) else frame.encode())


async def protocol_learner(base: str, path: str, model: Traffic, start: asyncio.Event, t0: list[float],
                           timeout: float) -> Learner:
    """One learner's page without a browser: fetch the page and the files a real page fetched
    (``model.statics``, from :func:`chromium_learner`), open the kernel's channel, ask for the widgets'
    state, send what the page's widgets send once they exist (``model.replay``), press the first
    Check and wait for the kernel's answer; then close as a tab does (Voila's shutdown beacon)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    out = Learner()
    traffic = out.traffic
    client = AsyncHTTPClient(force_instance=True, max_clients=6)  # a browser's six connections
    xsrf = uuid.uuid4().hex
    cookies = {"_xsrf": xsrf}  # the template sets it on the page

    async def get(url: str) -> bytes:
        reply = await client.fetch(base + url, request_timeout=timeout, headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())})
        for header in reply.headers.get_list("Set-Cookie"):
            name, _, value = header.split(";", 1)[0].partition("=")
            cookies[name.strip()] = value
        traffic.http += 1
        traffic.http_bytes += len(reply.body)
        return bytes(reply.body)

    await start.wait()
    conn = None
    try:
        html = (await get(f"/voila/render/{path}")).decode()
        out.kernel = str(page_config(html).get("kernelId", ""))
        if not out.kernel:
            raise RuntimeError("the page has no kernel id")
        statics = list(model.statics)

        async def fetcher() -> None:
            while statics:
                await get(statics.pop(0))

        await asyncio.gather(*(fetcher() for _ in range(6)))
        await get(f"/api/kernels/{out.kernel}?{int(time.time() * 1000)}")
        request = HTTPRequest(f"{base.replace('http', 'ws', 1)}/api/kernels/{out.kernel}/channels?session_id="
                              f"{uuid.uuid4()}", headers={"Cookie": f"_xsrf={xsrf}"}, request_timeout=timeout)
        conn = await websocket_connect(request, subprotocols=[WS_PROTOCOL], max_message_size=1 << 28)
        wire = Wire(conn, traffic)
        info = await wire.send("shell", "kernel_info_request", {})
        while (await wire.receive())[2].get("msg_id") != info:
            pass
        control = uuid.uuid4().hex
        await wire.send("shell", "comm_open", {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}},
                        {"version": CONTROL_VERSION})
        await wire.send("shell", "comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                        {"version": CONTROL_VERSION})
        while True:
            _, _, _, content, _ = await wire.receive()
            data = content.get("data") or {}
            if content.get("comm_id") == control and data.get("method") == "update_states":
                states = data["states"]
                break
        await wire.send("shell", "comm_close", {"comm_id": control, "data": {}})
        by_id = {m["state"].get("_anywidget_id"): k for k, m in states.items() if m["state"].get("_anywidget_id")}
        for anywidget_id, content in model.replay:
            if anywidget_id in by_id:
                content = {**content, "now": int(time.time() * 1000)} if "now" in content else content
                await wire.send("shell", "comm_msg", {"comm_id": by_id[anywidget_id],
                                                      "data": {"method": "custom", "content": content}})
        target, answers, key, message = first_check(states, shown_models(html))
        click = await wire.send("shell", "comm_msg", {"comm_id": target, "data": {"method": "custom",
                                                                                  "content": message}})
        answered = False
        while True:
            _, header, parent, content, _ = await wire.receive()
            data = content.get("data") or {}
            if (header["msg_type"] == "comm_msg" and data.get("method") == "update"
                    and content.get("comm_id") in answers and data.get("state", {}).get(key)):
                answered = True
            if (header["msg_type"] == "status" and parent.get("msg_id") == click
                    and content["execution_state"] == "idle"):
                break
        if not answered:
            raise RuntimeError("the Check was handled, but no answer came")
        out.answered = time.perf_counter() - t0[0]
    except Exception as exc:
        out.why = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
    finally:
        if out.kernel:  # the tab closes: Voila's beforeunload beacon, then the socket goes
            with contextlib.suppress(Exception):
                await client.fetch(f"{base}/voila/api/shutdown/{out.kernel}", method="POST", body=f"_xsrf={xsrf}",
                                   headers={"Cookie": f"_xsrf={xsrf}"}, request_timeout=30)
                traffic.http += 1
        if conn is not None:
            conn.close()
        client.close()
    return out
