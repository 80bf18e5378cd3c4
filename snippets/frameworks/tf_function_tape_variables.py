"""A tape inside tf.function: a variable passed as argument does not retrace, so a gradient 'with respect to it' is stale."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

a = tf.Variable(3.0, name="a")
b = tf.Variable(5.0, name="b")
traces = []


# --8<-- [start:stale]
@tf.function
def gradient_with_respect_to(param):
    traces.append(param.name)
    with tf.GradientTape() as tape:
        y = a * b * b                    # y = a b^2: dy/da = 25, dy/db = 30
    return tape.gradient(y, param)


print("dy/da =", float(gradient_with_respect_to(a)))
print("dy/db =", float(gradient_with_respect_to(b)), "  traces:", traces)
# --8<-- [end:stale]
assert float(gradient_with_respect_to(b)) == 25.0 and traces == ["a:0"]

# --8<-- [start:fix]
sources = {"a": a, "b": b}


@tf.function
def gradient_by_name(name):              # a Python string: a new trace per value
    with tf.GradientTape() as tape:
        y = a * b * b
    return tape.gradient(y, sources[name])


print("by name: dy/da =", float(gradient_by_name("a")), " dy/db =", float(gradient_by_name("b")))
# --8<-- [end:fix]
assert float(gradient_by_name("b")) == 30.0

# --8<-- [start:intermediate]
@tf.function
def gradients_of_intermediates():
    h_before = a * 2.0                   # computed before the tape started
    with tf.GradientTape(persistent=True) as tape:
        h = a * 2.0                      # computed inside the tape, from a watched variable
        y = h * h + h_before * h_before
    return tape.gradient(y, h), tape.gradient(y, h_before)


inside, before = gradients_of_intermediates()
print("inside tf.function: dy/dh =", float(inside), " dy/dh_before =", before)
# --8<-- [end:intermediate]
assert float(inside) == 12.0 and before is None
