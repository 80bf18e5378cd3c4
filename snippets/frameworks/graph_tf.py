"""TensorFlow 2: tf.function traces Python into a graph; list the op types of each concrete function."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

spec = tf.TensorSpec([3], tf.float32)


def op_types(fn, *specs):
    graph = fn.get_concrete_function(*specs).graph.as_graph_def()
    return [node.op for node in graph.node]


# --8<-- [start:graphs]
@tf.function
def f(x, w):
    return tf.reduce_sum(w * x**3)


@tf.function
def grad_f(x, w):                                   # the tape runs while tracing, too
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(w * x**3)
    return tape.gradient(y, x)


@tf.function
def relu_cube(x):
    if x > 0:                                       # AutoGraph: a tensor `if` becomes tf.cond
        return x**3
    return tf.zeros_like(x)


print("f:        ", " ".join(op_types(f, spec, spec)))
print("grad_f:   ", " ".join(op_types(grad_f, spec, spec)))
print("relu_cube:", " ".join(op_types(relu_cube, tf.TensorSpec([], tf.float32))))
# --8<-- [end:graphs]
x, w = tf.constant([1.0, 2.0, 3.0]), tf.constant([0.5, -1.0, 2.0])
assert grad_f(x, w).numpy().tolist() == [1.5, -12.0, 54.0]
assert "StatelessIf" in op_types(relu_cube, tf.TensorSpec([], tf.float32))
