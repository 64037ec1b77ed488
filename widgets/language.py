"""The course's language in this kernel: one place that every widget reads when it is built.

A lesson notebook says which language it is in, once, at its top::

    from buraco_widgets import use_language
    LANG = use_language("de")

and every widget made afterwards shows its words, cards and the engine's sentences in that
language (its ``lang`` argument, when given, wins). English until a notebook says otherwise.

>>> from buraco_widgets import use_language, language
>>> use_language("de"), language()
('de', 'de')
>>> use_language("fr")
Traceback (most recent call last):
...
ValueError: the course has no language 'fr': choose one of en, de
>>> use_language("en")
'en'
"""

from __future__ import annotations

from buraco_core.messages import LANGUAGES

__all__ = ["language", "resolve", "use_language"]

_current = LANGUAGES[0]


def _valid(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise ValueError(f"the course has no language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def use_language(lang: str) -> str:
    """Make ``lang`` (one of :data:`buraco_core.messages.LANGUAGES`) the language of every widget
    built from now on in this kernel; return it."""
    global _current
    _current = _valid(lang)
    return _current


def language() -> str:
    """The course's language in this kernel (``"en"`` until :func:`use_language`)."""
    return _current


def resolve(lang: str | None) -> str:
    """A widget's language: ``lang`` when given (checked), else the course's."""
    return _current if lang is None else _valid(lang)
