"""The public API against docs/api.md, which is the source of truth: the option words, the
parameters every simulation takes, the three table schemas (columns, order, dtypes), the
errors and the deprecations are read from the page, so the test fails when the page and the
code drift apart.

Walked: every function of ``pokersim.__all__``, of ``pokersim.data`` and of the games'
modules. A spelling the page retires (``exact``, ``hands`` as a count, ...) may stay as a
parameter only while its docstring says it is deprecated.
"""

import ast
import inspect
import math
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import pokersim
import pokersim._core.validation
import pokersim.analysis.starting_hands
import pokersim.data
import pokersim.errors
import pokersim.isomorphism
import pokersim.results
import pokersim.tools.heads_up
from pokersim.games import draw5, videopoker, zhajinhua
from pokersim.results import ResultFrame

API = (Path(__file__).parent.parent / "docs" / "api.md").read_text(encoding="utf-8")

# ----------------------------------------------------------------------------- reading the page


def section(title: str) -> str:
    """The text under the heading that starts with ``title``, up to the next heading."""
    match = re.search(rf"^#+ {re.escape(title)}.*?$(.*?)(?=^#)", API + "\n#", re.M | re.S)
    assert match, f"docs/api.md has no section {title!r}"
    return match[1]


def table_rows(text: str) -> list[tuple[list[str], list[str]]]:
    """The rows of the markdown tables in ``text``: (the names quoted in the first cell, the
    other cells), header and rule rows left out."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].startswith("`"):
            rows.append((re.findall(r"`(\w+)`", cells[0]), cells[1:]))
    return rows


def schema(title: str) -> dict[str, str]:
    """Column -> dtype of the table of a Results subsection."""
    return {names[0]: cells[0] for names, cells in table_rows(section(title))}


def quoted(text: str) -> list[str]:
    """The names in backticks in ``text``, in order."""
    return re.findall(r"`([\w.]+)`", text)


def sentence(start: str, text: str = API, end: str = r"[.:;]\s") -> str:
    """What the page says after ``start``, up to ``end`` (whitespace and line breaks made
    single spaces)."""
    match = re.search(rf"{re.escape(start)}(.*?){end}", " ".join(text.split()) + " ")
    assert match, f"docs/api.md says nothing starting with {start!r}"
    return match[1]


FREQUENCY = schema("Frequency table")
WIN_RATE = schema("Win-rate table")
DEAL = schema("Deal table")
OPTIONS = {name: cells[0] for names, cells in table_rows(section("Options")) for name in names}
#: Key columns of the win-rate tables, by where the page says they are used.
KEYS = {where.strip(): quoted(names)
        for names, where in (part.split(" in ", 1)
                             for part in sentence("Key columns first (", section("Win-rate"),
                                                  end=r"\), then").split(";"))}
SIMULATION_OPTIONS = quoted(sentence("Every function that can be exact or Monte Carlo takes"))
MONTE_CARLO_ONLY = quoted(sentence("a Monte Carlo-only function ("))[:1]
KEYWORD_ONLY = [name for name, meaning in OPTIONS.items() if meaning.startswith("keyword-only")]

#: Parameter names the page retires: a count of trials is ``trials``, a seed is ``seed``,
#: exact or not is ``method``; ``hands`` is cards, never a count.
RETIRED = {"exact", "n_trials", "num_trials", "n_samples", "samples", "iterations",
           "simulations", "n_hands", "num_hands", "rng", "random_state", "random_seed"}

# ----------------------------------------------------------------------------- the public functions


def public_functions():
    """(qualified name, function) of every public function walked."""
    found = [(f"pokersim.{name}", getattr(pokersim, name)) for name in pokersim.__all__]
    for module in (pokersim.data, draw5, videopoker, zhajinhua):
        names = getattr(module, "__all__", None) or [
            n for n, f in vars(module).items()
            if not n.startswith("_") and getattr(f, "__module__", None) == module.__name__]
        found += [(f"{module.__name__}.{name}", getattr(module, name)) for name in names]
    return [(name, f) for name, f in found if inspect.isfunction(f)]


FUNCTIONS = public_functions()
SIGNATURES = {name: inspect.signature(f) for name, f in FUNCTIONS}
#: The functions that run simulations: all of them take ``trials``.
SIMULATIONS = ["pokersim.batch_equity", "pokersim.batch_equity_file",
               "pokersim.category_frequencies", "pokersim.equity",
               "pokersim.equity_vs_random", "pokersim.outs",
               "pokersim.games.draw5.win_rates", "pokersim.games.zhajinhua.win_rates",
               "pokersim.games.zhajinhua.category_frequencies",
               "pokersim.games.videopoker.simulate"]


def counts(param: inspect.Parameter) -> bool:
    """Whether a parameter takes a count: annotated as an int, or an int by default."""
    annotation = getattr(param.annotation, "__name__", str(param.annotation))
    return (re.search(r"\bint\b", annotation) is not None
            or isinstance(param.default, int) and not isinstance(param.default, bool))



def test_the_page_and_the_result_words_agree():
    results = pokersim.results
    assert tuple(FREQUENCY) == results.FREQUENCY_COLUMNS
    assert tuple(WIN_RATE) == results.WIN_RATE_COLUMNS
    assert tuple(DEAL) == results.DEAL_COLUMNS
    assert tuple(quoted(sentence("Split-pot games add "))) == results.SPLIT_POT_COLUMNS
    method_row = dict((n[0], c) for n, c in table_rows(section("Frequency table")))["method"]
    assert tuple(re.findall(r'"([^"]+)"', method_row[1])) == results.METHOD_LABELS
    outcome_row = dict((n[0], c) for n, c in table_rows(section("Deal table")))["outcome"]
    assert tuple(re.findall(r'"([^"]+)"', outcome_row[1])) == results.OUTCOMES


def test_the_page_lists_what_this_test_reads():
    assert SIMULATION_OPTIONS == ["method", "trials", "seed", "target_stderr", "client",
                                  "chunk_size", "progress"]
    assert MONTE_CARLO_ONLY == ["videopoker.simulate"]
    assert KEYWORD_ONLY == ["client", "chunk_size", "progress"]
    assert set(KEYS) == {"`equity`", "`equity_vs_random`", "`batch_equity`",
                         "the starting-hand table",
                         "the games' by-category win rates"}


def test_errors_are_as_documented():
    errors = quoted(sentence("Bad input raises a ", section("Errors")))
    base = getattr(pokersim.errors, errors[0])
    assert errors[0] == "PokersimInputError" and issubclass(base, ValueError)
    subclasses = quoted(sentence("subclasses ", section("Errors")))
    assert subclasses and all(issubclass(getattr(pokersim.errors, name), base)
                              for name in subclasses)


# ----------------------------------------------------------------------------- signatures


def test_the_walk_finds_the_simulations():
    with_trials = sorted(name for name, sig in SIGNATURES.items() if "trials" in sig.parameters)
    assert with_trials == sorted(SIMULATIONS)


@pytest.mark.parametrize("name", SIMULATIONS)
def test_simulations_take_the_options(name):
    params = SIGNATURES[name].parameters
    monte_carlo_only = any(name.endswith(f".{short}") for short in MONTE_CARLO_ONLY)
    expected = [o for o in SIMULATION_OPTIONS if not (monte_carlo_only and o == "method")]
    assert [o for o in SIMULATION_OPTIONS if o in params] == expected
    if not monte_carlo_only:
        assert params["method"].default == "auto"
    for option in ("trials", "seed", "target_stderr"):
        assert params[option].default is None, option
    for option in KEYWORD_ONLY:
        assert params[option].kind is inspect.Parameter.KEYWORD_ONLY, option
    assert (params["client"].default, params["chunk_size"].default,
            params["progress"].default) == (None, None, False)


@pytest.mark.parametrize("name", list(SIGNATURES))
def test_parameters_use_the_words_of_the_page(name):
    for param in SIGNATURES[name].parameters.values():
        retired = param.name in RETIRED or param.name == "hands" and counts(param)
        assert not retired, f"{name}({param.name}=...): docs/api.md retires this word"
        if param.name in KEYWORD_ONLY:
            assert param.kind is inspect.Parameter.KEYWORD_ONLY, param.name
        if param.name == "method":
            assert param.default == "auto"
        if param.name in ("dead", "seed"):
            assert param.default is None, param.name
        if param.name == "board":  # optional (None: no board), or required where one is needed
            assert param.default in (None, param.empty), param.name


# ----------------------------------------------------------------------------- tables


def check_schema(frame, columns: dict[str, str], keys=(), estimate: bool = True):
    """The frame is a ResultFrame whose columns start with ``keys`` then ``columns``, in
    order, with the page's dtypes; its own columns come after; an ``estimate`` (a frequency
    or win-rate table) names its method in ``attrs``. Reports every difference."""
    standard = list(keys) + list(columns)
    problems = []
    if not isinstance(frame, ResultFrame):
        problems.append(f"a {type(frame).__name__}, not a ResultFrame")
    if list(frame.columns[:len(standard)]) != standard:
        problems.append(f"columns {list(frame.columns)}, not {standard} first")
    problems += [f"{column}: {frame[column].dtype}, not {dtype}"
                 for column, dtype in columns.items()
                 if column in frame.columns and not has_dtype(frame[column], dtype)]
    if set(frame.columns[len(standard):]) & set(standard):
        problems.append("a standard column after the function's own")
    if estimate and (frame.attrs.get("partial") is not False or "method" not in frame.attrs):
        problems.append(f"attrs {frame.attrs} lack method, or partial=False")
    assert not problems, "\n".join(problems)


def has_dtype(column: pd.Series, dtype: str) -> bool:
    if dtype in ("int64", "float64"):
        return column.dtype == np.dtype(dtype)
    if dtype == "str":
        return (pd.api.types.is_string_dtype(column)
                and all(isinstance(v, str) for v in column))
    if dtype.endswith("categorical"):
        return (isinstance(column.dtype, pd.CategoricalDtype)
                and (column.cat.ordered or not dtype.startswith("ordered")))
    raise AssertionError(f"docs/api.md names a dtype this test does not know: {dtype}")


def check_method(frame, method: str):
    assert set(frame["method"]) == {method}
    assert frame.attrs["method"] == method
    if method == "exact":
        assert (frame["std_error"] == 0).all()
    else:
        assert frame.attrs["trials"] > 0 and frame.attrs["seed"] == 1


FREQUENCY_CASES = {
    "5 cards, exact": lambda: pokersim.category_frequencies(cards=5),
    "5 cards, Monte Carlo": lambda: pokersim.category_frequencies(
        cards=5, method="monte-carlo", trials=10_000, seed=1),
    "Zhajinhua, exact": lambda: zhajinhua.category_frequencies(),
    "Zhajinhua, Monte Carlo": lambda: zhajinhua.category_frequencies(
        method="monte-carlo", trials=10_000, seed=1),
    "video poker, simulated": lambda: videopoker.simulate(
        trials=1_000, strategy="simple", seed=1).final_hands,
}


@pytest.mark.parametrize("case", FREQUENCY_CASES)
def test_frequency_tables(case):
    frame = FREQUENCY_CASES[case]()
    check_schema(frame, FREQUENCY)
    check_method(frame, "exact" if case.endswith("exact") else "monte-carlo")
    assert frame["count"].sum() == frame.attrs.get("outcomes", frame["count"].sum())
    assert np.isclose(frame["probability"].sum(), 1)


def test_video_poker_final_hands_have_no_count():
    # docs/api.md: weighted exact outcomes have no whole-number count; every other column stays
    frame = videopoker.expected_return(paytable="9/6").final_hands
    check_schema(frame, {c: d for c, d in FREQUENCY.items() if c != "count"})
    check_method(frame, "exact")


WIN_RATE_CASES = {
    "equity, exact": ("`equity`", lambda: pokersim.equity(["AhKh", "QsQd"], board="2c 7d Qh")),
    "equity, Monte Carlo": ("`equity`", lambda: pokersim.equity(["AhKh", "random"],
                                                                trials=10_000, seed=1)),
    "equity_vs_random, Monte Carlo": ("`equity_vs_random`", lambda: pokersim.equity_vs_random(
        "AsAd", opponents=[1, 2], trials=10_000, seed=1)),
    "batch_equity, exact": ("`batch_equity`", lambda: pokersim.batch_equity(
        [["AhKh", "QsQd"], ["7c7d", "As2s"]], ["2c 7d Qh", "Ks Qs 2d"])),
    "batch_equity, Monte Carlo": ("`batch_equity`", lambda: pokersim.batch_equity(
        [["AhKh", "QsQd", "2c2d"]], trials=10_000, seed=1)),
    "starting hands, shipped": ("the starting-hand table", pokersim.data.starting_hands),
    "draw5 by category, exact": ("the games' by-category win rates",
                                 lambda: draw5.win_rates(2)),
    "draw5 by category, Monte Carlo": ("the games' by-category win rates",
                                       lambda: draw5.win_rates(3, trials=10_000, seed=1)),
    "Zhajinhua by category, exact": ("the games' by-category win rates",
                                     lambda: zhajinhua.win_rates(2)),
    "Zhajinhua by category, Monte Carlo": ("the games' by-category win rates",
                                           lambda: zhajinhua.win_rates(3, trials=10_000,
                                                                       seed=1)),
}


@pytest.mark.parametrize("case", WIN_RATE_CASES)
def test_win_rate_tables(case):
    where, call = WIN_RATE_CASES[case]
    frame = call()
    check_schema(frame, WIN_RATE, KEYS[where])
    if case.endswith("shipped"):
        assert set(frame["method"]) == {"exact", "monte-carlo"}
    else:
        check_method(frame, "exact" if case.endswith("exact") else "monte-carlo")
    if "by category" in case:
        assert quoted(sentence("By-category tables add "))[0] in frame.columns
    seen = frame["win"].notna()  # a category no seat held has no rates
    # the shipped table keeps 7 decimals (data/README.md), so its sums may be off by 1.5e-7
    atol = 1.5e-7 if case.endswith("shipped") else 0
    np.testing.assert_allclose((frame["win"] + frame["tie"] + frame["lose"])[seen], 1,
                               atol=atol)


DEAL_CASES = {
    "draw5": lambda: draw5.deal_table(3, rounds=2, seed=1),
    "Zhajinhua": lambda: zhajinhua.deal_table(3, rounds=2, seed=1),
}


@pytest.mark.parametrize("case", DEAL_CASES)
def test_deal_tables(case):
    frame = DEAL_CASES[case]()
    check_schema(frame, DEAL, estimate=False)  # dealt, not estimated: no method
    assert set(frame["outcome"].cat.categories) == set(pokersim.results.OUTCOMES)
    assert frame["round"].tolist() == [1, 1, 1, 2, 2, 2]
    assert frame["seat"].tolist() == [1, 2, 3, 1, 2, 3]


def test_the_heads_up_table_is_a_win_rate_table_of_the_169_classes():
    # docs/api.md: every table is a ResultFrame; pokersim.data.heads_up is a win-rate table
    # keyed by hand and opponent_hand, one row for each ordered pair of the 169 classes
    frame = pokersim.data.heads_up()
    check_schema(frame, WIN_RATE, ["hand", "opponent_hand"])
    names = pokersim.ranges.starting_hand_names()
    assert len(frame) == 169 * 169
    pairs = set(zip(frame.hand, frame.opponent_hand, strict=True))
    assert pairs == {(a, b) for a in names for b in names}
    assert (frame.method == "exact").all() and (frame.std_error == 0).all()


def test_the_best_hold_table_is_every_hold_with_its_payout():
    # docs/api.md: every table is a ResultFrame; best_hold's columns as its docstring says
    frame = videopoker.best_hold("Jh Jd 4c 7s 9d")
    assert isinstance(frame, ResultFrame) and len(frame) == 2**5  # every subset of 5 cards
    assert frame.columns[:6].tolist() == ["hold", "pattern", "kept", "draws", "expected",
                                          "tied_best"]
    # each hold's chances of ending with each class sum to 1, and the expected payout is
    # their sum weighted by the 9/6 pay table (written out here)
    pays = {"royal_flush": 800, "straight_flush": 50, "four_of_a_kind": 25, "full_house": 9,
            "flush": 6, "straight": 4, "three_of_a_kind": 3, "two_pair": 2,
            "jacks_or_better": 1, "low_pair": 0, "nothing": 0}
    chances = frame[[f"p_{name}" for name in pays]]
    np.testing.assert_allclose(chances.sum(axis=1), 1, rtol=1e-12)
    np.testing.assert_allclose(chances.to_numpy() @ np.array(list(pays.values())),
                               frame.expected, rtol=1e-12)
    assert frame.draws.tolist() == [math.comb(47, 5 - k) for k in frame.kept]  # replacements
    assert frame.expected.is_monotonic_decreasing
    assert frame.tied_best.tolist() == (frame.expected == frame.expected.max()).tolist()


# ------------------------------------------------------------------------ one spelling each


RAZZ_HAND = "As 2d 3c 4h 5s Kd Kh"


@pytest.mark.parametrize("call", [
    lambda: pokersim.evaluate(RAZZ_HAND, "ace-to-five"),
    lambda: pokersim.describe(RAZZ_HAND, "razz"),  # a word that is no cards
    lambda: pokersim.showdown(["As 2d", "Kh 7d"], "high")])
def test_a_ranking_in_the_boards_place_is_an_error_naming_the_keyword(call):
    # docs/api.md: ranking= is the one spelling; there is no guessing a ranking from the board
    with pytest.raises(pokersim.PokersimInputError, match="give a ranking as ranking="):
        call()


def test_options_by_position_are_refused():
    # docs/api.md: every option is keyword-only (the seed of deal, say)
    with pytest.raises(TypeError):
        pokersim.deal(3, 5, 7)


def test_probability_columns_a_merge_qualifies_print_as_percentages():
    """Tutorial 01's comparison of 5 and 7 cards printed raw floats beside percentages."""
    table = ResultFrame({"category": ["Pair"], "probability (5 cards)": [0.42257],
                         "probability (7 cards)": [0.43823], "equity_std_error (x)": [0.001],
                         "count (5 cards)": [1.5]})
    assert repr(table).splitlines()[1].split() == ["0", "Pair", "42.26%", "43.82%", "0.1%",
                                                   "1.5"]


def _public_functions():
    """Every public function of the package and of its games' modules, by its dotted name."""
    from pokersim.games import draw5, videopoker, zhajinhua

    found = {}
    for module in (pokersim, draw5, videopoker, zhajinhua, pokersim.analysis.starting_hands):
        names = getattr(module, "__all__", None) or [  # a module without __all__: its own
            n for n, v in vars(module).items() if not n.startswith("_")
            and inspect.isfunction(v) and v.__module__ == module.__name__]
        for name in names:
            f = getattr(module, name)
            if inspect.isfunction(f):
                found[f"{module.__name__}.{name}"] = f
    return found


#: Options: the arguments that are never data (docs/api.md, "every option is keyword-only").
OPTIONS = {"method", "trials", "seed", "target_stderr", "categories", "client", "chunk_size",
           "progress", "rules", "strategy", "paytable", "deck", "dead_cards", "names", "game",
           "by_combo", "bins", "ranking"}


#: Data that bears an option's name: the pay table that as_paytable reads.
DATA_NAMED_LIKE_OPTIONS = {("pokersim.games.videopoker.as_paytable", "paytable")}


def test_every_option_of_a_public_function_is_keyword_only():
    positional = sorted((name, p) for name, f in _public_functions().items()
                        for p, v in inspect.signature(f).parameters.items()
                        if p in OPTIONS | {"max_rows", "columns"}
                        and v.kind is not v.KEYWORD_ONLY
                        and (name, p) not in DATA_NAMED_LIKE_OPTIONS)
    assert positional == []


def test_every_option_of_a_simulation_is_keyword_only():
    """draw5.win_rates(players, trials, seed, method), zhajinhua.win_rates(players, rules,
    trials, seed, method), equity(..., trials, method, seed): the options came in different
    positional orders; every function that simulates now takes them by keyword only."""
    simulating = {name: f for name, f in _public_functions().items()
                  if "seed" in inspect.signature(f).parameters}
    assert {"pokersim.equity", "pokersim.deal", "pokersim.games.zhajinhua.win_rates",
            "pokersim.games.draw5.win_rates",
            "pokersim.analysis.starting_hands.starting_hand_table",
            "pokersim.games.videopoker.simulate"} <= set(simulating)
    positional = {name: [p for p, v in inspect.signature(f).parameters.items()
                         if p in OPTIONS and v.kind is not v.KEYWORD_ONLY]
                  for name, f in simulating.items()}
    assert {name: p for name, p in positional.items() if p} == {}


# ---------------------------------------------------------------------------------------------
# docs/api.md, "Signatures": every public function as it is defined


def _documented_signatures() -> dict[str, ast.arguments]:
    """The page's signatures, by the function's dotted name (``pokersim.`` and, for the games'
    modules, ``pokersim.games.`` added), each parsed as the arguments of a ``def``."""
    section = API.split("\n## Signatures\n", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    found = {}
    for line in block.splitlines():
        if not line or line.startswith("#"):
            continue
        name, arguments = line.split("(", 1)
        module = name.rpartition(".")[0]
        games = module in ("draw5", "videopoker", "zhajinhua")
        prefix = "pokersim.games." if games else "pokersim."
        tree = ast.parse(f"def f({arguments}: pass")
        found[prefix + name] = tree.body[0].args  # type: ignore[attr-defined]
    return found


def _documented_default(node: ast.expr, module):
    """A default as the page writes it: a literal, ``range(...)`` or the module's ``Rules()``."""
    return eval(compile(ast.Expression(node), "docs/api.md", "eval"),  # noqa: S307
                {"range": range, "Rules": getattr(module, "Rules", None)})


def test_the_signatures_of_the_page_are_the_functions_signatures():
    functions = _public_functions()
    functions.update({f"pokersim.isomorphism.{n}": getattr(pokersim.isomorphism, n)
                      for n in pokersim.isomorphism.__all__
                      if inspect.isfunction(getattr(pokersim.isomorphism, n))})
    documented = _documented_signatures()
    assert sorted(documented) == sorted(functions)  # every public function, no other
    for name, f in functions.items():
        args = documented[name]
        params = list(inspect.signature(f).parameters.values())
        positional = [p for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
        keyword = [p for p in params if p.kind is p.KEYWORD_ONLY]
        assert len(positional) + len(keyword) == len(params), name  # no *args, **kwargs
        assert [a.arg for a in args.args] == [p.name for p in positional], name
        assert [a.arg for a in args.kwonlyargs] == [p.name for p in keyword], name
        module = inspect.getmodule(f)
        defaults = [None] * (len(args.args) - len(args.defaults)) + list(args.defaults)
        for p, node in zip(positional + keyword, defaults + list(args.kw_defaults),
                           strict=True):
            if node is None:
                assert p.default is p.empty, (name, p.name)
            else:
                assert p.default == _documented_default(node, module), (name, p.name)
