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


# --8<-- [start:no_gradient]
frozen = tf.Variable(2.0, trainable=False, name="frozen")


@tf.custom_gradient
def scaled_by_frozen(x):                 # reads a variable that is not trainable
    def grad_fn(dy):                     # no `variables` keyword needed
        return dy * frozen
    return frozen * x, grad_fn


@tf.custom_gradient
def scaled_by_value(x, w_value):         # w read outside, passed in as a tensor
    def grad_fn(dy):
        return dy * w_value, None        # one gradient per input: None for w_value
    return w_value * x, grad_fn


with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y_frozen = scaled_by_frozen(x)
    y_value = scaled_by_value(x, tf.convert_to_tensor(w))
print("trainable=False variable:  dy/dx =", float(tape.gradient(y_frozen, x)))
print("value passed as a tensor:  dy/dx, dy/dw =",
      [None if g is None else float(g) for g in tape.gradient(y_value, [x, w])])
# --8<-- [end:no_gradient]
assert float(tape.gradient(y_frozen, x)) == 2.0 and tape.gradient(y_value, w) is None


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


# --8<-- [start:keywords_graph]
@tf.function
def keyword_in_graph(x):
    return clipped_identity(x=x)         # the same keyword call, traced by tf.function


try:
    keyword_in_graph(x)
    message = "no error"
except ValueError as error:
    message = str(error).strip().splitlines()[-1].strip()
print("inside tf.function:", message)
# --8<-- [end:keywords_graph]
assert message.endswith("supports keywords arguments only when eager execution is enabled.")
