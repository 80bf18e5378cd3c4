"""The gradient autograd makes up for an unused output is a plain Tensor, even when the output is a DTensor."""
import torch
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import Shard, distribute_tensor
from torch.testing._internal.distributed.fake_pg import FakeStore

# One process pretends to be rank 0 of 2 (see dtensor_sharding_rules.py): no data moves.
dist.init_process_group("fake", store=FakeStore(), rank=0, world_size=2)
mesh = init_device_mesh("cpu", (2,))
x = distribute_tensor(torch.randn(4, 4), mesh, [Shard(0)]).requires_grad_()


# --8<-- [start:eager]
class SinCos(torch.autograd.Function):              # one node, two outputs
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.sin(), x.cos()

    @staticmethod
    def backward(ctx, grad_sin, grad_cos):
        print(f"backward got: grad_sin {type(grad_sin).__name__} {tuple(grad_sin.shape)}, "
              f"grad_cos {type(grad_cos).__name__} {tuple(grad_cos.shape)}")
        (x,) = ctx.saved_tensors
        return grad_sin * x.cos() - grad_cos * x.sin()


sin, cos = SinCos.apply(x)
try:
    sin.sum().backward()                            # cos is never used
except RuntimeError as err:
    print("RuntimeError:", str(err).split("!")[0])
# --8<-- [end:eager]
else:
    raise AssertionError("expected the mixed Tensor/DTensor error")


# --8<-- [start:compiled]
def sin_cos(x):
    return x.sin(), x.cos()


def sin_cos_detached(x):
    return x.sin(), x.cos().detach()                # this output is not differentiated


failed = []
for fn in (sin_cos, sin_cos_detached):
    torch._dynamo.reset()
    x.grad = None
    sin, cos = torch.compile(fn, backend="aot_eager")(x)
    try:
        sin.sum().backward()
        print(f"{fn.__name__:17} compiled: x.grad is a {type(x.grad).__name__} {x.grad.placements}")
    except RuntimeError as err:
        failed.append(fn.__name__)
        lines = [line for line in str(err).splitlines() if line]
        print(f"{fn.__name__:17} compiled: RuntimeError:", *lines[2:5], lines[5], sep="\n    ")
# --8<-- [end:compiled]
assert failed == ["sin_cos"]
assert x.grad is not None and x.grad.placements == (Shard(0),)
dist.destroy_process_group()
