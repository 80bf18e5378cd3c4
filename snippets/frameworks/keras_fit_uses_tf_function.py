"""Keras Model.fit runs the training step inside a tf.function unless run_eagerly=True."""
# snippet: timeout=120
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import keras
import numpy as np
import tensorflow as tf


class Tiny(keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = keras.layers.Dense(1)
        self.seen = []

    def call(self, x):
        self.seen.append(tf.executing_eagerly())      # Python runs only while tracing
        return self.dense(x)


x, y = np.ones((8, 2), "float32"), np.ones((8, 1), "float32")
print("outside fit, executing eagerly:", tf.executing_eagerly())
# --8<-- [start:fit]
for run_eagerly in (None, True):                      # None: the default
    model = Tiny()
    model.compile(optimizer="sgd", loss="mse", run_eagerly=run_eagerly)
    model.fit(x, y, batch_size=4, epochs=2, verbose=0)  # 4 steps
    print(f"run_eagerly={run_eagerly!s:<4}: call ran {len(model.seen)} times in Python "
          f"for 4 steps; eagerly: {model.seen}")
# --8<-- [end:fit]
    if run_eagerly:                                   # every step ran the Python, eagerly
        assert model.seen[-4:] == [True] * 4
    else:                                             # only traces ran it, none eagerly
        assert len(model.seen) < 4 and not any(model.seen)
print(f"keras {keras.__version__}, tensorflow {tf.__version__}")
