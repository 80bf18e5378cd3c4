"""What jax.checkpoint saves for the backward pass: nothing but the inputs, each layer's input, or what a policy names."""
import contextlib
import io
import re

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import print_saved_residuals


def layer(W, x):
    return jnp.tanh(W @ x)


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


variants = {"no checkpoint": net, "jax.checkpoint(net)": jax.checkpoint(net),
            "jax.checkpoint on each layer": per_layer,
            "each layer, dots_saveable": per_layer_keep_dots}
for name, f in variants.items():
    residuals = saved(f, Ws, x)
    computed = [r for r in residuals if "from the argument" not in r]
    print(f"{name}: {len(residuals)} residuals, {len(computed)} computed in the forward")
    for line in computed:
        print("   ", line)
# --8<-- [end:variants]
assert len(saved(jax.checkpoint(net), Ws, x)) == 4          # the three weights and x
assert all("from the argument" in r for r in saved(jax.checkpoint(net), Ws, x))
assert len(saved(per_layer, Ws, x)) == 6                  # + the inputs of layers 2 and 3
