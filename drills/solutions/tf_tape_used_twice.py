"""Two gradients from one tape / 一条 tape 求两个梯度

`two_gradients(w, x)` records two losses on one `tf.GradientTape` and asks it for the gradient of
each with respect to `w` (for example, to log them separately). The second request raises.
Return both gradients.

`two_gradients(w, x)` 在同一条 `tf.GradientTape` 上记录两个损失，再分别求它们对 `w` 的梯度
（比如为了分开记录）。第二次请求报错了。返回两个梯度。
"""

import tensorflow as tf


def two_gradients(w: tf.Variable, x: tf.Tensor) -> tuple[tf.Tensor, tf.Tensor]:
    with tf.GradientTape(persistent=True) as tape:  # keep the record for a second request
        y = tf.linalg.matvec(x, w)
        loss_a = tf.reduce_mean(y**2)
        loss_b = tf.reduce_mean(tf.abs(y))
    grad_a = tape.gradient(loss_a, w)
    grad_b = tape.gradient(loss_b, w)
    del tape  # a persistent tape holds its resources until it is dropped
    return grad_a, grad_b


if __name__ == "__main__":
    print(two_gradients(tf.Variable([1.0, -1.0]), tf.ones((3, 2))))
