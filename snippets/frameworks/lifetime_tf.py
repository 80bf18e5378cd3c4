"""TensorFlow 2: the tape holds what gradient() needs; a non-persistent tape lets go after one call."""
import os
import weakref

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

x, w = tf.Variable([1.0, 2.0, 3.0]), tf.Variable([0.5, -1.0, 2.0])


def forward(tape):
    with tape:
        h = x**3                                    # an intermediate the tape keeps
        y = tf.reduce_sum(w * h)
    return y, weakref.ref(h)                        # keep only a weak reference to h


def alive(ref):
    return "alive" if ref() is not None else "freed"


# --8<-- [start:lifetime]
tape = tf.GradientTape()
y, h = forward(tape)
print("after the with block:           h is", alive(h))
tape.gradient(y, [x, w])
print("after gradient():               h is", alive(h))

tape = tf.GradientTape(persistent=True)
y, h = forward(tape)
tape.gradient(y, [x, w])
tape.gradient(y, [x, w])
print("persistent, after 2 gradients:  h is", alive(h))
del tape                                            # drop the persistent tape
print("after del tape:                 h is", alive(h))
# --8<-- [end:lifetime]
assert alive(h) == "freed"
