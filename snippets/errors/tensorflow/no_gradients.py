# snippet: raises=ValueError
"""The loss was computed outside the tape, so every gradient is None and the optimizer has nothing to apply."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable([1.0, -1.0])
opt = tf.keras.optimizers.SGD(0.1)
loss = tf.reduce_sum((w - 3.0) ** 2)            # computed before the tape starts
with tf.GradientTape() as tape:
    pass
grads = tape.gradient(loss, [w])
opt.apply_gradients(zip(grads, [w], strict=True))
