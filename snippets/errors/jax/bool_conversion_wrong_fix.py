"""Marking x static makes the `if` legal: jit then traces and compiles again for every new value."""
import jax

traces = 0


def clipped_square(x):
    global traces
    traces += 1                                  # runs only while JAX traces
    if x > 1.0:
        return 1.0
    return x**2


clipped_square = jax.jit(clipped_square, static_argnums=0)

xs = [0.1, 0.2, 0.3, 0.4, 0.5]
print("values:", [f"{float(clipped_square(x)):.2f}" for x in xs])
print(f"{len(xs)} calls, {traces} traces")
assert traces == len(xs)                         # one trace (and one compilation) per value
try:
    jax.grad(clipped_square)(0.5)
except Exception as error:                       # a static argument is not differentiable
    print(f"jax.grad: {type(error).__name__}: {str(error).split('. ')[0]}.")
    assert str(error).startswith("Non-hashable static arguments")
