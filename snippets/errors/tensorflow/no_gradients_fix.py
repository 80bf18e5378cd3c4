"""Fix: compute the loss inside the tape, from the variables; the optimizer then moves them."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import tensorflow as tf

w = tf.Variable([1.0, -1.0])
opt = tf.keras.optimizers.SGD(0.1)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum((w - 3.0) ** 2)    # recorded: depends on w, inside the tape
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w], strict=True))
    print(f"step {step}: loss {float(loss):6.3f}  w = {[round(v, 4) for v in w.numpy().tolist()]}")
expected = [3 - (3 - w0) * 0.8**3 for w0 in (1.0, -1.0)]   # analytic: w <- w - 0.1 * 2(w - 3)
assert all(abs(a - e) < 1e-5 for a, e in zip(w.numpy().tolist(), expected, strict=True))
