"""Reading a scenario file: a position written in card notation, and its one line for the learner.
:mod:`buraco_core.game.scenarios` loads one as a :class:`~buraco_core.game.facade.Game`, and so does
:meth:`Game.scenario <buraco_core.game.facade.Game.scenario>`; this module builds no game.

A scenario file (``scenarios/<name>.txt``) holds one ``key: value`` a line; ``#`` starts a
comment. Keys:

- ``description``: one line for the learner (required);
- ``rules`` (a ruleset name, default ``buraco``), ``players`` (default 4), ``seed`` (default 0),
  ``turn`` (the seat to play, default 0), ``phase`` (``draw`` or ``play``, default ``draw``),
  ``dealer`` (default: the seat before ``turn``), ``hand_number`` (default 1);
- ``hand <seat>``: that seat's cards (a seat without a line gets ``hand_size`` random cards);
- ``melds <team>``: the team's melds, separated by ``|``;
- ``discard``: the discard pile, bottom first; ``stock``: cards on top of the stock, the next
  drawn first; ``stock_size``: how many cards the stock holds in all;
- ``pot <team>``: ``aside``, ``taken``, ``waiting <seat>``, ``to-stock`` or ``unused <seat>``
  (``fechado``: picked up by that seat's discard, not yet played);
- ``must_meld``, ``single_take``: a card; ``totals``: the match totals, one per team.

Cards not named are shuffled by ``seed``: first into hands without a line, then the pots that
are aside or waiting, then under the named stock cards. With ``stock_size`` the surplus is set
aside, out of play. A malformed file raises :class:`ScenarioError` naming the file and line.

>>> read_scenario("pot-direct").description.split(":")[0]
'Pot on the fly'
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from ..cards import Card, build_deck, parse_card, parse_cards
from ..melds import InvalidMeld, Meld, make_meld
from ..rules import RulesError
from ..variants import get_rules
from .state import Phase, PotState, State, players_problem, team_count

__all__ = ["SCENARIO_DIR", "Scenario", "ScenarioError", "read_scenario", "read_scenario_text", "scenario_names"]

SCENARIO_DIR = Path(__file__).with_name("scenarios")

_KEYS = ("description", "rules", "players", "seed", "turn", "phase", "dealer", "hand_number",
         "hand", "melds", "discard", "stock", "stock_size", "pot", "must_meld", "single_take",
         "totals")
_INDEXED = ("hand", "melds", "pot")


class ScenarioError(ValueError):
    """A scenario file that cannot be read; the message starts ``<file>:<line>:``."""


def scenario_names() -> list[str]:
    """The names of the scenarios shipped with the package."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.txt"))


class Scenario(NamedTuple):
    """A scenario as read from its file: the position and its one line for the learner."""

    state: State
    description: str


def read_scenario(name: str) -> Scenario:
    """The scenario ``name`` (a shipped name, or a path to a ``.txt`` file)."""
    path = Path(name) if name.endswith(".txt") else SCENARIO_DIR / f"{name}.txt"
    if not path.is_file():
        raise ScenarioError(f"no scenario called {name!r}: choose one of {', '.join(scenario_names())}")
    return read_scenario_text(path.read_text(encoding="utf-8"), path.name)


def read_scenario_text(text: str, filename: str = "<scenario>") -> Scenario:
    """The scenario a text describes."""
    entries: dict[str, tuple[int, str]] = {}
    indexed: dict[str, dict[int, tuple[int, str]]] = {k: {} for k in _INDEXED}
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        if not colon:
            raise ScenarioError(f"{filename}:{lineno}: write key: value (for example hand 0: 4h 5h 6h)")
        words = key.split()
        if not words or words[0] not in _KEYS:
            raise ScenarioError(f"{filename}:{lineno}: unknown key {key.strip()!r}: use one of "
                                f"{', '.join(_KEYS)}")
        value = value.strip()
        if words[0] in _INDEXED:
            if len(words) != 2 or not words[1].isdigit():
                raise ScenarioError(f"{filename}:{lineno}: write {words[0]} and a number, as in "
                                    f"{words[0]} 0: ...")
            indexed[words[0]][int(words[1])] = (lineno, value)
        else:
            if len(words) != 1:
                raise ScenarioError(f"{filename}:{lineno}: unknown key {key.strip()!r}")
            entries[words[0]] = (lineno, value)
    return _build(entries, indexed, filename)


def _build(entries: dict[str, tuple[int, str]], indexed: dict[str, dict[int, tuple[int, str]]],
           filename: str) -> Scenario:
    def fail(lineno: int, message: str) -> ScenarioError:
        return ScenarioError(f"{filename}:{lineno}: {message}")

    def get(key: str, default: str) -> tuple[int, str]:
        return entries.get(key, (0, default))

    def number(key: str, default: int) -> int:
        lineno, value = get(key, str(default))
        if not value.lstrip("-").isdigit():
            raise fail(lineno, f"{key} must be a whole number, not {value!r}")
        return int(value)

    def cards(lineno: int, value: str) -> tuple[Card, ...]:
        try:
            return tuple(parse_cards(value)) if value else ()
        except ValueError as err:
            raise fail(lineno, str(err)) from None

    if "description" not in entries:
        raise ScenarioError(f"{filename}:1: a scenario needs a description: line")
    description = entries["description"][1]
    lineno, name = get("rules", "buraco")
    try:
        rules = get_rules(name)
    except RulesError as err:
        raise fail(lineno, str(err)) from None
    players = number("players", 4)
    problem = players_problem(rules, players)
    if problem is not None:
        raise fail(get("players", "")[0], problem.text())
    teams = team_count(rules, players)
    seed = number("seed", 0)
    turn = number("turn", 0)
    if not 0 <= turn < players:
        raise fail(get("turn", "")[0], f"turn must be a seat from 0 to {players - 1}")
    lineno, phase_text = get("phase", "draw")
    if phase_text not in ("draw", "play"):
        raise fail(lineno, f"phase is draw or play, not {phase_text!r}")
    dealer = number("dealer", (turn - 1) % players)
    hand_number = number("hand_number", 1)

    deck = Counter(build_deck(rules))

    def take(lineno: int, used: tuple[Card, ...]) -> None:
        for c in used:
            if deck[c] <= 0:
                raise fail(lineno, f"the deck has no more {c}: {rules.name} plays with "
                           f"{Counter(build_deck(rules))[c]} of it")
            deck[c] -= 1

    for key, table in indexed.items():
        limit = teams if key != "hand" else players
        for index, (lineno, _) in table.items():
            if index >= limit:
                what = "seat" if key == "hand" else "team"
                raise fail(lineno, f"there is no {what} {index}: {what}s are 0 to {limit - 1}")
    hands: dict[int, tuple[Card, ...]] = {}
    for seat, (lineno, value) in indexed["hand"].items():
        hands[seat] = cards(lineno, value)
        take(lineno, hands[seat])
    melds: list[tuple[Meld, ...]] = [() for _ in range(teams)]
    for team, (lineno, value) in indexed["melds"].items():
        side = []
        for part in value.split("|"):
            if not part.strip():
                continue
            meld_cards = cards(lineno, part)
            take(lineno, meld_cards)
            try:
                side.append(make_meld(meld_cards, rules))
            except InvalidMeld as err:
                raise fail(lineno, f"{part.strip()!r} is no meld: {err}") from None
        melds[team] = tuple(side)
    lineno, value = get("discard", "")
    discard = cards(lineno, value)
    take(lineno, discard)
    lineno, value = get("stock", "")
    stock_top = cards(lineno, value)
    take(lineno, stock_top)
    singles: dict[str, Card | None] = {}
    for key in ("must_meld", "single_take"):
        lineno, value = get(key, "")
        try:
            singles[key] = parse_card(value) if value else None
        except ValueError as err:
            raise fail(lineno, str(err)) from None

    pot_state = [PotState.ASIDE if rules.pots else PotState.NONE] * teams
    pot_seat = [-1] * teams
    pot_unused = [False] * teams
    for team, (lineno, value) in indexed["pot"].items():
        if not rules.pots:
            raise fail(lineno, f"{rules.name} has no pots")
        words = value.split()
        kind = words[0] if words else ""
        seat_needed = kind in ("waiting", "unused")
        if kind not in ("aside", "taken", "waiting", "to-stock", "unused") or (
                seat_needed != (len(words) == 2)) or len(words) > 2:
            raise fail(lineno, "a pot is aside, taken, waiting <seat>, to-stock or unused <seat>")
        if seat_needed:
            if not words[1].isdigit() or int(words[1]) % teams != team or int(words[1]) >= players:
                raise fail(lineno, f"{words[1]!r} is not a seat of team {team}")
            pot_seat[team] = int(words[1])
        pot_state[team] = {"aside": PotState.ASIDE, "taken": PotState.TAKEN,
                           "waiting": PotState.WAITING, "to-stock": PotState.TO_STOCK,
                           "unused": PotState.TAKEN}[kind]
        pot_unused[team] = kind == "unused"

    rest = list(deck.elements())
    rest.sort(key=lambda c: (c.rank, c.suit))
    random.Random(seed).shuffle(rest)
    for seat in range(players):
        if seat not in hands:
            if len(rest) < rules.hand_size:
                raise ScenarioError(f"{filename}:1: not enough cards left to deal seat {seat}")
            hands[seat] = tuple(rest[:rules.hand_size])
            del rest[:rules.hand_size]
    pots: list[tuple[Card, ...]] = []
    for team in range(teams):
        if pot_state[team] in (PotState.ASIDE, PotState.WAITING):
            pots.append(tuple(rest[:rules.pot_size]))
            del rest[:rules.pot_size]
        else:
            pots.append(())
    stock = list(reversed(stock_top))  # the last card is the next drawn
    aside: tuple[Card, ...] = ()
    if "stock_size" in entries:
        size = number("stock_size", 0)
        if size < len(stock_top):
            raise fail(get("stock_size", "")[0], f"stock_size {size} is smaller than the "
                       f"{len(stock_top)} stock cards named")
        extra = size - len(stock_top)
        if extra > len(rest):
            raise fail(get("stock_size", "")[0], f"only {len(rest) + len(stock_top)} cards are "
                       "left for the stock")
        stock = rest[:extra] + stock
        aside = tuple(rest[extra:])
    else:
        stock = rest + stock
    lineno, value = get("totals", " ".join(["0"] * teams))
    parts = value.split()
    if len(parts) != teams or not all(p.lstrip("-").isdigit() for p in parts):
        raise fail(lineno, f"totals needs {teams} whole numbers, one per team")
    state = State(
        rules=rules, players=players, seed=seed, hand_number=hand_number, dealer=dealer,
        starter=(dealer + 1) % players, phase=Phase(phase_text), turn=turn,
        hands=tuple(hands[s] for s in range(players)), melds=tuple(melds), stock=tuple(stock),
        discard=discard, pots=tuple(pots), pot_state=tuple(pot_state), pot_seat=tuple(pot_seat),
        pot_unused=tuple(pot_unused), must_meld=singles["must_meld"],
        single_take=singles["single_take"], totals=tuple(int(p) for p in parts), aside=aside,
    )
    return Scenario(state, description)
