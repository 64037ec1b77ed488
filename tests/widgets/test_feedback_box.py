"""The feedback box writes its numbers as the page's language does: a score sheet's lines read
'+2.155' and '−100' on a German page (the newcomer met '+2155' beside '2.155'), as in English '+2155'."""

from __future__ import annotations

from buraco_widgets.feedback import FeedbackBox


def test_points_are_shown_as_the_language_writes_them() -> None:
    box = FeedbackBox(lang="de")
    box.show("Richtig.", status="right", lines=[("ausgelegte Karten", 2155), ("Topf nie aufgenommen", -100)],
             total=2055)
    assert box.shown == ["+2.155", "\u2212100", "2.055"]
    assert box.lines == [["ausgelegte Karten", 2155, ""], ["Topf nie aufgenommen", -100, ""]]
    english = FeedbackBox(lang="en")
    english.show("Right.", lines=[("melded cards", 2155)])
    assert english.shown == ["+2155"]
    english.clear()
    assert english.shown == []
