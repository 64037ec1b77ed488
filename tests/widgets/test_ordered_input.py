"""The learner's clicks reach the kernel in the order they were made (``_common.ordered_input``).

The messages are delivered through each widget's comm, as the kernel receives them from the page:
the Hand's and TableView's ``{"set": {...}}`` messages and the Check button's click, in the order a
learner made them. ipywidgets' own trait updates from the page wait for the kernel's answer to the
previous one, so they could arrive after a Check clicked later (the flake of issue 12); these
messages cannot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import pytest
import traitlets
from buraco_widgets import Hand, MeldPuzzle, TableView
from buraco_widgets._common import STATIC, ordered_input
from page_messages import from_page

from buraco_core.teach import Puzzle, generate, solve


def sent_to_page(widget: Any) -> list[dict[str, Any]]:
    """Record what the kernel sends the page from now on (the data of each comm message)."""
    sent: list[dict[str, Any]] = []
    widget.comm.publish_msg = lambda _type, data=None, **_kw: sent.append(data or {})
    return sent


def click(button: Any) -> None:
    """A click on a button of a puzzle's row, as the page sends it: a message of the row's model."""
    from_page(button._row, {"event": "click", "button": button.name})


def test_cards_then_check_in_the_order_clicked_give_the_engines_verdict_on_those_cards() -> None:
    puzzle = generate("make-buraco", "buraco", 3)
    widget = MeldPuzzle(puzzle, record=False)
    codes = widget.hand.codes
    picks: list[int] = []
    for code in solve(puzzle):  # type: ignore[union-attr]
        picks.append(next(i for i, c in enumerate(codes) if c == code and i not in picks))
        from_page(widget.hand, {"set": {"selected": list(picks)}})
        if len(picks) == 1:  # a Check between two clicks judges what was clicked before it
            click(widget.check_button)
            assert widget.correct is False and "at least three cards, not 1" in widget.feedback.value
    click(widget.check_button)
    assert widget.correct is True and widget.feedback.status == "right"


def test_a_meld_picked_twice_then_a_card_then_check() -> None:
    puzzle = Puzzle(id="pick", kind="extend", rules="buraco", prompt="Add a card to one of the melds.",
                    hand=("Kh", "3d", "9s"), table=("6s 7s 8s", "Qc Qd Qh"), goal={})
    widget = MeldPuzzle(puzzle, record=False)
    from_page(widget.table, {"set": {"selected": [0, 1]}})
    from_page(widget.table, {"set": {"selected": [0, 0]}})
    from_page(widget.hand, {"set": {"selected": [widget.hand.codes.index("9s")]}})
    click(widget.check_button)
    assert widget.correct is True, widget.feedback.value


def test_the_pages_own_change_is_not_echoed_back() -> None:
    hand = Hand("4h 5h 6h JK")
    sent = sent_to_page(hand)
    from_page(hand, {"set": {"selected": [2, 0]}})
    from_page(hand, {"set": {"selected": [2, 0, 3]}})
    assert hand.selected == [2, 0, 3]
    assert sent == []  # an echo of [2, 0] arriving after the third click would undo it on the page


def test_a_value_the_kernel_corrects_goes_back_to_the_page() -> None:
    hand = Hand("4h 5h", multiple=False)
    sent = sent_to_page(hand)
    from_page(hand, {"set": {"selected": [0, 1, 7]}})
    assert hand.selected == [1]
    assert [m["state"]["selected"] for m in sent if "selected" in m.get("state", {})] == [[1]]


def test_a_refused_value_changes_nothing_and_the_page_gets_the_kernels_value() -> None:
    hand = Hand("Kc 4h JK")
    sent = sent_to_page(hand)
    from_page(hand, {"set": {"sort_by": "colour"}})
    assert hand.sort_by == "" and hand.codes == ["Kc", "4h", "JK"]
    assert {"sort_by": ""} in [m.get("state") for m in sent]


def test_sorting_from_the_page_reorders_and_keeps_the_selection() -> None:
    hand = Hand("Kc 4h JK 4d")
    from_page(hand, {"set": {"selected": [1]}})
    from_page(hand, {"set": {"sort_by": "rank"}})
    assert [c.code for c in hand.selected_cards] == ["4h"]
    assert hand.codes[0] in ("4h", "4d")


def test_only_the_named_traits_can_be_set_and_other_messages_are_left_alone() -> None:
    hand = Hand("4h 5h")
    from_page(hand, {"set": {"codes": ["JK"], "disabled": True}})
    from_page(hand, {"something": "else"})
    from_page(hand, {"set": "not a mapping"})
    assert hand.codes == ["4h", "5h"] and hand.disabled is False


def test_trait_updates_from_the_page_still_work() -> None:
    """An older page that still sends trait updates is understood (without an echo)."""
    table = TableView(["4h 5h 6h", "7c 7d 7s"])
    from_page(table, {"selected": [0, 1]}, method="update")
    assert table.selected == [0, 1]


def test_a_trait_that_would_be_echoed_is_refused() -> None:
    class Echoing(anywidget.AnyWidget):  # type: ignore[misc]
        _esm = "export default { render() {} };"
        value = traitlets.Int(0).tag(sync=True)

    with pytest.raises(TypeError, match=r"Echoing\.value must be tagged echo_update=False"):
        ordered_input(Echoing(), "value")


@pytest.mark.parametrize("name", ["hand.js", "table.js"])
def test_front_ends_send_the_learners_changes_as_messages(name: str) -> None:
    js = Path(STATIC / name).read_text()
    assert "model.save_changes(" not in js, f"{name} must send the learner's changes with model.send({{ set: ... }})"
    assert "model.send({ set: { selected } })" in js


def test_a_part_the_page_changed_is_redrawn_when_the_kernel_sets_it_back() -> None:
    """A part's change from the page is not echoed, so the page's copy of the host's slot is older
    than what it shows; the kernel's next state of the slot has a new revision, so it differs from
    that copy even where it holds the same values (the typed play cleared once it is made)."""
    from buraco_widgets import GameTable

    table = GameTable(rules="buraco", seed=7, pace=0)
    before = dict(table._command)
    sent = sent_to_page(table)
    from_page(table.controls.command_row, {"set": {"command": "draw"}})
    assert sent == [] and table.controls.command.value == "draw"
    from_page(table.controls.command_row, {"event": "submit", "text": "draw"})
    states = [m["state"]["_command"] for m in sent if "_command" in m.get("state", {})]
    assert states and states[-1]["command"] == "" and states[-1] != before
