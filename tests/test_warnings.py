"""The suite's warning policy (pyproject.toml, ``filterwarnings``): every warning pokersim
issues is an error unless a test expects it, its deprecations included; third parties'
deprecations are shown, not errors, so an unpinned dependency's new deprecation cannot fail
the suite for nothing pokersim did.

Each test warns under the filters pytest applies to every test (``catch_warnings`` keeps
them), with the module a warning is attributed to written out, as ``warn_explicit`` allows.
"""

import ast
import inspect
import warnings
from pathlib import Path

import pytest

import pokersim
import pokersim.errors
from pokersim._core.validation import deprecated
from pokersim.errors import PokersimDeprecationWarning

PACKAGE = Path(pokersim.__file__).parent
POKERSIM_WARNINGS = [cls for _, cls in inspect.getmembers(pokersim.errors, inspect.isclass)
                     if issubclass(cls, Warning)]


class LibraryDeprecation(DeprecationWarning):
    """Like matplotlib's or pandas' own deprecation classes: a DeprecationWarning subclass."""


def warn_from(module: str, category: type[Warning]) -> list[warnings.WarningMessage]:
    """Warn as if from ``module``; return what was shown (an error raises)."""
    with warnings.catch_warnings(record=True) as shown:
        warnings.warn_explicit(f"{category.__name__} from {module}", category,
                               module.replace(".", "/") + ".py", 1, module=module)
    return shown


@pytest.mark.parametrize("category", [DeprecationWarning, PendingDeprecationWarning,
                                      FutureWarning, LibraryDeprecation])
@pytest.mark.parametrize("module", ["numpy._core.fromnumeric", "pandas.core.frame",
                                    "numba.core.decorators", "distributed.client",
                                    "nbclient.client", "pokersim.engine.front"])
def test_third_party_deprecations_are_shown_not_raised(module, category):
    # pokersim.engine.front too: numpy's deprecation of a call in pokersim's code is attributed to
    # pokersim's line (stacklevel=2), and is still nothing pokersim changed
    shown = warn_from(module, category)
    assert [w.category for w in shown] == [category]


def test_pokersim_deprecations_are_errors():
    with pytest.raises(PokersimDeprecationWarning, match="old_name is deprecated"):
        deprecated("old_name", "new_name")
    with pytest.raises(PokersimDeprecationWarning):
        warn_from("pokersim.games.videopoker", PokersimDeprecationWarning)


def test_a_test_that_expects_a_deprecation_gets_it():
    with pytest.warns(DeprecationWarning, match="use new_name"):
        deprecated("old_name", "new_name")


@pytest.mark.parametrize("category", POKERSIM_WARNINGS + [RuntimeWarning, UserWarning])
def test_every_pokersim_warning_is_an_error(category):
    assert PokersimDeprecationWarning in POKERSIM_WARNINGS
    with pytest.raises(category):
        warn_from("pokersim.engine.front", category)


def test_pokersim_warns_only_with_its_own_categories():
    # a plain DeprecationWarning or FutureWarning from pokersim would pass as a third party's:
    # every warnings.warn in the package names a class of pokersim.errors
    own = {cls.__name__ for cls in POKERSIM_WARNINGS}
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            # warnings.warn(...), and pokersim._core.validation.warn(...), which forwards its
            # category
            if (isinstance(node, ast.Call)
                    and getattr(node.func, "attr", getattr(node.func, "id", None))
                    in ("warn", "warn_explicit")):
                category = (node.args[1] if len(node.args) > 1 else
                            next((k.value for k in node.keywords if k.arg == "category"), None))
                name = getattr(category, "id", getattr(category, "attr", None))
                calls.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", name))
    assert calls, "deprecated() warns with warnings.warn"
    forwarded = [call for call in calls if call[1] == "category"]
    # warn() itself
    assert [where.split(":")[0] for where, _ in forwarded] == ["_core/validation.py"]
    assert [call for call in calls if call[1] not in own | {"category"}] == []
