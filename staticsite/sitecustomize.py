"""The static site's site customization: Python (Pyodide) imports it as it starts, from the standard
library zip the build ships (scripts/build_site.py adds this file to it).

The kernel works in the lessons' folder under /drive, which the browser's Python reads through the
service worker: one round trip to the page for every file look-up. Pyodide puts the working
directory first on sys.path, so every new top-level import would look there first: about a hundred
round trips while the kernel, IPython and the widgets start. Imports skip that folder until the
kernel's IPython profile (staticsite/ipython/) has imported what the lessons need and calls
:func:`open_drive`; from then on the working directory is searched first, as in Voila.
"""

import sys

DRIVE = "/drive"
_default_hook = sys.path_hooks[-1]  # the standard library's FileFinder hook
_open = False


class DriveFinder:
    """The finder of a folder on the drive: finds nothing until :func:`open_drive`, then what the
    standard finder of that folder finds."""

    def __init__(self, path: str) -> None:
        if path != DRIVE and not path.startswith(DRIVE + "/"):
            raise ImportError("not on the drive")
        self.path = path
        self._finder = None

    def find_spec(self, fullname, target=None):  # type: ignore[no-untyped-def]
        if not _open:
            return None
        if self._finder is None:
            self._finder = _default_hook(self.path)
        return self._finder.find_spec(fullname, target)

    def invalidate_caches(self) -> None:
        if self._finder is not None:
            self._finder.invalidate_caches()


def open_drive() -> None:
    """Let imports look in the working directory (the lessons' folder) again."""
    global _open
    _open = True


sys.path_hooks.insert(0, DriveFinder)
