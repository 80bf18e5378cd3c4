# snippet: raises=jax.errors.TracerBoolConversionError
"""Under jax.jit, a Python `if` on a traced value has no value to test yet."""
import jax


@jax.jit
def clipped_square(x):
    if x > 1.0:                                  # bool() of a tracer
        return 1.0
    return x**2


clipped_square(0.5)
