"""minigrad against torch: random expressions, and the scheduling and lifetime claims.

The property tests build random expressions over the operations minigrad supports, on random
shapes that broadcast, evaluate them with minigrad and with torch in float64, run backward in
both, and compare the values and every leaf's gradient. Expression trees exercise the rules and
broadcasting; random DAGs, whose intermediates feed several later operations, exercise the input
buffers, with repeated backward calls (`retain_graph`, accumulation), `no_grad` blocks and
`detach`. The domain guards keep every input smooth and in the domain (see `evaluate`), so the
claim they check is: values and gradients match torch on smooth, in-domain expressions. The
edges of the domain are checked one by one further down.
"""

from __future__ import annotations

import doctest
import re
import sys
import warnings
from collections import Counter
from typing import Any

import minigrad
import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, event, find, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp
from minigrad import Tensor

RTOL = 1e-9
ATOL = 1e-12  # only matters for entries that cancel to (nearly) zero


# -- one interpreter, two libraries ---------------------------------------------------------
class MinigradOps:
    leaf = staticmethod(lambda arr, rg: Tensor(arr.copy(), requires_grad=rg))
    no_grad = staticmethod(minigrad.no_grad)
    sum = staticmethod(lambda t, axis, keep: t.sum(axis=axis, keepdims=keep))
    mean = staticmethod(lambda t, axis, keep: t.mean(axis=axis, keepdims=keep))
    permute = staticmethod(lambda t, axes: t.transpose(*axes))
    index = staticmethod(lambda t, idx: t[idx])
    values = staticmethod(lambda t: t.data)
    grad = staticmethod(lambda t: t.grad)


def _torch_index(idx: Any) -> Any:
    if isinstance(idx, tuple):
        return tuple(_torch_index(i) for i in idx)
    return torch.as_tensor(idx) if isinstance(idx, np.ndarray) else idx


def _reduce(t: torch.Tensor, how: str, axis: int | None, keep: bool) -> torch.Tensor:
    if axis is not None:
        return getattr(t, how)(dim=axis, keepdim=keep)
    whole = getattr(t, how)()  # over every axis; numpy's keepdims leaves each one as size 1
    return whole.reshape([1] * t.ndim) if keep else whole


class TorchOps:
    leaf = staticmethod(lambda arr, rg: torch.tensor(arr, dtype=torch.float64, requires_grad=rg))
    no_grad = staticmethod(torch.no_grad)
    sum = staticmethod(lambda t, axis, keep: _reduce(t, "sum", axis, keep))
    mean = staticmethod(lambda t, axis, keep: _reduce(t, "mean", axis, keep))
    permute = staticmethod(lambda t, axes: t.permute(*axes))
    index = staticmethod(lambda t, idx: t[_torch_index(idx)])
    values = staticmethod(lambda t: t.detach().numpy())
    grad = staticmethod(lambda t: None if t.grad is None else t.grad.numpy())


def evaluate(expr: Any, leaves: list[Any], ops: Any) -> Any:
    """Evaluate an expression tree. Domain guards are part of the tree's meaning, so both
    libraries see the same safe inputs: `log` and the bases of `**` and the divisors are
    `e*e + 0.5` (positive), `exp` and exponents go through `tanh` (bounded)."""
    kind = expr[0]
    if kind == "leaf":
        return leaves[expr[1] % len(leaves)]
    if kind == "unary":
        e = evaluate(expr[2], leaves, ops)
        name = expr[1]
        if name == "neg":
            return -e
        if name == "log":
            return (e * e + 0.5).log()
        if name == "exp":
            return e.tanh().exp()
        return getattr(e, name)()  # tanh, relu, sigmoid
    if kind == "binary":
        a, b = evaluate(expr[2], leaves, ops), evaluate(expr[3], leaves, ops)
        name = expr[1]
        if name == "add":
            return a + b
        if name == "sub":
            return a - b
        if name == "mul":
            return a * b
        if name == "div":
            return a / (b * b + 0.5)
        return (a * a + 0.5) ** b.tanh()  # pow with a tensor exponent
    if kind == "scalar":  # a Python number on the left or on the right
        name, c, left = expr[1], expr[2], expr[4]
        e = evaluate(expr[3], leaves, ops)
        if name == "add":
            return c + e if left else e + c
        if name == "sub":
            return c - e if left else e - c
        if name == "mul":
            return c * e if left else e * c
        if name == "div":
            return c / (e * e + 0.5) if left else e / c
        return abs(c) ** e.tanh() if left else (e * e + 0.5) ** c
    if kind == "reduce":  # keepdims=True keeps the result broadcastable with everything else
        e = evaluate(expr[3], leaves, ops)
        ndim = len(e.shape)
        axis = None if ndim == 0 or expr[2] is None else expr[2] % ndim
        return getattr(ops, expr[1])(e, axis, True)
    raise AssertionError(kind)


expressions = st.recursive(
    st.tuples(st.just("leaf"), st.integers(0, 2)),
    lambda inner: st.one_of(
        st.tuples(
            st.just("unary"),
            st.sampled_from(["neg", "log", "exp", "tanh", "relu", "sigmoid"]),
            inner,
        ),
        st.tuples(
            st.just("binary"), st.sampled_from(["add", "sub", "mul", "div", "pow"]), inner, inner
        ),
        st.tuples(
            st.just("scalar"),
            st.sampled_from(["add", "sub", "mul", "div", "pow"]),
            st.sampled_from([-1.5, 0.5, 2.0, 3.0]),
            inner,
            st.booleans(),
        ),
        st.tuples(
            st.just("reduce"),
            st.sampled_from(["sum", "mean"]),
            st.one_of(st.none(), st.integers(0, 2)),
            inner,
        ),
    ),
    max_leaves=6,
)

values = st.floats(-2, 2, allow_nan=False, allow_subnormal=False)


@st.composite
def leaves_for(draw: st.DrawFn, base: tuple[int, ...]) -> list[tuple[np.ndarray, bool]]:
    """1-3 arrays whose shapes broadcast to `base`: a suffix of it, some sizes set to 1."""
    found = []
    for _ in range(draw(st.integers(1, 3))):
        shape = base[draw(st.integers(0, len(base))) :]
        shape = tuple(1 if draw(st.booleans()) else n for n in shape)
        found.append((draw(hnp.arrays(np.float64, shape, elements=values)), draw(st.booleans())))
    if not any(rg for _, rg in found):
        found[0] = (found[0][0], True)
    return found


def check_close(ours: Any, theirs: Any, what: str) -> None:
    assert (ours is None) == (theirs is None), what
    if ours is not None:
        assert np.shape(ours) == np.shape(theirs), what
        np.testing.assert_allclose(ours, theirs, rtol=RTOL, atol=ATOL, err_msg=what)


def draw_tail(data: st.DataObject, shape: tuple[int, ...]) -> Any:
    """A shape-changing operation to apply after the broadcasting part, or None."""
    ndim = len(shape)
    choices = ["none", "reshape"] + (["permute", "matmul", "index"] if ndim else [])
    kind = data.draw(st.sampled_from(choices))
    if kind == "permute":
        return kind, tuple(data.draw(st.permutations(range(ndim))))
    if kind == "matmul":
        weight = data.draw(
            hnp.arrays(np.float64, (shape[-1], data.draw(st.integers(1, 3))), elements=values)
        )
        return kind, weight, data.draw(st.booleans())
    if kind == "index":
        n = shape[0]
        forms = ["int", "slice", "array"] + (["pair"] if ndim > 1 else [])
        form = data.draw(st.sampled_from(forms))
        if form == "int":
            return kind, data.draw(st.integers(-n, n - 1))
        if form == "slice":
            return kind, slice(data.draw(st.integers(0, n - 1)), None, data.draw(st.integers(1, 2)))
        rows = np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=5)))
        if form == "array":
            return kind, rows  # repeated rows: their gradients must add up
        cols = np.array(data.draw(st.lists(st.integers(0, shape[1] - 1), min_size=1, max_size=3)))
        return kind, (slice(None), cols)
    return (kind,)


def apply_tail(t: Any, tail: Any, ops: Any) -> Any:
    if tail[0] == "reshape":
        return t.reshape(-1)
    if tail[0] == "permute":
        return ops.permute(t, tail[1])
    if tail[0] == "matmul":
        weight = ops.leaf(tail[1], tail[2])
        return t @ weight, weight
    if tail[0] == "index":
        return ops.index(t, tail[1])
    return t


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.lists(st.integers(1, 3), max_size=3).map(tuple),
    expr=expressions,
    data=st.data(),
)
def test_random_expressions_match_torch(
    base: tuple[int, ...], expr: Any, data: st.DataObject
) -> None:
    arrays = data.draw(leaves_for(base))
    results = {}
    for ops in (MinigradOps, TorchOps):
        leaves = [ops.leaf(arr, rg) for arr, rg in arrays]
        results[ops] = (leaves, evaluate(expr, leaves, ops))
    shape = tuple(results[MinigradOps][1].shape)
    tail = draw_tail(data, shape)
    upstream = None
    for ops, (leaves, out) in results.items():
        out = apply_tail(out, tail, ops)
        if isinstance(out, tuple):  # matmul brought its own weight leaf
            out, weight = out
            leaves = [*leaves, weight]
        results[ops] = (leaves, out)
        if upstream is None:
            upstream = data.draw(st.sampled_from(["sum", "vector"]))
            vector = data.draw(hnp.arrays(np.float64, np.shape(ops.values(out)), elements=values))
        if not out.requires_grad:  # e.g. a weight that needs no grad, times constants
            continue
        if upstream == "sum":
            ops.sum(out, None, False).backward()
        else:
            out.backward(vector if ops is MinigradOps else torch.from_numpy(vector))
    (ours, ours_out), (theirs, theirs_out) = results[MinigradOps], results[TorchOps]
    check_close(MinigradOps.values(ours_out), TorchOps.values(theirs_out), "value")
    assert ours_out.requires_grad == theirs_out.requires_grad
    for i, (mine, ref) in enumerate(zip(ours, theirs, strict=True)):
        check_close(MinigradOps.grad(mine), TorchOps.grad(ref), f"grad of leaf {i}")


# -- random DAGs: every step may reuse any earlier value ----------------------------------
UNARY = ["neg", "log", "exp", "tanh", "relu", "sigmoid"]
BINARY = ["add", "sub", "mul", "div", "pow"]

steps = st.one_of(
    st.tuples(st.just("unary"), st.sampled_from(UNARY), st.integers(0, 99)),
    st.tuples(st.just("binary"), st.sampled_from(BINARY), st.integers(0, 99), st.integers(0, 99)),
    st.tuples(
        st.just("reduce"),
        st.sampled_from(["sum", "mean"]),
        st.one_of(st.none(), st.integers(0, 2)),
        st.integers(0, 99),
    ),
    st.tuples(st.just("detach"), st.integers(0, 99)),
    st.tuples(st.just("no_grad"), st.sampled_from(BINARY), st.integers(0, 99), st.integers(0, 99)),
)
programs = st.lists(steps, min_size=2, max_size=8)


def run_program(program: list[Any], leaves: list[Any], ops: Any) -> list[Any]:
    """Apply each step to values drawn from everything computed so far; return that pool.

    An index picks from the pool, so one intermediate can feed several later steps: the
    fan-out an expression tree never has. `no_grad` computes a step without recording,
    `detach` cuts the value off the graph; both give constants for the steps after them.
    """
    pool = list(leaves)
    for step in program:
        kind = step[0]
        if kind == "unary":
            value = evaluate(("unary", step[1], ("leaf", step[2] % len(pool))), pool, ops)
        elif kind == "binary":
            value = evaluate(
                ("binary", step[1], ("leaf", step[2] % len(pool)), ("leaf", step[3] % len(pool))),
                pool,
                ops,
            )
        elif kind == "reduce":
            value = evaluate(("reduce", step[1], step[2], ("leaf", step[3] % len(pool))), pool, ops)
        elif kind == "detach":
            value = pool[step[1] % len(pool)].detach()
        else:
            with ops.no_grad():
                value = evaluate(
                    (
                        "binary",
                        step[1],
                        ("leaf", step[2] % len(pool)),
                        ("leaf", step[3] % len(pool)),
                    ),
                    pool,
                    ops,
                )
        pool.append(value)
    return pool


def has_interior_fan_out(program: list[Any], n_leaves: int) -> bool:
    """Whether some computed value (not a leaf) is an operand of two or more later steps."""
    uses: Counter[int] = Counter()
    for i, step in enumerate(program):
        size = n_leaves + i
        operands = {
            "unary": step[2:3],
            "binary": step[2:4],
            "reduce": step[3:4],
            "detach": step[1:2],
            "no_grad": step[2:4],
        }[step[0]]
        for j in operands:
            uses[j % size] += 1
    interior_uses = [n for j, n in uses.items() if j >= n_leaves]
    # an operand used twice by one binary step (`h * h`) also gives two edges
    return any(n >= 2 for n in interior_uses)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    base=st.lists(st.integers(1, 3), max_size=3).map(tuple),
    program=programs,
    calls=st.lists(st.sampled_from(["sum", "vector"]), min_size=1, max_size=3),
    data=st.data(),
)
def test_random_dags_match_torch(
    base: tuple[int, ...], program: list[Any], calls: list[str], data: st.DataObject
) -> None:
    arrays = data.draw(leaves_for(base))
    event("interior fan-out" if has_interior_fan_out(program, len(arrays)) else "no fan-out")
    outputs, leaves = {}, {}
    for ops in (MinigradOps, TorchOps):
        leaves[ops] = [ops.leaf(arr, rg) for arr, rg in arrays]
        pool = run_program(program, leaves[ops], ops)
        # the output uses the last three values, so several branches meet at the end
        total = None
        for value in pool[-3:]:
            term = ops.sum(value, None, True)
            total = term if total is None else total + term
        outputs[ops] = total * pool[-1]  # pool[-1] again: its node gets two edges
    ours, theirs = outputs[MinigradOps], outputs[TorchOps]
    check_close(MinigradOps.values(ours), TorchOps.values(theirs), "value")
    assert ours.requires_grad == theirs.requires_grad
    if ours.requires_grad:
        vector = data.draw(hnp.arrays(np.float64, ours.shape, elements=values))
        for n, how in enumerate(calls):  # several backward calls accumulate into .grad
            retain = n < len(calls) - 1
            if how == "sum":
                ours.sum().backward(retain_graph=retain)
                theirs.sum().backward(retain_graph=retain)
            else:
                ours.backward(vector, retain_graph=retain)
                theirs.backward(torch.from_numpy(vector), retain_graph=retain)
            # torch may keep the incoming gradient itself as a leaf's first `.grad` instead of
            # a copy, even when it is a view: two leaves' `.grad` can then share one storage
            # (pytorch/pytorch#34082), and the next call's in-place accumulation into one
            # leaf shows in the other. The claim checked is the sum over the calls, so each
            # `.grad` gets its own storage before the next call.
            for ref in leaves[TorchOps]:
                if ref.grad is not None:
                    ref.grad = ref.grad.clone()
    grads = [MinigradOps.grad(mine) for mine in leaves[MinigradOps]]
    for i, (mine, ref) in enumerate(zip(grads, leaves[TorchOps], strict=True)):
        check_close(mine, TorchOps.grad(ref), f"grad of leaf {i}")
    held = [g for g in grads if g is not None]
    assert not any(np.shares_memory(a, b) for i, a in enumerate(held) for b in held[i + 1 :])


def test_dag_programs_do_share_interior_nodes() -> None:
    """The DAG strategy can produce the case it exists for: one intermediate, several uses."""
    found = find(programs, lambda p: has_interior_fan_out(p, 1))
    assert has_interior_fan_out(found, 1)


@settings(max_examples=100, deadline=None)
@given(
    a=hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=3), elements=values),
    b_cols=st.integers(1, 3),
    vector_a=st.booleans(),
    data=st.data(),
)
def test_matmul_with_vectors_and_batches_matches_torch(
    a: np.ndarray, b_cols: int, vector_a: bool, data: st.DataObject
) -> None:
    if vector_a:
        a = a.reshape(-1)
    k = a.shape[-1]
    batch = a.shape[0] if a.ndim == 3 else 2  # batch axes must broadcast: equal, or 1
    b_shape = data.draw(st.sampled_from([(k,), (k, b_cols), (1, k, b_cols), (batch, k, b_cols)]))
    b = data.draw(hnp.arrays(np.float64, b_shape, elements=values))
    grads = []
    for ops in (MinigradOps, TorchOps):
        x, w = ops.leaf(a, True), ops.leaf(b, True)
        out = x @ w
        ops.sum(out * out, None, False).backward()
        grads.append((ops.values(out), ops.grad(x), ops.grad(w)))
    for ours, theirs in zip(*grads, strict=True):
        check_close(ours, theirs, "matmul")


# -- the scheduling claims ------------------------------------------------------------------
def diamond(lib: Any) -> tuple[Any, Any, Any]:
    """h feeds two branches that meet again; x is also used directly: three paths to x."""
    x = lib.leaf(np.array([0.5, -1.0, 2.0]), True)
    w = lib.leaf(np.array([1.5, 0.25, -0.5]), True)
    h = x * w
    out = lib.sum(h.tanh() * h.exp() + x, None, False)
    return x, w, out


def torch_schedule(out: torch.Tensor) -> list[str]:
    """Names of the nodes torch's engine runs, in order, via a pre-hook on every node."""
    ran: list[str] = []
    seen, stack = set(), [out.grad_fn]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        node.register_prehook(lambda grads, node=node: ran.append(type(node).__name__))
        stack.extend(n for n, _ in node.next_functions if n is not None)
    out.backward()
    return ran


def test_diamond_runs_every_node_once_in_torchs_order() -> None:
    x, w, out = diamond(MinigradOps)
    graph = minigrad.count_dependencies(out.grad_fn)
    with minigrad.record_schedule() as ran:
        out.backward()
    assert Counter(ran) == Counter(list(graph))  # every reachable node, each exactly once
    assert len(ran) == 8  # sum, add, mul, exp, tanh, mul, and the two leaves
    assert graph[x.grad_fn or x.gradient_edge()] == 2  # x: from h and from the final add
    tx, tw, tout = diamond(TorchOps)
    names = torch_schedule(tout)
    assert [re.sub(r"\d+$", "", n) for n in names] == [n.name() for n in ran]
    check_close(x.grad, tx.grad.numpy(), "x")
    check_close(w.grad, tw.grad.numpy(), "w")


def test_gradients_from_all_paths_are_summed_before_the_node_runs() -> None:
    x = Tensor([1.0, 2.0, 3.0], requires_grad=True)
    h = x * 2.0
    out = (h * h + 3 * h).sum()  # h reaches out along three edges
    seen: list[np.ndarray] = []
    node = h.grad_fn
    assert node is not None
    rule = node._vjp
    node._vjp = lambda g, *saved: (seen.append(g.copy()), rule(g, *saved))[1]
    out.backward()
    assert len(seen) == 1  # one call, with the sum of the three contributions: 2h + 3
    np.testing.assert_allclose(seen[0], 2 * h.data + 3)
    np.testing.assert_allclose(x.grad, 2 * (2 * h.data + 3))


def test_second_backward_raises_unless_retained() -> None:
    tx = torch.tensor([1.0, 2.0], requires_grad=True)
    ty = tx.exp().sum()
    ty.backward()
    with pytest.raises(RuntimeError) as torch_error:
        ty.backward()
    x = Tensor([1.0, 2.0], requires_grad=True)
    y = x.exp().sum()
    y.backward()
    with pytest.raises(RuntimeError) as ours:
        y.backward()
    assert str(ours.value) == str(torch_error.value)
    assert str(ours.value).startswith("Trying to backward through the graph a second time")

    z = x.exp().sum()
    x.grad = None
    z.backward(retain_graph=True)
    z.backward()  # allowed once more: the first call kept the saved arrays
    np.testing.assert_allclose(x.grad, 2 * np.exp(x.data))
    with pytest.raises(RuntimeError, match="second time"):
        z.backward()


def test_graph_without_saved_arrays_runs_twice_as_in_torch() -> None:
    x, tx = Tensor([1.0, 2.0], requires_grad=True), torch.ones(2, requires_grad=True)
    y, ty = (x + 1).sum(), (tx + 1).sum()
    for _ in range(2):
        y.backward()
        ty.backward()  # torch: AddBackward0 and SumBackward0 keep no tensors either
    np.testing.assert_array_equal(x.grad, [2.0, 2.0])
    np.testing.assert_array_equal(x.grad, tx.grad.numpy())


def test_backward_frees_saved_arrays() -> None:
    x = Tensor([1.0, 2.0], requires_grad=True)
    y = x.tanh()
    node = y.grad_fn
    assert node is not None and len(node.saved) == 1
    y.sum().backward()
    with pytest.raises(RuntimeError, match="already been freed"):
        _ = node.saved


def test_no_grad_records_nothing() -> None:
    x, tx = Tensor([1.0, 2.0], requires_grad=True), torch.ones(2, requires_grad=True)
    with minigrad.no_grad(), torch.no_grad():
        assert not minigrad.is_grad_enabled()
        y, ty = x * 2 + 1, tx * 2 + 1
    assert minigrad.is_grad_enabled()
    for t in (y, ty):
        assert t.grad_fn is None and t.is_leaf and not t.requires_grad
    assert (x * 2).grad_fn is not None  # recording resumes after the block


CASES = {  # name -> (requires_grad of a, requires_grad of b, expression)
    "both": (True, True, lambda a, b: a * b),
    "one": (True, False, lambda a, b: a + b),
    "neither": (False, False, lambda a, b: a - b),
    "scalar": (False, True, lambda a, b: 2.0 * b),
    "chain": (True, False, lambda a, b: (a * b).exp() / b),
}


@pytest.mark.parametrize("case", CASES)
def test_leaf_and_requires_grad_rules_match_torch(case: str) -> None:
    rg_a, rg_b, fn = CASES[case]
    seen = []
    for ops in (MinigradOps, TorchOps):
        a, b = ops.leaf(np.array([1.0, 2.0]), rg_a), ops.leaf(np.array([3.0, 4.0]), rg_b)
        c = fn(a, b)
        row = [(t.is_leaf, t.requires_grad, t.grad_fn is None) for t in (a, b, c)]
        if c.requires_grad:
            ops.sum(c, None, False).backward()
        with warnings.catch_warnings():  # torch warns when a non-leaf's .grad is read
            warnings.simplefilter("ignore")
            grads = [t.grad is None for t in (a, b, c)]  # a non-leaf's .grad stays None
        seen.append((row, grads))
    assert seen[0] == seen[1]


def test_error_messages_match_torch() -> None:
    def message(fn: Any) -> str:
        with pytest.raises(RuntimeError) as error:
            fn()
        return str(error.value)

    x, tx = Tensor([1.0, 2.0], requires_grad=True), torch.ones(2, requires_grad=True)
    assert message(lambda: (x * 2).backward()) == message(lambda: (tx * 2).backward())
    assert message(lambda: (x * 2).backward()).startswith("grad can be implicitly created")
    assert message(lambda: Tensor([1.0]).backward()) == message(lambda: torch.ones(1).backward())


def test_gradients_accumulate_across_calls() -> None:
    x = Tensor([1.0, -2.0], requires_grad=True)
    for _ in range(3):
        (x * x).sum().backward()
    np.testing.assert_allclose(x.grad, 3 * 2 * x.data)


def test_sum_to_undoes_broadcasting() -> None:
    grad = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(minigrad.sum_to(grad, (3,)), [3.0, 5.0, 7.0])
    np.testing.assert_array_equal(minigrad.sum_to(grad, (2, 1)), [[3.0], [12.0]])
    np.testing.assert_array_equal(minigrad.sum_to(grad, ()), 15.0)


@pytest.mark.parametrize("module", ["minigrad", "minigrad.engine"])  # the modules with examples
def test_docstring_examples_run(module: str) -> None:
    result = doctest.testmod(sys.modules[module])
    assert result.attempted > 0 and result.failed == 0


# -- edges of the domain, one by one --------------------------------------------------------
def test_rule_returning_none_for_an_input_with_an_edge_behaves_like_torch() -> None:
    """torch passes an undefined gradient on; AccumulateGrad then leaves `.grad` alone."""

    class NoGrad(torch.autograd.Function):
        @staticmethod
        def forward(ctx: Any, x: torch.Tensor) -> torch.Tensor:
            return x * 2

        @staticmethod
        def backward(ctx: Any, grad: torch.Tensor) -> None:
            return None

    tx = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    (NoGrad.apply(tx).sum() + (tx * 0).sum() * 0).backward()  # tx also reached by a real path
    ty = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    NoGrad.apply(ty).sum().backward()

    x = Tensor([1.0, 2.0], requires_grad=True)
    (
        Tensor._make(x.data * 2, (x,), "NoGrad", lambda g: (None,)).sum() + (x * 0).sum() * 0
    ).backward()
    y = Tensor([1.0, 2.0], requires_grad=True)
    with minigrad.record_schedule() as ran:
        Tensor._make(y.data * 2, (y,), "NoGrad", lambda g: (None,)).sum().backward()
    check_close(x.grad, tx.grad.numpy(), "x")
    assert y.grad is None and ty.grad is None
    assert [node.name() for node in ran] == ["SumBackward", "NoGrad", "AccumulateGrad"]


def test_pow_at_zero_follows_torchs_conventions() -> None:
    a = np.array([0.0, 0.0, 0.0, 2.0, 0.0])
    b = np.array([0.0, 1.0, 2.0, 0.0, -1.0])
    grads = []
    for ops in (MinigradOps, TorchOps):
        ta, tb = ops.leaf(a, True), ops.leaf(b, True)
        ops.sum(ta**tb, None, False).backward()
        grads.append((ops.grad(ta), ops.grad(tb)))
    (ours_a, ours_b), (theirs_a, theirs_b) = grads
    np.testing.assert_array_equal(ours_a, theirs_a)  # d/da is 0 where b == 0, even at a == 0
    np.testing.assert_array_equal(ours_b, theirs_b)  # d/db is 0 where a == 0 <= b; -inf below
    assert ours_b[0] == 0.0 and ours_a[0] == 0.0


def test_reducing_a_0d_tensor_over_dimension_0_works_as_in_torch() -> None:
    for axis in (0, -1):
        x, tx = Tensor(2.0, requires_grad=True), torch.tensor(2.0, requires_grad=True)
        x.sum(axis=axis).backward()
        tx.sum(dim=axis).backward()
        check_close(x.grad, tx.grad.numpy(), f"sum over {axis}")
    with pytest.raises(IndexError) as ours:
        Tensor(2.0).sum(axis=1)
    with pytest.raises(IndexError) as theirs:
        torch.tensor(2.0).sum(dim=1)
    assert str(ours.value) == str(theirs.value)


def test_sum_to_rejects_a_gradient_broadcasting_cannot_explain() -> None:
    for grad_shape, shape in [((2, 3), (2,)), ((2, 3), (4, 3)), ((3,), (2, 3))]:
        with pytest.raises(RuntimeError, match="invalid gradient"):
            minigrad.sum_to(np.ones(grad_shape), shape)
    bad = Tensor([1.0, 2.0], requires_grad=True)
    wrong = Tensor._make(bad.data * 2, (bad,), "Wrong", lambda g: (np.ones((2, 3)),))
    with pytest.raises(RuntimeError, match=r"got \[2, 3\] but expected shape compatible"):
        wrong.sum().backward()


def test_accumulation_adds_in_place_like_torch() -> None:
    x, tx = Tensor([1.0, 2.0], requires_grad=True), torch.ones(2, requires_grad=True)
    (x * x).sum().backward()
    (tx * tx).sum().backward()
    held, theirs = x.grad, tx.grad
    (x * x).sum().backward()
    (tx * tx).sum().backward()
    assert held is x.grad and theirs is tx.grad  # the same array, now holding the sum
    np.testing.assert_allclose(held, 4 * x.data)


def test_leaves_never_share_a_grad_array() -> None:
    """`a + b` sends one gradient array to both leaves; each `.grad` is a copy of its own, so
    accumulating into one leaf never changes the other (torch's engine may store the incoming
    gradient itself, which can alias: pytorch/pytorch#34082)."""
    a, b = Tensor(0.0, requires_grad=True), Tensor(1.0, requires_grad=True)
    y = a + b
    y.backward(retain_graph=True)
    assert a.grad is not None and b.grad is not None
    assert not np.shares_memory(a.grad, b.grad)
    y.backward()
    np.testing.assert_array_equal([a.grad, b.grad], [2.0, 2.0])
