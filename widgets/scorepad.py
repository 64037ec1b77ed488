"""ScorePadPage: the score pad's page, one widget: a match played with real cards, kept in the browser.

The session is :class:`buraco_core.sessions.scorepad.ScorePad` (each meld read by the engine as it is
entered, a hand scored by the game's own end of hand); this widget only shows it as JSON (``view``)
and hands it what the page sends: a setup, a meld tapped or typed, the cards left in a hand, a pot,
who went out, score, undo, a hand corrected, a match imported. The cards the picker holds are read
by the engine as they are tapped (``reading``). The match is kept in the browser (``kept``, under
``kept_key``) and comes back after a reload.

>>> from buraco_widgets import ScorePadPage
>>> page = ScorePadPage(lang="en")
>>> page.handle({"type": "setup", "rules": "buraco", "players": 2, "names": ["Ada", "Bo"], "target": 2005})
>>> page.handle({"type": "meld", "side": 0, "cards": "7h 8h 9h"}); page.view["sides"][0]["melds"][0]["label"]
'run 7♥-9♥: 25 points'
>>> page.handle({"type": "meld", "side": 1, "cards": "5c 2d JK"}); page.refusal["clause"]
'wild-one'
"""

from __future__ import annotations

import html
import json
from typing import Any

import anywidget
import traitlets

from buraco_core import RULESETS
from buraco_core.cards import RANK_NAMES, SUITS, format_cards
from buraco_core.clauses import CLAUSES
from buraco_core.errors import NotationError, Refusal
from buraco_core.messages import format_number, render, show
from buraco_core.sessions import ScorePad, arranged, hand_text, meld_fixes, read_card
from buraco_core.variants import rules_text

from ._common import PlainLayout, reason, template
from .front_end import front_end
from .language import resolve

__all__ = ["KEPT_KEY", "ScorePadPage"]

#: The printed score sheet's style: a page of its own, the hands in a table with one column per side.
_PRINT_CSS = ("body{font:12pt sans-serif;margin:1cm}table{border-collapse:collapse;width:100%}"
              "th,td{border:1px solid #999;padding:4px 6px;vertical-align:top;text-align:left}"
              "ul{margin:0;padding-left:1em;list-style:none}")

#: Where the page keeps the match in the browser (localStorage).
KEPT_KEY = "buraco.scorepad"

_TEXTS = ("scorepad.page.title", "scorepad.page.setup", "scorepad.page.ruleset", "scorepad.page.house",
          "scorepad.page.house-tip", "scorepad.page.players", "scorepad.page.name", "scorepad.page.team-name",
          "scorepad.page.target", "scorepad.page.start", "scorepad.page.new-match", "scorepad.page.melds",
          "scorepad.page.add-meld", "scorepad.page.left", "scorepad.page.set-left", "scorepad.page.picker",
          "scorepad.page.picked", "scorepad.page.picked-none", "scorepad.page.rank", "scorepad.page.suit",
          "scorepad.page.joker", "scorepad.page.back", "scorepad.page.done", "scorepad.page.cancel",
          "scorepad.page.type-cards", "scorepad.page.take-back", "scorepad.page.pot", "scorepad.page.pot-unused", "scorepad.page.print", "scorepad.page.out",
          "scorepad.page.nobody-out", "scorepad.page.score", "scorepad.page.undo", "scorepad.page.preview",
          "scorepad.page.hands", "scorepad.page.correct", "scorepad.page.type-hand", "scorepad.page.type-hand-tip",
          "scorepad.page.enter", "scorepad.page.refused", "scorepad.page.fixes", "scorepad.page.export",
          "scorepad.page.export-text", "scorepad.page.export-link", "scorepad.page.import",
          "scorepad.page.import-tip", "scorepad.page.kept", "scorepad.page.keep-failed", "scorepad.page.hand-n",
          "scorepad.page.correcting", "scorepad.page.new-match-tip")


class ScorePadPage(PlainLayout, anywidget.AnyWidget):
    """The score pad's page (``ScorePadPage()`` on lessons/scorepad.ipynb): see the module's docstring.
    ``pad`` is the session (None until a match is set up)."""

    _esm = front_end("scorepad.js", "scorepad.css", dom=True, parts=("cardpicker.js",))

    texts = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    rulesets = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The presets to pick from: ``{"name", "title", "target", "partnerships"}``."""
    ranks = traitlets.List(traitlets.Dict()).tag(sync=True)
    """The picker's rank buttons: ``{"token", "label", "name"}`` (the token is the engine's notation)."""
    suits = traitlets.List(traitlets.Dict()).tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    """The match as the page shows it ({} before one is set up)."""
    reading = traitlets.Dict().tag(sync=True)
    """The picker's cards as the engine reads them: ``{"cards", "text", "ok"}`` and a refusal's parts."""
    refusal = traitlets.Dict().tag(sync=True)
    """The last meld refused: ``{"cards", "clause", "title", "sentence", "fixes"}`` ({} for none)."""
    problem = traitlets.Unicode("").tag(sync=True)
    """The last thing the session refused that is not a meld (a name, a card, a typed hand)."""
    kept = traitlets.Unicode("").tag(sync=True)
    """The match as JSON, for the page to keep ("": forget it)."""
    kept_key = traitlets.Unicode(KEPT_KEY).tag(sync=True)

    def __init__(self, *, lang: str | None = None, **kwargs: Any) -> None:
        self.lang = lang = resolve(lang)
        kwargs.setdefault("texts", {key.removeprefix("scorepad.page."): template(key, lang) for key in _TEXTS})
        kwargs.setdefault("rulesets", [{"name": name, "title": show(rules, lang), "target": rules.target,
                                        "partnerships": rules.partnerships} for name, rules in RULESETS.items()])
        kwargs.setdefault("ranks", [{"token": token, "label": show(read_card(token + "s"), lang)[:-1],
                                     "name": render(f"rank.one.{rank}", lang)} for rank, token in RANK_NAMES.items()])
        kwargs.setdefault("suits", [{"token": suit, "label": show(read_card("A" + suit), lang)[-1],
                                     "name": render(f"suit.{suit}", lang)} for suit in SUITS])
        super().__init__(**kwargs)
        self.pad: ScorePad | None = None
        self.on_msg(self._on_page)

    # -- what the page sends ---------------------------------------------------------------------------
    def handle(self, content: dict[str, Any]) -> None:
        """Do what a message of the page asks (the kind in ``content["type"]``); a refusal is shown,
        never raised."""
        kind = content.get("type")
        with self.hold_sync():
            self.problem = ""
            if kind != "read":
                self.refusal = {}
            try:
                self._do(kind, content)
            except Refusal as error:
                self.refusal = self._refused(content.get("cards", ""), error)
            except Exception as error:  # a learner's page never gets a traceback: the sentence
                self.problem = reason(error, self.lang)
            self._show()

    def _do(self, kind: Any, c: dict[str, Any]) -> None:
        if kind == "restore":
            if self.pad is None and isinstance(c.get("kept"), str):
                try:
                    self.pad = ScorePad.from_json(c["kept"])
                except Exception:  # an old or damaged copy: start afresh, and forget it
                    self.pad = None
            return
        if kind == "import":
            text = str(c.get("text", "")).strip()
            self.pad = ScorePad.from_link(text) if "#scorepad=" in text else ScorePad.from_text(text)
            return
        if kind == "setup":
            players = int(c.get("players", 4))
            names = [str(n).strip() for n in c.get("names") or []]
            teams = [str(n).strip() for n in c.get("teams") or []]
            target = c.get("target")
            house = str(c.get("house") or "").strip()
            rules = house or str(c.get("rules", "buraco"))
            goal: int | str | None = (int(target) if isinstance(target, int | float)
                                      else int(target) if isinstance(target, str) and target.isdigit() else "default")
            pad: ScorePad = ScorePad(rules, players, names if names and all(names) else None,
                           teams=teams if teams and all(teams) else None, target=goal)
            if not (names and all(names)) or (pad.sides < players and not (teams and all(teams))):
                # the names nobody typed, in the page's language ("Spieler 1"), kept with the match
                pad = ScorePad(rules, players, names if names and all(names) else
                               [render("scorepad.page.name", self.lang, n=i + 1) for i in range(players)],
                               teams=(teams if teams and all(teams) else
                                      [render("scorepad.page.team-name", self.lang, n=i + 1) for i in range(pad.sides)])
                               if pad.sides < players else None, target=goal)
            self.pad = pad
            return
        if kind == "new":
            self.pad = None
            return
        if kind == "read":
            self.reading = self._read(str(c.get("cards", "")))
            return
        if self.pad is None:
            return
        pad = self.pad
        if kind == "meld":
            pad.meld(int(c["side"]), self._cards(str(c.get("cards", ""))))
            self.reading = {}
        elif kind == "unmeld":
            pad.unmeld(int(c["side"]), int(c["index"]))
        elif kind == "left":
            pad.left(int(c["player"]), self._cards(str(c.get("cards", ""))))
            self.reading = {}
        elif kind == "pot":
            pad.pot(int(c["side"]), bool(c.get("taken")), unused=bool(c.get("unused")))
        elif kind == "out":
            side = c.get("side")
            pad.out(None if side is None else int(side))
        elif kind == "enter":
            pad.enter(str(c.get("text", "")))
        elif kind == "score":
            pad.end_hand()
        elif kind == "undo":
            pad.undo()
        elif kind == "correct":
            pad.correct(int(c["number"]), str(c.get("text", "")))

    def _on_page(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict):
            self.handle(content)

    # -- what the page shows ---------------------------------------------------------------------------
    def _cards(self, text: str) -> list[Any]:
        return [read_card(token) for token in text.replace(",", " ").split()]

    def _read(self, text: str) -> dict[str, Any]:
        """The picker's cards as the engine reads them (nothing decided here: make_meld's reading or refusal)."""
        try:
            cards = self._cards(text)
        except NotationError as error:  # a card still being typed
            return {"cards": text, "text": error.explain(self.lang), "ok": False}
        shown = show(tuple(cards), self.lang) if cards else ""
        if len(cards) < 3 or self.pad is None:
            return {"cards": shown, "text": "", "ok": False}
        try:
            meld = arranged(cards, self.pad.rules)
        except Refusal as error:
            return {"cards": shown, "ok": False, **self._refused(text, error)}
        return {"cards": shown, "text": meld.describe(self.lang), "ok": True}

    def _refused(self, cards: Any, error: Refusal) -> dict[str, Any]:
        clause = CLAUSES.get(error.rule)
        fixes: list[str] = []
        if self.pad is not None and isinstance(cards, str) and cards.strip():
            try:
                fixes = [show(m.cards, self.lang) for m in meld_fixes(self._cards(cards), self.pad.rules)]
            except Exception:
                fixes = []
        return {"cards": show(tuple(self._cards(cards)), self.lang) if isinstance(cards, str) else "",
                "clause": error.rule, "title": clause.title_message.text(self.lang) if clause else "",
                "sentence": error.explain(self.lang), "fixes": fixes}

    def _show(self) -> None:
        pad, lang = self.pad, self.lang
        if pad is None:
            self.view, self.kept = {}, ""
            return
        draft = pad.draft
        preview: list[dict[str, Any]] = []
        if not pad.over:
            try:
                preview = self._scores(pad.preview())
            except Exception:
                preview = []
        sides = []
        for s in range(pad.sides):
            sides.append({
                "name": pad.side_names[s],
                "melds": [{"cards": show(m.cards, lang), "label": m.describe(lang)} for m in draft.melds[s]],
                "players": [{"seat": p, "name": pad.names[p], "left": show(draft.left[p], lang) if draft.left[p] else "",
                             "tokens": format_cards(draft.left[p])} for p in pad.players_of(s)],
                "pot": draft.pot_taken[s], "unused": draft.pot_unused[s],
            })
        hands = [{"number": r.number, "title": render("scorepad.sheet.hand", lang, n=r.number, how=pad._how(r, lang)),
                  "scores": self._scores(r), "totals": [format_number(t, lang) for t in r.totals],
                  "text": hand_text(pad, r.entry)} for r in pad.results]
        link = pad.link("")
        self.view = {
            "rules": rules_text(pad.rules), "title": show(pad.rules, lang), "setup": pad._setup_line(lang),
            "pots": pad.rules.pots > 0, "unused_counts": bool(pad.rules.pot_unused_penalty), "sides": sides, "went_out": draft.went_out, "preview": preview,
            "hands": hands, "totals": [format_number(t, lang) for t in pad.totals], "status": pad.status().text(lang),
            "over": pad.over, "next": len(pad.results) + 1, "text": pad.to_text(), "link": link,
            "sheet": pad.sheet_html(lang),
            "document": _document(pad.sheet_html(lang), render("scorepad.sheet.title", lang), lang),
        }
        self.kept = json.dumps(pad.to_json(), ensure_ascii=False)

    def _scores(self, result: Any) -> list[dict[str, Any]]:
        pad, lang = self.pad, self.lang
        assert pad is not None
        return [{"side": pad.side_names[s], "total": format_number(score.total, lang),
                 "lines": [{"label": item.label.text(lang), "points": format_number(item.points, lang, signed=True)}
                           for item in score.items]}
                for s, score in enumerate(result.scores)]


def _document(sheet: str, title: str, lang: str) -> str:
    """The score sheet (the session's escaped HTML) as a page of its own: what Print prints."""
    return (f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{_PRINT_CSS}</style></head><body>{sheet}</body></html>")
