"""Scoring samples on several processes, in input order, with bounded memory.

:func:`iter_evaluate_parallel` yields exactly what
:func:`veracity.evaluation.iter_evaluate` yields (same results, same order: each
sample is scored by the same pure function), but spreads chunks of samples over a
pool of worker processes. At most ``2 * workers`` chunks are in flight, so a stream
of any length is scored in constant memory. ``workers <= 1`` scores in this process.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import TypeVar

from veracity.evaluation import evaluate_sample, iter_evaluate
from veracity.metrics import REGISTRY, MetricOptions, PlannedMetric
from veracity.report import SampleResult
from veracity.samples import Sample

__all__ = ["default_workers", "iter_evaluate_mapped", "iter_evaluate_parallel"]

CHUNK = 64


def default_workers() -> int:
    """The number of CPUs this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


PlanKey = list[tuple[str, str, "int | None"]]


def _plan_key(plan: Sequence[PlannedMetric]) -> PlanKey:
    """The plan as plain data (metric functions are looked up again in the worker)."""
    return [(p.name, p.spec.name, p.k) for p in plan]


T = TypeVar("T")


def _identity(result: SampleResult) -> SampleResult:
    return result


def _score_chunk(
    chunk: list[Sample],
    key: PlanKey,
    options: MetricOptions | None,
    fn: Callable[[SampleResult], T],
) -> list[T]:
    plan = [PlannedMetric(name, REGISTRY[spec], k) for name, spec, k in key]
    return [fn(evaluate_sample(sample, plan, options)) for sample in chunk]


def iter_evaluate_parallel(
    samples: Iterable[Sample],
    plan: Sequence[PlannedMetric],
    options: MetricOptions | None = None,
    *,
    workers: int = 1,
    chunk_size: int = CHUNK,
) -> Iterator[SampleResult]:
    """Yield one :class:`SampleResult` per sample, in input order, scored on
    ``workers`` processes (``0`` = every available CPU)."""
    return iter_evaluate_mapped(
        samples, plan, options, _identity, workers=workers, chunk_size=chunk_size
    )


def iter_evaluate_mapped(
    samples: Iterable[Sample],
    plan: Sequence[PlannedMetric],
    options: MetricOptions | None,
    fn: Callable[[SampleResult], T],
    *,
    workers: int = 1,
    chunk_size: int = CHUNK,
) -> Iterator[T]:
    """Yield ``fn(result)`` per sample, in input order, ``fn`` applied where the sample
    was scored: on a worker, work such as writing a result as JSON is spread too, and
    only what ``fn`` returns comes back. ``fn`` must be a module-level function (it is
    sent to the workers by name)."""
    n = default_workers() if workers == 0 else workers
    if n <= 1:
        for result in iter_evaluate(samples, plan, options):
            yield fn(result)
        return
    it = iter(samples)
    key = _plan_key(plan)
    pending: deque[Future[list[T]]] = deque()
    with ProcessPoolExecutor(max_workers=n) as pool:
        try:
            while True:
                while len(pending) < 2 * n:
                    chunk = list(islice(it, chunk_size))
                    if not chunk:
                        break
                    pending.append(pool.submit(_score_chunk, chunk, key, options, fn))
                if not pending:
                    return
                yield from pending.popleft().result()
        except BaseException:
            # Ctrl-C, SIGTERM or a consumer that stops early: drop the chunks not yet
            # started, so the workers finish the ones under way and exit with us
            pool.shutdown(wait=True, cancel_futures=True)
            raise
