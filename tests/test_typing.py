"""pokersim is a typed package: it ships ``py.typed`` and mypy finds no error in it
(configuration: pyproject.toml, ``[tool.mypy]``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_the_package_says_it_is_typed():
    assert (ROOT / "pokersim" / "py.typed").is_file()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    package_data = pyproject.split("[tool.setuptools.package-data]")[1].split("\n[")[0]
    assert '"py.typed"' in package_data  # installed with the package


def test_mypy_is_clean():
    pytest.importorskip("mypy")
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
