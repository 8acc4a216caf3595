"""Settings in one place: Numba options and the block size of random streams.

Tests and benchmarks patch these values here (for example ``DEAL_BLOCK``) rather than
threading options through every call.
"""

__all__ = ["CHUNK_SECONDS", "CHUNK_TRIALS", "DEAL_BLOCK", "DEFAULT_TRIALS", "EQUITY_BLOCK",
           "EXACT_CHUNK_WORK", "EXACT_TUPLES", "EXACT_WORK", "ISOMORPHISM_MIN_WORK", "JIT_OPTIONS",
           "JOINT_TUPLES", "MAX_REJECTIONS", "MAX_TRIALS", "MC_BLOCK", "MERGE_RANK_BOARDS",
           "PROGRESS_DELAY", "SPECIALISE_AFTER", "SUIT_ISOMORPHISM"]

#: Options every kernel is compiled with (see :func:`pokersim._core.jit.jit`).
JIT_OPTIONS = dict(cache=True, nogil=True, error_model="numpy", boundscheck=False)

#: Rows per independent random stream in :func:`pokersim.deal`. The stream of block ``b``
#: is derived from ``(seed, b)`` only, so results do not depend on the thread count.
#: Changing it changes the numbers a seed produces.
DEAL_BLOCK = 4096

#: Hands per random stream in Monte Carlo category frequencies.
MC_BLOCK = 65536

#: Equity: trials per random stream (block), the default number of trials, the most trials
#: a run may take (more is refused; the cap when only a target standard error is given;
#: ``--max-trials`` sets it for one command), the largest number of hand evaluations that
#: ``equity`` does exactly by default in every game
#: (:func:`pokersim.engine.outcomes.exact_in_reach`: some 0.4 to 1.5 s on 2 cores), and the
#: most joint choices of the players' hands that exact enumeration walks (more: Monte Carlo).
EQUITY_BLOCK = 16384
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**10
EXACT_WORK = 200_000_000
EXACT_TUPLES = 2_000_000
#: Monte Carlo samples hands from the list of non-conflicting combinations when it has at
#: most this many entries (a table of about 1 MB, 64 bytes an entry for two players: it stays
#: in a core's cache), and by rejection otherwise: a draw from a larger table misses the
#: cache, and building it costs more than rejection's redraws save (wide ranges rarely
#: conflict: two lists of 22+,A2+,K2+,Q2+,J2+,T2+,92+,82+, 1.1 million entries, listed 9.5 M
#: trials/s, by rejection 50 M).
JOINT_TUPLES = 16_384
#: Monte Carlo by rejection gives up (an error) after this many conflicting draws in a row.
MAX_REJECTIONS = 100_000
#: Exact equity merges hole-card tuples that differ only by a relabelling of suits.
SUIT_ISOMORPHISM = True
#: ... when the enumeration has at least this many hand evaluations: below, finding the
#: tuples to merge (some 0.5 ms) costs more than it saves (measured on flop and turn spots).
ISOMORPHISM_MIN_WORK = 200_000
#: Exact equity before the flop evaluates once per rank multiset every board on which no
#: player can make a flush (see pokersim.engine._games.boards.preflop_kernel).
MERGE_RANK_BOARDS = True
#: Trials (or hands) per chunk of a Monte Carlo run, rounded up to whole blocks: the unit of
#: work of one kernel call here, or of one task on a Dask cluster (see pokersim._core.runner).
#: Chunks stay short here (milliseconds), so Ctrl-C and progress are prompt; on a cluster,
#: larger chunks (``chunk_size=``) spread the per-task overhead. ``target_stderr`` is checked
#: after each chunk, so with it the numbers depend on the chunk size; without it they do not.
CHUNK_TRIALS = 2**18
#: A Monte Carlo run here of whole counts (``equity``, ``category_frequencies``, five-card
#: draw's win rates), without a client, ``target_stderr`` or ``chunk_size``, doubles its chunks
#: while each takes less than half of this many seconds: the workers' start and the
#: wait for the last block of a chunk cost some 0.3-0.5 ms a chunk, a tenth of a chunk of
#: 2**18 heads-up trials on two threads (more on many threads). The numbers do not change.
CHUNK_SECONDS = 0.05
#: Seconds a run must last before its progress bar (``progress=True``) appears.
PROGRESS_DELAY = 1.0
#: Exact equity: hand evaluations per chunk of hole-card tuples.
EXACT_CHUNK_WORK = 50_000_000
#: Seconds a shape runs on a general kernel in a process before it gets a kernel of its own,
#: compiled in (see pokersim._core.specialise); 0: at once (``pokersim compile``, benchmarks),
#: ``float("inf")``: only where one is compiled already.
SPECIALISE_AFTER = 2.0
