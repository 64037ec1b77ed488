"""The score pad: a match played with real cards, each hand scored as the game scores its own.

Glossary: a *side* is what scores together, a team of two partners (4 players in a ruleset with
partnerships) or a player alone (:func:`~buraco_core.game.state.team_count` decides); a *hand
entry* (:class:`HandEntry`) is what a hand left on the table when it ended: each side's melds, the
cards left in each player's hand, each side's pot (pozzetto, morto) taken or not, and the side
that went out; the *draft* is the entry of the hand being counted now.

A :class:`ScorePad` is the session behind the score pad's page, with no widget: set up a match (a
ruleset or house rules, 2 to 4 players, names or team names, the target), enter a hand meld by
meld (each read by the engine at once, :func:`~buraco_core.melds.make_meld`: its kind, where its
wild card stands, its points; an impossible meld is refused with the engine's own clause and
sentence), score it, correct a past hand, undo, keep the match as JSON, text or a link, and print
its score sheet. A hand is scored by the game's own end of hand
(:func:`~buraco_core.game.end.end_hand`: :func:`~buraco_core.scoring.score_side` per side, the
totals, the target and the tie rule), so the pad scores exactly as the game does.

A whole hand can be typed in one line (:meth:`ScorePad.enter`, the notation of
:mod:`buraco_core.sessions.scorepad.notation`, documented in docs/engine.md).

>>> pad = ScorePad("buraco", players=4, teams=("us", "them"))
>>> pad.meld("us", "7h 8h 9h 10h Jh Qh Kh").describe()
'run 7♥-K♥: clean buraco, 65 + 200 = 265 points'
>>> pad.meld("them", "5c 5d JK").describe()
'set fives (3 cards), JK standing for a five: 40 points'
>>> pad.left(1, "3c Kd")
(Card.from_str('3♣'), Card.from_str('K♦'))
>>> pad.pot("us"); pad.pot("them"); pad.out("us")
>>> result = pad.end_hand()
>>> result.scores[0].total, result.scores[1].total, result.totals
(365, 25, (365, 25))
>>> print(pad.status().text())
the match goes on: the first side to 2005 points wins
"""

from __future__ import annotations

import base64
import dataclasses
import html
import json
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ...cards import Card, parse_cards
from ...errors import NotationError
from ...game.end import end_hand
from ...game.state import Phase, PotState, State, players_problem, team_count
from ...melds import InvalidMeld, Meld
from ...messages import Message, format_number, render
from ...rules import Rules, RulesError
from ...variants import get_rules, meaning, rules_text
from ..base import SessionError, variant_text
from .entry import HandEntry, HandResult, arranged, check_entry_supply
from .notation import hand_text, read_hand

__all__ = ["PAD_FORMAT", "ScorePad"]

#: The format of a kept score pad (:meth:`ScorePad.to_json`).
PAD_FORMAT = "buraco-scorepad/1"

_NAME_MAX = 24
_NAME_FORBIDDEN = ";:|,/\n\r\t[]#="


class ScorePad:
    """A match kept with real cards (see the module's docstring).

    ``rules``: a ruleset, its name or a house variant's text (the house-rules panel's shared
    text, or its link); ``players``: 2 to 4, as the ruleset allows; ``names``: one per player (by
    seat: partners sit opposite, so seats 0 and 2 are one side); ``teams``: the two sides' names
    when 4 players play as 2 teams; ``target``: the points that end the match (default the
    ruleset's own; None: one hand); ``starter``: the side that started the match (a tie goes to
    it where the ruleset says so).
    """

    def __init__(self, rules: Rules | str = "buraco", players: int = 4, names: Sequence[str] | None = None,
                 *, teams: Sequence[str] | None = None, target: int | str | None = "default",
                 starter: int = 0) -> None:
        base = get_rules(variant_text(rules) if isinstance(rules, str) else rules)
        if target != "default":
            if target is not None and not isinstance(target, int):
                raise SessionError(Message("scorepad.error.target", {"target": str(target)}))
            base = dataclasses.replace(base, target=target)  # the engine refuses a target out of range
        problem = players_problem(base, players)
        if problem is not None:
            raise RulesError(problem)
        self.rules: Rules = base
        self.players = players
        self.sides = team_count(base, players)
        self.names: tuple[str, ...] = _names(names, players, "scorepad.player")
        if self.sides == players:
            if teams is not None:
                raise SessionError(Message("scorepad.error.teams-alone", {"n": players}))
            self.side_names: tuple[str, ...] = self.names
        elif teams is not None:
            self.side_names = _names(teams, self.sides, "scorepad.team")
        elif names is not None:
            self.side_names = tuple(" & ".join(self.names[p] for p in self.players_of(s)) for s in range(self.sides))
        else:
            self.side_names = _names(None, self.sides, "scorepad.team")
        _check_unique(self.names if self.sides == players else (*self.side_names, *self.names))
        if not 0 <= starter < self.sides:
            raise SessionError(Message("scorepad.error.side", {"side": starter + 1, "sides": self.side_list()}))
        self.starter = starter
        self.hands: tuple[HandEntry, ...] = ()
        self.draft: HandEntry = HandEntry.empty(self.sides, players)
        self._undo: list[tuple[tuple[HandEntry, ...], HandEntry]] = []
        self._results: tuple[HandResult, ...] = ()

    # ------------------------------------------------------------------ who is who
    def side_of(self, player: int) -> int:
        """The side a player (seat) scores with."""
        return player % self.sides

    def players_of(self, side: int) -> tuple[int, ...]:
        return tuple(p for p in range(self.players) if p % self.sides == side)

    def side_list(self) -> str:
        return ", ".join(self.side_names)

    def side(self, who: int | str) -> int:
        """A side by its index, its name, or the name of one of its players (case does not matter)."""
        if isinstance(who, int) and not isinstance(who, bool):
            if 0 <= who < self.sides:
                return who
        elif isinstance(who, str):
            key = who.strip().casefold()
            for s, name in enumerate(self.side_names):
                if name.casefold() == key:
                    return s
            for p, name in enumerate(self.names):
                if name.casefold() == key:
                    return self.side_of(p)
        raise SessionError(Message("scorepad.error.side", {"side": str(who), "sides": self.side_list()}))

    def player(self, who: int | str) -> int:
        """A player (seat) by index or name; a side alone (a player playing alone) names its player."""
        if isinstance(who, int) and not isinstance(who, bool):
            if 0 <= who < self.players:
                return who
        elif isinstance(who, str):
            key = who.strip().casefold()
            for p, name in enumerate(self.names):
                if name.casefold() == key:
                    return p
            if self.sides == self.players:
                return self.side(who)
        raise SessionError(Message("scorepad.error.player", {"player": str(who), "players": ", ".join(self.names)}))

    # ------------------------------------------------------------------ entering a hand
    def meld(self, side: int | str, cards: Iterable[Card | str] | str) -> Meld:
        """Read a side's meld at once: the engine's :class:`~buraco_core.melds.Meld` (its kind, where its
        wild card stands, its points: ``describe(lang)``), added to the draft. An impossible meld
        raises the engine's :class:`~buraco_core.melds.InvalidMeld` (its clause ``rule`` and sentence;
        :func:`meld_fixes` says what would make it right), a card the deck has no more of too."""
        s = self.side(side)
        m = arranged(cards, self.rules)
        self._check_supply(Counter(m.cards))
        melds = list(self.draft.melds)
        melds[s] = (*melds[s], m)
        self._change(dataclasses.replace(self.draft, melds=tuple(melds)))
        return m

    def unmeld(self, side: int | str, index: int) -> Meld:
        """Take back a side's meld (by its index among the side's melds)."""
        s = self.side(side)
        own = self.draft.melds[s]
        if not 0 <= index < len(own):
            raise SessionError(Message("scorepad.error.no-meld", {"n": index + 1, "side": self.side_names[s],
                                                                  "count": len(own)}))
        melds = list(self.draft.melds)
        melds[s] = own[:index] + own[index + 1:]
        self._change(dataclasses.replace(self.draft, melds=tuple(melds)))
        return own[index]

    def left(self, player: int | str, cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
        """The cards left in a player's hand (replacing what was entered for that player)."""
        p = self.player(player)
        hand = tuple(parse_cards(cards))
        left = list(self.draft.left)
        left[p] = ()
        self._check_supply(Counter(hand), dataclasses.replace(self.draft, left=tuple(left)))
        left[p] = hand
        self._change(dataclasses.replace(self.draft, left=tuple(left)))
        return hand

    def pot(self, side: int | str, taken: bool = True, *, unused: bool = False, waiting: bool = False) -> None:
        """Whether a side took its pot (and, where the ruleset counts it, left it unused); a pot not
        taken may still be ``waiting`` (earned by a discard, ``buraco``): it counts as not taken. A
        ruleset without pots ignores it."""
        s = self.side(side)
        taken_list, unused_list = list(self.draft.pot_taken), list(self.draft.pot_unused)
        waiting_list = list(self.draft.pot_waiting or (False,) * self.sides)
        taken_list[s], unused_list[s] = bool(taken), bool(taken and unused)
        waiting_list[s] = bool(waiting and not taken)
        self._change(dataclasses.replace(self.draft, pot_taken=tuple(taken_list), pot_unused=tuple(unused_list),
                                         pot_waiting=tuple(waiting_list)))

    def out(self, side: int | str | None) -> None:
        """The side that went out, or None: the stock ended the hand."""
        s = None if side is None else self.side(side)
        self._change(dataclasses.replace(self.draft, went_out=s))

    def enter(self, text: str) -> HandEntry:
        """Read a whole hand from text (the notation of :mod:`buraco_core.sessions.scorepad.notation`) into the
        draft, replacing it; nothing changes if the text is refused."""
        entry = read_hand(self, text)
        self._change(entry)
        return entry

    def clear(self) -> None:
        """Start the draft afresh."""
        self._change(HandEntry.empty(self.sides, self.players))

    # ------------------------------------------------------------------ scoring
    def preview(self) -> HandResult:
        """The draft scored as the next hand (nothing kept)."""
        self._check_open()
        return self._score(len(self.hands) + 1, self.draft, self.totals)

    def end_hand(self) -> HandResult:
        """Score the draft as the next hand and keep it; a fresh draft follows."""
        result = self.preview()
        self._push()
        self.hands = (*self.hands, self.draft)
        self.draft = HandEntry.empty(self.sides, self.players)
        self._results = (*self._results, result)
        return result

    def correct(self, number: int, entry: HandEntry | str) -> HandResult:
        """Replace hand ``number`` (from 1) and score the match again; refused if the match would
        then end before its last hand."""
        if not 1 <= number <= len(self.hands):
            raise SessionError(Message("scorepad.error.no-hand", {"n": number, "last": len(self.hands)}))
        if isinstance(entry, str):
            entry = read_hand(self, entry)
        hands = (*self.hands[:number - 1], entry, *self.hands[number:])
        results = self._rescore(hands)
        self._push()
        self.hands, self._results = hands, results
        return results[number - 1]

    def undo(self) -> None:
        """Take back the last change (a meld, a hand's cards, a pot, a hand scored or corrected)."""
        if not self._undo:
            raise SessionError(Message("scorepad.error.nothing-to-undo"))
        self.hands, self.draft = self._undo.pop()
        self._results = self._rescore(self.hands)

    @property
    def results(self) -> tuple[HandResult, ...]:
        return self._results

    @property
    def totals(self) -> tuple[int, ...]:
        return self._results[-1].totals if self._results else (0,) * self.sides

    @property
    def over(self) -> bool:
        return bool(self._results) and self._results[-1].over

    @property
    def winner(self) -> int | None:
        return self._results[-1].winner if self.over else None

    def status(self) -> Message:
        """Where the match stands, as a catalog sentence."""
        if self.over:
            if self.winner is None:
                return Message("scorepad.status.draw")
            return Message("scorepad.status.won", {"side": self.side_names[self.winner]})
        target = self.rules.target
        if target is None:
            return Message("scorepad.status.one-hand")
        if self._results and max(self.totals) >= target:
            return Message("scorepad.status.tie-another")
        return Message("scorepad.status.on", {"target": target})

    def _score(self, number: int, entry: HandEntry, totals: tuple[int, ...]) -> HandResult:
        state = self._state(entry, totals, number)
        after = end_hand(state, entry.went_out, None)
        over = after.phase is Phase.MATCH_OVER
        return HandResult(number, entry, after.hand_scores, after.totals, over, after.winner)

    def _state(self, entry: HandEntry, totals: tuple[int, ...], number: int) -> State:
        """The table at the hand's end, as the game's own end of hand reads it."""
        rules = self.rules
        has_pots = rules.pots > 0
        pot_state = tuple((PotState.TAKEN if taken else PotState.WAITING if entry.waiting(side) else PotState.ASIDE)
                          if has_pots else PotState.NONE for side, taken in enumerate(entry.pot_taken))
        return State(rules=rules, players=self.players, seed=0, hand_number=number,
                     dealer=(self.starter - 1) % self.players, starter=self.starter, phase=Phase.PLAY,
                     turn=self.starter, hands=entry.left, melds=entry.melds, stock=(), discard=(),
                     pots=((),) * self.sides, pot_state=pot_state, pot_seat=(-1,) * self.sides,
                     pot_unused=tuple(u and has_pots for u in entry.pot_unused), totals=totals)

    def _rescore(self, hands: Sequence[HandEntry]) -> tuple[HandResult, ...]:
        results: list[HandResult] = []
        totals = (0,) * self.sides
        for i, entry in enumerate(hands):
            if results and results[-1].over:
                raise SessionError(Message("scorepad.error.ends-early", {"n": i, "last": len(hands)}))
            result = self._score(i + 1, entry, totals)
            results.append(result)
            totals = result.totals
        return tuple(results)

    def _check_open(self) -> None:
        if self.over:
            raise SessionError(Message("scorepad.error.over", {"status": self.status()}))

    def _check_supply(self, new: Counter[Card], entry: HandEntry | None = None) -> None:
        """No card more often in the hand than the ruleset's deck holds it: the engine's refusal."""
        base = self.draft if entry is None else entry
        extra = HandEntry(((),) * self.sides, (tuple(new.elements()),), (), ())
        check_entry_supply(HandEntry((*base.melds, *extra.melds), (*base.left, *extra.left), (), ()), self.rules)

    def _change(self, draft: HandEntry) -> None:
        self._check_open()
        self._push()
        self.draft = draft

    def _push(self) -> None:
        self._undo.append((self.hands, self.draft))

    # ------------------------------------------------------------------ keeping the match
    def to_json(self) -> dict[str, Any]:
        """The match as JSON (what the browser keeps): read back by :meth:`from_json`."""
        return {"format": PAD_FORMAT, "rules": rules_text(self.rules), "players": self.players,
                "names": list(self.names), "teams": list(self.side_names) if self.sides < self.players else None,
                "starter": self.starter, "hands": [h.to_json() for h in self.hands],
                "draft": self.draft.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> ScorePad:
        """A pad kept by :meth:`to_json` (a dict or its JSON text)."""
        try:
            record = json.loads(data) if isinstance(data, str) else data
            if not isinstance(record, dict) or record.get("format") != PAD_FORMAT:
                raise SessionError(Message("scorepad.error.not-saved", {"format": PAD_FORMAT}))
            pad = cls(record["rules"], record["players"], record["names"], teams=record.get("teams"),
                      target="default", starter=int(record.get("starter", 0)))
            hands = tuple(pad._entry_from_json(h) for h in record["hands"])
            pad.hands, pad._results = hands, pad._rescore(hands)
            pad.draft = pad._entry_from_json(record.get("draft") or HandEntry.empty(pad.sides, pad.players).to_json())
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            if isinstance(error, SessionError | InvalidMeld | RulesError):
                raise
            raise SessionError(Message("scorepad.error.not-saved", {"format": PAD_FORMAT})) from error
        return pad

    def _entry_from_json(self, data: dict[str, Any]) -> HandEntry:
        melds = tuple(tuple(arranged(text, self.rules) for text in side) for side in data["melds"])
        left = tuple(tuple(parse_cards(text)) for text in data["left"])
        went_out = data.get("went_out")
        if (len(melds) != self.sides or len(left) != self.players
                or (went_out is not None and not 0 <= int(went_out) < self.sides)):
            raise SessionError(Message("scorepad.error.not-saved", {"format": PAD_FORMAT}))
        return HandEntry(melds, left, tuple(bool(b) for b in data["pot_taken"]),
                         tuple(bool(b) for b in data["pot_unused"]), None if went_out is None else int(went_out),
                         tuple(bool(b) for b in data.get("pot_waiting") or (False,) * self.sides))

    def to_text(self) -> str:
        """The match as short text a person can read and type: the setup, then one line per hand
        in the hand notation (:meth:`from_text` reads it back)."""
        lines = [f"rules: {rules_text(self.rules)}", f"players: {', '.join(self.names)}"]
        if self.sides < self.players:
            lines.append(f"teams: {', '.join(self.side_names)}")
        lines.append(f"starter: {self.starter + 1}")
        lines.extend(f"[{i + 1}] {hand_text(self, h)}" for i, h in enumerate(self.hands))
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> ScorePad:
        """A pad from :meth:`to_text`'s lines."""
        setup: dict[str, str] = {}
        hands: list[str] = []
        for number, line in enumerate(text.strip().splitlines(), 1):
            line = line.strip()
            if line.startswith("["):
                hands.append(line.split("]", 1)[1] if "]" in line else "")
                continue
            key, colon, value = line.partition(":")
            if not colon or key.strip() not in ("rules", "players", "teams", "starter"):
                raise NotationError("scorepad.notation.setup", line=number, part=line)
            setup[key.strip()] = value.strip()
        if "rules" not in setup or "players" not in setup:
            raise NotationError("scorepad.notation.setup", line=1, part=text.strip().splitlines()[0] if text.strip() else "")
        names = [n.strip() for n in setup["players"].split(",")]
        teams = [n.strip() for n in setup["teams"].split(",")] if "teams" in setup else None
        starter = int(setup["starter"]) - 1 if setup.get("starter", "").isdigit() else 0
        pad = cls(setup["rules"], len(names), names, teams=teams, starter=starter)
        entries = tuple(read_hand(pad, h) for h in hands)
        pad.hands, pad._results = entries, pad._rescore(entries)
        return pad

    def link(self, base: str = "") -> str:
        """A link another phone can open: ``base`` + ``#scorepad=`` + the text, compressed."""
        packed = base64.urlsafe_b64encode(zlib.compress(self.to_text().encode("utf-8"), 9)).decode("ascii")
        return f"{base}#scorepad={packed.rstrip('=')}"

    @classmethod
    def from_link(cls, link: str) -> ScorePad:
        _, found, packed = link.strip().partition("#scorepad=")
        try:
            if not found:
                raise ValueError("no #scorepad=")
            text = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))).decode("utf-8")
        except (ValueError, zlib.error) as error:
            raise SessionError(Message("scorepad.error.link")) from error
        return cls.from_text(text)

    # ------------------------------------------------------------------ the printable score sheet
    def sheet_text(self, lang: str = "en") -> str:
        """The score sheet as plain text: the setup, each hand side by side line by line, the totals."""
        out = [render("scorepad.sheet.title", lang), self._setup_line(lang), ""]
        for result in self._results:
            out.append(render("scorepad.sheet.hand", lang, n=result.number, how=self._how(result, lang)))
            for s, score in enumerate(result.scores):
                out.append(f"  {self.side_names[s]}")
                out.extend(f"    {item.label.text(lang)}: {format_number(item.points, lang, signed=True)}"
                           for item in score.items)
                out.append(f"    {render('scorepad.sheet.hand-total', lang)}: {format_number(score.total, lang)}")
            out.append("  " + render("scorepad.sheet.totals", lang, totals=self._totals_text(result.totals, lang)))
            out.append("")
        out.append(self.status().text(lang))
        return "\n".join(out)

    def sheet_html(self, lang: str = "en") -> str:
        """The score sheet as a printable HTML table (one column per side)."""
        e = html.escape
        head = "".join(f"<th scope='col'>{e(n)}</th>" for n in self.side_names)
        rows: list[str] = []
        for result in self._results:
            rows.append(f"<tr class='bsp-hand'><th scope='rowgroup' colspan='{self.sides + 1}'>"
                        f"{e(render('scorepad.sheet.hand', lang, n=result.number, how=self._how(result, lang)))}</th></tr>")
            cells = []
            for score in result.scores:
                lines = "".join(f"<li>{e(item.label.text(lang))}: {e(format_number(item.points, lang, signed=True))}</li>"
                                for item in score.items)
                cells.append(f"<td><ul>{lines}</ul><strong>{e(format_number(score.total, lang))}</strong></td>")
            rows.append(f"<tr><th scope='row'>{e(render('scorepad.sheet.hand-total', lang))}</th>{''.join(cells)}</tr>")
            totals = "".join(f"<td>{e(format_number(t, lang))}</td>" for t in result.totals)
            rows.append(f"<tr class='bsp-totals'><th scope='row'>{e(render('scorepad.sheet.total', lang))}</th>{totals}</tr>")
        return (f"<section class='bsp-sheet' lang='{e(lang)}'><h2>{e(render('scorepad.sheet.title', lang))}</h2>"
                f"<p>{e(self._setup_line(lang))}</p><table><thead><tr><td></td>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table><p>{e(self.status().text(lang))}</p></section>")

    def _setup_line(self, lang: str) -> str:
        return render("scorepad.sheet.setup", lang, rules=self.rules, target=meaning("target", self.rules.target),
                      tie=meaning("tie", self.rules.tie))

    def _how(self, result: HandResult, lang: str) -> str:
        if result.entry.went_out is None:
            return render("scorepad.sheet.stock-ended", lang)
        return render("scorepad.sheet.went-out", lang, side=self.side_names[result.entry.went_out])

    def _totals_text(self, totals: Sequence[int], lang: str) -> str:
        return ", ".join(f"{self.side_names[s]} {format_number(t, lang)}" for s, t in enumerate(totals))


def _names(given: Sequence[str] | None, n: int, default: str) -> tuple[str, ...]:
    if given is None:
        return tuple(render(default, n=i + 1) for i in range(n))
    names = tuple(str(g).strip() for g in given)
    if len(names) != n:
        raise SessionError(Message("scorepad.error.names", {"n": n, "given": len(names)}))
    for name in names:
        if not name or len(name) > _NAME_MAX or any(c in _NAME_FORBIDDEN for c in name) or name.isdigit():
            raise SessionError(Message("scorepad.error.name", {"name": name, "max": _NAME_MAX,
                                                               "forbidden": " ".join(_NAME_FORBIDDEN.strip())}))
    return names


def _check_unique(names: Sequence[str]) -> None:
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise SessionError(Message("scorepad.error.same-name", {"name": name}))
        seen.add(key)
