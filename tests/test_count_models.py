"""Every lesson page stays under its ceiling of widget models (benchmarks/count_models.py, issue 38).

A model is a comm opened, its state sent and a view built in the browser, one after another; the
issue's target is at most ``count_models.TARGET`` (40) on every lesson page. The ceilings are a
ratchet: each is the page's count when it was last cut, so a page cannot grow back.
"""

from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import count_models


def test_every_page_has_a_ceiling_and_the_target_is_forty() -> None:
    assert count_models.TARGET == 40
    assert {Path(p).name for p in count_models.pages()} == set(count_models.CEILINGS)
    assert {p for p in count_models.pages() if p.startswith("de/")} == {
        f"de/{p}" for p in count_models.pages() if "/" not in p}


def test_every_page_makes_no_more_widget_models_than_its_ceiling() -> None:
    pages = count_models.pages()
    with ThreadPoolExecutor(2) as pool:
        counts = dict(zip(pages, pool.map(count_models.count, pages), strict=True))
    over = {p: sum(k.values()) for p, k in counts.items() if sum(k.values()) > count_models.ceiling(p)}
    assert not over, f"pages over their ceiling of widget models:\n{count_models.table(counts)}"


def test_the_count_sees_the_models_of_a_page_by_class() -> None:
    kinds = count_models.count("glossary")
    assert kinds["GlossaryLookup"] == 1 and kinds["LanguageMenu"] == 1 and sum(kinds.values()) <= 6


def test_the_table_names_the_largest_kinds_and_the_median() -> None:
    text = count_models.table({"03_buracos": Counter(Layout=3, Button=1), "de/03_buracos": Counter(Hand=1)})
    ceiling = count_models.ceiling("03_buracos")
    assert f"| 03_buracos | 4 | {ceiling} | Layout 3, Button 1 |" in text and "median of 2 lesson pages | 2.5" in text


def test_an_unknown_page_is_refused_with_the_pages_there_are() -> None:
    with pytest.raises(ValueError, match=r"no page 'nope'.*03_buracos"):
        count_models.count("nope")
