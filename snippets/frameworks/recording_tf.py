# snippet: raises=RuntimeError
"""TensorFlow 2: what a GradientTape records, and how many times you may ask it for gradients."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf


def f(x, w):
    return tf.reduce_sum(w * x**3)


x = tf.constant([1.0, 2.0, 3.0])


def show(label, grads):
    print(f"{label:<32}", [None if g is None else g.numpy().tolist() for g in grads])


# --8<-- [start:watch]
w = tf.Variable([0.5, -1.0, 2.0], name="w")         # trainable: watched automatically
frozen = tf.Variable([0.5, -1.0, 2.0], trainable=False, name="frozen")
with tf.GradientTape() as tape:
    y = f(x, w) + f(x, frozen)
show("no watch: d/dx, d/dw, d/dfrozen", tape.gradient(y, [x, w, frozen]))
print("watched variables:", [v.name for v in tape.watched_variables()])

with tf.GradientTape() as tape:
    tape.watch(x)                                   # now the constant is followed too
    y = f(x, w)
show("tape.watch(x): d/dx", [tape.gradient(y, x)])
# --8<-- [end:watch]

# --8<-- [start:persistent]
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = f(x, w)
show("persistent, 1st: d/dx", [tape.gradient(y, x)])
show("persistent, 2nd: d/dw", [tape.gradient(y, w)])
del tape                                            # a persistent tape lives until dropped

with tf.GradientTape() as tape:                     # the default: persistent=False
    y = f(x, w)
show("one-shot, 1st: d/dw", [tape.gradient(y, w)])
tape.gradient(y, w)                                 # a second request
# --8<-- [end:persistent]
