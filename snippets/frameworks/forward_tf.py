"""TensorFlow 2 forward mode: a ForwardAccumulator carries a tangent alongside every op."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

x, w = tf.constant([1.0, 2.0, 3.0]), tf.constant([0.5, -1.0, 2.0])
v = tf.constant([1.0, 0.5, -1.0])                   # the tangent: a direction in x-space
JV = [3 * b * a**2 * c for a, b, c in zip(x.numpy(), w.numpy(), v.numpy(), strict=True)]


# --8<-- [start:jvp]
def g(x):                                           # R^3 -> R^3, J = diag(3 w x^2)
    return w * x**3


with tf.autodiff.ForwardAccumulator(primals=x, tangents=v) as acc:
    out = g(x)
jv = acc.jvp(out)
# --8<-- [end:jvp]
print("g(x)                  =", out.numpy().tolist())
print("ForwardAccumulator: Jv =", jv.numpy().tolist())
assert jv.numpy().tolist() == JV
