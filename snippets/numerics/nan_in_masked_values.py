"""A NaN in a masked-out position still reaches the output: the weight is 0, and 0 * NaN is NaN."""
import torch
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode


class Kernels(TorchDispatchMode):
    """Records the attention kernels that run."""

    def __init__(self):
        super().__init__()
        self.seen = set()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if "attention" in func.__name__:
            self.seen.add(func.__name__)
        return func(*args, **(kwargs or {}))


torch.manual_seed(0)
q, k = torch.randn(1, 3, 4), torch.randn(1, 3, 4)
v = torch.randn(1, 3, 4)
allowed = torch.tensor([True, True, False]).expand(3, 3)   # nobody attends to position 2

# --8<-- [start:nan]
for garbage in [float("nan"), 1e30]:
    padded = v.clone()
    padded[0, 2] = garbage                      # padding position 2 holds garbage
    for shape in ["3-D", "4-D"]:                # 4-D inputs use the CPU's flash kernel
        args = (q, k) if shape == "3-D" else (q[None], k[None])
        clean = F.scaled_dot_product_attention(*args, v if shape == "3-D" else v[None],
                                               attn_mask=allowed)
        out = F.scaled_dot_product_attention(*args, padded if shape == "3-D" else padded[None],
                                             attn_mask=allowed)
        print(f"{garbage:g} at a masked position, {shape}: NaN in the output: "
              f"{out.isnan().any().item()!s:5}  output changed: {not torch.equal(out, clean)}")
        assert torch.equal(out, clean) == (garbage == 1e30)
with_nan = v.clone()
with_nan[0, 2] = float("nan")
zeroed = F.scaled_dot_product_attention(q, k, with_nan.masked_fill(~allowed[0, :, None], 0.0),
                                        attn_mask=allowed)
print("NaN zeroed before attention: NaN in the output:", zeroed.isnan().any().item())
print("0.0 * nan =", 0.0 * float("nan"), "  0.0 * 1e30 =", 0.0 * 1e30)
# --8<-- [end:nan]
assert not zeroed.isnan().any()
kernels = Kernels()
with kernels:
    F.scaled_dot_product_attention(q[None], k[None], v[None], attn_mask=allowed)
assert kernels.seen == {"_scaled_dot_product_flash_attention_for_cpu.default"}
