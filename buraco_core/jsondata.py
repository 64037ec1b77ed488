"""JSON values as types: what ``json.loads`` gives and ``json.dumps`` takes (and what PyYAML reads
from a puzzle file or a syllabus, which holds no other values), for the modules that read or
write saved games, records and files.

A value of unknown shape is a :data:`JsonValue`, narrowed with ``isinstance`` where it is read;
a record of known fields is a ``TypedDict`` beside the code that writes it
(:class:`~buraco_core.game.serialize.StateDict`).

>>> value: JsonValue = {"melds": [["4h 5h 6h"]], "went_out": None}
>>> isinstance(value, dict)
True
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["JsonObject", "JsonValue", "whole"]

JsonValue: TypeAlias = "str | int | float | bool | list[JsonValue] | dict[str, JsonValue] | None"
"""Any JSON value: a number, a string, true or false, null, a list or an object of JSON values."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object: names to JSON values."""


def whole(value: object) -> int:
    """``int(value)`` for a value read from a file, or a goal's read as a mapping: a number, or
    the text of one (``"2"``); a TypeError for a value of another type, as ``int`` gives.

    >>> whole(2), whole("2")
    (2, 2)
    """
    if isinstance(value, int | float | str):
        return int(value)
    raise TypeError(f"int() argument must be a string or a real number, not {type(value).__name__!r}")
