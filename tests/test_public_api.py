"""The public modules, as numpy's NEP 23 lists them: every module of the package is either
public (listed here, importable, with an ``__all__`` whose names exist) or internal (a private
name, ``_x``, or listed below as internal); and numpydoc's validation, which the docs build
runs (``docs/conf.py``), holds for the public functions, classes and methods in the test
suite too."""

import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

import pytest
from numpydoc.validate import validate

import pokersim

PUBLIC_MODULES = [
    "pokersim",
    "pokersim.analysis",
    "pokersim.analysis.breakdown",
    "pokersim.analysis.distribution",
    "pokersim.analysis.frequencies",
    "pokersim.analysis.next_card",
    "pokersim.analysis.starting_hands",
    "pokersim.analysis.strength",
    "pokersim.cards",
    "pokersim.config",
    "pokersim.convert",
    "pokersim.data",
    "pokersim.dealing",
    "pokersim.display",
    "pokersim.engine",
    "pokersim.errors",
    "pokersim.evaluator",
    "pokersim.evaluator.showdowns",
    "pokersim.evaluator.strengths",
    "pokersim.games",
    "pokersim.games.draw5",
    "pokersim.games.game",
    "pokersim.games.videopoker",
    "pokersim.games.zhajinhua",
    "pokersim.io",
    "pokersim.isomorphism",
    "pokersim.plots",
    "pokersim.ranges",
    "pokersim.rankings",
    "pokersim.results",
]

#: Modules without a private name that are nonetheless no public API: the command line (its
#: interface is the command), the builders and tools behind it, the equity engine's parts
#: (its API is pokersim.engine), the evaluator's tables and the rankings' machinery.
INTERNAL_MODULES = {
    "pokersim.__main__",
    "pokersim.cli", "pokersim.cli.__main__", "pokersim.cli.batch", "pokersim.cli.games",
    "pokersim.cli.hands",
    "pokersim.cli.ranges", "pokersim.cli.speed", "pokersim.cli.strength",
    "pokersim.engine.batch", "pokersim.engine.batch_files", "pokersim.engine.batch_games",
    "pokersim.engine.batch_ranges", "pokersim.engine.choices", "pokersim.engine.spots",
    "pokersim.engine.front",
    "pokersim.engine.games", "pokersim.engine.lists", "pokersim.engine.outcomes",
    "pokersim.engine.question",
    "pokersim.engine.runs",
    "pokersim.evaluator.tables",
    "pokersim.rankings.__main__", "pokersim.rankings.badugi", "pokersim.rankings.hashed",
    "pokersim.rankings.keys", "pokersim.rankings.names", "pokersim.rankings.omaha",
    "pokersim.rankings.zhajinhua_order",
    "pokersim.tools", "pokersim.tools.bench", "pokersim.tools.bench_paths",
    "pokersim.tools.heads_up",
    "pokersim.tools.precompile", "pokersim.tools.starting_hands",
}


def _all_modules() -> set[str]:
    names = {"pokersim"}
    for info in pkgutil.walk_packages(pokersim.__path__, "pokersim."):
        names.add(info.name)
    return names


def _private(name: str) -> bool:
    return any(part.startswith("_") and part != "__main__" for part in name.split("."))


def test_every_module_is_public_or_internal():
    found = {m for m in _all_modules() if not _private(m)}
    assert sorted(found - set(PUBLIC_MODULES) - INTERNAL_MODULES) == []
    assert sorted((set(PUBLIC_MODULES) | INTERNAL_MODULES) - found) == []  # none stale
    assert set(PUBLIC_MODULES).isdisjoint(INTERNAL_MODULES)
    assert PUBLIC_MODULES == sorted(PUBLIC_MODULES)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_a_public_module_says_its_names(name):
    module = importlib.import_module(name)
    assert isinstance(module.__all__, list)
    assert len(set(module.__all__)) == len(module.__all__)
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert missing == []
    assert all(not n.startswith("_") for n in module.__all__)


# --- numpydoc's validation, as docs/conf.py runs it -----------------------------------------

CONF = Path(__file__).resolve().parents[1] / "docs" / "conf.py"


def _conf():
    """docs/conf.py as a module: its lists of what numpydoc validates, and its reading of them."""
    spec = importlib.util.spec_from_file_location("docs_conf", CONF)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CONF_MODULE = _conf()
CHECKS = CONF_MODULE.numpydoc_validation_checks
VALIDATED = CONF_MODULE.NUMPYDOC_MODULES


def test_the_docs_build_validates_public_modules():
    assert {"PR01", "PR02", "RT01", "GL08"} <= CHECKS
    assert set(VALIDATED) <= set(PUBLIC_MODULES)


def _public_names() -> list[str]:
    return CONF_MODULE._validated()


def test_classes_and_their_methods_are_validated():
    names = set(_public_names())
    assert {"pokersim.games.videopoker.PayTable", "pokersim.errors.SimulationInterrupted",
            "pokersim.evaluator.strengths.Category", "pokersim.results.ResultFrame",
            "pokersim.games.videopoker.PayTable.named", "pokersim.rankings.Ranking.tables",
            "pokersim.games.game.Game.deck"} <= names
    assert "pokersim.games.game.Game.board" not in names  # a field: the class's Parameters


IGNORED = re.compile(r"#\s*numpydoc ignore")
ENUM_IGNORE = re.compile(r"class \w+\(enum\.IntEnum\):  # numpydoc ignore=PR01")


def test_only_enums_skip_a_check():
    """An enum's signature is Enum's functional API, not its own: enum classes (only they)
    leave out PR01 (see docs/conf.py); every other check holds for every object."""
    package = Path(pokersim.__file__).parent
    skipping = [f"{path.relative_to(package)}: {line.strip()}"
                for path in sorted(package.rglob("*.py"))
                for line in path.read_text(encoding="utf-8").splitlines()
                if IGNORED.search(line) and not ENUM_IGNORE.fullmatch(line)]
    assert skipping == []


@pytest.mark.parametrize("name", _public_names())
def test_a_public_name_is_documented(name):
    errors = [f"{code}: {message}" for code, message in validate(name)["errors"]
              if code in CHECKS]
    assert errors == []
