# snippet: raises=ValueError
"""tf.function may trace a function more than once; a tf.Variable created inside would be created again."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf


@tf.function
def count(x):
    total = tf.Variable(0.0)                    # a new variable at every trace
    total.assign_add(x)
    return total


count(1.0)
