"""TensorFlow 2 runs eagerly by default; a graph exists only for code wrapped in tf.function."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf  # noqa: E402


# --8<-- [start:define]
def loss(x):
    print("  Python sees x =", x)
    if tf.reduce_sum(x) > 0:           # a Python branch on a value
        return tf.reduce_sum(x ** 2)
    return tf.reduce_sum(-x)
# --8<-- [end:define]


x = tf.constant([1.0, 2.0, 3.0])
# --8<-- [start:run]
print("executing eagerly:", tf.executing_eagerly())
print("plain call (each op runs now):")
y = loss(x)
print("  ->", type(y).__name__, y.numpy())
traced = tf.function(loss)             # opt in: trace the Python into a graph
print("tf.function, first call (Python runs once, to trace):")
print("  ->", traced(x).numpy())
print("tf.function, second call (the graph runs; Python does not):")
print("  ->", traced(x + 1).numpy())
ops = [op.type for op in traced.get_concrete_function(x).graph.get_operations()]
print("graph ops:", ", ".join(ops))
# --8<-- [end:run]
assert tf.executing_eagerly() and type(y).__name__ == "EagerTensor" and float(y) == 14.0
assert any(op in ("If", "StatelessIf") for op in ops)
