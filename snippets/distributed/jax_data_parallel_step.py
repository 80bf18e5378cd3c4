"""A data-parallel training step in JAX: the gradient all-reduce is an instruction the compiler wrote."""
# snippet: timeout=120
import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=4"   # 4 CPU devices, before jax
import re

import jax
import jax.numpy as jnp
import numpy as np
from fieldkit import measured
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

# --8<-- [start:step]
mesh = Mesh(np.array(jax.devices()), axis_names=("batch",))
replicated, by_batch = NamedSharding(mesh, P()), NamedSharding(mesh, P("batch"))


def loss_fn(params, x, y):                                     # single-device code
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    return jnp.mean((h @ params["w2"] + params["b2"] - y) ** 2)


k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
params = {"w1": jax.random.normal(k1, (16, 32)), "b1": jnp.zeros(32),
          "w2": jax.random.normal(k2, (32, 1)), "b2": jnp.zeros(1)}
params = jax.device_put(params, replicated)                    # every device holds all weights
x = jax.device_put(jax.random.normal(k3, (64, 16)), by_batch)   # each device holds 16 examples
y = jax.device_put(jnp.ones((64, 1)), by_batch)

traced_shapes = []


def train_step(params, x, y):
    traced_shapes.append(x.shape)                              # Python: runs only while tracing
    return jax.value_and_grad(loss_fn)(params, x, y)


step = jax.jit(train_step)
compiled = step.lower(params, x, y).compile()                  # compiled; nothing has run yet
# --8<-- [end:step]

# --8<-- [start:inspect]
hlo = compiled.as_text()
entry = hlo[hlo.index("\nENTRY"):]                             # the program each device runs
inputs = re.findall(r'= (f32\[[\d,]*\])\S* parameter\(\d+\), sharding=(\{[^}]*\}), '
                    r'metadata=\{op_name="([^"]*)"', entry)
print("inputs of the per-device program:")
for shape, sharding, name in sorted(inputs, key=lambda i: i[2]):
    print(f"  {name.replace(chr(92), ''):13} {shape:10} sharding={sharding}")

reduces = re.findall(r"= (\(.*?\)|\S+) all-reduce(?:-start)?\(", entry)
print(f"all-reduce instructions: {len(reduces)}")
for result in reduces:
    print("  carrying", re.sub(r"\{[\d,]*\}", "", result))

memory = compiled.memory_analysis()
print(f"bytes per device, planned before running: arguments {memory.argument_size_in_bytes}, "
      f"outputs {memory.output_size_in_bytes}, temporaries {measured(memory.temp_size_in_bytes)}")
# --8<-- [end:inspect]

loss, grads = compiled(params, x, y)
expected_loss, expected_grads = jax.value_and_grad(loss_fn)(jax.device_get(params),
                                                            jax.device_get(x), jax.device_get(y))
assert jnp.allclose(loss, expected_loss, rtol=1e-5)
assert all(jnp.allclose(grads[k], expected_grads[k], rtol=1e-4, atol=1e-5) for k in grads)
assert all(g.sharding.spec == P() for g in grads.values())     # every device gets every gradient
assert len(reduces) == 1
assert memory.argument_size_in_bytes == 4 * (16 * 32 + 32 + 32 + 1 + 16 * 16 + 16)

# --8<-- [start:shape]
x32 = jax.device_put(jnp.ones((32, 16)), by_batch)            # a batch of 32 instead of 64
y32 = jax.device_put(jnp.ones((32, 1)), by_batch)
try:
    compiled(params, x32, y32)                                 # the executable built for 64
except TypeError as error:
    print(f"\nTypeError: {error}")
step(params, x32, y32)                                         # jax.jit: trace and compile again
print("\nshapes train_step was traced for:", traced_shapes)
# --8<-- [end:shape]
assert traced_shapes == [(64, 16), (32, 16)]
