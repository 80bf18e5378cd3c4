"""JAX: no tape and no flags; jax.grad re-runs f's Python on every call, with tracers for inputs."""
import jax
import jax.numpy as jnp

calls = 0


# --8<-- [start:transform]
def f(x, w):
    global calls
    calls += 1
    print("  f sees x =", x)                        # what jax.grad passes in
    return jnp.sum(w * x**3)


x = jnp.array([1.0, 2.0, 3.0])                      # plain arrays: nothing to flag or watch
w = jnp.array([0.5, -1.0, 2.0])
df_dx = jax.grad(f)                                 # argnums=0: differentiate w.r.t. x
df_dw = jax.grad(f, argnums=1)                      # the same f, w.r.t. w
print("df/dx =", df_dx(x, w).tolist())
print("df/dx =", df_dx(x, w).tolist())              # ask again: no "second time" error
print("df/dw =", df_dw(x, w).tolist())
y = f(x, w)                                         # a plain call: a plain array comes back
# --8<-- [end:transform]
print("f(x, w) =", float(y), "of type", type(y).__name__, "with nothing attached to it")
print("f's Python body ran", calls, "times")
assert calls == 4 and not hasattr(y, "grad") and not hasattr(y, "grad_fn")


# --8<-- [start:python_if]
def relu_cube(x):                                   # Python control flow on the value
    if x > 0:
        return x**3
    return jnp.zeros_like(x)


slopes = [float(jax.grad(relu_cube)(a)) for a in (2.0, -2.0)]
print("grad(relu_cube) at 2.0 and -2.0:", slopes)
# --8<-- [end:python_if]
assert slopes == [12.0, 0.0]
