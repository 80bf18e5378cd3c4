"""jax.jit: Python runs once per new input shape/dtype, on tracers; the compiled code runs every call."""
import jax
import jax.numpy as jnp

traces = 0
log = []


# --8<-- [start:trace]
@jax.jit
def step(x):
    global traces
    traces += 1                                     # Python: runs while tracing
    log.append("appended")                          # Python: runs while tracing
    print("  Python print, x =", x)                 # shows a tracer, not numbers
    jax.debug.print("  jax.debug.print, x = {}", x)   # staged out: runs every call
    return jnp.where(jnp.sum(x) > 0, x * 2.0, -x)   # no Python if on a traced value


for arg in [jnp.array([1.0, 2.0]),                  # trace 1: float32[2]
            jnp.array([3.0, 4.0]),                  # same shape and dtype: cached
            jnp.array([-1.0, -2.0, -3.0]),          # new shape: trace 2
            2.0, 3.0]:                              # Python floats: one trace for both
    out = step(arg).block_until_ready()
    print("call with", arg, "->", out)
# --8<-- [end:trace]
print("calls: 5, traces:", traces, "| list appended", len(log), "times")
assert traces == len(log) == 3
