"""TensorFlow 2: run f inside a GradientTape (it records as it runs), then ask the tape."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

X, W = [1.0, 2.0, 3.0], [0.5, -1.0, 2.0]
DX = [3 * w * x**2 for x, w in zip(X, W, strict=True)]  # analytic: df/dx = 3 w x^2
DW = [x**3 for x in X]                              # analytic: df/dw = x^3


# --8<-- [start:grad]
def f(x, w):
    return tf.reduce_sum(w * x**3)


x = tf.constant(X)                                  # a constant: the tape must be told
w = tf.Variable(W)                                  # a trainable variable: watched by default
with tf.GradientTape() as tape:
    tape.watch(x)
    y = f(x, w)                                     # runs now, and is recorded on the tape
gx, gw = tape.gradient(y, [x, w])                   # walks the tape backwards
# --8<-- [end:grad]
print("f(x, w) =", float(y))
print("df/dx   =", gx.numpy().tolist())
print("df/dw   =", gw.numpy().tolist())
assert gx.numpy().tolist() == DX and gw.numpy().tolist() == DW

# --8<-- [start:nonscalar]
with tf.GradientTape() as tape:
    tape.watch(x)
    v = x**2                                        # three outputs, not one
gv = tape.gradient(v, x)                            # no error: the targets are summed
# --8<-- [end:nonscalar]
print("non-scalar output: gradient of sum(v) =", gv.numpy().tolist())
assert gv.numpy().tolist() == [2 * a for a in X]
