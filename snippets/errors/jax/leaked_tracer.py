# snippet: raises=jax.errors.UnexpectedTracerError
"""A value stored from inside jax.jit outlives its trace; using it later is an error."""
import jax

cache = {}


@jax.jit
def step(x):
    cache["last"] = x * 2                        # side effect: keeps a tracer
    return x + 1


step(1.0)
print("stored:", type(cache["last"]).__name__)
jax.jit(lambda y: y + cache["last"])(1.0)        # the stored tracer used by another trace
