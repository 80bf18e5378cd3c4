"""Three pack/unpack policies for the same MLP, with the exact bytes each one keeps for backward."""
import os
import tempfile
import uuid
import weakref

import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(),
                            torch.nn.Linear(256, 256), torch.nn.ReLU(),
                            torch.nn.Linear(256, 1))
batch = torch.randn(32, 64)
param_storages = {p.untyped_storage().data_ptr() for p in model.parameters()}


def is_param(t):
    return t.untyped_storage().data_ptr() in param_storages


# --8<-- [start:policies]
class KeepAsIs:                        # what autograd does without hooks: keep a reference
    def pack(self, t):
        return t.detach()

    def unpack(self, t):
        return t


class HalfCopy:                        # store each saved activation as a float16 copy
    def pack(self, t):
        return t if is_param(t) else (t.dtype, t.detach().half())

    def unpack(self, packed):
        if isinstance(packed, torch.Tensor):
            return packed
        dtype, half = packed
        return half.to(dtype)


class SharedHalfCopy(HalfCopy):        # ... but one copy per activation, however often saved
    def __init__(self):
        self.copies = {}

    def pack(self, t):
        if is_param(t):
            return t
        key = (t.untyped_storage().data_ptr(), t.storage_offset(), t.shape, t.stride())
        seen = self.copies.get(key)
        if seen is None or seen[0]() is None:  # new, or a freed tensor whose memory was reused
            self.copies[key] = (weakref.ref(t), (t.dtype, t.detach().half()))
        return self.copies[key][1]


class ToDisk:                          # write activations to files, read them back in backward
    def __init__(self, folder):
        self.folder = folder

    def pack(self, t):
        if is_param(t):
            return t
        path = os.path.join(self.folder, f"{uuid.uuid4().hex}.pt")
        torch.save(t.detach(), path)
        return path

    def unpack(self, packed):
        if isinstance(packed, torch.Tensor):
            return packed
        return torch.load(packed, weights_only=True)
# --8<-- [end:policies]


def run(policy):
    packed = []

    def pack(t):
        packed.append(policy.pack(t))
        return packed[-1]

    model.zero_grad(set_to_none=True)
    with torch.autograd.graph.saved_tensors_hooks(pack, policy.unpack):
        loss = model(batch).square().mean()
    held = {}                          # storage -> bytes, for tensors the graph keeps in memory
    for p in packed:
        t = p[1] if isinstance(p, tuple) else p
        if isinstance(t, torch.Tensor) and not is_param(t):
            held[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
    files = [p for p in packed if isinstance(p, str)]
    loss.backward()
    grads = [p.grad.clone() for p in model.parameters()]
    return len(packed), sum(held.values()), files, grads


print(f"{'policy':<16}{'pack calls':>10}{'bytes held in memory':>22}   gradients vs. KeepAsIs")
rows = {}
with tempfile.TemporaryDirectory() as folder:
    for policy in [KeepAsIs(), HalfCopy(), SharedHalfCopy(), ToDisk(folder)]:
        name = type(policy).__name__
        packs, held, files, grads = rows[name] = run(policy)
        reference = rows["KeepAsIs"][3]
        if name == "KeepAsIs":
            versus = "(reference)"
        elif all(torch.equal(a, b) for a, b in zip(grads, reference, strict=True)):
            versus = "identical"
        else:
            error = max((a - b).abs().max().item() for a, b in zip(grads, reference, strict=True))
            versus = f"max abs difference {error:.1e}"
        print(f"{name:<16}{packs:>10}{held:>22,}   {versus}")
    written = sum(torch.load(f, weights_only=True).nbytes for f in rows["ToDisk"][2])
print(f"ToDisk wrote {len(rows['ToDisk'][2])} files holding {written:,} bytes of tensor data")

kept = rows["KeepAsIs"][1]
assert rows["HalfCopy"][1] == written // 2 > kept // 2          # a copy per pack call
assert rows["SharedHalfCopy"][1] == kept // 2                   # a copy per activation
assert rows["ToDisk"][1] == 0
