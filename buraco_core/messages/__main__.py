"""The catalog's translations: ``python -m buraco_core.messages check de`` lists what is missing
or stale in the German catalog; ``stamp de KEY ...`` records that those German sentences were
translated from today's English (``stamp de --all`` for every key, after a whole review).
"""

from __future__ import annotations

import json
import sys
from importlib import resources

from . import LANGUAGES, catalog, source_stamp, source_stamps, translation_problems


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("check", "stamp") or argv[1] not in LANGUAGES[1:]:
        print(__doc__.strip(), file=sys.stderr)
        print(f"languages: {', '.join(LANGUAGES[1:])}", file=sys.stderr)
        return 2
    lang = argv[1]
    if argv[0] == "check":
        problems = translation_problems(lang)
        print("\n".join(problems) or f"the {lang} catalog is complete and current")
        return 1 if problems else 0
    english, stamps = catalog("en"), source_stamps(lang)
    keys = list(catalog(lang)) if argv[2:] == ["--all"] else argv[2:]
    unknown = [k for k in keys if k not in english or k not in catalog(lang)]
    if unknown or not keys:
        print(f"not a key of both catalogs: {', '.join(unknown)}" if unknown else "name the keys, or --all",
              file=sys.stderr)
        return 2
    stamps.update({k: source_stamp(english[k]) for k in keys})
    path = resources.files(__package__).joinpath(f"{lang}.sources.json")
    with open(str(path), "w", encoding="utf-8") as out:
        json.dump(dict(sorted(stamps.items())), out, indent=0, ensure_ascii=False)
        out.write("\n")
    print(f"stamped {len(keys)} {lang} sentences")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
