"""A wrapper subclass as a parameter: optimizer.step() is one in-place op, and the subclass decides where it lands."""
import torch
from torch import nn
from torch.utils._pytree import tree_map_only


# --8<-- [start:stored]
class Stored(torch.Tensor):
    """A wrapper whose values live in a backing store (think: a file); each op works on a loaded copy."""

    write_back = False                                    # the fix, switched on below

    @staticmethod
    def __new__(cls, store):
        wrapper = torch.Tensor._make_wrapper_subclass(cls, store.shape, dtype=store.dtype)
        wrapper.store = store
        return wrapper

    __torch_function__ = torch._C._disabled_torch_function_impl

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        ops.append(str(func))
        loaded = []

        def load(t):
            loaded.append((t, t.store.clone()))           # "read it from the file"
            return loaded[-1][1]

        u_args, u_kwargs = tree_map_only(Stored, load, (args, kwargs or {}))
        out = func(*u_args, **u_kwargs)
        if func is torch.ops.aten.detach.default:
            return Stored(args[0].store)                  # an alias shares the store
        if func._schema.is_mutable and cls.write_back:    # add_, mul_, copy_, ...
            for t, copy in loaded:
                t.store.copy_(copy)                       # "write it back"
            return args[0]
        return tree_map_only(torch.Tensor, Stored, out)
# --8<-- [end:stored]


# --8<-- [start:step]
for write_back in (False, True):
    Stored.write_back = write_back
    ops = []
    p = nn.Parameter(Stored(torch.zeros(3)))              # no need to inherit from nn.Parameter
    optimizer = torch.optim.SGD([p], lr=0.5)
    (p * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
    ops.clear()
    optimizer.step()
    print(f"write_back={write_back!s:5}  step sent {ops}  store after the step: {p.store.tolist()}")
# --8<-- [end:step]
    assert p.store.tolist() == ([-0.5, -1.0, -1.5] if write_back else [0.0, 0.0, 0.0])
print(f"type(p) {type(p).__name__}, isinstance(p, nn.Parameter) {isinstance(p, nn.Parameter)}, "
      f"type(p.grad) {type(p.grad).__name__}, p._is_param {p._is_param}")
assert type(p) is Stored and isinstance(p, nn.Parameter)
