"""tf.function: Python runs once per new input signature (tracing); the graph runs every call."""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

traces = 0
log = []


# --8<-- [start:trace]
@tf.function
def step(x):
    global traces
    traces += 1                                     # Python: runs while tracing
    log.append("appended")                          # Python: runs while tracing
    print("  Python print, x =", x, "| eager:", tf.executing_eagerly())
    tf.print("  tf.print, x =", x, output_stream=sys.stdout)   # an op: runs every call
    if tf.reduce_sum(x) > 0:                        # a tensor condition: becomes tf.cond
        return x * 2.0
    return -x


for arg in [tf.constant([1.0, 2.0]),                # trace 1: float32, shape (2,)
            tf.constant([3.0, 4.0]),                # same signature: graph reused
            tf.constant([-1.0, -2.0, -3.0]),        # new shape: trace 2
            2.0, 3.0]:                              # Python floats: one trace per value
    print("call with", repr(arg) if isinstance(arg, float) else arg.numpy(), "->",
          step(arg).numpy())
# --8<-- [end:trace]
print("calls: 5, traces:", traces, "| list appended", len(log), "times")
print("concrete functions kept:", step.experimental_get_tracing_count())
assert traces == len(log) == step.experimental_get_tracing_count() == 4

# --8<-- [start:eager]
tf.config.run_functions_eagerly(True)               # debugging: skip tracing altogether
step(tf.constant([1.0, 2.0]))
step(tf.constant([1.0, 2.0]))
tf.config.run_functions_eagerly(False)
# --8<-- [end:eager]
print("with run_functions_eagerly(True): traces now", traces)
assert traces == 6
