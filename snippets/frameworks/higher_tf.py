"""TensorFlow 2: nest tapes; the outer tape records what the inner tape's gradient() computes."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

A = 1.5
EXPECTED = [4 * A**3, 12 * A**2, 24 * A]            # h(x) = x^4: h', h'', h'''


def h(x):
    return x**4


# --8<-- [start:tape]
x = tf.Variable(A)
with tf.GradientTape() as t3:
    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = h(x)
        d1 = t1.gradient(y, x)                      # computed inside t2 and t3: recorded
    d2 = t2.gradient(d1, x)                         # computed inside t3: recorded
d3 = t3.gradient(d2, x)
# --8<-- [end:tape]
print("nested tapes:", [float(d1), float(d2), float(d3)])
assert [float(d1), float(d2), float(d3)] == EXPECTED


# --8<-- [start:hessian]
def f(x, w):
    return tf.reduce_sum(w * x**3)


x, w = tf.Variable([1.0, 2.0, 3.0]), tf.constant([0.5, -1.0, 2.0])
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        y = f(x, w)
    g = inner.gradient(y, x)                        # a vector: 3 w x^2
hess = outer.jacobian(g, x)                         # its Jacobian is the Hessian
# --8<-- [end:hessian]
print("outer.jacobian(inner.gradient(f)):")
for row in hess.numpy().tolist():
    print("   ", [v + 0.0 for v in row])
assert (hess.numpy() == tf.linalg.diag(6 * w * x).numpy()).all()
