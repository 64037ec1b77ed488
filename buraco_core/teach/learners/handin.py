"""Handing progress in: the learner's record with their name, as a file, as a code, into a class folder.

Nothing is sent anywhere by itself. When the learner presses "Hand in my progress", their page
makes a :class:`HandIn`: the record (:mod:`buraco_core.teach.learners.record`, format 3) with a
``handed_in`` part saying who (the name or nickname the learner typed, and on a JupyterHub the
hub's user name), when (the learner's clock and day), in which course language and under which
ruleset::

    {"format": "buraco-progress/3", "solved": {...}, "answers": [...], "settings": {...},
     "assignments": {...},
     "handed_in": {"name": "Ana", "user": "", "lang": "en", "ruleset": "buraco",
                   "at": 1764585600000, "day": "2026-12-01"}}

The learner downloads it as a file (:meth:`HandIn.file_name`, ``buraco-progress-ana-2026-12-01.json``)
or copies it as a **code** (:meth:`HandIn.code`): the same document, compressed (zlib) and
written in URL-safe base64 between ``buraco1.`` and a check (the first 8 hex digits of the
SHA-256 of the compressed bytes). A code broken over lines by a chat is read whole (spaces and
line breaks are dropped); a code with a character changed or missing fails its check and is
refused with a sentence saying so (:class:`HandInError`), never read as something else.

On a JupyterHub the teacher may set a **class folder** (:data:`CLASS_DIR`, the environment
variable ``BURACO_CLASS_DIR``): the learner's page then also writes the hand-in there, one file
per hub user (:func:`class_file`), replaced atomically (a temporary file in the same folder,
flushed to disk, then renamed over the old one: a reader never sees half a file), and only when
the learner presses the button. A folder that is missing or not writable is a sentence for the
learner; their record stays in the browser.

>>> from datetime import date
>>> from buraco_core.teach.learners.record import Record
>>> h = hand_in(Record({"00": ["quiz"]}), " Ana ", lang="en", ruleset="buraco", at=0, day=date(2026, 12, 1))
>>> h.name, h.file_name()
('Ana', 'buraco-progress-ana-2026-12-01.json')
>>> read_handin(h.code()) == h
True
>>> read_handin(h.code()[:-1] + "0")
Traceback (most recent call last):
...
buraco_core.teach.learners.handin.HandInError: This code is damaged: a character is missing or changed, so its check does not match what it holds. Copy the whole code again.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import json
import os
import re
import tempfile
import unicodedata
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from urllib.parse import quote

from ...errors import LearnerError
from ...jsondata import JsonObject
from ...messages import LANGUAGES
from ...rules import RULESETS
from .record import FORMATS, NAME_MAX, Record, read_record

__all__ = ["CLASS_DIR", "CODE_PREFIX", "HandIn", "HandInError", "class_file", "class_folder", "decode_code",
           "find_codes", "hand_in", "hub_user", "read_handin", "read_progress", "write_to_class"]

#: The environment variable naming a hub's class folder.
CLASS_DIR = "BURACO_CLASS_DIR"
#: How a code starts (its version: a later format of code gets another prefix).
CODE_PREFIX = "buraco1."
_CHECK = 8
_CODE = re.compile(re.escape(CODE_PREFIX) + r"([A-Za-z0-9_-]*)(?:\.([0-9a-fA-F]{0," + str(_CHECK) + r"}))?")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class HandInError(LearnerError):
    """A hand-in that cannot be made, read or written: ``message`` says why, in any language
    (``explain(lang)``; ``str()`` is English)."""


@dataclass(frozen=True)
class HandIn:
    """A handed-in record: the learner's record, their name, the hub's user name ("" off a hub),
    the course language and ruleset, the learner's clock (ms since 1970) and day."""

    record: Record
    name: str
    lang: str
    ruleset: str
    at: int
    day: date
    user: str = ""

    @property
    def key(self) -> str:
        """Who handed it in, to tell two learners apart: the hub user, else the name (any case)."""
        return f"user:{self.user}" if self.user else f"name:{self.name.casefold()}"

    def to_json(self) -> JsonObject:
        return {**self.record.to_json(), "handed_in": {
            "name": self.name, "user": self.user, "lang": self.lang, "ruleset": self.ruleset, "at": self.at,
            "day": self.day.isoformat()}}

    def dumps(self) -> str:
        """The file's text (JSON)."""
        return json.dumps(self.to_json(), indent=1, sort_keys=True, ensure_ascii=False)

    def file_name(self) -> str:
        """``buraco-progress-<name>-<day>.json``: the name in letters, digits and dashes."""
        return f"buraco-progress-{_slug(self.name)}-{self.day.isoformat()}.json"

    def code(self) -> str:
        """The same content as the file, compressed, with a check: ``buraco1.<data>.<check>``."""
        text = json.dumps(self.to_json(), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        packed = zlib.compress(text.encode("utf-8"), 9)
        data = base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")
        return f"{CODE_PREFIX}{data}.{hashlib.sha256(packed).hexdigest()[:_CHECK]}"


def _slug(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40] or "learner"


def hand_in(record: Record, name: str, *, lang: str, ruleset: str, at: int, day: date, user: str = "") -> HandIn:
    """The hand-in of ``record`` under ``name`` (trimmed; HandInError when it is empty, longer
    than :data:`~buraco_core.teach.learners.record.NAME_MAX` or holds a control character)."""
    name = " ".join(str(name).split())
    if not name:
        raise HandInError("handin.name-missing")
    if len(name) > NAME_MAX or _CONTROL.search(name):
        raise HandInError("handin.name-too-long", n=NAME_MAX)
    return HandIn(record, name, lang if lang in LANGUAGES else "en", ruleset, int(at), day, user)


# -- codes ------------------------------------------------------------------------------------------

def find_codes(text: str) -> list[str]:
    """Every code in a pasted text (one per line, or broken over lines: spaces and line breaks
    are dropped first)."""
    joined = re.sub(r"\s+", "", text)
    return [m.group(0) for m in _CODE.finditer(joined)]


def decode_code(code: str) -> str:
    """The JSON text a code holds; HandInError says why a code is refused (incomplete, damaged,
    of an unknown version)."""
    code = re.sub(r"\s+", "", code)
    if not code.startswith(CODE_PREFIX):
        raise HandInError("handin.code-version" if re.match(r"buraco\d+\.", code) else "handin.not-a-record")
    match = _CODE.fullmatch(code)
    if match is None or match.group(2) is None or len(match.group(2)) < _CHECK:
        raise HandInError("handin.code-incomplete")
    data, check = match.groups()
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise HandInError("handin.code-damaged") from None
    if hashlib.sha256(packed).hexdigest()[:_CHECK] != check.lower():
        raise HandInError("handin.code-damaged")
    try:
        return zlib.decompress(packed).decode("utf-8")
    except (zlib.error, UnicodeDecodeError):
        raise HandInError("handin.code-damaged") from None


def _text_of(text: str) -> str:
    """A file's JSON, or the JSON a code holds."""
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        return stripped
    codes = find_codes(stripped)
    if len(codes) > 1:
        raise HandInError("handin.many-codes", n=len(codes))
    if codes or re.match(r"buraco\d+\.", re.sub(r"\s+", "", stripped)):
        return decode_code(codes[0] if codes else stripped)
    raise HandInError("handin.not-a-record")


# -- reading -----------------------------------------------------------------------------------------

def read_progress(text: str) -> Record:
    """A record from a file's text or a code (a learner moving to another browser imports
    either); HandInError for a bad code, ValueError saying what is wrong for bad JSON."""
    return read_record(_text_of(text))


def read_handin(text: str) -> HandIn:
    """A hand-in from a file's text or a code. HandInError says why it is refused: not a record of
    the trainer, a format it does not know, a damaged code, a record without a name."""
    raw = _text_of(text)
    try:
        data = json.loads(raw)
    except json.JSONDecodeError:
        raise HandInError("handin.not-a-record") from None
    if not isinstance(data, Mapping) or "format" not in data:
        raise HandInError("handin.not-a-record")
    form = data["format"]
    if not isinstance(form, str) or not form.startswith("buraco-progress/"):
        raise HandInError("handin.not-a-record")
    if form not in FORMATS:
        raise HandInError("handin.unknown-format", format=form, formats=", ".join(FORMATS))
    part = data.get("handed_in")
    if not isinstance(part, Mapping) or not isinstance(part.get("name"), str) or not part["name"].strip():
        raise HandInError("handin.no-name")
    try:
        record = read_record(raw)
    except ValueError:
        raise HandInError("handin.damaged-record") from None
    try:
        day = date.fromisoformat(str(part.get("day", "")))
    except ValueError:
        raise HandInError("handin.damaged-record") from None
    at, user = part.get("at", 0), part.get("user", "")
    lang, ruleset = part.get("lang", "en"), part.get("ruleset", "") or record.course_ruleset
    if not isinstance(at, int) or isinstance(at, bool) or not isinstance(user, str) \
            or ruleset not in RULESETS or lang not in LANGUAGES:
        raise HandInError("handin.damaged-record")
    return HandIn(record, " ".join(part["name"].split())[:NAME_MAX], lang, ruleset, at, day, user)


# -- the class folder of a hub -------------------------------------------------------------------------

def class_folder(environ: Mapping[str, str] | None = None) -> str:
    """The class folder the teacher set (:data:`CLASS_DIR`), "" where none is set."""
    return (os.environ if environ is None else environ).get(CLASS_DIR, "").strip()


def hub_user(environ: Mapping[str, str] | None = None) -> str:
    """The JupyterHub user this kernel runs for ("" off a hub)."""
    return (os.environ if environ is None else environ).get("JUPYTERHUB_USER", "").strip()


def class_file(folder: str | os.PathLike[str], user: str) -> Path:
    """The one file of a hub user in the class folder: ``<user>.json``, the name escaped where it
    holds more than letters, digits and ``@ . _ -`` (and never hidden)."""
    name = quote(user, safe="@._-")
    if name.startswith("."):
        name = "%2E" + name[1:]
    return Path(folder) / f"{name}.json"


def write_to_class(folder: str | os.PathLike[str], handin: HandIn) -> Path:
    """Write the hand-in into the class folder, as its user's file, atomically; HandInError when
    the folder is missing or not writable (nothing is left behind)."""
    where = Path(folder)
    if not handin.user:
        raise HandInError("handin.no-hub-user")
    if not where.is_dir():
        raise HandInError("handin.folder-missing", folder=str(where))
    target = class_file(where, handin.user)
    try:
        handle, temporary = tempfile.mkstemp(dir=where, prefix=".handin-", suffix=".part")
    except OSError:
        raise HandInError("handin.folder-not-writable", folder=str(where)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(handin.dumps())
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o640)  # the teacher reads it through the folder's group (see the guide)
        os.replace(temporary, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise HandInError("handin.folder-not-writable", folder=str(where)) from None
    return target
