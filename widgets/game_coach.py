"""The coach at the game table: its note (``.bw-coach-note``) shows the play it suggests and why,
its remark on the learner's last turn and its debrief at the end of the hand, each asked of the
:class:`~buraco_core.sessions.table.TableSession` (the reasons from :mod:`buraco_core.coach`) and drawn as
HTML in the table's language; the look is ``static/tabletop.css``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from buraco_core.coach import Advice, Remark
from buraco_core.game import View
from buraco_core.messages import Message, render
from buraco_core.narrate import play_words
from buraco_core.sessions import SessionError, TableSession

from ._common import esc, reason
from .parts import Html

_LOG = logging.getLogger(__name__)

__all__ = ["CoachPanel", "advice_html", "debrief_html", "remark_html"]


class CoachPanel:
    """What the coach of ``session`` says on the table, in ``note`` (an HTML part of the table);
    ``debrief``: the review of the learner's hand at its end."""

    def __init__(self, session: TableSession, lang: str, *, debrief: bool = True) -> None:
        self.session, self.lang, self.debrief = session, lang, debrief
        self.note = Html().add_class("bw-coach-note")

    def suggest(self) -> Advice | str:
        """The coach's play for the learner's turn, shown with its reasons; or, when there is
        none (not the learner's turn, the coach failing), what to say instead."""
        try:
            advice = self.session.suggest()
        except SessionError as exc:
            return exc.explain(self.lang)
        except Exception as exc:  # the coach failing must not reach the page as a traceback
            _LOG.exception("the coach could not advise")
            return render("widget.game.coach-none", self.lang, reason=reason(exc, self.lang))
        self.note.value = advice_html(advice, self.session.view, self.lang)
        return advice

    def at_turn(self) -> None:
        """Once the turn is the learner's again, the remark on the last turn (if any); at the end
        of the hand, with ``debrief``, the review of the learner's hand."""
        if self.session.hand_over:
            remarks = self.session.debrief() if self.debrief else None
            if remarks is not None:
                self.note.value = debrief_html(remarks, self.lang)
        elif self.session.view.my_turn:
            found = self.session.after_turn()
            if found:
                self.note.value = remark_html(found[0], self.lang)

    def clear(self) -> None:
        self.note.value = ""


def advice_html(advice: Advice, v: View, lang: str) -> str:
    """The coach's suggested play and its reasons."""
    reasons = "".join(f"<li>{esc(line)}</li>" for line in advice.explain(lang))
    play = Message("coach.suggest", {"play": play_words(advice.play, v.team)}).text(lang)
    return f"<div class='bw-advice' role='status'><strong>{esc(play)}</strong><ul>{reasons}</ul></div>"


def remark_html(remark: Remark, lang: str) -> str:
    """The coach's remark on the learner's last turn."""
    text = remark.explain(lang)
    return f"<div class='bw-remark' role='status'>{esc(text[:1].upper() + text[1:])}.</div>"


def debrief_html(remarks: Sequence[Remark], lang: str) -> str:
    """The end of the hand: the coach's costliest plays of the learner, with what it would have done."""
    title = esc(Message("coach.debrief-title").text(lang))
    if not remarks:
        body = f"<p>{esc(Message('coach.debrief-none').text(lang))}</p>"
    else:
        body = "<ol>" + "".join(
            f"<li>{esc(Message('coach.debrief-line', {'move': r.move + 1, 'reason': r.reason, 'points': r.points}).text(lang))}</li>"
            for r in remarks) + "</ol>"
    return f"<section class='bw-debrief' aria-label='{title}'><h4>{title}</h4>{body}</section>"
