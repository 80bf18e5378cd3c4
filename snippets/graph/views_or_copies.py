"""Which operations return a view of their input and which return a copy, and three ways to tell."""
import torch

t = torch.arange(12.0)          # contiguous, 12 elements
m = t.view(3, 4)                # a view; its transpose is not contiguous
mt = m.t()


def shares_storage(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


# --8<-- [start:ops]
ops = {
    "t.view(3, 4)": lambda: t.view(3, 4),
    "t.reshape(3, 4)": lambda: t.reshape(3, 4),        # possible without copying
    "t[2:8:2]": lambda: t[2:8:2],
    "t.narrow(0, 2, 3)": lambda: t.narrow(0, 2, 3),
    "t[:1].expand(5)": lambda: t[:1].expand(5),
    "m.t()": lambda: m.t(),
    "m.diagonal()": lambda: m.diagonal(),
    "m.unbind()[1]": lambda: m.unbind()[1],
    "t.split(4)[1]": lambda: t.split(4)[1],
    "t.chunk(3)[1]": lambda: t.chunk(3)[1],
    "t.detach()": lambda: t.detach(),
    "mt.reshape(12)": lambda: mt.reshape(12),          # must copy
    "mt.contiguous()": lambda: mt.contiguous(),
    "t.contiguous()": lambda: t.contiguous(),          # already contiguous
    "t.clone()": lambda: t.clone(),
    "t[[0, 1]]": lambda: t[[0, 1]],                    # advanced indexing
}
print(f"{'expression':18} {'_is_view()':>10} {'_base is t':>10} {'same storage':>12} {'is t':>5}")
for expr, make in ops.items():
    out = make()
    print(f"{expr:18} {out._is_view()!s:>10} {(out._base is t)!s:>10} "
          f"{shares_storage(out, t)!s:>12} {(out is t)!s:>5}")
# --8<-- [end:ops]

views = [e for e in ops if e not in
         {"t.detach()", "mt.reshape(12)", "mt.contiguous()", "t.contiguous()", "t.clone()", "t[[0, 1]]"}]
for expr in views:
    out = ops[expr]()
    assert out._is_view() and out._base is t and shares_storage(out, t), expr
for expr in ["mt.reshape(12)", "mt.contiguous()", "t.clone()", "t[[0, 1]]"]:
    out = ops[expr]()
    assert not out._is_view() and out._base is None and not shares_storage(out, t), expr
assert t.contiguous() is t
assert not t.detach()._is_view() and shares_storage(t.detach(), t)

# --8<-- [start:reshape]
x = torch.ones(3, 4, requires_grad=True)
print("x.reshape(12).grad_fn:    ", x.reshape(12).grad_fn.name())
copied = x.t().reshape(12)
print("x.t().reshape(12).grad_fn:", copied.grad_fn.name(), "<-",
      copied.grad_fn.next_functions[0][0].name())
# --8<-- [end:reshape]
assert x.reshape(12).grad_fn.name() == "ViewBackward0"
assert copied.grad_fn.name() == "UnsafeViewBackward0"
assert copied.grad_fn.next_functions[0][0].name() == "CloneBackward0"
