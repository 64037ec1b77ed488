"""MeldView and TableView: the engine's melds, their description, selection, ruleset switching."""

from buraco_widgets import MeldView, TableView

from buraco_core import make_meld


def test_meld_view_shows_the_engine_description() -> None:
    view = MeldView("4h 5h 6h 2s 8h 9h 10h", rules="buraco")
    item = view._groups[0]["melds"][0]
    assert item["describe"] == view.meld.describe()
    assert "2♠ standing for 7♥" in item["describe"]
    assert item["buraco"] == "dirty" and item["points"] == 165
    assert "standing for seven of hearts" in item["svg"]
    assert not view.selectable


def test_meld_view_takes_a_meld_value() -> None:
    meld = make_meld("7c 7d 7s", "italian")
    view = MeldView(meld)
    assert view.rules == "italian" and view.meld == meld


def test_table_groups_and_click_selection() -> None:
    table = TableView({"Your side": ["4h 5h 6h", "7c 7d 7s"], "Opponents": ["Qs Ks As"]})
    assert [g["title"] for g in table._groups] == ["Your side", "Opponents"]
    table.select(1, 0)
    assert table.selected == [1, 0]
    assert table.selected_meld == make_meld("Qs Ks As", "buraco")
    table.select(1, 0)  # a second click deselects
    assert table.selected == [] and table.selected_meld is None


def test_selection_out_of_range_is_dropped() -> None:
    table = TableView(["4h 5h 6h"])
    table.selected = [0, 5]
    assert table.selected == []


def test_invalid_meld_shows_the_engine_reason_not_a_traceback() -> None:
    table = TableView(["4h 5h 7c"])
    item = table._groups[0]["melds"][0]
    assert item.get("error")
    assert table.melds == [[]]


def test_switching_ruleset_remakes_the_melds() -> None:
    table = TableView(["7c 7d 7s"], rules="buraco")
    assert "set" in table._groups[0]["melds"][0]["describe"]
    table.rules = "fechado"  # no sets in fechado
    assert table._groups[0]["melds"][0].get("error")
    assert table.melds == [[]]


def test_a_choice_table_keeps_the_meld_selected_on_a_second_click() -> None:
    table = TableView(["4h 5h 6h", "7c 7d 7s"], deselectable=False)
    table.select(0, 1)
    table.select(0, 1)
    assert table.selected == [0, 1]
