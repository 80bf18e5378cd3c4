"""Fix: return the value from the jitted function instead of storing it; outputs are real arrays."""
import jax

cache = {}


@jax.jit
def step(x):
    return x + 1, x * 2                          # the extra value is an output now


y, cache["last"] = step(1.0)
print("stored:", type(cache["last"]).__name__, float(cache["last"]))
result = jax.jit(lambda y: y + cache["last"])(1.0)
print("later use:", float(result))
assert float(result) == 3.0
