"""An in-place op is an error only if it overwrites a tensor that some backward node saved."""
import torch

OPS = {"h + 1": lambda h: h + 1, "h.sin()": torch.sin, "h.exp()": torch.exp,
       "h.sigmoid()": torch.sigmoid}


# --8<-- [start:probe]
def probe(label, overwrite):
    """y = OPS[label](h), then multiply `overwrite` ("y" or "h") by 2 in place, then backward."""
    x = torch.tensor([0.5, 1.5], requires_grad=True)
    h = x * 1                                   # a non-leaf, so in-place on it is allowed
    y = OPS[label](h)
    saved = [k.removeprefix("_saved_") for k in dir(y.grad_fn)
             if k.startswith("_saved_") and isinstance(getattr(y.grad_fn, k), torch.Tensor)]
    (y if overwrite == "y" else h).mul_(2)
    try:
        y.sum().backward()
        outcome = "backward ok"
    except RuntimeError as error:
        assert "modified by an inplace operation" in str(error)
        outcome = "RuntimeError: modified by an inplace operation"
    print(f"y = {label:<12} saves {', '.join(saved) or 'no tensor':<10} "
          f"{overwrite}.mul_(2) -> {outcome}")
    return outcome == "backward ok"
# --8<-- [end:probe]


# --8<-- [start:table]
expected = {  # (label, what is overwritten): does backward still work?
    ("h + 1", "y"): True,  ("h + 1", "h"): True,         # nothing saved at all
    ("h.sin()", "y"): True, ("h.sin()", "h"): False,     # sin saved its input h
    ("h.exp()", "y"): False, ("h.exp()", "h"): True,     # exp saved its result y
    ("h.sigmoid()", "y"): False, ("h.sigmoid()", "h"): True,
}
for (label, overwrite), works in expected.items():
    assert probe(label, overwrite) == works
# --8<-- [end:table]

# the example usually quoted, literally: a leaf x, y = x + 1, then y.mul_(2)
# --8<-- [start:literal]
x = torch.tensor([0.5, 1.5], requires_grad=True)
y = x + 1
y.mul_(2)
y.sum().backward()
print("y = x + 1; y.mul_(2): backward ok, x.grad =", x.grad)
# --8<-- [end:literal]
assert torch.equal(x.grad, torch.tensor([2.0, 2.0]))

# when backward works, the gradient is the right one: y.mul_(2) is recorded like y * 2
x = torch.tensor([0.5, 1.5], requires_grad=True)
y = torch.sin(x * 1)
before = y.grad_fn
y.mul_(2)
print("y.grad_fn after y.mul_(2):", type(y.grad_fn).__name__,
      "whose input is the old", type(y.grad_fn.next_functions[0][0]).__name__)
assert y.grad_fn.next_functions[0][0] is before
y.sum().backward()
print("y = sin(h); y.mul_(2): x.grad =", x.grad, "== 2*cos(x):",
      torch.allclose(x.grad, 2 * x.detach().cos()))
assert torch.allclose(x.grad, 2 * x.detach().cos())
