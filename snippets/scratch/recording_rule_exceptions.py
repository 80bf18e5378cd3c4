"""torch's recording rule has exceptions minigrad never meets: integer and boolean results, and
functions that read only an input's shape, dtype and device, record nothing."""
import torch

torch.manual_seed(0)
a = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)

# --8<-- [start:cases]
results = {
    "a * 2": a * 2,                          # the rule: an input requires grad
    "a.argmax()": a.argmax(),                # integer result
    "a > 0": a > 0,                          # boolean result
    "a.long()": a.long(),                    # integer result
    "torch.zeros_like(a)": torch.zeros_like(a),  # reads only a's shape, dtype, device
    "torch.randn_like(a)": torch.randn_like(a),
    "a.new_ones(2)": a.new_ones(2),
}
# --8<-- [end:cases]
for label, out in results.items():
    fn = type(out.grad_fn).__name__ if out.grad_fn is not None else None
    print(f"{label:<20} dtype={str(out.dtype).removeprefix('torch.'):<8} "
          f"requires_grad={out.requires_grad!s:<5} grad_fn={fn}")
    assert out.requires_grad == (label == "a * 2")
    assert (out.grad_fn is None) == (label != "a * 2")
