"""Fix: ask for every gradient in one call (or make the tape persistent and delete it when done)."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable(2.0)
b = tf.Variable(1.0)
with tf.GradientTape() as tape:
    loss = (w * 3.0 + b) ** 2
dw, db = tape.gradient(loss, [w, b])            # one call, both sources
print("one call:   dloss/dw =", float(dw), " dloss/db =", float(db))
assert (float(dw), float(db)) == (42.0, 14.0)   # analytic: 6(3w + b) and 2(3w + b) at w=2, b=1

with tf.GradientTape(persistent=True) as tape:  # keeps its record until deleted
    loss = (w * 3.0 + b) ** 2
dw, db = tape.gradient(loss, w), tape.gradient(loss, b)
del tape
print("persistent: dloss/dw =", float(dw), " dloss/db =", float(db))
assert (float(dw), float(db)) == (42.0, 14.0)
