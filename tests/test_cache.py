"""The disk cache of compiled kernels (pokersim._cache): an edit anywhere in the package
reaches kernels that were cached before it, and an unchanged package loads them again.

Each test runs a copy of the package in fresh processes, with Numba's cache in the copy's
``__pycache__`` (or under ``NUMBA_CACHE_DIR``) and ``NUMBA_DEBUG_CACHE=1``, so that Numba says
what it loads and saves. Only one kernel compiles: the 7-card evaluate kernel (a few seconds).
"""

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba
import pytest

from pokersim.tables import tables

PACKAGE = Path(__file__).resolve().parent.parent / "pokersim"

#: Five 7-card hands: four without a flush (their strengths are distinct) and a royal flush.
HANDS = ["As Ks Qd Jc 9h 3s 2d", "Ah Ad Kc 7s 5d 3c 2h", "7c 7d 7h 2s 3c 9d Jd",
         "Kh Kd 4c 4s Kc 9h 2d", "As Ks Qs Js Ts 2c 3d"]

SCRIPT = f"""
import pokersim
print("FILE", pokersim.__file__)
print("RESULT", pokersim.evaluate({HANDS!r}).tolist())
"""

#: The evaluate kernel (in evaluate.py) compiles in this constant of tables.py. Set to 0, it
#: sends every hand without a flush to the same perfect-hash entry.
RANK_MASK_LINE = "RANK_MASK = np.uint64((1 << SUIT_SHIFT) - 1)"


def copy_package(tmp_path):
    """A copy of the package, without its caches, in ``tmp_path / "src"``."""
    src = tmp_path / "src"
    shutil.copytree(PACKAGE, src / "pokersim",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    return src


def run(src, cache_dir=None, **extra_env):
    """Run SCRIPT on the copy: (strengths, Numba's cache messages)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES")}
    env.update(PYTHONPATH=str(src), NUMBA_DEBUG_CACHE="1", PYTHONDONTWRITEBYTECODE="1",
               **extra_env)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, cwd=src,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert f"FILE {src / 'pokersim' / '__init__.py'}" in lines  # the copy, not the checkout
    result = [line for line in lines if line.startswith("RESULT ")]
    assert len(result) == 1, done.stdout
    messages = [line for line in lines if line.startswith("[cache]")]
    return ast.literal_eval(result[0].removeprefix("RESULT ")), messages


def saved(messages):
    return [m for m in messages if " saved to " in m]


def loaded_data(messages):
    return [m for m in messages if m.startswith("[cache] data loaded from")]


def cache_files(folder):
    """{path: (size, mtime)} of Numba's index and data files under ``folder``."""
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in Path(folder).rglob("*.nb[ic]")}


@pytest.mark.parametrize("where", [  # each compiles a copy of the package: one in CI only
    "NUMBA_CACHE_DIR", pytest.param("in-tree", marks=pytest.mark.slow)])
def test_an_edit_in_another_module_reaches_cached_kernels(tmp_path, where):
    src = copy_package(tmp_path)
    cache_dir = tmp_path / "numba-cache" if where == "NUMBA_CACHE_DIR" else None
    before, messages = run(src, cache_dir)
    assert saved(messages)  # compiled and cached
    assert len(set(before[:4])) == 4 and before[4] == 7462
    location = cache_dir if cache_dir is not None else src / "pokersim" / "__pycache__"
    assert cache_files(location)
    if cache_dir is not None:
        assert not cache_files(src)

    tables_py = src / "pokersim" / "tables.py"
    text = tables_py.read_text()
    assert text.count(RANK_MASK_LINE) == 1
    tables_py.write_text(text.replace(RANK_MASK_LINE, "RANK_MASK = np.uint64(0)"))

    t = tables()
    expected = int(t.hash[t.offsets[0]])  # the entry of rank key 0
    assert expected not in before[:4]
    after, messages = run(src, cache_dir)
    assert after == [expected] * 4 + [7462], "the kernel kept the old RANK_MASK"
    assert saved(messages)  # compiled again, and cached

    again, messages = run(src, cache_dir)  # the edited package, from the cache
    assert again == after
    assert loaded_data(messages) and not saved(messages)


def test_an_unchanged_package_loads_its_kernels(tmp_path):
    src = copy_package(tmp_path)
    first, messages = run(src)
    assert saved(messages) and not loaded_data(messages)
    files = cache_files(src / "pokersim" / "__pycache__")
    assert files

    second, messages = run(src)
    assert second == first
    assert loaded_data(messages), "nothing was loaded from the cache"
    assert not saved(messages), "the second run compiled again: " + "\n".join(saved(messages))
    assert cache_files(src / "pokersim" / "__pycache__") == files  # nothing rewritten


@pytest.mark.skipif(not hasattr(numba.config, "CACHE_LOCATOR_CLASSES"),
                    reason="this Numba has no NUMBA_CACHE_LOCATOR_CLASSES")
def test_a_locator_override_turns_the_cache_off(tmp_path):
    # Numba reads its list of locators from NUMBA_CACHE_LOCATOR_CLASSES: one without
    # pokersim's would key kernels on their own file only, so pokersim does not cache them
    src = copy_package(tmp_path)
    strengths, messages = run(src, NUMBA_CACHE_LOCATOR_CLASSES="InTreeCacheLocator")
    assert strengths[4] == 7462 and len(set(strengths[:4])) == 4
    assert not saved(messages) and not loaded_data(messages)
    assert not cache_files(src)
