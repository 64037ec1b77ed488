"""What a puzzle shows above its answer, drawn from the session's
:class:`~buraco_core.teach.Situation`: the task and its ruleset (``.bw-prompt``), the facts, a game
position or the table's melds, and the hand and cards shown (not picked from: the answer's own
parts are its input's, :mod:`buraco_widgets.answers`). Each is a part of the puzzle's one model
(:mod:`buraco_widgets.parts`), in a slot of its own. The look is ``static/puzzle.css``.
"""

from __future__ import annotations

from buraco_core import board
from buraco_core.messages import Message
from buraco_core.sessions import Situation

from ._common import esc, reason
from .hand import HandPart
from .meld_views import TablePart
from .parts import Html, Part

__all__ = ["Scene", "header", "melds_view"]


def _text(message: Message | str | None, lang: str) -> str:
    if message is None:
        return ""
    return message.text(lang) if isinstance(message, Message) else message


def header(situation: Situation, lang: str) -> Html:
    """The task in bold, its ruleset, a note where the learner's ruleset has no version of it,
    and what to do."""
    only = (f"<div class='bw-only'>{esc(_text(situation.only_in, lang))}</div>"
            if situation.only_in is not None else "")
    return Html(value=(
        f"<div class='bw-prompt'><strong>{esc(_text(situation.prompt, lang))}</strong> "
        f"<span class='bw-ruleset'>{esc(_text(situation.ruleset, lang))}</span>{only}"
        f"<div class='bw-how'>{esc(_text(situation.how, lang))}</div></div>"))


def _facts(situation: Situation, lang: str) -> str:
    items = "".join(f"<li>{esc(_text(f, lang))}</li>" for f in situation.facts)
    return f"<ul class='bw-facts'>{items}</ul>"


def melds_view(situation: Situation, lang: str, *, selectable: bool = False) -> tuple[Html | None, TablePart]:
    """The table's melds, and the reason they cannot be read (None when they can)."""
    table = TablePart([], rules=situation.rules, selectable=selectable, reveal=situation.reveal_table,
                      label=_text(situation.table_label, lang), deselectable=False,
                      empty_text=_text(Message("widget.no-melds"), lang), lang=lang)
    try:
        table.set_melds(list(situation.table))
    except ValueError as exc:
        return Html(value=f"<p>{esc(reason(exc, lang))}</p>"), table
    return None, table


class Scene:
    """The parts of a situation a learner looks at, by slot (``parts``, in order: ``scene``,
    ``scene_note``, ``scene_table``, ``scene_hand``), leaving out those the answer is picked from
    (``situation.picks``: the answer's input draws them); ``hand`` and ``table`` are the ones shown
    here, or None."""

    def __init__(self, situation: Situation, lang: str) -> None:
        taken = situation.picks
        self.hand: HandPart | None = None
        self.table: TablePart | None = None
        self.parts: dict[str, Part] = {}
        if situation.problem is not None:
            self.parts["scene"] = Html(value=f"<p>{esc(_text(situation.problem, lang))}</p>")
            return
        if situation.broken is not None:
            drawn = f"<p>{esc(_text(situation.broken, lang))}</p>"
        elif situation.position is not None:
            drawn = board.table_html(situation.position, lang=lang)
        else:
            drawn = None
        if drawn is not None:
            self.parts["scene"] = Html(value=f"{_facts(situation, lang)}<div class='bw-position'>{drawn}</div>")
        elif situation.facts:
            self.parts["scene"] = Html(value=_facts(situation, lang))
        if situation.table and "table" not in taken:
            note, self.table = melds_view(situation, lang)
            if note is not None:
                self.parts["scene_note"] = note
            self.parts["scene_table"] = self.table
        if situation.hand and "hand" not in taken:
            self.hand = HandPart(list(situation.hand), label=_text(situation.hand_label, lang), disabled=True,
                                 sortable=False, lang=lang)
            self.parts["scene_hand"] = self.hand
        elif situation.added:
            self.parts["scene_hand"] = HandPart(list(situation.added), label=_text(Message("widget.cards-added"), lang),
                                                disabled=True, sortable=False, lang=lang)
