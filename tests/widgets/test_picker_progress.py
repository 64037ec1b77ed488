"""RulesetPicker drives linked widgets; Progress records, exports and imports."""

import json

import pytest
from buraco_widgets import Hand, Progress, RulesetPicker, TableView

from buraco_core import RULESETS


def test_picker_offers_the_engine_rulesets_and_drives_linked_widgets() -> None:
    picker = RulesetPicker()
    assert [value for _, value in picker.options] == list(RULESETS)
    assert next(label for label, _ in picker.options) == "Classic Buraco"  # what a learner reads
    table = TableView(["7c 7d 7s"])
    picker.link(table)
    picker.value = "fechado"
    assert table.rules == "fechado"
    assert picker.rules is RULESETS["fechado"]


def test_picker_refuses_a_widget_without_rules() -> None:
    with pytest.raises(TypeError, match="no 'rules' trait"):
        RulesetPicker().link(Hand("4h"))


def test_record_and_summary() -> None:
    progress = Progress()
    progress.expect("03", "clean")
    progress.expect("03", "dirty")
    assert progress.record("03", "clean") is True
    assert progress.record("03", "clean") is False
    assert progress.is_solved("03", "clean") and not progress.is_solved("03", "dirty")
    assert progress.summary("03") == "Lesson 03: 1 of 2 solved"


def test_export_import_round_trip_merges() -> None:
    a = Progress()
    a.record("01", "x")
    a.record("02", "y")
    b = Progress()
    b.record("01", "z")
    assert b.import_json(a.export_json()) == 2
    assert b.solved == {"01": ["z", "x"], "02": ["y"]}


@pytest.mark.parametrize("text", ["not json", '["a"]', '{"01": "x"}', '{"format": "other/9", "solved": {}}'])
def test_bad_import_says_why_and_changes_nothing(text: str) -> None:
    progress = Progress()
    progress.record("01", "x")
    progress.import_text(text)
    assert progress.message.startswith("Could not import:")
    assert progress.solved == {"01": ["x"]}


def test_front_end_messages_export_and_import() -> None:
    progress = Progress()
    progress.record("05", "pot")
    progress._on_front_end_msg(progress, {"type": "export"}, [])
    assert json.loads(progress.export_text)["solved"] == {"05": ["pot"]}
    other = Progress()
    other._on_front_end_msg(other, {"type": "import", "text": progress.export_text}, [])
    assert other.solved == {"05": ["pot"]} and other.message.startswith("Imported: 1")


def test_shared_instance_for_a_lesson() -> None:
    shared = Progress.for_lesson("04")
    assert shared is Progress.shared() and shared.lesson == "04"


def test_reset_forgets() -> None:
    progress = Progress()
    progress.record("01", "x")
    progress.reset()
    assert progress.solved == {}


def test_the_widgets_words_come_from_the_catalog() -> None:
    from buraco_core.messages import catalog

    progress = Progress()
    assert progress.texts["title"] == catalog()["widget.progress.title"] == "Your progress"
    assert "{lesson}" in progress.texts["count"]  # the page fills it in
    progress.expect("03", "worked-clean", "the clean buraco")
    assert progress.labels == {"worked-clean": "the clean buraco"}
