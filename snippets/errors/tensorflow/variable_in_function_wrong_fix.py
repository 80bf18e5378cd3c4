"""run_functions_eagerly(True) silences the error: every call then makes a fresh variable, and the count is lost."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

tf.config.run_functions_eagerly(True)           # tf.function now runs as plain Python


@tf.function
def count(x):
    total = tf.Variable(0.0)
    total.assign_add(x)
    return total.read_value()


values = [float(count(1.0)) for _ in range(3)]
print("three calls:", values, "| compiled:", not tf.config.functions_run_eagerly())
assert values == [1.0, 1.0, 1.0]                # a new variable each call: nothing accumulates
