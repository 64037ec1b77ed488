"""Agreement by construction: every sentence that names a player, a team (a side) or a ruleset is
rendered with every kind of that value, in German and English, and its words agree with it
(the catalog's terms, forms and choices: buraco_core/messages/grammar.py)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator

import pytest

from buraco_core import RULESETS
from buraco_core.messages import LANGUAGES, Message, catalog, grammar, parameters, render, terms

# ------------------------------------------------------------------ the values a sentence may get

M = Message
PLAYERS = [M("table.you"), M("table.partner", {"seat": 2}), M("table.opponent", {"seat": 1}),
           M("table.left-opponent", {"seat": 1}), M("table.right-opponent", {"seat": 3}),
           M("table.across-opponent", {"seat": 2})]
#: a team: yours, the opponents, a player alone (Brazilian Buraco), two players (a side of a 3-player table)
TEAMS = [M("table.your-side"), M("table.opponents"), *PLAYERS[2:],
         M("table.and", {"first": PLAYERS[3], "second": PLAYERS[4]})]
HOUSE = dataclasses.replace(RULESETS["buraco"], target=1505)
RULES = [*RULESETS.values(), HOUSE]
RULESET_LISTS = [[M("ruleset.fechado")], [M("ruleset.buraco"), M("ruleset.italian")],
                 [M(f"ruleset.{name}") for name in ("buraco", "italian", "burraco")]]

#: what a parameter of this name holds
KINDS: dict[str, list[object]] = {"player": list(PLAYERS), "team": list(TEAMS), "side": list(TEAMS),
                                  "rules": list(RULES), "preset": list(RULESETS.values()),
                                  "other": list(RULESETS.values()), "wanted": list(RULES),
                                  "rulesets": list(RULESET_LISTS)}
#: where ``team`` or ``side`` is a number (``Team {team}``, ``seat {team}``), not a name
_NUMBERED = re.compile(r"(?i)(team|seat|platz|side) \{(team|side)\}")
#: the learner's ``you``: only terms of players can be it
_PLURAL = {"table.opponents", "table.and"}


def _named(lang: str) -> Iterator[tuple[str, str]]:
    """(key, parameter) of every sentence of ``lang`` whose parameter names a player, team or ruleset."""
    en = catalog("en")
    for key, template in catalog(lang).items():
        for name in sorted(parameters(template)):
            if name in KINDS and not _NUMBERED.search(template) and not _NUMBERED.search(en[key]):
                yield key, name


def _renderings(lang: str) -> Iterator[tuple[str, str, object, str]]:
    """(key, the parameter, the value, the sentence) for every named parameter and every value of its kind; the
    other parameters get a plain value."""
    for key, name in _named(lang):
        others = {p: (KINDS[p][0] if p in KINDS else 2) for p in parameters(catalog(lang)[key])}
        for value in KINDS[name]:
            yield key, name, value, render(key, lang, **(others | {name: value}))


def _label(value: object, lang: str) -> str:
    from buraco_core.messages import show

    return show(value, lang)


def _render_form(value: object, form: str, lang: str) -> str:
    # the form through a sentence of its own: the catalog has none, so format one
    from buraco_core.messages import _FORMATTER, _Params  # the formatter the catalog uses

    return _FORMATTER.vformat("{v:" + form + "}", (), _Params({"v": value}, lang))


def _key(value: object) -> str:
    return value.key if isinstance(value, Message) else ""


# ------------------------------------------------------------------ German

_THIRD_PERSON = r"(?:hat|ist|zieht|nimmt|legt|wirft|spielt|konnte|kann|darf|macht|bekommt|gewinnt|wertet|erlaubt|kennt)"
_PLURAL_VERB = r"(?:haben|sind|ziehen|nehmen|legen|werfen|spielen|konnten|können|dürfen|machen|bekommen|gewinnen)"
_PREPOSITIONS = r"(?:in|von|mit|bei|aus|nach|zu|an|gegen|über|vom|im|zum|dem|des|den)"
_RULESET_NOMINATIVE = r"(?:Klassisches|Brasilianisches|Italienisches)"


def test_the_german_sentences_that_name_a_player_a_team_or_a_ruleset_are_found() -> None:
    named = dict(_named("de"))
    for key in ("narrate.out", "narrate.pot", "narrate.pot-waiting", "rulebook.only", "feedback.house-bonus",
                "narrate.draw", "table.turn-play", "prompt.meld-value", "coach.review-fed"):
        assert key in named, key
    assert "illegal.no-team" not in named        # "Team {team}" is a number


@pytest.mark.parametrize("key", sorted({k for k, _ in _named("de")}))
def test_every_german_sentence_agrees_with_every_player_team_and_ruleset(key: str) -> None:
    for k, name, value, text in _renderings("de"):
        if k != key:
            continue
        said = f"{key} with {value!r}: {text}"
        assert not re.search(rf"\b[Dd]u {_THIRD_PERSON}\b", text), said                    # „Du hat“
        if _key(value) in _PLURAL:
            nominative = _render_form(value, "nom", "de")
            assert not re.search(rf"(?i){re.escape(nominative)} {_THIRD_PERSON}\b", text), said  # „Gegner hat“
            assert not re.search(rf"\bGegner {_THIRD_PERSON}\b", text), said
        elif _key(value).startswith("table."):
            nominative = _render_form(value, "nom", "de")
            assert not re.search(rf"(?i){re.escape(nominative)} {_PLURAL_VERB}\b", text), said
        assert not re.search(rf"\b{_PREPOSITIONS} {_RULESET_NOMINATIVE}\b", text), said       # „in Klassisches“
        assert not re.search(rf"\b{_PREPOSITIONS} (?:Burraco|Buraco Fechado)\b", text) or \
            re.search(r"\b(?:im|dem|des) (?:Burraco|Buraco Fechado)\b", text), said
        if _key(value).startswith("table."):                                                    # „von Gegner“
            declined = {_render_form(value, form, "de") for form in ("nom", "acc", "dat", "gen")}
            for found in re.finditer(rf"\b{_PREPOSITIONS} {re.escape(_label(value, 'de'))}(?!\w)", text):
                assert found.group(0) in declined, said        # „dem Gegner (Platz 1)“ is its dative
        english = catalog("en")[key]
        if catalog("de")[key].startswith("{" + name) and english[:1].isupper():              # „der linke Gegner …“
            assert text[:1].isupper(), said


def test_the_five_sentences_of_the_review_agree() -> None:
    you, left = M("table.you"), M("table.left-opponent", {"seat": 1})
    assert render("narrate.out", "de", player=you, team=M("table.your-side")) == \
        "Du hast ausgemacht, und damit endet die Runde."
    assert render("narrate.out", "de", player=left, team=M("table.opponents")) == \
        "Der linke Gegner (Platz 1) hat ausgemacht, und damit endet die Runde."
    assert render("narrate.pot", "de", team=M("table.opponents")) == "Die Gegner haben ihren Topf aufgenommen."
    assert render("narrate.pot", "de", team=M("table.your-side")) == "Dein Team hat seinen Topf aufgenommen."
    assert render("rulebook.only", "de", rulesets=RULESET_LISTS[2]) == \
        "Nur im Klassischen Buraco, im Italienischen Burraco und im Burraco."
    assert render("rulebook.only", "de", rulesets=RULESET_LISTS[0]) == "Nur im Buraco Fechado."
    bonus = render("feedback.house-bonus", "de", preset=RULESETS["buraco"], preset_bonus=200, rules=HOUSE,
                   kind=M("teach.a-kind.clean"), bonus=250)
    assert "von Klassisches" not in bonus and "des Klassischen Buraco" in bonus
    assert "im Klassischen Buraco mit Hausregeln" in bonus


def test_every_form_a_german_sentence_asks_is_there_for_every_value_of_its_kind() -> None:
    """A sentence that asks ``{team:dat}`` gets a dative from every team: a term that lacks it
    would be shown as its label, „mit Gegner“."""
    de_terms = terms("de")
    for key, name in _named("de"):
        for _, field, spec, _ in __import__("string").Formatter().parse(catalog("de")[key]):
            if field != name or not spec or grammar.spec_kind(spec) != "form":
                continue
            form = spec[0].lower() + spec[1:]
            for value in KINDS[name]:
                items = value if isinstance(value, list) else [value]
                for item in items:
                    if not isinstance(item, Message):
                        from buraco_core.messages import _as_term  # a ruleset's term

                        item = _as_term(item)
                    assert isinstance(item, Message), (key, value)
                    term = de_terms.get(item.key)
                    assert term is not None, f"{key}: {item.key} is no German term"
                    assert form in term.forms or (form in ("nom", "acc") and item.key.startswith(("ruleset.", "house."))), \
                        f"{key} asks {form} of {item.key}, which has none"


def test_every_german_player_and_team_term_has_its_cases_and_what_it_is() -> None:
    de_terms = terms("de")
    for value in [*PLAYERS, *TEAMS]:
        term = de_terms[value.key]
        cases = {"nom", "acc", "dat"} if value in PLAYERS[:1] else {"nom", "acc", "dat", "gen"}  # no „deiner“
        assert cases <= set(term.forms), value.key
        assert term.features & {"you", "pl", "m", "f", "n"}, value.key
    for name in RULESETS:
        assert {"dat", "gen", "in"} <= set(de_terms[f"ruleset.{name}"].forms), name


# ------------------------------------------------------------------ English

@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sentence_says_you_or_a_plural_with_a_singular_verb(lang: str) -> None:
    for key, _name, value, text in _renderings(lang):
        said = f"{key} with {value!r}: {text}"
        if lang == "en":
            assert not re.search(r"\bYou (?:has|is|wins|draws|takes|discards|lays)\b", text), said
            if _key(value) in _PLURAL:
                assert not re.search(r"\b(?:Opponents|\(seat \d\)) (?:has|is|wins)\b", text), said


# ------------------------------------------------------------------ the mechanics

def test_forms_and_choices_fall_back_to_the_value_as_shown() -> None:
    assert _render_form("Anna", "dat", "de") == "Anna"                      # a name the catalog does not know
    assert _render_form(M("table.opponents"), "Nom", "de") == "Die Gegner"  # a capital asks for it
    assert _render_form(M("table.opponents"), "dat", "en") == "Opponents"   # English does not decline
    assert _render_form(RULESETS["italian"], "in", "de") == "im Italienischen Burraco"
    assert _render_form(HOUSE, "in", "de") == "im Klassischen Buraco mit Hausregeln"
    assert _render_form([M("ruleset.buraco"), M("ruleset.fechado")], "in", "en") == "Classic Buraco and Buraco Fechado"
    from buraco_core.messages import _FORMATTER, _Params

    def said(template: str, **params: object) -> str:
        return _FORMATTER.vformat(template, (), _Params(params, "de"))

    assert said("{n:0=keine Meldung|1=eine Meldung|# Meldungen}", n=0) == "keine Meldung"
    assert said("{n:0=keine Meldung|1=eine Meldung|# Meldungen}", n=3) == "3 Meldungen"
    assert said("{p:you=hast|pl=haben|hat}", p=M("table.you")) == "hast"
    assert said("{p:you=hast|pl=haben|hat}", p=[M("ruleset.buraco"), M("ruleset.fechado")]) == "haben"
    assert said("{p:you=hast|pl=haben|hat}", p="Anna") == "hat"
    assert said("{n:card|cards}", n=1) == "card"                           # plurals as before


def test_a_translation_may_decline_what_the_english_does_not_but_keeps_its_plurals() -> None:
    assert grammar.plural_choices("{n:eine Karte|# Karten} {player:Nom} {player:you=hast|hat}") == ["n"]
    with pytest.raises(ValueError, match="only the last alternative"):
        grammar.choose("you=hast|hat|hatte", frozenset())


def test_a_malformed_term_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match=r"catalog term 'a\.b'"):
        grammar.parse('[a]\nb = { "*" = "x", dat = 3 }\n')
    sentences, found = grammar.parse('[a]\nb = { "*" = "x", is = "pl", dat = "y" }\nc = "z"\n')
    assert sentences == {"a.b": "x", "a.c": "z"} and found["a.b"].forms == {"dat": "y"}
    assert found["a.b"].features == frozenset({"pl"})


# ------------------------------------------------------------------ the sentences the review named

def test_the_owner_hint_names_the_row_the_table_shows_not_a_team_number() -> None:
    """M4: „Meldung 1 gehört Team 1, und du spielst für Team 0“: the table shows no team numbers."""
    from pathlib import Path

    from buraco_core.teach import hint, load_puzzle

    puzzles = Path(__file__).resolve().parent.parent / "lessons" / "puzzles" / "04_turn.yaml"
    theirs = hint(load_puzzle(puzzles, "add-to-theirs"), 2)
    assert theirs.text("de") == "Achte darauf, wem die Meldung gehört: Meldung 1 liegt in der Reihe „Gegner“ des Tisches."
    assert "“Opponents” row" in str(theirs)
    alone = hint(load_puzzle(puzzles, "brazilian-add-other"), 2).text("de")
    assert alone.endswith("gehört dem linken Gegner (Platz 1).") and "Team" not in alone


def test_a_refused_play_is_named_whole_not_negated_in_the_middle() -> None:
    """A5: „Du darfst nicht 4♥ 5♥ 6♥ auslegen“ put „nicht“ before the cards."""
    from buraco_core.teach.puzzles.explain import play_words

    text = render("feedback.play-refused", "de", play=play_words("meld 4h 5h 6h", 0), why="x")
    assert text == "„4♥ 5♥ 6♥ auslegen“ ist nicht erlaubt: x."
    assert render("compare.deck", "de", n=104, jokers=0) == "104\u00a0Karten (ohne Joker)"            # A18
    assert render("compare.deck", "en", n=108, jokers=4) == "108 cards (4 jokers)"


def test_a_match_puzzle_of_players_alone_names_no_team() -> None:
    """N8: Brazilian Buraco's match puzzles said „Team 0 gewinnt die Partie“ and „Team 0 2.800
    Punkte“ where every player is alone; a side is the player of its seat there, a team only where
    there are partners."""
    from buraco_core.teach import check, hint, load_puzzle
    from buraco_core.teach.puzzles.kinds import KINDS

    path = "lessons/puzzles/06_scoring.yaml"
    for pid, team in (("brazilian-match", False), ("match-point", True)):
        puzzle = load_puzzle(path, pid)
        kind = KINDS[puzzle.kind]
        said = [o.label for o in kind.options(kind.prepare(puzzle))] + list(kind.facts(puzzle))
        said += [check(puzzle, "the match is a draw").message, hint(puzzle, 2), hint(puzzle, 3)]
        german = " ".join(m.text("de") for m in said)
        english = " ".join(m.text("en") for m in said)
        assert ("Team 0" in german) is team and ("side 0" in english.lower()) is team, german
        if not team:
            assert "Der Spieler auf Platz 0 gewinnt die Partie." in german
            assert "hatte der Spieler auf Platz 0 2.800\u00a0Punkte" in german
            assert "The player in seat 1 wins the match." in english
