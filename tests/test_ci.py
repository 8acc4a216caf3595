"""CI tests every Python the package claims (README, "Supported Pythons"): ``.ci/pythons`` runs
the oldest with the lowest versions pyproject.toml declares (``.ci/lowest.txt``) and the newest
with the newest releases; these tests keep the three in step."""

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover (Python 3.10)
    tomllib = pytest.importorskip("tomli")


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _lower_bounds(requirements: list[str]) -> dict[str, str]:
    """{name: lowest version} of the requirements written ``name>=version``."""
    found = (re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", r.strip()) for r in requirements)
    return {m[1].lower(): m[2] for m in found if m}


def _pins(path: Path) -> dict[str, str]:
    lines = (line.split("#")[0].strip() for line in path.read_text().splitlines())
    return {name.lower(): version
            for name, _, version in (line.partition("==") for line in lines if line)}


def _pythons_script() -> str:
    return (ROOT / ".ci" / "pythons").read_text(encoding="utf-8")


def test_the_constraints_are_the_lowest_versions_the_package_declares():
    declared = _lower_bounds(_pyproject()["project"]["dependencies"])
    pins = _pins(ROOT / ".ci" / "lowest.txt")
    assert set(declared) == set(pins)  # every dependency pinned, nothing else
    for name, version in declared.items():
        # 1.24 means 1.24.0: the pin is the bound with its missing parts zero
        assert pins[name].split(".")[:len(version.split("."))] == version.split(".")
        assert set(pins[name].split(".")[len(version.split(".")):]) <= {"0"}, name


def test_the_oldest_python_is_the_one_the_package_requires():
    requires = _pyproject()["project"]["requires-python"]
    oldest = re.search(r"^OLDEST=(\S+)$", _pythons_script(), re.M)[1]
    assert requires == f">={oldest}"


def test_the_readme_names_the_pythons_ci_runs():
    script = _pythons_script()
    oldest = re.search(r"^OLDEST=(\S+)$", script, re.M)[1]
    newest = re.search(r"^NEWEST=(\S+)$", script, re.M)[1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Python {oldest} to {newest}" in readme
    assert "bash .ci/pythons" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_core_tests_of_every_python_exist():
    listed = re.search(r"CORE_TESTS=\(([^)]*)\)", _pythons_script())[1].split()
    assert listed and all((ROOT / path).is_file() for path in listed)
    assert {"tests/test_typing.py", "tests/test_readme.py"} <= set(listed)
