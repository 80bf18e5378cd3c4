"""A tf.Variable argument shares the first trace: where the body also reads the first variable, it reads the new one."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

a = tf.Variable(3.0, name="a")
b = tf.Variable(5.0, name="b")
traces = []


# --8<-- [start:stale]
@tf.function
def value_and_gradient(param):
    traces.append(param.name)
    with tf.GradientTape() as tape:
        y = a * a * b                    # y = a^2 b = 45: dy/da = 30, dy/db = 9
    return y, tape.gradient(y, param)


for var in (a, b):
    y, grad = value_and_gradient(var)
    print(f"param={var.name}: y = {float(y)}, dy/dparam = {float(grad)}")
print("traces:", traces)
# --8<-- [end:stale]
assert [float(t) for t in value_and_gradient(b)] == [125.0, 50.0]   # b * b * b, and 2 * b * b
assert traces == ["a:0"]

# --8<-- [start:arguments_only]
square_traces = []


@tf.function
def gradient_of_square(param):           # reads only its argument
    square_traces.append(param.name)
    with tf.GradientTape() as tape:
        y = param * param
    return tape.gradient(y, param)


print("d(param^2)/dparam:", float(gradient_of_square(a)), float(gradient_of_square(b)),
      "  traces:", square_traces)
# --8<-- [end:arguments_only]
assert (float(gradient_of_square(b)), square_traces) == (10.0, ["a:0"])

# --8<-- [start:fix]
sources = {"a": a, "b": b}


@tf.function
def gradient_by_name(name):              # a Python string: a new trace per value
    with tf.GradientTape() as tape:
        y = a * a * b
    return y, tape.gradient(y, sources[name])


for name in sources:
    y, grad = gradient_by_name(name)
    print(f"by name {name!r}: y = {float(y)}, dy/d{name} = {float(grad)}")
# --8<-- [end:fix]
assert [float(t) for t in gradient_by_name("b")] == [45.0, 9.0]

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
