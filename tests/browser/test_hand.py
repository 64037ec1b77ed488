"""The Hand's front end in a live Voila: a click selects a card, the selection survives sorting and
reaches the kernel, and the keyboard works as well as the mouse."""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

from .conftest import VoilaServer, open_notebook, write_notebook

pytestmark = pytest.mark.browser


@pytest.mark.timeout(180)
def test_selection_survives_sorting_and_reaches_the_kernel(page: Any, voila: VoilaServer) -> None:
    notebook = write_notebook(
        "hand.ipynb",
        nbformat.v4.new_code_cell("from buraco_widgets import Hand\nh = Hand('9s 4h JK 6h 5h')\nh"),
        # the kernel's view of the selection, shown back on the page
        nbformat.v4.new_code_cell(
            "import ipywidgets\nseen = ipywidgets.Label('kernel: none')\nseen.add_class('kernel-sees')\n"
            "h.observe(lambda _c: setattr(seen, 'value', 'kernel: ' + "
            "' '.join(sorted(c.code for c in h.selected_cards))), 'selected')\n"
            "h.observe(lambda _c: setattr(seen, 'value', 'kernel: ' + "
            "' '.join(sorted(c.code for c in h.selected_cards))), 'codes')\nseen"),
    )
    open_notebook(page, voila, notebook)
    hand = page.locator('[data-testid="hand"]').first
    card = hand.locator('[data-testid="card"][data-code="4h"]')
    card.click()
    hand.locator('[data-testid="card"][data-code="6h"]').focus()
    page.keyboard.press("Space")
    status = hand.locator('[data-testid="hand-status"]')
    status.filter(has_text="2 selected").wait_for()
    assert card.get_attribute("aria-pressed") == "true"
    page.locator(".kernel-sees", has_text="kernel: 4h 6h").wait_for()

    hand.locator('[data-testid="sort-rank"]').click()
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('[data-testid="hand"] [data-testid="card"]'))
                 .map(c => c.dataset.code).join(' ') === '4h 5h 6h 9s JK'""")
    pressed = hand.locator('[data-testid="card"][aria-pressed="true"]')
    assert sorted(pressed.nth(i).get_attribute("data-code") for i in range(pressed.count())) == ["4h", "6h"]
    assert "4♥" in status.inner_text() and "6♥" in status.inner_text()
    hand.locator('[data-testid="card"][data-code="JK"]').click()
    page.locator(".kernel-sees", has_text="kernel: 4h 6h JK").wait_for()
    page.watch.assert_clean()
