"""TensorFlow 2 runs eagerly by default; the TF1 build-then-run graph mode is still there, opt-in."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

# --8<-- [start:eager]
print("executing eagerly:", tf.executing_eagerly())
a = tf.constant([1.0, 2.0, 3.0]) * 3.0              # runs now: the value exists
print("a =", a.numpy().tolist())
if tf.reduce_sum(a) > 10:                           # an ordinary Python if on the value
    print("a Python `if` on a tensor value works in eager mode")
# --8<-- [end:eager]
assert tf.executing_eagerly() and a.numpy().tolist() == [3.0, 6.0, 9.0]

# --8<-- [start:tf1]
graph = tf.Graph()
with graph.as_default():                            # TF1 style: build first ...
    b = tf.constant([1.0, 2.0, 3.0]) * 3.0
    print("inside a tf.Graph, b is symbolic:", b)
with tf.compat.v1.Session(graph=graph) as sess:     # ... run later
    print("session.run(b) =", sess.run(b).tolist())
# --8<-- [end:tf1]
