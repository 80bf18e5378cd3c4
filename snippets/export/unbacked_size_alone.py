"""A size read from data needs no torch._check when nothing tests it: slicing and allocating with it export."""
import logging

import torch
from torch.export import export

torch._logging.set_logs(dynamic=logging.ERROR)  # mute a timestamped log line


class SliceHead(torch.nn.Module):
    def forward(self, x, k):
        n = k.item()            # unbacked: no example value to reason from
        return x[:n] * 2, torch.zeros(n)


x, k = torch.arange(8.0), torch.tensor(4)
ep = export(SliceHead(), (x, k))
print("exported; range constraints:", ep.range_constraints)
for value in (1, 5):
    got = ep.module()(x, torch.tensor(value))
    want = SliceHead()(x, torch.tensor(value))
    assert all(torch.equal(g, w) for g, w in zip(got, want, strict=True))
    print(f"k = {value}: shapes {tuple(got[0].shape)} and {tuple(got[1].shape)}, as in eager")
