"""What every drill's check uses: load the learner's file, call into it, say what is wrong.

A check is a function ``check(path) -> str`` in the drill's ``check.py``. It loads the learner's
file with :func:`load`, calls what the file defines through :func:`call`, compares the results
with what real torch (or JAX, or TensorFlow) computes, and either returns a one-line note saying
what now works or raises :class:`Fail` naming what is still wrong, in English and in Chinese.
An exception raised by the learner's code becomes a :class:`Fail` naming the call, the exception
and the line of the learner's file it came from.
"""

from __future__ import annotations

import importlib.util
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent


class Fail(Exception):
    """What is still wrong with the learner's file, in English (``en``) and Chinese (``zh``)."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.en, self.zh = en, zh


def _where(exc: BaseException, path: Path) -> str:
    """`` (line N)`` of the deepest frame of ``exc`` in the learner's file, or nothing."""
    lines = [
        f.lineno
        for f in traceback.extract_tb(exc.__traceback__)
        if Path(f.filename).resolve() == path.resolve()
    ]
    return f" (line {lines[-1]})" if lines else ""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


def load(path: Path) -> ModuleType:
    """Run the learner's file as a module (its ``if __name__ == "__main__":`` part does not run)."""
    spec = importlib.util.spec_from_file_location("drill", path)
    if spec is None or spec.loader is None:
        raise Fail(f"cannot read {path}", f"无法读取 {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["drill"] = module  # dataclasses, pickling and torch.library look modules up
    try:
        spec.loader.exec_module(module)
    except Fail:
        raise
    except BaseException as exc:  # noqa: BLE001 - anything the file raises is the learner's
        where = _where(exc, path)
        raise Fail(
            f"running the file raised {_first_line(exc)}{where}",
            f"运行文件时抛出 {_first_line(exc)}{where}",
        ) from exc
    return module


def need(module: ModuleType, name: str) -> Any:
    """The attribute ``name`` of the learner's module, or a failure saying it is missing."""
    if not hasattr(module, name):
        raise Fail(
            f"the file defines no `{name}`; keep the names the drill started with",
            f"文件里没有定义 `{name}`；请保留练习原有的名字",
        )
    return getattr(module, name)


def call(module: ModuleType, name: str, *args: Any, **kwargs: Any) -> Any:
    """Call the learner's function ``name``; an exception it raises becomes a :class:`Fail`."""
    function: Callable[..., Any] = need(module, name)
    return guarded(f"{name}()", function, *args, path=Path(module.__file__ or ""), **kwargs)


def guarded(what: str, function: Callable[..., Any], *args: Any, path: Path, **kwargs: Any) -> Any:
    """Call ``function``; an exception becomes a :class:`Fail` that says ``what`` raised it."""
    try:
        return function(*args, **kwargs)
    except Fail:
        raise
    except Exception as exc:  # noqa: BLE001 - reported to the learner, with the line
        where = _where(exc, path)
        raise Fail(
            f"{what} raised {_first_line(exc)}{where}", f"{what} 抛出了 {_first_line(exc)}{where}"
        ) from exc


def show(value: Any, digits: int = 4) -> str:
    """A short, stable text for a tensor or number in a message."""
    try:
        import torch

        if isinstance(value, torch.Tensor):
            flat = value.detach().flatten()
            items = ", ".join(f"{float(v):.{digits}g}" for v in flat[:6])
            more = ", …" if flat.numel() > 6 else ""
            return f"[{items}{more}]" if value.dim() else items
    except ImportError:
        pass
    if isinstance(value, float):
        return f"{value:.{digits}g}"
    return repr(value)


def close(
    actual: Any, expected: Any, what_en: str, what_zh: str, atol: float = 1e-5, rtol: float = 1e-4
) -> None:
    """Fail unless the tensor ``actual`` equals ``expected`` in shape and (closely) in value."""
    import torch

    if expected is None:
        if actual is None or (isinstance(actual, torch.Tensor) and not actual.abs().sum()):
            return
        raise Fail(
            f"{what_en} is {show(actual)}; expected None", f"{what_zh} 是 {show(actual)}；期望 None"
        )
    if actual is None:
        raise Fail(
            f"{what_en} is None; expected {show(expected)}",
            f"{what_zh} 是 None；期望 {show(expected)}",
        )
    if not isinstance(actual, torch.Tensor):
        actual = torch.as_tensor(actual)
    expected = torch.as_tensor(expected)
    if actual.shape != expected.shape:
        raise Fail(
            f"{what_en} has shape {tuple(actual.shape)}; expected {tuple(expected.shape)}",
            f"{what_zh} 的形状是 {tuple(actual.shape)}；期望 {tuple(expected.shape)}",
        )
    a, e = actual.detach().to(torch.float64), expected.detach().to(torch.float64)
    if not torch.allclose(a, e, atol=atol, rtol=rtol, equal_nan=False):
        raise Fail(
            f"{what_en} is {show(actual)}; expected {show(expected)}",
            f"{what_zh} 是 {show(actual)}；期望 {show(expected)}",
        )


def source_of(module: ModuleType) -> str:
    """The learner's source text (for the few checks that must see how something was written)."""
    return Path(module.__file__ or "").read_text(encoding="utf-8")


def snippet_helpers(topic: str) -> None:
    """Make the helper packages of ``snippets/<topic>/`` importable (the site's instruments)."""
    folder = str(ROOT / "snippets" / topic)
    if folder not in sys.path:
        sys.path.insert(0, folder)


class LiveNodes:
    """``with LiveNodes() as nodes: ...``, then ``nodes.live``: how many of the backward nodes
    created inside the block are still alive (the memory page's node census, applied to every
    operation the block runs)."""

    def __enter__(self) -> LiveNodes:
        import torch
        from torch.overrides import TorchFunctionMode
        from torch.utils._pytree import tree_flatten

        snippet_helpers("lifetime")
        from graphwatch import NodeCensus

        census = self.census = NodeCensus()

        class Tagger(TorchFunctionMode):
            def __torch_function__(
                self, func: Any, types: Any, args: Any = (), kwargs: Any = None
            ) -> Any:
                out = func(*args, **(kwargs or {}))
                tensors = [
                    t
                    for t in tree_flatten(out)[0]
                    if isinstance(t, torch.Tensor) and t.grad_fn is not None
                ]
                if tensors:
                    census.tag(*tensors)
                return out

        self.mode: Any = cast(Any, Tagger())
        self.mode.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.mode.__exit__(*exc)

    @property
    def live(self) -> int:
        import gc

        gc.collect()
        return int(self.census.live)
