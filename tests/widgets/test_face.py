"""The face of buraco_widgets: every name it lists imports its module on first use (PEP 562), the
map behind it says what its type-checking imports say, and importing the package alone imports none
of the widgets a lesson page may not show."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import buraco_widgets

INIT = Path(buraco_widgets.__file__)


def type_checking_imports() -> dict[str, str]:
    """Name -> module of the imports under ``if TYPE_CHECKING:`` in the package's ``__init__``."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {alias.name: node.module or "" for node in block.body if isinstance(node, ast.ImportFrom)
            for alias in node.names}


def test_the_lazy_map_says_what_the_type_checking_imports_say() -> None:
    assert type_checking_imports() == buraco_widgets._WHERE
    assert buraco_widgets.__all__ == sorted([*buraco_widgets._WHERE, "language", "use_language"])


def test_every_name_of_the_face_is_the_object_of_its_module() -> None:
    for name, module in buraco_widgets._WHERE.items():
        assert getattr(buraco_widgets, name) is getattr(sys.modules[f"buraco_widgets.{module}"], name), name
    assert set(buraco_widgets.__all__) <= set(dir(buraco_widgets))
    assert callable(buraco_widgets.language) and callable(buraco_widgets.use_language)  # not the module


def test_a_name_the_face_does_not_have_is_an_attribute_error_that_names_it() -> None:
    try:
        buraco_widgets.MeldPuzzel  # noqa: B018
    except AttributeError as error:
        assert "MeldPuzzel" in str(error) and "buraco_widgets" in str(error)
    else:
        raise AssertionError("no AttributeError")


def test_importing_the_package_imports_no_widget_until_a_page_uses_it() -> None:
    code = ("import sys, buraco_widgets\n"
            "print(sorted(m for m in sys.modules if m.startswith(('buraco_widgets.', 'buraco_core.sessions.table',"
            " 'buraco_core.teach.learners'))))\n"
            "from buraco_widgets import MeldPuzzle\n"
            "print('buraco_widgets.puzzle' in sys.modules, 'buraco_widgets.game_table' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    loaded = eval(out[0])  # a printed list of module names
    widgets = set(buraco_widgets._WHERE.values())
    assert not {f"buraco_widgets.{m}" for m in widgets} & set(loaded), loaded
    assert "buraco_core.sessions.table" not in loaded and "buraco_widgets.assignment" not in loaded
    assert out[1] == "True False"
