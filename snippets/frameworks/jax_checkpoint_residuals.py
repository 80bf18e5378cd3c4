"""What jax.checkpoint saves for the backward pass: only the inputs, each layer's input, what a policy names, a scan's carries."""
import contextlib
import io
import re

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import print_saved_residuals


def layer(W, x):                         # keeps cos(W @ x) inside, besides its own output
    return jnp.tanh(jnp.sin(W @ x))


def net(Ws, x, wrap=lambda f: f):
    for W in Ws:
        x = wrap(layer)(W, x)
    return jnp.sum(x)


def saved(f, *args):
    """print_saved_residuals, one line per residual, without this file's path."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_saved_residuals(f, *args)
    lines = out.getvalue().splitlines()
    return [re.sub(r" from \S+:\d+:\d+ \((\w+)\)", r" in \1", line) for line in lines]


Ws = [jnp.ones((4, 4)) / 4] * 3
x = jnp.ones((4, 2))
# --8<-- [start:variants]
def per_layer(Ws, x):
    return net(Ws, x, jax.checkpoint)


def per_layer_keep_dots(Ws, x):
    policy = jax.checkpoint_policies.dots_saveable       # keep matmul outputs, recompute the rest
    return net(Ws, x, lambda f: jax.checkpoint(f, policy=policy))


def scanned(W_stack, x):                                  # the layers as a lax.scan body
    body = jax.checkpoint(lambda x, W: (layer(W, x), None))
    return jnp.sum(jax.lax.scan(body, x, W_stack)[0])


variants = {"no checkpoint": (net, Ws), "jax.checkpoint(net)": (jax.checkpoint(net), Ws),
            "jax.checkpoint on each layer": (per_layer, Ws),
            "each layer, dots_saveable": (per_layer_keep_dots, Ws),
            "checkpointed scan body": (scanned, jnp.stack(Ws))}
for name, (f, weights) in variants.items():
    residuals = saved(f, weights, x)
    computed = [r for r in residuals if "from the argument" not in r]
    print(f"{name}: {len(residuals)} residuals, {len(computed)} computed in the forward")
    for line in computed:
        print("   ", line)
# --8<-- [end:variants]
assert len(saved(net, Ws, x)) == 4 + 3 * 3                 # + cos, tanh and sub of each layer
assert len(saved(jax.checkpoint(net), Ws, x)) == 4          # the three weights and x
assert all("from the argument" in r for r in saved(jax.checkpoint(net), Ws, x))
assert len(saved(per_layer, Ws, x)) == 6                  # + the inputs of layers 2 and 3
assert [r.split()[0] for r in saved(scanned, jnp.stack(Ws), x)] == ["f32[3,4,4]", "f32[3,4,2]"]  # weights, each layer's input
