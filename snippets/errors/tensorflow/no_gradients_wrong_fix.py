"""Replacing the None gradients with zeros silences the error; the variables then never move."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable([1.0, -1.0])
opt = tf.keras.optimizers.SGD(0.1)
for step in range(3):
    loss = tf.reduce_sum((w - 3.0) ** 2)        # still outside the tape
    with tf.GradientTape() as tape:
        pass
    grads = tape.gradient(loss, [w])
    grads = [tf.zeros_like(v) if g is None else g for g, v in zip(grads, [w], strict=True)]
    opt.apply_gradients(zip(grads, [w], strict=True))
    print(f"step {step}: loss {float(loss):6.3f}  w = {w.numpy().tolist()}")
assert w.numpy().tolist() == [1.0, -1.0]        # three "steps", no training
