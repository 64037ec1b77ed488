"""The row under a puzzle (Check, Hint, Another one, the badge) is one anywidget model: the page's
clicks arrive as messages, in order, and reach the same handlers as the Python stand-ins' ``click()``."""

from __future__ import annotations

from typing import Any

import ipywidgets
from buraco_widgets import MeldPuzzle, Progress
from buraco_widgets.puzzle_buttons import PuzzleButtons
from page_messages import from_page

from buraco_core.sessions import PuzzleSession
from buraco_core.teach import generate, solve


def models_of(widget: Any) -> set[str]:
    """The models a widget's state refers to, itself and its parts (children, layout, style)."""
    seen: set[str] = set()

    def walk(w: Any) -> None:
        if not isinstance(w, ipywidgets.Widget) or w.model_id in seen:
            return
        seen.add(w.model_id)
        for name in w.keys:
            value = getattr(w, name)
            for part in value if isinstance(value, list | tuple) else [value]:
                walk(part)

    walk(widget)
    return seen


def test_the_row_is_one_model_with_its_layout() -> None:
    row = PuzzleButtons("en")
    assert len(models_of(row)) == 2  # the row and its Layout (was 14: an HBox, 3 Buttons, an HTML, their parts)
    assert [b["label"] for b in row.buttons.values()] == ["Check", "Hint", "Another one"]
    assert row.buttons["check"]["css"] == "bw-check" and row.buttons["check"]["style"] == "primary"


def test_a_puzzle_is_one_model_whatever_it_shows() -> None:
    """Its task, scene, answer's controls, buttons and feedback are parts of its one model (issue 38:
    a puzzle was ten models); the page draws each in its slot, in ``order``."""
    for kind, params in (("make-buraco", {"buraco": "clean"}), ("meld-value", {}), ("extend", {}),
                         ("which-is-meld", {}), ("best-play", {}), ("score", {})):
        w = MeldPuzzle.generate(kind, seed=3, progress=Progress(), **params)
        assert len(models_of(w)) == 2, kind  # the puzzle and the layout every plain widget shares
        slots = [entry["slot"] for entry in w.order]
        assert slots[0] == "_header" and slots[-2:] == ["_buttons", "_feedback"], slots
        assert all(getattr(w, slot)["kind"] for slot in slots), slots


def test_a_click_from_the_page_checks_the_puzzle() -> None:
    w = MeldPuzzle.generate("make-buraco", rules="buraco", seed=3, buraco="clean", progress=Progress())
    from_page(w.buttons, {"event": "click", "button": "check"})
    assert w.correct is None and w.feedback.value == "Select some cards from your hand first."
    w.hand.select_cards(solve(w.puzzle))
    from_page(w.buttons, {"event": "click", "button": "check"})
    assert w.correct is True and w.solved and w.badge.value == "✓ solved" and w.buttons.standing == "solved"


def test_the_hint_escalates_and_a_click_on_the_disabled_hint_from_the_page_does_nothing() -> None:
    w = MeldPuzzle.generate("make-meld", seed=1, progress=Progress())
    for words in ("Another hint", "Show the answer"):
        from_page(w.buttons, {"event": "click", "button": "hint"})
        assert w.hint_button.description == words and w.buttons.buttons["hint"]["label"] == words
    from_page(w.buttons, {"event": "click", "button": "hint"})
    assert w.revealed and w.hint_button.disabled and w.buttons.buttons["hint"]["disabled"]
    hints = w.hints
    from_page(w.buttons, {"event": "click", "button": "hint"})
    assert w.hints == hints


def test_another_one_deals_and_is_hidden_where_not_offered() -> None:
    w = MeldPuzzle.generate("meld-value", seed=3, progress=Progress())
    first = w.puzzle
    from_page(w.buttons, {"event": "click", "button": "another"})
    assert w.puzzle != first
    assert PuzzleButtons("en", another=False).another_button.shown is False


def test_messages_that_are_no_click_of_a_button_are_ignored() -> None:
    row = PuzzleButtons("en")
    clicked: list[str] = []
    row.check_button.on_click(lambda b: clicked.append(b.name))
    for content in ({"event": "click", "button": "nope"}, {"event": "hover", "button": "check"}, {"set": {}}):
        from_page(row, content)
    from_page(row, {"event": "click", "button": "check"})
    assert clicked == ["check"]


def test_the_row_speaks_the_puzzles_language() -> None:
    session = PuzzleSession(generate("meld-value", "buraco", 3), lang="de")
    row = PuzzleButtons("de")
    row.show(session)
    assert row.check_button.description == "Prüfen"
    _ = session.check(solve(session.puzzle))
    row.show(session)
    assert row.standing == "solved" and row.badge.value == "✓ gelöst"


def test_widgets_that_never_change_their_layout_share_one_that_cannot_change() -> None:
    import pytest
    from buraco_widgets import Hand
    from buraco_widgets._common import button, discard, plain_html, plain_layout

    w = MeldPuzzle.generate("make-meld", seed=1, progress=Progress())
    shared = plain_layout()
    assert w.layout is shared and Hand("4h").layout is shared
    a, b = plain_html("x", "bw-a"), plain_html("y")
    assert a.layout is b.layout is shared and a.style is b.style and a._dom_classes == ("bw-a",)
    with pytest.raises(AttributeError, match="shared by many widgets and cannot change"):
        w.layout.display = "none"
    discard(a)  # closes the widget, never the layout and style others share
    assert a.comm is None and shared.comm is not None and b.style.comm is not None
    hiding, plain = button("Go", "bw-go", "go", hides=True), button("Stay", "bw-stay", "stay")
    hiding.layout.display = "none"
    assert plain.layout is plain_layout(width="auto") and hiding.layout is not plain.layout


def test_the_ruleset_picker_shares_its_layout_and_style() -> None:
    from buraco_widgets import RulesetPicker
    from buraco_widgets._common import description_style, plain_layout

    picker = RulesetPicker()
    assert picker.layout is plain_layout() and picker.style is description_style(description_width="initial")
