"""Run the drills: ``python -m drills.run`` checks them in order and shows the first unsolved one.

    python -m drills.run                 # the first drill whose check fails, and what is wrong
    python -m drills.run NAME            # one drill (its name is its folder's name)
    python -m drills.run --list          # every drill, solved or not (runs every check)
    python -m drills.run NAME --solution # check the reference solution instead of your file
    python -m drills.run --verify        # every starting file must fail, every solution pass

``make drill`` and ``make drill NAME=…`` call the first two. Text is English, or Chinese with
``--lang zh`` (or ``DRILL_LANG=zh``, or a ``LANG`` that starts with ``zh``). Showing a drill
exits with status 0 whether it is solved or not (1 only if a check itself broke); ``--verify``
exits with 1 if any drill is not as it should be.

Nothing is stored: a drill is solved when its check passes on your file, now. Each check runs in
a child process (on Linux a fork of this one, which has imported torch already, so a check costs
what it runs and not an interpreter start), with a time limit; your file's prints and warnings
are kept aside and shown only under a failure.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import pickle
import random
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DRILLS = ROOT / "drills"
SOLUTIONS = DRILLS / "solutions"
SITE = "https://autograd-field-guide.github.io/"
SECTIONS: dict[str, tuple[str, str]] = {
    "graph": ("Recording the graph", "记录计算图"),
    "backward": ("Backward", "反向传播"),
    "lifetime": ("Graph lifetime and memory", "图的生命周期与内存"),
    "hooks": ("Hooks, saved tensors, checkpointing", "钩子、保存的张量与激活检查点"),
    "custom": ("Custom Functions and ops", "自定义 Function 与算子"),
    "higher-order": ("Higher order and forward mode", "高阶导数与前向模式"),
    "scratch": ("An autograd engine from scratch", "从零实现 autograd 引擎"),
    "beyond": ("Beyond eager", "eager 之外"),
    "errors": ("Errors", "报错"),
}
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("easy", "入门"),
    "medium": ("medium", "进阶"),
    "hard": ("hard", "挑战"),
}
DEFAULT_TIMEOUT = 60.0
CJK = re.compile("[\u3400-\u9fff]")
WIDE = "\u3000-\u303f\u3400-\u9fff\uff00-\uffef"  # CJK ideographs and full-width punctuation
BREAK = re.compile(rf"(?<=[{WIDE}])[ \t]*\n[ \t]*(?=[{WIDE}])|(?<=[{WIDE}]) (?=[{WIDE}])")


def join_lines(text: str) -> str:
    """One paragraph on one line: a line break between Chinese characters (or the space YAML's
    folding put there) disappears, any other line break becomes a space."""
    return re.sub(r"[ \t]*\n[ \t]*", " ", BREAK.sub("", text)).strip()


@dataclass(frozen=True)
class Drill:
    """One drill: ``drills/<section>/<name>/`` with ``drill.py``, ``check.py`` and ``meta.yml``."""

    name: str
    section: str
    folder: Path
    meta: dict[str, Any]

    @property
    def learner(self) -> Path:
        return self.folder / "drill.py"

    @property
    def solution(self) -> Path:
        return SOLUTIONS / f"{self.name}.py"

    @property
    def level(self) -> str:
        return str(self.meta["level"])

    @property
    def timeout(self) -> float:
        return float(self.meta.get("timeout", DEFAULT_TIMEOUT))

    def text(self, key: str, lang: str) -> str:
        return join_lines(str(self.meta[f"{key}_{lang}"]))

    def url(self, lang: str) -> str:
        path, _, anchor = str(self.meta["page"]).partition("#")
        path = path.removesuffix(".md").removesuffix("index")
        path = path if path.endswith("/") or not path else path + "/"
        return f"{SITE}{'zh/' if lang == 'zh' else ''}{path}{'#' + anchor if anchor else ''}"


@dataclass
class Outcome:
    """What one check said about one file."""

    passed: bool
    en: str
    zh: str = ""
    seconds: float = 0.0
    output: str = ""
    broken: bool = False  # the check itself failed, or the run was killed

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" and self.zh else self.en


def discover(folder: Path = DRILLS) -> list[Drill]:
    """Every drill, in the site's section order, then by level, then by name."""
    found = []
    for meta_file in folder.glob("*/*/meta.yml"):
        section = meta_file.parent.parent.name
        meta = yaml.safe_load(meta_file.read_text(encoding="utf-8"))
        found.append(Drill(meta_file.parent.name, section, meta_file.parent, meta))
    order = list(SECTIONS)
    levels = list(LEVELS)
    return sorted(
        found,
        key=lambda d: (
            order.index(d.section),
            levels.index(d.level),
            d.meta.get("order", 50),
            d.name,
        ),
    )


# -- running one check -------------------------------------------------------------------------


def _seed() -> None:
    random.seed(0)
    try:
        import numpy

        numpy.random.seed(0)
    except ImportError:
        pass
    import torch

    torch.manual_seed(0)
    torch.set_num_threads(1)


def check_here(drill: Drill, file: Path) -> Outcome:
    """Run the drill's check on ``file`` in this process."""
    if str(ROOT) not in sys.path:  # checks import drills.harness, however this module was loaded
        sys.path.insert(0, str(ROOT))
    from drills.harness import Fail

    _seed()
    spec = importlib.util.spec_from_file_location(f"check_{drill.name}", drill.folder / "check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    start = time.perf_counter()
    try:
        spec.loader.exec_module(module)
        note = module.check(file)
    except Fail as fail:
        return Outcome(False, fail.en, fail.zh, time.perf_counter() - start)
    except BaseException as exc:  # noqa: BLE001 - the check itself broke: say so
        return Outcome(
            False,
            f"the check itself failed: {type(exc).__name__}: {exc}",
            seconds=time.perf_counter() - start,
            broken=True,
        )
    return Outcome(True, str(note), str(note), time.perf_counter() - start)


@dataclass
class Running:
    """A check running in a child process."""

    drill: Drill
    file: Path
    pid: int
    pipe: int
    log: Path
    started: float
    data: bytearray = field(default_factory=bytearray)
    ended: bool = False  # the child closed its pipe


def start(drill: Drill, file: Path) -> Running:
    """Fork a child that runs the check and sends back its :class:`Outcome`."""
    log = Path(tempfile.mkstemp(prefix="drill-", suffix=".log")[1])
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own process group, so a timeout kills all it started
        status = 0
        try:
            os.close(read)
            os.setpgid(0, 0)
            out = os.open(log, os.O_WRONLY | os.O_TRUNC)
            os.dup2(out, 1)
            os.dup2(out, 2)
            # whatever sys.stdout was (a test runner may have replaced it), it writes to the log
            sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
            outcome = check_here(drill, file)
            with os.fdopen(write, "wb") as pipe:
                pipe.write(pickle.dumps(outcome))
        except BaseException:  # noqa: BLE001 - nothing may escape a forked child
            status = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)
    os.close(write)
    return Running(drill, file, pid, read, log, time.monotonic())


def _kill(running: Running) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(running.pid, signal.SIGKILL)


def finish(running: Running) -> Outcome:
    """Collect the child's outcome (``poll`` has read its pipe to the end, or it timed out)."""
    timed_out = not running.ended
    if timed_out:
        _kill(running)
    os.close(running.pipe)
    os.waitpid(running.pid, 0)
    _kill(running)  # anything the check started and left behind
    output = running.log.read_text(encoding="utf-8", errors="replace")
    running.log.unlink(missing_ok=True)
    seconds = time.monotonic() - running.started
    if timed_out:
        limit = running.drill.timeout
        en, zh = (
            f"the check did not finish within {limit:.0f} s",
            f"检查没有在 {limit:.0f} 秒内结束",
        )
        return Outcome(False, en, zh, seconds, output, broken=True)
    if not running.data:
        en = "the check's process ended without a result (it crashed)"
        zh = "检查进程没有给出结果就结束了（崩溃）"
        return Outcome(False, en, zh, seconds, output, broken=True)
    outcome: Outcome = pickle.loads(bytes(running.data))
    outcome.output = output
    return outcome


def poll(running: list[Running], wait: float) -> list[Running]:
    """Read what the children sent for up to ``wait`` seconds; return those that are done."""
    if not running:
        return []
    ready, _, _ = select.select([r.pipe for r in running], [], [], wait)
    done = []
    for r in running:
        if r.pipe in ready:
            chunk = os.read(r.pipe, 1 << 16)
            if chunk:
                r.data += chunk
                continue
            r.ended = True
            done.append(r)
        elif time.monotonic() - r.started > r.drill.timeout:
            done.append(r)
    return done


def run_checks(
    tasks: list[tuple[Drill, Path]], jobs: int = 1
) -> Iterator[tuple[Drill, Path, Outcome]]:
    """Run the checks of ``tasks`` (``jobs`` at a time); yield each outcome as it arrives."""
    if not hasattr(os, "fork"):
        for drill, file in tasks:
            yield drill, file, run_in_subprocess(drill, file)
        return
    waiting, running = list(tasks), list[Running]()
    while waiting or running:
        while waiting and len(running) < jobs:
            running.append(start(*waiting.pop(0)))
        for r in poll(running, 0.5):
            running.remove(r)
            yield r.drill, r.file, finish(r)


def run_one(drill: Drill, file: Path) -> Outcome:
    return next(run_checks([(drill, file)]))[2]


def run_in_subprocess(drill: Drill, file: Path) -> Outcome:
    """Where there is no fork: a fresh interpreter runs the check (``--child``)."""
    command = [sys.executable, "-m", "drills.run", drill.name, "--child", str(file)]
    started = time.monotonic()
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=drill.timeout + 30
        )
    except subprocess.TimeoutExpired:
        return Outcome(False, "the check did not finish in time", "检查超时", broken=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode not in (0, 1) or not lines:
        return Outcome(
            False, "the check's process crashed", "检查进程崩溃", output=done.stderr, broken=True
        )
    result = json.loads(lines[-1])
    return Outcome(
        result["passed"], result["en"], result["zh"], time.monotonic() - started, done.stderr
    )


def preload(drills: list[Drill]) -> None:
    """Import torch, and what the drills ask for, once, before the checks fork from here."""
    importlib.import_module("torch")
    importlib.import_module("torch._dynamo")  # an optimizer's first step imports it: 2 s
    for name in sorted({m for d in drills for m in d.meta.get("preload", [])}):
        importlib.import_module(name)


# -- what the learner sees ---------------------------------------------------------------------


class Screen:
    """Plain text, or the ``rich`` library's colours and panels when it is installed."""

    def __init__(self) -> None:
        try:
            from rich.console import Console

            self.console: Any = Console(highlight=False)
        except ImportError:
            self.console = None

    def line(self, text: str = "", style: str = "", wrap: bool = True) -> None:
        if self.console is None:
            print(text)
        else:
            from rich.markup import escape

            markup = f"[{style}]{escape(text)}[/]" if style else escape(text)
            self.console.print(markup, soft_wrap=not wrap)

    def rule(self, text: str) -> None:
        if self.console is None:
            print(f"\n== {text} ==")
        else:
            self.console.rule(text)


def task_text(drill: Drill, lang: str) -> str:
    """The task from the learner file's docstring, in ``lang`` (its paragraphs of that language)."""
    import ast

    source = drill.learner.read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(source)) or ""
    paragraphs = [p.strip() for p in doc.split("\n\n") if p.strip()]
    chosen = [p for p in paragraphs[1:] if bool(CJK.search(p)) == (lang == "zh")]
    return "\n\n".join(p if p.lstrip().startswith("-") else join_lines(p) for p in chosen)


def describe(screen: Screen, drill: Drill, index: int, total: int, lang: str) -> None:
    zh = lang == "zh"
    section = SECTIONS[drill.section][zh]
    level = LEVELS[drill.level][zh]
    screen.rule(f"{'练习' if zh else 'Drill'} {index} / {total} · {section} · {level}")
    screen.line(f"{drill.text('title', lang)}  ({drill.name})", "bold")
    screen.line(f"{'要改的文件' if zh else 'Edit'}: {drill.learner.relative_to(ROOT)}", "cyan")
    screen.line()
    screen.line(task_text(drill, lang))
    screen.line()


def report(screen: Screen, drill: Drill, outcome: Outcome, lang: str) -> None:
    zh = lang == "zh"
    if outcome.passed:
        screen.line(f"✓ {'通过' if zh else 'Solved'}: {outcome.text(lang)}", "bold green")
        return
    screen.line(f"✗ {'还不对' if zh else 'Not yet'}: {outcome.text(lang)}", "bold red")
    if outcome.output.strip():
        tail = outcome.output.strip().splitlines()[-12:]
        screen.line(
            "  " + ("你的文件输出（最后几行）" if zh else "your file printed (last lines)") + ":",
            "dim",
        )
        for text in tail:
            screen.line("    " + text, "dim")
    screen.line(f"{'提示' if zh else 'Hint'}: {drill.text('hint', lang)}", "yellow")
    page = drill.meta["page"]
    screen.line(f"{'讲解' if zh else 'Explained in'}: docs/{page}", "blue")
    screen.line(f"  {drill.url(lang)}", "blue", wrap=False)


def find(drills: list[Drill], name: str) -> Drill:
    for drill in drills:
        if drill.name == name or drill.name == name.replace("-", "_"):
            return drill
    names = ", ".join(d.name for d in drills)
    raise SystemExit(f"no drill named {name!r}; the drills are: {names}")


def first_unsolved(screen: Screen, drills: list[Drill], lang: str) -> int:
    """Check the drills in order, show the first that fails; 0 if all pass."""
    preload([])
    for index, drill in enumerate(drills, 1):
        outcome = run_one(drill, drill.learner)
        if outcome.passed:
            screen.line(f"✓ {index:>2}. {drill.name}", "green")
            continue
        describe(screen, drill, index, len(drills), lang)
        report(screen, drill, outcome, lang)
        screen.line()
        screen.line(
            (
                f"已完成 {index - 1} / {len(drills)}（按顺序）"
                if lang == "zh"
                else f"Solved so far: {index - 1} of {len(drills)} (in order)"
            ),
            "dim",
        )
        return 1 if outcome.broken else 0
    screen.line("全部练习都已通过。" if lang == "zh" else "Every drill is solved.", "bold green")
    return 0


def one(screen: Screen, drills: list[Drill], name: str, lang: str, solution: bool) -> int:
    drill = find(drills, name)
    describe(screen, drill, drills.index(drill) + 1, len(drills), lang)
    preload([drill])
    outcome = run_one(drill, drill.solution if solution else drill.learner)
    report(screen, drill, outcome, lang)
    return 1 if outcome.broken else 0


def listing(screen: Screen, drills: list[Drill], lang: str, jobs: int) -> int:
    preload(drills)
    results = {d.name: o for d, _, o in run_checks([(d, d.learner) for d in drills], jobs)}
    for index, drill in enumerate(drills, 1):
        ok = results[drill.name].passed
        mark, style = ("✓", "green") if ok else ("·", "")
        level = LEVELS[drill.level][lang == "zh"]
        screen.line(
            f"{mark} {index:>2}. {drill.section:<13} {level:<6} {drill.name:<28} "
            f"{drill.text('title', lang)}",
            style,
            wrap=False,
        )
    solved = sum(o.passed for o in results.values())
    screen.line(f"{solved} / {len(drills)}", "bold")
    return 0


def verify(drills: list[Drill], jobs: int, as_json: bool) -> int:
    """Every starting file fails its check with its ``fails_with`` text; every solution passes."""
    preload(drills)
    tasks = [(d, f) for d in drills for f in (d.learner, d.solution)]
    problems = 0
    for drill, file, outcome in run_checks(tasks, jobs):
        variant = "solution" if file == drill.solution else "drill"
        expected = str(drill.meta["fails_with"])
        good = (
            outcome.passed
            if variant == "solution"
            else not outcome.passed and not outcome.broken and expected in outcome.en
        )
        problems += not good
        if as_json:
            print(
                json.dumps(
                    {
                        "name": drill.name,
                        "variant": variant,
                        "passed": outcome.passed,
                        "broken": outcome.broken,
                        "en": outcome.en,
                        "zh": outcome.zh,
                        "seconds": round(outcome.seconds, 2),
                        "output": outcome.output[-2000:] if not good else "",
                    }
                ),
                flush=True,
            )
        else:
            print(
                f"{'ok ' if good else 'BAD'} {drill.name:<28} {variant:<8} "
                f"{outcome.seconds:5.1f} s  {outcome.en}",
                flush=True,
            )
    return 1 if problems else 0


def language(arg: str | None) -> str:
    if arg:
        return arg
    chosen = os.environ.get("DRILL_LANG") or os.environ.get("LC_ALL") or os.environ.get("LANG")
    return "zh" if (chosen or "").lower().startswith("zh") else "en"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m drills.run",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("name", nargs="?", help="run this drill (default: the first unsolved)")
    parser.add_argument("--lang", choices=("en", "zh"))
    parser.add_argument("--list", action="store_true", help="show every drill and whether solved")
    parser.add_argument("--solution", action="store_true", help="check the reference solution")
    parser.add_argument("--verify", action="store_true", help="starting files fail, solutions pass")
    parser.add_argument("--json", action="store_true", help="with --verify: one JSON line each")
    parser.add_argument("--jobs", type=int, default=1, help="checks run at the same time")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    drills = discover()
    lang = language(args.lang)
    if args.child:
        outcome = check_here(find(drills, args.name), args.child)
        print(json.dumps({"passed": outcome.passed, "en": outcome.en, "zh": outcome.zh}))
        return 0 if outcome.passed else 1
    if args.verify:
        chosen = [find(drills, args.name)] if args.name else drills
        return verify(chosen, args.jobs, args.json)
    screen = Screen()
    if args.list:
        return listing(screen, drills, lang, args.jobs)
    if args.name:
        return one(screen, drills, args.name, lang, args.solution)
    return first_unsolved(screen, drills, lang)


if __name__ == "__main__":
    sys.exit(main())
