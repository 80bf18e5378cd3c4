"""What backward costs: about twice the forward's matrix arithmetic, and activation memory that
grows with the batch while the parameters stay the same."""
import torch
from torch.utils.flop_counter import FlopCounterMode

torch.manual_seed(0)
mlp = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(),
                          torch.nn.Linear(512, 512), torch.nn.ReLU(),
                          torch.nn.Linear(512, 10))
param_bytes = sum(p.nbytes for p in mlp.parameters())
params = {p.untyped_storage().data_ptr() for p in mlp.parameters()}


def step(batch):
    x = torch.randn(batch, 256)                  # data: needs no gradient
    saved = {}                                   # storage -> bytes, parameters excluded

    def pack(t):
        if t.untyped_storage().data_ptr() not in params:
            saved[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t

    # --8<-- [start:count]
    with (
        FlopCounterMode(display=False) as forward,       # counts matrix products only
        torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t),
    ):
        loss = mlp(x).square().mean()
    with FlopCounterMode(display=False) as backward:
        loss.backward()
    # --8<-- [end:count]
    ops = sorted({str(op) for counts in backward.get_flop_counts().values() for op in counts})
    return forward.get_total_flops(), backward.get_total_flops(), sum(saved.values()), ops


print(f"parameters: {param_bytes:,} bytes (the same for every batch size)")
print(f"{'batch':>6}{'forward FLOPs':>16}{'backward FLOPs':>16}{'ratio':>7}{'saved for backward':>20}")
rows = {}
for batch in (64, 128):
    rows[batch] = fwd, bwd, saved, ops = step(batch)
    print(f"{batch:>6}{fwd:>16,}{bwd:>16,}{bwd / fwd:>7.2f}{saved:>14,} bytes")
print("backward's matrix products:", ", ".join(ops))

fwd, bwd, saved, _ = rows[64]
first = 2 * 64 * 256 * 512                       # the first layer's product, 2 FLOPs a multiply-add
assert bwd == 2 * fwd - first                    # two products per layer, none for the data's gradient
assert 1.5 < bwd / fwd < 2
assert rows[128][2] == 2 * saved                 # activations scale with the batch ...
assert rows[128][0] == 2 * fwd                   # ... and so does the arithmetic
