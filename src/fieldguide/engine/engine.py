"""Plan, look up, run and record snippets: the entry point of the Markdown extension and the CLI.

1. plan: parse each snippet (``spec``) and compute its key (``plan``: its source, the
   repository files it imports, the versions of the libraries it imports, the Python version,
   the CPU kernel set, and the engine's own code). Files a run is seen to read (a data file, a
   module imported by name) are recorded with the result, which counts only while they are
   unchanged;
2. look the key up in the cache (``cache``): a hit costs a file read and imports nothing heavy.
   Only a run that ended as its snippet declares (it finished, or raised the declared
   exception) is cached; a timeout, crash, exit status or unexpected exception is never
   replayed, since it may come from a busy machine, and runs again on the next build;
3. run the misses in parallel in fresh processes forked from a warm server (``runner``);
4. normalize what is machine-specific (``normalize``) and record the entry in the cache;
5. judge each result (``judge``): an expected exception must be the one declared, anything else that
   raises, hangs or crashes is an error; the output is compared with the committed snapshot.

``Engine.results`` does all of this and returns; ``Engine.start`` does it in a background thread
and returns a :class:`Batch` at once, so a caller (a site build) can collect each outcome when it
needs it; ``render`` turns an outcome into the HTML a page embeds.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fieldguide.engine import imports, machine, runner, snapshots
from fieldguide.engine import plan as planning
from fieldguide.engine.cache import Cache
from fieldguide.engine.compare import lines_match, same_result
from fieldguide.engine.judge import judge
from fieldguide.engine.model import Helper, Outcome, RunRecord
from fieldguide.engine.normalize import for_snapshot, normalize
from fieldguide.engine.notebooks import executed_copy, normalize_executed, untranslated
from fieldguide.engine.plan import Plan
from fieldguide.engine.settings import Settings
from fieldguide.engine.spec import Snippet, SnippetError, load

__all__ = ["Batch", "Engine", "Helper", "Outcome", "untranslated"]


PRELOADABLE = ("numpy", "torch", "matplotlib", "jax", "tensorflow")
# Parts of torch that take seconds to import lazily (the compiler stack behind torch.compile,
# torch.export, torch.library, torch.func, checkpointing and the optimizers): preloaded only
# when a snippet about to run mentions one of the words beside them.
LAZY_TORCH_PRELOADS = (
    (
        "torch._dynamo",
        (
            "torch.compile",
            "torch._dynamo",
            "torch.library",
            "torch.optim",
            "optim.",
            "torch.func",
            "checkpoint",
        ),
    ),
    ("torch.export._trace", ("torch.export",)),
)


@dataclass(frozen=True)
class Progress:
    """A batch at one moment: ``done`` of ``total`` known, the runs under way (longest first)."""

    done: int
    total: int
    running: list[tuple[str, float]]
    elapsed: float
    finished: bool


class Batch:
    """The outcomes of one request, filled in by a background thread as they become known.

    A batch can take part of its outcomes from an ``earlier`` one of the same build (a site's
    second edition shows mostly the snippets of the first): those are not looked up again, so
    both editions show the same run (a snippet saved in between is run by the next build, which
    its save starts under ``mkdocs serve``).
    """

    def __init__(self, rels: list[str], earlier: Batch | None = None) -> None:
        self.rels = rels
        self._earlier = earlier
        self._shared = set(rels) & set(earlier.rels) if earlier else set()
        self.own = [rel for rel in rels if rel not in self._shared]  # what this batch resolves
        self._outcomes: dict[str, Outcome] = {}
        self._failure: BaseException | None = None
        self._finished = False
        self._looked_up: dict[str, Outcome] | None = None  # the outcomes that needed no run
        self._merged: dict[str, Outcome] | None = None  # with the earlier batch's, once known
        self._changed = threading.Condition()
        self._running: dict[str, float] = {}  # snippet -> when its run started (monotonic)
        self.started_at = time.monotonic()

    def started(self, rel: str) -> None:
        """Note that ``rel``'s run has started (the runner says so)."""
        with self._changed:
            self._running[rel] = time.monotonic()

    def progress(self) -> Progress:
        """How far the batch is: outcomes known, of how many, and the runs under way."""
        with self._changed:
            now = time.monotonic()
            running = [
                (rel, now - t) for rel, t in self._running.items() if rel not in self._outcomes
            ]
            return Progress(
                len(self._outcomes),
                len(self.own),
                sorted(running, key=lambda r: -r[1]),
                now - self.started_at,
                self._finished,
            )

    def fill(
        self, resolve: Callable[[list[str], bool], Iterator[Outcome | None]], fresh: bool
    ) -> None:
        """Record every outcome ``resolve`` yields (run in the background thread); a ``None``
        says that what remains has to run."""
        try:
            for outcome in resolve(self.own, fresh):
                with self._changed:
                    if outcome is None:
                        self._looked_up = dict(self._outcomes)
                    else:
                        self._outcomes[outcome.rel] = outcome
                    self._changed.notify_all()
        except BaseException as exc:  # noqa: BLE001 - handed to whoever waits
            self._failure = exc
        finally:
            with self._changed:
                self._finished = True
                if self._looked_up is None:
                    self._looked_up = dict(self._outcomes)
                self._changed.notify_all()

    def get(self, rel: str) -> Outcome:
        """The outcome of ``rel``, waiting until it is known."""
        if self._earlier is not None and rel in self._shared:
            return self._earlier.get(rel)
        with self._changed:
            self._changed.wait_for(lambda: rel in self._outcomes or self._finished)
            outcome = self._outcomes.get(rel)
        if outcome is None:
            self._raise_failure()
            raise KeyError(f"{rel} is not part of this batch")
        return outcome

    def finished(self) -> bool:
        """Whether every outcome of this batch (and of the batch it takes from) is known."""
        with self._changed:
            done = self._finished
        return done and (self._earlier is None or self._earlier.finished())

    def known(self) -> dict[str, Outcome]:
        """The outcomes known without running anything (cache hits, problems found while
        planning), once the lookup is over: a site fills these in while it writes its pages,
        and the others after the build."""
        with self._changed:
            self._changed.wait_for(lambda: self._looked_up is not None)
            assert self._looked_up is not None
            own = self._looked_up
        if self._earlier is None:
            return own
        if self._merged is None:  # asked for by every page: merged once
            earlier = {r: o for r, o in self._earlier.known().items() if r in self._shared}
            self._merged = {r: f[r] for r in self.rels for f in (own, earlier) if r in f}
        return self._merged

    def wait(self) -> dict[str, Outcome]:
        """Every outcome, in the order asked for, once all are known."""
        with self._changed:
            self._changed.wait_for(lambda: self._finished)
        self._raise_failure()
        earlier = self._earlier.wait() if self._earlier is not None else {}
        return {rel: (earlier if rel in self._shared else self._outcomes)[rel] for rel in self.rels}

    def _raise_failure(self) -> None:
        if self._failure is not None:
            raise RuntimeError(
                "the snippet engine stopped with an internal error"
            ) from self._failure


class Engine:
    """Runs snippets under ``root`` (the repository), caching results in ``cache_dir``."""

    def __init__(
        self,
        root: Path,
        *,
        cache_dir: Path | None = None,
        jobs: int | None = None,
        timeout: float | None = None,
        execute: bool | None = None,
        allow_skips: bool = False,
        docs_dir: Path | None = None,
        output_limit: int | None = None,
    ) -> None:
        """An engine for the repository at ``root``; each setting left out is resolved by
        :meth:`Settings.resolve` (the environment, then the default)."""
        self.settings = Settings.resolve(
            root,
            docs_dir=docs_dir,
            cache_dir=cache_dir,
            jobs=jobs,
            timeout=timeout,
            execute=execute,
            allow_skips=allow_skips,
            output_limit=output_limit,
        )
        self.root = self.settings.root
        self.snippets_root = self.settings.snippets_dir
        self.cache = Cache(self.settings.cache_dir)
        self.jobs = self.settings.jobs
        self.timeout = self.settings.timeout
        self.execute = self.settings.execute
        self.allow_skips = self.settings.allow_skips  # else a snippet it cannot run is an error
        self._engine_digest = planning.engine_digest()

    @classmethod
    def from_settings(cls, settings: Settings) -> Engine:
        return cls(
            settings.root,
            docs_dir=settings.docs_dir,
            cache_dir=settings.cache_dir,
            jobs=settings.jobs,
            timeout=settings.timeout,
            execute=settings.execute,
            allow_skips=settings.allow_skips,
            output_limit=settings.output_limit,
        )

    # -- planning ---------------------------------------------------------------------------
    def _plan(self, snippet: Snippet, local: list[Path], external: set[str]) -> Plan:
        return planning.plan(
            snippet,
            local,
            external,
            root=self.root,
            engine=self._engine_digest,
            default_timeout=self.timeout,
        )

    def all_notebooks(self) -> list[str]:
        """Every notebook page under ``docs/``: executed like snippets, snapshotted beside.

        A translation (``name.zh.ipynb`` beside ``name.ipynb``) is not listed: it has the same
        code cells and shares the original's execution.
        """
        docs = self.settings.docs_dir
        found = [
            str(p.relative_to(self.root))
            for p in sorted(docs.rglob("*.ipynb"))
            if ".ipynb_checkpoints" not in p.parts
        ]
        return [rel for rel in found if untranslated(self.root, rel) == rel]

    def all_snippets(self) -> list[str]:
        """Every snippet script: ``.py`` files under ``snippets/`` that are not in a package."""
        found = []
        for path in sorted(self.snippets_root.rglob("*.py")):
            folders = path.relative_to(self.snippets_root).parents
            in_package = any(
                (self.snippets_root / f / "__init__.py").is_file() for f in folders if str(f) != "."
            )
            if not in_package and "__pycache__" not in path.parts:
                found.append(str(path.relative_to(self.root)))
        return found

    # -- running ----------------------------------------------------------------------------
    def server_env(self) -> dict[str, str]:
        """Environment for the processes that run snippets.

        Inductor keeps compiled kernels in a cache of its own (``/tmp/torchinductor_<user>``
        by default) whose keys do not capture every kernel setting: a kernel compiled under
        one ``ATEN_CPU_CAPABILITY`` and loaded under another crashed a run. Each kernel set
        therefore gets its own Inductor cache inside this engine's cache folder.
        """
        digest = hashlib.sha256(json.dumps(machine.fingerprint(), sort_keys=True).encode())
        folder = self.cache.folder / "inductor" / digest.hexdigest()[:16]
        return {"TORCHINDUCTOR_CACHE_DIR": str(folder), "TMPDIR": str(runner.private_temp())}

    def prewarm(self) -> None:
        """Start the warm fork server now, so that the next miss does not wait for imports."""
        if self.execute:
            runner.start_server(["numpy", "torch"], self.server_env())

    def results(self, rels: Iterable[str], *, fresh: bool = False) -> dict[str, Outcome]:
        """Outcomes for ``rels``; ``fresh`` ignores (but refills) the cache."""
        return self.start(rels, fresh=fresh).wait()

    def start(
        self,
        rels: Iterable[str],
        *,
        fresh: bool = False,
        earlier: Batch | None = None,
        recording: bool = False,
    ) -> Batch:
        """Begin resolving ``rels`` in a background thread and return at once.

        Cached outcomes are available almost immediately; the misses run meanwhile, so a caller
        can do other work (render pages) and collect each outcome when it needs it. Those that
        the ``earlier`` batch of the same build resolves are taken from it. ``recording``
        (snapshots are about to be written) runs a snippet that has no snapshot yet twice, so
        that output differing between runs is caught before it is committed.
        """
        batch = Batch(list(dict.fromkeys(rels)), earlier)
        if not batch.own:
            batch.fill(lambda rels, fresh: iter(()), fresh)
            return batch
        worker = threading.Thread(
            target=batch.fill,
            args=(
                lambda rels, fresh: self._resolve(rels, fresh, batch.started, recording),
                fresh,
            ),
            name="snippet-engine",
            daemon=True,
        )
        worker.start()
        return batch

    def _resolve(
        self,
        rels: list[str],
        fresh: bool,
        started: Callable[[str], None] | None = None,
        recording: bool = False,
    ) -> Iterator[Outcome | None]:
        """Yield the outcome of every one of ``rels``: failed plans and cache hits first, then
        ``None``, then each miss as soon as it has run."""
        plans = yield from self._planned(rels, fresh)
        if not self.execute:
            for rel, plan in plans.items():
                yield Outcome(rel, output="(not executed)\n", libraries=plan.libraries)
            return
        missing = list(plans)
        drifted: dict[str, Outcome] = {}  # told only once a second run has said why

        def again(outcome: Outcome) -> bool:
            """Whether to run ``outcome``'s snippet once more before telling its drift: when
            it differs from a committed snapshot, or (``recording``) has none yet."""
            return recording or snapshots.text_path(self.root, outcome.rel).is_file()

        if not fresh:
            missing = yield from _holding(
                self._hits({rel: plans[rel] for rel in missing}), drifted, again
            )
        yield None
        yield from _holding(self._run_missing(plans, missing, fresh, started), drifted, again)
        yield from self._second_runs(plans, drifted, started)

    def _second_runs(
        self,
        plans: dict[str, Plan],
        drifted: dict[str, Outcome],
        started: Callable[[str], None] | None = None,
    ) -> Iterator[Outcome]:
        """Run each snippet whose output differs from its snapshot once more, to tell a change
        (the same output twice) from output that differs from run to run, which is reported as
        nondeterministic with the lines that differ, and whose cache entry is removed."""
        if not drifted:
            return
        with self.cache.lock():
            for rel, ran in self._run([plans[rel] for rel in drifted], started):
                first, plan = drifted[rel], plans[rel]
                second = self._judged(plan, ran, cached=False)
                second.ran = True
                if second.error is not None:  # it failed this time: that is the news
                    self.cache.discard(plan.key)
                    yield second
                    continue
                differs = _run_difference(first, second, plan.snippet.tolerance)
                if differs:
                    self.cache.discard(plan.key)
                    where = _first_difference(first.output, second.output, plan.snippet.tolerance)
                    first.error = (
                        f"{rel}: nondeterministic: two runs printed different output{where}, so no "
                        "snapshot can hold it. Mark each value that changes between runs as "
                        'measured (`from fieldkit import measured`; CONTRIBUTING.md, "Add a '
                        'snippet", Measured values), or make it the same every run (seed it, '
                        f"sort it, round it)\n{differs}"
                    )
                    first.drift = None
                yield first

    def _planned(self, rels: list[str], fresh: bool) -> Generator[Outcome, None, dict[str, Plan]]:
        """Yield an outcome for each of ``rels`` that cannot be planned; return the plans."""
        snippets: dict[str, Snippet] = {}
        for rel in rels:
            try:
                snippets[rel] = load(self.root, rel)
            except SnippetError as exc:
                yield Outcome(rel, error=str(exc))
        for rel in list(snippets):
            reason = machine.unsupported(snippets[rel].needs)
            if reason is not None:
                del snippets[rel]
                yield (
                    Outcome(rel, skipped=reason)
                    if self.allow_skips
                    else Outcome(rel, error=f"{rel}:1: {reason}")
                )
        found: dict[str, tuple[list[Path], set[str]]] = {}
        for rel in snippets:
            try:
                found[rel] = imports.local_dependencies(self.root / rel, self.snippets_root)
            except SyntaxError as exc:  # in the snippet or in a module it imports
                yield Outcome(rel, error=self._syntax_error(rel, exc))
        if self.execute and (fresh or self.cache.is_empty()):
            # Everything will run: the fork server can start importing while the keys are made.
            runner.start_server(
                _preload(
                    {m for _, external in found.values() for m in external},
                    [snippets[rel].source for rel in found],
                ),
                self.server_env(),
            )
        return {rel: self._plan(snippets[rel], *found[rel]) for rel in found}

    def _run_missing(
        self,
        plans: dict[str, Plan],
        missing: list[str],
        fresh: bool,
        started: Callable[[str], None] | None = None,
    ) -> Iterator[Outcome]:
        """Run the snippets ``missing`` (of ``plans``) and yield each judged outcome."""
        if not missing:
            return
        with self.cache.lock():
            if not fresh:  # another build may have recorded them while we waited
                missing = yield from self._hits({rel: plans[rel] for rel in missing})
            for rel, ran in self._run([plans[rel] for rel in missing], started):
                outcome = self._judged(plans[rel], ran, cached=False)
                outcome.ran = True
                # A failure is never replayed: it runs again next time. Nor is a run whose files
                # were edited while it ran: its output may belong to either version.
                unchanged = self._digests(list(plans[rel].files)) == plans[rel].files
                if outcome.error is None and unchanged:
                    self.cache.put(plans[rel].key, ran.to_json())
                yield outcome

    def _digests(self, rels: list[str]) -> dict[str, str | None]:
        return planning.digests(self.root, rels)

    def _hits(self, plans: dict[str, Plan]) -> Generator[Outcome, None, list[str]]:
        """Yield the outcome of every plan the cache holds; return the others' paths.

        An entry also records the repository files its run read (data files, modules imported
        by name): it counts only while each of them is unchanged.
        """
        missing = []
        for rel, plan in plans.items():
            record = _record(self.cache.get(plan.key, RunRecord.from_json))
            if record is not None and self._digests(list(record.inputs)) != record.inputs:
                record = None
            if record is None:
                missing.append(rel)
            else:
                yield self._judged(plan, record, cached=True)
        return missing

    def _syntax_error(self, rel: str, exc: SyntaxError) -> str:
        """``file:line: SyntaxError: ...``, naming the imported module if the error is there."""
        where = Path(exc.filename or "")
        if where.is_absolute() and where.is_relative_to(self.root):
            culprit = str(where.relative_to(self.root))
            if culprit != rel:
                return f"{culprit}:{exc.lineno}: SyntaxError: {exc.msg} (imported by {rel})"
        return f"{rel}:{exc.lineno}: SyntaxError: {exc.msg}"

    def _run(
        self, plans: list[Plan], started: Callable[[str], None] | None = None
    ) -> Iterator[tuple[str, RunRecord]]:
        """Run ``plans``; yield each one's path and record as soon as it has finished.

        Notebooks start first (a site cannot render a notebook page before it has run), then
        the snippets that declare a longer time limit, which are the slow ones: a long job that
        started last would leave the other workers idle at the end.
        """
        plans = sorted(
            plans,
            key=lambda p: (not p.snippet.rel.endswith(".ipynb"), -p.timeout),
        )
        jobs = [
            runner.Job(
                p.snippet.rel,
                self.root / p.snippet.rel,
                p.timeout,
                p.snippet.threads,
                self.settings.output_limit,
            )
            for p in plans
        ]
        preload = _preload(
            {m for p in plans for m in p.external}, [p.snippet.source for p in plans]
        )
        env = self.server_env()
        for raw in runner.run_jobs(jobs, self.root, self.jobs, preload, env, started):
            workdir = str(Path(raw.figure_dir).parent / "cwd")  # its working folder: "."
            extra = {raw.figure_dir: "<figures>", workdir + "/": "", workdir: "."}

            def clean(text: str, extra: dict[str, str] = extra) -> str:
                return normalize(text, self.root, extra)

            result = raw.result.map_text(clean)
            yield (
                raw.rel,
                RunRecord(
                    output=clean(raw.output),
                    result=result,
                    figures=raw.figures,
                    duration=raw.duration,
                    inputs=self._digests(list(result.inputs)),
                    notebook=normalize_executed(raw.notebook, self.root) if raw.notebook else None,
                ),
            )

    # -- judging ----------------------------------------------------------------------------
    def _judged(self, plan: Plan, record: RunRecord, *, cached: bool) -> Outcome:
        """Judge a run (``judge``), then compare a good one with the committed snapshot."""
        outcome = judge(plan.snippet, record, cached=cached, timeout=plan.timeout)
        outcome.libraries = plan.libraries
        outcome.helpers = plan.helpers
        if outcome.error is None:
            outcome.drift = snapshots.diff(
                self.root, outcome.rel, outcome.output, outcome.figures, plan.snippet.tolerance
            )
        return outcome

    def helpers(self, rel: str) -> list[str]:
        """The repository modules snippet ``rel`` imports (transitively): a reader who copies
        the snippet needs them too, so a site publishes them beside it."""
        try:  # remembered by ``imports`` until a file it read, or a folder it looked in, changes
            local, _ = imports.local_dependencies(self.root / rel, self.snippets_root)
        except (OSError, SyntaxError, ValueError):
            return []  # reported as the snippet's own problem
        return [str(p.relative_to(self.root)) for p in local]

    def notebook_copy(self, page: Path, executed: str, original: Path) -> Path:
        """Notebook ``page`` with the outputs of ``executed`` (the run of ``original``), kept in
        this engine's cache folder (``notebooks.executed_copy``)."""
        return executed_copy(page, executed, original, self.cache.folder / "notebooks")

    def update_snapshots(self, outcome: Outcome) -> list[Path]:
        """Rewrite the committed snapshots of a successful outcome."""
        if outcome.error is not None:
            raise ValueError(f"{outcome.rel} failed; its snapshots are left alone")
        changed = snapshots.write(
            self.root, outcome.rel, outcome.output, outcome.figures, outcome.tolerance
        )
        outcome.drift = None
        return changed


def _preload(external: set[str], sources: list[str]) -> list[str]:
    """What the fork server should import for snippets that import ``external`` (top-level
    names) and have these ``sources``."""
    preload = sorted(external & set(PRELOADABLE))
    if "torch" in preload:
        preload += [
            module
            for module, words in LAZY_TORCH_PRELOADS
            if any(word in source for source in sources for word in words)
        ]
    return preload


def _holding(
    outcomes: Generator[Outcome, None, list[str]] | Iterator[Outcome],
    drifted: dict[str, Outcome],
    again: Callable[[Outcome], bool],
) -> Generator[Outcome, None, list[str]]:
    """``outcomes``, minus those that differ from their snapshot and are to run ``again``:
    kept in ``drifted`` instead; returns what ``outcomes`` returns."""
    while True:
        try:
            outcome = next(outcomes)
        except StopIteration as stop:
            return list(stop.value or [])
        if outcome.drift is not None and outcome.error is None and again(outcome):
            drifted[outcome.rel] = outcome
        else:
            yield outcome


def _run_difference(first: Outcome, second: Outcome, tolerance: int) -> str | None:
    """The lines in which two runs' outputs (and figures) differ as results, or None."""
    chunks: list[str] = []
    pairs = [("output", first.output, second.output)] + [
        (f"figure {name}", first.figures.get(name, ""), second.figures.get(name, ""))
        for name in sorted(set(first.figures) | set(second.figures))
    ]
    for name, one, two in pairs:
        one, two = for_snapshot(one), for_snapshot(two)
        if not same_result(one, two, tolerance):
            chunks.extend(
                difflib.unified_diff(
                    one.splitlines(keepends=True),
                    two.splitlines(keepends=True),
                    fromfile=f"{first.rel} {name} (one run)",
                    tofile=f"{first.rel} {name} (the next run)",
                    n=1,
                )
            )
    return "".join(chunks) or None


def _first_difference(one: str, two: str, tolerance: int) -> str:
    """`` (output line N)``: the first printed line in which two outputs differ, or ``""``."""
    first, second = for_snapshot(one).splitlines(), for_snapshot(two).splitlines()
    for number, (a, b) in enumerate(zip(first, second, strict=False), start=1):
        if not lines_match(a, b, tolerance):
            return f" (output line {number})"
    return f" (output line {min(len(first), len(second)) + 1})" if first != second else ""


def _record(entry: dict[str, Any] | None) -> RunRecord | None:
    """A cache entry as a record; one in an older or broken format counts as a miss."""
    if entry is None:
        return None
    try:
        return RunRecord.from_json(entry)
    except (KeyError, TypeError, ValueError):
        return None
