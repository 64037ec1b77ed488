"""Typography by rule, one function per language, applied when a message is rendered.

A catalog sentence is written plainly; the rules of a language's typesetting are kept here, in one
place, so no sentence has to remember them and no translator has to type a no-break space.
:func:`typeset` is what :meth:`~buraco_core.messages.Message.text` applies to the finished sentence
(nested messages included), and :func:`format_number` is how a number parameter is shown.

English keeps its sentences as written: ``str(error)`` is English and is what tests and developers
read, so its typography stays plain ASCII where the catalog writes it so. One rule holds in every
language: a question or an exclamation that ends a part (``where may it stand?``) takes no period
after it from the sentence around it (no ``?.``).

German (Duden and DIN 5008):

- numbers: a point groups the thousands from four digits on (``1.000``, ``2.005``), and a negative
  number has the minus sign U+2212 (``−100``); a hyphen standing for a minus in the catalog's own
  text (``-20``, ``100 - 20``) becomes it as well;
- the ellipsis is one character, ``…``, and stands apart from the word before it
  (``pozzetto …``), with a no-break space so it never begins a line;
- a range of numbers or cards has an en dash (``2–10``, ``4♥–10♥``); a hyphen joining three or
  more cards in a row (``A-2-3``, ``K-A-2``) is a sequence, not a range, and stays;
- abbreviations of two parts (``z. B.``, ``d. h.``, ``u. a.``) and a number before its unit
  (``100 Punkte``, ``11 Karten``, ``3 Tagen``) are held together by a no-break space;
- an apostrophe is ``’`` (``geht’s``);
- after a colon, a full sentence begins with a capital (``Nicht erlaubt: Der Stapel ist leer``), a
  fragment does not (``was du tun willst: den Ablagestapel aufnehmen``). A word that can only open
  a clause (``du``, a question word, a conjunction, an imperative, ``dann``, ...) is capitalized
  there; any other word (an article, ``sie``, a preposition, a verb) only when its clause, up to
  the first comma or stop, has a finite verb (``von 7♠ gibt es nur zwei`` is a sentence,
  ``die erste Karte des Ablagestapels, −1`` is not).

>>> typeset("Gib eine ganze Punktzahl ein, etwa 165 oder -20.", "de")
'Gib eine ganze Punktzahl ein, etwa 165 oder −20.'
>>> typeset("Nicht erlaubt: der Stapel ist leer.", "de")
'Nicht erlaubt: Der Stapel ist leer.'
>>> typeset("Richtig: aus 3♥ 4♥ JK wird eine Folge; sag, was du tun willst: den Stapel aufnehmen.", "de")
'Richtig: Aus 3♥ 4♥ JK wird eine Folge; sag, was du tun willst: den Stapel aufnehmen.'
>>> typeset("Zähl die Karten, dann deine wilde Karte, 2♠: Wo darf sie stehen?.", "de")
'Zähl die Karten, dann deine wilde Karte, 2♠: Wo darf sie stehen?'
>>> typeset("A, 2, ..., K, A; Ränge 2-10, nie K-A-2", "de")
'A, 2, …, K, A; Ränge 2–10, nie K-A-2'
>>> format_number(-1000, "de"), format_number(-1000, "en"), format_number(20, "de", signed=True)
('−1.000', '-1000', '+20')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

__all__ = ["NBSP", "TYPESETTERS", "format_date", "format_number", "typeset"]

NBSP = "\u00a0"
"""The no-break space the rules put where a line must not break."""

MINUS = "\u2212"
"""The minus sign (U+2212), not the hyphen."""


def format_number(n: int | float, lang: str = "en", *, signed: bool = False) -> str:
    """A number as a sentence of ``lang`` shows it; ``signed`` writes ``+`` before a positive one
    (a score line's ``+20``)."""
    if lang != "de":
        return f"{n:+}" if signed else str(n)
    if isinstance(n, float) and not n.is_integer():
        text = f"{abs(n):,}".replace(",", "\u2009").replace(".", ",").replace("\u2009", ".")
    else:
        text = f"{abs(int(n)):,}".replace(",", ".") if abs(n) >= 1000 else str(abs(int(n)))
    if n < 0:
        return MINUS + text
    return "+" + text if signed and n > 0 else text


def format_date(day: date, lang: str = "en") -> str:
    """A day as a sentence of ``lang`` writes it: ``2026-12-05`` in English (the form the files'
    names use), ``5.12.2026`` in German.

    >>> format_date(date(2026, 12, 5), "de"), format_date(date(2026, 12, 5))
    ('5.12.2026', '2026-12-05')
    """
    return f"{day.day}.{day.month}.{day.year}" if lang == "de" else day.isoformat()


# ---------------------------------------------------------------------------------------- German

_RANK = r"(?:10|[2-9]|[AKBDJQ])[♠♥♦♣]?"
# a range: two ranks (or numbers) joined by one hyphen, not part of a longer chain of cards
_RANGE = re.compile(rf"(?<![\w♠♥♦♣-])({_RANK}|\d+)-({_RANK}|\d+)(?![\w♠♥♦♣-])")
# a hyphen used as a minus: before a digit, at the start or after a space or an opening bracket
_MINUS = re.compile(r"(^|[\s(„\[/])-(?=\d)")
_MINUS_BETWEEN = re.compile(r"(?<=[\d)]) - (?=[\d(])")
_ELLIPSIS_AFTER_WORD = re.compile(r"(?<=[\w)\]])[ \u00a0]?…")
_ABBREVIATION = re.compile(r"\b(z|d|u|v|o)\. ?([BhaAäÄ])\.")
_UNIT = re.compile(r"(?<=\d) (Punkte[n]?|Punkt|Bonuspunkte[n]?|Karten|Karte|Tage[n]?|Tag|Zeichen|%)(?!\w)")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Words that can only begin a clause: after a colon they begin a full sentence.
_OPENERS = _words("""
    du er man ich
    solange sobald wenn weil falls wo wohin woher wie was wer welche welcher welches welchen ob
    warum wann wieso
    danach dann darum deshalb außerdem hier jetzt sonst also dafür damit dort trotzdem statt
    zieh ziehe wirf lege leg wähle schreib schreibe nimm zähl zähle geh gib klicke klick kopiere
    nenne versuch versuche setze such suche drücke drück warte siehe sieh antworte tippe spiel
    spiele lies prüfe schau achte denk frag fang fange bilde ordne füge lade importiere korrigiere beginne
    schick schicke stell stelle
""")
#: Words that begin a sentence or a fragment (an article, a pronoun, a preposition, an adverb, a
#: participle put first): after a colon, a sentence if its clause has a finite verb.
_EITHER = _words("""
    der die das den dem des ein eine einen einem einer eines kein keine keinen keinem keiner
    dein deine deinen deinem deiner sein seine seinen seinem seiner ihr ihre ihren ihrem ihrer
    jede jeder jedes jeden diese dieser dieses diesen sie es
    aus von auf an ans in im ins am zu zum zur bei beim mit nach ohne bis über unter vor zwischen
    durch für gegen um so noch nur auch nie immer übrig gespielt gewertet ausgemacht gezählt
""")
#: Finite verbs of the catalog's sentences: a clause after a colon that has one is a sentence.
_FINITE = _words("""
    ist sind war waren hat hast haben hatte hätte hättest hätten kann kannst können könnte könntest
    könnten darf darfst dürfen dürfte muss musst müssen soll sollst sollen will willst wollen wird
    wirst werden wurde wurden würde würdest würden wäre wären gibt gab gäbe geht gehen ginge gehört
    gehören bleibt bleiben bliebe fehlt fehlen ergibt ergeben ergäbe ergäben enthält enthalten liegt
    liegen läge steht stehen stünde zählt zählen zählst bekommt bekommst bekommen reicht reichen
    passt passen braucht brauchst brauchen nimmt nimmst legt legst wählt wählst zieht ziehst wirft
    wirfst bildet bilden endet enden kommt kommen käme ließe lässt lassen geschähe geschieht spielt
    spielst spielen sitzt sitzen gilt gelten heißt kennt kennen wandert wandern folgt folgen beginnt
    beginnen bringt bringen brächte wertet werten zeigt zeigen macht machst machen besetzt führt
    erlauben verlangt verlangen stand standen kostet kosten beendet beenden verlassen verlässt
    umfasst läuft laufen wartete leert leeren gewinnt gewinnen nennt nennen
""")
#: A verb put first opens a question or a condition when a subject follows (``ergibt sie …``,
#: ``fehlt zwischen ihnen ein Platz``), not a status (``wird gelernt``, ``zählt als schmutzig``).
_SUBJECTS = _words("du sie er es man der die das ein eine kein keine dein deine dieser diese")
_SUBORDINATE = re.compile(r",\s*(?:wenn|weil|falls|als|bevor|dass|ob|während|sobald|solange)\b[^,]*,?")
_COLON_WORD = re.compile(r"(: )([a-zäöü]\w*)([^.?!;:–—]*)")


def _capital_after_colon(match: re.Match[str]) -> str:
    word, rest = match.group(2), match.group(3)
    main = _SUBORDINATE.sub(" ", re.sub(r"\([^)]*\)", "", rest))      # the clause's own words
    after = re.findall(r"\w+", main)
    sentence = (word in _OPENERS or (word in _EITHER and any(w in _FINITE or w == "du" for w in after))
                or (word in _FINITE and any(w in _SUBJECTS for w in after)))
    return match.group(1) + (word[0].upper() + word[1:] if sentence else word) + rest


_STOP_AFTER_QUESTION = re.compile(r"([?!])\.(?=\s|$)")


def german(text: str) -> str:
    """The German rules (see the module docstring) applied to a finished sentence."""
    if not text:
        return text
    text = _STOP_AFTER_QUESTION.sub(r"\1", text)
    text = text.replace("...", "…")
    text = _ELLIPSIS_AFTER_WORD.sub(NBSP + "…", text)
    text = _MINUS.sub(lambda m: m.group(1) + MINUS, text)
    text = _MINUS_BETWEEN.sub(f" {MINUS} ", text)
    text = _RANGE.sub(lambda m: f"{m.group(1)}–{m.group(2)}", text)
    text = _ABBREVIATION.sub(lambda m: f"{m.group(1)}.{NBSP}{m.group(2)}.", text)
    text = _UNIT.sub(lambda m: NBSP + m.group(1), text)
    text = _APOSTROPHE.sub("’", text)
    return _COLON_WORD.sub(_capital_after_colon, text)


def _as_written(text: str) -> str:
    return _STOP_AFTER_QUESTION.sub(r"\1", text)


#: Each language's typesetter; a language without one keeps its sentences as written.
TYPESETTERS: dict[str, Callable[[str], str]] = {"en": _as_written, "de": german}


def typeset(text: str, lang: str = "en") -> str:
    """``text``, a finished sentence of ``lang``, with that language's typography."""
    return TYPESETTERS.get(lang, _as_written)(text)
