"""Every cache is registered in buraco_core.memo, and clear_caches empties them all without
changing an answer."""

from __future__ import annotations

from buraco_core import memo
from buraco_core.bots import GreedyBot, RandomBot, play_hand
from buraco_core.game import Game


def _hand(rules: str) -> tuple[list[tuple[int, str]], object]:
    game = Game(rules, players=4, seed=3)
    moves = play_hand(game, [RandomBot(0), GreedyBot(1), RandomBot(2), GreedyBot(3)])
    return moves, game.state


def test_every_cache_is_registered_and_cleared() -> None:
    names = set(memo.caches())
    assert {"melds.make_meld", "melds.extend", "meld_search.three_card_melds",
            "bots.natural_three_card_melds", "view.deck"} <= names
    first = _hand("brazilian")
    for name in ("melds.make_meld", "melds.extend", "meld_search.three_card_melds"):
        assert len(memo.caches()[name]) > 0, name
    memo.clear_caches()
    assert all(len(cache) == 0 for cache in memo.caches().values())
    assert _hand("brazilian") == first  # the same answers found again


def test_a_cache_name_is_registered_once() -> None:
    import pytest

    with pytest.raises(ValueError, match="registered already"):
        memo.Bounded("melds.extend", 4)


def test_files_read_once_and_the_installed_course_are_remembered_the_same_way() -> None:
    """One mechanism (issue 35): what functools.cache and module lists kept (the catalog, the
    stylesheets, the house-rule fields, the installed course and its syllabus) is registered too, and
    clear_caches forgets it without changing an answer."""
    from buraco_core.board import stylesheet
    from buraco_core.messages import catalog
    from buraco_core.teach.course import get_course
    from buraco_core.teach.course.syllabus import installed_syllabus
    from buraco_core.variants import field_infos

    found = (catalog("de")["clause.pot-guard.title"], stylesheet(), field_infos(), get_course().root,
             installed_syllabus())
    for name in ("messages.catalog", "messages.loaded", "board.stylesheet", "variants.field_infos",
                 "course.installed", "syllabus.installed"):
        assert len(memo.caches()[name]) >= 1, name
    course = get_course()
    assert get_course() is course  # made once
    memo.clear_caches()
    assert len(memo.caches()["course.installed"]) == 0
    assert (catalog("de")["clause.pot-guard.title"], stylesheet(), field_infos(), get_course().root,
            installed_syllabus()) == found
    assert get_course() is not course and get_course() is get_course()


def test_no_functools_cache_is_left_in_the_engine() -> None:
    """One mechanism (issue 35): every cache of buraco_core is registered with memo (listed by
    caches(), emptied by clear_caches()); the last two functools caches (the class report's
    stylesheet, the sample class's hand-ins) are memo's now."""
    import re
    from pathlib import Path

    from buraco_core.teach.learners.class_report import report_stylesheet

    root = Path(memo.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py")
             if re.search(r"^\s*@(functools\.)?(cache|lru_cache)\b", p.read_text(encoding="utf-8"), re.M)]
    assert found == []
    assert report_stylesheet() and len(memo.caches()["class_report.stylesheet"]) == 1
