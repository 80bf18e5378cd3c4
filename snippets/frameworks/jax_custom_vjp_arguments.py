"""jax.custom_vjp: where non-differentiable arguments go, arrays as ordinary arguments, several outputs."""
import re
from functools import partial

import jax
import jax.numpy as jnp

log = []


# --8<-- [start:nondiff]
@partial(jax.custom_vjp, nondiff_argnums=(1,))
def power(x, n, y):                      # n: a Python int, static
    return x**n + y


def power_fwd(x, n, y):                  # fwd: the arguments in their own order
    log.append(f"fwd(x, n={n}, y)")
    return power(x, n, y), x


def power_bwd(n, x, g):                  # bwd: non-differentiable arguments first
    log.append(f"bwd(n={n}, residuals, cotangent)")
    return (g * n * x ** (n - 1), g)     # one cotangent per differentiable argument


power.defvjp(power_fwd, power_bwd)
grads = jax.grad(power, argnums=(0, 2))(2.0, 3, 1.0)
# --8<-- [end:nondiff]
print("calls:", log)
print("d/dx, d/dy =", [float(g) for g in grads])
assert [float(g) for g in grads] == [12.0, 1.0]


# --8<-- [start:array_arg]
@jax.custom_vjp
def scale(x, s):                         # s: an array we do not differentiate
    return x * s


def scale_fwd(x, s):
    return x * s, s


def scale_bwd(s, g):
    return (g * s, None)                 # None: no cotangent for s


scale.defvjp(scale_fwd, scale_bwd)
print("jit(grad) with s an ordinary argument:",
      float(jax.jit(jax.grad(scale))(1.0, jnp.array(3.0))))
# --8<-- [end:array_arg]


# --8<-- [start:outputs]
@jax.custom_vjp
def step(x, key):                        # two outputs: a value and a new random key
    return 2 * x, jax.random.split(key)[0]


def step_fwd(x, key):
    return step(x, key), None


def step_bwd(_, cotangents):              # the output's structure: a tuple of two
    x_bar, key_bar = cotangents
    log.append(f"bwd received a {type(cotangents).__name__} of {len(cotangents)} cotangents;"
               f" key cotangent dtype: {key_bar.dtype == jax.dtypes.float0 and 'float0'}")
    return (2 * x_bar, None)


step.defvjp(step_fwd, step_bwd)
print("d/dx of the first output:", float(jax.grad(lambda x: step(x, jax.random.key(0))[0])(1.0)))
print(log[-1])
# --8<-- [end:outputs]
assert log[-1] == "bwd received a tuple of 2 cotangents; key cotangent dtype: float0"


# --8<-- [start:function_arg]
@partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply(fn, x):                        # fn: a Python function, never a JAX value
    return fn(x)


def apply_fwd(fn, x):
    return fn(x), x


def apply_bwd(fn, x, g):
    return (g * jax.grad(fn)(x),)


apply.defvjp(apply_fwd, apply_bwd)
print("d/dx apply(sin, x) at 0:", float(jax.grad(partial(apply, jnp.sin))(0.0)))
# --8<-- [end:function_arg]


# --8<-- [start:custom_gradient]
@jax.custom_gradient
def apply_cg(fn, x):
    return fn(x), lambda g: (None, g * jax.grad(fn)(x))


try:
    jax.grad(apply_cg, argnums=1)(jnp.sin, 0.0)
except TypeError as error:
    message = re.sub(r"Argument '.*?' of type", "Argument of type", str(error))  # no address
    print("jax.custom_gradient with a function argument: TypeError:", message)
# --8<-- [end:custom_gradient]
