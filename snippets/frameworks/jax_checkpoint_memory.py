# snippet: timeout=120
"""Residuals are not the peak: the compiled temporary memory of jit(grad(f)) with and without checkpointing."""
import jax
import jax.numpy as jnp
from fieldkit import measured


def layer(W, x):
    return jnp.tanh(jnp.sin(W @ x))


def unrolled(Ws, x, wrap=lambda f: f):   # a Python loop: one copy of the layer per layer
    for W in Ws:
        x = wrap(layer)(W, x)
    return jnp.sum(x)


def scanned(W_stack, x, wrap=lambda f: f):  # one layer, as the body of a lax.scan
    body = wrap(lambda x, W: (layer(W, x), None))
    return jnp.sum(jax.lax.scan(body, x, W_stack)[0])


n, batch, depth = 128, 512, 8
Ws = [jnp.ones((n, n)) / n] * depth
x = jnp.ones((n, batch))
activation = x.size * x.dtype.itemsize


# --8<-- [start:measure]
def compiled_temp(f, *args):             # XLA's temporary buffers for jit(grad(f)), in activations
    analysis = jax.jit(jax.grad(f)).lower(*args).compile().memory_analysis()
    return analysis.temp_size_in_bytes / activation
# --8<-- [end:measure]


temps = {"unrolled, no checkpoint": compiled_temp(unrolled, Ws, x),
         "unrolled, each layer": compiled_temp(lambda Ws, x: unrolled(Ws, x, jax.checkpoint), Ws, x),
         "scan, no checkpoint": compiled_temp(scanned, jnp.stack(Ws), x),
         "scan, checkpointed body": compiled_temp(lambda W, x: scanned(W, x, jax.checkpoint),
                                                  jnp.stack(Ws), x)}
for name, temp in temps.items():
    print(f"{name:<24} {measured(f'{temp:.1f}')} activations")
assert temps["unrolled, each layer"] >= temps["unrolled, no checkpoint"]   # no saving under jit
assert temps["scan, checkpointed body"] < temps["scan, no checkpoint"] / 2
