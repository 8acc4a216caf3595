"""``import pokersim`` is cheap: the public names are imported on first use (PEP 562), so the
import itself loads neither pandas nor Numba. Checked by what a fresh interpreter holds in
``sys.modules``, not by the clock. And the lazy names resolve: every name of ``__all__`` is the
function or class it was, also where its submodule (``pokersim.equity``, ...) is imported
first.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(script: str):
    """What ``script``, run in a fresh interpreter, prints as JSON."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=REPO)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_import_loads_neither_pandas_nor_numba():
    got = run("import json, os, sys\n"
              "before = dict(os.environ)\n"
              "import pokersim\n"
              "print(json.dumps({'modules': sorted(sys.modules),\n"
              "                  'environment_kept': dict(os.environ) == before}))")
    heavy = [m for m in got["modules"] if m.split(".")[0] in ("pandas", "numba")]
    assert heavy == []
    assert "pokersim.config" in got["modules"]
    assert got["environment_kept"]  # the kernels run on threads of their own: no OpenMP knob


def test_every_public_name_resolves():
    got = run("import json, types\n"
              "import pokersim\n"
              "names = pokersim.__all__\n"
              "print(json.dumps({\n"
              "    'modules': [n for n in names\n"
              "                if isinstance(getattr(pokersim, n), types.ModuleType)],\n"
              "    'not_in_dir': sorted(set(names) - set(dir(pokersim))),\n"
              "    'submodules': [type(getattr(pokersim, n)).__name__\n"
              "                   for n in ('config', 'data', 'isomorphism')]}))")
    assert got == {"modules": [], "not_in_dir": [], "submodules": ["module"] * 3}


def test_star_import_gives_every_public_name():
    got = run("import json, types\n"
              "from pokersim import *\n"
              "import pokersim\n"
              "print(json.dumps([n for n in pokersim.__all__ if n not in globals()\n"
              "                  or isinstance(globals()[n], types.ModuleType)]))")
    assert got == []


def test_a_function_named_like_a_module_is_the_function_whatever_is_imported_first():
    # The import system sets a package's attribute to a submodule when it imports it: no
    # module bears the name of a function of pokersim (the modules moved to pokersim.dealing,
    # engine, evaluator and analysis), so importing every module first changes nothing.
    got = run("import importlib, json\n"
              "import pokersim.engine.front, pokersim.dealing\n"
              "from pokersim.evaluator.strengths import evaluate\n"
              "from pokersim.analysis.strength import hand_strength_table\n"
              "import pokersim.cli\n"  # imports the submodules itself
              "importlib.import_module('pokersim.evaluator.showdowns')\n"
              "import pokersim\n"
              "from pokersim import deal\n"
              "names = ('deal', 'equity', 'evaluate', 'hand_strength', 'showdown')\n"
              "def module(name):\n"
              "    try:\n"
              "        return importlib.import_module('pokersim.' + name).__name__\n"
              "    except ModuleNotFoundError:\n"
              "        return None\n"
              "print(json.dumps({\n"
              "    'attributes': [type(getattr(pokersim, n)).__name__ for n in names],\n"
              "    'imported': type(deal).__name__,\n"
              "    'submodules': [module(n) for n in names]}))")
    assert got == {"attributes": ["function"] * 5, "imported": "function",
                   "submodules": [None] * 5}
