"""Sphinx configuration of pokersim's documentation site.

Build it from the repository root (``pip install ".[docs]"`` first)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html

The Markdown pages are read by MyST; the notebooks (``docs/notebooks`` links to the repository's
``notebooks/``) are executed once per build by myst-nb and shown with their outputs; the API
reference is generated from the docstrings (autodoc, numpydoc).
"""

import functools
import importlib
import inspect
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # document this checkout, not an installed copy

import pokersim  # noqa: E402

project = "pokersim"
author = "the pokersim developers"
copyright = "the pokersim developers"
release = version = pokersim.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "numpydoc",
]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]

# --- MyST and the notebooks ------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "dollarmath"]
myst_heading_anchors = 3
# Committed notebooks carry no outputs: each is executed once per build, in its own folder,
# and a notebook that raises fails the build.
nb_execution_mode = "auto"
nb_execution_timeout = 300  # seconds per cell, as tests/test_notebooks.py allows
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
# Kernels started by myst-nb import this checkout as well.
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
# Figures reach the page through the kernel's inline backend, which a non-interactive
# MPLBACKEND (Agg, as the tests set it) would replace.
os.environ.pop("MPLBACKEND", None)

# --- the API reference -----------------------------------------------------------------------
autodoc_default_options = {"members": True, "member-order": "bysource"}
autodoc_typehints = "none"  # the numpydoc text says what each argument takes
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False

# numpydoc's validation (a warning, so a failure of the build under -W) on the public API:
# every parameter documented (PR01), none unknown (PR02), a Returns section where a function
# or method returns a value (RT01; numpydoc skips it on classmethods and properties), a
# docstring (GL08). It covers the functions and classes of ``pokersim.__all__`` and of the
# ``__all__`` of the modules below, each at the name autodoc documents it under (the module
# defining it), and the public methods and properties each class defines; every other module
# is left out. A class is checked against its constructor: its Parameters section says what
# it is made from, a dataclass's or named tuple's fields, an exception's arguments (a
# built-in exception's ``*args`` has no signature numpydoc can read, and is not asked for).
# An enum's signature is Enum's functional API (``value, names, module, qualname, ...``,
# which makes new enums), not parameters of its own: an enum class says
# ``# numpydoc ignore=PR01`` on its ``class`` line and keeps the other checks
# (tests/test_public_api.py allows that comment on enum classes only). Fields and enum
# members are data, covered by their class's docstring. tests/test_public_api.py runs the
# same checks on the same names (and reads these lists).
NUMPYDOC_MODULES = (
    "pokersim.plots", "pokersim.io", "pokersim.isomorphism", "pokersim.rankings",
    "pokersim.data", "pokersim.games.game", "pokersim.games.draw5", "pokersim.games.videopoker",
    "pokersim.games.zhajinhua", "pokersim.results",
)
numpydoc_validation_checks = {"PR01", "PR02", "RT01", "GL08"}


def _methods(cls: type) -> list[str]:
    """The public methods and properties a class defines itself (not those it inherits:
    a public base class of pokersim's is validated as well, pandas' and Python's are not)."""
    found = []
    for name, member in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            member = member.__func__
        if (isinstance(member, (property, functools.cached_property))
                or inspect.isfunction(inspect.unwrap(member))):
            found.append(name)
    return found


def _validated() -> list[str]:
    """The full names of the functions, classes and methods numpydoc validates."""
    found = set()
    for module, names in [("pokersim", pokersim.__all__)] + [
            (m, importlib.import_module(m).__all__) for m in NUMPYDOC_MODULES]:
        for name in names:
            obj = getattr(importlib.import_module(module), name)
            if inspect.isclass(obj):
                home = f"{obj.__module__}.{obj.__qualname__}"
                found.update([home] + [f"{home}.{method}" for method in _methods(obj)])
            elif inspect.isfunction(inspect.unwrap(obj)):
                found.add(f"{obj.__module__}.{obj.__qualname__}")
    return sorted(found)


# numpydoc skips the names an exclusion matches: here every name but those above.
numpydoc_validation_exclude = {
    r"^(?!(?:" + "|".join(re.escape(name) for name in _validated()) + r")$)"}

# --- HTML ------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"pokersim {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
}
html_sidebars = {"api": [], "design": []}  # one-page sections: no empty navigation column
html_static_path: list[str] = []


def _canonical(target: str, module: str | None) -> str | None:
    """Where the object a cross-reference names is documented: ``pokersim.Category`` and a bare
    ``CardError`` inside :mod:`pokersim.cards` both name objects that the reference documents in
    the module defining them (``pokersim.evaluator.strengths.Category``,
    ``pokersim.errors.CardError``)."""
    for scope in ([module] if module else []) + [""]:
        path = f"{scope}.{target}" if scope else target
        parts = path.split(".")
        for i in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:i]))
            except ImportError:
                continue
            try:
                for name in parts[i:]:
                    obj = getattr(obj, name)
            except AttributeError:
                break
            home, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
            if home and qualname and home.startswith("pokersim") and f"{home}.{qualname}" != path:
                return f"{home}.{qualname}"
            break
    return None


def _resolve_alias(app, env, node, contnode):
    """A Python cross-reference Sphinx could not resolve, retried at the object's home."""
    if node.get("refdomain") != "py":
        return None
    canonical = _canonical(node["reftarget"], node.get("py:module"))
    if canonical is None:
        return None
    domain = env.get_domain("py")
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], canonical,
                               node, contnode)


def setup(app):
    app.connect("missing-reference", _resolve_alias)
