"""tf.custom_gradient with variables: grad_fn receives them and returns (input gradients, variable gradients)."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable(2.0, name="w")
x = tf.constant(3.0)


# --8<-- [start:variables]
@tf.custom_gradient
def scaled(x):
    def grad_fn(dy, variables=None):
        print("grad_fn received variables:", [v.name for v in variables])
        return dy * w, [dy * x]          # (gradient for x, [one gradient per variable])
    return w * x, grad_fn


with tf.GradientTape() as tape:
    tape.watch(x)
    y = scaled(x)
dx, dw = tape.gradient(y, [x, w])
print(f"dy/dx = {float(dx)}, dy/dw = {float(dw)}")
# --8<-- [end:variables]
assert (float(dx), float(dw)) == (2.0, 3.0)


# --8<-- [start:missing]
@tf.custom_gradient
def forgetful(x):
    def grad_fn(dy, variables=None):
        return dy * w, []                # no gradient for w
    return w * x, grad_fn


with tf.GradientTape() as tape:
    y = forgetful(x)
try:
    tape.gradient(y, w)
except ValueError as error:
    print("ValueError:", error)
# --8<-- [end:missing]


# --8<-- [start:keywords]
@tf.custom_gradient
def clipped_identity(x):
    def grad_fn(dy):
        return tf.clip_by_value(dy, -0.5, 0.5)
    return tf.identity(x), grad_fn


with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    positional = clipped_identity(x) * 10.0
    keyword = clipped_identity(x=x) * 10.0
print("called with x positionally: dy/dx =", float(tape.gradient(positional, x)))
print("called with x= keyword:     dy/dx =", float(tape.gradient(keyword, x)))
# --8<-- [end:keywords]
assert float(tape.gradient(positional, x)) == 0.5 and float(tape.gradient(keyword, x)) == 10.0
