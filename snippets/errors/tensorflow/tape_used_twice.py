# snippet: raises=RuntimeError
"""A default GradientTape frees its record after the first gradient() call; a second call finds nothing."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable(2.0)
b = tf.Variable(1.0)
with tf.GradientTape() as tape:
    loss = (w * 3.0 + b) ** 2
dw = tape.gradient(loss, w)
db = tape.gradient(loss, b)                     # the second request
