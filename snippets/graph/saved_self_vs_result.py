"""What a backward node keeps: pow keeps its input x itself, exp keeps its own result."""
import torch
from fieldkit import save_svg
from fieldkit.autograd_graph import draw

x = torch.tensor([0.0, 1.0, 2.0], requires_grad=True)

# --8<-- [start:pow]
y = x.pow(2)                                   # d/dx x^2 = 2x: needs x
print("PowBackward0 saves:", sorted(k for k in dir(y.grad_fn) if k.startswith("_saved_")))
print("  _saved_self is x:", y.grad_fn._saved_self is x,
      "  _saved_exponent:", y.grad_fn._saved_exponent)
# --8<-- [end:pow]
assert y.grad_fn._saved_self is x and y.grad_fn._saved_exponent == 2

# --8<-- [start:exp]
z = x.exp()                                    # d/dx e^x = e^x: needs the result
saved = z.grad_fn._saved_result
print("ExpBackward0 saves:", sorted(k for k in dir(z.grad_fn) if k.startswith("_saved_")))
print("  _saved_result is z:", saved is z,
      "  equal:", torch.equal(saved, z),
      "  same memory:", saved.data_ptr() == z.data_ptr())
# --8<-- [end:exp]
assert saved is not z and torch.equal(saved, z) and saved.data_ptr() == z.data_ptr()

# --8<-- [start:others]
def saved_summary(node):
    parts = []
    for key in sorted(k for k in dir(node) if k.startswith("_saved_")):
        value = getattr(node, key)
        shown = f"<tensor {list(value.shape)}>" if isinstance(value, torch.Tensor) else repr(value)
        parts.append(f"{key.removeprefix('_saved_')}={shown}")
    return ", ".join(parts)


for label, out in [("x + 1", x + 1), ("x * 3", x * 3), ("x.sin()", x.sin()),
                   ("x.sigmoid()", x.sigmoid()), ("x.relu()", x.relu()), ("x.sum()", x.sum())]:
    print(f"{label:<12} {type(out.grad_fn).__name__:<17} {saved_summary(out.grad_fn)}")
# --8<-- [end:others]

out = y + z
save_svg("graph", draw(out, params={"x": x, "out": out}, title="out = x.pow(2) + x.exp()"))
