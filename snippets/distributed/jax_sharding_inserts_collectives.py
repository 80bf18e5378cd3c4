"""One single-device matmul, three sharding annotations: the compiler writes the communication."""
import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"   # 4 CPU devices, before jax
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-permute")


def collectives(hlo_text):
    """Count the communication instructions in compiled HLO text."""
    found = re.findall(r"= \S+ (" + "|".join(COLLECTIVES) + r")(?:-start)?\(", hlo_text)
    return {name: found.count(name) for name in COLLECTIVES if name in found} or "none"


# --8<-- [start:shard]
mesh = Mesh(np.array(jax.devices()), axis_names=("d",))      # 4 devices in a row, axis "d"


def matmul(x, w):                                            # written for one device
    return x @ w


x = jnp.arange(64.0).reshape(8, 8)
w = jnp.ones((8, 4))
layouts = {                                   # (x's PartitionSpec, w's PartitionSpec)
    "batch rows of x split":       (P("d", None), P(None, None)),
    "contracted dimension split":  (P(None, "d"), P("d", None)),
    "columns of w split":          (P(None, None), P(None, "d")),
}
for label, (x_spec, w_spec) in layouts.items():
    xs = jax.device_put(x, NamedSharding(mesh, x_spec))
    ws = jax.device_put(w, NamedSharding(mesh, w_spec))
    compiled = jax.jit(matmul).lower(xs, ws).compile()
    y = compiled(xs, ws)
    assert jnp.array_equal(y, x @ w)                         # same numbers as on one device
    print(f"{label:27}  output {str(y.sharding.spec):13} shard {y.addressable_shards[0].data.shape}"
          f"  collectives: {collectives(compiled.as_text())}")
# --8<-- [end:shard]

assert len(jax.devices()) == 4
print("\ndevices:", len(jax.devices()), "| sharding propagation by Shardy:",
      jax.config.jax_use_shardy_partitioner)
