"""RefereePage: the referee's page, one widget: a dispute at a real table answered by the engine.

The session is :class:`buraco_core.sessions.RefereeSession` (the situation, the engine's verdict, the
gallery of classic disputes); this widget only shows it as JSON (``situation``, ``verdict``) and hands
it what the page sends: a ruleset or house rules, a dispute of the gallery, a part of the situation
changed (the play, its cards, the meld concerned and whose it is, the pot, the cards in hand, the
pile, the stock), a change the verdict offers. The cards the picker holds (the score pad's picker,
``static/cardpicker.js``) are shown in the page's notation as they are tapped (``reading``). Every
change is answered at once.

>>> from buraco_widgets import RefereePage
>>> page = RefereePage(lang="en")
>>> page.handle({"type": "dispute", "id": "second-wild"}); page.verdict["allowed"], page.verdict["clause"]
(False, 'wild-one')
>>> page.handle({"type": "rules", "rules": "brazilian"})
>>> page.handle({"type": "dispute", "id": "opponents-meld"}); page.verdict["allowed"]
True
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from buraco_core import RULESETS
from buraco_core.cards import RANK_NAMES, SUITS
from buraco_core.errors import NotationError, Refusal
from buraco_core.melds import make_meld
from buraco_core.messages import Message, render, show
from buraco_core.sessions import GALLERY, PLAY_NAMES, RefereeSession, Verdict, read_card
from buraco_core.variants import rules_text

from ._common import PlainLayout, reason, template
from .front_end import front_end
from .language import resolve

__all__ = ["RefereePage"]

_TEXTS = ("referee.page.title", "referee.page.ruleset", "referee.page.house", "referee.page.house-tip",
          "referee.page.gallery", "referee.page.situation", "referee.page.play", "referee.page.meld",
          "referee.page.meld-none", "referee.page.owner", "referee.page.ours", "referee.page.theirs",
          "referee.page.pot", "referee.page.pot-aside", "referee.page.pot-taken", "referee.page.hand",
          "referee.page.hand-auto", "referee.page.hand-none", "referee.page.pile", "referee.page.stock",
          "referee.page.cards", "referee.page.pick", "referee.page.clear", "referee.page.answer",
          "referee.page.allowed", "referee.page.refused", "referee.page.clause", "referee.page.rule",
          "referee.page.here", "referee.page.fixes", "referee.page.try", "referee.page.asked",
          "referee.page.nothing", "referee.page.use-house", "referee.page.practice")
#: The card picker's words: the score pad's, as its picker is.
_PICKER_TEXTS = ("scorepad.page.picked", "scorepad.page.picked-none", "scorepad.page.rank", "scorepad.page.suit",
                 "scorepad.page.joker", "scorepad.page.back", "scorepad.page.done", "scorepad.page.cancel",
                 "scorepad.page.type-cards")
#: What the page may change of the situation.
_PARTS = ("play", "cards", "meld", "owner", "pot", "hand", "pile", "stock")


class RefereePage(PlainLayout, anywidget.AnyWidget):
    """The referee's page (``RefereePage()`` on lessons/referee.ipynb): see the module's docstring.
    ``session`` is the :class:`~buraco_core.sessions.RefereeSession`."""

    _esm = front_end("referee.js", "scorepad.css", "referee.css", dom=True, parts=("cardpicker.js",))

    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    rulesets = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The presets to pick from: ``{"name", "title"}``."""
    ranks = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The picker's rank buttons: ``{"token", "label", "name"}`` (the token is the engine's notation)."""
    suits = traitlets.List(traitlets.Dict()).tag(sync=True)
    gallery = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The classic disputes: ``{"id", "question"}``."""
    plays = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The plays a question may ask about: ``{"id", "label"}``."""
    situation = traitlets.Dict().tag(sync=True)
    """The situation as the page shows it (cards in the page's notation, and as tokens to edit)."""
    verdict = traitlets.Dict().tag(sync=True)
    """The engine's answer ({} while the question cannot be asked: ``problem`` says why)."""
    dispute = traitlets.Unicode("").tag(sync=True)
    """The dispute of the gallery the situation is ("" once changed by hand)."""
    reading = traitlets.Dict().tag(sync=True)
    """The picker's cards in the page's notation: ``{"cards", "text", "ok"}`` (a meld: as the engine reads it)."""
    problem = traitlets.Unicode("").tag(sync=True)
    """The last thing refused (a card, a part of the situation), or why the question cannot be asked."""

    def __init__(self, rules: str = "buraco", *, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        texts = {key.removeprefix("referee.page."): template(key, lang) for key in _TEXTS}
        texts.update({key.removeprefix("scorepad.page."): template(key, lang) for key in _PICKER_TEXTS})
        kwargs.setdefault("texts", texts)
        kwargs.setdefault("rulesets", [{"name": name, "title": show(r, lang)} for name, r in RULESETS.items()])
        kwargs.setdefault("ranks", [{"token": token, "label": show(read_card(token + "s"), lang)[:-1],
                                     "name": render(f"rank.one.{rank}", lang)} for rank, token in RANK_NAMES.items()])
        kwargs.setdefault("suits", [{"token": suit, "label": show(read_card("A" + suit), lang)[-1],
                                     "name": render(f"suit.{suit}", lang)} for suit in SUITS])
        kwargs.setdefault("gallery", [{"id": d.id, "question": d.question.text(lang)} for d in GALLERY])
        kwargs.setdefault("plays", [{"id": play, "label": render(key, lang)} for play, key in PLAY_NAMES.items()])
        super().__init__(**kwargs)
        self.session = RefereeSession(rules)
        self.on_msg(self._on_page)
        self.handle({"type": "dispute", "id": GALLERY[0].id})

    # -- what the page sends ---------------------------------------------------------------------------
    def handle(self, content: dict[str, Any]) -> None:
        """Do what a message of the page asks (the kind in ``content["type"]``); a refusal is shown,
        never raised, and changes nothing."""
        kind = content.get("type")
        with self.hold_sync():
            self.problem = ""
            try:
                self._do(kind, content)
            except Exception as error:  # a learner's page never gets a traceback: the sentence
                self.problem = reason(error, self.lang)
            self._show()

    def _do(self, kind: Any, c: dict[str, Any]) -> None:
        session = self.session
        if kind == "rules":
            house = str(c.get("house") or "").strip()
            session.set_rules(house or str(c.get("rules", "buraco")))
        elif kind == "dispute":
            session.ask(str(c.get("id", "")))
        elif kind == "set":
            changes = {key: c[key] for key in _PARTS if key in c}
            if "stock" in changes and isinstance(changes["stock"], float):
                changes["stock"] = int(changes["stock"])
            session.set(**changes)
        elif kind == "fix":
            session.take_fix(int(c.get("index", -1)))
        elif kind == "read":
            self.reading = self._read(str(c.get("cards", "")), bool(c.get("meld")))

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.handle(content)

    # -- what the page shows ---------------------------------------------------------------------------
    def _read(self, text: str, meld: bool) -> dict[str, Any]:
        """The picker's cards in the page's notation; a meld as the engine reads it (its refusal's sentence)."""
        try:
            cards = [read_card(token) for token in text.replace(",", " ").split()]
        except NotationError as error:  # a card still being typed
            return {"cards": text, "text": error.explain(self.lang), "ok": False}
        shown = show(tuple(cards), self.lang) if cards else ""
        if not meld or len(cards) < 3:
            return {"cards": shown, "text": "", "ok": bool(cards)}
        try:
            return {"cards": shown, "text": make_meld(cards, self.session.situation.rules).describe(self.lang), "ok": True}
        except Refusal as error:
            return {"cards": shown, "text": error.explain(self.lang), "ok": False}

    def _show(self) -> None:
        session, lang = self.session, self.lang
        s = session.situation
        meld_label = ""
        if s.meld:
            try:
                meld_label = make_meld(s.meld, s.rules).describe(lang)
            except Refusal as error:
                meld_label = error.explain(lang)
        self.situation = {
            **s.to_json(), "title": show(s.rules, lang), "pots": s.rules.pots > 0,
            "preset": s.rules.name if rules_text(s.rules) == s.rules.name else "",
            "cards_shown": show(s.cards, lang) if s.cards else "", "meld_shown": show(s.meld, lang) if s.meld else "",
            "meld_label": meld_label, "hand_shown": show(s.hand, lang) if s.hand else "",
            "pile_shown": show(s.pile, lang) if s.pile else "",
        }
        self.dispute = session.dispute or ""
        try:
            verdict = session.ask()
        except Exception as error:
            self.verdict = {}
            if not self.problem:
                self.problem = reason(error, lang)
            return
        self.verdict = _verdict_json(verdict, lang)


def _verdict_json(verdict: Verdict, lang: str) -> dict[str, Any]:
    hand = show(verdict.hand, lang) if verdict.hand else render("referee.page.nothing", lang)
    return {
        "allowed": verdict.allowed, "action": verdict.action, "clause": verdict.clause,
        "words": verdict.words.text(lang), "title": verdict.title.text(lang), "rule": verdict.rule.text(lang),
        "reason": verdict.reason.text(lang), "look": verdict.look.text(lang) if verdict.look is not None else "",
        "outcome": verdict.outcome or "",
        "fixes": [Message("referee.verdict.fix", {"change": f.change}).text(lang) for f in verdict.fixes],
        "asked": Message("referee.page.asked", {"play": verdict.words, "hand": hand}).text(lang),
        "practice": verdict.practice(render("referee.page.practice-name", lang)) or "",
    }
