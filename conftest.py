import os

import numpy as np
import pytest

import pokersim


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", help="run the exhaustive slow tests")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow") or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _doctest_namespace(doctest_namespace):
    doctest_namespace.update(np=np, **{name: getattr(pokersim, name) for name in pokersim.__all__})
