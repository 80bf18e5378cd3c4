"""Freezing early layers stops recording there; freezing late layers saves no activation memory at all."""
import torch
from torch import nn

x = torch.randn(64, 256)


def make_model():
    torch.manual_seed(0)
    blocks = [nn.Sequential(nn.Linear(256, 256), nn.ReLU()) for _ in range(4)]
    return nn.Sequential(*blocks, nn.Linear(256, 10))


def saved_activation_bytes(model):
    """Bytes of the tensors autograd saves for backward, parameters left out (they exist anyway)."""
    parameters = {p.data_ptr() for p in model.parameters()}
    saved = {}

    def pack(t):
        if t.data_ptr() not in parameters:
            saved[t.data_ptr()] = t.numel() * t.element_size()   # counted once, however often saved
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = model(x).sum()
    return sum(saved.values()), loss


# --8<-- [start:compare]
results = {}
for label, frozen in [("nothing frozen", []), ("blocks 0-1 frozen", [0, 1]),
                      ("blocks 2-3 frozen", [2, 3]), ("blocks 0-3 frozen", [0, 1, 2, 3])]:
    model = make_model()
    for i in frozen:
        model[i].requires_grad_(False)
    saved, loss = saved_activation_bytes(model)
    loss.backward()
    trained = [i for i, block in enumerate(model)
               if any(p.grad is not None for p in block.parameters())]
    results[label] = saved
    print(f"{label:<18} activations saved: {saved:>7,} bytes   blocks with gradients: {trained}")
# --8<-- [end:compare]
assert results["blocks 2-3 frozen"] == results["nothing frozen"]
assert results["blocks 0-1 frozen"] < results["nothing frozen"]
assert results["blocks 0-3 frozen"] == 64 * 256 * 4           # only the last layer's input
