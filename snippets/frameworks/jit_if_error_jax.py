# snippet: raises=ConcretizationTypeError
"""Under jax.jit, a Python `if` on a traced value cannot be decided: the tracer has no value yet."""
import jax
import jax.numpy as jnp


# --8<-- [start:error]
def relu_cube(x):
    if x > 0:                                       # bool(x): needs a concrete value
        return x**3
    return jnp.zeros_like(x)


print("grad, no jit:", jax.grad(relu_cube)(2.0))    # fine: grad's tracer carries the value
jax.jit(relu_cube)(2.0)                             # jit's tracer carries only f32[]
# --8<-- [end:error]
