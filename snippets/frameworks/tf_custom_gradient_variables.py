# snippet: raises=TypeError
"""A tf.custom_gradient function that reads a trainable variable must accept the variables in its grad_fn."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable(2.0, name="w")


@tf.custom_gradient
def scaled(x):
    def grad_fn(dy):                     # no `variables` keyword: the gradient for w is missing
        return dy * w
    return w * x, grad_fn


y = scaled(tf.constant(3.0))             # raises here, at the call: no tape is needed
