"""Freezing early layers stops recording there; a frozen later layer keeps only what its input gradient needs."""
import torch
from torch import nn

x = torch.randn(64, 256)


def make_model(activation):
    torch.manual_seed(0)
    blocks = [nn.Sequential(nn.Linear(256, 256), activation()) for _ in range(4)]
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
print(f"{'activation bytes saved':<22} {'with ReLU':>10} {'with GELU':>10}   blocks with gradients")
for label, frozen in [("nothing frozen", []), ("blocks 0-1 frozen", [0, 1]),
                      ("blocks 2-3 frozen", [2, 3]), ("blocks 0-3 frozen", [0, 1, 2, 3])]:
    for activation in [nn.ReLU, nn.GELU]:
        model = make_model(activation)
        for i in frozen:
            model[i].requires_grad_(False)
        saved, loss = saved_activation_bytes(model)
        loss.backward()
        results[label, activation.__name__] = saved
    trained = [i for i, block in enumerate(model)
               if any(p.grad is not None for p in block.parameters())]
    print(f"{label:<22} {results[label, 'ReLU']:>10,} {results[label, 'GELU']:>10,}   {trained}")
# --8<-- [end:compare]
assert results["blocks 2-3 frozen", "ReLU"] == results["nothing frozen", "ReLU"]
assert results["blocks 2-3 frozen", "GELU"] < results["nothing frozen", "GELU"]
for activation in ["ReLU", "GELU"]:
    assert results["blocks 0-1 frozen", activation] < results["nothing frozen", activation]
    assert results["blocks 0-3 frozen", activation] == 64 * 256 * 4   # only the last layer's input

# --8<-- [start:frozen_linear]
frozen_linear = nn.Linear(4, 4).requires_grad_(False)
shapes = []
with torch.autograd.graph.saved_tensors_hooks(lambda t: shapes.append(tuple(t.shape)) or t,
                                              lambda t: t):
    frozen_linear(torch.randn(2, 4, requires_grad=True))
print("a frozen Linear whose input requires grad saves tensors of shapes", shapes, "(its weight)")
# --8<-- [end:frozen_linear]
assert shapes == [(4, 4)]
