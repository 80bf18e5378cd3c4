"""Complex input, real loss: PyTorch and TensorFlow return dL/dx + i dL/dy, JAX its conjugate."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import jax
import jax.numpy as jnp
import tensorflow as tf
import torch

Z = 3 + 4j                                          # x = 3, y = 4


def torch_grad(loss):
    z = torch.tensor(Z, requires_grad=True)
    loss(z).backward()
    return z.grad.item()


def tf_grad(loss):
    z = tf.Variable(tf.constant(Z, tf.complex64))
    with tf.GradientTape() as tape:
        y = loss(z)
    return complex(tape.gradient(y, z).numpy())


def jax_grad(loss):
    return complex(jax.grad(loss)(jnp.complex64(Z)))


# --8<-- [start:losses]
losses = {       # two real losses of z, written once per framework: (torch, tf, jax)
    "|z|^2  ": (lambda z: (z * z.conj()).real,
                lambda z: tf.math.real(z * tf.math.conj(z)),
                lambda z: jnp.real(z * jnp.conj(z))),
    "Re(z*z)": (lambda z: (z * z).real, lambda z: tf.math.real(z * z), lambda z: jnp.real(z * z)),
}
for name, (lt, lf, lj) in losses.items():
    print(f"{name}:  torch {torch_grad(lt)}   tf {tf_grad(lf)}   jax {jax_grad(lj)}")
# --8<-- [end:losses]
    assert torch_grad(lt) == tf_grad(lf) == jax_grad(lj).conjugate()
