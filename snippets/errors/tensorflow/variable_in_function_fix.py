"""Fix: create the variable once, outside the tf.function; the function only updates it."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

total = tf.Variable(0.0)                        # created once, before any trace


@tf.function
def count(x):
    total.assign_add(x)
    return total.read_value()


values = [float(count(1.0)) for _ in range(3)]
print("three calls:", values)
assert values == [1.0, 2.0, 3.0]                # the state lives across calls
