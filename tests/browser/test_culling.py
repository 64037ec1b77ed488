"""Kernels do not pile up: the idle culler of voila.json reaps the kernel of every closed page.

In Voila 0.5.13 a closed tab's shutdown request fails the XSRF check (voila issue 1458; our template
fixes that, see test_app.py), and a tab that dies without a beforeunload (a crashed or killed browser,
a phone put to sleep, a lost network) never sends one. Here the pages are closed without beforeunload,
so only the culler can free their kernels. This Voila runs with voila.json as it is except for two
timing keys, shortened on the command line (the command line wins over the config file):
``cull_idle_timeout`` and ``cull_interval``; ``cull_connected`` and ``cull_busy`` are the repo's.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import ROOT, VoilaServer, kernel_id, new_context, open_notebook

pytestmark = pytest.mark.browser

IDLE = 4  # seconds
INTERVAL = 1


@pytest.fixture(scope="module")
def culling_voila(start_voila: Any) -> Iterator[VoilaServer]:
    server: VoilaServer = start_voila("culling", f"--MappingKernelManager.cull_idle_timeout={IDLE}",
                                      f"--MappingKernelManager.cull_interval={INTERVAL}")
    yield server
    server.stop()


@pytest.mark.timeout(150)
def test_closed_pages_lose_their_kernels_open_pages_keep_them(
        browser: Any, culling_voila: VoilaServer, widgets_notebook: Path) -> None:
    repo = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert repo["cull_connected"] is False and repo["cull_idle_timeout"] > 0
    context = new_context(browser)
    try:
        pages = [context.new_page() for _ in range(4)]
        kernels = []
        for page in pages:
            open_notebook(page, culling_voila, widgets_notebook)
            kernels.append(kernel_id(page))
        assert len(set(kernels)) == 4
        assert set(kernels) <= set(culling_voila.kernel_pids()), "one kernel process per page"
        reading, closed = pages[0], pages[1:]
        for page in closed:
            page.close()  # no beforeunload, so no shutdown request: the page just goes away

        deadline = time.monotonic() + IDLE + 4 * INTERVAL + 20
        while time.monotonic() < deadline and any(culling_voila.kernel(k) for k in kernels[1:]):
            time.sleep(0.5)
        left = [k for k in kernels[1:] if culling_voila.kernel(k) is not None]
        assert not left, f"kernels of closed pages still running: {left}\n{culling_voila.log_tail()}"
        log = culling_voila.log()
        assert f"Culling kernels with idle durations > {IDLE} seconds at {INTERVAL} second intervals" in log
        for kid in kernels[1:]:  # the culler did it, not a shutdown request
            assert re.search(rf"Culling '\w+' kernel '\w+' \({kid}\) with 0 connections", log), kid
            assert f"Kernel shutdown: {kid}" in log
        pids = culling_voila.kernel_pids()
        assert not set(kernels[1:]) & set(pids), "a culled kernel's process is still alive"

        # The learner still reading: idle far longer than the timeout, but connected, so kept.
        model = culling_voila.kernel(kernels[0])
        assert model is not None and model["connections"] >= 1
        reading.get_by_role("button", name="Check").click()
        reading.get_by_role("button", name="Clicked").wait_for()
    finally:
        context.close()
