"""The disk cache of compiled kernels (pokersim._core.cache): an edit anywhere in the package
reaches kernels that were cached before it, and an unchanged package loads them again.

Each test runs a copy of the package in fresh processes, with Numba's cache in the copy's
``__pycache__`` (or under ``NUMBA_CACHE_DIR``, or, for a copy its processes cannot write, in
Numba's user-wide directory under a home of the test's) and ``NUMBA_DEBUG_CACHE=1``, so that
Numba says what it loads and saves. Only one kernel compiles: the 7-card evaluate kernel (a
few seconds).
"""

import ast
import compileall
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numba
import pytest

from pokersim.evaluator.tables import tables

PACKAGE = Path(__file__).resolve().parent.parent / "pokersim"

#: Five 7-card hands: four without a flush (their strengths are distinct) and a royal flush.
HANDS = ["As Ks Qd Jc 9h 3s 2d", "Ah Ad Kc 7s 5d 3c 2h", "7c 7d 7h 2s 3c 9d Jd",
         "Kh Kd 4c 4s Kc 9h 2d", "As Ks Qs Js Ts 2c 3d"]

SCRIPT = f"""
import pokersim
print("FILE", pokersim.__file__)
print("RESULT", pokersim.evaluate({HANDS!r}).tolist())
"""

#: The evaluate kernel (in evaluator/strengths.py) compiles in this constant of
#: evaluator/tables.py. Set to 0, it sends every hand without a flush to the same perfect-hash
#: entry.
RANK_MASK_LINE = "RANK_MASK = np.uint64((1 << SUIT_SHIFT) - 1)"


def copy_package(tmp_path):
    """A copy of the package, without its caches, in ``tmp_path / "src"``."""
    src = tmp_path / "src"
    shutil.copytree(PACKAGE, src / "pokersim",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    return src


def run(src, cache_dir=None, prefix=(), **extra_env):
    """Run SCRIPT on the copy (under the command ``prefix``, if any): (strengths, Numba's
    cache messages)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES", "XDG_CACHE_HOME")}
    env.update(PYTHONPATH=str(src), NUMBA_DEBUG_CACHE="1", PYTHONDONTWRITEBYTECODE="1",
               **extra_env)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = str(cache_dir)
    done = subprocess.run([*prefix, sys.executable, "-c", SCRIPT], env=env, cwd=src,
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


def folders(messages):
    """The folders of the files that Numba's messages name ("[cache] data saved to 'path'")."""
    return {Path(ast.literal_eval(m.split(" ", 4)[4])).parent for m in messages}


def all_files(folder):
    """{path: (size, mtime)} of everything under ``folder``."""
    return {p: (p.stat().st_size, p.stat().st_mtime_ns) for p in Path(folder).rglob("*")}


def cache_folder(folder):
    """The name of the folder that Numba gives a source folder in NUMBA_CACHE_DIR and in its
    user-wide directory: the folder's name and a SHA-1 of its full path, so that two copies of
    the package never share one."""
    return folder.name + "_" + hashlib.sha1(str(folder).encode()).hexdigest()


def cache_folders(root, src):
    """The cache folders that kernels and helpers of the copy ``src`` may have under ``root``:
    one per folder of the package (a helper is cached beside its own module's kernels)."""
    package = src / "pokersim"
    return {root / cache_folder(d) for d in [package, *package.rglob("*")] if d.is_dir()}


def user_wide(home):
    """Numba's user-wide cache directory for a user whose home is ``home`` (Numba's appdirs:
    ``$XDG_CACHE_HOME/numba``, unset here, else ``~/.cache/numba``; macOS's is elsewhere)."""
    return home / ("Library/Caches" if sys.platform == "darwin" else ".cache") / "numba"


#: Run as root, the processes would write anywhere (root ignores write bits): this runs them
#: as root without CAP_DAC_OVERRIDE, the privilege to do so, and the kernel then enforces
#: the write bits for them as for any user (the files are root's, and not writable by it).
WITHOUT_WRITE_OVERRIDE = ("setpriv", "--bounding-set=-dac_override", "--")

#: Prints whether a process may write in the folder sys.argv[1], as Numba tests a cache
#: folder (a temporary file).
PROBE = """
import sys, tempfile
try:
    tempfile.TemporaryFile(dir=sys.argv[1]).close()
except PermissionError:
    print("refused")
else:
    print("written")
"""


@pytest.fixture
def read_only_copy(tmp_path):
    """A copy of the package installed as in a system site-packages, which the processes that
    ``run(src, prefix=prefix)`` starts cannot write: (src, prefix).

    The copy has its bytecode compiled into ``__pycache__`` folders (as pip installs it),
    then every file and folder of it, ``src`` included, loses its write bits. Run by a user
    other than root, that is what a system install is to its users. Root ignores write bits,
    so as root the processes run under ``setpriv`` without CAP_DAC_OVERRIDE (see
    :data:`WITHOUT_WRITE_OVERRIDE`): the refusals are the kernel's, not a patched Numba. A
    probe checks that they really cannot write there, so that the tests below can fail."""
    if os.name == "nt":
        pytest.skip("write bits of folders mean nothing on Windows")
    src = copy_package(tmp_path)
    assert compileall.compile_dir(src / "pokersim", quiet=1)
    prefix = ()
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("run as root, and no setpriv to drop the privilege to write anywhere")
        prefix = WITHOUT_WRITE_OVERRIDE
    paths = [src, *src.rglob("*")]
    for path in paths:
        path.chmod(path.stat().st_mode & ~0o222)
    try:
        for folder in (src / "pokersim", src / "pokersim" / "__pycache__",
                       src / "pokersim" / "evaluator" / "__pycache__"):
            probe = subprocess.run([*prefix, sys.executable, "-c", PROBE, str(folder)],
                                   capture_output=True, text=True, timeout=60)
            if probe.returncode != 0 and prefix:
                pytest.skip("setpriv cannot drop CAP_DAC_OVERRIDE here: " + probe.stderr)
            assert probe.stdout.split() == ["refused"], (
                f"the copy is writable all the same ({folder}): " + probe.stdout + probe.stderr)
        yield src, prefix
    finally:
        for path in paths:  # so that pytest can remove it as any user
            path.chmod(path.stat().st_mode | 0o200)


@pytest.mark.parametrize("where", [  # each compiles a copy of the package: one in CI only
    "NUMBA_CACHE_DIR", pytest.param("in-tree", marks=pytest.mark.slow)])
def test_an_edit_in_another_module_reaches_cached_kernels(tmp_path, where):
    src = copy_package(tmp_path)
    cache_dir = tmp_path / "numba-cache" if where == "NUMBA_CACHE_DIR" else None
    before, messages = run(src, cache_dir)
    assert saved(messages)  # compiled and cached
    assert len(set(before[:4])) == 4 and before[4] == 7462
    location = cache_dir if cache_dir is not None else src / "pokersim"  # its __pycache__s
    assert cache_files(location)
    if cache_dir is not None:
        assert not cache_files(src)

    tables_py = src / "pokersim" / "evaluator" / "tables.py"
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
    files = cache_files(src / "pokersim")  # (in its __pycache__ folders)
    assert files

    second, messages = run(src)
    assert second == first
    assert loaded_data(messages), "nothing was loaded from the cache"
    assert not saved(messages), "the second run compiled again: " + "\n".join(saved(messages))
    assert cache_files(src / "pokersim") == files  # nothing rewritten


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


def test_a_read_only_install_caches_in_the_user_wide_directory(read_only_copy, tmp_path):
    # Numba's in-tree locator finds the copy's __pycache__ not writable, and the user-wide
    # one takes it: under the user's home, still keyed on the whole package
    src, prefix = read_only_copy
    home = tmp_path / "home"
    home.mkdir()
    installed = all_files(src)
    first, messages = run(src, prefix=prefix, HOME=str(home))
    assert len(set(first[:4])) == 4 and first[4] == 7462
    assert saved(messages) and not loaded_data(messages)
    assert folders(messages) <= cache_folders(user_wide(home), src)
    files = cache_files(home)
    assert files
    assert all_files(src) == installed  # nothing written in the install

    second, messages = run(src, prefix=prefix, HOME=str(home))
    assert second == first
    assert loaded_data(messages), "nothing was loaded from the cache"
    assert not saved(messages), "the second run compiled again: " + "\n".join(saved(messages))
    assert folders(messages) <= cache_folders(user_wide(home), src)
    assert cache_files(home) == files and all_files(src) == installed


def test_a_read_only_install_caches_in_numba_cache_dir(read_only_copy, tmp_path):
    src, prefix = read_only_copy
    home = tmp_path / "home"
    home.mkdir()
    cache_dir = tmp_path / "numba-cache"
    installed = all_files(src)
    first, messages = run(src, cache_dir, prefix=prefix, HOME=str(home))
    assert len(set(first[:4])) == 4 and first[4] == 7462
    assert saved(messages) and not loaded_data(messages)
    assert folders(messages) <= cache_folders(cache_dir, src)
    files = cache_files(cache_dir)
    assert files
    assert not cache_files(home) and all_files(src) == installed

    second, messages = run(src, cache_dir, prefix=prefix, HOME=str(home))
    assert second == first
    assert loaded_data(messages) and not saved(messages)
    assert folders(messages) <= cache_folders(cache_dir, src)
    assert cache_files(cache_dir) == files and all_files(src) == installed


def test_a_read_only_install_with_nowhere_to_cache_compiles_without_the_cache(
        read_only_copy, tmp_path):
    # neither the install nor the home (a service account's) can be written: with cache=True,
    # Numba would refuse to compile ("no locator available"), and import pokersim would fail
    src, prefix = read_only_copy
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o555)
    try:
        installed = all_files(src)
        strengths, messages = run(src, prefix=prefix, HOME=str(home))
        assert len(set(strengths[:4])) == 4 and strengths[4] == 7462
        assert not saved(messages) and not loaded_data(messages)
        assert not any(home.iterdir()) and all_files(src) == installed
    finally:
        home.chmod(0o755)


class _Gone:
    """A class that an index's pickle names, then taken away, as a new version of the package
    takes away a function that an old index names (the type of a kernel's argument)."""


@pytest.mark.parametrize("ours", [True, False])
def test_an_index_that_no_longer_unpickles_is_stale_if_it_is_the_packages(tmp_path, ours,
                                                                           monkeypatch):
    import pickle

    from numba.core import caching

    from pokersim import errors
    from pokersim._core import cache

    assert cache.enabled()
    stamp = ("the file's stamp", cache.package_digest() if ours else "another package")
    index = caching.IndexDataCacheFile(str(tmp_path), "kernel-1.py311", stamp)
    monkeypatch.setattr(_Gone, "__module__", "pokersim.errors")
    monkeypatch.setattr(errors, "_Gone", _Gone, raising=False)
    data = pickle.dumps((stamp, {"a signature": _Gone}))
    monkeypatch.delattr(errors, "_Gone")  # the new version has no _Gone
    with open(index._index_path, "wb") as f:
        pickle.dump(numba.__version__, f)
        f.write(data)
    if ours:  # stale: the kernel compiles again and its index is written anew
        assert index._load_index() == {}
    else:  # Numba's own behaviour for any other package's cache
        with pytest.raises(AttributeError, match="_Gone"):
            index._load_index()


#: SCRIPT, after both processes of a pair have imported pokersim (a barrier of two files), so
#: that they ask for the kernels at the same moment.
PAIR_SCRIPT = f"""
import os, sys, time
import pokersim
HANDS = {HANDS!r}
me, other = sys.argv[1], sys.argv[2]
open(me, "w").close()
while not os.path.exists(other):
    time.sleep(0.001)
print("RESULT", pokersim.evaluate(HANDS).tolist())
"""


def test_processes_sharing_a_cache_compile_each_kernel_once(tmp_path):
    """Two processes that need the same kernels at the same moment, on an empty cache: one
    compiles each kernel while the other waits for it, then loads it (without the lock both
    compiled every kernel). Each saves what it compiled, so the two save between them what one
    process saves alone."""
    src = copy_package(tmp_path)
    env = {k: v for k, v in os.environ.items()
           if k not in ("NUMBA_CACHE_DIR", "NUMBA_CACHE_LOCATOR_CLASSES", "XDG_CACHE_HOME")}
    env.update(PYTHONPATH=str(src), NUMBA_DEBUG_CACHE="1", PYTHONDONTWRITEBYTECODE="1",
               NUMBA_CACHE_DIR=str(tmp_path / "shared-cache"))
    ready = [str(tmp_path / f"ready-{i}") for i in range(2)]
    pair = [subprocess.Popen([sys.executable, "-c", PAIR_SCRIPT, ready[i], ready[1 - i]],
                             env=env, cwd=src, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for i in range(2)]
    outputs = [p.communicate(timeout=300) for p in pair]
    for p, (out, err) in zip(pair, outputs, strict=True):
        assert p.returncode == 0, out + err
    alone, messages = run(src, cache_dir=tmp_path / "cache-alone")
    assert saved(messages)  # it compiled on its empty cache
    pair_messages = [line for out, _ in outputs for line in out.splitlines()]
    assert f"RESULT {alone}" in pair_messages
    assert pair_messages.count(f"RESULT {alone}") == 2
    assert len(saved([m for m in pair_messages if m.startswith("[cache]")])) == len(
        saved(messages))
    assert list((tmp_path / "shared-cache").rglob("*.compile.lock"))  # the locks were taken


def test_a_save_to_the_packages_cache_is_locked(tmp_path):
    """Numba's save to an index of this package takes the lock of its folder (two processes
    saving two signatures of one kernel at once could otherwise both pick one data file)."""
    from numba.core import caching

    from pokersim._core import cache

    assert cache.enabled()
    stamp = ("the file's stamp", cache.package_digest())
    index = caching.IndexDataCacheFile(str(tmp_path), "kernel-1.py311", stamp)
    with cache.file_lock(str(tmp_path / cache.SAVE_LOCK)):
        import threading

        done = threading.Event()
        saver = threading.Thread(target=lambda: (index.save("a key", b"data"), done.set()))
        saver.start()
        assert not done.wait(0.5)  # waits for the lock this thread holds
    saver.join(10)
    assert done.is_set()
    assert index.load("a key") == b"data"
